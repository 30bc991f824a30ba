import AttitudeMath
import Imaging
import PictureTestSupport
import Pixels
import Render
import XCTest

/// The HUD: its text, its layout (scales with the window, never over the die at the identity view),
/// its translucent panel, and a golden.
final class HUDTests: XCTestCase {
    private let readout = HUDReadout(worldFromDevice: Quaternion(axis: [1, 0.4, 0.9], angle: 0.9), smoothedTilt: 12.345,
                                     frame: "xMagneticNorthZVertical", reference: Quaternion(axis: [0, 0, 1], angle: 0.5),
                                     source: "12.50/59.97 s playing walk.csv",
                                     fusion: "9D moving, field ok, bias 0.02\u{B0}/s", framesPerSecond: 59.94)

    func testLinesSayTheNumbers() {
        let q = Quaternion(axis: [0, 0, 1], angle: .pi / 2)
        let lines = HUDReadout(worldFromDevice: q, smoothedTilt: -0.01, frame: "xArbitraryZVertical",
                               source: "fixed attitude (--attitude)").lines
        XCTAssertEqual(lines, [
            "q      w +0.7071 x +0.0000 y +0.0000 z +0.7071",
            "euler  roll +0.0\u{B0} pitch +0.0\u{B0} yaw +90.0\u{B0}",
            "tilt   +0.0\u{B0}  smoothed +0.0\u{B0}",
            "frame  xArbitraryZVertical",
            "ref    absolute",
            "source fixed attitude (--attitude)",
            "fusion none",
            "fps    - (snapshot)",
        ])
        XCTAssertEqual(lines.count, HUDReadout.lineCount)
        let relative = readout.lines
        XCTAssertEqual(relative[4], "ref    relative to +0.969,+0.000,+0.000,+0.247")
        XCTAssertEqual(relative[6], "fusion 9D moving, field ok, bias 0.02\u{B0}/s")
        XCTAssertEqual(relative[7], "fps    59.9")
        let long = HUDReadout(worldFromDevice: nil, smoothedTilt: nil, frame: "f", source: String(repeating: "s", count: 80)).lines
        XCTAssertEqual(long[0], "q      no attitude yet")
        XCTAssertEqual(long[5].count, HUDLayout.maximumColumns)
        XCTAssertTrue(long[5].hasSuffix("..."))
    }

