extension Command {
    /// The command's stable name, as a config file writes it: `displayModeButton`,
    /// `showPrimary`, `hideInspector`, `moveDividerLeft`, `quit`.
    ///
    /// The four divider steps of the default keys have names of their own (`moveDividerLeft`
    /// −1, `moveDividerRight` +1, `moveDividerPageLeft` −75, `moveDividerPageRight` +75); any
    /// other step is `moveDivider(12.5)`. An app action is named by its own name
    /// (`toggleHiddenFiles`), so an action that shares a built-in command's name cannot be
    /// told apart from it and ``init(name:actions:)`` reads the built-in one.
    public var name: String {
        switch self {
        case .displayModeButton: "displayModeButton"
        case .secondaryOnlyButton: "secondaryOnlyButton"
        case .toggleInspector: "toggleInspector"
        case .show(let column): "show" + Self.capitalized(column.name)
        case .hide(let column): "hide" + Self.capitalized(column.name)
        case .toggleSplitItem(let column, let path):
            "toggleSplitItem(\(column.name)." + path.map(String.init).joined(separator: ".") + ")"
        case .back: "back"
        case .forward: "forward"
        case .focusNextPane: "focusNextPane"
        case .focusPreviousPane: "focusPreviousPane"
        case .focusDivider: "focusDivider"
        case .moveDivider(let points):
            switch points {
            case -1: "moveDividerLeft"
            case 1: "moveDividerRight"
            case -Self.dividerPage: "moveDividerPageLeft"
            case Self.dividerPage: "moveDividerPageRight"
            default: "moveDivider(\(Self.number(points)))"
            }
        case .moveDividerToMinimum: "moveDividerToMinimum"
        case .moveDividerToMaximum: "moveDividerToMaximum"
        case .acceptDivider: "acceptDivider"
        case .cancel: "cancel"
        case .selectPrevious: "selectPrevious"
        case .selectNext: "selectNext"
        case .activate: "activate"
        case .pageUp: "pageUp"
        case .pageDown: "pageDown"
        case .scrollToTop: "scrollToTop"
        case .scrollToEnd: "scrollToEnd"
        case .expand: "expand"
        case .collapse: "collapse"
        case .toggleLineWrapping: "toggleLineWrapping"
        case .find: "find"
        case .findNext: "findNext"
        case .findPrevious: "findPrevious"
        case .selectAll: "selectAll"
        case .copy: "copy"
        case .action(let action): action.name
        case .newWindow: "newWindow"
        case .closeWindow: "closeWindow"
        case .quit: "quit"
        case .showMenu: "showMenu"
        case .showContextMenu: "showContextMenu"
        case .splitRight: "splitRight"
        case .splitDown: "splitDown"
        case .closePane: "closePane"
        case .zoomPane: "zoomPane"
        case .focusPane(let direction): "focusPane" + Self.capitalized(direction.rawValue)
        case .growPane(let axis): "growPane" + (axis == .horizontal ? "Width" : "Height")
        case .shrinkPane(let axis): "shrinkPane" + (axis == .horizontal ? "Width" : "Height")
        case .equalizePanes: "equalizePanes"
        case .swapPane(let direction): "swapPane" + Self.capitalized(direction.rawValue)
        }
    }

    /// The built-in command named `name` (see ``name``), or `nil`; never an app action.
    ///
    /// Names are case-sensitive, as identifiers are. `moveDivider(N)` takes any finite
    /// number of points.
    public init?(name: String) {
        if let command = Self.builtIn[name] {
            self = command
        } else if name.hasPrefix("moveDivider("), name.hasSuffix(")"),
            let points = Double(name.dropFirst("moveDivider(".count).dropLast()), points.isFinite
        {
            self = .moveDivider(by: points)
        } else if name.hasPrefix("toggleSplitItem("), name.hasSuffix(")") {
            let parts = name.dropFirst("toggleSplitItem(".count).dropLast().split(
                separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 2, let column = SplitViewController.Column.allCases.first(where: { $0.name == parts[0] }) else {
                return nil
            }
            let path = parts.dropFirst().compactMap { Int($0) }
            guard path.count == parts.count - 1, path.allSatisfy({ $0 >= 0 && $0 < 1000 }) else { return nil }
            self = .toggleSplitItem(column, path: path)
        } else {
            return nil
        }
    }

    /// The built-in command named `name`, else the action of `actions` whose
    /// ``AppActionValue/name`` is `name`, else `nil`: a config file may only bind the actions
    /// the app defines, so that a typo is reported instead of becoming a key that silently
    /// does nothing.
    public init?(name: String, actions: [AppAction]) {
        if let command = Command(name: name) {
            self = command
        } else if let action = actions.first(where: { $0.name == name }) {
            self = .action(action)
        } else {
            return nil
        }
    }

    /// Every built-in command with a fixed name, in the order of the enum: the commands a
    /// config file can bind (the app's actions aside).
    public static let namedCommands: [Command] = {
        var commands: [Command] = [.displayModeButton, .secondaryOnlyButton, .toggleInspector]
        commands += SplitViewController.Column.allCases.map { .show($0) }
        commands += SplitViewController.Column.allCases.map { .hide($0) }
        commands += [
            .back, .forward, .focusNextPane, .focusPreviousPane, .focusDivider,
            .moveDivider(by: -1), .moveDivider(by: 1), .moveDivider(by: -dividerPage), .moveDivider(by: dividerPage),
            .moveDividerToMinimum, .moveDividerToMaximum, .acceptDivider, .cancel,
            .selectPrevious, .selectNext, .activate, .pageUp, .pageDown, .scrollToTop, .scrollToEnd,
            .expand, .collapse, .toggleLineWrapping, .find, .findNext, .findPrevious, .selectAll, .copy, .newWindow, .closeWindow,
            .quit, .showMenu, .showContextMenu, .splitRight, .splitDown, .closePane, .zoomPane,
        ]
        commands += PaneDirection.allCases.map { .focusPane($0) }
        commands += [.growPane(.horizontal), .shrinkPane(.horizontal), .growPane(.vertical), .shrinkPane(.vertical)]
        commands += [.equalizePanes]
        commands += PaneDirection.allCases.map { .swapPane($0) }
        return commands
    }()

    /// A keyboard page of divider movement, GtkPaned's 75 points.
    private static let dividerPage = 75.0

    /// The named commands by name.
    private static let builtIn: [String: Command] = Dictionary(uniqueKeysWithValues: namedCommands.map { ($0.name, $0) })

    /// `primary` → `Primary`.
    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `12` for a whole number, else the shortest text that reads back as the same number.
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
