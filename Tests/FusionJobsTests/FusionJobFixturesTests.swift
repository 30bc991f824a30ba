import AttitudeLog
import AttitudeMath
import CalibrationFiles
import Camera
import FileAccess
import Foundation
import Fusion
@testable import FusionJobs
import Imaging
import Logging
import LogLoading
import Pixels
import RawLog
import Rig
import LogTestSupport
import PictureTestSupport
import TestSupport
import XCTest

/// Each of `attitude`'s file jobs on a small file the test writes in the documented formats (docs/fusion.md's raw
/// CSV, docs/attitude-logs.md's attitude logs): the rows and times written, attitudes worked out by hand from the
/// axes the fixture gives the device, and refusals naming the file and the line.
final class FusionJobFixturesTests: FusionJobTestCase {
    /// The data rows of a CSV file: the lines after the header, comments left out.
    private func dataRows(_ path: String) throws -> [[Double]] { try CSVNumbers(path: path).rows }

    private func comments(_ path: String) throws -> [String] { try CSVNumbers(path: path).comments }

    /// `count` rows of steady-dice raw CSV at 100 Hz from t = 0 (docs/fusion.md: t s, gyroscope rad/s, accelerometer
    /// m/s², magnetometer µT): a still device, its accelerometer reading `acc` and, when given, its magnetometer `mag`.
    private func stillRawCSV(count: Int, acc: SIMD3<Double> = [0, 0, 9.81], mag: SIMD3<Double>? = nil, extraHeader: String = "",
                             extra: (Int) -> String = { _ in "" }) -> String {
        var text = "# a still device\nt,gx,gy,gz,ax,ay,az" + (mag == nil ? "" : ",mx,my,mz") + extraHeader + "\n"
        for k in 0..<count {
            text += "\(Double(k) / 100),0,0,0,\(acc.x),\(acc.y),\(acc.z)"
            if let mag { text += ",\(mag.x),\(mag.y),\(mag.z)" }
            text += extra(k) + "\n"
        }
        return text
    }


    // MARK: - fuse

    /// A level device turned 90° left of magnetic north: its X axis points west, its Y south, its Z up. The Earth's
    /// field, 20 µT north and 40 µT down in W (X north, Y west, Z up), then reads (0, -20, -40) in the device's axes.
    /// Fused (9D by default, for the magnetometer columns) into magnetic north, the device's axes point where they lie;
    /// into NED (written with a comment, not a frame line), X west is (0, -1, 0), Y south (-1, 0, 0) and Z up (0, 0, -1).
    func testFuseFindsALevelDevicesHeadingFromItsMagnetometer() throws {
        let input = try write("west.csv", stillRawCSV(count: 201, mag: [0, -20, -40]))
        func fused(_ frame: OutputFrame?, _ name: String) throws -> (path: String, samples: [FusedSample]) {
            let job = FuseJob(input: input, platform: nil, magnetometer: .none, mode: nil, frame: frame, parameters: FusionParameters(), status: false)
            var samples: [FusedSample] = []
            let path = try output(name) { samples = try job.run(writingTo: $0, logger: quiet) }
            return (path, samples)
        }
        let (path, samples) = try fused(nil, "magnetic.csv")
        XCTAssertEqual(samples.count, 201, "one row per input sample")
        let log = try AttitudeLog.load(path: path)
        XCTAssertEqual(log.frame, .xMagneticNorthZVertical, "9D's natural frame")
        XCTAssertEqual(log.samples.count, 201)
        XCTAssertEqual(log.samples[100].t, 1, accuracy: 1e-12, "the input's own times")
        for k in [100, 200] {
            let q = log.samples[k].worldFromDevice
            XCTAssertLessThan((q.rotate([1, 0, 0]) - [0, 1, 0]).length, 0.02, "sample \(k): X west")
            XCTAssertLessThan((q.rotate([0, 1, 0]) - [-1, 0, 0]).length, 0.02, "sample \(k): Y south")
            XCTAssertLessThan((q.rotate([0, 0, 1]) - [0, 0, 1]).length, 0.02, "sample \(k): Z up")
        }
        let said = try comments(path)
        XCTAssertTrue(said.contains("attitude fused by steady-dice from west (9d)"), "\(said)")

        let ned = try fused(.ned, "ned.csv").path
        XCTAssertNil(try AttitudeLog.load(path: ned).frame, "NED is no frame a log line names")
        let q = try AttitudeLog.load(path: ned).samples[200].worldFromDevice
        XCTAssertLessThan((q.rotate([1, 0, 0]) - [0, -1, 0]).length, 0.02, "X west")
        XCTAssertLessThan((q.rotate([0, 1, 0]) - [-1, 0, 0]).length, 0.02, "Y south")
        XCTAssertLessThan((q.rotate([0, 0, 1]) - [0, 0, -1]).length, 0.02, "Z up")
    }

