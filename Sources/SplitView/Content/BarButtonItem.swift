/// A button an app places in a column's navigation bar, beside the split view's own buttons.
///
/// Mirrors `UIBarButtonItem`: a title or a system icon, an action, and `isEnabled`. The split
/// view lays the items of the showing columns' top controllers out (``NavigationItem``),
/// draws them with hover and pressed states, hit-tests them, and performs their action.
///
/// ```swift
/// let inspector = BarButtonItem(systemItem: .inspector, action: .command(.toggleInspector))
/// reader.navigationItem.rightBarButtonItems = [inspector]
/// ```
///
/// Differs: an item may carry a ``keyEquivalent`` (AppKit's name), pressed by that key while
/// its pane shows and no key binding names the key, so that every item is reachable from the
/// keyboard.
public final class BarButtonItem {
    /// The glyphs an item can show. Mirrors `UIBarButtonItem.SystemItem`, with the icons a
    /// split view needs.
    public enum SystemItem: Hashable, Sendable, CaseIterable {
        /// A window with a sidebar.
        case sidebar
        /// A window with a panel on its far side: the inspector.
        case inspector
        /// A chevron pointing back, to the primary edge.
        case back
        /// A plus.
        case add
        /// Three dots: more commands.
        case more
        /// A cross.
        case close
    }

    /// What pressing the item does.
    public enum Action {
        /// Performs a command, as its key would.
        case command(Command)
        /// Calls a closure.
        case handler(() -> Void)
    }

    /// The label: drawn beside the icon, or alone for an item without one.
    public var title: String { didSet { if title != oldValue { changed() } } }
    /// The icon, or `nil` for a text item.
    public var systemItem: SystemItem? { didSet { if systemItem != oldValue { changed() } } }
    /// Whether the item can be pressed; a disabled item is drawn faint and ignores the pointer
    /// and its key.
    public var isEnabled = true { didSet { if isEnabled != oldValue { changed() } } }
    /// What pressing the item does; `nil` does nothing.
    public var action: Action?
    /// A key that presses the item while its pane shows, when no key binding names the key.
    public var keyEquivalent: KeyChord?

    /// The navigation items that hold this item, told when it changes.
    var holders: [WeakNavigationItem] = []

    /// Creates a text item.
    ///
    /// Mirrors `UIBarButtonItem.init(title:style:target:action:)`.
    public init(title: String, action: Action?) {
        self.title = title
        self.action = action
    }

    /// Creates an item with a system icon (and an optional title).
    ///
    /// Mirrors `UIBarButtonItem.init(barButtonSystemItem:target:action:)`.
    public init(systemItem: SystemItem, title: String = "", action: Action?) {
        self.systemItem = systemItem
        self.title = title
        self.action = action
    }

    private func changed() {
        holders.removeAll { $0.item == nil }
        for holder in holders { holder.item?.itemsDidChange() }
    }
}

/// A weak reference to a navigation item, for an item's list of holders.
struct WeakNavigationItem {
    weak var item: NavigationItem?
}
