import SplitViewBrowser
import SplitViewX11

/// The state file's side of the launcher: when the windows' state is taken and written.
extension Launcher {
    /// The open windows' browsers, the frontmost first, with their windows.
    func browsers() -> [(Browser, SplitWindow)] {
        host?.windows.compactMap { window in (window.owner as? Browser).map { ($0, window) } } ?? []
    }

    /// After each turn: remembers the state when windows are open (the last window's state
    /// is what the next start restores), and saves it about a second after it last changed.
    func noteChanges() {
        // After the first turn's frame: what a killed paste left may go.
        if !removedLeftovers {
            removedLeftovers = true
            store.transfers.removeLeftovers()
        }
        pollOpeners()
        guard options.restores, captureState() else { return }
        if let saveTimer { host?.cancelTimer(saveTimer) }
        saveTimer = host?.after(1.0) { [unowned self] in
            self.saveTimer = nil
            self.saveNow()
        }
    }

    /// Remembers the open windows' state; true when it changed. With no window open (the
    /// last one just closed) the state remembered before stays.
    @discardableResult
    func captureState() -> Bool {
        let windows = browsers()
        guard !windows.isEmpty else { return false }
        let state = session.state(
            of: windows.map { (browser: $0.0, width: $0.1.pixelSize.width, height: $0.1.pixelSize.height) })
        guard state != current else { return false }
        current = state
        return true
    }

    /// Writes the windows' state now, if it differs from what was saved; a failure is one
    /// line on stderr (once per reason) and the old file stays as it was. Makes no X request,
    /// so it also serves when the server has gone.
    ///
    /// A `--no-restore` run saves nothing: it did not read the saved session, so it has no
    /// right to replace it (its folder, its dragged widths), which stays for the next plain
    /// start, byte for byte.
    func saveNow() {
        guard options.restores else { return }
        captureState()
        guard let current, current != lastSaved else { return }
        if let error = stateStore.save(current) {
            if error != lastSaveError { Diagnostics.report(error) }
            lastSaveError = error
        } else {
            lastSaved = current
            lastSaveError = nil
        }
    }
}
