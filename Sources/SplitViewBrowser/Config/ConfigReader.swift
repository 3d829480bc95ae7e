import SplitView

/// Interprets a config file's object key by key for ``AppConfig/parse(_:source:)``, collecting
/// the warnings: one per bad entry, which is skipped while the rest applies.
struct ConfigReader {
    let source: String
    var config = AppConfig()
    var warnings: [String] = []

    init(source: String) {
        self.source = source
    }

    /// Records `message` about the entry at `key`.
    mutating func warn(_ key: String, _ message: String) {
        warnings.append("\(source): \(key): \(message)")
    }

    /// Applies every top-level entry, in key order so the warnings come in a stable order.
    mutating func read(_ members: [String: JSONValue]) {
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "keyBindings": readKeyBindings(value)
            case "theme": readTheme(value)
            case "font": readFont(value)
            case "columnWidths": readColumnWidths(value)
            case "collapseThreshold":
                if let number = number(value, in: AppConfig.collapseThresholds, at: key) { config.collapseThreshold = number }
            case "layout": readLayout(value)
            case "terminal":
                guard case .string(let text) = value else {
                    warn(key, String(translated: "expected a command, found \(Self.kind(of: value))")); break
                }
                do {
                    config.terminal = try ProgramCommand(parsing: text)
                } catch {
                    warn(key, error.description)
                }
            case "showHiddenFiles":
                if case .bool(let flag) = value {
                    config.showHiddenFiles = flag
                } else {
                    warn(key, String(translated: "expected true or false"))
                }
            default:
                warn(shortLine(key), String(translated: "unknown key"))
            }
        }
    }

    /// `"keyBindings": {"command": "chord" or ["chord", …]}`: each entry replaces the
    /// command's chords; an entry with an unknown command or a bad chord is skipped whole.
    mutating func readKeyBindings(_ value: JSONValue) {
        guard case .object(let entries) = value else { return warn("keyBindings", Self.expectedObject(value)) }
        var applied: [(name: String, command: Command, chords: [KeyChord])] = []
        for (name, value) in entries.sorted(by: { $0.key < $1.key }) {
            let key = "keyBindings." + shortLine(name)
            guard let command = Command(name: name, actions: BrowserActions.configActions) else {
                warn(key, String(translated: "unknown command"))
                continue
            }
            let isList = if case .array = value { true } else { false }
            let texts: [JSONValue] = if case .array(let list) = value { list } else { [value] }
            var chords: [KeyChord] = []
            for (index, text) in texts.enumerated() {
                guard case .string(let string) = text else {
                    warn(
                        isList ? "\(key)[\(index)]" : key,
                        String(translated: "expected a key chord or a list of them, found \(Self.kind(of: text))"))
                    chords = []
                    break
                }
                guard let chord = KeyChord(parsing: string) else {
                    let chord = shortLine(string)
                    warn(
                        key,
                        String(translated: "\"\(chord)\" is not a key chord (like \"Ctrl+Alt+S\", \"Shift+F9\", \"Page_Down\")"))
                    chords = []
                    break
                }
                chords.append(chord)
            }
            guard chords.count == texts.count else { continue }
            config.keyBindings = config.keyBindings.rebinding(command, to: chords)
            applied.append((name, command, chords))
        }
        // Two entries given the same chord in the same table: the one applied last wins;
        // the other is told.
        for entry in applied {
            for chord in entry.chords {
                let inDivider = config.keyBindings.divider.contains {
                    $0.command == entry.command && $0.chord == chord.withoutLocks
                }
                let winner = config.keyBindings.command(for: chord, dividerFocused: inDivider)
                if let winner, winner != entry.command {
                    warn(
                        "keyBindings." + shortLine(entry.name),
                        String(translated: "\(chord) is also given to \(winner.name), which wins"))
                }
            }
        }
    }

    /// `"theme": "light" | "dark" | "auto"`, in any case.
    mutating func readTheme(_ value: JSONValue) {
        guard case .string(let name) = value, let theme = AppConfig.ThemeChoice(rawValue: name.lowercased()) else {
            return warn("theme", String(translated: "expected \"light\", \"dark\" or \"auto\""))
        }
        config.theme = theme
    }

    /// `"font": {"family": "DejaVu Sans", "size": 13, "monospace": "DejaVu Sans Mono"}`.
    mutating func readFont(_ value: JSONValue) {
        guard case .object(let members) = value else { return warn("font", Self.expectedObject(value)) }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "family":
                if let family = family(value, at: "font.family") { config.fontFamily = family }
            case "monospace":
                if let family = family(value, at: "font.monospace") { config.monospaceFamily = family }
            case "size":
                if let size = number(value, in: AppConfig.fontSizes, at: "font.size") { config.fontSize = size }
            default:
                warn("font." + shortLine(key), String(translated: "unknown key (expected family, monospace or size)"))
            }
        }
    }

    /// A font family name (1 to 256 bytes, no control characters), else a warning and `nil`.
    private mutating func family(_ value: JSONValue, at key: String) -> String? {
        guard case .string(let family) = value, !family.isEmpty, family.utf8.count <= AppConfig.maximumFamilyLength,
            !family.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            let maximum = AppConfig.maximumFamilyLength
            warn(key, String(translated: "expected a font family name (1 to \(maximum) bytes, no control characters)"))
            return nil
        }
        return family
    }

    /// `"columnWidths": {"primary": 280, "supplementary": 320, "inspector": 270}`.
    mutating func readColumnWidths(_ value: JSONValue) {
        guard case .object(let members) = value else {
            return warn("columnWidths", Self.expectedObject(value))
        }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let column = AppConfig.widthColumns[key] else {
                warn(
                    "columnWidths." + shortLine(key),
                    String(translated: "unknown column (expected primary, supplementary or inspector)"))
                continue
            }
            let path = "columnWidths." + key
            guard case .number(let width) = value, width > 0, width <= AppConfig.maximumColumnWidth else {
                let maximum = formatNumber(AppConfig.maximumColumnWidth), what = found(value)
                warn(path, String(translated: "expected a number of points above 0, up to \(maximum), found \(what)"))
                continue
            }
            config.columnWidths[column] = width
        }
    }

    /// The number in `value` when it is in `range`; else `nil`, after a warning at `key`.
    mutating func number(_ value: JSONValue, in range: ClosedRange<Double>, at key: String) -> Double? {
        guard case .number(let number) = value, range.contains(number) else {
            let lowest = formatNumber(range.lowerBound), highest = formatNumber(range.upperBound), what = found(value)
            warn(key, String(translated: "expected a number from \(lowest) to \(highest), found \(what)"))
            return nil
        }
        return number
    }

    /// `100` or `a string`: what the entry held instead, for the message's `found …`.
    func found(_ value: JSONValue) -> String {
        if case .number(let number) = value { return formatNumber(number) }
        return Self.kind(of: value)
    }

    /// What `value` is, for a message, in the reader's language: `a string`, `a list`; JSON's
    /// own `null` as it is.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: String(translated: "true or false")
        case .number: String(translated: "a number")
        case .string: String(translated: "a string")
        case .array: String(translated: "a list")
        case .object: String(translated: "an object")
        }
    }

    /// The message for an entry that is not an object: `expected an object, found a list`.
    static func expectedObject(_ value: JSONValue) -> String {
        String(translated: "expected an object, found \(kind(of: value))")
    }

    // MARK: - Layout

    /// The columns a layout may split, by name.
    static let layoutColumns: [String: SplitViewController.Column] = [
        "primary": .primary, "supplementary": .supplementary, "secondary": .secondary, "inspector": .inspector,
    ]

    /// The keys an item of a split may have besides what it shows.
    static let itemKeys: Set<String> = ["fraction", "min", "max", "canCollapse"]

    /// `"layout": {"secondary": {"axis": …, "items": […]}, …}`: each column's tree; a bad entry
    /// is reported at its path (`layout.secondary.items[1].fraction`) and skipped, the rest
    /// applies.
    mutating func readLayout(_ value: JSONValue) {
        guard case .object(let columns) = value else { return warn("layout", Self.expectedObject(value)) }
        for (name, value) in columns.sorted(by: { $0.key < $1.key }) {
            let key = "layout." + shortLine(name)
            guard let column = Self.layoutColumns[name] else {
                warn(key, String(translated: "unknown column (expected primary, supplementary, secondary or inspector)"))
                continue
            }
            var shown = false
            guard var layout = readLayoutNode(value, at: key, column: column, shown: &shown, extraKeys: []) else { continue }
            if !layout.holdsContent {
                let own = PaneLayout.contentNames[column] ?? ""
                warn(key, String(translated: "the column's own content (\"\(own)\") is missing: it comes first"))
                switch layout {
                case .split(let axis, let items): layout = .split(axis, [PaneLayout.Item(.content)] + items)
                default: layout = .split(.vertical, [PaneLayout.Item(.content), PaneLayout.Item(layout)])
                }
            }
            config.layout[column] = layout
        }
    }

    /// One node: a split (`axis` and `items`), the column's content, or a program.
    private mutating func readLayoutNode(
        _ value: JSONValue, at key: String, column: SplitViewController.Column, shown: inout Bool, extraKeys: Set<String>
    ) -> PaneLayout? {
        guard case .object(let members) = value else {
            warn(key, Self.expectedObject(value))
            return nil
        }
        let isSplit = members["axis"] != nil || members["items"] != nil
        let own: Set<String> = isSplit ? ["axis", "items"] : ["content", "program"]
        let known = own.union(extraKeys)
        for name in members.keys.sorted() where !known.contains(name) {
            let expected = known.sorted().joined(separator: ", ")
            warn("\(key).\(shortLine(name))", String(translated: "unknown key (expected \(expected))"))
        }
        if isSplit {
            guard case .string(let axisName) = members["axis"] ?? .null,
                let axis = StackSplitViewController.Axis(rawValue: axisName)
            else {
                warn("\(key).axis", String(translated: "expected \"vertical\" (stacked) or \"horizontal\" (side by side)"))
                return nil
            }
            guard case .array(let entries) = members["items"] ?? .null else {
                warn("\(key).items", String(translated: "expected a list of items"))
                return nil
            }
            var items: [PaneLayout.Item] = []
            for (index, entry) in entries.enumerated() {
                if let item = readLayoutItem(entry, at: "\(key).items[\(index)]", column: column, shown: &shown) {
                    items.append(item)
                }
            }
            guard !items.isEmpty else {
                warn("\(key).items", String(translated: "no item could be used"))
                return nil
            }
            return items.count == 1 ? items[0].layout : .split(axis, items)
        }
        switch (members["content"], members["program"]) {
        case (.string(let name)?, nil):
            let own = PaneLayout.contentNames[column] ?? ""
            guard name == own else {
                warn("\(key).content", String(translated: "expected \"\(own)\", the \(column.name) column's own content"))
                return nil
            }
            guard !shown else {
                warn("\(key).content", String(translated: "\"\(own)\" is shown once, and is already"))
                return nil
            }
            shown = true
            return .content
        case (nil, .string(let text)?):
            do {
                return .program(try ProgramCommand(parsing: text))
            } catch {
                warn("\(key).program", error.description)
                return nil
            }
        case (nil, nil):
            warn(key, String(translated: "expected \"content\", \"program\", or \"axis\" and \"items\""))
            return nil
        default:
            warn(key, String(translated: "expected either \"content\" (a name) or \"program\" (a command), not both"))
            return nil
        }
    }

    /// An item of a split: what it shows, then its size; a bad size entry is reported and
    /// ignored, the item kept.
    private mutating func readLayoutItem(
        _ value: JSONValue, at key: String, column: SplitViewController.Column, shown: inout Bool
    ) -> PaneLayout.Item? {
        guard let layout = readLayoutNode(value, at: key, column: column, shown: &shown, extraKeys: Self.itemKeys) else {
            return nil
        }
        guard case .object(let members) = value else { return nil }
        var item = PaneLayout.Item(layout)
        if let value = members["fraction"] { item.fraction = number(value, in: 0...1, at: key + ".fraction") }
        if let value = members["min"] { item.minimum = number(value, in: 0...AppConfig.maximumColumnWidth, at: key + ".min") }
        if let value = members["max"] { item.maximum = number(value, in: 0...AppConfig.maximumColumnWidth, at: key + ".max") }
        if let value = members["canCollapse"] {
            if case .bool(let flag) = value {
                item.canCollapse = flag
            } else {
                warn(key + ".canCollapse", String(translated: "expected true or false"))
            }
        }
        if let minimum = item.minimum, let maximum = item.maximum, maximum < minimum {
            warn(key + ".max", String(translated: "below min (\(formatNumber(minimum))): ignored"))
            item.maximum = nil
        }
        return item
    }
}
