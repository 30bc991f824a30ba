import AttitudeLog
import AttitudeMath
import MonotonicTime
import TestSupport
import XCTest

/// Playback driven by made-up wall-clock times: nothing sleeps.
final class PlaybackTests: XCTestCase {
    private let start = 1000.0

    /// 10 s of yaw growing 9° per second.
    private func makeLog() throws -> AttitudeLog {
        try AttitudeLog(samples: (0...10).map { AttitudeSample(t: Double($0), worldFromDevice: yaw(Double($0) * 9)) },
                        frame: .xMagneticNorthZVertical)
    }

    func testFollowsTheWallClock() throws {
        let playback = try Playback(log: makeLog(), now: start)
        XCTAssertEqual(playback.currentTime(now: start), 0)
        XCTAssertEqual(playback.currentTime(now: start + 2.5), 2.5)
        assertSameAttitude(playback.attitude(atWallTime: start + 2.5), yaw(22.5), accuracy: 1e-12)
        XCTAssertFalse(playback.isFinished(now: start + 9.9))
        // A clock reading before the start does not run backwards.
        XCTAssertEqual(playback.currentTime(now: start - 5), 0)
    }

    func testStopsAtTheEndWithoutLooping() throws {
        let playback = try Playback(log: makeLog(), now: start)
        XCTAssertEqual(playback.currentTime(now: start + 10), 10)
        XCTAssertEqual(playback.currentTime(now: start + 25), 10)
        XCTAssertTrue(playback.isFinished(now: start + 25))
        assertSameAttitude(playback.attitude(atWallTime: start + 25), yaw(90), accuracy: 1e-12)
    }

    func testLoopsBackToTheStart() throws {
        let playback = try Playback(log: makeLog(), now: start, looping: true)
        XCTAssertEqual(playback.currentTime(now: start + 23), 3, accuracy: 1e-12)
        XCTAssertEqual(playback.currentTime(now: start + 10), 0, accuracy: 1e-12)
        XCTAssertFalse(playback.isFinished(now: start + 23))
        assertSameAttitude(playback.attitude(atWallTime: start + 24.5), yaw(40.5), accuracy: 1e-9)
    }

    func testPauseHoldsAndResumeContinues() throws {
        var playback = try Playback(log: makeLog(), now: start)
        playback.pause(now: start + 3)
        XCTAssertTrue(playback.isPaused)
        XCTAssertEqual(playback.currentTime(now: start + 3), 3)
        XCTAssertEqual(playback.currentTime(now: start + 50), 3)
        playback.pause(now: start + 60)   // pausing twice changes nothing
        playback.resume(now: start + 100)
        XCTAssertFalse(playback.isPaused)
        XCTAssertEqual(playback.currentTime(now: start + 101.5), 4.5)
        playback.togglePause(now: start + 102)
        XCTAssertEqual(playback.currentTime(now: start + 200), 5)
        playback.togglePause(now: start + 200)
        XCTAssertEqual(playback.currentTime(now: start + 201), 6)
    }

    func testStartingPaused() throws {
        let playback = try Playback(log: makeLog(), now: start, paused: true)
        XCTAssertEqual(playback.currentTime(now: start + 7), 0)
    }

    func testSpeedScalesTheClockAndChangesKeepTheCurrentTime() throws {
        var playback = try Playback(log: makeLog(), now: start, speed: 2)
        XCTAssertEqual(playback.currentTime(now: start + 1.5), 3)
        try playback.setSpeed(0.5, now: start + 2)
        XCTAssertEqual(playback.speed, 0.5)
        XCTAssertEqual(playback.currentTime(now: start + 2), 4)
        XCTAssertEqual(playback.currentTime(now: start + 4), 5)
    }

