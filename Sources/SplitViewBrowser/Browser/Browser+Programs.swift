import SplitView

/// The programs in panes, following the selection.
extension Browser {
    /// Gives the programs whose command names `{file}` the selected file: a file (or a link
    /// to one), never a folder; nil while none is selected.
    ///
    /// Every program of the window follows: those of the columns, of the splits given at the
    /// start, and of those made at run time (the controller's, so a closed pane's is gone).
    func updateProgramFiles() {
        let running = split.foreignContentViewControllers
        guard !running.isEmpty else { return }
        let file = selectedFileBytes
        for program in running { program.file = file }
    }
}
