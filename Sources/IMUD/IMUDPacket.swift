import AttitudeMath

/// The `flags` bitmask of an imud packet (imud spec.md §8). Bit values are fixed by the wire protocol.
public struct IMUDFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let magValid = IMUDFlags(rawValue: 1 << 0)
    public static let magSetReset = IMUDFlags(rawValue: 1 << 1)
    /// The MEKF covariance has settled.
    public static let fusionConverged = IMUDFlags(rawValue: 1 << 2)
    public static let accelCal = IMUDFlags(rawValue: 1 << 3)
    public static let gyroCal = IMUDFlags(rawValue: 1 << 4)
    public static let magCal = IMUDFlags(rawValue: 1 << 5)
    public static let motion = IMUDFlags(rawValue: 1 << 6)
    public static let fifoOverflow = IMUDFlags(rawValue: 1 << 7)
    /// Gyro bias estimation is still in progress.
    public static let startup = IMUDFlags(rawValue: 1 << 8)
    /// The final packet before a clean daemon exit.
    public static let shutdown = IMUDFlags(rawValue: 1 << 9)
    public static let declinationValid = IMUDFlags(rawValue: 1 << 10)
    public static let heaveValid = IMUDFlags(rawValue: 1 << 11)
    public static let waveValid = IMUDFlags(rawValue: 1 << 12)
    public static let engineOn = IMUDFlags(rawValue: 1 << 13)

    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// Why a packet was dropped before it could be delivered.
public enum IMUDDropReason: String, CaseIterable, Error, Sendable {
    /// The first four bytes are not 0x494D5544.
    case badMagic
    /// The version field is not one steady-dice reads (14 or 17).
    case wrongVersion
    /// The CRC in the last four bytes does not match the bytes before it.
    case badCRC
    /// Fewer bytes than the version's size: a short datagram, or a stream that ended or resumed mid-frame.
    case truncated
    /// A datagram longer than its version's size.
    case oversized
}

/// One imud wire packet, little-endian (imud spec.md §8), in either wire version steady-dice knows:
///
/// - version 14: 260 bytes, 256 bytes of fields then the CRC-32 of bytes 0-255 at offset 256;
/// - version 17 (imud 1.7 and later): 276 bytes, v14's 256 bytes of fields, then four floats
///   (`innov_weight`, `innov_reject`, `nis_accel`, `nis_mag` at 256-271) and the CRC-32 of bytes
///   0-271 at offset 272.
///
/// The attitude fields, and so the mapping of the attitude, are the same in both. Only the fields
/// steady-dice reads or writes are modelled; the sensor, covariance and sea-state fields are written
/// as zero, which the spec gives as their "not available" value.
public struct IMUDPacket: Equatable, Sendable {
    public static let magic: UInt32 = 0x494D_5544
    /// The wire versions steady-dice reads and writes, oldest first.
    public static let knownVersions: [UInt16] = [14, 17]
    /// The version `feed` publishes unless told otherwise, and the one `IMUDPacket()` makes.
    public static let wireVersion: UInt16 = 14
    /// Version 14's size, which is also the smallest packet.
    public static let size = 260
    /// The largest packet steady-dice knows.
    public static let maximumSize = 276

    /// The size in bytes of a packet of `version`, CRC included, or nil for a version steady-dice does not know.
    public static func size(ofVersion version: UInt16) -> Int? {
        switch version {
        case 14: return 260
        case 17: return 276
        default: return nil
        }
    }

    /// `version` when it is one steady-dice writes (`knownVersions`); otherwise throws `IMUDFieldError` naming the
    /// field. Every version given from outside (`feed --wire`, a library caller) passes here before a packet is made.
    public static func checkedVersion(_ version: UInt16) throws -> UInt16 {
        guard size(ofVersion: version) != nil else {
            throw IMUDFieldError(field: "version", value: String(version),
                                 expected: knownVersions.map(String.init).joined(separator: " or "))
        }
        return version
    }

