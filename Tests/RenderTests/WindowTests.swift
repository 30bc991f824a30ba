import AttitudeMath
import Foundation
import Imaging
import Render
import XCTest

/// The window and the offscreen snapshot are two front ends over one renderer: a frame saved from a
/// real GLFW window must equal the offscreen render of the same attitude and size. Needs an X
/// display (the test command runs the suite under xvfb-run); skipped without one.
final class WindowTests: XCTestCase {
    func testWindowFrameEqualsOffscreenSnapshot() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw XCTSkip("no X display: run the tests under xvfb-run (scripts/test does)")
        }
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

    /// SIGTERM (what Ctrl-C's SIGINT also does) closes the window as Q does: exit status 0, and the
    /// frame it was showing is written by --snapshot-on-exit.
    func testTerminateClosesTheWindowAndWritesTheSnapshot() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw XCTSkip("no X display: run the tests under xvfb-run (scripts/test does)")
        }
        let output = (NSTemporaryDirectory() as NSString).appendingPathComponent("steady-dice-sigterm-\(getpid()).png")
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
        process.terminate()
        CommandHarness.finish(process, within: 10, what: "run after SIGTERM")
        XCTAssertEqual(process.terminationReason, .exit, "ended by exiting, not killed by the signal")
        XCTAssertEqual(process.terminationStatus, 0)
        let window = try RGBImage.read(path: output)
        let offscreen = try RenderHarness.render(.identity, width: 160, height: 120, clear: RGBColor(hex: "#336699")!)
        XCTAssertEqual(CommandHarness.differingChannels(window.pixels, offscreen.pixels), 0)
    }

    func testRunWithoutDisplayNamesTheWaysOut() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let result = try CommandHarness.run(["run", "--frames", "1"], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("xvfb-run"), result.stderr)
        XCTAssertTrue(result.stderr.contains("snapshot"), result.stderr)
    }
}
