import CommandTestSupport
import Foundation
import Pixels
import SteadyDiceKit
import TestSupport
import XCTest

/// `Snapshotter`, the library's snapshot API, against the `steady-dice snapshot` binary: the same
/// settings value draws the same PNG, byte for byte (both go through OpenCV's PNG encoder). SnapshotterTests
/// in SteadyDiceKitTests checks the library alone.
final class SnapshotterCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-kit" }

    /// The PNG `steady-dice snapshot ARGUMENTS --size WxH` writes.
    private func commandPNG(_ arguments: [String], width: Int, height: Int,
                            file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let output = folder.appendingPathComponent("\(UUID().uuidString).png").path
        let result = try CommandHarness.run(["snapshot", "--size", "\(width)x\(height)", "--output", output] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    private static let attitudes: [(w: Double, x: Double, y: Double, z: Double)] = [
        (1, 0, 0, 0),
        (0.8, 0.3, 0.4, 0.33),              // not unit length: both normalise it
        (-0.5, 0.5, 0.5, 0.5),
        (0.2, -0.9, 0.1, 0.35),
    ]

    func testDefaultPictureIsTheSnapshotCommandsByteForByte() throws {
        let snapshotter = try Snapshotter(size: PictureSize(fixedWidth: 320, height: 240))
        for a in Self.attitudes {
            let png = try snapshotter.pngData(worldFromDevice: Quaternion(w: a.w, x: a.x, y: a.y, z: a.z))
            let expected = try commandPNG(["--background", "none", "--attitude", "\(a.w),\(a.x),\(a.y),\(a.z)"], width: 320, height: 240)
            XCTAssertEqual(png, expected, "attitude \(a)")
            XCTAssertEqual(try RGBImage(imageData: png, name: "png"),
                           try snapshotter.image(worldFromDevice: Quaternion(w: a.w, x: a.x, y: a.y, z: a.z)))
        }
    }

    /// Every option of the shared value draws what the option of the same name draws.
    func testOptionsDrawWhatTheCommandLineDraws() throws {
        var settings = DrawingSettings()
        settings.camera = CameraSettings(given: .fieldOfView(FieldOfView(fixedDegrees: 45)), anchor: Anchor(fixedBearingDegrees: 5, elevationDegrees: -3, distance: 6))
        settings.model = .box
        settings.backgroundColor = RGBColor(hex: "#104060")!
        settings.relativeTo = try Quaternion.validated(w: 0.9, x: 0, y: 0.2, z: 0.1)
        settings.hud = true
        let snapshotter = try Snapshotter(size: PictureSize(fixedWidth: 400, height: 300), settings: settings)
        // Relative to the reference, the camera looks about north, where the box is anchored.
        let q = try Quaternion.validated(w: 0.8758, x: 0.1773, y: -0.4495, z: 0.1094)
        let expected = try commandPNG(["--attitude", "0.8758,0.1773,-0.4495,0.1094", "--fov", "45", "--anchor", "5,-3,6", "--model", "box",
                                       "--background", "#104060", "--relative-to", "0.9,0,0.2,0.1", "--hud"], width: 400, height: 300)
        let png = try snapshotter.pngData(worldFromDevice: q)
        XCTAssertEqual(png, expected)
        // The box is in view, red over the chosen colour.
        let image = try RGBImage(imageData: png, name: "png")
        let red = (0..<(400 * 300)).filter { image.pixels[3 * $0] > 200 && image.pixels[3 * $0 + 1] < 40 }.count
        XCTAssertGreaterThan(red, 5000)
        XCTAssertTrue(image.pixel(x: 399, y: 150) == (0x10, 0x40, 0x60))
        // The settings changed the picture: it is not the default one.
        XCTAssertNotEqual(png, try Snapshotter(size: PictureSize(fixedWidth: 400, height: 300)).pngData(worldFromDevice: q))
    }

    /// A log file at a playback time, HUD included (its source line names the file and the time).
    func testLogFileAtATimeIsSnapshotAt() throws {
        let log = folder.appendingPathComponent("turn.csv").path
        var rows = "t,qw,qx,qy,qz\n"
        for k in 0...20 {
            let q = Quaternion(axis: [0.2, 1, 0.3], angle: Double(k) * 0.1)
            rows += "\(Double(k) * 0.05),\(q.w),\(q.x),\(q.y),\(q.z)\n"
        }
        try rows.write(toFile: log, atomically: true, encoding: .utf8)
        var settings = DrawingSettings()
        settings.hud = true
        let snapshotter = try Snapshotter(size: PictureSize(fixedWidth: 320, height: 240), settings: settings)
        let png = try snapshotter.image(logFile: log, at: 0.62).pngData()
        XCTAssertEqual(png, try commandPNG(["--log", log, "--at", "0.62", "--hud"], width: 320, height: 240))
        XCTAssertThrowsError(try snapshotter.image(logFile: log, at: 5)) { error in
            XCTAssertTrue("\(error)".contains("turn.csv"), "\(error)")
        }
    }
}
