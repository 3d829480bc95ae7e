import SplitView
import SplitViewFiles

/// "Open With": the applications whose desktop entries take the selected file's type, the
/// default first (``MimeApps/applications(forAncestry:)``), in the View menu's last group and
/// in the menu a right click (or Shift+F10, the Menu key) opens on a row (its row in
/// ``BrowserActions/table``). Each item carries ``BrowserAction/openWith(applicationID:)``
/// with its application's desktop file id. Choosing one starts
/// it without a shell, its command line built from its `Exec` (``DesktopEntry/arguments(for:)``);
/// a failure to start, or a program that ends in failure, is said in the reader's band.
extension Browser {
    /// The applications for the file at `path`: its type's (found as the inspector finds it,
    /// ``MimeDatabase/type(ofFileAt:)``), then its parents', the default first; nil until the
    /// worker has read them (the loop's thread never reads them itself).
    func applications(for path: FilePath) -> (entries: [DesktopEntry], defaultID: String?)? {
        let types = store.types
        guard let apps = types.apps else { return nil }
        return apps.applications(forAncestry: types.database.ancestry(of: types.database.type(ofFileAt: path)))
    }

    /// The menu items for `path`: "Open With NAME" for each application, the default first
    /// and saying so; one disabled "No Application Opens This" when none does, or "Looking
    /// for Applications…" until they are read (the menu is made again when they are).
    func openWithItems(for path: FilePath) -> [MenuItem] {
        guard let (entries, defaultID) = applications(for: path) else {
            return [
                MenuItem(
                    title: String(translated: "Open With: Looking for Applications…"), shortcut: "",
                    command: BrowserAction.openWith(applicationID: nil).command,
                    isEnabled: false)
            ]
        }
        guard !entries.isEmpty else {
            return [
                MenuItem(
                    title: String(translated: "Open With: No Application"), shortcut: "",
                    command: BrowserAction.openWith(applicationID: nil).command,
                    isEnabled: false)
            ]
        }
        return entries.map { entry in
            let name = entry.name
            return MenuItem(
                title: entry.id == defaultID
                    ? String(translated: "Open With \(name) (Default)") : String(translated: "Open With \(name)"),
                shortcut: "",
                command: BrowserAction.openWith(applicationID: entry.id).command)
        }
    }

    /// Opens the selected files with the application `id`: one run, or one per file when its
    /// `Exec` takes one file. A failure is said in the reader's band.
    func openSelection(with id: String) {
        let paths = selectedPaths
        guard let first = paths.first else { return }
        guard let entry = store.types.apps?.entries[id] else {
            return reportOpenFailure(first, String(translated: "the application \(id) is not installed"))
        }
        if let failure = programs.start(entry, on: paths) { reportOpenFailure(first, failure) }
    }

    /// Icons or the database arrived: the lists redraw with them and the inspector says the
    /// type. The applications arrived: the View menu's "Open With" lists them, and so does a
    /// row's context menu open meanwhile (made again for its file).
    func typesArrived(_ arrivals: FileTypes.Arrivals) {
        if arrivals.contains(.icons) {
            fileList.setNeedsDisplay()
            folders.setNeedsDisplay()
            details.databaseArrived()
        }
        if arrivals.contains(.applications) {
            refreshMenu()
            let placeholder = BrowserAction.openWith(applicationID: nil).command
            split.updateVisibleMenu { [unowned self] items in
                guard let file = contextMenuFile, items.contains(where: { $0.command == placeholder }) else { return items }
                return BrowserActions.menuItems(\.contextMenu, for: self, file: file)
            }
        }
    }
}
