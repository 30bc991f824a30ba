import Camera
import XCTest

/// An anchor and a field of view are checked when built, as `PictureSize` is: each bound, inclusive or exclusive as its
/// range says, and the refusal naming the value and the range, never an option.
final class CheckedValuesTests: XCTestCase {
    func testAnAnchorsDistanceIsFromOneToNinetyNine() throws {
        XCTAssertEqual(try Anchor(bearingDegrees: 0, elevationDegrees: 0, distance: Anchor.minimumDistance).distance, 1)
        XCTAssertEqual(try Anchor(bearingDegrees: 0, elevationDegrees: 0, distance: Anchor.maximumDistance).distance, 99)
        for distance in [Anchor.minimumDistance.nextDown, Anchor.maximumDistance.nextUp, 0, -4, .nan, .infinity] {
            XCTAssertThrowsError(try Anchor(bearingDegrees: 0, elevationDegrees: 0, distance: distance), "\(distance)") {
                guard case .distance(let given)? = $0 as? AnchorError else { return XCTFail("\($0)") }
                XCTAssertTrue(given == distance || (given.isNaN && distance.isNaN))
                XCTAssertFalse("\($0)".contains("--"), "\($0)")
            }
        }
        XCTAssertEqual(AnchorError.distance(0.5).description, "the anchor's distance must be from 1.0 to 99.0 (the whole die between "
                       + "the near plane at 0.1 and the far plane at 100), not 0.5")
    }

    func testAnAnchorsElevationIsWithinTheZenithAndTheNadir() throws {
        XCTAssertEqual(try Anchor(bearingDegrees: 30, elevationDegrees: 90).elevationDegrees, 90)
        XCTAssertEqual(try Anchor(bearingDegrees: 30, elevationDegrees: -90).elevationDegrees, -90)
        for elevation in [(90.0).nextUp, (-90.0).nextDown, 180, .nan] {
            XCTAssertThrowsError(try Anchor(bearingDegrees: 30, elevationDegrees: elevation), "\(elevation)") {
                guard case .elevation(let given)? = $0 as? AnchorError else { return XCTFail("\($0)") }
                XCTAssertTrue(given == elevation || (given.isNaN && elevation.isNaN))
            }
        }
        XCTAssertEqual(AnchorError.elevation(91).description, "the anchor's elevation must be within -90 to 90 degrees, not 91")
        XCTAssertEqual(Anchor(fixedBearingDegrees: 30, elevationDegrees: 5), try Anchor(bearingDegrees: 30, elevationDegrees: 5))
    }

    func testAFieldOfViewIsStrictlyBetweenOneAndOneHundredSeventyNineDegrees() throws {
        XCTAssertEqual(try FieldOfView(degrees: (1.0).nextUp).degrees, (1.0).nextUp)
        XCTAssertEqual(try FieldOfView(degrees: (179.0).nextDown).degrees, (179.0).nextDown)
        XCTAssertEqual(try FieldOfView(degrees: 60), FieldOfView(fixedDegrees: 60))
        for degrees in [1.0, 179, 0, -60, 180, .infinity] {
            XCTAssertThrowsError(try FieldOfView(degrees: degrees), "\(degrees)") {
                XCTAssertEqual($0 as? FieldOfViewError, FieldOfViewError(degrees: degrees))
            }
        }
        XCTAssertThrowsError(try FieldOfView(degrees: .nan))
        XCTAssertEqual(FieldOfViewError(degrees: 180).description, "the field of view must be between 1 and 179 degrees (exclusive), not 180")
        XCTAssertEqual(FieldOfView(fixedDegrees: 50).description, "50°")
    }
}
