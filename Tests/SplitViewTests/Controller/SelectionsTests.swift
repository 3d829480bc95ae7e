import Testing

@testable import SplitView

/// `+Selections.swift`: a selection another program took is told to every content
/// controller installed, shown or hidden, pushed or at a stack's root; requests to own one
/// leave by the one route.
@Suite struct SelectionsTests {
    final class Watcher: ViewController {
        var taken: [Selection] = []
        override func selectionTaken(_ selection: Selection) { taken.append(selection) }
    }

    @Test func everyInstalledControllerHearsASelectionTaken() {
        let f = Fixture(.tripleColumn, width: 1400)
        let shown = Watcher(title: "shown"), hidden = Watcher(title: "hidden"), pushed = Watcher(title: "pushed")
        f.split.setViewController(shown, for: .primary)
        f.split.setViewController(hidden, for: .inspector)
        f.split.setViewController(NavigationController(rootViewController: ViewController(title: "root")), for: .secondary)
        f.split.navigationController(for: .secondary)?.pushViewController(pushed, animated: false)
        f.send(.selectionTaken(.primary), .selectionTaken(.clipboard))
        for watcher in [shown, hidden, pushed] { #expect(watcher.taken == [.primary, .clipboard], "\(watcher.title)") }
    }

    @Test func askingForASelectionLeavesByTakeHostRequests() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.post(.setSelection(.clipboard, text: "path"))
        f.split.post(.clearSelection(.primary))
        #expect(f.split.takeHostRequests() == [.setSelection(.clipboard, text: "path"), .clearSelection(.primary)])
    }
}
