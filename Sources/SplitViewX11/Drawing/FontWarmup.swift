import CX11
import Glibc
import Synchronization

/// Gets fonts ready on a background thread while the program starts: fontconfig's
/// configuration first, then the files of the fallback fonts the first window will need.
///
/// The first font a process opens makes fontconfig read and parse its configuration — some
/// 60 XML files — and nothing before it depends on fonts. `start(cache:)` at the
/// top of `main` overlaps that with parsing the command line, reading the library and
/// connecting to the X server; ``FontSet`` waits for it before it asks for a font by name. With
/// a ``FontCache`` whose answers still hold, the set opens its fonts from them and the
/// configuration is not loaded at all unless something needs it. The thread only ever calls
/// fontconfig, never Xft, which is not thread-safe and stays the main thread's.
///
/// A fallback font is opened in the middle of the first layout, when a character the theme's
/// family lacks is measured (a Japanese file name, say). Its file is often cold: no other
/// program on the desktop uses it, and FreeType maps it, so the first touch reads up to the
/// disk's read-ahead around it (often the whole file of a CJK font) while the first
/// frame waits. Given the text the first
/// window shows (``prefetch(fontsFor:family:)``), the thread asks fontconfig which fonts cover
/// the characters the family lacks and starts reading their files into the page cache, while
/// the main thread opens the family's own fonts and builds the layout. After the configuration
/// the thread calls nothing but fontconfig, whose matching is thread-safe, and `posix_fadvise`.
public enum FontWarmup {
    /// Starts loading the configuration, once per process; later calls do nothing.
    ///
    /// With `cache` (the program's ``FontCache``), the thread reads it first: when its answers
    /// still hold, fonts open from them and the configuration is loaded only if the first
    /// window's text needs a font beyond the family's own (``prefetch(fontsFor:family:)``), or
    /// when a font is asked by name later.
    public static func start(cache: FontCache? = nil) {
        let first = state.withLock { state in
            guard !state.started else { return false }
            sem_init(configured, 0, 0)
            sem_init(asked, 0, 0)
            state.started = true
            state.cache = cache
            return true
        }
        guard first else { return }
        var thread = pthread_t()
        let created =
            pthread_create(
                &thread, nil,
                { _ in
                    FontWarmup.run()
                    return nil
                }, nil) == 0
        if created {
            pthread_detach(thread)
        } else {
            state.withLock { $0.waited = true }  // nothing to wait for: the first font loads it
        }
    }

    /// The cache given to ``start(cache:)``, for the program's ``FontSet``.
    public static var cache: FontCache? { state.withLock { $0.cache } }

    /// The thread: the cache (and, when it answers, its character sets parsed ahead:
    /// `FontCache.prepareCharsets()`), the configuration unless the cache answers, then the
    /// fallback fonts' files. Fontconfig only (`FcInit`, its matching, both thread-safe): Xft
    /// is the main thread's.
    private static func run() {
        let cache = state.withLock { $0.cache }
        let answered = cache?.load() ?? false
        if answered {
            cache?.prepareCharsets()
        } else {
            FcInit()
            sem_post(configured)
        }
        waitOn(asked)
        let request = state.withLock { $0.request }
        if answered {
            guard let request, let cache, needsFallback(request.text, family: request.family, cache: cache) else {
                sem_post(configured)  // this thread will not load it: the main thread may
                return
            }
            FcInit()
            sem_post(configured)
        }
        if let request {
            for file in fallbackFiles(for: request.text, family: request.family) { readAhead(file) }
        }
    }

    /// Whether `text` has a character outside ASCII that the cached font of `family` (its
    /// regular face at any size) lacks, or no such font is cached.
    static func needsFallback(_ text: String, family: String, cache: FontCache) -> Bool {
        let others = text.unicodeScalars.filter { !$0.isASCII }
        guard !others.isEmpty else { return false }
        let prefix = FontSet.escaped(family) + ":pixelsize="
        guard
            let pattern = cache.pattern(where: {
                $0.hasPrefix(prefix) && !$0.contains(":weight=bold") && !$0.contains(":charset=")
            }),
            let parsed = cache.parse(pattern)
        else { return true }
        defer { FcPatternDestroy(parsed) }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(parsed, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return true }
        return others.contains { FcCharSetHasChar(charset, $0.value) == 0 }
    }

    /// Hands the thread the text the first window will show, so that it can read the fallback
    /// fonts' files ahead; `family` is the family the window draws with. Only the first call
    /// before ``wait()`` counts.
    public static func prefetch(fontsFor text: String, family: String) {
        let post = state.withLock { state in
            guard state.started, !state.asked else { return false }
            state.asked = true
            state.request = (text, family)
            return true
        }
        if post { sem_post(asked) }
    }

