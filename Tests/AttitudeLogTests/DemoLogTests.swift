import AttitudeLog
import AttitudeMath
import XCTest

/// The demo log the app ships (models/demo-attitude.csv, made by scripts/maintainer/make-demo-log.py) stays a valid log.
final class DemoLogTests: XCTestCase {
    private var demoPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("models/demo-attitude.csv").path
    }

    func testTheDemoLogLoads() throws {
        let log = try AttitudeLog.load(path: demoPath)
        XCTAssertEqual(log.format, .steadyDice)
        XCTAssertEqual(log.frame, .xMagneticNorthZVertical)
        XCTAssertEqual(log.duration, 60, accuracy: 0.5)
        let rate = Double(log.samples.count - 1) / log.duration
        XCTAssertEqual(rate, 30, accuracy: 2, "samples per second")
        let gaps = zip(log.samples.dropFirst(), log.samples).map { $0.t - $1.t }
        XCTAssertLessThan(gaps.max() ?? .infinity, 0.25, "no long holes where the optical reference was lost")
        // A real recording of slow rotation: the attitude moves far from where it started.
        let first = log.samples[0].worldFromDevice
        let largest = log.samples.map { $0.worldFromDevice.angle(to: first) }.max() ?? 0
        XCTAssertGreaterThan(largest, Angle.radians(fromDegrees: 90))
        let size = try FileManager.default.attributesOfItem(atPath: demoPath)[.size] as? Int ?? .max
        XCTAssertLessThan(size, 200_000)
    }
}
