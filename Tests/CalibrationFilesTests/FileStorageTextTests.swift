@testable import CalibrationFiles
import TestSupport
import XCTest

/// The checks a FileStorage text passes before OpenCV parses it: how deeply it nests, counted as OpenCV's parsers
/// recurse, and whether its name makes OpenCV read it through zlib. The refusals they lead to are HostileReaderTests'.
final class FileStorageTextTests: XCTestCase {
    /// A calibration's own nesting (the file, a matrix, its data) reads as 3; brackets and keys in a quoted string or a
    /// comment nest nothing.
    func testACalibrationsOwnNestingIsCounted() {
        XCTAssertEqual(FileStorageDepth.of(Array(OpenCVCameraFile.sample320x240.utf8)), 3)
        XCTAssertEqual(FileStorageDepth.of(Array("%YAML:1.0\n---\nwarning: \"[[[[ a: b: c\"\n# [[[[\n".utf8)), 1)
    }

    /// OpenCV inflates a name whose last `.` is followed by `gz` and the end or one digit; a `.gz` folder is no such name.
    func testACompressedNameIsTheOneOpenCVInflates() {
        XCTAssertTrue(FileStorageText.isCompressedName("cal.yml.gz9"))
        XCTAssertFalse(FileStorageText.isCompressedName("cal.gz/camera.yaml"))
    }
}
