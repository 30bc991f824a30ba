import Foundation
@testable import Location
import XCTest

final class LocationReaderTests: LocationTestCase {
    func testReadsSensorLoggerLocationCSVByColumnName() throws {
        // iOS order, quoted header, an empty optional field; times in nanoseconds.
        let path = try write("rec/Location.csv", """
            "time","seconds_elapsed","altitude","speedAccuracy","bearingAccuracy","latitude","horizontalAccuracy","verticalAccuracy","longitude","speed","bearing"
            1772359200000000001,0.5,512.25,1,10,46.5,4.5,3,7.25,1.5,90
            1772359201500000000,2.0,513,1,10,46.50001,35,,7.25002,,
            """)
        for input in [path, folder.appendingPathComponent("rec").path] {
            let fixes = try LocationReader.read(path: input)
            XCTAssertEqual(fixes.count, 2)
            XCTAssertEqual(fixes[0].time, 1_772_359_200.000_000_001, accuracy: 1e-6)
            XCTAssertEqual(fixes[0].latitude, 46.5)
            XCTAssertEqual(fixes[0].longitude, 7.25)
            XCTAssertEqual(fixes[0].altitude, 512.25)
            XCTAssertEqual(fixes[0].horizontalAccuracy, 4.5)
            XCTAssertEqual(fixes[0].verticalAccuracy, 3)
            XCTAssertEqual(fixes[0].speed, 1.5)
            XCTAssertEqual(fixes[0].bearing, 90)
            XCTAssertEqual(fixes[0].line, 2)
            XCTAssertEqual(fixes[1].time - fixes[0].time, 1.5, accuracy: 1e-6)
            XCTAssertTrue(fixes[1].verticalAccuracy.isNaN)
            XCTAssertTrue(fixes[1].speed.isNaN)
        }
        XCTAssertEqual(LocationReader.locationFile(inFolder: folder.appendingPathComponent("rec").path), path)
        XCTAssertNil(LocationReader.locationFile(inFolder: folder.path))
    }

    func testBadInputNamesTheFileLineAndColumn() throws {
        let header = "time,latitude,longitude,altitude,horizontalAccuracy\n"
        let cases: [(String, String)] = [
            (header + "1000,46.5,7.25,500,5\n2000,46.5,x,500,5\n", "bad.csv:3: column longitude: malformed number 'x'"),
            (header + "1000,96.5,7.25,500,5\n", "bad.csv:2: column latitude: latitude 96.5 is outside -90 to 90"),
            (header + "2000,46.5,7.25,500,5\n1000,46.5,7.25,500,5\n", "bad.csv:3: column time: time goes backwards"),
            (header + "1000,46.5,7.25,500\n", "bad.csv:2: expected 5 fields as in the header, found 4"),
            ("time,latitude,longitude,horizontalAccuracy\n1,2,3,4\n", "bad.csv:1: column altitude: missing column"),
            (header, "bad.csv:1: no data rows after the header"),
            ("", "bad.csv: the file is empty"),
        ]
        for (text, message) in cases {
            let path = try write("bad.csv", text)
            XCTAssertThrowsError(try LocationReader.read(path: path)) { error in
                XCTAssertTrue("\(error)".hasPrefix(path.dropLast("bad.csv".count) + message), "\(error)")
            }
        }
        XCTAssertThrowsError(try LocationReader.read(path: folder.path)) {
            XCTAssertTrue("\($0)".contains("holds no Location.csv"), "\($0)")
        }
    }

    func testTheLocationCommandWritesTheFilteredTrack() throws {
        let track = SyntheticTrack(seed: 3)
        let input = try write("walk/Location.csv", track.locationCSV)
        let output = folder.appendingPathComponent("kalman.csv").path
        let run = try attitude(["location", folder.appendingPathComponent("walk").path, "--filter", "kalman", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("kalman: \(track.fixes.count) fixes"), run.stderr)
        let text = CSVTextLines(try String(contentsOfFile: output, encoding: .utf8))
        XCTAssertEqual(text.header, "t,latitude,longitude,altitude,horizontal_accuracy")
        let expected = LocationFilter.run(.kalman, try LocationReader.read(path: input))
        XCTAssertEqual(text.rows.count, expected.count)
        for (row, f) in zip(text.rows, expected) {
            XCTAssertEqual(row[0], f.time - track.fixes[0].time, accuracy: 0.001)
            XCTAssertEqual(row[1], f.latitude, accuracy: 1e-8)
            XCTAssertEqual(row[2], f.longitude, accuracy: 1e-8)
            XCTAssertEqual(row[3], f.altitude, accuracy: 0.001)
        }

        let accuracyOutput = folder.appendingPathComponent("accuracy.csv").path
        let kept = try attitude(["location", input, "--filter", "accuracy", "--max-accuracy", "10", "-o", accuracyOutput])
        XCTAssertEqual(kept.status, 0, kept.stderr)
        let rows = CSVTextLines(try String(contentsOfFile: accuracyOutput, encoding: .utf8)).rows
        let good = track.fixes.filter { $0.horizontalAccuracy <= 10 }
        XCTAssertEqual(rows.map { $0[0] }, good.map { (($0.time - track.fixes[0].time) * 1000).rounded() / 1000 })

        // --plot draws the track beside the CSV, both written together; a plot that is not .png or .svg writes neither.
        let plot = folder.appendingPathComponent("track.png").path
        let plotted = try attitude(["location", input, "-o", folder.appendingPathComponent("plotted.csv").path, "--plot", plot])
        XCTAssertEqual(plotted.status, 0, plotted.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: plot))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("plotted.csv").path))
        let refused = try attitude(["location", input, "-o", folder.appendingPathComponent("never.csv").path, "--plot", plot + ".bmp"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("must end in .png or .svg"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("never.csv").path))

        // An option the filter does not use is said, not refused, so that one script can run every filter.
        let unused = try attitude(["location", input, "--filter", "kalman", "--window", "9", "-o", output])
        XCTAssertEqual(unused.status, 0, unused.stderr)
        XCTAssertTrue(unused.stderr.contains("--window applies to mean and lsq; kalman ignores it"), unused.stderr)
        // Without --filter, kalman, the one the README names for everything: the same track.
        let defaultOutput = folder.appendingPathComponent("default.csv").path
        let byDefault = try attitude(["location", input, "-o", defaultOutput])
        XCTAssertEqual(byDefault.status, 0, byDefault.stderr)
        XCTAssertTrue(byDefault.stderr.contains("kalman: \(track.fixes.count) fixes"), byDefault.stderr)
        XCTAssertEqual(try String(contentsOfFile: defaultOutput, encoding: .utf8), try String(contentsOfFile: output, encoding: .utf8))
        // raw keeps every fix and says nothing of accuracy it did not use.
        let raw = try attitude(["location", input, "--filter", "raw", "-o", output])
        XCTAssertEqual(raw.status, 0, raw.stderr)
        XCTAssertTrue(raw.stderr.contains("raw: \(track.fixes.count) fixes, wrote \(track.fixes.count) to \(output); jitter"), raw.stderr)
        XCTAssertFalse(raw.stderr.contains("accuracy worse"), raw.stderr)
        let zero = try attitude(["location", input, "--filter", "mean", "--window", "0", "-o", output])
        XCTAssertNotEqual(zero.status, 0)
        XCTAssertTrue(zero.stderr.contains("--window must be at least 1"), zero.stderr)
    }
}

/// A small CSV of numbers written by the commands: the header line and the rows as numbers.
struct CSVTextLines {
    let header: String
    let rows: [[Double]]

    init(_ text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        header = lines.first ?? ""
        rows = lines.dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
    }
}
