import CFileOps
import Glibc
import Testing

@testable import SplitViewApp

/// The heap's policy for large blocks (a picture's pixels): each a mapping of its own, even
/// after one of the same size was freed, so that its memory goes back to the system when it is.
@Suite struct LargeBlocksTests {
    /// Without the fixed threshold glibc would raise its own to 12 MiB when the first block is
    /// freed, and take the second from its arena: resident after it is freed.
    @Test func aLargeBlockIsMappedApartAfterOneOfItsSizeWasFreed() throws {
        #expect(sv_map_large_blocks(UInt(Launcher.largeBlock)) == 1)
        let size = 12 << 20
        let first = try #require(malloc(size))
        #expect(sv_block_is_mapped(first) == 1)
        free(first)
        let second = try #require(malloc(size))
        #expect(sv_block_is_mapped(second) == 1)
        free(second)
        // Boundary: a block just under the threshold stays in the heap.
        let small = try #require(malloc(Launcher.largeBlock - 4096))
        #expect(sv_block_is_mapped(small) == 0)
        free(small)
    }
}
