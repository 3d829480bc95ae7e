import Testing

@testable import SplitView

/// The reader showing a picture: fitted below its margin, a band saying how it is scaled, no
/// scroll bar, no line wrapping in the View menu, and a display list that compares the
/// picture by identity.
@Suite struct TextReaderImageTests {
    static func context(width: Double = 800, height: Double = 600) -> DrawContext {
        DrawContext(
            bounds: Rect(x: 0, y: 38, width: width, height: height), theme: .light, measurer: FixedAdvanceMeasurer(),
            isFocused: false)
    }

    static func picture(_ width: Int, _ height: Int) -> ImagePixels {
        ImagePixels(width: width, height: height, argb: Array(repeating: 0xFF80_4020, count: width * height))
    }

    static func images(_ ops: [DrawOp]) -> [(ImagePixels, Rect)] {
        ops.compactMap { if case .image(let image, let rect) = $0 { (image, rect) } else { nil } }
    }

    static func texts(_ ops: [DrawOp]) -> [String] {
        ops.compactMap { if case .text(let text, _, _, _) = $0 { text } else { nil } }
    }

    @Test func aSmallPictureShowsAtOneToOneCentredWithoutABand() {
        let reader = TextViewController(title: "icon.png")
        let icon = Self.picture(100, 50)
        reader.image = icon
        let context = Self.context()
        reader.layoutIfNeeded(in: context)
        let ops = reader.draw(in: context)
        #expect(ops == [.image(icon, in: Rect(x: 350, y: 38 + 275, width: 100, height: 50))])
        #expect(reader.scrollExtent(in: context.bounds) == nil, "no scroll bar")
    }

    @Test func aLargePictureIsFittedBelowABandThatSaysSo() throws {
        let reader = TextViewController(title: "photo.jpg")
        reader.image = Self.picture(4000, 3000)
        let context = Self.context()
        let ops = reader.draw(in: context)
        let band = (FixedAdvanceMeasurer().metrics(of: .caption).lineHeight + TextMetrics.noticePadding).rounded()
        let (_, frame) = try #require(Self.images(ops).first)
        let area = Rect(x: 0, y: 38 + band, width: 800, height: 600 - band).insetBy(dx: 16, dy: 16)
        #expect(frame == ImageFit.frame(of: Size(width: 4000, height: 3000), in: area))
        #expect(frame.minY >= 38 + band + 16)
        let percent = ImageFit.percentage(frame.width / 4000)
        #expect(Self.texts(ops) == ["4\u{A0}000 × 3\u{A0}000 pixels, shown at \(percent)"])
        #expect(ops.first == .fill(Rect(x: 0, y: 38, width: 800, height: band), Theme.light.selection))
    }

    @Test func aNoticeShowsBeforeTheScaleInTheBand() {
        let reader = TextViewController(title: "photo.jpg")
        reader.image = Self.picture(4000, 3000)
        reader.notice = "Damaged JPEG"
        #expect(Self.texts(reader.draw(in: Self.context(width: 2000))).first?.hasPrefix("Damaged JPEG · 4\u{A0}000 × ") == true)
        reader.image = Self.picture(10, 10)
        #expect(Self.texts(reader.draw(in: Self.context())) == ["Damaged JPEG"], "at 1:1, the notice alone")
    }

    /// The fit is taken when drawn: the same reader at another width fits again, with no
    /// layout of its own.
    @Test func thePictureIsFittedAgainAtEverySize() throws {
        let reader = TextViewController(title: "photo.jpg")
        reader.image = Self.picture(4000, 3000)
        let wide = try #require(Self.images(reader.draw(in: Self.context(width: 1000))).first?.1)
        let narrow = try #require(Self.images(reader.draw(in: Self.context(width: 500))).first?.1)
        #expect(narrow.width < wide.width)
        #expect(abs(narrow.width / narrow.height - 4.0 / 3.0) < 1e-9)
    }

    @Test func aPaneTooSmallForAnythingDrawsNoPicture() {
        let reader = TextViewController(title: "photo.jpg")
        reader.image = Self.picture(40, 30)
        #expect(Self.images(reader.draw(in: Self.context(width: 20, height: 20))).isEmpty)
    }

    /// A new picture redraws; the same picture set again notifies nobody; a picture replaces
    /// the text and the dump, which come back when it goes.
    @Test func settingThePictureRedrawsOnlyWhenItChanges() {
        let reader = TextViewController(title: "a", text: "text")
        let picture = Self.picture(4, 4)
        let before = reader.revision
        reader.image = picture
        #expect(reader.revision != before)
        let after = reader.revision
        reader.image = picture
        #expect(reader.revision == after)
        #expect(Self.texts(reader.draw(in: Self.context())).isEmpty)
        reader.image = nil
        reader.layoutIfNeeded(in: Self.context())
        #expect(Self.texts(reader.draw(in: Self.context())) == ["text"])
    }

    @Test func theKeysAndTheWheelMoveNothing() {
        let reader = TextViewController(title: "photo.jpg")
        reader.image = Self.picture(4000, 3000)
        let context = Self.context()
        let before = reader.draw(in: context)
        for command in [Command.selectNext, .pageDown, .scrollToEnd] { _ = reader.perform(command, in: context.bounds) }
        _ = reader.scroll(dy: 300, in: context.bounds)
        #expect(reader.scroll(dx: 300, in: context.bounds) == false, "sideways stays the split view's gesture")
        #expect(reader.draw(in: context) == before)
    }

    @Test func theViewMenuHasNoWrappingWhileAPictureShows() {
        let split = SplitViewController(style: .doubleColumn)
        let reader = TextViewController(title: "photo.jpg", text: "x")
        split.setViewController(reader, for: .secondary)
        split.handle(.resize(Size(width: 1400, height: 800)))
        split.focusedColumn = .secondary
        reader.image = Self.picture(8, 8)
        split.handle(.command(.showMenu))
        #expect(split.menu?.items.contains { $0.command == .toggleLineWrapping } == false)
    }

    /// Two pictures of the same pixels are two pictures: equality and hashing go by identity,
    /// never by the megabytes.
    @Test func picturesCompareByIdentity() {
        let one = Self.picture(2, 2), other = Self.picture(2, 2)
        #expect(one == one && one != other)
        #expect(Set([one, one, other]).count == 2)
        #expect(DrawOp.image(one, in: .zero) != DrawOp.image(other, in: .zero))
        #expect(one.naturalSize == Size(width: 2, height: 2))
        #expect(one.description == "image 2×2 (1 levels)")
    }
}

/// Decided: a picture has no text to find: Ctrl+F on it opens nothing, and the file's text
/// can be searched again once it shows.
@Suite struct TextReaderImageFindTests {
    @Test func controlFOnAPictureOpensNoField() {
        let f = Fixture(.tripleColumn, width: 1400)
        let reader = TextViewController(title: "icon.png")
        reader.image = TextReaderImageTests.picture(10, 10)
        f.split.setViewController(reader, for: .secondary)
        f.split.focusedColumn = .secondary
        f.send(key(.character("f"), .control))
        #expect(!reader.isFindNavigatorVisible)
        reader.image = nil
        reader.text = "words"
        f.send(key(.character("f"), .control))
        #expect(reader.isFindNavigatorVisible)
    }
}
