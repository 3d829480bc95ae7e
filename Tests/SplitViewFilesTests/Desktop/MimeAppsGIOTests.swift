import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// "Open With" beside GIO itself: random desktops (applications in two data directories,
/// some masked or hidden, `mimeapps.list` in four places with every group, desktop-specific
/// lists and `defaults.list`), each read by `gio mime` and by ``MimeApps``. The default must be
/// GIO's, and the others must be GIO's registered applications in GIO's order (those that show).
struct MimeAppsGIOTests {
    static let gio = "/usr/bin/gio", update = "/usr/bin/update-desktop-database"
    static let available = access(gio, X_OK) == 0 && access(update, X_OK) == 0

    static let types = ["text/x-csrc", "text/plain", "image/png"]
    static let names = ["alpha", "beta", "gamma", "delta", "eps"]

    /// The issue's case: `text/plain=fake-beta.desktop` chosen, three programs naming
    /// `text/x-csrc`: a C source opens with the first of those three, as `gio mime` and
    /// `xdg-mime` say, not with the parent's default.
    @Test func aSubtypesOwnApplicationsComeBeforeItsParentsDefault() {
        let apps = ["alpha", "beta", "gamma"].map { name in
            DesktopEntry(
                Array(
                    "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %f\nMimeType=text/x-csrc;text/plain;\n".utf8),
                id: "fake-\(name).desktop", path: "/apps/fake-\(name).desktop")!
        }
        let mime = MimeApps(entries: apps, lists: [KeyFile(Array("[Default Applications]\ntext/plain=fake-beta.desktop\n".utf8))])
        let (entries, chosen) = mime.applications(forAncestry: ["text/x-csrc", "text/plain"])
        #expect(chosen == "fake-alpha.desktop")
        #expect(entries.map(\.id) == ["fake-alpha.desktop", "fake-beta.desktop", "fake-gamma.desktop"])
        // A plain text still opens with the one chosen for it.
        #expect(mime.applications(forAncestry: ["text/plain"]).defaultID == "fake-beta.desktop")
        // With no program naming the subtype, its parent's choice is the default.
        let plainOnly = MimeApps(
            entries: apps.map { entry in
                var entry = entry
                entry.mimeTypes = ["text/plain"]
                return entry
            }, lists: [KeyFile(Array("[Default Applications]\ntext/plain=fake-beta.desktop\n".utf8))])
        #expect(plainOnly.applications(forAncestry: ["text/x-csrc", "text/plain"]).defaultID == "fake-beta.desktop")
    }

