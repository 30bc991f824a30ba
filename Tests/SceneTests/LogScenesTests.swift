import AttitudeLog
import AttitudeMath
import Scene
import Render
import XCTest

/// `LogScenes`, the incremental scenes of `render` and `snapshot`, against the oracle `SceneSource(log:fusion:path:at:)`
/// (SceneSourceOracle.swift), which refilters the whole log for each picture: the same attitude and HUD, bit for bit,
/// at every frame.
final class LogScenesTests: XCTestCase {
    /// A log turning about a tilted axis, 101 samples 0.01 s apart.
    private func turningLog() throws -> AttitudeLog {
        let axis = SIMD3<Double>(0.3, 0.8, 0.5)
        let samples = (0...100).map { k in
            AttitudeSample(t: Double(k) / 100, worldFromDevice: Quaternion(axis: axis, angle: Double(k) / 30))
        }
        return try AttitudeLog(samples: samples, frame: .xMagneticNorthZVertical, path: "turning.csv")
    }

    func testEveryFrameEqualsTheSnapshotAtItsTime() throws {
        let log = try turningLog()
        let mount = Quaternion(axis: SIMD3(1, 0, 0), angle: 0.4)
        let reference = Quaternion(axis: SIMD3(0, 0, 1), angle: 0.7)
        for settings in [DrawingSettings(hud: true), DrawingSettings(relativeTo: reference, hud: true, deviceFromIMU: mount),
                        DrawingSettings(relativeTo: reference, deviceFromIMU: mount)] {
            var scenes = LogScenes(log: log, fusion: nil, path: "turning.csv", settings: settings)
            // Frame times between and on samples, and one going back, which starts the filter again.
            for t in [0, 0.005, 0.01, 0.237, 0.5, 0.5, 0.731, 0.2, 0.999, 1] {
                let frame = scenes.scene(at: t)
                let snapshot = SceneSource(log: log, fusion: nil, path: "turning.csv", at: t).mounted(by: settings)
                    .scene(relativeTo: settings.relativeTo, hud: settings.hud)
                XCTAssertEqual(frame.worldFromDevice, snapshot.worldFromDevice, "t = \(t)")
                XCTAssertEqual(frame.hud, snapshot.hud, "t = \(t)")
                XCTAssertEqual(frame.hud == nil, !settings.hud)
            }
        }
    }
}
