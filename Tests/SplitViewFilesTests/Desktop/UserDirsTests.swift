import SplitViewFiles
import Testing

/// `UserDirs`: `user-dirs.dirs` read as `xdg-user-dirs` writes it, against hostile input.
@Suite struct UserDirsTests {
    private let home = FilePath("/home/ana")
    private func parse(_ text: String) -> [String: FilePath] { UserDirs.parse(Array(text.utf8), home: home) }

    @Test func homeRelativeAndAbsoluteQuotedPaths() {
        let folders = parse(
            """
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Desktop"
              XDG_DOCUMENTS_DIR = "/data/Dokumente"\t
            XDG_DOWNLOAD_DIR="$HOME"
            XDG_MUSIC_DIR="$HOME/My \\"Music\\" \\$x"
            """)
        #expect(folders["DESKTOP"] == FilePath("/home/ana/Desktop"))
        #expect(folders["DOCUMENTS"] == FilePath("/data/Dokumente"))
        #expect(folders["DOWNLOAD"] == FilePath("/home/ana"))  // switched off: the places skip it
        #expect(folders["MUSIC"] == FilePath("/home/ana/My \"Music\" $x"))
    }

    @Test(arguments: [
        "XDG_PICTURES_DIR=$HOME/Pictures", "XDG_PICTURES_DIR=\"Pictures\"", "XDG_PICTURES_DIR=\"$HOMEPictures\"",
        "XDG_PICTURES_DIR=\"$HOME/Pictures", "XDG_PICTURES_DIR=\"/p\" trailing", "XDG_PICTURES_DIR",
        "# XDG_PICTURES_DIR=\"/p\"", "XDG_PICTURES=\"/p\"", "XDG_UNKNOWN_DIR=\"/p\"", "garbage ====", "=\"/p\"",
        "XDG_PICTURES_DIR=\"/p\\",
    ])
    func aBadLineIsSkipped(_ line: String) {
        let folders = parse(line + "\nXDG_VIDEOS_DIR=\"$HOME/Videos\"\n")
        #expect(folders == ["VIDEOS": FilePath("/home/ana/Videos")])
    }

    @Test func nonUTF8BytesInAPathAreKept() {
        let bytes = Array("XDG_MUSIC_DIR=\"$HOME/M".utf8) + [0xFC] + Array("sik\"\n".utf8)
        #expect(
            UserDirs.parse(bytes, home: home)["MUSIC"] == FilePath(bytes: Array("/home/ana/M".utf8) + [0xFC, 0x73, 0x69, 0x6B]))
    }

    @Test func theLastValueOfAKeyWins() {
        #expect(parse("XDG_MUSIC_DIR=\"/a\"\nXDG_MUSIC_DIR=\"/b\"\n")["MUSIC"] == FilePath("/b"))
    }
}
