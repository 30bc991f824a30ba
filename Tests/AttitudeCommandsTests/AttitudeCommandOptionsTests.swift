@testable import AttitudeCommands
import AttitudeMath
import CommandLineSupport
import Pixels
import Plot
import CommandTestSupport
import XCTest

/// The options of `attitude`'s other commands in-process: what `convert`, `eval`, `bench`, `views`, `plot`, `compare`,
/// `declination` and `location` take and what they refuse before any work.
final class AttitudeCommandOptionsTests: XCTestCase {
    func testConvertTakesAFrameAndADeclination() throws {
        let convert = try Convert.parse(["Orientation.csv", "-o", "-", "--frame", "xTrueNorthZVertical", "--declination", "-4"])
        XCTAssertEqual(convert.frame, .reference(.xTrueNorthZVertical))
        XCTAssertEqual(convert.north.declination, -4)
        XCTAssertNil(try Convert.parse(["Orientation.csv", "-o", "-"]).frame, "the input's own frame")
        assertRefused(Convert.self, ["Orientation.csv", "-o", "-", "--frame", "up"], saying: "--frame", "up")
        assertRefused(Convert.self, ["Orientation.csv", "-o", "-", "--declination", "nan"], saying: "--declination must be between -180 and 180")
    }

    func testEvalChecksItsPlotAndTheMagnetometerAgainstTheMode() throws {
        let logs = ["a.csv", "b.csv"]
        let eval = try Eval.parse(logs + ["--plot", "errors.svg", "--plot-size", "1200x800", "--mode", "6d"])
        XCTAssertEqual(eval.mode, .sixD)
        XCTAssertEqual(eval.plot.size.width, 1200)
        XCTAssertEqual(eval.plot.size.height, 800)
        assertRefused(Eval.self, logs + ["--plot", "errors.pdf"], saying: "--plot", "errors.pdf", "must end in .png or .svg")
        let many = (0...seriesColours.count).map { "trial\($0).csv" }
        assertRefused(Eval.self, many + ["--plot", "errors.png"],
                      saying: "draws at most \(seriesColours.count) trials (got \(seriesColours.count + 1))")
        XCTAssertNil(refusal(Eval.self, many), "no plot: any number of trials")
        assertRefused(Eval.self, logs + ["--plot", "errors.png", "--plot-size", "100x600"], saying: "--plot-size 100x600: width 200 to 8192")
        assertRefused(Eval.self, logs + ["--mode", "6d", "--mag-calibrate"], saying: "which --mode 6d does not use")
    }

    func testBenchKeepsItsCountsInRange() throws {
        let bench = try Bench.parse([])
        XCTAssertEqual(bench.mode, .nineD)
        XCTAssertEqual(bench.runs, 7)
        assertRefused(Bench.self, ["--runs", "0"], saying: "--runs must be from 1 to 1000")
        assertRefused(Bench.self, ["--runs", "1001"], saying: "--runs must be from 1 to 1000")
        assertRefused(Bench.self, ["--samples", "0"], saying: "--samples must be from 1 to 100000000")
    }

    /// The tilt filter's variances keep its sums finite; the reference pose is a quaternion.
    func testViewsKeepsTheFiltersVariancesFinite() throws {
        let views = try Views.parse(["log.csv", "-o", "-", "--kalman-q", "0", "--relative-to", "0,0,0,2"])
        XCTAssertEqual(views.kalmanQ, 0)
        XCTAssertEqual(views.relativeTo, Quaternion(w: 0, x: 0, y: 0, z: 1), "normalised on input")
        assertRefused(Views.self, ["log.csv", "-o", "-", "--kalman-q", "-1"], saying: "--kalman-q must be a number from 0 to 1000000")
        assertRefused(Views.self, ["log.csv", "-o", "-", "--kalman-r", "0"], saying: "--kalman-r must be a number > 0")
        assertRefused(Views.self, ["log.csv", "-o", "-", "--kalman-p", "inf"], saying: "--kalman-p must be a number from 0")
    }

