/// Everything a pane draws around its content — background, navigation bar with title and
/// buttons, prompt, focus ring, divider highlights, overlay edge, shadows and dimming — as one
/// value in the pane's coordinates.
///
/// The value is built from the layout by `init(of:in:…)` and drawn by
/// `displayList(content:theme:measurer:)`, a pure function of it. The same value is part of
/// the pane's ``PaneKey``, so what decides a redraw and what is drawn cannot drift apart: two
/// equal chromes draw the same ops.
struct PaneChrome: Hashable, Sendable {
    /// A divider highlight on one side of the pane.
    struct DividerBand: Hashable, Sendable {
        /// The band, in pane coordinates.
        var rect: Rect
        /// True while the divider is dragged or moved by key (full accent); else it is only
        /// focused (a quieter accent).
        var isActive: Bool
    }

    /// A shadow that a column lying over this (dimmed) pane casts on it: the edge of the
    /// column over it, and the direction the shadow falls.
    struct Shadow: Hashable, Sendable {
        /// Which way the shadow fades out from `position`.
        enum Direction: Hashable, Sendable { case up, right, left }
        /// The shadow's direction.
        var direction: Direction
        /// Where the overlying column's edge is: a y for `up`, an x for `right` and `left`.
        var position: Double
    }

    /// A text field by reference, compared and hashed by its value.
    final class FieldBox: Hashable, Sendable {
        let field: TextField
        init(_ field: TextField) { self.field = field }
        static func == (left: FieldBox, right: FieldBox) -> Bool { left === right || left.field == right.field }
        func hash(into hasher: inout Hasher) { hasher.combine(field) }
    }

    /// The column the pane shows, which chooses its background.
    var column: SplitViewController.Column
    /// The pane's size.
    var size: Size
    /// The title in the bar: the top view controller's.
    var title: String
    /// The text field shown in the bar in place of the title, if any.
    var textField: TextField? {
        get { fieldBox?.field }
        set { fieldBox = newValue.map(FieldBox.init) }
    }
    /// The field, kept in a box: a field is a large value (its text, label, message, marked
    /// text), and a chrome is copied and compared for every pane at every frame, nearly always
    /// without one. Inline, the field's marked text made every pane's key a `memcpy` of its
    /// own (+2.5 K instructions a step of a drag or a resize, `Benchmarks/Instructions`).
    private var fieldBox: FieldBox?
    /// The bar's buttons, at frames in pane coordinates.
    var buttons: [BarButton]
    /// The primary edge: a trailing edge mirrors the icons and moves the title's room.
    var primaryEdge: SplitViewController.PrimaryEdge
    /// The ``Prompt`` shown in this pane, or nil.
    var prompt: PromptChrome?
    /// True when the pane has the focus and there is more than one pane to focus.
    var showsFocusRing: Bool
    /// The highlights of the focused or active dividers along the pane's sides.
    var dividerBands: [DividerBand]
    /// The hairline on an overlaid column's edge towards the secondary (or a sheet's top).
    var overlayEdge: Rect?
    /// The shadows of the columns lying over the pane, when it is dimmed.
    var shadows: [Shadow]
    /// True when the pane lies under an overlay and is dimmed.
    var isDimmed: Bool

    /// The chrome of `placement`'s pane in `layout` (buttons and dividers from the layout,
    /// moved into the pane's coordinates).
    init(
        of placement: ColumnPlacement, in layout: Layout, title: String, primaryEdge: SplitViewController.PrimaryEdge,
        prompt: PromptChrome?, showsFocusRing: Bool, isFocused: Bool, textField: TextField? = nil
    ) {
        fieldBox = textField.map(FieldBox.init)
        let frame = placement.frame
        column = placement.column
        size = frame.size
        self.title = title
        self.primaryEdge = primaryEdge
        self.prompt = prompt
        self.showsFocusRing = isFocused && showsFocusRing
        isDimmed = placement.isDimmed
        buttons = layout.buttons(in: placement.column).map { button in
            var local = button
            local.frame = button.frame.offsetBy(dx: -frame.minX, dy: -frame.minY)
            return local
        }
        dividerBands = []
        let band = ChromeMetrics.dividerBand
        for divider in layout.dividers where divider.isFocused || divider.isActive {
            if abs(divider.drawnRect.minX - frame.maxX) < 0.5 {
                dividerBands.append(
                    DividerBand(
                        rect: Rect(x: frame.width - band, y: 0, width: band, height: frame.height),
                        isActive: divider.isActive))
            } else if abs(divider.drawnRect.maxX - frame.minX) < 0.5 {
                dividerBands.append(
                    DividerBand(rect: Rect(x: 0, y: 0, width: band, height: frame.height), isActive: divider.isActive))
            }
        }
        switch placement.presentation {
        case .sheet: overlayEdge = Rect(x: 0, y: 0, width: frame.width, height: 1)
        case .overlay:
            let towardsRight = frame.midX < layout.size.width / 2
            overlayEdge = Rect(x: towardsRight ? frame.width - 1 : 0, y: 0, width: 1, height: frame.height)
        default: overlayEdge = nil
        }
        shadows = []
        guard placement.isDimmed else { return }
        for over in layout.columns where over.presentation == .overlay || over.presentation == .sheet {
            let other = over.frame
            if over.presentation == .sheet {
                shadows.append(Shadow(direction: .up, position: other.minY - frame.minY))
            } else if other.midX < frame.midX {
                shadows.append(Shadow(direction: .right, position: other.maxX - frame.minX))
            } else {
                shadows.append(Shadow(direction: .left, position: other.minX - frame.minX))
            }
        }
    }

