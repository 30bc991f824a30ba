import AttitudeLog
import AttitudeMath
import CommandTestSupport
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import Workers
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Real producers through `steady-dice`: a Sensor Logger folder as `--log`, its `Orientation.csv` drawn
/// exactly as `attitude convert` writes it, and a hand-written imud version 17 packet.
final class RecordingCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-rec" }
    override var folderHoldsSockets: Bool { true }  // imud's socket

    /// `attitude ARGUMENTS`, built beside `steady-dice`.
    private func attitude(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let result = try BuiltTool.run("attitude", arguments, timeout: 60)
        return (result.status, result.stderr)
    }

    /// An iPhone's Sensor Logger folder with only `Metadata.csv` and `Orientation.csv`: a turn about the
    /// device's X, written in Core Motion's frame, the columns in the order the app writes them on iOS.
    private func iPhoneFolder() throws -> String {
        let recording = folder.appendingPathComponent("iphone")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        try "version,device name,recording time,platform,appVersion\n3,iPhone,2026-01-01_00-00-00,ios,1.10.4\n"
            .write(to: recording.appendingPathComponent("Metadata.csv"), atomically: true, encoding: .utf8)
        var text = "time,seconds_elapsed,yaw,qx,qz,roll,qw,qy,pitch\n0,0,0,0,0,0,0,0,0\n"   // a placeholder row first
        for i in 0...100 {
            let q = Quaternion(axis: [0, 0, 1], angle: 0.3) * Quaternion(axis: [1, 0, 0], angle: Double(i) * 0.01)
            text += "\(1_663_326_947_268_860_700 + Int64(i) * 10_000_000),\(Double(i) / 100),0,\(q.x),\(q.z),0,\(q.w),\(q.y),0\n"
        }
        try text.write(to: recording.appendingPathComponent("Orientation.csv"), atomically: true, encoding: .utf8)
        return recording.path
    }

    /// An Android Sensor Logger folder (no Metadata.csv) with only `Gyroscope.csv` and `TotalAcceleration.csv`:
    /// 3 s at 100 Hz on the phone's clock, lying still face up: total acceleration 9.80665 m/s² along the
    /// device's Z (Sensor Logger writes the columns z, y, x).
    private func androidFolder() throws -> URL {
        let recording = folder.appendingPathComponent("android")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        var gyro = "time,seconds_elapsed,z,y,x\n", total = gyro
        for i in 0..<300 {
            let ns = 1_707_663_721_334_068_000 + Int64(i) * 10_000_000
            gyro += "\(ns),\(Double(i) / 100),0,0,0\n"
            total += "\(ns),\(Double(i) / 100),9.80665,0,0\n"
        }
        try gyro.write(to: recording.appendingPathComponent("Gyroscope.csv"), atomically: true, encoding: .utf8)
        try total.write(to: recording.appendingPathComponent("TotalAcceleration.csv"), atomically: true, encoding: .utf8)
        return recording
    }

    func testAFolderItsOrientationFileAndItsConvertedLogDrawTheSamePicture() throws {
        let recording = try iPhoneFolder(), converted = path("converted.csv")
        let convert = try attitude(["convert", recording, "--output", converted])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        XCTAssertTrue(convert.stderr.contains("Orientation.csv: read with Sensor Logger iOS conventions (Metadata.csv: platform ios, app 1.10.4)"),
                      convert.stderr)
        XCTAssertTrue(convert.stderr.contains("Orientation.csv:2: skipped 1 row with a placeholder or invalid quaternion, the first on line 2"),
                      convert.stderr)
        XCTAssertTrue(try String(contentsOfFile: converted, encoding: .utf8).contains("# frame: xTrueNorthZVertical\n"))
        let refused = try attitude(["convert", recording, "--output", path("never.csv"), "--frame", "xMagneticNorthZVertical"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("attitude: \(recording)/Orientation.csv: the log is referenced to true north (xTrueNorthZVertical); "
                                              + "magnetic north needs the magnetic declination at the site: give --declination DEG (east positive)"),
                      refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("never.csv")))
        var pictures: [RGBImage] = []
        for log in [recording, recording + "/Orientation.csv", converted] {
            let output = path("\(pictures.count).png")
            let result = try CommandHarness.run(["snapshot", "--log", log, "--at", "0.5", "--size", "240x180",
                                                 "--background", "none", "--output", output])
            XCTAssertEqual(result.status, 0, result.stderr)
            pictures.append(try RGBImage.read(path: output))
        }
        XCTAssertEqual(CommandHarness.differingChannels(pictures[0].pixels, pictures[1].pixels, tolerance: 0), 0)
        XCTAssertEqual(CommandHarness.differingChannels(pictures[1].pixels, pictures[2].pixels, tolerance: 0), 0)
        // And it is the attitude the file holds at 0.5 s: 0.5 rad about X after 0.3 rad about Z.
        let expected = try RenderHarness.render(Quaternion(axis: [0, 0, 1], angle: 0.3) * Quaternion(axis: [1, 0, 0], angle: 0.5),
                                                width: 240, height: 180)
        XCTAssertLessThan(CommandHarness.differingChannels(pictures[0].pixels, expected.pixels, tolerance: 2), 20)
    }

    /// `--quiet` leaves a snapshot of a raw folder with no stderr at all (the reader's warning and the
    /// fusion status included) and the same picture; `--verbose` adds how the log was read.
    func testQuietAndVerboseOnSnapshot() throws {
        let recording = try androidFolder()
        let common = ["snapshot", "--log", recording.path, "--at", "2.5", "--size", "64x48", "--background", "none"]
        let plain = try CommandHarness.run(common + ["--output", path("plain.png")])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stderr.contains("steady-dice: fusing 300 raw samples"), plain.stderr)
        XCTAssertFalse(plain.stderr.contains("reading a raw IMU log"), "no debug detail by default: \(plain.stderr)")
        let quiet = try CommandHarness.run(common + ["--output", path("quiet.png"), "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "", "--quiet: errors only")
        XCTAssertEqual(try RGBImage.read(path: path("quiet.png")), try RGBImage.read(path: path("plain.png")), "the same picture")
        let verbose = try CommandHarness.run(common + ["--output", path("verbose.png"), "--verbose"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("steady-dice: \(recording.path): reading a raw IMU log\n"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("steady-dice: fusing 300 raw samples"), verbose.stderr)
    }

    func testARawFolderIsFusedByEveryCommandThatTakesALog() throws {
        let recording = try androidFolder()
        let result = try CommandHarness.run(["snapshot", "--log", recording.path, "--at", "2.5", "--size", "64x48",
                                             "--background", "none", "--output", path("raw.png")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("steady-dice: \(recording.path): Sensor Logger Android conventions (no Metadata.csv and no "
                                             + "Orientation.csv whose columns tell the platform; assumed Android's"), result.stderr)
        XCTAssertTrue(result.stderr.contains("steady-dice: fusing 300 raw samples of \(recording.path) (6d) into xArbitraryZVertical"),
                      result.stderr)
        let fuse = try attitude(["fuse", recording.path, "--output", path("fused.csv")])
        XCTAssertEqual(fuse.status, 0, fuse.stderr)
        XCTAssertEqual(try AttitudeLog.load(path: path("fused.csv")).samples.count, 300)
        // Where t = 0 lies on the phone's clock, to line the fused log up with the phone's own files.
        XCTAssertTrue(try String(contentsOfFile: path("fused.csv"), encoding: .utf8)
            .contains("# start: 1707663721.33406"), "the start comment")
    }

    func testAnEmptyFolderIsRefusedSayingWhatARecordingHolds() throws {
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try CommandHarness.run(["snapshot", "--log", empty.path, "--size", "64x48", "--output", path("e.png")])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("\(empty.path): a folder, but not a recording steady-dice knows"), result.stderr)
    }

    // MARK: - imud version 17

    /// imud 1.7's packet for body-to-NED [0.5, 0.5, 0.5, 0.5], fusion converged, written from spec.md §8
    /// byte by byte (the CRC-32 of bytes 0-271, c5 8e f4 14, from Python's zlib.crc32).
    private static let version17Packet: [UInt8] = {
        var b = [UInt8](repeating: 0, count: 276)
        func put(_ offset: Int, _ bytes: [UInt8]) { b.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        put(0, [0x44, 0x55, 0x4D, 0x49]); put(4, [0x11, 0x00]); put(6, [0x04, 0x00])
        put(8, [0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01]); put(16, [0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11])
        for offset in [104, 108, 112, 116] { put(offset, [0x00, 0x00, 0x00, 0x3F]) }
        put(124, [0xDB, 0x0F, 0xC9, 0x3F]); put(128, [0xDB, 0x0F, 0xC9, 0x3F]); put(132, [0x00, 0x00, 0xB4, 0x42])
        put(180, [0xD2, 0x04, 0x00, 0x00])
        put(256, [0x00, 0x00, 0x40, 0x3F]); put(260, [0x00, 0x00, 0x00, 0x3E]); put(264, [0x00, 0x00, 0xE8, 0x40])
        put(268, [0x00, 0x00, 0xC0, 0x3F]); put(272, [0xC5, 0x8E, 0xF4, 0x14])
        return b
    }()

    /// Serves `bytes` again and again, every 5 ms, to whoever connects to an AF_UNIX socket at `socketPath`,
    /// with plain system calls (no steady-dice code), until `stop` is set.
    private final class RawPublisher: Sendable {
        let listener: Int32
        let stop = Locked(false)

        init(socketPath: String, bytes: [UInt8]) throws {
            listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in socketPath.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
            Thread { [self] in
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                defer { close(client) }
                while !stop.current {
                    let sent = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if sent < 0 { return }
                    usleep(5000)
                }
            }.start()
        }

        deinit { close(listener) }
    }

    func testFeedPublishesVersion17AndSnapshotSaysWhichItSaw() throws {
        let q = Quaternion(axis: [0.3, 1, -0.2], angle: 1.2)
        let log = path("still.csv"), socketPath = path("feed17.sock"), output = path("feed17.png")
        try AttitudeLog.write(samples: [AttitudeSample(t: 0, worldFromDevice: q), AttitudeSample(t: 1, worldFromDevice: q)],
                              frame: .xMagneticNorthZVertical, to: log)
        let feedErrors = Pipe()
        let feed = try CommandHarness.start(["feed", "--log", log, "--unix", socketPath, "--wire", "17", "--loop", "--rate", "200"],
                                            stderr: feedErrors)
        let result = try CommandHarness.run(["snapshot", "--imud", "unix:\(socketPath)", "--timeout", "5",
                                             "--size", "320x240", "--background", "none", "--output", output])
        feed.terminate()
        CommandHarness.finish(feed, within: 10, what: "feed after SIGTERM")
        let feedMessage = String(decoding: feedErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(feedMessage.contains("as imud wire v17 (NED, mount"), feedMessage)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("imud at unix:\(socketPath): wire version 17 (276 bytes)"), result.stderr)
        let expected = try RenderHarness.render(q, width: 320, height: 240)
        XCTAssertLessThan(CommandHarness.differingChannels(try RGBImage.read(path: output).pixels, expected.pixels, tolerance: 8), 60)
    }

    func testSnapshotDrawsTheDieForAHandWrittenVersion17Packet() throws {
        let socketPath = path("imud17.sock"), output = path("v17.png")
        let publisher = try RawPublisher(socketPath: socketPath, bytes: Self.version17Packet)
        defer { publisher.stop.withLock { $0 = true } }
        let result = try CommandHarness.run(["snapshot", "--imud", "unix:\(socketPath)", "--timeout", "5",
                                             "--size", "320x240", "--background", "none", "--output", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("imud at unix:\(socketPath): wire version 17 (276 bytes)"), result.stderr)
        // docs/conventions.md: worldFromDevice = worldFromNED · nedFromBody · bodyFromDevice.
        let nedFromBody = Quaternion(w: 0.5, x: 0.5, y: 0.5, z: 0.5)
        let expected = try RenderHarness.render(Frames.worldFromNED * nedFromBody * Frames.deviceFromBody.conjugate, width: 320, height: 240)
        let live = try RGBImage.read(path: output)
        XCTAssertLessThan(CommandHarness.differingChannels(live.pixels, expected.pixels, tolerance: 8), 60)
    }
}
