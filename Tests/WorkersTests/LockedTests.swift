import Foundation
import Workers
import XCTest

/// `Locked`: changes from many threads at once are none of them lost, and what `withLock`'s body throws
/// reaches the caller with the lock let go.
final class LockedTests: XCTestCase {
    func testChangesFromManyThreadsAreAllKept() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
        XCTAssertEqual(count.current, 80_000)
    }

    func testAThrowReachesTheCallerAndLetsTheLockGo() {
        struct Refused: Error {}
        let value = Locked([1])
        XCTAssertThrowsError(try value.withLock { (numbers: inout [Int]) throws -> Void in
            numbers.append(2)
            throw Refused()
        }) { XCTAssertTrue($0 is Refused, "\($0)") }
        value.withLock { $0.append(3) }  // would wait for ever had the throw kept the lock
        XCTAssertEqual(value.current, [1, 2, 3], "a change made before the throw is kept")
    }
}