    /// The pane's display list: the background, `content` (already in pane coordinates), then
    /// the chrome over it. A pure function of the chrome, `theme` and `measurer`.
    func displayList(content: [DrawOp], theme: Theme, measurer: any TextMeasurer) -> DisplayList {
        var list = DisplayList(size: size)
        list.append(.fill(Rect(origin: .zero, size: size), Self.background(of: column, theme)))
        list.ops.append(contentsOf: content)
        drawBar(theme, measurer, into: &list)
        if let prompt { drawPrompt(prompt, theme, measurer, into: &list) }
        if showsFocusRing {
            list.append(
                .strokeRect(
                    LayoutComputation.contentBounds(ofPaneSized: size), theme.accent.withAlpha(ChromeMetrics.focusRingAlpha),
                    width: ChromeMetrics.focusRingWidth))
        }
        for band in dividerBands {
            list.append(
                .fill(band.rect, band.isActive ? theme.accent : theme.accent.withAlpha(ChromeMetrics.focusedDividerAlpha)))
        }
        if let overlayEdge { list.append(.fill(overlayEdge, theme.divider)) }
        if isDimmed {
            for shadow in shadows { drawShadow(shadow, theme, into: &list) }
            list.append(.fill(Rect(origin: .zero, size: size), theme.dim))
        }
        return list
    }

    /// The background of `column`'s panes (and of the leaves in it).
    static func background(of column: SplitViewController.Column, _ theme: Theme) -> Color {
        switch column {
        case .primary: theme.sidebarBackground
        case .supplementary: theme.supplementaryBackground
        default: theme.background
        }
    }

    /// The bar: its band and separator, the buttons, and the title, centred in the bar when it
    /// can be, else in the room the buttons leave.
    private func drawBar(_ theme: Theme, _ measurer: any TextMeasurer, into list: inout DisplayList) {
        let width = size.width, bar = LayoutMetrics.navigationBarHeight
        list.append(.fill(Rect(x: 0, y: 0, width: width, height: bar), theme.barBackground))
        list.append(.fill(Rect(x: 0, y: bar - 1, width: width, height: 1), theme.barSeparator))
        for button in buttons { drawButton(button, theme, measurer, into: &list) }
        let room = titleRoom
        if let textField { return drawTextField(textField, in: room, theme, measurer, into: &list) }
        let fitted = TextLayout.truncated(title, toWidth: max(0, room.end - room.start), font: .title, measurer: measurer)
        guard !fitted.isEmpty else { return }
        let textWidth = measurer.width(of: fitted, font: .title)
        let x = min(max((width - textWidth) / 2, room.start), room.end - textWidth)
        let baseline = measurer.metrics(of: .title).baseline(centredIn: 0, height: bar)
        list.append(.text(fitted, origin: Point(x: x, y: baseline), .title, theme.text))
    }

    /// The room the buttons leave for the title or the text field, from the left and from the
    /// right of the bar: the primary-edge side's buttons (the split view's own and an app's
    /// left items) against the far side's (an app's right items), mirrored for a trailing
    /// primary edge.
    var titleRoom: (start: Double, end: Double) {
        var leftEnd = 0.0, rightStart = size.width
        for button in buttons {
            if button.isOnFarSide == (primaryEdge == .leading) {
                rightStart = min(rightStart, button.frame.minX)
            } else {
                leftEnd = max(leftEnd, button.frame.maxX)
            }
        }
        let inset = BarMetrics.titleInset
        return (start: leftEnd + inset, end: rightStart - inset)
    }

