import AttitudeLog
import AttitudeMath
import Foundation
import Location
import LogLoading
import LogTestSupport
import RawLog
import XCTest

/// True north by itself: `fuse`, `convert` and `steady-dice` over a Sensor Logger folder with Location.csv
/// need no --declination (TrueNorthTests in LocationTests finds the declination in the library).
final class TrueNorthCommandTests: LocationTestCase {
    func testFuseTurnsMagneticNorthByTheRecordingsDeclination() throws {
        let recording = try writeRecording("rec")
        let output = folder.appendingPathComponent("true.csv").path
        let run = try attitude(["fuse", recording, "--frame", "xTrueNorthZVertical", "-o", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let declination = try XCTUnwrap(RecordingDeclination.find(folder: recording, maxAccuracyMetres: 20)).declinationDegrees
        XCTAssertTrue(run.stderr.contains("true north: declination"), run.stderr)
        XCTAssertTrue(run.stderr.contains("64.100000,-21.900000, 2026-03-01"), run.stderr)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.contains("# true north: declination"), text)
        XCTAssertTrue(text.contains("Location.csv:5"), text)

        let log = try AttitudeLog.load(path: output)
        XCTAssertEqual(log.frame, .xTrueNorthZVertical)
        let magnetic = try RawLogFusion.fuse(log: RawLogReader.read(path: recording), frame: .reference(.xMagneticNorthZVertical))
        XCTAssertEqual(log.samples.count, magnetic.count)
        let turn = Frames.trueNorthFromMagneticNorth(declinationDegrees: declination)
        for i in stride(from: 0, to: magnetic.count, by: 50) {
            XCTAssertLessThan(log.samples[i].worldFromDevice.angle(to: turn * magnetic[i].outputFromIMU), 1e-6, "sample \(i)")
        }
        // Not the identity: the heading differs from magnetic north by the declination.
        XCTAssertEqual(log.samples[300].worldFromDevice.angle(to: magnetic[300].outputFromIMU), Angle.radians(fromDegrees: abs(declination)), accuracy: 1e-6)

        // --declination still overrides.
        let given = try attitude(["fuse", recording, "--frame", "xTrueNorthZVertical", "--declination", "3", "-o", output])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertFalse(given.stderr.contains("true north: declination"), given.stderr)
        let overridden = try AttitudeLog.load(path: output)
        let three = Frames.trueNorthFromMagneticNorth(declinationDegrees: 3)
        XCTAssertLessThan(overridden.samples[300].worldFromDevice.angle(to: three * magnetic[300].outputFromIMU), 1e-6)

        // Magnetic north is left alone.
        let plain = try attitude(["fuse", recording, "-o", output])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stderr.contains("true north"), plain.stderr)
        XCTAssertEqual(try AttitudeLog.load(path: output).frame, .xMagneticNorthZVertical)
    }

    /// A 2024 recording, before WMM2025's life, gets true north from IGRF-14 at its fix.
    func testARecordingFrom2024GetsTrueNorthFromIGRF() throws {
        let old = try writeRecording("old", fixes: "1707663722373377800,1,45,1,4,6,0,0,158,-80.867,35.138")
        let found = try XCTUnwrap(RecordingDeclination.find(folder: old, maxAccuracyMetres: 20))
        XCTAssertEqual(found.modelName, "IGRF-14")
        let igrf = try MagneticModel.igrf14().field(latitudeDegrees: 35.138, longitudeDegrees: -80.867, heightMetres: 158,
                                                      decimalYear: found.decimalYear)
        XCTAssertEqual(found.declinationDegrees, igrf.declinationDegrees, accuracy: 1e-9)
        let hours: Double = 15 + 2.0 / 60
        let expectedYear: Double = 2024 + (41 + hours / 24) / 366
        XCTAssertEqual(found.decimalYear, expectedYear, accuracy: 1e-4, "2024-02-11T15:02Z")
        // West of true north in North Carolina, some 8 degrees (NOAA's charts for 2024 give about 8.5 W).
        XCTAssertEqual(found.declinationDegrees, -8.5, accuracy: 1.0)
        let output = folder.appendingPathComponent("true.csv").path
        let run = try attitude(["fuse", old, "--frame", "xTrueNorthZVertical", "-o", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("true north: declination"), run.stderr)
        XCTAssertTrue(run.stderr.contains("from IGRF-14 at 35.138000,-80.867000, 2024-02-11"), run.stderr)
        XCTAssertEqual(try AttitudeLog.load(path: output).frame, .xTrueNorthZVertical)
        // And `attitude declination` gives the same value for that date.
        let declination = try attitude(["declination", "35.138,-80.867", "--date", "2024-02-11", "--altitude", "158"])
        XCTAssertEqual(declination.status, 0, declination.stderr)
        XCTAssertTrue(declination.stdout.hasPrefix("declination: -"), declination.stdout)
    }

    /// `convert --frame xTrueNorthZVertical` of a folder's magnetic Orientation.csv reads the folder's
    /// Location.csv for the declination, as `fuse` does; --declination overrides it.
    func testConvertReadsLocationCSVAsFuseDoes() throws {
        let recording = try writeRecording("rec")
        let turn = Quaternion(axis: [0, 0, 1], angle: 0.7)
        var orientation = "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n"
        for (k, q) in [Quaternion.identity, turn].enumerated() {
            orientation += "\(Self.startNanoseconds + Int64(k) * 10_000_000),\(Double(k) / 100),\(q.z),\(q.y),\(q.x),\(q.w),0,0,0\n"
        }
        _ = try write("rec/Orientation.csv", orientation)
        let declination = try XCTUnwrap(RecordingDeclination.find(folder: recording, maxAccuracyMetres: 20)).declinationDegrees
        let trueFromMagnetic = Frames.trueNorthFromMagneticNorth(declinationDegrees: declination)
        for input in [recording, recording + "/Orientation.csv"] {
            let output = folder.appendingPathComponent("converted.csv").path
            let run = try attitude(["convert", input, "--frame", "xTrueNorthZVertical", "-o", output])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("true north: declination"), run.stderr)
            let converted = try AttitudeLog.load(path: output)
            XCTAssertEqual(converted.frame, .xTrueNorthZVertical)
            XCTAssertLessThan(converted.samples[1].worldFromDevice.angle(to: trueFromMagnetic * Frames.worldFromENU * turn), 1e-6)
        }
        let output = folder.appendingPathComponent("given.csv").path
        let given = try attitude(["convert", recording, "--frame", "xTrueNorthZVertical", "--declination", "3", "-o", output])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertFalse(given.stderr.contains("true north: declination"), given.stderr)
        let three = Frames.trueNorthFromMagneticNorth(declinationDegrees: 3)
        XCTAssertLessThan(try AttitudeLog.load(path: output).samples[1].worldFromDevice.angle(to: three * Frames.worldFromENU * turn), 1e-6)
    }

