import SplitView
import SplitViewFiles
import SplitViewImages

/// The reader showing a picture: a PNG or a JPEG, known by its first bytes, decoded off the
/// loop's thread (``FileStore/images``) while the reader says "Loading…".
///
/// Only the selected file's picture is ever shown: any change of what the reader shows cancels
/// the decode under way (``clearImage()``), whose answer is then dropped. The same file changed
/// on disk keeps its old picture until the new one is decoded, as the text keeps its place. A
/// picture that cannot be shown says why in one line ("“huge.png” is 20 000 × 20 000 pixels:
/// too large to show (at most 200 megapixels).").
extension Browser {
    /// Starts decoding the picture at `path` for the reader; the inspector names its format
    /// at once and its dimensions once they are read. `keepingShown`: the same file changed,
    /// so the picture shown stays until the new one comes.
    func showImage(_ path: FilePath, _ format: ImageFormat, preview: FilePreview, keepingShown: Bool) {
        pictures.cancel()
        reader.text = ""
        reader.hexDump = nil
        if !keepingShown || reader.image == nil {
            reader.image = nil
            fileNotice = nil
            reader.notice = nil
            reader.placeholder = String(translated: "Loading…")
        }
        details.show(FileDetails(path: path, preview: preview, picture: (format, nil), trashed: trashPart.item(at: path)))
        pictures.load(path) { [weak self] result in
            self?.imageArrived(result, path: path, format: format)
        }
    }

    /// No picture, and none on its way.
    func clearImage() {
        pictures.cancel()
        reader.image = nil
    }

    /// The decode of the selected file's picture ended: shown, or why not. A JPEG the library
    /// had to repair, or one shown from its first scans, shows with a notice that says so.
    private func imageArrived(_ result: Result<DecodedImage, ImageError>, path: FilePath, format: ImageFormat) {
        let name = FilePath.displayName(path.lastComponent)
        switch result {
        case .success(let decoded):
            reader.image = decoded.pixels
            fileNotice = Pictures.notice(for: decoded)
            reader.notice = fileNotice
            details.show(
                FileDetails(
                    path: path, preview: nil, picture: (decoded.info.format, decoded.info), trashed: trashPart.item(at: path)))
        case .failure(.cancelled):
            break
        case .failure(let error):
            reader.image = nil
            fileNotice = nil
            reader.notice = nil
            reader.placeholder = String(translated: "“\(name)” \(error.reason).")
            details.show(FileDetails(path: path, preview: nil, picture: (format, error.info), trashed: trashPart.item(at: path)))
        }
    }
}

extension ImageError {
    /// The header's facts when the refusal came after the header was read.
    var info: ImageInfo? {
        switch self {
        case .tooLarge(let info, _), .needsMemory(let info, _, _): info
        default: nil
        }
    }
}
