/// The WGS 84 ellipsoid, the one every position in Location is given on (GPS fixes, the magnetic models' input).
enum WGS84 {
    /// Semi-major axis a (the equatorial radius), metres.
    static let semiMajorAxisMetres = 6_378_137.0
    /// Flattening f = (a - b) / a.
    static let flattening = 1 / 298.257223563
    /// The first eccentricity squared, e² = f (2 - f).
    static let eccentricitySquared = flattening * (2 - flattening)
}
