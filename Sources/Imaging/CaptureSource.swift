import AttitudeMath
import CV4L2
import Foundation
import Logging
import MonotonicTime
import Pixels
import Workers

/// Something that delivers frames one at a time: a `VideoReader` over a file or a camera, or a fake
/// in tests. Used from one thread at a time.
public protocol FrameReader: AnyObject {
    /// The next frame; nil at the end of a file, or when a camera gave nothing this time.
    func next() throws -> VideoFrame?
    /// Moves so that `next()` returns frame `index` (0 first). Files only.
    func seek(frame index: Int) throws
}

extension VideoReader: FrameReader {}

/// How a live source is retried after it stops giving frames: doubling waits, capped.
public struct RetryPolicy: Equatable, Sendable {
    /// Failed reads in a row after which the source counts as lost and is reopened.
    public var failuresBeforeLost: Int
    /// Seconds before the first reopening attempt.
    public var initialDelay: Double
    /// Seconds the wait between attempts grows to and stays at.
    public var maximumDelay: Double
    /// Seconds without a frame after which a running source is reported as stalled (a read that
    /// blocks gives no error to count, so a watchdog says it instead).
    public var stallTimeout: Double

    public init(failuresBeforeLost: Int = 3, initialDelay: Double = 0.25, maximumDelay: Double = 4, stallTimeout: Double = 2) {
        self.failuresBeforeLost = max(1, failuresBeforeLost)
        self.initialDelay = initialDelay
        self.maximumDelay = max(initialDelay, maximumDelay)
        self.stallTimeout = stallTimeout
    }

    /// Seconds to wait before reopening attempt `attempt` (1 first).
    public func delay(beforeAttempt attempt: Int) -> Double {
        Backoff(initial: initialDelay, maximum: maximumDelay).delay(beforeAttempt: attempt)
    }
}

/// What a capture thread is doing. In every state but `running` the last frame stays in the mailbox.
public enum CaptureState: Equatable, Sendable {
    case running
    /// A live source stopped giving frames; reopening attempt `attempt` is under way or waiting.
    case reconnecting(attempt: Int)
    /// A file played without looping reached its end.
    case ended
    /// A file stopped decoding; the message says why.
    case failed(String)
    /// `stop()` was called.
    case stopped
}

/// What a live source's frame times (`CapturedFrame.captureTime`) are.
public enum FrameClock: Equatable, Sendable, CustomStringConvertible {
    /// Not known yet: no frame with a driver timestamp has come (arrival times meanwhile).
    case undecided
    /// The camera driver's buffer timestamps, on CLOCK_MONOTONIC. `startOfExposure`: true when the driver
    /// says they mark the start of exposure, false the end of the frame, nil when it could not be asked.
    case driver(startOfExposure: Bool?)
    /// When the capture thread received each frame, for the reason given.
    case arrival(reason: String)

    public var description: String {
        switch self {
        case .undecided: return "not decided yet"
        case .driver(let soe):
            let mark = soe.map { $0 ? "the start of exposure" : "the end of the frame" } ?? "a moment the driver does not say"
            return "the driver's timestamps (CLOCK_MONOTONIC, marking \(mark))"
        case .arrival(let reason): return "their arrival times (\(reason))"
        }
    }

    /// The short name files use: `driver-start-of-exposure`, `driver-end-of-frame`, `driver`, `arrival`.
    public var key: String {
        switch self {
        case .driver(let soe?): return soe ? "driver-start-of-exposure" : "driver-end-of-frame"
        case .driver(nil): return "driver"
        case .arrival, .undecided: return "arrival"
        }
    }
}

/// Frames from a camera or a video file, read on a thread of their own into a one-slot mailbox.
/// The renderer calls `latest()` at draw time and never waits; frames it did not take in time are
/// dropped. A camera that stops giving frames is reopened with backoff while the last frame stays;
/// a video file is paced at its own rate and loops unless told not to. Call `stop()` when done.
// @unchecked Sendable: the state the renderer asks about (state, the worker's stop flag, last post time,
// the watchdog) is guarded by `condition`; the reader and frame index belong to the capture thread once it
// has started, and frames cross over through the locked `FrameMailbox`.
public final class CaptureSource: @unchecked Sendable {
    public enum Pacing: Equatable, Sendable {
        /// Post every frame as soon as it is read (a camera paces itself); retry when lost.
        case live(RetryPolicy)
        /// Post each frame at its own presentation time (1 / framesPerSecond after the one before when it has
        /// none), in real time from the first; rewind at the end when looping (see `captureFile`).
        case file(framesPerSecond: Double, loop: Bool)
    }

