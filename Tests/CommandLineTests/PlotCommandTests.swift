import AttitudeMath
import CommandTestSupport
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// `attitude plot`, `compare` and `eval --plot` end to end (PlotTests in PlotTests draws the plots in the library).
final class PlotCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-plot" }

    /// `attitude plot` on the demo log: Euler angles, then the log against itself (errors 0), and refusals.
    func testPlotCommand() throws {
        let demo = Fixtures.checkout.appendingPathComponent("models/demo-attitude.csv").path
        let euler = folder.appendingPathComponent("euler.png").path
        let a = try BuiltTool.run("attitude", ["plot", demo, "--output", euler, "--size", "600x400"])
        XCTAssertEqual(a.status, 0, a.stderr)
        let image = try RGBImage.read(path: euler)
        XCTAssertEqual(image.width, 600)
        XCTAssertEqual(image.height, 400)
        let errors = folder.appendingPathComponent("errors.svg").path
        let b = try BuiltTool.run("attitude", ["plot", demo, "--reference", demo, "--output", errors])
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertTrue(b.stdout.contains("tilt error median 0.00°"), b.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: errors))
        let c = try BuiltTool.run("attitude", ["plot", demo, "--output", folder.appendingPathComponent("x.jpg").path])
        XCTAssertNotEqual(c.status, 0)
        XCTAssertTrue(c.stderr.contains("must end in .png or .svg"), c.stderr)
        let d = try BuiltTool.run("attitude", ["plot", folder.appendingPathComponent("absent.csv").path, "--output", euler + ".png"])
        XCTAssertNotEqual(d.status, 0)
        XCTAssertTrue(d.stderr.contains("absent.csv"), d.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: euler + ".png"), "nothing written on failure")
    }

    /// `attitude compare`: a log turned 10° towards east about the vertical and tilted 4° about north, against
    /// its reference: medians 4° and 10°; with an arbitrary heading the heading is not compared, and says so.
    func testCompareCommand() throws {
        let reference = folder.appendingPathComponent("reference.csv").path, turned = folder.appendingPathComponent("turned.csv").path
        let arbitrary = folder.appendingPathComponent("arbitrary.csv").path
        let half = { (degrees: Double) in degrees * Double.pi / 360 }
        // East is -Z's turn in W (Z up, X north, Y west): a turn of -10° about Z, then 4° about X (north).
        let error = Quaternion(w: cos(half(-10)), x: 0, y: 0, z: sin(half(-10))) * Quaternion(w: cos(half(4)), x: sin(half(4)), y: 0, z: 0)
        var a = "# frame: xMagneticNorthZVertical\nt,qw,qx,qy,qz\n", b = a, c = "# frame: xArbitraryZVertical\nt,qw,qx,qy,qz\n"
        for k in 0..<200 {
            let t = Double(k) * 0.01
            let q = Quaternion(w: cos(half(30 * t)), x: 0, y: sin(half(30 * t)), z: 0)
            let e = (error * q).normalized()!
            a += String(format: "%.2f,%.9f,%.9f,%.9f,%.9f\n", t, q.w, q.x, q.y, q.z)
            b += String(format: "%.2f,%.9f,%.9f,%.9f,%.9f\n", t, e.w, e.x, e.y, e.z)
            c += String(format: "%.2f,%.9f,%.9f,%.9f,%.9f\n", t, e.w, e.x, e.y, e.z)
        }
        try a.write(toFile: reference, atomically: true, encoding: .utf8)
        try b.write(toFile: turned, atomically: true, encoding: .utf8)
        try c.write(toFile: arbitrary, atomically: true, encoding: .utf8)
        let plot = folder.appendingPathComponent("compare.png").path
        let north = try BuiltTool.run("attitude", ["compare", turned, reference, "--plot", plot])
        XCTAssertEqual(north.status, 0, north.stderr)
        XCTAssertTrue(north.stdout.contains("turned.csv: 200 pairs; tilt error median 4.00°"), north.stdout)
        XCTAssertTrue(north.stdout.contains("heading error median 10.00°"), north.stdout)
        XCTAssertEqual(try RGBImage.read(path: plot).width, 900)
        let noNorth = try BuiltTool.run("attitude", ["compare", arbitrary, reference])
        XCTAssertEqual(noNorth.status, 0, noNorth.stderr)
        XCTAssertTrue(noNorth.stdout.contains("tilt error median 4.00°"), noNorth.stdout)
        XCTAssertFalse(noNorth.stdout.contains("heading"), noNorth.stdout)
        XCTAssertTrue(noNorth.stderr.contains("heading error not compared: a log's heading is arbitrary"), noNorth.stderr)
        // Two logs that never meet on their clock.
        let late = folder.appendingPathComponent("late.csv").path
        try ("# start: 1000 s on the recording's own clock is t = 0 here\n" + b).write(toFile: late, atomically: true, encoding: .utf8)
        let apart = try BuiltTool.run("attitude", ["compare", late, reference])
        XCTAssertNotEqual(apart.status, 0)
        XCTAssertTrue(apart.stderr.contains("nothing to compare"), apart.stderr)
    }

    /// `attitude eval --plot`: the BROAD excerpt's tilt error over time, written next to the usual table.
    func testEvalWritesAPlot() throws {
        let plot = folder.appendingPathComponent("eval.svg").path
        let result = try BuiltTool.run("attitude", ["eval", Fixtures.broadTrial02Excerpt, "--mode", "6d", "--plot", plot], timeout: 300)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("broad_02_excerpt"), result.stdout)
        let svg = try String(contentsOfFile: plot, encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"), String(svg.prefix(200)))
        let bad = try BuiltTool.run("attitude", ["eval", Fixtures.broadTrial02Excerpt, "--mode", "6d", "--plot", folder.appendingPathComponent("eval.gif").path])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--plot") && bad.stderr.contains("must end in .png or .svg"), bad.stderr)
    }
}
