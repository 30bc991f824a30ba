import AttitudeLog
import AttitudeMath
import CalibrationFiles
import Camera
import FileAccess
import Foundation
import Footage
import Fusion
@testable import FusionJobs
import Imaging
import LogLoading
import Logging
import PictureTestSupport
import Pixels
import RawLog
import Rig
import Scene
import LogTestSupport
import TestSupport
import XCTest

/// `attitude`'s file jobs in-process, on logs the test writes: what each decides (the mode, the frame, the bias, the
/// clock written) and what it refuses.
final class FusionJobsTests: FusionJobTestCase {
    /// A still IMU lying flat for `seconds` at 100 Hz, its gyroscope reading `gyro` throughout.
    private func stillLog(seconds: Double, gyro: SIMD3<Double>) -> RawIMULog {
        let time = (0..<Int(seconds * 100)).map { Double($0) / 100 }
        return RawIMULog(path: "still.csv", format: .rawCSV, time: time, gyro: time.map { _ in gyro },
                         acc: time.map { _ in SIMD3(0, 0, 9.81) }, mag: nil)
    }

    // MARK: - fuse

    /// A gyroscope biased by 2°/s about the vertical: fused as it is, a still IMU turns 20° in 10 s (6D has nothing
    /// to hold the heading); with the calibration's bias subtracted it stays put, and the file says what was subtracted.
    func testFuseSubtractsAGivenGyroscopeBias() throws {
        let bias = SIMD3<Double>(0, 0, 2 * Synthetic.degree)
        let input = try write("still.csv", Synthetic.rawCSV(stillLog(seconds: 10, gyro: bias)))
        func fused(_ name: String, bias: SIMD3<Double>?) throws -> AttitudeLog {
            var job = FuseJob(input: input, platform: nil, magnetometer: .none, mode: nil, frame: nil, parameters: FusionParameters(), status: false)
            job.gyroBiasRadiansPerSecond = bias
            let path = try output(name) { try job.run(writingTo: $0, logger: quiet) }
            return try AttitudeLog.load(path: path)
        }
        let raw = try fused("raw.csv", bias: nil)
        let corrected = try fused("corrected.csv", bias: bias)
        XCTAssertEqual(raw.frame, .xArbitraryZVertical, "6D's natural frame: no magnetometer, heading arbitrary")
        XCTAssertEqual(raw.samples.count, 1000)
        let turnedRaw = Angle.degrees(fromRadians: raw.samples[0].worldFromDevice.angle(to: raw.samples.last!.worldFromDevice))
        let turnedCorrected = Angle.degrees(fromRadians: corrected.samples[0].worldFromDevice.angle(to: corrected.samples.last!.worldFromDevice))
        XCTAssertEqual(turnedRaw, 2 * 9.99, accuracy: 0.2)
        XCTAssertLessThan(turnedCorrected, 0.01)
        let text = try String(contentsOfFile: folder.appendingPathComponent("corrected.csv").path, encoding: .utf8)
        XCTAssertTrue(text.contains("# gyroscope bias 0.0000,0.0000,2.0000 °/s subtracted"), text)
        XCTAssertTrue(text.contains("# attitude fused by steady-dice from still (6d)"), text)
    }

    func testFuseWithStatusWritesTheEstimatorsColumns() throws {
        let input = try write("still.csv", Synthetic.rawCSV(stillLog(seconds: 1, gyro: .zero)))
        let job = FuseJob(input: input, platform: nil, magnetometer: .none, mode: .sixD, frame: .enu, parameters: FusionParameters(), status: true)
        let path = try output("status.csv") { try job.run(writingTo: $0, logger: quiet) }
        let header = try CSVNumbers(path: path).header
        XCTAssertEqual(Array(header.prefix(5)), ["t", "qw", "qx", "qy", "qz"], "\(header)")
        XCTAssertGreaterThan(header.count, 5, "the status columns follow the quaternion")
    }

    // MARK: - convert

