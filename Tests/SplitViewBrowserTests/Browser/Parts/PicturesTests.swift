import Glibc
import SplitView
import SplitViewFiles
import SplitViewImages
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The pictures part alone, with a loader of its own: what the reader shows, and at most one
/// picture decoding, whose answer comes once or, cancelled, never.
@Suite struct PicturesTests {
    /// Hands the loader's finished decodes on until `condition` holds.
    static func settle(_ loader: ImageLoader, until condition: () -> Bool) -> Bool {
        waitUntil(timeout: 20) {
            var descriptor = pollfd(fd: loader.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 0)
            if descriptor.revents != 0 { loader.takeResults() }
            return condition()
        }
    }

    @Test func whatTheReaderShowsIsKnownByPathSizeAndTime() {
        let pictures = Pictures(loader: try! ImageLoader())
        let path = FilePath("/a.txt"), time = FileTime(seconds: 10, nanoseconds: 0)
        #expect(!pictures.isShowing(path, size: 3, modified: time))
        pictures.didShow(path, size: 3, modified: time)
        #expect(pictures.isShowing(path, size: 3, modified: time))
        #expect(!pictures.isShowing(path, size: 4, modified: time))
        #expect(!pictures.isShowing(path, size: 3, modified: FileTime(seconds: 11, nanoseconds: 0)))
        pictures.didShowNothing()
        #expect(!pictures.isShowing(path, size: 3, modified: time))
    }

    /// A second picture asked for cancels the first, whose answer never comes; the second's
    /// comes once, and the request is gone by then.
    @Test func aNewPictureCancelsTheOneUnderWay() throws {
        let tree = TempTree()
        let red = Array(repeating: [UInt8]([255, 0, 0, 255]), count: 40 * 30).flatMap { $0 }
        let first = tree.root + "/first.png", second = tree.root + "/second.png"
        PictureFiles.png(first, width: 40, height: 30, type: .rgba, bytes: red)
        PictureFiles.png(second, width: 40, height: 30, type: .rgba, bytes: red)
        let loader = try ImageLoader()
        let pictures = Pictures(loader: loader)
        var answers: [String] = []
        var requestAtTheAnswer: Bool?
        pictures.load(FilePath(first)) { _ in answers.append("first") }
        pictures.load(FilePath(second)) { result in
            let answer = if case .success(let decoded) = result { "second \(decoded.info.width)" } else { "second failed" }
            answers.append(answer)
            requestAtTheAnswer = pictures.request != nil
        }
        #expect(loader.pendingCount == 1 && pictures.request != nil)
        #expect(Self.settle(loader) { !answers.isEmpty && loader.pendingCount == 0 })
        #expect(answers == ["second 40"] && requestAtTheAnswer == false && pictures.request == nil)

        pictures.load(FilePath(first)) { _ in answers.append("again") }
        pictures.cancel()
        #expect(loader.pendingCount == 0 && pictures.request == nil)
        // A part that goes stops its decode.
        var gone: Pictures? = Pictures(loader: loader)
        gone?.load(FilePath(second)) { _ in answers.append("gone") }
        #expect(loader.pendingCount == 1)
        gone = nil
        #expect(loader.pendingCount == 0 && answers == ["second 40"])
        #expect(Pictures.format(of: .text("x", lineCount: 1, bytesShown: 1, totalSize: 1, encoding: .utf8)) == nil)
        #expect(Pictures.format(of: .binary(totalSize: 8, head: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) == .png)
    }
}