    func testInvalidSpeedsAreRefused() throws {
        for speed in [0, -1, .nan, .infinity] {
            XCTAssertThrowsError(try Playback(log: makeLog(), now: start, speed: speed)) { error in
                XCTAssertEqual((error as? PlaybackError)?.description,
                               "playback speed must be a finite number greater than 0, not \(speed)")
            }
            var playback = try Playback(log: makeLog(), now: start)
            XCTAssertThrowsError(try playback.setSpeed(speed, now: start + 1))
            XCTAssertEqual(playback.speed, 1)
            XCTAssertEqual(playback.currentTime(now: start + 2), 2)
        }
    }

    func testSeekToClampsWithoutLooping() throws {
        var playback = try Playback(log: makeLog(), now: start)
        playback.seek(to: 6, now: start + 1)
        XCTAssertEqual(playback.currentTime(now: start + 1), 6)
        XCTAssertEqual(playback.currentTime(now: start + 2), 7)
        playback.seek(to: 42, now: start + 2)
        XCTAssertEqual(playback.currentTime(now: start + 3), 10)
        playback.seek(to: -4, now: start + 3)
        XCTAssertEqual(playback.currentTime(now: start + 3), 0)
        playback.seek(to: .nan, now: start + 4)
        XCTAssertEqual(playback.currentTime(now: start + 4), 1)
    }

    func testSeekWrapsWhenLooping() throws {
        var playback = try Playback(log: makeLog(), now: start, looping: true)
        playback.seek(to: 12, now: start)
        XCTAssertEqual(playback.currentTime(now: start), 2, accuracy: 1e-12)
        playback.seek(to: -1, now: start)
        XCTAssertEqual(playback.currentTime(now: start), 9, accuracy: 1e-12)
        playback.seek(by: 2.5, now: start + 0.5)
        XCTAssertEqual(playback.currentTime(now: start + 0.5), 2, accuracy: 1e-12)
    }

    func testSeekByMovesFromTheCurrentTime() throws {
        var playback = try Playback(log: makeLog(), now: start)
        playback.seek(by: 5, now: start + 2)
        XCTAssertEqual(playback.currentTime(now: start + 2), 7)
        playback.seek(by: -3, now: start + 3)
        XCTAssertEqual(playback.currentTime(now: start + 3), 5)
        // Long after the end, going back starts from the end, not from where the clock would be.
        playback.seek(by: -4, now: start + 100)
        XCTAssertEqual(playback.currentTime(now: start + 100), 6)
        playback.seek(by: -20, now: start + 100)
        XCTAssertEqual(playback.currentTime(now: start + 100), 0)
    }

    func testSeekWhilePausedStaysPaused() throws {
        var playback = try Playback(log: makeLog(), now: start)
        playback.pause(now: start + 1)
        playback.seek(by: 4, now: start + 5)
        XCTAssertTrue(playback.isPaused)
        XCTAssertEqual(playback.currentTime(now: start + 9), 5)
        assertSameAttitude(playback.attitude(atWallTime: start + 9), yaw(45), accuracy: 1e-12)
    }

    func testTurningLoopingOnAndOff() throws {
        var playback = try Playback(log: makeLog(), now: start)
        playback.setLooping(true, now: start + 4)
        XCTAssertTrue(playback.isLooping)
        XCTAssertEqual(playback.currentTime(now: start + 12), 2, accuracy: 1e-12)
        playback.setLooping(false, now: start + 12)
        XCTAssertEqual(playback.currentTime(now: start + 30), 10)
    }

    func testASingleSampleLogStaysAtZero() throws {
        let log = try AttitudeLog(samples: [AttitudeSample(t: 3, worldFromDevice: yaw(30))], frame: nil)
        var playback = try Playback(log: log, now: start, looping: true)
        XCTAssertEqual(playback.currentTime(now: start + 5), 0)
        playback.seek(by: 2, now: start + 6)
        XCTAssertEqual(playback.currentTime(now: start + 6), 0)
        assertSameAttitude(playback.attitude(atWallTime: start + 7), yaw(30), accuracy: 1e-15)
    }

    func testMonotonicNowAdvances() {
        let first = MonotonicClock.now()
        XCTAssertGreaterThanOrEqual(MonotonicClock.now(), first)
    }
}
