import Testing

@testable import SplitView

/// `+Drawing.swift`: each pane's display list (bar, title, button icons, hover and press
/// fills, the focus ring, the dim veil and shadows) and the pane key that changes exactly
/// when the drawing would.
@Suite struct DrawingTests {
    static let theme = Theme.light

    static func fills(_ list: DisplayList?, _ color: Color) -> [Rect] {
        (list?.ops ?? []).compactMap { if case .fill(let rect, color) = $0 { rect } else { nil } }
    }

    static func strokes(_ list: DisplayList?) -> [Rect] {
        (list?.ops ?? []).compactMap { if case .strokeRect(let rect, _, _) = $0 { rect } else { nil } }
    }

    @Test func everyPaneHasABarWithItsTitle() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        for (column, title) in [(SplitViewController.Column.primary, "P"), (.supplementary, "S"), (.secondary, "D")] {
            let list = try #require(f.split.laidOutDisplayList(for: column))
            let width = try #require(f.split.layout.frame(of: column)).width
            #expect(list.size == Size(width: width, height: 800))
            #expect(Self.fills(list, Self.theme.barBackground) == [Rect(x: 0, y: 0, width: width, height: 38)])
            #expect(list.texts == [title])
            // A short title centres in the bar.
            let origin = list.ops.compactMap { if case .text(_, let origin, .title, _) = $0 { origin } else { nil } }.first
            #expect(origin.map { abs($0.x - (width - 7.8) / 2) < 0.001 } == true)
        }
        #expect(f.split.laidOutDisplayList(for: .inspector) == nil)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func buttonIconsArePolylinesInTheIconColour() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let button = try #require(f.split.layout.button(.displayMode))
        #expect(button.column == .primary && button.icon == .sidebar)
        let list = try #require(f.split.laidOutDisplayList(for: .primary))
        let strokes = list.ops.compactMap { if case .polyline(let points, Self.theme.icon, _) = $0 { points } else { nil } }
        #expect(strokes.count == 2)  // the sidebar glyph: an outline and the sidebar's edge
        let box = Rect(x: button.frame.minX, y: button.frame.minY, width: 28, height: 28)
        #expect(strokes.joined().allSatisfy { box.contains($0) })
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .secondaryOnly  // the chevron, in the secondary's bar
        let chevron = f.split.laidOutDisplayList(for: .secondary)?.ops.compactMap {
            if case .polyline(let points, _, _) = $0 { points } else { nil }
        }
        #expect(chevron?.map(\.count) == [3])
        #expect(f.recorder.takeAll() == [.willChangeTo(.secondaryOnly)])
    }

    @Test func hoverAndPressFillTheButton() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let button = try #require(f.split.layout.button(.displayMode))
        let center = Point(x: button.frame.midX, y: button.frame.midY)
        #expect(Self.fills(f.split.laidOutDisplayList(for: .primary), Self.theme.buttonHover).isEmpty)
        f.send(.pointerMoved(center))
        #expect(f.split.layout.button(.displayMode)?.isHovered == true)
        #expect(Self.fills(f.split.laidOutDisplayList(for: .primary), Self.theme.buttonHover) == [button.frame])
        f.send(.pointerDown(center))
        #expect(f.split.layout.button(.displayMode)?.isPressed == true)
        #expect(Self.fills(f.split.laidOutDisplayList(for: .primary), Self.theme.buttonPressed) == [button.frame])
        f.send(.pointerMoved(Point(x: 200, y: 400)))  // dragged off: not pressed, and releasing does nothing
        #expect(f.split.layout.button(.displayMode)?.isPressed == false)
        f.send(.pointerUp(Point(x: 200, y: 400)))
        #expect(f.split.displayMode == .twoBesideSecondary)
        f.send(.pointerExited)
        #expect(Self.fills(f.split.laidOutDisplayList(for: .primary), Self.theme.buttonHover).isEmpty)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func theFocusRingNeedsTwoPanes() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let content = Rect(x: 0, y: 38, width: 280, height: 762)
        #expect(Self.strokes(f.split.laidOutDisplayList(for: .primary)) == [content])
        #expect(Self.strokes(f.split.laidOutDisplayList(for: .supplementary)).isEmpty)
        f.send(key(.f8))  // a focused divider takes the ring away from the pane
        #expect(Self.strokes(f.split.laidOutDisplayList(for: .primary)).isEmpty)
        f.send(key(.return))
        f.split.preferredDisplayMode = .secondaryOnly
        #expect(f.split.focusedColumn == .secondary)
        #expect(Self.strokes(f.split.laidOutDisplayList(for: .secondary)).isEmpty)  // one pane: no ring
        #expect(f.recorder.takeAll() == [.willChangeTo(.secondaryOnly)])
    }

    @Test func theDimmedSecondaryHasAVeilAndAShadow() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .oneOverSecondary
        let list = try #require(f.split.laidOutDisplayList(for: .secondary))
        #expect(list.ops.last == .fill(Rect(x: 0, y: 0, width: 1400, height: 800), Self.theme.dim))
        // Twelve 1-pt bands fading away from the supplementary's edge at 320.
        let shadows = list.ops.compactMap { op -> Rect? in
            if case .fill(let rect, let color) = op, rect.width == 1, color.withAlpha(255) == Self.theme.shadow.withAlpha(255) {
                rect
            } else {
                nil
            }
        }
        #expect(shadows == (0..<12).map { Rect(x: 320 + Double($0), y: 0, width: 1, height: 800) })
        let overlay = try #require(f.split.laidOutDisplayList(for: .supplementary))
        #expect(!Self.fills(overlay, Self.theme.divider).isEmpty)  // the hairline on its edge
        #expect(!overlay.ops.contains(.fill(Rect(x: 0, y: 0, width: 320, height: 800), Self.theme.dim)))
        f.send(key(.escape))
        #expect(
            f.split.laidOutDisplayList(for: .secondary)?.ops.last
                != .fill(Rect(x: 0, y: 0, width: 1400, height: 800), Self.theme.dim))
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.secondaryOnly), .willChangeTo(.oneOverSecondary),
                .willChangeTo(.secondaryOnly), .willHide(.supplementary), .didHide(.supplementary),
            ])
    }

    @Test func aFocusedDividerIsHighlightedOnBothSides() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(key(.f8))
        let band = Self.theme.accent.withAlpha(190)
        #expect(Self.fills(f.split.laidOutDisplayList(for: .primary), band) == [Rect(x: 277, y: 0, width: 3, height: 800)])
        #expect(Self.fills(f.split.laidOutDisplayList(for: .supplementary), band) == [Rect(x: 0, y: 0, width: 3, height: 800)])
        f.send(key(.right))  // moving: the active colour
        #expect(Self.fills(f.split.laidOutDisplayList(for: .primary), Self.theme.accent).count == 1)
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Pane keys

    /// For every showing column: the key changes whenever the display list does (the doc
    /// comment's promise); with `exact`, the key also stays when the list does.
    static func compare(_ f: Fixture, _ step: String, exact: Bool = false, _ run: () -> Void) {
        let columns = f.shown
        let before = columns.map { (f.split.paneKey(for: $0), f.split.laidOutDisplayList(for: $0)) }
        run()
        for (column, (key, list)) in zip(columns, before) {
            let newList = f.split.laidOutDisplayList(for: column), newKey = f.split.paneKey(for: column)
            let keyChanged = newKey != key
            if newList != list {
                #expect(keyChanged, "\(step): \(column) drawing changed but its key did not")
            } else if exact {
                #expect(!keyChanged, "\(step): \(column) drawing the same but its key changed")
            }
        }
    }

    @Test func thePaneKeyChangesWheneverTheDrawingDoes() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let list = ListViewController(title: "L", items: (0..<50).map { ListItem(title: "Row \($0)") })
        f.split.setViewController(list, for: .supplementary)
        let button = try #require(f.split.layout.button(.displayMode))
        let center = Point(x: button.frame.midX, y: button.frame.midY)
        let steps: [(String, Input)] = [
            ("hover", .pointerMoved(center)), ("press", .pointerDown(center)), ("release", .pointerUp(center)),
            ("exit", .pointerExited), ("F6", key(.f6)), ("down", key(.down)),
            ("scroll", .scroll(dx: 0, dy: 90, at: Point(x: 500, y: 400))),
            ("F8", key(.f8)), ("right", key(.right)), ("return", key(.return)), ("F9", key(.f9)),
            ("inspector", key(.character("i"), [.control, .alt])), ("F8 again", key(.f8)), ("home", key(.home)),
            ("escape", key(.escape)), ("F6 twice", key(.f6)), ("shift-F9", key(.f9, .shift)),
        ]
        for (name, input) in steps { Self.compare(f, name) { f.send(input) } }
        Self.compare(f, "theme") { f.split.theme = .dark }
        Self.compare(f, "title") { list.title = "Files" }
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary),  // the button
                .willChangeTo(.twoBesideSecondary), .willShow(.primary), .didShow(.primary),  // F9
                .willShow(.inspector), .didShow(.inspector),
                .willChangeTo(.secondaryOnly), .willHide(.supplementary), .willHide(.primary), .didHide(.supplementary),
                .didHide(.primary),
            ])
    }

    /// Drawing is a read: a list scrolled past its last row is kept in range by the layout
    /// pass the host runs (``SplitViewController/layoutPanes()``), never by drawing, so the key
    /// the host saved with the drawing is the key after it, and nothing is drawn twice.
    @Test func drawingChangesNeitherThePaneKeyNorTheContent() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let list = ListViewController(title: "L", items: (0..<100).map { ListItem(title: "Row \($0)") })
        f.split.setViewController(list, for: .primary)
        list.scrollOffset = 1e6  // past the rows: the next layout pass keeps it in range
        let unlaid = try #require(f.split.paneKey(for: .primary))
        _ = f.split.displayList(for: .primary)
        #expect(f.split.paneKey(for: .primary) == unlaid)
        #expect(list.scrollOffset == 1e6)
        f.split.layoutPanes()
        let key = try #require(f.split.paneKey(for: .primary))
        #expect(key != unlaid)
        #expect(list.scrollOffset == 100 * 30 - 762)
        let drawn = f.split.displayList(for: .primary)
        #expect(f.split.paneKey(for: .primary) == key)
        #expect(drawn?.texts.contains("Row 99") == true)
        // A second pass with nothing changed changes nothing.
        f.split.layoutPanes()
        #expect(f.split.paneKey(for: .primary) == key)
    }

    @Test func thePaneKeyStaysWhenNothingIsRedrawn() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let steps: [(String, Input)] = [
            ("move over nothing", .pointerMoved(Point(x: 900, y: 400))), ("move again", .pointerMoved(Point(x: 950, y: 410))),
            ("exit", .pointerExited), ("idle tick", .tick(now: 1)), ("same size", .resize(Size(width: 1400, height: 800))),
            ("scroll over a plain pane", .scroll(dx: 0, dy: 50, at: Point(x: 900, y: 400))),
            ("show what shows", .command(.show(.primary))), ("escape with nothing to cancel", key(.escape)),
        ]
        for (name, input) in steps { Self.compare(f, name, exact: true) { f.send(input) } }
        Self.compare(f, "no-op title", exact: true) { f.secondary.title = "D" }
        Self.compare(f, "same theme", exact: true) { f.split.theme = .light }
        #expect(f.recorder.takeAll() == [])
    }

    /// The highlight of a focused divider turns from the quieter to the full accent when a
    /// move starts, even when the move cannot change the width.
    @Test func thePaneKeyFollowsADividerBecomingActive() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(key(.f8), key(.home), key(.return), key(.f8))  // the primary is at its minimum, its divider focused
        Self.compare(f, "home at the minimum") { f.send(key(.home)) }
        let g = Fixture(.tripleColumn, width: 1400)
        g.send(key(.f8))
        Self.compare(g, "press on the focused divider") { g.send(.pointerDown(Point(x: 280, y: 400))) }
        #expect(f.recorder.takeAll() == [])
    }
}
