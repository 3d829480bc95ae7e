import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

extension X11Tests {
    /// The real window at 1400×900, triple column, driven with events sent to its windows.
    @Suite struct SplitWindowTests {
        @Test func columnWindowsSitAtTheControllersFramesAndDividersOverTheGrabAreas() throws {
            try withWindow { h in
                #expect(h.viewableColumns == [.primary, .supplementary, .secondary])
                for placement in h.controller.layout.columns {
                    #expect(h.frame(of: placement.column) == px(placement.frame), "\(placement.column)")
                }
                for divider in h.controller.layout.dividers {
                    let child = try #require(h.window.dividerWindows[divider.column])
                    let g = h.geometry(child)
                    #expect(g.viewable && g.rect == px(divider.grabRect), "\(divider.name)")
                }
                #expect(h.frame(of: .primary) == PixelRect(x: 0, y: 0, width: 280, height: 900))
                #expect(h.frame(of: .supplementary) == PixelRect(x: 281, y: 0, width: 320, height: 900))
                #expect(h.frame(of: .secondary) == PixelRect(x: 602, y: 0, width: 798, height: 900))
                #expect(!h.isViewable(try #require(h.window.dividerWindows[.secondary])))
            }
        }

        @Test func draggingADividerPastItsMaximumAndMinimumClamps() throws {
            try withWindow { h in
                let divider = try #require(h.window.dividerWindows[.primary])
                h.send(ButtonPress, to: divider, x: 6, y: 300)  // on the line (grab rect starts 6 px left)
                h.send(MotionNotify, to: h.window.window, x: 1200, y: 300)
                try h.pump()
                #expect(h.frame(of: .primary)?.width == 400)  // the primary's maximum
                h.send(MotionNotify, to: h.window.window, x: 10, y: 300)
                try h.pump()
                #expect(h.frame(of: .primary)?.width == 240)  // its minimum
                // Pressed on the line's first pixel (x 280, the primary's edge): the edge follows the pointer.
                h.send(MotionNotify, to: h.window.window, x: 330, y: 300)
                h.send(ButtonRelease, to: h.window.window, x: 330, y: 300)
                try h.pump()
                #expect(h.frame(of: .primary)?.width == 330)
                #expect(h.frame(of: .supplementary)?.x == 331)
                let moved = try #require(h.window.dividerWindows[.primary])
                #expect(h.geometry(moved).rect.x == 330 - 6)
            }
        }

        @Test func escapeDuringADragPutsTheDividerBack() throws {
            try withWindow { h in
                let divider = try #require(h.window.dividerWindows[.supplementary])
                h.send(ButtonPress, to: divider, x: 6, y: 300)
                h.send(MotionNotify, to: h.window.window, x: 700, y: 300)
                try h.pump()
                #expect(h.frame(of: .supplementary)?.width == 419)
                h.key(XK_Escape)
                h.send(ButtonRelease, to: h.window.window, x: 700, y: 300)
                try h.pump()
                #expect(h.frame(of: .supplementary)?.width == 320)
            }
        }

        @Test func f9HidesAndRestoresThePrimary() throws {
            try withWindow { h in
                h.key(XK_F9)
                try h.pump()
                #expect(h.viewableColumns == [.supplementary, .secondary])
                #expect(h.frame(of: .supplementary) == PixelRect(x: 0, y: 0, width: 320, height: 900))
                #expect(!h.isViewable(try #require(h.window.dividerWindows[.primary])))
                h.key(XK_F9, state: LockMask | Mod2Mask)  // Caps Lock and Num Lock on
                try h.pump()
                #expect(h.viewableColumns == [.primary, .supplementary, .secondary])
                #expect(h.frame(of: .primary) == PixelRect(x: 0, y: 0, width: 280, height: 900))
            }
        }

        @Test func shiftF9TogglesSecondaryOnly() throws {
            try withWindow { h in
                h.key(XK_F9, state: ShiftMask)
                try h.pump()
                #expect(h.viewableColumns == [.secondary])
                #expect(h.frame(of: .secondary) == PixelRect(x: 0, y: 0, width: 1400, height: 900))
                h.key(XK_F9, state: ShiftMask)
                try h.pump()
                #expect(h.viewableColumns == [.primary, .supplementary, .secondary])
            }
        }

        @Test func clickingTheSidebarButtonDoesWhatF9Does() throws {
            try withWindow { h in
                let button = try #require(h.controller.layout.button(.displayMode))
                #expect(button.column == .primary)
                let pane = try #require(h.window.columnWindows[.primary])
                h.click(pane, x: Int(button.frame.midX), y: Int(button.frame.midY))
                try h.pump()
                #expect(h.viewableColumns == [.supplementary, .secondary])
                // The button now sits in the supplementary's bar and brings the primary back.
                let moved = try #require(h.controller.layout.button(.displayMode))
                #expect(moved.column == .supplementary)
                let supplementary = try #require(h.window.columnWindows[.supplementary])
                h.click(supplementary, x: Int(moved.frame.midX - 0), y: Int(moved.frame.midY))
                try h.pump()
                #expect(h.viewableColumns == [.primary, .supplementary, .secondary])
            }
        }

