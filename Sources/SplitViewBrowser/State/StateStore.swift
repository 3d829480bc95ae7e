import FoundationEssentials
import Glibc
import SplitView
import SplitViewFiles

/// Where the app's state lives and how it is read and written: `state.json` under the XDG
/// state folder, replaced atomically, and never trusted — a file that is damaged, hostile or
/// from a newer version is moved aside with one line of warning, and the app starts with its
/// defaults instead of failing.
public struct StateStore: Sendable {
    /// The largest state file read: far above what 32 windows need, far below what hurts.
    public static let sizeLimit = 1 << 20

    /// The state file's path.
    public let path: String

    /// The store at `path` (for tests and for a future `--state` option).
    public init(path: String) {
        self.path = path
    }

    /// The store at `$XDG_STATE_HOME/splitview/state.json`, else
    /// `$HOME/.local/state/splitview/state.json`. A relative `XDG_STATE_HOME` is ignored, as
    /// the XDG Base Directory specification asks.
    public init(environment: [String: String]) {
        path = XDGFolder.state.path(environment: environment) + "/splitview/state.json"
    }

    /// The folder of the pastes' journals, `copies/` beside the state file (see
    /// `CopyJournal`). Decision: it is written with `--no-restore` too: it
    /// holds no session, only what a killed paste must not leave behind.
    public var journalFolder: FilePath {
        FilePath(AtomicFile.parentFolder(of: path) + "/copies")
    }

    /// Where a file that could not be used is moved: `state.json.bad` beside it.
    public var asidePath: String { path + ".bad" }

    /// Reads the saved state.
    ///
    /// - Returns: the state and no warning; no state and no warning when there is no file;
    ///   or no state and one line of warning (no newline, no `splitview: ` prefix) when the
    ///   file could not be used. A file too large, not JSON, of the wrong shape, of a newer
    ///   version or with values out of range is first renamed to `state.json.bad` (replacing
    ///   an older one), so the next save does not destroy it and the next start does not warn
    ///   again. A file that cannot be read (permissions, I/O) or is not a regular file is left
    ///   where it is: it is not known to be bad.
    public func load() -> (state: AppState?, warning: String?) {
        let bytes: [UInt8]
        switch AtomicFile.read(path, limit: Self.sizeLimit) {
        case .success(let read):
            bytes = read
        case .failure(let error) where error.code == ENOENT:
            return (nil, nil)
        case .failure(let error) where error.code == EFBIG:
            return (nil, moveAside(StateProblem(String(translated: "larger than \(Self.sizeLimit) bytes"))))
        case .failure(let error):
            return (nil, String(translated: "cannot read state file \(error); starting with defaults"))
        }
        do throws(StateProblem) {
            return (try Self.decode(bytes), nil)
        } catch {
            return (nil, moveAside(error))
        }
    }

    /// The state in `bytes`, checked.
    ///
    /// - Throws: the problem, in a line: not JSON, the wrong shape (with the key path), a
    ///   newer version, a value out of range.
    public static func decode(_ bytes: [UInt8]) throws(StateProblem) -> AppState {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        // The version first: a newer program may have changed the rest of the shape, and its
        // file deserves "newer version", not "wrong type".
        if let header = try? decoder.decode(VersionHeader.self, from: data), header.version > AppState.currentVersion {
            throw StateProblem(
                String(translated: "written by a newer splitview (version \(header.version))"), isNewerVersion: true)
        }
        let state: AppState
        do {
            state = try decoder.decode(AppState.self, from: data)
        } catch let error as DecodingError {
            throw StateProblem(error)
        } catch {
            throw StateProblem(String(translated: "cannot be decoded"))
        }
        return try state.validated()
    }

    /// Writes `state`: makes the folder (0700), encodes with sorted keys and indentation (so
    /// the file reads well and diffs well), and replaces the file atomically.
    ///
    /// - Returns: `nil`, or one line saying why the state was not saved; the old file is
    ///   then as it was.
    ///
    /// What the loader would refuse is left out first (see `AppState.withinLimits()`), and the
    /// longest expanded folders go until the file fits in ``sizeLimit``: a state saved is
    /// always one the next start reads.
    public func save(_ state: AppState) -> String? {
        var state = state.withinLimits()
        do throws(StateProblem) {
            try state.validated()
        } catch {
            let file = printableLine(path)
            return String(translated: "state not saved to \(file): \(error.reason)")
        }
        var bytes: [UInt8]
        do {
            bytes = try Self.encode(state)
            while bytes.count > Self.sizeLimit {
                guard state.leaveOutLongestExpansions(bytes: bytes.count - Self.sizeLimit) else {
                    let file = printableLine(path)
                    return String(translated: "state not saved to \(file): larger than \(Self.sizeLimit) bytes")
                }
                bytes = try Self.encode(state)
            }
        } catch {
            let file = printableLine(path)
            return String(translated: "state not saved to \(file): it cannot be written as JSON")
        }
        if let error = AtomicFile.makeFolders(AtomicFile.parentFolder(of: path)) ?? AtomicFile.write(bytes, to: path) {
            return String(translated: "state not saved: \(error)")
        }
        return nil
    }

    /// The JSON for `state`, with a final newline.
    public static func encode(_ state: AppState) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(state)) + [UInt8(ascii: "\n")]
    }

    /// Renames the file to `state.json.bad` and gives the warning for `problem`.
    private func moveAside(_ problem: StateProblem) -> String {
        let file = printableLine(path), reason = problem.reason
        let aside = printableLine(asidePath.split(separator: "/").last.map(String.init) ?? asidePath)
        guard rename(path, asidePath) == 0 else {
            let error = FileError(path: printableLine(asidePath), code: errno).reason
            return problem.isNewerVersion
                ? String(
                    translated:
                        "state file \(file) cannot be used (\(reason)) and could not be moved aside (\(error)); starting with defaults"
                )
                : String(
                    translated:
                        "state file \(file) is corrupt (\(reason)) and could not be moved aside (\(error)); starting with defaults"
                )
        }
        return problem.isNewerVersion
            ? String(translated: "state file \(file) cannot be used (\(reason)); moved aside to \(aside), starting with defaults")
            : String(translated: "state file \(file) is corrupt (\(reason)); moved aside to \(aside), starting with defaults")
    }

    /// The one key read before the rest.
    private struct VersionHeader: Decodable {
        var version: Int
    }
}
