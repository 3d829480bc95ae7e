import Glibc
import SplitView
import SplitViewX11

// The whole program: a host on $DISPLAY, one window, the loop. Ctrl+N opens another window,
// Ctrl+W closes one, Ctrl+Q quits; a display that cannot be opened is one line on stderr.
do {
    let host = try Host(identity: ApplicationIdentity(name: "mail")) { MailWindow().content }
    host.open(MailWindow().content, size: PixelSize(width: 1300, height: 800))
    exit(host.run())
} catch {
    Diagnostics.report(error.message)
    exit(1)
}
