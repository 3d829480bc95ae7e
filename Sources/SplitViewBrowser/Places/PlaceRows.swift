import SplitView
import SplitViewFiles

/// The places as rows of the folders column, above the outline.
///
/// A decision where the issue leaves the look open: a heading row, "Places", then one row per
/// place one level in (the list draws no icons, so the heading and the indent tell places from
/// folders), then the outline from its root as before. None of these rows is a folder of the
/// outline: arrowing onto one lists nothing (it only moves the highlight), type-ahead skips
/// them (their search text is empty, so letters find the outline's folders as before), and
/// nothing can be dropped on them; a click or Return chooses the place.
enum PlaceRows {
    /// The heading's text.
    static var heading: String { String(translated: "Places") }

    /// The heading and the places' rows, or none without places.
    static func rows(for places: [Place], root: FilePath) -> [FolderTree.Row] {
        guard !places.isEmpty else { return [] }
        var rows = [FolderTree.Row(path: root, depth: 0, title: heading, isFolder: false)]
        for place in places {
            rows.append(FolderTree.Row(path: place.path, depth: 1, title: place.name, isFolder: false, place: place))
        }
        return rows
    }
}
