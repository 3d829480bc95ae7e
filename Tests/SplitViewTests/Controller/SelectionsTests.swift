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

/// A triple click goes to the content under it, below the bar, like a double click; on a bar
/// or a divider it does nothing.
@Suite struct TripleClickTests {
    final class Clicks: ViewController {
        var triples: [Point] = []
        override func tripleClick(at point: Point, in bounds: Rect) -> Bool {
            triples.append(point)
            return true
        }
    }

    @Test func aTripleClickReachesTheContentInItsCoordinates() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let clicks = Clicks(title: "C")
        f.split.setViewController(clicks, for: .secondary)
        let frame = try #require(f.split.layout.frame(of: .secondary))
        f.send(.tripleClick(Point(x: frame.minX + 20, y: 100)))
        #expect(clicks.triples == [Point(x: 20, y: 100)])
        f.send(.tripleClick(Point(x: frame.minX + 20, y: 10)))  // on the bar
        #expect(clicks.triples.count == 1)
    }
}
