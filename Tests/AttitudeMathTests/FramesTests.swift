import AttitudeMath
import TestSupport
import XCTest

final class FramesTests: XCTestCase {
    func testWorldFromENUIsMinusNinetyDegreesAboutZ() {
        assertEqual(Frames.worldFromENU, Quaternion(w: 0.70710678, x: 0, y: 0, z: -0.70710678), accuracy: 1e-8)
        // W: X north, Y west, Z up.
        assertEqual(Frames.worldFromENU.rotate([1, 0, 0]), [0, -1, 0], accuracy: 1e-15, "east is -Y")
        assertEqual(Frames.worldFromENU.rotate([0, 1, 0]), [1, 0, 0], accuracy: 1e-15, "north is +X")
        assertEqual(Frames.worldFromENU.rotate([0, 0, 1]), [0, 0, 1], accuracy: 1e-15, "up is +Z")
    }

    func testWorldFromNEDIsAHalfTurnAboutX() {
        assertEqual(Frames.worldFromNED, Quaternion(w: 0, x: 1, y: 0, z: 0), accuracy: 0)
        assertEqual(Frames.worldFromNED.rotate([1, 0, 0]), [1, 0, 0], accuracy: 1e-15, "north is +X")
        assertEqual(Frames.worldFromNED.rotate([0, 1, 0]), [0, -1, 0], accuracy: 1e-15, "east is -Y")
        assertEqual(Frames.worldFromNED.rotate([0, 0, 1]), [0, 0, -1], accuracy: 1e-15, "down is -Z")
    }

    func testENUAndNEDAgree() {
        // NED to ENU swaps north and east and flips down to up.
        let enuFromNED = Quaternion(rotationMatrixRows: [[0, 1, 0], [1, 0, 0], [0, 0, -1]])
        assertSameAttitude(Frames.worldFromENU * enuFromNED, Frames.worldFromNED, accuracy: 1e-15)
    }

    /// A declination of +10° (east): magnetic north lies 10° east of true north, and east is -Y.
    func testTrueNorthFromMagneticNorth() {
        let d = Angle.radians(fromDegrees: 10)
        let q = Frames.trueNorthFromMagneticNorth(declinationDegrees: 10)
        assertEqual(q.rotate([1, 0, 0]), [cos(d), -sin(d), 0], accuracy: 1e-15, "magnetic north, seen from true north")
        assertEqual(q.rotate([0, 0, 1]), [0, 0, 1], accuracy: 1e-15, "up stays up")
        assertEqual(Frames.trueNorthFromMagneticNorth(declinationDegrees: -10).rotate([1, 0, 0]), [cos(d), sin(d), 0],
                    accuracy: 1e-15, "a west declination turns the other way")
        assertEqual(Frames.trueNorthFromMagneticNorth(declinationDegrees: 0), .identity, accuracy: 0)
    }

    func testDeviceFromBody() {
        let q = Frames.deviceFromBody
        XCTAssertEqual(q.norm, 1, accuracy: 1e-15)
        // X_D = Y_B, Y_D = -Z_B, Z_D = -X_B: the body axis on the right lands on the device axis on the left.
        assertEqual(q.rotate([0, 1, 0]), [1, 0, 0], accuracy: 1e-15)
        assertEqual(q.rotate([0, 0, -1]), [0, 1, 0], accuracy: 1e-15)
        assertEqual(q.rotate([-1, 0, 0]), [0, 0, 1], accuracy: 1e-15)
        // The body's forward axis is the camera's viewing direction, -Z_D.
        assertEqual(q.rotate([1, 0, 0]), [0, 0, -1], accuracy: 1e-15)
    }

    func testReferenceFrameNames() {
        for frame in ReferenceFrame.allCases {
            XCTAssertEqual(ReferenceFrame(name: frame.rawValue), frame)
            XCTAssertEqual(ReferenceFrame(name: "  \(frame.rawValue.uppercased()) "), frame)
        }
        XCTAssertEqual(ReferenceFrame(name: "CMAttitudeReferenceFrameXMagneticNorthZVertical"), .xMagneticNorthZVertical)
        XCTAssertEqual(ReferenceFrame(name: "xTrueNorthZVertical"), .xTrueNorthZVertical)
        XCTAssertEqual(ReferenceFrame(name: "xArbitraryCorrectedZVertical"), .xArbitraryCorrectedZVertical)
        for bad in ["", "north", "xMagneticNorth", "ENU", "xMagneticNorthZVertical2"] {
            XCTAssertNil(ReferenceFrame(name: bad), bad)
        }
    }
}
