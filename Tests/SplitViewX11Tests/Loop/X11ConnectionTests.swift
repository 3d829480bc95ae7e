import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

// Without a server. Xrm and a failed XOpenDisplay are client-side only and locked by Xlib after
// XInitThreads; only Xft, fontconfig and freetype need the serialized root suite.
@Suite struct X11ConnectionTests {
    /// A display that cannot be opened ahead gives nothing: the caller's own attempt words
    /// the failure.
    @Test func aConnectionThatCannotOpenAheadIsNothingToTake() {
        let ahead = X11Connection.Opening(name: ":9998")
        #expect(ahead.take(name: ":9998") == nil)
        #expect(ahead.take(name: ":9998") == nil)
    }

    @Test func bogusDisplayFailsWithOneLineNamingIt() {
        #expect(throws: X11Error("cannot open display \":9999\"")) {
            _ = try X11Connection(name: ":9999")
        }
    }

    @Test(
        arguments: [
            ("Xft.dpi:\t192\n", 192.0), ("Xft.antialias:\t1\nXft.dpi: 144\nXft.hinting: 1\n", 144), ("*dpi: 120", 120),
            ("Xft.dpi:  96  \n", 96),
        ] as [(String, Double)])
    func xftDpiIsReadFromTheResourceString(resources: String, dpi: Double) {
        #expect(X11Connection.xftDPI(inResources: resources) == dpi)
    }

    @Test(arguments: ["", "Xcursor.size: 24\n", "Xft.dpi: lots\n", "Xft.dpi:\n"])
    func missingOrGarbledDpiIsNil(resources: String) {
        #expect(X11Connection.xftDPI(inResources: resources) == nil)
    }

    @Test(arguments: [(96.0, 1.0), (192, 2), (120, 1.25), (144, 1.5), (48, 0.5), (480, 5)] as [(Double?, Double)])
    func scaleIsDpiOver96(dpi: Double?, scale: Double) {
        #expect(X11Connection.scale(forDPI: dpi) == scale)
    }

    @Test(arguments: [nil, 0, -96, 47.9, 480.1, .nan, .infinity] as [Double?])
    func implausibleDpiGivesScaleOne(dpi: Double?) {
        #expect(X11Connection.scale(forDPI: dpi) == 1)
    }

    // Request opcodes: 2 ChangeWindowAttributes, 4 DestroyWindow, 8 MapWindow, 10 UnmapWindow,
    // 12 ConfigureWindow, 15 QueryTree, 18 ChangeProperty, 20 GetProperty, 25 SendEvent,
    // 26 GrabPointer, 28 GrabButton, 33 GrabKey, 42 SetInputFocus, 53 CreatePixmap, 62 CopyArea,
    // 66 PolySegment, 70 PolyFillRectangle, 74 PolyText8.
    @Test(
        arguments: [
            (BadWindow, 12, true), (BadMatch, 12, true), (BadWindow, 8, true), (BadWindow, 10, true),
            (BadWindow, 18, true), (BadWindow, 2, true), (BadWindow, 26, true),
            (BadDrawable, 62, true), (BadDrawable, 70, true),
            // A hosted program's window going under our requests; a window manager's key grab.
            (BadWindow, 20, true), (BadWindow, 25, true), (BadWindow, 42, true), (BadMatch, 42, true),
            (BadWindow, 15, true), (BadWindow, 4, true), (BadAccess, 33, true),
            // Requests the host does not make: dwm's list has them, ours reports them.
            (BadDrawable, 66, false), (BadDrawable, 74, false), (BadAccess, 28, false),
            // Mistakes, not races.
            (BadMatch, 62, false), (BadDrawable, 53, false), (BadValue, 12, false), (BadAlloc, 53, false),
            (BadValue, 8, false), (BadMatch, 18, false),
        ] as [(Int32, UInt8, Bool)])
    func onlyTheListedRacesAreBenign(code: Int32, request: UInt8, benign: Bool) {
        let error = XProtocolError(errorCode: UInt8(code), requestCode: request, minorCode: 0, resource: 0x40_0001)
        #expect(error.isBenign == benign)
    }

    @Test func pixelScaleRejectsZeroAndNaN() {
        #expect(PixelScale(0).factor == 1)
        #expect(PixelScale(.nan).factor == 1)
        #expect(PixelScale(-2).factor == 1)
        #expect(PixelScale(1.5).factor == 1.5)
    }

    @Test func rectanglesThatTileInPointsTileInPixels() {
        let scale = PixelScale(1.25)
        let left = scale.pixels(Rect(x: 0, y: 0, width: 280.3, height: 10))
        let right = scale.pixels(Rect(x: 280.3, y: 0, width: 100.1, height: 10))
        #expect(left.x + left.width == right.x)
    }
}

