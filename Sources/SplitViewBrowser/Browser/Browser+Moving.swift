import SplitView
import SplitViewFiles

/// Drag and drop's side of the browser: a file dragged from the list onto a folder of the
/// outline moves there, after a prompt. The one place the app writes to the tree.
extension Browser {
    /// Drag and drop's one write, after the user says yes: the prompt asks, Return moves.
    func askToMove(_ source: FilePath, into folder: FilePath) {
        let name = FilePath.displayName(source.lastComponent)
        let target = folder.lastName
        split.prompt = Prompt(
            message: "Move “\(name)” to “\(target)”?",
            accept: { [unowned self] in
                let failure = Transfers.move(source, into: folder)
                if failure == nil {
                    self.undoStack.record(.renamed(from: source, to: folder.appending(source.lastComponent)))
                }
                self.reportMove(failure, source: source)
            })
    }

    /// Takes back the newest change to the files (Ctrl+Z), and says so in the reader's band;
    /// a change that cannot be undone is kept, and the band says why.
    func undoLastChange() {
        guard undoStack.canUndo else {
            reader.notice = String(translated: "Nothing to undo.")
            return
        }
        do {
            if let undone = try undoStack.undoLast() {
                // What came back is selected where it is shown (files restored, moved back).
                switch undone {
                case .trashed(let items): selectPlaced(items.map(\.originalPath))
                case .moved(let items): selectPlaced(items.map(\.from))
                case .renamed(let from, _): selectPlaced([from])
                default: break
                }
                reader.notice = undone.undoneMessage
            }
        } catch {
            reader.notice = String(translated: "Could not undo: \(error.description).")
        }
    }

    private func reportMove(_ failure: String?, source: FilePath) {
        if failure == nil, selectedFolder == source.parent, selectedName == source.lastComponent {
            deselectEntry()
        }
        reader.notice = failure ?? "Moved “\(FilePath.displayName(source.lastComponent))”."
    }
}
