import Glibc
import TestSupport
import Testing

@testable import SplitViewFiles

/// GTK's `icon-theme.cache`: read as GTK reads it, used only when fresh, and safe against any
/// bytes.
struct IconThemeCacheTests {
    /// A cache in GTK's format (version 1.0, big-endian), written here: `icons` maps each name
    /// to its images (a directory's index and flags), hashed into `buckets`.
    static func cache(
        directories: [String], icons: [String: [(directory: Int, flags: UInt16)]], buckets: Int = 5
    )
        -> [UInt8]
    {
        var out: [UInt8] = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        func append32(_ value: Int) { out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func patch32(_ at: Int, _ value: Int) {
            for (index, shift) in [24, 16, 8, 0].enumerated() { out[at + index] = UInt8(truncatingIfNeeded: value >> shift) }
        }
        func appendString(_ text: String) -> Int {
            let at = out.count
            out += Array(text.utf8) + [0]
            return at
        }
        let hashOffset = out.count
        append32(buckets)
        for _ in 0..<buckets { append32(0xFFFF_FFFF) }
        var records: [(name: String, at: Int)] = []
        for name in icons.keys.sorted() {
            let at = out.count
            let bucket = hashOffset + 4 + 4 * Int(IconThemeCache.hash(name) % UInt32(buckets))
            let head = out[bucket..<bucket + 4].reduce(0) { $0 << 8 | Int($1) }
            append32(head)  // the chain: the bucket's earlier first
            append32(0)
            append32(0)
            patch32(bucket, at)
            records.append((name, at))
        }
        for (name, at) in records {
            patch32(at + 8, out.count)
            let images = icons[name] ?? []
            append32(images.count)
            for image in images {
                out += [
                    UInt8(image.directory >> 8), UInt8(image.directory & 0xFF), UInt8(image.flags >> 8),
                    UInt8(image.flags & 0xFF),
                ]
                append32(0)
            }
            patch32(at + 4, appendString(name))
        }
        let list = out.count
        append32(directories.count)
        let slots = out.count
        for _ in directories { append32(0) }
        for (index, directory) in directories.enumerated() { patch32(slots + 4 * index, appendString(directory)) }
        patch32(4, hashOffset)
        patch32(8, list)
        return out
    }

    /// A theme folder holding `bytes` as its cache, the cache `age` seconds newer than the
    /// folder (negative: older).
    private static func theme(_ bytes: [UInt8], age: Int = 10) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("cache")
        #expect(PictureFiles.write(bytes, to: folder.path + "/icon-theme.cache"))
        let now = time(nil)
        setTimes(folder.path, now - 100)
        setTimes(folder.path + "/icon-theme.cache", now - 100 + age)
        return folder
    }

