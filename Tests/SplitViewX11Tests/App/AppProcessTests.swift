import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The built `splitview` program's command line: no X server needed.
@Suite struct AppCommandLineTests {
    @Test func missingDisplayIsOneLineAndExitOne() throws {
        let app = try ChildProcess(ChildProcess.splitview, ["--display", ":9"])
        #expect(app.finish() == 1)
        #expect(app.errors == "splitview: cannot open display \":9\"\n")
    }

    /// The app names itself to the host: a copy started under another name still says
    /// `splitview:` (the host's default would be the name it was run by).
    @Test func theAppSpeaksAsSplitviewWhateverItsFilesName() throws {
        let copy = "/tmp/splitview-renamed-\(getpid())/sv"
        mkdir(String(copy.dropLast(3)), 0o755)
        defer {
            unlink(copy)
            rmdir(String(copy.dropLast(3)))
        }
        #expect(symlink(ChildProcess.splitview, copy) == 0)
        let app = try ChildProcess(copy, ["--display", ":9"])
        #expect(app.finish() == 1)
        #expect(app.errors == "splitview: cannot open display \":9\"\n")
    }

    @Test func unknownOptionIsAShortErrorAndTheUsageExitCode() throws {
        let app = try ChildProcess(ChildProcess.splitview, ["--frobnicate"])
        #expect(app.finish() == 64)
        #expect(app.errors.hasPrefix("Error: Unknown option '--frobnicate'"))
        #expect(app.errors.split(separator: "\n").count <= 4)
    }

    @Test(arguments: ["0x900", "1400", "1400x", "x900", "1400x900x2", "-5x5", "40000x900", "wide"])
    func badGeometryIsRejected(_ geometry: String) throws {
        let app = try ChildProcess(ChildProcess.splitview, ["--geometry", geometry])
        #expect(app.finish() == 64)
        #expect(app.errors.contains("--geometry"))
    }

    @Test func unknownStyleIsRejected() throws {
        let app = try ChildProcess(ChildProcess.splitview, ["--style", "quadruple"])
        #expect(app.finish() == 64)
        #expect(app.errors.contains("--style"))
    }

    @Test func helpPrintsTheUsageAndExitsZero() throws {
        let app = try ChildProcess(ChildProcess.splitview, ["--help"])
        #expect(app.finish() == 0)
        for option in ["--geometry", "--display", "--style", "--help"] { #expect(app.output.contains(option)) }
    }

    /// The reader's language from the catalogs in the resource bundle: `--help` in German (the
    /// options' names as they are), a failure's one line in French.
    @Test(
        .enabled(
            if: installedLocales(["de_DE.UTF-8", "fr_FR.UTF-8"]), "de_DE.UTF-8 or fr_FR.UTF-8 is not installed (locales-all)"))
    func helpAndErrorsSpeakTheReadersLanguage() throws {
        let german = try ChildProcess(ChildProcess.splitview, ["--help"], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": ""])
        #expect(german.finish() == 0)
        #expect(german.output.contains("Einen Ordner in einem geteilten Fenster durchblättern"), "\(german.output)")
        #expect(german.output.contains("Die Fenstergröße in Pixeln"))
        #expect(german.output.contains("--geometry <WxH>"))
        let french = try ChildProcess(
            ChildProcess.splitview, ["--display", ":9"], environment: ["LANGUAGE": "fr", "LANG": "de_DE.UTF-8"])
        #expect(french.finish() == 1)
        #expect(french.errors == "splitview: impossible d’ouvrir l’affichage \":9\"\n")
    }
}

/// Whether glibc has every locale of `names` installed (Debian: locales-all, or locale-gen).
func installedLocales(_ names: [String]) -> Bool {
    names.allSatisfy { name in
        guard let locale = newlocale(LC_MESSAGES_MASK, name, nil) else { return false }
        freelocale(locale)
        return true
    }
}

/// The built program sent SIGTERM while its loop cannot take it: here, waiting for the reply
/// of an X server that accepted the connection and never answers (a stopped server). No
/// real server needed.
@Suite struct AppSignalTests {
    /// Before the deadline the program waited as long as the server did (for ever); now the
    /// watchdog ends it by the signal, in one line, whatever the loop is doing.
    @Test func sigtermEndsTheProgramWhileItsLoopIsHeld() throws {
        let display = try SilentDisplay()
        let app = try ChildProcess(ChildProcess.splitview, ["--no-restore"], environment: ["DISPLAY": display.name])
        #expect(waitUntil { display.hasCaller }, "the program connected and waits for the server's answer")
        kill(app.pid, SIGTERM)
        #expect(app.finish(timeoutSeconds: 10) == 128 + SIGTERM)
        #expect(app.errors == "splitview: SIGTERM, and the program was still busy 0.75 s later: ended without saving\n")
    }
}

/// An X display that takes connections and never answers them: a socket in
/// `/tmp/.X11-unix` under a number no server uses, listening, never read.
final class SilentDisplay {
    /// `:N`, for `DISPLAY`.
    let name: String
    private let path: String
    private let socket: Int32

    init() throws {
        mkdir("/tmp/.X11-unix", 0o1777)
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw XvfbServer.Failure(description: "no socket: error \(errno)") }
        for number in 990..<1_090 {
            let path = "/tmp/.X11-unix/X\(number)"
            guard access(path, F_OK) != 0, access("/tmp/.X\(number)-lock", F_OK) != 0 else { continue }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard bound == 0, listen(descriptor, 4) == 0 else { continue }
            self.name = ":\(number)"
            self.path = path
            socket = descriptor
            return
        }
        close(descriptor)
        throw XvfbServer.Failure(description: "no free display number from :990")
    }

    deinit {
        close(socket)
        unlink(path)
    }

    /// Whether a program has connected (its connection waits to be accepted).
    var hasCaller: Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }
}

