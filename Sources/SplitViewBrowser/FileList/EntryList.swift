import SplitView
import SplitViewFiles

/// The supplementary column: one folder's entries, folders first, in the folder's
/// ``FolderSort`` (natural order of the names, the listing's own, unless another was chosen),
/// hidden ones only when asked.
///
/// Rows are built only when drawn, and a row's size and date are read (`fstatat`) only then:
/// a folder of 100 000 files costs its visible rows.
final class EntryList: ListDataSource {
    /// The listing shown, or nil while there is none.
    private(set) var listing: FolderListing?
    /// The listing's indices of the entries that show.
    private(set) var visible: [Int] = []
    private var showsHidden: Bool
    /// The trash directory whose `files/` is listed, if the list shows one: each row then
    /// says where its file came from and when it was trashed, as GNOME Files' trash does.
    var trash: TrashDirectory? {
        didSet { if trash != oldValue { trashed = [:] } }
    }
    /// The rows' trash entries, read from their info files when first drawn.
    private var trashed: [[UInt8]: TrashedItem?] = [:]
    /// The rows' second lines (size and date, or kind), by the listing's index, worded when
    /// first drawn: a row is drawn at each frame of a divider drag or an animation, and its
    /// words, the same for the same listing, are not made again.
    private var subtitles: [Int: String] = [:]
    /// The order shown: the one asked for, or by name while a worker finds it.
    private(set) var sort = FolderSort.standard
    /// Where the rows' icons come from; none in a list without icons.
    private let types: FileTypes?
    /// Where the orders of large folders come from.
    private let orders: FolderOrders

    init(showsHidden: Bool, types: FileTypes? = nil, orders: FolderOrders) {
        self.showsHidden = showsHidden
        self.types = types
        self.orders = orders
    }

    /// Shows `listing` (nil: nothing) in `sort`'s order, hidden entries only when `showsHidden`;
    /// in name order while the order of a large folder is found on a worker (``FolderOrders``).
    func show(_ listing: FolderListing?, showsHidden: Bool, sort: FolderSort = .standard) {
        self.listing = listing
        self.showsHidden = showsHidden
        trashed = [:]
        subtitles = [:]
        guard let listing else {
            self.sort = sort
            visible = []
            return
        }
        let order = orders.order(of: listing, by: sort.key)
        self.sort = order == nil ? .standard : sort
        visible = self.sort.shown(order ?? Array(listing.entries.indices), in: listing, showsHidden: showsHidden)
    }

    /// What sorting by type compares: the type's name as people read it. For now the name's
    /// extension makes it ("PDF file"; "file" without one; a leading dot is no extension, so
    /// `.bashrc` is a "file"); other kinds are their word ("symbolic link", "FIFO"). Compared
    /// without case. One function, so that a type from shared-mime-info ("PDF document") can
    /// take its place.
    static func kindKey(name: [UInt8], kind: FileKind) -> String {
        guard kind == .regular else { return kind.word }
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < name.count - 1 else { return "file" }
        return FilePath.displayName(Array(name[(dot + 1)...])).uppercased() + " file"
    }

    var numberOfRows: Int { visible.count }
    var rowsHaveSubtitles: Bool { true }

    /// The entry at row `index`.
    func entry(at index: Int) -> FolderListing.Entry? {
        guard let listing, visible.indices.contains(index) else { return nil }
        return listing.entries[visible[index]]
    }

    /// The row showing the entry called `name`, if any.
    func index(of name: [UInt8]) -> Int? {
        guard let listing else { return nil }
        return visible.firstIndex { listing.entries.hasName(name, at: $0) }
    }

    /// The entry's details, read on demand and cached by the listing.
    func info(at index: Int) -> FileInfo? {
        guard let listing, visible.indices.contains(index) else { return nil }
        return try? listing.info(at: visible[index]).get()
    }

    /// A row: the name, the size and date (or kind), and the type's icon by the name (GIO's
    /// "fast content type", as GNOME Files shows a row before reading the file); a link shows
    /// what it points to, a link to nothing the link's own icon.
    func item(at index: Int) -> ListItem {
        guard let entry = entry(at: index) else { return ListItem(title: "") }
        let info = info(at: index)
        let kind = entry.kind == .symlink ? (info?.resolvedKind ?? .symlink) : entry.kind
        if trash != nil, let item = trashedItem(named: entry.name) {
            // The name it had, as GNOME Files and Thunar show a trash: not `notes.2.txt`, the
            // name the trash gave it beside an earlier `notes.txt`.
            let name = item.originalPath.lastName
            let date = item.deletionDate.map(Browser.format) ?? String(translated: "date unknown")
            let folder = item.originalPath.parent.displayString
            // The date first: a long original folder is cut at the row's end, never the date (the
            // newcomer read "From /home/… · 20…"); the inspector says the folder whole.
            return ListItem(
                title: name, subtitle: date + " · " + String(translated: "From \(folder)"),
                icon: types?.icon(forName: name, kind: kind))
        }
        let icon = types?.icon(forName: entry.displayName, kind: kind)
        guard let info else { return ListItem(title: entry.displayName, subtitle: entry.kind.shownWord, icon: icon) }
        let position = visible[index]
        if let subtitle = subtitles[position] { return ListItem(title: entry.displayName, subtitle: subtitle, icon: icon) }
        let subtitle = Self.subtitle(info)
        subtitles[position] = subtitle
        return ListItem(title: entry.displayName, subtitle: subtitle, icon: icon)
    }

    /// The trash entry of the file `name` of the listed trash, if its info file is usable.
    func trashedItem(named name: [UInt8]) -> TrashedItem? {
        guard let trash else { return nil }
        if let known = trashed[name] { return known }
        let item = Trash.item(named: name, in: trash)
        trashed[name] = item
        return item
    }

    /// A row is its entry's name (escaped, so any bytes give a distinct text): a screen reader
    /// keeps hearing the same file under its name when rows above it come and go.
    func accessibilityIdentifier(at index: Int) -> String? {
        entry(at: index).map { String(decoding: PercentEncoding.encoded($0.name), as: UTF8.self) }
    }

    /// What type-ahead and the filter match: the name shown (in a trash, the name it had).
    func searchText(at index: Int) -> String {
        guard let entry = entry(at: index) else { return "" }
        if trash != nil, let item = trashedItem(named: entry.name) { return item.originalPath.lastName }
        return entry.displayName
    }

    /// The display name's bytes, lent by the listing: a filter reads 100 000 of them. In a
    /// trash, the name each had.
    func withSearchText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let listing, visible.indices.contains(index) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        if trash != nil {
            return Array(searchText(at: index).utf8).withUnsafeBufferPointer(body)
        }
        return listing.entries.withDisplayName(at: visible[index], body)
    }

    /// `12.4 KB · 2026-11-21`, `Folder · 2026-11-21`, `Link → ../notes · …`, `FIFO · …`.
    static func subtitle(_ info: FileInfo) -> String {
        let date = Format.date(Int(info.modified.seconds))
        switch info.kind {
        case .regular: return Format.size(info.size) + " · " + date
        case .directory: return info.kind.shownName + " · " + date
        case .symlink:
            let target = info.linkTargetDisplay ?? "?"
            return info.resolvedKind == nil
                ? String(translated: "Link → \(target) (broken)") : String(translated: "Link → \(target)")
        default: return info.kind.shownName + " · " + date
        }
    }
}
