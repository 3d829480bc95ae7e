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
        /// A bookmark of GTK's that is no local folder (`sftp://host/srv`): it opens where
        /// GVfs has it mounted (``uri``).
        case remote
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
    /// The user folder's key in `user-dirs.dirs` (`DOCUMENTS`), for its icon.
    var userDirKey: String?
    /// A remote place's URI (its `path` is then the URI's bytes, which name no folder).
    var uri: String?

    /// The user folders' icons by their `user-dirs.dirs` key, as GNOME Files draws them.
    static let userFolderIcons: [String: String] = [
        "DESKTOP": "user-desktop", "DOCUMENTS": "folder-documents", "DOWNLOAD": "folder-download",
        "MUSIC": "folder-music", "PICTURES": "folder-pictures", "VIDEOS": "folder-videos",
        "PUBLICSHARE": "folder-publicshare", "TEMPLATES": "folder-templates",
    ]

    /// The icon theme's names for the place's icon, best first, as GNOME Files draws its
    /// sidebar: `user-home`, `folder-documents`, `user-trash`, `drive-harddisk`; a plain
    /// folder last, which every theme has.
    var iconNames: [String] {
        switch kind {
        case .home: return ["user-home", "folder"]
        case .userFolder: return (userDirKey.flatMap { Self.userFolderIcons[$0] }.map { [$0] } ?? []) + ["folder"]
        case .bookmark: return ["folder"]
        case .remote: return ["folder-remote", "network-server", "folder"]
        case .fileSystem: return ["drive-harddisk-system", "drive-harddisk", "folder"]
        case .volume: return ["drive-removable-media", "drive-harddisk", "folder"]
        case .trash: return ["user-trash", "folder"]
        }
    }
}
