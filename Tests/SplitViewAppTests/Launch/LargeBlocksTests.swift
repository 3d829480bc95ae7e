import CFileOps
import Glibc
import Testing

@testable import SplitViewApp

/// The heap's policy for large blocks (a picture's pixels): each a mapping of its own, even
/// after one of the same size was freed, so that its memory goes back to the system when it is.
@Suite struct LargeBlocksTests {
    /// Without the fixed threshold glibc raises its own to a block's size when it frees it, and
    /// takes the next block of that size from the heap: resident after it is freed.
    ///
    /// The check runs in a child of this process: the policy is the heap's, which the other
    /// tests share, and a block is served from the heap's free memory whatever the threshold
    /// when enough is free there (a run of many tests leaves tens of MiB). The child first takes
    /// all of that free memory in blocks below the threshold, so that a 12 MiB block can only be
    /// mapped or grown: the policy alone decides. The child runs nothing but C calls between
    /// `fork` and `_exit` (the only thread left may find a lock of the runtime held).
    @Test func aLargeBlockIsMappedApartAfterOneOfItsSizeWasFreed() {
        let child = fork()
        if child == 0 { _exit(Self.checkInThisProcess()) }
        #expect(child > 0)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        #expect(exited, "the child ended by signal \(status & 0x7f)")
        let said = [
            0: "", 2: "mallopt refused the threshold", 3: "the heap ran out",
            4: "the first 12 MiB block was not a mapping of its own",
            5: "a 12 MiB block after one of its size was freed came from the heap",
        ]
        #expect(code == 0, "\(said[Int(code)] ?? "status \(code)")")
    }

    /// The check itself; its status says what failed (see the test).
    private static func checkInThisProcess() -> Int32 {
        guard sv_map_large_blocks(UInt(Launcher.largeBlock)) == 1 else { return 2 }
        let soak = Launcher.largeBlock / 2
        var left = Int(sv_free_heap_bytes()) + (1 << 20)
        while left > 0 {
            guard malloc(soak) != nil else { return 3 }  // kept until the child exits
            left -= soak
        }
        let size = 12 << 20
        guard let first = malloc(size) else { return 3 }
        guard sv_block_is_mapped(first) == 1 else { return 4 }
        free(first)
        guard let second = malloc(size) else { return 3 }
        guard sv_block_is_mapped(second) == 1 else { return 5 }
        free(second)
        return 0
    }
}
