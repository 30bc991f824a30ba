import Foundation

/// One MP4 sample of a data track: when it plays on the video's timeline and its bytes.
public struct DataPacket: Sendable, Equatable {
    /// Seconds from the video stream's start.
    public var time: Double
    /// Seconds the sample covers (its MP4 duration), 0 when the file states none.
    public var duration: Double
    public var bytes: [UInt8]

    public init(time: Double, duration: Double, bytes: [UInt8]) {
        self.time = time
        self.duration = duration
        self.bytes = bytes
    }
}

/// The camera's motion from a `gpmd` track's payloads: GYRO, ACCL, MAGN, SHUT, CORI, IORI and GRAV of the
/// first device that carries a GYRO, each scaled by its SCAL, converted by its SIUN, turned into the device
/// frame D by its MTRX, ORIN or the HERO5's order, and timed from the payloads' MP4 times.
public enum GPMFTelemetry {
    /// The keys read; everything else (the drone's own streams, GPS, ISO) is skipped.
    static let keys: Set<String> = ["GYRO", "ACCL", "MAGN", "SHUT", "CORI", "IORI", "GRAV"]

    /// The stored axis order when a stream says none: HERO5's Z, X, Y (gpmf-parser README; its maintainer:
    /// "The original GPMF camera, HERO5, used ZXY without reporting any metadata on the orientation"), which
    /// later cameras' ORIO keeps as the output order.
    public static let defaultOrder = "ZXY"

    /// One data entry of one payload with the properties in force where it sits in its stream.
    struct Block {
        var packet: Int
        var samples: [[Double]]
        var order: String
        var matrix: [Double]?
        var unit: String?
        var totalSamples: Double?
        var firstSampleMicroseconds: Double?
    }

    /// Reads every payload. `path` names the file in errors and notes.
    public static func motion(path: String, packets: [DataPacket]) throws(CameraMotionError) -> CameraMotion {
        var blocks: [String: [Block]] = [:]
        var device: Double?
        var deviceName = "the camera"
        for (index, packet) in packets.enumerated() {
            let entries: [GPMFEntry]
            do {
                entries = try GPMF.parse(packet.bytes)
            } catch {
                throw CameraMotionError(path: path, "gpmd payload \(index + 1) (t = \(String(format: "%.3f", packet.time)) s): \(error)")
            }
            for devc in entries where devc.key == "DEVC" && devc.isNested {
                let id = try devc.children.first { $0.key == "DVID" }.flatMap { entry throws(CameraMotionError) in
                    try number(entry, path: path).first
                } ?? 0
                let streams = devc.children.filter { $0.key == "STRM" && $0.isNested }
                let carriesGyro = streams.contains { $0.children.contains { $0.key == "GYRO" } }
                if device == nil, carriesGyro {
                    device = id
                    deviceName = devc.children.first { $0.key == "DVNM" }.map { "device '\($0.text)'" } ?? deviceName
                }
                guard device == id else { continue }
                for stream in streams {
                    try read(stream, packet: index, path: path, into: &blocks)
                }
            }
        }
        var motion = CameraMotion(path: path, track: .gpmf)
        guard let gyroBlocks = blocks["GYRO"], !gyroBlocks.isEmpty else {
            throw CameraMotionError(path: path, "its gpmd track (\(packets.count) payloads) holds no GYRO stream")
        }
        motion.gyro = try vectors(gyroBlocks, key: "GYRO", packets: packets, path: path, unitScale: gyroScale, notes: &motion.notes)
        if let acc = blocks["ACCL"] {
            motion.accelerometer = try vectors(acc, key: "ACCL", packets: packets, path: path, unitScale: accelerometerScale, notes: &motion.notes)
        }
        if let mag = blocks["MAGN"] {
            motion.magnetometer = try vectors(mag, key: "MAGN", packets: packets, path: path, unitScale: magnetometerScale, notes: &motion.notes)
        }
        if let shut = blocks["SHUT"] {
            let (times, values, _) = try timed(shut, key: "SHUT", packets: packets, path: path, notes: &motion.notes)
            motion.exposure = TimedSamples(time: times, values: values.map { $0.first ?? .nan })
        }
        for (key, keyPath) in [("CORI", \CameraMotion.cameraOrientation), ("IORI", \CameraMotion.imageOrientation)] {
            guard let found = blocks[key] else { continue }
            let (times, values, _) = try timed(found, key: key, packets: packets, path: path, notes: &motion.notes)
            guard values.allSatisfy({ $0.count == 4 }) else { throw CameraMotionError(path: path, "\(key) samples are not quaternions of 4 elements") }
            motion[keyPath: keyPath] = TimedSamples(time: times, values: values.map { SIMD4($0[0], $0[1], $0[2], $0[3]) })
        }
        if let grav = blocks["GRAV"] {
            let (times, values, _) = try timed(grav, key: "GRAV", packets: packets, path: path, notes: &motion.notes)
            guard values.allSatisfy({ $0.count == 3 }) else { throw CameraMotionError(path: path, "GRAV samples are not 3-vectors") }
            motion.gravity = TimedSamples(time: times, values: values.map { SIMD3($0[0], $0[1], $0[2]) })
        }
        motion.notes.insert("\(path): the camera's own motion from its gpmd track (\(deviceName), \(packets.count) payloads)", at: 0)
        return motion
    }

