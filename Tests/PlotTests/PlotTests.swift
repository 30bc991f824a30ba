import AttitudeLog
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Plot
import TestSupport
import XCTest

/// Plots drawn by Cairo: a reviewed golden, an independent check that a known line lands on the pixels the
/// axes say, the error angles on known turns (PlotCommandTests in CommandLineTests: `attitude plot` end to end).
final class PlotTests: TemporaryFolderTestCase {
    /// Cairo's pictures in `Goldens/`, compared as the renderer's are: no pixel over the channel tolerance.
    private static let goldens = GoldenImages(folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens"))

    override var folderPrefix: String { "steady-dice-plot" }

    /// Two panels, two lines each, a gap (NaN) in one: the picture must match the reviewed golden.
    func testGoldenTwoPanelFigure() throws {
        let x = (0...200).map { Double($0) * 0.05 }
        let figure = Figure(title: "golden: two panels", xLabel: "time (s)", panels: [
            Panel(yLabel: "tilt error (°)", series: [
                Series(name: "sine", x: x, y: x.map { 3 + 2 * sin($0) }),
                Series(name: "ramp with a gap", x: x, y: x.enumerated().map { $0.offset >= 90 && $0.offset < 110 ? .nan : $0.element * 0.5 }),
            ]),
            Panel(yLabel: "heading error (°)", series: [
                Series(name: "sine", x: x, y: x.map { 40 * cos($0 / 2) }),
                Series(name: "ramp with a gap", x: x, y: x.map { -20 + 4 * $0 }),
            ]),
        ])
        let png = try CairoPlot.render(figure, size: PictureSize(fixedWidth: 640, height: 420), format: .png)
        try Self.goldens.assertMatches(png: png, named: "two-panels")
    }

    /// A line y = 10·x on axes 0-10 by 0-100, and a flat line at y = 25: the frame is found in the picture
    /// (the rows and columns that are mostly black), the data mapped by this test's own arithmetic, and the
    /// line's colour must be at those pixels and absent 6 pixels above and below.
    func testAKnownLineLandsOnThePixelsTheAxesSay() throws {
        let x = (0...100).map { Double($0) / 10 }
        let figure = Figure(title: "", xLabel: "x", panels: [
            Panel(yLabel: "y", series: [Series(name: "ten x", x: x, y: x.map { 10 * $0 }),
                                        Series(name: "flat", x: [0, 10], y: [25, 25])], yRange: 0...100),
        ], xRange: 0...10)
        let path = folder.appendingPathComponent("known.png").path
        try CairoPlot.render(figure, size: PictureSize(fixedWidth: 400, height: 300), format: .png).write(to: URL(fileURLWithPath: path))
        let image = try RGBImage.read(path: path)
        let black = { (i: Int, j: Int) -> Bool in
            let k = 3 * (j * image.width + i)
            return image.pixels[k] < 40 && image.pixels[k + 1] < 40 && image.pixels[k + 2] < 40
        }
        let rows = (0..<image.height).filter { j in (0..<image.width).filter { black($0, j) }.count > image.width / 2 }
        let columns = (0..<image.width).filter { i in (0..<image.height).filter { black(i, $0) }.count > image.height / 2 }
        let top = try XCTUnwrap(rows.first), bottom = try XCTUnwrap(rows.last)
        let left = try XCTUnwrap(columns.first), right = try XCTUnwrap(columns.last)
        XCTAssertGreaterThan(bottom - top, 100)
        XCTAssertGreaterThan(right - left, 200)
        // Inside the frame: from the pixel after the left line to the pixel before the right one.
        let areaX = Double(left + 1), areaY = Double(top + 1)
        let areaWidth = Double(right - left - 1), areaHeight = Double(bottom - top - 1)
        let colour = { (i: Int, j: Int) -> (Int, Int, Int) in
            let k = 3 * (j * image.width + i)
            return (Int(image.pixels[k]), Int(image.pixels[k + 1]), Int(image.pixels[k + 2]))
        }
        func distance(_ c: (Int, Int, Int), _ s: (r: UInt8, g: UInt8, b: UInt8)) -> Int {
            abs(c.0 - Int(s.r)) + abs(c.1 - Int(s.g)) + abs(c.2 - Int(s.b))
        }
        func pixel(_ x: Double, _ y: Double) -> (Int, Int) {
            (Int((areaX + x / 10 * areaWidth).rounded(.down)), Int((areaY + areaHeight - y / 100 * areaHeight).rounded(.down)))
        }
        /// In column i, the row whose colour is nearest the series' (antialiasing spreads a line over two or three).
        func strongestRow(column i: Int, series: Int) -> Int {
            (top + 1..<bottom).min { distance(colour(i, $0), seriesColours[series]) < distance(colour(i, $1), seriesColours[series]) }!
        }
        // Up to x = 7.5: beyond, the legend's box sits over the line's top right. Steep, so checked by column.
        for xValue in stride(from: 1.0, through: 7.5, by: 0.5) where xValue != 2.5 {  // at 2.5 the flat line, drawn later, crosses it
            let (i, j) = pixel(xValue, 10 * xValue)
            let found = strongestRow(column: i, series: 0)
            XCTAssertLessThanOrEqual(abs(found - j), 1, "ten x at x = \(xValue): the line is at row \(found) of column \(i), expected \(j)")
            XCTAssertLessThan(distance(colour(i, found), seriesColours[0]), 60, "ten x is drawn in its colour")
        }
        for xValue in stride(from: 0.5, through: 9.5, by: 1.0) {
            let (i, j) = pixel(xValue, 25)
            XCTAssertEqual(strongestRow(column: i, series: 1), j, "flat at x = \(xValue), column \(i)")
            XCTAssertLessThan(distance(colour(i, j), seriesColours[1]), 60, "flat is drawn in its colour at (\(i), \(j)): \(colour(i, j))")
            XCTAssertGreaterThan(distance(colour(i, j - 3), seriesColours[1]), 200, "flat is one line thick, not at row \(j - 3)")
            XCTAssertGreaterThan(distance(colour(i, j + 3), seriesColours[1]), 200, "flat is one line thick, not at row \(j + 3)")
        }
    }

    func testSVGIsVectorWithTheSameText() throws {
        let figure = Figure(title: "svg", xLabel: "time (s)", panels: [Panel(yLabel: "roll (°)", series: [Series(name: "a", x: [0, 1], y: [0, 1])])])
        let svg = String(decoding: try CairoPlot.render(figure, size: PictureSize(fixedWidth: 300, height: 200), format: .svg), as: UTF8.self)
        XCTAssertTrue(svg.hasPrefix("<?xml"), String(svg.prefix(80)))
        XCTAssertTrue(svg.contains("<svg"))
        XCTAssertTrue(svg.contains("width=\"300pt\"") || svg.contains("width=\"300\""), String(svg.prefix(300)))
    }

    func testABadSizeIsRefused() {
        let figure = Figure(title: "", xLabel: "", panels: [])
        XCTAssertThrowsError(try CairoPlot.render(figure, size: PictureSize(fixedWidth: 10, height: 10), format: .png)) { error in
            XCTAssertTrue("\(error)".contains("10x10: width 200 to 8192, height 150 to 8192"), "\(error)")
        }
        // The one rule, at its edges: the smallest and largest sizes drawn, one pixel past either side refused.
        XCTAssertNil(CairoPlot.sizeProblem(PictureSize(fixedWidth: 200, height: 150)))
        XCTAssertNil(CairoPlot.sizeProblem(PictureSize(fixedWidth: 8192, height: 8192)))
        XCTAssertNotNil(CairoPlot.sizeProblem(PictureSize(fixedWidth: 199, height: 600)))
        XCTAssertNotNil(CairoPlot.sizeProblem(PictureSize(fixedWidth: 900, height: 149)))
        XCTAssertNotNil(CairoPlot.sizeProblem(PictureSize(fixedWidth: 8193, height: 600)))
        XCTAssertNil(CairoPlot.sizeProblem(CairoPlot.defaultSize))
    }

    /// A track 100 m north and 50 m east of its start: metres from the first point, and one scale on both axes.
    func testTrackIsInMetresToScale() throws {
        // Degrees from metres by WGS 84's radii of curvature at 46.5°, written out here from the ellipsoid's definition
        // (a = 6 378 137 m, 1/f = 298.257223563), not through Location's projection the plot uses.
        let a = 6_378_137.0, f = 1 / 298.257223563, e2 = f * (2 - f)
        let phi = 46.5 * Double.pi / 180, w = 1 - e2 * sin(phi) * sin(phi)
        let metresPerDegreeNorth = a * (1 - e2) / pow(w, 1.5) * Double.pi / 180
        let metresPerDegreeEast = a / w.squareRoot() * cos(phi) * Double.pi / 180
        let track = TrackPlots.Track(name: "walk", latitude: [46.5, 46.5 + 100 / metresPerDegreeNorth],
                                     longitude: [7.25, 7.25 + 50 / metresPerDegreeEast])
        let figure = TrackPlots.figure([track], title: "track", size: PictureSize(fixedWidth: 800, height: 500))
        let series = figure.panels[0].series[0]
        XCTAssertEqual(series.points[0].x, 0, accuracy: 1e-9)
        XCTAssertEqual(series.points[0].y, 0, accuracy: 1e-9)
        XCTAssertEqual(series.points[1].x, 50, accuracy: 1e-6)
        XCTAssertEqual(series.points[1].y, 100, accuracy: 1e-6)
        let layout = Layout(figure: figure, size: PictureSize(fixedWidth: 800, height: 500))
        let area = layout.plotAreas[0]
        let xScale = (layout.xRange.upperBound - layout.xRange.lowerBound) / area.width
        let yScale = (layout.yRanges[0].upperBound - layout.yRanges[0].lowerBound) / area.height
        XCTAssertEqual(xScale, yScale, accuracy: 1e-9, "a metre is as long east as north")
        XCTAssertTrue(layout.xRange.contains(0) && layout.xRange.contains(50) && layout.yRanges[0].contains(100))
        // The end lands 50 m east and 100 m north of the start in pixels too, at that one scale.
        let start = layout.pixel(x: 0, y: 0, panel: 0), end = layout.pixel(x: 50, y: 100, panel: 0)
        XCTAssertEqual((end.x - start.x) * xScale, 50, accuracy: 1e-6)
        XCTAssertEqual((start.y - end.y) * yScale, 100, accuracy: 1e-6)
    }

    /// A track that crosses the antimeridian eastwards (179.9995° E to 179.9995° W, 0.001° of longitude on the
    /// equator, about 111 m) plots as one short step east, not as a step of nearly the Earth's circumference west.
    func testATrackAcrossTheAntimeridianIsAShortStepEast() throws {
        let track = TrackPlots.Track(name: "dateline", latitude: [0, 0, 0], longitude: [179.9995, -179.9995, -179.9985])
        let figure = TrackPlots.figure([track], title: "dateline", size: PictureSize(fixedWidth: 800, height: 500))
        let xs = figure.panels[0].series[0].points.map(\.x)
        // 0.001° of the equator is 2π·6 378 137 m / 360 000 = 111.32 m.
        XCTAssertEqual(xs[1], 111.32, accuracy: 0.01, "the crossing is a step east of 111 m")
        XCTAssertEqual(xs[2], 222.64, accuracy: 0.02, "and the next fix one more step east")
        let xRange = try XCTUnwrap(figure.xRange)
        XCTAssertLessThan(xRange.upperBound - xRange.lowerBound, 1000, "the axes span the track, not the globe: \(xRange)")
    }
}
