import AttitudeLog
import AttitudeMath
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MonotonicTime
import Workers

/// How a log is replayed.
public struct IMUDReplayOptions: Equatable, Sendable {
    /// The packet rates a replay (and the latency benchmark) sends at: above 0, up to 10,000 per second.
    public static let largestRateHz = 10_000.0

    /// Whether `rateHz` is a rate a replay sends at (`largestRateHz`).
    public static func isRate(_ rateHz: Double) -> Bool { rateHz.isFinite && rateHz > 0 && rateHz <= largestRateHz }

    /// Playback speed: 2 plays twice as fast.
    public var speed: Double = 1
    /// Start again from the first sample after the last.
    public var loop = false
    /// Packets per second, attitudes interpolated with slerp; nil sends one packet per log sample at its own time.
    public var rateHz: Double?
    /// Seconds at the start flagged `startup` without `fusionConverged`, as a daemon that is still settling.
    public var startupSeconds: Double = 0
    /// Fill the packets' `gyro_x/y/z` with the angular rate the attitudes turn at (as imud fills them from its
    /// gyroscope); false leaves them zero, an attitude-only stream.
    public var angularRate = true
    /// The CLOCK_MONOTONIC second (`MonotonicClock`) at which log time 0 is sent; nil: as soon as `run()` starts.
    /// Two programs given the same instant play in step.
    public var startAt: Double?

    public init(speed: Double = 1, loop: Bool = false, rateHz: Double? = nil, startupSeconds: Double = 0,
                angularRate: Bool = true, startAt: Double? = nil) {
        self.speed = speed
        self.loop = loop
        self.rateHz = rateHz
        self.startupSeconds = startupSeconds
        self.angularRate = angularRate
        self.startAt = startAt
    }
}

/// Replays timed attitudes through an `IMUDPublisher` in real time, then sends imud's final shutdown packet.
// @unchecked Sendable: `requestStop()` is the one call made from another thread, and the stop flag it
// sets is `Locked`; the schedule is constant and `packetsSent` belongs to the thread in `run()`.
public final class IMUDReplay: @unchecked Sendable {
    /// Log time (seconds from the first sample), the attitude to send then and the rate it turns at
    /// (device frame, rad/s; nil without `angularRate`).
    private let schedule: [(offset: Double, worldFromDevice: Quaternion, deviceRate: SIMD3<Double>?)]
    /// Log seconds from one pass's start to the next when looping.
    private let period: Double
    private let publisher: IMUDPublisher
    private let options: IMUDReplayOptions
    private let wake: WakePipe
    private let stopRequested = Locked(false)
    public private(set) var packetsSent = 0
    /// `magValid` when the log's heading is referenced to north, else none: a heading that is arbitrary
    /// (a 6D fusion, an AHRS still initialising) or unknown is never published as a magnetic one.
    public let headingFlags: IMUDFlags

    /// The flags that say whether a log in `frame` has a north-referenced heading (imud spec.md §8, bit 0
    /// `mag_valid`): set for magnetic or true north, clear for an arbitrary heading or a log that names no frame.
    public static func headingFlags(for frame: ReferenceFrame?) -> IMUDFlags {
        switch frame {
        case .xMagneticNorthZVertical, .xTrueNorthZVertical: return [.magValid]
        case .xArbitraryZVertical, .xArbitraryCorrectedZVertical, nil: return []
        }
    }