    /// The source as messages name it: a file path, `camera 0`, or a device path.
    public let name: String
    public let pacing: Pacing
    public let mailbox = FrameMailbox()

    private let reopen: () throws -> FrameReader
    private let log: (String) -> Void
    /// Only the capture thread touches the reader once the thread has started.
    private var reader: FrameReader?
    private var nextFrameIndex: Int
    /// Guards the variables below it and the worker's flags; also wakes sleeps and waiters.
    private let condition: NSCondition
    /// The capture thread: started by init, stopped by `stop()`, which waits for it to let go of the source.
    private let worker: WorkerThread
    private var currentState = CaptureState.running
    private var lastPostTime = 0.0
    private var stallReported = false
    private var watchdog: DispatchSourceTimer?
    /// Called on the capture thread with every frame as posted, before the next is read.
    private let observer: ((CapturedFrame) -> Void)?
    /// The device whose buffer flags say what its timestamps mark (a camera's /dev/videoN).
    private let stampDevice: String?
    /// A file's: the CLOCK_MONOTONIC second its stream time 0 is shown at (nil: when the capture starts).
    private let fileStart: Double?
    /// A file's first frame, read by init and posted by the capture thread when `fileStart` comes.
    private var pendingFirst: VideoFrame?
    /// The frame clock as others read it, under `condition`.
    private var currentFrameClock = FrameClock.undecided
    /// The capture thread's own: the frame clock and the live frames seen before it was decided.
    private var threadFrameClock = FrameClock.undecided
    private var framesBeforeDecision = 0

    /// Starts capturing from `reader`, already open. A file's first frame (`startFrame`) is read
    /// before this returns, so a file that cannot be decoded throws here, naming it. `reopen` opens
    /// the source again (after a camera is lost, or when a file cannot rewind); `log` receives one
    /// line per event (lost, retrying, back, ended), from the capture thread.
    ///
    /// `observer` sees every frame posted, on the capture thread (a recorder keeps them all; the mailbox
    /// keeps the newest). A file with `fileStart` shows its first frame at that CLOCK_MONOTONIC second
    /// instead of at once. A camera's `stampDevice` is asked what its timestamps mark.
    public init(name: String, pacing: Pacing, reader: FrameReader, startFrame: Int = 0, fileStart: Double? = nil,
                stampDevice: String? = nil, observer: ((CapturedFrame) -> Void)? = nil,
                log: @escaping (String) -> Void, reopen: @escaping () throws -> FrameReader) throws {
        self.name = name
        self.pacing = pacing
        self.reader = reader
        self.reopen = reopen
        self.log = log
        self.observer = observer
        self.stampDevice = stampDevice
        self.fileStart = fileStart
        self.nextFrameIndex = startFrame
        let condition = NSCondition()
        self.condition = condition
        worker = WorkerThread(condition: condition)
        if case .file = pacing {
            if startFrame > 0 { try reader.seek(frame: startFrame) }
            guard let first = try reader.next() else {
                throw ImagingError.video(path: name, reason: startFrame > 0 ? "has no frame \(startFrame)"
                                         : "no frame could be decoded (not a video, or no decoder for its codec)")
            }
            if fileStart != nil {
                pendingFirst = first
            } else {
                let now = MonotonicClock.now()
                let posted = mailbox.post(first.image, captureTime: now, arrivalTime: now, streamPosition: first.position,
                                          frameIndex: startFrame)
                observer?(posted)
                nextFrameIndex = startFrame + 1
            }
        }
        if case .live(let policy) = pacing, policy.stallTimeout > 0 { startWatchdog(stallTimeout: policy.stallTimeout) }
        worker.start(name: "capture \(name)", body: { [self] in work() }, release: { [self] in releaseSource() })
    }

    // MARK: - Opening

