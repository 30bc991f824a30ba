import AttitudeMath
import CommandTestSupport
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// The window and the offscreen snapshot are two front ends over one renderer: a frame saved from a
/// real GLFW window must equal the offscreen render of the same attitude and size. Needs an X
/// display (the test command runs the suite under xvfb-run); skipped without one.
final class WindowCommandTests: XCTestCase {
    func testWindowFrameEqualsOffscreenSnapshot() throws {
        try Requirement.display()
        let q = Quaternion(axis: [1, 0.4, 0.9], angle: 0.9)
        let output = (NSTemporaryDirectory() as NSString).appendingPathComponent("steady-dice-window-\(getpid()).png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CommandHarness.run(["run", "--attitude", "\(q.w),\(q.x),\(q.y),\(q.z)", "--size", "320x240",
                                             "--frames", "3", "--background", "#336699", "--snapshot-on-exit", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let window = try RGBImage.read(path: output)
        let offscreen = try RenderHarness.render(q, width: 320, height: 240, clear: RGBColor(hex: "#336699")!)
        XCTAssertEqual(window.width, 320)
        XCTAssertEqual(window.height, 240)
        XCTAssertEqual(CommandHarness.differingChannels(window.pixels, offscreen.pixels), 0,
                       "window and offscreen frames differ")
    }

    /// SIGTERM closes the window as Q does: exit status 0, and the frame it was showing is written by
    /// --snapshot-on-exit.
    func testTerminateClosesTheWindowAndWritesTheSnapshot() throws {
        try closeBySignal(SIGTERM)
    }

    /// Ctrl-C's SIGINT does the same.
    func testInterruptClosesTheWindowAndWritesTheSnapshot() throws {
        try closeBySignal(SIGINT)
    }

    private func closeBySignal(_ signal: Int32) throws {
        try Requirement.display()
        let output = (NSTemporaryDirectory() as NSString).appendingPathComponent("steady-dice-signal\(signal)-\(getpid()).png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let errors = Pipe()
        let process = try CommandHarness.start(["run", "--attitude", "1,0,0,0", "--size", "160x120", "--background", "#336699",
                                                "--snapshot-on-exit", output], stderr: errors)
        // Should the window never open, the read below would wait for ever: kill the process by 60 s.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var stderr = ""
        while !stderr.contains("window open") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the process ended before opening its window
            stderr += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertTrue(stderr.contains("window open (160x120)"), stderr)
        kill(process.processIdentifier, signal)
        CommandHarness.finish(process, within: 10, what: "run after signal \(signal)")
        XCTAssertEqual(process.terminationReason, .exit, "ended by exiting, not killed by the signal")
        XCTAssertEqual(process.terminationStatus, 0)
        let window = try RGBImage.read(path: output)
        let offscreen = try RenderHarness.render(.identity, width: 160, height: 120, clear: RGBColor(hex: "#336699")!)
        XCTAssertEqual(CommandHarness.differingChannels(window.pixels, offscreen.pixels), 0)
    }

    /// `run --from 10 --duration 2` plays log time 10 s to 12 s in about 2 s of wall time, paced by the clock
    /// (Xvfb has no vsync: unpaced, it would draw a thousand frames), and its last frame is `snapshot --at 12`.
    func testDurationPlaysThatMuchOfTheLogInRealTime() throws {
        try Requirement.display()
        let folder = try TemporaryFolder.make("steady-dice-duration")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = folder.appendingPathComponent("window.png").path, offscreen = folder.appendingPathComponent("snapshot.png").path
        let started = Date()
        let result = try CommandHarness.run(["run", "--from", "10", "--duration", "2", "--size", "160x120", "--background", "#336699",
                                             "--snapshot-on-exit", window])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("; log time 10.000 s to 12.000 s"), result.stderr)
        let drew = try XCTUnwrap(result.stderr.range(of: #"drew (\d+) frames in ([0-9.]+) s"#, options: .regularExpression)
            .map { String(result.stderr[$0]).split(separator: " ") })
        let frames = try XCTUnwrap(Int(drew[1])), seconds = try XCTUnwrap(Double(drew[4]))
        // Bounds that hold however loaded the machine is: never less than the duration, never more frames
        // than the pacing allows (Xvfb reports 60 Hz or nothing; 250 Hz leaves room for any real monitor).
        XCTAssertGreaterThanOrEqual(seconds, 2, "2 s of log at speed 1 take at least 2 s")
        XCTAssertGreaterThan(wall, 2, "the process lasted at least the duration")
        XCTAssertLessThanOrEqual(frames, 2 * 250 + 2, "paced to the display's rate, not as fast as the GPU goes")
        XCTAssertGreaterThan(frames, 1)
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("models/demo-attitude.csv").path
        let snapshot = try CommandHarness.run(["snapshot", "--log", demo, "--at", "12", "--size", "160x120", "--background", "#336699", "--output", offscreen])
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        XCTAssertEqual(CommandHarness.differingChannels(try RGBImage.read(path: window).pixels, try RGBImage.read(path: offscreen).pixels), 0,
                       "the last frame is the log at 12 s")
    }

    /// Without a display, `run` says so before it opens a camera or reads and fuses a log.
    func testNoDisplayIsFoundBeforeCamerasAndLogs() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let result = try CommandHarness.run(["run", "--log", "/nonexistent/walk.csv", "--camera", "7"], environment: environment)
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("no display"), result.stderr)
        XCTAssertFalse(result.stderr.contains("nonexistent"), result.stderr)
        XCTAssertFalse(result.stderr.lowercased().contains("camera 7"), result.stderr)
    }

    func testRunWithoutDisplayNamesTheWaysOut() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let result = try CommandHarness.run(["run", "--frames", "1"], environment: environment)
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("xvfb-run"), result.stderr)
        XCTAssertTrue(result.stderr.contains("snapshot"), result.stderr)
    }
}
