import Foundation
import Location
import LogTestSupport
import TestSupport
import XCTest

/// `attitude location`: the filtered track it writes, plots and refusals (LocationReaderTests in
/// LocationTests reads Location.csv in the library).
final class LocationCommandTests: LocationTestCase {
    func testTheLocationCommandWritesTheFilteredTrack() throws {
        let track = SyntheticTrack(seed: 3)
        let input = try write("walk/Location.csv", track.locationCSV)
        let output = folder.appendingPathComponent("kalman.csv").path
        let run = try attitude(["location", folder.appendingPathComponent("walk").path, "--filter", "kalman", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("kalman: \(track.fixes.count) fixes"), run.stderr)
        let text = try CSVNumbers(path: output)
        XCTAssertEqual(text.header, ["t", "latitude", "longitude", "altitude", "horizontal_accuracy"])
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
        let rows = try CSVNumbers(path: accuracyOutput).rows
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
