/// A scrolling list with a persistent selection highlight, driven by the pointer, the wheel
/// and the keys of the focused pane: Up/Down, Page Up/Down, Home/End, Return, type-ahead,
/// and Right/Left in an outline.
///
/// The selection stays visible when the pane loses the focus (quieter), as the HIG asks of
/// split views. Only the visible rows are built and drawn: give a ``dataSource`` for long
/// lists, or ``items`` for short ones.
open class ListViewController: ViewController {
    /// The rows, when the list holds them itself. Setting them replaces the ``dataSource``,
    /// keeps the selection if its index still exists, and scrolls to the top.
    public var items: [ListItem] {
        get { (0..<rowCount).map(item(at:)) }
        set {
            arrayRows = newValue
            dataSource = nil
            rowsDidChange(keepingScroll: false, replaced: true)
        }
    }

    /// Supplies the rows instead of ``items``; kept weakly. Call ``reloadData(keepingScroll:)``
    /// when its rows change.
    public weak var dataSource: (any ListDataSource)? {
        didSet { if dataSource != nil { arrayRows = [] } }
    }

    /// The selected row, or `nil`: with several selected, the lead one (the row the keys move
    /// from, and the one the app shows). Setting it does not call ``onSelect``; set to a row
    /// that is not among ``selectedIndexes``, it selects that row alone (nil: none), and to one
    /// that is, it only moves the lead.
    public var selectedIndex: Int? {
        didSet {
            if let selectedIndex, selectedIndexes.contains(selectedIndex) {
                // The lead moves within the selection.
            } else {
                selectedIndexes = selectedIndex.map { [$0] } ?? []
                selectionAnchor = selectedIndex
            }
            if selectedIndex != oldValue { setNeedsDisplay() }
        }
    }

    /// Every selected row, ``selectedIndex`` (the lead) among them; empty when none is.
    /// Mirrors `UITableView.indexPathsForSelectedRows`. Set it with
    /// ``selectRows(_:lead:)``.
    public internal(set) var selectedIndexes: Set<Int> = [] {
        didSet { if selectedIndexes != oldValue { setNeedsDisplay() } }
    }

    /// Whether Ctrl+click, Shift+click, Shift with the arrow, Page and Home/End keys, and the
    /// select-all key (Ctrl+A) select several rows; off, the list keeps one. Mirrors
    /// `UITableView.allowsMultipleSelection`.
    public var allowsMultipleSelection = false

    /// Where Shift+click and Shift+arrow ranges start: the row last chosen by a plain click, a
    /// move or a Ctrl+click (GTK's anchor).
    var selectionAnchor: Int?

    /// Called after the user changed which rows are selected (any click, move, Ctrl+A,
    /// Escape), after ``onSelect`` when the lead moved; also when the lead went away (a
    /// Ctrl+click on the last selected row), which ``onSelect`` does not tell.
    public var onSelectionChange: (() -> Void)?

