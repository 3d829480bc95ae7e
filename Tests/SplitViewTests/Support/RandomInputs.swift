@testable import SplitView

/// One step of a random sequence: an input, or a change an app makes (a preference, a view
/// controller swapped, bar items), named for the failure message.
enum RandomStep: CustomStringConvertible {
    case input(Input)
    case change(String, (SplitViewController) -> Void)

    var description: String {
        switch self {
        case .input(let input): "\(input)"
        case .change(let name, _): name
        }
    }

    func apply(to split: SplitViewController) {
        switch self {
        case .input(let input): split.handle(input)
        case .change(_, let change): change(split)
        }
    }
}

/// Turns random integers into inputs, so that property tests can generate (and shrink)
/// plain integer arrays. Every kind of input appears: resizes from 0 to 5000 pt (and zero,
/// huge and non-finite sizes), pointer presses, moves and releases (on dividers and buttons
/// most of all), pointer storms, keys of both tables with and without lock modifiers,
/// commands (every column shown and hidden), scrolls, clock ticks and jumps of the clock,
/// right clicks and the View menu; and an app's changes: every preference, width specs (bad
/// ones included), view controllers swapped, pushed and popped, bar items placed.
struct InputDecoder {
    private var now = 0.0
    /// Where the view controllers the sequence makes log their appearance, so that the
    /// pairing check follows them too.
    let log: AppearanceLog
    private var made = 0

    init(log: AppearanceLog) {
        self.log = log
    }

    /// A new controller with a title of its own (titles name controllers in the log).
    private mutating func make(_ name: String) -> ViewController {
        made += 1
        return LoggingViewController("\(name)\(made)", log: log)
    }

    mutating func step(from code: Int, in split: SplitViewController) -> RandomStep {
        let kind = code % 20, value = code / 20
        switch kind {
        case 16: return Self.preferenceChange(value)
        case 17: return childrenChange(value, split)
        case 18:
            switch value % 4 {
            case 0: return .input(.contextMenu(Point(x: Double(value % 3000), y: Double(value % 50))))
            case 1: return .input(.command(.showMenu))
            case 2: return .input(.key(KeyChord([.up, .down, .return, .escape, .home, .end, .f10][value % 7])))
            default: return .input(.pointerMoved(Point(x: Double(value % 600), y: Double(value % 400))))
            }
        case 19:
            switch value % 5 {
            case 0:
                now += Double(value % 1000)  // a jump of the clock
                return .input(.tick(now: now))
            case 1: return .input(.tick(now: now - Double(value % 10)))  // an old tick
            case 2:
                let widths: [Double] = [0, 1, 5000, .infinity, .nan, -10, 1e300, 599, 600, 623, 624]
                return .input(.resize(Size(width: widths[value % widths.count], height: Double(value % 1200))))
            default:
                // A pointer storm: many moves over the dividers, as a fast drag sends.
                return .change("pointer storm") { split in
                    for step in 0..<64 { split.handle(.pointerMoved(Point(x: Double((value + step * 37) % 1600), y: 300))) }
                }
            }
        default: return .input(input(kind: kind, value: value, in: split))
        }
    }

    private mutating func input(kind: Int, value: Int, in split: SplitViewController) -> Input {
        let size = split.layout.size
        let height = max(size.height, 1)
        switch kind {
        case 0: return .resize(Size(width: Double(value % 5001), height: Double(200 + value % 900)))
        case 1: return .resize(Size(width: Double(560 + value % 100), height: height))  // around the threshold
        case 2, 3:
            if let divider = split.layout.dividers.randomElement(seed: value) {
                return .pointerDown(Point(x: divider.drawnRect.minX + Double(value % 13) - 6, y: Double(value % Int(height))))
            }
            return .pointerDown(point(value, size))
        case 4: return .pointerMoved(Point(x: Double(value % 3400) - 200, y: Double(value % Int(height))))
        case 5: return .pointerUp(point(value, size))
        case 6:
            if let button = split.layout.buttons.randomElement(seed: value) {
                return .pointerDown(Point(x: button.frame.midX, y: button.frame.midY))
            }
            return .pointerUp(point(value, size))
        case 7, 8:
            let rows = split.keyBindings.global + split.keyBindings.divider
            var chord = rows[value % rows.count].chord
            if value % 3 == 0 { chord.modifiers.insert(.capsLock) }
            if value % 5 == 0 { chord.modifiers.insert(.numLock) }
            return .key(chord)
        case 9: return .command(commands[value % commands.count])
        case 10: return .scroll(dx: Double(value % 200) - 100, dy: 0, at: point(value, size))
        case 11: return .scroll(dx: 0, dy: Double(value % 200) - 100, at: point(value, size))
        case 12, 13:
            now += Double(value % 6) / 40
            return .tick(now: now)
        case 14: return .pointerDown(Point(x: Double(value % 8), y: Double(value % Int(height))))  // the edge zone
        default:
            switch value % 5 {
            case 0: return .doubleClick(point(value, size))
            case 1: return .key(KeyChord(.character(Character(UnicodeScalar(UInt8(97 + value % 26))))))  // type-ahead
            case 2: return .tripleClick(point(value, size))
            case 3: return .selectionTaken(value % 2 == 0 ? .primary : .clipboard)
            default: return .pointerExited
            }
        }
    }

    private func point(_ value: Int, _ size: Size) -> Point {
        Point(x: Double(value % max(1, Int(size.width) + 1)), y: Double((value / 7) % max(1, Int(size.height) + 1)))
    }

