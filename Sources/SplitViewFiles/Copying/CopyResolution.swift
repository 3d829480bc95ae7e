import SplitView

/// The user's answer to a name in the way, as GNOME Files asks it.
public enum ConflictChoice: Sendable, Hashable {
    /// The pasted file takes the name; the one there goes once the whole copy is done. A
    /// folder onto a folder merges (GNOME's "Merge"): their entries are asked one by one.
    case replace
    /// The pasted file takes the name "name (copy)" beside the one there.
    case keepBoth
    /// The pasted file is left out.
    case skip
}

/// What a paste does with each entry of its plan, once every name in the way is answered.
public enum NodeAction: Sendable, Hashable {
    /// Made at its name, which was free.
    case create
    /// Made at "name (copy)": Keep Both, or a copy into its own folder.
    case duplicate
    /// Made, then renamed over the file in the way once the whole paste is done.
    case replace
    /// A folder onto a folder: its entries are decided one by one.
    case merge
    /// Inside a folder the paste makes: its name is free.
    case inside
    /// Left out: answered Skip, or inside a folder left out.
    case skip
    /// Left out, with the words that say why (a folder and a file in each other's way, a
    /// FIFO, a socket, a device).
    case leftOut(String)

    /// Whether the entry is written by the paste.
    public var isMade: Bool {
        switch self {
        case .create, .duplicate, .replace, .inside: true
        case .merge, .skip, .leftOut: false
        }
    }
}

/// A plan and the answers given so far: which name in the way to ask about next, and, once
/// none is left, what to do with every entry.
///
/// An answer "for all" answers every question after it. Entries of a folder that is merged
/// are asked about only once the folder's own answer is known (a folder kept both or skipped
/// asks nothing about its entries).
public struct CopyResolution: Sendable {
    /// The plan.
    public let plan: CopyPlan
    /// The answers, by node.
    public private(set) var answers: [Int: ConflictChoice] = [:]
    /// The answer given "for all", if any.
    public private(set) var answerForAll: ConflictChoice?

    /// A resolution with no answers yet.
    public init(plan: CopyPlan) {
        self.plan = plan
    }

    /// Answers the question about node `index`; with `forAll`, every later question too.
    public mutating func answer(_ choice: ConflictChoice, for index: Int, forAll: Bool = false) {
        answers[index] = choice
        if forAll { answerForAll = choice }
    }

    /// The next node whose name is in the way and is not answered, or nil when all are.
    public var nextConflict: Int? {
        resolve().pending
    }

    /// What to do with each node; only meaningful once ``nextConflict`` is nil (an
    /// unanswered node is left out).
    public var actions: [NodeAction] {
        resolve().actions
    }

    /// The files (links count as files) and bytes the paste writes: the progress's totals.
    public var totals: (files: Int, bytes: Int64) {
        var files = 0, bytes: Int64 = 0
        for (node, action) in zip(plan.nodes, actions) where action.isMade && node.kind != .folder {
            files += 1
            bytes += node.size
        }
        return (files, bytes)
    }

    private func resolve() -> (actions: [NodeAction], pending: Int?) {
        var actions: [NodeAction] = []
        actions.reserveCapacity(plan.nodes.count)
        var pending: Int?
        for (index, node) in plan.nodes.enumerated() {
            if let parent = node.parent, actions[parent] != .merge {
                switch actions[parent] {
                case .create, .duplicate, .inside, .replace:
                    switch node.kind {
                    case .special(let words): actions.append(.leftOut(words))
                    case .unreadable: actions.append(.skip)
                    default: actions.append(.inside)
                    }
                default: actions.append(.skip)
                }
                continue
            }
            if case .special(let words) = node.kind {
                actions.append(.leftOut(words))
            } else if case .unreadable = node.kind {
                actions.append(.skip)  // kept where it is, and counted by the copier
            } else if node.isDuplicate {
                actions.append(.duplicate)
            } else if let existingIsFolder = node.existingIsFolder {
                guard let choice = answers[index] ?? answerForAll else {
                    if pending == nil { pending = index }
                    actions.append(.skip)
                    continue
                }
                actions.append(Self.action(for: choice, node, existingIsFolder: existingIsFolder, in: plan))
            } else {
                actions.append(.create)
            }
        }
        return (actions, pending)
    }

    private static func action(
        for choice: ConflictChoice, _ node: CopyPlan.Node, existingIsFolder: Bool, in plan: CopyPlan
    ) -> NodeAction {
        switch choice {
        case .skip: return .skip
        case .keepBoth: return .duplicate
        case .replace:
            let isFolder = node.kind == .folder
            if isFolder && existingIsFolder { return .merge }
            if !isFolder && !existingIsFolder { return .replace }
            let name = node.source.lastName
            return .leftOut(
                isFolder
                    ? String(translated: "“\(name)” was left out: a folder never replaces a file.")
                    : String(translated: "“\(name)” was left out: a file never replaces a folder."))
        }
    }
}
