import AppResources
import ArgumentParser
import Glibc
import SplitView
import SplitViewX11

/// `splitview`: a three-column browser of a directory tree in a real X11 window.
@main
struct SplitViewApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitview",
        abstract: "Browse a library of notes in a split-view window.",
        discussion: """
            Folders on the left, the selected folder's notes in the middle, the note on the right, \
            its details in the inspector (Ctrl+Alt+I). F9 shows or hides the sidebar, Shift+F9 the \
            other columns, F6 moves between panes, F8 then the arrows resizes a divider, \
            Ctrl+N opens another window.
            """)

    /// The entry point: fontconfig starts loading its configuration at once, on another
    /// thread, while the command line is parsed and the library read. With no arguments
    /// there is nothing to parse, and the program starts with the defaults directly:
    /// ArgumentParser's reflection costs some 2 ms of a 25-ms start.
    static func main() {
        FontWarmup.start()
        if CommandLine.argc <= 1 {
            Glibc.exit(launch(geometry: defaultGeometry, display: nil, style: defaultStyle))
        }
        main(nil)
    }

    /// 1400×900 pixels.
    static let defaultGeometry = Geometry(width: 1400, height: 900)
    /// Three columns.
    static let defaultStyle = ColumnStyle.triple

    @Option(help: ArgumentHelp("The window's size in pixels.", valueName: "WxH"))
    var geometry: Geometry = defaultGeometry

    @Option(help: ArgumentHelp("The X display to use (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(help: ArgumentHelp("Three columns (folders, notes, text) or two (a stack of folders and notes, text).",
                               valueName: "double|triple"))
    var style: ColumnStyle = defaultStyle

    func run() throws {
        let status = Self.launch(geometry: geometry, display: display, style: style)
        if status != 0 { throw ExitCode(status) }
    }

    /// Opens the display and the first window and runs until the last window closes.
    ///
    /// - Returns: the exit status: 0, or 1 after one line on stderr (no library, no display,
    ///   no font).
    static func launch(geometry: Geometry, display: String?, style: ColumnStyle) -> Int32 {
        let library: Library
        do {
            library = try Library(root: try sampleLibraryPath())
        } catch {
            return fail("\(error)").rawValue
        }
        let connection: X11Connection
        do {
            connection = try X11Connection(name: display)
        } catch {
            return fail(error.message).rawValue
        }
        let theme = Self.theme(connection)
        let newBrowser = { Browser(library: library, style: style.splitStyle, theme: theme) }
        let content = { (browser: Browser) in Host.WindowContent(controller: browser.split, title: browser.title, owner: browser) }
        // The first window's content needs no font: it is built while fontconfig still loads,
        // and its text tells the font thread which fallback fonts to read ahead.
        let first = newBrowser()
        FontWarmup.prefetch(fontsFor: first.openingText, family: theme.fontFamily)
        let fonts: FontSet
        do {
            fonts = try FontSet(connection: connection, family: theme.fontFamily)
        } catch {
            return fail(error.message).rawValue
        }
        let host = Host(connection: connection, fonts: fonts, makeContent: { content(newBrowser()) })
        host.open(content(first), size: PixelSize(width: geometry.width, height: geometry.height))
        return host.run()
    }

    /// The theme: `SPLITVIEW_THEME=dark|light`, else the X resource `splitview.theme`, else light.
    private static func theme(_ connection: X11Connection) -> Theme {
        if let name = getenv("SPLITVIEW_THEME").map({ String(cString: $0) }), let theme = Theme.named(name) { return theme }
        if let name = connection.resource("splitview.theme", class: "SplitView.Theme"), let theme = Theme.named(name) {
            return theme
        }
        return .light
    }
}

/// `--geometry WxH`.
struct Geometry: ExpressibleByArgument {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `1400x900`; both numbers 1…32767 (X's limit).
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...32_767).contains(width), (1...32_767).contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// `--style double|triple`.
enum ColumnStyle: String, ExpressibleByArgument, CaseIterable {
    case double, triple

    var splitStyle: SplitViewController.Style { self == .double ? .doubleColumn : .tripleColumn }
}

/// Writes `splitview: message` on stderr and gives the exit code to throw (1).
func fail(_ message: String) -> ExitCode {
    let line = "splitview: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    return ExitCode(1)
}

/// The bundled sample library: `Resources/Library` in the resource bundle next to the program.
func sampleLibraryPath() throws -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { throw LibraryError("cannot find the program's own folder") }
    let executable = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let bundle = String(cString: splitview_resource_bundle_name())
    let library = folder + "/" + bundle + "/Resources/Library"
    guard access(library, R_OK) == 0 else {
        throw LibraryError("the sample library is missing: expected \(library) (copy \(bundle) next to the program)")
    }
    return library
}
