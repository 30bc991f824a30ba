import CSVText
import Foundation
@testable import Location
import XCTest

/// WMM2025 against NOAA's published test values and against an independent implementation; IGRF-14 against
/// values from IAGA's own synthesis program.
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

    /// IGRF-14 as IAGA's synthesis program `igrf14syn` gives it (geodetic height, WGS 84), from the test
    /// table JuliaSpace/SatelliteToolboxGeomagneticField.jl generated with it (test/IGRF14_test_geodetic.txt,
    /// rows with heights up to 1000 km and dates up to 2030): year, height km, colatitude, east longitude,
    /// X, Y, Z nT. Every era: degree 10 before 2000, the 1995-2000 blend, degree 13 after, the predictive
    /// secular variation after 2025.
    static let igrfSyn: [(year: Double, km: Double, colatitude: Double, lon: Double, x: Double, y: Double, z: Double)] = [
        (1900.0, 232.32, 68.00, 165.11, 27505.75351, 3089.91355, 16985.87684),
        (1906.1, 88.13, 13.80, 276.14, -1106.43376, -2484.83442, 56349.85218),
        (1912.3, 461.20, 0.27, 149.15, 5.54379, 2869.14288, 47029.33285),
        (1920.8, 936.51, 72.22, 11.90, 20593.80727, -3168.06038, 8129.95168),
        (1926.2, 39.97, 17.26, 353.96, 9103.92056, -3990.87427, 50222.73073),
        (1935.4, 97.80, 66.25, 118.16, 34965.73111, -780.61590, 22635.35126),
        (1947.4, 843.10, 53.20, 304.55, 13412.39702, -4344.17363, 31806.25969),
        (1949.3, 360.29, 89.92, 55.30, 28321.31444, -1639.25832, -9690.11452),
        (1967.5, 257.91, 52.85, 304.41, 18069.88939, -6552.79546, 40520.59840),
        (1971.9, 372.19, 4.23, 244.39, -1032.48029, 117.36753, 48759.11091),
        (1988.0, 138.16, 56.85, 318.49, 23164.89042, -7333.27843, 32808.52011),
        (1990.6, 34.18, 34.51, 24.06, 16779.17251, 1244.60056, 46474.73203),
        (1996.3, 804.17, 60.09, 245.54, 17627.24854, 3446.19002, 26904.80198),
        (1998.1, 548.95, 72.19, 227.43, 22391.45372, 4240.41182, 17643.01544),
        (2011.8, 222.44, 1.43, 247.84, -723.44139, -1045.98675, 51636.66448),
        (2012.2, 77.18, 4.81, 190.69, 750.03774, 394.68103, 55395.16588),
        (2014.2, 864.95, 8.28, 235.41, 1182.76234, 447.65779, 40091.79119),
        (2019.0, 725.42, 42.08, 290.39, 12345.20092, -3116.24677, 36275.21673),
        (2022.1, 829.10, 46.47, 114.85, 17590.40262, -1731.07191, 33147.28408),
        (2027.0, 101.99, 68.54, 277.27, 24647.90876, -2283.98317, 29268.17197),
        (2027.9, 139.86, 45.06, 138.29, 23759.41728, -4335.97718, 42511.80742),
    ]

    func testIGRF14AgreesWithIAGAsSynthesisProgram() throws {
        let model = try MagneticModel.igrf14()
        XCTAssertEqual(model.name, "IGRF-14")
        XCTAssertEqual(model.validYears, 1900.0...2030.0)
        XCTAssertEqual(model.maxDegree, 13)
        var worst = 0.0
        for v in Self.igrfSyn {
            let f = try model.field(latitudeDegrees: 90 - v.colatitude, longitudeDegrees: v.lon, heightMetres: v.km * 1000,
                                    decimalYear: v.year)
            let place = "\(90 - v.colatitude),\(v.lon) at \(v.km) km in \(v.year)"
            // igrf14syn takes the Earth's polar radius as 6356.752 km, WGS 84's is 6356.7523: a few hundredths of nT.
            XCTAssertEqual(f.north, v.x, accuracy: 0.1, place)
            XCTAssertEqual(f.east, v.y, accuracy: 0.1, place)
            XCTAssertEqual(f.down, v.z, accuracy: 0.1, place)
            worst = max(worst, abs(f.north - v.x), abs(f.east - v.y), abs(f.down - v.z))
        }
        print("IGRF-14 against igrf14syn: worst component difference \(String(format: "%.3f", worst)) nT over \(Self.igrfSyn.count) places")
    }

    /// WMM where WMM is valid, IGRF-14 before; a date neither covers names both spans.
    func testTheModelForADate() throws {
        XCTAssertEqual(try MagneticModel.forYear(2026.3).name, "WMM-2025")
        XCTAssertEqual(try MagneticModel.forYear(2025.0).name, "WMM-2025")
        XCTAssertEqual(try MagneticModel.forYear(2024.11).name, "IGRF-14")
        XCTAssertEqual(try MagneticModel.forYear(1900.0).name, "IGRF-14")
        for year in [1899.99, 2030.01] {
            XCTAssertThrowsError(try MagneticModel.forYear(year)) { error in
                XCTAssertTrue("\(error)".contains("IGRF-14 1900.0 to 2030.0, WMM-2025 2025.0 to 2030.0"), "\(error)")
            }
        }
        // Where both are valid they agree to within what each claims (WMM's declination error budget is ~0.4°).
        let wmm = try MagneticModel.wmm2025(), igrf = try MagneticModel.igrf14()
        for (lat, lon) in [(46.5, 7.25), (-33.9, 151.2), (64.1, -21.9), (0.0, -60.0)] {
            let a = try wmm.field(latitudeDegrees: lat, longitudeDegrees: lon, decimalYear: 2026.0)
            let b = try igrf.field(latitudeDegrees: lat, longitudeDegrees: lon, decimalYear: 2026.0)
            XCTAssertEqual(a.declinationDegrees, b.declinationDegrees, accuracy: 0.2, "\(lat),\(lon)")
            XCTAssertEqual(a.total, b.total, accuracy: 100, "\(lat),\(lon)")
        }
    }

    func testAnIGRFFileWithABadLineIsNamed() {
        let header = "# comment\ng/h n m 1995.0 2000.0 2000-05\n"
        XCTAssertThrowsError(try MagneticModel(igrfText: header + "g 1 0 -29692 -29619.4 x\n", path: "bad.txt")) {
            XCTAssertEqual("\($0)", "bad.txt:3: malformed number")
        }
        XCTAssertThrowsError(try MagneticModel(igrfText: "g/h n m 1995.0 2000.0 2000.0\n", path: "bad.txt")) {
            XCTAssertEqual("\($0)", "bad.txt:1: expected the secular variation's span (like 2025-30) last")
        }
        XCTAssertThrowsError(try MagneticModel(igrfText: header + "g 1 0 -29692\n", path: "bad.txt")) {
            XCTAssertEqual("\($0)", "bad.txt:3: expected 'g|h n m' and 3 numbers")
        }
        // A two-epoch model: linear between the epochs, the change carried on after the last, refused outside.
        let tiny = try? MagneticModel(igrfText: header + "g 1 0 -30000 -29000 100\n")
        XCTAssertEqual(tiny?.validYears, 1995.0...2005.0)
        let between = try? tiny?.field(latitudeDegrees: 90, longitudeDegrees: 0, heightMetres: 0, decimalYear: 1997.5)
        let after = try? tiny?.field(latitudeDegrees: 90, longitudeDegrees: 0, heightMetres: 0, decimalYear: 2002.5)
        // At the pole of a pure axial dipole the field is straight down: Z = -2 g10 (a/r)^3.
        let polar = Geocentric(latitudeDegrees: 90, heightKilometres: 0)
        let cube = pow(Geocentric.referenceRadiusKm / polar.radiusKm, 3)
        XCTAssertEqual(between?.down ?? 0, 2 * 29500 * cube, accuracy: 1e-6)
        XCTAssertEqual(after?.down ?? 0, 2 * (29000 - 250) * cube, accuracy: 1e-6)
        XCTAssertThrowsError(try tiny?.field(latitudeDegrees: 0, longitudeDegrees: 0, decimalYear: 2005.01))
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
