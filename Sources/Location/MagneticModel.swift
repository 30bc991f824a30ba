import AttitudeMath
import FileAccess
import Foundation

/// The geomagnetic field at one place and time, in the geodetic frame (north, east, down).
public struct MagneticField: Sendable, Equatable {
    /// North component, nT.
    public var north: Double
    /// East component, nT.
    public var east: Double
    /// Down component, nT.
    public var down: Double

    /// Horizontal intensity, nT.
    public var horizontal: Double { hypot(north, east) }
    /// Total intensity, nT.
    public var total: Double { (north * north + east * east + down * down).squareRoot() }
    /// Declination: the angle from true north to the horizontal field, degrees, east positive.
    public var declinationDegrees: Double { Angle.degrees(fromRadians: atan2(east, north)) }
    /// Inclination (dip): the angle below the horizontal, degrees, down positive.
    public var inclinationDegrees: Double { Angle.degrees(fromRadians: atan2(down, horizontal)) }
}

/// Why the model cannot be evaluated, or read.
public struct MagneticModelError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A spherical-harmonic main-field model: Gauss coefficients g, h in nT at one or more epochs, linear
/// between them, and a yearly change (secular variation) after the last. WMM publishes one epoch and its
/// change (`WMM.COF`, to degree 12); IGRF publishes a model every 5 years from 1900 and the change over
/// the last 5 (`igrf14coeffs.txt`, to degree 13, degree 10 before 2000).
///
/// Evaluation follows the WMM technical report (IGRF's synthesis is the same): geodetic (WGS 84) position to
/// geocentric spherical coordinates, Schmidt semi-normalised associated Legendre functions, the field in
/// spherical components, rotated back to the geodetic north-east-down frame.
public struct MagneticModel: Sendable {
    /// The heights a field is computed at, metres above the ellipsoid: from 10 km below to 1000 km above.
    public static let heightRangeMetres = -10_000.0...1_000_000.0

    /// Model name, e.g. `WMM-2025` or `IGRF-14`.
    public let name: String
    /// The last epoch with published coefficients, decimal year (2025.0 for WMM2025 and IGRF-14); the
    /// secular variation carries the model on from there.
    public var epoch: Double { epochs[epochs.count - 1] }
    /// The dates the model is valid for, both included: 2025.0 to 2030.0 for WMM2025, 1900.0 to 2030.0 for IGRF-14.
    public let validYears: ClosedRange<Double>
    /// Highest degree n.
    public let maxDegree: Int
    /// The epochs of `g` and `h`, increasing.
    private let epochs: [Double]
    /// Coefficients indexed `[epoch][n][m]` in nT, and their yearly change after the last epoch `[n][m]` in nT per year.
    private let g: [[[Double]]], h: [[[Double]]], gDot: [[Double]], hDot: [[Double]]

    /// WMM2025, from the `WMM.COF` shipped with this module.
    public static func wmm2025() throws -> MagneticModel {
        try MagneticModel(cofPath: try coefficientFile("WMM.COF"))
    }

    /// IGRF-14, from the `igrf14coeffs.txt` shipped with this module (IAGA's coefficient file, unchanged).
    public static func igrf14() throws -> MagneticModel {
        try MagneticModel(igrfPath: try coefficientFile("igrf14coeffs.txt"))
    }

    /// The model for a date: WMM2025 where it is valid (2025.0 to 2030.0), IGRF-14 before (from 1900.0).
    /// Throws, naming both spans, for a date neither covers.
    public static func forYear(_ decimalYear: Double) throws -> MagneticModel {
        let wmm = try wmm2025()
        if wmm.validYears.contains(decimalYear) { return wmm }
        let igrf = try igrf14()
        if igrf.validYears.contains(decimalYear) { return igrf }
        throw MagneticModelError(String(format: "date %.3f is outside the magnetic models' lives: %@ %.1f to %.1f, %@ %.1f to %.1f",
                                        decimalYear, igrf.name, igrf.validYears.lowerBound, igrf.validYears.upperBound,
                                        wmm.name, wmm.validYears.lowerBound, wmm.validYears.upperBound))
    }

