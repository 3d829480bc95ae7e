import CX11
import SplitView

/// The host's side of the selections: their events, and a paste
/// (`HostRequest.requestSelection(_:targets:)`).
extension Host {
    /// Hands a selection event to ``Selections``, and to a window's controller what it means
    /// for it (a selection lost, a paste's answer); false for an event that is not one.
    func handleSelectionEvent(_ event: XEvent) -> Bool {
        switch selections.handle(event) {
        case .handled: return true
        case .taken(let selection, let owner):
            windows.first { $0.window == owner }?.controller.handle(.selectionTaken(selection))
            return true
        case .received(let selection, let offer, let window):
            windows.first { $0.window == window }?.controller.handle(.selectionReceived(selection, offer))
            return true
        case .notOurs: return false
        }
    }

    /// A paste: answered at once from a selection this host owns (its answer handled in the
    /// same turn), else asked of its owner, whose answer comes as events; given up after
    /// ``Selections/pasteTimeout`` seconds without one.
    func requestSelection(_ selection: Selection, targets: [String], for window: SplitWindow) {
        if targets.isEmpty {
            return window.controller.handle(.selectionReceived(selection, nil))
        }
        if let own = selections.ownContents(of: selection, targets: targets) {
            return window.controller.handle(.selectionReceived(selection, own))
        }
        let id = selections.request(selection, targets: targets, for: window.window, time: lastEventTime)
        after(Selections.pasteTimeout) { [weak self] in
            guard let self, case .received(let selection, let offer, let owner)? = self.selections.giveUp(id) else { return }
            self.windows.first { $0.window == owner }?.controller.handle(.selectionReceived(selection, offer))
        }
    }
}
