import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The location bar's pure parts: what a typed text names, and Tab's completion.
@Suite struct LocationTests {
    let current = FilePath("/home/ana/notes")

    @Test func aTildeIsTheHomeFolderAndAnAbsolutePathIsItself() {
        #expect(Location.resolve("~", from: current, home: "/home/ana") == FilePath("/home/ana"))
        #expect(Location.resolve("~/Travel/", from: current, home: "/home/ana") == FilePath("/home/ana/Travel"))
        #expect(Location.resolve("/usr//share/", from: current, home: "/h") == FilePath("/usr/share"))
        #expect(Location.resolve("/", from: current, home: "/h") == FilePath("/"))
    }

    @Test func aRelativePathStartsAtTheShownFolderAndDotsAreTakenOut() {
        #expect(Location.resolve("Japan", from: current, home: "/h") == FilePath("/home/ana/notes/Japan"))
        #expect(Location.resolve("../x/./y", from: current, home: "/h") == FilePath("/home/ana/x/y"))
        #expect(Location.resolve("/../../..", from: current, home: "/h") == FilePath("/"))
        #expect(Location.resolve("..", from: FilePath("/"), home: "/h") == FilePath("/"))
    }

    @Test func anEmptyTextAndAnotherUsersHomeNameNothing() {
        #expect(Location.resolve("", from: current, home: "/h") == nil)
        #expect(Location.resolve("~bob/x", from: current, home: "/h") == nil)
    }

    @Test func oneFolderThatFitsIsCompletedWithASlash() {
        let result = PathCompletion.complete("/usr/sh", folders: ["share", "bin", "lib"])
        #expect(result == PathCompletion.Result(text: "/usr/share/", choices: ["share"]))
    }

    @Test func severalAreCompletedAsFarAsTheyAgreeAndListed() {
        let result = PathCompletion.complete("~/Do", folders: ["Downloads", "Documents", "Desktop"])
        #expect(result.text == "~/Do")
        #expect(result.choices == ["Documents", "Downloads"])
        #expect(PathCompletion.complete("li", folders: ["library", "libexec", "bin"]).text == "lib")
    }

    @Test func noneLeavesTheTextAndHiddenFoldersNeedTheirDot() {
        #expect(PathCompletion.complete("/x/zz", folders: ["a"]) == PathCompletion.Result(text: "/x/zz", choices: []))
        #expect(PathCompletion.complete("/x/", folders: [".git", "src"]).text == "/x/src/")
        #expect(PathCompletion.complete("/x/.g", folders: [".git", "src"]).text == "/x/.git/")
        #expect(PathCompletion.complete("", folders: []).choices == [])
    }

    @Test func theHistoryGoesBackAndForwardAndANewStepClearsForward() {
        var history = NavigationHistory()
        let (a, b, c, d) = (FilePath("/a"), FilePath("/b"), FilePath("/c"), FilePath("/d"))
        history.leave(a)
        history.leave(b)
        #expect(history.goBack(from: c) == b)
        #expect(history.goBack(from: b) == a)
        #expect(history.goBack(from: a) == nil)
        #expect(history.goForward(from: a) == b)
        history.leave(b)
        _ = d
        #expect(history.forward == [])
        #expect(history.back == [a, b])
    }

    @Test func theHistoryKeepsItsLatestFiftyAndOneStepPerFolderInARow() {
        var history = NavigationHistory()
        for index in 0..<60 { history.leave(FilePath("/\(index)")) }
        history.leave(FilePath("/59"))
        #expect(history.back.count == NavigationHistory.limit)
        #expect(history.back.first == FilePath("/10"))
        #expect(NavigationHistory(back: Array(repeating: FilePath("/"), count: 80)).back.count == 50)
    }
}
