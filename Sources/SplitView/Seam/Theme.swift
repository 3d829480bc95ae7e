/// The colours and font family every pane draws with; the host picks the light or dark one.
public struct Theme: Hashable, Sendable {
    /// `light` or `dark`.
    public var name: String
    /// The fontconfig family the host opens for every ``FontRole`` but ``FontRole/monospace``.
    public var fontFamily: String
    /// The fontconfig family of ``FontRole/monospace``: fontconfig's own `monospace` alias,
    /// which every desktop maps to its fixed-width font.
    public var monospaceFontFamily = "monospace"
    /// The secondary's and inspector's background.
    public var background: Color
    /// The primary's (sidebar's) background.
    public var sidebarBackground: Color
    /// The supplementary's background.
    public var supplementaryBackground: Color
    /// The navigation bars' background.
    public var barBackground: Color
    /// The hairline under a navigation bar.
    public var barSeparator: Color
    /// Body text.
    public var text: Color
    /// Captions and placeholder text.
    public var secondaryText: Color
    /// The accent: focus rings, the focused divider, the focused selection.
    public var accent: Color
    /// Text on the accent colour.
    public var onAccent: Color
    /// The selection highlight in a pane without the focus (persistent, quieter).
    public var selection: Color
    /// The 1-pt divider line, and the window's background between columns.
    public var divider: Color
    /// Icons on navigation-bar buttons.
    public var icon: Color
    /// A button under the pointer.
    public var buttonHover: Color
    /// A button held down.
    public var buttonPressed: Color
    /// The veil over a dimmed secondary.
    public var dim: Color
    /// The darkest step of an overlay column's shadow.
    public var shadow: Color
    /// Behind every place a find found in a text.
    public var findMatch: Color
    /// Behind the place a find is on (F3 steps it).
    public var currentFindMatch: Color
    /// Behind selected text (the reader's, the inspector's, a field's): at least 3:1 against
    /// the page, as WCAG asks of what shows a state, and the text on it still 4.5:1.
    public var textSelection: Color

    /// The light theme: warm white panes, a grey sidebar, a blue accent.
    public static let light = Theme(
        name: "light", fontFamily: "DejaVu Sans",
        background: Color(rgb: 0xffffff), sidebarBackground: Color(rgb: 0xf2f1ee),
        supplementaryBackground: Color(rgb: 0xfaf9f7), barBackground: Color(rgb: 0xf7f6f3),
        barSeparator: Color(rgb: 0xdcdad5), text: Color(rgb: 0x1f1f1f), secondaryText: Color(rgb: 0x6b6b6b),
        accent: Color(rgb: 0x2f6fd6), onAccent: Color(rgb: 0xffffff), selection: Color(rgb: 0xdcdcd8),
        divider: Color(rgb: 0xc8c6c0), icon: Color(rgb: 0x3a3a3a), buttonHover: Color(rgb: 0x000000, alpha: 20),
        buttonPressed: Color(rgb: 0x000000, alpha: 48), dim: Color(rgb: 0x000000, alpha: 72),
        shadow: Color(rgb: 0x000000, alpha: 64), findMatch: Color(rgb: 0xfce94f), currentFindMatch: Color(rgb: 0xf5a623),
        textSelection: Color(rgb: 0x6296de))

    /// The dark theme: charcoal panes, a darker sidebar, a lighter blue accent.
    public static let dark = Theme(
        name: "dark", fontFamily: "DejaVu Sans",
        background: Color(rgb: 0x1e1e1e), sidebarBackground: Color(rgb: 0x262626),
        supplementaryBackground: Color(rgb: 0x232323), barBackground: Color(rgb: 0x2b2b2b),
        barSeparator: Color(rgb: 0x3d3d3d), text: Color(rgb: 0xe8e8e8), secondaryText: Color(rgb: 0x9a9a9a),
        accent: Color(rgb: 0x4c8ff0), onAccent: Color(rgb: 0xffffff), selection: Color(rgb: 0x3a3a3a),
        divider: Color(rgb: 0x0f0f0f), icon: Color(rgb: 0xd6d6d6), buttonHover: Color(rgb: 0xffffff, alpha: 24),
        buttonPressed: Color(rgb: 0xffffff, alpha: 56), dim: Color(rgb: 0x000000, alpha: 110),
        shadow: Color(rgb: 0x000000, alpha: 120), findMatch: Color(rgb: 0x6b5d12), currentFindMatch: Color(rgb: 0xb8661b),
        textSelection: Color(rgb: 0x3b6aa8))

    /// The theme called `name` (`light` or `dark`), or `nil`.
    public static func named(_ name: String) -> Theme? {
        switch name.lowercased() {
        case "light": .light
        case "dark": .dark
        default: nil
        }
    }

    private init(
        name: String, fontFamily: String, background: Color, sidebarBackground: Color,
        supplementaryBackground: Color, barBackground: Color, barSeparator: Color, text: Color,
        secondaryText: Color, accent: Color, onAccent: Color, selection: Color, divider: Color,
        icon: Color, buttonHover: Color, buttonPressed: Color, dim: Color, shadow: Color, findMatch: Color,
        currentFindMatch: Color, textSelection: Color
    ) {
        self.name = name
        self.fontFamily = fontFamily
        self.background = background
        self.sidebarBackground = sidebarBackground
        self.supplementaryBackground = supplementaryBackground
        self.barBackground = barBackground
        self.barSeparator = barSeparator
        self.text = text
        self.secondaryText = secondaryText
        self.accent = accent
        self.onAccent = onAccent
        self.selection = selection
        self.divider = divider
        self.icon = icon
        self.buttonHover = buttonHover
        self.buttonPressed = buttonPressed
        self.dim = dim
        self.shadow = shadow
        self.findMatch = findMatch
        self.currentFindMatch = currentFindMatch
        self.textSelection = textSelection
    }
}
