import Testing

@testable import SplitView

/// A shared log of appearance callbacks, in order, across several controllers.
final class AppearanceLog {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
    /// Returns the entries and forgets them.
    func takeAll() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

/// A view controller that writes `"<title> willAppear"` … into a log.
final class LoggingViewController: ViewController {
    let log: AppearanceLog

    init(_ title: String, log: AppearanceLog) {
        self.log = log
        super.init(title: title)
    }

    override func viewWillAppear(_ animated: Bool) { log.append("\(title) willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append("\(title) didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("\(title) willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("\(title) didDisappear") }
}

/// A controller of `style` with a logging controller in each column of that style, and
/// transitions off unless `animated` (so that one input gives the settled layout). In the
/// classic style the primary is given inside a navigation controller, as UIKit's classic apps
/// give it, so that collapsing pushes the secondary onto it (`plainClassicPrimary` gives it
/// bare).
struct Fixture {
    let split: SplitViewController
    let recorder = Recorder()
    let log = AppearanceLog()
    let primary: LoggingViewController
    let supplementary: LoggingViewController
    let secondary: LoggingViewController

    init(
        _ style: SplitViewController.Style = .tripleColumn, width: Double? = nil, height: Double = 800,
        animated: Bool = false, delegate: Bool = true, plainClassicPrimary: Bool = false
    ) {
        split = SplitViewController(style: style)
        split.animatesTransitions = animated
        primary = LoggingViewController("P", log: log)
        supplementary = LoggingViewController("S", log: log)
        secondary = LoggingViewController("D", log: log)
        let classicNavigation = style == .unspecified && !plainClassicPrimary
        split.setViewController(classicNavigation ? NavigationController(rootViewController: primary) : primary, for: .primary)
        if style == .tripleColumn { split.setViewController(supplementary, for: .supplementary) }
        split.setViewController(secondary, for: .secondary)
        if delegate { split.delegate = recorder }
        if let width { split.handle(.resize(Size(width: width, height: height))) }
    }

    /// Sends inputs in order; returns what the controller then asks of the host
    /// (``SplitViewController/takeHostRequests()``, the one route), as a host's turn would.
    @discardableResult
    func send(_ inputs: Input...) -> [HostRequest] {
        for input in inputs { split.handle(input) }
        return split.takeHostRequests()
    }

    /// Resizes the window to `width` × the fixture's height.
    func resize(_ width: Double, height: Double = 800) { split.handle(.resize(Size(width: width, height: height))) }

    /// The showing columns, bottom to top.
    var shown: [SplitViewController.Column] { split.layout.columns.map(\.column) }

    /// Runs a running transition to its end.
    func settle(from start: Double = 0) {
        var now = start
        split.handle(.tick(now: now))
        while split.isAnimating {
            now += 1.0 / 60
            split.handle(.tick(now: now))
        }
    }
}

/// The key chord for F9 and friends, shortly.
func key(_ k: KeyChord.Key, _ modifiers: KeyChord.Modifiers = []) -> Input { .key(KeyChord(k, modifiers: modifiers)) }

// MARK: - Helpers added for the behaviour tests

extension Fixture {
    /// Installs a logging controller titled `title` in `column` and returns it.
    @discardableResult
    func install(_ title: String, in column: SplitViewController.Column) -> LoggingViewController {
        let vc = LoggingViewController(title, log: log)
        split.setViewController(vc, for: column)
        return vc
    }

    /// A click: the main button down and up at `point`.
    func click(_ point: Point) { send(.pointerDown(point), .pointerUp(point)) }

    /// A click at `(x, y)`.
    func click(x: Double, y: Double) { click(Point(x: x, y: y)) }

    /// Clicks the middle of the first button of `kind` (failing the test when there is none).
    func click(_ kind: BarButton.Kind, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let button = split.layout.button(kind) else {
            Issue.record("no \(kind) button:\n\(describe(split.layout))", sourceLocation: sourceLocation)
            return
        }
        click(Point(x: button.frame.midX, y: button.frame.midY))
    }

    /// Clears both logs, so that a test reads only what its next inputs cause.
    func forget() {
        _ = recorder.takeAll()
        _ = log.takeAll()
    }
}

/// The appearance entries of one controller, in order, without its title:
/// `["willAppear", "didAppear"]`.
func entries(of title: String, in log: [String]) -> [String] {
    log.compactMap { entry in
        entry.hasPrefix(title + " ") ? String(entry.dropFirst(title.count + 1)) : nil
    }
}
