import Testing

@testable import SplitView

/// The default key table (DefaultNumbers.md) as data, looked up with the lock modifiers masked; the divider table
/// first only while a divider has the focus; remapping at creation.
@Suite struct KeyBindingsTests {
    typealias K = KeyChord

    /// DefaultNumbers.md "Default keys", one row a chord, with the browsing keys the README adds:
    /// Page Up/Down, Home/End, and Right/Left for outlines.
    static let globalTable: [(KeyChord, Command)] = [
        (K(.f9), .displayModeButton),
        (K(.character("s"), modifiers: [.control, .alt]), .displayModeButton),
        (K(.f9, modifiers: .shift), .secondaryOnlyButton),
        (K(.character("i"), modifiers: [.control, .alt]), .toggleInspector),
        (K(.character("1"), modifiers: .control), .show(.primary)),
        (K(.character("2"), modifiers: .control), .show(.supplementary)),
        (K(.character("3"), modifiers: .control), .show(.secondary)),
        (K(.f6), .focusNextPane),
        (K(.f6, modifiers: .shift), .focusPreviousPane),
        (K(.f8), .focusDivider),
        (K(.escape), .cancel),
        (K(.left, modifiers: .alt), .back),
        (K(.right, modifiers: .alt), .forward),
        (K(.up), .selectPrevious),
        (K(.down), .selectNext),
        (K(.return), .activate),
        (K(.pageUp), .pageUp),
        (K(.pageDown), .pageDown),
        (K(.home), .scrollToTop),
        (K(.end), .scrollToEnd),
        (K(.right), .expand),
        (K(.left), .collapse),
        (K(.character("z"), modifiers: .alt), .toggleLineWrapping),
        (K(.character("f"), modifiers: .control), .find),
        (K(.f3), .findNext),
        (K(.f3, modifiers: .shift), .findPrevious),
        (K(.character("a"), modifiers: .control), .selectAll),
        (K(.character("c"), modifiers: .control), .copy),
        (K(.character("n"), modifiers: .control), .newWindow),
        (K(.character("w"), modifiers: .control), .closeWindow),
        (K(.character("q"), modifiers: .control), .quit),
        (K(.f10), .showMenu),
        (K(.f10, modifiers: .shift), .showContextMenu),
        (K(.menu), .showContextMenu),
        (K(.character("e"), modifiers: [.control, .shift]), .splitRight),
        (K(.character("o"), modifiers: [.control, .shift]), .splitDown),
        (K(.character("w"), modifiers: [.control, .shift]), .closePane),
        (K(.character("x"), modifiers: [.control, .shift]), .zoomPane),
        (K(.left, modifiers: [.control, .alt]), .focusPane(.left)),
        (K(.right, modifiers: [.control, .alt]), .focusPane(.right)),
        (K(.up, modifiers: [.control, .alt]), .focusPane(.up)),
        (K(.down, modifiers: [.control, .alt]), .focusPane(.down)),
        (K(.left, modifiers: [.control, .alt, .shift]), .swapPane(.left)),
        (K(.right, modifiers: [.control, .alt, .shift]), .swapPane(.right)),
        (K(.up, modifiers: [.control, .alt, .shift]), .swapPane(.up)),
        (K(.down, modifiers: [.control, .alt, .shift]), .swapPane(.down)),
        (K(.character("]"), modifiers: [.control, .alt]), .growPane(.horizontal)),
        (K(.character("["), modifiers: [.control, .alt]), .shrinkPane(.horizontal)),
        (K(.character("="), modifiers: [.control, .alt]), .growPane(.vertical)),
        (K(.character("-"), modifiers: [.control, .alt]), .shrinkPane(.vertical)),
        (K(.character("0"), modifiers: [.control, .alt]), .equalizePanes),
    ]

    /// After F8: ←/→ 1 pt, Ctrl+←/→ 75 pt, Home/End min/max, Return accept, Escape cancel.
    static let dividerTable: [(KeyChord, Command)] = [
        (K(.left), .moveDivider(by: -1)),
        (K(.right), .moveDivider(by: 1)),
        (K(.left, modifiers: .control), .moveDivider(by: -75)),
        (K(.right, modifiers: .control), .moveDivider(by: 75)),
        (K(.up), .moveDivider(by: -1)),
        (K(.down), .moveDivider(by: 1)),
        (K(.up, modifiers: .control), .moveDivider(by: -75)),
        (K(.down, modifiers: .control), .moveDivider(by: 75)),
        (K(.home), .moveDividerToMinimum),
        (K(.end), .moveDividerToMaximum),
        (K(.return), .acceptDivider),
        (K(.escape), .cancel),
    ]

    static let locks: [KeyChord.Modifiers] = [[], .capsLock, .numLock, [.capsLock, .numLock]]

    @Test(arguments: globalTable)
    func globalRow(chord: KeyChord, command: Command) {
        for lock in Self.locks {
            var held = chord
            held.modifiers.formUnion(lock)
            #expect(KeyBindings.default.command(for: held, dividerFocused: false) == command, "\(held) \(lock.rawValue)")
        }
    }

