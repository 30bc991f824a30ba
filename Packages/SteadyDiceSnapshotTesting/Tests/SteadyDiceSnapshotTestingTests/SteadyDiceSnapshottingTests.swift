import Foundation
import SteadyDiceSnapshotTesting
import XCTest

/// The swift-snapshot-testing strategy: a reviewed snapshot beside the tests, recording a missing one
/// (which fails), a match, and a failure whose message says what changed.
final class SteadyDiceSnapshottingTests: XCTestCase {
    private var folder: URL!
    private let tilted = Quaternion(axis: [1, 0.4, 0.9], angle: 0.9)

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("steady-dice-sst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The reviewed snapshot in __Snapshots__: the die tilted, its "1" on top, the "4" towards the camera
    /// (the golden generic-a-640x480 at a quarter of its size).
    func testTheReviewedSnapshotMatches() throws {
        assertSnapshot(of: tilted, as: try .steadyDice(size: PictureSize(fixedWidth: 160, height: 120)), named: "tilted")
    }

    func testAMissingSnapshotIsRecordedAndFailsThenMatches() throws {
        let strategy = try Snapshotting<Quaternion, RGBImage>.steadyDice(size: PictureSize(fixedWidth: 160, height: 120))
        let first = verifySnapshot(of: tilted, as: strategy, named: "recorded", snapshotDirectory: folder.path)
        XCTAssertNotNil(first, "recording a missing snapshot fails the test")
        let file = folder.appendingPathComponent("testAMissingSnapshotIsRecordedAndFailsThenMatches.recorded.png")
        XCTAssertTrue(first?.contains(file.path) == true, first ?? "")
        XCTAssertEqual(try RGBImage.read(path: file.path), try Snapshotter(size: PictureSize(fixedWidth: 160, height: 120)).image(worldFromDevice: tilted))
        XCTAssertNil(verifySnapshot(of: tilted, as: strategy, named: "recorded", snapshotDirectory: folder.path))
    }

    func testAChangedPictureFailsWithWhatChanged() throws {
        let strategy = try Snapshotting<Quaternion, RGBImage>.steadyDice(size: PictureSize(fixedWidth: 160, height: 120))
        _ = verifySnapshot(of: tilted, as: strategy, named: "turned", snapshotDirectory: folder.path)
        let turned = Quaternion(axis: [0, 0, 1], angle: 0.2) * tilted
        let message = try XCTUnwrap(verifySnapshot(of: turned, as: strategy, named: "turned", snapshotDirectory: folder.path))
        XCTAssertTrue(message.contains("the recorded snapshot and the new picture differ: "), message)
        XCTAssertNotNil(message.range(of: #"differ: [0-9]+ of 19200 pixels \([0-9.]+%\) differ by more than 2 in a channel \(allowed: 0%\); "#
                                          + #"largest difference [0-9]+ at x [0-9]+, y [0-9]+"#, options: .regularExpression), message)
        // A tolerance wide enough to take any change lets the same pictures pass.
        let lenient = try Snapshotting<Quaternion, RGBImage>.steadyDice(size: PictureSize(fixedWidth: 160, height: 120), maxFraction: 1)
        XCTAssertNil(verifySnapshot(of: turned, as: lenient, named: "turned", snapshotDirectory: folder.path))
    }

    func testAnAttitudeLogSampleIsDrawnAtItsAttitude() throws {
        let strategy = try Snapshotting<AttitudeSample, RGBImage>.steadyDice(size: PictureSize(fixedWidth: 160, height: 120))
        _ = verifySnapshot(of: tilted, as: try .steadyDice(size: PictureSize(fixedWidth: 160, height: 120)), named: "sample", snapshotDirectory: folder.path)
        XCTAssertNil(verifySnapshot(of: AttitudeSample(t: 1.5, worldFromDevice: tilted), as: strategy, named: "sample",
                                    snapshotDirectory: folder.path, testName: "testAnAttitudeLogSampleIsDrawnAtItsAttitude"))
    }

    func testOptionsThatCannotDrawThrowBeforeAnySnapshot() {
        XCTAssertThrowsError(try Snapshotting<Quaternion, RGBImage>.steadyDice(size: PictureSize(fixedWidth: 200, height: 150), settings: DrawingSettings(hud: true))) { error in
            XCTAssertTrue("\(error)".contains("no room for the HUD"), "\(error)")
        }
    }
}