    /// The blocks of one STRM: properties are sticky within the stream and apply to the data entries after them.
    private static func read(_ stream: GPMFEntry, packet: Int, path: String, into blocks: inout [String: [Block]]) throws(CameraMotionError) {
        var properties: [String: GPMFEntry] = [:]
        for entry in stream.children {
            guard keys.contains(entry.key) else {
                properties[entry.key] = entry
                continue
            }
            do {
                let structure = entry.type == UInt8(ascii: "?") ? properties["TYPE"]?.text : nil
                let samples = try GPMF.scaled(entry, scale: properties["SCAL"], structure: structure)
                var order = defaultOrder
                var matrix: [Double]?
                if let mtrx = properties["MTRX"] {
                    matrix = try GPMF.numbers(of: mtrx).flatMap { $0 }
                    order = properties["ORIO"]?.text ?? defaultOrder
                } else if let orin = properties["ORIN"] {
                    order = orin.text
                }
                blocks[entry.key, default: []].append(Block(
                    packet: packet, samples: samples, order: order, matrix: matrix, unit: properties["SIUN"]?.text,
                    totalSamples: try properties["TSMP"].flatMap { try GPMF.numbers(of: $0).first?.first },
                    firstSampleMicroseconds: try properties["STMP"].flatMap { try GPMF.numbers(of: $0).first?.first }))
            } catch {
                throw CameraMotionError(path: path, "gpmd payload \(packet + 1): \(error)")
            }
        }
    }

    // MARK: - Axes and units

    /// Rad/s per unit of a GYRO SIUN; nil (no SIUN) is rad/s, as the README's tables give.
    static func gyroScale(_ unit: String?) -> Double? {
        switch unit {
        case nil, "rad/s": return 1
        case "deg/s", "\u{B0}/s": return Double.pi / 180
        default: return nil
        }
    }

    static func accelerometerScale(_ unit: String?) -> Double? {
        switch unit {
        case nil, "m/s\u{B2}", "m/s2", "m/s^2": return 1
        case "g": return 9.80665
        default: return nil
        }
    }

    static func magnetometerScale(_ unit: String?) -> Double? {
        switch unit {
        case nil, "\u{B5}T", "uT": return 1
        case "mT": return 1000
        case "nT": return 0.001
        default: return nil
        }
    }

