import CX11
import SplitView
import Testing

@testable import SplitViewX11

@Suite struct FontNameTests {
    @Test func familySeparatorsAreEscapedForFontconfig() {
        #expect(FontSet.escaped("DejaVu Sans") == "DejaVu Sans")
        #expect(FontSet.escaped("A-B:C,D\\E") == "A\\-B\\:C\\,D\\\\E")
    }
}

extension X11Tests {
    @Suite struct FontSetTests {
        @Test func opensTheThemeFamilyWithABoldTitle() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: Theme.light.fontFamily)
                #expect(fonts.matchedName(.body).contains("DejaVu Sans"))
                #expect(fonts.matchedName(.title).contains("Bold"))
                #expect(!fonts.matchedName(.body).contains("Bold"))
            }
        }

        /// Decided: a role that draws from a file another role draws at another size has a
        /// FreeType face of its own (the caption's 11 px beside the body's 13 px, both DejaVu
        /// Sans), so that a glyph loaded in one size never resets the other's hinting; the
        /// title, from a file of its own, keeps the face Xft shares. The caption still
        /// measures as the same font opened by name.
        @Test func aRoleSharingAFileAtAnotherSizeHasAFaceOfItsOwn() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: "DejaVu Sans")
                let display = connection.display
                func face(_ role: FontRole) throws -> FT_Face {
                    defer { XftUnlockFace(fonts.font(role)) }
                    return try #require(XftLockFace(fonts.font(role)))
                }
                let body = try face(.body), caption = try face(.caption), title = try face(.title)
                #expect(body != caption)
                #expect(String(cString: body.pointee.family_name) == String(cString: caption.pointee.family_name))
                #expect(String(cString: caption.pointee.style_name) == "Book")
                #expect(String(cString: title.pointee.style_name) == "Bold")
                let plain = try #require(XftFontOpenName(display, connection.screen, "DejaVu Sans:pixelsize=11"))
                defer { XftFontClose(display, plain) }
                let shared = try #require(XftLockFace(plain))
                XftUnlockFace(plain)
                #expect(shared == body && shared != caption, "Xft shares the file's face; the caption has its own")
                for text in ["file2.txt", "3 bytes, Today", "WWW iii 0123"] {
                    var extents = XGlyphInfo()
                    XftTextExtentsUtf8(display, plain, text, Int32(text.utf8.count), &extents)
                    #expect(fonts.pixelAdvance(of: text, .caption) == Int(extents.xOff))
                }
                #expect(fonts.metrics(of: .caption).lineHeight == Double(plain.pointee.height))
                #expect(fonts.heldReferences == fonts.fontsToClose)
            }
        }

        /// Every font the set opens is one it will close: no reference is taken twice (a
        /// lazy `first` once opened each role's font twice and leaked one), and a fallback
        /// that turns out useless or already held gives its reference back.
        @Test func everyFontOpenedIsOneTheSetWillClose() throws {
            try withConnection { connection in
                for family in [Theme.light.fontFamily, "No Such Family 12345"] {
                    let fonts = try FontSet(connection: connection, family: family)
                    _ = fonts.font(.monospace)  // opened when first asked (see the test below)
                    #expect(fonts.heldReferences == FontRole.allCases.count)
                    _ = fonts.measurer.width(of: "Ελληνικά 漢字 ✓ \u{10FFFD} abc", font: .body)
                    #expect(fonts.heldReferences == fonts.fontsToClose)
                }
            }
        }

        /// Decided: the monospace face opens the first time it is drawn or measured, not with
        /// the set (a window that shows no file's text never needs it); once open it stays.
        @Test func theMonospaceFaceOpensWhenFirstAsked() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: Theme.light.fontFamily)
                #expect(!fonts.isOpen(.monospace))
                #expect(fonts.isOpen(.body) && fonts.isOpen(.title) && fonts.isOpen(.caption))
                #expect(fonts.heldReferences == FontRole.allCases.count - 1)
                let width = fonts.measurer.width(of: "iiii", font: .monospace)
                #expect(fonts.isOpen(.monospace))
                #expect(width == fonts.measurer.width(of: "WWWW", font: .monospace))  // a monospace face indeed
                #expect(fonts.heldReferences == FontRole.allCases.count)
                _ = fonts.font(.monospace)
                #expect(fonts.heldReferences == FontRole.allCases.count)  // opened once
                #expect(fonts.heldReferences == fonts.fontsToClose)
            }
        }

        /// The monospace role opens fontconfig's `monospace` (DejaVu Sans Mono here), or the
        /// family asked for, and every character of it is as wide as the next.
        @Test func theMonospaceRoleOpensAFixedWidthFamily() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: Theme.light.fontFamily)
                #expect(fonts.matchedName(.monospace).contains("Mono"))
                #expect(!fonts.matchedName(.body).contains("Mono"))
                let measurer = fonts.measurer
                #expect(measurer.width(of: "iiii", font: .monospace) == measurer.width(of: "MMMM", font: .monospace))
                #expect(measurer.width(of: "iiii", font: .body) < measurer.width(of: "MMMM", font: .body))
                let chosen = try FontSet(connection: connection, family: "DejaVu Sans", monospaceFamily: "DejaVu Serif")
                #expect(chosen.matchedName(.monospace).contains("DejaVu Serif"), "the configured family")
            }
        }

        /// A control picture is drawn from a font that has it, or as its caret stand-in in the
        /// role's font: never as the missing-glyph box, and measured as it is drawn.
        @Test func controlPicturesNeverDrawAsBoxes() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: Theme.light.fontFamily)
                let text = "a\u{2400}\u{241B}[0m\u{2421}\u{2426}b"
                var drawn = 0
                for run in fonts.runs(of: text, .monospace) {
                    for scalar in run.text.unicodeScalars {
                        #expect(XftCharExists(connection.display, run.font, scalar.value) != 0, "\(scalar) has a glyph")
                    }
                    drawn += fonts.pixelAdvance(of: run.text, .monospace)
                }
                #expect(drawn == fonts.pixelAdvance(of: text, .monospace), "measured as drawn")
            }
        }

        @Test func standInsAreCaretNotation() {
            #expect(FontSet.standIn(for: "\u{2400}") == "^@")
            #expect(FontSet.standIn(for: "\u{241B}") == "^[")
            #expect(FontSet.standIn(for: "\u{241F}") == "^_")
            #expect(FontSet.standIn(for: "\u{2421}") == "^?")
            #expect(FontSet.standIn(for: "\u{2426}") == "\u{BF}")
            #expect(FontSet.standIn(for: "\u{2420}") == nil, "SP's picture is no control's")
            #expect(FontSet.standIn(for: "a") == nil)
        }

        @Test func widthIsPositiveAndFollowsTheGlyphs() throws {
            try withConnection { connection in
                let measurer = try FontSet(connection: connection, family: "DejaVu Sans").measurer
                #expect(measurer.width(of: "iii", font: .body) > 0)
                #expect(measurer.width(of: "WWW", font: .body) > measurer.width(of: "iii", font: .body))
                #expect(measurer.width(of: "", font: .body) == 0)
                #expect(measurer.width(of: "Inbox", font: .caption) < measurer.width(of: "Inbox", font: .body))
            }
        }

        @Test func cachedWidthEqualsTheFirstMeasurement() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: "DejaVu Sans")
                let first = fonts.width(of: "Documents", font: .title)
                for i in 0...5000 { _ = fonts.width(of: "row \(i)", font: .body) }  // overflow it
                #expect(fonts.width(of: "Documents", font: .title) == first)
                #expect(fonts.width(of: "Documents", font: .title) == first)
            }
        }

        @Test func runWiderThanSixteenBitsIsTheSumOfItsGlyphs() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: "DejaVu Sans")
                let one = fonts.width(of: "W", font: .body)
                let long = fonts.width(of: String(repeating: "W", count: 4000), font: .body)
                #expect(one * 4000 > 32_767)  // Xft's xOff would wrap
                #expect(long == one * 4000)
            }
        }

        @Test func widthInPointsBarelyChangesWithScale() throws {
            try withConnection { connection in
                let normal = try FontSet(connection: connection, family: "DejaVu Sans", scale: PixelScale(1))
                let double = try FontSet(connection: connection, family: "DejaVu Sans", scale: PixelScale(2))
                let a = normal.width(of: "Hello, world", font: .body), b = double.width(of: "Hello, world", font: .body)
                #expect(abs(a - b) <= a / 10)  // hinting, not a factor of 2
                let (h1, h2) = (normal.metrics(of: .body).lineHeight, double.metrics(of: .body).lineHeight)
                #expect(abs(h1 - h2) <= h1 / 10)
            }
        }

        @Test func metricsAreInPointsAndConsistent() throws {
            try withConnection(scale: 2) { connection in
                let metrics = try FontSet(connection: connection, family: "DejaVu Sans").metrics(of: .body)
                #expect(metrics.ascent > 8 && metrics.ascent < 16)  // 13 pt, not 26 px
                #expect(metrics.descent > 0)
                #expect(metrics.lineHeight >= metrics.ascent + metrics.descent - 1)
            }
        }

        @Test func unknownFamilyStillOpensASubstitute() throws {
            try withConnection { connection in
                let fonts = try FontSet(connection: connection, family: "No Such Family 7f3a")
                #expect(fonts.width(of: "Hello", font: .body) > 0)
            }
        }
    }
}
