import Glibc
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The opener: started without a shell, never waited for, its failure put in words.
@Suite(.serialized) struct OpenerTests {
    /// Polls `pid` until it exits (at most 5 s); its outcome.
    static func outcome(_ pid: pid_t) -> String?? {
        var outcome: String??
        waitUntil(timeout: 5) {
            outcome = Opener.poll(pid)
            return outcome != nil
        }
        return outcome
    }

    @Test func aProgramThatFailsIsReportedWithItsStatus() throws {
        defer { Opener.program = "xdg-open" }
        Opener.program = "false"
        let pid = try Opener.start(FilePath("/tmp")).get()
        #expect(Self.outcome(pid) == .some("false failed (exit status 1)"))
    }

    @Test func aProgramThatSucceedsIsNotReported() throws {
        defer { Opener.program = "xdg-open" }
        Opener.program = "true"
        let pid = try Opener.start(FilePath("/tmp")).get()
        #expect(Self.outcome(pid) == .some(nil))
    }

    @Test func aMissingProgramIsSaidAtOnce() {
        defer { Opener.program = "xdg-open" }
        Opener.program = "splitview-no-such-opener"
        guard case .failure(let failure) = Opener.start(FilePath("/tmp")) else {
            Issue.record("a missing program started")
            return
        }
        #expect(failure.reason == "splitview-no-such-opener is not installed")
    }
}