    /// Checks the options. The log itself is already valid: at least one sample, finite times that
    /// never decrease, the first at t = 0 (`AttitudeLog` guarantees it).
    public init(log: AttitudeLog, publisher: IMUDPublisher, options: IMUDReplayOptions = IMUDReplayOptions()) throws {
        guard Playback.isSpeed(options.speed) else { throw IMUDError("speed \(options.speed): must be a positive number") }
        if let rate = options.rateHz, !IMUDReplayOptions.isRate(rate) {
            throw IMUDError(String(format: "rate %@: must be between 0 and %g packets per second", "\(rate)", IMUDReplayOptions.largestRateHz))
        }
        if let startAt = options.startAt, let problem = TimeBounds.problem(startAt: startAt) {
            throw IMUDError("start time \(problem)")
        }
        let samples = log.samples
        let duration = log.duration
        var schedule: [(offset: Double, worldFromDevice: Quaternion)] = []
        let spacing: Double
        if let rate = options.rateHz {
            spacing = 1 / rate
            var k = 0
            while Double(k) * spacing <= duration + 1e-9 {
                let offset = Double(k) * spacing
                schedule.append((offset, log.attitude(at: offset)))
                k += 1
            }
        } else {
            schedule = samples.map { ($0.t, $0.worldFromDevice) }
            spacing = Median.of(zip(samples.dropFirst(), samples).map { $0.t - $1.t }.filter { $0 > 0 }) ?? 0.01
        }
        self.schedule = schedule.indices.map { i in
            guard options.angularRate else { return (schedule[i].offset, schedule[i].worldFromDevice, nil) }
            return (schedule[i].offset, schedule[i].worldFromDevice, Self.deviceRate(around: i, in: schedule))
        }
        self.headingFlags = Self.headingFlags(for: log.frame)
        self.period = duration + spacing
        self.publisher = publisher
        self.options = options
        wake = try WakePipe()
    }

    /// The rate the body turned at up to entry `i`, as a gyroscope sample gives it (docs/conventions.md: the rate since
    /// the previous sample): the attitudes of entries i-1 and i differenced over their times (the first entry takes
    /// the interval after it), in the device frame, rad/s.
    static func deviceRate(around i: Int, in schedule: [(offset: Double, worldFromDevice: Quaternion)]) -> SIMD3<Double> {
        let a = max(0, i - 1), b = min(schedule.count - 1, max(i, 1))
        return Quaternion.bodyRate(from: schedule[a].worldFromDevice, to: schedule[b].worldFromDevice,
                                   over: schedule[b].offset - schedule[a].offset)
    }

    /// Asks `run()` to send the shutdown packet and return. Safe from any thread.
    public func requestStop() {
        stopRequested.withLock { $0 = true }
        wake.signal()
    }

    private var isStopRequested: Bool { stopRequested.current }

    /// Sends the schedule in real time (serving new subscribers while it waits) until the log ends
    /// without `loop`, or `requestStop()`; then sends a final packet flagged `shutdown`.
    public func run() {
        let start = options.startAt ?? MonotonicClock.now()
        var seq: UInt32 = 0
        var lastAttitude = schedule[0].worldFromDevice
        var pass = 0
        outer: while true {
            for entry in schedule {
                let logTime = Double(pass) * period + entry.offset
                if !wait(until: start + logTime / options.speed) { break outer }
                let settling = logTime < options.startupSeconds
                let flags = (settling ? IMUDFlags.startup : IMUDFlags.fusionConverged).union(headingFlags)
                publisher.publish(publisher.packet(worldFromDevice: entry.worldFromDevice, deviceRate: entry.deviceRate.map { $0 * options.speed },
                                                   flags: flags, imuSeq: seq))
                packetsSent += 1
                seq &+= 1
                lastAttitude = entry.worldFromDevice
            }
            guard options.loop else { break }
            pass += 1
        }
        publisher.acceptPendingSubscribers()
        publisher.publish(publisher.packet(worldFromDevice: lastAttitude, flags: headingFlags.union([.fusionConverged, .shutdown]), imuSeq: seq))
        packetsSent += 1
    }

    /// Waits until the monotonic `deadline`, accepting subscribers meanwhile. False when asked to stop.
    private func wait(until deadline: Double) -> Bool {
        while true {
            if isStopRequested { return false }
            publisher.acceptPendingSubscribers()
            let remaining = deadline - MonotonicClock.now()
            if remaining <= 0 { return true }
            if remaining < 0.002 {
                // poll's millisecond timeout is too coarse for the last stretch.
                Socket.sleep(until: deadline)
                return !isStopRequested
            }
            var fds = [pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)]
            fds += publisher.listeningDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), pollMilliseconds(remaining - 0.001))
        }
    }
}
