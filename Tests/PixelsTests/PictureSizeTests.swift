import ExitKinds
import Pixels
import XCTest

/// The one picture size every module passes: each side from 1 to 16384, refused with the sides given.
final class PictureSizeTests: XCTestCase {
    func testBothEndsOfTheRangeAreTaken() throws {
        let smallest = try PictureSize(width: 1, height: 1)
        XCTAssertEqual(smallest.width, 1)
        XCTAssertEqual(smallest.height, 1)
        let largest = try PictureSize(width: 16384, height: 16384)
        XCTAssertEqual(largest, PictureSize(fixedWidth: PictureSize.largestSide, height: PictureSize.largestSide))
        XCTAssertEqual(try PictureSize(width: 640, height: 480).description, "640x480")
    }

    func testASideOutsideTheRangeIsRefusedWithTheSidesGiven() {
        for (width, height) in [(0, 48), (64, 0), (-1, 48), (16385, 1), (1, 16385)] {
            XCTAssertThrowsError(try PictureSize(width: width, height: height), "\(width)x\(height)") { error in
                XCTAssertEqual(error as? PictureSizeError, PictureSizeError(width: width, height: height))
            }
        }
        XCTAssertEqual(PictureSizeError(width: 0, height: 48).description, "the size must be from 1x1 to 16384x16384, not 0x48")
    }

    /// A size out of range is the user's value: the command line's failure.
    func testARefusalIsAUsageError() {
        XCTAssertEqual(PictureSizeError(width: 0, height: 48).exitKind, .usage)
    }
}
