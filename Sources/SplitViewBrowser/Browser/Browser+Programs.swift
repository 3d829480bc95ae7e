import SplitView
import SplitViewFiles

/// The programs in panes, following the selection.
extension Browser {
    /// Gives the programs whose command names `{file}` the selected file: a file (or a link
    /// to one), never a folder; nil while none is selected.
    func updateProgramFiles() {
        guard !programs.isEmpty else { return }
        var file: [UInt8]?
        if let folder = selectedFolder, let name = selectedName, let index = entries.index(of: name),
            let entry = entries.entry(at: index), !entry.isFolder
        {
            file = folder.appending(name).bytes
        }
        programs.show(file: file)
    }
}
