import CFileOps
import Glibc

/// The temporary names a paste makes, each written down before it is made, so that what a
/// `kill -9` (or a crash, or a power cut) leaves behind is found and removed at the next
/// start.
///
/// A paste writes every entry under a hidden temporary name (`.splitview-copy-` and 16 hex
/// digits) before it takes its own (``FileCopier``). Each running paste keeps one journal
/// file in a folder of the program's (`$XDG_STATE_HOME/splitview/copies/`), holding each
/// temporary path of the entries the user pasted, NUL-ended, appended before the entry is
/// made. Entries inside a pasted folder are inside its temporary, so they need no line of
/// their own. The paste holds an exclusive `flock` on its journal while it runs, and empties
/// it once every temporary has its name or is gone: a journal whose lock can be taken at
/// the next start (``removeLeftovers(in:)``) belongs to a paste that ended without finishing,
/// and what it lists is removed, by descriptors, never following a link, and only where the
/// name is one of ours.
///
/// Decision: the journal is not synced. A `kill -9` loses nothing the kernel has, and after
/// a power cut a temporary the journal lost was not synced either; syncing every line would
/// cost a paste of 10 000 files 10 000 disk flushes.
public final class CopyJournal {
    /// The journal's descriptor, locked.
    private let descriptor: Int32
    /// Its path, removed when the paste is done with it.
    private let path: FilePath
    /// Whether it lists a temporary that may still be there.
    private var holdsNames = false

    /// The prefix of every temporary name.
    public static let temporaryPrefix = Array(".splitview-copy-".utf8)

    /// A fresh temporary name: the prefix and 16 random hex digits.
    public static func temporaryName() -> [UInt8] {
        let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return temporaryPrefix + Array((String(repeating: "0", count: 16 - digits.count) + digits).utf8)
    }

    /// Whether `name` is one ``temporaryName()`` makes.
    public static func isTemporaryName(_ name: [UInt8]) -> Bool {
        guard name.count == temporaryPrefix.count + 16, name.starts(with: temporaryPrefix) else { return false }
        return name.dropFirst(temporaryPrefix.count).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// A new journal in `folder` (made 0700 when missing), locked for this paste.
    ///
    /// - Throws: why it cannot be made (the paste then runs without one: a kill would leave
    ///   its temporaries until removed by hand).
    public init(in folder: FilePath) throws(FileError) {
        try Self.makeFolder(folder)
        var made: (Int32, FilePath)?
        for _ in 0..<16 {
            let candidate = folder.appending(Array("\(getpid())-\(UInt32.random(in: 0...UInt32.max)).journal".utf8))
            let opened = candidate.withCString {
                sv_open($0, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
            if opened >= 0 {
                made = (opened, candidate)
                break
            }
            if errno != EEXIST { throw candidate.error(errno) }
        }
        guard let (opened, candidate) = made else { throw folder.error(EEXIST) }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(opened)
            _ = candidate.withCString { unlink($0) }
            throw candidate.error(code)
        }
        descriptor = opened
        path = candidate
    }

    /// Lets go of the journal: removed when empty; one that still lists a temporary (whose
    /// removal failed) stays, unlocked, for the next start to finish.
    deinit {
        if !holdsNames { _ = path.withCString { unlink($0) } }
        close(descriptor)
    }

    /// Writes down `temporary`, about to be made. A failed write is passed over: the paste
    /// goes on, and only a kill at that moment would leave the entry for the user to remove.
    public func add(_ temporary: FilePath) {
        holdsNames = true
        let record = temporary.bytes + [0]
        var written = 0
        while written < record.count {
            let count = record.withUnsafeBytes { sv_write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    /// Forgets every name written: each has taken its own or is gone.
    public func finished() {
        if ftruncate(descriptor, 0) == 0 { holdsNames = false }
    }

    /// Removes what the pastes that ended without finishing left: every temporary listed in
    /// a journal of `folder` whose lock is free, then the journal. Run once at start-up, off
    /// the loop's thread.
    ///
    /// - Returns: how many temporary entries were removed.
    @discardableResult
    public static func removeLeftovers(in folder: FilePath) -> Int {
        let directory = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard directory >= 0 else { return 0 }
        defer { close(directory) }
        var removed = 0
        let suffix = Array(".journal".utf8)
        for name in (try? FolderNames.all(in: directory, path: folder)) ?? [] where name.count > suffix.count {
            guard Array(name.suffix(suffix.count)) == suffix else { continue }
            let journal = FileRemoval.withName(name) { openat(directory, $0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
            guard journal >= 0 else { continue }
            defer { close(journal) }
            // Held: a paste that runs now, in this process or another.
            guard flock(journal, LOCK_EX | LOCK_NB) == 0 else { continue }
            for temporary in records(of: journal) where isTemporaryName(temporary.lastComponent) {
                if FileVersion(of: temporary) != nil, (try? FileRemoval.remove(temporary)) != nil { removed += 1 }
            }
            _ = FileRemoval.withName(name) { unlinkat(directory, $0, 0) }
        }
        return removed
    }

    /// The paths a journal holds, at most 16 MiB of them (a journal is a few lines a paste).
    private static func records(of journal: Int32) -> [FilePath] {
        var reader = BoundedReader(descriptor: journal)
        guard reader.read(upTo: 16 << 20) else { return [] }
        return reader.bytes.split(separator: 0).map { FilePath(bytes: Array($0)) }.filter { $0.bytes.first == UInt8(ascii: "/") }
    }

    /// Makes `folder` and its parents, the last 0700.
    private static func makeFolder(_ folder: FilePath) throws(FileError) {
        var info = stat()
        if folder.withCString({ stat($0, &info) }) == 0 { return }
        if !folder.parent.isRoot && folder.parent != folder { try makeFolder(folder.parent) }
        guard folder.withCString({ mkdir($0, 0o700) }) == 0 || errno == EEXIST else { throw folder.error(errno) }
    }
}
