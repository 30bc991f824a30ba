import AttitudeLog
import Fusion
import FusionOptions
import RawLog
import XCTest

/// The loader both tools share: a raw log is fused with the estimator's status kept per sample, which
/// the HUD's fusion line reads; an attitude log has none.
final class FusionTrackTests: RawLogTestCase {
    func testARawLogKeepsTheEstimatorsStatusPerSample() throws {
        let input = try write("raw.csv", Synthetic.rawCSV(Synthetic.tumblingLog(seconds: 3, rate: 100)))
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: input, program: "test")
        let track = try XCTUnwrap(fusion)
        XCTAssertEqual(track.mode, .nineD)
        XCTAssertEqual(track.statuses.count, log.samples.count)
        let expected = try RawLogFusion.fuse(log: RawLogReader.read(path: input), frame: .reference(.xMagneticNorthZVertical),
                                             withStatus: true)
        let last = try XCTUnwrap(expected.last?.status)
        let bias = (last.gyroBias * last.gyroBias).sum().squareRoot() * 180 / Double.pi
        XCTAssertEqual(track.summary(atSample: log.samples.count - 1),
                       String(format: "9D %@, field %@, bias %.2f\u{B0}/s", last.isAtRest ? "at rest" : "moving",
                              last.magDisturbed ? "disturbed" : "ok", bias))
        XCTAssertEqual(track.summary(atSample: 10_000), "9D", "an index past the end names the mode only")
    }

    func testAnAttitudeLogHasNoTrack() throws {
        let input = try write("attitude.csv", "t,qw,qx,qy,qz\n0,1,0,0,0\n1,1,0,0,0\n")
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: input, program: "test")
        XCTAssertEqual(log.samples.count, 2)
        XCTAssertNil(fusion)
    }
}
