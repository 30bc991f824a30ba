import AttitudeMath
import Foundation
import XCTest

/// The one attitude error metric (BROAD's, with a signed heading): a turn about the vertical is heading alone, one about
/// a level axis tilt alone, and q and -q are one attitude.
final class AttitudeErrorTests: XCTestCase {
    private let degree = Angle.radians(fromDegrees: 1.0)

    /// A turn of `degrees` about `axis` (a unit vector).
    private func about(_ axis: (Double, Double, Double), _ degrees: Double) -> Quaternion {
        let h = degrees * degree / 2
        return Quaternion(w: cos(h), x: axis.0 * sin(h), y: axis.1 * sin(h), z: axis.2 * sin(h))
    }

    func testATurnAboutTheVerticalIsHeadingAloneAndSigned() throws {
        let reference = Quaternion(axis: [1, 2, 3], angle: 0.7)
        let west10 = try XCTUnwrap(AttitudeError(estimate: Quaternion(axis: [0, 0, 1], angle: 10 * degree) * reference, reference: reference))
        XCTAssertEqual(west10.heading / degree, -10, accuracy: 1e-9, "anticlockwise seen from above (towards west) is negative")
        XCTAssertEqual(west10.total / degree, 10, accuracy: 1e-9)
        XCTAssertEqual(west10.tilt, 0, accuracy: 1e-7)
        let other = Quaternion(w: 0.9, x: 0.1, y: -0.3, z: 0.2).normalized()!
        let west30 = try XCTUnwrap(AttitudeError(estimate: about((0, 0, 1), 30) * other, reference: other))
        XCTAssertEqual(west30.heading / degree, -30, accuracy: 1e-9, "a turn towards west is a negative (east positive) heading error")
        XCTAssertEqual(west30.tilt, 0, accuracy: 1e-9)
        let east30 = try XCTUnwrap(AttitudeError(estimate: about((0, 0, -1), 30) * other, reference: other))
        XCTAssertEqual(east30.heading / degree, 30, accuracy: 1e-9, "clockwise seen from above (towards east) is positive")
        XCTAssertEqual(east30.tilt, 0, accuracy: 1e-7)
    }

    func testATurnAboutALevelAxisIsTiltAlone() throws {
        let reference = Quaternion(axis: [1, 2, 3], angle: 0.7)
        let tilted = try XCTUnwrap(AttitudeError(estimate: Quaternion(axis: [1, 0, 0], angle: 4 * degree) * reference, reference: reference))
        XCTAssertEqual(tilted.tilt / degree, 4, accuracy: 1e-9)
        XCTAssertEqual(tilted.total / degree, 4, accuracy: 1e-9)
        XCTAssertEqual(tilted.heading, 0, accuracy: 1e-9)
        let other = Quaternion(w: 0.9, x: 0.1, y: -0.3, z: 0.2).normalized()!
        let aboutY = try XCTUnwrap(AttitudeError(estimate: about((0, 1, 0), 10) * other, reference: other))
        XCTAssertEqual(aboutY.tilt / degree, 10, accuracy: 1e-9)
        XCTAssertEqual(aboutY.heading, 0, accuracy: 1e-9)
        let aboutX = try XCTUnwrap(AttitudeError(estimate: about((1, 0, 0), 10) * other, reference: other))
        XCTAssertEqual(aboutX.tilt / degree, 10, accuracy: 1e-9)
        XCTAssertEqual(aboutX.heading, 0, accuracy: 1e-9)
    }

    /// Both parts of a turn at once: heading then tilt compose to the total, and the heading stays signed past 90°.
    func testHeadingAndTiltTogether() throws {
        let reference = Quaternion(axis: [0.3, -1, 0.5], angle: 1.1)
        let turn = about((1, 0, 0), 20) * about((0, 0, -1), 120)
        let error = try XCTUnwrap(AttitudeError(estimate: turn * reference, reference: reference))
        XCTAssertEqual(error.tilt / degree, 20, accuracy: 1e-9)
        XCTAssertEqual(error.heading / degree, 120, accuracy: 1e-9)
        XCTAssertEqual(error.total, 2 * acos(cos(10 * degree) * cos(60 * degree)), accuracy: 1e-12)
    }

    func testTheSignOfAQuaternionDoesNotMatter() throws {
        let reference = Quaternion(axis: [1, 2, 3], angle: 0.7)
        let same = try XCTUnwrap(AttitudeError(estimate: -reference, reference: reference))
        XCTAssertEqual(same.total, 0, accuracy: 1e-7)
        XCTAssertEqual(same.tilt, 0, accuracy: 1e-7)
        XCTAssertEqual(same.heading, 0, accuracy: 1e-9)
        let other = Quaternion(w: 0.9, x: 0.1, y: -0.3, z: 0.2).normalized()!
        let flipped = Quaternion(w: -other.w, x: -other.x, y: -other.y, z: -other.z)
        XCTAssertEqual(try XCTUnwrap(AttitudeError(estimate: other, reference: flipped)).tilt, 0, accuracy: 1e-6, "q and -q are one attitude")
        let turned = about((0, 0, 1), 30) * reference
        XCTAssertEqual(AttitudeError(estimate: -turned, reference: reference), AttitudeError(estimate: turned, reference: -reference))
        XCTAssertEqual(try XCTUnwrap(AttitudeError(estimate: -turned, reference: reference)).heading / degree, -30, accuracy: 1e-9)
    }

    func testANonFiniteAttitudeHasNoError() {
        let nan = Quaternion(w: .nan, x: 0, y: 0, z: 0)
        XCTAssertNil(AttitudeError(estimate: nan, reference: .identity))
        XCTAssertNil(AttitudeError(estimate: .identity, reference: Quaternion(w: 0, x: 0, y: 0, z: 0)))
    }
}
