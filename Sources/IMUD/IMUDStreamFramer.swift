/// Counts of what a decoder refused, by reason.
public struct IMUDDropCounts: Equatable, Sendable, CustomStringConvertible {
    public var badMagic = 0
    public var wrongVersion = 0
    public var badCRC = 0
    public var truncated = 0
    public var oversized = 0
    /// Packets that passed every check but whose quaternion is zero or not finite: no attitude was delivered.
    public var invalidAttitude = 0
    /// Bytes a stream skipped while looking for the next frame.
    public var skippedBytes = 0

    public init() {}

    /// Dropped packets (not counting skipped bytes).
    public var total: Int { badMagic + wrongVersion + badCRC + truncated + oversized + invalidAttitude }

    public subscript(reason: IMUDDropReason) -> Int {
        get {
            switch reason {
            case .badMagic: return badMagic
            case .wrongVersion: return wrongVersion
            case .badCRC: return badCRC
            case .truncated: return truncated
            case .oversized: return oversized
            }
        }
        set {
            switch reason {
            case .badMagic: badMagic = newValue
            case .wrongVersion: wrongVersion = newValue
            case .badCRC: badCRC = newValue
            case .truncated: truncated = newValue
            case .oversized: oversized = newValue
            }
        }
    }

    public var description: String {
        "bad magic \(badMagic), wrong version \(wrongVersion), bad CRC \(badCRC), truncated \(truncated), "
            + "oversized \(oversized), invalid attitude \(invalidAttitude), skipped bytes \(skippedBytes)"
    }
}

/// Cuts a byte stream (AF_UNIX or TCP) into packets.
///
/// A frame is accepted only when it starts with the magic, carries a version steady-dice knows (14: 260
/// bytes, 17: 276 bytes; the version gives the frame's length) and its CRC matches.
/// Anything else is counted and skipped byte by byte until the next magic, so a corrupt or partial
/// packet, or garbage between frames, costs at most the frames it overlaps.
public struct IMUDStreamFramer: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0
    /// True after a refused frame: the bytes skipped until the next magic belong to that frame,
    /// so they are not counted as a second fault.
    private var resyncing = false
    public private(set) var counts = IMUDDropCounts()

    public init() {}

    /// Bytes received but not yet consumed.
    public var pendingByteCount: Int { buffer.count - start }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 && (start == buffer.count || start >= 16 * 1024) {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next valid packet, or nil when more bytes are needed.
    public mutating func nextPacket() -> IMUDPacket? {
        let received = buffer   // shares storage; keeps the bytes apart from the counters mutated below
        return received.withUnsafeBytes { all -> IMUDPacket? in
            while all.count - start >= 4 {
                guard let candidate = IMUDStreamFramer.firstMagic(in: all, from: start) else {
                    // Keep the last three bytes: they may be the start of a magic.
                    skip(to: all.count - 3)
                    return nil
                }
                skip(to: candidate)
                if all.count - start < 6 { return nil }
                guard let size = IMUDPacket.size(ofVersion: IMUDPacket.read(UInt16.self, all, start + IMUDPacket.Offset.version)) else {
                    counts.wrongVersion += 1
                    refuse()
                    continue
                }
                if all.count - start < size { return nil }
                let frame = UnsafeRawBufferPointer(rebasing: all[start..<start + size])
                guard IMUDPacket.hasValidCRC(frame) else {
                    // A frame cut short by the next frame's magic is a truncated one, not a corrupt one.
                    if IMUDStreamFramer.firstMagic(in: all, from: start + 4, before: start + size) != nil {
                        counts.truncated += 1
                    } else {
                        counts.badCRC += 1
                    }
                    refuse()
                    continue
                }
                start += size
                resyncing = false
                return IMUDPacket.decodeFields(frame)
            }
            return nil
        }
    }

    /// The stream ended: bytes of an unfinished frame are counted as one truncated packet.
    public mutating func endOfStream() {
        if pendingByteCount > 0 {
            let rest = buffer[start...]
            if rest.count >= 4 && rest.starts(with: IMUDStreamFramer.magicBytes) {
                counts.truncated += 1
            } else {
                skip(to: buffer.count)
            }
        }
        buffer.removeAll(keepingCapacity: true)
        start = 0
        resyncing = false
    }

    // MARK: - Private

    private static let magicBytes: [UInt8] = [0x44, 0x55, 0x4D, 0x49]

    private mutating func refuse() {
        start += 4
        resyncing = true
    }

    private mutating func skip(to index: Int) {
        guard index > start else { return }
        if !resyncing {
            counts.badMagic += 1
            resyncing = true
        }
        counts.skippedBytes += index - start
        start = index
    }

    private static func firstMagic(in bytes: UnsafeRawBufferPointer, from: Int, before limit: Int? = nil) -> Int? {
        let end = min(limit ?? bytes.count, bytes.count) - 3
        var i = from
        while i < end {
            if bytes[i] == 0x44 && bytes[i + 1] == 0x55 && bytes[i + 2] == 0x4D && bytes[i + 3] == 0x49 { return i }
            i += 1
        }
        return nil
    }
}
