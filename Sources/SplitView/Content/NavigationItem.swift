/// What a view controller shows in its column's navigation bar while it is on top: a title and
/// the bar button items on either side.
///
/// Mirrors `UINavigationItem`. The left items follow the split view's own buttons on the
/// primary-edge side of the bar; the right items sit on the far side, the first one outermost.
/// A trailing primary edge mirrors both, as a right-to-left interface does.
public final class NavigationItem {
    /// The bar's title; `nil` shows the view controller's ``ViewController/title``.
    public var title: String? { didSet { if title != oldValue { itemsDidChange() } } }
    /// The items on the primary-edge side, after the split view's own buttons.
    public var leftBarButtonItems: [BarButtonItem] = [] { didSet { adopt(oldValue, leftBarButtonItems) } }
    /// The items on the far side, the first one outermost.
    public var rightBarButtonItems: [BarButtonItem] = [] { didSet { adopt(oldValue, rightBarButtonItems) } }

    /// A text field shown in the bar in place of the title (a location bar), or nil; like
    /// `UINavigationItem.titleView` holding a `UITextField`. While its pane has the focus it
    /// has the keys first (``TextField/handle(_:typing:)``): what it does not use goes to the key
    /// table, and its events go to ``textFieldHandler``.
    public var textField: TextField? { didSet { if textField != oldValue { itemsDidChange() } } }
    /// Called with the field's events (Return, Tab, Escape); the handler decides what each
    /// does, such as closing the field by setting ``textField`` to nil.
    public var textFieldHandler: ((TextField.Event) -> Void)?

    /// True when the item has something for a bar besides its title: buttons or a field.
    var hasBarContent: Bool {
        !leftBarButtonItems.isEmpty || !rightBarButtonItems.isEmpty || textField != nil || searchField != nil
    }

    /// The find field (Ctrl+F) shown in the bar in place of the title, or nil: the view
    /// controller's own (``ViewController/isFindInteractionEnabled``), opened by
    /// ``Command/find`` and closed by Escape or ``ViewController/dismissFindNavigator()``.
    /// Like the find navigator of UIKit's `UIFindInteraction`. Its text goes to
    /// ``ViewController/find(_:in:)`` as it is typed; a ``textField`` shown at the same time
    /// (the location bar) comes first, and this one comes back when it closes.
    public internal(set) var searchField: TextField? { didSet { if searchField != oldValue { itemsDidChange() } } }
    /// The find field's text when it last closed: Ctrl+F opens on it again, as a browser's
    /// find bar does.
    var lastSearchText = ""

    /// The view controller this item belongs to.
    weak var owner: ViewController?

    init(owner: ViewController) {
        self.owner = owner
    }

    private func adopt(_ old: [BarButtonItem], _ new: [BarButtonItem]) {
        for item in old { item.holders.removeAll { $0.item === self || $0.item == nil } }
        for item in new where !item.holders.contains(where: { $0.item === self }) {
            item.holders.append(WeakNavigationItem(item: self))
        }
        itemsDidChange()
    }

    /// An item, the title or the lists changed: the bar is laid out again.
    func itemsDidChange() {
        owner?.splitViewController?.titleDidChange()
    }
}
