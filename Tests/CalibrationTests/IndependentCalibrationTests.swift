import AttitudeMath
import Calibration
import CVShim
import Foundation
import Pixels
import XCTest
import Rig

/// The fit on tracks made by a generator that shares no code with it: a motion written here in closed form,
/// its gyroscope taken from that motion by the definition of body rate (q̇ = ½ q ω, differentiated here, not
/// integrated by GyroIntegral; a sample is the rate over the interval since the previous one, as
/// docs/conventions.md says, so each is the rate at that interval's middle), and points projected by OpenCV's cv::projectPoints, not by the Camera module.
/// The conventions are docs/conventions.md's, written out: worldFromD(t) = worldFromS(t + o) · R⁻¹, C = half turn of
/// D about X, principal point at ((W - 1) / 2, (H - 1) / 2). A sign, inverse or order error that the solver
/// and SyntheticMotion shared would cancel in CalibrationFitTests; here it cannot.
final class IndependentCalibrationTests: XCTestCase {
    /// The IMU's attitude at log time τ: three turns about the world's axes, each swinging at its own rate.
    private static func worldFromIMU(_ tau: Double) -> Quaternion {
        func turn(_ axis: SIMD3<Double>, _ angle: Double) -> Quaternion {
            let s = sin(angle / 2)
            return Quaternion(w: cos(angle / 2), x: axis.x * s, y: axis.y * s, z: axis.z * s)
        }
        return turn([0, 0, 1], 0.8 * sin(0.9 * tau)) * turn([1, 0, 0], 0.5 * sin(1.3 * tau + 0.4)) * turn([0, 1, 0], 0.6 * sin(0.7 * tau + 1.1))
    }

    /// The body rate at τ (rad/s, in S): ω = 2·vec(conj(q)·q̇), q̇ by a central difference of 1 µs.
    private static func bodyRate(_ tau: Double) -> SIMD3<Double> {
        let h = 1e-6
        let (a, b, q) = (worldFromIMU(tau - h), worldFromIMU(tau + h), worldFromIMU(tau))
        let derivative = [(b.w - a.w) / (2 * h), (b.x - a.x) / (2 * h), (b.y - a.y) / (2 * h), (b.z - a.z) / (2 * h)]
        let c = q.conjugate
        // The vector part of the Hamilton product c · q̇, doubled.
        let x = c.w * derivative[1] + c.x * derivative[0] + c.y * derivative[3] - c.z * derivative[2]
        let y = c.w * derivative[2] - c.x * derivative[3] + c.y * derivative[0] + c.z * derivative[1]
        let z = c.w * derivative[3] + c.x * derivative[2] - c.y * derivative[1] + c.z * derivative[0]
        return 2 * SIMD3(x, y, z)
    }

    /// The rotation matrix (row by row) of a unit quaternion.
    private static func matrix(_ q: Quaternion) -> [Double] {
        let (w, x, y, z) = (q.w, q.x, q.y, q.z)
        return [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]
    }

