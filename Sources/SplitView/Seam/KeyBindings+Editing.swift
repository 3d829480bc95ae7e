extension KeyBindings {
    /// The table with `command` bound to exactly `chords`: every row of `command` is removed
    /// from whichever table holds it, and the new rows go in front of those tables, so they win
    /// over any other command's row with the same chord (the user asked for this chord to do
    /// this). An empty list unbinds the command.
    ///
    /// A command in the divider table stays there (`cancel`, in both tables, stays in both); a
    /// command in neither goes to the divider table when it only makes sense with a focused
    /// divider (``Command/moveDivider(by:)``, its minimum and maximum, ``Command/acceptDivider``),
    /// else to the global table. Chords repeated in `chords` are kept once.
    public func rebinding(_ command: Command, to chords: [KeyChord]) -> KeyBindings {
        let inGlobal = global.contains { $0.command == command }
        let inDivider = divider.contains { $0.command == command }
        let toDivider = inDivider || (!inGlobal && command.isDividerOnly)
        let toGlobal = inGlobal || !toDivider
        var unique: [Binding] = []
        for chord in chords where !unique.contains(where: { $0.chord == chord.withoutLocks }) {
            unique.append(Binding(chord, command))
        }
        let keptGlobal = global.filter { $0.command != command }
        let keptDivider = divider.filter { $0.command != command }
        return KeyBindings(
            global: toGlobal ? unique + keptGlobal : keptGlobal,
            divider: toDivider ? unique + keptDivider : keptDivider)
    }

    /// The table with `rows` added in front, so they win over existing rows with the same
    /// chord; among `rows`, earlier ones win. Each row goes to the table its command belongs
    /// to: the divider table for the divider-only commands (see ``rebinding(_:to:)``), else
    /// the global one.
    public func adding(_ rows: [Binding]) -> KeyBindings {
        KeyBindings(
            global: rows.filter { !$0.command.isDividerOnly } + global,
            divider: rows.filter(\.command.isDividerOnly) + divider)
    }

    /// The chords bound to `command`, in the order the tables are searched (divider first,
    /// then global), each once: what a help text or `explain()` shows for it.
    public func chords(for command: Command) -> [KeyChord] {
        var chords: [KeyChord] = []
        for row in divider + global where row.command == command && !chords.contains(row.chord) {
            chords.append(row.chord)
        }
        return chords
    }
}

extension Command {
    /// Whether the command only acts on a divider that has the keyboard focus, so that it
    /// belongs in ``KeyBindings/divider``.
    var isDividerOnly: Bool {
        switch self {
        case .moveDivider, .moveDividerToMinimum, .moveDividerToMaximum, .acceptDivider: true
        default: false
        }
    }
}
