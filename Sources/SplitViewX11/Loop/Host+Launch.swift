import SplitView
import SplitViewProcesses

extension Host {
    /// The size of a program's first window when it gives none: 1200×800 pixels.
    public static let defaultWindowSize = PixelSize(width: 1200, height: 800)

    /// Opens the display and the fonts every pane draws with, and makes a host ready for its
    /// first ``open(_:size:)``: everything a program needs before its windows, in one call.
    ///
    /// `makeContent` builds what a new window shows when the user asks for one (Ctrl+N). The
    /// display is `display` (`:0`), or the one `DISPLAY` names when it is nil; its scale comes
    /// from the server's `Xft.dpi`. The fonts are `fontFamily` (and `monospaceFontFamily` for
    /// monospace text), which fontconfig replaces by a close match when they are not installed.
    ///
    /// SIGTERM, SIGINT and SIGHUP end the loop as Ctrl+Q does (``quitsOnTerminationSignals()``).
    ///
    /// The host speaks for `identity` (by default the name the program was run by): it sets
    /// `Diagnostics.programName` before it tries anything, so a failure reported with
    /// `Diagnostics.report(_:)` reads `mail: cannot open display ":9"`.
    ///
    /// ```swift
    /// do {
    ///     let host = try Host { MailWindow().content }
    ///     host.open(MailWindow().content)
    ///     exit(host.run())
    /// } catch {
    ///     Diagnostics.report(error.message)   // mail: cannot open display ":9"
    ///     exit(1)
    /// }
    /// ```
    ///
    /// - Throws: ``X11Error``, one line for the user: `cannot open display ":9"`, `cannot open
    ///   display: DISPLAY is not set`, a server without the RENDER extension, or `cannot open
    ///   any font (…)` when fontconfig has no fonts at all.
    public convenience init(
        display: String? = nil, identity: ApplicationIdentity = .current, fontFamily: String = Theme.light.fontFamily,
        monospaceFontFamily: String = Theme.light.monospaceFontFamily, makeContent: @escaping () -> WindowContent
    ) throws(X11Error) {
        Diagnostics.programName = identity.name
        let connection = try X11Connection(name: display)
        let fonts = try FontSet(connection: connection, family: fontFamily, monospaceFamily: monospaceFontFamily)
        self.init(connection: connection, fonts: fonts, identity: identity, makeContent: makeContent)
        quitsOnTerminationSignals()
    }

    /// Makes SIGTERM, SIGINT (Ctrl+C in the terminal) and SIGHUP end the loop as Ctrl+Q does:
    /// ``run()`` returns after the windows' programs are ended and the windows closed, rather
    /// than the process dying and leaving its hosted programs behind. The host made from a
    /// display's name (``init(display:identity:fontFamily:monospaceFontFamily:makeContent:)``)
    /// does it already. Without a pipe for the signals, they end the process as usual.
    public func quitsOnTerminationSignals() {
        guard let descriptor = TerminationSignals.descriptor() else { return }
        watch(descriptor) { [weak self] in
            if TerminationSignals.take() { self?.quit() }
        }
    }
}
