import AttitudeLog
import AttitudeMath
import Foundation
import Recording
import XCTest

/// Producers' own orientation files (Sensor Logger `Orientation.csv` per platform, x-IMU3 `Quaternion.csv`),
/// written in each producer's documented conventions, and their conversion into other frames.
final class ProducerOrientationTests: XCTestCase {
    private let header = "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n"

    /// A Sensor Logger folder holding `Orientation.csv` (rows `[w, x, y, z]`) and a `Metadata.csv` for `platform`.
    private func folder(platform: String?, rows: [Quaternion], extra: String = "") throws -> URL {
        let folder = try makeTemporaryFolder(for: self)
        var text = header + extra
        for (i, q) in rows.enumerated() {
            text += "\(1_700_000_000_000_000_000 + Int64(i) * 10_000_000),\(Double(i) / 100),\(q.z),\(q.y),\(q.x),\(q.w),0,0,0\n"
        }
        try text.write(to: folder.appendingPathComponent("Orientation.csv"), atomically: true, encoding: .utf8)
        if let platform {
            try "version,device name,recording time,platform,appVersion\n3,phone,2026-01-01_00-00-00,\(platform),1.10.4\n"
                .write(to: folder.appendingPathComponent("Metadata.csv"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Degrees between the device's +Z and up, as the attitude says.
    private func inclination(_ worldFromDevice: Quaternion) -> Double {
        acos(min(1, worldFromDevice.conjugate.rotate([0, 0, 1]).z)) * 180 / .pi
    }

    private let turn90 = Quaternion(axis: [0, 0, 1], angle: .pi / 2)

    /// A phone flat on a table with its top edge to (magnetic or true) north, then turned +90° about its Z,
    /// as each platform writes it: iOS in Core Motion's X-north frame (device X east is yaw -90°),
    /// Android in east-north-up (device Y north is the identity).
    func testAFlatPhoneAndATurnAboutZComeOutTheSameOnBothPlatforms() throws {
        let iosFlat = Quaternion(axis: [0, 0, 1], angle: -.pi / 2)
        let ios = try AttitudeLog.load(path: folder(platform: "ios", rows: [iosFlat, turn90 * iosFlat]).path)
        let android = try AttitudeLog.load(path: folder(platform: "android", rows: [.identity, turn90]).path)
        XCTAssertEqual(ios.frame, .xTrueNorthZVertical)
        XCTAssertEqual(android.frame, .xMagneticNorthZVertical)
        for log in [ios, android] {
            XCTAssertEqual(inclination(log.samples[0].worldFromDevice), 0, accuracy: 1e-9)
            XCTAssertEqual(inclination(log.samples[1].worldFromDevice), 0, accuracy: 1e-9)
            // The device's top edge (+Y) points north (+X of W) on the first row, west (+Y) after the turn.
            let top = log.samples[0].worldFromDevice.rotate([0, 1, 0]), turned = log.samples[1].worldFromDevice.rotate([0, 1, 0])
            XCTAssertEqual(top.x, 1, accuracy: 1e-9)
            XCTAssertEqual(turned.y, 1, accuracy: 1e-9)
        }
        XCTAssertEqual(ios.samples[1].worldFromDevice.angle(to: android.samples[1].worldFromDevice), 0, accuracy: 1e-9)
    }

    func testThePlatformChoiceIsReportedAndAnOverrideWins() throws {
        let path = try folder(platform: "ios", rows: [.identity]).path
        let ios = try AttitudeLog.load(path: path)
        XCTAssertEqual(ios.warnings, ["\(path)/Orientation.csv: read with Sensor Logger iOS conventions (Metadata.csv: platform ios, "
                                      + "app 1.10.4): acceleration and gravity negated to the specific force, Orientation.csv in xTrueNorthZVertical"])
        let overridden = try AttitudeLog.load(path: path + "/Orientation.csv", platform: .android)
        XCTAssertEqual(overridden.warnings, ["\(path)/Orientation.csv: read with Sensor Logger Android conventions (--platform android; "
                                             + "Metadata.csv says ios): acceleration as written, Orientation.csv in xMagneticNorthZVertical"])
        assertSameAttitude(overridden.samples[0].worldFromDevice, Frames.worldFromENU, accuracy: 1e-12)
    }

    /// An iOS `Orientation.csv` alone (no Metadata.csv), in the iOS app's column order
    /// `time,seconds_elapsed,yaw,qx,qz,roll,qw,qy,pitch`: read with iOS's conventions, and the note says why.
    func testAnIOSOrientationFileWithoutMetadataIsToldByItsColumnOrder() throws {
        let folder = try makeTemporaryFolder(for: self)
        // Core Motion: a phone flat with its top edge to north has its X to east, yaw -90° about Z (X north, Z up).
        let flatTopNorth = Quaternion(axis: [0, 0, 1], angle: -.pi / 2)
        var text = "time,seconds_elapsed,yaw,qx,qz,roll,qw,qy,pitch\n"
        for (i, q) in [flatTopNorth, turn90 * flatTopNorth].enumerated() {
            text += "\(1_700_000_000_000_000_000 + Int64(i) * 10_000_000),\(Double(i) / 100),0,\(q.x),\(q.z),0,\(q.w),\(q.y),0\n"
        }
        let path = folder.appendingPathComponent("Orientation.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        for input in [folder.path, path] {
            let log = try AttitudeLog.load(path: input)
            XCTAssertEqual(log.frame, .xTrueNorthZVertical, input)
            XCTAssertEqual(log.warnings.first, "\(path): read with Sensor Logger iOS conventions (no Metadata.csv; Orientation.csv's "
                           + "column order is iOS's): acceleration and gravity negated to the specific force, Orientation.csv in xTrueNorthZVertical")
            // The top edge points north, then west after +90° about Z; Android's reading would put it east, then north.
            XCTAssertEqual(log.samples[0].worldFromDevice.rotate([0, 1, 0]).x, 1, accuracy: 1e-9)
            XCTAssertEqual(log.samples[1].worldFromDevice.rotate([0, 1, 0]).y, 1, accuracy: 1e-9)
        }
        // The same rows parsed without a folder are told apart the same way.
        let parsed = try AttitudeLog.parse(text: text, path: "Orientation.csv")
        XCTAssertEqual(parsed.frame, .xTrueNorthZVertical)
        // Android's column order alone is Android's; a layout that is neither is assumed Android's and says so.
        XCTAssertEqual(SensorLoggerConventions.platform(orientationColumns: header.trimmingCharacters(in: .newlines)
            .components(separatedBy: ",")), .android)
        let unknown = SensorLoggerConventions.fromLayout(orientationColumns: ["time", "seconds_elapsed", "qw", "qx", "qy", "qz"])
        XCTAssertEqual(unknown.platform, .android)
        XCTAssertTrue(unknown.source.contains("assumed Android's, give --platform ios"), unknown.source)
    }

    func testPlaceholderAndInvalidRowsAreSkippedWithOneWarning() throws {
        // A row of zeros written before the first estimate (time 0 too), then a non-finite one.
        let extra = "0,0,0,0,0,0,0,0,0\n1699999999990000000,0,nan,0,0,1,0,0,0\n"
        let path = try folder(platform: "android", rows: [.identity, turn90], extra: extra).path + "/Orientation.csv"
        let log = try AttitudeLog.load(path: path)
        XCTAssertEqual(log.samples.count, 2)
        XCTAssertEqual(log.samples[1].t, 0.01, accuracy: 1e-12)
        XCTAssertEqual(log.warnings.last, "\(path):2: skipped 2 rows with a placeholder or invalid quaternion, the first on line 2 "
                       + "([0.0, 0.0, 0.0, 0.0] has length 0.0, too small to normalise)")
    }

    func testAFileWithNoValidRowIsAnError() throws {
        let path = try folder(platform: nil, rows: [], extra: "0,0,0,0,0,0,0,0,0\n5,0,0,0,0,0,0,0,0\n").path + "/Orientation.csv"
        XCTAssertThrowsError(try AttitudeLog.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): no valid row: all 2 rows hold a placeholder or invalid quaternion (the first on line 2)")
        }
    }

    func testSteadyDicesOwnLogStillRefusesAZeroQuaternion() {
        XCTAssertThrowsError(try AttitudeLog.parse(text: "t,qw,qx,qy,qz\n0,0,0,0,0\n", path: "own.csv")) { error in
            XCTAssertEqual("\(error)", "own.csv:2: invalid quaternion: [0.0, 0.0, 0.0, 0.0] has length 0.0, too small to normalise")
        }
    }

    func testXIMU3QuaternionCSVIsReadInNorthWestUpWithMicroseconds() throws {
        let text = "Timestamp (us),W,X,Y,Z\n19150794,1,0,0,0\n19170785,0.7071068,0,0,0.7071068\n"
        let log = try AttitudeLog.parse(text: text, path: "Quaternion.csv")
        XCTAssertEqual(log.format, .xio)
        XCTAssertEqual(log.frame, .xMagneticNorthZVertical)
        XCTAssertEqual(log.samples[1].t, 0.019991, accuracy: 1e-12)
        XCTAssertEqual(log.startTime, 19.150794, accuracy: 1e-12)
        assertComponents(log.samples[1].worldFromDevice, [0.7071068, 0, 0, 0.7071068], accuracy: 1e-6)
        // x-io CSVs that carry the quaternion beside other columns.
        let linear = "Timestamp (us),Quaternion W,Quaternion X,Quaternion Y,Quaternion Z,X (g),Y (g),Z (g)\n5,0,1,0,0,0,0,0\n"
        assertComponents(try AttitudeLog.parse(text: linear, path: "LinearAcceleration.csv").samples[0].worldFromDevice, [0, 1, 0, 0])
    }

    // MARK: - Conversion

    func testConversionBetweenFramesAndWhatIsRefused() throws {
        let android = try AttitudeLog.load(path: folder(platform: "android", rows: [.identity, turn90]).path)
        // Back into east-north-up: the file's own quaternions.
        let enu = try android.converted(to: .enu)
        assertSameAttitude(enu[0].worldFromDevice, .identity, accuracy: 1e-12)
        assertSameAttitude(enu[1].worldFromDevice, turn90, accuracy: 1e-12)
        // North-east-down: device Y (north) is +X of NED.
        XCTAssertEqual(try android.converted(to: .ned)[0].worldFromDevice.rotate([0, 1, 0]).x, 1, accuracy: 1e-12)
        // True north needs a declination.
        XCTAssertThrowsError(try android.converted(to: .reference(.xTrueNorthZVertical))) { error in
            XCTAssertTrue("\(error)".hasSuffix(": the log is referenced to magnetic north (xMagneticNorthZVertical); true north needs "
                                               + "the magnetic declination at the site: give --declination DEG (east positive)"), "\(error)")
        }
        // Declination 10° east: magnetic north (where the top edge points) is 10° east of true north, i.e. towards -Y.
        let trueNorth = try android.converted(to: .reference(.xTrueNorthZVertical), declinationDegrees: 10)
        let top = trueNorth[0].worldFromDevice.rotate([0, 1, 0])
        XCTAssertEqual(atan2(-top.y, top.x) * 180 / .pi, 10, accuracy: 1e-9)
        // An arbitrary heading: the first sample's heading becomes X; the turn is kept.
        let arbitrary = try android.converted(to: .reference(.xArbitraryZVertical))
        assertSameAttitude(arbitrary[0].worldFromDevice, .identity, accuracy: 1e-12)
        assertSameAttitude(arbitrary[1].worldFromDevice, turn90, accuracy: 1e-12)
        // And from an arbitrary heading there is no north to give.
        let drifting = try AttitudeLog(samples: [AttitudeSample(t: 0, worldFromDevice: .identity)], frame: .xArbitraryZVertical, path: "a.csv")
        XCTAssertThrowsError(try drifting.converted(to: .enu)) { error in
            XCTAssertEqual("\(error)", "a.csv: the log's heading is arbitrary (xArbitraryZVertical), so it has no north for enu")
        }
        let unnamed = try AttitudeLog(samples: [AttitudeSample(t: 0, worldFromDevice: .identity)], frame: nil, path: "b.csv")
        XCTAssertThrowsError(try unnamed.converted(to: .enu)) { error in
            XCTAssertEqual("\(error)", "b.csv: the log names no frame, so it cannot be converted; add a '# frame: NAME' line naming the frame it is in")
        }
    }
}
