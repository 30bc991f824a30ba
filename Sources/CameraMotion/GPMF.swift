import Foundation
import SafeText

/// One GPMF key-length-value (gopro/gpmf-parser README, "KLV Design"): a four-character key, a type
/// character, the size of one sample in bytes and how many samples follow; the value big-endian, padded to
/// 32 bits. Type 0 nests: the value is more KLVs (DEVC holds a device, STRM a stream).
public struct GPMFEntry: Sendable, Equatable {
    public var key: String
    /// The type character's byte: `s` int16, `f` float, `c` text, `?` a structure TYPE describes, 0 nested.
    public var type: UInt8
    /// Bytes of one sample (the structure size).
    public var sampleSize: Int
    /// Samples in the value (the repeat).
    public var repeatCount: Int
    /// The value's bytes, without the padding; empty for a nested entry, whose bytes are its children's (a copy at
    /// each of 16 levels would hold 16 copies of a 16 MB payload).
    public var value: [UInt8]
    /// For a nested entry, the entries inside, in order.
    public var children: [GPMFEntry]

    public init(key: String, type: UInt8, sampleSize: Int, repeatCount: Int, value: [UInt8], children: [GPMFEntry] = []) {
        self.key = key
        self.type = type
        self.sampleSize = sampleSize
        self.repeatCount = repeatCount
        self.value = value
        self.children = children
    }

    public var isNested: Bool { type == 0 }

    /// The type as its character ("s", "?"), or "nested".
    public var typeName: String { isNested ? "nested" : String(UnicodeScalar(type)) }

    /// The type for a message: quoted (a type byte read from a file may be any byte) and what it holds,
    /// `'c' (text)`, `'s' (numbers)`.
    public var typeDescription: String {
        isNested ? "nested entries" : "\(MessageText.quoted(typeName)) (\(GPMF.kind(ofType: Character(UnicodeScalar(type)))))"
    }

    /// A `c` value as text: ISO-8859-1, as the README's SIUN strings use 0xB2 for ² and 0xB5 for µ; NULs end it.
    public var text: String {
        var scalars = String.UnicodeScalarView()
        for byte in value {
            guard byte != 0 else { break }
            scalars.append(UnicodeScalar(byte))
        }
        return String(scalars)
    }
}

/// GPMF that cannot be read, with the byte where it went wrong (from the payload's start).
public struct GPMFError: Error, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "GPMF at byte \(offset): \(message)" }
}

/// GoPro's GPMF format, read from the specification in gopro/gpmf-parser's README: KLV entries, their types,
/// SCAL and TYPE applied to the entry that follows them in the same nest.
public enum GPMF {
    /// Nests deeper than this are refused (gpmf-parser's own limit is 16).
    public static let maximumDepth = 16

    /// The entries of one payload (an MP4 sample of the `gpmd` track). Padding words of zeros between entries
    /// are skipped; a key that is not printable ASCII, a length past the nest's end or a nest too deep is an
    /// error naming the byte.
    public static func parse(_ bytes: [UInt8]) throws(GPMFError) -> [GPMFEntry] {
        try parse(bytes, from: 0, to: bytes.count, depth: 0)
    }

