import AttitudeMath
import CommandTestSupport
import Foundation
import LogTestSupport
import TestSupport
import XCTest

/// `attitude views` end to end: every column against the formulas, written out here on the
/// quaternion's components, for random attitudes of both signs.
final class ViewsCommandTests: RawLogTestCase {
    private func runAttitude(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let result = try BuiltTool.run("attitude", arguments)
        return (result.status, result.stderr)
    }

    private static let header = "t,qw,qx,qy,qz,r11,r12,r13,r21,r22,r23,r31,r32,r33,roll,pitch,yaw,tilt,tilt_smoothed"

    /// 200 random unit quaternions, every other one negated, 0.01 s apart.
    private func randomLog() throws -> (path: String, quaternions: [[Double]]) {
        var rows: [[Double]] = []
        var text = "# frame: xMagneticNorthZVertical\nt,qw,qx,qy,qz\n"
        for (k, q) in RandomAttitudes(seed: 21, count: 200).enumerated() {
            let s = k % 2 == 0 ? 1.0 : -1.0
            let row = [s * q.w, s * q.x, s * q.y, s * q.z]
            rows.append(row)
            text += "\(Double(k) * 0.01),\(row[0]),\(row[1]),\(row[2]),\(row[3])\n"
        }
        return (try write("random.csv", text), rows)
    }

    /// The comments before the header (their text after `#`), the header and the data rows.
    private func read(_ path: String) throws -> (preamble: [String], header: String, rows: [[Double]]) {
        let csv = try CSVNumbers(path: path)
        return (csv.preamble, csv.header.joined(separator: ","), csv.rows)
    }

    /// Checks one output row against the formulas for the quaternion w, x, y, z.
    private func assertRow(_ row: [Double], _ w: Double, _ x: Double, _ y: Double, _ z: Double,
                           file: StaticString = #filePath, line: UInt = #line) {
        let r: [Double] = [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                           2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                           2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]
        for (k, value) in [w, x, y, z].enumerated() { XCTAssertEqual(row[1 + k], value, accuracy: 1e-12, file: file, line: line) }
        for k in 0..<9 { XCTAssertEqual(row[5 + k], r[k], accuracy: 1e-12, "r\(k / 3 + 1)\(k % 3 + 1)", file: file, line: line) }
        let degrees = Angle.degrees(fromRadians: 1.0)
        XCTAssertEqual(row[14], atan2(-r[6], r[8]) * degrees, accuracy: 1e-9, "roll", file: file, line: line)
        XCTAssertEqual(row[15], asin(r[7]) * degrees, accuracy: 1e-9, "pitch", file: file, line: line)
        XCTAssertEqual(row[16], atan2(-r[1], r[4]) * degrees, accuracy: 1e-9, "yaw", file: file, line: line)
        XCTAssertEqual(row[17], asin(2 * (x * z - w * y)) * degrees, accuracy: 1e-9, "tilt", file: file, line: line)
    }

