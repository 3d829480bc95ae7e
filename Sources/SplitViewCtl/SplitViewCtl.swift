import ArgumentParser
import FoundationEssentials
import Glibc
import SplitViewControl

/// `splitviewctl`: a running `splitview`'s layout read and changed from outside, as `tmux`
/// and `i3-msg` do. Exit status 0, 1 after one line (`splitviewctl: no pane 99`) when the
/// instance cannot be reached or refuses, 64 on bad usage.
///
/// Decided: its words and the instance's replies are English whatever the locale, as
/// `i3-msg`'s and tmux's are: scripts read them, and a reply that followed `LANG` would break
/// a script that matches it. The window and `splitview --help` speak the reader's language.
@main
struct SplitViewCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitviewctl",
        abstract: "Read and change a running splitview's panes from outside.",
        discussion: """
            Talks to the instance named by --socket or --pid, else $SPLITVIEW_SOCKET (set in \
            the programs splitview hosts), else the one instance running. Panes are named by \
            the ids `splitviewctl tree` prints.
            """,
        version: "splitviewctl 0.9.0",
        subcommands: [
            Tree.self, Focus.self, Resize.self, Split.self, Close.self, Zoom.self, Layout.self, Subscribe.self,
        ])
}

/// Where the instance is.
struct InstanceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The instance's control socket.", valueName: "path"))
    var socket: String?

    @Option(help: ArgumentHelp("The instance whose process id this is.", valueName: "pid"))
    var pid: Int32?

    /// Connects to the instance, or exits: 64 when several run and none was named, 1 when none
    /// can be reached.
    func connect(timeout: Double = 10) throws -> ControlClient {
        switch ControlClient.locate(socket: socket, pid: pid, environment: environment()) {
        case .socket(let path):
            do {
                return try ControlClient(path: path, timeout: timeout)
            } catch {
                throw fail(error.description)
            }
        case .none(let folder):
            throw fail("no splitview is running (no socket in \(folder))")
        case .several(let pids):
            throw ValidationError(
                "several splitview instances run: choose one with --pid \(pids.map(String.init).joined(separator: ", "))")
        }
    }

    /// Sends `request` and returns its reply, or exits 1 with the instance's reason.
    func ask(_ request: ControlRequest) throws -> ControlReply {
        let client = try connect()
        let reply: ControlReply
        do {
            reply = try client.send(request)
        } catch {
            throw fail(error.description)
        }
        guard reply.ok else { throw fail(reply.error ?? "the request failed") }
        return reply
    }
}

/// Says `line` on stderr, and the exit status 1 to throw.
func fail(_ line: String) -> ExitCode {
    FileHandleOut.error("splitviewctl: \(line)\n")
    return ExitCode(1)
}

/// The process's environment.
func environment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") { result[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
        entry += 1
    }
    return result
}

/// Writes to stdout and stderr whole, unbuffered: a subscriber's line leaves at once.
enum FileHandleOut {
    static func output(_ text: String) { write(1, text) }

    static func error(_ text: String) { write(2, text) }

    private static func write(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            done += count
        }
    }
}

struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the layout as JSON: windows, columns, splits and leaves, with ids, programs and frames.")

    @OptionGroup var instance: InstanceOptions

    func run() throws {
        let reply = try instance.ask(ControlRequest(command: "tree"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let tree = reply.tree, let data = try? encoder.encode(tree) else { throw fail("the instance sent no tree") }
        FileHandleOut.output(String(decoding: data, as: UTF8.self) + "\n")
    }
}

/// A command that sends one request naming a pane, and prints nothing on success.
protocol PaneCommand: ParsableCommand {
    /// The request's command: `focus`, `close`, `zoom`.
    static var request: String { get }
    /// Which instance.
    var instance: InstanceOptions { get }
    /// The pane's id.
    var pane: Int { get }
}

extension PaneCommand {
    func run() throws {
        _ = try instance.ask(ControlRequest(command: Self.request, pane: pane))
    }
}

struct Focus: PaneCommand {
    static let configuration = CommandConfiguration(abstract: "Give the keys to a pane.")
    static let request = "focus"

    @OptionGroup var instance: InstanceOptions

    @Argument(help: ArgumentHelp("The pane's id.", valueName: "pane"))
    var pane: Int
}

struct Resize: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Give a pane a share of its split, from 0 to 1.")

    @OptionGroup var instance: InstanceOptions

    @Argument(help: ArgumentHelp("The pane's id.", valueName: "pane"))
    var pane: Int

    @Argument(help: ArgumentHelp("Its share of the split, from 0 to 1.", valueName: "fraction"))
    var fraction: Double

    func validate() throws {
        guard fraction.isFinite, (0...1).contains(fraction) else { throw ValidationError("the fraction must be from 0 to 1") }
    }

    func run() throws {
        _ = try instance.ask(ControlRequest(command: "resize", pane: pane, fraction: fraction))
    }
}