    private static func parse(_ bytes: [UInt8], from start: Int, to end: Int, depth: Int) throws(GPMFError) -> [GPMFEntry] {
        guard depth < maximumDepth else { throw GPMFError(offset: start, message: "nested deeper than \(maximumDepth) levels") }
        var entries: [GPMFEntry] = []
        var offset = start
        while offset + 8 <= end {
            let keyBytes = Array(bytes[offset..<offset + 4])
            if keyBytes == [0, 0, 0, 0] {
                offset += 4
                continue
            }
            guard keyBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                throw GPMFError(offset: offset, message: "not a key: bytes \(keyBytes.map { String(format: "%02x", $0) }.joined(separator: " "))")
            }
            let key = String(decoding: keyBytes, as: UTF8.self)
            let type = bytes[offset + 4]
            let sampleSize = Int(bytes[offset + 5])
            let repeatCount = Int(bytes[offset + 6]) << 8 | Int(bytes[offset + 7])
            let length = sampleSize * repeatCount
            let valueStart = offset + 8
            guard valueStart + length <= end else {
                throw GPMFError(offset: offset, message: "\(key) claims \(length) bytes and \(end - valueStart) are left in its nest")
            }
            var entry = GPMFEntry(key: key, type: type, sampleSize: sampleSize, repeatCount: repeatCount,
                                  value: type == 0 ? [] : Array(bytes[valueStart..<valueStart + length]), children: [])
            if type == 0 {
                entry.children = try parse(bytes, from: valueStart, to: valueStart + length, depth: depth + 1)
            }
            entries.append(entry)
            offset = min(end, valueStart + (length + 3) / 4 * 4)
        }
        return entries
    }

    // MARK: - Values

    /// Bytes of one value of a type character, or nil for a type the README does not list.
    public static func size(ofType type: Character) -> Int? {
        switch type {
        case "b", "B", "c": return 1
        case "s", "S": return 2
        case "l", "L", "f", "q", "F": return 4
        case "d", "j", "J", "Q": return 8
        case "G", "U": return 16
        default: return nil
        }
    }

    /// What a type character holds, for messages: "numbers", "text", "a FourCC", "a GUID", "a date", or "no type
    /// GPMF defines".
    public static func kind(ofType type: Character) -> String {
        switch type {
        case "c": return "text"
        case "F": return "a FourCC"
        case "G": return "a GUID"
        case "U": return "a date"
        case "?": return "a structure"
        default: return isNumber(type) ? "numbers" : "no type GPMF defines"
        }
    }

    /// True for the types that hold a number (`b` to `Q`); text, FourCC, GUID and date elements do not.
    public static func isNumber(_ type: Character) -> Bool {
        size(ofType: type) != nil && !["c", "F", "G", "U"].contains(type)
    }

    /// The element types of one sample of `entry`: its type repeated over the sample, or for a `?` entry the
    /// expansion of `structure`, the stream's TYPE. Throws when they do not fill the sample size exactly.
    public static func elementTypes(of entry: GPMFEntry, structure: String? = nil) throws(GPMFError) -> [Character] {
        if entry.type == UInt8(ascii: "?") {
            guard let structure else { throw GPMFError(offset: 0, message: "\(entry.key) is a structure ('?') and its stream has no TYPE") }
            return try expand(structure, key: entry.key, sampleSize: entry.sampleSize)
        }
        let type = Character(UnicodeScalar(entry.type))
        guard let size = size(ofType: type) else {
            throw GPMFError(offset: 0, message: "\(entry.key) has type \(MessageText.quoted(entry.typeName)), which GPMF does not define")
        }
        guard entry.sampleSize % size == 0 else {
            throw GPMFError(offset: 0, message: "\(entry.key)'s samples are \(entry.sampleSize) bytes, not a whole number of '\(type)' (\(size) bytes)")
        }
        return Array(repeating: type, count: entry.sampleSize / size)
    }

    /// Every sample of a numeric entry as numbers, unscaled: one array per sample, one number per element.
    /// A `?` entry is read through `structure`, the stream's TYPE ("fssL", "f[8]L"). Text, FourCC, GUID and
    /// date elements come out as NaN.
    public static func numbers(of entry: GPMFEntry, structure: String? = nil) throws(GPMFError) -> [[Double]] {
        let types = try elementTypes(of: entry, structure: structure)
        // `parse` gives every entry its whole value; an entry built by hand may claim more samples than it holds.
        guard entry.value.count >= entry.sampleSize * entry.repeatCount else {
            throw GPMFError(offset: 0, message: "\(entry.key) claims \(entry.repeatCount) samples of \(entry.sampleSize) bytes "
                            + "and holds \(entry.value.count) bytes")
        }
        var out: [[Double]] = []
        out.reserveCapacity(entry.repeatCount)
        var offset = 0
        for _ in 0..<entry.repeatCount {
            var sample: [Double] = []
            sample.reserveCapacity(types.count)
            for type in types {
                sample.append(number(entry.value, at: offset, type: type))
                offset += size(ofType: type) ?? 0
            }
            out.append(sample)
        }
        return out
    }

    /// Every sample of a numeric entry divided by SCAL: one divisor for every element, or one per element.
    public static func scaled(_ entry: GPMFEntry, scale: GPMFEntry?, structure: String? = nil) throws(GPMFError) -> [[Double]] {
        let samples = try numbers(of: entry, structure: structure)
        guard let scale else { return samples }
        let divisors = try numbers(of: scale).flatMap { $0 }
        let elements = samples.first?.count ?? 0
        guard divisors.count == 1 || divisors.count == elements else {
            throw GPMFError(offset: 0, message: "\(entry.key) has \(elements) elements and its SCAL \(divisors.count) divisors")
        }
        guard divisors.allSatisfy({ $0 != 0 && $0.isFinite }) else {
            throw GPMFError(offset: 0, message: "\(entry.key)'s SCAL holds a zero or a non-number: \(divisors)")
        }
        return samples.map { sample in sample.indices.map { sample[$0] / divisors[divisors.count == 1 ? 0 : $0] } }
    }

    /// A TYPE string's element types, with "[n]" repeating the type before it n times, for samples of
    /// `sampleSize` bytes. The types are counted in bytes as they are expanded, and the expansion stops with an
    /// error as soon as they pass the sample size: a TYPE can hold 16 MB of "[4096]", and only `sampleSize`
    /// (at most 255) bytes' worth of it can be right. Too few bytes is an error too.
    static func expand(_ structure: String, key: String, sampleSize: Int) throws(GPMFError) -> [Character] {
        func tooLong() -> GPMFError {
            GPMFError(offset: 0, message: "\(key)'s TYPE \(MessageText.quoted(structure)) describes samples of more than \(sampleSize) bytes, "
                      + "and its samples are \(sampleSize) bytes")
        }
        var types: [Character] = []
        var bytes = 0
        var characters = Substring(structure)
        while let c = characters.popFirst(), c != "\0" {
            if c == "[" {
                let digits = characters.prefix { $0.isASCII && $0.isNumber }.prefix(5)
                characters = characters.dropFirst(digits.count)
                guard let last = types.last, let n = Int(String(digits)), n >= 1, n <= 4096, characters.popFirst() == "]" else {
                    throw GPMFError(offset: 0, message: "\(key)'s TYPE \(MessageText.quoted(structure)) has a malformed array count")
                }
                let size = self.size(ofType: last) ?? 0
                guard bytes + (n - 1) * size <= sampleSize else { throw tooLong() }
                bytes += (n - 1) * size
                types += Array(repeating: last, count: n - 1)
            } else {
                guard let size = size(ofType: c) else {
                    throw GPMFError(offset: 0, message: "\(key)'s TYPE \(MessageText.quoted(structure)) names type \(MessageText.quoted(String(c))), "
                                    + "which GPMF does not define")
                }
                guard bytes + size <= sampleSize else { throw tooLong() }
                bytes += size
                types.append(c)
            }
        }
        guard bytes == sampleSize else {
            throw GPMFError(offset: 0, message: "\(key)'s TYPE \(MessageText.quoted(structure)) makes \(bytes)-byte samples, "
                            + "and its samples are \(sampleSize) bytes")
        }
        return types
    }

    private static func number(_ bytes: [UInt8], at offset: Int, type: Character) -> Double {
        func unsigned(_ count: Int) -> UInt64 {
            var value: UInt64 = 0
            for k in 0..<count { value = value << 8 | UInt64(bytes[offset + k]) }
            return value
        }
        switch type {
        case "b": return Double(Int8(bitPattern: bytes[offset]))
        case "B": return Double(bytes[offset])
        case "s": return Double(Int16(bitPattern: UInt16(unsigned(2))))
        case "S": return Double(unsigned(2))
        case "l": return Double(Int32(bitPattern: UInt32(unsigned(4))))
        case "L": return Double(unsigned(4))
        case "f": return Double(Float(bitPattern: UInt32(unsigned(4))))
        case "d": return Double(bitPattern: unsigned(8))
        case "j": return Double(Int64(bitPattern: unsigned(8)))
        case "J": return Double(unsigned(8))
        // Q15.16 and Q31.32 fixed point.
        case "q": return Double(Int32(bitPattern: UInt32(unsigned(4)))) / 65536
        case "Q": return Double(Int64(bitPattern: unsigned(8))) / 4_294_967_296
        default: return .nan
        }
    }
}
