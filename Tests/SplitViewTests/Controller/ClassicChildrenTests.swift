import Testing

@testable import SplitView

/// The classic style's children, sentence by sentence of the *UISplitViewController Class
/// Reference* (UIKit's reference before the column styles, iOS 8 and earlier).
@Suite struct ClassicChildrenTests {
    /// A classic controller with a navigation controller primary (`P` at its root) and a plain
    /// secondary `D`, as UIKit's classic apps set it up.
    static func classic(width: Double = 1200, plain: Bool = false) -> Fixture {
        Fixture(.unspecified, width: width, plainClassicPrimary: plain)
    }

    static func primaryNavigation(_ f: Fixture) throws -> NavigationController {
        try #require(f.split.viewController(for: .primary) as? NavigationController)
    }

    // MARK: viewControllers

    /// "You can use this property to get the view controllers in the split view interface":
    /// as the app set them, not wrapped — two while expanded, the primary alone while
    /// collapsed, the primary first.
    @Test func viewControllersAreTheChildrenAsSet() {
        let f = Self.classic(plain: true)
        #expect(f.split.viewControllers.count == 2)
        #expect(f.split.viewControllers[0] === f.primary && f.split.viewControllers[1] === f.secondary)
        #expect(f.primary.navigationController == nil && f.secondary.navigationController == nil)
        f.resize(500)
        #expect(f.split.viewControllers.count == 1 && f.split.viewControllers[0] === f.primary)
        f.resize(1200)
        #expect(f.split.viewControllers.map(ObjectIdentifier.init) == [f.primary, f.secondary].map(ObjectIdentifier.init))
    }

    /// A plain child still belongs to the split view: its `show(_:sender:)` reaches it.
    @Test func aPlainChildReachesItsSplitView() {
        let f = Self.classic(plain: true)
        #expect(f.primary.splitViewController === f.split && f.secondary.splitViewController === f.split)
        let other = ViewController(title: "O")
        f.primary.show(other, sender: nil)
        #expect(f.split.viewControllers[0] === other)
        #expect(f.primary.splitViewController == nil, "replaced, it belongs to nobody")
    }

    /// Only the column styles wrap their children in navigation controllers.
    @Test func theColumnStylesWrap() {
        let f = Fixture(.doubleColumn, width: 1200)
        #expect(f.split.viewControllers.allSatisfy { $0 is NavigationController })
        #expect(f.primary.navigationController != nil)
    }

    // MARK: Collapsing

    /// `collapseSecondary(_:onto:)`: "Return false to let the split view controller try and
    /// incorporate the secondary view controller's content into the collapsed interface" — a
    /// navigation controller primary pushes it.
    @Test func collapsingPushesTheSecondaryOntoANavigationPrimary() throws {
        let f = Self.classic()
        let navigation = try Self.primaryNavigation(f)
        f.resize(500)
        #expect(navigation.viewControllers.map(\.title) == ["P", "D"])
        #expect(f.split.isShowing(.secondary) && f.shown == [.primary])
        #expect(f.split.layout.button(.back)?.title == "P")
        f.send(key(.left, .alt))  // back: the primary's root
        #expect(navigation.viewControllers.map(\.title) == ["P"])
        #expect(f.split.isShowing(.primary) && !f.split.isShowing(.secondary))
        f.split.show(.secondary)  // and forward again
        #expect(navigation.topViewController === f.secondary)
        expectWellFormed(f.split)
    }

    /// "…or true to indicate that you do not want the split view controller to do anything
    /// with the secondary view controller."
    @Test func aDelegateThatTakesTheSecondaryOverLeavesThePrimaryAlone() throws {
        let f = Self.classic()
        f.recorder.collapseSecondaryAnswer = true
        f.resize(500)
        #expect(try Self.primaryNavigation(f).viewControllers.map(\.title) == ["P"])
        #expect(f.split.isShowing(.primary))
    }

    /// `primaryViewController(forCollapsing:)`: "the view controller to use as the primary
    /// view controller in the collapsed interface".
    @Test func theDelegateMayNameAnotherPrimaryForCollapsing() throws {
        let f = Self.classic()
        let other = NavigationController(rootViewController: ViewController(title: "Other"))
        f.recorder.primaryForCollapsingAnswer = other
        f.resize(500)
        #expect(f.split.viewControllers.count == 1 && f.split.viewControllers[0] === other)
        #expect(other.viewControllers.map(\.title) == ["Other", "D"])
    }

    /// Decided, UIKit's `UIViewController` default: a plain primary takes nothing, so the
    /// secondary is folded away while collapsed and comes back on expanding.
    @Test func aPlainPrimaryFoldsTheSecondaryAway() {
        let f = Self.classic(plain: true)
        f.resize(500)
        #expect(f.split.isShowing(.primary) && !f.split.isShowing(.secondary))
        f.resize(1200)
        #expect(f.split.viewController(for: .secondary) === f.secondary && f.split.isShowing(.secondary))
    }

