/// The accessible tree of a window as plain values, as a screen reader meets it: roles, names,
/// states, actions, text and places on screen. The core builds it
/// (``SplitViewController/accessibleTree(title:isActive:)``) and says what changed between two trees
/// (``AccessibleEvent/changes(from:to:)``); a host only carries it to the desktop's
/// accessibility bus (AT-SPI on Linux), as it carries display lists to the X server.
///
/// Mirrors UIKit's `UIAccessibilityElement` (label, traits, frame, activation), with AT-SPI's
/// roles and states, which a Linux host speaks.
public struct AccessibleNode: Hashable, Sendable {
    /// A node's identity, stable while what it stands for stays: `column.primary`,
    /// `column.primary.button.displayMode`, `column.secondary.content.row.12`, `menu.item.3`.
    public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The dotted path.
        public var path: String
        /// Creates an id.
        public init(_ path: String) { self.path = path }
        /// `path` extended by `component`.
        public func appending(_ component: String) -> ID { ID(path + "." + component) }
        /// The path.
        public var description: String { path }
        /// Ordered by path, for stable listings.
        public static func < (a: ID, b: ID) -> Bool { a.path < b.path }
    }

    /// What a node is, by AT-SPI's role names.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// The program.
        case application
        /// A window.
        case frame
        /// Panes with dividers: the window's columns, a stack split.
        case splitPane = "split pane"
        /// One pane: a column, a leaf of a split.
        case panel
        /// An outline (a list whose rows expand).
        case tree
        /// A row of an outline.
        case treeItem = "tree item"
        /// A list.
        case list
        /// A row of a list.
        case listItem = "list item"
        /// Text to read: the reader.
        case documentText = "document text"
        /// A button.
        case pushButton = "push button"
        /// The View menu.
        case menu
        /// A command of the menu.
        case menuItem = "menu item"
        /// A command of the menu with a check mark.
        case checkMenuItem = "check menu item"
        /// A prompt that waits for an answer.
        case alert
        /// A text field: the location bar, the find field.
        case entry
        /// Another program's window in a pane.
        case embedded
        /// A message the window shows for a while (the reader's band: "Moved … to the
        /// Trash"), spoken when it appears, as GTK's notifications are.
        case notification
        /// A picture, named by what it shows.
        case image
        /// A read-only text a reader reads line by line (the inspector's details), as GTK's
        /// text views are.
        case text
    }

    /// AT-SPI's states, the ones a split view has.
    public struct States: OptionSet, Hashable, Sendable {
        /// The bits.
        public var rawValue: UInt32
        /// Creates a set from its bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// On screen (its pane shows).
        public static let showing = States(rawValue: 1 << 0)
        /// Not hidden by the program (AT-SPI's visible).
        public static let visible = States(rawValue: 1 << 1)
        /// Can be used (not disabled).
        public static let enabled = States(rawValue: 1 << 2)
        /// Can take the keyboard focus.
        public static let focusable = States(rawValue: 1 << 3)
        /// Has the keyboard focus.
        public static let focused = States(rawValue: 1 << 4)
        /// Can be selected.
        public static let selectable = States(rawValue: 1 << 5)
        /// Is selected.
        public static let selected = States(rawValue: 1 << 6)
        /// Can expand (an outline row with children).
        public static let expandable = States(rawValue: 1 << 7)
        /// Is expanded.
        public static let expanded = States(rawValue: 1 << 8)
        /// Can be checked (a menu item with a check mark).
        public static let checkable = States(rawValue: 1 << 9)
        /// Is checked.
        public static let checked = States(rawValue: 1 << 10)
        /// Its text can be edited.
        public static let editable = States(rawValue: 1 << 11)
        /// Its text has several lines.
        public static let multiLine = States(rawValue: 1 << 12)
        /// The window that has the keyboard.
        public static let active = States(rawValue: 1 << 13)
        /// A list in which several rows can be selected at once.
        public static let multiselectable = States(rawValue: 1 << 14)
        /// Its children are many and made when asked for (a list's rows): a reader asks for
        /// them one by one rather than keeping them all (AT-SPI's manages-descendants).
        public static let managesDescendants = States(rawValue: 1 << 15)

        /// Every state with its AT-SPI name, in a stable order.
        public static let named: [(States, String)] = [
            (.showing, "showing"), (.visible, "visible"), (.enabled, "enabled"), (.focusable, "focusable"),
            (.focused, "focused"), (.selectable, "selectable"), (.selected, "selected"), (.expandable, "expandable"),
            (.expanded, "expanded"), (.checkable, "checkable"), (.checked, "checked"), (.editable, "editable"),
            (.multiLine, "multi line"), (.active, "active"), (.multiselectable, "multiselectable"),
            (.managesDescendants, "manages descendants"),
        ]
    }

    /// The node's identity.
    public var id: ID
    /// What it is.
    public var role: Role
    /// What a screen reader says first: the pane's title, the row's name, the button's action.
    public var name: String
    /// What it says after: a row's size and date, a button's key.
    public var description: String = ""
    /// Its states.
    public var states: States = []
    /// The actions it can do (``SplitViewController/performAccessibleAction(_:named:)`` does the first):
    /// `click` for buttons and menu items, `activate` for rows.
    public var actions: [String] = []

    /// An action's name as a screen reader says it, in the reader's language (AT-SPI's
    /// `GetLocalizedName`): `click` and `activate` translated, any other name as it is.
    /// ``actions`` keep the names ``SplitViewController/performAccessibleAction(_:named:)``
    /// reads.
    public static func localizedName(ofAction name: String) -> String {
        switch name {
        case "click": String(translated: "click")
        case "activate": String(translated: "activate")
        default: name
        }
    }
    /// The key that does what the node does (`F9`), for buttons and menu items.
    public var keyBinding: String = ""
    /// The text of a document or an entry.
    public var text: String?
    /// Where the caret is in ``text``, in characters.
    public var caret: Int?
    /// The selected part of ``text``, in characters.
    public var textSelection: Range<Int>?
    /// The outline level of a tree row (1 for the top).
    public var level: Int?
    /// Where it is, in the window's coordinates (points).
    public var frame: Rect = .zero
    /// What it holds, in reading order.
    public var children: [AccessibleNode] = []
    /// How many children it has when ``children`` holds only some of them (a list holds its
    /// rows on screen; the others are made when a reader asks for them, by
    /// ``SplitViewController/accessibleNode(_:)``); nil when ``children`` is all of them.
    public var childCount: Int?
    /// Its index among its parent's children, when the parent holds only some
    /// (``childCount``): a list's row is its position in the list.
    public var indexInParent: Int?
    /// Changes when the children change, for a node holding only some (``childCount``): a
    /// list reloaded or filtered; scrolling, which only changes which are held, keeps it.
    public var childrenVersion = 0
    /// Another program's accessible tree embedded here (a hosted GTK plug): the node's one
    /// child, served by that program.
    public var plug: Plug?

    /// Where another program's accessible object is: its bus name and object path.
    public struct Plug: Hashable, Sendable {
        /// The program's unique name on the accessibility bus (`:1.42`).
        public var bus: String
        /// The object's path (`/org/a11y/atspi/accessible/1`).
        public var path: String

        /// A plug at `bus` and `path`.
        public init(bus: String, path: String) {
            self.bus = bus
            self.path = path
        }

        /// The plug an id names as GTK writes it (`:1.42:/org/a11y/atspi/accessible/1`: the
        /// bus name, a colon, the path); nil for anything else.
        public init?(id: String) {
            guard let slash = id.firstIndex(of: "/"), slash > id.startIndex else { return nil }
            let colon = id.index(before: slash)
            guard id[colon] == ":" else { return nil }
            let bus = String(id[..<colon]), path = String(id[slash...])
            guard !bus.isEmpty, !bus.contains(" "), !path.contains(" ") else { return nil }
            self.init(bus: bus, path: path)
        }
    }

    /// Creates a node.
    public init(id: ID, role: Role, name: String, states: States = [], frame: Rect = .zero, children: [AccessibleNode] = []) {
        self.id = id
        self.role = role
        self.name = name
        self.states = states
        self.frame = frame
        self.children = children
    }

    /// This node and every node under it, depth first.
    public var allNodes: [AccessibleNode] {
        var result: [AccessibleNode] = []
        func walk(_ node: AccessibleNode) {
            result.append(node)
            for child in node.children { walk(child) }
        }
        walk(self)
        return result
    }

    /// The node with `id`, in this tree.
    public func node(_ id: ID) -> AccessibleNode? {
        if self.id == id { return self }
        for child in children { if let found = child.node(id) { return found } }
        return nil
    }
}

