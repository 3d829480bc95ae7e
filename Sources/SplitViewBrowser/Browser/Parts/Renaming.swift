import Glibc
import SplitView
import SplitViewFiles

/// The entry whose name the files column's bar edits (F2, and a new folder's first name), and
/// the rules a new name meets before one `rename(2)` that never replaces.
///
/// The browser opens the bar's field and follows the renamed entry; this part knows which
/// entry is renamed, what is chosen of its name, and what a new name may be.
struct Renaming {
    /// The longest name most Linux file systems take, in bytes (`NAME_MAX`).
    static let maximumNameBytes = 255

    /// The entry being renamed, or nil when the bar's field, if open, is the location bar.
    private(set) var path: FilePath?
    /// The folder New Folder just made, while its first name is being typed: Escape takes it
    /// away again (``Browser/renameEvent(_:)``).
    var newFolder: FilePath?

    /// Begins renaming the entry at `path`: the field that edits its name, labelled for a file
    /// or a folder, its stem chosen (``stemRange(of:isFolder:)``).
    mutating func begin(_ path: FilePath, isFolder: Bool) -> TextField {
        self.path = path
        let text = FilePath.displayName(path.lastComponent)
        return TextField(
            text: text, selecting: Self.stemRange(of: text, isFolder: isFolder),
            label: isFolder ? String(translated: "Rename Folder") : String(translated: "Rename File")
        )
    }

    /// Stops renaming; true when an entry was being renamed.
    @discardableResult
    mutating func end() -> Bool {
        defer {
            path = nil
            newFolder = nil
        }
        return path != nil
    }

    /// What a new name came to.
    enum Outcome: Equatable {
        /// The name is the one it had: nothing was done.
        case unchanged
        /// The name cannot be, and why, in words.
        case refused(String)
        /// The entry was renamed.
        case renamed(from: FilePath, to: FilePath)
    }

    /// Renames the entry to `text` with one `rename(2)` that never replaces; nil when no entry
    /// is being renamed. The renaming goes on after a refusal (the field keeps the text).
    func rename(to text: String) -> Outcome? {
        guard let source = path else { return nil }
        let isFolder = (try? FileInfo.read(source).get())?.isFolder ?? false
        if let problem = Self.nameProblem(text, isFolder: isFolder) { return .refused(problem) }
        let name = Array(text.utf8)
        // A name that is not UTF-8 shows escaped: the field left as it opened changes nothing.
        guard name != source.lastComponent && text != FilePath.displayName(source.lastComponent) else { return .unchanged }
        let target = source.parent.appending(name)
        do {
            try FileOperations.renameNoReplace(source, to: target)
        } catch {
            switch error.code {
            case EEXIST, ENOTEMPTY: return .refused(String(translated: "“\(text)” already exists."))
            default: return .refused(String(translated: "Could not rename: \(error.reason)."))
            }
        }
        return .renamed(from: source, to: target)
    }

    /// The characters of `name` chosen when its rename begins: the whole name for a folder, a
    /// name without a dot or one whose only dot leads it (`.bashrc`); else the name up to its
    /// extension, which takes `.tar` with it (`archive.tar.gz`), as GNOME Files does.
    static func stemRange(of name: String, isFolder: Bool) -> Range<Int> {
        let characters = Array(name)
        guard !isFolder, let dot = characters.lastIndex(of: "."), dot > 0 else { return 0..<characters.count }
        let stem = String(characters[..<dot])
        if stem.lowercased().hasSuffix(".tar") && stem.count > 4 { return 0..<(dot - 4) }
        return 0..<dot
    }

    /// Why `text` cannot be a name, in words, or nil when it can: empty, holding `/` or a NUL,
    /// `.` or `..`, longer than 255 bytes.
    static func nameProblem(_ text: String, isFolder: Bool) -> String? {
        if text.isEmpty { return String(translated: "The name cannot be empty.") }
        if text.contains("/") { return String(translated: "A name cannot contain “/”.") }
        if text.utf8.contains(0) { return String(translated: "A name cannot contain a NUL character.") }
        if text == "." || text == ".." {
            return isFolder
                ? String(translated: "A folder cannot be called “\(text)”.")
                : String(translated: "A file cannot be called “\(text)”.")
        }
        let bytes = text.utf8.count, maximum = maximumNameBytes
        if bytes > maximum {
            return String(
                translated: "The name is too long: \(bytes) byte, at most \(maximum).",
                plural: "The name is too long: \(bytes) bytes, at most \(maximum).", count: bytes)
        }
        return nil
    }
}
