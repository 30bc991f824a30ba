import AttitudeMath
import Foundation
import Imaging
import Pixels
import RecordFolder
import TestSupport
import XCTest

/// A folder in `RigFolder`'s layout, written by the test, read back by `RigRecording`: what is kept, what is left out,
/// what an interrupted recording gives and what is refused, naming the file.
final class RigRecordingTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "rig-recording" }

    /// A record folder: `rig.yaml` of `meta`, `frames/` with a 4x4 picture per time in `frames` (nil: no frames
    /// file) and `imu.csv` of `rows` under the header (nil: no file).
    private func rig(_ name: String, meta: String = "format: steady-dice-rig 1\nframe_times: arrival\nfinished_monotonic_s: 9.5\n",
                     frames: [Double]? = [10.0, 10.1, 10.2], rows: [String]? = nil) throws -> String {
        let path = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: path.appendingPathComponent(RigFolder.frames), withIntermediateDirectories: true)
        try ("# a comment line\n" + meta).write(to: path.appendingPathComponent(RigFolder.meta), atomically: true, encoding: .utf8)
        if let frames {
            var list = RigFolder.framesHeader + "\n"
            for (k, t) in frames.enumerated() {
                let name = String(format: "%06d.png", k)
                try RGBImage(width: 4, height: 4, pixels: [UInt8](repeating: UInt8(k * 40), count: 48))
                    .write(path: path.appendingPathComponent(RigFolder.frames).appendingPathComponent(name).path)
                list += "\(t),\(name),\(t),\n"
            }
            try list.write(to: path.appendingPathComponent(RigFolder.frames).appendingPathComponent(RigFolder.framesFile),
                           atomically: true, encoding: .utf8)
        }
        if let rows {
            try ([RigFolder.imuHeader] + rows).joined(separator: "\n").appending("\n")
                .write(to: path.appendingPathComponent(RigFolder.imu), atomically: true, encoding: .utf8)
        }
        return path.path
    }

    /// A settled packet (flags 4: fusion converged) at `t` turned `angle` about z, with a rate or with none.
    private func packet(_ t: Double, seq: Int, flags: Int = 4, angle: Double = 0, rate: String = "0,0,0.5") -> String {
        "\(t),\(seq),\(flags),\(cos(angle / 2)),0,0,\(sin(angle / 2)),\(rate)"
    }

    func testAFinishedRecordingIsReadWithItsFieldsFramesAndSettledPackets() throws {
        let rows = [packet(9.90, seq: 1, flags: 0),  // not converged
                    packet(9.95, seq: 2, angle: 0.1), packet(10.00, seq: 3, angle: 0.2),
                    packet(10.00, seq: 3, angle: 0.2),  // the same packet written twice
                    packet(10.05, seq: 4, flags: 4 | 0x200, angle: 0.3),
                    packet(10.10, seq: 5, angle: 0.4)]
        let recording = try RigRecording(folder: try rig("finished", rows: rows))
        XCTAssertTrue(recording.finished)
        XCTAssertEqual(recording.fields["frame_times"], "arrival")
        XCTAssertNil(recording.fields["# a comment line"])
        XCTAssertEqual(recording.frameCount, 3)
        XCTAssertEqual(recording.firstFrameTime, 10.0)
        XCTAssertEqual(recording.framesFolder, recording.folder + "/frames")
        XCTAssertEqual(recording.arrival, [9.95, 10.00, 10.10])
        XCTAssertEqual(recording.unsettledPackets, 2, "one not converged, one while imud shut down")
        XCTAssertEqual(recording.attitude[1].z, sin(0.1), accuracy: 1e-12)
        XCTAssertEqual(recording.rate, [SIMD3(0, 0, 0.5), SIMD3(0, 0, 0.5), SIMD3(0, 0, 0.5)])
    }

    /// The rate is the packets' when every kept one carries it, else none: a mix is not half a gyroscope.
    func testTheRateIsKeptOnlyWhenEveryPacketHasOne() throws {
        let rows = [packet(1, seq: 1), packet(2, seq: 2, rate: ",,"), packet(3, seq: 3)]
        let recording = try RigRecording(folder: try rig("mixed", meta: "format: steady-dice-rig 1\n", rows: rows))
        XCTAssertNil(recording.rate)
        XCTAssertEqual(recording.arrival.count, 3)
        XCTAssertFalse(recording.finished, "no finished_monotonic_s: the recording was cut off")
    }

    func testWhatIsNotARecordFolderIsRefusedNamingTheFile() throws {
        let empty = folder.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        XCTAssertThrowsError(try RigRecording(folder: empty)) { XCTAssertTrue("\($0)".contains("no rig.yaml"), "\($0)") }
        let rows = [packet(1, seq: 1), packet(2, seq: 2)]
        let other = try rig("other-format", meta: "format: steady-dice-rig 2\n", rows: rows)
        XCTAssertThrowsError(try RigRecording(folder: other)) {
            XCTAssertEqual("\($0)", "\(other)/rig.yaml: format: expected 'steady-dice-rig 1', found 'steady-dice-rig 2'")
        }
        let noColon = try rig("no-colon", meta: "format: steady-dice-rig 1\ncamera\n", rows: rows)
        XCTAssertThrowsError(try RigRecording(folder: noColon)) { XCTAssertEqual("\($0)", "\(noColon)/rig.yaml:3: expected 'key: value'") }
        let noFrames = try rig("no-frames", frames: nil, rows: rows)
        XCTAssertThrowsError(try RigRecording(folder: noFrames)) { XCTAssertTrue("\($0)".contains("frames.csv"), "\($0)") }
        let noneListed = try rig("none-listed", frames: [], rows: rows)
        XCTAssertThrowsError(try RigRecording(folder: noneListed)) {
            XCTAssertTrue("\($0)".hasSuffix("lists no frames: the recording stopped before the first frame was written"), "\($0)")
        }
        let noPackets = try rig("no-packets")
        XCTAssertThrowsError(try RigRecording(folder: noPackets)) {
            XCTAssertTrue("\($0)".contains("imu.csv") && "\($0)".contains("no imud packets file"), "\($0)")
        }
    }

    func testPacketsThatCannotBeFittedAreRefused() throws {
        let oneSettled = try rig("one-settled", rows: [packet(1, seq: 1), packet(2, seq: 2, flags: 0)])
        XCTAssertThrowsError(try RigRecording(folder: oneSettled)) {
            XCTAssertEqual("\($0)", "\(oneSettled)/imu.csv: 1 settled imud packets (1 not settled): too few to calibrate; "
                           + "let imud converge before recording")
        }
        let shortRow = try rig("short-row", rows: [packet(1, seq: 1), "2,2,4,1,0,0"])
        XCTAssertThrowsError(try RigRecording(folder: shortRow)) {
            XCTAssertEqual("\($0)", "\(shortRow)/imu.csv:3: expected '\(RigFolder.imuHeader)' with numbers")
        }
        let halfRate = try rig("half-rate", rows: [packet(1, seq: 1, rate: "0.1,,"), packet(2, seq: 2)])
        XCTAssertThrowsError(try RigRecording(folder: halfRate)) {
            XCTAssertTrue("\($0)".hasPrefix("\(halfRate)/imu.csv:2: column 'gy': '' is not an angular rate"), "\($0)")
        }
        let wrongHeader = try rig("wrong-header", rows: [])
        try "t,seq\n1,2\n".write(toFile: wrongHeader + "/imu.csv", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RigRecording(folder: wrongHeader)) {
            XCTAssertEqual("\($0)", "\(wrongHeader)/imu.csv:1: the header must be '\(RigFolder.imuHeader)'")
        }
    }

    /// Ten settled packets 10 ms apart turning at 0.1 rad/s about x, with `change` made to row `k` (0 first).
    private func packets(changing k: Int = -1, _ change: (String) -> String = { $0 }) -> [String] {
        (0..<10).map { i in
            let row = "1.0\(i),\(i),4,1,0,0,0,0.1,0,0"
            return i == k ? change(row) : row
        }
    }

    /// NaN or infinite rates, time running backwards and a zero quaternion in a settled packet are refused at
    /// their line and column, never fitted or passed over as "not settled" (`calibrate FOLDER`'s refusal is
    /// CommandLineTests' `HostileReaderTests`).
    func testARecordFoldersPacketsAreRefusedAtTheirLine() throws {
        let nan = try rig("nan", frames: [1.0], rows: packets(changing: 5) { $0.replacingOccurrences(of: "0.1,0,0", with: "nan,0,0") })
        XCTAssertThrowsError(try RigRecording(folder: nan)) {
            XCTAssertTrue("\($0)".hasPrefix("\(nan)/imu.csv:7: column 'gx': 'nan' is not an angular rate"), "\($0)")
        }
        let infinite = try rig("inf", frames: [1.0], rows: packets(changing: 2) { $0.replacingOccurrences(of: "0.1,0,0", with: "0.1,0,-inf") })
        XCTAssertThrowsError(try RigRecording(folder: infinite)) {
            XCTAssertTrue("\($0)".hasPrefix("\(infinite)/imu.csv:4: column 'gz': '-inf' is not an angular rate"), "\($0)")
        }
        let backwards = try rig("backwards", frames: [1.0], rows: packets().reversed())
        XCTAssertThrowsError(try RigRecording(folder: backwards)) {
            XCTAssertTrue("\($0)".hasPrefix("\(backwards)/imu.csv:3: column 'arrival_s': time goes backwards (1.08 s after 1.09 s on line 2)"),
                          "\($0)")
        }
        let zero = try rig("zero", frames: [1.0], rows: packets(changing: 3) { $0.replacingOccurrences(of: ",4,1,0,0,0,", with: ",4,0,0,0,0,") })
        XCTAssertThrowsError(try RigRecording(folder: zero)) {
            XCTAssertTrue("\($0)".hasPrefix("\(zero)/imu.csv:5: column 'qw,qx,qy,qz': a settled packet's quaternion must be an attitude"),
                          "\($0)")
        }
        // Packets without a rate (empty fields) and packets not yet settled are read, not refused.
        let plain = try rig("plain", frames: [1.0], rows: packets(changing: 0) { $0.replacingOccurrences(of: ",4,", with: ",0,") }
            .map { $0.replacingOccurrences(of: "0.1,0,0", with: ",,") })
        let recording = try RigRecording(folder: plain)
        XCTAssertEqual(recording.arrival.count, 9)
        XCTAssertEqual(recording.unsettledPackets, 1)
        XCTAssertNil(recording.rate)
    }

    /// `imu.csv` is read as every log is: comments, blank lines and CRLF skipped, the line numbers counting them.
    func testPacketsAreReadAsLogsAre() throws {
        let rows = ["# imud restarted", "", packet(1, seq: 1) + "\r", packet(2, seq: 2), "# a note", "3,3,4,1,0,0,x,0,0,0"]
        let bad = try rig("comments", rows: rows)
        XCTAssertThrowsError(try RigRecording(folder: bad)) {
            XCTAssertEqual("\($0)", "\(bad)/imu.csv:7: expected '\(RigFolder.imuHeader)' with numbers")
        }
        let good = try rig("comments-only", rows: Array(rows.dropLast()))
        XCTAssertEqual(try RigRecording(folder: good).arrival, [1, 2])
        let lateHeader = try rig("late-header", rows: [])
        try "# by hand\n\nt,seq\n1,2\n".write(toFile: lateHeader + "/imu.csv", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RigRecording(folder: lateHeader)) {
            XCTAssertEqual("\($0)", "\(lateHeader)/imu.csv:3: the header must be '\(RigFolder.imuHeader)'")
        }
    }
}