/// What changed between two accessible trees of a window, as AT-SPI events.
public enum AccessibleEvent: Hashable, Sendable {
    /// The keyboard focus is on this node now.
    case focus(AccessibleNode.ID)
    /// Which children of this list or tree are selected changed.
    case selectionChanged(AccessibleNode.ID)
    /// A state of the node turned on or off.
    case stateChanged(AccessibleNode.ID, String, Bool)
    /// A child was added to the node, now at `index` among its children (a list reloaded or
    /// scrolled, a column appeared).
    case childAdded(AccessibleNode.ID, child: AccessibleNode.ID, index: Int)
    /// A child was removed from the node; `index` is where it was among the old children.
    case childRemoved(AccessibleNode.ID, child: AccessibleNode.ID, index: Int)
    /// The node's name changed (a pane's title, a button's action).
    case nameChanged(AccessibleNode.ID)
    /// The caret of the node's text moved to this character.
    case caretMoved(AccessibleNode.ID, Int)
    /// The node's text changed.
    case textChanged(AccessibleNode.ID)
    /// The window became active or inactive.
    case windowActivated(Bool)
    /// A message to speak now, from this node (a notification shown or changed), as GTK 4's
    /// `gtk_accessible_announce` sends it.
    case announcement(AccessibleNode.ID, String)