    /// A button: its hover or pressed fill, its glyph, and its title — beside the glyph, or
    /// alone for a text item. A disabled item is drawn faint, without hover.
    private func drawButton(_ button: BarButton, _ theme: Theme, _ measurer: any TextMeasurer, into list: inout DisplayList) {
        let rect = button.frame
        if button.isEnabled && button.isPressed {
            list.append(.fill(rect, theme.buttonPressed))
        } else if button.isEnabled && button.isHovered {
            list.append(.fill(rect, theme.buttonHover))
        }
        let faint = BarMetrics.disabledAlpha
        let iconColor = button.isEnabled ? theme.icon : theme.icon.withAlpha(faint)
        let textColor = button.isEnabled ? theme.accent : theme.accent.withAlpha(faint)
        let iconBox = Rect(x: rect.minX, y: rect.minY, width: ButtonMetrics.size, height: ButtonMetrics.size)
        list.ops.append(
            contentsOf: ButtonIcons.ops(button.icon, in: iconBox, color: iconColor, mirrored: primaryEdge == .trailing))
        guard !button.title.isEmpty else { return }
        let baseline = measurer.metrics(of: .body).baseline(centredIn: rect.minY, height: rect.height)
        if button.icon == .none {
            let room = rect.width - 2 * ButtonMetrics.titlePadding
            let title = TextLayout.truncated(button.title, toWidth: room, font: .body, measurer: measurer)
            list.append(.text(title, origin: Point(x: rect.minX + ButtonMetrics.titlePadding, y: baseline), .body, textColor))
            return
        }
        let room = rect.width - ButtonMetrics.size - ButtonMetrics.titlePadding / 2
        let title = TextLayout.truncated(button.title, toWidth: room, font: .body, measurer: measurer)
        list.append(
            .text(
                title, origin: Point(x: rect.minX + ButtonMetrics.size - BarMetrics.buttonTitleOverlap, y: baseline),
                .body, textColor))
    }

    /// The prompt: an accent band under the bar with the question and its choices, each
    /// outlined as the button it is (``promptChoiceFrames(for:paneWidth:measurer:)``); a
    /// check box choice has its box before its label. A tall prompt has its buttons on a
    /// second row.
    private func drawPrompt(_ prompt: PromptChrome, _ theme: Theme, _ measurer: any TextMeasurer, into list: inout DisplayList) {
        let width = size.width, bar = LayoutMetrics.navigationBarHeight, height = BarMetrics.promptHeight
        let margin = BarMetrics.promptMargin
        list.append(.fill(Rect(x: 0, y: bar, width: width, height: prompt.height), theme.accent))
        let frames = Self.promptChoiceFrames(for: prompt, paneWidth: width, measurer: measurer)
        let room = prompt.isTall ? width - 2 * margin : (frames.first.map(\.minX) ?? width) - 2 * margin
        let text = TextLayout.truncated(prompt.message, toWidth: max(0, room), font: .body, measurer: measurer)
        let body = measurer.metrics(of: .body), caption = measurer.metrics(of: .caption)
        list.append(
            .text(text, origin: Point(x: margin, y: body.baseline(centredIn: bar, height: height)), .body, theme.onAccent))
        let outline = theme.onAccent.withAlpha(BarMetrics.promptOutlineAlpha)
        for (button, frame) in zip(prompt.buttons, frames) {
            list.append(.strokeRect(frame, outline, width: 1))
            var x = frame.minX + BarMetrics.promptChoicePadding
            if let checked = button.isChecked {
                let side = BarMetrics.promptCheckBoxSize
                let box = Rect(x: x, y: frame.midY - side / 2, width: side, height: side)
                list.append(.strokeRect(box, theme.onAccent, width: 1))
                if checked { list.append(.fill(box.insetBy(dx: 2.5, dy: 2.5), theme.onAccent)) }
                x += side + BarMetrics.promptCheckBoxGap
            }
            let baseline = caption.baseline(
                centredIn: frame.minY - (BarMetrics.promptHeight - BarMetrics.promptChoiceHeight) / 2, height: height)
            list.append(.text(button.label, origin: Point(x: x, y: baseline), .caption, theme.onAccent))
        }
    }

    /// Where a plain prompt's two choices sit in a pane `paneWidth` wide: "Return: OK" then
    /// "Escape: Cancel" at the trailing end of the band.
    static func promptChoiceFrames(paneWidth: Double, measurer: any TextMeasurer) -> (accept: Rect, cancel: Rect) {
        let frames = promptChoiceFrames(for: PromptChrome(message: ""), paneWidth: paneWidth, measurer: measurer)
        return (frames[0], frames[1])
    }

