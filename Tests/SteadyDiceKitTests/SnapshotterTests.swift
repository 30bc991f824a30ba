import Foundation
import PictureTestSupport
import SteadyDiceKit
import TestSupport
import XCTest

/// `Snapshotter`, the library's snapshot API, on its own: the caller's GL context, and settings it refuses
/// (SnapshotterCommandTests in CommandLineTests compares it with the `steady-dice snapshot` binary).
final class SnapshotterTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-kit" }

    /// A snapshotter inside a process that renders in its own context (as the golden tests do)
    /// leaves that context current and working.
    func testSnapshotterLeavesTheCallersContextWorking() throws {
        let before = try RenderHarness.render(.identity, width: 160, height: 120)
        _ = try Snapshotter(size: PictureSize(fixedWidth: 64, height: 48)).image(worldFromDevice: .identity)
        XCTAssertEqual(try RenderHarness.render(.identity, width: 160, height: 120), before)
    }

    func testBadOptionsAreRefusedWithTheCommandLinesWords() throws {
        // A field of view out of range is no value to give a snapshotter: it is refused when built, saying its facts.
        XCTAssertThrowsError(try FieldOfView(degrees: 200)) { error in
            XCTAssertEqual("\(error)", "the field of view must be between 1 and 179 degrees (exclusive), not 200")
        }
        var settings = DrawingSettings(hud: true)
        XCTAssertThrowsError(try Snapshotter(size: PictureSize(fixedWidth: 100, height: 100), settings: settings)) { error in
            XCTAssertTrue("\(error)".contains("no room for the HUD"), "\(error)")
        }
        // A side of 0 is no picture size: refused where the size is built, before any snapshotter.
        XCTAssertThrowsError(try PictureSize(width: 0, height: 240)) { error in
            XCTAssertEqual(error as? PictureSizeError, PictureSizeError(width: 0, height: 240))
        }
        settings = DrawingSettings(camera: CameraSettings(panoramaPath: folder.appendingPathComponent("absent.png").path))
        XCTAssertThrowsError(try Snapshotter(size: PictureSize(fixedWidth: 320, height: 240), settings: settings)) { error in
            XCTAssertTrue("\(error)".contains("absent.png"), "\(error)")
        }
        XCTAssertThrowsError(try Snapshotter(size: PictureSize(fixedWidth: 32, height: 24)).image(worldFromDevice: Quaternion(w: 0, x: 0, y: 0, z: 0)))
        XCTAssertThrowsError(try Snapshotter(size: PictureSize(fixedWidth: 32, height: 24), settings: DrawingSettings(assetsFolder: folder.path))) { error in
            XCTAssertTrue("\(error)".contains(folder.path), "\(error)")
        }
    }
}
