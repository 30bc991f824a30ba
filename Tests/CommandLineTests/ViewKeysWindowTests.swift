import AttitudeLog
import AttitudeMath
import CommandTestSupport
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// The keys of `run` (R, Shift-R, H, the brackets; space, the arrows and S with --speed and --snapshot-dir),
/// pressed in a real GLFW window under the test display with
/// xdotool (installed by scripts/setup), then the frame shown is saved by SIGTERM and
/// --snapshot-on-exit, as the other window tests do.
final class ViewKeysWindowTests: XCTestCase {
    private var output: String!

    override func setUpWithError() throws {
        try Requirement.display()
        output = (NSTemporaryDirectory() as NSString).appendingPathComponent("steady-dice-keys-\(getpid()).png")
    }

    override func tearDownWithError() throws {
        if let output { try? FileManager.default.removeItem(atPath: output) }
    }

    /// Runs `xdotool ARGUMENTS` and returns its standard output.
    @discardableResult
    private func xdotool(_ arguments: [String]) throws -> String {
        let tool = try Requirement.tool(["/usr/bin/xdotool", "/usr/local/bin/xdotool"], package: "xdotool")
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        CommandHarness.finish(process, within: 20, what: "xdotool \(arguments.joined(separator: " "))")
        return text
    }

    /// Reads stderr until it holds `text` (or the process ends), keeping what was read in `log`.
    private func wait(for text: String, in pipe: Pipe, log: inout String) {
        while !log.contains(text) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            log += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Starts `run` with `arguments`, presses each key (waiting for the message it prints), then, if
    /// `until` is given, presses S until a saved frame satisfies it (an event to wait for, with a deadline
    /// only a hang reaches, rather than a sleep), closes the window with SIGTERM and returns the frame it
    /// was showing.
    private func frameAfterPressing(_ keys: [(key: String, message: String)], _ arguments: [String],
                                    until: ((RGBImage) -> Bool)? = nil) throws -> RGBImage {
        let errors = Pipe()
        let shots = try TemporaryFolder.make("steady-dice-keys-shots")
        defer { try? FileManager.default.removeItem(at: shots) }
        let process = try CommandHarness.start(["run", "--size", "320x240", "--background", "#336699",
                                                "--snapshot-on-exit", output, "--snapshot-dir", shots.path] + arguments, stderr: errors)
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var log = ""
        wait(for: "window open", in: errors, log: &log)
        XCTAssertTrue(log.contains("window open (320x240)"), log)
        let window = try xdotool(["search", "--sync", "--pid", "\(process.processIdentifier)"])
            .split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(window.isEmpty, "xdotool found no window of the run")
        for (key, message) in keys {
            try xdotool(["key", "--window", window, key])
            wait(for: message, in: errors, log: &log)
            XCTAssertTrue(log.contains(message), log)
        }
        if let until {
            var seen = Set<String>(), satisfied = false
            let deadline = Date(timeIntervalSinceNow: 30)
            while !satisfied && Date() < deadline {
                try xdotool(["key", "--window", window, "s"])
                var added: [String] = []
                while added.isEmpty && Date() < deadline {
                    // A saved frame is staged under a hidden name (`.NAME.partial-…`) and renamed into place: a new
                    // visible name there is a whole file.
                    added = try FileManager.default.contentsOfDirectory(atPath: shots.path).filter {
                        $0.hasSuffix(".png") && !$0.hasPrefix(".") && !seen.contains($0)
                    }
                    if added.isEmpty { Thread.sleep(forTimeInterval: 0.02) }
                }
                for name in added {
                    seen.insert(name)
                    if until(try RGBImage.read(path: shots.appendingPathComponent(name).path)) { satisfied = true }
                }
            }
            XCTAssertTrue(satisfied, "no frame saved within 30 s showed what was waited for")
        }
        process.terminate()
        CommandHarness.finish(process, within: 10, what: "run after SIGTERM")
        XCTAssertEqual(process.terminationStatus, 0, log)
        return try RGBImage.read(path: output)
    }

    private let clear = RGBColor(hex: "#336699")!

    /// R takes the attitude shown as the reference pose: the die snaps to its identity view.
    func testRSnapsToTheIdentityView() throws {
        let q = Quaternion(axis: [1, 0.4, 0.9], angle: 0.9)
        let frame = try frameAfterPressing([("r", "reference pose")], ["--attitude", "\(q.w),\(q.x),\(q.y),\(q.z)"])
        let identity = try RenderHarness.render(.identity, width: 320, height: 240, clear: clear)
        XCTAssertEqual(CommandHarness.differingChannels(frame.pixels, identity.pixels), 0, "R should show the identity view")
    }

    /// Shift-R drops the reference given by --relative-to: the die shows the absolute attitude again.
    func testShiftRReturnsToAbsoluteAttitude() throws {
        let q = Quaternion(axis: [-0.3, 1, 0.2], angle: 2.3)
        let frame = try frameAfterPressing([("shift+r", "absolute attitude")],
                                           ["--attitude", "\(q.w),\(q.x),\(q.y),\(q.z)", "--relative-to", "0.5,0.5,-0.5,0.5"])
        let absolute = try RenderHarness.render(q, width: 320, height: 240, clear: clear)
        XCTAssertEqual(CommandHarness.differingChannels(frame.pixels, absolute.pixels), 0, "Shift-R should show q itself")
    }

    /// The window's title: "steady-dice — NAME T / DURATION s (STATE)" for a log.
    private func title(_ window: String) throws -> String {
        try xdotool(["getwindowname", window]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the title (it is set at most every 0.25 s) until `condition` holds; a deadline only a hang reaches.
    private func waitForTitle(_ window: String, _ what: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date(timeIntervalSinceNow: 30)
        var last = ""
        while Date() < deadline {
            last = try title(window)
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("the title never showed \(what); last: \(last)")
        return last
    }

    /// The playback time the title shows.
    private func playbackTime(_ title: String) -> Double? {
        guard let range = title.range(of: #"[0-9]+\.[0-9]{2} / "#, options: .regularExpression) else { return nil }
        return Double(title[range].dropLast(3))
    }

    /// Space pauses, Right and Left seek 5 s (1 s with Shift), S saves what the window shows into
    /// --snapshot-dir, and --speed sets the pace: at 0.001 the log barely moves, so the time the title shows
    /// is the time before the pause plus the seeks, to its 0.01 s. The log steps from q0 to q1 at 10 s, and each
    /// saved frame is the offscreen frame of the attitude at the time sought.
    func testSpaceArrowsAndSWithSpeedAndSnapshotDir() throws {
        let q0 = Quaternion(axis: [1, 0.4, 0.9], angle: 0.9), q1 = Quaternion(axis: [-0.3, 1, 0.2], angle: 2.3)
        let folder = try TemporaryFolder.make("steady-dice-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = { (q: Quaternion) in "\(q.w),\(q.x),\(q.y),\(q.z)" }
        let log = folder.appendingPathComponent("step.csv").path
        try ("t,qw,qx,qy,qz\n0," + text(q0) + "\n9.95," + text(q0) + "\n10," + text(q1) + "\n200," + text(q1) + "\n")
            .write(toFile: log, atomically: true, encoding: .utf8)
        let snapshots = folder.appendingPathComponent("shots").path
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        let errors = Pipe(), saved = Pipe()
        let process = try CommandHarness.start(["run", "--size", "320x240", "--background", "#336699", "--log", log, "--speed", "0.001",
                                                "--no-loop", "--snapshot-dir", snapshots], stderr: errors, stdout: saved)
        DispatchQueue.global().asyncAfter(deadline: .now() + 90) { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var stderrText = "", savedPaths: [String] = []
        wait(for: "window open", in: errors, log: &stderrText)
        let window = try xdotool(["search", "--sync", "--pid", "\(process.processIdentifier)"])
            .split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(window.isEmpty, "xdotool found no window of the run")

        try xdotool(["key", "--window", window, "space"])
        let paused = try waitForTitle(window, "paused") { $0.hasSuffix("(paused)") }
        let start = try XCTUnwrap(playbackTime(paused), paused)
        XCTAssertLessThan(start, 0.5, "--speed 0.001: half a second of log takes 500 s")
        XCTAssertTrue(paused.contains("/ 200.00 s"), paused)

        /// Presses `keys`, waits for the title to show `time`, presses S and returns the frame saved.
        func seekAndSave(_ keys: [String], to time: Double) throws -> RGBImage {
            for key in keys { try xdotool(["key", "--window", window, key]) }
            let shown = try waitForTitle(window, String(format: "%.2f s", time)) {
                guard let t = playbackTime($0) else { return false }
                return abs(t - time) < 0.006 && $0.hasSuffix("(paused)")
            }
            XCTAssertEqual(try XCTUnwrap(playbackTime(shown)), time, accuracy: 0.006, shown)
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: snapshots))
            try xdotool(["key", "--window", window, "s"])
            // The frame is staged under a hidden name and renamed into place, so a new visible name there is a whole file.
            var added: [String] = []
            let deadline = Date(timeIntervalSinceNow: 30)
            while added.isEmpty && Date() < deadline {
                added = try FileManager.default.contentsOfDirectory(atPath: snapshots).filter {
                    !before.contains($0) && $0.hasSuffix(".png") && !$0.hasPrefix(".")
                }
                if added.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
            }
            let name = try XCTUnwrap(added.first, "S wrote nothing into --snapshot-dir")
            XCTAssertTrue(name.hasPrefix("steady-dice-"), name)
            let path = (snapshots as NSString).appendingPathComponent(name)
            savedPaths.append(path)
            return try RGBImage.read(path: path)
        }
        let afterRight = try seekAndSave(["Right", "Right", "Right"], to: start + 15)
        let atQ1 = try RenderHarness.render(q1, width: 320, height: 240, clear: clear)
        XCTAssertEqual(CommandHarness.differingChannels(afterRight.pixels, atQ1.pixels), 0, "three Rights: 15 s, past the step")
        let afterLeft = try seekAndSave(["shift+Left", "shift+Left", "shift+Left", "shift+Left", "shift+Left", "shift+Left"], to: start + 9)
        let atQ0 = try RenderHarness.render(q0, width: 320, height: 240, clear: clear)
        XCTAssertEqual(CommandHarness.differingChannels(afterLeft.pixels, atQ0.pixels), 0, "six Shift-Lefts: back 6 s, before the step")
        _ = try seekAndSave(["Left"], to: start + 4)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: snapshots).filter { $0.hasSuffix(".png") }.count, 3)

        try xdotool(["key", "--window", window, "space"])
        _ = try waitForTitle(window, "playing") { $0.hasSuffix("(playing)") }
        process.terminate()
        CommandHarness.finish(process, within: 10, what: "run after SIGTERM")
        XCTAssertEqual(process.terminationStatus, 0, stderrText)
        // Standard output (flushed at exit) names each file saved.
        let out = String(decoding: saved.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(out.split(separator: "\n").map(String.init), savedPaths.map { "saved \($0)" })
    }

    /// H shows the HUD: the top-left corner changes and the die at the identity view does not.
    func testHShowsTheHUDBesideTheDie() throws {
        let frame = try frameAfterPressing([("h", "HUD shown")], ["--attitude", "1,0,0,0"])
        let plain = try RenderHarness.render(.identity, width: 320, height: 240, clear: clear)
        var cornerChanged = 0, dieChanged = 0
        let hull = Silhouette.convexHull(Silhouette.projectedCorners(.identity, width: 320, height: 240))
        for y in 0..<240 {
            for x in 0..<320 {
                let differs = frame.pixel(x: x, y: y) != plain.pixel(x: x, y: y)
                if differs && x < 160 && y < 80 { cornerChanged += 1 }
                if differs && Silhouette.insideDistance(SIMD2(Double(x) + 0.5, Double(y) + 0.5), hull) > -1.5 { dieChanged += 1 }
            }
        }
        XCTAssertGreaterThan(cornerChanged, 1000, "the HUD panel should be in the top-left corner")
        XCTAssertEqual(dieChanged, 0, "the HUD must not cover the die at the identity view")
    }

    /// Live imud with `--time-offset -0.3`: ] and Shift-[ move the offset by 5 ms and 1 ms, each saying
    /// the new value, and once the attitude history reaches 0.3 s back the die shows the fed attitude,
    /// not greyed. `feed` publishes one constant attitude, so the picture does not depend on timing.
    func testBracketsChangeALiveTimeOffset() throws {
        let folder = try TemporaryFolder.makeForSockets("steady-dice-keys").path  // it holds a Unix socket
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let q = Quaternion(axis: [0.2, -1, 0.5], angle: 2.0)
        let log = folder + "/still.csv", socket = folder + "/imud.sock"
        try AttitudeLog.write(samples: [AttitudeSample(t: 0, worldFromDevice: q), AttitudeSample(t: 1, worldFromDevice: q)],
                              frame: .xMagneticNorthZVertical, to: log)
        let feed = try CommandHarness.start(["feed", "--log", log, "--unix", socket, "--loop", "--rate", "200"])
        defer { feed.terminate(); CommandHarness.finish(feed, within: 10, what: "feed after SIGTERM") }
        let expected = try RenderHarness.render(q, width: 320, height: 240, clear: clear)
        let showsTheFedAttitude = { (frame: RGBImage) in CommandHarness.differingChannels(frame.pixels, expected.pixels, tolerance: 8) < 60 }
        // Waits, by saved frames, for the history to reach 0.3 s back: greyed until then.
        let frame = try frameAfterPressing([("bracketright", "time offset -0.295 s"), ("shift+bracketleft", "time offset -0.296 s")],
                                           ["--imud", "unix:\(socket)", "--time-offset", "-0.3"], until: showsTheFedAttitude)
        XCTAssertLessThan(CommandHarness.differingChannels(frame.pixels, expected.pixels, tolerance: 8), 60,
                          "the fed attitude, in colour, but for float32 rounding at a few edge pixels")
    }

    /// A fixed attitude has no clock: [ says so and changes nothing.
    func testBracketsWithAFixedAttitudeSayThereIsNoClock() throws {
        let frame = try frameAfterPressing([("bracketleft", "a fixed attitude has no clock")], ["--attitude", "1,0,0,0"])
        let plain = try RenderHarness.render(.identity, width: 320, height: 240, clear: clear)
        XCTAssertEqual(CommandHarness.differingChannels(frame.pixels, plain.pixels), 0)
    }
}
