import AttitudeLog
import AttitudeMath
import Foundation
import Recording
import TestSupport
import XCTest

/// Producers' own orientation files (Sensor Logger `Orientation.csv` per platform, x-IMU3 `Quaternion.csv`),
/// written in each producer's documented conventions, and their conversion into other frames.
final class ProducerOrientationTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-logs" }

    private let header = "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n"

    /// A Sensor Logger folder holding `Orientation.csv` (rows `[w, x, y, z]`) and a `Metadata.csv` for `platform`.
    private func folder(platform: String?, rows: [Quaternion], extra: String = "") throws -> URL {
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
        Angle.degrees(fromRadians: acos(min(1, worldFromDevice.conjugate.rotate([0, 0, 1]).z)))
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

    /// An x-IMU3 folder whose `AhrsStatus.csv` (x-IMU3-CSV: one row per change, `Initialising` 1 while set)
    /// says the AHRS was initialising: its yaw-0 quaternions are not magnetic north.
    private func xIMU3Folder(status: String) throws -> String {
        var quaternions = "Timestamp (us),W,X,Y,Z\n"
        // 10 Hz from 20.0 s; yaw 0 (the identity) while initialising, then a turn of 90° about Z from 23.0 s.
        for k in 0..<50 {
            let q = k < 30 ? Quaternion.identity : turn90
            quaternions += "\(20_000_000 + k * 100_000),\(q.w),\(q.x),\(q.y),\(q.z)\n"
        }
        try quaternions.write(to: folder.appendingPathComponent("Quaternion.csv"), atomically: true, encoding: .utf8)
        try ("Timestamp (us),Initialising,Angular Rate Recovery,Acceleration Recovery,Magnetic Recovery\n" + status)
            .write(to: folder.appendingPathComponent("AhrsStatus.csv"), atomically: true, encoding: .utf8)
        return folder.path
    }

    func testAnXIMU3AHRSStillInitialisingIsNotReadAsMagneticNorth() throws {
        // Initialising from 19.9 s to the end of the log (24.9 s): the whole heading is arbitrary.
        let throughout = try xIMU3Folder(status: "19900000,1.000000,0.000000,0.000000,0.000000\n")
        let arbitrary = try AttitudeLog.load(path: throughout)
        XCTAssertEqual(arbitrary.frame, .xArbitraryZVertical)
        XCTAssertEqual(arbitrary.samples.count, 50)
        XCTAssertEqual(arbitrary.warnings.last, "\(throughout)/AhrsStatus.csv: the AHRS was initialising throughout the log: "
                       + "heading arbitrary (read as xArbitraryZVertical, not magnetic north)")
        // The same when the file is named rather than its folder.
        XCTAssertEqual(try AttitudeLog.load(path: throughout + "/Quaternion.csv").frame, .xArbitraryZVertical)

        // Initialised at 23.0 s (as x-io's own example: set at start, cleared 3 s later): the first 30 samples go.
        let settles = try xIMU3Folder(status: "20000000,1.000000,0.000000,0.000000,0.000000\n23000000,0.000000,0.000000,0.000000,0.000000\n")
        let north = try AttitudeLog.load(path: settles)
        XCTAssertEqual(north.frame, .xMagneticNorthZVertical)
        XCTAssertEqual(north.samples.count, 20)
        XCTAssertEqual(north.samples[0].t, 0)
        XCTAssertEqual(north.startTime, 23.0, accuracy: 1e-9)
        assertSameAttitude(north.samples[0].worldFromDevice, turn90, accuracy: 1e-9)
        XCTAssertEqual(north.warnings.last, "\(settles)/AhrsStatus.csv: skipped the first 30 samples (3.000 s), taken while the AHRS "
                       + "was initialising and its heading not yet magnetic north")

        // Initialised before the first sample: the log as it is, nothing said.
        let ready = try AttitudeLog.load(path: try xIMU3Folder(status: "1000,1,0,0,0\n2000,0,0,0,0\n"))
        XCTAssertEqual(ready.samples.count, 50)
        XCTAssertEqual(ready.frame, .xMagneticNorthZVertical)
        XCTAssertEqual(ready.warnings, [])

        // A status file that cannot be read is an error naming it, never ignored.
        let bad = try xIMU3Folder(status: "20000000,maybe,0,0,0\n")
        XCTAssertThrowsError(try AttitudeLog.load(path: bad)) { error in
            XCTAssertEqual("\(error)".hasPrefix("\(bad)/AhrsStatus.csv:2:"), true, "\(error)")
        }
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
                                               + "the magnetic declination at the site: give it (degrees, east positive)"), "\(error)")
            XCTAssertEqual((error as? FrameConversionError)?.needsDeclination, true)
        }
        // Declination 10° east: magnetic north (where the top edge points) is 10° east of true north, i.e. towards -Y.
        let trueNorth = try android.converted(to: .reference(.xTrueNorthZVertical), declinationDegrees: 10)
        let top = trueNorth[0].worldFromDevice.rotate([0, 1, 0])
        XCTAssertEqual(Angle.degrees(fromRadians: atan2(-top.y, top.x)), 10, accuracy: 1e-9)
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
