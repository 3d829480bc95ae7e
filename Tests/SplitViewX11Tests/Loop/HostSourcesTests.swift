import Glibc
import Testing

@testable import SplitViewX11

/// The loop's other wake-ups (descriptors, timers) and the double-click rule, without a server.
@Suite struct HostSourcesTests {
    @Test func theTimeoutIsTheFirstTimersAndNothingWithoutTimers() {
        var sources = HostSources()
        #expect(sources.timeout(now: 10) == nil)
        _ = sources.schedule(at: 12, {})
        let soon = sources.schedule(at: 10.25, {})
        #expect(sources.timeout(now: 10) == 250)
        sources.cancel(soon)
        #expect(sources.timeout(now: 10) == 2000)
        #expect(sources.timeout(now: 13) == 0)
    }

    @Test func dueWorkIsTheReadableHandlersThenTheExpiredTimersOnce() {
        var sources = HostSources()
        var log: [String] = []
        sources.add(7, { log.append("seven") })
        sources.add(8, { log.append("eight") })
        _ = sources.schedule(at: 2, { log.append("late") })
        _ = sources.schedule(at: 1, { log.append("early") })
        for work in sources.due(readable: [8], now: 1.5) { work() }
        #expect(log == ["eight", "early"])
        for work in sources.due(readable: [], now: 1.5) { work() }
        #expect(log == ["eight", "early"])
        for work in sources.due(readable: [7], now: 3) { work() }
        #expect(log == ["eight", "early", "seven", "late"])
        sources.remove(7)
        #expect(sources.pollDescriptors().map(\.fd) == [8])
    }

    @Test func addingADescriptorAgainReplacesItsHandler() {
        var sources = HostSources()
        var log: [Int] = []
        sources.add(5, { log.append(1) })
        sources.add(5, { log.append(2) })
        for work in sources.due(readable: [5], now: 0) { work() }
        #expect(log == [2])
    }

    @Test(arguments: [
        (UInt(100), 0, 0, true), (400, 0, 0, true), (401, 0, 0, false), (100, 5, -5, true), (100, 6, 0, false),
    ])
    func aSecondPressIsADoubleClickWithinTimeAndDistance(delay: UInt, dx: Int, dy: Int, double: Bool) {
        var clicks = ClickCounter()
        do { let r = clicks.press(time: 1000, x: 50, y: 50); #expect(r == 1) }
        do { let r = clicks.press(time: 1000 + delay, x: 50 + dx, y: 50 + dy); #expect(r == (double ? 2 : 1)) }
    }

    /// Three quick presses are a triple click (a reader selects the line); a fourth starts
    /// over; a slow third is a new single click.
    @Test func aThirdQuickPressIsATripleClickAndAFourthStartsOver() {
        var clicks = ClickCounter()
        #expect([0, 100, 200, 300, 400].map { clicks.press(time: $0, x: 0, y: 0) } == [1, 2, 3, 1, 2])
        var slow = ClickCounter()
        #expect([0, 100, 600].map { slow.press(time: $0, x: 0, y: 0) } == [1, 2, 1])
    }

    @Test func theServerClockWrappingDoesNotMakeADoubleClick() {
        var clicks = ClickCounter()
        do { let r = clicks.press(time: 5000, x: 0, y: 0); #expect(r == 1) }
        do { let r = clicks.press(time: 100, x: 0, y: 0); #expect(r == 1) }  // earlier: a reset clock, not 400 ms later
    }
}
