import CX11
import SplitView
import SplitViewProcesses

/// One top-level X window showing one `SplitViewController`: a child window per
/// column and an input-only window per divider, kept where the controller's layout says.
///
/// The window contract that tests and tools rely on (the README's "The window"): each column is an InputOutput child whose `WM_NAME` is its
/// column's name, mapped exactly while the column shows, at the layout's frame, overlaid
/// columns stacked above the secondary; each divider is an InputOnly child named
/// `divider-<column>` over the grab area, with a horizontal-resize cursor. Each column draws
/// into its own pixmap; a pane is redrawn only when its `PaneKey` changes, and an
/// `Expose` is answered by copying from the pixmap.
public final class SplitWindow {
    /// The controller this window shows.
    public let controller: SplitViewController
    /// The top-level window.
    package let window: Window
    /// The child window of each column, whether mapped or not.
    package private(set) var columnWindows: [SplitViewController.Column: Window] = [:]
    /// The input-only window of each divider, by the divider's name column.
    package private(set) var dividerWindows: [SplitViewController.Column: Window] = [:]
    /// The View menu's child window, named `menu`: mapped above the panes at the menu's frame
    /// exactly while the menu is open.
    package let menuWindow: Window
    /// Where the input focus goes while the split view itself has the keyboard in a window
    /// that hosts programs: an input-only 1×1 child named `focus`, just outside the window
    /// (at -1, -1), so that the pointer is never inside it. With the focus on the top-level
    /// instead, X would send the keys to a program's window whenever the pointer is over it
    /// (a key goes to the pointer's window when that lies inside the focus window). GTK's
    /// embedding uses the same kind of focus window.
    package let focusWindow: Window
    /// The leaves of the columns' stack splits, each a child window of its column's.
    let leaves: LeafPanes
    /// The four edges of a dragged pane's drop target (``SplitViewController/paneDropTarget``):
    /// InputOutput children of the top-level in the accent colour, named `drop-target`, mapped
    /// above the panes (and so above the hosted programs' windows inside them) exactly while
    /// there is a target, and moved in the same batch as the panes.
    package private(set) var dropTargetWindows: [Window] = []
    /// Where the window's top-left corner is on the screen, in pixels, as last known: from the
    /// server's ConfigureNotify while the window is the root's child (no window manager), from
    /// the window manager's synthetic ConfigureNotify once it framed the window (ICCCM 4.1.5).
    /// Known without a round trip; a screen reader's extents in screen coordinates use it.
    package private(set) var screenOrigin = PixelPoint(x: 0, y: 0)
    /// True once a window manager reparented the window into its frame.
    package private(set) var isFramed = false

    /// Notes a ConfigureNotify's position: `synthetic` ones are in root coordinates, others
    /// relative to the parent (the root, unless a window manager framed the window).
    package func configured(at position: PixelPoint, synthetic: Bool) {
        if synthetic || !isFramed { screenOrigin = position }
    }

    /// Notes a reparenting: into a window manager's frame, or back to the root.
    package func reparented(toRoot: Bool) {
        isFramed = !toRoot
    }

    /// The window's size in pixels, as last configured.
    public private(set) var pixelSize: PixelSize
    /// What feeds the controller, kept alive with the window.
    public let owner: AnyObject?

    let connection: X11Connection
    private let fonts: FontSet
    private var canvases: [SplitViewController.Column: Canvas] = [:]
    private var placed: [Window: PixelRect] = [:]
    private var mapped: Set<Window> = []
    /// Windows `apply()` mapped, moved, or resized without keeping their pixels this turn:
    /// `redraw` copies those panes whole, drawn again or not.
    private var movedThisTurn: Set<Window> = []
    /// Whether each pane's bit gravity keeps its pixels on a resize (``PaneGravity``).
    private var keepingPixels: [Window: Bool] = [:]
    private var stacking: [Window] = []
    private var drawnKeys: [SplitViewController.Column: PaneKey] = [:]
    private var menuCanvas: Canvas?
    /// The menu last drawn, with the appearance it was drawn in.
    private var drawnMenu: Menu?
    private var gapGC: GC?
    private var gapsPainted = false
    /// The request number of the last paint of all the divider lines.
    private var lastGapPaint: UInt = 0
    private var theme: Theme

    /// The columns that get a child window, in creation order.
    static let columns: [SplitViewController.Column] = [.primary, .supplementary, .secondary, .compact, .inspector]
    /// The dividers that can exist, by their name column.
    static let dividers: [SplitViewController.Column] = [.primary, .supplementary, .secondary]

