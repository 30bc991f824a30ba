import AttitudeLog
import AttitudeMath
import Foundation
import IMUD
import Logging
import LogLoading
import Scene
import TestSupport
import XCTest

/// The attitude sources `run`'s window reads at wall time (`LogPlaybackSource`, `FixedAttitudeSource`,
/// `IMUDLiveSource`): the attitude each gives at a moment, its mount applied, before and after its log, and what
/// the HUD and the title say of it. Expected attitudes are worked out without the code's mount rule: by rotating
/// vectors (`v_W = q·v_D`, docs/conventions.md) or by naming the axes by hand.
final class AttitudeSourcesTests: XCTestCase {
    // MARK: - A log playing

    /// The axis of the log's steady turn (any length: `Quaternion(axis:angle:)` normalises it).
    private let axis = SIMD3<Double>(0.3, -0.4, 0.85)
    /// Radians per second of log time.
    private let rate = 0.5

    /// The log's attitude at log time `t`, computed without the log: slerp between two samples of one steady turn
    /// about a fixed axis is that turn, so between samples too the log holds exactly this.
    private func turn(_ t: Double) -> Quaternion { Quaternion(axis: axis, angle: rate * t) }

    /// 4 s of the steady turn, a sample every 0.1 s.
    private func turningLog(frame: ReferenceFrame? = .xMagneticNorthZVertical, path: String = "/logs/turning.csv") throws -> AttitudeLog {
        try AttitudeLog(samples: (0...40).map { AttitudeSample(t: Double($0) / 10, worldFromDevice: turn(Double($0) / 10)) },
                        frame: frame, path: path)
    }

    private func assertAttitude(_ reading: AttitudeReading, _ expected: Quaternion, _ message: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        guard let q = reading.worldFromDevice else { return XCTFail("no attitude: \(message)", file: file, line: line) }
        XCTAssertEqual(q.angle(to: expected), 0, accuracy: 1e-6, message, file: file, line: line)
    }

    /// Playback starts at `begin`, not when the source was made, runs at its speed, shows the first sample before
    /// it and holds the last one after the log's end.
    func testALogPlaysFromBeginAtItsSpeedAndHoldsItsEnds() throws {
        let source = try LogPlaybackSource(log: try turningLog(), speed: 2, looping: false, now: 50)
        XCTAssertEqual(source.clock, .playback)
        source.begin(now: 100)
        // At speed 2, 0.6 s of wall time is 1.2 s of log time.
        assertAttitude(source.reading(now: 100.6), turn(1.2), "1.2 s into the log")
        XCTAssertEqual(try XCTUnwrap(source.logTime(now: 100.6)), 1.2, accuracy: 1e-9)
        XCTAssertFalse(source.reading(now: 100.6).greyed)
        XCTAssertNil(source.reading(now: 100.6).frame, "a log's frame is its own, not named sample by sample")
        // Before `begin` the log has not started: its first sample.
        assertAttitude(source.reading(now: 99), turn(0), "before the start")
        XCTAssertEqual(source.logTime(now: 99), 0)
        // 4 s of log are 2 s of wall time; long after, the last sample holds.
        assertAttitude(source.reading(now: 107), turn(4), "after the end")
        XCTAssertEqual(source.logTime(now: 107), 4)
        XCTAssertTrue(source.status(now: 107).hasSuffix("(ended)"), source.status(now: 107))
    }

    /// Looping, log time wraps to the start after the last sample.
    func testALoopingLogStartsAgainAfterItsEnd() throws {
        let source = try LogPlaybackSource(log: try turningLog(), speed: 1, looping: true, now: 0)
        source.begin(now: 10)
        assertAttitude(source.reading(now: 10 + 4 + 1.3), turn(1.3), "1.3 s into the second pass")
        XCTAssertEqual(try XCTUnwrap(source.logTime(now: 15.3)), 1.3, accuracy: 1e-9)
        XCTAssertTrue(source.status(now: 15.3).hasSuffix("(playing)"), source.status(now: 15.3))
    }