    /// Field offsets in bytes.
    enum Offset {
        static let magic = 0, version = 4, flags = 6, tsWallNs = 8, tsTaiNs = 16
        static let tsChipTicks = 24, anchorGen = 28
        static let gyro = 56
        static let quaternion = 104, pitch = 120, roll = 124, yaw = 128, headingDeg = 132
        static let imuSeq = 180
        static let innovWeight = 256, innovReject = 260, nisAccel = 264, nisMag = 268
    }

    /// The wire version: 14 or 17 (`knownVersions`).
    public var version: UInt16

    public var flags: IMUDFlags
    /// CLOCK_REALTIME, nanoseconds.
    public var tsWallNs: UInt64
    /// CLOCK_TAI, nanoseconds.
    public var tsTaiNs: UInt64
    /// The IMU's hardware counter (25 µs ticks on imud's reference chip).
    public var tsChipTicks: UInt32
    /// Increments when imud re-anchors its wall clock.
    public var anchorGen: UInt32
    /// The body-to-NED (or body-to-ENU) attitude as on the wire: `[w, x, y, z]`.
    public var quaternion: SIMD4<Float>
    /// Radians, NED, ZYX Euler angles of `quaternion`.
    public var pitch: Float
    public var roll: Float
    public var yaw: Float
    /// Magnetic heading, degrees in [0, 360).
    public var headingDeg: Float
    /// Monotonic sample counter; a jump larger than usual means lost packets.
    public var imuSeq: UInt32
    /// `gyro_x`, `gyro_y`, `gyro_z` (offset 56): the angular rate in the IMU's body frame, rad/s, bias-corrected;
    /// all zero when the daemon does not fill them (the spec's "not available").
    public var gyro: SIMD3<Float> = .zero
    /// Version 17 only (0 in version 14): the EMA of the Huber weight applied to MEKF updates (1 = never capped).
    public var innovWeight: Float = 0
    /// Version 17 only: the EMA of the fraction of MEKF updates the innovation gate rejected.
    public var innovReject: Float = 0
    /// Version 17 only: the EMA of the accelerometer update's normalised innovation squared (1 = consistent).
    public var nisAccel: Float = 0
    /// Version 17 only: the same for the magnetometer update.
    public var nisMag: Float = 0

    public init(version: UInt16 = IMUDPacket.wireVersion, flags: IMUDFlags = [], tsWallNs: UInt64 = 0, tsTaiNs: UInt64 = 0,
                tsChipTicks: UInt32 = 0, anchorGen: UInt32 = 0, quaternion: SIMD4<Float> = SIMD4(1, 0, 0, 0),
                pitch: Float = 0, roll: Float = 0, yaw: Float = 0, headingDeg: Float = 0, imuSeq: UInt32 = 0) {
        // A programming error, not input: a version read from a datagram or given by a caller is checked first
        // (`decode`, `checkedVersion`).
        precondition(IMUDPacket.size(ofVersion: version) != nil, "imud wire version \(version) is not one steady-dice writes")
        self.version = version
        self.flags = flags
        self.tsWallNs = tsWallNs
        self.tsTaiNs = tsTaiNs
        self.tsChipTicks = tsChipTicks
        self.anchorGen = anchorGen
        self.quaternion = quaternion
        self.pitch = pitch
        self.roll = roll
        self.yaw = yaw
        self.headingDeg = headingDeg
        self.imuSeq = imuSeq
    }

    // MARK: - Encoding

    /// The packet's size in bytes: 260 (version 14) or 276 (version 17).
    public var byteCount: Int { IMUDPacket.size(ofVersion: version) ?? IMUDPacket.size }