    /// The path of a coefficient file shipped with this module, or an error listing where it was looked for.
    static func coefficientFile(_ name: String) throws -> String {
        let candidates = coefficientFileCandidates(name)
        guard let path = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw MagneticModelError("\(name) not found; looked in " + candidates.joined(separator: ", "))
        }
        return path
    }

    /// Where a coefficient file is: this module's SwiftPM resource bundle (`Bundle.module`), which sits beside
    /// the executable in a build, a test runner, an install (`scripts/install` copies it beside the binaries)
    /// and a package that depends on ours. Its presence is checked first because `Bundle.module` stops the
    /// program when its bundle is missing, and a missing model file deserves an error, not a crash.
    static func coefficientFileCandidates(_ name: String) -> [String] {
        guard ResourceBundles.bundle(ofTarget: "Location") != nil else {
            return [ResourceBundles.folder.appendingPathComponent("<package>_Location.resources/\(name)").path]
        }
        return [(Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent(name).path]
    }

    /// Reads a coefficient file in the WMM.COF layout: a header line `epoch name date`, then lines
    /// `n m g h gDot hDot`, ended by a line of 9s.
    public init(cofPath: String) throws {
        guard let text = try? String(contentsOfFile: cofPath, encoding: .utf8) else {
            throw MagneticModelError("\(cofPath): cannot read the coefficient file")
        }
        try self.init(cofText: text, path: cofPath)
    }

    public init(cofText: String, path: String = "WMM.COF") throws {
        var lines = cofText.split(whereSeparator: \.isNewline).enumerated().makeIterator()
        guard let (_, headerLine) = lines.next() else { throw MagneticModelError("\(path): empty") }
        let header = headerLine.split(separator: " ")
        guard header.count >= 2, let epoch = Double(header[0]), epoch.isFinite else {
            throw MagneticModelError("\(path):1: expected 'epoch name date' in the header")
        }
        var rows: [(n: Int, m: Int, values: [Double])] = []
        while let (index, line) = lines.next() {
            if line.hasPrefix("9999") { break }
            let fields = line.split(separator: " ")
            guard fields.count >= 6, let n = Int(fields[0]), let m = Int(fields[1]), n >= 1, n <= 20, m >= 0, m <= n else {
                throw MagneticModelError("\(path):\(index + 1): expected 'n m g h gdot hdot'")
            }
            let values = fields[2..<6].compactMap { Double($0) }
            guard values.count == 4 else { throw MagneticModelError("\(path):\(index + 1): malformed number") }
            rows.append((n, m, values))
        }
        let maxDegree = rows.map(\.n).max() ?? 0
        guard maxDegree >= 1 else { throw MagneticModelError("\(path): no coefficients") }
        var g = Self.zero(maxDegree), h = Self.zero(maxDegree), gDot = Self.zero(maxDegree), hDot = Self.zero(maxDegree)
        for row in rows {
            g[row.n][row.m] = row.values[0]
            h[row.n][row.m] = row.values[1]
            gDot[row.n][row.m] = row.values[2]
            hDot[row.n][row.m] = row.values[3]
        }
        self.init(name: String(header[1]), epochs: [epoch], g: [g], h: [h], gDot: gDot, hDot: hDot,
                  validYears: epoch...(epoch + 5), maxDegree: maxDegree)
    }

    /// Reads a coefficient file in IGRF's layout (`igrf14coeffs.txt`): `#` comment lines, a line naming the
    /// kind of each column, then `g/h n m` and the epochs (`1900.0 ... 2025.0`) with the secular variation's
    /// span last (`2025-30`), then a line per coefficient: `g` or `h`, n, m, a value per epoch, the yearly change.
    public init(igrfPath: String) throws {
        guard let text = try? String(contentsOfFile: igrfPath, encoding: .utf8) else {
            throw MagneticModelError("\(igrfPath): cannot read the coefficient file")
        }
        try self.init(igrfText: text, path: igrfPath)
    }

    public init(igrfText: String, path: String = "igrf14coeffs.txt", name: String = "IGRF-14") throws {
        var epochs: [Double]?
        var validEnd = 0.0
        var rows: [(line: Int, isG: Bool, n: Int, m: Int, values: [Double])] = []
        for (index, line) in igrfText.split(whereSeparator: \.isNewline).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            if first == "g/h" {
                // "g/h n m 1900.0 ... 2025.0 2025-30": the epochs, then the span of the secular variation.
                let values = fields.dropFirst(3)
                guard let span = values.last, let dash = span.firstIndex(of: "-"),
                      let start = Double(span[..<dash]), let endDigits = Int(span[span.index(after: dash)...]) else {
                    throw MagneticModelError("\(path):\(index + 1): expected the secular variation's span (like 2025-30) last")
                }
                let parsed = values.dropLast().compactMap { Double($0) }
                guard parsed.count == values.count - 1, !parsed.isEmpty, zip(parsed, parsed.dropFirst()).allSatisfy({ $0 < $1 }),
                      parsed.last == start else {
                    throw MagneticModelError("\(path):\(index + 1): expected increasing epochs ending at the secular variation's start")
                }
                epochs = parsed
                let century = (Int(start) / 100) * 100
                validEnd = Double(century + endDigits) >= start ? Double(century + endDigits) : Double(century + 100 + endDigits)
                continue
            }
            guard first == "g" || first == "h" else { continue }  // the "c/s deg ord" line names the columns' kinds
            guard let epochs else { throw MagneticModelError("\(path):\(index + 1): a coefficient before the 'g/h n m' line") }
            guard fields.count == 3 + epochs.count + 1, let n = Int(fields[1]), let m = Int(fields[2]), n >= 1, n <= 20, m >= 0, m <= n else {
                throw MagneticModelError("\(path):\(index + 1): expected 'g|h n m' and \(epochs.count + 1) numbers")
            }
            let values = fields.dropFirst(3).compactMap { Double($0) }
            guard values.count == epochs.count + 1, values.allSatisfy(\.isFinite) else {
                throw MagneticModelError("\(path):\(index + 1): malformed number")
            }
            rows.append((index + 1, first == "g", n, m, values))
        }
        guard let epochs, let maxDegree = rows.map(\.n).max() else { throw MagneticModelError("\(path): no coefficients") }
        var g = [[[Double]]](repeating: Self.zero(maxDegree), count: epochs.count), h = g
        var gDot = Self.zero(maxDegree), hDot = Self.zero(maxDegree)
        for row in rows {
            for e in epochs.indices {
                if row.isG { g[e][row.n][row.m] = row.values[e] } else { h[e][row.n][row.m] = row.values[e] }
            }
            if row.isG { gDot[row.n][row.m] = row.values[epochs.count] } else { hDot[row.n][row.m] = row.values[epochs.count] }
        }
        self.init(name: name, epochs: epochs, g: g, h: h, gDot: gDot, hDot: hDot,
                  validYears: epochs[0]...validEnd, maxDegree: maxDegree)
    }

    private init(name: String, epochs: [Double], g: [[[Double]]], h: [[[Double]]], gDot: [[Double]], hDot: [[Double]],
                 validYears: ClosedRange<Double>, maxDegree: Int) {
        self.name = name
        self.epochs = epochs
        self.g = g
        self.h = h
        self.gDot = gDot
        self.hDot = hDot
        self.validYears = validYears
        self.maxDegree = maxDegree
    }

    private static func zero(_ maxDegree: Int) -> [[Double]] {
        [[Double]](repeating: [Double](repeating: 0, count: maxDegree + 1), count: maxDegree + 1)
    }

    /// g and h at `decimalYear`: linear between the two epochs around it, or the last epoch's carried on by
    /// the secular variation after it.
    private func coefficients(at decimalYear: Double) -> (g: [[Double]], h: [[Double]]) {
        let last = epochs.count - 1
        if decimalYear >= epochs[last] || last == 0 {
            let years = decimalYear - epochs[last]
            return (zip(g[last], gDot).map { zip($0, $1).map { $0 + years * $1 } },
                    zip(h[last], hDot).map { zip($0, $1).map { $0 + years * $1 } })
        }
        let i = max(0, (epochs.lastIndex { $0 <= decimalYear }) ?? 0)
        let fraction = (decimalYear - epochs[i]) / (epochs[i + 1] - epochs[i])
        func blend(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
            zip(a, b).map { zip($0, $1).map { $0 + fraction * ($1 - $0) } }
        }
        return (blend(g[i], g[i + 1]), blend(h[i], h[i + 1]))
    }

    // MARK: - Evaluation

    /// The field at geodetic `latitudeDegrees` (-90...90), `longitudeDegrees` (east positive), height
    /// `heightMetres` above the WGS 84 ellipsoid, at `decimalYear`. Throws for a date outside the
    /// model's life or a position out of range.
    public func field(latitudeDegrees: Double, longitudeDegrees: Double, heightMetres: Double = 0,
                      decimalYear: Double) throws -> MagneticField {
        guard decimalYear.isFinite, validYears.contains(decimalYear) else {
            throw MagneticModelError(String(format: "date %.3f is outside %@'s life, %.1f to %.1f",
                                            decimalYear, name, validYears.lowerBound, validYears.upperBound))
        }
        guard latitudeDegrees.isFinite, abs(latitudeDegrees) <= 90 else {
            throw MagneticModelError("latitude \(latitudeDegrees) is outside -90 to 90 degrees")
        }
        guard longitudeDegrees.isFinite, abs(longitudeDegrees) <= 360 else {
            throw MagneticModelError("longitude \(longitudeDegrees) is outside -360 to 360 degrees")
        }
        guard heightMetres.isFinite, Self.heightRangeMetres.contains(heightMetres) else {
            throw MagneticModelError(String(format: "height %@ m is outside %.0f km to %.0f km", "\(heightMetres)",
                                            Self.heightRangeMetres.lowerBound / 1000, Self.heightRangeMetres.upperBound / 1000))
        }
        let position = Geocentric(latitudeDegrees: latitudeDegrees, heightKilometres: heightMetres / 1000)
        let spherical = sphericalField(position, longitude: Angle.radians(fromDegrees: longitudeDegrees), coefficients: coefficients(at: decimalYear))
        // Geocentric north/down to geodetic north/down: rotate by the difference of the two latitudes.
        let psi = position.latitude - Angle.radians(fromDegrees: latitudeDegrees)
        return MagneticField(north: spherical.north * cos(psi) - spherical.down * sin(psi),
                             east: spherical.east,
                             down: spherical.north * sin(psi) + spherical.down * cos(psi))
    }

    /// Field components along geocentric north, east and down (nT).
    private func sphericalField(_ position: Geocentric, longitude: Double, coefficients: (g: [[Double]], h: [[Double]])) -> MagneticField {
        let legendre = SchmidtLegendre(maxDegree: maxDegree, sinLatitude: sin(position.latitude),
                                       cosLatitude: cos(position.latitude))
        let ratio = Geocentric.referenceRadiusKm / position.radiusKm
        var north = 0.0, east = 0.0, down = 0.0
        var power = ratio * ratio  // (a/r)^(n+2), starting at n = 0
        for n in 1...maxDegree {
            power *= ratio
            for m in 0...n {
                let gnm = coefficients.g[n][m], hnm = coefficients.h[n][m]
                let cosML = cos(Double(m) * longitude), sinML = sin(Double(m) * longitude)
                let cosTerm = gnm * cosML + hnm * sinML
                let sinTerm = gnm * sinML - hnm * cosML
                // B = -grad V; north is -θ, so B_north = -B_θ = +(1/r) dV/dθ.
                north += power * cosTerm * legendre.dPdTheta[n][m]
                east += power * Double(m) * sinTerm * legendre.pOverSinTheta[n][m]
                down -= Double(n + 1) * power * cosTerm * legendre.p[n][m]
            }
        }
        return MagneticField(north: north, east: east, down: down)
    }
}

