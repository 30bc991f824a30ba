import AttitudeLog
import AttitudeMath
import CommandTestSupport
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// The `steady-dice` command end to end: bad input exits non-zero with a message naming the file and
/// line and writes nothing; a live imud feed draws the attitude it sent.
final class CommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-cmd" }
    override var folderHoldsSockets: Bool { true }  // imud's socket

    private func assertSnapshotFails(log contents: String, mentions expected: String,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let log = path("bad.csv"), output = path("out.png")
        try contents.write(toFile: log, atomically: true, encoding: .utf8)
        let result = try CommandHarness.run(["snapshot", "--log", log, "--size", "64x48", "--output", output])
        XCTAssertEqual(result.status, 65, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(expected), "stderr was: \(result.stderr)", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is drawn for bad input", file: file, line: line)
    }

    func testBadLogsExitWithFileAndLine() throws {
        try assertSnapshotFails(log: "t,qw,qx,qy,qz\n0,1,0,0,0\n0.1,1,zero,0,0\n", mentions: "bad.csv:3")
        try assertSnapshotFails(log: "t,qw,qx,qy,qz\n0,1,0,0,0\n-1,1,0,0,0\n", mentions: "bad.csv:3")
        try assertSnapshotFails(log: "t,qw,qx,qy,qz\n0,0,0,0,0\n", mentions: "bad.csv:2")
        try assertSnapshotFails(log: "t,qw,qx,qy\n0,1,0,0\n", mentions: "qz")
        try assertSnapshotFails(log: "", mentions: "bad.csv")
        let missing = try CommandHarness.run(["snapshot", "--log", path("absent.csv"), "--size", "64x48", "--output", path("o.png")])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("absent.csv"), missing.stderr)
    }

    /// Values that start with a minus sign are values, not options: `--attitude -0.5,...` works
    /// without an `=`, as a user would type it.
    func testNegativeQuaternionNeedsNoEqualsSign() throws {
        let output = path("negative.png")
        let result = try CommandHarness.run(["snapshot", "--attitude", "-0.5,0.5,0.5,0.5", "--size", "160x120", "--output", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try RenderHarness.render(Quaternion(w: -0.5, x: 0.5, y: 0.5, z: 0.5), width: 160, height: 120)
        XCTAssertEqual(CommandHarness.differingChannels(try RGBImage.read(path: output).pixels, expected.pixels), 0)
    }

    /// A raw log whose magnetometer carries a hard-iron offset: `--mag-calibrate` fits and removes it,
    /// so the snapshot matches the one of the same log without the offset; uncalibrated, it does not.
    func testMagCalibrateOnARawLogRestoresTheHeading() throws {
        let imu = TumblingIMU(seconds: 20, rate: 100)
        let clean = path("clean.csv"), offset = path("offset.csv")
        try imu.rawCSV().write(toFile: clean, atomically: true, encoding: .utf8)
        try imu.rawCSV(magOffset: SIMD3(25, -15, 30)).write(toFile: offset, atomically: true, encoding: .utf8)
        func snapshot(_ log: String, _ extra: [String], _ name: String) throws -> (image: RGBImage, stderr: String) {
            let output = path(name)
            let result = try CommandHarness.run(["snapshot", "--log", log, "--at", "15", "--size", "160x120", "--output", output] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return (try RGBImage.read(path: output), result.stderr)
        }
        let reference = try snapshot(clean, [], "clean.png").image
        let calibrated = try snapshot(offset, ["--mag-calibrate"], "calibrated.png")
        XCTAssertTrue(calibrated.stderr.contains("magnetometer hard-iron offset (25.00, -15.00, 30.00) µT fitted to"), calibrated.stderr)
        XCTAssertLessThan(CommandHarness.differingChannels(calibrated.image.pixels, reference.pixels, tolerance: 8), 60)
        let uncalibrated = try snapshot(offset, [], "uncalibrated.png").image
        XCTAssertGreaterThan(CommandHarness.differingChannels(uncalibrated.pixels, reference.pixels, tolerance: 8), 1000,
                             "the offset turns the die visibly when it is not removed")

        let noLog = try CommandHarness.run(["snapshot", "--attitude", "1,0,0,0", "--mag-calibrate", "--size", "64x48", "--output", path("x.png")])
        XCTAssertNotEqual(noLog.status, 0)
        XCTAssertTrue(noLog.stderr.contains("apply to a raw IMU log given with --log"), noLog.stderr)
        let attitudeLog = path("attitude.csv")
        try "t,qw,qx,qy,qz\n0,1,0,0,0\n".write(toFile: attitudeLog, atomically: true, encoding: .utf8)
        let notRaw = try CommandHarness.run(["snapshot", "--log", attitudeLog, "--mag-offset", "-1,2,3", "--size", "64x48", "--output", path("x.png")])
        XCTAssertEqual(notRaw.status, 64)
        XCTAssertTrue(notRaw.stderr.contains("\(attitudeLog): --mag-offset and --mag-calibrate apply to raw IMU logs"), notRaw.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
    }

    func testBadArgumentsAreRejected() throws {
        for arguments in [["snapshot", "--attitude", "0,0,0,0", "--size", "64x48", "--output", path("o.png")],
                          ["snapshot", "--attitude", "1,0,0,0", "--size", "64by48", "--output", path("o.png")],
                          ["snapshot", "--attitude", "1,0,0,0", "--size", "64x48", "--output", path("o.jpg")],
                          ["snapshot", "--size", "64x48", "--output", path("o.png")]] {
            let result = try CommandHarness.run(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("o.png")))
        }
    }

    /// `steady-dice feed` publishes a constant attitude on a Unix socket; `snapshot --imud` must draw
    /// what the offscreen renderer draws for that attitude (up to float32 rounding in the packet).
    func testSnapshotFromLiveFeed() throws {
        let q = Quaternion(axis: [0.2, -1, 0.5], angle: 2.0)
        let samples = [AttitudeSample(t: 0, worldFromDevice: q), AttitudeSample(t: 1, worldFromDevice: q)]
        let log = path("still.csv"), socket = path("imud.sock"), output = path("imud.png")
        try AttitudeLog.write(samples: samples, frame: .xMagneticNorthZVertical, to: log)
        let feed = try CommandHarness.start(["feed", "--log", log, "--unix", socket, "--loop", "--rate", "200"])
        defer { feed.terminate(); CommandHarness.finish(feed, within: 10, what: "feed after SIGTERM") }
        let result = try CommandHarness.run(["snapshot", "--imud", "unix:\(socket)", "--timeout", "5",
                                             "--size", "320x240", "--output", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let live = try RGBImage.read(path: output)
        let expected = try RenderHarness.render(q, width: 320, height: 240)
        let differing = CommandHarness.differingChannels(live.pixels, expected.pixels, tolerance: 8)
        XCTAssertLessThan(differing, 60, "a live frame should match the offscreen render but for a few edge pixels")
    }

    /// Waits up to 10 s for a socket file at `path`.
    private func waitForSocket(_ path: String) {
        let deadline = Date().addingTimeInterval(10)
        var info = stat()
        while Date() < deadline, !(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK) { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK, "feed made no socket at \(path)")
    }

    /// feed removes only its own socket at its --unix path when it ends, not a file put there after it started.
    /// It removes its own socket, and only that.
    func testFeedRemovesItsOwnSocketAndNothingElse() throws {
        let log = path("still.csv"), socket = path("imud.sock")
        try AttitudeLog.write(samples: [AttitudeSample(t: 0, worldFromDevice: .identity), AttitudeSample(t: 1, worldFromDevice: .identity)],
                              frame: .xMagneticNorthZVertical, to: log)
        let first = try CommandHarness.start(["feed", "--log", log, "--unix", socket, "--loop"])
        waitForSocket(socket)
        first.terminate()
        CommandHarness.finish(first, within: 10, what: "feed after SIGTERM")
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "its own socket is removed")

        let second = try CommandHarness.start(["feed", "--log", log, "--unix", socket, "--loop"])
        waitForSocket(socket)
        XCTAssertEqual(unlink(socket), 0)
        try "a user's file\n".write(toFile: socket, atomically: false, encoding: .utf8)
        second.terminate()
        CommandHarness.finish(second, within: 10, what: "feed after SIGTERM")
        XCTAssertEqual(try String(contentsOfFile: socket, encoding: .utf8), "a user's file\n", "a file put at the path is left alone")
    }

    /// `feed --unix ""` is refused: an autobound socket no subscriber could name.
    func testFeedRefusesAnEmptySocketPath() throws {
        let log = path("still.csv")
        try AttitudeLog.write(samples: [AttitudeSample(t: 0, worldFromDevice: .identity), AttitudeSample(t: 1, worldFromDevice: .identity)],
                              frame: .xMagneticNorthZVertical, to: log)
        let result = try CommandHarness.run(["feed", "--log", log, "--unix", ""], timeout: 20)
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(result.stderr, "steady-dice: --unix needs a socket path (an empty one is a socket no subscriber can reach)\n")
    }

    func testSnapshotFromMissingDaemonTimesOut() throws {
        let result = try CommandHarness.run(["snapshot", "--imud", "unix:\(path("none.sock"))", "--timeout", "0.3",
                                             "--size", "64x48", "--output", path("o.png")])
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("none.sock"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("o.png")))
    }
}
