import AttitudeMath
import FileAccess
import Foundation
import IMUD
import Imaging
import MonotonicTime
import RecordFolder
#if canImport(Glibc)
import Glibc
#endif

/// A file rows are appended to, each by one `write` call: a process killed between two leaves whole rows.
// @unchecked Sendable: used from one thread at a time (the recorder's lock or its serial writer).
final class RowFile: @unchecked Sendable {
    let path: String
    private var fd: Int32

    init(path: String, header: String) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileAccessError(output: path, "cannot create (\(String(cString: strerror(errno))))") }
        try append(header)
    }

    /// Appends `row` and a newline.
    func append(_ row: String) throws {
        let bytes = Array((row + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw FileAccessError(output: path, "cannot write (\(String(cString: strerror(errno))))") }
            done += n
        }
    }

    /// Flushes to the disk and closes; later appends fail.
    func close() {
        guard fd >= 0 else { return }
        fsync(fd)
        _ = Glibc.close(fd)
        fd = -1
    }

    deinit { close() }
}

/// Writes a live rig's camera frames and imud packets into a `RigFolder` as they arrive. Frames are
/// queued to a writer of their own (PNG encoding takes longer than a frame at some sizes); packets are
/// written on the client's thread. Offer data from any thread; `finish` drains the queue.
// @unchecked Sendable: the counters and the open state are guarded by `lock`; the frame queue is serial.
public final class RigRecorder: @unchecked Sendable {
    public struct Totals: Sendable {
        public var frames = 0
        public var packets = 0
        /// Frames dropped because the writer fell `queueLimit` frames behind.
        public var framesDropped = 0
        /// Packets with an angular rate.
        public var packetsWithRate = 0
        /// Degrees the IMU turned about its own x, y and z axes, summed in absolute value.
        public var turnedDegrees = SIMD3<Double>(repeating: 0)
        public var firstFrame: Double?
        public var lastFrame: Double?
    }

    /// Frames held for the writer at most (at 640x480, about 1 MB each).
    public static let queueLimit = 90

    public let folder: String
    private let lock = NSLock()
    private let writer = DispatchQueue(label: "steady-dice.record.frames")
    private var framesFile: RowFile?
    private var imuFile: RowFile?
    private var pending = 0
    /// Frames handed to the writer so far: the next one's number.
    private var queued = 0
    private var totals = Totals()
    private var lastAttitude: Quaternion?
    private var writeError: String?
    private var meta: [(String, String)] = []

    /// Creates `folder`, which must not exist yet or be empty; its parent must exist (as for every output,
    /// `OutputFiles`: a missing parent is a slip in the path, not folders to make).
    public init(folder: String) throws {
        self.folder = folder
        switch FileKind.of(folder) {
        case nil:
            guard mkdir(folder, 0o777) == 0 else {
                throw FileAccessError(output: folder, "cannot create the folder (\(String(cString: strerror(errno))))")
            }
        case .folder:
            let items = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard items.isEmpty else { throw FileAccessError(output: folder, "already holds files; record into a new or empty folder") }
        default:
            throw FileAccessError(output: folder, "exists and is not a folder")
        }
    }