        @Test func resizingTo500LeavesOneColumnAndBackTo1400RestoresTheWidths() throws {
            try withWindow { h in
                let divider = try #require(h.window.dividerWindows[.primary])
                h.send(ButtonPress, to: divider, x: 6, y: 300)
                h.send(MotionNotify, to: h.window.window, x: 360, y: 300)
                h.send(ButtonRelease, to: h.window.window, x: 360, y: 300)
                try h.pump()
                #expect(h.frame(of: .primary)?.width == 360)
                try h.resize(width: 500, height: 900)
                #expect(h.viewableColumns.count == 1)
                #expect(h.frame(of: .secondary) == PixelRect(x: 0, y: 0, width: 500, height: 900))
                #expect(h.window.dividerWindows.values.allSatisfy { !h.isViewable($0) })
                try h.resize(width: 1400, height: 900)
                #expect(h.viewableColumns == [.primary, .supplementary, .secondary])
                #expect(h.frame(of: .primary)?.width == 360)
                #expect(h.frame(of: .supplementary)?.width == 320)
            }
        }

        @Test func ctrlNOpensASecondWindowAndDeleteClosesOne() throws {
            try withWindow { h in
                #expect(h.topLevelCount() == 1)
                h.key(XK_n, state: ControlMask)
                try h.pump { h.host.windows.count == 2 }
                #expect(h.topLevelCount() == 2)
                let second = h.host.windows[1]
                #expect(second.controller !== h.controller)
                h.sendDelete(to: second.window)
                try h.pump { h.host.windows.count == 1 }
                #expect(h.topLevelCount() == 1)
                #expect(h.host.windows.first === h.window)
            }
        }

        @Test func theFirstFrameGoesOutBeforeTheCursorsAreMade() throws {
            try withWindow { h in
                #expect(h.host.hasCursors)
                let host = Host(connection: h.connection, fonts: h.host.fonts, identity: WindowHarness.identity) {
                    WindowHarness.content(.tripleColumn)
                }
                let window = host.open(WindowHarness.content(.tripleColumn), size: PixelSize(width: 800, height: 600))
                h.connection.sync()
                #expect(h.isViewable(window.window))
                #expect(!host.hasCursors)
                host.processPendingEvents()
                #expect(host.hasCursors)
                window.destroy()
            }
        }

        @Test func theDividerLineHasTheDividerColourAndTheBarShowsText() throws {
            try withWindow { h in
                let image = try PixelImage(h.connection, h.window.window, PixelRect(x: 270, y: 0, width: 20, height: 900))
                let divider = Theme.light.divider
                let expected = UInt32(divider.red) << 16 | UInt32(divider.green) << 8 | UInt32(divider.blue)
                #expect(isClose(image[10, 450], expected))  // x = 280, the line
                #expect(!isClose(image[5, 450], expected))  // the primary, beside it
                let pane = try #require(h.window.columnWindows[.secondary])
                let bar = try PixelImage(h.connection, pane, PixelRect(x: 0, y: 0, width: 798, height: 38))
                let background = Theme.light.barBackground
                let barRGB = UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
                #expect(isClose(bar[2, 2], barRGB))
                // The title "Reader" is centred: some pixels around the middle are text.
                #expect(bar.anyPixel(in: PixelRect(x: 360, y: 10, width: 80, height: 18), differsFrom: barRGB))
            }
        }

        @Test func exposeIsAnsweredFromThePanesPixmap() throws {
            try withWindow { h in
                let pane = try #require(h.window.columnWindows[.secondary])
                let before = try PixelImage(h.connection, pane, PixelRect(x: 0, y: 0, width: 200, height: 60))
                // Paint the window behind the host's back, then expose it as a window manager would.
                XClearArea(h.connection.display, pane, 0, 0, 200, 60, 1)  // background None: Expose only
                let gc = XCreateGC(h.connection.display, pane, 0, nil)
                XSetForeground(h.connection.display, gc, 0xff0000)
                XFillRectangle(h.connection.display, pane, gc, 0, 0, 200, 60)
                XFreeGC(h.connection.display, gc)
                XClearArea(h.connection.display, pane, 0, 0, 200, 60, 1)
                try h.pump()
                let after = try PixelImage(h.connection, pane, PixelRect(x: 0, y: 0, width: 200, height: 60))
                #expect(after[10, 10] == before[10, 10])
                #expect(after[100, 20] == before[100, 20])
            }
        }
    }
}