    @Test(
        .enabled(if: available, "gio or update-desktop-database is not installed (libglib2.0-bin, desktop-file-utils)"),
        arguments: 0..<100)
    func theDefaultAndTheOthersAreGIOs(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let root = try TemporaryFolder("gio-apps")
        // The MIME data GIO reads: C sources are plain text.
        root.write("text/x-csrc text/plain\n", to: "system/mime/subclasses")
        var noDisplay: Set<String> = []
        for name in Self.names {
            let types = Self.types.filter { _ in Bool.random(using: &random) }.map { $0 + ";" }.joined()
            let hidden = Int.random(in: 0..<4, using: &random) == 0
            if hidden { noDisplay.insert("app-\(name).desktop") }
            let entry =
                "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %f\nMimeType=\(types)\nNoDisplay=\(hidden)\n"
            switch Int.random(in: 0..<5, using: &random) {
            case 0: root.write(entry, to: "user/applications/app-\(name).desktop")
            case 1, 2: root.write(entry, to: "system/applications/app-\(name).desktop")
            case 3:
                // In both: the user's copy masks the system's, and names other types.
                root.write(entry, to: "system/applications/app-\(name).desktop")
                let mine = Self.types.filter { _ in Bool.random(using: &random) }.map { $0 + ";" }.joined()
                root.write(
                    "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %f\nMimeType=\(mine)\nNoDisplay=\(hidden)\n",
                    to: "user/applications/app-\(name).desktop")
            default:
                // Hidden by the user: not installed at all.
                root.write(entry, to: "system/applications/app-\(name).desktop")
                root.write("[Desktop Entry]\nHidden=true\n", to: "user/applications/app-\(name).desktop")
            }
        }
        let ids = Self.names.map { "app-\($0).desktop" } + ["missing.desktop"]
        func list(_ groups: [String]) -> String {
            var text = ""
            for group in groups where Bool.random(using: &random) {
                text += "[\(group)]\n"
                for type in Self.types where Bool.random(using: &random) {
                    let chosen = (0..<Int.random(in: 1...3, using: &random)).map { _ in ids.randomElement(using: &random)! }
                    text += type + "=" + chosen.joined(separator: ";") + ";\n"
                }
            }
            return text
        }
        let all = ["Default Applications", "Added Associations", "Removed Associations"]
        for place in ["config", "config-system", "user/applications", "system/applications"] {
            if Bool.random(using: &random) { root.write(list(all), to: place + "/mimeapps.list") }
            if Bool.random(using: &random) { root.write(list(["Default Applications"]), to: place + "/test-mimeapps.list") }
        }
        if Bool.random(using: &random) { root.write(list(["Default Applications"]), to: "system/applications/defaults.list") }
        for place in ["user", "system"] {
            _ = AtomicFile.makeFolders(root.path + "/\(place)/applications")
            #expect(Self.run(Self.update, [root.path + "/\(place)/applications"]) != nil)
        }
        let environment = [
            "HOME": root.path, "XDG_DATA_HOME": root.path + "/user", "XDG_DATA_DIRS": root.path + "/system",
            "XDG_CONFIG_HOME": root.path + "/config", "XDG_CONFIG_DIRS": root.path + "/config-system",
            "XDG_CURRENT_DESKTOP": "Test", "LC_ALL": "C.UTF-8", "LANGUAGE": "",
        ]
        let mime = MimeApps.read(XDGDirectories(environment: environment), desktops: ["Test"])
        for type in Self.types {
            let output = try #require(Self.run(Self.gio, ["mime", type], environment: environment))
            let gio = Self.parse(output)
            let ancestry = type == "text/x-csrc" ? ["text/x-csrc", "text/plain"] : [type]
            let (entries, chosen) = mime.applications(forAncestry: ancestry)
            let others = gio.registered.filter { $0 != gio.default && !noDisplay.contains($0) }
            let ours = entries.map(\.id).filter { $0 != chosen }
            guard chosen != gio.default || ours != others else { continue }
            let files = Self.run("/bin/sh", ["-c", "cd '\(root.path)' && grep -r . ."]) ?? ""
            Issue.record("seed \(seed), \(type): ours \(chosen ?? "none"), \(ours)\n\(output)\n\(files)")
        }
    }

    /// `gio mime TYPE`'s default and registered applications.
    static func parse(_ output: String) -> (default: String?, registered: [String]) {
        var chosen: String?, registered: [String] = [], inRegistered = false
        for line in output.split(separator: "\n") {
            if line.hasPrefix("Default application for"), let colon = line.lastIndex(of: ":") {
                chosen = line[line.index(after: colon)...].trimmingCharacters()
            } else if line.hasPrefix("Registered applications:") {
                inRegistered = true
            } else if line.hasPrefix("\t") {
                if inRegistered { registered.append(line.trimmingCharacters()) }
            } else {
                inRegistered = false
            }
        }
        return (chosen, registered)
    }

    /// Runs `path` with `arguments`, its standard output when it ends with status 0.
    static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) -> String? {
        let output = try? TemporaryFolder("gio-out")
        guard let output else { return nil }
        var pid: pid_t = 0
        let started = spawn(path, [path] + arguments, environment: environment, pid: &pid) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output.path + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        guard started == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { return nil }
        return output.read("out")
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
