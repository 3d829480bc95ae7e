import SplitViewFiles

/// One row of the places at the top of the folders column, as in GNOME Files' sidebar.
struct Place: Hashable {
    /// What the place is, which decides its place in the list.
    enum Kind: Hashable {
        /// The home folder.
        case home
        /// An XDG user folder (Documents, Downloads, …).
        case userFolder
        /// A bookmark of GTK's shared file.
        case bookmark
        /// The file system's root.
        case fileSystem
        /// A volume mounted under `/media`, `/mnt` or `/run/media`.
        case volume
        /// A trash: the home trash's files, or a volume's (`Browser+Trash.swift`).
        case trash
    }

    /// The row's text: the bookmark's label, else the folder's name ("Home", "File System"
    /// for those two).
    var name: String
    /// The folder the place shows.
    var path: FilePath
    /// What it is.
    var kind: Kind
}