    /// A start time (`--from`, a time offset) is where `begin` puts playback; one outside the log is held to its ends.
    func testAStartTimeIsWherePlaybackBegins() throws {
        let log = try turningLog()
        let late = try LogPlaybackSource(log: log, speed: 1, looping: false, now: 0, startTime: 2.5)
        late.begin(now: 10)
        XCTAssertEqual(try XCTUnwrap(late.logTime(now: 10)), 2.5, accuracy: 1e-12)
        assertAttitude(late.reading(now: 10.5), turn(3), "0.5 s after a start at 2.5 s")
        let pastTheEnd = try LogPlaybackSource(log: log, speed: 1, looping: false, now: 0, startTime: 9)
        pastTheEnd.begin(now: 10)
        assertAttitude(pastTheEnd.reading(now: 10), turn(4), "a start past the end shows the last sample")
        XCTAssertTrue(pastTheEnd.status(now: 10).hasSuffix("(ended)"), pastTheEnd.status(now: 10))
        let beforeTheStart = try LogPlaybackSource(log: log, speed: 1, looping: false, now: 0, startTime: -3)
        beforeTheStart.begin(now: 10)
        assertAttitude(beforeTheStart.reading(now: 10), turn(0), "a start before the log shows the first sample")
    }

    /// Space pauses and resumes, the arrows seek, paused or not, never past the log's ends.
    func testPauseAndSeekMoveTheLogTime() throws {
        let source = try LogPlaybackSource(log: try turningLog(), speed: 1, looping: false, now: 0)
        source.begin(now: 0)
        source.togglePause(now: 1)
        assertAttitude(source.reading(now: 3), turn(1), "paused at 1 s")
        XCTAssertTrue(source.status(now: 3).hasSuffix("(paused)"), source.status(now: 3))
        source.seek(by: 2, now: 3)
        XCTAssertEqual(try XCTUnwrap(source.logTime(now: 4)), 3, accuracy: 1e-12, "a seek while paused stays paused")
        source.togglePause(now: 5)
        assertAttitude(source.reading(now: 5.5), turn(3.5), "resumed at 3 s")
        source.seek(by: -10, now: 5.5)
        XCTAssertEqual(source.logTime(now: 5.5), 0, "back past the start stops at the start")
        source.seek(by: 10, now: 5.5)
        XCTAssertEqual(source.logTime(now: 5.5), 4, "forward past the end stops at the end")
    }

    /// The mount R (`v_D = R·v_S`) is applied to every attitude: a vector fixed in the IMU frame S, taken into D by R
    /// and then into W by the reading, lands where the log's attitude takes it from S.
    func testALogsMountTakesTheIMUsVectorsToTheSameWorldDirections() throws {
        let mount = Quaternion(axis: [0.2, 0.9, -0.3], angle: 1.1)
        let source = try LogPlaybackSource(log: try turningLog(), speed: 1, looping: false, now: 0, deviceFromIMU: mount)
        source.begin(now: 0)
        for t in [0, 0.35, 2.25, 4] {
            let worldFromDevice = try XCTUnwrap(source.reading(now: t).worldFromDevice)
            for vIMU in [SIMD3<Double>(1, 0, 0), [0, 1, 0], [0, 0, 1], [0.6, -0.2, 0.4]] {
                let expected = turn(t).rotate(vIMU)
                let drawn = worldFromDevice.rotate(mount.rotate(vIMU))
                XCTAssertLessThan((drawn - expected).length, 1e-9, "t = \(t), v_S = \(vIMU)")
            }
        }
    }

