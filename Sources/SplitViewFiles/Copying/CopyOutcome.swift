import Synchronization

/// How far a paste is: files and bytes written of those counted first.
public struct CopyProgress: Sendable, Hashable {
    /// Files (and links) written.
    public var filesDone = 0
    /// Files (and links) to write.
    public var totalFiles = 0
    /// Bytes written.
    public var bytesDone: Int64 = 0
    /// Bytes to write.
    public var totalBytes: Int64 = 0

    /// Progress of nothing done yet out of `totalFiles` and `totalBytes`.
    public init(totalFiles: Int = 0, totalBytes: Int64 = 0) {
        self.totalFiles = totalFiles
        self.totalBytes = totalBytes
    }
}

/// Stops a paste under way: set from the loop's thread, read by the copier between two
/// pieces of 1 MiB; what the paste made is then removed.
public final class CopyCancellation: Sendable {
    private let flag = Atomic(false)

    /// A cancellation not yet asked for.
    public init() {}

    /// Asks the paste to stop.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether it was asked to stop.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// One entry a copy made at a name that was free: what undo checks before removing it.
public struct CopiedItem: Sendable, Hashable {
    /// Where it is.
    public var path: FilePath
    /// The entry as the paste left it, once at its name: undo removes it only while the
    /// name still holds this inode with this change time (``FileVersion``), which any write,
    /// truncate, `chmod` or `touch` since has moved for good.
    public var identity: FileVersion

    /// An entry as it was made.
    public init(path: FilePath, identity: FileVersion) {
        self.path = path
        self.identity = identity
    }

    /// Whether it is a folder (removed after its entries).
    public var isFolder: Bool { identity.isFolder }
}

/// One entry a paste moved with `rename(2)`.
public struct MovedItem: Sendable, Hashable {
    /// Where it was.
    public var from: FilePath
    /// Where it is.
    public var to: FilePath

    /// A move from `from` to `to`.
    public init(from: FilePath, to: FilePath) {
        self.from = from
        self.to = to
    }
}

/// What a paste did, for the sentence the browser shows and for undo.
public struct CopyOutcome: Sendable, Hashable {
    /// Copy or move.
    public var mode: TransferMode
    /// Why it stopped with nothing pasted, or nil when it ran to the end.
    public var failure: String?
    /// Whether the user cancelled it (then ``failure`` says so too).
    public var cancelled = false
    /// The entries the user pasted (not those inside them), where they now are.
    public var placed: [FilePath] = []
    /// Every entry made at a free name, folders before their entries: undo removes them.
    public var made: [CopiedItem] = []
    /// The entries moved by rename: undo moves them back.
    public var moved: [MovedItem] = []
    /// How many files were replaced.
    public var replaced = 0
    /// Whether a move went across file systems (copied, then the originals removed): undo
    /// cannot bring the originals back by a rename.
    public var movedAcross = false
    /// What was left out or could not be finished, one sentence each.
    public var notes: [String] = []

    /// An outcome with nothing done yet.
    public init(mode: TransferMode) {
        self.mode = mode
    }

    /// The change undo takes back: the copies made, or the renames; nil for nothing
    /// undoable. A move across file systems removed its originals: its copies are never
    /// offered to undo, which would lose the files.
    public var undoRecord: FileOperation? {
        guard failure == nil else { return nil }
        switch mode {
        case .copy: return made.isEmpty ? nil : .copied(made)
        case .move: return moved.isEmpty || movedAcross ? nil : .moved(moved)
        }
    }
}
