import Glibc
import PropertyBased
import SplitViewFiles
import TestSupport
import Testing

/// A database in a folder of the test's own.
final class MimeFolder {
    let folder: TemporaryFolder
    var path: String { folder.path }

    init() throws {
        folder = try TemporaryFolder("mime")
    }

    func write(_ name: String, _ bytes: [UInt8]) {
        _ = AtomicFile.makeFolders(AtomicFile.parentFolder(of: path + "/" + name))
        _ = AtomicFile.write(bytes, to: path + "/" + name)
    }

    func write(_ name: String, _ text: String) { write(name, Array(text.utf8)) }
}

struct MimeDatabaseTests {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Runs `body` with the sample database, its folder kept until it returns.
    private static func withSample(language: [String] = [], _ body: (MimeDatabase) throws -> Void) throws {
        let (folder, database) = try sample(language: language)
        try withExtendedLifetime(folder) { try body(database) }
    }

    private static func sample(language: [String] = []) throws -> (MimeFolder, MimeDatabase) {
        let folder = try MimeFolder()
        folder.write(
            "globs2",
            """
            50:image/png:*.png
            50:application/msword:*.doc
            50:text/x-readme:*.doc
            50:application/x-shellscript:*.sh
            """)
        folder.write(
            "magic",
            MagicFile.header + MagicFile.section(50, "image/png", [MagicFile.rule(offset: 0, png)])
                + MagicFile.section(50, "application/x-ole-storage", [MagicFile.rule(offset: 0, [0xD0, 0xCF, 0x11, 0xE0])]))
        folder.write("aliases", "image/x-png image/png\n")
        folder.write("subclasses", "application/x-shellscript text/plain\napplication/msword application/x-ole-storage\n")
        folder.write("generic-icons", "application/x-shellscript:text-x-script\n")
        folder.write(
            "image/png.xml",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <mime-type xmlns="http://www.freedesktop.org/standards/shared-mime-info" type="image/png">
              <comment>PNG image</comment>
              <comment xml:lang="de">PNG-Bild</comment>
              <comment xml:lang="fr">image PNG &amp; co</comment>
            </mime-type>
            """)
        return (folder, MimeDatabase(directories: [folder.path], language: language))
    }

    @Test func aUniqueGlobDecidesWithoutTheBytes() throws {
        try Self.withSample { database in
            #expect(database.type(forName: "a.png", bytes: nil) == "image/png")
            #expect(database.type(forName: "a.png", bytes: Array("not a picture".utf8)) == "image/png")
        }
    }

    @Test func withoutAGlobMagicDecides() throws {
        try Self.withSample { database in
            #expect(database.type(forName: "picture", bytes: Self.png) == "image/png")
        }
    }

    /// A kernel file's type goes by its name alone: reading it to sniff could take from it
    /// (`/proc/kmsg`). Read, sysfs's `online` (4 096 bytes by `stat`) would be text.
    @Test func aKernelFileIsTypedByNameNeverRead() throws {
        try Self.withSample { database in
            let online = FilePath("/sys/devices/system/cpu/online")
            try #require((try? FileInfo.read(online).get()) != nil, "this machine has no sysfs")
            #expect(database.type(ofFileAt: online) == database.type(forName: "online", bytes: nil))
            #expect(database.type(ofFileAt: online) != "text/plain")
        }
    }

    /// An empty regular file is `text/plain` whatever its name, as GIO says (`gio info`,
    /// GNOME Files, Thunar): before, a new empty file was "Empty document" and no editor was
    /// offered for it. Zero-length kernel files (`/proc/self/environ`) are the same, unread.
    @Test func anEmptyFileIsPlainTextAsGIOSays() throws {
        try Self.withSample { database in
            let tree = try TemporaryFolder("emptyfiles")
            for name in ["empty", "run.sh", "picture.png"] {
                _ = AtomicFile.write([], to: tree.path + "/" + name)
                #expect(database.type(ofFileAt: FilePath(tree.path + "/" + name)) == "text/plain", "\(name)")
            }
            _ = AtomicFile.write(Array("x".utf8), to: tree.path + "/run.sh")
            #expect(database.type(ofFileAt: FilePath(tree.path + "/run.sh")) == "application/x-shellscript")
            #expect(database.type(ofFileAt: FilePath("/proc/self/environ")) == "text/plain")
        }
    }

    @Test func withNeitherTextOrBinaryOrEmpty() throws {
        try Self.withSample { database in
            #expect(database.type(forName: "notes", bytes: Array("hello\n".utf8)) == "text/plain")
            #expect(database.type(forName: "blob", bytes: [0, 1, 2, 3]) == "application/octet-stream")
            #expect(database.type(forName: "empty", bytes: []) == "application/x-zerosize")
        }
    }

    @Test func conflictingGlobsAreSettledByMagicAndSubclasses() throws {
        try Self.withSample { database in
            // Word's bytes: the glob whose type is a subclass of the magic type wins.
            #expect(database.type(forName: "letter.doc", bytes: [0xD0, 0xCF, 0x11, 0xE0, 0, 0]) == "application/msword")
            // Bytes no rule knows: the first glob of the conflict.
            #expect(database.type(forName: "letter.doc", bytes: Array("text".utf8)) == "application/msword")
        }
    }

    @Test func aliasesParentsAndIcons() throws {
        try Self.withSample { database in
            #expect(database.canonical("image/x-png") == "image/png")
            #expect(database.isSubclass("application/x-shellscript", of: "text/plain"))
            #expect(database.isSubclass("text/x-readme", of: "text/plain"))
            #expect(database.isSubclass("image/png", of: "application/octet-stream"))
            #expect(!database.isSubclass("inode/directory", of: "application/octet-stream"))
            #expect(database.iconNames(for: "application/x-shellscript") == ["application-x-shellscript", "text-x-script"])
            #expect(database.iconNames(for: "image/x-png") == ["image-png", "image-x-generic"])
        }
    }

    @Test func theCommentInTheUsersLanguageElseThePlainOne() throws {
        try Self.withSample { #expect($0.comment(for: "image/png") == "PNG image") }
        try Self.withSample(language: ["de_AT", "de"]) { #expect($0.comment(for: "image/png") == "PNG-Bild") }
        try Self.withSample(language: ["fr"]) { #expect($0.comment(for: "image/x-png") == "image PNG & co") }
        try Self.withSample { #expect($0.comment(for: "image/none") == nil) }
    }

    @Test func languagesFromTheLocale() {
        #expect(MimeDatabase.languages(environment: ["LANG": "de_AT.UTF-8@euro"]) == ["de_AT", "de"])
        #expect(MimeDatabase.languages(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "fr"]) == ["fr"])
        #expect(MimeDatabase.languages(environment: ["LANG": "C.UTF-8"]).isEmpty)
        #expect(MimeDatabase.languages(environment: [:]).isEmpty)
    }

    @Test func aMoreImportantDirectoryComesFirst() throws {
        let (system, _) = try Self.sample()
        let user = try MimeFolder()
        defer { withExtendedLifetime((system, user)) {} }
        user.write("globs2", "50:image/x-mine:*.png\n")
        user.write("image/png.xml", "<mime-type><comment>My PNG</comment></mime-type>")
        let database = MimeDatabase(directories: [user.path, system.path])
        #expect(
            database.type(forName: "a.png", bytes: nil) == "image/png"
                || database.type(forName: "a.png", bytes: nil) == "image/x-mine")
        #expect(database.comment(for: "image/png") == "My PNG")
    }

    @Test func filesOnDiskByKindNameAndBytes() throws {
        try Self.withSample { database in
            let tree = try TemporaryFolder("mimefiles")
            _ = AtomicFile.write(Self.png, to: tree.path + "/picture")
            _ = AtomicFile.write(Array("#!/bin/sh\n".utf8), to: tree.path + "/run.sh")
            _ = AtomicFile.makeFolders(tree.path + "/folder")
            symlink("/nonexistent/target", tree.path + "/broken")
            symlink(tree.path + "/picture", tree.path + "/link")
            mkfifo(tree.path + "/pipe", 0o600)
            #expect(database.type(ofFileAt: FilePath(tree.path + "/picture")) == "image/png")
            #expect(database.type(ofFileAt: FilePath(tree.path + "/run.sh")) == "application/x-shellscript")
            #expect(database.type(ofFileAt: FilePath(tree.path + "/folder")) == "inode/directory")
            #expect(database.type(ofFileAt: FilePath(tree.path + "/broken")) == "inode/symlink")
            #expect(database.type(ofFileAt: FilePath(tree.path + "/link")) == "image/png")
            #expect(database.type(ofFileAt: FilePath(tree.path + "/pipe")) == "inode/fifo")
            #expect(database.type(ofFileAt: FilePath(tree.path + "/missing")) == "application/octet-stream")
        }
    }

    @Test func hostileDatabaseFilesAreSkippedNeverACrash() throws {
        let folder = try MimeFolder()
        defer { withExtendedLifetime(folder) {} }
        folder.write("globs2", [0xFF, 0xFE, 0, 0x3A, 0x3A] + Array(repeating: 0x3A, count: 10_000))
        folder.write("magic", MagicFile.header + Array("[99999:x/y]\n>0=".utf8))
        folder.write("aliases", "a\n\n b c d\n../../etc/passwd x/y\n")
        folder.write("subclasses", "x/a x/b\nx/b x/a\n")
        folder.write("generic-icons", "x/a:../../etc\n")
        folder.write("x/a.xml", "<comment>unterminated")
        let database = MimeDatabase(directories: [folder.path, "/nonexistent"])
        #expect(database.counts.globs == 0 && database.counts.magic == 0)
        #expect(database.ancestry(of: "x/a") == ["x/a", "x/b", "application/octet-stream"])
        #expect(database.iconNames(for: "x/a") == ["x-a", "x-x-generic"])
        #expect(database.comment(for: "x/a") == nil)
        #expect(database.comment(for: "../../etc/passwd") == nil)
        #expect(database.type(forName: "anything", bytes: [1, 2]) == "application/octet-stream")
    }

    @Test func aFileOverTheLimitIsNotRead() throws {
        let folder = try MimeFolder()
        defer { withExtendedLifetime(folder) {} }
        folder.write("globs2", "50:image/png:*.png\n" + String(repeating: "#", count: MimeDatabase.fileLimit))
        let database = MimeDatabase(directories: [folder.path])
        #expect(database.counts.globs == 0)
        #expect(
            database.problems == [
                "\(folder.path)/globs2: too large (\(MimeDatabase.fileLimit + 19) bytes; the limit is 8388608 bytes), not read"
            ])
    }

    /// A type's XML of 25 000 `<comment ` that never close, after the real one: each used to
    /// send a search to the file's end (25 000 times 250 KB); read once now.
    @Test func aTypesXMLOfUnclosedCommentsIsReadOnce() throws {
        let folder = try MimeFolder()
        defer { withExtendedLifetime(folder) {} }
        folder.write("x/y.xml", "<comment>Why</comment>\n" + String(repeating: "<comment \n", count: 25_000))
        folder.write("x/big.xml", "<comment>Big</comment>" + String(repeating: " ", count: MimeDatabase.commentFileLimit))
        let database = MimeDatabase(directories: [folder.path])
        #expect(database.comment(for: "x/y") == "Why")
        #expect(database.comment(for: "x/big") == nil, "over 256 KiB: not read")
    }

    // MARK: The system's own database

    private static let system = MimeDatabase(directories: ["/usr/share/mime"])
    private static let hasSystemDatabase = access("/usr/share/mime/globs2", R_OK) == 0

    @Test(.enabled(if: hasSystemDatabase, "no /usr/share/mime here: the shared-mime-info package is not installed"))
    func theSystemsDatabaseNamesCommonFiles() {
        #expect(Self.system.type(forName: "photo.png", bytes: nil) == "image/png")
        #expect(Self.system.type(forName: "script.sh", bytes: nil) == "application/x-shellscript")
        #expect(Self.system.type(forName: "Makefile", bytes: nil) == "text/x-makefile")
        #expect(Self.system.type(forName: "archive.tar.gz", bytes: nil) == "application/x-compressed-tar")
        #expect(Self.system.type(forName: "noextension", bytes: Self.png + [0, 0, 0, 13]) == "image/png")
        #expect(Self.system.type(forName: "run", bytes: Array("#!/bin/sh\necho hi\n".utf8)) == "application/x-shellscript")
        #expect(Self.system.type(forName: "doc", bytes: Array("%PDF-1.7\n".utf8)) == "application/pdf")
        #expect(Self.system.comment(for: "image/png") == "PNG image")
        #expect(Self.system.comment(for: "inode/directory") == "folder")
        #expect(Self.system.isSubclass("application/x-shellscript", of: "text/plain"))
        #expect(Self.system.iconNames(for: "image/png").last == "image-x-generic")
        #expect(Self.system.counts.globs > 500)
        #expect(Self.system.counts.magic > 100)
    }

    /// The bound on magic never changes what the system's rules say: a sixteenth of it gives
    /// the same answers as no bound, for text, a picture, zeros and random bytes.
    @Test(.enabled(if: hasSystemDatabase, "no /usr/share/mime here"))
    func theSystemsMagicStaysWellWithinItsBound() throws {
        let magic = MimeMagic(files: [try AtomicFile.read("/usr/share/mime/magic", limit: MimeDatabase.fileLimit).get()])
        var random = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            Array(String(repeating: "plain text, line after line\n", count: 3000).utf8),
            Self.png + [UInt8](repeating: 0, count: 60_000), [UInt8](repeating: 0, count: 64 << 10),
            (0..<(64 << 10)).map { _ in UInt8.random(in: 0...255, using: &random) },
            Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
        ]
        for bytes in samples {
            #expect(
                magic.matches(bytes, work: MimeMagic.workLimit / 16).map(\.type) == magic.matches(bytes, work: .max).map(\.type))
        }
    }

    private static let names = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...6).map { $0.map { pieces[$0] }.joined() }
    private static let pieces = [
        "a", ".", "png", "tar", "gz", "~", "*", "[", "README", "Makefile", "é", "\u{0}", "C", ".sh", "%",
    ]

    @Test(.enabled(if: hasSystemDatabase, "no /usr/share/mime here"))
    func anyNameAndBytesGiveOneTypeEveryTime() async {
        await propertyCheck(count: 300, input: Self.names, Gen.int(in: 0...255).map { UInt8($0) }.array(of: 0...64)) {
            name, bytes in
            let type = Self.system.type(forName: name, bytes: bytes)
            #expect(MimeTypeName.isValid(type))
            #expect(type == Self.system.type(forName: name, bytes: bytes))
        }
    }
}
