/// What a control socket acts on: the app conforms, and the tests give a double of their own.
///
/// Every call comes on the loop's thread, between two turns. A failure is thrown as a
/// ``ControlError`` whose line the client prints (`splitviewctl: no pane 99`). Operations the
/// app cannot do yet are not here: they are added when they work, each with its command in
/// ``ControlProtocol/commands``.
public protocol ControlTarget: AnyObject {
    /// The layout now.
    func tree() -> ControlTree
    /// Gives the keys to the pane `pane` (a leaf), its window and column included.
    func focus(pane: Int) throws(ControlError)
    /// Makes `fraction` (0…1) the share of its split that the pane `pane` takes.
    func resize(pane: Int, fraction: Double) throws(ControlError)
    /// Runs `program` in a new pane on `side` (`above`, `below`, `before`, `after`) of
    /// `target` (a column's name, or a pane's id); returns the new pane's id.
    func split(target: String, side: String, program: String) throws(ControlError) -> Int
    /// Closes the pane `pane` (and ends its program).
    func close(pane: Int) throws(ControlError)
    /// Zooms the pane `pane` over its window, or puts it back when it is the zoomed one.
    func zoom(pane: Int) throws(ControlError)
    /// Writes the layout to `path` in the config file's `"layout"` form.
    func saveLayout(to path: String) throws(ControlError)
    /// Replaces the splits of the columns `path` lays out (the config file's `"layout"` form)
    /// with new panes and programs.
    func loadLayout(from path: String) throws(ControlError)
}

/// What a control server needs of the loop it runs on: the same calls as `SplitViewX11.Host`'s.
public protocol ControlLoop: AnyObject {
    /// Runs `handler` on the loop's thread whenever `descriptor` is readable.
    func watch(_ descriptor: Int32, _ handler: @escaping () -> Void)
    /// Stops watching `descriptor`.
    func unwatch(_ descriptor: Int32)
    /// Runs `action` once, `seconds` from now; returns an id for ``cancelTimer(_:)``.
    @discardableResult func after(_ seconds: Double, _ action: @escaping () -> Void) -> Int
    /// Cancels a timer that has not fired.
    func cancelTimer(_ id: Int)
}
