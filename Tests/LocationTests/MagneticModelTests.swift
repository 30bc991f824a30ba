import CSVText
import Foundation
@testable import Location
import XCTest

/// WMM2025 against NOAA's published test values and against an independent implementation.
final class MagneticModelTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// NOAA's test values for WMM2025 (the technical report's table, also WMM2025testvalues.pdf,
    /// NCEI, December 2024): year, height km, latitude, longitude, X, Y, Z nT, declination, inclination.
    static let official: [(year: Double, km: Double, lat: Double, lon: Double, x: Double, y: Double, z: Double,
                           d: Double, i: Double)] = [
        (2025.0, 0, 80, 0, 6521.6, 145.9, 54791.5, 1.28, 83.21),
        (2025.0, 0, 0, 120, 39677.8, -109.6, -10580.2, -0.16, -14.93),
        (2025.0, 0, -80, 240, 6117.5, 15751.9, -52022.5, 68.78, -72.00),
        (2025.0, 100, 80, 0, 6216.0, 92.4, 52598.8, 0.85, 83.26),
        (2025.0, 100, 0, 120, 37688.6, -96.2, -10152.1, -0.15, -15.08),
        (2025.0, 100, -80, 240, 5907.6, 14780.3, -49540.7, 68.21, -72.19),
        (2027.5, 0, 80, 0, 6500.8, 294.5, 54869.4, 2.59, 83.24),
        (2027.5, 0, 0, 120, 39701.6, -167.4, -10381.8, -0.24, -14.65),
        (2027.5, 0, -80, 240, 6200.7, 15730.3, -51783.7, 68.49, -71.92),
        (2027.5, 100, 80, 0, 6196.7, 233.8, 52670.5, 2.16, 83.29),
        (2027.5, 100, 0, 120, 37711.5, -148.7, -9969.8, -0.23, -14.81),
        (2027.5, 100, -80, 240, 5984.0, 14760.1, -49317.7, 67.93, -72.10),
    ]

    func testOfficialTestValues() throws {
        let model = try MagneticModel.wmm2025()
        XCTAssertEqual(model.name, "WMM-2025")
        XCTAssertEqual(model.epoch, 2025.0)
        XCTAssertEqual(model.maxDegree, 12)
        for v in Self.official {
            let f = try model.field(latitudeDegrees: v.lat, longitudeDegrees: v.lon, heightMetres: v.km * 1000, decimalYear: v.year)
            let place = "\(v.lat),\(v.lon) at \(v.km) km in \(v.year)"
            // Published to 0.1 nT and 0.01°.
            XCTAssertEqual(f.north, v.x, accuracy: 0.06, place)
            XCTAssertEqual(f.east, v.y, accuracy: 0.06, place)
            XCTAssertEqual(f.down, v.z, accuracy: 0.06, place)
            XCTAssertEqual(f.declinationDegrees, v.d, accuracy: 0.006, place)
            XCTAssertEqual(f.inclinationDegrees, v.i, accuracy: 0.006, place)
        }
    }

    /// 2,000 values from pygeomag 1.1.0 (Fixtures/make-wmm-fixture.py): 200 places (both poles, the
    /// magnetic poles' neighbourhoods, 180 random), heights -1 to 850 km, 2025.0 to 2030.0.
    func testAgreesWithPygeomagEverywhere() throws {
        let model = try MagneticModel.wmm2025()
        let text = CSVText(try Data(contentsOf: Self.fixtures.appendingPathComponent("wmm2025-pygeomag.csv")))
        var worstDeclination = 0.0, worstInclination = 0.0, worstTotal = 0.0, count = 0, poles = 0
        for row in text.rows {
            let v = text.fields(of: row).map { text.double($0)! }
            let f = try model.field(latitudeDegrees: v[2], longitudeDegrees: v[3], heightMetres: v[1] * 1000, decimalYear: v[0])
            var dd = abs(f.declinationDegrees - v[4])
            dd = min(dd, 360 - dd)
            worstDeclination = max(worstDeclination, dd)
            worstInclination = max(worstInclination, abs(f.inclinationDegrees - v[5]))
            worstTotal = max(worstTotal, abs(f.total - v[6]))
            count += 1
            if abs(v[2]) == 90 { poles += 1 }
        }
        XCTAssertEqual(count, 2000)
        XCTAssertGreaterThan(poles, 20)
        // The target is 0.05°; the two implementations agree far closer, to rounding.
        XCTAssertLessThan(worstDeclination, 1e-4)
        XCTAssertLessThan(worstInclination, 1e-4)
        XCTAssertLessThan(worstTotal, 0.01)
    }

    func testTheModelsLifeIsEnforced() throws {
        let model = try MagneticModel.wmm2025()
        XCTAssertNoThrow(try model.field(latitudeDegrees: 10, longitudeDegrees: 10, decimalYear: 2025.0))
        XCTAssertNoThrow(try model.field(latitudeDegrees: 10, longitudeDegrees: 10, decimalYear: 2030.0))
        for year in [2024.999, 2030.001, .nan] {
            XCTAssertThrowsError(try model.field(latitudeDegrees: 10, longitudeDegrees: 10, decimalYear: year)) { error in
                XCTAssertTrue("\(error)".contains("2025.0 to 2030.0"), "\(error)")
            }
        }
        XCTAssertThrowsError(try model.field(latitudeDegrees: 91, longitudeDegrees: 0, decimalYear: 2026))
    }

    func testDecimalYears() {
        XCTAssertEqual(DecimalYear.parse("2025-01-01"), 2025.0)
        XCTAssertEqual(DecimalYear.parse("2028-07-02")!, 2028 + 183.0 / 366, accuracy: 1e-12)  // leap year
        XCTAssertEqual(DecimalYear.parse("2027-07-02")!, 2027 + 182.0 / 365, accuracy: 1e-12)
        XCTAssertNil(DecimalYear.parse("2027-02-30"))
        XCTAssertNil(DecimalYear.parse("2027-2-3"))
        XCTAssertNil(DecimalYear.parse("yesterday"))
        XCTAssertEqual(DecimalYear.of(Date(timeIntervalSince1970: 1_735_689_600)), 2025.0)  // 2025-01-01T00:00Z
    }

    func testACoefficientFileWithABadLineIsNamed() {
        XCTAssertThrowsError(try MagneticModel(cofText: "2025.0 WMM-2025 11/13/2024\n  1  0  -29351.8 x 12.0 0.0\n", path: "bad.COF")) {
            XCTAssertEqual("\($0)", "bad.COF:2: malformed number")
        }
    }
}