    private let commands: [Command] = [
        .displayModeButton, .secondaryOnlyButton, .toggleInspector, .show(.primary), .show(.supplementary),
        .show(.secondary), .show(.inspector), .hide(.primary), .hide(.supplementary), .hide(.inspector), .back,
        .focusNextPane, .focusPreviousPane, .focusDivider, .moveDivider(by: 30), .moveDivider(by: -75),
        .moveDividerToMinimum, .moveDividerToMaximum, .acceptDivider, .cancel, .selectNext, .selectPrevious, .activate,
        .pageUp, .pageDown, .scrollToTop, .scrollToEnd, .expand, .collapse, .action(TestAction("unknown")), .hide(.secondary),
        .show(.compact), .hide(.compact), .showMenu,
    ]

    /// A preference an app sets: every one of them, with widths good and bad.
    private static func preferenceChange(_ value: Int) -> RandomStep {
        let modes = SplitViewController.DisplayMode.allCases, behaviors = SplitViewController.SplitBehavior.allCases
        let widths: [Double] = [SplitViewController.automaticDimension, 0, 150, 300, 700, 5000, .nan, -5, .infinity]
        let width = widths[(value / 11) % widths.count]
        let column = SplitViewController.Column.allCases[(value / 7) % 5]
        switch value % 11 {
        case 0:
            return .change("preferredDisplayMode = \(modes[value / 11 % modes.count])") {
                $0.preferredDisplayMode = modes[value / 11 % modes.count]
            }
        case 1:
            return .change("preferredSplitBehavior = \(behaviors[value / 11 % behaviors.count])") {
                $0.preferredSplitBehavior = behaviors[value / 11 % behaviors.count]
            }
        case 2: return .change("primaryEdge toggled") { $0.primaryEdge = $0.primaryEdge == .leading ? .trailing : .leading }
        case 3: return .change("showsSecondaryOnlyButton toggled") { $0.showsSecondaryOnlyButton.toggle() }
        case 4: return .change("presentsWithGesture toggled") { $0.presentsWithGesture.toggle() }
        case 5:
            let visibility = SplitViewController.DisplayModeButtonVisibility.allCases[value / 11 % 3]
            return .change("displayModeButtonVisibility = \(visibility)") { $0.displayModeButtonVisibility = visibility }
        case 6: return .change("minimum width of \(column) = \(width)") { Self.setWidth($0, column, \.minimum, width) }
        case 7: return .change("maximum width of \(column) = \(width)") { Self.setWidth($0, column, \.maximum, width) }
        case 8: return .change("preferred width of \(column) = \(width)") { Self.setWidth($0, column, \.preferred, width) }
        case 9: return .change("collapseThreshold = \(width)") { $0.collapseThreshold = width }
        default: return .change("animatesTransitions toggled") { $0.animatesTransitions.toggle() }
        }
    }

    /// Sets one width property of `column` through the controller's public setters.
    private static func setWidth(
        _ split: SplitViewController, _ column: SplitViewController.Column, _ which: KeyPath<ColumnWidthSpec, Double>,
        _ width: Double
    ) {
        switch (column, which) {
        case (.primary, \ColumnWidthSpec.minimum): split.minimumPrimaryColumnWidth = width
        case (.primary, \ColumnWidthSpec.maximum): split.maximumPrimaryColumnWidth = width
        case (.primary, _): split.preferredPrimaryColumnWidth = width
        case (.supplementary, \ColumnWidthSpec.minimum): split.minimumSupplementaryColumnWidth = width
        case (.supplementary, \ColumnWidthSpec.maximum): split.maximumSupplementaryColumnWidth = width
        case (.supplementary, _): split.preferredSupplementaryColumnWidth = width
        case (.inspector, \ColumnWidthSpec.minimum): split.minimumInspectorColumnWidth = width
        case (.inspector, \ColumnWidthSpec.maximum): split.maximumInspectorColumnWidth = width
        case (.inspector, _): split.preferredInspectorColumnWidth = width
        default: split.minimumSecondaryColumnWidth = width
        }
    }

    /// A change of the view controllers: swapped, emptied, pushed, popped, shown as the
    /// detail, given bar items.
    private mutating func childrenChange(_ value: Int, _ split: SplitViewController) -> RandomStep {
        let column = SplitViewController.Column.allCases[(value / 9) % 5]
        let fresh = make("v"), other = make("w")
        switch value % 9 {
        case 0: return .change("\(column) swapped for \(fresh.title)") { $0.setViewController(fresh, for: column) }
        case 1: return .change("\(column) emptied") { $0.setViewController(nil, for: column) }
        case 2:
            return .change("\(fresh.title) pushed on \(column)") {
                $0.navigationController(for: column)?.pushViewController(fresh, animated: true)
            }
        case 3: return .change("popped on \(column)") { $0.navigationController(for: column)?.popViewController(animated: true) }
        case 4: return .change("showDetailViewController(\(fresh.title))") { $0.showDetailViewController(fresh, sender: nil) }
        case 5: return .change("show(\(fresh.title), sender:)") { $0.show(fresh, sender: nil) }
        case 6:
            return .change("bar items on \(column)") { split in
                let top = split.navigationController(for: column)?.topViewController
                top?.navigationItem.leftBarButtonItems = [BarButtonItem(systemItem: .add, action: .command(.focusNextPane))]
                top?.navigationItem.rightBarButtonItems = [
                    BarButtonItem(systemItem: .more, action: .command(.showMenu)),
                    BarButtonItem(title: "Go", action: .command(.toggleInspector)), split.displayModeButtonItem,
                ]
            }
        case 7: return .change("a prompt") { $0.prompt = Prompt(message: "Sure?", accept: {}) }
        default:
            return .change("viewControllers = [\(fresh.title), \(other.title)]") { $0.viewControllers = [fresh, other] }
        }
    }
}

extension Array {
    /// An element chosen by `seed`, or `nil` when empty.
    func randomElement(seed: Int) -> Element? { isEmpty ? nil : self[seed % count] }
}
