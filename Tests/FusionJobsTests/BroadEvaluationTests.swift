import AttitudeMath
import Foundation
import Fusion
import FusionJobs
import LogTestSupport
import RawLog
import TestSupport
import XCTest

/// BROAD's scoring (`BroadEvaluation`: the RMS of `AttitudeError` over a trial's moving rows): what it needs, the
/// estimator's figures on the BROAD excerpt, and a magnetometer's hard-iron offset seen in the heading and fitted away.
final class BroadEvaluationTests: RawLogTestCase {
    /// The magnetometer offset added to a clean log.
    private let offset = SIMD3<Double>(25, -15, 30)

    func testEvaluationNeedsReferenceColumns() throws {
        let path = try write("r.csv", "t,gx,gy,gz,ax,ay,az,mx,my,mz\n0,0,0,0,0,0,9.8,0,20,-40\n")
        let log = try RawLogReader.read(path: path)
        XCTAssertThrowsError(try BroadEvaluation.evaluate(log: log, mode: .nineD))
    }

    func testBroadExcerptAccuracy() throws {
        XCTAssertTrue(RawLogReader.isRawLog(path: Fixtures.broadTrial01Excerpt), "detected through xz")
        let log = try RawLogReader.read(path: Fixtures.broadTrial01Excerpt)
        XCTAssertEqual(log.count, 5500)
        XCTAssertNotNil(log.reference)
        let nine = try BroadEvaluation.evaluate(log: log, mode: .nineD)
        XCTAssertGreaterThan(nine.evaluatedSamples, 3000)
        XCTAssertLessThan(nine.totalRMSE, 3.5)
        XCTAssertLessThan(nine.tiltRMSE, 0.4)
        let six = try BroadEvaluation.evaluate(log: log, mode: .sixD)
        XCTAssertLessThan(six.tiltRMSE, 0.4)
        XCTAssertEqual(nine.skippedSamples, 0)
    }

    /// A 9D log turning through all orientations, with an offset added to its magnetometer: the
    /// heading is lost, and the fit (or the same offset given by hand) gives it back.
    func testFitRestoresNineDHeading() throws {
        let clean = Synthetic.tumblingLog(seconds: 60, rate: 100)
        var shifted = clean
        shifted.mag = clean.mag?.map { $0 + offset }
        let baseline = try BroadEvaluation.evaluate(log: clean, mode: .nineD)
        XCTAssertLessThan(baseline.totalRMSE, 1)
        let broken = try BroadEvaluation.evaluate(log: shifted, mode: .nineD)
        XCTAssertGreaterThan(broken.headingRMSE, 10, "an uncorrected offset this size spoils the heading")

        let fit = try HardIronCalibration.fit(try XCTUnwrap(shifted.mag))
        XCTAssertLessThan((fit.offset - offset).length, 0.01)
        let fitted = try BroadEvaluation.evaluate(log: fit.apply(to: shifted), mode: .nineD)
        XCTAssertEqual(fitted.totalRMSE, baseline.totalRMSE, accuracy: 0.05)

        let given = try BroadEvaluation.evaluate(log: HardIronCalibration(offset: offset).apply(to: shifted), mode: .nineD)
        XCTAssertEqual(given.totalRMSE, baseline.totalRMSE, accuracy: 1e-9, "subtracting the exact offset gives the clean log back")
    }
}
