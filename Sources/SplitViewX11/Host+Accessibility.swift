import Glibc
import SplitView

/// The windows on the desktop's accessibility bus.
extension Host {
    /// Joins the accessibility bus, when the desktop has one: the windows' trees are served
    /// from the state they are drawn from, and an action a screen reader does is the click it
    /// stands for. Without a bus nothing changes and nothing is printed.
    ///
    /// The session bus starts the accessibility bus on demand, which on a busy machine can take
    /// longer than the 1 s each attempt waits: a failed attempt is tried again after 2, 4 and
    /// 8 s, while a session bus is there to ask.
    func connectAccessibility(attempt: Int = 0) {
        guard accessibility == nil else { return }
        accessibility = AccessibilityBus.connect(
            trees: { [unowned self] in
                self.windows.map { $0.controller.accessibleTree(title: $0.title) }
            },
            place: { [unowned self] window in
                guard self.windows.indices.contains(window) else { return (PixelPoint(x: 0, y: 0), 1) }
                return (self.windows[window].screenOrigin, self.connection.scale.factor)
            },
            perform: { [unowned self] window, id in
                guard self.windows.indices.contains(window) else { return false }
                return self.windows[window].controller.performAccessibleAction(id)
            })
        if accessibility == nil, attempt < 3, getenv("DBUS_SESSION_BUS_ADDRESS") != nil || getenv("AT_SPI_BUS_ADDRESS") != nil {
            after(Double(2 << attempt)) { [weak self] in self?.connectAccessibility(attempt: attempt + 1) }
        }
        if let bus = accessibility {
            watch(bus.descriptor) { [unowned self] in
                guard !bus.dispatch() else { return }
                // The bus went away: the windows go on as without one, and say nothing.
                self.unwatch(bus.descriptor)
                bus.close()
                self.accessibility = nil
            }
        }
    }
}