    // MARK: Expanding

    /// `separateSecondary(from:)` not answered: the navigation controller pops what collapsing
    /// pushed, and the previous secondary is the secondary again.
    @Test func expandingPopsTheSecondaryBack() throws {
        let f = Self.classic(width: 500)
        let navigation = try Self.primaryNavigation(f)
        #expect(navigation.viewControllers.count == 2)
        f.resize(1200)
        #expect(navigation.viewControllers.map(\.title) == ["P"])
        #expect(f.split.viewController(for: .secondary) === f.secondary)
        #expect(f.secondary.navigationController == nil)
        #expect(f.shown == [.primary, .secondary])
        expectWellFormed(f.split)
    }

    /// `separateSecondary(from:)`: "the view controller to use as the secondary view controller
    /// in the expanded interface"; `primaryViewController(forExpanding:)` may substitute.
    @Test func theDelegateMaySeparateAndSubstitute() {
        let f = Self.classic(width: 500)
        let primary = ViewController(title: "P2"), secondary = ViewController(title: "D2")
        f.recorder.primaryForExpandingAnswer = primary
        f.recorder.separateSecondaryAnswer = secondary
        f.resize(1200)
        #expect(f.split.viewControllers.map(\.title) == ["P2", "D2"])
    }

    // MARK: showDetailViewController(_:sender:)

    /// Collapsed: "a navigation controller responds by pushing vc onto its navigation stack";
    /// expanding then makes the detail shown last the secondary.
    @Test func aDetailShownWhileCollapsedIsPushedOntoThePrimary() throws {
        let f = Self.classic(width: 500)
        let navigation = try Self.primaryNavigation(f)
        let detail = ViewController(title: "X")
        f.split.showDetailViewController(detail, sender: nil)
        #expect(navigation.viewControllers.map(\.title) == ["P", "D", "X"])
        f.resize(1200)
        #expect(navigation.viewControllers.map(\.title) == ["P"])
        #expect(f.split.viewController(for: .secondary) === detail)
    }

    /// Expanded: "the split view controller installs vc as the secondary view controller"; the
    /// same controller does nothing; the delegate may take over.
    @Test func expandedItInstallsTheSecondary() {
        let f = Self.classic()
        let detail = ViewController(title: "X")
        f.forget()
        f.split.showDetailViewController(f.secondary, sender: nil)
        #expect(f.recorder.takeAll() == [])
        f.split.showDetailViewController(detail, sender: nil)
        #expect(f.split.viewControllers[1] === detail)
        #expect(f.recorder.takeAll() == [.showDetail])
        f.recorder.handlesShowDetail = true
        f.split.showDetailViewController(ViewController(title: "Y"), sender: nil)
        #expect(f.split.viewControllers[1] === detail)
    }

    /// Decided, where UIKit presents the detail modally: over a plain collapsed primary the
    /// detail is stacked with a back button.
    @Test func overAPlainCollapsedPrimaryTheDetailIsStacked() {
        let f = Self.classic(width: 500, plain: true)
        let detail = ViewController(title: "X")
        f.split.showDetailViewController(detail, sender: nil)
        #expect(f.split.isShowing(.secondary) && f.shown == [.secondary])
        #expect(f.split.layout.button(.back)?.title == "P")
        f.send(key(.left, .alt))
        #expect(f.split.isShowing(.primary))
    }

    // MARK: show(_:sender:)

    /// "In a horizontally regular environment, the split view controller installs vc as the
    /// primary view controller unless vc is already a child of the primary view controller, in
    /// which case it installs vc as the secondary view controller."
    @Test func showInstallsThePrimaryOrAChildOfItAsTheSecondary() throws {
        let f = Self.classic()
        let navigation = try Self.primaryNavigation(f)
        let child = ViewController(title: "C")
        navigation.pushViewController(child, animated: false)
        f.split.show(child, sender: nil)
        #expect(f.split.viewControllers[1] === child)
        #expect(navigation.viewControllers.map(\.title) == ["P"])
        let other = ViewController(title: "O")
        f.split.show(other, sender: nil)
        #expect(f.split.viewControllers[0] === other)
    }

    /// Collapsed, `show` pushes onto the primary's navigation controller.
    @Test func showWhileCollapsedPushesOntoThePrimary() throws {
        let f = Self.classic(width: 500)
        let navigation = try Self.primaryNavigation(f)
        f.split.show(ViewController(title: "Z"), sender: nil)
        #expect(navigation.topViewController?.title == "Z")
    }
}
