import AttitudeLog
import AttitudeMath
import Render
import Scene
import XCTest

/// A heading that is not referenced to north is labelled "heading arbitrary" on the HUD, for a log in an
/// arbitrary frame and for imud packets that clear mag_valid; north frames keep their names.
final class HeadingLabelTests: XCTestCase {
    private func log(_ frame: ReferenceFrame?) throws -> AttitudeLog {
        try AttitudeLog(samples: [AttitudeSample(t: 0, worldFromDevice: .identity)], frame: frame)
    }

    func testArbitraryFramesAreLabelledArbitraryOnTheHUD() throws {
        XCTAssertEqual(SceneSource.frameName(of: try log(.xArbitraryZVertical)), "heading arbitrary (xArbitraryZVertical)")
        XCTAssertEqual(SceneSource.frameName(of: try log(.xMagneticNorthZVertical)), "xMagneticNorthZVertical")
        XCTAssertEqual(SceneSource.frameName(of: try log(nil)), "not given by the log")
        for frame in [ReferenceFrame.xArbitraryZVertical, .xArbitraryCorrectedZVertical] {
            let source = SceneSource(log: try log(frame), fusion: nil, path: "six-d.csv", at: 0)
            let lines = try XCTUnwrap(source.scene(relativeTo: nil, hud: true).hud).lines
            XCTAssertTrue(lines[3].hasPrefix("frame  heading arbitrary ("), lines[3])
            XCTAssertFalse(lines.joined().lowercased().contains("north"), "\(lines)")
        }
    }

    func testImudsFrameFollowsMagValid() {
        XCTAssertEqual(SceneSource.imudFrameName(magValid: true), "X north, Y west, Z up (from imud)")
        let arbitrary = SceneSource.imudFrameName(magValid: false)
        XCTAssertFalse(arbitrary.contains("north"))
        let line = HUDReadout(worldFromDevice: .identity, smoothedTilt: 0, frame: arbitrary, source: "imud").lines[3]
        XCTAssertEqual(line, "frame  heading arbitrary (imud: no mag_valid)", "fits the HUD's line uncut")
    }
}
