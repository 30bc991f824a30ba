import Foundation
import SteadyDiceAssets
import TestSupport
import XCTest

/// Examples found by name: a name gives the bundled file, a path is a path, and a file at the path wins.
final class ExamplesTests: XCTestCase {
    func testNamesGiveTheBundledFilesAndPathsWin() throws {
        for (name, file) in Examples.files {
            let path = Examples.path(for: name, environment: [:])
            XCTAssertTrue(path.hasSuffix("_SteadyDiceAssets.resources/" + file), path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        }
        XCTAssertEqual(Examples.path(for: "no-such-example", environment: [:]), "no-such-example", "not a name: left for the reader to refuse")
        XCTAssertEqual(Examples.path(for: "models/compass-sky.png", environment: [:]), "models/compass-sky.png", "a path is never a name")
        let folder = try TemporaryFolder.make("steady-dice-examples")
        defer { try? FileManager.default.removeItem(at: folder) }
        let local = folder.appendingPathComponent("demo-attitude").path
        try Data("t,qw,qx,qy,qz\n0,1,0,0,0\n".utf8).write(to: URL(fileURLWithPath: local))
        XCTAssertEqual(Examples.path(for: local, environment: [:]), local, "a file at that path wins over the example")
        XCTAssertEqual(Examples.path(for: "compass-sky", environment: ["STEADY_DICE_ASSETS": folder.path]),
                       folder.appendingPathComponent("models/compass-sky.png").path, "STEADY_DICE_ASSETS overrides where names are looked up")
    }
}