    func testARecordingOutsideTheModelsLifeOrWithoutGoodFixesIsRefused() throws {
        // 2031-01-01T00:00Z: after both models' lives.
        let future = try writeRecording("future", fixes: "1924992000000000000,1,45,1,4,6,0,0,158,-80.867,35.138")
        let output = folder.appendingPathComponent("true.csv").path
        let run = try attitude(["fuse", future, "--frame", "xTrueNorthZVertical", "-o", output])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.stderr.contains("2031-01-01"), run.stderr)
        XCTAssertTrue(run.stderr.contains("IGRF-14 1900.0 to 2030.0, WMM-2025 2025.0 to 2030.0"), run.stderr)
        XCTAssertTrue(run.stderr.contains("--declination"), run.stderr)

        let recording = try writeRecording("rec")
        let strict = try attitude(["fuse", recording, "--frame", "xTrueNorthZVertical", "--max-accuracy", "5", "-o", output])
        XCTAssertEqual(strict.status, 65)
        XCTAssertTrue(strict.stderr.contains("no fix has a horizontal accuracy within 5.0 m"), strict.stderr)
        let misplaced = try attitude(["fuse", recording, "--max-accuracy", "5", "-o", output])
        XCTAssertNotEqual(misplaced.status, 0)
        XCTAssertTrue(misplaced.stderr.contains("--max-accuracy applies to --frame xTrueNorthZVertical without --declination"),
                      misplaced.stderr)
    }

    /// `steady-dice --log FOLDER` plays a 9D folder with Location.csv in true north: its snapshot is the
    /// one of the magnetic attitude turned by the declination, and not the magnetic one.
    func testSteadyDicePlaysTheFolderInTrueNorth() throws {
        let recording = try writeRecording("rec")
        let declination = try XCTUnwrap(RecordingDeclination.find(folder: recording, maxAccuracyMetres: 20)).declinationDegrees
        let fused = try RawLogFusion.fuse(log: RawLogReader.read(path: recording), frame: .reference(.xTrueNorthZVertical),
                                          declinationDegrees: declination)
        let expected = try AttitudeLog(samples: fused.map { AttitudeSample(t: $0.t, worldFromDevice: $0.outputFromIMU) },
                                       frame: .xTrueNorthZVertical, path: recording).attitude(at: 3)
        let magnetic = try RawLogFusion.fuse(log: RawLogReader.read(path: recording), frame: .reference(.xMagneticNorthZVertical))
        let magneticAt3 = try AttitudeLog(samples: magnetic.map { AttitudeSample(t: $0.t, worldFromDevice: $0.outputFromIMU) },
                                          frame: .xMagneticNorthZVertical, path: recording).attitude(at: 3)
        func snapshot(_ name: String, _ source: [String]) throws -> Data {
            let output = folder.appendingPathComponent(name).path
            let run = try run("steady-dice", ["snapshot"] + source + ["--size", "160x120", "--background", "none", "-o", output])
            XCTAssertEqual(run.status, 0, run.stderr)
            if source[0] == "--log" {
                XCTAssertTrue(run.stderr.contains("true north: declination"), run.stderr)
                XCTAssertTrue(run.stderr.contains("into xTrueNorthZVertical"), run.stderr)
            }
            return try Data(contentsOf: URL(fileURLWithPath: output))
        }
        func argument(_ q: Quaternion) -> String { "--attitude=\(q.w),\(q.x),\(q.y),\(q.z)" }
        let played = try snapshot("played.png", ["--log", recording, "--at", "3"])
        XCTAssertEqual(played, try snapshot("true.png", [argument(expected)]))
        XCTAssertNotEqual(played, try snapshot("magnetic.png", [argument(magneticAt3)]))
    }
}
