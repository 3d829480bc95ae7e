extension Input {
    /// One notch of a scroll wheel in the points of ``scroll(dx:dy:at:)``: a host sends this
    /// much per notch, and a pane scrolls ``ScrollBar/linesPerNotch`` of its lines for it.
    public static let wheelNotch: Double = 48
}

/// Everything that can happen to a window, as a plain value.
///
/// The host translates each X event into one `Input` and hands it to
/// ``SplitViewController/handle(_:)``; a test does the same. Everything the host tells the
/// core arrives this way — the window's events, the clock, what hosted programs did. Coordinates are points in the
/// window, from its top-left corner.
public enum Input: Hashable, Sendable {
    /// The window's size changed (also the first size, which mounts the interface).
    case resize(Size)
    /// The main pointer button went down, with the modifier keys held (Ctrl+click toggles a
    /// list row, Shift+click extends the range): the content under the pointer gets them with
    /// the press (``ViewController/pointerDown(at:modifiers:in:)``).
    case pointerDown(Point, modifiers: KeyChord.Modifiers = [])
    /// The pointer moved, with or without a button down.
    case pointerMoved(Point)
    /// The main pointer button went up.
    case pointerUp(Point)
    /// The main button went down a second time, soon after and near the first press: the
    /// host sends it after that press's ``pointerDown(_:modifiers:)``. Offered to the pane under it.
    case doubleClick(Point)
    /// The main button went down a third time, soon after and near the second: the host sends
    /// it after that press's ``pointerDown(_:modifiers:)``. Offered to the pane under it (a reader
    /// selects the line).
    case tripleClick(Point)
    /// The secondary (right) button went down at a point: on a navigation bar it opens the
    /// View menu there.
    case contextMenu(Point)
    /// The pointer left the window: hover states end.
    case pointerExited
    /// A scroll wheel or touchpad scroll: `dx` > 0 scrolls right, `dy` > 0 scrolls down, in
    /// points (the host sends about 48 pt per wheel notch).
    case scroll(dx: Double, dy: Double, at: Point)
    /// A key went down; looked up in the controller's ``KeyBindings``.
    case key(KeyChord)
    /// A key went down that types `text` as the keyboard layout makes it with Shift (`~` for
    /// Shift+`): the same as ``key(_:)`` for the key table, and the text for a focused bar's
    /// ``TextField``, which cannot know the layout's shifted characters from the chord.
    case typed(KeyChord, text: String)
    /// An input method's text under composition (its preedit) changed: the focused bar's
    /// ``TextField`` shows it at its caret, underlined, with the input method's caret at
    /// `selectedRange` (``TextField/setMarkedText(_:selectedRange:)``); an empty text ends the
    /// composition. What the input method commits arrives as ``typed(_:text:)``. Ignored
    /// when no field has the keys.
    case markedText(String, selectedRange: Range<Int>)
    /// An intent, whatever triggered it (a key, a menu, a test).
    case command(Command)
    /// The clock, in seconds from any fixed start: transitions advance with it, and
    /// type-ahead measures the pauses between keys by it. A host sends it at display rate
    /// while the controller ``SplitViewController/isAnimating``, and before each batch of
    /// other inputs while it does not (each tick draws a frame of a running animation), so
    /// that the core reads no clock of its own and a test replays time exactly. A time that
    /// is not finite is ignored.
    case tick(now: Double)
    /// What the host saw of a foreign content's program: its state, its title, or a wish for
    /// the keyboard (a click inside it, XEmbed's `REQUEST_FOCUS`). The controller is found by
    /// its ``ForeignContentViewController/id``; a report for one no longer installed is
    /// ignored.
    case foreignContent(ForeignContentViewController.ID, ForeignContentReport)
    /// Another program took this selection (it selected or copied something): whatever this
    /// window had selected for it is no longer what a paste gives. A reader drops its PRIMARY
    /// highlight, as X programs do.
    case selectionTaken(Selection)
    /// What a selection held, in the first of the forms a
    /// ``HostRequest/requestSelection(_:targets:)`` asked for that its owner offers; nil when
    /// it offered none of them, or nobody owns it. Handed to
    /// ``SplitViewController/selectionReceiver``.
    case selectionReceived(Selection, SelectionOffer?)
    /// Another program drags something over the window, or drops it (XDND on X): the
    /// controller finds what takes it at the point and says so in
    /// ``SplitViewController/externalDropProposal``. Mirrors the session events a
    /// `UIDropInteractionDelegate` gets.
    case externalDrag(ExternalDragEvent)
}

/// A selection's contents in one form: the target's name, as X's selections name their
/// forms (`UTF8_STRING`, `text/uri-list`, `x-special/gnome-copied-files`), and the bytes.
public struct SelectionOffer: Hashable, Sendable {
    /// The form's name.
    public var target: String
    /// The contents in that form.
    public var bytes: [UInt8]