    /// A raw CSV refused names the file, the line (from 1, the header's included) and the column; a gyroscope slower
    /// than 10 Hz is refused with its rate, in docs/fusion.md's words.
    func testFuseRefusesABadRowByFileLineAndColumnAndASlowGyroscope() throws {
        func refusal(_ name: String, _ text: String) throws -> String {
            let input = try write(name, text)
            let job = FuseJob(input: input, platform: nil, magnetometer: .none, mode: nil, frame: nil, parameters: FusionParameters(), status: false)
            var said = ""
            XCTAssertThrowsError(try output("out-\(name)") { try job.run(writingTo: $0, logger: quiet) }) { said = "\($0)" }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out-\(name)").path), "nothing written")
            return said
        }
        let header = "t,gx,gy,gz,ax,ay,az\n"
        let malformed = try refusal("bad.csv", header + "0,0,0,0,0,0,9.81\n0.01,0,0,0,0,0,9.81\n0.02,0,0.1.2,0,0,0,9.81\n")
        XCTAssertEqual(malformed, folder.appendingPathComponent("bad.csv").path + ":4: column 'gy': malformed number '0.1.2'")
        let backwards = try refusal("back.csv", header + "0,0,0,0,0,0,9.81\n0.02,0,0,0,0,0,9.81\n0.01,0,0,0,0,0,9.81\n")
        XCTAssertTrue(backwards.hasPrefix(folder.appendingPathComponent("back.csv").path + ":4: column 't'"), backwards)
        XCTAssertTrue(backwards.contains("time goes backwards"), backwards)
        let slow = try refusal("slow.csv", header + (0..<5).map { "\($0),0,0,0,0,0,9.81\n" }.joined())
        XCTAssertEqual(slow, folder.appendingPathComponent("slow.csv").path
                       + ": the gyroscope runs at 1 Hz (median period 1 s); fusion needs at least 10 Hz to integrate the motion between samples")
    }

    // MARK: - convert

    /// Sensor Logger's Android `Orientation.csv` (docs/attitude-logs.md) rotates the device into ENU and is read as
    /// `worldFromENU · q` in magnetic north. By hand: the identity in ENU has the device's X east (-Y in W), its Y north
    /// (+X in W); a quarter turn about ENU's up puts X north and Y west, the identity in W. The zeros row before the
    /// first estimate is skipped; the times are the file's, in seconds.
    func testConvertReadsAnAndroidOrientationFileIntoMagneticNorth() throws {
        let h = 0.5.squareRoot()
        let input = try write("Orientation.csv", """
            time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw
            1698765432000000000,0.0,0,0,0,0,0,0,0
            1698765432010000000,0.01,0,0,0,1,0,0,0
            1698765432020000000,0.02,\(h),0,0,\(h),0,0,0

            """)
        let job = ConvertJob(input: input, platform: .android, frame: nil)
        var result: (samples: [AttitudeSample], frame: OutputFrame)?
        let path = try output("phone.csv") { result = try job.run(writingTo: $0, logger: quiet) }
        XCTAssertEqual(result?.frame, .reference(.xMagneticNorthZVertical))
        let rows = try dataRows(path)
        XCTAssertEqual(rows.count, 2, "the placeholder row skipped")
        XCTAssertEqual(rows[0][0], 1698765432.01, accuracy: 1e-6)
        XCTAssertEqual(rows[1][0] - rows[0][0], 0.01, accuracy: 1e-6)
        let log = try AttitudeLog.load(path: path)
        XCTAssertEqual(log.frame, .xMagneticNorthZVertical)
        let first = log.samples[0].worldFromDevice
        XCTAssertLessThan((first.rotate([1, 0, 0]) - [0, -1, 0]).length, 1e-6, "X east")
        XCTAssertLessThan((first.rotate([0, 1, 0]) - [1, 0, 0]).length, 1e-6, "Y north")
        XCTAssertLessThan(log.samples[1].worldFromDevice.angle(to: .identity), 1e-6, "X north, Y west")
    }