    /// The wire bytes, CRC included; unmodelled fields are zero.
    public func encoded() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        bytes.withUnsafeMutableBytes { _ = encode(into: $0) }
        return bytes
    }

    /// Writes the wire bytes into `buffer`, which must hold at least `byteCount` bytes; returns how many.
    @discardableResult
    public func encode(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let size = byteCount
        precondition(buffer.count >= size, "an imud v\(version) packet needs \(size) bytes")
        let packet = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
        packet.initializeMemory(as: UInt8.self, repeating: 0)
        func put<T: FixedWidthInteger>(_ value: T, _ offset: Int) {
            packet.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
        }
        func put(_ value: Float, _ offset: Int) { put(value.bitPattern, offset) }
        put(IMUDPacket.magic, Offset.magic)
        put(version, Offset.version)
        put(flags.rawValue, Offset.flags)
        put(tsWallNs, Offset.tsWallNs)
        put(tsTaiNs, Offset.tsTaiNs)
        put(tsChipTicks, Offset.tsChipTicks)
        put(anchorGen, Offset.anchorGen)
        for i in 0..<4 { put(quaternion[i], Offset.quaternion + 4 * i) }
        put(pitch, Offset.pitch)
        put(roll, Offset.roll)
        put(yaw, Offset.yaw)
        put(headingDeg, Offset.headingDeg)
        put(imuSeq, Offset.imuSeq)
        for i in 0..<3 { put(gyro[i], Offset.gyro + 4 * i) }
        if version >= 17 {
            put(innovWeight, Offset.innovWeight)
            put(innovReject, Offset.innovReject)
            put(nisAccel, Offset.nisAccel)
            put(nisMag, Offset.nisMag)
        }
        let crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: packet[0..<size - 4]))
        put(crc, size - 4)
        return size
    }

    // MARK: - Decoding

    /// Checks magic, version, length and CRC, in that order, and decodes one datagram.
    public static func decode(datagram bytes: UnsafeRawBufferPointer) -> Result<IMUDPacket, IMUDDropReason> {
        if bytes.count >= 4, read(UInt32.self, bytes, Offset.magic) != magic { return .failure(.badMagic) }
        guard bytes.count >= 6 else { return .failure(.truncated) }
        guard let size = size(ofVersion: read(UInt16.self, bytes, Offset.version)) else { return .failure(.wrongVersion) }
        if bytes.count < size { return .failure(.truncated) }
        if bytes.count > size { return .failure(.oversized) }
        guard hasValidCRC(bytes) else { return .failure(.badCRC) }
        return .success(decodeFields(bytes))
    }

    public static func decode(datagram bytes: [UInt8]) -> Result<IMUDPacket, IMUDDropReason> {
        bytes.withUnsafeBytes { decode(datagram: $0) }
    }

    /// Whether the CRC in the last four bytes of `bytes` (exactly one packet) matches the bytes before it.
    static func hasValidCRC(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let crcOffset = bytes.count - 4
        return CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<crcOffset])) == read(UInt32.self, bytes, crcOffset)
    }

    /// Reads the fields of a packet whose magic, version, size and CRC have been checked.
    static func decodeFields(_ b: UnsafeRawBufferPointer) -> IMUDPacket {
        func float(_ offset: Int) -> Float { Float(bitPattern: read(UInt32.self, b, offset)) }
        var packet = IMUDPacket(
            version: read(UInt16.self, b, Offset.version),
            flags: IMUDFlags(rawValue: read(UInt16.self, b, Offset.flags)),
            tsWallNs: read(UInt64.self, b, Offset.tsWallNs),
            tsTaiNs: read(UInt64.self, b, Offset.tsTaiNs),
            tsChipTicks: read(UInt32.self, b, Offset.tsChipTicks),
            anchorGen: read(UInt32.self, b, Offset.anchorGen),
            quaternion: SIMD4(float(Offset.quaternion), float(Offset.quaternion + 4),
                              float(Offset.quaternion + 8), float(Offset.quaternion + 12)),
            pitch: float(Offset.pitch), roll: float(Offset.roll), yaw: float(Offset.yaw),
            headingDeg: float(Offset.headingDeg),
            imuSeq: read(UInt32.self, b, Offset.imuSeq))
        packet.gyro = SIMD3(float(Offset.gyro), float(Offset.gyro + 4), float(Offset.gyro + 8))
        if packet.version >= 17 {
            packet.innovWeight = float(Offset.innovWeight)
            packet.innovReject = float(Offset.innovReject)
            packet.nisAccel = float(Offset.nisAccel)
            packet.nisMag = float(Offset.nisMag)
        }
        return packet
    }

    static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeRawBufferPointer, _ offset: Int) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