    /// Pixels of `points` (world directions) seen by the camera with attitude worldFromDevice, through
    /// cv::projectPoints; nil for a point behind the camera.
    private static func project(_ points: [SIMD3<Double>], worldFromDevice: Quaternion, k: [Double]) throws -> [SIMD2<Double>?] {
        let deviceFromWorld = matrix(worldFromDevice.conjugate)
        // C from D is diag(1, -1, -1): rows 2 and 3 of D-from-W change sign.
        let cameraFromWorld = deviceFromWorld.enumerated().map { $0.offset < 3 ? $0.element : -$0.element }
        var flat = points.flatMap { [$0.x, $0.y, $0.z] }
        var pixels = [Double](repeating: 0, count: 2 * points.count)
        var err = [CChar](repeating: 0, count: 256)
        guard cvs_project_points(0, cameraFromWorld, k, nil, 0, &flat, Int32(points.count), &pixels, &err, err.count) == 0 else {
            XCTFail("cv::projectPoints failed: \(String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
            return []
        }
        return points.indices.map { i in
            let p = points[i]
            let depth = cameraFromWorld[6] * p.x + cameraFromWorld[7] * p.y + cameraFromWorld[8] * p.z
            return depth > 0.1 ? SIMD2(pixels[2 * i], pixels[2 * i + 1]) : nil
        }
    }

    private func check(mount: Quaternion, offset: Double, fieldOfViewDegrees: Double) throws {
        let (width, height, fps, frames) = (320, 240, 30.0, 180)
        let f = Double(height) / 2 / tan(fieldOfViewDegrees * .pi / 360)
        let k = [f, 0, Double(width - 1) / 2, 0, f, Double(height - 1) / 2, 0, 0, 1]
        // The gyroscope: 200 Hz over log time 0 to 8 s, each sample the rate over the 5 ms before it.
        let logTime = (0...1600).map { Double($0) / 200 }
        let gyro = GyroIntegral(time: logTime, rate: logTime.map { Self.bodyRate($0 - 0.0025) })
        // 1,500 directions spread over the sphere (a Fibonacci lattice), fixed in the world.
        let points = (0..<1500).map { i -> SIMD3<Double> in
            let z = 1 - 2 * (Double(i) + 0.5) / 1500, r = (1 - z * z).squareRoot(), a = Double(i) * 2.399963229728653
            return SIMD3(r * cos(a), r * sin(a), z)
        }
        let inside = { (p: SIMD2<Double>?) -> Bool in
            guard let p else { return false }
            return p.x >= 0 && p.y >= 0 && p.x <= Double(width - 1) && p.y <= Double(height - 1)
        }
        var pairs: [FramePairTracks] = []
        var previous = try Self.project(points, worldFromDevice: Self.worldFromIMU(offset) * mount.conjugate, k: k)
        for frame in 1..<frames {
            let videoTime = Double(frame) / fps
            let current = try Self.project(points, worldFromDevice: Self.worldFromIMU(videoTime + offset) * mount.conjugate, k: k)
            let both = points.indices.filter { inside(previous[$0]) && inside(current[$0]) }.prefix(60)
            pairs.append(FramePairTracks(index: frame - 1, from: both.map { previous[$0]! }, to: both.map { current[$0]! }))
            previous = current
        }
        XCTAssertGreaterThan(pairs.map(\.from.count).min() ?? 0, 20, "too few points in view")
        let fit = CameraIMUCalibration(size: PictureSize(fixedWidth: width, height: height), framesPerSecond: fps, frameCount: frames, gyro: gyro)
        let result = try fit.fit(pairs).rig
        XCTAssertEqual(result.timeOffset.seconds, offset, accuracy: 1e-3, "time offset")
        XCTAssertEqual(try XCTUnwrap(result.camera).pinhole.fy / f, 1, accuracy: 1e-3, "focal length")
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(result.deviceFromIMU).angle(to: mount)), 0.1, "mount")
        XCTAssertLessThan(result.fit?.residualDegreesPerSecond ?? .infinity, 0.05, "a pure rotation seen exactly leaves no residual")
        print(String(format: "independent calibration: offset %.5f s (truth %.3f), focal %.3f px (truth %.3f), mount off by %.4f°",
                     result.timeOffset.seconds, offset, try XCTUnwrap(result.camera).pinhole.fy, f, try Angle.degrees(fromRadians: XCTUnwrap(result.deviceFromIMU).angle(to: mount))))
    }

    func testAnArbitraryMountAndAPositiveOffset() throws {
        try check(mount: Quaternion(w: 0.2, x: 0.9, y: 0.1, z: -0.3).normalized()!, offset: 0.137, fieldOfViewDegrees: 55)
    }

    func testAQuarterTurnMountAndANegativeOffset() throws {
        // 90° about the optical axis (the device's Z), and the video's frames shown 83 ms before the log's.
        try check(mount: Quaternion(w: 0.70710678118654752, x: 0, y: 0, z: 0.70710678118654752), offset: -0.083, fieldOfViewDegrees: 55)
    }

    /// Pairs that begin before the log does, at the true offset, must not bias the fit (found by this
    /// test: -0.0677 s for -0.083 s, until the pairs are chosen with a margin).
    func testANegativeOffsetWithPairsBeforeTheLog() throws {
        try check(mount: .identity, offset: -0.083, fieldOfViewDegrees: 40)
    }

    func testANarrowLensAndTheIdentityMount() throws {
        try check(mount: .identity, offset: 0.2, fieldOfViewDegrees: 40)
    }
}
