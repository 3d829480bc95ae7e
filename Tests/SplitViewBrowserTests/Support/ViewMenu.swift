import SplitView

@testable import SplitViewBrowser

extension Browser {
    /// The app's items of the View menu as the menu shows them when it opens: the browser
    /// makes them then (`viewMenuWillOpen`), not at every change.
    var viewMenuItems: [MenuItem] {
        split.viewMenuWillOpen?()
        return split.additionalMenuItems
    }
}