    /// A stored 3-vector as GoPro's X, Y, Z: `order` labels the stored elements (lowercase: the axis reversed),
    /// after `matrix` (row-major, output element by input element) when there is one.
    public static func goProAxes(_ stored: [Double], order: String, matrix: [Double]? = nil) throws(GPMFError) -> SIMD3<Double> {
        var v = stored
        if let matrix {
            guard matrix.count == 9 else { throw GPMFError(offset: 0, message: "MTRX holds \(matrix.count) numbers, not the 3x3 its stream's 3 elements need") }
            v = (0..<3).map { row in (0..<3).reduce(0) { $0 + matrix[row * 3 + $1] * stored[$1] } }
        }
        let labels = Array(order)
        guard v.count == 3, labels.count == 3, Set(labels.map { $0.uppercased() }) == ["X", "Y", "Z"] else {
            throw GPMFError(offset: 0, message: "axis order '\(order)' does not name X, Y and Z once each for \(v.count) elements")
        }
        var out = SIMD3<Double>.zero
        for (k, label) in labels.enumerated() {
            let axis = ["X": 0, "Y": 1, "Z": 2][label.uppercased()] ?? 0
            out[axis] = label.isLowercase ? -v[k] : v[k]
        }
        return out
    }

    private static func vectors(_ blocks: [Block], key: String, packets: [DataPacket], path: String, unitScale: (String?) -> Double?,
                                notes: inout [String]) throws(CameraMotionError) -> TimedSamples<SIMD3<Double>> {
        let (times, stored, owners) = try timed(blocks, key: key, packets: packets, path: path, notes: &notes)
        var values: [SIMD3<Double>] = []
        values.reserveCapacity(times.count)
        for (sample, owner) in zip(stored, owners) {
            let block = blocks[owner]
            guard let scale = unitScale(block.unit) else {
                throw CameraMotionError(path: path, "\(key) is in '\(block.unit ?? "")', a unit this reader does not know")
            }
            do {
                values.append(CameraMotionFrames.deviceFromGoPro(try goProAxes(sample, order: block.order, matrix: block.matrix)) * scale)
            } catch {
                throw CameraMotionError(path: path, "\(key) in gpmd payload \(block.packet + 1): \(error.message)")
            }
        }
        if let first = blocks.first {
            let how = first.matrix != nil ? "its MTRX, output order \(first.order)" : first.order == defaultOrder ? "stored as Z, X, Y (HERO5's order)" : "stored in the order ORIN '\(first.order)' says"
            notes.append(String(format: "%@: %@ at %.1f Hz, %@, turned into the device frame", path, key,
                                TimedSamples(time: times, values: values).rate ?? 0, how))
        }
        return TimedSamples(time: times, values: values)
    }

    // MARK: - Timing

