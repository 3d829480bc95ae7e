@testable import SplitView

/// Turns random integers into inputs, so that property tests can generate (and shrink)
/// plain integer arrays. Every kind of input appears: resizes across the collapse threshold,
/// pointer presses, moves and releases (on dividers and buttons most of all), keys of both
/// tables with and without lock modifiers, commands, scrolls and clock ticks.
struct InputDecoder {
    private var now = 0.0

    mutating func input(from code: Int, in split: SplitViewController) -> Input {
        let kind = code % 16, value = code / 16
        let size = split.layout.size
        let height = max(size.height, 1)
        switch kind {
        case 0: return .resize(Size(width: Double(value % 3001), height: Double(200 + value % 900)))
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
            switch value % 3 {
            case 0: return .doubleClick(point(value, size))
            case 1: return .key(KeyChord(.character(Character(UnicodeScalar(UInt8(97 + value % 26))))))  // type-ahead
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
        .pageUp, .pageDown, .scrollToTop, .scrollToEnd, .expand, .collapse, .action("unknown"),
    ]
}

extension Array {
    /// An element chosen by `seed`, or `nil` when empty.
    func randomElement(seed: Int) -> Element? { isEmpty ? nil : self[seed % count] }
}
