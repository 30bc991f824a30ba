import AttitudeLog
import AttitudeMath
import LogLoading
import LogTestSupport
import XCTest

/// A raw log read over its footage: loaded as the shared loader loads it over footage, with the bias given, and placed
/// on its video by the caller's time rule, which sees the log read and may refuse it.
final class AttitudeLogOverVideoTests: RawLogTestCase {
    private struct Refused: Error, Equatable {}

    /// A gyroscope turning about x at 0.4 rad/s, 2 s long, whose gyroscope also reads a bias of (1.5, -0.8, 0.6)°/s.
    private func biasedTurn() throws -> (path: String, bias: SIMD3<Double>) {
        let bias = SIMD3(1.5, -0.8, 0.6) * Synthetic.degree
        var text = "t,gx,gy,gz\n"
        for i in 0...400 { text += "\(Double(i) * 0.005 + 100),\(0.4 + bias.x),\(bias.y),\(bias.z)\n" }
        return (try write("biased.csv", text), bias)
    }

    func testTheLogIsTheLoadersOverFootageAndTheOffsetThePlacements() throws {
        let (path, bias) = try biasedTurn()
        var placed: [AttitudeLog] = []
        let footage = try AttitudeLogOverVideo(path: path, gyroBiasRadiansPerSecond: bias) { log in
            placed.append(log)
            return -0.25
        }
        let loaded = try loadAnyAttitudeLogWithFusion(path: path, gyroBiasRadiansPerSecond: bias, overFootage: true).log
        XCTAssertEqual(placed.map(\.samples), [loaded.samples], "the placement is asked once, with the log read")
        XCTAssertEqual(footage.log.samples, loaded.samples)
        XCTAssertEqual(footage.timeOffsetSeconds, -0.25)
        XCTAssertNotNil(footage.fusion)
    }

    func testARefusedPlacementRefusesTheLog() throws {
        let (path, bias) = try biasedTurn()
        XCTAssertThrowsError(try AttitudeLogOverVideo(path: path, gyroBiasRadiansPerSecond: bias) { _ in throw Refused() }) {
            XCTAssertEqual($0 as? Refused, Refused())
        }
    }
}
