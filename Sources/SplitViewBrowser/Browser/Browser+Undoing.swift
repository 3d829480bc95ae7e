import SplitView
import SplitViewFiles

/// Ctrl+Z: the newest change to the files taken back.
extension Browser {
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
}
