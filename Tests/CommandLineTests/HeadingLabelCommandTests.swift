import Foundation
import TestSupport
import XCTest

/// `snapshot --anchor` says when a log's heading is not referenced to north (HeadingLabelTests in
/// SteadyDiceKitTests checks the HUD's label itself).
final class HeadingLabelCommandTests: XCTestCase {
    /// `snapshot --anchor` over a log whose heading is arbitrary says the bearing counts from the start
    /// heading, not north; over a north log it says nothing of the kind.
    func testAnAnchorOnAnArbitraryHeadingIsLabelledRelative() throws {
        let folder = try TemporaryFolder.make("heading-labels")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, frame) in [("six-d.csv", "xArbitraryZVertical"), ("nine-d.csv", "xMagneticNorthZVertical")] {
            let log = folder.appendingPathComponent(name).path
            try "# frame: \(frame)\nt,qw,qx,qy,qz\n0,1,0,0,0\n1,1,0,0,0\n".write(toFile: log, atomically: true, encoding: .utf8)
            let result = try CommandHarness.run(["snapshot", "--log", log, "--at", "0.5", "--anchor", "30,0", "--size", "32x24",
                                                 "--background", "none", "--output", folder.appendingPathComponent(name + ".png").path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let said = result.stderr.contains("\(log): heading arbitrary (xArbitraryZVertical): --anchor's bearing 30° counts from "
                                              + "the log's X, the device's heading at its start, not from north")
            XCTAssertEqual(said, frame == "xArbitraryZVertical", result.stderr)
        }
    }
}
