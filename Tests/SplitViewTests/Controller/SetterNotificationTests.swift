import Testing

@testable import SplitView

/// UIKitMapping.md: "A setter that does not change the value notifies nobody." Every public setter
/// is given the value it has while the controller is in the state most sensitive to a spurious
/// update: an over-mode shown on request (which a re-resolution would drop) with a transition
/// running (which a relayout would restart).
@Suite struct SetterNotificationTests {
    enum Setter: String, CaseIterable, Sendable {
        case preferredDisplayMode, preferredSplitBehavior, presentsWithGesture, showsSecondaryOnlyButton
        case displayModeButtonVisibility, primaryEdge, theme, animatesTransitions, focusedColumn
        case preferredPrimaryColumnWidth, preferredPrimaryColumnWidthFraction, minimumPrimaryColumnWidth,
            maximumPrimaryColumnWidth
        case preferredSupplementaryColumnWidth, preferredSupplementaryColumnWidthFraction
        case minimumSupplementaryColumnWidth, maximumSupplementaryColumnWidth
        case preferredSecondaryColumnWidth, preferredSecondaryColumnWidthFraction, minimumSecondaryColumnWidth
        case preferredInspectorColumnWidth, preferredInspectorColumnWidthFraction
        case minimumInspectorColumnWidth, maximumInspectorColumnWidth
        case setViewController, viewControllers, title

        func assignCurrentValue(_ s: SplitViewController) {
            switch self {
            case .preferredDisplayMode: reassign(s, \.preferredDisplayMode)
            case .preferredSplitBehavior: reassign(s, \.preferredSplitBehavior)
            case .presentsWithGesture: reassign(s, \.presentsWithGesture)
            case .showsSecondaryOnlyButton: reassign(s, \.showsSecondaryOnlyButton)
            case .displayModeButtonVisibility: reassign(s, \.displayModeButtonVisibility)
            case .primaryEdge: reassign(s, \.primaryEdge)
            case .theme: reassign(s, \.theme)
            case .animatesTransitions: reassign(s, \.animatesTransitions)
            case .focusedColumn: reassign(s, \.focusedColumn)
            case .preferredPrimaryColumnWidth: reassign(s, \.preferredPrimaryColumnWidth)
            case .preferredPrimaryColumnWidthFraction: reassign(s, \.preferredPrimaryColumnWidthFraction)
            case .minimumPrimaryColumnWidth: reassign(s, \.minimumPrimaryColumnWidth)
            case .maximumPrimaryColumnWidth: reassign(s, \.maximumPrimaryColumnWidth)
            case .preferredSupplementaryColumnWidth: reassign(s, \.preferredSupplementaryColumnWidth)
            case .preferredSupplementaryColumnWidthFraction:
                reassign(s, \.preferredSupplementaryColumnWidthFraction)
            case .minimumSupplementaryColumnWidth: reassign(s, \.minimumSupplementaryColumnWidth)
            case .maximumSupplementaryColumnWidth: reassign(s, \.maximumSupplementaryColumnWidth)
            case .preferredSecondaryColumnWidth: reassign(s, \.preferredSecondaryColumnWidth)
            case .preferredSecondaryColumnWidthFraction: reassign(s, \.preferredSecondaryColumnWidthFraction)
            case .minimumSecondaryColumnWidth: reassign(s, \.minimumSecondaryColumnWidth)
            case .preferredInspectorColumnWidth: reassign(s, \.preferredInspectorColumnWidth)
            case .preferredInspectorColumnWidthFraction: reassign(s, \.preferredInspectorColumnWidthFraction)
            case .minimumInspectorColumnWidth: reassign(s, \.minimumInspectorColumnWidth)
            case .maximumInspectorColumnWidth: reassign(s, \.maximumInspectorColumnWidth)
            case .setViewController: s.setViewController(s.viewController(for: .secondary), for: .secondary)
            case .viewControllers: reassign(s, \.viewControllers)
            case .title: if let vc = s.viewController(for: .primary) { let title = vc.title; vc.title = title }
            }
        }
    }

    /// Triple column at 800 pt (one column tiles); F9 asks for two, which show over the
    /// secondary on request; the transition is 0.1 s in.
    static func sensitiveFixture() -> Fixture {
        let f = Fixture(.tripleColumn, width: 800, animated: true)
        f.send(key(.f9))
        #expect(f.split.displayMode == .twoOverSecondary)
        f.send(.tick(now: 0), .tick(now: 0.1))
        #expect(f.split.isAnimating)
        f.forget()
        return f
    }

    @Test(arguments: Setter.allCases)
    func assigningTheCurrentValueNotifiesNobody(_ setter: Setter) {
        let f = Self.sensitiveFixture()
        let before = f.split.layout
        let focus = f.split.focusedColumn
        setter.assignCurrentValue(f.split)
        #expect(f.split.layout == before)
        #expect(f.split.focusedColumn == focus)
        #expect(f.split.displayMode == .twoOverSecondary, "the over-mode shown on request was dropped")
        f.send(.tick(now: 0.25))
        #expect(!f.split.isAnimating, "the running transition was restarted")
        #expect(f.log.takeAll() == ["P didAppear"])
        #expect(f.recorder.takeAll() == [.didShow(.primary)])
    }

    @Test func settingTheViewControllersToThemselvesKeepsTheOriginals() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.viewControllers = f.split.viewControllers
        #expect(f.split.viewController(for: .primary) === f.primary)
        #expect(f.primary.navigationController === f.split.navigationController(for: .primary))
        #expect(f.primary.splitViewController === f.split)
        #expect(f.log.takeAll() == [])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func settingAnExplicitWidthAgainNotifiesNobody() {
        let f = Fixture(.tripleColumn, width: 800, animated: true)
        f.split.preferredSupplementaryColumnWidth = 300
        f.split.minimumPrimaryColumnWidth = 250
        f.split.preferredInspectorColumnWidthFraction = 0.2
        f.settle()
        f.send(key(.f9))
        f.send(.tick(now: 0), .tick(now: 0.1))
        f.forget()
        f.split.preferredSupplementaryColumnWidth = 300
        f.split.minimumPrimaryColumnWidth = 250
        f.split.preferredInspectorColumnWidthFraction = 0.2
        f.split.preferredInspectorColumnWidthFraction = .nan  // ignored
        f.split.maximumPrimaryColumnWidth = -3  // ignored
        f.send(.tick(now: 0.25))
        #expect(!f.split.isAnimating)
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.recorder.takeAll() == [.didShow(.primary)])
    }
}

/// Assigns a property the value it has.
private func reassign<T>(_ s: SplitViewController, _ keyPath: ReferenceWritableKeyPath<SplitViewController, T>) {
    let value = s[keyPath: keyPath]
    s[keyPath: keyPath] = value
}
