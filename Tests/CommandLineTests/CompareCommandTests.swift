import CommandTestSupport
import Foundation
import Pixels
import SteadyDiceKit
import TestSupport
import XCTest

/// `steady-dice compare` on pictures made here: exit 0 when they match, 1 when they differ, the error's
/// status (docs/commands.md's table: 66 missing, 65 not a picture) when it cannot compare; the line it
/// prints, and the diff picture.
final class CompareCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-compare" }

    /// A gradient (up to 25x21), so no two pixels are alike.
    private func picture(width: Int = 20, height: Int = 10) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += [UInt8(x * 10), UInt8(y * 12), 100] } }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private func changed(_ image: RGBImage, _ changes: [(x: Int, y: Int, channel: Int, by: Int)]) -> RGBImage {
        var pixels = image.pixels
        for c in changes { pixels[(c.y * image.width + c.x) * 3 + c.channel] = UInt8(Int(pixels[(c.y * image.width + c.x) * 3 + c.channel]) + c.by) }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// Runs `steady-dice compare ARGUMENTS`: exit status, standard output, standard error.
    private func compare(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let result = try BuiltTool.run("steady-dice", ["compare"] + arguments)
        return (result.status, result.stdout, result.stderr)
    }

    private func write(_ image: RGBImage, _ name: String) throws -> String {
        try image.write(path: path(name))
        return path(name)
    }

    func testIdenticalPicturesMatch() throws {
        let a = try write(picture(), "a.png"), b = try write(picture(), "b.png")
        let result = try compare([a, b])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "\(a) and \(b) match: 0 of 200 pixels (0%) differ by more than 2 in a channel (allowed: 0%); "
                       + "largest difference 0\n")
    }

    func testOnePixelOverTheToleranceDiffers() throws {
        let a = try write(picture(), "a.png")
        let atTolerance = try write(changed(picture(), [(3, 4, 0, 2), (9, 1, 2, -2)]), "at.png")
        XCTAssertEqual(try compare([a, atTolerance]).status, 0, "a difference of 2 is within the default tolerance")
        let over = try write(changed(picture(), [(5, 7, 1, 3), (3, 4, 0, 2)]), "over.png")
        let result = try compare([a, over])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "\(a) and \(over) differ: 1 of 200 pixels (0.5%) differ by more than 2 in a channel "
                       + "(allowed: 0%); largest difference 3 at x 5, y 7\n")
        XCTAssertEqual(try compare([a, over, "--tolerance", "3"]).status, 0)
    }

    func testAFractionOfPixelsMayDiffer() throws {
        let a = try write(picture(), "a.png")
        let tenChanged = try write(changed(picture(), (0..<10).map { ($0, 2, 2, 50) }), "ten.png")
        let allowed = try compare([a, tenChanged, "--max-fraction", "0.05"])
        XCTAssertEqual(allowed.status, 0, allowed.out)
        XCTAssertTrue(allowed.out.contains("match: 10 of 200 pixels (5%)"), allowed.out)
        XCTAssertTrue(allowed.out.contains("largest difference 50 at x 0, y 2"), allowed.out)
        XCTAssertEqual(try compare([a, tenChanged, "--max-fraction", "0.049"]).status, 1)
    }

    func testDifferentSizesDifferAndSayBothSizes() throws {
        let a = try write(picture(), "a.png"), b = try write(picture(width: 10, height: 20), "b.png")
        let result = try compare([a, b, "--diff", path("diff.png")])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "\(a) and \(b) differ in size: \(a) is 20x10, \(b) is 10x20\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("diff.png")))
    }

    func testAMissingFileOrANonPictureCannotBeCompared() throws {
        let a = try write(picture(), "a.png")
        let missing = try compare([a, path("absent.png")])
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.err, "steady-dice: cannot compare: \(path("absent.png")): cannot read image: missing\n")
        try "not a picture\n".write(toFile: path("text.png"), atomically: true, encoding: .utf8)
        let text = try compare([path("text.png"), a])
        XCTAssertEqual(text.status, 65)
        XCTAssertTrue(text.err.hasPrefix("steady-dice: cannot compare: \(path("text.png")): cannot read image"), text.err)
        XCTAssertEqual(text.out, "")
    }

    func testBadOptionsAreUsageErrors() throws {
        let a = try write(picture(), "a.png")
        let result = try compare([a, a, "--tolerance", "256"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.err.contains("--tolerance must be from 0 to 255"), result.err)
        XCTAssertEqual(try compare([a, a, "--max-fraction", "1.5"]).status, 64)
    }

    /// The diff picture: the expected picture dimmed, the pixels over the tolerance magenta, and no others.
    func testDiffPictureMarksExactlyTheChangedPixels() throws {
        let expected = picture()
        let changes = [(x: 1, y: 1, channel: 0, by: 30), (x: 19, y: 9, channel: 2, by: -3), (x: 7, y: 0, channel: 1, by: 2)]
        let a = try write(expected, "a.png"), b = try write(changed(expected, changes), "b.png")
        XCTAssertEqual(try compare([a, b, "--diff", path("diff.png")]).status, 1)
        let diff = try RGBImage.read(path: path("diff.png"))
        XCTAssertEqual(diff.width, 20)
        XCTAssertEqual(diff.height, 10)
        for y in 0..<10 {
            for x in 0..<20 {
                let p = diff.pixel(x: x, y: y), e = expected.pixel(x: x, y: y)
                if (x, y) == (1, 1) || (x, y) == (19, 9) {
                    XCTAssertTrue(p == (255, 0, 255), "(\(x), \(y)) is over the tolerance: magenta, not \(p)")
                } else {
                    XCTAssertTrue(p == (e.r / 3, e.g / 3, e.b / 3), "(\(x), \(y)) is the expected pixel dimmed, not \(p)")
                }
            }
        }
    }
}
