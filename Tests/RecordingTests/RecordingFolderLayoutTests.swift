import AttitudeMath
import Foundation
import Recording
import TestSupport
import XCTest

/// Folders laid out as each producer writes them, made empty by the test: who wrote them, the files asked for by
/// name in any case, and what a folder of no known producer gives.
final class RecordingFolderLayoutTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "recording-folder" }

    /// A folder `name` holding empty files `files`.
    private func recording(_ name: String, _ files: [String]) throws -> String {
        let path = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        for file in files { try Data().write(to: path.appendingPathComponent(file)) }
        return path.path
    }

    func testEachProducerIsToldByItsFiles() throws {
        let sensorLogger = try XCTUnwrap(RecordingFolder.open(try recording("sl", ["Gyroscope.csv", "Accelerometer.csv", "Metadata.csv"])))
        XCTAssertEqual(sensorLogger.producer, .sensorLogger)
        XCTAssertEqual(RecordingFolder.open(try recording("sl-orientation", ["Orientation.csv"]))?.producer, .sensorLogger)
        XCTAssertEqual(RecordingFolder.open(try recording("x-imu3", ["Inertial.csv", "Magnetometer.csv"]))?.producer, .xIMU3)
        // Quaternion.csv alone is x-IMU3's; beside Orientation.csv it is not enough to say so.
        XCTAssertEqual(RecordingFolder.open(try recording("x-imu3-quaternion", ["Quaternion.csv"]))?.producer, .xIMU3)
        XCTAssertEqual(RecordingFolder.open(try recording("both", ["Quaternion.csv", "Orientation.csv"]))?.producer, .sensorLogger)
        let openCamera = ["VID_20240101gyro.csv", "VID_20240101accel.csv", "VID_20240101_imu_timestamps.csv"]
        XCTAssertEqual(RecordingFolder.open(try recording("20240101", openCamera))?.producer, .openCameraSensors)
    }

    func testAFolderOfNoKnownProducerOrAFileIsNoRecording() throws {
        XCTAssertNil(RecordingFolder.open(try recording("other", ["notes.txt", "Gyro.csv"])))
        XCTAssertNil(RecordingFolder.open(folder.appendingPathComponent("missing").path))
        let file = try recording("with-file", ["Gyroscope.csv"]) + "/Gyroscope.csv"
        XCTAssertNil(RecordingFolder.open(file), "a file is not a folder, whatever its name")
        XCTAssertFalse(RecordingFolder.isFolder(file))
    }

    func testFilesAreFoundInAnyLetterCaseAndSubfoldersAreNotFiles() throws {
        let path = try recording("cases", ["gyroscope.CSV", "TOTALACCELERATION.csv"])
        try FileManager.default.createDirectory(atPath: path + "/Orientation.csv", withIntermediateDirectories: false)
        let recording = try XCTUnwrap(RecordingFolder.open(path))
        XCTAssertEqual(recording.file("Gyroscope.csv"), path + "/gyroscope.CSV")
        XCTAssertTrue(recording.has("totalacceleration.csv"))
        XCTAssertNil(recording.file("Orientation.csv"), "a folder named like a file is not one")
        XCTAssertNil(recording.orientationFile)
        XCTAssertTrue(recording.hasRawStreams, "a gyroscope and a total acceleration are the raw streams")
    }

    func testOrientationFilesAndRawStreamsByProducer() throws {
        let sensorLogger = try XCTUnwrap(RecordingFolder.open(try recording("sl", ["Gyroscope.csv", "Orientation.csv"])))
        XCTAssertEqual(sensorLogger.orientationFile.map { ($0 as NSString).lastPathComponent }, "Orientation.csv")
        XCTAssertFalse(sensorLogger.hasRawStreams, "a gyroscope without an accelerometer")
        let xIMU3 = try XCTUnwrap(RecordingFolder.open(try recording("x", ["Quaternion.csv"])))
        XCTAssertEqual(xIMU3.orientationFile.map { ($0 as NSString).lastPathComponent }, "Quaternion.csv")
        XCTAssertFalse(xIMU3.hasRawStreams)
        XCTAssertTrue(try XCTUnwrap(RecordingFolder.open(try recording("x-raw", ["Inertial.csv"]))).hasRawStreams)
        XCTAssertNil(sensorLogger.frameTimestampsFile)
        XCTAssertNil(sensorLogger.videoFile, "only an OpenCamera Sensors folder has a video of its own")
    }

    /// The app writes `VID_<date>_imu_timestamps.csv` (older versions `_timestamps.csv`) and leaves the video
    /// beside the folder, named as its CSV files begin; a video inside the folder wins.
    func testOpenCameraSensorsStampsAndTheVideoBesideTheFolder() throws {
        let path = try recording("20240101_120000", ["VID_20240101_120000gyro.csv", "VID_20240101_120000accel.csv",
                                                     "VID_20240101_120000_timestamps.csv"])
        var recording = try XCTUnwrap(RecordingFolder.open(path))
        XCTAssertEqual(recording.frameTimestampsFile, path + "/VID_20240101_120000_timestamps.csv")
        XCTAssertTrue(recording.hasRawStreams)
        XCTAssertNil(recording.videoFile, "no video in the folder or beside it")
        let beside = folder.appendingPathComponent("VID_20240101_120000.mp4").path
        try Data().write(to: URL(fileURLWithPath: beside))
        XCTAssertEqual(recording.videoFile, beside)
        try Data().write(to: URL(fileURLWithPath: path + "/VID_20240101_120000_imu_timestamps.csv"))
        try Data().write(to: URL(fileURLWithPath: path + "/clip.MOV"))
        recording = try XCTUnwrap(RecordingFolder.open(path))
        XCTAssertEqual(recording.frameTimestampsFile, path + "/VID_20240101_120000_imu_timestamps.csv", "the current name first")
        XCTAssertEqual(recording.videoFile, path + "/clip.MOV", "a video inside the folder")
    }
}