    /// A producer's log on its own clock (from 1000 s) converted from magnetic north into ENU: the times are the
    /// producer's again, and each attitude is the same one seen from ENU.
    func testConvertKeepsTheProducersClockAndTurnsTheFrame() throws {
        let samples = (0..<50).map { k in
            AttitudeSample(t: 1000 + Double(k) * 0.02, worldFromDevice: Quaternion(axis: [0.2, 0.4, 1], angle: Double(k) * 0.03))
        }
        let input = try write("producer.csv", try AttitudeLog.csvText(samples: samples, frame: .xMagneticNorthZVertical))
        let job = ConvertJob(input: input, platform: nil, frame: .enu)
        var result: (samples: [AttitudeSample], frame: OutputFrame)?
        let path = try output("enu.csv") { result = try job.run(writingTo: $0, logger: quiet) }
        XCTAssertEqual(result?.frame, .enu)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
        XCTAssertEqual(rows.count, 50)
        XCTAssertTrue(rows.first?.hasPrefix("1000") ?? false, "on the producer's own clock: \(rows.first ?? "")")
        let converted = try AttitudeLog.load(path: path)
        for k in [0, 17, 49] {
            let expected = Frames.worldFromENU.conjugate * samples[k].worldFromDevice
            XCTAssertLessThan(converted.samples[k].worldFromDevice.angle(to: expected), 1e-6, "sample \(k)")
        }
    }

