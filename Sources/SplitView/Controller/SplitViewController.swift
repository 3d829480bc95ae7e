/// A container that shows up to four columns side by side, over each other, or collapsed to
/// one navigation stack, following UIKit's `UISplitViewController` rule for rule.
///
/// Mirrors `UISplitViewController`. It is headless: the host (an X11 window, or a test) feeds
/// it ``Input`` values through ``handle(_:)`` and reads ``layout`` and the panes'
/// ``displayList(for:)`` back. Everything that decides lives here.
///
/// ```swift
/// let split = SplitViewController(style: .tripleColumn)
/// split.setViewController(folders, for: .primary)
/// split.setViewController(files, for: .supplementary)
/// split.setViewController(reader, for: .secondary)
/// split.handle(.resize(Size(width: 1400, height: 900)))
/// split.displayMode                    // .twoBesideSecondary
/// split.handle(.key(KeyChord(.f9)))     // the sidebar button's action
/// split.displayMode                    // .oneBesideSecondary
/// ```
///
/// Differs: one controller is one window, so the "size class" is the window's width: the
/// interface collapses below 600 pt and expands again at 624 pt.
public final class SplitViewController {
    /// The number of columns; fixed at creation. Mirrors `UISplitViewController.style`.
    public let style: Style

    /// The object told about transitions and asked about choices; kept weakly.
    public weak var delegate: (any SplitViewControllerDelegate)?

    /// The keyboard shortcuts, as given at creation.
    public let keyBindings: KeyBindings

    /// Measures text for the panes' display lists: Xft in the window, a fixed advance in tests.
    public var textMeasurer: any TextMeasurer {
        didSet { appearanceRevision &+= 1; if isMounted { relayout(.programmatic, animated: false) } }
    }

    /// The colours the panes draw with.
    public var theme: Theme {
        didSet { if theme != oldValue { appearanceRevision &+= 1 } }
    }

    /// Whether mode changes and show/hide animate (about 250 ms); false is "reduce motion".
    /// Turning it off mid-transition jumps to the end.
    public var animatesTransitions: Bool = true {
        didSet {
            guard !animatesTransitions else { return }
            // An edge reveal the user is still dragging was never chosen: it ends revealing
            // nothing, rather than jumping to its end.
            cancelEdgeReveal()
            finishTransition()
            for stack in installedStacks { stack.finishAnimations() }
        }
    }

    /// The width (points) below which the interface collapses to one stack; it expands again
    /// at this width plus ``CollapsePolicy/hysteresis``. Default 600, UIKit's compact width.
    /// Differs: UIKit takes the size class from the device; a desktop window decides by width,
    /// and a user may move the point in the app's config file. Not finite or negative values
    /// are taken as 0 (never collapse).
    public var collapseThreshold: Double = CollapsePolicy.threshold {
        didSet {
            let clean = collapseThreshold.isFinite ? max(0, collapseThreshold) : 0
            // Setting a property in its own didSet does not call the observer again, so the
            // cleaned value goes on to the update below.
            if clean != collapseThreshold { collapseThreshold = clean }
            // A new threshold may collapse or expand the interface: the whole update runs.
            if collapseThreshold != oldValue, isMounted { update(.system, animated: false) }
        }
    }

    /// A question the user answers with Return or Escape, drawn over the detail pane; setting
    /// it shows it, and answering clears it before its action runs.
    public var prompt: Prompt?

    /// The names the View menu and the bar buttons give the columns, in the app's words
    /// ("Hide Files", "Show Inspector", "File Only"). A column without one is named as SwiftUI's
    /// `NavigationSplitView` names it: Content, Detail, Inspector. The primary is always
    /// "Sidebar", the HIG's and macOS's word ("Show Sidebar", "Hide Sidebar"), whatever is set.
    ///
    /// Decided (UIKit has no View menu and names its columns only in code): a menu speaks the
    /// user's words, never `supplementary` or `secondary`.
    public var columnTitles: [Column: String] = [:] {
        // The buttons' names are part of the layout.
        didSet { if columnTitles != oldValue, isMounted { update(.system, animated: false) } }
    }

