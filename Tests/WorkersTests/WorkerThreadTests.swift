import Foundation
import MonotonicTime
import Workers
import XCTest

/// The worker skeleton of the capture and imud threads: a stop wakes a sleeping body, the release always
/// runs on the worker's thread before `stop()` returns, and a body that will not stop is given up on after
/// the time asked for.
final class WorkerThreadTests: XCTestCase {
    func testAStopWakesASleepingBodyAndWaitsForItsRelease() {
        let worker = WorkerThread(condition: NSCondition())
        let flags = Locked<[String]>([])  // what the worker did, set on its thread
        worker.start(name: "test worker", body: {
            let slept = worker.sleep(until: MonotonicClock.now() + 60)  // outside the lock, which the test reads
            flags.withLock { $0.append(slept ? "slept through" : "woken") }
        }, release: {
            let onMain = Thread.isMainThread
            flags.withLock { $0.append(onMain ? "released on the main thread" : "released on the worker's thread") }
        })
        let started = MonotonicClock.now()
        XCTAssertTrue(worker.stop(waitingAtMost: 10))
        XCTAssertLessThan(MonotonicClock.now() - started, 5, "the sleep of 60 s was cut short")
        XCTAssertEqual(flags.current, ["woken", "released on the worker's thread"], "the release ran, on the worker's thread, before stop returned")
        XCTAssertTrue(worker.isStopping)
    }

    /// A wait far in the future (`record --video-start-at 1e12`) does not trap where NSCondition turns the date into nanoseconds.
    func testASleepUntilAFarDeadlineWaitsAndIsStillCutShort() {
        let worker = WorkerThread(condition: NSCondition())
        let flags = Locked<[String]>([])  // what the worker did, set on its thread
        worker.start(name: "far sleeper", body: {
            let slept = worker.sleep(until: 1e12)  // outside the lock, which the test reads while it sleeps
            flags.withLock { $0.append(slept ? "slept through" : "woken") }
        })
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(flags.current, [], "still asleep: the deadline is 30,000 years away")
        XCTAssertTrue(worker.stop(waitingAtMost: 10))
        XCTAssertEqual(flags.current, ["woken"])
    }

    func testAWorkerStoppedBeforeItStartsNeverRuns() {
        let worker = WorkerThread(condition: NSCondition())
        let flags = Locked<[String]>([])  // what the worker did, set on its thread
        XCTAssertTrue(worker.stop(), "nothing to wait for")
        worker.start(name: "never", body: { flags.withLock { $0.append("ran") } })
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(flags.current, [])
        XCTAssertFalse(worker.sleep(until: MonotonicClock.now() + 10), "a stopped worker does not sleep")
    }

    func testABodyThatDoesNotStopIsGivenUpOnAfterTheTimeAsked() {
        let worker = WorkerThread(condition: NSCondition())
        let gate = DispatchSemaphore(value: 0)
        worker.start(name: "stubborn", body: { gate.wait() })
        let started = MonotonicClock.now()
        XCTAssertFalse(worker.stop(waitingAtMost: 0.2), "the body is still running")
        XCTAssertGreaterThanOrEqual(MonotonicClock.now() - started, 0.2)
        gate.signal()
        XCTAssertTrue(worker.stop(waitingAtMost: 10), "and once it ends, a stop finds it finished")
    }

    func testTheBackoffDoublesUpToItsCap() {
        let backoff = Backoff(initial: 0.25, maximum: 4)
        XCTAssertEqual((1...7).map(backoff.delay(beforeAttempt:)), [0.25, 0.5, 1, 2, 4, 4, 4])
        XCTAssertEqual(Backoff(initial: 2, maximum: 1).delay(beforeAttempt: 3), 2, "a cap below the first wait is raised to it")
        XCTAssertEqual(backoff.delay(beforeAttempt: Int.max), 4)
    }
}