    /// By hand: an IMU whose X axis lies along the device's Y (R = +90° about Z), lying with its axes on the world's
    /// (the log's identity). Then the device's Y points along the IMU's X, north (+X_W), and the device's X along
    /// the IMU's -Y, east (-Y_W): the device is turned -90° about Z.
    func testAQuarterTurnMountByHand() throws {
        let still = try AttitudeLog(samples: [AttitudeSample(t: 0, worldFromDevice: .identity), AttitudeSample(t: 1, worldFromDevice: .identity)],
                                    frame: .xMagneticNorthZVertical)
        let source = try LogPlaybackSource(log: still, speed: 1, looping: false, now: 0,
                                           deviceFromIMU: Quaternion(axis: [0, 0, 1], angle: .pi / 2))
        source.begin(now: 0)
        let q = try XCTUnwrap(source.reading(now: 0.5).worldFromDevice)
        XCTAssertLessThan((q.rotate([1, 0, 0]) - [0, -1, 0]).length, 1e-12, "the device's X points east")
        XCTAssertLessThan((q.rotate([0, 1, 0]) - [1, 0, 0]).length, 1e-12, "the device's Y points north")
        XCTAssertLessThan((q.rotate([0, 0, 1]) - [0, 0, 1]).length, 1e-12, "the device's Z stays up")
    }

    /// What the title and the HUD say of a log: its file's name, the time shown over the duration to 0.01 s, the state;
    /// the frame from its `# frame:` line (a heading-arbitrary frame said first); the fusion line from the track given.
    func testTheHUDAndTitleNameTheLogItsTimeAndItsFrame() throws {
        let source = try LogPlaybackSource(log: try turningLog(), speed: 1, looping: false, now: 0)
        source.begin(now: 20)
        XCTAssertEqual(source.status(now: 21.25), "turning.csv 1.25 / 4.00 s (playing)")
        XCTAssertEqual(source.health(now: 21.25), "1.25/4.00 s playing turning.csv")
        XCTAssertEqual(source.fusion(now: 21.25), "none: an attitude log")
        XCTAssertEqual(source.frameName, "xMagneticNorthZVertical")
        source.togglePause(now: 21.25)
        XCTAssertEqual(source.health(now: 30), "1.25/4.00 s paused turning.csv")

        let arbitrary = try LogPlaybackSource(log: try turningLog(frame: .xArbitraryZVertical), speed: 1, looping: false, now: 0)
        XCTAssertEqual(arbitrary.frameName, "heading arbitrary (xArbitraryZVertical)")
        let unnamed = try LogPlaybackSource(log: try turningLog(frame: nil), speed: 1, looping: false, now: 0)
        XCTAssertEqual(unnamed.frameName, "not given by the log")
        let integrated = try LogPlaybackSource(log: try turningLog(), fusion: .gyroscopeOnly, speed: 1, looping: false, now: 0)
        XCTAssertEqual(integrated.fusion(now: 0), "gyroscope only: integrated, no vertical")
        let footage = try LogPlaybackSource(log: try turningLog(), fusion: .footage(credibleShare: 0.25, biasApplied: true),
                                            speed: 1, looping: false, now: 0)
        XCTAssertEqual(footage.fusion(now: 0), "gyroscope less bias, gravity at 25% of samples")
    }

    // MARK: - A fixed attitude

    /// A fixed attitude is the same at every moment and has no clock: pause and seek change nothing, and the HUD says
    /// the names it was given.
    func testAFixedAttitudeIsTheSameAtEveryMomentAndHasNoClock() {
        let q = Quaternion(axis: [1, 2, 3], angle: 0.7)
        let source = FixedAttitudeSource(q, names: FixedAttitudeNames(frame: "frame words", source: "source words"))
        source.begin(now: 5)
        source.togglePause(now: 6)
        source.seek(by: 5, now: 7)
        for now in [-1e9, 0, 6.5, 1e9] {
            XCTAssertEqual(source.reading(now: now), AttitudeReading(worldFromDevice: q, greyed: false), "now = \(now)")
            XCTAssertNil(source.logTime(now: now))
        }
        XCTAssertEqual(source.clock, .none)
        XCTAssertEqual(source.frameName, "frame words")
        XCTAssertEqual(source.health(now: 0), "source words")
        XCTAssertEqual(source.fusion(now: 0), "none")
        XCTAssertEqual(FixedAttitudeSource(.identity).status(now: 0), "fixed attitude [1.0, 0.0, 0.0, 0.0]")
        XCTAssertEqual(FixedAttitudeSource(.identity).frameName, "as given")
        XCTAssertEqual(FixedAttitudeSource(.identity).health(now: 0), "fixed attitude")
    }

