import CX11
import Glibc
import SplitView

/// One open Xft font per `FontRole`, and the text measurements the core asks for.
///
/// Each role opens as `Family:pixelsize=N` with `N = role.pointSize × scale` (Xft's `size` is in
/// typographic points and would apply the dpi a second time), bold roles with `:weight=bold`.
/// `FontRole.monospace` opens in ``monospaceFamily`` instead (fontconfig's `monospace` by
/// default). Fontconfig substitutes a close match for a family that is not installed; should
/// even that fail, the set falls back to `sans`, then `monospace`, then fontconfig's default
/// (`monospace` first for the monospace role).
public final class FontSet {
    /// The connection the fonts were opened on; kept so the display outlives them.
    public let connection: X11Connection
    /// Pixels per point the fonts were sized for.
    public let scale: PixelScale
    /// The family asked for, e.g. `DejaVu Sans`.
    public let family: String
    /// The family asked for the monospace role, e.g. `monospace` or `DejaVu Sans Mono`.
    public let monospaceFamily: String
    /// How much larger than the roles' own sizes the text is drawn (1: body text 13 pt). Text
    /// is measured in points as drawn, so the layout follows; bars and rows keep their heights.
    public let textScale: Double
    /// Where fontconfig's answers for the roles are kept between runs; nil asks fontconfig
    /// each time.
    public let cache: FontCache?
    private var fonts: [FontRole: UnsafeMutablePointer<XftFont>] = [:]
    /// The FreeType faces opened for roles of their own (``ownSize(_:_:)``), closed after
    /// their fonts: Xft does not close a face it was given.
    private var ownFaces: [FT_Face] = []
    /// Pixel advances of the ASCII characters, per role; -1 until asked.
    private var asciiAdvances: [[Int32]] = Array(repeating: Array(repeating: -1, count: 128), count: FontRole.allCases.count)
    /// Pixel advances of the other characters (in whichever font draws them).
    private var advances: [Coverage: Int32] = [:]
    /// For each (role, character) outside the role's font: the fallback font that has it.
    private var coverage: [Coverage: UnsafeMutablePointer<XftFont>] = [:]
    /// The fallback fonts opened so far, each held once.
    private var fallbacks: [UnsafeMutablePointer<XftFont>] = []
    /// Roles opened late whose every candidate failed: drawn in the body font.
    private var unopenable: Set<FontRole> = []
    /// Blocks of 256 characters (per role) for which fontconfig has no font.
    private var barrenBlocks: Set<Coverage> = []

    /// Opens every role of `family` at `scale` (the connection's scale by default), each
    /// `textScale` times its own size (clamped to 0.5…2.5: rows and bars keep their heights);
    /// the monospace role, in `monospaceFamily`, opens the first time it is drawn or measured.
    ///
    /// Decided: a window that shows no file's text never needs its monospace face, and opening
    /// it (fontconfig's match, FreeType's load, the file mapped) was work before the first
    /// frame and memory kept for nothing. Should not one monospace candidate open later —
    /// fontconfig had fonts a moment ago, so in practice never — that text is set in the body
    /// font.
    ///
    /// With a `cache` whose answers still hold, the roles open from the patterns it keeps,
    /// without loading fontconfig's configuration; a role it lacks is asked of fontconfig and
    /// kept for the next run.
    ///
    /// - Throws: ``X11Error`` `cannot open any font (tried "DejaVu Sans", "sans", …)` when not
    ///   one font opens, which means fontconfig has no fonts at all.
    public init(
        connection: X11Connection, family: String, monospaceFamily: String = "monospace", scale: PixelScale? = nil,
        textScale: Double = 1, cache: FontCache? = nil
    ) throws(X11Error) {
        self.cache = cache
        self.connection = connection
        self.scale = scale ?? connection.scale
        self.family = family
        self.monospaceFamily = monospaceFamily
        self.textScale = textScale.isFinite ? min(max(textScale, 0.5), 2.5) : 1
        for role in FontRole.allCases where !role.isMonospace {
            guard let opened = openFirst(of: candidates(for: role), role) else {
                let tried = candidates(for: role).map { "\"\($0)\"" }.joined(separator: ", ")
                throw X11Error(String(translated: "cannot open any font (tried \(tried))"))
            }
            fonts[role] = ownSize(opened, role)
        }
        FontWarmup.endRequests()
        cache?.save()
    }

