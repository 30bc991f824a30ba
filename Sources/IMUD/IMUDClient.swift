import AttitudeMath
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import MonotonicTime
import Workers

/// Receives imud's packets on a thread of its own and keeps the newest valid attitude for the renderer.
///
/// The render loop calls `latest()` and `state`, which only take a short lock and never wait for the
/// network. The client reconnects with backoff (0.1 s doubling to 2 s) when the daemon goes away,
/// says "waiting for imud at ENDPOINT" on the log (stderr by default) while it has no data, and
/// reports `imu_seq` gaps there too.
// @unchecked Sendable: every field the client thread and its callers share (latest sample, state,
// statistics, stop flag) is read and written under `condition`; the configuration is a constant given at
// init, so the thread only reads what was fixed before it started.
public final class IMUDClient: @unchecked Sendable {
    /// Everything a client is told before it starts: where imud is, how its frame maps to ours, its timings,
    /// where its status lines go and who is handed each sample.
    public struct Configuration {
        public var endpoint: IMUDEndpoint
        public var coordFrame: IMUDCoordFrame
        public var mount: IMUDMount
        /// Seconds without a valid packet after which the state becomes `waiting` and a stream is re-dialled.
        public var staleAfter: Double = 2
        /// First reconnect delay in seconds; it doubles up to `maxBackoff`.
        public var initialBackoff: Double = 0.1
        public var maxBackoff: Double = 2
        /// Where status lines go, as warnings.
        public var logger = Logger(label: "steady-dice.imud")
        /// Called on the client's thread for every delivered sample, right after it became `latest()`; keep it short.
        public var onSample: ((IMUDSample) -> Void)?

        public init(endpoint: IMUDEndpoint = .default, coordFrame: IMUDCoordFrame = .ned, mount: IMUDMount = .aligned) {
            self.endpoint = endpoint
            self.coordFrame = coordFrame
            self.mount = mount
        }
    }

    public let configuration: Configuration
    public var endpoint: IMUDEndpoint { configuration.endpoint }
    public let mapping: IMUDFrameMapping

    private let condition: NSCondition
    /// The receiving thread; its stop flag is under `condition` too.
    private let worker: WorkerThread
    // Guarded by `condition`:
    private var latestSample: IMUDSample?
    private var currentState = IMUDConnectionState.waiting
    private var stats = IMUDClientStatistics()
    private var lastProblem: String?

    private let wake: WakePipe?

