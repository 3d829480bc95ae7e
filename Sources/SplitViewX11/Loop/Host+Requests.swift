import CX11
import SplitView

/// What the windows' controllers ask of the host, done once per turn of the loop.
extension Host {
    /// Does what `window`'s controller asked (`SplitViewController/takeHostRequests()`).
    func perform(_ requests: [HostRequest], from window: SplitWindow) {
        for request in requests {
            switch request {
            case .newWindow:
                requestingWindow = window
                let content = makeContent()
                requestingWindow = nil
                open(content, size: window.pixelSize)
            case .closeWindow: close(window)
            case .quit: quitRequested = true
            case .focusForeignContent, .restartForeignContent: foreignPanes[ObjectIdentifier(window)]?.perform(request)
            case .setSelection(let selection, let text):
                selections.own(selection, text: text, window: window.window, time: lastEventTime)
            case .clearSelection(let selection):
                selections.release(selection, from: window.window, time: lastEventTime)
            case .offerSelection(let selection, let offers):
                selections.own(selection, offers: offers, window: window.window, time: lastEventTime)
            case .requestSelection(let selection, let targets):
                requestSelection(selection, targets: targets, for: window)
            }
        }
    }
}
