import AttitudeMath
import Foundation
import Imaging
import MonotonicTime
import PictureTestSupport
import Pixels
import TestSupport
import Workers
import XCTest

/// A camera stand-in whose plug the test pulls: it gives numbered frames while plugged in, throws
/// while unplugged, and refuses to open a given number of times.
final class FakeCamera: Sendable {
    private struct State {
        var plugged = true
        var silent = false
        var opensToRefuse = 0
        var stallSeconds = 0.0
        var produced = 0
        var readersAlive = 0
        var openTimes: [Double] = []
    }

    private let state = Locked(State())

    func set(plugged: Bool, refusing opens: Int = 0) {
        state.withLock { $0.plugged = plugged; $0.opensToRefuse = opens }
    }

    func set(silent: Bool) {
        state.withLock { $0.silent = silent }
    }

    /// The next read blocks this long, as a wedged driver would, then goes on normally.
    func stall(seconds: Double) {
        state.withLock { $0.stallSeconds = seconds }
    }

    var opens: [Double] { state.current.openTimes }

    /// Readers opened and not yet released: 0 once whoever read the camera has let go of it.
    var liveReaders: Int { state.current.readersAlive }

    fileprivate func readerReleased() {
        state.withLock { $0.readersAlive -= 1 }
    }

    func open() throws -> FrameReader {
        try state.withLock { state in
            state.openTimes.append(MonotonicClock.now())
            if !state.plugged || state.opensToRefuse > 0 {
                state.opensToRefuse = max(0, state.opensToRefuse - 1)
                throw ImagingError.video(path: "fake camera", reason: "no camera could be opened there")
            }
            state.readersAlive += 1
        }
        return Reader(camera: self)
    }

    /// A 4x2 frame whose red channel is the frame number (mod 256) and green says plugged era.
    fileprivate func nextFrame() throws -> VideoFrame? {
        let pause = state.withLock { state in
            defer { state.stallSeconds = 0 }
            return max(0.002, state.stallSeconds)  // a camera takes a moment per frame
        }
        Thread.sleep(forTimeInterval: pause)
        let produced: Int? = try state.withLock { state in
            guard state.plugged else { throw ImagingError.video(path: "fake camera", reason: "cannot decode a frame: device gone") }
            if state.silent { return nil }
            state.produced += 1
            return state.produced
        }
        return produced.map { VideoFrame(image: RGBImage(width: 4, height: 2, fill: (UInt8($0 % 256), 0, 0)), position: nil) }
    }

    private final class Reader: FrameReader {
        let camera: FakeCamera
        init(camera: FakeCamera) { self.camera = camera }
        deinit { camera.readerReleased() }
        func next() throws -> VideoFrame? { try camera.nextFrame() }
        func seek(frame index: Int) throws {}
    }
}

/// A file stand-in that decodes `good` frames and then fails.
final class BrokenFileReader: FrameReader {
    private let good: Int
    private let reason: String
    private var index = 0
    init(good: Int, reason: String = "cannot decode a frame: bad packet") { self.good = good; self.reason = reason }
    func next() throws -> VideoFrame? {
        defer { index += 1 }
        guard index < good else { throw ImagingError.video(path: "broken.avi", reason: reason) }
        return VideoFrame(image: RGBImage(width: 2, height: 2, fill: (UInt8(index), 9, 9)), position: Double(index) / 100)
    }
    func seek(frame index: Int) throws { self.index = index }
}