    /// Each block's samples spread evenly over its payload's interval on the video's timeline: sample k of n at
    /// start + k·duration/n. A payload without a duration ends where the next begins (the last one lasts as long
    /// as the one before it). When every block carries STMP (the first sample's time in µs on the camera's
    /// clock), samples are spread from one STMP to the next instead, mapped to the video's timeline by the line
    /// that fits STMP to the payloads' start times. TSMP (total samples so far) that jumps by more than a
    /// payload's samples says samples were dropped: a note names how many. The last payload is where recording
    /// stopped, and its packet ends with the video (the Karma clip's lasts 0.067 s and holds 0.071 s of GYRO samples
    /// at the stream's rate) or, remuxed, has no duration: its samples are spaced at the stream's rate over the whole
    /// payloads before it, from its start.
    static func timed(_ blocks: [Block], key: String, packets: [DataPacket], path: String,
                      notes: inout [String]) throws(CameraMotionError) -> (times: [Double], values: [[Double]], blocks: [Int]) {
        func interval(_ p: Int) -> (start: Double, duration: Double) {
            let start = packets[p].time
            if packets[p].duration > 0 { return (start, packets[p].duration) }
            if p + 1 < packets.count { return (start, packets[p + 1].time - start) }
            return (start, p > 0 ? start - packets[p - 1].time : 0)
        }
        var times: [Double] = []
        var values: [[Double]] = []
        var owners: [Int] = []
        let whole = blocks.dropLast().filter { !$0.samples.isEmpty }
        let wholeSeconds = whole.reduce(0.0) { $0 + interval($1.packet).duration }
        let wholeSamples = whole.reduce(0) { $0 + $1.samples.count }
        // Samples per second over the whole payloads; nil with none to measure it on (a file of one payload).
        let rate = wholeSeconds > 0 && wholeSamples > 0 ? Double(wholeSamples) / wholeSeconds : nil
        let stamps = blocks.compactMap(\.firstSampleMicroseconds)
        let clock = stamps.count == blocks.count && blocks.count >= 2 ? fitClock(blocks, packets: packets) : nil
        var dropped = 0.0
        for (b, block) in blocks.enumerated() {
            let n = block.samples.count
            guard n > 0 else { continue }
            var (start, duration) = interval(block.packet)
            guard start.isFinite, duration.isFinite, duration >= 0 else {
                throw CameraMotionError(path: path, "gpmd payload \(block.packet + 1) has no presentation time")
            }
            let retimed = b == blocks.count - 1 && rate != nil
            if retimed, let rate {
                let spanned = Double(n) / rate
                if abs(spanned - duration) > 0.05 * max(spanned, duration) {
                    notes.append(String(format: "%@: %@: the last payload's %d samples are timed at the stream's %.1f Hz, over %.3f s from "
                                        + "its start, not over its packet's %.3f s (recording stopped inside it)",
                                        path, key, n, rate, spanned, duration))
                }
                duration = spanned
            }
            if b > 0, let total = block.totalSamples, let previous = blocks[b - 1].totalSamples, total - previous > Double(n) {
                dropped += total - previous - Double(n)
            }
            for k in 0..<n {
                if let clock, let stamp = block.firstSampleMicroseconds {
                    let next = b + 1 < blocks.count ? blocks[b + 1].firstSampleMicroseconds : nil
                    // The last block has no next stamp: its samples span what the rate gives them (above), in STMP's µs.
                    let span = next.map { $0 - stamp } ?? (retimed ? duration / clock.slope
                        : b > 0 ? stamp - (blocks[b - 1].firstSampleMicroseconds ?? stamp) : 0)
                    times.append(clock.intercept + clock.slope * (stamp + Double(k) * span / Double(n)))
                } else {
                    times.append(start + Double(k) * duration / Double(n))
                }
                values.append(block.samples[k])
                owners.append(b)
            }
        }
        if clock != nil { notes.append("\(path): \(key) timed by its STMP stamps, mapped onto the video's timeline") }
        if dropped > 0 { notes.append("\(path): \(key)'s TSMP counts \(Int(dropped)) samples the payloads do not hold (dropped by the camera)") }
        let order = times.indices.sorted { (times[$0], $0) < (times[$1], $1) }
        return (order.map { times[$0] }, order.map { values[$0] }, order.map { owners[$0] })
    }

    /// Video time = intercept + slope·STMP, least squares over the payloads' start times; nil when degenerate.
    private static func fitClock(_ blocks: [Block], packets: [DataPacket]) -> (intercept: Double, slope: Double)? {
        let x = blocks.compactMap(\.firstSampleMicroseconds)
        let y = blocks.map { packets[$0.packet].time }
        let mx = x.reduce(0, +) / Double(x.count), my = y.reduce(0, +) / Double(y.count)
        let sxx = x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        guard sxx > 0 else { return nil }
        let sxy = zip(x, y).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let slope = sxy / sxx
        guard slope > 0.5e-6, slope < 2e-6 else { return nil }
        return (my - slope * mx, slope)
    }

    private static func number(_ entry: GPMFEntry, path: String) throws(CameraMotionError) -> [Double] {
        do { return try GPMF.numbers(of: entry).flatMap { $0 } } catch { throw CameraMotionError(path: path, "\(entry.key): \(error)") }
    }
}
