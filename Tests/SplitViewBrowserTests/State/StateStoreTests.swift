import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// `state.json`: where it lives, a round trip, and every damaged or hostile file giving one
/// line of warning, the file moved aside where promised, and the defaults.
@Suite struct StateStoreTests {
    static let sample = AppState(
        root: "/home/ada/Notes",
        windows: [
            WindowState(
                width: 1400, height: 900, style: .triple,
                split: SplitViewState(
                    preferredDisplayMode: .twoBesideSecondary,
                    widths: [
                        .init(column: .primary, width: 280, wasShowing: true),
                        .init(column: .inspector, width: 270.5, wasShowing: false),
                    ], isInspectorShown: true, focusedColumn: .supplementary),
                expandedFolders: ["", "Projects", "Projects/Älter"], selectedFolder: "Projects",
                selectedFile: "Projects/plan.md", scrollOffsets: ["primary": 0, "secondary": 1234.5]),
            WindowState(width: 800, height: 600, style: .double),
        ])

    /// A store in a fresh folder, through `XDG_STATE_HOME`.
    static func store(_ folder: TemporaryFolder) -> StateStore {
        StateStore(environment: ["XDG_STATE_HOME": folder.path, "HOME": "/nonexistent"])
    }

    @Test func aSavedStateLoadsBack() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        #expect(store.path == folder.path + "/splitview/state.json")
        #expect(store.save(Self.sample) == nil)
        let (state, warning) = store.load()
        #expect(state == Self.sample)
        #expect(warning == nil)
        #expect(folder.entries("splitview") == ["state.json"])
        var info = stat()
        #expect(stat(folder.path + "/splitview", &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(stat(store.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    /// Sorted keys, indented, enums by name, a final newline: a file people can read and diff.
    @Test func theFileIsSortedIndentedJSON() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        #expect(store.save(AppState(root: "/r", windows: [WindowState(width: 1, height: 2, style: .double)])) == nil)
        #expect(
            folder.read("splitview/state.json") == """
                {
                  "root" : "/r",
                  "version" : 1,
                  "windows" : [
                    {
                      "back" : [

                      ],
                      "expandedFolders" : [
                        ""
                      ],
                      "forward" : [

                      ],
                      "height" : 2,
                      "scrollOffsets" : {

                      },
                      "split" : {
                        "isInspectorShown" : false,
                        "preferredDisplayMode" : "automatic",
                        "preferredSplitBehavior" : "automatic",
                        "version" : 1,
                        "widths" : [

                        ]
                      },
                      "style" : "double",
                      "width" : 1,
                      "wrapsLines" : true
                    }
                  ]
                }

                """)
    }

    @Test func noFileIsNoStateAndNoWarning() throws {
        let folder = try TemporaryFolder()
        let (state, warning) = Self.store(folder).load()
        #expect(state == nil && warning == nil)
    }

    @Test(arguments: [
        (["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"], "/x/state/splitview/state.json"),
        (["XDG_STATE_HOME": "/x/state/", "HOME": "/home/a"], "/x/state/splitview/state.json"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/home/a"], "/home/a/.local/state/splitview/state.json"),
        (["XDG_STATE_HOME": "", "HOME": "/home/a/"], "/home/a/.local/state/splitview/state.json"),
        (["HOME": "/home/a"], "/home/a/.local/state/splitview/state.json"),
        (["XDG_STATE_HOME": "/", "HOME": "/home/a"], "/splitview/state.json"),
    ])
    func thePathFollowsXDG(_ environment: [String: String], _ path: String) {
        #expect(StateStore(environment: environment).path == path)
    }

    // A minimal valid file, and its window, to break one value at a time.
    static let window =
        #"{"width":1400,"height":900,"style":"triple","split":{"version":1,"preferredDisplayMode":"automatic","preferredSplitBehavior":"automatic","widths":[],"isInspectorShown":false},"expandedFolders":[""],"scrollOffsets":{}}"#

    static func file(version: String = "1", root: String = #""/lib""#, windows: [String] = [window]) -> String {
        #"{"version":\#(version),"root":\#(root),"windows":[\#(windows.joined(separator: ","))]}"#
    }

    static func window(replacing old: String, with new: String) -> String {
        precondition(window.contains(old))
        return file(windows: [window.replacing(old, with: new)])
    }

    /// A file from an earlier version, with the window's position and an inspector scroll
    /// offset that nothing used: it loads, without them, and is saved without them.
    @Test func theRemovedFieldsOfEarlierFilesAreIgnored() throws {
        let old = Self.window.replacing(#""width":1400"#, with: #""width":1400,"x":-40000,"y":0.5"#)
            .replacing(#""scrollOffsets":{}"#, with: #""scrollOffsets":{"inspector":120,"secondary":40}"#)
        let state = try StateStore.decode(Array(Self.file(windows: [old]).utf8))
        #expect(state.windows[0].width == 1400)
        #expect(state.windows[0].scrollOffsets == ["secondary": 40])
        let saved = String(decoding: try StateStore.encode(state), as: UTF8.self)
        #expect(!saved.contains("inspector") && !saved.contains(#""x""#) && !saved.contains(#""y""#))
    }

    /// Each damaged or hostile file: the reason in the warning.
    static let corruptFiles: [(String, String)] = [
        ("", "not valid JSON"),
        (String(file().prefix(60)), "not valid JSON"),
        ("\u{FF}\u{FE}garbage\u{0}", "not valid JSON"),
        ("[1,2]", "top level: expected an object, found a list"),
        ("{}", "version: missing"),
        (file(version: "0"), "version: expected 1 or more, found 0"),
        (file(version: "1.5"), "version: expected a whole number"),
        (file(version: "\"1\""), "version: expected a number, found a string"),
        (file(root: "7"), "root: expected a string, found a number"),
        (file(root: #""relative""#), "root: expected an absolute path"),
        (file(root: #""/a\u0000b""#), "root: contains a NUL character"),
        (file(root: "\"/" + String(repeating: "a", count: 5000) + "\""), "root: longer than 4096 bytes"),
        (file(windows: []), "windows: expected 1 to 32 windows, found 0"),
        (file(windows: Array(repeating: window, count: 33)), "windows: expected 1 to 32 windows, found 33"),
        (#"{"version":1,"root":"/lib","windows":{}}"#, "windows: expected a list, found an object"),
        (window(replacing: #""width":1400"#, with: #""width":"wide""#), "windows[0].width: expected a number, found a string"),
        (window(replacing: #""width":1400"#, with: #""width":null"#), "windows[0].width: expected a number, found null"),
        (window(replacing: #""width":1400"#, with: #""width":1e308"#), "windows[0].width: expected a whole number, found 1e+308"),
        (
            window(replacing: #""width":1400"#, with: #""width":-5"#),
            "windows[0].width: expected a whole number from 1 to 32767, found -5"
        ),
        (
            window(replacing: #""width":1400"#, with: #""width":0"#),
            "windows[0].width: expected a whole number from 1 to 32767, found 0"
        ),
        (
            window(replacing: #""height":900"#, with: #""height":32768"#),
            "windows[0].height: expected a whole number from 1 to 32767"
        ),
        (window(replacing: #""width":1400,"#, with: ""), "windows[0].width: missing"),
        (window(replacing: #""triple""#, with: #""quadruple""#), #"windows[0].style: expected "double" or "triple""#),
        (
            window(replacing: #""split":{"version":1"#, with: #""split":{"version":1e308"#),
            "windows[0].split.version: expected a whole number"
        ),
        (
            window(replacing: #""split":{"version":1"#, with: #""split":{"version":2"#),
            "windows[0].split.version: expected 1, found 2"
        ),
        (
            window(replacing: #""preferredDisplayMode":"automatic""#, with: #""preferredDisplayMode":"sideways""#),
            "windows[0].split.preferredDisplayMode: expected one of automatic"
        ),
        (
            window(replacing: #""widths":[]"#, with: #""widths":[{"column":"primary","width":-1,"wasShowing":true}]"#),
            "windows[0].split.widths[0].width: expected a number from 0 to 100000, found -1"
        ),
        (
            window(replacing: #""widths":[]"#, with: #""widths":[{"column":"primary","width":1e308,"wasShowing":true}]"#),
            "windows[0].split.widths[0].width: expected a number from 0 to 100000"
        ),
        (
            window(replacing: #""widths":[]"#, with: #""widths":[{"column":"primary","width":"NaN","wasShowing":true}]"#),
            "windows[0].split.widths[0].width: expected a number, found a string"
        ),
        (
            window(replacing: #""scrollOffsets":{}"#, with: #""scrollOffsets":{"primary":"NaN"}"#),
            "windows[0].scrollOffsets.primary: expected a number, found a string"
        ),
        (
            window(replacing: #""scrollOffsets":{}"#, with: #""scrollOffsets":{"primary":1e308}"#),
            "windows[0].scrollOffsets.primary: expected a number from 0 to 1000000000"
        ),
        (
            window(replacing: #""scrollOffsets":{}"#, with: #""scrollOffsets":{"primary":-3}"#),
            "windows[0].scrollOffsets.primary: expected a number from 0 to 1000000000, found -3"
        ),
        (
            window(replacing: #""scrollOffsets":{}"#, with: #""scrollOffsets":{"side\nways":3}"#),
            #"windows[0].scrollOffsets.side\nways: unknown column"#
        ),
        (
            window(replacing: #""expandedFolders":[""]"#, with: #""expandedFolders":["../etc"]"#),
            "windows[0].expandedFolders[0]: expected a path inside the root"
        ),
        (
            window(replacing: #""expandedFolders":[""]"#, with: #""expandedFolders":["/etc"]"#),
            "windows[0].expandedFolders[0]: expected a path inside the root"
        ),
        (
            window(
                replacing: #""expandedFolders":[""]"#,
                with: #""expandedFolders":[\#(Array(repeating: #""""#, count: 10_001).joined(separator: ","))]"#),
            "windows[0].expandedFolders: more than 10000 folders"
        ),
        (
            window(replacing: #""expandedFolders":[""]"#, with: #""expandedFolders":[""],"selectedFile":"a/./b""#),
            "windows[0].selectedFile: expected a path inside the root"
        ),
        (
            window(replacing: #""expandedFolders":[""]"#, with: #""expandedFolders":[""],"selectedFolder":5"#),
            "windows[0].selectedFolder: expected a string, found a number"
        ),
        (String(repeating: "[", count: 100_000), "not valid JSON"),
    ]

    @Test(arguments: corruptFiles)
    func aCorruptFileIsMovedAsideWithOneLine(_ contents: String, _ reason: String) throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        folder.write("an older bad file", to: "splitview/state.json.bad")
        folder.write(contents, to: "splitview/state.json")
        let (state, warning) = store.load()
        #expect(state == nil)
        let line = try #require(warning)
        #expect(!line.contains("\n"))
        #expect(line.contains(reason), "\(line)")
        #expect(line.hasPrefix("state file \(store.path) is corrupt ("))
        #expect(line.hasSuffix("); moved aside to state.json.bad, starting with defaults"))
        #expect(folder.entries("splitview") == ["state.json.bad"])
        #expect(folder.read("splitview/state.json.bad") == contents)
        // The next start finds no file and says nothing; the next save works.
        #expect(store.load().warning == nil)
        #expect(store.save(Self.sample) == nil)
        #expect(store.load().state == Self.sample)
    }

    /// A folder named `state.json.bad` cannot be replaced: the line says the file stays.
    @Test func aFileThatCannotBeMovedAsideIsSaidSo() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        folder.write("keep", to: "splitview/state.json.bad/inside")
        folder.write("{", to: "splitview/state.json")
        let (state, warning) = store.load()
        #expect(state == nil)
        #expect(
            warning == "state file \(store.path) is corrupt (not valid JSON) and could not be moved aside"
                + " (Is a directory); starting with defaults")
        #expect(folder.read("splitview/state.json") == "{")
    }

    @Test func aNewerVersionIsMovedAsideAndSaidSo() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        folder.write(#"{"version":99,"layout":"something new"}"#, to: "splitview/state.json")
        let (state, warning) = store.load()
        #expect(state == nil)
        #expect(
            warning == "state file \(store.path) cannot be used (written by a newer splitview (version 99));"
                + " moved aside to state.json.bad, starting with defaults")
        #expect(folder.entries("splitview") == ["state.json.bad"])
    }

    /// 10 000 windows do not fit in 1 MiB; the file is refused from its size.
    @Test func tenThousandWindowsAreRefused() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        folder.write(Self.file(windows: Array(repeating: Self.window, count: 10_000)), to: "splitview/state.json")
        let warning = try #require(store.load().warning)
        #expect(warning.contains("(larger than 1048576 bytes)"))
        #expect(folder.entries("splitview") == ["state.json.bad"])
    }

    /// A sparse 100 MB file is refused from its size, without reading it, and moved aside.
    @Test func aHugeFileIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        #expect(AtomicFile.makeFolders(folder.path + "/splitview") == nil)
        let fd = open(store.path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, 100 * 1024 * 1024) == 0)
        close(fd)
        let (state, warning) = store.load()
        #expect(state == nil)
        #expect(
            warning
                == "state file \(store.path) is corrupt (larger than 1048576 bytes); moved aside to state.json.bad, starting with defaults"
        )
        #expect(folder.entries("splitview") == ["state.json.bad"])
    }

    /// The state folder is a file: nothing to read (one line), nothing can be saved (one line),
    /// and the file stays as it was.
    @Test func aStateFolderThatIsAFile() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        folder.write("not a folder", to: "splitview")
        let (state, warning) = store.load()
        #expect(state == nil)
        #expect(warning == "cannot read state file \(store.path): Not a directory; starting with defaults")
        #expect(store.save(Self.sample) == "state not saved: \(folder.path)/splitview: Not a directory")
        #expect(folder.read("splitview") == "not a folder")
    }

    /// A folder where the file should be: not read, not moved, not replaced — for root too.
    @Test func aFolderInTheFilesPlace() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        folder.write("keep", to: "splitview/state.json/inside")
        let (state, warning) = store.load()
        #expect(state == nil)
        #expect(warning == "cannot read state file \(store.path): is a folder; starting with defaults")
        let error = try #require(store.save(Self.sample))
        #expect(error.hasPrefix("state not saved: \(store.path): "))
        #expect(!error.contains("\n"))
        #expect(folder.entries("splitview") == ["state.json"])
        #expect(folder.read("splitview/state.json/inside") == "keep")
    }

    /// A folder's permissions stop the save. Root writes anything: as root, the check runs as
    /// the user nobody (see `checkAsNobodyWhenRoot`).
    @Test func aReadOnlyFolderKeepsTheOldFile() throws {
        try checkAsNobodyWhenRoot("StateStoreTests/aReadOnlyFolderKeepsTheOldFile") {
            let folder = try TemporaryFolder()
            let store = Self.store(folder)
            #expect(store.save(Self.sample) == nil)
            chmod(folder.path + "/splitview", 0o500)
            defer { chmod(folder.path + "/splitview", 0o700) }
            var changed = Self.sample
            changed.root = "/elsewhere"
            let error = try #require(store.save(changed))
            #expect(error == "state not saved: \(store.path): Permission denied")
            #expect(store.load().state == Self.sample)
        }
    }

    /// A value the loader would refuse is not written either.
    @Test func anInvalidStateIsNotSaved() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(folder)
        #expect(store.save(Self.sample) == nil)
        var bad = Self.sample
        bad.windows[0].scrollOffsets["primary"] = .nan
        #expect(
            store.save(bad)
                == "state not saved to \(store.path): windows[0].scrollOffsets.primary: expected a number from 0 to 1000000000, found nan"
        )
        #expect(store.load().state == Self.sample)
    }

    /// A newline in the folder's name does not break the warning's line.
    @Test func aPathWithANewlineStaysOnOneLine() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(environment: ["XDG_STATE_HOME": folder.path + "/odd\nname"])
        folder.write("{", to: "odd\nname/splitview/state.json")
        let warning = try #require(store.load().warning)
        #expect(!warning.contains("\n"))
        #expect(warning.contains("odd\\nname"))
    }
}