    /// The families `role` tries in order.
    private func candidates(for role: FontRole) -> [String] {
        role.isMonospace ? [monospaceFamily, "monospace", "sans", ""] : [family, "sans", "monospace", ""]
    }

    /// The first of `candidates` that opens for `role`.
    private func openFirst(of candidates: [String], _ role: FontRole) -> UnsafeMutablePointer<XftFont>? {
        // A loop, not `candidates.lazy.compactMap(open).first`: that evaluates the closure
        // twice for the element it returns (once to find it, once to read it), and the font
        // opened the first time was never closed (LeakSanitizer found it).
        for candidate in candidates {
            if let opened = open(candidate, role) { return opened }
        }
        return nil
    }

    /// Whether `role`'s font is open yet (the monospace role opens when first asked).
    package func isOpen(_ role: FontRole) -> Bool { fonts[role] != nil }

    deinit {
        for font in fonts.values + fallbacks { XftFontClose(connection.display, font) }
        for face in ownFaces { FT_Done_Face(face) }
    }

    /// How many references to Xft fonts this set holds: each successful open takes one, each
    /// close gives one back. The deinitializer closes ``fonts`` and the fallbacks, so this is
    /// their count whenever nothing leaks.
    private(set) var heldReferences = 0

    /// How many fonts were opened from the cache's answers rather than asked of fontconfig.
    private(set) var openedFromCache = 0

    /// How many fonts the deinitializer will close: the roles' and the fallbacks'.
    var fontsToClose: Int { fonts.count + fallbacks.count }

    /// `text` cut into runs that one font each can draw: the role's own font wherever it has
    /// the glyph, else a font that fontconfig finds for that character (Greek, CJK, symbols…),
    /// else the role's font again, which draws its missing-glyph box.
    ///
    /// Xft draws with exactly the font it is given; this is the per-character fallback that
    /// fontconfig-based toolkits do, so a note in Japanese shows on a desktop that has a
    /// Japanese font. A control picture that no font has is drawn as its ``standIn(for:)``.
    package func runs(of text: String, _ role: FontRole) -> [(text: String, font: UnsafeMutablePointer<XftFont>)] {
        let primary = font(role)
        // Most text is one font's: look for a character it lacks before copying anything.
        if text.unicodeScalars.allSatisfy({
            $0.isASCII || (font(for: $0, role: role, primary: primary) == primary && standIn($0, role) == nil)
        }) {
            return [(text, primary)]
        }
        var runs: [(text: String, font: UnsafeMutablePointer<XftFont>)] = []
        var current = String.UnicodeScalarView(), currentFont = primary
        for scalar in text.unicodeScalars {
            let standIn = scalar.isASCII ? nil : self.standIn(scalar, role)
            let font = scalar.isASCII || standIn != nil ? primary : self.font(for: scalar, role: role, primary: primary)
            if font != currentFont && !current.isEmpty {
                runs.append((String(current), currentFont))
                current = String.UnicodeScalarView()
            }
            currentFont = font
            if let standIn { current.append(contentsOf: standIn.unicodeScalars) } else { current.append(scalar) }
        }
        if !current.isEmpty { runs.append((String(current), currentFont)) }
        return runs
    }

    /// The advance in pixels of a run of `role` text (all drawn in one font).
    public func pixelAdvance(of text: String, _ role: FontRole) -> Int {
        var pixels = 0
        for scalar in text.unicodeScalars { pixels += advance(of: scalar, role) }
        return pixels
    }

