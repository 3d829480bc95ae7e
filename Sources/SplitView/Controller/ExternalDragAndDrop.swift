/// What a drop does with what it receives: `UIDropOperation`'s copy and move, and X's ask
/// (the target asks the user which).
public enum DropOperation: String, Hashable, Sendable, CaseIterable {
    /// The target makes a copy; the source keeps its own.
    case copy
    /// The target moves it; the source has nothing left to do.
    case move
    /// The target asks the user (copy or move) when it is dropped.
    case ask
    /// The target makes a link to it (a symbolic link for a file), as GTK's and XDND's link
    /// action; the source keeps its own.
    case link
}

/// One step of another program's drag over the window, as the host follows it (XDND on X),
/// in the order a `UIDropInteractionDelegate` hears them: entered, moved (any number of
/// times), then exited or dropped.
///
/// Any order is accepted: a move without an enter counts as one with no types, an exit or a
/// drop without a drag does nothing.
public enum ExternalDragEvent: Hashable, Sendable {
    /// A drag entered the window, offering its contents in `types` (`text/uri-list`,
    /// `UTF8_STRING`, …).
    case entered(types: [String])
    /// It is over `point` (window coordinates), asking for `operation`.
    case moved(Point, operation: DropOperation)
    /// It left the window, or its source gave up.
    case exited
    /// It was dropped where it last moved, with its contents in the form the proposal named
    /// (nil when the source gave none): whatever accepts there performs the drop, with the
    /// operation the last move asked for.
    case dropped(SelectionOffer?)
}

/// What the window would do with another program's drag where it is now: `UIDropProposal`.
public struct DropProposal: Hashable, Sendable {
    /// What the drop would do.
    public var operation: DropOperation
    /// The form of the contents to ask the source for (one of the types it offered).
    public var type: String

    /// A proposal to take the contents in `type`, doing `operation`.
    public init(operation: DropOperation, type: String) {
        self.operation = operation
        self.type = type
    }
}

/// Another program's drag over the window: what it offers, where it is, and what takes it.
struct ExternalDrop: Hashable, Sendable {
    /// The forms its contents come in.
    var types: [String]
    /// Where it was last, in window coordinates.
    var point: Point?
    /// The operation its source asks for.
    var operation = DropOperation.copy
    /// The pane whose content is under it, told when it leaves.
    var column: SplitViewController.Column?
    /// What the window would do with it there, or nil: refused.
    var proposal: DropProposal?
}

extension SplitViewController {
    /// The forms of text the location bar takes from a drop, best first.
    static let droppedTextTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"]

    /// What the window would do with another program's drag where it last moved: nil when
    /// nothing there takes it (the host refuses it then). Read by the host after each
    /// ``ExternalDragEvent/moved(_:operation:)``.
    public var externalDropProposal: DropProposal? { externalDrop?.proposal }

    /// Follows another program's drag: each move asks the content under the pointer what it
    /// would take there (``ViewController/externalDropType(for:at:in:)``, which shows where it
    /// would land), or the bar's text field when the pointer is over a bar that shows one; an
    /// exit or a drop clears what showed.
    ///
    /// Decided: text dropped on a bar's text field (the location bar) replaces its text with
    /// the text's first line (``droppedLine(_:)``: at most ``droppedTextLimit`` bytes, the
    /// field saying so when it cut it), and the pane takes the focus so that Return goes there;
    /// the operation is always a copy (text is never taken from its source).
    func handleExternalDrag(_ event: ExternalDragEvent) {
        switch event {
        case .entered(let types):
            endExternalDrop()
            externalDrop = ExternalDrop(types: types)
        case .moved(let point, let operation):
            var drop = externalDrop ?? ExternalDrop(types: [])
            drop.point = point
            drop.operation = operation
            let under = isMounted && menuState == nil ? contentTarget(at: point) : nil
            if let previous = drop.column, previous != under?.column { children.wrapped[previous]?.dropExited() }
            drop.column = under?.column
            if let under {
                drop.proposal = under.vc.externalDropType(for: drop.types, at: under.local, in: under.bounds).map {
                    DropProposal(operation: operation, type: $0)
                }
            } else if isMounted, menuState == nil, textFieldItem(at: point) != nil,
                let type = Self.droppedTextTypes.first(where: drop.types.contains)
            {
                drop.proposal = DropProposal(operation: .copy, type: type)
            } else {
                drop.proposal = nil
            }
            externalDrop = drop
        case .exited:
            endExternalDrop()
        case .dropped(let offer):
            if let drop = externalDrop, let point = drop.point, let proposal = drop.proposal, let offer {
                performExternalDrop(offer, proposal: proposal, operation: drop.operation, at: point)
            }
            endExternalDrop()
        }
        if isMounted { publish() }
    }