    /// The window's pipeline gives a fixed attitude its mount once: the source then holds q·R⁻¹, which takes R·v to
    /// where q takes v.
    func testTheWindowsPipelineMountsAFixedAttitude() throws {
        let q = Quaternion(axis: [0.5, -1, 0.2], angle: 2.0)
        let mount = Quaternion(axis: [1, 0, 1], angle: -0.6)
        let pipeline = try WallClockPipeline(settings: DrawingSettings(deviceFromIMU: mount), attitude: .fixed(q), clock: WallClock())
        XCTAssertTrue(pipeline.source is FixedAttitudeSource)
        let drawn = try XCTUnwrap(pipeline.source.reading(now: 0).worldFromDevice)
        for vIMU in [SIMD3<Double>(1, 0, 0), [0, 1, 0], [0, 0, 1]] {
            XCTAssertLessThan((drawn.rotate(mount.rotate(vIMU)) - q.rotate(vIMU)).length, 1e-9, "v_S = \(vIMU)")
        }
    }

    // MARK: - imud live

    /// A publisher in this process on a Unix socket in a scratch folder: the daemon's side of imud's protocol, written
    /// by the IMUD module itself, so the live source's client reads real packets with no daemon to start.
    private final class Daemon {
        let folder: URL
        let publisher: IMUDPublisher
        var path: String { folder.appendingPathComponent("imud.sock").path }

        init() throws {
            folder = try TemporaryFolder.make("scene-imud")
            publisher = try IMUDPublisher(outputs: [.unix(path: folder.appendingPathComponent("imud.sock").path)])
            publisher.log = { _ in }
        }

        deinit {
            publisher.close()
            try? FileManager.default.removeItem(at: folder)
        }

        /// A packet whose quaternion is `nedFromIMU` as it is on the wire (imud's body frame into NED).
        func send(nedFromIMU: Quaternion, flags: IMUDFlags, seq: UInt32) {
            publisher.publish(IMUDPacket(flags: flags, quaternion: SIMD4(Float(nedFromIMU.w), Float(nedFromIMU.x), Float(nedFromIMU.y),
                                                                        Float(nedFromIMU.z)), imuSeq: seq))
        }

        func configuration(mount: IMUDMount = .aligned) -> IMUDClient.Configuration {
            var configuration = IMUDClient.Configuration(endpoint: .unix(path: path), coordFrame: .ned, mount: mount)
            configuration.logger = Logger(label: "test.imud") { _ in SwiftLogNoOpLogHandler() }
            configuration.initialBackoff = 0.02
            configuration.maxBackoff = 0.1
            return configuration
        }
    }

    /// Later than any packet's arrival (monotonic seconds): the newest attitude.
    private let afterEveryPacket = 1e12

