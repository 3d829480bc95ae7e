import SplitViewFiles
import TestSupport
import Testing

struct MimeAppsTests {
    private static func app(_ id: String, _ types: String, noDisplay: Bool = false) -> DesktopEntry {
        DesktopEntry(
            Array(
                "[Desktop Entry]\nType=Application\nName=\(id)\nExec=\(id) %f\nMimeType=\(types)\nNoDisplay=\(noDisplay)\n".utf8),
            id: id + ".desktop", path: "/apps/" + id + ".desktop")!
    }

    private static func list(_ text: String) -> KeyFile { KeyFile(Array(text.utf8)) }

    private static let apps = [
        app("viewer", "image/png;"), app("editor", "text/plain;"), app("coder", "text/x-csrc;text/plain;"),
        app("hidden", "image/png;", noDisplay: true), app("any", "application/octet-stream;"),
    ]

    @Test func theUsersDefaultComesFirstThenTheTypeThenItsParents() {
        let mime = MimeApps(
            entries: Self.apps, lists: [Self.list("[Default Applications]\ntext/x-csrc=missing.desktop;editor.desktop;\n")])
        let (entries, chosen) = mime.applications(forAncestry: ["text/x-csrc", "text/plain", "application/octet-stream"])
        #expect(entries.map(\.id) == ["editor.desktop", "coder.desktop"])
        #expect(chosen == "editor.desktop")
    }

    @Test func aMoreImportantListWins() {
        let mime = MimeApps(
            entries: Self.apps,
            lists: [
                Self.list("[Default Applications]\ntext/plain=coder.desktop\n"),
                Self.list("[Default Applications]\ntext/plain=editor.desktop\n"),
            ])
        #expect(mime.defaultEntry(for: "text/plain")?.id == "coder.desktop")
    }

    @Test func addedAndRemovedAssociations() {
        let mime = MimeApps(
            entries: Self.apps,
            lists: [
                Self.list("[Added Associations]\nimage/png=editor.desktop;\n[Removed Associations]\nimage/png=viewer.desktop;\n"),
                Self.list(
                    "[Added Associations]\nimage/png=viewer.desktop;coder.desktop\n[Default Applications]\nimage/png=viewer.desktop\n"
                ),
            ])
        let (entries, chosen) = mime.applications(forAncestry: ["image/png", "application/octet-stream"])
        // As GIO: a removed association still opens the type when a list chooses it.
        #expect(entries.map(\.id) == ["viewer.desktop", "editor.desktop", "coder.desktop"])
        #expect(chosen == "viewer.desktop")
        #expect(mime.associatedEntries(for: "image/png").map(\.id) == ["editor.desktop", "coder.desktop"])
    }

