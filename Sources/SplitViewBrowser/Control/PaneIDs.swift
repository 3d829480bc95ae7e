/// The ids `splitviewctl` names windows and panes by: one number per object (a window's
/// browser, a pane's view controller), given the first time it is asked for and kept for the
/// object's life.
///
/// Decided: ids are small whole numbers counted up from 1 within an instance and never reused,
/// even after their pane closes, so a script that holds an id of a closed pane gets "no pane",
/// never another pane. An object is known by its identity while it lives (a weak reference
/// tells that it has gone, so an address reused by a new object gets a new id).
package final class PaneIDs {
    private final class Entry {
        weak var object: AnyObject?
        let id: Int

        init(_ object: AnyObject, _ id: Int) {
            self.object = object
            self.id = id
        }
    }

    private var byObject: [ObjectIdentifier: Entry] = [:]
    private var byID: [Int: Entry] = [:]
    private var next = 1

    /// An empty table.
    package init() {}

    /// The id of `object`, given now if it has none.
    package func id(of object: AnyObject) -> Int {
        let key = ObjectIdentifier(object)
        if let entry = byObject[key], entry.object === object { return entry.id }
        let entry = Entry(object, next)
        next += 1
        byObject[key] = entry
        byID[entry.id] = entry
        if byID.count > 64 && byID.count.isMultiple(of: 64) { prune() }
        return entry.id
    }

    /// The live object with the id `id`.
    package func object(_ id: Int) -> AnyObject? {
        byID[id]?.object
    }

    /// Forgets the objects that have gone.
    private func prune() {
        for (key, entry) in byObject where entry.object == nil {
            byObject[key] = nil
            byID[entry.id] = nil
        }
    }
}
