import AttitudeMath
import Foundation
import SafeText

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
///
/// Only the gyroscope is needed: a problem with GYRO (or with the payloads' structure) refuses the file, and any
/// other stream that cannot be read (an element count, type, unit, axis order or MTRX this reader does not take) is
/// skipped with one note naming it and why. Samples that are not finite numbers are skipped and counted in one note
/// a stream; a gyroscope left with under `CameraMotion.minimumGyroSamples` is refused.
public enum GPMFTelemetry {
    /// The keys read; everything else (the drone's own streams, GPS, ISO) is skipped.
    static let keys: Set<String> = ["GYRO", "ACCL", "MAGN", "SHUT", "CORI", "IORI", "GRAV"]

    /// The streams turned into the device frame, and the numbers a sample of each stream holds, with what they are.
    static let vectorKeys: Set<String> = ["GYRO", "ACCL", "MAGN"]
    static let shapes: [String: (count: Int, what: String)] = [
        "GYRO": (3, "a 3-axis rate"), "ACCL": (3, "a 3-axis acceleration"), "MAGN": (3, "a 3-axis field"), "GRAV": (3, "a gravity vector"),
        "SHUT": (1, "an exposure time"), "CORI": (4, "a quaternion [w, x, y, z]"), "IORI": (4, "a quaternion [w, x, y, z]"),
    ]

    /// A payload's STMP further than this fraction of a payload's duration from the line the stamps fit to the
    /// payloads' times is set aside (a HERO's stamps lie within milliseconds of that line).
    public static let stampTolerance = 0.25

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
        // Optional streams that cannot be read, with why (the first payload's reason).
        var unreadable: [String: String] = [:]
        // The device read: the first whose streams hold a GYRO, known by its DVID's type and bytes (the README allows
        // a number or a FourCC; nil for a device without one).
        var device: [UInt8]??
        var deviceName = "the camera"
        for (index, packet) in packets.enumerated() {
            let entries: [GPMFEntry]
            do {
                entries = try GPMF.parse(packet.bytes)
            } catch {
                throw CameraMotionError(path: path, "gpmd payload \(index + 1) (t = \(String(format: "%.3f", packet.time)) s): \(error)")
            }
            for devc in entries where devc.key == "DEVC" && devc.isNested {
                let id = devc.children.first { $0.key == "DVID" }.map { [$0.type] + $0.value }
                let streams = devc.children.filter { $0.key == "STRM" && $0.isNested }
                let carriesGyro = streams.contains { $0.children.contains { $0.key == "GYRO" } }
                if device == nil, carriesGyro {
                    device = .some(id)
                    deviceName = devc.children.first { $0.key == "DVNM" }.map { "device \(MessageText.quoted($0.text))" } ?? deviceName
                }
                guard let device, device == id else { continue }
                for stream in streams {
                    try read(stream, packet: index, path: path, into: &blocks, unreadable: &unreadable)
                }
            }
        }
        var motion = CameraMotion(path: path, track: .gpmf)
        guard let gyroBlocks = blocks["GYRO"], !gyroBlocks.isEmpty else {
            throw CameraMotionError(path: path, "its gpmd track (\(packets.count) payloads) holds no GYRO stream")
        }
        let gyroCount = gyroBlocks.reduce(0) { $0 + $1.samples.count }
        guard gyroCount > 0 else {
            throw CameraMotionError(path: path, "its GYRO stream holds 0 samples (in \(gyroBlocks.count) payloads): there is no motion to read")
        }
        let gyro = try vectors(gyroBlocks, key: "GYRO", packets: packets, path: path, unitScale: gyroScale, notes: &motion.notes)
        motion.gyro = gyro.keeping(\.isFinite, path: path, name: "GYRO", having: CameraMotion.nonFinite, notes: &motion.notes)
        guard motion.gyro.count >= CameraMotion.minimumGyroSamples else {
            throw CameraMotionError(path: path, "its GYRO stream holds \(gyroCount) samples and \(motion.gyro.count) of them are finite numbers: "
                                    + "too few to integrate (at least \(CameraMotion.minimumGyroSamples))")
        }