// MARK: - Geometry

/// A geodetic position on WGS 84 as geocentric spherical coordinates.
struct Geocentric {
    /// WGS 84's semi-major axis, km.
    static let semiMajorKm = WGS84.semiMajorAxisMetres / 1000
    /// The model's reference radius a, km.
    static let referenceRadiusKm = 6371.2

    /// Geocentric latitude, radians.
    let latitude: Double
    /// Distance from the Earth's centre, km.
    let radiusKm: Double

    init(latitudeDegrees: Double, heightKilometres: Double) {
        let phi = Angle.radians(fromDegrees: latitudeDegrees)
        let e2 = WGS84.eccentricitySquared
        let primeVertical = Self.semiMajorKm / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let p = (primeVertical + heightKilometres) * cos(phi)
        let z = (primeVertical * (1 - e2) + heightKilometres) * sin(phi)
        radiusKm = hypot(p, z)
        latitude = atan2(z, p)
    }
}

/// Schmidt semi-normalised associated Legendre functions P(n, m) of cos θ (θ the colatitude), their
/// derivative in θ, and P(n, m) / sin θ for m ≥ 1, which stays finite at the poles where the east
/// component would otherwise divide by zero.
struct SchmidtLegendre {
    var p: [[Double]]
    var dPdTheta: [[Double]]
    var pOverSinTheta: [[Double]]

