import AttitudeMath
import Camera
import CommandTestSupport
import SteadyDiceCommands
import SyntheticClip
import XCTest

/// `steady-dice calibration-clip`'s options in-process: the lens and the gyroscope's bias they give, the clip and the job
/// they describe, and what they refuse before any work.
final class CalibrationClipOptionsTests: XCTestCase {
    private let required = ["--trial", "trial.csv", "--video", "clip.mkv", "--log", "raw.csv"]

    private func job(_ arguments: String...) throws -> CalibrationClipJob {
        try CalibrationClipOptions.parse(required + arguments).job()
    }

    func testTheDefaultsMakeAPinholeClipWithNoBias() throws {
        let job = try job()
        XCTAssertEqual(job.clip.lens, .pinhole)
        XCTAssertEqual(job.clip.verticalFieldOfViewDegrees, 60)
        XCTAssertEqual(job.clip.width, 320)
        XCTAssertEqual(job.clip.height, 240)
        XCTAssertEqual(job.clip.frameCount, 150, "5 s at 30 fps")
        XCTAssertEqual(job.clip.deviceFromIMU, .identity)
        XCTAssertNil(job.clip.frameTimes, "a constant rate")
        XCTAssertEqual(job.gyroBiasRadiansPerSecond, .zero)
        XCTAssertEqual(job.gyroNoiseRadiansPerSecond, 0)
        XCTAssertEqual(job.trial, "trial.csv")
        XCTAssertEqual(job.start, 10)
        XCTAssertEqual(job.motionScale, 1)
    }

    /// Times in milliseconds and angles in degrees on the command line; seconds and radians in the job.
    func testTheJobTakesTheOptionsInItsOwnUnits() throws {
        let job = try job("--fov", "70", "--size", "640x480", "--fps", "25", "--duration", "2", "--time-offset", "-0.2",
                          "--readout", "20", "--exposure", "4", "--gyro-bias", "0.5,-1,2", "--gyro-noise", "0.3",
                          "--mount", "0,1,0,0", "--seed", "7", "--start", "3", "--motion-scale", "0.5")
        XCTAssertEqual(job.clip.verticalFieldOfViewDegrees, 70)
        XCTAssertEqual(job.clip.width, 640)
        XCTAssertEqual(job.clip.height, 480)
        XCTAssertEqual(job.clip.frameCount, 50)
        XCTAssertEqual(job.clip.timeOffsetSeconds, -0.2)
        XCTAssertEqual(job.clip.readoutSeconds, 0.020, accuracy: 1e-15)
        XCTAssertEqual(job.clip.exposureSeconds, 0.004, accuracy: 1e-15)
        XCTAssertEqual(job.clip.seed, 7)
        XCTAssertEqual(job.clip.deviceFromIMU, Quaternion(w: 0, x: 1, y: 0, z: 0))
        XCTAssertEqual(job.gyroBiasRadiansPerSecond.x, Angle.radians(fromDegrees: 0.5), accuracy: 1e-15)
        XCTAssertEqual(job.gyroBiasRadiansPerSecond.y, Angle.radians(fromDegrees: -1), accuracy: 1e-15)
        XCTAssertEqual(job.gyroBiasRadiansPerSecond.z, Angle.radians(fromDegrees: 2), accuracy: 1e-15)
        XCTAssertEqual(job.gyroNoiseRadiansPerSecond, Angle.radians(fromDegrees: 0.3), accuracy: 1e-15)
        XCTAssertEqual(job.start, 3)
        XCTAssertEqual(job.motionScale, 0.5)
    }

    func testTheLensIsTheModelNamedWithItsCoefficients() throws {
        XCTAssertEqual(try job("--lens", "fisheye", "--distortion", "0.1,0.01,0,0").clip.lens, .fisheye(SIMD4(0.1, 0.01, 0, 0)))
        XCTAssertEqual(try job("--lens", "radial", "--distortion", "-0.2,0.05,0,0,0.01").clip.lens, .radial([-0.2, 0.05, 0, 0, 0.01]))
        XCTAssertEqual(try job("--lens", "radial", "--distortion", "0,0,0,0").clip.lens, .pinhole, "no distortion is the pinhole")
    }