    /// A level IMU facing north (the identity into NED), its forward axis along the camera's right (`yaw90`): by hand,
    /// the camera looks west, so the device's X (right) points north, its Y up and its Z (behind the screen) east.
    /// Then the IMU turned to face east (90° about NED's down): the camera looks north, X east, Y up, Z south.
    func testALiveSourceDrawsTheNewestPacketThroughItsMount() throws {
        let daemon = try Daemon()
        let source = IMUDLiveSource(configuration: daemon.configuration(mount: try IMUDMount(parsing: "yaw90")))
        XCTAssertEqual(source.clock, .live)
        XCTAssertNil(source.logTime(now: 0))
        waitUntil("the client to subscribe") {
            daemon.publisher.acceptPendingSubscribers()
            return daemon.publisher.subscriberCount == 1
        }
        // No packet yet: the background alone, never a made-up attitude.
        XCTAssertEqual(source.reading(now: afterEveryPacket), AttitudeReading(worldFromDevice: nil, greyed: true))
        XCTAssertEqual(source.fusion(now: 0), "imud's, no packets: waiting")

        daemon.send(nedFromIMU: .identity, flags: [.fusionConverged, .magValid], seq: 0)
        waitUntil("the first packet") { source.reading(now: afterEveryPacket).worldFromDevice != nil }
        let north = source.reading(now: afterEveryPacket)
        let q = try XCTUnwrap(north.worldFromDevice)
        XCTAssertLessThan((q.rotate([1, 0, 0]) - [1, 0, 0]).length, 1e-6, "right edge north")
        XCTAssertLessThan((q.rotate([0, 1, 0]) - [0, 0, 1]).length, 1e-6, "top edge up")
        XCTAssertLessThan((q.rotate([0, 0, 1]) - [0, -1, 0]).length, 1e-6, "towards the viewer east")
        XCTAssertFalse(north.greyed, "converged, and the history reaches back to now")
        XCTAssertEqual(north.frame, "X north, Y west, Z up (from imud)")
        XCTAssertEqual(source.fusion(now: 0), "imud's, converged")

        let facingEast = Quaternion(axis: [0, 0, 1], angle: .pi / 2)
        daemon.send(nedFromIMU: facingEast, flags: [.fusionConverged, .magValid], seq: 1)
        // The history takes a sample after the client has counted it: wait for the attitude itself.
        waitUntil("the second packet's attitude") { (source.reading(now: afterEveryPacket).worldFromDevice?.angle(to: q) ?? 0) > 0.1 }
        let east = try XCTUnwrap(source.reading(now: afterEveryPacket).worldFromDevice)
        XCTAssertLessThan((east.rotate([1, 0, 0]) - [0, -1, 0]).length, 1e-6, "right edge east")
        XCTAssertLessThan((east.rotate([0, 1, 0]) - [0, 0, 1]).length, 1e-6, "top edge up")
        XCTAssertLessThan((east.rotate([0, 0, 1]) - [-1, 0, 0]).length, 1e-6, "towards the viewer south")
        // Before the first packet arrived the history does not reach: the oldest attitude, greyed.
        let early = source.reading(now: -1)
        XCTAssertTrue(early.greyed)
        XCTAssertLessThan(try XCTUnwrap(early.worldFromDevice).angle(to: q), 1e-6, "the oldest packet's attitude")
    }