    /// Receives an app-defined ``Command/action(_:)-enum.case`` that the focused pane did not handle;
    /// returns true when it did. The end of the responder chain, as the app delegate is in UIKit.
    public var actionHandler: ((AppAction) -> Bool)?

    /// The app's own commands at the end of the View menu, after a separator, as an app adds
    /// to UIKit's View menu with `UIMenuBuilder`: each item's shortcut, when empty, is the
    /// key the live table binds to its command.
    public var additionalMenuItems: [MenuItem] = []

    /// Called as the View menu opens, before its items are read: the app may bring
    /// ``additionalMenuItems`` up to date, or start reading what they need, only when someone
    /// looks at them (AppKit's `menuNeedsUpdate(_:)`; UIKit loads a `UIDeferredMenuElement`
    /// at the same moment). Items set later, while the menu is open (``isViewMenuOpen``),
    /// show at once.
    public var viewMenuWillOpen: (() -> Void)?

    /// The app's own items for a pane's menu (a right click on the pane's bar), given the
    /// pane: they follow the split view's (Split Right, Split Down, Zoom, Equalize Panes,
    /// Close Pane) after a separator, as ``additionalMenuItems`` follow the View menu's. The
    /// pane has the keys when they are chosen, so an item's command acts on it ("Split Right
    /// With…"). Each shortcut, when empty, is the key the live table binds to its command.
    public var paneMenuItems: ((ViewController) -> [MenuItem])?

    /// Receives what a selection held, asked for with ``HostRequest/requestSelection(_:targets:)``
    /// (a paste): the app's, as UIKit's `UIPasteboard` reads are. Nil ignores the answers.
    public var selectionReceiver: ((Selection, SelectionOffer?) -> Void)?

    /// Goes back or forward through the app's history of places (a browser's folders); returns
    /// true when it went. ``Command/back`` asks it first while the interface is expanded, and
    /// falls back on the navigation stack when it returns false or is nil; while collapsed,
    /// back means the stack, as in UIKit. ``Command/forward`` always asks it.
    public var historyHandler: ((HistoryDirection) -> Bool)?

    // MARK: State (read by the extensions; the rules themselves are pure functions elsewhere)
    //
    // Decided: nothing here lives for one input only. What an input carries (the text a key
    // types, the modifiers of a press) goes down the calls that handle it as an argument,
    // never through a property set for the call and reset after.

    /// Another program's drag over the window, from its ``ExternalDragEvent/entered(types:)``
    /// to its end.
    var externalDrop: ExternalDrop?

    var modes = ModeRequests()
    var widths = WidthSettings()
    var children = Children()
    var collapse = CollapseState()
    var pipeline = UpdatePipeline()

    var size: Size?

    var pointer = PointerInteraction()
    var focus = FocusModel()
    var transition: Transition?
    var settledLayout = Layout.empty(.zero)
    var columnVisibility = ColumnVisibility()
    var appearance = AppearanceTracker()
    /// Bumped when the theme or the text measurer changes: every pane redraws.
    var appearanceRevision = 0
    /// The View menu while it is open.
    var menuState: MenuState?
    /// The accessible tree last told (``takeAccessibleChanges(title:isActive:)``).
    var lastAccessibleTree: AccessibleNode?

    /// The interface's current arrangement; never `.automatic`. Reads `.secondaryOnly` (column
    /// styles) or `.oneBesideSecondary` (classic) before the first size, and
    /// `.oneBesideSecondary` while collapsed, as UIKit does.
    ///
    /// Mirrors `UISplitViewController.displayMode`.
    public internal(set) var displayMode: DisplayMode

    /// How the secondary currently relates to the other columns; never `.automatic`. Reads
    /// `.tile` while collapsed.
    ///
    /// Mirrors `UISplitViewController.splitBehavior`.
    public internal(set) var splitBehavior: SplitBehavior

    /// True while the interface shows one navigation stack instead of columns. It changes
    /// only after the `will…` delegate callbacks of a collapse or expand.
    ///
    /// Mirrors `UISplitViewController.isCollapsed`.
    public internal(set) var isCollapsed = false