    func testALensAndItsCoefficientsMustAgree() {
        assertRefused(CalibrationClipOptions.self, required + ["--lens", "barrel"], saying: "--lens", "barrel", "pinhole", "radial", "fisheye")
        assertRefused(CalibrationClipOptions.self, required + ["--distortion", "0.1,0,0,0"], saying: "--distortion needs --lens radial or fisheye")
        assertRefused(CalibrationClipOptions.self, required + ["--lens", "fisheye"], saying: "--lens fisheye needs --distortion")
        assertRefused(CalibrationClipOptions.self, required + ["--lens", "fisheye", "--distortion", "0.1,0,0"], saying: "--distortion")
        assertRefused(CalibrationClipOptions.self, required + ["--lens", "fisheye", "--distortion", "0.1,0,0,0,0"],
                      saying: "--distortion", "--lens fisheye takes 4 coefficients")
        assertRefused(CalibrationClipOptions.self, required + ["--lens", "radial", "--distortion", "0.1,0,0,0,0,0"], saying: "--distortion")
        assertRefused(CalibrationClipOptions.self, required + ["--lens", "radial", "--distortion", "2000,0,0,0"],
                      saying: "--distortion", "coefficient 1")
    }

    func testABiasPastAnyGyroscopesRangeIsRefused() {
        // The truth file's bias must be one a calibration file holds (Rig.largestGyroBiasDegreesPerSecond, 90 °/s).
        assertRefused(CalibrationClipOptions.self, required + ["--gyro-bias", "0,90.1,0"],
                      saying: "--gyro-bias", "from -90 to 90 degrees per second")
        assertRefused(CalibrationClipOptions.self, required + ["--gyro-bias", "1,2"], saying: "--gyro-bias")
        XCTAssertNil(refusal(CalibrationClipOptions.self, required + ["--gyro-bias", "0,-90,90"]))
    }

    /// A jittered frame rate needs a folder, whose frames.csv keeps each frame's time; the job then draws the times.
    func testAJitteredRateNeedsAFolderOfFrames() throws {
        assertRefused(CalibrationClipOptions.self, required + ["--frame-jitter", "0.2"], saying: "--frame-jitter needs --video FOLDER/")
        let options = try CalibrationClipOptions.parse(["--trial", "trial.csv", "--video", "frames/", "--log", "raw.csv", "--frame-jitter", "0.2"])
        let times = try XCTUnwrap(try options.job().clip.frameTimes)
        XCTAssertEqual(times.count, 150)
        let periods = zip(times.dropFirst(), times).map { $0 - $1 }
        XCTAssertTrue(periods.allSatisfy { $0 > 0.8 / 30 - 1e-9 && $0 < 1.2 / 30 + 1e-9 }, "each period within ±20 % of 1/30 s")
        XCTAssertGreaterThan(periods.max()! - periods.min()!, 0.001, "and not constant")
    }

    func testTimesAndTheOutputAreCheckedAgainstTheFrameRate() {
        assertRefused(CalibrationClipOptions.self, required + ["--readout", "40"], saying: "--readout must be from 0 to one frame period (33.3 ms)")
        assertRefused(CalibrationClipOptions.self, required + ["--fps", "50", "--exposure", "25"],
                      saying: "--exposure must be from 0 to one frame period (20.0 ms)")
        assertRefused(CalibrationClipOptions.self, required + ["--translation", "1.5"], saying: "--translation must be from 0 to half --room-radius")
        XCTAssertNil(refusal(CalibrationClipOptions.self, required + ["--translation", "1.5", "--room-radius", "4"]))
        assertRefused(CalibrationClipOptions.self, required + ["--time-offset", "1.5"], saying: "--time-offset must be within ±1 s")
        assertRefused(CalibrationClipOptions.self, required + ["--fov", "179"],
                      saying: "'--fov <DEG>': the field of view must be between 1 and 179 degrees (exclusive), not 179")
        assertRefused(CalibrationClipOptions.self, ["--trial", "trial.csv", "--video", "clip.mov", "--log", "raw.csv"],
                      saying: "--video must name a .mkv or .avi file")
        assertRefused(CalibrationClipOptions.self, required + ["--size", "321x240"], saying: "--video clip.mkv at --size 321x240", "even")
    }
}
