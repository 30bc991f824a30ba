import AttitudeMath
import Foundation

/// East-north metres about an origin on WGS 84, from the ellipsoid's radii of curvature at the
/// origin's latitude: exact at the origin, within centimetres over a few kilometres, which is all a
/// filter over one recording needs.
public struct LocalPlane: Sendable {
    public let originLatitude: Double
    public let originLongitude: Double
    /// Metres per degree of latitude and of longitude at the origin.
    let metresPerDegreeNorth: Double
    let metresPerDegreeEast: Double

    public init(latitude: Double, longitude: Double) {
        originLatitude = latitude
        originLongitude = longitude
        let a = WGS84.semiMajorAxisMetres, e2 = WGS84.eccentricitySquared
        let phi = Angle.radians(fromDegrees: latitude)
        let w = 1 - e2 * sin(phi) * sin(phi)
        let meridian = a * (1 - e2) / (w * w.squareRoot())
        let primeVertical = a / w.squareRoot()
        metresPerDegreeNorth = meridian * .pi / 180
        metresPerDegreeEast = primeVertical * cos(phi) * .pi / 180
    }

    /// (east, north) metres of a position, degrees.
    public func metres(latitude: Double, longitude: Double) -> SIMD2<Double> {
        let dLon = Angle.wrappedTo180(degrees: longitude - originLongitude)
        return SIMD2(dLon * metresPerDegreeEast, (latitude - originLatitude) * metresPerDegreeNorth)
    }

    /// The position, degrees, of (east, north) metres.
    public func degrees(_ eastNorth: SIMD2<Double>) -> (latitude: Double, longitude: Double) {
        let longitude = Angle.wrappedTo180(degrees: originLongitude + eastNorth.x / metresPerDegreeEast)
        return (originLatitude + eastNorth.y / metresPerDegreeNorth, longitude)
    }
}
