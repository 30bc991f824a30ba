import AttitudeLog
import AttitudeMath
import Foundation
import MonotonicTime
import TestSupport
import Workers
import XCTest
@testable import IMUD

final class ReplayTests: SocketTestCase {
    /// Ten attitudes 20 ms apart, starting at t = 5 s in the file (the log re-bases them to 0).
    private let samples = Array(RandomAttitudes(seed: 99, count: 10)).enumerated().map {
        AttitudeSample(t: 5 + Double($0.offset) * 0.02, worldFromDevice: $0.element)
    }
    private var log: AttitudeLog {
        get throws { try AttitudeLog(samples: samples, frame: .xMagneticNorthZVertical) }
    }

    func testReplaySendsEverySampleAtItsTimeThenAShutdownPacket() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, _, collector) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        let replay = try IMUDReplay(log: try log, publisher: publisher, options: IMUDReplayOptions(speed: 2))
        let startedWallNs = IMUDClock.wallNanoseconds()
        replay.run()
        waitUntil("the shutdown packet") { client.state == .daemonShutdown }
        let received = collector.current
        XCTAssertEqual(received.map(\.imuSeq), Array(0...10))
        for (index, sample) in samples.enumerated() {
            XCTAssertLessThan(received[index].worldFromDevice.angle(to: sample.worldFromDevice), 1e-6)
            XCTAssertEqual(received[index].flags, [.fusionConverged, .magValid], "a magnetic-north log: mag_valid set")
        }
        XCTAssertTrue(received[10].flags.contains(.shutdown))
        XCTAssertLessThan(received[10].worldFromDevice.angle(to: samples[9].worldFromDevice), 1e-6)
        // Paced, not sent as fast as possible: packet k leaves no earlier than k·20 ms / 2 after run() began
        // (its send time, tsWallNs, is stamped as it leaves). A loaded machine can only make a packet later,
        // so these lower bounds cannot fail by chance; how late it may be is the latency benchmark's business.
        for k in 0..<10 {
            let sentAfter = Double(Int64(bitPattern: received[k].tsWallNs &- startedWallNs)) / 1e9
            XCTAssertGreaterThanOrEqual(sentAfter, Double(k) * 0.02 / 2 - 0.0005, "packet \(k) left before its time")
        }
        XCTAssertEqual(received.map(\.tsWallNs), received.map(\.tsWallNs).sorted(), "packets left in log order")
        XCTAssertEqual(received.map(\.receivedAt), received.map(\.receivedAt).sorted(), "and were handed over in that order")
    }

    /// Packets carry the rate the attitudes turn at, in imud's body frame through the mount (as imud's gyro_x/y/z);
    /// `angularRate: false` leaves it zero. A body turning at a constant rate about the device's x axis, with a
    /// yaw90 mount: the rate is the device rate turned into the IMU's body frame.
    func testPacketsCarryTheAngularRateInTheIMUsBodyFrame() throws {
        let rate = SIMD3<Double>(0.8, 0, 0)
        let turning = (0..<20).map { k in
            AttitudeSample(t: Double(k) * 0.01, worldFromDevice: Quaternion(axis: [0.2, 0.5, 1], angle: 0.3)
                           * Quaternion(axis: [1, 0, 0], angle: rate.x * Double(k) * 0.01))
        }
        let mapping = IMUDFrameMapping(mount: try IMUDMount(parsing: "yaw90"))
        for angularRate in [true, false] {
            let path = socketPath()
            let publisher = try IMUDPublisher(outputs: [.unix(path: path)], mapping: mapping)
            let (client, _, collector) = startClient(.unix(path: path), mount: mapping.mount)
            acceptSubscribers(publisher)
            let replay = try IMUDReplay(log: try AttitudeLog(samples: turning, frame: .xMagneticNorthZVertical), publisher: publisher,
                                        options: IMUDReplayOptions(speed: 4, angularRate: angularRate))
            replay.run()
            waitUntil("the shutdown packet") { client.state == .daemonShutdown }
            let expected = mapping.imuRate(deviceRate: rate)
            // yaw90: the IMU's forward axis is the camera's right, so the device's x (right) is the IMU body's x.
            XCTAssertEqual(expected.x, 0.8, accuracy: 1e-9)
            for sample in collector.current.dropLast() {
                let gyro = SIMD3<Double>(sample.packet.gyro)
                if angularRate {
                    // At speed 4 the body turns four times as fast.
                    XCTAssertLessThan((gyro - 4 * expected).length, 1e-4)
                } else {
                    XCTAssertEqual(gyro, .zero)
                }
            }
        }
    }

    /// Log time 0 goes out at the monotonic instant asked for, not before.
    /// The library refuses options a replay cannot keep, naming the value and not a command line's flag (the
    /// command line checks its own options first, and names them).
    func testRefusedOptionsNameNoFlag() throws {
        let publisher = try IMUDPublisher(outputs: [.unix(path: socketPath())])
        defer { publisher.close() }
        for options in [IMUDReplayOptions(speed: 0), IMUDReplayOptions(rateHz: 0), IMUDReplayOptions(startAt: 1e300)] {
            XCTAssertThrowsError(try IMUDReplay(log: try log, publisher: publisher, options: options)) { error in
                let text = "\(error)"
                XCTAssertFalse(text.contains("--"), text)
                XCTAssertTrue(["speed 0.0", "rate 0.0", "start time"].contains { text.hasPrefix($0) }, text)
            }
        }
    }

    func testStartAtWaitsForItsInstant() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, _, collector) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        let start = MonotonicClock.now() + 0.3
        let replay = try IMUDReplay(log: try log, publisher: publisher, options: IMUDReplayOptions(speed: 4, startAt: start))
        replay.run()
        waitUntil("the shutdown packet") { client.state == .daemonShutdown }
        XCTAssertGreaterThanOrEqual(collector.current[0].receivedAt, start)
        XCTAssertThrowsError(try IMUDReplay(log: try log, publisher: publisher, options: IMUDReplayOptions(startAt: .nan)))
    }

    func testStopRequestEndsALoopWithAShutdownPacket() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, _, collector) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        let replay = try IMUDReplay(log: try log, publisher: publisher,
                                    options: IMUDReplayOptions(speed: 4, loop: true, startupSeconds: 0.05))
        // Stop once the loop has gone past the end of the log (an event, not a sleep that load could outlast).
        let stopper = Thread {
            let deadline = Date(timeIntervalSinceNow: 30)
            while collector.current.count <= 12 && Date() < deadline { usleep(1000) }
            replay.requestStop()
        }
        stopper.start()
        replay.run()
        XCTAssertGreaterThan(replay.packetsSent, 10, "looped past the end of the log")
        waitUntil("the shutdown packet") { client.state == .daemonShutdown }
        let received = collector.current
        XCTAssertEqual(received.count, replay.packetsSent)
        XCTAssertTrue(received[0].flags.contains(.startup), "the first 50 ms of log time are flagged startup")
        XCTAssertFalse(received[0].flags.contains(.fusionConverged))
        XCTAssertEqual(received[3].flags, [.fusionConverged, .magValid])
        XCTAssertEqual(received.filter { $0.flags.contains(.shutdown) }.map(\.imuSeq), [UInt32(replay.packetsSent - 1)])
        XCTAssertEqual(client.statistics.sequenceGaps, 0)
    }

    /// A 6D fusion's log (xArbitraryZVertical) or one that names no frame: every packet, the shutdown one too,
    /// clears mag_valid, so a reader never takes its heading for magnetic north.
    func testAnArbitraryHeadingIsPublishedWithMagValidClear() throws {
        for frame in [ReferenceFrame.xArbitraryZVertical, .xArbitraryCorrectedZVertical, nil] {
            let path = socketPath()
            let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
            let (client, _, collector) = startClient(.unix(path: path))
            acceptSubscribers(publisher)
            let replay = try IMUDReplay(log: try AttitudeLog(samples: samples, frame: frame), publisher: publisher,
                                        options: IMUDReplayOptions(speed: 4))
            XCTAssertEqual(replay.headingFlags, [])
            replay.run()
            waitUntil("the shutdown packet", timeout: 3) { client.state == .daemonShutdown }
            let received = collector.current
            XCTAssertEqual(received.count, 11)
            XCTAssertTrue(received.allSatisfy { !$0.flags.contains(.magValid) }, "\(String(describing: frame))")
            XCTAssertEqual(received[0].flags, [.fusionConverged])
            client.stop()
            publisher.close()
        }
        XCTAssertEqual(IMUDReplay.headingFlags(for: .xTrueNorthZVertical), [.magValid])
    }

    func testFixedRateReplayInterpolates() throws {
        let a = Quaternion.identity, b = Quaternion(axis: [0, 0, 1], angle: 1)
        let two = try AttitudeLog(samples: [AttitudeSample(t: 0, worldFromDevice: a), AttitudeSample(t: 0.1, worldFromDevice: b)],
                                  frame: nil)
        XCTAssertLessThan(two.attitude(at: 0.025).angle(to: Quaternion(axis: [0, 0, 1], angle: 0.25)), 1e-12)
        XCTAssertEqual(two.attitude(at: -1), a)
        XCTAssertEqual(two.attitude(at: 7), b)
        let publisher = try IMUDPublisher(outputs: [])
        let replay = try IMUDReplay(log: two, publisher: publisher, options: IMUDReplayOptions(speed: 10, rateHz: 100))
        replay.run()
        XCTAssertEqual(replay.packetsSent, 11 + 1)
    }

    func testBadReplayInputIsRefused() throws {
        let publisher = try IMUDPublisher(outputs: [])
        // An empty or time-reversed sample list never reaches the replay: AttitudeLog refuses it.
        XCTAssertThrowsError(try AttitudeLog(samples: [], frame: nil))
        XCTAssertThrowsError(try AttitudeLog(samples: [AttitudeSample(t: 1, worldFromDevice: .identity),
                                                       AttitudeSample(t: 0.5, worldFromDevice: .identity)], frame: nil)) { error in
            XCTAssertTrue("\(error)".contains("sample 1"), "\(error)")
        }
        XCTAssertThrowsError(try IMUDReplay(log: try log, publisher: publisher, options: IMUDReplayOptions(speed: 0)))
        XCTAssertThrowsError(try IMUDReplay(log: try log, publisher: publisher, options: IMUDReplayOptions(rateHz: -3)))
    }
}