extension X11Tests {
    /// The real program on a private server.
    @Suite struct AppProcessTests {
        @Test func closingTheLastWindowEndsTheProgramWithExitZero() throws {
            try XvfbServer.with { display in
                // Our own connection first: with -terminate the server must not see its last
                // client leave before the app has connected.
                let connection = try X11Connection(name: display)
                let app = try ChildProcess(ChildProcess.splitview, ["--geometry", "900x600"], environment: ["DISPLAY": display])
                let window = try #require(waitForTopLevel(connection))
                #expect(windowSize(connection, window) == PixelSize(width: 900, height: 600))
                sendDeleteWindow(connection, to: window)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
        }

        @Test func ctrlQQuitsWithExitZero() throws {
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let app = try ChildProcess(ChildProcess.splitview, ["--style", "double"], environment: ["DISPLAY": display])
                let window = try #require(waitForTopLevel(connection))
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }

        /// The first start keeps fontconfig's answers in `$XDG_CACHE_HOME/splitview/fonts`;
        /// the next opens every font from them and so writes nothing; another configuration
        /// (here `FONTCONFIG_FILE`) makes the next start ask again and write the file anew.
        @Test func fontsAreAskedOnceAndKeptInTheCacheFolder() throws {
            let cacheHome = "/tmp/splitview-fontcache-app-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: cacheHome) }
            let file = cacheHome + "/splitview/fonts"
            // One home and one config folder for the three starts: others are another user's
            // configuration.
            mkdir(cacheHome, 0o755)
            func text() -> String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
            // The first window shows a note in the file's column: every role is opened, the
            // monospace one last, by the time that column has settled (and whatever a miss
            // saves is saved then, in the same call).
            func start(_ extra: [String: String] = [:]) throws -> stat {
                try XvfbServer.with { display in
                    let connection = try X11Connection(name: display)
                    let app = try ChildProcess(
                        ChildProcess.splitview, ["--no-restore"],
                        environment: [
                            "DISPLAY": display, "XDG_CACHE_HOME": cacheHome, "HOME": cacheHome,
                            "XDG_CONFIG_HOME": cacheHome + "/config",
                        ].merging(extra) {
                            $1
                        })
                    let window = try #require(waitForTopLevel(connection))
                    #expect(settledPixels(connection, window, "secondary", program: app.pid) != nil)
                    sendKey(connection, window, XK_q, state: ControlMask)
                    #expect(app.finish(timeoutSeconds: 10) == 0)
                }
                var info = stat()
                try #require(stat(file, &info) == 0)
                return info
            }
            let first = try start()
            #expect(text().hasPrefix("splitview-fonts 1\n"))
            #expect(text().contains("\nfont monospace:"))
            let next = try start()
            #expect(next.st_mtim.tv_sec == first.st_mtim.tv_sec && next.st_mtim.tv_nsec == first.st_mtim.tv_nsec)
            _ = try start(["FONTCONFIG_FILE": "/etc/fonts/fonts.conf"])
            #expect(text().contains("\nenv FONTCONFIG_FILE=/etc/fonts/fonts.conf\n"))
        }

        @Test func theServerGoingAwayIsOneLineAndExitOne() throws {
            let server = try XvfbServer()
            defer { server.stop() }
            var app: ChildProcess?
            do {
                let connection = try X11Connection(name: server.display)
                app = try ChildProcess(ChildProcess.splitview, [], environment: ["DISPLAY": server.display])
                _ = try #require(waitForTopLevel(connection))
            }  // our connection closes here: only the app is left when the server dies
            server.crash()
            let child = try #require(app)
            #expect(child.finish(timeoutSeconds: 10) == 1)
            #expect(child.errors == "splitview: lost the connection to the X server\n")
        }
    }
}

/// The app's top-level window (WM_CLASS splitview), viewable, waited for up to 20 s.
func waitForTopLevel(_ connection: X11Connection) -> Window? {
    var found: Window?
    waitUntil(timeout: 20) {
        found = WindowTree.topLevels(connection).first { WindowTree(connection, connection.root).isViewable($0) }
        return found != nil
    }
    return found
}

func windowSize(_ connection: X11Connection, _ window: Window) -> PixelSize {
    var attributes = XWindowAttributes()
    XGetWindowAttributes(connection.display, window, &attributes)
    return PixelSize(width: Int(attributes.width), height: Int(attributes.height))
}

func sendKey(_ connection: X11Connection, _ window: Window, _ keysym: Int32, state: Int32) {
    var event = XEvent()
    event.xkey.type = KeyPress
    event.xkey.window = window
    event.xkey.root = connection.root
    event.xkey.keycode = UInt32(XKeysymToKeycode(connection.display, KeySym(keysym)))
    event.xkey.state = UInt32(state)
    event.xkey.same_screen = 1
    _ = XSendEvent(connection.display, window, 0, KeyPressMask, &event)
    connection.flush()
}
