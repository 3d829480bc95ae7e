import SplitViewFiles

/// `text` on one line: control characters escaped (see `AtomicFile.printable`), for a message.
func printableLine(_ text: String) -> String {
    AtomicFile.printable(text)
}

/// `text` on one line and at most 80 characters: a key or a value quoted from a file, which may
/// be anything.
func shortLine(_ text: String) -> String {
    let line = printableLine(text)
    return line.count <= 80 ? line : line.prefix(79) + "…"
}

/// `13` for a whole number, `13.5` otherwise: numbers in messages as people write them.
func formatNumber(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
