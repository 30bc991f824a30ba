import AttitudeMath
import XCTest

/// The one degree–radian conversion: known values, the round trip, the vector form, and the order of operations that
/// golden pictures and calibrations depend on (`x * .pi / 180`, `x * 180 / .pi`).
final class AngleTests: XCTestCase {
    func testKnownValues() {
        XCTAssertEqual(Angle.radians(fromDegrees: 180.0), Double.pi)
        XCTAssertEqual(Angle.radians(fromDegrees: 90.0), Double.pi / 2)
        XCTAssertEqual(Angle.radians(fromDegrees: -45.0), -Double.pi / 4, accuracy: 1e-15)
        XCTAssertEqual(Angle.degrees(fromRadians: Double.pi), 180)
        XCTAssertEqual(Angle.degrees(fromRadians: Double.pi / 2), 90)
        XCTAssertEqual(Angle.degrees(fromRadians: 1.0), 57.295779513082323, accuracy: 1e-13)
        XCTAssertEqual(Angle.radians(fromDegrees: Float(180)), Float.pi)
    }

    /// A unit factor is the conversion of 1, bit for bit.
    func testTheConversionOfOneIsTheUnitFactor() {
        XCTAssertEqual(Angle.radians(fromDegrees: 1.0).bitPattern, (Double.pi / 180).bitPattern)
        XCTAssertEqual(Angle.degrees(fromRadians: 1.0).bitPattern, (180 / Double.pi).bitPattern)
    }

    func testRoundTripIsWithinAnUlpOrTwo() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let degrees = Double.random(in: -720...720, using: &random)
            XCTAssertEqual(Angle.degrees(fromRadians: Angle.radians(fromDegrees: degrees)), degrees,
                           accuracy: 4 * degrees.magnitude.ulp)
            let radians = Double.random(in: -10...10, using: &random)
            XCTAssertEqual(Angle.radians(fromDegrees: Angle.degrees(fromRadians: radians)), radians,
                           accuracy: 4 * radians.magnitude.ulp)
        }
    }

    /// Golden pictures and calibration files are compared exactly: the helper gives the inline form's doubles.
    func testSameDoublesAsTheInlineForm() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<1000 {
            let x = Double.random(in: -1000...1000, using: &random)
            XCTAssertEqual(Angle.radians(fromDegrees: x).bitPattern, (x * .pi / 180).bitPattern)
            XCTAssertEqual(Angle.degrees(fromRadians: x).bitPattern, (x * 180 / .pi).bitPattern)
        }
    }

    func testVectorsConvertEachComponent() {
        let degrees = SIMD3<Double>(30, -60, 720)
        let radians = Angle.radians(fromDegrees: degrees)
        for i in 0..<3 {
            XCTAssertEqual(radians[i].bitPattern, Angle.radians(fromDegrees: degrees[i]).bitPattern)
        }
        XCTAssertEqual(Angle.degrees(fromRadians: SIMD3<Double>(.pi, -.pi / 2, 0)), SIMD3(180, -90, 0))
    }

    /// A longitude or a bearing difference brought within ±180° by one turn; ±180° kept.
    func testWrappedTo180() {
        XCTAssertEqual(Angle.wrappedTo180(degrees: 190), -170)
        XCTAssertEqual(Angle.wrappedTo180(degrees: -190), 170)
        XCTAssertEqual(Angle.wrappedTo180(degrees: 359.5), -0.5)
        XCTAssertEqual(Angle.wrappedTo180(degrees: 180), 180)
        XCTAssertEqual(Angle.wrappedTo180(degrees: -180), -180)
        XCTAssertEqual(Angle.wrappedTo180(degrees: 12.25), 12.25)
    }
}
