import Glibc
import TestSupport
import Testing

@testable import SplitViewControl

/// The client's connection, apart from what the server answers.
@Suite struct ControlClientTests {
    @Test func aSocketWhereNothingListensIsReportedInOneLine() throws {
        let temporary = try TemporaryFolder("client")
        let path = temporary.path + "/none.socket"
        #expect(throws: ControlError("\(path): No such file or directory")) { try ControlClient(path: path) }
    }

    /// A connection that fails closes its descriptor once: a second close would take the file
    /// another thread had opened meanwhile under the same number.
    @Test func aFailedConnectionClosesOnlyItsOwnDescriptor() throws {
        let temporary = try TemporaryFolder("client")
        let path = temporary.path + "/none.socket"
        let stolen = descriptorsClosedUnderAnotherThread(rounds: 3000) { _ = try? ControlClient(path: path) }
        #expect(stolen == 0)
    }
}
