import AttitudeMath
import Camera
import Pixels
import SyntheticClip
import XCTest

/// The limits of a synthetic clip and its job, each at its edge: the last value allowed passes, one past it is named.
final class SyntheticClipLimitsTests: XCTestCase {
    func clip(_ change: (inout SyntheticCalibrationClip) -> Void = { _ in }) -> SyntheticCalibrationClip {
        var clip = SyntheticCalibrationClip(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 64, height: 48),
                                            framesPerSecond: 30, duration: 2, deviceFromIMU: .identity, timeOffsetSeconds: 0, seed: 1)
        change(&clip)
        return clip
    }

    func testEachLimitOfTheClipAtItsEdge() {
        XCTAssertNil(clip().brokenLimit)
        XCTAssertNil(clip { $0.readoutSeconds = 1.0 / 30 }.brokenLimit, "a readout of one whole frame")
        XCTAssertEqual(clip { $0.readoutSeconds = 1.0 / 30 + 1e-9 }.brokenLimit, .readout)
        XCTAssertEqual(clip { $0.readoutSeconds = -1e-9 }.brokenLimit, .readout)
        XCTAssertNil(clip { $0.exposureSeconds = 1.0 / 30 }.brokenLimit)
        XCTAssertEqual(clip { $0.exposureSeconds = 0.034 }.brokenLimit, .exposure)
        XCTAssertNil(clip { $0.translation = 1.49; $0.roomRadius = 3 }.brokenLimit)
        XCTAssertEqual(clip { $0.translation = 1.5; $0.roomRadius = 3 }.brokenLimit, .translation, "half the room's radius")
        XCTAssertEqual(clip { $0.roomRadius = 0 }.brokenLimit, .translation)
        XCTAssertNil(clip { $0.framesPerSecond = 240 }.brokenLimit)
        XCTAssertEqual(clip { $0.framesPerSecond = 240.5 }.brokenLimit, .framesPerSecond)
        XCTAssertEqual(clip { $0.framesPerSecond = 0 }.brokenLimit, .framesPerSecond)
        XCTAssertNil(clip { $0.duration = 600 }.brokenLimit)
        XCTAssertEqual(clip { $0.duration = 600.1 }.brokenLimit, .duration)
        XCTAssertEqual(clip { $0.duration = 0 }.brokenLimit, .duration)
        XCTAssertNil(clip { $0.timeOffsetSeconds = -1 }.brokenLimit)
        XCTAssertEqual(clip { $0.timeOffsetSeconds = 1.01 }.brokenLimit, .timeOffset)
        // A fisheye whose rays stop short of the field of view's edge draws no such picture.
        XCTAssertEqual(clip { $0.verticalFieldOfViewDegrees = 170; $0.lens = .radial([-0.5, 0, 0, 0, 0]) }.brokenLimit, .lensReach)
    }

    func testTheJobsOwnLimitsAfterItsClips() {
        func job(scale: Double = 1, noiseDegrees: Double = 0, clip: SyntheticCalibrationClip? = nil) -> CalibrationClipJob {
            CalibrationClipJob(clip: clip ?? self.clip(), trial: "trial.csv", start: 0, motionScale: scale, gyroBiasRadiansPerSecond: .zero,
                               gyroNoiseRadiansPerSecond: Angle.radians(fromDegrees: noiseDegrees))
        }
        XCTAssertNil(job().brokenLimit)
        XCTAssertNil(job(scale: 0.02, noiseDegrees: 100).brokenLimit)
        XCTAssertEqual(job(scale: 0).brokenLimit, .motionScale)
        XCTAssertEqual(job(scale: 1.01).brokenLimit, .motionScale)
        XCTAssertEqual(job(noiseDegrees: 101).brokenLimit, .gyroNoise)
        XCTAssertEqual(job(scale: 0, clip: clip { $0.duration = 0 }).brokenLimit, .duration, "the clip's limits first")
    }
}
