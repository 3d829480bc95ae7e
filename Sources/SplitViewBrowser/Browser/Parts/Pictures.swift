import SplitView
import SplitViewFiles
import SplitViewImages

/// What the reader shows of a file and the picture on its way: the preview's identity, so that
/// a changed file is read again and an unchanged one left alone, and the one decode under way
/// (``ImageLoader``), which any change of what the reader shows cancels.
///
/// The browser fills the reader; this part decides whether a file needs reading again and keeps
/// at most one picture decoding, whose answer is dropped once it is not wanted.
final class Pictures {
    /// Decodes pictures off the loop's thread, shared by every window.
    let loader: ImageLoader
    /// The preview's identity: its path, size and modification time.
    private(set) var shown: (path: FilePath, size: Int64, modified: FileTime)?
    /// The picture being decoded for the reader, if any.
    private(set) var request: ImageLoader.Request?

    /// The pictures of a window whose decodes `loader` runs.
    init(loader: ImageLoader) {
        self.loader = loader
    }

    deinit {
        if let request { loader.cancel(request) }
    }

    /// Whether the reader shows `path` as it is now (`size`, `modified`): nothing to read again.
    func isShowing(_ path: FilePath, size: Int64, modified: FileTime) -> Bool {
        guard let shown else { return false }
        return shown.path == path && shown.size == size && shown.modified == modified
    }

    /// The reader now shows `path` as it is now.
    func didShow(_ path: FilePath, size: Int64, modified: FileTime) {
        shown = (path, size, modified)
    }

    /// The reader shows no file.
    func didShowNothing() {
        shown = nil
    }

    /// Decodes the picture at `path`, cancelling the one under way; `done` hears the answer on
    /// the loop's thread unless another picture is asked for, or ``cancel()`` comes, first.
    func load(_ path: FilePath, done: @escaping (Result<DecodedImage, ImageError>) -> Void) {
        cancel()
        request = loader.load(path) { [weak self] result in
            self?.request = nil
            done(result)
        }
    }

    /// Stops the decode under way, if any, and forgets its answer.
    func cancel() {
        if let request { loader.cancel(request) }
        request = nil
    }

    /// The picture format a preview's first bytes name, or `nil`: a file the preview found
    /// binary (every PNG and JPEG is: their headers hold control bytes and NULs) whose first
    /// bytes are a PNG's or a JPEG's signature, whatever its name.
    static func format(of preview: FilePreview) -> ImageFormat? {
        guard case .binary(_, let head) = preview else { return nil }
        return ImageFormat(sniffing: head)
    }

    /// The band over a picture shown otherwise than whole: a JPEG of more scans than the
    /// limit ("A JPEG of over 100 scans, shown from its first 100"), a JPEG libjpeg repaired
    /// ("Damaged JPEG, shown as far as it reads: Corrupt JPEG data: …"), both joined by " · ";
    /// `nil` for a picture shown whole.
    static func notice(for decoded: DecodedImage) -> String? {
        var notes: [String] = []
        let format = decoded.info.format.name
        if let scans = decoded.scansShown {
            let count = ImageFit.grouped(scans)
            notes.append(
                String(
                    translated: "A \(format) of over \(count) scan, shown from its first \(count)",
                    plural: "A \(format) of over \(count) scans, shown from its first \(count)", count: scans))
        }
        if let warning = decoded.warning {
            notes.append(String(translated: "Damaged \(format), shown as far as it reads: \(warning)"))
        }
        return notes.isEmpty ? nil : notes.joined(separator: " · ")
    }
}