    /// A steady-dice attitude log with a zero quaternion is refused by its line, in docs/attitude-logs.md's words.
    func testConvertRefusesAnInvalidQuaternionByItsLine() throws {
        let input = try write("log.csv", "# frame: xMagneticNorthZVertical\nt,qw,qx,qy,qz\n0,1,0,0,0\n1,0,0,0,0\n")
        let job = ConvertJob(input: input, platform: nil, frame: .enu)
        XCTAssertThrowsError(try output("out.csv") { _ = try job.run(writingTo: $0, logger: quiet) }) {
            XCTAssertEqual("\($0)", input + ":4: invalid quaternion: [0.0, 0.0, 0.0, 0.0] has length 0.0, too small to normalise")
        }
    }

    // MARK: - A log that needs no fusion

    /// A gyroscope-only raw CSV turning at 1 rad/s about its Y axis for 0.5 s: the attitude written at t is a turn of t
    /// radians about Y (a constant rate integrates exactly), with no frame line, one row per input row and its times.
    func testRawConvertIntegratesAGyroscopeOnlyFixture() throws {
        let input = try write("gyro.csv", "t,gx,gy,gz\n" + (0...50).map { "\(Double($0) / 100),0,1,0\n" }.joined())
        let job = RawConvertJob(input: input, platform: nil)
        let raw = try XCTUnwrap(try job.read(logger: quiet))
        var written: RawConvertJob.Output?
        let path = try output("turn.csv") { written = try job.run(raw, writingTo: $0) }
        XCTAssertEqual(written, .integratedAttitude(samples: 51))
        let rows = try dataRows(path)
        XCTAssertEqual(rows.count, 51)
        XCTAssertEqual(rows[25][0], 0.25, accuracy: 1e-12)
        XCTAssertFalse(try String(contentsOfFile: path, encoding: .utf8).contains("# frame:"))
        let log = try AttitudeLog.load(path: path)
        for k in [0, 25, 50] {
            XCTAssertLessThan(log.samples[k].worldFromDevice.angle(to: Quaternion(axis: [0, 1, 0], angle: Double(k) / 100)), 1e-6, "row \(k)")
        }
    }

    // MARK: - eval