    /// The contents `bytes` in the form `target`.
    public init(target: String, bytes: [UInt8]) {
        self.target = target
        self.bytes = bytes
    }
}

/// The X selections a window can own, by the Inter-Client Communication Conventions.
public enum Selection: Hashable, Sendable, CaseIterable {
    /// What is selected now: a middle click in another program pastes it.
    case primary
    /// What was copied (Ctrl+C): a paste in another program gives it.
    case clipboard
}

/// What a host reports of the program behind a ``ForeignContentViewController``, as an
/// ``Input/foreignContent(_:_:)``.
public enum ForeignContentReport: Hashable, Sendable {
    /// The program's state changed: started, showed its window, ended, showed none in time.
    case status(ForeignContentViewController.Status)
    /// The program's window says its title (`_NET_WM_NAME`); nil or empty: it says none.
    case title(String?)
    /// The program asks for the keyboard (a press inside it, XEmbed's `REQUEST_FOCUS`): its
    /// pane becomes the focused pane when it shows.
    case focusRequested
    /// The program's window says where its accessible tree is on the accessibility bus
    /// (GTK's plug: `_XEMBED_AT_SPI_PATH`, `bus:path`); nil when it says none or left.
    case accessiblePlug(String?)
}

/// What the user wants done, independent of the key, button or gesture that asked.
public enum Command: Hashable, Sendable {
    /// The display-mode (sidebar) button's action; F9 and Ctrl+Alt+S by default.
    case displayModeButton
    /// The secondary-only (double-arrow) button's action; Shift+F9 by default.
    case secondaryOnlyButton
    /// Show the inspector if hidden, hide it if shown; Ctrl+Alt+I by default.
    case toggleInspector
    /// Reveal a column, as ``SplitViewController/show(_:)`` does but as a user action
    /// (the delegate's `willShow` is sent); Ctrl+1/2/3 by default.
    case show(SplitViewController.Column)
    /// Hide a column, as ``SplitViewController/hide(_:)`` does but as a user action.
    case hide(SplitViewController.Column)
    /// Collapse the item at `path` of `column`'s stack split if it shows, else expand it (a
    /// user action: only an item that ``SplitItem/canCollapse``). The View menu has one per
    /// collapsible item; a config names it `toggleSplitItem(secondary.1)`.
    case toggleSplitItem(SplitViewController.Column, path: [Int])
    /// Go back: one level of the collapsed stack; expanded, back through the app's history
    /// (``SplitViewController/historyHandler``), else one level of the focused column's
    /// navigation stack. Alt+Left and the mouse's back button by default.
    case back
    /// Go forward through the app's history of places
    /// (``SplitViewController/historyHandler``); Alt+Right and the mouse's forward button by
    /// default.
    case forward
    /// Move the focus to the next visible pane; F6.
    case focusNextPane
    /// Move the focus to the previous visible pane; Shift+F6.
    case focusPreviousPane
    /// Focus the divider nearest the focused pane for keyboard resizing; F8.
    case focusDivider
    /// Move the focused divider by this many points on screen (positive = to the right).
    case moveDivider(by: Double)
    /// Move the focused divider to the smallest width its column allows; Home.
    case moveDividerToMinimum
    /// Move the focused divider to the largest width its column allows; End.
    case moveDividerToMaximum
    /// Accept the keyboard divider move and give the focus back to the pane; Return.
    case acceptDivider
    /// Escape: cancel a divider drag or keyboard move, else dismiss an overlaid column, else
    /// go back when collapsed — the first that applies.
    case cancel
    /// Move the selection of the focused list up one row.
    case selectPrevious
    /// Move the selection of the focused list down one row.
    case selectNext
    /// Open the selected row of the focused list (Return).
    case activate
    /// Scroll the focused pane up by a page, moving a list's selection with it; Page Up.
    case pageUp
    /// Scroll the focused pane down by a page; Page Down.
    case pageDown
    /// Go to the top of the focused pane; Home.
    case scrollToTop
    /// Go to the end of the focused pane; End.
    case scrollToEnd
    /// Expand the selected row of the focused outline, or go to its first child when it is
    /// expanded already; Right.
    case expand
    /// Collapse the selected row of the focused outline, or go to its parent when it is
    /// collapsed already; Left.
    case collapse
    /// Wrap long lines of the file's text, or stop wrapping them and scroll sideways; Alt+Z
    /// (the key editors use for it). Offered to the focused pane, then to the secondary's.
    case toggleLineWrapping
    /// Find in the focused pane (Ctrl+F, UIKit's `find(_:)`): a list filters its rows, a text
    /// highlights the query; the find field opens in the pane's bar.
    case find
    /// Go to the next thing found (F3, and Return in a text's find field; UIKit's
    /// `findNext(_:)`): the focused pane's, else the secondary's.
    case findNext
    /// Go to the previous thing found (Shift+F3; UIKit's `findPrevious(_:)`).
    case findPrevious
    /// Select all of the focused pane's text; Ctrl+A (UIKit's `selectAll(_:)`).
    case selectAll
    /// Put the focused pane's selected text on the clipboard (the X selection CLIPBOARD);
    /// Ctrl+C (UIKit's `copy(_:)`). Over a hosted program the key is the program's.
    case copy
    /// An action the app defines, as the app's own value (``AppAction``): offered to the
    /// focused pane's ``ViewController/perform(_:in:)`` first, then to
    /// ``SplitViewController/actionHandler``, like a message going up UIKit's responder chain.
    case action(AppAction)
    /// Ask the host for another window on the same content; Ctrl+N.
    case newWindow
    /// Ask the host to close this window; Ctrl+W.
    case closeWindow
    /// Ask the host to end the program; Ctrl+Q.
    case quit
    /// Open the View menu of the split view's commands (or close it when it is open); F10.
    case showMenu
    /// Open the focused pane's context menu for its selection, where a right click on it
    /// would (``ViewController/contextMenu(at:in:)``); Shift+F10 and the Menu key, as in GTK.
    case showContextMenu
    /// Split the pane with the keys in two, side by side, the new pane (the delegate's
    /// ``SplitViewControllerDelegate/splitViewController(_:newPaneBeside:)``) on the right with
    /// the keys; Ctrl+Shift+E, as in Terminator.
    case splitRight
    /// Split the pane with the keys in two, stacked, the new pane below with the keys;
    /// Ctrl+Shift+O.
    case splitDown
    /// Close the pane with the keys: its neighbour takes its space and the keys; a column's
    /// last pane stays. Ctrl+Shift+W.
    case closePane
    /// Show the pane with the keys over the whole window, or back; Ctrl+Shift+X.
    case zoomPane
    /// Give the keys to the nearest pane in a direction, across columns; Ctrl+Alt+arrows.
    case focusPane(PaneDirection)
    /// Make the pane with the keys a step thicker along an axis (wider: `.horizontal`);
    /// Ctrl+Alt+] and Ctrl+Alt+=.
    case growPane(StackSplitViewController.Axis)
    /// Make the pane with the keys a step thinner along an axis; Ctrl+Alt+[ and Ctrl+Alt+-.
    case shrinkPane(StackSplitViewController.Axis)
    /// Give every pane of every split an equal share; Ctrl+Alt+0.
    case equalizePanes
    /// Swap the pane with the keys with its neighbour in a direction; Ctrl+Alt+Shift+arrows.
    case swapPane(PaneDirection)
}

