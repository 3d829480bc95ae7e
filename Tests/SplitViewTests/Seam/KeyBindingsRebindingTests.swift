import Testing

@testable import SplitView

/// `rebinding(_:to:)` and `adding(_:)`: a command's chords replaced in the table that holds
/// it, new rows winning over old ones, an empty list unbinding.
@Suite struct KeyBindingsRebindingTests {
    typealias K = KeyChord
    let ctrlAltX = K(.character("x"), modifiers: [.control, .alt])

    @Test func rebindingReplacesEveryChordOfTheCommand() {
        let table = KeyBindings.default.rebinding(.displayModeButton, to: [ctrlAltX])
        #expect(table.command(for: ctrlAltX, dividerFocused: false) == .displayModeButton)
        #expect(table.command(for: K(.f9), dividerFocused: false) == nil)
        #expect(table.command(for: K(.character("s"), modifiers: [.control, .alt]), dividerFocused: false) == nil)
        #expect(table.chords(for: .displayModeButton) == [ctrlAltX])
        #expect(table.divider == KeyBindings.default.divider)
    }

    @Test func anEmptyListUnbinds() {
        let table = KeyBindings.default.rebinding(.quit, to: [])
        #expect(table.command(for: K(.character("q"), modifiers: .control), dividerFocused: false) == nil)
        #expect(table.chords(for: .quit).isEmpty)
        #expect(table.global.count == KeyBindings.default.global.count - 1)
    }

    /// The new chord wins over another command's row with the same chord.
    @Test func aReboundChordWinsOverAnotherCommand() {
        let table = KeyBindings.default.rebinding(.toggleInspector, to: [K(.f9)])
        #expect(table.command(for: K(.f9), dividerFocused: false) == .toggleInspector)
    }

    @Test func aDividerCommandStaysInTheDividerTable() {
        let table = KeyBindings.default.rebinding(.moveDivider(by: -1), to: [K(.character("h"))])
        #expect(table.command(for: K(.character("h")), dividerFocused: true) == .moveDivider(by: -1))
        #expect(table.command(for: K(.character("h")), dividerFocused: false) == nil)
        #expect(table.command(for: K(.left), dividerFocused: true) == .collapse)
        #expect(table.global == KeyBindings.default.global)
    }

    /// `cancel` is in both tables and stays in both.
    @Test func aCommandInBothTablesStaysInBoth() {
        let table = KeyBindings.default.rebinding(.cancel, to: [K(.character("g"), modifiers: .control)])
        #expect(table.global.filter { $0.command == .cancel }.count == 1)
        #expect(table.divider.filter { $0.command == .cancel }.count == 1)
        #expect(table.command(for: K(.escape), dividerFocused: true) == nil)
        #expect(table.command(for: K(.escape), dividerFocused: false) == nil)
    }

    @Test(arguments: [
        (Command.moveDivider(by: 10), true), (.acceptDivider, true), (.moveDividerToMinimum, true),
        (.hide(.primary), false), (.action(TestAction("x")), false), (.show(.inspector), false),
    ])
    func anUnboundCommandGoesToItsTable(_ command: Command, divider: Bool) {
        let base = KeyBindings(global: [], divider: [])
        let table = base.rebinding(command, to: [ctrlAltX])
        #expect(table.divider.count == (divider ? 1 : 0))
        #expect(table.global.count == (divider ? 0 : 1))
    }

    @Test func repeatedAndLockedChordsAreKeptOnce() {
        let locked = K(.character("x"), modifiers: [.control, .alt, .capsLock])
        let table = KeyBindings.default.rebinding(.quit, to: [ctrlAltX, locked, ctrlAltX])
        #expect(table.chords(for: .quit) == [ctrlAltX])
    }

    @Test func addingPutsRowsInFrontOfTheirTable() {
        let table = KeyBindings.default.adding([
            .init(K(.f9), .action(TestAction("first"))), .init(K(.f9), .action(TestAction("second"))),
            .init(K(.left), .moveDivider(by: -5)),
        ])
        #expect(table.command(for: K(.f9), dividerFocused: false) == .action(TestAction("first")))
        #expect(table.command(for: K(.left), dividerFocused: true) == .moveDivider(by: -5))
        #expect(table.command(for: K(.left), dividerFocused: false) == .collapse)
        #expect(table.global.count == KeyBindings.default.global.count + 2)
        #expect(table.divider.count == KeyBindings.default.divider.count + 1)
    }
}