    /// Two 5 s trials of a level, still device (6D: no magnetometer columns) with reference columns (sensor to ENU) and
    /// a `moving` column that leaves out the first second. One reference is level: no tilt error. The other is tilted
    /// 10° about X: a tilt error of 10° whatever the estimate's arbitrary heading (a turn about the vertical is no tilt).
    func testEvaluationScoresTheTiltAgainstTheReferenceOverTheMovingRows() throws {
        let tilted = Quaternion(axis: [1, 0, 0], angle: Angle.radians(fromDegrees: 10))
        func trial(_ name: String, reference q: Quaternion) throws -> String {
            try write(name, stillRawCSV(count: 500, extraHeader: ",qw,qx,qy,qz,moving") { k in ",\(q.w),\(q.x),\(q.y),\(q.z),\(k < 100 ? 0 : 1)" })
        }
        let job = EvaluationJob(inputs: [try trial("level.csv", reference: .identity), try trial("tilted.csv", reference: tilted)],
                                platform: nil, magnetometer: .none, mode: nil, parameters: FusionParameters(), keepErrors: true)
        let result = try job.run(logger: quiet)
        XCTAssertEqual(result.report.mode, FusionMode.sixD.rawValue, "no magnetometer: 6D")
        XCTAssertEqual(result.report.trials.map(\.name), ["level", "tilted"])
        XCTAssertEqual(result.report.trials.map(\.samples), [400, 400], "the moving rows alone")
        XCTAssertLessThan(result.report.trials[0].inclination, 0.05)
        XCTAssertEqual(result.report.trials[1].inclination, 10, accuracy: 0.05)
        XCTAssertNil(result.report.trials[1].heading, "6D scores no heading")
        XCTAssertEqual(result.report.meanInclination, (result.report.trials[0].inclination + result.report.trials[1].inclination) / 2, accuracy: 1e-12)
        XCTAssertEqual(result.figure.panels.count, 1, "6D: the tilt panel alone")
        XCTAssertEqual(result.figure.panels[0].series.map(\.points.count).allSatisfy { $0 > 0 }, true)
    }

    // MARK: - fuse --video

    /// A clip calibration holding a time offset of `seconds` (log time = video time + offset).
    private func calibration(offset seconds: Double) throws -> String {
        let path = folder.appendingPathComponent("cal.yaml").path
        var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 32, height: 24))), deviceFromIMU: .identity,
                      timeOffset: TimeOffset(seconds: seconds, clock: .clip), gyroBiasRadiansPerSecond: .zero)
        rig.standardErrors = RigStandardErrors(timeOffsetSeconds: 0.001, verticalFieldOfViewFraction: 0.01, mountDegrees: SIMD3(1, 1, 1),
                                               gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: SIMD3(0.1, 0.1, 0.1)))
        try rig.write(path: path)
        return path
    }

    /// A still, level IMU with no magnetometer over a 1 s video: its gyroscope integrated and levelled by the
    /// accelerometer, one row per sample, the device's Z up (the frame has no north: `xArbitraryZVertical`), the offset
    /// (none given: 0) said in a comment. At an offset of +100 s the 2 s log lies 100 s before the video, and the job
    /// refuses it, naming both files and both spans.
    func testFuseOverVideoWritesTheLevelledLogAndRefusesOneThatMissesTheVideo() throws {
        let input = try write("still.csv", stillRawCSV(count: 201))
        // A 1 s video, 10 frames at 10 fps.
        let clip = try VideoTestFrames.writeVideo(in: folder, name: "clip.avi", width: 32, height: 24, count: 10, fps: 10)
        var written: [AttitudeSample] = []
        let path = try output("over.csv") {
            written = try FuseOverVideoJob(input: input, video: clip, calibration: nil).run(writingTo: $0, logger: quiet, notes: { _ in })
        }
        XCTAssertEqual(written.count, 201)
        let log = try AttitudeLog.load(path: path)
        XCTAssertEqual(log.samples.count, 201)
        XCTAssertEqual(log.frame, .xArbitraryZVertical)
        for k in [0, 100, 200] {
            XCTAssertLessThan((log.samples[k].worldFromDevice.rotate([0, 0, 1]) - [0, 0, 1]).length, 0.01, "sample \(k): Z up")
        }
        let said = try comments(path)
        XCTAssertTrue(said.contains("time offset +0.000000 s (log time = video time + offset)"), "\(said)")

        let far = FuseOverVideoJob(input: input, video: clip, calibration: try calibration(offset: 100))
        XCTAssertThrowsError(try far.footage(logger: quiet, notes: { _ in })) {
            XCTAssertEqual("\($0)", "\(input) covers video time -100.000 to -98.000 s (log time 0 to 2.000 s with a time offset of "
                           + "+100.0000 s) and \(clip) runs from 0 to 1.000 s: they do not overlap, so no frame has an attitude")
        }
    }
}
