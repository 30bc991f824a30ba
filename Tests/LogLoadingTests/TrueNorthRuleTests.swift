import AttitudeMath
import Foundation
import Location
import Logging
import LogLoading
import LogTestSupport
import RawLog
import TestSupport
import XCTest

/// The one true-north rule of every fusion of a raw log (`TrueNorth`): the declination given, else the recording's;
/// refused where true north was asked and cannot be had, magnetic north where it was only wished for.
final class TrueNorthRuleTests: LocationTestCase {
    private let quiet = Logger(label: "test.log-loading") { _ in SwiftLogNoOpLogHandler() }

    private func corrected(_ path: String) throws -> CorrectedRawLog {
        try CorrectedRawLog(path: path, logger: quiet)
    }

    func testTheRecordingsDeclinationTurnsMagneticNorthWhereverTrueNorthIsWanted() throws {
        let recording = try writeRecording("rec")
        let declination = try XCTUnwrap(RecordingDeclination.find(folder: recording, maxAccuracyMetres: 20)).declinationDegrees
        let log = try corrected(recording)
        let magnetic = try log.fused(frame: .natural, logger: quiet)
        XCTAssertEqual(magnetic.frame, .reference(.xMagneticNorthZVertical))
        XCTAssertNil(magnetic.declinationDegrees)
        XCTAssertNil(magnetic.recordingDeclination)
        let turn = Frames.trueNorthFromMagneticNorth(declinationDegrees: declination)
        for request in [FusionFrameRequest.trueNorthWherePossible, .asked(.reference(.xTrueNorthZVertical))] {
            let fused = try log.fused(frame: request, logger: quiet)
            XCTAssertEqual(fused.frame, .reference(.xTrueNorthZVertical), "\(request)")
            XCTAssertEqual(fused.referenceFrame, .xTrueNorthZVertical)
            XCTAssertEqual(try XCTUnwrap(fused.declinationDegrees), declination, accuracy: 1e-12)
            XCTAssertEqual(try XCTUnwrap(fused.recordingDeclination).fix.line, 5, "the first fix within 20 m")
            XCTAssertEqual(fused.samples.count, magnetic.samples.count)
            for i in stride(from: 0, to: fused.samples.count, by: 50) {
                XCTAssertLessThan(fused.samples[i].outputFromIMU.angle(to: turn * magnetic.samples[i].outputFromIMU), 1e-9, "sample \(i)")
            }
        }
        // A declination given overrides the recording's.
        let given = try log.fused(frame: .asked(.reference(.xTrueNorthZVertical)), north: TrueNorth(declinationDegrees: 3), logger: quiet)
        XCTAssertEqual(given.declinationDegrees, 3)
        XCTAssertNil(given.recordingDeclination)
        let three = Frames.trueNorthFromMagneticNorth(declinationDegrees: 3)
        XCTAssertLessThan(given.samples[300].outputFromIMU.angle(to: three * magnetic.samples[300].outputFromIMU), 1e-9)
    }

    /// A recording that cannot give a declination: refused where true north was asked, magnetic north where it was
    /// only wished for.
    func testARecordingWithoutAGoodFixIsRefusedOnlyWhereTrueNorthWasAsked() throws {
        let log = try corrected(try writeRecording("rec"))
        let strict = TrueNorth(maxAccuracyMetres: 5)
        XCTAssertThrowsError(try log.fused(frame: .asked(.reference(.xTrueNorthZVertical)), north: strict, logger: quiet)) {
            XCTAssertTrue("\($0)".contains("no fix has a horizontal accuracy within 5.0 m"), "\($0)")
        }
        let wished = try log.fused(frame: .trueNorthWherePossible, north: strict, logger: quiet)
        XCTAssertEqual(wished.frame, .reference(.xMagneticNorthZVertical))
        XCTAssertNil(wished.declinationDegrees)
    }

    /// A log with no Location.csv: true north asked is refused for want of a declination; wished for, magnetic north.
    func testALogWithoutLocationsStaysInMagneticNorthOrIsRefused() throws {
        let imu = TumblingIMU(seconds: 6, rate: 100)
        let log = try corrected(try write("raw.csv", imu.rawCSV()))
        XCTAssertThrowsError(try log.fused(frame: .asked(.reference(.xTrueNorthZVertical)), logger: quiet))
        let wished = try log.fused(frame: .trueNorthWherePossible, logger: quiet)
        XCTAssertEqual(wished.frame, .reference(.xMagneticNorthZVertical))
        XCTAssertNil(wished.recordingDeclination)
    }
}