    @Test(arguments: dividerTable)
    func dividerRowWhileADividerIsFocused(chord: KeyChord, command: Command) {
        for lock in Self.locks {
            var held = chord
            held.modifiers.formUnion(lock)
            #expect(KeyBindings.default.command(for: held, dividerFocused: true) == command)
        }
    }

    /// Without a focused divider the divider table is not consulted: the arrows and Home/End
    /// are the pane's (outline, scrolling), Return opens the selection.
    @Test(arguments: dividerTable)
    func dividerRowWithoutAFocusedDivider(chord: KeyChord, command: Command) {
        let global = Self.globalTable.first { $0.0 == chord }?.1
        #expect(KeyBindings.default.command(for: chord, dividerFocused: false) == global)
    }

    /// While a divider is focused, keys the divider table lacks still reach the global table.
    @Test func globalRowsStillApplyWhileADividerIsFocused() {
        for (chord, command) in Self.globalTable where !Self.dividerTable.contains(where: { $0.0 == chord }) {
            #expect(KeyBindings.default.command(for: chord, dividerFocused: true) == command, "\(chord)")
        }
    }

    @Test func tablesAreExactlyDesignMd() {
        #expect(KeyBindings.default.global.map(\.chord) == Self.globalTable.map(\.0))
        #expect(KeyBindings.default.global.map(\.command) == Self.globalTable.map(\.1))
        #expect(KeyBindings.default.divider.map(\.chord) == Self.dividerTable.map(\.0))
        #expect(KeyBindings.default.divider.map(\.command) == Self.dividerTable.map(\.1))
    }

    /// Only the lock modifiers are masked: any other modifier makes another chord.
    @Test(arguments: [
        K(.f9, modifiers: .super), K(.f9, modifiers: .control), K(.character("s"), modifiers: .control),
        K(.character("s"), modifiers: [.control, .alt, .shift]), K(.character("1")), K(.left, modifiers: .shift),
        K(.function(11)), K(.character("x"), modifiers: .control),
    ])
    func nearMissesAreUnbound(chord: KeyChord) {
        #expect(KeyBindings.default.command(for: chord, dividerFocused: false) == nil)
    }

    @Test func upperCaseLetterFindsItsBinding() {
        #expect(
            KeyBindings.default.command(
                for: K(.character("S"), modifiers: [.control, .alt, .capsLock]),
                dividerFocused: false) == .displayModeButton)
    }

    @Test func bindingDropsLockModifiersAndEarlierRowsWin() {
        let row = KeyBindings.Binding(K(.function(2), modifiers: [.capsLock, .control]), .quit)
        #expect(row.chord == K(.function(2), modifiers: .control))
        let table = KeyBindings(
            global: [row, KeyBindings.Binding(K(.function(2), modifiers: .control), .newWindow)], divider: [])
        #expect(table.command(for: K(.function(2), modifiers: .control), dividerFocused: false) == .quit)
    }

    // MARK: - Through the controller

    @Test func remappedTableWorksThroughHandle() {
        let bindings = KeyBindings(
            global: [
                KeyBindings.Binding(K(.function(2)), .displayModeButton),
                KeyBindings.Binding(K(.character("q"), modifiers: .control), .quit),
            ],
            divider: [])
        let split = SplitViewController(style: .doubleColumn, keyBindings: bindings)
        split.animatesTransitions = false
        split.handle(.resize(Size(width: 1400, height: 800)))
        #expect(split.keyBindings == bindings)
        #expect(split.displayMode == .oneBesideSecondary)
        split.handle(.key(K(.f9)))  // no longer bound
        #expect(split.displayMode == .oneBesideSecondary)
        split.handle(.key(K(.function(2), modifiers: .numLock)))
        #expect(split.displayMode == .secondaryOnly)
        split.handle(.key(K(.character("q"), modifiers: [.control, .capsLock])))
        #expect(split.takeHostRequests() == [.quit])
        split.handle(.key(K(.character("n"), modifiers: .control)))
        #expect(split.takeHostRequests().isEmpty)  // the default Ctrl+N is gone
    }

    @Test func lockModifiersNeverBreakAShortcutThroughHandle() {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        f.send(.key(K(.f9, modifiers: [.capsLock, .numLock])))
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.send(.key(K(.character("w"), modifiers: [.control, .numLock]))) == [.closeWindow])
    }

    /// The arrows move a divider only between F8 and Return.
    @Test func dividerTableWinsOnlyWhileADividerIsFocused() {
        let f = RuleTables.controller(.tripleColumn, width: 1400)
        let start = f.split.primaryColumnWidth
        f.send(key(.left))
        #expect(f.split.primaryColumnWidth == start)
        f.send(key(.f8), key(.left, .capsLock))
        #expect(f.split.layout.dividers.contains { $0.isFocused })
        let moved = f.split.primaryColumnWidth + f.split.supplementaryColumnWidth
        #expect(moved == start + 320 - 1)
        f.send(key(.return))  // accept: focus leaves the divider
        #expect(!f.split.layout.dividers.contains { $0.isFocused })
        f.send(key(.left))
        #expect(f.split.primaryColumnWidth + f.split.supplementaryColumnWidth == moved)
    }
}
