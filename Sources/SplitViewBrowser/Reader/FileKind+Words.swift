import SplitView
import SplitViewFiles

/// A kind of entry as the window says it, in the reader's language: each phrase whole, one
/// message a kind, so a translator never sees a word put into a sentence of ours.
extension FileKind {
    /// The kind in a list's row, lower-case: `folder`, `symbolic link`, `FIFO`.
    var shownWord: String {
        switch self {
        case .directory: String(translated: "folder")
        case .regular: String(translated: "file")
        case .symlink: String(translated: "symbolic link")
        case .fifo: String(translated: "FIFO")
        case .socket: String(translated: "socket")
        case .characterDevice: String(translated: "character device")
        case .blockDevice: String(translated: "block device")
        case .unknown: String(translated: "unknown")
        }
    }

    /// The kind on its own, its first letter upper-case: `Folder`, `Symbolic link`, `FIFO`.
    var shownName: String {
        switch self {
        case .directory: String(translated: "Folder")
        case .regular: String(translated: "File")
        case .symlink: String(translated: "Symbolic link")
        case .fifo: String(translated: "FIFO")
        case .socket: String(translated: "Socket")
        case .characterDevice: String(translated: "Character device")
        case .blockDevice: String(translated: "Block device")
        case .unknown: String(translated: "Unknown")
        }
    }

    /// The inspector's type of a symbolic link to an entry of this kind.
    var linkToName: String {
        switch self {
        case .directory: String(translated: "Symbolic link to a folder")
        case .regular: String(translated: "Symbolic link to a file")
        case .symlink: String(translated: "Symbolic link to a symbolic link")
        case .fifo: String(translated: "Symbolic link to a FIFO")
        case .socket: String(translated: "Symbolic link to a socket")
        case .characterDevice: String(translated: "Symbolic link to a character device")
        case .blockDevice: String(translated: "Symbolic link to a block device")
        case .unknown: String(translated: "Symbolic link to something of unknown type")
        }
    }

    /// The reader's words for an entry of this kind it never opens, called `name`.
    func neverOpened(_ name: String) -> String {
        switch self {
        case .directory: String(translated: "“\(name)” is a folder: listed, never opened.")
        case .regular: String(translated: "“\(name)” is a file: listed, never opened.")
        case .symlink: String(translated: "“\(name)” is a symbolic link: listed, never opened.")
        case .fifo: String(translated: "“\(name)” is a FIFO: listed, never opened.")
        case .socket: String(translated: "“\(name)” is a socket: listed, never opened.")
        case .characterDevice: String(translated: "“\(name)” is a character device: listed, never opened.")
        case .blockDevice: String(translated: "“\(name)” is a block device: listed, never opened.")
        case .unknown: String(translated: "“\(name)” is of an unknown type: listed, never opened.")
        }
    }
}