    /// A video file, paced at its own frame rate (30 when it reports none), looping by default,
    /// starting at frame `startFrame`.
    public static func video(path: String, loop: Bool = true, startFrame: Int = 0, startAt: Double? = nil,
                             observer: ((CapturedFrame) -> Void)? = nil,
                             log: @escaping (String) -> Void = CaptureSource.logToStandardError) throws -> CaptureSource {
        let reader = try VideoReader(path: path)
        let fps = reader.framesPerSecond ?? 30
        return try CaptureSource(name: path, pacing: .file(framesPerSecond: fps, loop: loop), reader: reader,
                                 startFrame: startFrame, fileStart: startAt, observer: observer, log: log,
                                 reopen: { try VideoReader(path: path) })
    }

    /// A camera by index, or by device path (`/dev/video2`) when `devicePath` is given. No size and a
    /// zero rate keep the driver's defaults. Throws, naming the camera, when none opens there; call
    /// `waitForFirstFrame(timeout:)` to find a camera that opens but gives nothing.
    public static func camera(index: Int, devicePath: String? = nil, size: PictureSize? = nil, fps: Double = 0,
                              retry: RetryPolicy = RetryPolicy(), observer: ((CapturedFrame) -> Void)? = nil,
                              log: @escaping (String) -> Void = CaptureSource.logToStandardError) throws -> CaptureSource {
        if let devicePath, !FileManager.default.fileExists(atPath: devicePath) {
            throw ImagingError.video(path: devicePath, reason: "no such device")
        }
        let open = { () throws -> FrameReader in
            try VideoReader(cameraIndex: index, devicePath: devicePath, size: size, fps: fps)
        }
        return try CaptureSource(name: devicePath ?? "camera \(index)", pacing: .live(retry), reader: try open(),
                                 stampDevice: devicePath ?? "/dev/video\(index)", observer: observer, log: log, reopen: open)
    }

    /// Says `line` as a warning through the program's logger (`steady-dice: <line>` on stderr).
    public static func logToStandardError(_ line: String) {
        Logger(label: "steady-dice.imaging").warning("\(line)")
    }

    // MARK: - Reading (any thread)

    /// The newest complete frame; never waits for the capture thread.
    public func latest() -> CapturedFrame? { mailbox.latest() }

    public var state: CaptureState {
        condition.lock()
        defer { condition.unlock() }
        return currentState
    }

    /// What the frames' times are: a file's and a fake's are their arrival times; a camera's are the
    /// driver's own timestamps when they count CLOCK_MONOTONIC, decided at its first timestamped frame.
    public var frameClock: FrameClock {
        condition.lock()
        defer { condition.unlock() }
        if case .file = pacing { return .arrival(reason: "a video file standing in for a camera") }
        return currentFrameClock
    }

    /// Waits up to `timeout` seconds for a first frame; throws, naming the source, when none came.
    /// For start-up only: the render loop uses `latest()`.
    public func waitForFirstFrame(timeout: Double) throws {
        // Clamped to 1e7 s (116 days): NSCondition turns the date into a timespec, which traps for a huge timeout.
        let deadline = Date(timeIntervalSinceNow: min(timeout, 1e7))
        condition.lock()
        defer { condition.unlock() }
        while mailbox.latestGeneration == 0 {
            if worker.hasFinishedWhileLocked || !condition.wait(until: deadline) {
                if mailbox.latestGeneration > 0 { return }
                throw ImagingError.video(path: name, reason: String(format: "opened, but gave no frame within %.1f s "
                                         + "(busy in another program, or not a capture device)", timeout))
            }
        }
    }

    /// Stops the capture thread and waits (up to 2 s) for it to let go of the source.
    public func stop() {
        worker.stop(waitingAtMost: 2)
    }

    // MARK: - The capture thread

    private func work() {
        switch pacing {
        case .live(let policy): captureLive(policy)
        case .file(let fps, let loop): captureFile(period: 1 / (fps > 0 && fps.isFinite ? fps : 30), loop: loop)
        }
    }

    /// On the capture thread, after `work()` however it ended: the camera or file is let go of.
    private func releaseSource() {
        reader = nil
        condition.lock()
        watchdog?.cancel()
        watchdog = nil
        if worker.isStoppingWhileLocked { currentState = .stopped }
        condition.unlock()
    }

