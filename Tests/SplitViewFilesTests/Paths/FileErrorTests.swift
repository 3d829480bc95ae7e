import Glibc
import SplitViewFiles
import Testing

@Suite struct FileErrorTests {
    @Test func aSystemErrorReadsAsTheSystemSaysIt() {
        let error = FileError(path: "/a", code: EACCES)
        #expect(error.description == "/a: Permission denied")
    }
}