extension X11Tests {
    @Suite struct X11ConnectionServerTests {
        /// Opened on another thread, the connection is the taker's, whole: its atoms, and
        /// requests that answer. It is given once, and only for the display it was opened to.
        @Test func aConnectionOpenedAheadIsTakenOnceForItsDisplay() throws {
            try XvfbServer.with { display in
                let ahead = X11Connection.Opening(name: display)
                let connection = try #require(ahead.take(name: display))
                #expect(connection.name == display)
                #expect(connection.atoms.wmName == XA_WM_NAME)
                #expect(XInternAtom(connection.display, "WM_PROTOCOLS", 1) == connection.atoms.wmProtocols)
                #expect(ahead.take(name: display) == nil)
                // Decided: Xft's first look at the display (two round trips to RENDER) was
                // taken on the opening thread: reading the defaults now sends nothing. A
                // connection opened here sends its requests when they are first read, and
                // the same server gives the same defaults.
                let sentBefore = XNextRequest(connection.display)
                let defaults = try #require(connection.xftDefaults)
                #expect(XNextRequest(connection.display) == sentBefore)
                #expect(defaults.contains("dpi="))
                let direct = try X11Connection(name: display)
                let directBefore = XNextRequest(direct.display)
                #expect(direct.xftDefaults == defaults)
                #expect(XNextRequest(direct.display) > directBefore)
                // Decided: from the first connection on, SIGPIPE is ignored (a dead server is a
                // lost connection, reported in one line).
                let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
                let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
                    .flatMap { UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16) }
                #expect((ignored ?? 0) & (1 << (UInt64(SIGPIPE) - 1)) != 0)
                let other = X11Connection.Opening(name: display)
                #expect(other.take(name: nil) == nil)  // another display asked: closed
                #expect(other.take(name: display) == nil)
                // Never taken: the thread lets it go, and the display closes.
                _ = X11Connection.Opening(name: display)
            }
        }

        @Test func opensPrivateServerWithAtomsAndScaleOne() throws {
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                #expect(connection.name == display)
                #expect(connection.scale.factor == 1)  // Xvfb has no RESOURCE_MANAGER
                #expect(connection.atoms.wmName == XA_WM_NAME)
                let all = [
                    connection.atoms.wmProtocols, connection.atoms.wmDeleteWindow, connection.atoms.netWMName,
                    connection.atoms.netWMPID, connection.atoms.utf8String,
                ]
                #expect(Set(all).count == 5 && !all.contains(0))
                #expect(fcntl(connection.connectionNumber, F_GETFD) != -1)
            }
        }

        @Test func xftDpiOnTheRootWindowSetsTheNextConnectionsScale() throws {
            try XvfbServer.with { display in
                let setter = try X11Connection(name: display)
                var resources = "Xft.dpi:\t192\n"
                resources.withUTF8 { bytes in
                    _ = XChangeProperty(
                        setter.display, setter.root, XA_RESOURCE_MANAGER, XA_STRING, 8,
                        PropModeReplace, bytes.baseAddress, Int32(bytes.count))
                }
                setter.sync()
                let reader = try X11Connection(name: display)  // Xlib reads the property when opening
                #expect(reader.scale.factor == 2)
                #expect(try X11Connection(name: display, scale: 1.5).scale.factor == 1.5)
            }
        }

        @Test func sentDeleteWindowArrivesAsClose() throws {
            try withConnection { connection in
                let window = try makeMappedWindow(connection)
                sendDeleteWindow(connection, to: window)
                connection.sync()
                #expect(connection.pendingEventCount >= 1)
                let translate = EventTranslator(connection: connection)
                var seen: [HostEvent] = []
                while connection.pendingEventCount > 0 { seen.append(translate(connection.nextEvent())) }
                #expect(seen.contains(.close(window: window)))
            }
        }

        @Test func protocolErrorIsReportedNotFatalAndBenignOneIgnored() throws {
            try withConnection { connection in
                _ = XErrorLog.drain()
                let window = try makeMappedWindow(connection)
                XDestroyWindow(connection.display, window)
                XMapWindow(connection.display, window)  // BadWindow: a benign race
                XFreePixmap(connection.display, 0x7fff_fff0)  // BadPixmap: a real bug
                connection.sync()
                let reported = XErrorLog.drain()
                #expect(reported.map(\.errorCode) == [UInt8(BadPixmap)])
            }
        }

        @Test func manyConnectionsWithFontsOpenAndCloseInARow() throws {
            try XvfbServer.with { display in
                // -terminate ends the server when its last client leaves: an anchor keeps it up.
                let anchor = try X11Connection(name: display)
                defer { withExtendedLifetime(anchor) {} }
                for _ in 0..<25 {
                    let connection = try X11Connection(name: display)
                    let fonts = try FontSet(connection: connection, family: "DejaVu Sans")
                    #expect(fonts.width(of: "W", font: .body) > 0)
                }
            }
        }

        /// Four servers in a row, each with a connection, Xft fonts and a text drawn, without a
        /// crash (Xft and fontconfig keep state across displays). Each time the text reaches the
        /// window, and the server is gone, its socket with it, before the next one starts.
        @Test func serversStartAndStopInARowWithXftEachTimeWithoutACrash() throws {
            for _ in 0..<4 {
                let server = try XvfbServer()
                let drewText = try Self.drawText(on: server.display)
                server.stop()
                #expect(drewText, "the text drawn with Xft reaches the window")
                #expect(server.isGone)
                #expect(access(server.socketPath, F_OK) != 0)
            }
        }

        /// Opens `display`, draws a text in black on white with Xft, and tells whether it left
        /// ink in the window; the connection is closed when it returns.
        static func drawText(on display: String) throws -> Bool {
            let connection = try X11Connection(name: display)
            let canvas = try makeCanvas(connection)
            canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), Color(rgb: 0xFFFFFF))
            canvas.text("Ünïcødé", origin: Point(x: 5, y: 20), .body, Color(rgb: 0))
            canvas.present()
            let image = try PixelImage(connection, canvas.window, PixelRect(x: 0, y: 0, width: 200, height: 120))
            return image.anyPixel(in: PixelRect(x: 0, y: 0, width: 200, height: 120), differsFrom: 0xFFFFFF)
        }
    }
}
