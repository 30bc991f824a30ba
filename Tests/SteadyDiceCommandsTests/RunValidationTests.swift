@testable import SteadyDiceCommands
import CommandTestSupport
import XCTest

/// `steady-dice run`'s options checked together before a window opens (`Run.validate()`): each refusal names the
/// options that clash or the range a number must keep.
final class RunValidationTests: XCTestCase {
    func testALogOrNoSourceAtAllIsTaken() {
        XCTAssertNil(refusal(Run.self, []), "the demo recording")
        XCTAssertNil(refusal(Run.self, ["--log", "a.csv", "--speed", "2", "--from", "1.5", "--duration", "3", "--frames", "1",
                                        "--snapshot-on-exit", "last.PNG"]))
    }

    func testAtMostOneAttitudeSource() {
        assertRefused(Run.self, ["--log", "a.csv", "--attitude", "1,0,0,0"], saying: "give at most one of --log, --attitude or --imud")
        assertRefused(Run.self, ["--log", "a.csv", "--imud", "udp:9000"], saying: "give at most one of --log, --attitude or --imud")
    }

    func testTheSpeedAndTheFrameCountMustBePositive() {
        assertRefused(Run.self, ["--speed", "0"], saying: "--speed must be a positive number")
        assertRefused(Run.self, ["--speed", "-1"], saying: "--speed must be a positive number")
        assertRefused(Run.self, ["--speed", "inf"], saying: "--speed must be a positive number")
        assertRefused(Run.self, ["--frames", "0"], saying: "--frames must be at least 1")
    }

    /// A fixed attitude has no clock: no offset, no start. A live one holds back at most a second of attitudes and frames.
    func testAnOffsetNeedsAClockAndALiveOneStaysWithinASecond() {
        assertRefused(Run.self, ["--attitude", "1,0,0,0", "--time-offset", "0.1"],
                      saying: "--time-offset needs --log (or run's --imud): a fixed attitude has no clock to shift")
        XCTAssertNil(refusal(Run.self, ["--attitude", "1,0,0,0", "--time-offset", "0.1", "--calibration", "cal.yaml"]),
                     "beside a calibration the file's rule decides")
        assertRefused(Run.self, ["--imud", "udp:9000", "--time-offset", "1.5", "--calibration", "cal.yaml"],
                      saying: "--time-offset 1.5 with --imud: a live offset must be within ±1 s")
        assertRefused(Run.self, ["--imud", "udp:9000", "--time-offset", "1.5"],
                      saying: "--time-offset 1.5 with --imud: a live offset must be within ±1 s")
        XCTAssertNil(refusal(Run.self, ["--imud", "udp:9000", "--time-offset", "-0.9"]))
        XCTAssertNil(refusal(Run.self, ["--log", "a.csv", "--time-offset", "1.5"]), "a log's offset is not held in memory")
    }

    func testAStartAndADurationAreTimesOfALog() {
        assertRefused(Run.self, ["--from", "-1"], saying: "--from must be 0 or more seconds")
        assertRefused(Run.self, ["--attitude", "1,0,0,0", "--from", "2"], saying: "--from applies to a log")
        assertRefused(Run.self, ["--imud", "udp:9000", "--from", "2"], saying: "--from applies to a log")
        assertRefused(Run.self, ["--duration", "0"], saying: "--duration must be a positive number of seconds")
        assertRefused(Run.self, ["--duration", "nan"], saying: "--duration must be a positive number of seconds")
    }

    func testTheSnapshotOnExitIsAPNG() {
        assertRefused(Run.self, ["--snapshot-on-exit", "last.jpg"], saying: "--snapshot-on-exit must name a .png file")
    }

    /// The calibration's own checks run with run's: a preset mount names imud's frame.
    func testAPresetMountNeedsImud() {
        assertRefused(Run.self, ["--log", "a.csv", "--mount", "0,0,90"], saying: "--mount as a preset or ROLL,PITCH,YAW applies to --imud only")
    }
}
