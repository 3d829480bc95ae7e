import Glibc
import SplitView
import SplitViewFiles

/// A paste under way in one window: planned, asked about, copied, reported.
final class Transfer {
    /// Copy or move.
    let mode: TransferMode
    /// The folder pasted into.
    let destination: FilePath
    /// The plan and the answers so far, once planned.
    var resolution: CopyResolution?
    /// Whether "Apply to All" is checked in the question about a name in the way.
    var appliesToAll = false
    /// Stops the copy.
    let cancellation = CopyCancellation()
    /// Whether the copy itself runs (after the plan and the questions).
    var isCopying = false
    /// Whether a question about a name in the way shows.
    var isAsking = false

    init(mode: TransferMode, destination: FilePath) {
        self.mode = mode
        self.destination = destination
    }
}

/// Files going from one place to another in a window: the clipboard's forms (Ctrl+C, Ctrl+X,
/// Ctrl+V), the paste under way, the files dragged from the list, and the one move a drop on
/// the outline makes.
///
/// The browser asks the questions and says what happened; this part holds what is under way
/// and reads and writes the forms other programs exchange (``ClipboardFiles``). A window closed
/// while it copies stops its paste, which removes what it made.
final class Transfers {
    /// The forms a paste asks for, best first: GNOME's says copy or cut; a URI list and
    /// plain paths are copies.
    static let pasteTargets = ["x-special/gnome-copied-files", "text/uri-list", "UTF8_STRING"]
    /// The form a drop of files is taken in.
    static let droppedFilesType = "text/uri-list"

    /// The paste under way, if any.
    private(set) var transfer: Transfer?
    /// The folder a Ctrl+V asked the clipboard for, until its answer comes.
    private(set) var pasteDestination: FilePath?
    /// The entries being dragged from the list: the row pressed, or the whole selection when
    /// the row is part of it.
    var dragged: [FilePath] = []

    deinit {
        transfer?.cancellation.cancel()
    }

    // MARK: - The clipboard

    /// The clipboard's contents for `paths` to be copied or moved, in ``pasteTargets``' forms.
    static func offers(_ operation: ClipboardFiles.Operation, _ paths: [FilePath]) -> [SelectionOffer] {
        let files = ClipboardFiles(operation: operation, paths: paths)
        return [
            SelectionOffer(target: pasteTargets[0], bytes: files.gnomeCopiedFiles),
            SelectionOffer(target: pasteTargets[1], bytes: files.uriList),
            SelectionOffer(target: pasteTargets[2], bytes: files.plainText),
        ]
    }

    /// A Ctrl+V asked the clipboard for its files, to paste into `folder`.
    func askForPaste(into folder: FilePath) {
        pasteDestination = folder
    }

    /// What the clipboard's answer to a Ctrl+V means.
    enum PasteAnswer: Equatable {
        /// No paste asked for it.
        case unasked
        /// Nothing to paste, and why.
        case nothing(String)
        /// Files to paste into the folder asked for.
        case files(ClipboardFiles, into: FilePath)
    }

    /// The clipboard's `offer` (nil: it had none of the forms) for the paste asked for, which
    /// it ends.
    func received(_ offer: SelectionOffer?) -> PasteAnswer {
        guard let folder = pasteDestination else { return .unasked }
        pasteDestination = nil
        guard let offer else { return .nothing(String(translated: "Nothing to paste: the clipboard holds no files.")) }
        let files: ClipboardFiles? =
            switch offer.target {
            case Self.pasteTargets[0]: ClipboardFiles(gnomeCopiedFiles: offer.bytes)
            case Self.pasteTargets[1]: ClipboardFiles(uriList: offer.bytes)
            default: ClipboardFiles(text: offer.bytes)
            }
        guard let files else {
            return .nothing(
                offer.target == "UTF8_STRING"
                    ? String(translated: "Nothing to paste: the clipboard holds text, not files.")
                    : String(translated: "Nothing to paste: the clipboard's list of files cannot be read."))
        }
        return .files(files, into: folder)
    }

    // MARK: - The paste under way

    /// A paste of `mode` into `destination` begins: it is the one under way.
    func begin(_ mode: TransferMode, into destination: FilePath) -> Transfer {
        let job = Transfer(mode: mode, destination: destination)
        transfer = job
        return job
    }

    /// Whether `job` is the paste under way (a late answer of one ended is dropped).
    func isCurrent(_ job: Transfer?) -> Bool {
        job != nil && transfer === job
    }

    /// The paste under way ended; it is returned.
    @discardableResult
    func end() -> Transfer? {
        defer { transfer = nil }
        return transfer
    }

    // MARK: - Dragging

    /// The forms dragged files travel in to other programs.
    static func representations(of paths: [FilePath]) -> [SelectionOffer] {
        let files = ClipboardFiles(operation: .copy, paths: paths)
        return [
            SelectionOffer(target: droppedFilesType, bytes: files.uriList),
            SelectionOffer(target: "UTF8_STRING", bytes: files.plainText),
            SelectionOffer(target: "text/plain;charset=utf-8", bytes: files.plainText),
        ]
    }

    /// Whether every file dragged may move into `folder`.
    func canMoveDragged(into folder: FilePath) -> Bool {
        !dragged.isEmpty && dragged.allSatisfy { Self.canMove($0, into: folder) }
    }

    /// Whether `source` may move into `folder`: not where it already is, not into itself or
    /// a folder inside it.
    static func canMove(_ source: FilePath, into folder: FilePath) -> Bool {
        let inside = source.bytes + [UInt8(ascii: "/")]
        return folder != source.parent && folder != source && !folder.bytes.starts(with: inside)
    }

    /// Whether `source` itself (a link, not what it points to) is on the file system of
    /// `folder`: a drag moves it then, else copies it. False where either cannot be read.
    static func onSameFileSystem(_ source: FilePath, as folder: FilePath) -> Bool {
        func device(_ path: FilePath) -> UInt64? {
            path.withCString { name in
                var status = stat()
                return lstat(name, &status) == 0 ? UInt64(status.st_dev) : nil
            }
        }
        guard let here = device(source), let there = device(folder) else { return false }
        return here == there
    }
}
