/// The keyboard shortcuts of one controller: rows of data, looked up with the lock modifiers
/// masked, remappable by passing another table to
/// ``SplitViewController/init(style:keyBindings:textMeasurer:theme:)``.
///
/// Two tables: ``global`` applies always; ``divider`` applies first while a divider has the
/// keyboard focus (after F8), so that the arrows move the divider instead of the selection.
public struct KeyBindings: Hashable, Sendable {
    /// One shortcut.
    public struct Binding: Hashable, Sendable {
        /// The chord, without lock modifiers.
        public var chord: KeyChord
        /// What it does.
        public var command: Command

        /// Creates a row of the table.
        public init(_ chord: KeyChord, _ command: Command) {
            self.chord = chord.withoutLocks
            self.command = command
        }
    }

    /// The shortcuts that apply everywhere in the window.
    public var global: [Binding]
    /// The shortcuts that apply first while a divider has the keyboard focus.
    public var divider: [Binding]

    /// Creates a table; later rows with the same chord lose to earlier ones.
    public init(global: [Binding], divider: [Binding]) {
        self.global = global
        self.divider = divider
    }

    /// The command for `chord`, looked up in the divider table first when `dividerFocused`,
    /// ignoring Caps Lock and Num Lock; `nil` when no row matches.
    public func command(for chord: KeyChord, dividerFocused: Bool) -> Command? {
        let clean = chord.withoutLocks
        if dividerFocused, let row = divider.first(where: { $0.chord == clean }) { return row.command }
        return global.first(where: { $0.chord == clean })?.command
    }

    /// The chords a host keeps while a foreign program has the keyboard (grabbing them on
    /// the window, so that the program never sees them): every global binding of a window
    /// command (``Command/isWindowCommand``). The keys of content and of a focused divider —
    /// the arrows, Return, Escape, Page Up, the app's actions — go to the program.
    public var chordsOverForeignContent: [KeyChord] {
        var chords: [KeyChord] = []
        for row in global where row.command.isWindowCommand && !chords.contains(row.chord) { chords.append(row.chord) }
        return chords
    }

    /// The default keys, listed in <doc:DefaultNumbers>.
    public static let `default` = KeyBindings(global: defaultGlobal, divider: defaultDivider)
}

extension Command {
    /// True for a command about the window rather than the focused content: the buttons,
    /// show and hide, back, the focus moves, F8, the menu, new, close and quit. Their keys
    /// stay with the split view while a foreign program has the keyboard; the others are the
    /// program's.
    public var isWindowCommand: Bool {
        switch self {
        case .displayModeButton, .secondaryOnlyButton, .toggleInspector, .show, .hide, .toggleSplitItem, .back, .forward,
            .focusNextPane,
            .focusPreviousPane, .focusDivider, .newWindow, .closeWindow, .quit, .showMenu, .splitRight, .splitDown,
            .closePane, .zoomPane, .focusPane, .growPane, .shrinkPane, .equalizePanes, .swapPane:
            true
        case .showContextMenu: false
        case .moveDivider, .moveDividerToMinimum, .moveDividerToMaximum, .acceptDivider, .cancel, .selectPrevious,
            .selectNext, .activate, .pageUp, .pageDown, .scrollToTop, .scrollToEnd, .expand, .collapse,
            .toggleLineWrapping, .find, .findNext, .findPrevious, .selectAll, .copy, .action:
            false
        }
    }
}

private typealias B = KeyBindings.Binding
private typealias K = KeyChord

