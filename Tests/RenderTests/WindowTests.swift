import AttitudeMath
import Foundation
import Imaging
import Render
import XCTest

/// The window and the offscreen snapshot are two front ends over one renderer: a frame saved from a
/// real GLFW window must equal the offscreen render of the same attitude and size. Needs an X
/// display (the test command runs the suite under xvfb-run); skipped without one.
final class WindowTests: XCTestCase {
    /// The built `steady-dice` executable, beside the test bundle in the build folder.
    private func executable() throws -> URL {
        var folder = Bundle(for: WindowTests.self).bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("steady-dice").path) {
            folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        }
        let url = folder.appendingPathComponent("steady-dice")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw XCTSkip("steady-dice is not built beside the tests (\(url.path)); run `swift build` first")
        }
        return url
    }

    func testWindowFrameEqualsOffscreenSnapshot() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw XCTSkip("no X display: run the tests under xvfb-run (scripts/test does)")
        }
        let q = Quaternion(axis: [1, 0.4, 0.9], angle: 0.9)
        let output = NSTemporaryDirectory() + "steady-dice-window-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["run", "--attitude", "\(q.w),\(q.x),\(q.y),\(q.z)", "--size", "320x240", "--frames", "3",
                             "--background", "#336699", "--snapshot-on-exit", output]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let window = try RGBImage.read(path: output)
        let offscreen = try RenderHarness.render(q, width: 320, height: 240, clear: RGBColor(hex: "#336699")!)
        XCTAssertEqual(window.width, 320)
        XCTAssertEqual(window.height, 240)
        var differing = 0
        for i in 0..<min(window.pixels.count, offscreen.pixels.count) where abs(Int(window.pixels[i]) - Int(offscreen.pixels[i])) > 1 {
            differing += 1
        }
        XCTAssertEqual(differing, 0, "window and offscreen frames differ in \(differing) channel values")
    }

    func testRunWithoutDisplayNamesTheWaysOut() throws {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["run", "--frames", "1"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertTrue(message.contains("xvfb-run"), message)
        XCTAssertTrue(message.contains("snapshot"), message)
    }
}
