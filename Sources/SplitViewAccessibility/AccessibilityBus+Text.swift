import CDBusLoader
import SplitView
import SplitViewProcesses

/// The Text interface of a document (its characters, words, sentences and lines, the caret,
/// the selection) and the Selection interface of a list or an outline (its rows on screen).
extension AccessibilityBus {
    package func text(_ member: String, _ object: Object, _ reader: inout DBusReader, _ writer: inout DBusWriter) -> Bool {
        guard case .node(_, let node, _) = object, let text = node.text else { return false }
        let scalars = Array(text.unicodeScalars)
        func slice(_ range: Range<Int>) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[range.clamped(to: 0..<scalars.count)])
            return String(result)
        }
        switch member {
        case "GetText":
            let start = max(0, min(Int(reader.int32() ?? 0), scalars.count))
            var end = Int(reader.int32() ?? -1)
            if end < 0 || end > scalars.count { end = scalars.count }
            writer.string(start < end ? slice(start..<end) : "")
        case "GetCaretOffset": writer.int32(Int32(node.caret ?? 0))
        case "GetCharacterAtOffset":
            let offset = Int(reader.int32() ?? -1)
            writer.int32(scalars.indices.contains(offset) ? Int32(bitPattern: scalars[offset].value) : 0)
        case "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let offset = Int(reader.int32() ?? 0), kind = Int(reader.uint32() ?? 0)
            let granularity =
                member == "GetStringAtOffset"
                ? AccessibleTextGranularity(rawValue: kind) : AccessibleTextGranularity(boundary: kind)
            guard let granularity, var range = node.textRange(at: offset, granularity) else {
                writer.string("")
                writer.int32(0)
                writer.int32(0)
                return true
            }
            // The piece before this one, or after it.
            if member == "GetTextBeforeOffset" {
                range = range.lowerBound > 0 ? node.textRange(at: range.lowerBound - 1, granularity) ?? range : 0..<0
            } else if member == "GetTextAfterOffset" {
                range = node.textRange(at: range.upperBound, granularity) ?? range
            }
            writer.string(slice(range))
            writer.int32(Int32(clamping: range.lowerBound))
            writer.int32(Int32(clamping: range.upperBound))
        case "GetAttributes", "GetAttributeRun":
            // One run of plain text, without attributes: the whole text (Orca asks before it
            // reads a line, and reads nothing when the question fails).
            writer.stringDictionary([])
            writer.int32(0)
            writer.int32(Int32(clamping: scalars.count))
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            writer.stringDictionary([])
        case "GetNSelections": writer.int32(node.textSelection.map { $0.isEmpty ? 0 : 1 } ?? 0)
        case "GetSelection":
            let index = reader.int32() ?? -1
            let range = index == 0 && node.textSelection?.isEmpty == false ? node.textSelection! : 0..<0
            writer.int32(Int32(clamping: range.lowerBound))
            writer.int32(Int32(clamping: range.upperBound))
        default: return false
        }
        return true
    }

    /// Whether the node has the Selection interface: a list or an outline.
    package static func isSelectable(_ node: AccessibleNode) -> Bool {
        node.role == .list || node.role == .tree
    }

    /// The indexes of the node's children that are selected.
    package static func selectedIndexes(_ node: AccessibleNode) -> [Int] {
        node.children.indices.filter { node.children[$0].states.contains(.selected) }
    }

    /// Selection on a list or an outline: the rows on screen are its children. Selecting a
    /// row is the arrow keys' selection (`select`); the lists hold one selected row, so a
    /// selection is never emptied or widened through it (those answer false, as a
    /// single-selection GTK list does).
    package func selection(_ member: String, _ object: Object, _ reader: inout DBusReader, _ writer: inout DBusWriter) -> Bool {
        guard case .node(let window, let node, _) = object, Self.isSelectable(node) else { return false }
        let selected = Self.selectedIndexes(node)
        switch member {
        case "GetNSelectedChildren": writer.int32(Int32(selected.count))
        case "GetSelectedChild":
            let index = Int(reader.int32() ?? -1)
            if selected.indices.contains(index) {
                let (bus, path) = path(of: .node(window: window, id: node.children[selected[index]].id))
                writer.reference(bus, path)
            } else {
                writer.reference("", "/org/a11y/atspi/null")
            }
        case "IsChildSelected":
            writer.boolean(selected.contains(Int(reader.int32() ?? -1)))
        case "SelectChild":
            let index = Int(reader.int32() ?? -1)
            let done = node.children.indices.contains(index) && perform(window, node.children[index].id, "select")
            invalidate()
            writer.boolean(done)
        case "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection": writer.boolean(false)
        default: return false
        }
        return true
    }
}