    /// Called when the user selects a row (click, arrow, page or type-ahead), with its index.
    public var onSelect: ((Int) -> Void)?
    /// Called after ``onSelect`` when the selection came from a click: a click opens the row
    /// the way a tap does on UIKit, where arrow keys only move the highlight.
    public var onClick: ((Int) -> Void)?
    /// Called when the user opens the selected row (Return).
    public var onActivate: ((Int) -> Void)?
    /// Called when a row is double-clicked (after its ``onSelect`` and ``onClick``).
    public var onDoubleClick: ((Int) -> Void)?
    /// Called when an outline row's triangle is clicked, or Right/Left asks to expand
    /// (`true`) or collapse (`false`) it.
    public var onDisclosure: ((Int, Bool) -> Void)?
    /// The one of another program's types a row (nil: the background) takes, or nil; it highlights.
    public var externalDropTypeForRow: (([String], Int?) -> String?)?
    /// Called with another program's contents dropped on a row (nil: the background) that
    /// took their form, and the operation asked for.
    public var onExternalDropOnRow: ((SelectionOffer, DropOperation, Int?) -> Void)?
    /// The row pressed within a multiple selection, selected alone if no drag follows.
    var pressedInSelection: Int?
    /// The item a drag starting on a row carries, or nil for rows that cannot be dragged
    /// (and for every row when unset).
    public var dragItemForRow: ((Int) -> DragItem?)?
    /// Whether a dragged item may be dropped on a row (the row then highlights).
    public var canDropOnRow: ((DragItem, Int) -> Bool)?
    /// Called when an item is dropped on a row that accepted it.
    public var onDropOnRow: ((DragItem, Int) -> Void)?
    /// The context menu's items for a row (a right click on it, Shift+F10 on the selection).
    public var contextMenuItemsForRow: ((Int) -> [MenuItem])?
    /// Offered each command before the list's own keys (true: handled): a file manager's
    /// ``Command/copy`` copies its files, as a UIKit table's controller overrides `copy(_:)`.
    public var commandHandler: ((Command) -> Bool)?
    /// The row a drag hovers over and would drop on, highlighted.
    public internal(set) var dropTargetRow: Int? {
        didSet { if dropTargetRow != oldValue { setNeedsDisplay() } }
    }
    /// Shown centred when there are no rows ("Loading…", "Empty folder").
    public var emptyText: String {
        didSet { if emptyText != oldValue { setNeedsDisplay() } }
    }
    /// How far the list is scrolled, in points. Setting it (restoring a saved offset) is
    /// clamped when the list is next laid out (right before it is drawn) or scrolled; drawing
    /// shows it clamped without storing it.
    public var scrollOffset = 0.0 {
        didSet { if scrollOffset != oldValue { setNeedsDisplay() } }
    }

    var arrayRows: [ListItem]
    /// The rows kept while the list is filtered (Ctrl+F).
    var filter = ListFilter()
    /// Counts the reloads: the accessible list's ``AccessibleNode/childrenVersion``.
    var rowsVersion = 0
    /// Whether the accessible list last built was an outline: a row made on its own (off
    /// screen, asked for after the tree was built) takes the role its list gave the others.
    var accessibleIsOutline = false
    /// The rows by their ``ListDataSource/accessibilityIdentifier(at:)``, made when a reader
    /// first asks for a row by its id after a reload.
    var rowIndexByIdentifier: [String: Int]?
    /// True when the next layout scrolls the selected row into view (the filter ended, and
    /// the rows around the selection came back).
    var revealsSelection = false
    var typeAhead = TypeAhead()
    /// The rows as the type-ahead last saw them, to tell a reload that keeps them from one
    /// that changes them.
    private var typedOver: TypedRows?
    /// True while type-ahead selects a row, when a reload is its own doing.
    private var isSelectingByTyping = false
    /// Whether any row has a subtitle, for the array rows: asked once per change, not per draw.
    private var arrayHasSubtitles = false

    /// Creates a list.
    public init(title: String, items: [ListItem] = [], emptyText: String = String(translated: "No Items")) {
        arrayRows = items
        arrayHasSubtitles = items.contains { $0.subtitle != nil }
        self.emptyText = emptyText
        super.init(title: title)
    }

    /// How many rows the list has.
    public var rowCount: Int { dataSource?.numberOfRows ?? arrayRows.count }

    /// The row at `index`.
    public func item(at index: Int) -> ListItem { dataSource?.item(at: index) ?? arrayRows[index] }

    /// Takes the ``dataSource``'s rows again: the selection is kept when its index still
    /// exists (else the last row), and the scroll offset too when `keepingScroll`.
    ///
    /// What was typed is kept when the rows read as they did when it was typed (as many
    /// rows, the same row selected under the same name): an app that reloads a list on each
    /// selection, or when a folder it selected is read, must not cut "dpk" down to its last
    /// letter. So is a reload the type-ahead's own selection causes. Rows that changed start
    /// the type-ahead over.
    public func reloadData(keepingScroll: Bool = true) {
        rowsDidChange(keepingScroll: keepingScroll, replaced: false)
    }

