import SplitView

/// The browser's own commands in the View menu, after the split view's: going places, under
/// the names GNOME Files gives them, each beside the key the live table binds to it.
extension Browser {
    /// Undo (Ctrl+Z), Cut, Copy and Paste of files (Ctrl+X, Ctrl+C in the files list, Ctrl+V),
    /// New Folder and Rename… (Ctrl+Shift+N, F2), the orders of the shown folder (Ctrl+Alt+1 to
    /// 4, Ctrl+Alt+R), then Go Up (Alt+Up), Back and Forward (Alt+Left, Alt+Right), Open
    /// Location… (Ctrl+L), and,
    /// where there are places, Add to Bookmarks (Ctrl+D): every key of going anywhere can also
    /// be found with a click.
    var menuItems: [MenuItem] {
        var items = [
            MenuItem(
                title: "Undo", shortcut: "", command: BrowserAction.undo.command, isEnabled: undoStack.canUndo),
            MenuItem(title: "Cut", shortcut: "", command: BrowserAction.cutFiles.command),
            MenuItem(title: "Copy", shortcut: "", command: BrowserAction.copyFiles.command),
            MenuItem(title: "Paste", shortcut: "", command: BrowserAction.pasteFiles.command),
        ]
        // Making and naming, then the orders, then going places.
        items += renameMenuItems + sortMenuItems
        items += [
            MenuItem(title: "Go Up", shortcut: "", command: BrowserAction.goUp.command, startsGroup: true),
            MenuItem(title: "Back", shortcut: "", command: .back),
            MenuItem(title: "Forward", shortcut: "", command: .forward),
            MenuItem(title: "Open Location…", shortcut: "", command: BrowserAction.openLocation.command),
        ]
        // Ctrl+D within a click too, under GNOME Files' name for it.
        if placeSources != nil {
            items.append(MenuItem(title: "Add to Bookmarks", shortcut: "", command: BrowserAction.addBookmark.command))
        }
        // The trash's items after Undo, Cut, Copy and Paste: what acts on files, then going places.
        items.insert(contentsOf: trashMenuItems, at: 4)
        // The selected file's applications, a group of their own (GNOME Files' "Open With").
        if let path = selectedPaths.first {
            var openWith = openWithItems(for: path)
            openWith[0].startsGroup = true
            items += openWith
        }
        return items
    }
}
