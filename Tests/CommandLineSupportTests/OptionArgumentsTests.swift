import ArgumentParser
import AttitudeMath
import Camera
import CommandLineSupport
import CommandTestSupport
import Fusion
import LogLoading
import MonotonicTime
import Pixels
import TestSupport
import XCTest

/// The option values both tools share, parsed in-process: each strict parser's value and its refusals (`parseOption`),
/// the same parser behind `ExpressibleByArgument` (`StrictArgument`), and the option groups' checks.
final class OptionArgumentsTests: XCTestCase {
    // MARK: - Values

    func testASizeIsTwoWholeNumbersFromOneTo16384() throws {
        XCTAssertEqual(try PictureSize.parseOption("640x480"), PictureSize(fixedWidth: 640, height: 480))
        XCTAssertEqual(try PictureSize.parseOption("640X480"), PictureSize(fixedWidth: 640, height: 480), "either case of x")
        XCTAssertEqual(try PictureSize.parseOption("16384x1"), PictureSize(fixedWidth: 16384, height: 1), "both ends taken")
        XCTAssertEqual(refusal { try PictureSize.parseOption("16385x1") }, "field 1 of WxH, '16385', is not a whole number from 1 to 16384")
        XCTAssertEqual(refusal { try PictureSize.parseOption("640x0") }, "field 2 of WxH, '0', is not a whole number from 1 to 16384")
        XCTAssertEqual(refusal { try PictureSize.parseOption("640x-480") }, "field 2 of WxH, '-480', is not a whole number from 1 to 16384")
        XCTAssertEqual(refusal { try PictureSize.parseOption("640x") }, "field 2 of WxH is empty in '640x'")
        XCTAssertEqual(refusal { try PictureSize.parseOption("640") }, "expected WxH (2 whole numbers separated by 'x'), got 1 field in '640'")
        XCTAssertEqual(PictureSize(fixedWidth: 960, height: 720).defaultValueDescription, "960x720")
    }

    /// `--fov`'s one parse, every command's: one number of degrees, strictly between 1 and 179, refused in the library's words.
    func testAFieldOfViewIsOneNumberInsideTheRange() throws {
        XCTAssertEqual(try FieldOfView.parseOption("50"), FieldOfView(fixedDegrees: 50))
        XCTAssertEqual(try FieldOfView.parseOption("178.5"), FieldOfView(fixedDegrees: 178.5))
        XCTAssertEqual(refusal { try FieldOfView.parseOption("179") }, "the field of view must be between 1 and 179 degrees (exclusive), not 179")
        XCTAssertEqual(refusal { try FieldOfView.parseOption("-5") }, "the field of view must be between 1 and 179 degrees (exclusive), not -5")
        XCTAssertEqual(refusal { try FieldOfView.parseOption("nan") }, "field 1 of DEG, 'nan', is not finite")
        XCTAssertEqual(refusal { try FieldOfView.parseOption("50,60") }, "expected DEG (1 number separated by ','), got 2 fields in '50,60'")
        XCTAssertEqual(FieldOfView(fixedDegrees: 60).defaultValueDescription, "60")
        XCTAssertNil(FieldOfView(argument: "0"))
    }