    /// The flags say how to draw: no `mag_valid` names the heading arbitrary, a packet before convergence greys the die
    /// and says imud is starting up, a shutdown packet says the daemon went. The title counts the packets and the
    /// gaps in imu_seq; the HUD's health line the rate over a second or more of `now`, the gaps and the packets refused.
    func testALiveSourceSaysTheFlagsTheRateTheGapsAndTheDrops() throws {
        let daemon = try Daemon()
        let source = IMUDLiveSource(configuration: daemon.configuration())
        waitUntil("the client to subscribe") {
            daemon.publisher.acceptPendingSubscribers()
            return daemon.publisher.subscriberCount == 1
        }
        XCTAssertEqual(source.health(now: 10), "imud -- Hz, 0 gaps, 0 drops", "no rate before a second has passed")
        for seq in 0..<UInt32(10) { daemon.send(nedFromIMU: .identity, flags: [.fusionConverged], seq: seq) }
        waitUntil("ten packets") { source.status(now: 0) == "imud connected, wire v14, 10 packets, 0 gaps" }
        XCTAssertEqual(source.health(now: 10.5), "imud -- Hz, 0 gaps, 0 drops", "half a second is not enough to measure")
        XCTAssertEqual(source.health(now: 12), "imud 5 Hz, 0 gaps, 0 drops", "10 packets in the 2 s since the first look")
        let reading = source.reading(now: afterEveryPacket)
        XCTAssertEqual(reading.frame, "heading arbitrary (imud: no mag_valid)")
        XCTAssertFalse(reading.greyed)

        // imu_seq steps by 1, then by 11 (10 packets missed, one gap), then by 1 again past a frame whose CRC fails,
        // refused (its own imu_seq never counts).
        daemon.send(nedFromIMU: .identity, flags: [.fusionConverged], seq: 20)
        var corrupt = IMUDPacket(flags: [.fusionConverged], quaternion: SIMD4(1, 0, 0, 0), imuSeq: 500).encoded()
        corrupt[110] ^= 0xFF
        daemon.publisher.publish(encoded: corrupt)
        daemon.send(nedFromIMU: .identity, flags: [.startup], seq: 21)
        // The drops are counted after the packets read with them: wait for both.
        waitUntil("the startup packet and the drop") {
            source.fusion(now: 0) == "imud's, not converged (starting up)" && source.health(now: 12.5).hasSuffix("1 drops")
        }
        XCTAssertEqual(source.status(now: 0), "imud startup (fusion not converged), wire v14, 12 packets, 1 gaps")
        XCTAssertEqual(source.health(now: 12.5), "imud 5 Hz, 1 gaps, 1 drops", "the rate measured at 12 s holds until 13 s")
        XCTAssertTrue(source.reading(now: afterEveryPacket).greyed, "not converged: grey")

        daemon.send(nedFromIMU: .identity, flags: [.shutdown], seq: 22)
        waitUntil("the shutdown packet") { source.fusion(now: 0) == "imud's, daemon shut down" }
        XCTAssertTrue(source.reading(now: afterEveryPacket).greyed)
    }

    /// `snapshot --imud` draws the first valid packet, named as the live source names it; with no daemon it is refused
    /// after the timeout, naming the endpoint.
    func testTheFirstPacketIsASceneAndNoDaemonIsRefused() throws {
        let daemon = try Daemon()
        // nonisolated(unsafe): the publisher is not thread-safe; it is handed to the sender thread, and this thread
        // does not touch it until the sender is done (the first packet has been read).
        nonisolated(unsafe) let publisher = daemon.publisher
        let sender = Thread {
            // Gives up at the deadline only a hang reaches; then firstPacket times out and says so.
            let deadline = Date(timeIntervalSinceNow: 10)
            while publisher.subscriberCount == 0 && Date() < deadline { publisher.acceptPendingSubscribers(); usleep(1000) }
            publisher.publish(IMUDPacket(flags: [.magValid], quaternion: SIMD4(1, 0, 0, 0), imuSeq: 5))
        }
        sender.start()
        let scene = try IMUDLiveSource.firstPacket(of: daemon.configuration(), timeout: 10)
        // The identity into NED with the aligned mount, by hand: camera looking north, so X east (-Y_W), Y up, Z south.
        XCTAssertLessThan((scene.worldFromDevice.rotate([1, 0, 0]) - [0, -1, 0]).length, 1e-6)
        XCTAssertLessThan((scene.worldFromDevice.rotate([0, 0, 1]) - [-1, 0, 0]).length, 1e-6)
        XCTAssertEqual(scene.frame, "X north, Y west, Z up (from imud)")
        XCTAssertEqual(scene.description, "imud, first packet")
        XCTAssertEqual(scene.fusion, "imud's, not converged (starting up)", "the packet did not say fusion converged")

        let nobody = daemon.folder.appendingPathComponent("nobody.sock").path
        var configuration = daemon.configuration()
        configuration.endpoint = .unix(path: nobody)
        XCTAssertThrowsError(try IMUDLiveSource.firstPacket(of: configuration, timeout: 0.2)) {
            XCTAssertTrue("\($0)".hasPrefix("no valid imud packet from unix:\(nobody) within 0.2 s"), "\($0)")
        }
    }
}

