import SteadyDiceKit
import XCTest

/// `ImageComparison`, the picture comparison `steady-dice compare` and the golden tests use, on pictures made here:
/// the tolerance per channel, the share of pixels allowed over it, and pictures of different sizes.
final class ImageComparisonTests: XCTestCase {
    private let grey = RGBImage(width: 8, height: 6, fill: (100, 120, 140))

    /// `grey` with the pixel at (`x`, `y`) moved by `delta` in its green channel.
    private func greyWithOnePixel(x: Int, y: Int, delta: Int) -> RGBImage {
        var image = grey
        image.pixels[3 * (y * image.width + x) + 1] = UInt8(120 + delta)
        return image
    }

    func testEqualPicturesMatchWithNothingDiffering() {
        let comparison = ImageComparison(expected: grey, actual: grey, tolerance: 0)
        XCTAssertTrue(comparison.matches)
        XCTAssertEqual(comparison.differingPixels, 0)
        XCTAssertEqual(comparison.largestDifference, 0)
        XCTAssertNil(comparison.largestDifferenceAt)
        XCTAssertEqual(comparison.summary(), "expected and actual match: 0 of 48 pixels (0%) differ by more than 0 in a channel "
                       + "(allowed: 0%); largest difference 0")
    }

    func testOnePixelWithinTheToleranceMatches() {
        let comparison = ImageComparison(expected: grey, actual: greyWithOnePixel(x: 5, y: 2, delta: 2))
        XCTAssertEqual(comparison.tolerance, ImageComparison.defaultTolerance)
        XCTAssertTrue(comparison.matches, comparison.summary())
        XCTAssertEqual(comparison.differingPixels, 0)
        XCTAssertEqual(comparison.largestDifference, 2, "the difference is still measured")
        XCTAssertEqual(comparison.largestDifferenceAt?.x, 5)
        XCTAssertEqual(comparison.largestDifferenceAt?.y, 2)
    }

    func testOnePixelPastTheToleranceDiffersUnlessItsShareIsAllowed() throws {
        let actual = greyWithOnePixel(x: 5, y: 2, delta: 3)
        let strict = ImageComparison(expected: grey, actual: actual)
        XCTAssertFalse(strict.matches)
        XCTAssertEqual(strict.differingPixels, 1)
        XCTAssertEqual(strict.fraction, 1.0 / 48, accuracy: 1e-12)
        XCTAssertEqual(strict.largestDifference, 3)
        XCTAssertEqual(strict.largestDifferenceAt?.x, 5, "column 5")
        XCTAssertEqual(strict.largestDifferenceAt?.y, 2, "row 2 from the top")
        XCTAssertEqual(strict.summary(expected: "golden.png", actual: "new.png"),
                       "golden.png and new.png differ: 1 of 48 pixels (2.083%) differ by more than 2 in a channel (allowed: 0%); "
                       + "largest difference 3 at x 5, y 2")
        XCTAssertTrue(ImageComparison(expected: grey, actual: actual, maxFraction: 0.03).matches, "one pixel in 48 is within 3 %")
        XCTAssertFalse(ImageComparison(expected: grey, actual: actual, maxFraction: 0.02).matches, "and not within 2 %")
        XCTAssertTrue(ImageComparison(expected: grey, actual: actual, tolerance: 3).matches)

        let diff = try XCTUnwrap(ImageComparison.diffImage(expected: grey, actual: actual))
        XCTAssertTrue(diff.pixel(x: 5, y: 2) == (255, 0, 255), "the pixel over the tolerance in magenta")
        XCTAssertTrue(diff.pixel(x: 0, y: 0) == (33, 40, 46), "the rest dimmed to a third")
    }

    func testPicturesOfDifferentSizesDoNotMatch() {
        let wider = RGBImage(width: 9, height: 6, fill: (100, 120, 140))
        let comparison = ImageComparison(expected: grey, actual: wider, tolerance: 255, maxFraction: 1)
        XCTAssertFalse(comparison.sizesMatch)
        XCTAssertFalse(comparison.matches, "whatever the tolerance and the share allowed")
        XCTAssertEqual(comparison.differingPixels, 0)
        XCTAssertEqual(comparison.summary(), "expected and actual differ in size: expected is 8x6, actual is 9x6")
        XCTAssertNil(ImageComparison.diffImage(expected: grey, actual: wider))
    }
}
