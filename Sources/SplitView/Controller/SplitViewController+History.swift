extension SplitViewController {
    /// Which way ``Command/back`` and ``Command/forward`` ask to go through an app's history.
    public enum HistoryDirection: Hashable, Sendable {
        /// The place shown before (Alt+Left, the mouse's back button).
        case back
        /// The place left by going back (Alt+Right, the mouse's forward button).
        case forward
    }

    /// Back: collapsed, one level of the stack (UIKit's meaning, kept); expanded, the app's
    /// history first (``historyHandler``), then the focused column's navigation stack.
    ///
    /// UIKit has no history of places; a browser does, and its back key is the one people
    /// press. While collapsed the stack is what back means, so it wins there.
    func goBackInHistoryOrStack() {
        if !isCollapsed, historyHandler?(.back) == true { return }
        goBack(cause: .user)
    }

    /// Forward: the app's history, in every mode (no stack has a forward).
    func goForwardInHistory() {
        _ = historyHandler?(.forward)
    }
}
