import Foundation
import MonotonicTime

/// The skeleton every background worker shares (the camera's capture, imud's socket): one named thread,
/// a stop flag under the owner's own condition (so the owner's state and the flag are read under one
/// lock), sleeps that a stop cuts short, and a stop that wakes the thread and waits until its body has
/// ended and released what it held (the camera, the socket).
// @unchecked Sendable: `stopRequested`, `started` and `finished` are read and written under `condition`.
public final class WorkerThread: @unchecked Sendable {
    /// The owner's condition: it guards the flags below and the owner's own state, and is broadcast when
    /// a stop is asked for and when the body has ended.
    public let condition: NSCondition
    private var stopRequested = false
    private var started = false
    private var finished = false

    public init(condition: NSCondition) {
        self.condition = condition
    }

    /// Runs `body` on a new thread named `name`, then `release` on the same thread (even when `body`
    /// returned because a stop was asked for), then marks the worker finished and wakes every waiter.
    /// A second call, or a call after `stop()`, does nothing.
    public func start(name: String, qualityOfService: QualityOfService = .default,
                      body: @escaping @Sendable () -> Void, release: @escaping @Sendable () -> Void = {}) {
        condition.lock()
        defer { condition.unlock() }
        guard !started, !stopRequested else { return }
        started = true
        let thread = Thread { [self] in
            body()
            release()
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.qualityOfService = qualityOfService
        thread.start()
    }

    /// Whether a stop was asked for.
    public var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopRequested
    }

    /// `isStopping` for a caller that holds `condition`.
    public var isStoppingWhileLocked: Bool { stopRequested }

    /// Whether the body has ended and released what it held, for a caller that holds `condition`.
    public var hasFinishedWhileLocked: Bool { finished }

    /// Sleeps until `deadline` (`MonotonicClock` seconds); false when a stop cut it short or came before.
    public func sleep(until deadline: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopRequested {
            let remaining = deadline - MonotonicClock.now()
            if remaining <= 0 { return true }
            // Clamped as in `stop`: NSCondition turns the date into nanoseconds, which a far deadline overflows.
            _ = condition.wait(until: Date(timeIntervalSinceNow: min(remaining, 1e7)))
        }
        return false
    }

    /// Asks the body to stop, calls `wake` to cut short a wait the condition cannot reach (a `poll` on a
    /// socket), and waits for the body and its release to end: at most `timeout` seconds, or for as long
    /// as it takes with nil. Returns whether it ended; a worker never started has nothing to wait for.
    @discardableResult
    public func stop(wake: () -> Void = {}, waitingAtMost timeout: Double? = nil) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        stopRequested = true
        condition.broadcast()
        guard started else { return true }
        wake()
        guard let timeout else {
            // No deadline: NSCondition turns a date into nanoseconds, and `.distantFuture` overflows them.
            while !finished { condition.wait() }
            return true
        }
        // Clamped to 1e7 s (116 days), for the same reason.
        let deadline = Date(timeIntervalSinceNow: min(timeout, 1e7))
        while !finished {
            if !condition.wait(until: deadline) { return finished }
        }
        return true
    }
}

/// Waits between attempts to reach a source again: `initial` seconds before the first, doubling, held
/// at `maximum`.
public struct Backoff: Equatable, Sendable {
    public var initial: Double
    public var maximum: Double

    public init(initial: Double, maximum: Double) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// Seconds to wait before attempt `attempt` (1 first).
    public func delay(beforeAttempt attempt: Int) -> Double {
        let doublings = Double(max(0, min(attempt - 1, 30)))
        return min(maximum, initial * pow(2, doublings))
    }
}
