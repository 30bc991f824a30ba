import AttitudeMath
import Foundation
import Recording
import TestSupport
import XCTest

/// Which platform's signs and frames a Sensor Logger folder is read with: from `Metadata.csv`, from the column order of
/// `Orientation.csv`, from `--platform`, or assumed and said.
final class SensorLoggerConventionsTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "sensor-logger-conventions" }

    static let androidColumns = ["time", "seconds_elapsed", "qz", "qy", "qx", "qw", "roll", "pitch", "yaw"]
    static let iosColumns = ["time", "seconds_elapsed", "yaw", "qx", "qz", "roll", "qw", "qy", "pitch"]

    func testTheOrientationColumnOrderTellsThePlatform() {
        XCTAssertEqual(SensorLoggerConventions.platform(orientationColumns: Self.androidColumns), .android)
        XCTAssertEqual(SensorLoggerConventions.platform(orientationColumns: Self.iosColumns.map { " \($0.uppercased())" }), .ios,
                       "names are compared trimmed and in any case")
        XCTAssertNil(SensorLoggerConventions.platform(orientationColumns: ["time", "qw", "qx", "qy", "qz"]))
        let ios = SensorLoggerConventions.fromLayout(orientationColumns: Self.iosColumns)
        XCTAssertEqual(ios.platform, .ios)
        XCTAssertEqual(ios.source, "no Metadata.csv; Orientation.csv's column order is iOS's")
        XCTAssertEqual(SensorLoggerConventions.fromLayout(orientationColumns: ["t"]), .physical)
    }

    /// iOS negates the acceleration and writes Core Motion's north-west-up attitude with true north; Android, and iOS
    /// with "Standardise Units & Frames", the specific force and east-north-up (north staying true on iOS).
    func testEachPlatformsSignsAndFrames() {
        let ios = SensorLoggerConventions(platform: .ios, source: "test")
        XCTAssertEqual(ios.accelerationSign, -1)
        XCTAssertEqual(ios.orientationFrame, .xTrueNorthZVertical)
        XCTAssertEqual(ios.worldFromOrientationReference, .identity)
        let standardised = SensorLoggerConventions(platform: .ios, standardised: true, source: "test")
        XCTAssertEqual(standardised.accelerationSign, 1)
        XCTAssertEqual(standardised.orientationFrame, .xTrueNorthZVertical)
        XCTAssertEqual(standardised.worldFromOrientationReference, Frames.worldFromENU)
        let android = SensorLoggerConventions(platform: .android, source: "test")
        XCTAssertEqual(android.accelerationSign, 1)
        XCTAssertEqual(android.orientationFrame, .xMagneticNorthZVertical)
        XCTAssertEqual(android.worldFromOrientationReference, Frames.worldFromENU)
        XCTAssertEqual(ios.description, "Sensor Logger iOS conventions (test): acceleration and gravity negated to the specific force, "
                       + "Orientation.csv in \(ReferenceFrame.xTrueNorthZVertical.rawValue)")
    }

    func testMetadataNamesThePlatformTheAppAndTheStandardisation() throws {
        try write("Metadata.csv", "version,device name,platform,appVersion,standardisation\n3,phone,iOS,1.41,true\n")
        let read = try SensorLoggerConventions.read(folder: folder.path)
        XCTAssertEqual(read.platform, .ios)
        XCTAssertTrue(read.standardised)
        XCTAssertEqual(read.source, "Metadata.csv: platform iOS, app 1.41")
        try write("Metadata.csv", "platform,appVersion\nandroid,\n")
        let android = try SensorLoggerConventions.read(folder: folder.path, orientationColumns: Self.iosColumns)
        XCTAssertEqual(android.platform, .android, "Metadata.csv wins over the column order")
        XCTAssertFalse(android.standardised)
        XCTAssertEqual(android.source, "Metadata.csv: platform android")
    }

    func testPlatformGivenWinsAndSaysWhatTheFileSaid() throws {
        try write("Metadata.csv", "platform,standardiseUnitsAndFrames\nandroid,yes\n")
        let given = try SensorLoggerConventions.read(folder: folder.path, override: .ios)
        XCTAssertEqual(given.platform, .ios)
        XCTAssertTrue(given.standardised, "the standardisation still comes from the file")
        XCTAssertEqual(given.source, "--platform ios; Metadata.csv says android")
    }

    func testMetadataWithoutAKnownPlatformIsRefused() throws {
        try write("Metadata.csv", "version,appVersion\n3,1.40\n")
        XCTAssertThrowsError(try SensorLoggerConventions.read(folder: folder.path)) {
            XCTAssertEqual("\($0)", "\(self.folder.path)/Metadata.csv: no 'platform' column; give the platform, ios or android")
            XCTAssertEqual(($0 as? RecordingError)?.needsPlatform, true)
        }
        try write("Metadata.csv", "platform\nwatchOS\n")
        XCTAssertThrowsError(try SensorLoggerConventions.read(folder: folder.path)) {
            XCTAssertTrue("\($0)".hasSuffix("platform 'watchOS' is neither ios nor android; give the platform, ios or android"), "\($0)")
            XCTAssertEqual(($0 as? RecordingError)?.needsPlatform, true)
        }
        try write("Metadata.csv", "platform\n")
        XCTAssertThrowsError(try SensorLoggerConventions.read(folder: folder.path)) {
            XCTAssertTrue("\($0)".hasSuffix("expected a header and one row of recording metadata"), "\($0)")
        }
    }

    /// Without Metadata.csv the folder's own Orientation.csv header tells; without either, Android's conventions are
    /// assumed and the source says how to give another.
    func testWithoutMetadataTheFoldersOrientationHeaderTells() throws {
        XCTAssertEqual(try SensorLoggerConventions.read(folder: folder.path), .physical)
        try write("Orientation.csv", Self.iosColumns.joined(separator: ",") + "\n1,0,0,0,0,0,1,0,0\n")
        let read = try SensorLoggerConventions.read(folder: folder.path)
        XCTAssertEqual(read.platform, .ios)
        XCTAssertEqual(read.source, "no Metadata.csv; Orientation.csv's column order is iOS's")
        XCTAssertEqual(try SensorLoggerConventions.read(folder: folder.path, orientationColumns: Self.androidColumns).platform, .android,
                       "the header of the file being read wins over the folder's")
    }
}