    /// Creates and maps the window, `size` pixels large, sized for the controller at once;
    /// `identity` names it to the window manager (`WM_CLASS`).
    public init(
        connection: X11Connection, fonts: FontSet, controller: SplitViewController,
        title: String, size: PixelSize, owner: AnyObject? = nil, identity: ApplicationIdentity = .current
    ) {
        self.connection = connection
        self.owner = owner
        self.fonts = fonts
        self.controller = controller
        leaves = LeafPanes(connection: connection, fonts: fonts)
        theme = controller.theme
        pixelSize = size
        let display = connection.display
        controller.textMeasurer = fonts.measurer

        // No background: a background would make the server repaint the top-level on every
        // resize. What of it shows — the 1-pt gaps between columns, the divider lines — is
        // painted by ``paintGaps()`` in the divider colour.
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = UInt(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Int(
            StructureNotifyMask | KeyPressMask | ButtonPressMask | ButtonReleaseMask
                | PointerMotionMask | LeaveWindowMask | ExposureMask | FocusChangeMask)
        window = XCreateWindow(
            display, connection.root, 0, 0, UInt32(max(1, size.width)), UInt32(max(1, size.height)), 0,
            connection.depth, UInt32(InputOutput), connection.visual,
            UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        var gcValues = XGCValues()
        gcValues.foreground = Self.pixel(for: controller.theme.divider, on: connection)
        gcValues.graphics_exposures = 0
        gapGC = XCreateGC(display, window, UInt(GCForeground | GCGraphicsExposures), &gcValues)
        let minimum = connection.scale.pixels(Size(width: 320, height: 240))
        WindowProperties.setTopLevel(window, on: connection, identity: identity, title: title, minimum: minimum)
        XdndAtoms.setAware(window, on: connection)
        self.title = title

        for column in Self.columns {
            // No background: the server never clears a pane before we copy our pixmap in.
            // ForgetGravity until a resize keeps the pane's corner in place (PaneGravity).
            var paneAttributes = XSetWindowAttributes()
            paneAttributes.background_pixmap = UInt(None)
            paneAttributes.bit_gravity = ForgetGravity
            paneAttributes.event_mask = Int(ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
            let pane = XCreateWindow(
                display, window, 0, 0, 1, 1, 0, connection.depth, UInt32(InputOutput), connection.visual,
                UInt(CWBackPixmap | CWBitGravity | CWEventMask), &paneAttributes)
            WindowProperties.setName(pane, on: connection, name: column.name)
            columnWindows[column] = pane
        }
        var menuAttributes = XSetWindowAttributes()
        menuAttributes.background_pixmap = UInt(None)
        menuAttributes.bit_gravity = ForgetGravity
        menuAttributes.save_under = 1
        menuAttributes.event_mask = Int(ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        menuWindow = XCreateWindow(
            display, window, 0, 0, 1, 1, 0, connection.depth, UInt32(InputOutput), connection.visual,
            UInt(CWBackPixmap | CWBitGravity | CWSaveUnder | CWEventMask), &menuAttributes)
        WindowProperties.setName(menuWindow, on: connection, name: "menu")
        var edgeAttributes = XSetWindowAttributes()
        edgeAttributes.background_pixel = Self.pixel(for: controller.theme.accent, on: connection)
        for _ in 0..<4 {
            let edge = XCreateWindow(
                display, window, 0, 0, 1, 1, 0, connection.depth, UInt32(InputOutput), connection.visual, UInt(CWBackPixel),
                &edgeAttributes)
            WindowProperties.setName(edge, on: connection, name: "drop-target")
            dropTargetWindows.append(edge)
        }
        var focusAttributes = XSetWindowAttributes()
        focusAttributes.event_mask = Int(KeyPressMask)
        focusWindow = XCreateWindow(
            display, window, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWEventMask), &focusAttributes)
        WindowProperties.setName(focusWindow, on: connection, name: "focus")
        XMapWindow(display, focusWindow)
        for column in Self.dividers {
            // InputOnly: only an event mask and a cursor are allowed (a background is BadMatch).
            var dividerAttributes = XSetWindowAttributes()
            dividerAttributes.event_mask = Int(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
            let divider = XCreateWindow(
                display, window, 0, 0, 1, 1, 0, 0, UInt32(InputOnly), nil,
                UInt(CWEventMask), &dividerAttributes)
            WindowProperties.setName(divider, on: connection, name: "divider-\(column.name)")
            dividerWindows[column] = divider
        }
        controller.handle(.resize(connection.scale.size(size)))
        apply()
        // Draw first, map, then copy: requests run in order, so the panes show at once,
        // without waiting for the Expose events (which are then skipped as answered).
        redraw(presenting: false)
        XMapWindow(display, window)
        for canvas in canvases.values { canvas.present() }
        paintGaps()
    }

    /// Gives the top-level (and so every pane) the arrow and every divider the horizontal-resize
    /// double arrow. The host calls it once the cursors exist, which is after the first frame.
    public func define(_ cursors: Cursors) {
        XDefineCursor(connection.display, window, cursors.arrow)
        for divider in dividerWindows.values { XDefineCursor(connection.display, divider, cursors.horizontalResize) }
        leaves.define(cursors)
    }

    /// The title last set, as the window manager shows it.
    public private(set) var title = ""

    /// Whether the window is the active one: it has the keyboard focus, itself or a window
    /// inside it (`FocusIn` and `FocusOut` from outside it, as a window manager or another
    /// program moves the focus). A screen reader hears it change (`window:activate`).
    public internal(set) var isActive = false

    /// Retitles the window (`_NET_WM_NAME` and `WM_NAME`, UTF-8); nothing is sent when the
    /// title is the same.
    public func setTitle(_ newTitle: String) {
        guard newTitle != title else { return }
        title = newTitle
        WindowProperties.setTitle(window, on: connection, title: newTitle)
    }

    /// Destroys the window and its children (unless the server already did).
    public func destroy() {
        canvases.removeAll()
        leaves.destroy()
        menuCanvas = nil
        if let gapGC { XFreeGC(connection.display, gapGC) }
        gapGC = nil
        if !isDestroyed { XDestroyWindow(connection.display, window) }
        isDestroyed = true
    }

    /// True once the window is gone from the server: destroyed by ``destroy()``, or by another
    /// client (the host then only frees what is its own).
    public private(set) var isDestroyed = false

    /// Notes that the server destroyed the window and its children from outside (another
    /// client's `XDestroyWindow`): ``destroy()`` then frees only what is ours alone.
    package func wasDestroyed() {
        isDestroyed = true
    }

    /// The window's new size in pixels: the controller relayouts when it really changed.
    public func configure(size: PixelSize) {
        guard size != pixelSize else { return }
        pixelSize = size
        controller.handle(.resize(connection.scale.size(size)))
    }

    /// Where `child` (a column, a divider or the top-level) starts inside the top-level, in
    /// pixels: the offset its events' coordinates need. `nil` if the window is not ours.
    package func origin(of child: Window) -> PixelPoint? {
        if child == window { return .zero }
        if let (column, point) = leaves.origin(of: child) {
            guard let pane = columnWindows[column].flatMap({ placed[$0] }) else { return nil }
            return PixelPoint(x: pane.x + point.x, y: pane.y + point.y)
        }
        guard let rect = placed[child] else {
            return owns(child) ? .zero : nil
        }
        return PixelPoint(x: rect.x, y: rect.y)
    }

    /// Where `child` (a column or divider window) is inside the top-level, in pixels, while it
    /// is placed; nil for a child the layout does not show.
    package func frame(of child: Window) -> PixelRect? {
        placed[child]
    }

    /// True when `child` is this window or one of its children.
    package func owns(_ child: Window) -> Bool {
        child == window || child == menuWindow || child == focusWindow || dropTargetWindows.contains(child)
            || columnWindows.values.contains(child)
            || dividerWindows.values.contains(child) || leaves.owns(child)
    }

    /// Moves, maps, unmaps and restacks the child windows to match the controller's layout.
    public func apply() {
        let layout = controller.layout, scale = connection.scale, display = connection.display
        if controller.theme != theme { applyTheme() }
        var wanted: [Window: PixelRect] = [:]
        var order: [Window] = []  // top first, as XRestackWindows wants
        if let menu = controller.menu {
            wanted[menuWindow] = scale.pixels(menu.frame)
            order.append(menuWindow)
        }
        if let target = controller.paneDropTarget {
            let edges = Self.edges(of: scale.pixels(target.frame), width: max(1, scale.edge(ChromeMetrics.dropTargetWidth)))
            for (child, rect) in zip(dropTargetWindows, edges) where !rect.isEmpty {
                wanted[child] = rect
                order.append(child)
            }
        }
        for divider in layout.dividers {
            guard let child = dividerWindows[divider.column] else { continue }
            wanted[child] = scale.pixels(divider.grabRect)
            order.append(child)
        }
        for placement in layout.columns.reversed() {
            guard let child = columnWindows[placement.column] else { continue }
            let rect = scale.pixels(placement.frame)
            guard !rect.isEmpty else { continue }
            wanted[child] = rect
            order.append(child)
        }
        // The dividers' windows are input-only: placing, showing or hiding one changes no pixel,
        // so the lines are painted again only when a window that shows something moved.
        func isInputOnly(_ child: Window) -> Bool { dividerWindows.values.contains(child) }
        let bounds = PixelRect(x: 0, y: 0, width: pixelSize.width, height: pixelSize.height)
        var moved = false
        for (child, rect) in wanted where placed[child] != rect || !mapped.contains(child) {
            let keeps =
                column(of: child) != nil
                && PaneGravity.update(
                    child, from: placed[child], to: rect, shown: mapped.contains(child),
                    current: &keepingPixels[child, default: false], on: display)
            XMoveResizeWindow(display, child, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
            if !keeps { movedThisTurn.insert(child) }
            placed[child] = rect
            if !isInputOnly(child) { moved = true }
        }
        if order != stacking {
            var windows = order
            XRestackWindows(display, &windows, Int32(windows.count))
            stacking = order
        }
        for child in wanted.keys where !mapped.contains(child) {
            XMapWindow(display, child)
            mapped.insert(child)
        }
        var uncovered = false
        for child in mapped where wanted[child] == nil {
            XUnmapWindow(display, child)
            mapped.remove(child)
            // A window that lay wholly outside the top-level (a column that slid out) covered
            // nothing: hiding it uncovers nothing either.
            if !isInputOnly(child), let rect = placed[child], !rect.intersection(bounds).isEmpty { uncovered = true }
            placed[child] = nil
            if let column = column(of: child) { drawnKeys[column] = nil }
            if child == menuWindow { drawnMenu = nil }
        }
        if moved || uncovered { gapsPainted = false }
        leaves.apply(controller) { column in columnWindows[column].flatMap { mapped.contains($0) ? $0 : nil } }
    }

    /// The four edges of `rect`, each `width` pixels thick inside it: top, bottom, left,
    /// right (the sides between the top and bottom ones).
    static func edges(of rect: PixelRect, width: Int) -> [PixelRect] {
        let w = min(width, rect.width / 2, rect.height / 2)
        guard w > 0 else { return [rect] }
        return [
            PixelRect(x: rect.x, y: rect.y, width: rect.width, height: w),
            PixelRect(x: rect.x, y: rect.y + rect.height - w, width: rect.width, height: w),
            PixelRect(x: rect.x, y: rect.y + w, width: w, height: rect.height - 2 * w),
            PixelRect(x: rect.x + rect.width - w, y: rect.y + w, width: w, height: rect.height - 2 * w),
        ]
    }

    /// Paints what the panes leave of the top-level — the divider lines — in the divider
    /// colour: one fill of the whole window, which the server clips to the parts no child
    /// covers (the top-level's subwindow mode is ClipByChildren).
    public func paintGaps() {
        guard let gapGC else { return }
        lastGapPaint = XNextRequest(connection.display)
        XFillRectangle(connection.display, window, gapGC, 0, 0, UInt32(max(0, pixelSize.width)), UInt32(max(0, pixelSize.height)))
        gapsPainted = true
    }

    /// Redraws the panes whose drawing changed and copies to their windows what changed (all
    /// of it for a pane that moved or was just mapped), then the divider lines if the panes
    /// moved (after the panes: what the user waits for comes first).
    ///
    /// - Parameter presenting: false draws into the pixmaps only, for a window not mapped yet
    ///   (a copy to an unmapped window is lost).
    ///
    /// A pane whose window only moved is copied again whole, in the same batch as the move.
    /// Decided: a move that brings part of a window into view (a column sliding in from the
    /// edge, a sibling sliding off it) makes the server send `Expose`, and answering it would
    /// draw that part in a second burst a moment after the frame — two damage events for one
    /// frame of a transition, and a frame shown half-drawn. The copy is one request the server
    /// does from its own memory, and the `Expose` that follows is then answered already
    /// (`Canvas.isCovered(exposeSerial:rect:)`).
    public func redraw(presenting: Bool = true) {
        defer { if presenting && !gapsPainted { paintGaps() } }
        defer { redrawMenu(presenting: presenting) }
        let moved = movedThisTurn
        movedThisTurn.removeAll()
        var movedColumns: Set<SplitViewController.Column> = []
        controller.layoutPanes()
        for column in Self.columns {
            guard let key = controller.paneKey(for: column), let child = columnWindows[column],
                let rect = placed[child], mapped.contains(child)
            else { continue }
            let size = PixelSize(width: rect.width, height: rect.height)
            if moved.contains(child) { movedColumns.insert(column) }
            guard drawnKeys[column] != key || canvases[column]?.size != size else {
                if presenting && moved.contains(child), let canvas = canvases[column], canvas.size == size { canvas.present() }
                continue
            }
            guard let list = controller.displayList(for: column) else { continue }
            let canvas = canvas(for: column, window: child, size: size)
            let changes = canvas.draw(list)
            if presenting {
                if moved.contains(child) { canvas.present() } else { canvas.present(changes: changes) }
            }
            drawnKeys[column] = key
        }
        leaves.redraw(controller, presenting: presenting, movedColumns: movedColumns)
    }

    /// Copies the exposed part of a pane from its pixmap, unless a later copy already
    /// covered it (`serial` is the event's: ``hasAnswered(_:_:serial:)``); on the top-level, the
    /// divider lines are painted again at the end of the batch.
    package func expose(_ child: Window, _ rect: PixelRect, serial: UInt) {
        guard !hasAnswered(child, rect, serial: serial) else { return }
        // A newer expose of the top-level is painted with the lines, after this batch's panes.
        if child == window { gapsPainted = false } else { drawing(shownIn: child)?.present(rect) }
    }

    /// True when an `Expose` of `rect` in `child` made at `serial` would change nothing: a
    /// later copy of the drawing it shows (a pane's, a leaf's, the menu's), whole or of a part
    /// holding `rect`, or on the top-level a later paint of the divider lines, came after it.
    /// False for a window without a drawing yet and for any other window.
    package func hasAnswered(_ child: Window, _ rect: PixelRect, serial: UInt) -> Bool {
        if child == window { return lastGapPaint != 0 && serial < lastGapPaint }
        return drawing(shownIn: child)?.isCovered(exposeSerial: serial, rect: rect) ?? false
    }

    /// The drawing `child` shows, if it is the menu's, a leaf's or a column's window and has one.
    private func drawing(shownIn child: Window) -> Canvas? {
        if child == menuWindow { return menuCanvas }
        if let canvas = leaves.drawing(shownIn: child) { return canvas }
        return column(of: child).flatMap { canvases[$0] }
    }

    /// Draws the open menu when it changed (its items, highlight, frame or the theme), and
    /// copies it to its window.
    private func redrawMenu(presenting: Bool) {
        guard let menu = controller.menu, let rect = placed[menuWindow], mapped.contains(menuWindow),
            menu != drawnMenu || menuCanvas?.size != PixelSize(width: rect.width, height: rect.height),
            let list = controller.menuDisplayList()
        else { return }
        let size = PixelSize(width: rect.width, height: rect.height)
        let canvas = menuCanvas ?? Canvas(connection: connection, window: menuWindow, size: size, fonts: fonts)
        if canvas.size != size { canvas.resize(to: size) }
        menuCanvas = canvas
        Renderer.draw(list, on: canvas)
        if presenting { canvas.present() }
        drawnMenu = menu
    }

    /// The off-screen drawing of `column`'s pane, once drawn (tests read it back).
    package func drawing(of column: SplitViewController.Column) -> Canvas? { canvases[column] }

    /// The column whose pane `child` is, if it is one.
    private func column(of child: Window) -> SplitViewController.Column? {
        columnWindows.first { $0.value == child }?.key
    }

    private func canvas(for column: SplitViewController.Column, window child: Window, size: PixelSize) -> Canvas {
        if let canvas = canvases[column] {
            if canvas.size != size { canvas.resize(to: size) }
            return canvas
        }
        let canvas = Canvas(connection: connection, window: child, size: size, fonts: fonts)
        canvases[column] = canvas
        return canvas
    }

    private func applyTheme() {
        theme = controller.theme
        drawnMenu = nil
        if let gapGC { XSetForeground(connection.display, gapGC, Self.pixel(for: theme.divider, on: connection)) }
        let accent = Self.pixel(for: theme.accent, on: connection)
        for edge in dropTargetWindows {
            XSetWindowBackground(connection.display, edge, accent)
            XClearWindow(connection.display, edge)
        }
        gapsPainted = false
        drawnKeys.removeAll()
        leaves.invalidate()
    }

    /// The pixel value of an opaque colour on the default colormap.
    static func pixel(for color: Color, on connection: X11Connection) -> UInt {
        var xcolor = XColor()
        xcolor.red = UInt16(color.red) * 257
        xcolor.green = UInt16(color.green) * 257
        xcolor.blue = UInt16(color.blue) * 257
        xcolor.flags = Int8(DoRed | DoGreen | DoBlue)
        _ = XAllocColor(connection.display, connection.colormap, &xcolor)
        return xcolor.pixel
    }
}
