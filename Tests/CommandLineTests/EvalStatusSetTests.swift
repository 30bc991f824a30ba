import AttitudeMath
import CommandTestSupport
import Foundation
import LogTestSupport
import TestSupport
import XCTest

/// `attitude eval`'s table and `--json`, `fuse --status` and `--set NAME=VALUE`, end to end through the
/// executable, against what the synthetic logs were made to hold: a reference off the truth by a known turn,
/// a known gyroscope bias, a known magnetic disturbance.
final class EvalStatusSetTests: RawLogTestCase {
    private func attitude(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool.run("attitude", arguments, currentDirectory: folder)
    }

    /// A 40 s tumbling log at 100 Hz whose reference is the truth turned by `error` in ENU, so that BROAD's
    /// `e = q_est * conj(q_ref)` is `error` wherever the estimate is the truth. `moving` is 0 for the first 8 s
    /// (convergence) and from 20 s to 22 s, where the reference is 90° off (so counting those rows would show);
    /// 10 rows from 30 s have a `nan` reference. The rows scored: 4000 - 800 - 200 - 10.
    private func evalLog(_ name: String, error: Quaternion) throws -> String {
        let imu = TumblingIMU(seconds: 40, rate: 100)
        let garbage = Quaternion(axis: [1, 1, 0], angle: .pi / 2)
        var text = "t,gx,gy,gz,ax,ay,az,mx,my,mz,qw,qx,qy,qz,moving\n"
        for i in imu.time.indices {
            let g = imu.gyro[i], a = imu.acc[i], m = imu.mag[i]
            let moving = (i >= 800 && !(2000..<2200).contains(i)) ? 1 : 0
            let truth = imu.enuFromIMU[i]
            let reference = (2000..<2200).contains(i) ? garbage * truth : error.conjugate * truth
            let q = (3000..<3010).contains(i) ? "nan,nan,nan,nan" : "\(reference.w),\(reference.x),\(reference.y),\(reference.z)"
            text += "\(imu.time[i]),\(g.x),\(g.y),\(g.z),\(a.x),\(a.y),\(a.z),\(m.x),\(m.y),\(m.z),\(q),\(moving)\n"
        }
        return try write(name, text)
    }

    private static let scoredRows = 4000 - 800 - 200 - 10

    private struct Report: Decodable {
        struct Trial: Decodable {
            var name: String
            var samples: Int
            var skipped: Int
            var total: Double?
            var heading: Double?
            var inclination: Double
        }
        var mode: String
        var trials: [Trial]
        var meanTotal: Double?
        var meanHeading: Double?
        var meanInclination: Double
    }