    private func rowsDidChange(keepingScroll: Bool, replaced: Bool) {
        rowsVersion &+= 1
        rowIndexByIdentifier = nil
        arrayHasSubtitles = arrayRows.contains { $0.subtitle != nil }
        let count = rowCount
        if filter.isFiltering { filter.rowsChanged(count: count, fold: searchTextFolder) }
        if selectedIndexes.contains(where: { $0 >= count }), let lead = selectedIndex {
            // The other rows that still exist stay selected beside the lead (else the last row).
            selectRows(selectedIndexes, lead: lead < count ? lead : count - 1)
        }
        if !keepingScroll { scrollOffset = 0 }
        if replaced || (!isSelectingByTyping && typedOver != currentRows()) { typeAhead.reset() }
        setNeedsDisplay()
    }

    /// The rows as the type-ahead sees them: how many, and the selected one with its text.
    private struct TypedRows: Equatable {
        var count: Int
        var selected: Int?
        var text: String?
    }

    private func currentRows() -> TypedRows {
        let count = rowCount
        let text = selectedIndex.flatMap { $0 < count ? searchText(at: $0) : nil }
        return TypedRows(count: count, selected: selectedIndex, text: text)
    }

    func searchText(at index: Int) -> String {
        dataSource?.searchText(at: index) ?? arrayRows[index].title
    }

    /// The height of one row: ``ListMetrics/rowHeight``, or
    /// ``ListMetrics/rowHeightWithSubtitle`` when rows have subtitles.
    public var rowHeight: Double {
        (dataSource?.rowsHaveSubtitles ?? arrayHasSubtitles) ? ListMetrics.rowHeightWithSubtitle : ListMetrics.rowHeight
    }

    /// Keeps the scroll offset within the rows at these bounds (the rows or the pane may have
    /// changed since the last layout).
    override open func viewWillLayoutSubviews(in context: DrawContext) {
        if revealsSelection, let selectedIndex {
            revealsSelection = false
            scrollToVisible(selectedIndex, in: context.bounds)
        }
        clampScroll(in: context.bounds)
    }

    /// Draws the rows that show, as the last layout left the offset.
    override open func draw(in context: DrawContext) -> [DrawOp] {
        let bounds = context.bounds, theme = context.theme, measurer = context.measurer
        let count = shownCount
        guard count > 0 else {
            let empty = rowCount > 0 ? String(translated: "No match") : emptyText
            let text = TextLayout.truncated(
                empty, toWidth: bounds.width - 2 * ListMetrics.textInset, font: .body, measurer: measurer)
            let x = bounds.minX + (bounds.width - measurer.width(of: text, font: .body)) / 2
            return [.text(text, origin: Point(x: x, y: bounds.midY), .body, theme.secondaryText)]
        }
        var ops: [DrawOp] = []
        let height = rowHeight
        // The offset as layout keeps it; read, not stored, so that drawing changes nothing.
        let offset = clamped(scrollOffset, in: bounds)
        let first = max(0, Int(offset / height))
        let last = min(count - 1, Int((offset + bounds.height) / height))
        guard first <= last else { return [] }
        for position in first...last {
            let index = row(atPosition: position)
            let top = bounds.minY + Double(position) * height - offset
            let row = Rect(x: bounds.minX, y: top, width: bounds.width, height: height)
            var shown = item(at: index)
            if index == dropTargetRow { shown.isHighlighted = true }
            drawRow(shown, in: row, selected: selectedIndexes.contains(index), context, into: &ops)
        }
        ops += ScrollBar.ops(ScrollExtent(contentHeight: Double(count) * height, offset: offset, visible: bounds), theme: theme)
        return ops
    }

    /// A list, or a tree when a row can expand: one node per row on screen (as GTK's list views
    /// give only their realized rows), named by its title, described by its subtitle, with
    /// its outline level and its selection; each row can be activated.
    override open func accessibleNodes(in context: AccessibleContext) -> [AccessibleNode] {
        [accessibleList(in: context)]
    }

    /// A row the tree does not hold (off screen), made when a reader asks for it.
    override open func accessibleNode(
        _ id: AccessibleNode.ID, in context: AccessibleContext
    ) -> (
        node: AccessibleNode, parent: AccessibleNode.ID
    )? {
        accessibleRowNode(id, in: context)
    }

    /// The list's row at position `index`, on screen or not.
    override open func accessibleChild(at index: Int, of id: AccessibleNode.ID, in context: AccessibleContext) -> AccessibleNode?
    {
        accessibleRowChild(at: index, of: id, in: context)
    }

