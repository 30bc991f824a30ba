import AttitudeMath
import CSVText
import FileAccess
import Foundation
import IMUD
import Imaging
import RawLog
import SafeText

/// A folder `steady-dice record` wrote (`RigFolder`), read back for `calibrate FOLDER`: its fields, the
/// frames' folder and first time, and the imud packets that carry a settled attitude. A recording that
/// was interrupted (no `finished_monotonic_s`) is read as far as it got, and says so; one that is missing
/// a file or has too little in it is refused, naming what is missing.
public struct RigRecording {
    public let folder: String
    /// `rig.yaml`'s keys and values.
    public let fields: [String: String]
    /// The picture folder (`frames/`), a clip with its own `frames.csv`.
    public let framesFolder: String
    /// The first frame's time and the number of frames listed.
    public let firstFrameTime: Double
    public let frameCount: Int
    /// The packets kept: settled (fusion converged, not starting up or shutting down), in arrival order.
    public let arrival: [Double]
    /// The wire's attitude: imud's body frame B (the IMU frame S) into the reference frame (`coord_frame`).
    public let attitude: [Quaternion]
    /// The angular rate in the IMU frame S (imud's body frame B), rad/s, when every kept packet carries one; else nil.
    public let rate: [SIMD3<Double>]?
    /// Packets left out because fusion was not settled (or the daemon was shutting down).
    public let unsettledPackets: Int
    /// False when the recording was cut off before it could write its end.
    public var finished: Bool { fields["finished_monotonic_s"] != nil }

    public init(folder: String) throws {
        self.folder = folder
        func at(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        let metaPath = at(RigFolder.meta)
        guard FileKind.of(metaPath) == .regular else {
            try InputFile.check(folder, expect: .folder)
            throw FileAccessError(path: folder, "no \(RigFolder.meta): not a `steady-dice record` folder, or one whose recording was "
                                  + "stopped before both the camera and imud had given data")
        }
        var fields: [String: String] = [:]
        for (number, line) in try ImageSequence.lines(metaPath) where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { throw RigFolderError("\(metaPath):\(number): expected 'key: value'") }
            fields[String(line[..<colon]).trimmingCharacters(in: .whitespaces)] =
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        guard fields["format"] == RigFolder.format else {
            throw RigFolderError("\(metaPath): format: expected '\(RigFolder.format)', found '\(fields["format"] ?? "")'")
        }
        self.fields = fields
        framesFolder = at(RigFolder.frames)
        let framesPath = (framesFolder as NSString).appendingPathComponent(RigFolder.framesFile)
        guard FileKind.of(framesPath) == .regular else { throw FileAccessError(path: framesPath, "missing: the recording wrote no frames file") }
        guard try ImageSequence.lines(framesPath).count > 1 else {
            throw RigFolderError("\(framesPath): lists no frames: the recording stopped before the first frame was written")
        }
        // Read as every picture folder's times are (`ImageSequence`): bounded, rising, each row checked.
        let frames = try ImageSequence(folder: framesFolder).frames
        firstFrameTime = frames[0].time
        frameCount = frames.count

        let imuPath = at(RigFolder.imu)
        guard FileKind.of(imuPath) == .regular else { throw FileAccessError(path: imuPath, "missing: the recording wrote no imud packets file") }
        let imu = CSVText(try ImageSequence.contents(imuPath))
        guard let header = imu.header, header.names.joined(separator: ",") == RigFolder.imuHeader else {
            throw RigFolderError("\(imuPath):\(imu.header?.line ?? 1): the header must be '\(RigFolder.imuHeader)'")
        }
        var arrival: [Double] = [], attitude: [Quaternion] = [], rate: [SIMD3<Double>?] = []
        var unsettled = 0
        var previous: (time: Double, line: Int)?
        var f: [CSVText.Field] = []
        for row in imu.rows {
            let number = row.number
            imu.fields(of: row, into: &f)
            guard f.count == 10, let t = imu.double(f[0]), t.isFinite, let flagBits = imu.int64(f[2]).flatMap({ UInt16(exactly: $0) }),
                  let qw = imu.double(f[3]), let qx = imu.double(f[4]), let qy = imu.double(f[5]), let qz = imu.double(f[6]) else {
                throw RigFolderError("\(imuPath):\(number): expected '\(RigFolder.imuHeader)' with numbers")
            }
            if let problem = TimeBounds.problem(time: t) { throw RigFolderError("\(imuPath):\(number): arrival_s: \(problem)") }
            // Rows are written as packets arrive, on one clock: a row earlier than the one before is not a recording's.
            if let previous, t < previous.time {
                throw RigFolderError(RawLogError(path: imuPath, line: number, column: "arrival_s",
                                                 "time goes backwards (\(t) s after \(previous.time) s on line \(previous.line)); "
                                                 + "`record` writes the packets in the order they arrive").description)
            }
            previous = (t, number)
            let flags = IMUDFlags(rawValue: flagBits)
            guard flags.contains(.fusionConverged), !flags.contains(.startup), !flags.contains(.shutdown) else {
                unsettled += 1
                continue
            }
            let q: Quaternion
            do {
                q = try Quaternion.validated(w: qw, x: qx, y: qy, z: qz)
            } catch {
                throw RigFolderError(RawLogError(path: imuPath, line: number, column: "qw,qx,qy,qz",
                                                 "a settled packet's quaternion must be an attitude: \(error)").description)
            }
            if t == arrival.last { continue }  // one packet written twice
            arrival.append(t)
            attitude.append(q)
            rate.append(try Self.rate(Array(f[7...9]), of: imu, path: imuPath, line: number))
        }
        guard arrival.count >= 2 else {
            throw RigFolderError("\(imuPath): \(arrival.count) settled imud packets (\(unsettled) not settled): too few to calibrate; "
                                 + "let imud converge before recording")
        }
        self.arrival = arrival
        self.attitude = attitude
        let rates = rate.compactMap { $0 }
        self.rate = rates.count == rate.count ? rates : nil
        unsettledPackets = unsettled
    }

    /// A row's angular rate (`gx,gy,gz`, rad/s): nil when the packet carried none (the three fields empty);
    /// otherwise three numbers within `SensorBounds.gyroscope`. NaN is refused here: `record` writes a
    /// missing rate as empty fields, so a NaN is no reading imud sent, and it would enter the fit.
    static func rate(_ fields: [CSVText.Field], of text: CSVText, path: String, line: Int) throws -> SIMD3<Double>? {
        if fields.allSatisfy(\.isEmpty) { return nil }
        var v = SIMD3<Double>()
        for (axis, (name, field)) in zip(["gx", "gy", "gz"], fields).enumerated() {
            guard let value = text.double(field), abs(value) <= SensorBounds.gyroscope else {
                throw RigFolderError(RawLogError(path: path, line: line, column: name,
                                                 "\(MessageText.quoted(text.string(field))) is not an angular rate (taken: -\(SensorBounds.gyroscope) "
                                                 + "to \(SensorBounds.gyroscope) rad/s, or all three fields empty)").description)
            }
            v[axis] = value
        }
        return v
    }
}