    private func captureLive(_ policy: RetryPolicy) {
        var failuresInARow = 0
        var attempt = 0
        var lastProblem = ""
        while !isStopping {
            guard let current = reader else {
                attempt += 1
                setState(.reconnecting(attempt: attempt))
                guard sleep(until: MonotonicClock.now() + policy.delay(beforeAttempt: attempt)) else { return }
                do {
                    reader = try reopen()
                } catch {
                    log("\(name): still unavailable after try \(attempt) (\(Self.reason(error))); "
                        + "next try in \(Self.seconds(policy.delay(beforeAttempt: attempt + 1)))")
                }
                continue
            }
            var frame: VideoFrame?
            do {
                frame = try current.next()
                if frame == nil { lastProblem = "no frame" }
            } catch {
                lastProblem = Self.reason(error)
            }
            if let frame {
                post(frame, index: nil)
                if attempt > 0 { log("\(name): frames again after \(attempt) \(attempt == 1 ? "try" : "tries"); resuming") }
                attempt = 0
                failuresInARow = 0
                setState(.running)
                continue
            }
            failuresInARow += 1
            guard failuresInARow >= policy.failuresBeforeLost else { continue }
            failuresInARow = 0
            reader = nil
            if attempt == 0 {
                let what = mailbox.latestGeneration > 0 ? "lost (\(lastProblem)); keeping the last frame"
                                                        : "gives no frames (\(lastProblem))"
                log("\(name): \(what), retrying in \(Self.seconds(policy.delay(beforeAttempt: 1)))")
            }
        }
    }

    /// Plays a file in real time by its frames' own presentation times (a variable-rate clip keeps its
    /// timing), one `period` apart where a frame has no time. Each pass through the file starts where the
    /// last ended: one period after its last frame. A decoder that falls behind shifts the timeline rather
    /// than rushing to catch up, except in a file given a start time (`fileStart`): a stand-in camera on a
    /// schedule keeps it, posting late frames at once.
    private func captureFile(period: Double, loop: Bool) {
        // The frame init posted: its stream time, and the wall time stream time 0 of this pass maps to.
        var lastTime = mailbox.latest()?.streamPosition ?? Double(nextFrameIndex - 1) * period
        var passStart = MonotonicClock.now() - lastTime
        if let first = pendingFirst {
            pendingFirst = nil
            lastTime = first.position.flatMap { $0.isFinite ? $0 : nil } ?? 0
            passStart = (fileStart ?? MonotonicClock.now()) - lastTime
            guard sleep(until: passStart + lastTime) else { return }
            post(first, index: nextFrameIndex)
            nextFrameIndex += 1
        }
        var readSinceRewind = 1
        while !isStopping {
            guard let current = reader else { return }
            let frame: VideoFrame?
            do {
                frame = try current.next()
            } catch {
                // The file reader's own reasons name the frame already.
                let reason = Self.reason(error)
                finishFile(.failed(reason.hasPrefix("cannot decode frame ") ? reason : "cannot decode frame \(nextFrameIndex): \(reason)"))
                return
            }
            guard let frame else {
                guard loop else {
                    finishFile(.ended)
                    return
                }
                guard readSinceRewind > 0 else {
                    finishFile(.failed("no frame after rewinding"))
                    return
                }
                rewind()
                readSinceRewind = 0
                passStart += lastTime + period
                lastTime = -period
                continue
            }
            readSinceRewind += 1
            // A time that does not move forward (none, or a damaged one) is one period after the last.
            let time = frame.position.flatMap { $0 > lastTime && $0.isFinite ? $0 : nil } ?? lastTime + period
            let due = passStart + time
            let now = MonotonicClock.now()
            if now > due + period && fileStart == nil {
                passStart = now - time  // fell behind: shift the timeline, do not rush (a file started at a set time keeps it)
            } else if !sleep(until: due) {
                return
            }
            post(frame, index: nextFrameIndex)
            nextFrameIndex += 1
            lastTime = time
        }
    }

    /// Back to frame 0: by seeking, else by opening the file again.
    private func rewind() {
        nextFrameIndex = 0
        do {
            try reader?.seek(frame: 0)
        } catch {
            reader = try? reopen()
            if reader == nil { finishFile(.failed("cannot rewind: \(Self.reason(error))")) }
        }
    }