        /// Reads an optional stream with `body`; one that cannot be read is skipped, and a note says why.
        func optional(_ key: String, _ body: ([Block]) throws(CameraMotionError) -> Void) {
            if let why = unreadable[key] {
                motion.notes.append("\(path): its \(key) stream is skipped, the rest is read: \(why)")
                return
            }
            guard let found = blocks[key] else { return }
            do {
                try body(found)
            } catch {
                motion.notes.append("\(path): its \(key) stream is skipped, the rest is read: \(error.message)")
            }
        }
        optional("ACCL") { blocks throws(CameraMotionError) in
            motion.accelerometer = try vectors(blocks, key: "ACCL", packets: packets, path: path, unitScale: accelerometerScale, notes: &motion.notes)
                .keeping(\.isFinite, path: path, name: "ACCL", having: CameraMotion.nonFinite, notes: &motion.notes)
        }
        optional("MAGN") { blocks throws(CameraMotionError) in
            motion.magnetometer = try vectors(blocks, key: "MAGN", packets: packets, path: path, unitScale: magnetometerScale, notes: &motion.notes)
                .keeping(\.isFinite, path: path, name: "MAGN", having: CameraMotion.nonFinite, notes: &motion.notes)
        }
        optional("SHUT") { blocks throws(CameraMotionError) in
            let (times, values, _) = try timed(blocks, key: "SHUT", packets: packets, path: path, notes: &motion.notes)
            motion.exposure = TimedSamples(time: times, values: values.map { $0[0] })
                .keeping(\.isFinite, path: path, name: "SHUT", having: CameraMotion.nonFinite, notes: &motion.notes)
        }
        for (key, keyPath) in [("CORI", \CameraMotion.cameraOrientation), ("IORI", \CameraMotion.imageOrientation)] {
            optional(key) { blocks throws(CameraMotionError) in
                let (times, values, _) = try timed(blocks, key: key, packets: packets, path: path, notes: &motion.notes)
                let stored = TimedSamples(time: times, values: values.map { SIMD4($0[0], $0[1], $0[2], $0[3]) })
                // A rotation is any finite quaternion of some length (each reader normalises it); zeros are none.
                let isRotation = { (q: SIMD4<Double>) in let n = (q * q).sum(); return n.isFinite && n > 0 }
                guard stored.values.contains(where: isRotation) || stored.isEmpty else {
                    throw CameraMotionError(path: path, "none of its \(stored.count) samples is a unit quaternion (all are zeros or not finite)")
                }
                motion[keyPath: keyPath] = stored.keeping(isRotation, path: path, name: key,
                                                          having: "with a zero or non-finite quaternion, not a unit quaternion", notes: &motion.notes)
            }
        }
        optional("GRAV") { blocks throws(CameraMotionError) in
            let (times, values, _) = try timed(blocks, key: "GRAV", packets: packets, path: path, notes: &motion.notes)
            motion.gravity = TimedSamples(time: times, values: values.map { SIMD3($0[0], $0[1], $0[2]) })
                .keeping(\.isFinite, path: path, name: "GRAV", having: CameraMotion.nonFinite, notes: &motion.notes)
        }
        motion.notes.insert("\(path): the camera's own motion from its gpmd track (\(deviceName), \(packets.count) payloads)", at: 0)
        return motion
    }

    /// The blocks of one STRM: properties are sticky within the stream and apply to the data entries after them. A GYRO
    /// that cannot be read refuses the file; another stream that cannot be read is put in `unreadable` with why.
    private static func read(_ stream: GPMFEntry, packet: Int, path: String, into blocks: inout [String: [Block]],
                             unreadable: inout [String: String]) throws(CameraMotionError) {
        var properties: [String: GPMFEntry] = [:]
        for entry in stream.children {
            guard keys.contains(entry.key) else {
                properties[entry.key] = entry
                continue
            }
            guard unreadable[entry.key] == nil else { continue }
            do {
                blocks[entry.key, default: []].append(try block(entry, properties: properties, packet: packet))
            } catch {
                let why = "gpmd payload \(packet + 1): \(error.message)"
                guard entry.key != "GYRO" else { throw CameraMotionError(path: path, why) }
                unreadable[entry.key] = why
            }
        }
    }

    /// One data entry read with its stream's properties, its shape checked: numbers (not text), as many a sample as
    /// the key holds, and for the streams turned into D an axis order naming X, Y and Z and an MTRX that relabels axes.
    private static func block(_ entry: GPMFEntry, properties: [String: GPMFEntry], packet: Int) throws(GPMFError) -> Block {
        let key = entry.key
        let structure = entry.type == UInt8(ascii: "?") ? properties["TYPE"]?.text : nil
        let types = try GPMF.elementTypes(of: entry, structure: structure)
        if let other = types.first(where: { !GPMF.isNumber($0) }) {
            let why = structure.map { "its TYPE \(MessageText.quoted($0)) holds \(MessageText.quoted(String(other))) (\(GPMF.kind(ofType: other)))" }
                ?? "it is stored as \(entry.typeDescription)"
            throw GPMFError(offset: 0, message: "\(key) is not numbers: \(why)")
        }
        if let shape = shapes[key], types.count != shape.count {
            throw GPMFError(offset: 0, message: "\(key)'s samples hold \(types.count) \(types.count == 1 ? "number" : "numbers") each, not the "
                            + "\(shape.count) of \(shape.what) (\(entry.sampleSize)-byte samples of \(entry.typeDescription))")
        }
        let samples = try GPMF.scaled(entry, scale: properties["SCAL"], structure: structure)
        var order = defaultOrder
        var matrix: [Double]?
        if vectorKeys.contains(key) {
            if let mtrx = properties["MTRX"] {
                matrix = try axisMatrix(mtrx, key: key)
                order = properties["ORIO"]?.text ?? defaultOrder
            } else if let orin = properties["ORIN"] {
                order = orin.text
            }
            try checkOrder(order, key: key, from: properties["MTRX"] != nil ? "ORIO" : properties["ORIN"] != nil ? "ORIN" : "the HERO5's")
        }
        // A stamp or count that cannot be read is NaN or nil: timing then sets the stamp aside, or counts no drops.
        func first(_ property: String) -> Double? { properties[property].map { (try? GPMF.numbers(of: $0).first?.first) ?? .nan } }
        return Block(packet: packet, samples: samples, order: order, matrix: matrix, unit: properties["SIUN"]?.text,
                     totalSamples: first("TSMP").flatMap { $0.isFinite ? $0 : nil }, firstSampleMicroseconds: first("STMP"))
    }

    /// MTRX, read as the 3x3 (row by row, output element by stored element) that maps a stream's stored elements to
    /// ORIO's order: it relabels axes, so it must be a signed permutation, one 1 or -1 in each row and column and
    /// zeros elsewhere. A singular one (all zeros) would turn every sample into 0, a camera at rest.
    static func axisMatrix(_ mtrx: GPMFEntry, key: String) throws(GPMFError) -> [Double] {
        let m = try GPMF.numbers(of: mtrx).flatMap { $0 }
        let shown = MessageText.quoted(m.prefix(16).map { String(format: "%g", $0) }.joined(separator: ", ") + (m.count > 16 ? ", …" : ""))
        guard m.count == 9 else {
            throw GPMFError(offset: 0, message: "\(key)'s MTRX holds \(m.count) numbers (\(shown)), not the 3x3 its 3 elements need")
        }
        let rows = (0..<3).map { r in (0..<3).map { m[r * 3 + $0] } }
        let isSignedPermutation = m.allSatisfy { $0 == 0 || $0 == 1 || $0 == -1 }
            && (0..<3).allSatisfy { r in rows[r].filter { $0 != 0 }.count == 1 }
            && (0..<3).allSatisfy { c in rows.filter { $0[c] != 0 }.count == 1 }
        guard isSignedPermutation else {
            throw GPMFError(offset: 0, message: "\(key)'s MTRX (\(shown), row by row) is not an axis matrix: each row and each column must hold "
                            + "one 1 or -1 and zeros elsewhere")
        }
        return m
    }

    /// An axis order (ORIN, ORIO) must name X, Y and Z once each, in either case.
    static func checkOrder(_ order: String, key: String, from source: String) throws(GPMFError) {
        guard namesEachAxisOnce(order) else {
            throw GPMFError(offset: 0, message: "\(key)'s axis order \(MessageText.quoted(order)) (\(source)) does not name X, Y and Z once each")
        }
    }

    static func namesEachAxisOnce(_ order: String) -> Bool {
        let labels = Array(order)
        return labels.count == 3 && Set(labels.map { $0.uppercased() }) == ["X", "Y", "Z"]
    }

    // MARK: - Axes and units

    /// Rad/s per unit of a GYRO SIUN; nil (no SIUN) is rad/s, as the README's tables give.
    static func gyroScale(_ unit: String?) -> Double? {
        switch unit {
        case nil, "rad/s": return 1
        case "deg/s", "\u{B0}/s": return Angle.radians(fromDegrees: 1)
        default: return nil
        }
    }

    static func accelerometerScale(_ unit: String?) -> Double? {
        switch unit {
        case nil, "m/s\u{B2}", "m/s2", "m/s^2": return 1
        case "g": return Frames.standardGravity
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
        guard v.count == 3, namesEachAxisOnce(order) else {
            throw GPMFError(offset: 0, message: "axis order \(MessageText.quoted(order)) does not name X, Y and Z once each for \(v.count) elements")
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
                throw CameraMotionError(path: path, "\(key) is in \(MessageText.quoted(block.unit ?? "")), a unit this reader does not know")
            }
            do {
                values.append(CameraMotionFrames.deviceFromGoPro(try goProAxes(sample, order: block.order, matrix: block.matrix)) * scale)
            } catch {
                throw CameraMotionError(path: path, "\(key) in gpmd payload \(block.packet + 1): \(error.message)")
            }
        }
        if let first = blocks.first {
            let how = first.matrix != nil ? "its MTRX, output order \(first.order)" : first.order == defaultOrder ? "stored as Z, X, Y (HERO5's order)" : "stored in the order ORIN \(MessageText.quoted(first.order)) says"
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
        var blocks = blocks
        let stamps = blocks.compactMap(\.firstSampleMicroseconds)
        let fit = stamps.count == blocks.count && blocks.count >= 2 ? fitClock(blocks, packets: packets) : nil
        let clock = fit.map { (intercept: $0.intercept, slope: $0.slope) }
        if let fit, !fit.setAside.isEmpty {
            // A stamp set aside is replaced by the one its payload's time gives on the line the others fit.
            var said: [String] = []
            for b in fit.setAside {
                let stamp = blocks[b].firstSampleMicroseconds ?? .nan
                let off = fit.intercept + fit.slope * stamp - packets[blocks[b].packet].time
                said.append("payload \(blocks[b].packet + 1) (" + (off.isFinite ? String(format: "%+.3f s", off) : "not a number") + ")")
                blocks[b].firstSampleMicroseconds = (packets[blocks[b].packet].time - fit.intercept) / fit.slope
            }
            notes.append(String(format: "%@: %@: %d of %d STMP stamps disagree with their payloads' times by over %.3f s and are set aside, "
                                + "those payloads timed by their MP4 times: %@", path, key, fit.setAside.count, blocks.count, fit.tolerance,
                                said.prefix(5).joined(separator: ", ") + (said.count > 5 ? ", …" : "")))
        }
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

    /// Video time = intercept + slope·STMP, fitted to the payloads' start times over the payloads whose stamps agree
    /// with them, and the blocks whose stamps do not (`setAside`, indices into `blocks`). One wild stamp would pull a
    /// least-squares line over all of them (a stamp 5 s off among 13 payloads re-timed the whole track by a second), so
    /// a first line that a few cannot move (the median of the slopes from payload to payload, then the median
    /// intercept) finds the stamps further from it than `stampTolerance` of a payload's duration; least squares over
    /// the others gives the line. Nil when fewer than two agree or the line is no clock of µs against seconds.
    static func fitClock(_ blocks: [Block], packets: [DataPacket]) -> (intercept: Double, slope: Double, setAside: [Int], tolerance: Double)? {
        let x = blocks.map { $0.firstSampleMicroseconds ?? .nan }
        let y = blocks.map { packets[$0.packet].time }
        func median(_ values: [Double]) -> Double? { Median.meanOfMiddles(values.filter(\.isFinite)) }
        let steps = zip(x.dropFirst(), x).enumerated().compactMap { k, pair in pair.0 > pair.1 ? (y[k + 1] - y[k]) / (pair.0 - pair.1) : nil }
        guard let roughSlope = median(steps), roughSlope > 0, let roughIntercept = median(x.indices.map { y[$0] - roughSlope * x[$0] }),
              let payload = median(zip(y.dropFirst(), y).map { $0 - $1 }.filter { $0 > 0 }) else { return nil }
        let tolerance = stampTolerance * payload
        let agree = x.indices.filter { abs(y[$0] - (roughIntercept + roughSlope * x[$0])) <= tolerance }
        guard agree.count >= 2 else { return nil }
        let n = Double(agree.count)
        let mx = agree.reduce(0) { $0 + x[$1] } / n, my = agree.reduce(0) { $0 + y[$1] } / n
        let sxx = agree.reduce(0) { $0 + (x[$1] - mx) * (x[$1] - mx) }
        guard sxx > 0 else { return nil }
        let sxy = agree.reduce(0) { $0 + (x[$1] - mx) * (y[$1] - my) }
        let slope = sxy / sxx
        guard slope > 0.5e-6, slope < 2e-6 else { return nil }
        let setAside = x.indices.filter { !agree.contains($0) }
        return (my - slope * mx, slope, setAside, tolerance)
    }
}