    init(maxDegree: Int, sinLatitude: Double, cosLatitude: Double) {
        let cosTheta = sinLatitude, sinTheta = cosLatitude
        let zero = [[Double]](repeating: [Double](repeating: 0, count: maxDegree + 1), count: maxDegree + 1)
        // Gauss-normalised functions first (simple recursions), then scaled to Schmidt's normalisation.
        var p = zero, dp = zero, q = zero
        p[0][0] = 1
        for n in 1...maxDegree {
            for m in 0...n {
                if m == n {
                    p[n][n] = sinTheta * p[n - 1][n - 1]
                    dp[n][n] = sinTheta * dp[n - 1][n - 1] + cosTheta * p[n - 1][n - 1]
                    q[n][n] = n == 1 ? 1 : sinTheta * q[n - 1][n - 1]
                } else {
                    let k = n > 1 ? Double((n - 1) * (n - 1) - m * m) / Double((2 * n - 1) * (2 * n - 3)) : 0
                    let p2 = n > 1 ? p[n - 2][m] : 0, dp2 = n > 1 ? dp[n - 2][m] : 0, q2 = n > 1 ? q[n - 2][m] : 0
                    p[n][m] = cosTheta * p[n - 1][m] - k * p2
                    dp[n][m] = cosTheta * dp[n - 1][m] - sinTheta * p[n - 1][m] - k * dp2
                    q[n][m] = m >= 1 ? cosTheta * q[n - 1][m] - k * q2 : 0
                }
            }
        }
        var schmidt = zero
        schmidt[0][0] = 1
        for n in 1...maxDegree {
            schmidt[n][0] = schmidt[n - 1][0] * Double(2 * n - 1) / Double(n)
            for m in 1...n {
                let factor = Double((n - m + 1) * (m == 1 ? 2 : 1)) / Double(n + m)
                schmidt[n][m] = schmidt[n][m - 1] * factor.squareRoot()
            }
        }
        for n in 0...maxDegree {
            for m in 0...n {
                p[n][m] *= schmidt[n][m]
                dp[n][m] *= schmidt[n][m]
                q[n][m] *= schmidt[n][m]
            }
        }
        self.p = p
        self.dPdTheta = dp
        self.pOverSinTheta = q
    }
}
