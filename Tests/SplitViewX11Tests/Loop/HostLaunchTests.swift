import CX11
import SplitView
import Testing

@testable import SplitViewX11

/// `Host+Launch.swift`: what a program written against the library does — a host from a
/// display's name alone, windows without a size, the loop run until it quits — and the one
/// line it shows when there is no display.
extension X11Tests {
    @Suite struct HostLaunchTests {
        static let identity = ApplicationIdentity(name: "mail")

        static func content() -> Host.WindowContent {
            let split = SplitViewController(style: .tripleColumn)
            split.animatesTransitions = false
            split.setViewController(ListViewController(title: "Mailboxes", items: [ListItem(title: "Inbox")]), for: .primary)
            split.setViewController(ListViewController(title: "Inbox"), for: .supplementary)
            split.setViewController(TextViewController(title: "Message", text: "Hello"), for: .secondary)
            return Host.WindowContent(controller: split, title: "Mail")
        }

        /// Without a server the host is never made: the error is the line to show, and the
        /// program's name for it is already the identity's (set before anything can fail).
        @Test func aDisplayThatCannotBeOpenedThrowsOneLineAndNamesTheProgram() {
            let before = Diagnostics.programName
            defer { Diagnostics.programName = before }
            #expect(throws: X11Error("cannot open display \":9999\"")) {
                _ = try Host(display: ":9999", identity: Self.identity) { Self.content() }
            }
            #expect(Diagnostics.programName == "mail")
        }

        @Test func opensTheNamedDisplayWithTheDefaultFontsForTheIdentity() throws {
            try XvfbServer.with { display in
                let host = try Host(display: display, identity: Self.identity) { Self.content() }
                #expect(host.connection.name == display)
                #expect(host.fonts.family == Theme.light.fontFamily)
                #expect(host.fonts.monospaceFamily == Theme.light.monospaceFontFamily)
                #expect(host.fonts.width(of: "W", font: .body) > 0)
                #expect(host.identity == Self.identity)
                #expect(Diagnostics.programName == "mail")
                #expect(host.windows.isEmpty)
            }
        }

        @Test func theFontFamiliesAreThoseAsked() throws {
            try XvfbServer.with { display in
                let host = try Host(display: display, fontFamily: "DejaVu Serif", monospaceFontFamily: "DejaVu Sans Mono") {
                    Self.content()
                }
                #expect(host.fonts.family == "DejaVu Serif")
                #expect(host.fonts.monospaceFamily == "DejaVu Sans Mono")
            }
        }

        /// The first window without a size is ``Host/defaultWindowSize``, the next ones take
        /// the newest window's size, and a size given wins — on the server too.
        @Test func aWindowWithoutASizeTakesTheDefaultThenTheNewestWindowsSize() throws {
            try XvfbServer.with { display in
                let host = try Host(display: display, identity: Self.identity) { Self.content() }
                let first = host.open(Self.content())
                let given = host.open(Self.content(), size: PixelSize(width: 700, height: 500))
                let third = host.open(Self.content())
                host.connection.sync()
                #expect(first.pixelSize == Host.defaultWindowSize)
                #expect(Self.size(of: first, on: host.connection) == Host.defaultWindowSize)
                #expect(given.pixelSize == PixelSize(width: 700, height: 500))
                #expect(third.pixelSize == PixelSize(width: 700, height: 500))
                #expect(Self.size(of: third, on: host.connection) == PixelSize(width: 700, height: 500))
                #expect(host.windows.count == 3)
            }
        }

        /// The whole program's path: open, run, quit from inside the loop; the loop returns 0
        /// and leaves no window behind.
        @Test func theLoopRunsUntilQuitAndClosesTheWindows() throws {
            try XvfbServer.with { display in
                let host = try Host(display: display, identity: Self.identity) { Self.content() }
                host.open(Self.content())
                var turns = 0
                host.afterTurn = { turns += 1 }
                host.after(0.05) { host.quit() }
                #expect(host.run() == 0)
                #expect(turns >= 1)
                #expect(host.windows.isEmpty)
            }
        }

        static func size(of window: SplitWindow, on connection: X11Connection) -> PixelSize {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(connection.display, window.window, &attributes)
            return PixelSize(width: Int(attributes.width), height: Int(attributes.height))
        }
    }
}
