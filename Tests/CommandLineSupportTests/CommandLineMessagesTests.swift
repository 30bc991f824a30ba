import AttitudeLog
import CommandLineSupport
import Fusion
import Location
import RawLog
import Recording
import XCTest

/// The facts the libraries give where an option would give what is missing (a declination, a platform, 6D, an attitude
/// file, an accuracy limit): their `description`s name no option, and `commandLineMessage(for:)`, which says every error
/// a command ends with, names the option. Each switch below has no default, so a new case does not compile until it is
/// worded here, and each test fails until that case has an example.
final class CommandLineMessagesTests: XCTestCase {
    func testFusionsRefusalNamesTheDeclinationOption() {
        let examples: [FusionError] = [.unsupportedFrame(.reference(.xTrueNorthZVertical), .nineD), .unsupportedFrame(.enu, .sixD)]
        for error in examples {
            let option: String? = switch error {
            case .unsupportedFrame(.reference(.xTrueNorthZVertical), .nineD): "attitude fuse --declination DEG"
            case .unsupportedFrame: nil
            }
            assertWorded(error, option: option)
        }
        XCTAssertEqual(commandLineMessage(for: examples[0]), "xTrueNorthZVertical needs the magnetic declination, which the estimator "
                       + "does not know: give it (attitude fuse --declination DEG), or use xMagneticNorthZVertical")
    }

    func testARecordingsMissingDeclinationNamesTheOptions() {
        let examples: [RecordingDeclinationError] = [
            .noGoodFix(path: "rec/Location.csv", maxAccuracyMetres: 5),
            .noModel(path: "rec/Location.csv", line: 2, day: "1890-01-01", reason: "1890.0 is outside every model"),
        ]
        XCTAssertEqual(examples.map(\.index), [0, 1], "one example of each case")
        for error in examples {
            let options = switch error {
            case .noGoodFix: ["--declination DEG", "--max-accuracy"]
            case .noModel: ["--declination DEG"]
            }
            for option in options { assertWorded(error, option: option) }
        }
        XCTAssertEqual(commandLineMessage(for: examples[0]), "rec/Location.csv: no fix has a horizontal accuracy within 5.0 m, so no "
                       + "declination for true north; give --declination DEG, or a larger --max-accuracy")
        XCTAssertEqual(commandLineMessage(for: examples[1]),
                       "rec/Location.csv:2: the fix of 1890-01-01: 1890.0 is outside every model; give --declination DEG for true north")
    }

    func testARawLogsRemedyNamesItsOption() {
        let examples: [RawLogError.Remedy?] = [nil, .attitudeFile(name: "Orientation.csv"), .sixD, .platform]
        for remedy in examples {
            let error = RawLogError(path: "rec", "cannot be fused", remedy: remedy)
            let options: [String] = switch remedy {
            case nil: []
            case .attitudeFile?: ["attitude convert", "--log"]
            case .sixD?: ["--mode 6d"]
            case .platform?: ["--platform ios", "--platform android"]
            }
            if options.isEmpty { assertWorded(error, option: nil) }
            for option in options { assertWorded(error, option: option) }
        }
        XCTAssertEqual(commandLineMessage(for: RawLogError(path: "rec", "no gyroscope", remedy: .attitudeFile(name: "Quaternion.csv"))),
                       "rec: no gyroscope (its Quaternion.csv plays as it is: attitude convert, or --log on the file)")
        XCTAssertEqual(commandLineMessage(for: RawLogError(path: "a.csv", line: 3, "no field", remedy: .sixD)), "a.csv:3: no field; use 6D (--mode 6d)")
    }

    func testAFactThatNeedsAValueNamesItsOption() {
        let conversion = FrameConversionError(message: "a.csv: true north needs the magnetic declination at the site", needsDeclination: true)
        assertWorded(conversion, option: "--declination DEG")
        XCTAssertEqual(commandLineMessage(for: conversion),
                       "a.csv: true north needs the magnetic declination at the site: give --declination DEG (east positive)")
        assertWorded(FrameConversionError(message: "a.csv: the log names no frame"), option: nil)
        let platform = RecordingError(path: "rec/Metadata.csv", "no 'platform' column", needsPlatform: true)
        assertWorded(platform, option: "--platform ios")
        XCTAssertEqual(commandLineMessage(for: platform), "rec/Metadata.csv: no 'platform' column; give --platform ios or --platform android")
        assertWorded(RecordingError(path: "rec/Metadata.csv", "unreadable"), option: nil)
    }

    /// `error`'s library words name no option; the command line's name `option`, or are the library's when it is nil.
    private func assertWorded(_ error: Error & CustomStringConvertible, option: String?, line: UInt = #line) {
        XCTAssertFalse(error.description.contains("--"), error.description, line: line)
        if let option {
            XCTAssertTrue(commandLineMessage(for: error).contains(option), commandLineMessage(for: error), line: line)
        } else {
            XCTAssertEqual(commandLineMessage(for: error), error.description, line: line)
        }
    }
}

private extension RecordingDeclinationError {
    /// The case's place among the examples: no default, so a new case does not compile until it is counted.
    var index: Int {
        switch self {
        case .noGoodFix: 0
        case .noModel: 1
        }
    }
}
