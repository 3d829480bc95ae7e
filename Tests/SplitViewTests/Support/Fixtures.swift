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
/// transitions off unless `animated` (so that one input gives the settled layout).
struct Fixture {
    let split: SplitViewController
    let recorder = Recorder()
    let log = AppearanceLog()
    let primary: LoggingViewController
    let supplementary: LoggingViewController
    let secondary: LoggingViewController

    init(_ style: SplitViewController.Style = .tripleColumn, width: Double? = nil, height: Double = 800,
         animated: Bool = false, delegate: Bool = true)
    {
        split = SplitViewController(style: style)
        split.animatesTransitions = animated
        primary = LoggingViewController("P", log: log)
        supplementary = LoggingViewController("S", log: log)
        secondary = LoggingViewController("D", log: log)
        split.setViewController(primary, for: .primary)
        if style == .tripleColumn { split.setViewController(supplementary, for: .supplementary) }
        split.setViewController(secondary, for: .secondary)
        if delegate { split.delegate = recorder }
        if let width { split.handle(.resize(Size(width: width, height: height))) }
    }

    /// Sends inputs in order.
    @discardableResult
    func send(_ inputs: Input...) -> [HostRequest] {
        inputs.flatMap { split.handle($0) }
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
