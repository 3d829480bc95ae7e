extension SplitViewController {
    /// Another program took `selection`: every content controller installed hears it, shown
    /// or not (a hidden reader's highlight is stale too).
    func selectionTaken(_ selection: Selection) {
        for vc in installedViewControllers { vc.selectionTaken(selection) }
    }

    /// Every view controller installed in the split view, each once: the columns' own, those in
    /// their navigation stacks, and the items of their stack splits (nested ones too), in column
    /// order.
    var installedViewControllers: [ViewController] {
        var result: [ViewController] = []
        func add(_ vc: ViewController?) {
            guard let vc, !result.contains(where: { $0 === vc }) else { return }
            result.append(vc)
            for item in (vc as? StackSplitViewController)?.splitItems ?? [] { add(item.viewController) }
        }
        for column in Column.allCases {
            add(children.original[column])
            for vc in children.wrapped[column]?.viewControllers ?? [] { add(vc) }
        }
        return result
    }
}