    private static func setTimes(_ path: String, _ seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aNameIsFoundWithTheDirectoriesThatHoldItAsPNG() throws {
        let icons: [String: [(directory: Int, flags: UInt16)]] = [
            "folder": [(0, 4), (2, 2), (1, 4 | 8)], "text-x-generic": [(1, 4)], "image-svg": [(2, 2)], "été": [(0, 4)],
        ]
        let folder = try Self.theme(Self.cache(directories: ["16x16/places", "32x32/places", "scalable/places"], icons: icons))
        let cache = try #require(IconThemeCache(folder: folder.path))
        #expect(cache.directories == ["16x16/places", "32x32/places", "scalable/places"])
        #expect(cache.directories(holding: "folder") == [0, 1])
        #expect(cache.directories(holding: "folder", flags: 2) == [2])
        #expect(cache.directories(holding: "image-svg").isEmpty)
        #expect(cache.directories(holding: "été") == [0])
        #expect(cache.directories(holding: "missing").isEmpty)
        #expect(cache.directories(holding: "").isEmpty)
    }

    /// GTK's hash reads each byte as a signed char: bytes beyond ASCII count negative.
    @Test func theHashIsGTKsOverSignedBytes() {
        func reference(_ name: String) -> UInt32 {
            var hash: Int32 = 0
            for (index, byte) in name.utf8.enumerated() {
                let value = Int32(Int8(bitPattern: byte))
                hash = index == 0 ? value : hash &* 31 &+ value
            }
            return UInt32(bitPattern: hash)
        }
        for name in ["a", "folder", "text-x-generic", "été", "日本", "x" + String(repeating: "long", count: 40)] {
            #expect(IconThemeCache.hash(name) == reference(name), "\(name)")
        }
        #expect(IconThemeCache.hash("a") == 97)
        #expect(IconThemeCache.hash("") == 0)
    }

    /// As GTK: a cache older than its theme's folder, or of another major version, is not used.
    @Test func aStaleCacheOrAnotherVersionIsNotUsed() throws {
        let bytes = Self.cache(directories: ["16x16/apps"], icons: ["editor": [(0, 4)]])
        var two = bytes
        two[1] = 2
        // Each folder kept until the end: a folder gone would make every answer nil.
        let same = try Self.theme(bytes, age: 0), older = try Self.theme(bytes, age: -1)
        let version = try Self.theme(two), short = try Self.theme(Array(bytes.prefix(11))), fine = try Self.theme(bytes)
        #expect(IconThemeCache(folder: same.path) != nil)
        #expect(IconThemeCache(folder: older.path) == nil)
        #expect(IconThemeCache(folder: version.path) == nil)
        #expect(IconThemeCache(folder: short.path) == nil)
        #expect(IconThemeCache(folder: fine.path)?.directories(holding: "editor") == [0])
        #expect(IconThemeCache(folder: "/nonexistent/theme") == nil)
    }

    /// The lookup takes what a fresh cache says, as GTK does (an icon put in a directory after
    /// the cache was written, the theme's folder untouched, is not seen), and lists the
    /// directories once the cache is older than the folder.
    @Test func theLookupUsesAFreshCacheAndListsPastAStaleOne() throws {
        let base = try TemporaryFolder("icons")
        base.write(
            "[Icon Theme]\nDirectories=16x16/apps,32x32/apps\n[16x16/apps]\nSize=16\nType=Fixed\n[32x32/apps]\nSize=32\nType=Fixed\n",
            to: "Mine/index.theme")
        base.write("png", to: "Mine/32x32/apps/editor.png")
        base.write("png", to: "Mine/16x16/apps/late.png")
        let bytes = Self.cache(directories: ["16x16/apps", "32x32/apps"], icons: ["editor": [(1, 4)]])
        #expect(PictureFiles.write(bytes, to: base.path + "/Mine/icon-theme.cache"))
        let now = time(nil)
        Self.setTimes(base.path + "/Mine", now - 100)
        Self.setTimes(base.path + "/Mine/icon-theme.cache", now - 50)
        let fresh = IconLookup(theme: "Mine", baseDirectories: [base.path])
        #expect(fresh.path(for: ["editor"], size: 16) == base.path + "/Mine/32x32/apps/editor.png")
        #expect(fresh.path(for: ["late"], size: 16) == nil)
        Self.setTimes(base.path + "/Mine", now)
        let stale = IconLookup(theme: "Mine", baseDirectories: [base.path])
        #expect(stale.path(for: ["late"], size: 16) == base.path + "/Mine/16x16/apps/late.png")
        #expect(stale.path(for: ["editor"], size: 32) == base.path + "/Mine/32x32/apps/editor.png")
    }

    /// GTK's own cache of the Adwaita theme, where it is installed: every PNG file in every
    /// directory it lists is found there by name (the hash, the chains and the image lists as
    /// GTK wrote them).
    @Test(.enabled(if: IconThemeCache(folder: "/usr/share/icons/Adwaita") != nil, "no fresh Adwaita icon-theme.cache"))
    func gtksCacheOfAdwaitaNamesEveryPNGInItsFolders() throws {
        let cache = try #require(IconThemeCache(folder: "/usr/share/icons/Adwaita"))
        var checked = 0
        for (index, directory) in cache.directories.enumerated() {
            for name in IconLookup.pngNames(in: "/usr/share/icons/Adwaita/" + directory) {
                #expect(cache.directories(holding: name).contains(index), "\(directory)/\(name).png")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// Any bytes: a chain that comes back to itself ends, offsets past the end answer nothing,
    /// and random damage to a valid cache never reads outside it.
    @Test func hostileCachesAnswerWithoutReadingOutsideOrLooping() throws {
        var looping = Self.cache(directories: ["a"], icons: ["x": [(0, 4)]], buckets: 1)
        // The one icon's chain pointed at itself, its name changed so the walk goes on.
        let icon = looping[16..<20].reduce(0) { $0 << 8 | Int($1) }
        for (index, shift) in [24, 16, 8, 0].enumerated() { looping[icon + index] = UInt8(truncatingIfNeeded: icon >> shift) }
        let folder = try Self.theme(looping)
        let cache = try #require(IconThemeCache(folder: folder.path))
        #expect(cache.directories(holding: "y").isEmpty)

        let valid = Self.cache(
            directories: ["16x16/apps", "32x32/apps"], icons: ["editor": [(1, 4)], "folder": [(0, 4), (1, 4)], "z": [(7, 4)]])
        var random = SplitMix(seed: 0x1C0_CAC4E)
        for round in 0..<300 {
            var bytes = valid
            for _ in 0..<(1 + Int(random.next() % 6)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            if round % 3 == 0 { bytes = Array(bytes.prefix(12 + Int(random.next() % UInt64(bytes.count - 12)))) }
            let folder = try Self.theme(bytes)
            guard let cache = IconThemeCache(folder: folder.path) else { continue }
            for name in ["editor", "folder", "z", "missing"] {
                #expect(cache.directories(holding: name).allSatisfy { cache.directories.indices.contains($0) }, "round \(round)")
            }
        }
    }
}