// The default keys (the table in SplitView.docc/DefaultNumbers.md), one binding a row.
//        chord                                                      command
private let defaultGlobal: [B] = [
    B(K(.f9), .displayModeButton),
    B(K(.character("s"), modifiers: [.control, .alt]), .displayModeButton),
    B(K(.f9, modifiers: .shift), .secondaryOnlyButton),
    B(K(.character("i"), modifiers: [.control, .alt]), .toggleInspector),
    B(K(.character("1"), modifiers: .control), .show(.primary)),
    B(K(.character("2"), modifiers: .control), .show(.supplementary)),
    B(K(.character("3"), modifiers: .control), .show(.secondary)),
    B(K(.f6), .focusNextPane),
    B(K(.f6, modifiers: .shift), .focusPreviousPane),
    B(K(.f8), .focusDivider),
    B(K(.escape), .cancel),
    B(K(.left, modifiers: .alt), .back),
    B(K(.right, modifiers: .alt), .forward),
    B(K(.up), .selectPrevious),
    B(K(.down), .selectNext),
    B(K(.return), .activate),
    B(K(.pageUp), .pageUp),
    B(K(.pageDown), .pageDown),
    B(K(.home), .scrollToTop),
    B(K(.end), .scrollToEnd),
    B(K(.right), .expand),
    B(K(.left), .collapse),
    B(K(.character("z"), modifiers: .alt), .toggleLineWrapping),
    B(K(.character("f"), modifiers: .control), .find),
    B(K(.f3), .findNext),
    B(K(.f3, modifiers: .shift), .findPrevious),
    B(K(.character("a"), modifiers: .control), .selectAll),
    B(K(.character("c"), modifiers: .control), .copy),
    B(K(.character("n"), modifiers: .control), .newWindow),
    B(K(.character("w"), modifiers: .control), .closeWindow),
    B(K(.character("q"), modifiers: .control), .quit),
    B(K(.f10), .showMenu),
    B(K(.f10, modifiers: .shift), .showContextMenu),
    B(K(.menu), .showContextMenu),
    // Panes split at run time (Terminator's four, then arrows with Ctrl+Alt: none is the
    // browser's, and a terminal's programs rarely see Ctrl+Alt).
    B(K(.character("e"), modifiers: [.control, .shift]), .splitRight),
    B(K(.character("o"), modifiers: [.control, .shift]), .splitDown),
    B(K(.character("w"), modifiers: [.control, .shift]), .closePane),
    B(K(.character("x"), modifiers: [.control, .shift]), .zoomPane),
    B(K(.left, modifiers: [.control, .alt]), .focusPane(.left)),
    B(K(.right, modifiers: [.control, .alt]), .focusPane(.right)),
    B(K(.up, modifiers: [.control, .alt]), .focusPane(.up)),
    B(K(.down, modifiers: [.control, .alt]), .focusPane(.down)),
    B(K(.left, modifiers: [.control, .alt, .shift]), .swapPane(.left)),
    B(K(.right, modifiers: [.control, .alt, .shift]), .swapPane(.right)),
    B(K(.up, modifiers: [.control, .alt, .shift]), .swapPane(.up)),
    B(K(.down, modifiers: [.control, .alt, .shift]), .swapPane(.down)),
    B(K(.character("]"), modifiers: [.control, .alt]), .growPane(.horizontal)),
    B(K(.character("["), modifiers: [.control, .alt]), .shrinkPane(.horizontal)),
    B(K(.character("="), modifiers: [.control, .alt]), .growPane(.vertical)),
    B(K(.character("-"), modifiers: [.control, .alt]), .shrinkPane(.vertical)),
    B(K(.character("0"), modifiers: [.control, .alt]), .equalizePanes),
]

// While a divider has the focus (GtkPaned's keys: 1 pt steps, 75 pt pages).
//        chord                                                      command
private let defaultDivider: [B] = [
    B(K(.left), .moveDivider(by: -1)),
    B(K(.right), .moveDivider(by: 1)),
    B(K(.left, modifiers: .control), .moveDivider(by: -75)),
    B(K(.right, modifiers: .control), .moveDivider(by: 75)),
    // Up and Down for the dividers between stacked panes (on a column's, as Left and Right).
    B(K(.up), .moveDivider(by: -1)),
    B(K(.down), .moveDivider(by: 1)),
    B(K(.up, modifiers: .control), .moveDivider(by: -75)),
    B(K(.down, modifiers: .control), .moveDivider(by: 75)),
    B(K(.home), .moveDividerToMinimum),
    B(K(.end), .moveDividerToMaximum),
    B(K(.return), .acceptDivider),
    B(K(.escape), .cancel),
]