    /// The drag is over: the pane it was over stops showing where it would land.
    private func endExternalDrop() {
        if let column = externalDrop?.column { children.wrapped[column]?.dropExited() }
        externalDrop = nil
    }

    private func performExternalDrop(_ offer: SelectionOffer, proposal: DropProposal, operation: DropOperation, at point: Point) {
        guard isMounted, offer.target == proposal.type else { return }
        if let under = contentTarget(at: point) {
            _ = under.vc.performExternalDrop(offer, operation: operation, at: under.local, in: under.bounds)
        } else if let (column, item) = textFieldItem(at: point), var field = item.textField {
            let (line, isCut) = Self.droppedLine(offer.bytes)
            field.setText(line)
            if isCut { field.message = Self.droppedTextCutMessage }
            item.textField = field
            focusPane(column, byUser: true)
        }
    }

    /// The most of a dropped line a bar's text field takes, in bytes: 4 KiB, the longest path
    /// (`PATH_MAX`), and far more than a field shows.
    public static let droppedTextLimit = 4096

    /// What the field says when a dropped line was longer than ``droppedTextLimit``.
    static var droppedTextCutMessage: String { String(translated: "Dropped text cut to 4 096 bytes") }

    /// The first line of dropped `bytes` (UTF-8; line breaks before it skipped), cut to at most
    /// ``droppedTextLimit`` bytes at a character's end, and whether it was cut.
    ///
    /// Only the first few kilobytes are looked at, whatever was dropped (a drop may bring up to
    /// 64 MiB): the time is bounded, where splitting the whole text into lines and measuring the
    /// line at every frame took 8 s for 10 KB and never ended for 100 KB.
    static func droppedLine(_ bytes: [UInt8]) -> (line: String, isCut: Bool) {
        // Line breaks first (LF, CR, VT, FF) are skipped as the lines before them were empty.
        let start = bytes.firstIndex { !(0x0A...0x0D).contains($0) } ?? bytes.endIndex
        // A few bytes past the limit: enough to tell a line that ends there from a longer one.
        let head = bytes[start...].prefix(droppedTextLimit + 4)
        let text = String(decoding: head, as: UTF8.self).drop(while: \.isNewline)
        let firstLine = text.prefix { !$0.isNewline }
        // Without its end in the head, the line goes on past it: its last character may be cut.
        var isCut = firstLine.endIndex == text.endIndex && head.endIndex < bytes.endIndex
        var line = ""
        for character in isCut ? firstLine.dropLast() : firstLine {
            guard line.utf8.count + character.utf8.count <= droppedTextLimit else {
                isCut = true
                break
            }
            line.append(character)
        }
        return (line, isCut)
    }

    /// The pane whose bar is under `point` and shows a text field, with its navigation item.
    private func textFieldItem(at point: Point) -> (Column, NavigationItem)? {
        guard let placement = layout.columns.last(where: { $0.frame.contains(point) }), !placement.isDimmed,
            point.y - placement.frame.minY < LayoutMetrics.navigationBarHeight,
            let item = children.wrapped[placement.column]?.topViewController?.barOwner.navigationItemIfLoaded,
            item.textField != nil
        else { return nil }
        return (placement.column, item)
    }
}