    private func at(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// Writes `rig.yaml` with `fields` (in order) and opens the data files: from now on offered data is kept.
    public func begin(fields: [(String, String)]) throws {
        meta = [("format", RigFolder.format)] + fields
        try writeMeta(meta)
        let frames = at(RigFolder.frames)
        guard mkdir(frames, 0o777) == 0 else { throw FileAccessError(output: frames, "cannot create the folder (\(String(cString: strerror(errno))))") }
        let framesFile = try RowFile(path: (frames as NSString).appendingPathComponent(RigFolder.framesFile), header: RigFolder.framesHeader)
        let imuFile = try RowFile(path: at(RigFolder.imu), header: RigFolder.imuHeader)
        lock.lock()
        self.framesFile = framesFile
        self.imuFile = imuFile
        lock.unlock()
    }

    /// `rig.yaml`, never half written (`OutputFiles.replaceWhole`).
    private func writeMeta(_ fields: [(String, String)]) throws {
        var text = "# steady-dice record: a camera and imud on one clock (CLOCK_MONOTONIC seconds); see docs/live-rig.md\n"
        for (key, value) in fields { text += "\(key): \(value)\n" }
        try OutputFiles.replaceWhole(at(RigFolder.meta), with: Data(text.utf8))
    }

    /// Keeps a camera frame (after `begin`): queued for the writer, or dropped and counted when it is too far behind.
    public func offer(_ frame: CapturedFrame) {
        lock.lock()
        guard let framesFile, writeError == nil else {
            lock.unlock()
            return
        }
        guard pending < Self.queueLimit else {
            totals.framesDropped += 1
            lock.unlock()
            return
        }
        pending += 1
        let index = queued
        queued += 1
        lock.unlock()
        // A frame timed by the driver's stamp has a time other than its arrival (`CaptureSource.frameClock`).
        let driver = frame.captureTime != frame.arrivalTime ? Self.seconds(frame.captureTime) : ""
        writer.async { [self] in
            let name = String(format: "%06d.png", index)
            let path = at(RigFolder.frames + "/" + name)
            var failure: String?
            do {
                let data = try frame.image.encoded(as: "png", path: path)
                try OutputFiles.replaceWhole(path, with: data)
                try framesFile.append("\(Self.seconds(frame.captureTime)),\(name),\(Self.seconds(frame.arrivalTime)),\(driver)")
            } catch {
                failure = "\(error)"
            }
            lock.lock()
            pending -= 1
            if let failure { writeError = writeError ?? failure } else {
                totals.frames += 1
                if totals.firstFrame == nil { totals.firstFrame = frame.captureTime }
                totals.lastFrame = frame.captureTime
            }
            lock.unlock()
        }
    }

    /// Keeps an imud packet (after `begin`), with its arrival time.
    public func offer(_ sample: IMUDSample) {
        let p = sample.packet
        let q = p.quaternion
        let g = p.gyro
        let rate = g == .zero ? ",," : "\(g.x),\(g.y),\(g.z)"
        let row = "\(Self.seconds(sample.receivedAt)),\(p.imuSeq),\(p.flags.rawValue),\(q[0]),\(q[1]),\(q[2]),\(q[3]),\(rate)"
        lock.lock()
        defer { lock.unlock() }
        guard let imuFile, writeError == nil else { return }
        do {
            try imuFile.append(row)
        } catch {
            writeError = "\(error)"
            return
        }
        totals.packets += 1
        if g != .zero { totals.packetsWithRate += 1 }
        if let attitude = try? Quaternion.validated(w: Double(q[0]), x: Double(q[1]), y: Double(q[2]), z: Double(q[3])) {
            if let last = lastAttitude {
                let turn = (last.conjugate * attitude).rotationVector
                totals.turnedDegrees += Angle.degrees(fromRadians: SIMD3(abs(turn.x), abs(turn.y), abs(turn.z)))
            }
            lastAttitude = attitude
        }
    }

    /// What has been written so far.
    public var written: Totals {
        lock.lock()
        defer { lock.unlock() }
        return totals
    }

    /// The first write that failed, if any: recording cannot go on.
    public var failure: String? {
        lock.lock()
        defer { lock.unlock() }
        return writeError
    }

    /// Waits for the queued frames, closes the files and writes the end into `rig.yaml`.
    public func finish(stoppedBy: String) throws -> Totals {
        writer.sync {}
        lock.lock()
        let files = [framesFile, imuFile]
        framesFile = nil
        imuFile = nil
        let totals = self.totals
        let failure = writeError
        lock.unlock()
        files.forEach { $0?.close() }
        if let failure { throw FileAccessError(output: folder, "recording stopped: \(failure)") }
        guard !meta.isEmpty else { return totals }
        try writeMeta(meta + [("finished_monotonic_s", Self.seconds(MonotonicClock.now())), ("frames", "\(totals.frames)"),
                              ("frames_dropped", "\(totals.framesDropped)"), ("imu_packets", "\(totals.packets)"),
                              ("stopped_by", stoppedBy)])
        return totals
    }

    /// Seconds with microsecond digits.
    static func seconds(_ value: Double) -> String { String(format: "%.6f", value) }
}
