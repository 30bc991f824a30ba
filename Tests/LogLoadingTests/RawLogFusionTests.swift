import AttitudeMath
import Foundation
import Fusion
import LogLoading
import LogTestSupport
import RawLog
import TestSupport
import XCTest

/// The estimator run through a raw log read (`RawLogFusion`): the mode a log's columns give, one attitude per sample,
/// the frames asked, and true north only with a declination and a magnetometer.
final class RawLogFusionTests: RawLogTestCase {
    func testRawCSVWithoutMagnetometerFusesIn6D() throws {
        let path = try write("b.csv", "t,ax,ay,az,gx,gy,gz\n0,0,0,9.8,0,0,0\n0.01,0,0,9.8,0,0,0\n")
        let log = try RawLogReader.read(path: path)
        XCTAssertNil(log.mag)
        XCTAssertEqual(log.acc?[0], SIMD3(0, 0, 9.8))
        XCTAssertEqual(RawLogFusion.naturalMode(of: log), .sixD)
        XCTAssertThrowsError(try RawLogFusion.fuse(log: log, frame: .reference(.xMagneticNorthZVertical)))
        XCTAssertEqual(try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical)).count, 2)
    }

    /// True north is magnetic north turned by the declination; without one, or in 6D, it is refused.
    func testTrueNorthNeedsADeclination() throws {
        let log = try RawLogReader.read(path: Fixtures.broadTrial01Excerpt)
        let magnetic = try RawLogFusion.fuse(log: log, frame: .reference(.xMagneticNorthZVertical))
        let trueNorth = try RawLogFusion.fuse(log: log, frame: .reference(.xTrueNorthZVertical), declinationDegrees: 4.5)
        let turn = Frames.trueNorthFromMagneticNorth(declinationDegrees: 4.5)
        for i in [0, 2500, 5499] {
            XCTAssertLessThan(trueNorth[i].outputFromIMU.angle(to: turn * magnetic[i].outputFromIMU), 1e-12)
        }
        XCTAssertThrowsError(try RawLogFusion.fuse(log: log, frame: .reference(.xTrueNorthZVertical))) { error in
            XCTAssertEqual(error as? FusionError, .unsupportedFrame(.reference(.xTrueNorthZVertical), .nineD))
            // The library says what is missing; the command line names --declination (CommandLineMessagesTests).
            XCTAssertTrue("\(error)".contains("needs the magnetic declination") && !"\(error)".contains("--"), "\(error)")
        }
        XCTAssertThrowsError(try RawLogFusion.fuse(log: log, frame: .reference(.xTrueNorthZVertical), mode: .sixD,
                                                   declinationDegrees: 4.5)) { error in
            XCTAssertTrue("\(error)".contains("without a magnetometer"), "\(error)")
        }
    }

    func testFuseGivesOneAttitudePerSample() throws {
        let log = try RawLogReader.read(path: Fixtures.broadTrial01Excerpt)
        let samples = try RawLogFusion.fuse(log: log, frame: .reference(.xMagneticNorthZVertical))
        XCTAssertEqual(samples.count, 5500)
        XCTAssertEqual(samples[0].t, 28.546, accuracy: 1e-9)
        let enu = try RawLogFusion.fuse(log: log, frame: .enu)
        XCTAssertLessThan(samples[4000].outputFromIMU.angle(to: Frames.worldFromENU * enu[4000].outputFromIMU), 1e-9)
    }

    /// A gyroscope-only log is refused by fusion in either mode, saying what reads it (`RawIMULog.accelerometerForLevelling`).
    func testAGyroscopeOnlyLogIsRefusedInEveryMode() throws {
        let path = try write("gyro.csv", "t,gx,gy,gz,mx,my,mz\n0,0.5,0.25,0,20,0,-40\n0.01,0.5,0.25,0,20,0,-40\n")
        let log = try RawLogReader.read(path: path)
        for mode in [FusionMode.sixD, .nineD, nil] {
            XCTAssertThrowsError(try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical), mode: mode)) {
                XCTAssertTrue("\($0)".hasPrefix("\(path): fusion (6D and 9D) levels the attitude by the accelerometer"), "\($0)")
            }
        }
    }
}
