import AttitudeMath
@testable import Calibration
import Pixels
import Camera
import RawLog
import TestSupport
import XCTest
import Rig

/// The fit alone, on tracks made by projecting points through the true camera: no rendering, no
/// tracking, so whatever it misses is the model's or the solver's fault.
final class CalibrationFitTests: XCTestCase {
    static let trial = Fixtures.broadTrial02Excerpt

    static func tracks(motion: SyntheticMotion, camera: PinholeCamera, mount: Quaternion, offset: Double, frames: Int,
                fps: Double) -> [FramePairTracks] {
        var random = SplitMix64(seed: 7)
        return (0..<(frames - 1)).map { k in
            let a = motion.worldFromDevice(videoTime: Double(k) / fps, deviceFromIMU: mount, timeOffsetSeconds: offset)
            let b = motion.worldFromDevice(videoTime: Double(k + 1) / fps, deviceFromIMU: mount, timeOffsetSeconds: offset)
            var from: [SIMD2<Double>] = [], to: [SIMD2<Double>] = []
            for _ in 0..<200 where from.count < 60 {
                let u = Double.random(in: 0..<Double(camera.width), using: &random)
                let v = Double.random(in: 0..<Double(camera.height), using: &random)
                let world = camera.worldRay(u: u, v: v, worldFromDevice: a)
                guard let p = camera.project(device: b.conjugate.rotate(world)),
                      p.x >= 0, p.y >= 0, p.x <= Double(camera.width - 1), p.y <= Double(camera.height - 1) else { continue }
                from.append(SIMD2(u, v)); to.append(p)
            }
            return FramePairTracks(index: k, from: from, to: to)
        }
    }

