import Glibc
import TestSupport
import Testing

@testable import SplitViewFiles

/// shared-mime-info's `mime.cache`, read where it lies: the same answers as the sources it
/// was built from, used only when fresh, and safe against any bytes.
struct MimeCacheTests {
    private static let system = "/usr/share/mime"
    private static let hasSystemCache = MimeCache(directory: system) != nil

    private static func read(_ path: String) -> [UInt8] {
        (try? AtomicFile.read(path, limit: MimeDatabase.fileLimit).get()) ?? []
    }

    /// The lines of a system file, split at its first `separator`.
    private static func pairs(_ name: String, _ separator: Character) -> [(String, String)] {
        String(decoding: read(system + "/" + name), as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: separator, maxSplits: 1).map(String.init)
            return fields.count == 2 && !line.hasPrefix("#") ? (fields[0], fields[1]) : nil
        }
    }

    /// Names every glob of the system's `globs2` matches, in both cases: the literal itself,
    /// `*` as a word, `?` as a letter, a class as its first member.
    private static func sampleNames() -> [String] {
        var names: Set<String> = ["", "README", "Makefile", "noextension", "a.b.c", "photo.PNG", "x.tar.gz", "été.txt", "日本.png"]
        for (_, rest) in pairs("globs2", ":") {
            let fields = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            var name = "", inClass = false, tookMember = false
            for character in fields[1] {
                if inClass {
                    if character == "]" {
                        inClass = false
                    } else if !tookMember, character != "!" {
                        name.append(character)
                        tookMember = true
                    }
                    continue
                }
                switch character {
                case "*": name += "name"
                case "?": name += "q"
                case "[":
                    inClass = true
                    tookMember = false
                default: name.append(character)
                }
            }
            names.formUnion([name, name.uppercased(), "a." + name, name + "~"])
        }
        return names.sorted()
    }

    /// The cache and the sources it was built from agree on every name the globs match (the
    /// set of candidates; the order of a conflict's candidates is each reader's own), every
    /// alias, every type's parents and icons.
    @Test(.enabled(if: hasSystemCache, "no fresh /usr/share/mime/mime.cache: shared-mime-info is not installed"))
    func theSystemsCacheAnswersAsItsSources() {
        let cached = MimeDatabase(directories: [Self.system])
        let sources = MimeDatabase(directories: [Self.system], usesCaches: false)
        #expect(cached.cachedDirectoryCount == 1 && sources.cachedDirectoryCount == 0)
        let names = Self.sampleNames()
        #expect(names.count > 1000)
        for name in names {
            let fromCache = cached.globTypes(for: name), fromSources = sources.globTypes(for: name)
            #expect(Set(fromCache) == Set(fromSources), "\(name)")
            if fromSources.count == 1 { #expect(fromCache == fromSources, "\(name)") }
        }
        for (alias, _) in Self.pairs("aliases", " ") {
            #expect(cached.canonical(alias) == sources.canonical(alias), "\(alias)")
        }
        let types = Set(Self.pairs("subclasses", " ").map(\.0) + Self.pairs("generic-icons", ":").map(\.0))
        for type in types {
            #expect(Set(cached.parents(of: type)) == Set(sources.parents(of: type)), "\(type)")
            #expect(cached.iconNames(for: type) == sources.iconNames(for: type), "\(type)")
        }
        // The cache keeps a pattern and type written twice once (Debian's globs2 has three,
        // of other weights: `*.pl`, `*.blend`, `*.par2`), so the counts differ by those.
        #expect(cached.counts.globs > 1000 && sources.counts.globs - cached.counts.globs < 10)
    }

    /// Magic is read the first time a file's bytes are looked at, not before.
    @Test(.enabled(if: hasSystemCache, "no fresh /usr/share/mime/mime.cache"))
    func magicWaitsForAFileThatNeedsIt() {
        let database = MimeDatabase(directories: [Self.system])
        #expect(database.type(forName: "photo.png", bytes: nil) == "image/png")
        #expect(database.parents(of: "application/x-shellscript").contains("text/plain"))
        #expect(!database.isMagicLoaded)
        #expect(database.type(forName: "noextension", bytes: Array("%PDF-1.7\n".utf8)) == "application/pdf")
        #expect(database.isMagicLoaded)
    }

    /// magic over the limit is said with the rest of the database's problems when the tables
    /// are read, though magic itself is read only later (or never).
    @Test func magicOverTheLimitIsSaidAtOnceThoughReadLater() throws {
        let folder = try MimeFolder()
        defer { withExtendedLifetime(folder) {} }
        folder.write("globs2", "50:image/png:*.png\n")
        folder.write("magic", [UInt8](repeating: 0x23, count: MimeDatabase.fileLimit + 1))
        let database = MimeDatabase(directories: [folder.path])
        database.load()
        #expect(!database.isMagicLoaded)
        #expect(
            database.problems == [
                "\(folder.path)/magic: too large (\(MimeDatabase.fileLimit + 1) bytes; the limit is 8388608 bytes), not read"
            ])
        #expect(database.type(forName: "noname", bytes: [1, 2, 3]) == "application/octet-stream")
        #expect(database.problems.count == 1, "said once")
    }

    /// A cache older than a source beside it is not used: the sources answer, as a user's
    /// `globs2` edited by hand (or a package's update without the cache's) says.
    @Test(.enabled(if: hasSystemCache, "no fresh /usr/share/mime/mime.cache"))
    func aCacheOlderThanItsSourcesIsNotUsed() throws {
        let folder = try MimeFolder()
        defer { withExtendedLifetime(folder) {} }
        folder.write("mime.cache", Self.read(Self.system + "/mime.cache"))
        folder.write("globs2", "50:x/mine:*.mine\n")
        let now = time(nil)
        Self.setTime(folder.path + "/mime.cache", now - 100)
        Self.setTime(folder.path + "/globs2", now - 50)
        let stale = MimeDatabase(directories: [folder.path])
        #expect(stale.cachedDirectoryCount == 0)
        #expect(stale.type(forName: "a.mine", bytes: nil) == "x/mine")
        #expect(stale.type(forName: "a.png", bytes: nil) == "application/octet-stream")
        Self.setTime(folder.path + "/globs2", now - 200)
        let fresh = MimeDatabase(directories: [folder.path])
        #expect(fresh.cachedDirectoryCount == 1)
        #expect(fresh.type(forName: "a.png", bytes: nil) == "image/png")
    }

    private static func setTime(_ path: String, _ seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// Any damage to a real cache, or a cut, gives answers or none, never a read outside it.
    @Test(.enabled(if: hasSystemCache, "no fresh /usr/share/mime/mime.cache"))
    func aDamagedCacheNeverReadsOutsideIt() throws {
        let valid = Self.read(Self.system + "/mime.cache")
        var random = SplitMix(seed: 0x3132_CAC4E)
        let folder = try MimeFolder()
        defer { withExtendedLifetime(folder) {} }
        for round in 0..<200 {
            var bytes = valid
            if round % 4 == 0 {
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
            } else {
                for _ in 0..<(1 + Int(random.next() % 40)) {
                    // The header and the lists' heads are where offsets lie: hit them often.
                    let span = round % 2 == 0 ? min(bytes.count, 4096) : bytes.count
                    bytes[Int(random.next() % UInt64(span))] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            folder.write("mime.cache", bytes)
            guard let cache = MimeCache(directory: folder.path) else { continue }
            var work = MimeGlobs.workLimit
            for name in ["photo.png", "Makefile", "x.tar.gz", "README", "a.b.c.d.e.f"] {
                _ = cache.matches(name, lower: name.lowercased(), work: &work)
            }
            _ = cache.canonical("application/x-pdf")
            _ = cache.parents(of: "application/x-shellscript")
            _ = cache.icon(for: "image/png")
            _ = cache.genericIcon(for: "image/png")
            _ = cache.globCount
        }
    }
}
