/// Sends view controllers their appearance callbacks, in pairs, only on real changes.
struct AppearanceTracker {
    private var entries: [ViewController] = []
    /// The identities of the controllers the last ``begin(_:visible:animated:)`` was given.
    private var key = AppearanceKey()

    /// False when `key` names the controllers already tracked and no call is pending: the
    /// common case (a resize, a drag step) is told apart without building any list.
    func needsUpdate(for key: AppearanceKey) -> Bool {
        key != self.key || hasPending
    }

    /// The controllers that should be visible now: sends `viewWillAppear` to each that was
    /// not, and `viewWillDisappear` to each that stops being; a controller midway through
    /// the opposite change gets the new `will` at once.
    mutating func begin(_ key: AppearanceKey, visible: [ViewController], animated: Bool) {
        self.key = key
        for vc in entries where !visible.contains(where: { $0 === vc }) {
            if vc.appearance == .appearing || vc.appearance == .appeared {
                vc.appearance = .disappearing
                vc.viewWillDisappear(animated)
            }
        }
        for vc in visible where vc.appearance == .disappeared || vc.appearance == .disappearing {
            vc.appearance = .appearing
            vc.viewWillAppear(animated)
        }
        var merged = visible
        for vc in entries where vc.appearance == .disappearing && !merged.contains(where: { $0 === vc }) {
            merged.append(vc)
        }
        entries = merged
    }

    /// The transition ended: `viewDidAppear` and `viewDidDisappear` for what is pending.
    mutating func complete(animated: Bool) {
        for vc in entries {
            switch vc.appearance {
            case .appearing:
                vc.appearance = .appeared
                vc.viewDidAppear(animated)
            case .disappearing:
                vc.appearance = .disappeared
                vc.viewDidDisappear(animated)
            default: break
            }
        }
        entries.removeAll { $0.appearance == .disappeared }
    }

    /// True while some controller is between a `will` and its `did`.
    var hasPending: Bool { entries.contains { $0.appearance == .appearing || $0.appearance == .disappearing } }
}

/// Which controllers a layout shows, by identity, in a fixed-size value: comparing two keys
/// tells whether appearance can change without building any list.
struct AppearanceKey: Equatable {
    private var identities = InlineArray<10, UInt>(repeating: 0)
    private var count = 0

    init() {}

    /// The key of the controllers `layout` shows: each showing column's navigation controller
    /// and its top controller.
    init(_ layout: Layout, wrappers: [SplitViewController.Column: NavigationController]) {
        for placement in layout.columns where count < 10 {
            guard let wrapper = wrappers[placement.column] else { continue }
            identities[count] = UInt(bitPattern: ObjectIdentifier(wrapper))
            identities[count + 1] = wrapper.topViewController.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
            count += 2
        }
    }

    static func == (a: AppearanceKey, b: AppearanceKey) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a.identities[index] != b.identities[index] { return false }
        return true
    }
}