final class CaptureSourceTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-capture" }

    // MARK: - The mailbox

    func testMailboxKeepsOnlyTheNewestFrame() {
        let mailbox = FrameMailbox()
        XCTAssertNil(mailbox.latest())
        for k in 1...3 { mailbox.post(RGBImage(width: 1, height: 1, fill: (UInt8(k), 0, 0)), captureTime: Double(k)) }
        let newest = mailbox.latest()
        XCTAssertEqual(newest?.generation, 3)
        XCTAssertEqual(newest?.image.pixel(x: 0, y: 0).r, 3)
        XCTAssertEqual(newest?.captureTime, 3)
        XCTAssertEqual(mailbox.droppedCount, 2, "frames 1 and 2 were replaced unread")
        XCTAssertEqual(mailbox.latest()?.generation, 3, "reading again gives the same frame")
        mailbox.post(RGBImage(width: 1, height: 1, fill: (4, 0, 0)), captureTime: 4, streamPosition: 0.5, frameIndex: 7)
        XCTAssertEqual(mailbox.droppedCount, 2, "frame 3 was read before frame 4 replaced it")
        XCTAssertEqual(mailbox.latest()?.streamPosition, 0.5)
        XCTAssertEqual(mailbox.latest()?.frameIndex, 7)
    }

    /// A fast producer and a reader on two threads: the reader sees generations only go up, each
    /// with its own frame, and the last one it sees is the last posted.
    func testMailboxUnderConcurrentPosting() {
        let mailbox = FrameMailbox()
        let posts = 5000
        let producer = Thread {
            for k in 1...posts {
                mailbox.post(RGBImage(width: 1, height: 1, fill: (UInt8(k % 256), UInt8((k / 256) % 256), 0)), captureTime: Double(k))
            }
        }
        producer.start()
        var last = 0
        var taken = Set<Int>()
        while last < posts {
            guard let frame = mailbox.latest() else { continue }
            taken.insert(frame.generation)
            XCTAssertGreaterThanOrEqual(frame.generation, last)
            let p = frame.image.pixel(x: 0, y: 0)
            XCTAssertEqual(Int(p.r) + 256 * Int(p.g), frame.generation % 65536, "frame and generation match")
            last = frame.generation
        }
        XCTAssertEqual(last, posts)
        XCTAssertEqual(mailbox.droppedCount + taken.count, posts, "every frame was either read or dropped, never queued")
    }

    // MARK: - Video files

    func testVideoLoopsAtItsOwnRate() throws {
        let path = try VideoTestFrames.writeVideo(in: folder, name: "five.avi", width: 32, height: 24, count: 5, fps: 50)
        let log = Locked<[String]>([])
        let started = MonotonicClock.now()
        let source = try CaptureSource.video(path: path, loop: true, log: log.append)
        defer { source.stop() }
        XCTAssertEqual(source.latest()?.frameIndex, 0, "the first frame is there as soon as the source opens")
        var seen: [CapturedFrame] = []
        // The newest frame is read by polling, so a loaded machine may miss one: read on until the loop from 4 to 0 and
        // frame 2 have each been seen once (or the wait ends and the assertions below say what was missed).
        func wrapped(_ indices: [Int]) -> Bool { zip(indices, indices.dropFirst()).contains { $0 == 4 && $1 == 0 } }
        waitUntil("eight frames, the loop from 4 to 0 and frame 2") {
            if let frame = source.latest(), frame.generation != seen.last?.generation { seen.append(frame) }
            let indices = seen.compactMap(\.frameIndex)
            return (seen.last?.generation ?? 0) >= 8 && wrapped(indices) && indices.contains(2)
        }
        let elapsed = MonotonicClock.now() - started
        XCTAssertGreaterThanOrEqual(elapsed, 7 * 0.02 - 0.005, "frames are paced at 50 fps, not read as fast as possible")
        let indices = seen.compactMap(\.frameIndex)
        XCTAssertTrue(wrapped(indices), "wrapped from 4 to 0: \(indices)")
        for frame in seen {
            XCTAssertEqual(frame.image, VideoTestFrames.frame(frame.frameIndex ?? -1, width: 32, height: 24))
        }
        let times = seen.map(\.captureTime)
        XCTAssertEqual(times, times.sorted(), "capture times go forward")
        let position = try XCTUnwrap(try XCTUnwrap(seen.first { $0.frameIndex == 2 }, "frame 2 was never seen: \(indices)").streamPosition,
                                     "frame 2 has no stream position")
        XCTAssertEqual(position, 0.04, accuracy: 0.011)
        XCTAssertEqual(source.state, .running)
        XCTAssertTrue(log.current.isEmpty, "\(log.current)")
    }

    /// A phone's variable-rate clip plays by its frames' own times: no frame is shown before its time
    /// (an average rate of 25 fps would show frame 1 at 40 ms, 15 ms before its time of 55 ms).
    func testVariableRateVideoIsPacedByItsPresentationTimes() throws {
        let (path, frames) = try VideoTestFrames.writeVariableRateVideo(in: folder)
        let log = Locked<[String]>([])
        let source = try CaptureSource.video(path: path, loop: false, log: log.append)
        defer { source.stop() }
        var seen: [CapturedFrame] = []
        let ended = waitUntil("every frame, then the end") {
            if let frame = source.latest(), frame.generation != seen.last?.generation { seen.append(frame) }
            return source.state == .ended && seen.last?.frameIndex == frames.count - 1
        }
        if !ended { XCTFail("frames seen: \(seen.compactMap(\.frameIndex))") }
        let first = try XCTUnwrap(seen.first)
        XCTAssertEqual(first.frameIndex, 0)
        for frame in seen {
            let k = try XCTUnwrap(frame.frameIndex)
            let time = try XCTUnwrap(frames[k].position)
            XCTAssertEqual(try XCTUnwrap(frame.streamPosition), time, accuracy: 1e-9, "frame \(k) carries its own time")
            XCTAssertGreaterThanOrEqual(frame.captureTime - first.captureTime, time - 0.002, "frame \(k) shown before its time")
        }
        XCTAssertGreaterThan(seen.count, 12, "most frames were seen as they came: \(seen.compactMap(\.frameIndex))")
    }

    func testVideoWithoutLoopingKeepsItsLastFrame() throws {
        let path = try VideoTestFrames.writeVideo(in: folder, name: "once.avi", width: 32, height: 24, count: 5, fps: 100)
        let log = Locked<[String]>([])
        let source = try CaptureSource.video(path: path, loop: false, startFrame: 2, log: log.append)
        defer { source.stop() }
        XCTAssertEqual(source.latest()?.frameIndex, 2)
        XCTAssertEqual(source.latest()?.image, VideoTestFrames.frame(2, width: 32, height: 24))
        waitUntil("the end") { source.state == .ended }
        XCTAssertEqual(source.latest()?.frameIndex, 4)
        XCTAssertEqual(source.latest()?.image, VideoTestFrames.frame(4, width: 32, height: 24))
        XCTAssertTrue(log.contains("\(path): the video ended"), "\(log.current)")
    }

    func testDecodeFailureMidStreamKeepsLastFrame() throws {
        let log = Locked<[String]>([])
        let source = try CaptureSource(name: "broken.avi", pacing: .file(framesPerSecond: 200, loop: true),
                                       reader: BrokenFileReader(good: 3), log: log.append,
                                       reopen: { BrokenFileReader(good: 3) })
        defer { source.stop() }
        waitUntil("the source to fail") { if case .failed = source.state { return true }; return false }
        XCTAssertEqual(source.latest()?.frameIndex, 2)
        XCTAssertEqual(source.latest()?.image.pixel(x: 0, y: 0).r, 2)
        XCTAssertTrue(log.contains("broken.avi: cannot decode frame 3: cannot decode a frame: bad packet; keeping the last frame"),
                      "\(log.current)")
    }

    /// A file reader's reason that names the frame already is said once: not "cannot decode frame 3: cannot
    /// decode frame 3 (…)".
    func testADecodeFailureNamingItsFrameIsSaidOnce() throws {
        let log = Locked<[String]>([])
        let reason = "cannot decode frame 3 (Invalid data found when processing input)"
        let source = try CaptureSource(name: "broken.avi", pacing: .file(framesPerSecond: 200, loop: false),
                                       reader: BrokenFileReader(good: 3, reason: reason), log: log.append,
                                       reopen: { BrokenFileReader(good: 3, reason: reason) })
        defer { source.stop() }
        waitUntil("the source to fail") { if case .failed = source.state { return true }; return false }
        XCTAssertTrue(log.contains("broken.avi: \(reason); keeping the last frame"), "\(log.current)")
        XCTAssertFalse(log.current.contains { $0.components(separatedBy: "cannot decode frame").count > 2 }, "\(log.current)")
    }

    // MARK: - Failures at start

    func testMissingVideoNamesTheFile() {
        let path = folder.appendingPathComponent("absent.avi").path
        XCTAssertThrowsError(try CaptureSource.video(path: path, log: { _ in })) { error in
            XCTAssertEqual("\(error)", "\(path): missing")
        }
        XCTAssertThrowsError(try VideoReader.decodeFrame(path: path, index: 0)) { error in
            XCTAssertEqual("\(error)", "\(path): missing")
        }
    }

    func testUndecodableVideoNamesTheFile() throws {
        let path = folder.appendingPathComponent("noise.avi").path
        // Seeded, so every run feeds the decoder the same bytes: unseeded noise could, once in a
        // great many runs, look enough like some container to open.
        var generator = SplitMix64(seed: 0x5EED_0A71)
        let noise = (0..<65536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(noise).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try CaptureSource.video(path: path, log: { _ in })) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): "), "\(error)")
            XCTAssertFalse("\(error)".contains("not found"), "\(error)")
        }
        XCTAssertThrowsError(try VideoReader.decodeFrame(path: path, index: 0)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): "), "\(error)")
        }
    }

    func testAbsentCameraIndexIsNamed() {
        XCTAssertThrowsError(try CaptureSource.camera(index: 99, log: { _ in })) { error in
            XCTAssertEqual("\(error)", "camera 99: no camera could be opened there (absent, busy, or no permission)")
        }
    }

    func testAbsentDevicePathIsNamed() {
        XCTAssertThrowsError(try CaptureSource.camera(index: 0, devicePath: "/dev/video-steady-dice-absent", log: { _ in })) { error in
            XCTAssertEqual("\(error)", "/dev/video-steady-dice-absent: no such device")
        }
    }

    /// A device that opens but never gives a frame (busy elsewhere): the start-up wait times out
    /// with a message naming it.
    func testSilentCameraTimesOutAtStart() throws {
        let camera = FakeCamera()
        camera.set(silent: true)
        let log = Locked<[String]>([])
        let source = try CaptureSource(name: "fake camera", pacing: .live(RetryPolicy(failuresBeforeLost: 2, initialDelay: 0.01)),
                                       reader: try camera.open(), log: log.append, reopen: camera.open)
        defer { source.stop() }
        let started = MonotonicClock.now()
        XCTAssertThrowsError(try source.waitForFirstFrame(timeout: 0.2)) { error in
            XCTAssertTrue("\(error)".hasPrefix("fake camera: opened, but gave no frame within 0.2 s"), "\(error)")
        }
        XCTAssertGreaterThanOrEqual(MonotonicClock.now() - started, 0.19)
        let said = waitUntil("the retry line") { log.contains("fake camera: gives no frames (no frame), retrying in 0.01 s") }
        if !said { XCTFail("\(log.current)") }
        XCTAssertNil(source.latest())
    }

    // MARK: - Unplugged while running

    func testRetryDelaysDoubleUpToTheCap() {
        let policy = RetryPolicy()
        XCTAssertEqual((1...7).map { policy.delay(beforeAttempt: $0) }, [0.25, 0.5, 1, 2, 4, 4, 4])
        XCTAssertEqual(RetryPolicy(initialDelay: 0.1, maximumDelay: 0.3).delay(beforeAttempt: 3), 0.3)
    }

    /// Pull the plug: the last frame stays, the loss is reported once, reopening is retried with
    /// growing waits, and frames resume when the camera is back.
    func testUnpluggedCameraKeepsLastFrameRetriesAndResumes() throws {
        let camera = FakeCamera()
        let log = Locked<[String]>([])
        let policy = RetryPolicy(failuresBeforeLost: 2, initialDelay: 0.02, maximumDelay: 0.08)
        let source = try CaptureSource(name: "fake camera", pacing: .live(policy), reader: try camera.open(),
                                       log: log.append, reopen: camera.open)
        defer { source.stop() }
        try source.waitForFirstFrame(timeout: 2)
        waitUntil("five frames") { (source.latest()?.generation ?? 0) >= 5 }

        camera.set(plugged: false)
        waitUntil("the fourth reconnection") { if case .reconnecting(let attempt) = source.state { return attempt >= 4 }; return false }
        let held = try XCTUnwrap(source.latest())
        // Another reopening attempt comes and fails (an event, not a sleep): still no new frame.
        let attempts = camera.opens.count
        waitUntil("reopening while unplugged") { camera.opens.count > attempts + 1 }
        XCTAssertEqual(source.latest()?.generation, held.generation, "no new frame while unplugged")
        XCTAssertEqual(source.latest()?.image, held.image, "the last frame stays")
        XCTAssertTrue(log.contains("fake camera: lost (cannot decode a frame: device gone); keeping the last frame, retrying in 0.02 s"),
                      "\(log.current)")
        XCTAssertTrue(log.contains("fake camera: still unavailable after try 1 (no camera could be opened there); next try in 0.04 s"),
                      "\(log.current)")
        XCTAssertEqual(log.current.filter { $0.contains("lost") }.count, 1, "the loss is reported once")

        camera.set(plugged: true, refusing: 1)
        waitUntil("a new frame") { (source.latest()?.generation ?? 0) > held.generation }
        waitUntil("the source to run again") { source.state == .running }
        XCTAssertTrue(log.contains("fake camera: frames again after"), "\(log.current)")

        // The waits between reopening attempts follow the policy (never shorter).
        let opens = camera.opens
        XCTAssertGreaterThanOrEqual(opens.count, 6)
        for (i, gap) in zip(opens.dropFirst(), opens.dropFirst(2)).map({ $1 - $0 }).enumerated() {
            XCTAssertGreaterThanOrEqual(gap, policy.delay(beforeAttempt: i + 2) - 0.002, "wait before attempt \(i + 2)")
        }
    }

    /// A read that blocks gives no error to count; the watchdog reports the stall once, the last
    /// frame stays, and the recovery is reported when frames come again.
    func testStalledCameraIsReportedAndRecovers() throws {
        let camera = FakeCamera()
        let log = Locked<[String]>([])
        // The stall timeout sits far above a scheduling hiccup on a loaded 2-core machine (frames come
        // every 2 ms), so only the deliberate stall, twice as long, can trip it.
        let policy = RetryPolicy(stallTimeout: 1)
        let source = try CaptureSource(name: "fake camera", pacing: .live(policy), reader: try camera.open(),
                                       log: log.append, reopen: camera.open)
        defer { source.stop() }
        try source.waitForFirstFrame(timeout: 2)
        camera.stall(seconds: 2)
        let said = waitUntil("the stall line") { log.contains("fake camera: no frame for 1 s; keeping the last frame") }
        if !said { XCTFail("\(log.current)") }
        XCTAssertEqual(source.state, .running, "a stall alone does not reopen the camera")
        let held = try XCTUnwrap(source.latest())
        waitUntil("a new frame") { (source.latest()?.generation ?? 0) > held.generation }
        let recovered = waitUntil("the recovery line") { log.contains("fake camera: frames again after") && log.contains("without one") }
        if !recovered { XCTFail("\(log.current)") }
        XCTAssertEqual(log.current.filter { $0.contains("no frame for") }.count, 1, "the stall is reported once: \(log.current)")
    }

    func testStopEndsTheThread() throws {
        let camera = FakeCamera()
        let source = try CaptureSource(name: "fake camera", pacing: .live(RetryPolicy()), reader: try camera.open(),
                                       log: { _ in }, reopen: camera.open)
        try source.waitForFirstFrame(timeout: 2)
        XCTAssertEqual(camera.liveReaders, 1)
        source.stop()
        XCTAssertEqual(source.state, .stopped)
        // stop() returns once the thread has let go of the camera: with no reader left, no frame can come.
        XCTAssertEqual(camera.liveReaders, 0, "the capture thread still holds the camera after stop")
        let generation = source.latest()?.generation
        XCTAssertEqual(camera.opens.count, 1, "stop does not reopen the camera")
        XCTAssertEqual(source.latest()?.generation, generation, "no frames after stop")
    }

    /// A camera whose frames carry timestamps on CLOCK_MONOTONIC is timed by them (each frame's time is its stamp,
    /// its arrival kept beside it); one without is timed by arrival once five frames have come without one. The
    /// observer sees every frame posted.
    func testCameraFramesAreTimedByTheDriversStampsWhenTheyCountTheMonotonicClock() throws {
        final class Stamped: FrameReader {
            let stamps: Bool
            init(stamps: Bool) { self.stamps = stamps }
            func next() throws -> VideoFrame? {
                Thread.sleep(forTimeInterval: 0.01)
                return VideoFrame(image: RGBImage(width: 2, height: 2, fill: (1, 2, 3)), position: stamps ? MonotonicClock.now() - 0.02 : nil)
            }
            func seek(frame index: Int) throws {}
        }
        for stamps in [true, false] {
            let seen = Locked<[CapturedFrame]>([])
            let log = Locked<[String]>([])
            let source = try CaptureSource(name: "fake", pacing: .live(RetryPolicy()), reader: Stamped(stamps: stamps),
                                           observer: { seen.append($0) }, log: log.append, reopen: { Stamped(stamps: stamps) })
            defer { source.stop() }
            waitUntil("eight frames") { seen.current.count >= 8 }
            if stamps {
                XCTAssertEqual(source.frameClock, .driver(startOfExposure: nil))
                let last = try XCTUnwrap(seen.current.last)
                XCTAssertEqual(last.arrivalTime - last.captureTime, 0.02, accuracy: 0.005, "the stamp, not the arrival")
            } else {
                XCTAssertEqual(source.frameClock, .arrival(reason: "the camera gives no timestamps"))
                XCTAssertEqual(try XCTUnwrap(seen.current.last).captureTime, try XCTUnwrap(seen.current.last).arrivalTime)
            }
            XCTAssertTrue(log.contains("fake: frames are timed by"), "\(log.current)")
            let generations = seen.current.map(\.generation)
            XCTAssertEqual(generations, Array(1...generations.count), "the observer sees every frame")
        }
    }
}