    private func finishFile(_ state: CaptureState) {
        reader = nil
        switch state {
        case .ended: log("\(name): the video ended; showing its last frame")
        case .failed(let message): log("\(name): \(message); keeping the last frame")
        default: break
        }
        setState(state)
    }

    private func post(_ frame: VideoFrame, index: Int?) {
        let arrival = MonotonicClock.now()
        let time = frameTime(of: frame, arrival: arrival)
        let posted = mailbox.post(frame.image, captureTime: time, arrivalTime: arrival, streamPosition: frame.position, frameIndex: index)
        observer?(posted)
        condition.lock()
        let stalledFor = stallReported ? posted.captureTime - lastPostTime : nil
        lastPostTime = posted.captureTime
        stallReported = false
        condition.broadcast()
        condition.unlock()
        if let stalledFor { log("\(name): frames again after \(Self.seconds(stalledFor.rounded(toPlaces: 1))) without one") }
    }

    /// A live frame's time: the driver's timestamp once the frame clock says it counts CLOCK_MONOTONIC
    /// (a stamp more than a second from the arrival is not taken), else the arrival. A file's: the arrival.
    /// The clock is decided here, on the capture thread, at the first stamped frame (or after five without
    /// one); `threadFrameClock` is the capture thread's copy, `currentFrameClock` the one others read.
    private func frameTime(of frame: VideoFrame, arrival: Double) -> Double {
        guard case .live = pacing else { return arrival }
        let stamp = frame.position.flatMap { $0 > 0 && abs(arrival - $0) < 1 ? $0 : nil }
        if threadFrameClock == .undecided {
            framesBeforeDecision += 1
            if stamp != nil {
                threadFrameClock = driverClock()
            } else if framesBeforeDecision >= 5 {
                threadFrameClock = .arrival(reason: frame.position == nil ? "the camera gives no timestamps"
                                            : "the camera's timestamps do not count CLOCK_MONOTONIC")
            }
            if threadFrameClock != .undecided {
                condition.lock()
                currentFrameClock = threadFrameClock
                condition.unlock()
                log("\(name): frames are timed by \(threadFrameClock)")
            }
        }
        if case .driver = threadFrameClock, let stamp { return stamp }
        return arrival
    }

    /// What the device says its stamps count and mark (V4L2 buffer flags); unknown when it cannot be asked.
    private func driverClock() -> FrameClock {
        guard let stampDevice else { return .driver(startOfExposure: nil) }
        var stamps = v4l2_stamps()
        guard v4l2_stamps_query(stampDevice, &stamps) == 0 else { return .driver(startOfExposure: nil) }
        guard stamps.monotonic != 0 else { return .arrival(reason: "\(stampDevice)'s timestamps do not count CLOCK_MONOTONIC") }
        return .driver(startOfExposure: stamps.start_of_exposure == 1)
    }

    /// Checks a few times per stall timeout whether a running source has gone quiet; says so once.
    private func startWatchdog(stallTimeout: Double) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        let interval = min(0.5, stallTimeout / 4)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.condition.lock()
            let quiet = MonotonicClock.now() - self.lastPostTime
            let report = self.currentState == .running && self.lastPostTime > 0 && !self.stallReported && quiet > stallTimeout
            if report { self.stallReported = true }
            self.condition.unlock()
            if report {
                self.log("\(self.name): no frame for \(Self.seconds(stallTimeout)); keeping the last frame and waiting for the camera")
            }
        }
        watchdog = timer
        timer.resume()
    }

    private var isStopping: Bool { worker.isStopping }

    private func setState(_ state: CaptureState) {
        condition.lock()
        currentState = state
        if state != .running { stallReported = false }  // the message for the new state says it all
        condition.unlock()
    }

    /// Sleeps until `deadline` (monotonic seconds); false when `stop()` cut it short.
    private func sleep(until deadline: Double) -> Bool { worker.sleep(until: deadline) }

    /// "0.25 s", "4 s".
    static func seconds(_ value: Double) -> String { String(format: "%g s", value) }

    /// The part of an error worth repeating after the source's name.
    static func reason(_ error: Error) -> String {
        if case .video(_, let reason) = error as? ImagingError { return reason }
        return "\(error)"
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
