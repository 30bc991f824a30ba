import AttitudeLog
import AttitudeMath
import CommandTestSupport
import Foundation
import LogLoading
import LogTestSupport
import RawLog
import XCTest

/// The `attitude` executable end to end: the magnetometer options, true north, and refused input.
final class AttitudeCommandTests: RawLogTestCase {
    private func attitude(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let result = try BuiltTool.run("attitude", arguments)
        return (result.status, result.stderr)
    }

    /// A 20 s tumbling 9D log with (25, -15, 30) µT added to its magnetometer.
    private func offsetLog() throws -> String {
        var log = Synthetic.tumblingLog(seconds: 20, rate: 100)
        log.mag = log.mag?.map { $0 + SIMD3(25, -15, 30) }
        return try write("offset.csv", Synthetic.rawCSV(log))
    }

    func testMagCalibrateFitsSubtractsAndRecordsTheOffset() throws {
        let input = try offsetLog(), output = folder.appendingPathComponent("fused.csv").path
        let result = try attitude(["fuse", input, "--output", output, "--mag-calibrate"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("offset.csv: magnetometer hard-iron offset (25.00, -15.00, 30.00) µT fitted to"), result.stderr)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.contains("# magnetometer: hard-iron offset (25.00, -15.00, 30.00) µT fitted to"), text.prefix(400).description)
        XCTAssertEqual(try AttitudeLog.load(path: output).samples.count, 2000)
    }

    func testMagOptionsAreCheckedBeforeAnyWork() throws {
        let input = try offsetLog(), output = folder.appendingPathComponent("never.csv").path
        let short = try attitude(["fuse", input, "--output", output, "--mag-offset", "1,2"])
        XCTAssertNotEqual(short.status, 0)
        XCTAssertTrue(short.stderr.contains("'1,2' is invalid for '--mag-offset <x,y,z>'"), short.stderr)
        let both = try attitude(["fuse", input, "--output", output, "--mag-offset", "1,2,3", "--mag-calibrate"])
        XCTAssertTrue(both.stderr.contains("give --mag-offset or --mag-calibrate, not both"), both.stderr)
        let sixD = try attitude(["eval", input, "--mode", "6d", "--mag-calibrate"])
        XCTAssertNotEqual(sixD.status, 0)
        XCTAssertTrue(sixD.stderr.contains("which --mode 6d does not use"), sixD.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testAFitThatCannotBeMadeNamesTheFileAndTheReason() throws {
        // Turning about the vertical only.
        var log = Synthetic.tumblingLog(seconds: 1, rate: 100)
        log.gyro = log.gyro.map { _ in SIMD3(0, 0, 0.5) }
        log.acc = log.acc?.map { _ in SIMD3(0, 0, 9.81) }
        log.mag = (0..<log.count).map { k in Quaternion(axis: [0, 0, 1], angle: -0.005 * Double(k)).rotate(Synthetic.fieldENU) }
        let input = try write("flat.csv", Synthetic.rawCSV(log))
        let result = try attitude(["fuse", input, "--output", folder.appendingPathComponent("o.csv").path, "--mag-calibrate"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("\(input): "), result.stderr)
        // Turned about one axis, the samples lie on one plane (a circle at one height): no sphere passes through them alone.
        XCTAssertTrue(result.stderr.contains("\(input): the magnetometer samples do not determine a sphere (all equal, or on one plane)"),
                      result.stderr)
    }

    func testTrueNorthNeedsTheDeclinationAndRecordsIt() throws {
        let input = try write("clean.csv", Synthetic.rawCSV(Synthetic.tumblingLog(seconds: 5, rate: 100)))
        let output = folder.appendingPathComponent("true.csv").path
        let without = try attitude(["fuse", input, "--output", output, "--frame", "xTrueNorthZVertical"])
        XCTAssertEqual(without.status, 64, "a frame the options ask that the log cannot give without --declination")
        XCTAssertTrue(without.stderr.contains("give it (attitude fuse --declination DEG)"), without.stderr)
        let misplaced = try attitude(["fuse", input, "--output", output, "--declination", "3"])
        XCTAssertTrue(misplaced.stderr.contains("--declination applies to --frame xTrueNorthZVertical only"), misplaced.stderr)

        let with = try attitude(["fuse", input, "--output", output, "--frame", "xTrueNorthZVertical", "--declination", "-7.5"])
        XCTAssertEqual(with.status, 0, with.stderr)
        let log = try AttitudeLog.load(path: output)
        XCTAssertEqual(log.frame, .xTrueNorthZVertical)
        let magnetic = try RawLogFusion.fuse(log: RawLogReader.read(path: input), frame: .reference(.xMagneticNorthZVertical))
        let expected = Frames.trueNorthFromMagneticNorth(declinationDegrees: -7.5) * magnetic[499].outputFromIMU
        XCTAssertLessThan(log.samples[499].worldFromDevice.angle(to: expected), 1e-9)
    }
}
