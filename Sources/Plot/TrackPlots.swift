import Foundation

/// Figures of position tracks: east and north in metres, to scale.
public enum TrackPlots {
    /// A named track of geodetic positions, degrees.
    public struct Track: Sendable {
        public var name: String
        public var latitude: [Double]
        public var longitude: [Double]
        public init(name: String, latitude: [Double], longitude: [Double]) {
            precondition(latitude.count == longitude.count, "a track has as many latitudes as longitudes")
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// Metres per degree of latitude on a sphere of the WGS 84 mean radius (6371.0088 km).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// The tracks in metres east and north of the first track's first point (flat earth about that point:
    /// east = Δlon·cos(lat₀), north = Δlat, good to a part in a thousand over a few kilometres), on axes of
    /// one scale for both directions, fitted to a `width` x `height` picture.
    public static func figure(_ tracks: [Track], title: String, width: Int, height: Int) -> Figure {
        let origin = tracks.first.flatMap { t in t.latitude.indices.first(where: { t.latitude[$0].isFinite && t.longitude[$0].isFinite })
            .map { (t.latitude[$0], t.longitude[$0]) } } ?? (0, 0)
        let east = { (lon: Double) in (lon - origin.1) * metresPerDegree * cos(origin.0 * Double.pi / 180) }
        let north = { (lat: Double) in (lat - origin.0) * metresPerDegree }
        let series = tracks.map { Series(name: $0.name, x: $0.longitude.map(east), y: $0.latitude.map(north)) }
        var figure = Figure(title: title, xLabel: "east (m)", panels: [Panel(yLabel: "north (m)", series: series)])
        // One scale for both axes: the larger metres-per-pixel of the two, the other span widened about its centre.
        let area = Layout(figure: figure, width: width, height: height).plotAreas[0]
        let xs = series.flatMap(\.x).filter(\.isFinite), ys = series.flatMap(\.y).filter(\.isFinite)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return figure }
        let perPixel = max((x1 - x0) / area.width, (y1 - y0) / area.height, 1 / area.width) * 1.08
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        figure.xRange = (cx - perPixel * area.width / 2)...(cx + perPixel * area.width / 2)
        figure.panels[0].yRange = (cy - perPixel * area.height / 2)...(cy + perPixel * area.height / 2)
        return figure
    }
}
