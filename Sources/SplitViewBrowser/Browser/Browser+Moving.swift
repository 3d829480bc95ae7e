import Glibc
import SplitView
import SplitViewFiles

/// Drag and drop's side of the browser: a file dragged from the list onto a folder of the
/// outline moves there, after a prompt. The one place the app writes to the tree.
extension Browser {
    /// Whether `source` may move into `folder`: not where it already is, not into itself or
    /// a folder inside it.
    static func canMove(_ source: FilePath, into folder: FilePath) -> Bool {
        let inside = source.bytes + [UInt8(ascii: "/")]
        return folder != source.parent && folder != source && !folder.bytes.starts(with: inside)
    }

    /// Drag and drop's one write, after the user says yes: the prompt asks, Return moves.
    func askToMove(_ source: FilePath, into folder: FilePath) {
        let name = FilePath.displayName(source.lastComponent)
        let target = FilePath.displayName(folder.lastComponent.isEmpty ? folder.bytes : folder.lastComponent)
        split.prompt = Prompt(
            message: "Move “\(name)” to “\(target)”?",
            accept: { [unowned self] in
                self.reportMove(Self.move(source, into: folder), source: source)
            })
    }

    /// Moves `source` into `folder` with `rename(2)`: a whole move or none. Never over an
    /// existing name, and never across file systems (a copy could stop half-way).
    ///
    /// - Returns: nil when moved, else the sentence that says why not.
    static func move(_ source: FilePath, into folder: FilePath) -> String? {
        let name = FilePath.displayName(source.lastComponent)
        let target = FilePath.displayName(folder.lastComponent.isEmpty ? folder.bytes : folder.lastComponent)
        let destination = folder.appending(source.lastComponent)
        var info = stat()
        if destination.withCString({ lstat($0, &info) }) == 0 {
            return "“\(name)” already exists in “\(target)”: nothing was moved."
        }
        let result = source.withCString { from in destination.withCString { to in rename(from, to) } }
        guard result != 0 else { return nil }
        if errno == EXDEV {
            return "“\(target)” is on another file system: SplitView moves within one file system and never copies."
        }
        return "Could not move “\(name)”: \(String(cString: strerror(errno)))."
    }

    private func reportMove(_ failure: String?, source: FilePath) {
        if failure == nil, selectedFolder == source.parent, selectedName == source.lastComponent {
            deselectEntry()
        }
        reader.notice = failure ?? "Moved “\(FilePath.displayName(source.lastComponent))”."
    }
}
