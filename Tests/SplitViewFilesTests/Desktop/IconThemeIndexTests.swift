import Foundation
import PropertyBased
import Testing

@testable import SplitViewFiles

/// `IconThemeIndex.swift`: the one-pass reading of an `index.theme` reads exactly what the
/// same file read as a ``KeyFile`` says, on the system's themes and on random files full of
/// the lines a key file skips, repeats and misreads.
@Suite struct IconThemeIndexTests {
    /// The reading before the one-pass reader, from the key file's public reading: the oracle.
    static func oracle(_ bytes: [UInt8]) -> IconThemeIndex.Snapshot? {
        let file = KeyFile(bytes)
        guard file.hasGroup("Icon Theme") else { return nil }
        let inherits = KeyFile.list(file.value("Inherits", in: "Icon Theme") ?? "", separator: ",").filter(IconName.isValid)
        let names =
            KeyFile.list(file.value("Directories", in: "Icon Theme") ?? "", separator: ",")
            + KeyFile.list(file.value("ScaledDirectories", in: "Icon Theme") ?? "", separator: ",")
        var seen: Set<String> = []
        let directories: [IconThemeIndex.Fields] = names.prefix(IconDirectory.limit).compactMap { name in
            guard IconDirectory.isSafe(name), seen.insert(name).inserted else { return nil }
            let entries = file.entries(in: name)
            func number(_ key: String) -> Int? {
                entries.first { $0.key == key }.flatMap { Int($0.value) }.flatMap { (1...4096).contains($0) ? $0 : nil }
            }
            guard let size = number("Size") else { return nil }
            let kind: IconDirectory.Kind =
                switch entries.first(where: { $0.key == "Type" })?.value {
                case "Fixed": .fixed
                case "Scalable": .scalable
                default: .threshold
                }
            return IconThemeIndex.Fields(
                name: name, size: size, scale: number("Scale") ?? 1, kind: kind, minSize: number("MinSize") ?? size,
                maxSize: number("MaxSize") ?? size,
                threshold: entries.first { $0.key == "Threshold" }.flatMap { Int($0.value) }.map { min(max($0, 0), 4096) } ?? 2)
        }
        return IconThemeIndex.Snapshot(inherits: inherits, directories: directories)
    }

    @Test func theSystemsThemesReadAsTheKeyFileSays() throws {
        var compared = 0
        for folder in ["/usr/share/icons"] {
            guard let themes = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for theme in themes {
                guard let data = FileManager.default.contents(atPath: "\(folder)/\(theme)/index.theme") else { continue }
                let bytes = [UInt8](data)
                #expect(IconThemeIndex(bytes)?.snapshot == Self.oracle(bytes), "\(theme)")
                compared += 1
            }
        }
        if compared == 0 { print("IconThemeIndexTests: no icon theme installed; the random files below still compare") }
    }

    /// Lines from a small alphabet of what matters: the keys a theme reads (and near misses),
    /// numbers with signs, blanks, overflow and junk, groups repeated, bytes that are not
    /// UTF-8, `\r` and `\n`, comments, a `[` without `]`.
    @Test func randomFilesReadAsTheKeyFileSays() async {
        let pieces: [String] = [
            "[Icon Theme]", "[a]", "[b]", "[a/b]", "[a] trailing", "[a", "[]", " [b]", "#[a]", "\n", "\r", "\r\n",
            "Directories=a,b,a/b,../x,", "ScaledDirectories=b, a ,", "Inherits=hicolor,b/c,,x", "Directories = b\\,a",
            "Size=16", "Size = 24", "Size=+8", "Size=-3", "Size=0", "Size=4097", "Size=99999999999999999999", "Size=16 ",
            "Size=", "Size=x", "Scale=2", "Scale=0", "Type=Fixed", "Type=Scalable", "Type=fixed", "Type= Scalable",
            "MinSize=1", "MaxSize=256", "Threshold=-5", "Threshold=5000", "Threshold=+", "Sizes=8", "size=8", "=8",
            "\tSize=32", "Size\t=\t48", "Size=\u{FF}", "Context=Apps",
        ]
        let bad: [UInt8] = [0xFF, 0xC3]  // a byte never in UTF-8, a sequence cut short
        let spoilt = ["Size=1", "[b]", "[Icon Theme]"]  // each followed by a bad byte
        await propertyCheck(count: 3000, input: Gen.int(in: 0...(pieces.count + 5)).array(of: 0...40)) { picks in
            var bytes: [UInt8] = []
            for pick in picks {
                if pick < pieces.count {
                    bytes += Array(pieces[pick].utf8)
                } else {
                    let which = pick - pieces.count
                    bytes += Array(spoilt[which / 2].utf8) + [bad[which % 2]]
                }
                bytes.append(0x0A)
            }
            #expect(IconThemeIndex(bytes)?.snapshot == Self.oracle(bytes), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// Boundaries of a number as `Int(_:)` reads one.
    @Test func aNumberIsReadAsIntReadsIt() {
        for text in [
            "0", "+0", "-0", "7", "+7", "-7", "", "+", "-", "+-1", "1 ", " 1", "1a", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "00012",
        ] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { IndexReader.integer($0) } == Int(text), "\(text)")
        }
    }

    /// A directory name stays in its theme exactly as the character-by-character reading
    /// said (relative, no empty part, no `.` or `..` part, at most 255 bytes): boundaries, then
    /// random names from the characters that matter.
    @Test func aDirectoryIsSafeExactlyAsTheCharacterReadingSaid() async {
        func byCharacters(_ name: String) -> Bool {
            guard !name.isEmpty, !name.hasPrefix("/"), name.utf8.count <= 255 else { return false }
            return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0 != ".." && $0 != "."
            }
        }
        for name in [
            "", "/", "a", "a/", "/a", "a//b", ".", "..", "...", "a/.", "a/..", "./a", "../a", "a/.../b", ".a", "a.",
            "16x16/mimetypes", "é/ü", String(repeating: "a", count: 255), String(repeating: "a", count: 256),
        ] {
            #expect(IconDirectory.isSafe(name) == byCharacters(name), "\(name)")
        }
        let characters: [Character] = ["a", "/", ".", "é", "1"]
        await propertyCheck(count: 2000, input: Gen.int(in: 0...4).array(of: 0...12)) { picks in
            let name = String(picks.map { characters[$0] })
            #expect(IconDirectory.isSafe(name) == byCharacters(name), "\(name)")
        }
    }
}

extension IconThemeIndex {
    /// What the index says, to compare.
    struct Snapshot: Equatable {
        var inherits: [String]
        var directories: [Fields]
    }

    /// A directory's every field.
    struct Fields: Equatable {
        var name: String
        var size: Int
        var scale: Int
        var kind: IconDirectory.Kind
        var minSize: Int
        var maxSize: Int
        var threshold: Int
    }

    var snapshot: Snapshot {
        Snapshot(
            inherits: inherits,
            directories: directories.map {
                Fields(
                    name: $0.name, size: $0.size, scale: $0.scale, kind: $0.kind, minSize: $0.minSize, maxSize: $0.maxSize,
                    threshold: $0.threshold)
            })
    }
}
