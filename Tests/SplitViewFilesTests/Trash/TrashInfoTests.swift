import Glibc
import PropertyBased
import SplitViewFiles
import Testing

/// The `.trashinfo` writer and reader: the specification's layout byte for byte, any name's
/// bytes round trip, and files anyone could have written are read safely or not at all.
@Suite struct TrashInfoTests {
    static let date = DeletionDate(year: 2026, month: 11, day: 21, hour: 14, minute: 3, second: 59)

    @Test func writesTheSpecificationsLayoutByteForByte() {
        let info = TrashInfo(path: Array("/home/ana/My Notes/café+1%.txt".utf8), deletionDate: Self.date)
        let expected = "[Trash Info]\nPath=/home/ana/My%20Notes/caf%C3%A9%2B1%25.txt\nDeletionDate=2026-11-21T14:03:59\n"
        #expect(info.bytes == Array(expected.utf8))
        #expect(TrashInfo.parse(info.bytes) == info)
    }

    @Test func unreservedBytesAndTheSlashAreKeptEverythingElseEscaped() {
        let kept = "abcXYZ019-._~/"
        #expect(TrashInfo.escape(Array(kept.utf8)) == Array(kept.utf8))
        #expect(TrashInfo.escape([0x20, 0x25, 0xFF, 0x0A, 0x3D]) == Array("%20%25%FF%0A%3D".utf8))
    }

    /// Any bytes at all: escaped, only unreserved ASCII, `/` and `%XX` remain, and unescaping
    /// gives the bytes back.
    @Test func escapingRoundTripsAnyBytes() async {
        await propertyCheck(count: 500, input: Gen.uint8(in: 0...255).array(of: 0...300)) { bytes in
            let escaped = TrashInfo.escape(bytes)
            #expect(TrashInfo.unescape(escaped) == bytes)
            #expect(escaped.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "=") })
        }
    }

    /// A path of names made of any bytes (but `/` and NUL) is written and read back whole.
    @Test func anInfoFileRoundTripsAPathOfAnyBytes() async {
        let name = Gen.uint8(in: 1...255).array(of: 1...40).map { $0.map { $0 == 47 ? 120 : $0 } }
        await propertyCheck(count: 300, input: name.array(of: 1...4)) { names in
            let path = names.reduce([UInt8]()) { $0 + [47] + $1 }
            let info = TrashInfo(path: path, deletionDate: Self.date)
            let read = TrashInfo.parse(info.bytes)
            let hasParentStep = names.contains { $0 == [46, 46] }
            #expect(read == (hasParentStep ? nil : info))
        }
    }

    @Test func readsWhatOtherWritersWrite() {
        let text =
            "# written by hand\r\n[Other]\r\nPath=/elsewhere\r\n[Trash Info]\r\nDeletionDate = 2004-08-31T22:32:08\r\n"
            + "Extra=1\r\nPath = foo/caf%c3%a9\r\nPath=/second\r\n"
        let info = TrashInfo.parse(Array(text.utf8))
        #expect(info?.path == Array("foo/café".utf8))
        #expect(info?.deletionDate == DeletionDate(year: 2004, month: 8, day: 31, hour: 22, minute: 32, second: 8))
    }

    /// What is not a usable entry gives none: no group, no path, a bad escape, a NUL, a step
    /// out (`..`), a path only in another group, a file over the size limit.
    @Test(arguments: [
        "", "Path=/a\n", "[Trash Info]\nDeletionDate=2004-08-31T22:32:08\n", "[Trash Info]\nPath=/a%G1\n",
        "[Trash Info]\nPath=/a%4\n", "[Trash Info]\nPath=/a%00b\n", "[Trash Info]\nPath=../etc/passwd\n",
        "[Trash Info]\nPath=/home/a/../../etc\n", "[Trash Info]\nPath=\n", "[Trash Info]\nPath=///\n",
        "[Trash Info]\n[Other]\nPath=/a\n", "[trash info]\nPath=/a\n",
    ])
    func hostileFilesGiveNoEntry(_ text: String) {
        #expect(TrashInfo.parse(Array(text.utf8)) == nil)
    }

    @Test func aFileOverTheLimitIsNotRead() {
        let head = Array("[Trash Info]\nPath=/a\n#".utf8)
        let atLimit = head + [UInt8](repeating: UInt8(ascii: "x"), count: TrashInfo.sizeLimit - head.count)
        #expect(TrashInfo.parse(atLimit)?.path == Array("/a".utf8))
        #expect(TrashInfo.parse(atLimit + [0x0A]) == nil)
    }

    /// Random bytes never trap, and whatever they give is a path a restore may use.
    @Test func randomBytesAreReadSafely() async {
        let noise = Gen.uint8(in: 0...255).array(of: 0...200)
        await propertyCheck(count: 500, input: noise) { bytes in
            let file = Array("[Trash Info]\nPath=".utf8) + bytes
            if let info = TrashInfo.parse(file) {
                #expect(!info.path.isEmpty && !info.path.contains(0))
                #expect(!info.path.split(separator: 47).contains { $0.elementsEqual([46, 46]) })
            }
        }
    }

    /// A date that is not exactly `YYYY-MM-DDThh:mm:ss` leaves the entry listed, undated.
    @Test(arguments: ["2026-13-01T00:00:00", "2026-1-1T00:00:00", "2026-11-21T14:03:59Z", "20261121T140359", "tomorrow"])
    func aBadDateLeavesTheEntryWithoutADate(_ date: String) {
        let info = TrashInfo.parse(Array("[Trash Info]\nPath=/a\nDeletionDate=\(date)\n".utf8))
        #expect(info?.path == Array("/a".utf8))
        #expect(info?.deletionDate == nil)
    }

    /// The deletion date is the local time, as `strftime` writes it; of a pinned moment
    /// (2025-11-28 09:30:45 UTC), not the machine's clock.
    @Test func theDeletionDateIsLocalTime() {
        let now: time_t = 1_764_322_245
        var clock = now
        var parts = tm()
        localtime_r(&clock, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let expected = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let date = DeletionDate(localTime: now)
        #expect(date.text == expected)
        #expect(DeletionDate(text: Array(date.text.utf8)) == date)
    }
}