    func testRowsMatchTheFormulasForBothSignsWithNonDefaultKalman() throws {
        let (input, quaternions) = try randomLog()
        let output = folder.appendingPathComponent("views.csv").path
        let result = try runAttitude(["views", input, "--output", output, "--kalman-q", "0.3", "--kalman-r", "2", "--kalman-p", "5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let (preamble, header, rows) = try read(output)
        XCTAssertEqual(header, Self.header)
        XCTAssertTrue(preamble.contains("frame: xMagneticNorthZVertical"), "\(preamble)")
        XCTAssertEqual(rows.count, quaternions.count)
        var x = 0.0, p = 5.0
        for (k, (row, q)) in zip(rows, quaternions).enumerated() {
            XCTAssertEqual(row[0], Double(k) * 0.01, accuracy: 1e-12)
            assertRow(row, q[0], q[1], q[2], q[3])
            let tilt = row[17]
            if k == 0 { x = tilt }
            p += 0.3
            let gain = p / (p + 2)
            x += gain * (tilt - x)
            p *= 1 - gain
            XCTAssertEqual(row[18], x, accuracy: 1e-9, "tilt_smoothed, row \(k)")
        }
    }

    /// `--relative-to r` writes the views of conj(r)·q (Hamilton product written out here).
    func testRelativeToWritesTheViewsOfTheRelativeAttitude() throws {
        let (input, quaternions) = try randomLog()
        let output = folder.appendingPathComponent("relative.csv").path
        let (rw, rx, ry, rz) = (0.5, -0.5, 0.5, 0.5)
        let result = try runAttitude(["views", input, "-o", output, "--relative-to", "\(rw),\(rx),\(ry),\(rz)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let (preamble, _, rows) = try read(output)
        XCTAssertTrue(preamble.contains("frame: relative to 0.5,-0.5,0.5,0.5 in xMagneticNorthZVertical"), "\(preamble)")
        // The default filter, Q = R = P = 0.1.
        var x = 0.0, p = 0.1
        for (k, (row, q)) in zip(rows, quaternions).enumerated() {
            let (aw, ax, ay, az) = (rw, -rx, -ry, -rz)
            let (bw, bx, by, bz) = (q[0], q[1], q[2], q[3])
            assertRow(row, aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
                      aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw)
            if k == 0 { x = row[17] }
            p += 0.1
            let gain = p / (p + 0.1)
            x += gain * (row[17] - x)
            p *= 1 - gain
            XCTAssertEqual(row[18], x, accuracy: 1e-9)
        }
    }

    /// A raw log is fused first, and the views are those of the attitude the log was made from: each row's
    /// quaternion is within 1° of the truth (ENU turned into magnetic north, docs/conventions.md), and its matrix,
    /// angles and tilt are the formulas' on that quaternion.
    func testARawLogIsFusedFirst() throws {
        let imu = TumblingIMU(seconds: 2, rate: 100)
        let input = try write("raw.csv", imu.rawCSV())
        let output = folder.appendingPathComponent("fused-views.csv").path
        let result = try runAttitude(["views", input, "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("fusing 200 raw samples"), result.stderr)
        let (preamble, _, rows) = try read(output)
        XCTAssertEqual(rows.count, 200)
        XCTAssertTrue(preamble.contains("frame: xMagneticNorthZVertical"), "\(preamble)")
        let worldFromENU = Quaternion(w: 0.70710678118654752, x: 0, y: 0, z: -0.70710678118654752)
        var largest = 0.0
        for (row, enuFromIMU) in zip(rows, imu.enuFromIMU) {
            let truth = worldFromENU * enuFromIMU
            let fused = Quaternion(w: row[1], x: row[2], y: row[3], z: row[4])
            largest = max(largest, Angle.degrees(fromRadians: fused.angle(to: truth)))
            assertRow(row, row[1], row[2], row[3], row[4])
        }
        XCTAssertLessThan(largest, 1, "the fused attitude strays \(largest)° from the truth")
    }

    func testBadInputIsRefusedWithTheFileOrOption() throws {
        let output = folder.appendingPathComponent("never.csv").path
        let missing = try runAttitude(["views", folder.appendingPathComponent("absent.csv").path, "-o", output])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("absent.csv"), missing.stderr)
        let bad = try write("bad.csv", "t,qw,qx,qy,qz\n0,1,0,0,0\n0.1,1,x,0,0\n")
        let badRow = try runAttitude(["views", bad, "-o", output])
        XCTAssertEqual(badRow.status, 65)
        XCTAssertTrue(badRow.stderr.contains("bad.csv:3"), badRow.stderr)
        let (input, _) = try randomLog()
        let zeroR = try runAttitude(["views", input, "-o", output, "--kalman-r", "0"])
        XCTAssertNotEqual(zeroR.status, 0)
        XCTAssertTrue(zeroR.stderr.contains("--kalman-r must be a number > 0"), zeroR.stderr)
        let badReference = try runAttitude(["views", input, "-o", output, "--relative-to", "0,0,0,0"])
        XCTAssertNotEqual(badReference.status, 0)
        XCTAssertTrue(badReference.stderr.contains("--relative-to"), badReference.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}