    // Owned by the client thread:
    private var framer = IMUDStreamFramer()
    private var datagramDrops = IMUDDropCounts()
    private var invalidAttitudes = 0
    private var announcedWaiting = false
    private var lastSeq: UInt32?
    private var recentSteps: [UInt32] = []
    private var unreportedMissed = 0
    private var lastGapReport = -Double.infinity

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        mapping = IMUDFrameMapping(coordFrame: configuration.coordFrame, mount: configuration.mount)
        let condition = NSCondition()
        self.condition = condition
        worker = WorkerThread(condition: condition)
        wake = try? WakePipe()
    }

    /// A status line, as a warning on the configured logger.
    private func say(_ line: String) { configuration.logger.warning("\(line)") }

    /// A client with the default timings, logging to `steady-dice.imud`, handing samples to nobody.
    public convenience init(endpoint: IMUDEndpoint = .default, coordFrame: IMUDCoordFrame = .ned, mount: IMUDMount = .aligned) {
        self.init(Configuration(endpoint: endpoint, coordFrame: coordFrame, mount: mount))
    }

    deinit { stop() }

    // MARK: - API for the renderer

    /// The newest valid sample, or nil before the first. Never blocks on the network.
    /// The sample stays after the daemon goes away; check `state` to grey the die.
    public func latest() -> IMUDSample? {
        condition.lock()
        defer { condition.unlock() }
        return latestSample
    }

    public var state: IMUDConnectionState {
        condition.lock()
        defer { condition.unlock() }
        return currentState
    }

    public var statistics: IMUDClientStatistics {
        condition.lock()
        defer { condition.unlock() }
        return stats
    }

    /// Starts the receiving thread. Calling it again does nothing.
    public func start() {
        worker.start(name: "imud-client", qualityOfService: .userInteractive, body: { [self] in run() })
    }

    /// Stops the thread and closes the socket; returns once the thread has ended.
    public func stop() {
        worker.stop(wake: { wake?.signal() })
    }

    /// Blocks until a valid, non-shutdown sample has arrived (starting the client if needed) and returns it.
    /// Throws after `timeout` seconds, naming the endpoint and the last problem met.
    public func waitForFirstValid(timeout: Double) throws -> IMUDSample {
        start()
        // Clamped to 1e7 s (116 days): NSCondition turns the date into a timespec, which traps for `--timeout 1e300`.
        let deadline = Date(timeIntervalSinceNow: min(timeout, 1e7))
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let sample = latestSample, !sample.flags.contains(.shutdown) { return sample }
            if worker.isStoppingWhileLocked || !condition.wait(until: deadline) { break }
        }
        if let sample = latestSample, !sample.flags.contains(.shutdown) { return sample }
        var message = "no valid imud packet from \(endpoint) within \(IMUDClient.format(timeout)) s"
        if let lastProblem { message += ": \(lastProblem)" }
        if stats.drops.total > 0 { message += " (dropped: \(stats.drops))" }
        throw IMUDError(message)
    }

    // MARK: - Thread

    private var isStopping: Bool { worker.isStopping }

    private func run() {
        guard let wake else {
            noteWaiting("cannot create the client's wake-up pipe")
            return
        }
        let backoff = Backoff(initial: configuration.initialBackoff, maximum: configuration.maxBackoff)
        var attempt = 1
        while !isStopping {
            let fd: Int32
            do {
                fd = try connect()
            } catch {
                noteWaiting("\(error)")
                if !worker.sleep(until: MonotonicClock.now() + backoff.delay(beforeAttempt: attempt)) { break }
                attempt += 1
                continue
            }
            update { $0.connections += 1 }
            lastSeq = nil
            recentSteps.removeAll()
            let before = statistics.validPackets
            let outcome = serve(fd, wake: wake)
            close(fd)
            if statistics.validPackets > before { attempt = 1 }
            guard let problem = outcome else { break }
            noteWaiting(problem)
            if !worker.sleep(until: MonotonicClock.now() + backoff.delay(beforeAttempt: attempt)) { break }
            attempt += 1
        }
    }

    private func connect() throws -> Int32 {
        switch endpoint {
        case .unix(let path): return try Socket.connectUnix(path: path)
        case .tcp(let host, let port): return try Socket.connectTCP(host: host, port: port, timeout: 2)
        case .udp(let group, let bindAddress, let port): return try Socket.bindUDP(group: group, bindAddress: bindAddress, port: port)
        }
    }

    /// How a connection's bytes arrive: a stream's, cut into packets by the framer, or datagrams, one packet each.
    private enum Transport {
        case stream, datagrams

        /// Bytes read at a time: a stream's whole backlog, or the largest datagram imud sends.
        var capacity: Int { self == .stream ? 64 * 1024 : 2048 }
        /// What a connection without a valid packet for `staleAfter` is called.
        var silence: String { self == .stream ? "no valid packet" : "no valid datagram" }
        /// A silent stream is given up and connected again; a datagram socket stays bound, and silence only changes the state.
        var givesUpWhenSilent: Bool { self == .stream }
    }

    /// Reads `fd` until the connection ends, fails or (a stream) falls silent, each valid packet delivered; returns why,
    /// or nil when asked to stop.
    private func serve(_ fd: Int32, wake: WakePipe) -> String? {
        let transport: Transport = endpoint.isStream ? .stream : .datagrams
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: transport.capacity, alignment: 8)
        defer { buffer.deallocate() }
        var lastValid = MonotonicClock.now()
        while true {
            switch waitForPacket(fd, wake: wake, lastValid: lastValid) {
            case .stop: return nil
            case .timeout:
                let silence = "\(transport.silence) for \(IMUDClient.format(configuration.staleAfter)) s"
                if transport.givesUpWhenSilent { return silence }
                noteWaiting(silence)
                lastValid = MonotonicClock.now()
                continue
            case .readable: break
            }
            let ended = readPackets(fd, transport, buffer: buffer) { if deliver($0) { lastValid = MonotonicClock.now() } }
            publishDrops()
            if let ended { return ended }
        }
    }

    /// The next packets readable on `fd`, each handed to `packet`: a stream's next bytes through the framer, or every
    /// datagram waiting. Returns why the connection ended, or nil while it goes on.
    private func readPackets(_ fd: Int32, _ transport: Transport, buffer: UnsafeMutableRawBufferPointer,
                             packet: (IMUDPacket) -> Void) -> String? {
        switch transport {
        case .stream:
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { return nil }
            guard count > 0 else {
                let reason = count == 0 ? "imud closed the connection" : "read failed: \(errnoText())"
                framer.endOfStream()
                return reason
            }
            framer.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            while let next = framer.nextPacket() { packet(next) }
            return nil
        case .datagrams:
            while true {
                let count = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
                if count < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return nil }
                    return "receive failed: \(errnoText())"
                }
                switch IMUDPacket.decode(datagram: UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                case .success(let next): packet(next)
                case .failure(let reason): datagramDrops[reason] += 1
                }
            }
        }
    }

    private enum Wait { case readable, timeout, stop }

    /// Waits until `fd` is readable, a stop is asked for, or `staleAfter` seconds have passed since the
    /// last valid packet at `lastValid`.
    private func waitForPacket(_ fd: Int32, wake: WakePipe, lastValid: Double) -> Wait {
        waitReadable(fd, wake: wake, seconds: configuration.staleAfter - (MonotonicClock.now() - lastValid))
    }

    private func waitReadable(_ fd: Int32, wake: WakePipe, seconds: Double) -> Wait {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)]
        let milliseconds = pollMilliseconds(seconds)
        let ready = poll(&fds, 2, milliseconds)
        if fds[1].revents != 0 || isStopping { return .stop }
        if ready == 0 { return .timeout }
        return .readable   // errors and hang-ups surface in the following read
    }

    // MARK: - Delivery

    /// Checks the sequence, maps the attitude and hands the sample over. Returns whether the packet was valid.
    private func deliver(_ packet: IMUDPacket) -> Bool {
        checkSequence(packet.imuSeq)
        noteVersion(packet.version)
        let q = packet.quaternion
        let newState: IMUDConnectionState
        if packet.flags.contains(.shutdown) {
            newState = .daemonShutdown
            lastSeq = nil
        } else if packet.flags.contains(.startup) || !packet.flags.contains(.fusionConverged) {
            newState = .startup
        } else {
            newState = .connected
        }
        guard let referenceFromBody = try? Quaternion.validated(w: Double(q[0]), x: Double(q[1]), y: Double(q[2]), z: Double(q[3])) else {
            invalidAttitudes += 1
            update { $0.validPackets += 1 }
            setState(newState)
            return true
        }
        let sample = IMUDSample(worldFromDevice: mapping.worldFromDevice(packetQuaternion: referenceFromBody),
                                packet: packet, receivedAt: MonotonicClock.now())
        // A state's line is said before the state is published (`announce`); only this thread writes the state.
        if currentState != newState { announce(newState) }
        condition.lock()
        latestSample = sample
        stats.validPackets += 1
        currentState = newState
        lastProblem = nil
        condition.broadcast()
        condition.unlock()
        configuration.onSample?(sample)
        return true
    }

    /// Counts the packet's wire version and says on the log when it is the first or a different one.
    private func noteVersion(_ version: UInt16) {
        condition.lock()
        let previous = stats.wireVersion
        stats.wireVersion = version
        stats.packetsByVersion[version, default: 0] += 1
        condition.unlock()
        if previous != version {
            say("imud at \(endpoint): wire version \(version) (\(IMUDPacket.size(ofVersion: version) ?? 0) bytes)"
                + (previous.map { ", was \($0)" } ?? ""))
        }
    }

    private func checkSequence(_ seq: UInt32) {
        defer { lastSeq = seq }
        guard let last = lastSeq else { return }
        let step = seq &- last
        if step == 0 || step > UInt32.max / 2 {
            update { $0.sequenceResets += 1 }
            recentSteps.removeAll()
            return
        }
        // imud's counter may advance by more than one per packet (it counts IMU samples), so a gap is
        // a step clearly larger than the smallest recent one.
        if let nominal = recentSteps.min(), Double(step) > 1.5 * Double(nominal) {
            let missed = max(1, Int((Double(step) / Double(nominal)).rounded()) - 1)
            update {
                $0.sequenceGaps += 1
                $0.missedPackets += missed
            }
            unreportedMissed += missed
            let now = MonotonicClock.now()
            if now - lastGapReport >= 1 {
                let total = statistics
                say("imud at \(endpoint): imu_seq gap, \(unreportedMissed) packet(s) missed "
                    + "(\(total.missedPackets) in \(total.sequenceGaps) gap(s) so far)")
                unreportedMissed = 0
                lastGapReport = now
            }
            return
        }
        recentSteps.append(step)
        if recentSteps.count > 32 { recentSteps.removeFirst() }
    }

    // MARK: - State and logging

    private func update(_ change: (inout IMUDClientStatistics) -> Void) {
        condition.lock()
        change(&stats)
        condition.unlock()
    }

    private func publishDrops() {
        var total = framer.counts
        total.badMagic += datagramDrops.badMagic
        total.wrongVersion += datagramDrops.wrongVersion
        total.badCRC += datagramDrops.badCRC
        total.truncated += datagramDrops.truncated
        total.oversized += datagramDrops.oversized
        total.invalidAttitude = invalidAttitudes
        update { $0.drops = total }
    }

    /// Says the new state's line, then publishes the state: whoever sees the state finds its line said (a test waits
    /// for `waiting`, then reads the log). The state is written on the client's thread only.
    private func setState(_ newState: IMUDConnectionState) {
        if currentState != newState { announce(newState) }
        condition.lock()
        currentState = newState
        condition.unlock()
    }

    private func announce(_ newState: IMUDConnectionState) {
        switch newState {
        case .waiting: break
        case .startup:
            announcedWaiting = false
            say("imud at \(endpoint): receiving, fusion not converged yet")
        case .connected:
            announcedWaiting = false
            say("imud at \(endpoint): connected")
        case .daemonShutdown:
            say("imud at \(endpoint) shut down")
        }
    }

    /// Enters `waiting` (keeping `daemonShutdown` if the daemon said goodbye) and says so once per outage.
    private func noteWaiting(_ problem: String) {
        if !announcedWaiting {  // said first, as `setState` says
            announcedWaiting = true
            say("waiting for imud at \(endpoint) (\(problem))")
        }
        condition.lock()
        lastProblem = problem
        if currentState != .daemonShutdown { currentState = .waiting }
        condition.unlock()
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(format: "%.3g", seconds)
    }
}
