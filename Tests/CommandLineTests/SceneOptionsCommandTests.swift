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

/// `snapshot --relative-to`, `--model` and `--hud` end to end.
final class SceneOptionsCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-scene" }

    private func snapshot(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> RGBImage {
        let output = folder.appendingPathComponent("\(UUID().uuidString).png").path
        let result = try CommandHarness.run(["snapshot", "--size", "320x240", "--background", "none", "--output", output] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try RGBImage.read(path: output)
    }

    private func text(_ q: Quaternion) -> String { "\(q.w),\(q.x),\(q.y),\(q.z)" }

    /// conj(r)·q, the Hamilton product written out here.
    private func relative(_ q: Quaternion, to r: Quaternion) -> Quaternion {
        let (aw, ax, ay, az) = (r.w, -r.x, -r.y, -r.z)
        return Quaternion(w: aw * q.w - ax * q.x - ay * q.y - az * q.z, x: aw * q.x + ax * q.w + ay * q.z - az * q.y,
                          y: aw * q.y - ax * q.z + ay * q.w + az * q.x, z: aw * q.z + ax * q.y - ay * q.x + az * q.w)
    }

    func testRelativeToDrawsConjRTimesQ() throws {
        let q = Quaternion(axis: [1, 0.4, 0.9], angle: 0.9), r = Quaternion(axis: [-0.2, 1, 0.3], angle: 1.1)
        let viaOption = try snapshot(["--attitude", text(q), "--relative-to", text(r)])
        let viaProduct = try snapshot(["--attitude", text(relative(q, to: r))])
        XCTAssertEqual(CommandHarness.differingChannels(viaOption.pixels, viaProduct.pixels), 0)
        XCTAssertGreaterThan(CommandHarness.differingChannels(viaOption.pixels, try snapshot(["--attitude", text(q)]).pixels), 1000,
                             "the reference pose must change the picture")
        // The reference pose itself is the identity view, also from a log and with a negative w.
        let log = folder.appendingPathComponent("still.csv").path
        try AttitudeLog.write(samples: [AttitudeSample(t: 0, worldFromDevice: r), AttitudeSample(t: 1, worldFromDevice: r)], frame: nil, to: log)
        let reference = try snapshot(["--log", log, "--at", "0.5", "--relative-to", text(-r)])
        XCTAssertEqual(CommandHarness.differingChannels(reference.pixels, try RenderHarness.render(.identity, width: 320, height: 240).pixels), 0)
        let bad = try CommandHarness.run(["snapshot", "--attitude", "1,0,0,0", "--relative-to", "1,0,0", "--size", "64x48",
                                          "--output", folder.appendingPathComponent("x.png").path])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--relative-to"), bad.stderr)
    }

    func testModelBoxAndHUDMatchTheLibraryRender() throws {
        let q = Quaternion(axis: [0.3, -1, 0.5], angle: 0.7)
        let box = try snapshot(["--attitude", text(q), "--model", "box"])
        let expected = try RenderHarness.render(q, width: 320, height: 240, model: .box)
        XCTAssertEqual(CommandHarness.differingChannels(box.pixels, expected.pixels), 0)
        let hud = try snapshot(["--attitude", text(q), "--hud"])
        let readout = HUDReadout(worldFromDevice: q, smoothedTilt: AttitudeViews(worldFromDevice: q).tilt, frame: "as given by --attitude",
                                 source: "fixed attitude (--attitude)")
        XCTAssertEqual(CommandHarness.differingChannels(hud.pixels, try RenderHarness.render(q, width: 320, height: 240, hud: readout).pixels), 0)
        let unknown = try CommandHarness.run(["snapshot", "--attitude", "1,0,0,0", "--model", "ball", "--size", "64x48",
                                              "--output", folder.appendingPathComponent("x.png").path])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("--model"), unknown.stderr)
    }

    /// The box example of the guides (`--model box --hud`, tilted 45°) and the box at the identity: the HUD's
    /// panel covers none of the box. Every pixel the HUD changes is background in the picture without it.
    func testTheHUDCoversNoneOfTheBox() throws {
        for attitude in ["0.924,0.383,0,0", "1,0,0,0"] {
            var pictures: [RGBImage] = []
            for hud in [[], ["--hud"]] {
                let output = folder.appendingPathComponent("box-\(pictures.count).png").path
                let result = try CommandHarness.run(["snapshot", "--attitude", attitude, "--model", "box", "--size", "960x720",
                                                     "--output", output] + hud)
                XCTAssertEqual(result.status, 0, result.stderr)
                pictures.append(try RGBImage.read(path: output))
            }
            let (plain, withHUD) = (pictures[0], pictures[1])
            let background = plain.pixel(x: 2, y: 2)
            var changed = 0, boxCovered = 0
            for y in 0..<plain.height {
                for x in 0..<plain.width where plain.pixel(x: x, y: y) != withHUD.pixel(x: x, y: y) {
                    changed += 1
                    if plain.pixel(x: x, y: y) != background { boxCovered += 1 }
                }
            }
            XCTAssertGreaterThan(changed, 1000, "the HUD is drawn")
            XCTAssertEqual(boxCovered, 0, "the HUD covers \(boxCovered) pixels of the box at \(attitude)")
        }
        let small = try CommandHarness.run(["snapshot", "--attitude", "1,0,0,0", "--model", "box", "--hud", "--size", "320x240",
                                            "--output", folder.appendingPathComponent("small.png").path])
        XCTAssertEqual(small.status, 64, small.stderr)
        XCTAssertTrue(small.stderr.contains("leaves no room for the HUD above the box; give a --size of at least 239x"), small.stderr)
    }
}