    /// The children removed and added between `old` and `new` (ids in order), as a listener
    /// applies them: removals last index first (each index still right when applied), then
    /// additions first index first. A child that only moved is removed and added again, as
    /// GTK tells a sorted list, so a listener's copy of the order is always right.
    static func childChanges(
        _ parent: AccessibleNode.ID, from old: [AccessibleNode.ID], to new: [AccessibleNode.ID]
    )
        -> [AccessibleEvent]
    {
        guard old != new else { return [] }
        // The longest run of children kept in order stays; the rest go and come.
        let kept = Set(longestCommonSubsequence(old, new))
        var events: [AccessibleEvent] = []
        for (index, id) in old.enumerated().reversed() where !kept.contains(id) {
            events.append(.childRemoved(parent, child: id, index: index))
        }
        for (index, id) in new.enumerated() where !kept.contains(id) {
            events.append(.childAdded(parent, child: id, index: index))
        }
        return events
    }

    /// The children of a node holding only some (a list's rows on screen) that went and came
    /// when its children changed, at their indexes among all of them: those held before and
    /// not now, then those held now and not before. A row off screen that went or came is not
    /// told: the list manages its descendants, so a reader keeps no copy of them to update.
    static func heldChildChanges(
        _ parent: AccessibleNode.ID, from old: AccessibleNode, to new: AccessibleNode
    )
        -> [AccessibleEvent]
    {
        let before = Set(old.children.map(\.id)), after = Set(new.children.map(\.id))
        var events: [AccessibleEvent] = []
        for (offset, child) in old.children.enumerated().reversed() where !after.contains(child.id) {
            events.append(.childRemoved(parent, child: child.id, index: child.indexInParent ?? offset))
        }
        for (offset, child) in new.children.enumerated() where !before.contains(child.id) {
            events.append(.childAdded(parent, child: child.id, index: child.indexInParent ?? offset))
        }
        return events
    }

