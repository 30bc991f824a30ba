import CommandLineSupport
import CMalloc
import Glibc
import XCTest

final class ProcessHeapTests: XCTestCase {
    /// glibc takes both settings, and a frame-sized block then comes from the heap and stays there when freed, ready
    /// for the next frame, rather than being mapped for itself and unmapped at once.
    func testAFramesBufferIsKeptForTheNextFrame() throws {
        XCTAssertTrue(ProcessHeap.keepFreedMemoryForReuse())
        let frame = 8 << 20
        let before = mallinfo2()
        let block = try XCTUnwrap(malloc(frame))
        memset(block, 1, frame)
        let during = mallinfo2()
        free(block)
        let after = mallinfo2()
        XCTAssertEqual(during.hblkhd, before.hblkhd, "from the heap, not a mapping of its own")
        XCTAssertEqual(after.arena, during.arena, "the heap is not trimmed when the block is freed")
    }
}
