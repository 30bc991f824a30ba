import Foundation
@testable import Footage
import TestSupport
import XCTest

/// The clip's tracks' own logic: OpenCamera Sensors' frame stamps and the progress line.
final class ClipTracksTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "clip-tracks" }

    /// OpenCamera Sensors' frame stamps: one whole number of nanoseconds a line, blank lines and comments passed over.
    func testFrameStampsAreWholeNanosecondsALine() throws {
        XCTAssertEqual(try ClipTracks.frameStamps(try write("good.csv", "1000\n\n2000000\n 3000000 \n")), [1000, 2_000_000, 3_000_000])
        // Read as every CSV: a comment passed over, CRLF line ends, and the line counted as the file's.
        let crlf = try write("crlf.csv", "# frame stamps\r\n1000\r\n\r\n2000\r\nx\r\n")
        XCTAssertThrowsError(try ClipTracks.frameStamps(crlf)) {
            XCTAssertTrue("\($0)".contains("\(crlf):5") && "\($0)".contains("found 'x'"), "\($0)")
        }
        XCTAssertEqual(try ClipTracks.frameStamps(try write("comment.csv", "# frame stamps\r\n1000\r\n2000\r\n")), [1000, 2000])
        let negative = try write("negative.csv", "1000\n-5\n")
        XCTAssertThrowsError(try ClipTracks.frameStamps(negative)) {
            XCTAssertTrue("\($0)".contains("\(negative):2") && "\($0)".contains("expected a frame time in integer nanoseconds, found '-5'"),
                          "\($0)")
        }
        XCTAssertThrowsError(try ClipTracks.frameStamps(try write("float.csv", "1.5e9\n"))) {
            XCTAssertTrue("\($0)".contains("found '1.5e9'"), "\($0)")
        }
        XCTAssertThrowsError(try ClipTracks.frameStamps(try write("empty.csv", "\n\n"))) {
            XCTAssertTrue("\($0)".contains("holds no frame stamps"), "\($0)")
        }
    }

    func testTheProgressLineSaysOfHowManyWhenKnown() {
        XCTAssertEqual(ClipTracks.trackedLine(100, expected: (300, true)), "tracked 100 of 300 frames")
        XCTAssertEqual(ClipTracks.trackedLine(100, expected: (300, false)), "tracked 100 of about 300 frames")
        XCTAssertEqual(ClipTracks.trackedLine(400, expected: (300, false)), "tracked 400 frames", "an estimate passed is not repeated")
        XCTAssertEqual(ClipTracks.trackedLine(100, expected: (90, false)), "tracked 100 frames", "never \"100 of 90 frames\"")
        XCTAssertEqual(ClipTracks.trackedLine(100, expected: nil), "tracked 100 frames")
    }
}