    /// Where every column, divider and button is; a stored value, cheap to read.
    public internal(set) var layout = Layout.empty(.zero)

    /// Creates a controller with the given number of columns and key bindings.
    ///
    /// Mirrors `UISplitViewController.init(style:)`.
    public init(
        style: Style, keyBindings: KeyBindings = .default,
        textMeasurer: any TextMeasurer = FixedAdvanceMeasurer(), theme: Theme = .light
    ) {
        self.style = style
        self.keyBindings = keyBindings
        self.textMeasurer = textMeasurer
        self.theme = theme
        displayMode = style.isClassic ? .oneBesideSecondary : .secondaryOnly
        splitBehavior = style.isClassic ? .tile : .overlay
    }

    /// Applies one input: a resize, pointer or key event, a command, a clock tick, or a
    /// report of a hosted program.
    ///
    /// What the host must do besides redrawing (open or close a window, quit, restart a
    /// foreign program, give a program the keyboard) leaves by one route:
    /// ``takeHostRequests()``, which a host calls once per turn of its loop.
    public func handle(_ input: Input) {
        // A typed key is a key for everything but a bar's field, which is given its text.
        if case .typed(let chord, let text) = input { return handle(.key(chord), typing: text) }
        handle(input, typing: nil)
    }

    /// Applies `input`; `text` is what the key of a ``Input/key(_:)`` types, when the host
    /// said (``Input/typed(_:text:)``).
    private func handle(_ input: Input, typing text: String?) {
        if case .tick(let time) = input, time.isFinite { now = time }
        if case .foreignContent(let id, let report) = input { return receive(report, from: id) }
        if case .selectionTaken(let selection) = input { return selectionTaken(selection) }
        if case .externalDrag(let event) = input { return handleExternalDrag(event) }
        if case .selectionReceived(let selection, let offer) = input {
            selectionReceiver?(selection, offer)
            return isMounted ? publish() : ()
        }
        if menuState != nil {
            handleWhileMenuOpen(input)
            switch input {
            case .resize(let newSize): resize(to: newSize.sanitized)
            case .tick(let now): tick(now: now)
            default: break
            }
            return
        }
        switch input {
        case .resize(let newSize): resize(to: newSize.sanitized)
        case .pointerDown(let point, let modifiers):
            pointerDown(at: point, modifiers: modifiers.subtracting([.capsLock, .numLock]))
        case .pointerMoved(let point): pointerMoved(to: point)
        case .pointerUp(let point): pointerUp(at: point)
        case .doubleClick(let point): doubleClick(at: point)
        case .tripleClick(let point): tripleClick(at: point)
        case .contextMenu(let point): contextMenu(at: point)
        case .pointerExited: pointerExited()
        case .scroll(let dx, let dy, let point): scroll(dx: dx, dy: dy, at: point)
        case .key(let chord):
            if let index = prompt?.choice(forKey: chord) {
                answerPrompt(.choice(index))
                publish()
            } else if sendKeyToTextField(chord, typing: text) {
                return
            } else if let command = keyBindings.command(for: chord, dividerFocused: focus.hasDivider) {
                perform(command)
            } else if let item = barItem(forKey: chord) {
                press(item)
            } else {
                keyDownInFocusedPane(chord)
            }
        case .command(let command): perform(command)
        case .markedText(let marked, let range): setMarkedText(marked, selectedRange: range)
        case .tick(let now): tick(now: now)
        case .foreignContent, .selectionTaken, .selectionReceived, .typed, .externalDrag: break
        }
    }

    /// The clock's time, in seconds, as the last ``Input/tick(now:)`` gave it (0 before any):
    /// what type-ahead measures pauses by. The core reads no clock of its own.
    public private(set) var now = 0.0

    /// True while a transition runs: the host should send ``Input/tick(now:)`` at display rate
    /// until it turns false, and not at all otherwise.
    public var isAnimating: Bool { transition != nil || stacksAnimate }

    /// True once the controller has had a size and laid out: before it, setters only record.
    var isMounted: Bool { pipeline.isMounted }
}