    func testAQuaternionIsNormalisedAndAZeroOneRefused() throws {
        let q = try QuaternionArgument.parseOption("2,0,0,0").quaternion
        XCTAssertEqual(q, Quaternion(w: 1, x: 0, y: 0, z: 0))
        let turned = try QuaternionArgument.parseOption("1,0,0,1").quaternion
        XCTAssertEqual(turned.w, 0.5.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(turned.z, 0.5.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(refusal { try QuaternionArgument.parseOption("0,0,0,0") }, "'0,0,0,0' has length 0.0, too close to zero to be a rotation")
        XCTAssertEqual(refusal { try QuaternionArgument.parseOption("1,0,0") },
                       "expected w,x,y,z (4 numbers separated by ','), got 3 fields in '1,0,0'")
        XCTAssertEqual(refusal { try QuaternionArgument.parseOption("1,0,nan,0") }, "field 3 of w,x,y,z, 'nan', is not finite")
        XCTAssertEqual(refusal { try QuaternionArgument.parseOption("1,0,0x1p2,0") }, "field 3 of w,x,y,z, '0x1p2', is not a decimal number")
    }

    func testAVectorIsThreeNumbers() throws {
        XCTAssertEqual(try Vector3Argument.parseOption("1.5,-2, 3e1").vector, SIMD3(1.5, -2, 30))
        XCTAssertEqual(refusal { try Vector3Argument.parseOption("1,,3") }, "field 2 of x,y,z is empty in '1,,3'")
        XCTAssertEqual(refusal { try Vector3Argument.parseOption("1,2,3,4") },
                       "expected x,y,z (3 numbers separated by ','), got 4 fields in '1,2,3,4'")
    }

    /// `init?(argument:)` (a default value, ArgumentParser's own parsing) is the strict parser, its reason dropped.
    func testExpressibleByArgumentIsTheStrictParser() {
        XCTAssertEqual(PictureSize(argument: "320x240"), PictureSize(fixedWidth: 320, height: 240))
        XCTAssertNil(PictureSize(argument: "0x240"))
        XCTAssertEqual(QuaternionArgument(argument: "0,1,0,0")?.quaternion, Quaternion(w: 0, x: 1, y: 0, z: 0))
        XCTAssertNil(QuaternionArgument(argument: "0,0,0,0"))
        XCTAssertEqual(Vector3Argument(argument: "1,2,3")?.vector, SIMD3(1, 2, 3))
        XCTAssertNil(Vector3Argument(argument: "1,2"))
    }

    func testAnOutputFrameIsNamedOrTheNamesAreListed() throws {
        XCTAssertEqual(try OutputFrame.parseOption("ENU"), .enu)
        XCTAssertEqual(try OutputFrame.parseOption("ned"), .ned)
        XCTAssertEqual(try OutputFrame.parseOption("xMagneticNorthZVertical"), .reference(.xMagneticNorthZVertical))
        XCTAssertEqual(refusal { try OutputFrame.parseOption("up") },
                       "unknown frame 'up'; expected enu, ned or one of " + ReferenceFrame.allCases.map(\.rawValue).joined(separator: ", "))
    }

    // MARK: - Option groups

    func testTheMagnetometerOptionsGiveTheirCorrection() throws {
        XCTAssertEqual(try MagnetometerOptions.parse([]).correction, .none)
        XCTAssertFalse(try MagnetometerOptions.parse([]).isSet)
        XCTAssertEqual(try MagnetometerOptions.parse(["--mag-offset", "10,-20.5,30"]).correction, .offset(SIMD3(10, -20.5, 30)))
        XCTAssertEqual(try MagnetometerOptions.parse(["--mag-offset", "-1,2,3"]).correction, .offset(SIMD3(-1, 2, 3)),
                       "a value that starts with a minus is the option's")
        XCTAssertEqual(try MagnetometerOptions.parse(["--mag-calibrate"]).correction, .fit)
        XCTAssertTrue(try MagnetometerOptions.parse(["--mag-calibrate"]).isSet)
    }

    func testTheMagnetometerOptionsRefuseEachOtherAndA6DRun() throws {
        assertRefused(MagnetometerOptions.self, ["--mag-offset", "1,2,3", "--mag-calibrate"], saying: "give --mag-offset or --mag-calibrate, not both")
        assertRefused(MagnetometerOptions.self, ["--mag-offset", "1,2"], saying: "--mag-offset", "expected x,y,z (3 numbers separated by ','), got 2 fields")
        let offset = try MagnetometerOptions.parse(["--mag-offset", "1,2,3"])
        XCTAssertThrowsError(try offset.check(mode: .sixD)) {
            XCTAssertEqual("\($0)", "--mag-offset and --mag-calibrate calibrate the magnetometer, which --mode 6d does not use")
        }
        XCTAssertNoThrow(try offset.check(mode: .nineD))
        XCTAssertNoThrow(try offset.check(mode: nil))
        XCTAssertNoThrow(try MagnetometerOptions.parse([]).check(mode: .sixD), "nothing given, nothing refused")
    }

    func testThePlatformIsNamed() throws {
        XCTAssertNil(try RecordingOptions.parse([]).platform)
        XCTAssertEqual(try RecordingOptions.parse(["--platform", "ios"]).platform, .ios)
        XCTAssertEqual(try RecordingOptions.parse(["--platform", "android"]).platform, .android)
        assertRefused(RecordingOptions.self, ["--platform", "windows"], saying: "--platform", "windows")
    }

    func testVerboseAndQuietSetTheLevelAndRefuseEachOther() throws {
        let level = Messages.level
        defer { Messages.level = level }
        _ = try MessageOptions.parse(["--verbose"])
        XCTAssertEqual(Messages.level, .debug)
        _ = try MessageOptions.parse(["--quiet"])
        XCTAssertEqual(Messages.level, .error)
        _ = try MessageOptions.parse([])
        XCTAssertEqual(Messages.level, .info)
        assertRefused(MessageOptions.self, ["--verbose", "--quiet"], saying: "--verbose and --quiet cannot go together")
    }

    func testTimesWaitsAndStartsAreCheckedNamingTheOption() throws {
        XCTAssertNoThrow(try TimeOptions.checkTime(-1e10, option: "--from"))
        XCTAssertEqual(refusal { try TimeOptions.checkTime(2e10, option: "--from") },
                       "--from 20000000000.0 s is outside ±1e10 s, where a double still resolves microseconds")
        XCTAssertEqual(refusal { try TimeOptions.checkTime(.infinity, option: "--video-at") }, "--video-at inf s is not a finite time")
        XCTAssertNoThrow(try TimeOptions.checkTimeFromStart(0, option: "--from"))
        XCTAssertEqual(refusal { try TimeOptions.checkTimeFromStart(-0.5, option: "--from") }, "--from must be 0 or more seconds")
        XCTAssertEqual(refusal { try TimeOptions.checkTimeFromStart(.nan, option: "--from") }, "--from nan s is not a finite time")
        XCTAssertEqual(refusal { try TimeOptions.checkTimeFromStart(2e10, option: "--video-at") },
                       "--video-at 20000000000.0 s is outside ±1e10 s, where a double still resolves microseconds")
        XCTAssertNoThrow(try TimeOptions.checkWait(86400, option: "--timeout"))
        XCTAssertEqual(refusal { try TimeOptions.checkWait(0, option: "--timeout") },
                       "--timeout 0.0 s is not a wait of more than 0 s and at most 86400 s (a day)")
        XCTAssertNoThrow(try TimeOptions.checkStart(MonotonicClock.now() + 10, option: "--start-at"))
        XCTAssertEqual(refusal { try TimeOptions.checkStart(-1, option: "--start-at") },
                       "--start-at must be a CLOCK_MONOTONIC time in seconds, 0 or more")
        XCTAssertTrue(refusal { try TimeOptions.checkStart(MonotonicClock.now() + 2 * 86400, option: "--start-at") }
            .hasSuffix("at most 86400 s (a day) ahead"))
    }
}
