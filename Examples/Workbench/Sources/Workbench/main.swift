import Glibc
import SplitView
import SplitViewX11

// The whole program: a host on $DISPLAY, one window, the loop. Ctrl+N opens another window
// (with a terminal of its own), Ctrl+W closes one, Ctrl+Q quits.
do {
    let host = try Host(identity: ApplicationIdentity(name: "workbench")) { WorkbenchWindow().content }
    host.open(WorkbenchWindow().content, size: PixelSize(width: 1300, height: 800))
    exit(host.run())
} catch {
    Diagnostics.report(error.message)
    exit(1)
}
