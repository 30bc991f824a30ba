import AttitudeMath
import IMUD
import XCTest

final class AttitudeHistoryTests: XCTestCase {
    private let a = Quaternion(axis: [0, 0, 1], angle: 0)
    private let b = Quaternion(axis: [0, 0, 1], angle: 0.4)

    /// Between two samples the attitude is their slerp; at or after the newest it is the newest.
    func testInterpolatesBetweenSamplesAndHoldsTheNewest() throws {
        let history = AttitudeHistory(span: 2)
        XCTAssertNil(history.attitude(at: 0), "no sample yet: no attitude")
        history.append(time: 10, worldFromDevice: a)
        history.append(time: 10.1, worldFromDevice: b)
        let middle = try XCTUnwrap(history.attitude(at: 10.025))
        XCTAssertFalse(middle.beforeHistory)
        XCTAssertEqual(middle.worldFromDevice.angle(to: Quaternion(axis: [0, 0, 1], angle: 0.1)), 0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(history.attitude(at: 10.1)).worldFromDevice.angle(to: b), 0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(history.attitude(at: 99)).worldFromDevice.angle(to: b), 0, accuracy: 1e-12)
    }

    /// Earlier than every sample kept: the oldest one, flagged, so the caller can grey it.
    func testBeforeTheHistoryIsFlagged() throws {
        let history = AttitudeHistory(span: 2)
        history.append(time: 5, worldFromDevice: b)
        history.append(time: 6, worldFromDevice: a)
        let early = try XCTUnwrap(history.attitude(at: 4.5))
        XCTAssertTrue(early.beforeHistory)
        XCTAssertEqual(early.worldFromDevice.angle(to: b), 0, accuracy: 1e-12)
    }

    /// Only `span` seconds are kept behind the newest sample however long the stream runs (times in
    /// 1/1024 s, exact in binary, so the boundary is exact); a sample from the past is ignored.
    func testKeepsOnlyItsSpan() throws {
        let history = AttitudeHistory(span: 0.5)
        let rotation = { (t: Double) in Quaternion(axis: [1, 0, 0], angle: t / 10) }
        for k in 0..<10_000 { history.append(time: Double(k) / 1024, worldFromDevice: rotation(Double(k) / 1024)) }
        XCTAssertEqual(history.count, 513, "the samples in [newest − 0.5 s, newest] at 1024 Hz")
        XCTAssertTrue(try XCTUnwrap(history.attitude(at: 9.0)).beforeHistory, "9.0 s is more than 0.5 s before 9.765 s")
        let kept = try XCTUnwrap(history.attitude(at: 9.6))
        XCTAssertFalse(kept.beforeHistory)
        XCTAssertEqual(kept.worldFromDevice.angle(to: rotation(9.6)), 0, accuracy: 1e-9)
        history.append(time: 1, worldFromDevice: a)
        XCTAssertEqual(try XCTUnwrap(history.attitude(at: 20)).worldFromDevice.angle(to: rotation(9999.0 / 1024)), 0,
                       accuracy: 1e-9, "a sample older than the newest changes nothing")
    }
}
