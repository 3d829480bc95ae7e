import SplitViewFiles

/// What a browser has selected: a folder, an entry's name in it, and the identities that let
/// both be followed when they are renamed on disk.
///
/// One value, so that what belongs together changes together: a new folder drops the name and
/// both identities.
struct BrowserSelection {
    /// The folder whose entries the supplementary lists.
    var folder: FilePath?
    /// The name of the selected entry in that folder: the lead one, which the reader shows.
    var name: [UInt8]?
    /// The names of the other entries selected with it (Ctrl+click, Shift+click, Ctrl+A):
    /// empty while one or none is.
    var others: Set<[UInt8]> = []
    /// The selected folder's device and inode, to follow it when it is renamed.
    var folderIdentity: FileIdentity?
    /// The selected file's folder, device and inode, to follow it when it is renamed.
    var fileIdentity: (folder: FilePath, identity: FileIdentity)?
}
