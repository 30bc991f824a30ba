import AttitudeLog
import AttitudeMath
import Foundation
import Fusion
import LogLoading
import LogTestSupport
import RawLog
import Recording
import TestSupport
import XCTest

/// Sensor Logger and x-IMU3 folders written in each producer's documented conventions, with known answers.
final class RecordingFolderFusionTests: RawLogTestCase {
    // MARK: - Writing fixtures

    /// Nanoseconds since the epoch of the first sample: beyond a double's exact integers on purpose.
    static let epoch: Int64 = 1_700_000_000_123_456_789

    /// A Sensor Logger `time,seconds_elapsed,z,y,x` file.
    private func sensorLoggerFile(_ folder: URL, _ name: String, times: [Double], _ xyz: (Int) -> SIMD3<Double>) throws {
        var text = "time,seconds_elapsed,z,y,x\n"
        for (i, t) in times.enumerated() {
            let v = xyz(i)
            text += "\(Self.epoch + Int64((t * 1e9).rounded())),\(t),\(v.z),\(v.y),\(v.x)\n"
        }
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func metadata(_ folder: URL, platform: String) throws {
        try "version,device name,recording time,platform,appVersion,sensors,sampleRateMs\n3,Test phone,2026-01-01_00-00-00,\(platform),1.40,Accelerometer|Gravity|Gyroscope,10|10|10\n"
            .write(to: folder.appendingPathComponent("Metadata.csv"), atomically: true, encoding: .utf8)
    }

    /// A phone at 100 Hz for `seconds`: lying flat, turning at `turnRate` rad/s about its own Z for the
    /// second half. Gravity is written with the platform's sign; Accelerometer.csv (gravity removed) is 0.
    private func phoneFolder(_ name: String, platform: String?, seconds: Double = 4, turnRate: Double = 0,
                             tiltDegrees: Double = 0) throws -> String {
        let folder = self.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let times = (0..<Int(seconds * 100)).map { Double($0) / 100 }
        let gravitySign = platform == "ios" ? -1.0 : 1.0
        try sensorLoggerFile(folder, "Gyroscope.csv", times: times) { times[$0] >= seconds / 2 ? SIMD3(0, 0, turnRate) : .zero }
        try sensorLoggerFile(folder, "Accelerometer.csv", times: times) { _ in .zero }
        let tilt = Angle.radians(fromDegrees: tiltDegrees)
        try sensorLoggerFile(folder, "Gravity.csv", times: times) { _ in SIMD3(0, sin(tilt), cos(tilt)) * 9.80665 * gravitySign }
        if let platform { try metadata(folder, platform: platform) }
        return folder.path
    }

    /// Degrees between the device's up as the attitude says and the device's +Z (the phone lying flat).
    private func inclination(_ worldFromDevice: Quaternion) -> Double {
        let up = worldFromDevice.conjugate.rotate([0, 0, 1])
        return Angle.degrees(fromRadians: acos(min(1, up.z)))
    }

    // MARK: - Sensor Logger platforms

    func testAPhoneLyingFlatHasInclinationZeroOnBothPlatforms() throws {
        for platform in ["ios", "android"] {
            let path = try phoneFolder("flat-\(platform)", platform: platform)
            let log = try RawLogReader.read(path: path)
            XCTAssertEqual(log.notes.first?.hasPrefix("\(path): Sensor Logger \(platform == "ios" ? "iOS" : "Android") conventions "
                                                      + "(Metadata.csv: platform \(platform), app 1.40): "), true, log.notes.description)
            let fused = try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical), mode: .sixD)
            XCTAssertEqual(inclination(fused.last!.outputFromIMU), 0, accuracy: 0.5, platform)
        }
    }

    func testIOSSignsReadAsAndroidTurnThePhoneUpsideDown() throws {
        // Tilted 10° about X, so that upside down is not the exact opposite the estimator cannot turn from.
        let path = try phoneFolder("tilted-ios", platform: "ios", tiltDegrees: 10)
        let right = try RawLogFusion.fuse(log: RawLogReader.read(path: path), frame: .reference(.xArbitraryZVertical), mode: .sixD)
        XCTAssertEqual(inclination(right.last!.outputFromIMU), 10, accuracy: 0.5)
        let log = try RawLogReader.read(path: path, platform: .android)
        XCTAssertEqual(log.notes.first, "\(path): Sensor Logger Android conventions (--platform android; Metadata.csv says ios): "
                       + "acceleration as written, Orientation.csv in xMagneticNorthZVertical")
        let fused = try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical), mode: .sixD)
        XCTAssertEqual(inclination(fused.last!.outputFromIMU), 170, accuracy: 0.5)
    }

    func testATurnAboutTheDevicesZComesOutTheSameOnBothPlatforms() throws {
        var turns: [Quaternion] = []
        for platform in ["ios", "android"] {
            // 2 s flat, then 1 s at +90°/s: +90° about the device's Z.
            let path = try phoneFolder("turn-\(platform)", platform: platform, seconds: 3, turnRate: .pi / 2 / 1.0)
            let fused = try RawLogFusion.fuse(log: RawLogReader.read(path: path), frame: .reference(.xArbitraryZVertical), mode: .sixD)
            let turn = fused[199].outputFromIMU.conjugate * fused.last!.outputFromIMU
            turns.append(turn)
            XCTAssertEqual(Angle.degrees(fromRadians: turn.angle(to: Quaternion(axis: [0, 0, 1], angle: .pi / 2))), 0, accuracy: 1.5, platform)
        }
        XCTAssertEqual(Angle.degrees(fromRadians: turns[0].angle(to: turns[1])), 0, accuracy: 0.01)
    }

    func testAFolderWithoutMetadataOrOrientationAssumesAndroidsConventionAndSaysSo() throws {
        let path = try phoneFolder("no-metadata", platform: nil)
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.notes.first, "\(path): Sensor Logger Android conventions (no Metadata.csv and no Orientation.csv whose "
                       + "columns tell the platform; assumed Android's, give --platform ios for an iPhone recording): "
                       + "acceleration as written, Orientation.csv in xMagneticNorthZVertical")
    }

    func testAMetadataPlatformThatIsNeitherIsRefused() throws {
        let path = try phoneFolder("windows", platform: "windows")
        let error = rawLogError { _ = try RawLogReader.read(path: path) }
        XCTAssertEqual(error?.description, "\(path)/Metadata.csv: platform 'windows' is neither ios nor android; "
                       + "give the platform, ios or android")
    }

    func testATotalAccelerationOnlyFolderFuses() throws {
        let folder = self.folder.appendingPathComponent("total")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let times = (0..<300).map { Double($0) / 100 }
        try sensorLoggerFile(folder, "Gyroscope.csv", times: times) { _ in .zero }
        // Tilted 30° about the device's X: gravity's reaction has y and z parts.
        let tilt = Angle.radians(fromDegrees: 30)
        try sensorLoggerFile(folder, "TotalAcceleration.csv", times: times) { _ in SIMD3(0, 9.80665 * sin(tilt), 9.80665 * cos(tilt)) }
        XCTAssertTrue(RawLogReader.isRawLog(path: folder.path))
        let log = try RawLogReader.read(path: folder.path)
        XCTAssertEqual(log.count, 300)
        let fused = try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical), mode: .sixD)
        XCTAssertEqual(inclination(fused.last!.outputFromIMU), 30, accuracy: 0.5)
    }

    func testAFolderWithNeitherAccelerometerFileNamesWhatItNeeds() throws {
        let folder = self.folder.appendingPathComponent("gyro-only")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try sensorLoggerFile(folder, "Gyroscope.csv", times: [0, 0.01]) { _ in .zero }
        let error = rawLogError { _ = try RawLogReader.read(path: folder.path) }
        XCTAssertEqual(error?.description, "\(folder.path): a Sensor Logger folder needs TotalAcceleration.csv or Accelerometer.csv, "
                       + "and this one has neither")
    }

    /// An Android phone lying flat with a magnetometer, its top edge to magnetic north or to east, and the
    /// phone's own Orientation.csv (device into east-north-up): 9D fusion into xMagneticNorthZVertical
    /// and the converted Orientation.csv agree in total, heading included.
    func testAndroid9DFusionAgreesWithItsOrientationFileInHeading() throws {
        for (name, enuFromDevice) in [("north", Quaternion.identity), ("east", Quaternion(axis: [0, 0, 1], angle: -.pi / 2))] {
            let folder = self.folder.appendingPathComponent("android-9d-\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let times = (0..<1500).map { Double($0) / 100 }
            // Earth's field in ENU: 20 µT north, 40 µT down; in the device frame through the attitude.
            let field = enuFromDevice.conjugate.rotate([0, 20, -40])
            try sensorLoggerFile(folder, "Gyroscope.csv", times: times) { _ in .zero }
            try sensorLoggerFile(folder, "TotalAcceleration.csv", times: times) { _ in SIMD3(0, 0, 9.80665) }
            try sensorLoggerFile(folder, "Magnetometer.csv", times: times) { _ in field }
            try metadata(folder, platform: "android")
            var orientation = "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n"
            for t in times {
                let q = enuFromDevice
                orientation += "\(Self.epoch + Int64((t * 1e9).rounded())),\(t),\(q.z),\(q.y),\(q.x),\(q.w),0,0,0\n"
            }
            try orientation.write(to: folder.appendingPathComponent("Orientation.csv"), atomically: true, encoding: .utf8)
            let fused = try RawLogFusion.fuse(log: RawLogReader.read(path: folder.path), frame: .reference(.xMagneticNorthZVertical))
            let own = try AttitudeLog.load(path: folder.path + "/Orientation.csv")
            XCTAssertEqual(own.frame, .xMagneticNorthZVertical)
            let total = Angle.degrees(fromRadians: fused.last!.outputFromIMU.angle(to: own.samples.last!.worldFromDevice))
            XCTAssertLessThan(total, 3, name)
        }
    }

    // MARK: - Gaps and rates

    func testAGapIsReportedAndTheEstimatorRestartsAfterIt() throws {
        let folder = self.folder.appendingPathComponent("gap")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // 100 Hz, flat, with no gyroscope sample between 3.00 s and 88.00 s (85 s, as on a real phone).
        // The last sample before the gap turns at 2 rad/s about X: integrated across 85 s it would tumble.
        let times = (0..<300).map { Double($0) / 100 } + (0..<300).map { 88 + Double($0) / 100 }
        try sensorLoggerFile(folder, "Gyroscope.csv", times: times) { $0 == 299 ? SIMD3(2, 0, 0) : .zero }
        let accTimes = (0..<9100).map { Double($0) / 100 }
        try sensorLoggerFile(folder, "TotalAcceleration.csv", times: accTimes) { _ in SIMD3(0, 0, 9.80665) }
        let log = try RawLogReader.read(path: folder.path)
        XCTAssertEqual(log.gaps.map { $0.message(path: log.path) },
                       ["\(folder.path): gap in Gyroscope.csv: no sample for 85.0 s from 2.99 s after the start; the estimator restarts after it"])
        XCTAssertEqual(log.gaps.first?.resumeIndex, 300)
        let fused = try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical), mode: .sixD)
        XCTAssertEqual(fused.count, 600, "rows resume after the gap")
        XCTAssertEqual(fused[300].t, 88, accuracy: 1e-9)
        XCTAssertEqual(inclination(fused[300].outputFromIMU), 0, accuracy: 1, "levelled at once, not integrated across the gap")
    }

    func testAOneHertzLogIsRefusedNamingItsRate() throws {
        var text = "t,gx,gy,gz,ax,ay,az\n"
        for i in 0..<30 { text += "\(i),0,0,0,0,0,9.81\n" }
        let path = try write("slow.csv", text)
        let error = rawLogError { _ = try RawLogReader.read(path: path) }
        XCTAssertEqual(error?.description, "\(path): the gyroscope runs at 1 Hz (median period 1 s); fusion needs at least "
                       + "10 Hz to integrate the motion between samples")
    }

    // MARK: - x-IMU3

    /// An x-IMU3 folder made from the BROAD excerpt: `Inertial.csv` in deg/s and g at the excerpt's rate,
    /// `Magnetometer.csv` in arbitrary units (µT / 50) at a third of it, and `Quaternion.csv` the optical
    /// reference turned from sensor-to-ENU into x-io's north-west-up earth frame.
    private func xIMU3Folder() throws -> (path: String, firstTime: Double) {
        let broad = try RawLogReader.read(path: Fixtures.broadTrial01Excerpt)
        let acc = try XCTUnwrap(broad.acc)
        let folder = self.folder.appendingPathComponent("x-IMU3 - TEST (USB)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var inertial = "Timestamp (us),Gyroscope X (deg/s),Gyroscope Y (deg/s),Gyroscope Z (deg/s),"
            + "Accelerometer X (g),Accelerometer Y (g),Accelerometer Z (g)\n"
        var magnetometer = "Timestamp (us),X (a.u.),Y (a.u.),Z (a.u.)\n"
        var quaternion = "Timestamp (us),W,X,Y,Z\n"
        let degrees = Angle.degrees(fromRadians: 1.0), g = Frames.standardGravity
        for i in 0..<broad.count {
            let us = 19_150_794 + Int64((broad.time[i] * 1e6).rounded())
            let w = broad.gyro[i] * degrees, a = acc[i] / g
            inertial += "\(us),\(w.x),\(w.y),\(w.z),\(a.x),\(a.y),\(a.z)\n"
            if i % 3 == 0, let m = broad.mag?[i] { magnetometer += "\(us),\(m.x / 50),\(m.y / 50),\(m.z / 50)\n" }
            if let reference = broad.reference, let enuFromIMU = reference[i] {
                let nwu = Frames.worldFromENU * enuFromIMU
                quaternion += "\(us),\(nwu.w),\(nwu.x),\(nwu.y),\(nwu.z)\n"
            } else {
                quaternion += "\(us),0,0,0,0\n"   // no reference yet: a placeholder row
            }
        }
        try inertial.write(to: folder.appendingPathComponent("Inertial.csv"), atomically: true, encoding: .utf8)
        try magnetometer.write(to: folder.appendingPathComponent("Magnetometer.csv"), atomically: true, encoding: .utf8)
        try quaternion.write(to: folder.appendingPathComponent("Quaternion.csv"), atomically: true, encoding: .utf8)
        return (folder.path, 19.150794 + broad.time[0])
    }

    func testAnXIMU3FolderFusesToItsOwnQuaternionWithinOneDegreeOfInclination() throws {
        let (path, firstTime) = try xIMU3Folder()
        XCTAssertTrue(RawLogReader.isRawLog(path: path))
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.format, .xIMU3)
        XCTAssertEqual(log.notes, ["\(path)/Magnetometer.csv: x-IMU3 magnetometer in arbitrary units, kept as they are: "
                                   + "fusion uses only the field's direction (and its norm relative to itself)"])
        XCTAssertEqual(log.gaps, [])
        let fused = try RawLogFusion.fuse(log: log, frame: .reference(.xMagneticNorthZVertical), mode: .nineD)
        let own = try AttitudeLog.load(path: path + "/Quaternion.csv")
        XCTAssertEqual(own.format, .xio)
        XCTAssertEqual(own.frame, .xMagneticNorthZVertical)
        // BROAD's optical reference drops out for 23 rows: written as placeholders, skipped with one warning.
        XCTAssertEqual(own.warnings, ["\(path)/Quaternion.csv:4938: skipped 23 rows with a placeholder or invalid quaternion, "
                                      + "the first on line 4938 ([0.0, 0.0, 0.0, 0.0] has length 0.0, too small to normalise)"])
        // Line the two up in time: fusion's t = 0 is the first Inertial.csv row, Quaternion.csv's its first valid row.
        let ownStart = own.startTime - firstTime
        var differences: [Double] = []
        for sample in fused where sample.t >= ownStart && sample.t <= ownStart + own.duration {
            let reference = own.attitude(at: sample.t - ownStart)
            let up = sample.outputFromIMU.conjugate.rotate([0, 0, 1]), referenceUp = reference.conjugate.rotate([0, 0, 1])
            differences.append(Angle.degrees(fromRadians: acos(min(1, (up * referenceUp).sum()))))
        }
        differences.sort()
        XCTAssertGreaterThan(differences.count, 3000)
        XCTAssertLessThan(differences.isEmpty ? .infinity : differences[differences.count / 2], 1, "median inclination difference")
    }
}
