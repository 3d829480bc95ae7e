import Glibc
import SplitView
import SplitViewAccessibility

/// The windows on the desktop's accessibility bus.
extension Host {
    /// Joins the accessibility bus, when the desktop has one: the windows' trees are served
    /// from the state they are drawn from, and an action a screen reader does is the click it
    /// stands for. Without a bus nothing changes and nothing is printed.
    ///
    /// The joining runs on a thread of its own (the session bus may take seconds to start the
    /// accessibility bus); the loop goes on and takes the connection when it is ready.
    func connectAccessibility() {
        guard accessibility == nil, !joiningAccessibility else { return }
        joiningAccessibility = true
        AccessibilityBus.join(
            watch: { [unowned self] in self.watch($0, $1) }, unwatch: { [weak self] in self?.unwatch($0) },
            done: { [weak self] joined in
                guard let self else { return }
                self.joiningAccessibility = false
                guard let joined else { return }
                self.serveAccessibility(joined)
            })
    }

    /// Serves the windows on the joined bus, and lets it go when it goes away.
    private func serveAccessibility(_ joined: AccessibilityBus.Joined) {
        let bus = AccessibilityBus(
            joined: joined,
            trees: { [unowned self] in
                self.windows.map { $0.controller.accessibleTree(title: $0.title, isActive: $0.isActive) }
            },
            place: { [unowned self] window in
                guard self.windows.indices.contains(window) else { return ((0, 0), 1) }
                let origin = self.windows[window].screenOrigin
                return ((origin.x, origin.y), self.connection.scale.factor)
            },
            perform: { [unowned self] window, id, name in
                guard self.windows.indices.contains(window) else { return false }
                return self.windows[window].controller.performAccessibleAction(id, named: name)
            },
            lookUp: { [unowned self] window, id in
                guard self.windows.indices.contains(window) else { return nil }
                return self.windows[window].controller.accessibleNode(id)
            },
            child: { [unowned self] window, id, index in
                guard self.windows.indices.contains(window) else { return nil }
                return self.windows[window].controller.accessibleChild(at: index, of: id)
            })
        guard bus.descriptor >= 0 else { return bus.close() }
        accessibility = bus
        // What a listener heard of before now is news to it: the trees as they stand.
        for window in windows { _ = window.controller.takeAccessibleChanges(title: window.title, isActive: window.isActive) }
        watch(bus.descriptor) { [unowned self] in if !bus.dispatch() { self.letAccessibilityGo() } }
        // What came while joining (the registry's questions) is answered now.
        if !bus.dispatch() { letAccessibilityGo() }
    }

    /// Writes what the bus could not take at once, a little later, until it is all out: the
    /// loop polls only for reading, and a listener slow to read must not make it wait.
    func sendAccessibilityOutput() {
        guard let bus = accessibility, bus.hasPendingOutput, !accessibilityOutputScheduled else { return }
        accessibilityOutputScheduled = true
        after(0.02) { [weak self] in
            guard let self else { return }
            self.accessibilityOutputScheduled = false
            guard let bus = self.accessibility else { return }
            if bus.dispatch() { self.sendAccessibilityOutput() } else { self.letAccessibilityGo() }
        }
    }

    /// The bus went away: the windows go on as without one, and say nothing.
    private func letAccessibilityGo() {
        guard let bus = accessibility else { return }
        unwatch(bus.descriptor)
        bus.close()
        accessibility = nil
    }
}
