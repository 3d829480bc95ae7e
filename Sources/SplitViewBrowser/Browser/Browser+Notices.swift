import SplitView

/// The loop's timers as the app's host gives them (`Host.after`, `Host.cancelTimer`), for the
/// model, which has no loop of its own.
package struct LoopTimers {
    /// Runs the action once, the given seconds from now, on the loop's thread; returns the
    /// timer's id, or nil where there is no loop yet.
    package var after: (Double, @escaping () -> Void) -> Int?
    /// Cancels a timer that has not fired.
    package var cancel: (Int) -> Void

    /// Timers from the two functions of a loop.
    package init(after: @escaping (Double, @escaping () -> Void) -> Int?, cancel: @escaping (Int) -> Void) {
        self.after = after
        self.cancel = cancel
    }
}

/// The band's messages come and go: what an action said ("Moved “a.txt” to the Trash. Ctrl+Z
/// puts it back.") stays ``noticeLifetime`` seconds, then the band shows the file's own note
/// again (``fileNotice``: "Showing the first 2 MB…"), or nothing.
///
/// Decision (the newcomer's "band messages never clear"; libadwaita's toasts go after 5 s,
/// GNOME Files' undo toasts after about 10): 10 s, long enough to read a message, hear it from
/// a screen reader and press Ctrl+Z, which still undoes after the message went. The file's
/// own note never goes while the file shows. A message waits while a paste or a trash task
/// still reports in the bar, and a newer message starts its own time.
extension Browser {
    /// How long an action's message stays in the band, in seconds.
    static let noticeLifetime = 10.0

    /// The band changed: the timer of the message before it ends, and a message of an action
    /// starts its own.
    func noticeChanged() {
        if let timer = noticeTimer {
            timers?.cancel(timer)
            noticeTimer = nil
        }
        guard let shown = reader.notice, shown != fileNotice else { return }
        waitToEnd(shown)
    }

    /// Starts the time of the message `shown`.
    private func waitToEnd(_ shown: String) {
        noticeTimer = timers?.after(Self.noticeLifetime) { [weak self] in self?.noticeLifetimeEnded(shown) }
    }

    /// The message `shown` has had its time: the file's note comes back, unless the band says
    /// something newer, or a paste or a trash task is still under way (it then waits again).
    func noticeLifetimeEnded(_ shown: String) {
        noticeTimer = nil
        guard reader.notice == shown else { return }
        if transfers.transfer != nil || !trashPart.tasks.isEmpty { return waitToEnd(shown) }
        reader.notice = fileNotice
    }
}