    /// `activate` on a row selects it as a click does (``onSelect``, then ``onClick``);
    /// `select` selects it as the arrow keys do (``onSelect`` only).
    override open func performAccessibleAction(_ name: String, on id: AccessibleNode.ID, in context: AccessibleContext) -> Bool {
        guard let index = accessibleRowIndex(id, in: context) else { return false }
        if name == "select" {
            selectRow(index, in: context.bounds)
            return true
        }
        guard name == "activate" else { return false }
        selectedIndexes = [index]
        selectionAnchor = index
        selectedIndex = index
        onSelect?(index)
        onSelectionChange?()
        onClick?(index)
        return true
    }

    /// A press without modifiers: ``pointerDown(at:modifiers:in:)`` with none.
    override open func pointerDown(at point: Point, in bounds: Rect) -> Bool {
        pointerDown(at: point, modifiers: [], in: bounds)
    }

    /// Selects the row under `point` and calls ``onSelect`` then ``onClick``; on an outline
    /// row's triangle, calls ``onDisclosure`` instead and keeps the selection. With
    /// ``allowsMultipleSelection``, Ctrl+click adds or removes the row and Shift+click selects
    /// the range from the anchor (Ctrl+Shift+click adds it): neither calls ``onClick``, since
    /// they gather rows rather than open one.
    override open func pointerDown(at point: Point, modifiers: KeyChord.Modifiers, in bounds: Rect) -> Bool {
        guard let index = rowIndex(at: point, in: bounds) else { return false }
        let row = item(at: index)
        typeAhead.reset()
        // The triangle (a square twice the hit radius around it) toggles without changing the selection.
        if let disclosure = row.disclosure {
            let centre = bounds.minX + ListMetrics.disclosureCentre + Self.indent(row.indentation, width: bounds.width)
            if abs(point.x - centre) <= ListMetrics.disclosureHitRadius {
                onDisclosure?(index, disclosure == .collapsed)
                return true
            }
        }
        pressedInSelection = nil
        if allowsMultipleSelection && modifiers.contains(.shift) {
            extendSelection(to: index, adding: modifiers.contains(.control), in: bounds)
        } else if allowsMultipleSelection && modifiers.contains(.control) {
            toggleRow(index, in: bounds)
        } else if allowsMultipleSelection && selectedIndexes.count > 1 && selectedIndexes.contains(index) {
            // A press within a multiple selection keeps it for a drag; a release without one
            // selects the row alone (``pointerUp(at:in:)``), as GNOME Files does.
            pressedInSelection = index
        } else {
            selectRow(index, in: bounds)
            onClick?(index)
        }
        return true
    }

    /// See `rowDragItem(at:in:)`.
    override open func dragItem(at point: Point, in bounds: Rect) -> DragItem? { rowDragItem(at: point, in: bounds) }
    /// See `rowDropProposal(_:at:in:)`.
    override open func dropProposal(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        rowDropProposal(item, at: point, in: bounds)
    }
    /// See `rowDropExited()`.
    override open func dropExited() { rowDropExited() }
    /// See `rowPerformDrop(_:at:in:)`.
    override open func performDrop(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        rowPerformDrop(item, at: point, in: bounds)
    }
    /// See `rowExternalDropType(for:at:in:)`.
    override open func externalDropType(for types: [String], at point: Point, in bounds: Rect) -> String? {
        rowExternalDropType(for: types, at: point, in: bounds)
    }
    /// See `rowPerformExternalDrop(_:operation:at:in:)`.
    override open func performExternalDrop(
        _ offer: SelectionOffer, operation: DropOperation, at point: Point, in bounds: Rect
    ) -> Bool {
        rowPerformExternalDrop(offer, operation: operation, at: point, in: bounds)
    }
    /// See `rowPointerUp(at:in:)`.
    override open func pointerUp(at point: Point, in bounds: Rect) { rowPointerUp(at: point, in: bounds) }

    /// The row's menu (``contextMenuItemsForRow``): see `rowContextMenu(at:in:)`.
    override open func contextMenu(at point: Point?, in bounds: Rect) -> ContextMenu? { rowContextMenu(at: point, in: bounds) }