    /// The ids common to both, in their order, longest such run. Rows scrolled by one keep
    /// every row but one; a list of n reloaded whole is n removals and n additions. Quadratic,
    /// on lists of the rows on screen (a few hundred at most), so at most a few 100 000 steps;
    /// beyond 512 children a side, the ids both hold in the same relative order by a greedy
    /// pass instead.
    static func longestCommonSubsequence(_ a: [AccessibleNode.ID], _ b: [AccessibleNode.ID]) -> [AccessibleNode.ID] {
        let inB = Set(b), inA = Set(a)
        let a = a.filter { inB.contains($0) }, b = b.filter { inA.contains($0) }
        if a == b { return a }
        guard a.count <= 512, b.count <= 512 else {
            var position = Dictionary(b.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            var last = -1, kept: [AccessibleNode.ID] = []
            for id in a {
                if let at = position[id], at > last {
                    kept.append(id)
                    last = at
                }
            }
            position.removeAll()
            return kept
        }
        // lengths[i][j]: the longest common run of a[i...] and b[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var kept: [AccessibleNode.ID] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                kept.append(a[i])
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return kept
    }

    /// The states whose changes are told: the ones a screen reader speaks.
    static let toldStates: [(AccessibleNode.States, String)] = AccessibleNode.States.named.filter { state, _ in
        [.showing, .enabled, .selected, .expanded, .checked, .active].contains(state)
    }

    /// The events that take a listener from `old` (nil: nothing was told yet) to `new`, in a
    /// stable order: children, names, states, text, selection, then the focus last (a reader
    /// speaks the focused node once the rest is in place). Nodes are matched by id, so one
    /// walk of each tree is all it takes; the host never compares trees itself.
    public static func changes(from old: AccessibleNode?, to new: AccessibleNode) -> [AccessibleEvent] {
        let after = Dictionary(new.allNodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let focusNow = new.allNodes.first { $0.states.contains(.focused) }?.id
        guard let old else { return focusNow.map { [.focus($0)] } ?? [] }
        let before = Dictionary(old.allNodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var children: [AccessibleEvent] = [], names: [AccessibleEvent] = [], states: [AccessibleEvent] = []
        var texts: [AccessibleEvent] = [], selections: [AccessibleEvent] = []
        for node in new.allNodes {
            guard let was = before[node.id] else {
                // A notification that appears is shown and spoken (Orca speaks a notification
                // whose showing turns on).
                if node.role == .notification && !node.name.isEmpty {
                    states += [.stateChanged(node.id, "showing", true), .announcement(node.id, node.name)]
                }
                continue
            }
            if node.childCount == nil && was.childCount == nil {
                children += childChanges(node.id, from: was.children.map(\.id), to: node.children.map(\.id))
            } else if was.childrenVersion != node.childrenVersion {
                children += heldChildChanges(node.id, from: was, to: node)
            }
            if was.name != node.name { names.append(.nameChanged(node.id)) }
            for (state, name) in toldStates where was.states.contains(state) != node.states.contains(state) {
                states.append(.stateChanged(node.id, name, node.states.contains(state)))
            }
            if was.states.contains(.active) != node.states.contains(.active), node.role == .frame {
                states.append(.windowActivated(node.states.contains(.active)))
            }
            if node.role == .notification && was.name != node.name && !node.name.isEmpty {
                // Showing again as well as announced: Orca speaks a notification when its
                // showing turns on, and knows no announcement before GNOME 46.
                states += [.stateChanged(node.id, "showing", true), .announcement(node.id, node.name)]
            }
            if was.text != node.text { texts.append(.textChanged(node.id)) }
            if let caret = node.caret, was.caret != caret { texts.append(.caretMoved(node.id, caret)) }
            if node.role == .list || node.role == .tree {
                let selected = { (n: AccessibleNode) in n.children.filter { $0.states.contains(.selected) }.map(\.id) }
                if selected(was) != selected(node) { selections.append(.selectionChanged(node.id)) }
            }
        }
        let focusBefore = old.allNodes.first { $0.states.contains(.focused) }?.id
        // A window made active tells its focus again, as GTK does: the reader speaks where
        // the keys are in the window it has come back to.
        let activated = new.role == .frame && new.states.contains(.active) && !old.states.contains(.active)
        let focus: [AccessibleEvent] =
            focusNow.flatMap { ($0 != focusBefore || activated) && after[$0] != nil ? [.focus($0)] : nil } ?? []
        return children + names + states + texts + selections + focus
    }
}

/// Where a view controller's accessible nodes go: the id they extend, the offset from its
/// pane's coordinates to the window's, and whether its pane has the keyboard.
public struct AccessibleContext: Sendable {
    /// The id the content's nodes extend (`column.secondary.content`).
    public var id: AccessibleNode.ID
    /// Added to a point of the pane's coordinates to place it in the window.
    public var origin: Point
    /// The content area, in the pane's coordinates.
    public var bounds: Rect
    /// True when the content has the keyboard.
    public var isFocused: Bool
    /// True when the content shows.
    public var isShowing: Bool

    /// Creates a context.
    public init(id: AccessibleNode.ID, origin: Point, bounds: Rect, isFocused: Bool, isShowing: Bool) {
        self.id = id
        self.origin = origin
        self.bounds = bounds
        self.isFocused = isFocused
        self.isShowing = isShowing
    }

    /// `rect` (pane coordinates) in the window's.
    public func window(_ rect: Rect) -> Rect {
        Rect(x: rect.minX + origin.x, y: rect.minY + origin.y, width: rect.width, height: rect.height)
    }

    /// The states every node of this content has: showing and visible while it shows.
    public var baseStates: AccessibleNode.States {
        isShowing ? [.showing, .visible, .enabled] : [.enabled]
    }
}