    /// Says that no text will come for ``prefetch(fontsFor:family:)``, so that the thread does
    /// not wait for one (fonts opened from the cache never call ``wait()``).
    static func endRequests() {
        let release = state.withLock { state in
            guard state.started, !state.asked else { return false }
            state.asked = true
            return true
        }
        if release { sem_post(asked) }
    }

    /// Returns once the thread is done with the configuration — loaded, or left to whoever
    /// needs it first (at once if the thread was never started); the thread may still be
    /// reading fallback fonts ahead. Call it before asking fontconfig anything by name.
    public static func wait() {
        let (release, block) = state.withLock { state in
            guard state.started, !state.waited else { return (false, false) }
            state.waited = true
            defer { state.asked = true }
            return (!state.asked, true)
        }
        if release { sem_post(asked) }  // no request is coming: let the thread end
        if block { waitOn(configured) }
    }

    /// The files of the fallback fonts that `text` needs beside `family`: fontconfig's best
    /// match for the characters outside ASCII that the family's own font lacks, then for what
    /// that font lacks in turn, in the order found.
    ///
    /// ``FontSet`` asks for one character at a time; asking for all of them at once usually
    /// finds the same fonts, in one match per script rather than one per character. The search ends when a match
    /// covers none of the characters left (no font has them) or after ``maximumMatches``.
    static func fallbackFiles(for text: String, family: String) -> [String] {
        var seen = Set<UInt32>()
        var missing = text.unicodeScalars.compactMap { $0.isASCII || !seen.insert($0.value).inserted ? nil : $0.value }
        guard !missing.isEmpty, let own = FontMatch(family: family, covering: []) else { return [] }
        missing.removeAll(where: own.has)
        var files: [String] = []
        var matches = 1
        while !missing.isEmpty && matches < maximumMatches, let font = FontMatch(family: family, covering: missing) {
            matches += 1
            let before = missing.count
            missing.removeAll(where: font.has)
            guard missing.count < before else { break }
            if let file = font.file, !files.contains(file) { files.append(file) }
        }
        return files
    }

    /// Enough for every script of a page of text; a match costs about half a millisecond.
    static let maximumMatches = 8

    /// Starts reading `path` into the page cache and returns without waiting for it; a file
    /// larger than ``readAheadLimit`` is left to be read as FreeType touches it.
    ///
    /// - Returns: true when the kernel was asked to read the file.
    @discardableResult
    static func readAhead(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size <= readAheadLimit else { return false }
        return posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED) == 0
    }

    /// 32 MB: more than the largest common fallback fonts (a CJK collection is about 20 MB).
    static let readAheadLimit = 32 << 20

    private static func waitOn(_ semaphore: UnsafeMutablePointer<sem_t>) {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    private struct State {
        var started = false
        /// A request was handed over, or ``wait()`` said none will come.
        var asked = false
        var waited = false
        var request: (text: String, family: String)?
        var cache: FontCache?
    }

    private static let state = Mutex(State())
    /// Posted by the thread once the configuration is loaded.
    nonisolated(unsafe) private static let configured = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    /// Posted once the request is in `state`, or once ``wait()`` knows none will come.
    nonisolated(unsafe) private static let asked = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
}

/// Fontconfig's best font for a family and a set of characters, asked as Xft asks (the
/// configuration's substitutions, then the defaults), without a display.
private final class FontMatch {
    private let pattern: OpaquePointer
    private let charset: OpaquePointer?

    init?(family: String, covering scalars: [UInt32]) {
        guard let request = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(request) }
        if !scalars.isEmpty {
            guard let wanted = FcCharSetCreate() else { return nil }
            for scalar in scalars { FcCharSetAddChar(wanted, scalar) }
            FcPatternAddCharSet(request, FC_CHARSET, wanted)
            FcCharSetDestroy(wanted)
        }
        FcConfigSubstitute(nil, request, FcMatchPattern)
        FcDefaultSubstitute(request)
        var result = FcResultMatch
        guard let match = FcFontMatch(nil, request, &result) else { return nil }
        pattern = match
        var charset: OpaquePointer?
        self.charset = FcPatternGetCharSet(match, FC_CHARSET, 0, &charset) == FcResultMatch ? charset : nil
    }

    deinit { FcPatternDestroy(pattern) }

    /// True when the font has a glyph for `scalar`.
    func has(_ scalar: UInt32) -> Bool { charset.map { FcCharSetHasChar($0, scalar) != 0 } ?? false }

    /// The font's file.
    var file: String? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }
}