    /// Calls ``onDoubleClick`` when the second click lands on the selected row.
    override open func doubleClick(at point: Point, in bounds: Rect) -> Bool {
        guard let index = rowIndex(at: point, in: bounds), index == selectedIndex else { return false }
        onDoubleClick?(index)
        return true
    }

    /// The rows' height and the offset the layout keeps, for the scroll bar.
    override open func scrollExtent(in bounds: Rect) -> ScrollExtent? {
        ScrollExtent(contentHeight: Double(shownCount) * rowHeight, offset: clamped(scrollOffset, in: bounds), visible: bounds)
    }

    /// A row: a wheel notch scrolls three.
    override open func scrollLine(in bounds: Rect) -> Double { rowHeight }

    /// Scrolls by `dy` points, kept between the first row and the last; always handled.
    override open func scroll(dy: Double, in bounds: Rect) -> Bool {
        let before = scrollOffset
        scrollOffset += dy
        clampScroll(in: bounds)
        if scrollOffset != before { setNeedsDisplay() }
        return true
    }

    /// Up and Down select the next or previous row, Page Up and Page Down a screen less a row
    /// away, Home and End the first and last; Return calls ``onActivate``; Right and Left
    /// expand and collapse in an outline. Each moved selection is scrolled into view. With
    /// ``allowsMultipleSelection``, ``Command/selectAll`` selects every row shown and
    /// ``Command/cancel`` (Escape) leaves the lead row alone selected.
    override open func perform(_ command: Command, in bounds: Rect) -> Bool {
        if let commandHandler, commandHandler(command) { return true }
        switch command {
        case .selectAll: return selectAllRows()
        case .cancel: return reduceSelectionToLead()
        case .expand, .collapse: return disclose(expanding: command == .expand, in: bounds)
        case .activate:
            guard let selectedIndex else { return false }
            onActivate?(selectedIndex)
        default:
            guard let target = movePosition(command, in: bounds) else { return false }
            selectPosition(target, in: bounds)
        }
        typeAhead.reset()
        return true
    }

    /// Type-ahead: a letter, digit or symbol without Ctrl, Alt or Super selects the first row
    /// at or after the selection whose title starts with the letters typed so far (matching
    /// ignores case), wrapping to the top; a pause of ``TypeAhead/timeout`` starts over.
    override open func keyDown(_ chord: KeyChord, in bounds: Rect) -> Bool {
        if extendsSelection(by: chord, in: bounds) { return true }
        guard case .character(let character) = chord.key, chord.modifiers.subtracting(.shift).isEmpty else { return false }
        let typed = chord.modifiers.contains(.shift) ? Character(character.uppercased()) : character
        // The split view's clock (its last tick): the core reads none of its own.
        let (text, fromNext) = typeAhead.type(typed, at: splitViewController?.now ?? 0)
        let count = shownCount
        guard count > 0 else { return true }
        let start = (selectedIndex.flatMap(position(ofRow:)) ?? 0) + (fromNext ? 1 : 0)
        for offset in 0..<count {
            let index = row(atPosition: (start + offset) % count)
            if searchText(at: index).lowercased().hasPrefix(text) {
                // The selection may reload the rows (an outline showing the folder it
                // selects): a reload the type-ahead caused keeps what was typed.
                isSelectingByTyping = true
                if index != selectedIndex { selectRow(index, in: bounds) }
                isSelectingByTyping = false
                break
            }
        }
        typedOver = currentRows()
        return true
    }

    /// Lists can be filtered: Ctrl+F keeps the rows whose title holds what is typed.
    override open var isFindInteractionEnabled: Bool { true }

    /// Keeps the rows whose search text (the title) holds `query`, ignoring case (``filterText``).
    override open func find(_ query: String, in bounds: Rect) { applyFilter(query, in: bounds) }

    /// How many rows the filter keeps ("12 of 4000"), or "No match"; nothing unfiltered.
    override open var findStatus: String? { filterStatus }

    /// "Filter": the field keeps rows rather than finding in them.
    override open var findFieldPlaceholder: String { String(translated: "Filter") }

    /// Every row again, the selection kept and scrolled into view.
    override open func endFind() { clearFilter() }
}