/// What the controller asks of its host after an input; the host acts, the core never does.
public enum HostRequest: Hashable, Sendable {
    /// Open another window with its own controller over the same content.
    case newWindow
    /// Close the window this controller belongs to.
    case closeWindow
    /// End the program.
    case quit
    /// Give the keyboard to this foreign content's program (its pane now has the focus), or
    /// with `nil` take it back to the split view (the focus moved to a pane of its own, to a
    /// divider or the menu, or the program's pane hid). Sent when the owner of the keyboard
    /// changes, not at every input.
    case focusForeignContent(ForeignContentViewController.ID?)
    /// End this foreign content's program (if it runs) and start it again, `after` seconds
    /// from now; a later request for the same content replaces a waiting one.
    case restartForeignContent(ForeignContentViewController.ID, after: Double)
    /// Own `selection` with `text`: other programs that paste from it get the text (as
    /// `UTF8_STRING`, `STRING` or `TEXT`) until another takes it, or the window closes.
    case setSelection(Selection, text: String)
    /// Give `selection` up, if this window still owns it (the text was deselected).
    case clearSelection(Selection)
    /// Own `selection` with its contents in several forms (files copied: GNOME's
    /// `x-special/gnome-copied-files`, `text/uri-list`, `UTF8_STRING`), in the order a
    /// program asking for `TARGETS` is told them. A `UTF8_STRING` form is also served as
    /// `TEXT` and, in ISO Latin-1, as `STRING`, unless they are offered themselves.
    case offerSelection(Selection, [SelectionOffer])
    /// Ask for what `selection` holds in the first of `targets` its owner offers: the answer
    /// comes later, as an ``Input/selectionReceived(_:_:)`` (the owner may be another program,
    /// so the host never waits for it).
    case requestSelection(Selection, targets: [String])
}