struct Split: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Run a program in a new pane beside a pane (TARGET: a leaf's id, or a column's name for its own content).",
        discussion: "Prints the new pane's id. CMD takes the words and placeholders of splitview's --secondary.")

    @OptionGroup var instance: InstanceOptions

    @Option(help: ArgumentHelp("A new pane above TARGET.", valueName: "target=cmd"))
    var above: String?
    @Option(help: ArgumentHelp("A new pane below TARGET.", valueName: "target=cmd"))
    var below: String?
    @Option(help: ArgumentHelp("A new pane before (left of) TARGET.", valueName: "target=cmd"))
    var before: String?
    @Option(help: ArgumentHelp("A new pane after (right of) TARGET.", valueName: "target=cmd"))
    var after: String?

    /// The side, the target and the command.
    func parsed() throws -> (side: String, target: String, command: String) {
        let given = [("above", above), ("below", below), ("before", before), ("after", after)].compactMap { side, value in
            value.map { (side, $0) }
        }
        guard given.count == 1, let (side, text) = given.first else {
            throw ValidationError("give exactly one of --above, --below, --before, --after")
        }
        guard let equals = text.firstIndex(of: "=") else {
            throw ValidationError("'\(text)' is not TARGET=CMD (for example 'secondary=xterm -into {}')")
        }
        let target = String(text[..<equals])
        let command = String(text[text.index(after: equals)...])
        guard !target.isEmpty else { throw ValidationError("the target of '\(text)' is empty") }
        guard command.contains(where: { $0 != " " && $0 != "\t" }) else {
            throw ValidationError("the command for \(target) is empty")
        }
        return (side, target, command)
    }

    func validate() throws {
        _ = try parsed()
    }

    func run() throws {
        let (side, target, command) = try parsed()
        let reply = try instance.ask(ControlRequest(command: "split", target: target, side: side, program: command))
        if let pane = reply.pane { FileHandleOut.output("\(pane)\n") }
    }
}

struct Close: PaneCommand {
    static let configuration = CommandConfiguration(
        abstract: "Close a pane as Ctrl+Shift+W does: its program ends; a column's own content stays.")
    static let request = "close"

    @OptionGroup var instance: InstanceOptions

    @Argument(help: ArgumentHelp("The pane's id.", valueName: "pane"))
    var pane: Int
}

struct Zoom: PaneCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a pane over its whole window, or put it back when it is the one zoomed.")
    static let request = "zoom"

    @OptionGroup var instance: InstanceOptions

    @Argument(help: ArgumentHelp("The pane's id.", valueName: "pane"))
    var pane: Int
}

/// `file` made absolute against the current folder: the instance runs elsewhere.
func absolutePath(_ file: String) throws -> String {
    if file.hasPrefix("/") { return file }
    guard let cwd = getcwd(nil, 0) else { throw fail("the current folder cannot be read") }
    defer { free(cwd) }
    return String(cString: cwd) + "/" + file
}

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The layout as a file.", subcommands: [Save.self, Load.self])

    struct Load: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lay the first window's columns out as FILE says (the config's \"layout\" form, as save writes it).",
            discussion:
                "Each column FILE names gets new panes and programs; the programs of the panes it replaces end. Columns FILE does not name stay."
        )

        @OptionGroup var instance: InstanceOptions

        @Argument(help: ArgumentHelp("The file to read.", valueName: "file"))
        var file: String

        func run() throws {
            _ = try instance.ask(ControlRequest(command: "layout-load", path: try absolutePath(file)))
        }
    }

    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the first window's layout to FILE, in the config's \"layout\" form (atomically).")

        @OptionGroup var instance: InstanceOptions

        @Argument(help: ArgumentHelp("The file to write.", valueName: "file"))
        var file: String

        func run() throws {
            _ = try instance.ask(ControlRequest(command: "layout-save", path: try absolutePath(file)))
        }
    }
}

struct Subscribe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one JSON line per change (pane added, removed, focused, program exited) until the instance ends.")

    @OptionGroup var instance: InstanceOptions

    func run() throws {
        let client = try instance.connect(timeout: .infinity)
        do {
            let reply = try client.send(ControlRequest(command: "subscribe"))
            guard reply.ok else { throw fail(reply.error ?? "the subscription failed") }
        } catch let error as ControlError {
            throw fail(error.description)
        }
        while true {
            let line: [UInt8]
            do {
                line = try client.readLine()
            } catch {
                return  // the instance ended
            }
            FileHandleOut.output(String(decoding: line, as: UTF8.self) + "\n")
        }
    }
}
