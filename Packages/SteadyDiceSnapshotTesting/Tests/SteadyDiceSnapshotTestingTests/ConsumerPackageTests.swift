import Foundation
import SteadyDiceKit
import XCTest

/// This package depends on steady-dice by path, as a user's package would: its `Snapshotter` draws
/// exactly the PNG that the `steady-dice snapshot` binary writes.
final class ConsumerPackageTests: XCTestCase {
    /// `$STEADY_DICE_BINARY` (scripts/test sets it), else the checkout's debug build.
    private func binary() throws -> String {
        let candidates = [ProcessInfo.processInfo.environment["STEADY_DICE_BINARY"],
                          URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/steady-dice").path]
            .compactMap { $0 }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            XCTFail("no steady-dice binary at \(candidates.joined(separator: " or ")): run `swift build` in the checkout first")
            throw CocoaError(.fileNoSuchFile)
        }
        return found
    }

    func testSnapshotterDrawsTheSnapshotCommandsPNG() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("steady-dice-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshotter = try Snapshotter(size: PictureSize(fixedWidth: 320, height: 240))
        for (k, q) in [(0.8, 0.3, 0.4, 0.33), (1.0, 0.0, 0.0, 0.0), (0.1, -0.7, 0.6, 0.3)].enumerated() {
            let output = folder.appendingPathComponent("\(k).png").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try binary())
            process.arguments = ["snapshot", "--background", "none", "--size", "320x240", "--attitude", "\(q.0),\(q.1),\(q.2),\(q.3)",
                                 "--output", output]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // A hung snapshot must not stall the run: kill it by 120 s, and fail.
            let deadline = Date(timeIntervalSinceNow: 120)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                XCTFail("steady-dice snapshot of attitude \(q) did not finish within 120 s; killed it")
            }
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertEqual(try snapshotter.pngData(worldFromDevice: Quaternion(w: q.0, x: q.1, y: q.2, z: q.3)),
                           try Data(contentsOf: URL(fileURLWithPath: output)), "attitude \(q)")
        }
    }
}
