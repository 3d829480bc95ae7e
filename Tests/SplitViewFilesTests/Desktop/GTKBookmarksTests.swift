import SplitViewFiles
import TestSupport
import Testing

/// `GTKBookmarks`: GTK's `bookmarks` file read line by line as GTK does, against hostile
/// input, and a bookmark added with every other byte kept.
@Suite struct GTKBookmarksTests {
    private func parse(_ text: String) -> [GTKBookmarks.Bookmark] { GTKBookmarks.parse(Array(text.utf8)) }

    @Test func aURIWithPercentEscapesDecodesToItsBytes() {
        let bookmarks = parse("file:///home/ana/My%20Notes\nfile:///home/ana/caf%C3%A9\n")
        #expect(bookmarks.map(\.path) == [FilePath("/home/ana/My Notes"), FilePath("/home/ana/café")])
        #expect(bookmarks.allSatisfy { $0.label == nil })
    }

    /// A name that is not UTF-8 (Latin-1 `é`, `\xE9`) is escaped by GTK and decodes to its byte.
    @Test func aNonUTF8ByteEscapedOrRawIsKeptAsTheByte() {
        #expect(parse("file:///tmp/caf%E9").map(\.path) == [FilePath(bytes: Array("/tmp/caf".utf8) + [0xE9])])
        let raw = Array("file:///tmp/x".utf8) + [0xFF] + Array(" L".utf8) + [0xFE]
        #expect(GTKBookmarks.parse(raw) == [.init(path: FilePath(bytes: Array("/tmp/x".utf8) + [0xFF]), label: [0x4C, 0xFE])])
    }

    /// At most `limit` bookmarks, each folder counted once: a repeated line takes no room.
    @Test func aLimitStopsTheReadingAtItsBookmark() {
        let text = "file:///a\nfile:///a\ngarbage\nfile:///b\nfile:///c\n"
        #expect(GTKBookmarks.parse(Array(text.utf8), limit: 2).map(\.path) == [FilePath("/a"), FilePath("/b")])
        #expect(GTKBookmarks.parse(Array(text.utf8), limit: 0).isEmpty)
    }

    /// The label is everything after the first space, spaces included.
    @Test func theLabelIsTheTextAfterTheFirstSpace() {
        let bookmarks = parse("file:///srv/music  My  Music \nfile:///srv/films \n")
        #expect(bookmarks[0].label == Array(" My  Music ".utf8))
        #expect(bookmarks[1].label == nil)  // a space and nothing: no label
    }

    @Test(arguments: [
        "", "\n\n", "garbage", "/home/ana/Notes", "sftp://host/home/ana", "file:/home/ana", "file://",
        "file://otherhost/home", "file:///bad%2", "file:///bad%zz", "file:///nul%00x", "file:///slash%2Fin-name",
        "http://file:///x", " file:///leading-space",
    ])
    func aLineThatNamesNoLocalFolderIsSkipped(_ line: String) {
        #expect(parse(line + "\nfile:///ok\n").map(\.path) == [FilePath("/ok")])
    }

    @Test func localhostAndUpperCaseSchemesAreLocal() {
        #expect(parse("FILE://localhost/a\nfile://LOCALHOST/b\r\n").map(\.path) == [FilePath("/a"), FilePath("/b")])
    }

    @Test func aFolderListedTwiceShowsOnce() {
        #expect(parse("file:///a One\nfile:///a Two\n").map(\.label) == [Array("One".utf8)])
    }

    /// GTK escapes every byte but the unreserved characters and `/`; the URI reads back.
    @Test func theWrittenURIEscapesAllButUnreservedAndSlash() {
        let path = FilePath(bytes: Array("/home/a b/ü%#?&~._-Z9".utf8) + [0xE9])
        let uri = GTKBookmarks.uri(for: path)
        #expect(String(decoding: uri, as: UTF8.self) == "file:///home/a%20b/%C3%BC%25%23%3F%26~._-Z9%E9")
        #expect(GTKBookmarks.path(fromURI: uri) == path)
    }

    @Test func addingKeepsEveryOtherByteAndAppendsOneLine() {
        let old = Array("sftp://host/x Remote\r\ngarbage \u{1}\nfile:///a A".utf8) + [0xFF]
        let new = GTKBookmarks.adding(FilePath("/b c"), to: old)
        #expect(new == old + Array("\nfile:///b%20c\n".utf8))
        #expect(GTKBookmarks.adding(FilePath("/b c"), to: new ?? []) == nil)  // already there
        #expect(GTKBookmarks.adding(FilePath("/a"), to: old) == nil)
        #expect(GTKBookmarks.adding(FilePath("/x"), to: []) == Array("file:///x\n".utf8))
    }

    @Test func aFileWithANULIsNotABookmarksFile() {
        #expect(GTKBookmarks.problem(in: Array("file:///a\n".utf8)) == nil)
        #expect(GTKBookmarks.problem(in: [0x66, 0, 0x0A]) != nil)
    }
}

/// Bookmarks that are no local folder, and where GVfs mounts them.
struct RemoteBookmarksTests {
    @Test func entriesKeepTheFilesOrderAndEveryURI() {
        let text = "file:///srv Server\nsftp://host/x Remote\nnot a uri\nsmb://nas/music\nsftp://host/x again\nfile:///srv\n"
        #expect(
            GTKBookmarks.entries(Array(text.utf8)) == [
                .folder(GTKBookmarks.Bookmark(path: FilePath("/srv"), label: Array("Server".utf8))),
                .remote(uri: "sftp://host/x", label: Array("Remote".utf8)),
                .remote(uri: "smb://nas/music", label: nil),
            ])
    }

    @Test func aMountSpecMatchesItsURIs() throws {
        let tree = try TemporaryFolder("gvfs")
        for name in ["sftp:host=host,user=ana", "smb-share:server=nas,share=music", "dav:host=cloud,port=8080,ssl=true"] {
            _ = AtomicFile.makeFolders(tree.path + "/" + name)
        }
        #expect(
            GVfsFolders.localPath(of: "sftp://ana@host/srv/www", in: tree.path)?.string == tree.path
                + "/sftp:host=host,user=ana/srv/www")
        #expect(GVfsFolders.localPath(of: "sftp://bob@host/srv", in: tree.path) == nil, "another user's mount")
        #expect(
            GVfsFolders.localPath(of: "smb://NAS/music/2024", in: tree.path)?.string == tree.path
                + "/smb-share:server=nas,share=music/2024")
        #expect(
            GVfsFolders.localPath(of: "davs://cloud:8080/", in: tree.path)?.string == tree.path
                + "/dav:host=cloud,port=8080,ssl=true")
        #expect(GVfsFolders.localPath(of: "dav://cloud:8080/", in: tree.path) == nil, "not the TLS one")
        #expect(GVfsFolders.localPath(of: "ftp://host/", in: tree.path) == nil)
    }
}