    func testExactTracksGiveTheTruth() throws {
        let motion = try SyntheticMotion(reference: RawLogReader.read(path: Self.trial), start: 110, duration: 6)
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 48, size: PictureSize(fixedWidth: 320, height: 240))
        let mount = Quaternion(w: 0.2, x: 0.9, y: 0.1, z: -0.3).normalized()!
        let fps = 30.0
        let pairs = Self.tracks(motion: motion, camera: camera, mount: mount, offset: -0.311, frames: 180, fps: fps)
        let lines = ProgressLines()
        let fit = CameraIMUCalibration(size: PictureSize(fixedWidth: 320, height: 240), framesPerSecond: fps, frameCount: 180,
                                       gyro: GyroIntegral(time: motion.logTime, rate: motion.gyro), progress: { lines.append($0) })
        let result = try fit.fit(pairs).rig
        XCTAssertEqual(result.timeOffset.seconds, -0.311, accuracy: 1e-4)
        // The progress says which fit each step belongs to: the steps of the refit do not restart the first fit's count,
        // and the point stage follows with its own.
        let all = lines.all.filter { $0.contains(", step ") }
        let steps = all.filter { !$0.hasPrefix("points: ") }
        XCTAssertTrue(steps.first?.hasPrefix("fit on ") == true && steps.first?.contains(" frame pairs, step 1: ") == true, "\(steps)")
        XCTAssertTrue(steps.last?.hasPrefix("refit on the ") == true, "\(steps)")
        XCTAssertTrue(all.last?.hasPrefix("points: ") == true && all.contains { $0.hasPrefix("points: fit on ") && $0.contains(", step 1: ") },
                      "\(all)")
        let firsts = steps.filter { $0.contains(", step 1: ") }
        XCTAssertEqual(firsts.count, 2)
        XCTAssertNotEqual(firsts[0].components(separatedBy: ", step")[0], firsts[1].components(separatedBy: ", step")[0])
        XCTAssertEqual(try XCTUnwrap(result.camera).pinhole.fy / camera.fy, 1, accuracy: 1e-3)
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(result.deviceFromIMU).angle(to: mount)), 0.05)
        XCTAssertLessThan(result.fit?.residualDegreesPerSecond ?? .infinity, 0.5)
    }

    /// With no search range (`RigCalibrator`'s default without a clock's guess) every offset at which the clip lies in
    /// the log is searched: a log started 4.2 s before the clip (a phone's whole log: 3.3 s) is found without a range,
    /// where ±1 s about its first row cannot reach it.
    func testTheWholeOverlapIsSearchedWithoutARange() throws {
        let motion = try SyntheticMotion(reference: RawLogReader.read(path: Self.trial), start: 104, duration: 12)
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 48, size: PictureSize(fixedWidth: 320, height: 240))
        let mount = Quaternion(w: 0.2, x: 0.9, y: 0.1, z: -0.3).normalized()!
        let pairs = Self.tracks(motion: motion, camera: camera, mount: mount, offset: 4.2, frames: 180, fps: 30)
        let lines = ProgressLines()
        var fit = CameraIMUCalibration(size: PictureSize(fixedWidth: 320, height: 240), framesPerSecond: 30, frameCount: 180,
                                       gyro: GyroIntegral(time: motion.logTime, rate: motion.gyro), progress: { lines.append($0) })
        fit.searchRange = nil
        let result = try fit.fit(pairs).rig
        XCTAssertEqual(result.timeOffset.seconds, 4.2, accuracy: 1e-4)
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(result.deviceFromIMU).angle(to: mount)), 0.05)
        XCTAssertTrue(lines.all.contains { $0.hasPrefix("searching every offset at which the clip lies inside the log: -5.97 to ") },
                      "\(lines.all)")
        fit.searchRange = 1
        // ±1 s cannot reach 4.2 s: the best offset within it leaves the picture's turn unexplained, and nothing is answered.
        XCTAssertThrowsError(try fit.fit(pairs), "±1 s cannot reach 4.2 s") { error in
            guard case CalibrationError.unexplained = error else { return XCTFail("\(error)") }
        }
    }

    /// A gyroscope with 0.3 s missing in the middle (samples dropped, or skipped by a reader as NaN): the rotation across
    /// the gap is unknown, so the pairs across it are left out and said to be, and the rest give the truth as before.
    /// Integrated across the gap as if the rate changed linearly, they pulled the GoPro clip's offset by 10 ms.
    func testPairsAcrossAGapInTheGyroscopeAreNotFitted() throws {
        let motion = try SyntheticMotion(reference: RawLogReader.read(path: Self.trial), start: 110, duration: 6)
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 48, size: PictureSize(fixedWidth: 320, height: 240))
        let mount = Quaternion(w: 0.2, x: 0.9, y: 0.1, z: -0.3).normalized()!
        let pairs = Self.tracks(motion: motion, camera: camera, mount: mount, offset: -0.311, frames: 180, fps: 30)
        let kept = motion.logTime.indices.filter { !(2.5...2.8).contains(motion.logTime[$0]) }
        let gyro = GyroIntegral(time: kept.map { motion.logTime[$0] }, rate: kept.map { motion.gyro[$0] })
        XCTAssertEqual(gyro.longestStep(from: 2.6, to: 2.7), 0.3, accuracy: 0.01)
        XCTAssertEqual(gyro.longestStep(from: 1, to: 1.1), gyro.typicalStep, accuracy: 1e-3)
        let lines = ProgressLines()
        let fit = CameraIMUCalibration(size: PictureSize(fixedWidth: 320, height: 240), framesPerSecond: 30, frameCount: 180, gyro: gyro, progress: { lines.append($0) })
        // Pair k spans log time k/30 - 0.311 to (k + 1)/30 - 0.311: pairs 0 to 9 start before the log, and pairs 84
        // (2.489 to 2.522 s) to 93 (2.789 to 2.823 s) touch the gap.
        let fitted = fit.inside(pairs, offset: -0.311).map(\.index)
        XCTAssertEqual(Set(pairs.map(\.index)).subtracting(fitted), Set(0...9).union(84...93))
        let result = try fit.fit(pairs).rig
        XCTAssertEqual(result.timeOffset.seconds, -0.311, accuracy: 1e-4)
        XCTAssertTrue(lines.all.contains { $0.contains(" frame pairs lie across gaps in the gyroscope (the first from ") }, "\(lines.all)")
    }

    /// The offset from the rotation rates alone (what calibrate gives when the camera model does not describe the
    /// picture) is the fit's optimum, not where a fixed number of steps left it: from starts 60 ms either side (more
    /// than ten of its steps, which are at most 5 ms) it arrives at the truth. The GoPro clip's had stopped after
    /// ten steps at -20.7 ms, still moving; its optimum is -18.5 ms.
    func testTheOffsetFromTheRatesAloneConverges() throws {
        let motion = try SyntheticMotion(reference: RawLogReader.read(path: Self.trial), start: 110, duration: 6)
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 48, size: PictureSize(fixedWidth: 320, height: 240))
        let mount = Quaternion(w: 0.2, x: 0.9, y: 0.1, z: -0.3).normalized()!
        let pairs = Self.tracks(motion: motion, camera: camera, mount: mount, offset: -0.311, frames: 180, fps: 30)
        let fit = CameraIMUCalibration(size: PictureSize(fixedWidth: 320, height: 240), framesPerSecond: 30, frameCount: 180,
                                       gyro: GyroIntegral(time: motion.logTime, rate: motion.gyro))
        for start in [-0.371, -0.251] {
            let found = fit.offsetFromRates(pairs, focal: camera.fy, start: start)
            XCTAssertEqual(found.offset, -0.311, accuracy: 1e-4, "from \(start) s")
            XCTAssertLessThan(found.standardError, 1e-3, "from \(start) s")
        }
    }

    /// A gyroscope with white noise of 0.5 °/s per axis and sample (several times a MEMS gyroscope's at
    /// 100-300 Hz) and a bias of a few tenths of a degree per second: still within the targets
    /// (1 ms, 1 % of the field of view, 1° of mount).
    func testNoisyBiasedGyroscopeStaysWithinTheTargets() throws {
        let motion = try SyntheticMotion(reference: RawLogReader.read(path: Self.trial), start: 110, duration: 6)
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 62, size: PictureSize(fixedWidth: 320, height: 240))
        let mount = Quaternion(w: 0.6, x: -0.2, y: 0.7, z: 0.3).normalized()!
        let fps = 30.0
        let pairs = Self.tracks(motion: motion, camera: camera, mount: mount, offset: 0.173, frames: 180, fps: fps)
        var noise = GaussianNoise(seed: 3)
        let sigma = Angle.radians(fromDegrees: 0.5), bias = Angle.radians(fromDegrees: SIMD3(0.3, -0.2, 0.4))
        let noisy = motion.gyro.map { $0 + bias + sigma * SIMD3(noise.next(), noise.next(), noise.next()) }
        let fit = CameraIMUCalibration(size: PictureSize(fixedWidth: 320, height: 240), framesPerSecond: fps, frameCount: 180,
                                       gyro: GyroIntegral(time: motion.logTime, rate: noisy))
        let result = try fit.fit(pairs).rig
        XCTAssertEqual(result.timeOffset.seconds, 0.173, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(result.camera).pinhole.fy / camera.fy, 1, accuracy: 1e-2)
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(result.deviceFromIMU).angle(to: mount)), 1)
    }

    /// A camera whose focal length creeps from 3 % under to 3 % over its mean along the clip (a zoom, or a stabiliser
    /// cropping): one focal length cannot describe it, and the pairs' residuals change slowly, as what a real clip's model
    /// misses does. The standard error written must cover the miss (the block jackknife's, `PointRefinement.jackknife`),
    /// where the Jacobian's alone, from these exact tracks, claims less than the miss; and on the same
    /// clip with a steady focal length the jackknife adds nothing to speak of.
    func testTheStandardErrorCoversWhatTheModelMisses() throws {
        let motion = try SyntheticMotion(reference: RawLogReader.read(path: Self.trial), start: 110, duration: 6)
        let mount = Quaternion(w: 0.2, x: 0.9, y: 0.1, z: -0.3).normalized()!
        let fps = 30.0, frames = 180
        func clip(creep: Double) -> (pairs: [FramePairTracks], meanFieldOfView: Double) {
            var random = SplitMix64(seed: 5)
            var fields: [Double] = []
            let pairs = (0..<(frames - 1)).map { k -> FramePairTracks in
                let scale = 1 + creep * (2 * Double(k) / Double(frames - 2) - 1)
                let base = PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))
                let camera = PinholeCamera(focalLength: base.fy * scale, size: PictureSize(fixedWidth: 320, height: 240))
                fields.append(camera.verticalFieldOfViewDegrees)
                let a = motion.worldFromDevice(videoTime: Double(k) / fps, deviceFromIMU: mount, timeOffsetSeconds: 0.1)
                let b = motion.worldFromDevice(videoTime: Double(k + 1) / fps, deviceFromIMU: mount, timeOffsetSeconds: 0.1)
                var from: [SIMD2<Double>] = [], to: [SIMD2<Double>] = []
                for _ in 0..<200 where from.count < 60 {
                    let u = Double.random(in: 0..<320, using: &random), v = Double.random(in: 0..<240, using: &random)
                    guard let p = camera.project(device: b.conjugate.rotate(camera.worldRay(u: u, v: v, worldFromDevice: a))),
                          p.x >= 0, p.y >= 0, p.x <= 319, p.y <= 239 else { continue }
                    from.append(SIMD2(u, v)); to.append(p)
                }
                return FramePairTracks(index: k, from: from, to: to)
            }
            return (pairs, fields.reduce(0, +) / Double(fields.count))
        }
        func fit(_ pairs: [FramePairTracks]) throws -> Rig {
            try CameraIMUCalibration(size: PictureSize(fixedWidth: 320, height: 240), framesPerSecond: fps, frameCount: frames,
                                     gyro: GyroIntegral(time: motion.logTime, rate: motion.gyro)).fit(pairs).rig
        }
        let creeping = clip(creep: 0.03)
        let rig = try fit(creeping.pairs)
        let error = try XCTUnwrap(rig.standardErrors?.verticalFieldOfViewFraction)
        let fieldOfView = try XCTUnwrap(rig.cameraAndMount).verticalFieldOfViewDegrees
        let miss = abs(fieldOfView / creeping.meanFieldOfView - 1)
        // The Jacobian's alone gives ± 0.25 % for a miss of 0.43 %; with the jackknife's, ± 1.1 %.
        XCTAssertGreaterThan(error, miss, "the fit's \(fieldOfView)° for a mean \(creeping.meanFieldOfView)°, ± \(error * 100) %")
        XCTAssertLessThan(error, 0.03, "no wider than the creep itself")
        let steady = try fit(clip(creep: 0).pairs)
        XCTAssertLessThan(try XCTUnwrap(steady.standardErrors?.verticalFieldOfViewFraction), 0.001)
        XCTAssertEqual(try XCTUnwrap(steady.cameraAndMount).verticalFieldOfViewDegrees, 50, accuracy: 0.05)
    }

    /// The noise `calibration-clip --gyro-noise` adds: standard normal, reproducible from its seed.
    func testGaussianNoiseIsStandardNormalAndSeeded() {
        var a = GaussianNoise(seed: 11), b = GaussianNoise(seed: 11), c = GaussianNoise(seed: 12)
        let samples = (0..<200_000).map { _ in a.next() }
        let mean = samples.reduce(0, +) / Double(samples.count)
        let variance = samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(samples.count - 1)
        XCTAssertEqual(mean, 0, accuracy: 0.01)
        XCTAssertEqual(variance, 1, accuracy: 0.01)
        XCTAssertEqual(Double(samples.filter { abs($0) > 2 }.count) / Double(samples.count), 0.0455, accuracy: 0.003,
                       "a normal has 4.55 % beyond two standard deviations")
        XCTAssertEqual((0..<5).map { _ in b.next() }, Array(samples.prefix(5)), "the same seed gives the same noise")
        XCTAssertNotEqual((0..<5).map { _ in c.next() }, Array(samples.prefix(5)))
    }

    /// A refused field of view says which test it failed: a value inside 10° to 170° is never called outside it
    /// ("the fit gives 59.8°, outside 10° to 170°").
    func testAnUndeterminedFieldOfViewSaysWhichTestItFailed() {
        let loose = CalibrationError.fieldOfViewUndetermined(degrees: 59.8, standardErrorPercent: 9).description
        XCTAssertFalse(loose.contains("outside"), loose)
        XCTAssertTrue(loose.contains("59.8° ± 9%"), loose)
        // The threshold is the field of view's own (Determination.fieldOfViewErrorLimitFraction), not a number of this test's.
        XCTAssertTrue(loose.contains(String(format: "larger than the %.0f%%", CameraIMUCalibration.largestFieldOfViewError * 100)), loose)
        let unknown = CalibrationError.fieldOfViewUndetermined(degrees: 59.8, standardErrorPercent: nil).description
        XCTAssertFalse(unknown.contains("outside"), unknown)
        XCTAssertTrue(unknown.contains("standard error cannot be estimated"), unknown)
        let infinite = CalibrationError.fieldOfViewUndetermined(degrees: 59.8, standardErrorPercent: .infinity).description
        XCTAssertTrue(infinite.contains("standard error cannot be estimated"), infinite)
        let wide = CalibrationError.fieldOfViewUndetermined(degrees: 175.2, standardErrorPercent: 1).description
        XCTAssertTrue(wide.contains("175.2°, outside 10° to 170°"), wide)
    }
}

/// Progress lines collected from the fit (it calls back on the caller's thread).
private final class ProgressLines: @unchecked Sendable {
    private(set) var all: [String] = []
    func append(_ line: String) { all.append(line) }
}
