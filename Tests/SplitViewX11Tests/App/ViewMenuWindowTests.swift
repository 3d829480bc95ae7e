import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

extension X11Tests {
    /// The View menu in the real window: a child window named `menu` above the panes, mapped
    /// exactly while the menu is open.
    @Suite struct ViewMenuWindowTests {
        @Test func f10OpensDownReturnHidesTheSidebarEscapeClosesARightClickOnABarOpens() throws {
            try withWindow { h in
                let menu = h.window.menuWindow
                #expect(!h.isViewable(menu))
                h.key(XK_F10)
                try h.pump()
                #expect(h.isViewable(menu))
                let open = try #require(h.controller.menu)
                #expect(h.geometry(menu).rect == px(open.frame))
                h.key(XK_Down)
                h.key(XK_Return)
                try h.pump()
                #expect(!h.isViewable(menu))
                #expect(h.viewableColumns == [.supplementary, .secondary], "Hide Sidebar")
                h.key(XK_F10)
                try h.pump()
                #expect(h.isViewable(menu))
                h.key(XK_Escape)
                try h.pump()
                #expect(!h.isViewable(menu))
                #expect(h.viewableColumns == [.supplementary, .secondary], "Escape only closed the menu")
                // A right click on the secondary's bar opens it there.
                let secondary = try #require(h.window.columnWindows[.secondary])
                h.send(ButtonPress, to: secondary, x: 100, y: 15, button: 3)
                h.send(ButtonRelease, to: secondary, x: 100, y: 15, button: 3)
                try h.pump()
                #expect(h.isViewable(menu))
                let origin = try #require(h.controller.layout.frame(of: .secondary))
                #expect(h.controller.menu?.frame.minX == origin.minX + 100)
                // A click elsewhere closes it, and the window answers the pointer as before.
                h.click(secondary, x: 300, y: 400)
                try h.pump()
                #expect(!h.isViewable(menu))
                let button = try #require(h.controller.layout.button(.displayMode))
                let pane = try #require(h.window.columnWindows[button.column])
                let paneFrame = try #require(h.controller.layout.frame(of: button.column))
                h.click(pane, x: Int(button.frame.midX - paneFrame.minX), y: Int(button.frame.midY))
                try h.pump()
                #expect(h.viewableColumns == [.primary, .supplementary, .secondary])
            }
        }
    }
}
