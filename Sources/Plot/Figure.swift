import Foundation

/// A figure of stacked panels sharing one x axis: what to draw, no pixels. Values that are not finite
/// break a line (a gap in the data, or a wrap of an angle at ±180°).
public struct Figure: Sendable {
    /// Above the top panel.
    public var title: String
    /// Under the bottom panel, with its unit, e.g. "time (s)".
    public var xLabel: String
    public var panels: [Panel]
    /// The x axis's span; nil: the data's, widened to round ticks.
    public var xRange: ClosedRange<Double>?

    public init(title: String, xLabel: String, panels: [Panel], xRange: ClosedRange<Double>? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.panels = panels
        self.xRange = xRange
    }
}

/// One panel: a y axis and its lines, with a legend naming each line.
public struct Panel: Sendable {
    /// Beside the y axis, with its unit, e.g. "roll (°)".
    public var yLabel: String
    public var series: [Series]
    /// The y axis's span; nil: the data's, widened to round ticks.
    public var yRange: ClosedRange<Double>?
    /// The step between y ticks (90 for angles on ±180°); nil: 1, 2 or 5 times a power of ten.
    public var yTickStep: Double?

    public init(yLabel: String, series: [Series], yRange: ClosedRange<Double>? = nil, yTickStep: Double? = nil) {
        self.yLabel = yLabel
        self.series = series
        self.yRange = yRange
        self.yTickStep = yTickStep
    }
}

/// One line: a name for the legend and its points, x ascending.
public struct Series: Sendable {
    /// A point of a line, in the axes' units.
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    public var name: String
    public var points: [Point]

    public init(name: String, points: [Point]) {
        self.name = name
        self.points = points
    }

    /// The points (x[i], y[i]): as many x as y values.
    public init(name: String, x: [Double], y: [Double]) {
        precondition(x.count == y.count, "a series has as many x as y values")
        self.init(name: name, points: zip(x, y).map { Point(x: $0, y: $1) })
    }
}

/// The colours of the lines, in order, as RGB 0-255: the first is a reference's or a single log's. Chosen
/// far apart in hue and dark enough on white (Tableau 10's first five).
public let seriesColours: [(r: UInt8, g: UInt8, b: UInt8)] = [
    (31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189),
]