    /// Where `prompt`'s buttons sit in a pane `paneWidth` wide, in the pane's coordinates and
    /// in the order of its buttons: side by side, ending at the trailing end of the band (of
    /// its second row for a tall prompt), each framed with ``BarMetrics/promptChoicePadding``
    /// around its text (and its check box). Both the drawing and the pointer read them, so a
    /// click lands where the choice is drawn.
    static func promptChoiceFrames(for prompt: PromptChrome, paneWidth: Double, measurer: any TextMeasurer) -> [Rect] {
        let pad = BarMetrics.promptChoicePadding, gap = BarMetrics.promptChoiceGap
        let row = prompt.isTall ? BarMetrics.promptHeight - BarMetrics.promptRowOverlap : 0
        let top = LayoutMetrics.navigationBarHeight + row + (BarMetrics.promptHeight - BarMetrics.promptChoiceHeight) / 2
        let widths = prompt.buttons.map { button in
            measurer.width(of: button.label, font: .caption) + 2 * pad
                + (button.isChecked == nil ? 0 : BarMetrics.promptCheckBoxSize + BarMetrics.promptCheckBoxGap)
        }
        var x = paneWidth - BarMetrics.promptMargin + pad - widths.reduce(0, +) - gap * Double(max(0, widths.count - 1))
        var frames: [Rect] = []
        for width in widths {
            frames.append(Rect(x: x, y: top, width: width, height: BarMetrics.promptChoiceHeight))
            x += width + gap
        }
        return frames
    }

    /// A shadow fading out over ``ChromeMetrics/shadowDepth`` one-point lines.
    private func drawShadow(_ shadow: Shadow, _ theme: Theme, into list: inout DisplayList) {
        let steps = ChromeMetrics.shadowDepth
        for step in 0..<steps {
            let alpha = UInt8(Double(theme.shadow.alpha) * Double(steps - step) / Double(steps + 1))
            let rect =
                switch shadow.direction {
                case .up: Rect(x: 0, y: shadow.position - Double(step + 1), width: size.width, height: 1)
                case .right: Rect(x: shadow.position + Double(step), y: 0, width: 1, height: size.height)
                case .left: Rect(x: shadow.position - Double(step + 1), y: 0, width: 1, height: size.height)
                }
            list.append(.fill(rect, theme.shadow.withAlpha(alpha)))
        }
    }
}

/// The navigation bar's drawing numbers, in points (its height is
/// ``LayoutMetrics/navigationBarHeight``, since the layout needs it too).
public enum BarMetrics {
    /// The least room between the title and a button or the pane's edge.
    public static let titleInset: Double = 8
    /// How far a button's title starts inside its icon's square (the glyphs leave that much
    /// empty on their right).
    public static let buttonTitleOverlap: Double = 4
    /// The height of a prompt's band under the bar.
    public static let promptHeight: Double = 40
    /// The prompt's margin at either edge, and between its question and its keys.
    public static let promptMargin: Double = 16
    /// The keys a prompt names, on its trailing side: its two choices.
    public static var promptKeys: String { promptAccept + "   " + promptCancel }
    /// A prompt's accepting choice: Return, or a click on it.
    public static var promptAccept: String {
        PromptChrome.label(KeyChord.Key.return.displayName, String(translated: "OK"))
    }
    /// A prompt's cancelling choice: Escape, or a click on it.
    public static var promptCancel: String {
        PromptChrome.label(KeyChord.Key.escape.displayName, String(translated: "Cancel"))
    }
    /// The room around a prompt choice's text inside its outline.
    public static let promptChoicePadding: Double = 8
    /// Between a prompt's two choices.
    public static let promptChoiceGap: Double = 6
    /// The height of a prompt choice's outline.
    public static let promptChoiceHeight: Double = 26
    /// The height a prompt with more choices adds for its row of buttons.
    public static let promptRowHeight: Double = 30
    /// How far that row starts above the first row's bottom: the two rows share this much.
    public static let promptRowOverlap: Double = 10
    /// The side of a prompt choice's check box.
    public static let promptCheckBoxSize: Double = 11
    /// Between a check box and its label.
    public static let promptCheckBoxGap: Double = 6
    /// The opacity of a prompt choice's outline, of 255.
    public static let promptOutlineAlpha: UInt8 = 150
    /// The opacity of a disabled item's glyph and title, of 255.
    public static let disabledAlpha: UInt8 = 90
}

/// The drawing numbers of what a pane draws over its content.
public enum ChromeMetrics {
    /// The width of a focused or active divider's highlight, inside the pane it borders.
    public static let dividerBand: Double = 3
    /// The opacity of a focused (not moving) divider's highlight, of 255.
    public static let focusedDividerAlpha: UInt8 = 190
    /// The width of the focus ring around a focused pane's content.
    public static let focusRingWidth: Double = 2
    /// The opacity of the focus ring, of 255.
    public static let focusRingAlpha: UInt8 = 160
    /// How many one-point lines an overlay's shadow fades over.
    public static let shadowDepth = 12
    /// The width of the accent frame a host draws inside a dragged pane's drop target
    /// (``SplitViewController/paneDropTarget``).
    public static let dropTargetWidth: Double = 3
}
