import Testing

@testable import SplitView

/// `+Children.swift`: installing column controllers (wrapped in navigation controllers), the
/// `viewControllers` array, and the `show(_:sender:)` / `showDetailViewController(_:sender:)`
/// heuristics.
@Suite struct ChildrenTests {
    typealias Column = SplitViewController.Column

    @Test func plainControllersAreWrappedAndReturnedAsGiven() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        for (column, vc) in [(Column.primary, f.primary), (.supplementary, f.supplementary), (.secondary, f.secondary)] {
            let nav = try #require(f.split.navigationController(for: column))
            #expect(nav !== vc)
            #expect(nav.viewControllers.count == 1 && nav.viewControllers[0] === vc)
            #expect(vc.navigationController === nav)
            #expect(f.split.viewController(for: column) === vc)
            #expect(vc.splitViewController === f.split)
        }
        #expect(f.split.viewController(for: .inspector) == nil && f.split.navigationController(for: .inspector) == nil)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func aNavigationControllerIsInstalledAsIs() {
        let f = Fixture(.tripleColumn, width: 1400)
        let root = LoggingViewController("X", log: f.log)
        let nav = NavigationController(rootViewController: root)
        f.forget()
        f.split.setViewController(nav, for: .secondary)
        #expect(f.split.navigationController(for: .secondary) === nav)
        #expect(f.split.viewController(for: .secondary) === nav)
        #expect(nav.splitViewController === f.split && root.splitViewController === f.split)
        #expect(
            AppearanceTests.byController(f.log.takeAll()) == ["D": AppearanceTests.disappeared, "X": AppearanceTests.appeared])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func nilEmptiesAColumn() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.setViewController(nil, for: .primary)
        #expect(f.split.viewController(for: .primary) == nil)
        #expect(f.primary.navigationController == nil && f.primary.splitViewController == nil)
        #expect(!f.primary.isViewVisible)
        #expect(f.split.isShowing(.primary))  // the column stays; it is empty
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func aSupplementaryOnADoubleColumnIsIgnored() {
        let f = Fixture(.doubleColumn, width: 1400)
        f.forget()
        f.install("X", in: .supplementary)
        #expect(f.split.viewController(for: .supplementary) == nil)
        #expect(f.split.viewControllers.count == 2)
        #expect(f.log.takeAll() == [])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func viewControllersGetterAndSetter() {
        let f = Fixture(.tripleColumn, width: 1400)
        #expect(
            f.split.viewControllers.map { $0 as? NavigationController }.map { $0?.topViewController }
                .elementsEqual([f.primary, f.supplementary, f.secondary]) { $0 === $1 })
        let a = LoggingViewController("A", log: f.log), b = LoggingViewController("B", log: f.log)
        let c = LoggingViewController("C", log: f.log)
        f.forget()
        f.split.viewControllers = [a, b, c]
        #expect(f.split.viewController(for: .primary) === a)
        #expect(f.split.viewController(for: .supplementary) === b)
        #expect(f.split.viewController(for: .secondary) === c)
        let log = f.log.takeAll()
        for title in ["A", "B", "C"] { #expect(entries(of: title, in: log) == AppearanceTests.appeared) }
        for title in ["P", "S", "D"] { #expect(entries(of: title, in: log) == AppearanceTests.disappeared) }
        #expect(f.recorder.takeAll() == [])
    }

    @Test func aDoubleColumnTakesTwoControllers() {
        let f = Fixture(.doubleColumn, width: 1400)
        f.forget()
        let a = ViewController(title: "A"), b = ViewController(title: "B"), c = ViewController(title: "C")
        f.split.viewControllers = [a, b, c]
        #expect(f.split.viewController(for: .primary) === a)
        #expect(f.split.viewController(for: .secondary) === b)
        #expect(c.splitViewController == nil)
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: show(_:sender:)

    @Test func showLetsTheDelegateTakeOver() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.recorder.handlesShow = true
        f.forget()
        f.split.show(ViewController(title: "X"), sender: nil)
        #expect(f.split.viewController(for: .primary) === f.primary)
        #expect(f.log.takeAll() == [])
        #expect(f.recorder.takeAll() == [.showViewController])
    }

    @Test func showWhileExpandedInstallsThePrimary() {
        let f = Fixture(.tripleColumn, width: 1400)
        let x = LoggingViewController("X", log: f.log)
        f.forget()
        f.split.show(x, sender: nil)
        #expect(f.split.viewController(for: .primary) === x)
        #expect(
            AppearanceTests.byController(f.log.takeAll()) == ["P": AppearanceTests.disappeared, "X": AppearanceTests.appeared])
        #expect(f.recorder.takeAll() == [.showViewController])
    }

    @Test func showWhileCollapsedPushesOntoTheStackOnScreen() {
        let f = Fixture(.tripleColumn, width: 500)
        let x = LoggingViewController("X", log: f.log)
        f.forget()
        f.split.show(x, sender: nil)
        #expect(f.split.navigationController(for: .secondary)?.topViewController === x)
        #expect(f.split.layout.button(.back)?.title == "D")
        #expect(
            AppearanceTests.byController(f.log.takeAll()) == ["D": AppearanceTests.disappeared, "X": AppearanceTests.appeared])
        #expect(f.recorder.takeAll() == [.showViewController])
    }

    // MARK: showDetailViewController(_:sender:)

    @Test func showDetailLetsTheDelegateTakeOver() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.recorder.handlesShowDetail = true
        f.forget()
        f.split.showDetailViewController(ViewController(title: "X"), sender: nil)
        #expect(f.split.viewController(for: .secondary) === f.secondary)
        #expect(f.recorder.takeAll() == [.showDetail])
    }

    @Test func showDetailWhileExpandedInstallsTheSecondary() {
        let f = Fixture(.tripleColumn, width: 1400)
        let x = LoggingViewController("X", log: f.log)
        f.forget()
        f.split.showDetailViewController(x, sender: nil)
        #expect(f.split.viewController(for: .secondary) === x)
        #expect(
            AppearanceTests.byController(f.log.takeAll()) == ["D": AppearanceTests.disappeared, "X": AppearanceTests.appeared])
        #expect(f.recorder.takeAll() == [.showDetail])
    }

    @Test func showDetailWhileCollapsedReplacesTheSecondaryOnTop() {
        let f = Fixture(.tripleColumn, width: 500)
        let x = LoggingViewController("X", log: f.log)
        f.forget()
        f.split.showDetailViewController(x, sender: nil)
        #expect(f.split.viewController(for: .secondary) === x && f.split.isShowing(.secondary))
        #expect(f.split.layout.button(.back)?.title == "S")  // replaced, not pushed over the old one
        #expect(
            AppearanceTests.byController(f.log.takeAll()) == ["D": AppearanceTests.disappeared, "X": AppearanceTests.appeared])
        #expect(f.recorder.takeAll() == [.showDetail])
    }

    @Test func showDetailWhileCollapsedPushesTheSecondary() {
        let f = Fixture(.tripleColumn, width: 500)
        f.split.show(.primary)
        let x = LoggingViewController("X", log: f.log)
        f.forget()
        f.split.showDetailViewController(x, sender: nil)
        #expect(f.split.isShowing(.secondary) && f.split.viewController(for: .secondary) === x)
        f.split.hide(.secondary)
        #expect(f.split.isShowing(.supplementary))  // the intervening column was pushed too
        #expect(f.recorder.takeAll() == [.showDetail])
    }

    @Test func showDetailDismissesAnOverlay() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .twoOverSecondary
        f.forget()
        f.split.showDetailViewController(ViewController(title: "X"), sender: nil)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.recorder.takeAll() == [.showDetail, .willChangeTo(.secondaryOnly)])
    }

    // MARK: From a child

    /// A back button whose title would repeat the bar's own says "Back" (the double style's
    /// folder over an outline rooted at that folder read "‹ Notes   Notes").
    @Test func aBackTitleThatRepeatsTheTitleSaysBack() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.supplementary.show(LoggingViewController("S", log: f.log), sender: nil)
        #expect(
            f.split.layout.buttons(in: .supplementary).contains { $0.kind == .back && $0.title == "Back" },
            "\(f.split.layout.buttons(in: .supplementary).map { "\($0.kind) \($0.title)" })")
        f.supplementary.show(LoggingViewController("Z", log: f.log), sender: nil)
        #expect(f.split.layout.buttons(in: .supplementary).contains { $0.kind == .back && $0.title == "S" })
    }

    @Test func aChildsShowPushesOntoItsNavigationController() {
        let f = Fixture(.tripleColumn, width: 1400)
        let x = LoggingViewController("X", log: f.log)
        f.forget()
        f.supplementary.show(x, sender: nil)
        #expect(f.split.navigationController(for: .supplementary)?.topViewController === x)
        #expect(f.split.layout.buttons(in: .supplementary).contains { $0.kind == .back && $0.title == "S" })
        f.supplementary.showDetailViewController(ViewController(title: "Y"), sender: nil)
        #expect(f.split.viewController(for: .secondary)?.title == "Y")
        #expect(f.recorder.takeAll() == [.showDetail])
        ViewController(title: "loose").show(ViewController(), sender: nil)  // no container: nothing happens
    }
}
