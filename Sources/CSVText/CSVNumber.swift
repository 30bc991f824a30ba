import Foundation

// MARK: - Numbers

extension CSVText {
    /// A field as a number, or nil when it is not one.
    ///
    /// One rule for every log: an optional sign, then either decimal digits with an optional `.` and an
    /// optional exponent (`12`, `-0.5`, `.5`, `5.`, `1e-3`, `+2.5E+2`), or `inf`, `infinity` or `nan` in any
    /// case. Non-finite values are numbers here; a reader refuses them where it needs finite ones (times).
    /// Hex floats (`0x1p3`), `nan(…)`, digit separators, trailing text and the empty field are not numbers.
    /// A decimal beyond a double's range becomes ±infinity, as with `strtod`. Results are correctly rounded.
    public func double(_ field: Field) -> Double? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return CSVNumber.double(base, field.start, field.end)
        }
    }

    /// A field as a whole number (`[+-]digits`), or nil when it is not one or does not fit 64 bits.
    /// For Sensor Logger's nanoseconds since the epoch, which a double cannot hold exactly.
    public func int64(_ field: Field) -> Int64? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return CSVNumber.int64(base, field.start, field.end)
        }
    }
}

/// Number syntax on raw bytes. `bytes[end]` must be readable and must not continue a number (the splitter
/// guarantees a comma, blank, quote, line end or the terminating 0 there).
enum CSVNumber {
    /// Exact powers of ten: 10^22 is the largest that a double holds exactly.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// An optional leading `+` or `-`: whether it was `-`, and where the digits start.
    private static func sign(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (negative: Bool, next: Int) {
        guard start < end, bytes[start] == ASCII.plus || bytes[start] == ASCII.minus else { return (false, start) }
        return (bytes[start] == ASCII.minus, start + 1)
    }

    static func double(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var (negative, i) = sign(bytes, start, end)
        guard i < end else { return nil }
        if !isDigit(bytes[i]) && bytes[i] != ASCII.dot {
            guard let special = special(bytes, i, end) else { return nil }
            return negative ? -special : special
        }

        // Decimal: up to 19 significant digits are gathered for the fast path; more send it to strtod.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var digits = 0
        var exact = true
        func take(_ byte: UInt8) {
            let digit = UInt64(byte &- ASCII.zero)
            digits += 1
            if mantissa == 0 && digit == 0 { return }
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ digit
                significantDigits += 1
            } else {
                exact = false
            }
        }
        while i < end && isDigit(bytes[i]) {
            take(bytes[i])
            i += 1
        }
        if i < end && bytes[i] == ASCII.dot {
            i += 1
            while i < end && isDigit(bytes[i]) {
                take(bytes[i])
                exponent -= 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < end && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            var negativeExponent = false
            if i < end && (bytes[i] == ASCII.plus || bytes[i] == ASCII.minus) {
                negativeExponent = bytes[i] == ASCII.minus
                i += 1
            }
            guard i < end && isDigit(bytes[i]) else { return nil }
            var written = 0
            while i < end && isDigit(bytes[i]) {
                written = min(written * 10 + Int(bytes[i] - ASCII.zero), 100_000)
                i += 1
            }
            exponent += negativeExponent ? -written : written
        }
        guard i == end else { return nil }

        if mantissa == 0 && exact { return negative ? -0.0 : 0.0 }
        // Clinger's fast path: an exact mantissa and an exact power of ten make one correctly rounded
        // operation. It covers the numbers loggers print; the rest go to strtod, which rounds correctly too.
        if exact && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            let magnitude = exponent >= 0 ? Double(mantissa) * powersOfTen[exponent]
                                          : Double(mantissa) / powersOfTen[-exponent]
            return negative ? -magnitude : magnitude
        }
        return bytes.withMemoryRebound(to: CChar.self, capacity: end + 1) { chars -> Double? in
            var parsedEnd: UnsafeMutablePointer<CChar>?
            let value = strtod(chars + start, &parsedEnd)
            // The syntax is already checked; this only guards against a locale whose decimal point is not ".".
            guard let parsedEnd, parsedEnd == UnsafeMutablePointer(mutating: chars + end) else { return nil }
            return value
        }
    }

    static func int64(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        var (negative, i) = sign(bytes, start, end)
        guard i < end else { return nil }
        var magnitude: UInt64 = 0
        while i < end {
            guard isDigit(bytes[i]) else { return nil }
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[i] - ASCII.zero))
            guard !overflow && !carry else { return nil }
            magnitude = sum
            i += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return Int64(truncatingIfNeeded: 0 &- magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= ASCII.zero && byte <= ASCII.nine
    }

    /// `inf`, `infinity` or `nan`, in any case.
    private static func special(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        let word = String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
            .lowercased()
        switch word {
        case "inf", "infinity": return .infinity
        case "nan": return .nan
        default: return nil
        }
    }
}
