import Testing

@testable import SplitView

/// The update pipeline's own state: a postponed update keeps the cause that announces most,
/// and the host requests are handed over once.
@Suite struct UpdatePipelineTests {
    @Test(arguments: [
        ([ChangeCause.programmatic], ChangeCause.programmatic),
        ([.programmatic, .system], .system),
        ([.user, .programmatic], .user),
        ([.system, .user], .system),
        ([.programmatic, .programmatic, .user], .user),
    ])
    func aPostponedUpdateKeepsTheFirstCauseThatAnnounces(_ causes: [ChangeCause], _ expected: ChangeCause) {
        var pipeline = UpdatePipeline()
        for cause in causes { pipeline.postpone(cause) }
        #expect(pipeline.pending == expected)
    }

    @Test func hostRequestsAreHandedOverOnceInOrder() {
        var pipeline = UpdatePipeline()
        #expect(pipeline.takeHostRequests().isEmpty)
        pipeline.enqueue(.newWindow)
        pipeline.enqueue(.quit)
        #expect(pipeline.takeHostRequests() == [.newWindow, .quit])
        #expect(pipeline.takeHostRequests().isEmpty)
    }

    @Test func aControllerIsMountedByItsFirstSizeOnly() {
        let split = SplitViewController(style: .doubleColumn)
        split.setViewController(ViewController(title: "P"), for: .primary)
        #expect(!split.pipeline.isMounted)
        split.handle(.key(KeyChord(.f9)))
        #expect(!split.pipeline.isMounted)
        split.handle(.resize(Size(width: 1000, height: 700)))
        #expect(split.pipeline.isMounted && !split.pipeline.isUpdating && split.pipeline.pending == nil)
    }

    /// Requests leave by one route: whatever asked (a command, a content controller's
    /// ``SplitViewController/post(_:)``), the host takes them in order with
    /// ``SplitViewController/takeHostRequests()``, once; nothing is left behind.
    @Test func requestsLeaveByTakeHostRequestsOnlyInTheOrderAsked() {
        let split = SplitViewController(style: .doubleColumn)
        split.handle(.resize(Size(width: 1000, height: 700)))
        split.handle(.command(.newWindow))
        split.handle(.command(.displayModeButton))
        split.post(.closeWindow)
        #expect(split.takeHostRequests() == [.newWindow, .closeWindow])
        #expect(split.takeHostRequests().isEmpty)
        #expect(split.pipeline.hostRequests.isEmpty)
    }
}

/// The appearance tracker remembers which controllers it was last given, so that a layout
/// showing the same ones (a resize, a drag step) skips the work.
@Suite struct AppearanceTrackerKeyTests {
    @Test func theSameControllersNeedNoUpdateOnceSettled() {
        let navigation = NavigationController(rootViewController: ViewController(title: "A"))
        let layout = Layout(
            size: Size(width: 800, height: 600),
            columns: [
                ColumnPlacement(column: .secondary, frame: Rect(x: 0, y: 0, width: 800, height: 600), presentation: .tiled)
            ])
        let key = AppearanceKey(layout, wrappers: [.secondary: navigation])
        var tracker = AppearanceTracker()
        #expect(tracker.needsUpdate(for: key))
        tracker.begin(key, visible: [navigation.topViewController!], animated: false)
        #expect(tracker.needsUpdate(for: key), "a will-appear is pending until the transition completes")
        tracker.complete(animated: false)
        #expect(!tracker.needsUpdate(for: key))
        #expect(tracker.needsUpdate(for: AppearanceKey()))
        navigation.pushViewController(ViewController(title: "B"), animated: false)
        #expect(tracker.needsUpdate(for: AppearanceKey(layout, wrappers: [.secondary: navigation])))
    }
}
