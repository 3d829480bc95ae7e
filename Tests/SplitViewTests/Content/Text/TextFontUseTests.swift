import Testing

@testable import SplitView

/// `TextViewController`: the text's own font is read only once there is text to set in it, so
/// that a host may open that face (the reader's monospace one) late; the placeholder is set,
/// and placed, in the body font.
@Suite struct TextFontUseTests {
    /// A fixed-advance measurer that records which fonts were asked about.
    final class FontRecorder: TextMeasurer {
        private let base = FixedAdvanceMeasurer()
        var asked: Set<FontRole> = []

        func width(of text: String, font: FontRole) -> Double {
            asked.insert(font)
            return base.width(of: text, font: font)
        }

        func metrics(of font: FontRole) -> FontMetrics {
            asked.insert(font)
            return base.metrics(of: font)
        }
    }

    @Test func aReaderWithoutTextNeverAsksForItsFont() {
        let recorder = FontRecorder()
        let context = DrawContext(
            bounds: Rect(x: 0, y: 38, width: 600, height: 400), theme: .light, measurer: recorder, isFocused: false)
        let reader = TextViewController(title: "Reader", placeholder: "No file selected")
        reader.font = .monospace
        reader.viewWillLayoutSubviews(in: context)
        let ops = reader.draw(in: context)
        #expect(!recorder.asked.contains(.monospace))
        // The placeholder, on the body font's first line.
        let body = FixedAdvanceMeasurer().metrics(of: .body)
        #expect(
            ops.contains {
                if case .text("No file selected", let origin, .body, _) = $0 {
                    origin.y == 38 + TextMetrics.padding + body.ascent
                } else {
                    false
                }
            })
        // Text to set: now its font is read, laid out and drawn in it.
        reader.text = "let x = 1"
        reader.viewWillLayoutSubviews(in: context)
        #expect(recorder.asked.contains(.monospace))
        #expect(reader.draw(in: context).contains { if case .text(_, _, .monospace, _) = $0 { true } else { false } })
    }
}
