import SplitView
import SplitViewFiles
import SplitViewImages

/// What the inspector says about a file or folder: path, type, size, modified, permissions,
/// owner, line count, a picture's dimensions, link target.
struct FileDetails {
    /// The file or folder.
    var path: FilePath
    /// Its preview, when the reader shows it (for the type and the line count).
    var preview: FilePreview?
    /// A picture's format, and its header's facts once read (`nil` while it is being read, or
    /// when it could not be).
    var picture: (format: ImageFormat, info: ImageInfo?)?
    /// Where a file of the trash came from and when it was trashed, for a file in the trash.
    var trashed: TrashedItem?
    /// The name the folder goes by where the window shows it, instead of its own: "Trash" for
    /// a trash's `files` folder, as its place and the outline's root name it (GNOME Files'
    /// properties of the Trash say "Trash"); nil for the folder's own name.
    var shownName: String?

    /// The details of `path`, with what the reader knows of it.
    init(
        path: FilePath, preview: FilePreview?, picture: (format: ImageFormat, info: ImageInfo?)? = nil,
        trashed: TrashedItem? = nil, shownName: String? = nil
    ) {
        self.trashed = trashed
        self.shownName = shownName
        self.path = path
        self.preview = preview
        self.picture = picture
    }

    /// The inspector's rows, label then value. Owner names and the type (by name, then by
    /// the first bytes) are looked up here, when the inspector shows, not for every row the
    /// user passes.
    func entries(mime: MimeDatabase? = nil) -> [(label: String, value: String)] {
        var rows: [(String, String)] = [
            (String(translated: "Name"), shownName ?? FilePath.displayName(path.lastComponent)),
            (String(translated: "Path"), path.displayString),
        ]
        if let trashed {
            // GNOME Files' trash columns: where it was, and when it was trashed.
            rows.append((String(translated: "Original location"), trashed.originalPath.parent.displayString))
            rows.append(
                (
                    String(translated: "Trashed on"),
                    trashed.deletionDate.map(Browser.format) ?? String(translated: "unknown", context: "date")
                ))
        }
        switch FileInfo.read(path) {
        case .failure(let error):
            rows.append((String(translated: "Error"), error.reason))
            return rows
        case .success(let info):
            rows.append((String(translated: "Type"), mime.map { Self.typeName(of: path, in: $0) } ?? type(of: info)))
            if case .text(_, _, _, _, let encoding)? = preview { rows.append((String(translated: "Encoding"), encoding.name)) }
            if info.kind == .regular || info.resolvedKind == .regular {
                rows.append((String(translated: "Size"), Self.size(info.size)))
            }
            if let info = picture?.info {
                rows.append((String(translated: "Dimensions"), ImageFit.dimensions(width: info.width, height: info.height)))
            }
            if case .text(_, let lines, let shown, let total, _)? = preview {
                let size = Format.size(Int64(shown))
                rows.append(
                    (
                        String(translated: "Lines"),
                        Int64(shown) < total ? String(translated: "at least \(lines) (in the first \(size))") : "\(lines)"
                    ))
            }
            if let target = info.linkTargetDisplay {
                let shown =
                    info.isLoop
                    ? String(translated: "\(target) (a loop)")
                    : info.resolvedKind == nil ? String(translated: "\(target) (broken)") : target
                rows.append((String(translated: "Link target"), shown))
            }
            rows.append((String(translated: "Modified"), Format.dateTime(Int(info.modified.seconds))))
            rows.append(
                (
                    String(translated: "Permissions"),
                    info.permissionsString + " (" + String(info.permissions & 0o7777, radix: 8) + ")"
                ))
            rows.append((String(translated: "Owner"), FileInfo.ownerName(info.uid) + ":" + FileInfo.groupName(info.gid)))
            return rows
        }
    }

    /// The type as GNOME Files' properties say it: its name, then the type itself, "PNG image
    /// (image/png)"; the name's first letter upper-cased ("Shell script", where the database
    /// writes "shell script"), as the issue writes it. A type the database does not name is
    /// said alone.
    static func typeName(of path: FilePath, in mime: MimeDatabase) -> String {
        let type = mime.type(ofFileAt: path)
        guard let comment = mime.comment(for: type) else { return type }
        return comment.prefix(1).uppercased() + comment.dropFirst() + " (" + type + ")"
    }

    /// The Size row: `812 bytes`, `4.2 KB (4210 bytes)` from 1000 bytes on.
    static func size(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return Format.size(bytes) }
        let size = Format.size(bytes)
        return String(translated: "\(size) (\(bytes) byte)", plural: "\(size) (\(bytes) bytes)", count: Int(clamping: bytes))
    }

    private func type(of info: FileInfo) -> String {
        if let picture {
            let format = picture.format.name
            return String(translated: "\(format) image")
        }
        switch preview {
        case .text(_, _, _, _, let encoding)?:
            let name = encoding.name
            return String(translated: "Text (\(name))")
        case .binary?: return String(translated: "Binary file")
        default:
            if info.kind == .symlink, let target = info.resolvedKind { return target.linkToName }
            return info.kind.shownName
        }
    }
}