    func testEvalScoresAKnownHeadingAndTiltErrorInTheTableAndInJSON() throws {
        let heading = try evalLog("heading-10.csv", error: Quaternion(axis: [0, 0, 1], angle: 10 * Synthetic.degree))
        let tilt = try evalLog("tilt-6.csv", error: Quaternion(axis: [1, 0, 0], angle: 6 * Synthetic.degree))

        let json = try attitude(["eval", heading, tilt, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let report = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8))
        XCTAssertEqual(report.mode, "9d")
        XCTAssertEqual(report.trials.map(\.name), ["heading-10", "tilt-6"])
        XCTAssertEqual(report.trials.map(\.samples), [Self.scoredRows, Self.scoredRows], "moving = 0 and nan rows are not scored")
        XCTAssertEqual(report.trials.map(\.skipped), [0, 0])
        let (h, t) = (report.trials[0], report.trials[1])
        // The estimator on clean synthetic data is within a fraction of a degree of the truth.
        XCTAssertEqual(try XCTUnwrap(h.total), 10, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(h.heading), 10, accuracy: 1)
        XCTAssertLessThan(h.inclination, 1)
        XCTAssertEqual(try XCTUnwrap(t.total), 6, accuracy: 1)
        XCTAssertLessThan(try XCTUnwrap(t.heading), 1)
        XCTAssertEqual(t.inclination, 6, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(report.meanTotal), (h.total! + t.total!) / 2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(report.meanHeading), (h.heading! + t.heading!) / 2, accuracy: 1e-9)
        XCTAssertEqual(report.meanInclination, (h.inclination + t.inclination) / 2, accuracy: 1e-9)

        // The table: a header, a line a trial and the mean, with the same figures to 3 decimals.
        let table = try attitude(["eval", heading, tilt])
        XCTAssertEqual(table.status, 0, table.stderr)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, table.stdout)
        XCTAssertEqual(lines.first, "trial       total°  heading°  inclin.°  (9d, RMSE)")
        let rows = lines.dropFirst().map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(rows.map { $0.first ?? "" }, ["heading-10", "tilt-6", "mean"])
        let expected: [[Double?]] = [[h.total, h.heading, h.inclination], [t.total, t.heading, t.inclination],
                                     [report.meanTotal, report.meanHeading, report.meanInclination]]
        for (row, values) in zip(rows, expected) {
            XCTAssertEqual(row.dropFirst().map { Double($0) }, values.map { v in v.map { (($0 * 1000).rounded()) / 1000 } }, "\(row)")
        }
        XCTAssertTrue(table.stderr.contains("[1/2] heading-10") && table.stderr.contains("[2/2] tilt-6"), table.stderr)
    }

    func testEvalIn6DScoresTheInclinationOnly() throws {
        let tilt = try evalLog("tilt-6.csv", error: Quaternion(axis: [1, 0, 0], angle: 6 * Synthetic.degree))
        let json = try attitude(["eval", tilt, "--mode", "6d", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let report = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8))
        XCTAssertEqual(report.mode, "6d")
        XCTAssertNil(report.trials[0].total)
        XCTAssertNil(report.trials[0].heading)
        XCTAssertNil(report.meanTotal)
        XCTAssertEqual(report.trials[0].inclination, 6, accuracy: 1)
        // A figure 6D does not report is left out of the JSON (Codable leaves out a nil), not written as null.
        XCTAssertFalse(json.stdout.contains("meanHeading"), json.stdout)
        XCTAssertFalse(json.stdout.contains("meanTotal"), json.stdout)
        let table = try attitude(["eval", tilt, "--mode", "6d"])
        let row = try XCTUnwrap(table.stdout.split(separator: "\n").dropFirst().first).split(separator: " ").map(String.init)
        XCTAssertEqual(Array(row.prefix(3)), ["tilt-6", "-", "-"], table.stdout)
        XCTAssertEqual(try XCTUnwrap(Double(row[3])), 6, accuracy: 1)
    }

    /// Without `--mode`, eval picks as fuse does: 6D for a log without a magnetometer (the bundled BROAD
    /// excerpt; it failed "9D evaluation needs magnetometer columns" unless given --mode 6d), 9D with one.
    func testEvalPicksItsModeAsFuseDoes() throws {
        let auto = try attitude(["eval", "broad_02_excerpt", "--json"])
        XCTAssertEqual(auto.status, 0, auto.stderr)
        XCTAssertTrue(auto.stderr.contains("evaluating 6D (broad_02_excerpt has no usable magnetometer"), auto.stderr)
        let given = try attitude(["eval", "broad_02_excerpt", "--mode", "6d", "--json"])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(try JSONDecoder().decode(Report.self, from: Data(auto.stdout.utf8)).mode, "6d")
        XCTAssertEqual(auto.stdout, given.stdout)
        let withField = try evalLog("tilt-6.csv", error: Quaternion(axis: [1, 0, 0], angle: 6 * Synthetic.degree))
        let nine = try attitude(["eval", withField, "--json"])
        XCTAssertEqual(nine.status, 0, nine.stderr)
        XCTAssertEqual(try JSONDecoder().decode(Report.self, from: Data(nine.stdout.utf8)).mode, "9d")
    }

    // MARK: - fuse --status and --set

    /// 30 s at rest, tilted, with a gyroscope biased by (0.5, -1, 0.75)°/s; from 20 s a magnet adds 30 µT
    /// east (the field's norm and dip change).
    private func restLog() throws -> String {
        let q = Quaternion(axis: [0.3, -0.5, 1], angle: 0.7)
        let bias = SIMD3(0.5, -1, 0.75) * Synthetic.degree
        var text = "t,gx,gy,gz,ax,ay,az,mx,my,mz\n"
        for i in 0..<3000 {
            let t = Double(i) / 100
            let field = Synthetic.fieldENU + (t >= 20 ? SIMD3(30, 0, 0) : .zero)
            let g = bias, a = q.conjugate.rotate(Synthetic.gravityENU), m = q.conjugate.rotate(field)
            text += "\(t),\(g.x),\(g.y),\(g.z),\(a.x),\(a.y),\(a.z),\(m.x),\(m.y),\(m.z)\n"
        }
        return try write("rest.csv", text)
    }

    private struct StatusRow { var t: Double; var rest: Int; var magDisturbed: Int; var bias: SIMD3<Double> }

    private func status(_ extra: [String]) throws -> [StatusRow] {
        let output = folder.appendingPathComponent("status-\(extra.count).csv").path
        let result = try attitude(["fuse", try restLog(), "--output", output, "--status"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        let csv = try CSVNumbers(path: output)
        XCTAssertEqual(csv.header, ["t", "qw", "qx", "qy", "qz", "rest", "mag_disturbed", "bias_x", "bias_y", "bias_z"])
        return try csv.rows.map { v in
            guard v.count == 10 else { throw Requirement.Missing("not a status row: \(v)") }
            return StatusRow(t: v[0], rest: Int(v[5]), magDisturbed: Int(v[6]), bias: SIMD3(v[7], v[8], v[9]))
        }
    }

    func testStatusColumnsShowRestTheBiasAndTheDisturbance() throws {
        let rows = try status([])
        XCTAssertEqual(rows.count, 3000)
        XCTAssertEqual(rows.filter { $0.t >= 5 && $0.rest != 1 }.count, 0, "at rest from 5 s on")
        XCTAssertEqual(rows.filter { $0.t < 1 && $0.rest != 0 }.count, 0, "rest needs 1.5 s to be declared")
        for row in rows where row.t >= 15 && row.t < 20 {
            XCTAssertEqual(row.bias.x, 0.5, accuracy: 0.05, "bias x at \(row.t) s")
            XCTAssertEqual(row.bias.y, -1, accuracy: 0.05, "bias y at \(row.t) s")
            XCTAssertEqual(row.bias.z, 0.75, accuracy: 0.05, "bias z at \(row.t) s")
        }
        XCTAssertEqual(rows.filter { $0.t >= 5 && $0.t < 20 && $0.magDisturbed != 0 }.count, 0, "the field is steady before 20 s")
        XCTAssertEqual(rows.filter { $0.t >= 20.5 && $0.t < 25 && $0.magDisturbed != 1 }.count, 0, "the magnet is seen from 20.5 s")
    }

    func testSetNameValueTakesEffect() throws {
        // Without bias estimation the bias columns stay 0; without disturbance rejection the magnet is not flagged.
        let rows = try status(["--set", "restBiasEstimation=false", "--set", "motionBiasEstimation=false",
                               "--set", "magDisturbanceRejection=false"])
        XCTAssertEqual(rows.count, 3000)
        XCTAssertEqual(rows.filter { $0.bias != .zero }.count, 0, "a bias was estimated with bias estimation off")
        XCTAssertEqual(rows.filter { $0.magDisturbed != 0 }.count, 0, "a disturbance was flagged with rejection off")
        // A number: rest must last 10 s (not 1.5 s) before it is declared.
        let patient = try status(["--set", "restMinTime=10"])
        XCTAssertEqual(patient.filter { $0.t < 9.5 && $0.rest != 0 }.count, 0, "rest declared before --set restMinTime=10 allows")
        XCTAssertEqual(patient.filter { $0.t >= 12 && $0.rest != 1 }.count, 0, "rest not declared once 10 s have passed")
        let unknown = try attitude(["fuse", try restLog(), "--output", "never.csv", "--set", "noSuchParameter=1"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("noSuchParameter"), unknown.stderr)
    }
}