    func testConvertBetweenNorthsTurnsByTheDeclinationGiven() throws {
        let samples = [AttitudeSample(t: 0, worldFromDevice: .identity), AttitudeSample(t: 1, worldFromDevice: .identity)]
        let input = try write("magnetic.csv", try AttitudeLog.csvText(samples: samples, frame: .xMagneticNorthZVertical))
        let job = ConvertJob(input: input, platform: nil, frame: .reference(.xTrueNorthZVertical), north: TrueNorth(declinationDegrees: 10))
        let path = try output("true.csv") { _ = try job.run(writingTo: $0, logger: quiet) }
        let converted = try AttitudeLog.load(path: path)
        XCTAssertEqual(converted.frame, .xTrueNorthZVertical)
        let q = converted.samples[0].worldFromDevice
        XCTAssertEqual(Angle.degrees(fromRadians: q.angle(to: .identity)), 10, accuracy: 1e-6)
        XCTAssertEqual(abs(q.rotationVector.z), q.rotationVector.length, accuracy: 1e-12, "a turn about the vertical alone")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("# declination 10.0° (east positive)"))
        let unnamed = try write("unnamed.csv", "t,qw,qx,qy,qz\n0,1,0,0,0\n1,1,0,0,0\n")
        XCTAssertThrowsError(try output("x.csv") { _ = try ConvertJob(input: unnamed, platform: nil, frame: .enu).run(writingTo: $0, logger: quiet) }) {
            XCTAssertTrue("\($0)".hasSuffix("the log names no frame; add a '# frame: NAME' line"), "\($0)")
        }
    }

    // MARK: - A log that needs no fusion

    /// A gyroscope-only log is converted (not fused) into the attitude its gyroscope integrates to; a log with an
    /// accelerometer is not this job's.
    func testAGyroscopeOnlyLogIsIntegrated() throws {
        let rate = SIMD3<Double>(0, 0, 0.5)
        let time = (0..<201).map { Double($0) / 100 }
        let gyroOnly = RawIMULog(path: "gyro.csv", format: .rawCSV, time: time, gyro: time.map { _ in rate }, acc: nil, mag: nil)
        let input = try write("gyro.csv", gyroOnly.rawCSV())
        let job = RawConvertJob(input: input, platform: nil)
        let raw = try XCTUnwrap(try job.read(logger: quiet))
        var written: RawConvertJob.Output?
        let path = try output("integrated.csv") { written = try job.run(raw, writingTo: $0) }
        XCTAssertEqual(written, .integratedAttitude(samples: 201))
        let log = try AttitudeLog.load(path: path)
        XCTAssertNil(log.frame, "the device's own axes at the first sample: no frame to name")
        for k in [0, 100, 200] {
            XCTAssertEqual(log.samples[k].worldFromDevice.angle(to: Quaternion(axis: [0, 0, 1], angle: 0.5 * time[k])), 0, accuracy: 1e-6)
        }
        let withAccelerometer = try write("six.csv", Synthetic.rawCSV(stillLog(seconds: 1, gyro: rate)))
        XCTAssertNil(try RawConvertJob(input: withAccelerometer, platform: nil).read(logger: quiet), "fusion's, not this job's")
        let attitude = try write("attitude.csv", "t,qw,qx,qy,qz\n0,1,0,0,0\n")
        XCTAssertNil(try RawConvertJob(input: attitude, platform: nil).read(logger: quiet), "an attitude log is ConvertJob's")
        var one = gyroOnly
        one.time = [0]; one.gyro = [rate]; one.acc = [.zero]
        XCTAssertThrowsError(try one.integratedAttitudes()) {
            XCTAssertEqual("\($0)", "gyro.csv: fewer than two samples: no rotation to integrate")
        }
    }

    // MARK: - eval

    /// A 20 s tumbling IMU (`TumblingIMU`) with its true attitude as reference columns, as BROAD's trials carry theirs.
    private func referenceLog(_ name: String) throws -> String {
        let log = Synthetic.tumblingLog(seconds: 20, rate: 100)
        var lines = Synthetic.rawCSV(log).split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("t,") })
        lines[header] += ",qw,qx,qy,qz"
        for (k, reference) in try XCTUnwrap(log.reference).enumerated() {
            let q = try XCTUnwrap(reference)
            lines[header + 1 + k] += ",\(q.w),\(q.x),\(q.y),\(q.z)"
        }
        return try write(name, lines.joined(separator: "\n") + "\n")
    }

    /// The estimator scored on logs with a reference: one mode for every log (the first log's when none is given), its
    /// errors kept for the plot only when asked.
    func testEvaluationScoresInOneModeAndKeepsErrorsWhenAsked() throws {
        let trials = [try referenceLog("first.csv"), try referenceLog("second.csv")]
        let job = EvaluationJob(inputs: trials, platform: nil, magnetometer: .none, mode: nil, parameters: FusionParameters(),
                                keepErrors: true)
        let result = try job.run(logger: quiet)
        XCTAssertEqual(result.report.mode, FusionMode.nineD.rawValue, "the first log's magnetometer chooses 9D")
        XCTAssertEqual(result.report.trials.map(\.name), ["first", "second"])
        let first = try XCTUnwrap(result.report.trials.first)
        XCTAssertLessThan(first.inclination, 2, "the estimator follows the truth within degrees")
        XCTAssertNotNil(first.heading, "9D scores the heading")
        XCTAssertEqual(result.figure.panels.count, 2, "9D: the tilt and the heading errors")
        XCTAssertEqual(result.figure.panels[0].series.count, 2)
        XCTAssertFalse(result.figure.panels[0].series[0].points.isEmpty)
        var sixD = job
        sixD.keepErrors = false
        sixD.mode = .sixD
        sixD.inputs = [trials[0]]
        let unkept = try sixD.run(logger: quiet)
        XCTAssertEqual(unkept.report.mode, FusionMode.sixD.rawValue)
        XCTAssertNil(unkept.report.trials.first?.heading, "6D has no heading to score")
        XCTAssertEqual(unkept.figure.panels.count, 1, "6D: the tilt error alone")
        XCTAssertTrue(unkept.figure.panels[0].series[0].points.isEmpty, "errors not kept")
    }

    // MARK: - fuse --video --calibration

    /// The calibration file is applied to a clip by the one rule (`Rig.apply`): a clip's offset and its bias are taken;
    /// a live rig's offset pairs the live clocks, so it is said in one warning line and not applied, while its bias is.
    func testFootageTakesAClipCalibrationAndSaysALiveOffsetIsNotApplied() throws {
        let bias = SIMD3(0.01, -0.02, 0.005)
        func calibration(_ name: String, clock: TimeOffset.Clock) throws -> String {
            let path = self.folder.appendingPathComponent(name).path
            var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: .identity,
                          timeOffset: TimeOffset(seconds: 0.25, clock: clock), gyroBiasRadiansPerSecond: bias)
            rig.standardErrors = RigStandardErrors(timeOffsetSeconds: 0.001, verticalFieldOfViewFraction: 0.01, mountDegrees: SIMD3(1, 1, 1),
                                                   gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: SIMD3(0.1, 0.1, 0.1)))
            try rig.write(path: path)
            return path
        }
        var told: [RigNote] = []

        func applied(_ path: String) throws -> AppliedRig {
            try FuseOverVideoJob(input: "raw.csv", video: "clip.mp4", calibration: path).applied { told.append($0) }
        }
        let clip = try applied(try calibration("clip.yaml", clock: .clip))
        XCTAssertEqual(clip.timeOffset?.seconds(pairing: .clip), 0.25)
        XCTAssertEqual(told, [])

        let livePath = try calibration("live.yaml", clock: .live)
        let live = try applied(livePath)
        XCTAssertNil(live.timeOffset)
        let liveBias = try XCTUnwrap(live.gyroBiasRadiansPerSecond)
        XCTAssertLessThan((liveBias - bias).length, 1e-9, "the bias applies whatever the clock")
        XCTAssertEqual(told.map(\.level), [.warning])
        XCTAssertTrue(told[0].description.hasPrefix("\(livePath)'s time offset of 250.0 ms is a live rig's"), "\(told)")
    }

    /// `attitude fuse --video --hold-to-picture` reads the picture through the camera drawing draws the die with, by the one
    /// choice (`LensProfileCamera.drawnCamera` after `Rig.apply`), as a drawing over the same video applies the same
    /// file and field of view (`DrawingSettings.apply`): a file that determines the camera; one that leaves it out, with a
    /// field of view given, or over a video that names its camera (the GoPro clip's lens profile), or over one that does
    /// not (the default pinhole); no file. A field of view given for a camera the file determines is refused by both.
    func testFootageIsHeldThroughTheCameraDrawingDrawsWith() throws {
        let gopro = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let plain = try VideoTestFrames.writeVideo(in: folder, name: "plain.mkv", width: 64, height: 48, count: 2, fps: 10)
        let pinhole = PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 854, height: 480))
        let offset = TimeOffset(seconds: -0.0185, clock: .clip)
        let full = path("full.yaml")
        try Rig(camera: LensCamera(pinhole: pinhole), deviceFromIMU: .identity, timeOffset: offset).write(path: full)
        let timing = path("timing.yaml")
        try Rig.onlyTimeOffset(offset, standardErrorSeconds: 0.001, reason: "the clip barely turns").write(path: timing)
        let fov = FieldOfView(fixedDegrees: 40)
        for (calibration, fieldOfView, video) in [(full, nil, gopro), (timing, fov, gopro), (timing, nil, gopro), (timing, nil, plain),
                                                  (nil, fov, plain), (nil, nil, gopro), (nil, nil, plain)] as [(String?, FieldOfView?, String)] {
            let job = FuseOverVideoJob(input: gopro, video: video, calibration: calibration, fieldOfView: fieldOfView, holdsToPicture: true)
            let applied = try job.applied { _ in }
            let reading = try job.pictureReading(applied)
            var drawing = DrawingSettings(camera: CameraSettings(given: fieldOfView.map { .fieldOfView($0) } ?? .none))
            if let calibration {
                _ = try drawing.applyCalibration(path: calibration, video: video)
            } else {
                _ = try drawing.apply(calibration: nil, given: RigOverrides(camera: drawing.camera.given), clock: .clip, video: video)
            }
            let named = "\(String(describing: calibration)), \(String(describing: fieldOfView)), \(video)"
            XCTAssertEqual(reading.camera, drawing.camera.given, named)
            // The rest of the hold's inputs: the mount, and the clip offset where the file gives one.
            XCTAssertEqual(reading.deviceFromIMU, drawing.deviceFromIMU ?? .identity, named)
            XCTAssertEqual(applied.timeOffset?.seconds(pairing: .clip), drawing.clipTimeOffsetSeconds, named)
        }
        // The three sources, told apart: the file's camera, the profile's (named by it), the default pinhole.
        func held(_ calibration: String?, over video: String) throws -> GivenCamera {
            let job = FuseOverVideoJob(input: gopro, video: video, calibration: calibration, holdsToPicture: true)
            return try job.pictureReading(job.applied { _ in }).camera
        }
        XCTAssertEqual(try held(full, over: gopro), .intrinsics(LensCamera(pinhole: pinhole), source: full))
        guard case .intrinsics(_, let source) = try held(timing, over: gopro) else { return XCTFail("the GoPro clip's lens profile") }
        XCTAssertTrue(source.hasPrefix("lens profile "), source)
        XCTAssertEqual(try held(timing, over: plain), GivenCamera.none)
        let refused = FuseOverVideoJob(input: gopro, video: gopro, calibration: full, fieldOfView: fov, holdsToPicture: true)
        XCTAssertThrowsError(try refused.applied { _ in }) { XCTAssertTrue("\($0)".contains(full), "\($0)") }
        var drawing = DrawingSettings(camera: CameraSettings(given: .fieldOfView(fov)))
        XCTAssertThrowsError(try drawing.applyCalibration(path: full, video: gopro))
    }
}
