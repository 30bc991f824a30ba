import Foundation
import Location
import Pixels

/// Figures of position tracks: east and north in metres, to scale.
public enum TrackPlots {
    /// A named track of geodetic positions.
    public struct Track: Sendable {
        /// A position, degrees.
        public struct Position: Sendable, Equatable {
            public var latitude: Double
            public var longitude: Double

            public init(latitude: Double, longitude: Double) { self.latitude = latitude; self.longitude = longitude }

            /// Both coordinates are numbers.
            var isFinite: Bool { latitude.isFinite && longitude.isFinite }
        }

        public var name: String
        public var positions: [Position]

        public init(name: String, positions: [Position]) {
            self.name = name
            self.positions = positions
        }

        /// The positions (latitude[i], longitude[i]): as many latitudes as longitudes.
        public init(name: String, latitude: [Double], longitude: [Double]) {
            precondition(latitude.count == longitude.count, "a track has as many latitudes as longitudes")
            self.init(name: name, positions: zip(latitude, longitude).map { Position(latitude: $0, longitude: $1) })
        }
    }

    /// The tracks in metres east and north of the first track's first point (`LocalPlane` about that point:
    /// WGS 84, longitudes taken the short way round the antimeridian), on axes of one scale for both directions,
    /// fitted to a picture of `size`.
    public static func figure(_ tracks: [Track], title: String, size: PictureSize) -> Figure {
        let origin = tracks.first?.positions.first(where: \.isFinite) ?? Track.Position(latitude: 0, longitude: 0)
        let plane = LocalPlane(latitude: origin.latitude, longitude: origin.longitude)
        let series = tracks.map { track in
            Series(name: track.name, points: track.positions.map { position in
                let eastNorth = plane.metres(latitude: position.latitude, longitude: position.longitude)
                return Series.Point(x: eastNorth.x, y: eastNorth.y)
            })
        }
        var figure = Figure(title: title, xLabel: "east (m)", panels: [Panel(yLabel: "north (m)", series: series)])
        // One scale for both axes: the larger metres-per-pixel of the two, the other span widened about its centre.
        let area = Layout(figure: figure, size: size).plotAreas[0]
        let points = series.flatMap(\.points)
        let xs = points.map(\.x).filter(\.isFinite), ys = points.map(\.y).filter(\.isFinite)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return figure }
        let perPixel = max((x1 - x0) / area.width, (y1 - y0) / area.height, 1 / area.width) * 1.08
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        figure.xRange = (cx - perPixel * area.width / 2)...(cx + perPixel * area.width / 2)
        figure.panels[0].yRange = (cy - perPixel * area.height / 2)...(cy + perPixel * area.height / 2)
        return figure
    }
}
