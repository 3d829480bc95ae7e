import CFileOps
import Glibc
import Testing

@testable import SplitViewApp

/// The heap's policy for large blocks (a picture's pixels): each a mapping of its own, even
/// after one of the same size was freed, so that its memory goes back to the system when it is.
@Suite(.serialized) struct LargeBlocksTests {
    /// Without the fixed threshold glibc raises its own to a block's size when it frees it, and
    /// takes the next block of that size from the heap: resident after it is freed.
    ///
    /// A block is served from the heap's free memory, whatever the threshold, when enough is
    /// free (this process runs many tests): the block is made larger than that, up to 30 MiB
    /// (glibc's own threshold grows to 32 MiB at most, so the test means something below it).
    @Test func aLargeBlockIsMappedApartAfterOneOfItsSizeWasFreed() throws {
        #expect(sv_map_large_blocks(UInt(Launcher.largeBlock)) == 1)
        let size = max(12 << 20, Int(sv_free_heap_bytes()) + (4 << 20))
        guard size <= 30 << 20 else {
            Issue.record("the heap holds \(sv_free_heap_bytes()) free bytes: no block size shows the policy")
            return
        }
        let first = try #require(malloc(size))
        #expect(sv_block_is_mapped(first) == 1)
        free(first)
        let second = try #require(malloc(size))
        #expect(sv_block_is_mapped(second) == 1)
        free(second)
    }
}