    /// One character's advance in pixels, in the font that draws it, asked of Xft once.
    private func advance(of scalar: Unicode.Scalar, _ role: FontRole) -> Int {
        if scalar.isASCII {
            let known = asciiAdvances[role.rawValue][Int(scalar.value)]
            if known >= 0 { return Int(known) }
            let measured = measure(scalar, in: font(role))
            asciiAdvances[role.rawValue][Int(scalar.value)] = measured
            return Int(measured)
        }
        let key = Coverage(role: role, scalar: scalar.value)
        if let known = advances[key] { return Int(known) }
        let measured =
            if let standIn = standIn(scalar, role) {
                Int32(standIn.unicodeScalars.reduce(0) { $0 + advance(of: $1, role) })
            } else {
                measure(scalar, in: font(for: scalar, role: role, primary: font(role)))
            }
        advances[key] = measured
        return Int(measured)
    }

    /// What is drawn for a control picture (U+2400–U+2426, which the reader draws for control
    /// characters) that no installed font has, in place of the missing-glyph box: the caret
    /// notation `cat -v` and `less` use (`^[` for ␛, `^?` for ␡), and `¿` for ␦ (a C1 code);
    /// `nil` for any other character. DejaVu, the fonts most desktops fall back to, have no
    /// control pictures; Noto Sans Symbols 2 and Unifont do, and are used when installed.
    package static func standIn(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x2400..<0x2420: "^" + String(Unicode.Scalar(UInt8(0x40 + scalar.value - 0x2400)))
        case 0x2421: "^?"
        case 0x2426: "\u{BF}"
        default: nil
        }
    }

    /// ``standIn(for:)`` when neither `role`'s font nor a fallback has the picture.
    private func standIn(_ scalar: Unicode.Scalar, _ role: FontRole) -> String? {
        guard let standIn = Self.standIn(for: scalar) else { return nil }
        let font = font(for: scalar, role: role, primary: font(role))
        return XftCharExists(connection.display, font, scalar.value) != 0 ? nil : standIn
    }

    private func measure(_ scalar: Unicode.Scalar, in font: UnsafeMutablePointer<XftFont>) -> Int32 {
        var extents = XGlyphInfo()
        var ucs4 = FcChar32(scalar.value)
        XftTextExtents32(connection.display, font, &ucs4, 1, &extents)
        return Int32(extents.xOff)
    }

    private func font(
        for scalar: Unicode.Scalar, role: FontRole,
        primary: UnsafeMutablePointer<XftFont>
    ) -> UnsafeMutablePointer<XftFont> {
        if XftCharExists(connection.display, primary, scalar.value) != 0 { return primary }
        let key = Coverage(role: role, scalar: scalar.value)
        if let known = coverage[key] { return known }
        let found = fallback(for: scalar, role: role) ?? primary
        coverage[key] = found
        return found
    }

    /// A font that has `scalar`: a fallback already open (a Japanese font covers the next
    /// kanji too), else fontconfig's best match for a `charset` of that one character. A block
    /// of 256 characters in which fontconfig found nothing is not asked about again, so a
    /// desktop without CJK fonts pays one search, not one per character.
    private func fallback(for scalar: Unicode.Scalar, role: FontRole) -> UnsafeMutablePointer<XftFont>? {
        let display = connection.display
        if let open = fallbacks.first(where: { XftCharExists(display, $0, scalar.value) != 0 }) { return open }
        let block = Coverage(role: role, scalar: scalar.value >> 8)
        guard !barrenBlocks.contains(block) else { return nil }
        guard let candidate = open(self.family(of: role), role, extra: ":charset=\(String(scalar.value, radix: 16))") else {
            return nil
        }
        guard XftCharExists(display, candidate, scalar.value) != 0 else {
            XftFontClose(display, candidate)
            heldReferences -= 1
            barrenBlocks.insert(block)
            return nil
        }
        if candidate == font(role) || fallbacks.contains(candidate) {
            XftFontClose(display, candidate)  // Xft counted one more reference to a font we hold
            heldReferences -= 1
            return candidate
        }
        fallbacks.append(candidate)
        return candidate
    }

    /// The family `role` is asked in.
    private func family(of role: FontRole) -> String { role.isMonospace ? monospaceFamily : family }

    /// The Xft font of `role`, for drawing.
    package func font(_ role: FontRole) -> UnsafeMutablePointer<XftFont> {
        if let font = fonts[role] { return font }
        guard let body = fonts[.body] else { preconditionFailure("FontSet opens the body role in init") }
        // The monospace role, asked for the first time (tried once: a role none of whose
        // candidates opened draws in the body font from then on, without asking fontconfig again).
        guard !unopenable.contains(role), let opened = openFirst(of: candidates(for: role), role) else {
            unopenable.insert(role)
            return body
        }
        let font = ownSize(opened, role)
        fonts[role] = font
        cache?.save()
        return font
    }

    /// `font`, or `font` opened again on a FreeType face of its own when a role already open
    /// draws from the same file at another size.
    ///
    /// Decided: Xft shares one face between the sizes of a file (the body's 13 px and the
    /// caption's 11 px are both DejaVu Sans) and sets the face's size whenever a glyph of the
    /// other size is loaded; for a hinted TrueType font FreeType then runs the font's `prep`
    /// program again, about 0.25 M instructions, at each switch. The first frame measured rows
    /// and their captions in turn and ran it 12 times (2.9 M of its 7.6 M). A face of its own,
    /// opened from the same file (the pages are shared), keeps each size set once. Should
    /// FreeType not open the file, the shared face is kept.
    private func ownSize(_ font: UnsafeMutablePointer<XftFont>, _ role: FontRole) -> UnsafeMutablePointer<XftFont> {
        let size = Self.pixelSize(font)
        guard let source = Self.faceSource(font),
            let other = fonts.first(where: {
                $0.key != role && Self.faceSource($0.value) == source && Self.pixelSize($0.value) != size
            })?.value
        else { return font }
        // The library Xft opened the file with, from the other role's font: locking it keeps
        // the shared face at that role's size.
        guard let shared = XftLockFace(other) else { return font }
        let library = shared.pointee.glyph.pointee.library
        XftUnlockFace(other)
        var face: FT_Face?
        guard FT_New_Face(library, source.file, FT_Long(source.index), &face) == 0, let face else { return font }
        guard let pattern = FcPatternDuplicate(font.pointee.pattern) else {
            FT_Done_Face(face)
            return font
        }
        _ = FcPatternDel(pattern, FC_FILE)
        guard FcPatternAddFTFace(pattern, FC_FT_FACE, face) != 0,
            let opened = XftFontOpenPattern(connection.display, pattern)  // takes the pattern
        else {
            FcPatternDestroy(pattern)
            FT_Done_Face(face)
            return font
        }
        XftFontClose(connection.display, font)
        ownFaces.append(face)
        return opened
    }

    /// The file and face index `font` was opened from; nil for a font opened from a face.
    private static func faceSource(_ font: UnsafeMutablePointer<XftFont>) -> FaceSource? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font.pointee.pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font.pointee.pattern, FC_INDEX, 0, &index)
        return FaceSource(file: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index: index)
    }

    /// A font file, and which face of it (a collection holds several).
    private struct FaceSource: Equatable {
        var file: String
        var index: Int32
    }

    /// The pixel size `font` was opened at.
    private static func pixelSize(_ font: UnsafeMutablePointer<XftFont>) -> Double {
        var size = 0.0
        _ = FcPatternGetDouble(font.pointee.pattern, FC_PIXEL_SIZE, 0, &size)
        return size
    }

    /// The fontconfig name of the font `role` really opened, e.g. `DejaVu Sans:…:pixelsize=13`,
    /// to tell which family fontconfig chose.
    public func matchedName(_ role: FontRole) -> String {
        // The matched pattern carries the whole charset, often kilobytes; XftNameUnparse fails
        // rather than truncating, so grow the buffer until it fits.
        var capacity = 4096
        while capacity <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: capacity)
            if XftNameUnparse(font(role).pointee.pattern, &buffer, Int32(capacity)) != 0 {
                return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            }
            capacity *= 4
        }
        return ""
    }

    /// The advance of `text` in `role`, in points: the sum of its characters' advances.
    ///
    /// Xft places glyphs by their advances and does no kerning, so the sum of the characters'
    /// `xOff` is exactly what Xft would report for the whole string. Each character is asked of
    /// Xft once per role; after that, measuring a string is a table lookup per character, which
    /// is what makes wrapping a long note on every drag step cheap.
    public func width(of text: String, font role: FontRole) -> Double {
        Double(pixelAdvance(of: text, role)) / scale.factor
    }

    /// The vertical metrics of `role`, in points, from the font's own ascent, descent and height.
    public func metrics(of role: FontRole) -> FontMetrics {
        let font = font(role).pointee
        return FontMetrics(
            ascent: Double(font.ascent) / scale.factor, descent: Double(font.descent) / scale.factor,
            lineHeight: Double(font.height) / scale.factor)
    }

    /// A `TextMeasurer` for the core, backed by this set and its cache.
    public var measurer: XftTextMeasurer { XftTextMeasurer(fonts: self) }

    /// Opens `family` for `role` (`extra`: more of a fontconfig name, a fallback's charset):
    /// from the cache when it has the name, else by asking fontconfig, keeping the answer.
    private func open(_ family: String, _ role: FontRole, extra: String = "") -> UnsafeMutablePointer<XftFont>? {
        var name = family.isEmpty ? "" : Self.escaped(family)
        name += ":pixelsize=\(role.pointSize * textScale * scale.factor)"
        if role.isBold { name += ":weight=bold" }
        name += extra
        // A fallback's name holds one character: not worth keeping.
        let key = cache != nil && extra.isEmpty ? defaults.map { name + " " + $0 } : nil
        if let key, let cache, let pattern = cache.pattern(for: key), let font = open(pattern: pattern, from: cache) {
            heldReferences += 1
            openedFromCache += 1
            return font
        }
        FontWarmup.wait()
        let font = XftFontOpenName(connection.display, connection.screen, name)
        guard let font else { return nil }
        heldReferences += 1
        if let key, let pattern = Self.unparsed(font.pointee.pattern) { cache?.record(key: key, pattern: pattern) }
        return font
    }

    /// Opens a matched pattern as fontconfig wrote it, kept in `cache` (which may have its
    /// character set made); nil when it no longer opens.
    private func open(pattern: String, from cache: FontCache) -> UnsafeMutablePointer<XftFont>? {
        guard let parsed = cache.parse(pattern) else { return nil }
        // Xft keeps the pattern with the font it opens (and frees it with the font).
        guard let font = XftFontOpenPattern(connection.display, parsed) else {
            FcPatternDestroy(parsed)
            return nil
        }
        return font
    }

    /// What Xft adds to every name it is asked on this display: the part of a cache key that
    /// is not the name (`X11Connection.xftDefaults`).
    private var defaults: String? { connection.xftDefaults }

    /// `pattern` as fontconfig writes it (`FcNameUnparse`).
    static func unparsed(_ pattern: OpaquePointer?) -> String? {
        guard let pattern, let text = FcNameUnparse(pattern) else { return nil }
        defer { free(text) }
        return String(cString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
    }

    // Fontconfig names use `-`, `:` and `,` as separators; a family containing one needs a `\`.
    static func escaped(_ family: String) -> String {
        var out = ""
        for c in family {
            if c == "\\" || c == "-" || c == ":" || c == "," { out.append("\\") }
            out.append(c)
        }
        return out
    }
}

/// The core's `TextMeasurer` over a ``FontSet``: Xft's extents in points.
///
/// A thin value over the set, so the width cache lives in one place however many copies the
/// core keeps. Like the set, use it on the thread that owns the connection.
public struct XftTextMeasurer: TextMeasurer {
    /// The fonts measured with.
    public let fonts: FontSet

    /// Creates a measurer over `fonts`.
    public init(fonts: FontSet) { self.fonts = fonts }

    /// The advance of `text` in `font`, in points.
    public func width(of text: String, font: FontRole) -> Double { fonts.width(of: text, font: font) }

    /// The vertical metrics of `font`, in points.
    public func metrics(of font: FontRole) -> FontMetrics { fonts.metrics(of: font) }
}

/// The key of the fallback cache.
private struct Coverage: Hashable {
    var role: FontRole
    var scalar: UInt32
}