    func testPlotAndCompareDrawIntoAPictureOfASize() {
        XCTAssertNil(refusal(PlotCommand.self, ["a.csv", "-o", "plot.png"]))
        assertRefused(PlotCommand.self, ["-o", "plot.png"], saying: "Missing expected argument '<logs> ...'")
        let many = (0...seriesColours.count).map { "log\($0).csv" }
        assertRefused(PlotCommand.self, many + ["-o", "plot.png"], saying: "at most \(seriesColours.count) logs in one plot")
        assertRefused(PlotCommand.self, ["a.csv", "-o", "plot.jpg"], saying: "--output", "must end in .png or .svg")
        assertRefused(PlotCommand.self, ["a.csv", "-o", "plot.svg", "--size", "900x100"], saying: "--size 900x100: width 200 to 8192, height 150")
        assertRefused(Compare.self, ["a.csv", "b.csv", "--plot", "errors.txt"], saying: "--plot", "must end in .png or .svg")
        assertRefused(Compare.self, ["a.csv", "b.csv", "--plot-size", "9000x600"], saying: "--plot-size 9000x600")
        // A plot's size is the shared WxH value (its default shown in help): read strictly, then held to what Cairo is
        // asked to draw.
        XCTAssertEqual(try PlotCommand.parse(["a.csv", "-o", "plot.png", "--size", "1200X800"]).size, PictureSize(fixedWidth: 1200, height: 800))
        assertRefused(PlotCommand.self, ["a.csv", "-o", "plot.png", "--size", "+900x600"], saying: "--size", "'+900x600'")
        assertRefused(Compare.self, ["a.csv", "b.csv", "--plot-size", "900x"], saying: "--plot-size", "'900x'")
    }

    /// A position may start with a minus, which the parser would take for an option: it is read as one word and checked.
    func testAPositionIsOneLatitudeAndLongitude() throws {
        let south = try Declination.parse(["-33.9,18.4", "--date", "2026-03-01", "--altitude", "120"]).position.position()
        XCTAssertEqual(south.latitude, -33.9)
        XCTAssertEqual(south.longitude, 18.4)
        XCTAssertEqual(try Declination.parse(["10,200"]).position.position().longitude, -160, "east of 180 is west")
        assertRefused(Declination.self, [], saying: "give the position as LAT,LON")
        assertRefused(Declination.self, ["1,2", "3,4"], saying: "expected one LAT,LON")
        assertRefused(Declination.self, ["91,0"], saying: "position:", "latitude 91.0 is outside -90 to 90")
        XCTAssertEqual(try Declination.parse(["10,-180"]).position.position().longitude, -180, "the west end")
        XCTAssertEqual(try Declination.parse(["10,360"]).position.position().longitude, 0, "the east end, a turn round")
        assertRefused(Declination.self, ["10,-300"], saying: "position:", "longitude -300.0 is outside -180 to 360")
        assertRefused(Declination.self, ["10,360.5"], saying: "position:", "longitude 360.5 is outside -180 to 360")
        assertRefused(Declination.self, ["1,2", "--date", "2026-13-01"], saying: "--date '2026-13-01' is not a date YYYY-MM-DD")
        assertRefused(Declination.self, ["1,2", "--altitude", "2000000"], saying: "--altitude", "is outside -10000 to 1000000 metres")
    }

    func testLocationChecksItsFilterSettings() {
        XCTAssertNil(refusal(LocationCommand.self, ["Location.csv", "-o", "-", "--filter", "mean", "--window", "3"]))
        assertRefused(LocationCommand.self, ["Location.csv", "-o", "-", "--window", "0"], saying: "--window must be at least 1")
        assertRefused(LocationCommand.self, ["Location.csv", "-o", "-", "--max-accuracy", "-5"], saying: "--max-accuracy must be a positive number of metres")
        assertRefused(LocationCommand.self, ["Location.csv", "-o", "-", "--plot", "track.gif"], saying: "--plot", "must end in .png or .svg")
    }

    /// `--plot` and `--plot-size` are one option group: each command's plot its own default size (the track square, to
    /// scale), each held to the same range.
    func testThePlotOptionsAreOneGroupWithEachCommandsDefaultSize() throws {
        XCTAssertEqual(try LocationCommand.parse(["Location.csv", "-o", "-"]).plot.size, PictureSize(fixedWidth: 800, height: 800))
        XCTAssertEqual(try Eval.parse(["a.csv"]).plot.size, PictureSize(fixedWidth: 900, height: 600))
        XCTAssertEqual(try Compare.parse(["a.csv", "b.csv"]).plot.size, PictureSize(fixedWidth: 900, height: 600))
        XCTAssertNil(try Compare.parse(["a.csv", "b.csv"]).plot.file)
        XCTAssertEqual(try LocationCommand.parse(["Location.csv", "-o", "-", "--plot", "t.svg"]).plot.file, "t.svg")
        assertRefused(LocationCommand.self, ["Location.csv", "-o", "-", "--plot-size", "800x100"], saying: "--plot-size 800x100: width 200 to 8192")
    }
}
