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
        let target = folder.lastName
        split.prompt = Prompt(
            message: "Move “\(name)” to “\(target)”?",
            accept: { [unowned self] in
                let failure = Self.move(source, into: folder)
                if failure == nil {
                    self.undoStack.record(.renamed(from: source, to: folder.appending(source.lastComponent)))
                }
                self.reportMove(failure, source: source)
            })
    }

    /// Moves `source` into `folder` with one `rename(2)`: a whole move or none. Never over an
    /// existing name (the check and the move are one step), and never across file systems (a
    /// copy could stop half-way).
    ///
    /// - Returns: nil when moved, else the sentence that says why not.
    static func move(_ source: FilePath, into folder: FilePath) -> String? {
        let name = FilePath.displayName(source.lastComponent)
        let target = folder.lastName
        do {
            try FileOperations.renameNoReplace(source, to: folder.appending(source.lastComponent))
            return nil
        } catch {
            switch error.code {
            case EEXIST, ENOTEMPTY: return "“\(name)” already exists in “\(target)”: nothing was moved."
            case EXDEV:
                return "“\(target)” is on another file system: SplitView moves within one file system and never copies."
            default: return "Could not move “\(name)”: \(error.reason)."
            }
        }
    }

    /// Takes back the newest change to the files (Ctrl+Z), and says so in the reader's band;
    /// a change that cannot be undone is kept, and the band says why.
    func undoLastChange() {
        guard undoStack.canUndo else {
            reader.notice = "Nothing to undo."
            return
        }
        do {
            if let undone = try undoStack.undoLast() { reader.notice = undone.undoneMessage }
        } catch {
            reader.notice = "Could not undo: \(error.description)."
        }
    }

    private func reportMove(_ failure: String?, source: FilePath) {
        if failure == nil, selectedFolder == source.parent, selectedName == source.lastComponent {
            deselectEntry()
        }
        reader.notice = failure ?? "Moved “\(FilePath.displayName(source.lastComponent))”."
    }
}