    @Test func noDisplayAndAnyBytesAreNotOffered() {
        let mime = MimeApps(entries: Self.apps, lists: [])
        #expect(
            mime.applications(forAncestry: ["image/png", "application/octet-stream"]).entries.map(\.id) == ["viewer.desktop"])
        #expect(mime.applications(forAncestry: ["application/octet-stream"]).entries.map(\.id) == ["any.desktop"])
    }

    @Test func readFromTheXDGDirectories() throws {
        let data = try TemporaryFolder("apps-data"), config = try TemporaryFolder("apps-config")
        data.write(
            "[Desktop Entry]\nType=Application\nName=Mine\nExec=mine %U\nMimeType=text/plain;\n",
            to: "user/applications/mine.desktop")
        data.write(
            "[Desktop Entry]\nType=Application\nName=Theirs\nExec=theirs %f\nMimeType=text/plain;\n",
            to: "system/applications/kde/theirs.desktop")
        data.write(
            "[Desktop Entry]\nType=Application\nName=Old\nExec=old\nMimeType=text/plain;\n",
            to: "system/applications/mine.desktop")
        data.write("[Desktop Entry]\nHidden=true\n", to: "user/applications/gone.desktop")
        data.write(
            "[Desktop Entry]\nType=Application\nName=Gone\nExec=gone\nMimeType=text/plain;\n",
            to: "system/applications/gone.desktop")
        config.write("[Default Applications]\ntext/plain=kde-theirs.desktop\n", to: "mimeapps.list")
        let xdg = XDGDirectories(environment: [
            "HOME": "/nonexistent", "XDG_DATA_HOME": data.path + "/user", "XDG_DATA_DIRS": data.path + "/system",
            "XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": "/nonexistent",
        ])
        let mime = MimeApps.read(xdg)
        let (entries, chosen) = mime.applications(forAncestry: ["text/plain"])
        #expect(entries.map(\.id) == ["kde-theirs.desktop", "mine.desktop"])
        #expect(entries.first { $0.id == "mine.desktop" }?.name == "Mine")
        #expect(chosen == "kde-theirs.desktop")
    }

    /// A folder's XDG directories: `user` the data home, `system` the data directories,
    /// `config` the config home.
    private static func xdg(_ data: TemporaryFolder, _ config: TemporaryFolder) -> XDGDirectories {
        XDGDirectories(environment: [
            "HOME": "/nonexistent", "XDG_DATA_HOME": data.path + "/user", "XDG_DATA_DIRS": data.path + "/system",
            "XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": "/nonexistent",
        ])
    }

    /// The issue's `mimeapps.list`: just under 1 MiB of short keys in one group, the user's
    /// choice last. Read whole (each key compared with every one before it took minutes).
    @Test func aMegabyteOfShortKeysIsReadToItsLastLine() throws {
        let data = try TemporaryFolder("apps-data"), config = try TemporaryFolder("apps-config")
        data.write(
            "[Desktop Entry]\nType=Application\nName=Mine\nExec=mine %U\nMimeType=text/plain;\n",
            to: "user/applications/mine.desktop")
        var list = "[Default Applications]\n"
        var number = 0
        while list.utf8.count < (1 << 20) - 64 {
            list += "k\(number)=x\n"
            number += 1
        }
        list += "text/plain=mine.desktop\n"
        config.write(list, to: "mimeapps.list")
        let mime = MimeApps.read(Self.xdg(data, config))
        #expect(number > 100_000)
        #expect(mime.defaultEntry(for: "text/plain")?.id == "mine.desktop")
        #expect(mime.problems.isEmpty)
    }

    /// One byte over the limit: skipped, and said in one line; the rest still reads.
    @Test func aListOverOneMebibyteIsSkippedAndSaid() throws {
        let data = try TemporaryFolder("apps-data"), config = try TemporaryFolder("apps-config")
        data.write(
            "[Desktop Entry]\nType=Application\nName=Mine\nExec=mine %U\nMimeType=text/plain;\n",
            to: "user/applications/mine.desktop")
        let head = "[Default Applications]\ntext/plain=mine.desktop\n#"
        config.write(head + String(repeating: "x", count: (1 << 20) + 1 - head.utf8.count), to: "mimeapps.list")
        let mime = MimeApps.read(Self.xdg(data, config))
        #expect(mime.defaultEntry(for: "text/plain") == nil)
        #expect(mime.applications(forAncestry: ["text/plain"]).entries.map(\.id) == ["mine.desktop"])
        #expect(
            mime.problems == ["\(config.path)/mimeapps.list: too large (1048577 bytes; the limit is 1048576 bytes), not read"])
    }

    /// An entry naming a type thousands of times, among thousands of entries: a type's
    /// applications are found by the type, each once, in the desktop files' order.
    @Test func aTypesApplicationsAreFoundByTheType() {
        let many = (0..<5_000).map { Self.app("app\($0)", "text/x-\($0);text/plain;") }
        let repeated = Self.app("repeated", String(repeating: "image/png;", count: 20_000))
        let mime = MimeApps(entries: many + [repeated], lists: [])
        #expect(mime.associatedEntries(for: "image/png").map(\.id) == ["repeated.desktop"])
        #expect(mime.associatedEntries(for: "text/x-4321").map(\.id) == ["app4321.desktop"])
        #expect(mime.associatedEntries(for: "text/plain").count == 5_000)
        #expect(mime.associatedEntries(for: "text/plain").first?.id == "app0.desktop")
    }
}