    func testTheFontIsRasterisedFromTheDebianFont() throws {
        let atlas = try FontAtlas(pixelSize: 20)
        let a = try XCTUnwrap(atlas.glyphs["A"])
        XCTAssertGreaterThan(a.width, 5)
        XCTAssertGreaterThan(a.height, 10)
        var covered = 0
        for row in a.y..<(a.y + a.height) { for column in a.x..<(a.x + a.width) where atlas.pixels[row * atlas.width + column] > 128 { covered += 1 } }
        XCTAssertGreaterThan(covered, 20, "the A has ink")
        XCTAssertNotNil(atlas.glyphs["\u{B0}"])
        // Monospace: every glyph advances the same.
        XCTAssertEqual(Set(FontAtlas.characters.compactMap { atlas.glyphs[$0]?.advance }).count, 1)
        XCTAssertThrowsError(try FontAtlas(fontPath: "/nonexistent/font.ttf", pixelSize: 12)) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/font.ttf"), "\(error)")
        }
    }

    /// With the box (`--model box`, 4x2x1), the panel ends above the box's identity view, which reaches far
    /// higher than the die's (the articles' box example had the panel over the box's top left corner).
    func testLayoutStaysAboveTheBox() throws {
        let n = HUDReadout.lineCount
        for (width, height) in [(960, 720), (640, 480), (1280, 720), (1920, 1080), (400, 400)] {
            let layout = HUDLayout(size: PictureSize(fixedWidth: width, height: height), lineCount: n, model: .box)
            XCTAssertGreaterThan(layout.pixelSize, 0, "\(width)x\(height)")
            let atlas = try FontAtlas(pixelSize: layout.pixelSize)
            let bottom = HUDLayout.panelBottom(pixelSize: layout.pixelSize, lineHeight: atlas.lineHeight, lineCount: n)
            XCTAssertLessThan(Double(bottom), HUDLayout.identityTop(height: height, model: .box), "\(width)x\(height)")
            XCTAssertLessThan(HUDLayout.identityTop(height: height, model: .box), HUDLayout.identityDieTop(height: height))
        }
        let smallest = HUDLayout.smallestSize(lineCount: n, model: .box)
        XCTAssertEqual(HUDLayout(size: smallest, lineCount: n, model: .box).pixelSize, HUDLayout.minimumPixelSize)
        XCTAssertEqual(HUDLayout(size: PictureSize(fixedWidth: smallest.width, height: smallest.height - 1), lineCount: n, model: .box).pixelSize, 0)
    }

    /// For windows from 160 to 2560 pixels a side, the panel ends above the die's identity view, and
    /// a bigger window gets bigger text.
    func testLayoutScalesAndStaysAboveTheDie() throws {
        var atlases: [Int: FontAtlas] = [:]
        for width in stride(from: 160, through: 2560, by: 160) {
            for height in stride(from: 160, through: 2560, by: 160) {
                let layout = HUDLayout(size: PictureSize(fixedWidth: width, height: height), lineCount: HUDReadout.lineCount)
                guard layout.pixelSize > 0 else { continue }
                if atlases[layout.pixelSize] == nil { atlases[layout.pixelSize] = try FontAtlas(pixelSize: layout.pixelSize) }
                let atlas = atlases[layout.pixelSize]!
                let bottom = HUDLayout.panelBottom(pixelSize: layout.pixelSize, lineHeight: atlas.lineHeight, lineCount: HUDReadout.lineCount)
                XCTAssertLessThan(Double(bottom), HUDLayout.identityDieTop(height: height), "\(width)x\(height)")
                let panelRight = HUDLayout.margin(pixelSize: layout.pixelSize) + 2 * HUDLayout.padding(pixelSize: layout.pixelSize)
                    + HUDLayout.maximumColumns * atlas.glyphs["M"]!.advance
                XCTAssertLessThanOrEqual(panelRight, width, "\(width)x\(height): a full line would leave the window")
            }
        }
        let n = HUDReadout.lineCount
        XCTAssertGreaterThan(HUDLayout(size: PictureSize(fixedWidth: 1280, height: 960), lineCount: n).pixelSize, HUDLayout(size: PictureSize(fixedWidth: 640, height: 480), lineCount: n).pixelSize)
        XCTAssertGreaterThanOrEqual(HUDLayout(size: PictureSize(fixedWidth: 640, height: 480), lineCount: n).pixelSize, 12)
        // No room above the die: no HUD rather than one over it. 239x221 is the smallest (README, snapshot's error).
        XCTAssertEqual(HUDLayout.smallestSize(lineCount: n), PictureSize(fixedWidth: 239, height: 221))
        XCTAssertEqual(HUDLayout(size: PictureSize(fixedWidth: 239, height: 221), lineCount: n).pixelSize, HUDLayout.minimumPixelSize)
        XCTAssertEqual(HUDLayout(size: PictureSize(fixedWidth: 238, height: 400), lineCount: n).pixelSize, 0)
        XCTAssertEqual(HUDLayout(size: PictureSize(fixedWidth: 400, height: 220), lineCount: n).pixelSize, 0)
        XCTAssertEqual(HUDLayout(size: PictureSize(fixedWidth: 300, height: 200), lineCount: n).pixelSize, 0)
        let tiny = try RenderHarness.render(.identity, width: 300, height: 200, hud: readout)
        XCTAssertEqual(tiny.pixels, try RenderHarness.render(.identity, width: 300, height: 200).pixels)
    }

    /// With the HUD, the pixels of the die (and 1.5 px around it) at the identity view are exactly
    /// those without it, at several window shapes; the HUD does change the top-left corner.
    func testTheHUDNeverCoversTheDieAtTheIdentityView() throws {
        for (width, height) in [(640, 480), (360, 640), (1280, 720), (420, 300)] {
            let plain = try RenderHarness.render(.identity, width: width, height: height)
            let withHUD = try RenderHarness.render(.identity, width: width, height: height, hud: readout)
            let hull = Silhouette.convexHull(Silhouette.projectedCorners(.identity, width: width, height: height))
            var dieChanged = 0, changed = 0
            for y in 0..<height {
                for x in 0..<width where plain.pixel(x: x, y: y) != withHUD.pixel(x: x, y: y) {
                    changed += 1
                    if Silhouette.insideDistance(SIMD2(Double(x) + 0.5, Double(y) + 0.5), hull) > -1.5 { dieChanged += 1 }
                }
            }
            XCTAssertEqual(dieChanged, 0, "\(width)x\(height)")
            XCTAssertGreaterThan(changed, width * height / 20, "\(width)x\(height): the HUD should show")
        }
    }

    /// Over a white picture the panel darkens to (1 − 0.62)·255 + 0.62·(its colour): text on it stays
    /// readable, and the picture still shows through.
    func testThePanelIsTranslucent() throws {
        let white = RGBImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64 * 3))
        let image = try RenderHarness.render(.identity, width: 640, height: 480, background: white, generation: 101, hud: readout)
        let size = HUDLayout(size: PictureSize(fixedWidth: 640, height: 480), lineCount: readout.lines.count).pixelSize
        // Just inside the panel's top-left corner, before any text.
        let corner = HUDLayout.margin(pixelSize: size) + 1
        let p = image.pixel(x: corner, y: corner)
        XCTAssertEqual(Double(p.r), 255 * 0.38 + 0.04 * 255 * 0.62, accuracy: 3)
        XCTAssertEqual(Double(p.b), 255 * 0.38 + 0.07 * 255 * 0.62, accuracy: 3)
        // White text over the dark panel.
        var textPixels = 0
        for y in corner..<(corner + 3 * size) { for x in corner..<(corner + 20 * size) where image.pixel(x: x, y: y).g > 230 { textPixels += 1 } }
        XCTAssertGreaterThan(textPixels, 50)
    }

    func testGolden() throws {
        try Golden.images.assertMatches(try RenderHarness.render(Quaternion(axis: [1, 0.4, 0.9], angle: 0.9), width: 640, height: 480, hud: readout),
                                 named: "hud-generic-a-640x480")
    }
}
