import Foundation
import Pixels

/// Where a figure's parts go on a canvas of `size`, and how data maps to pixels.
/// Pure arithmetic, no drawing: the tests check pixels against it and against their own arithmetic.
///
/// Pixel coordinates are Cairo's: x to the right, y down, (0, 0) the top-left corner of the canvas, a
/// pixel's centre at (i + 0.5, j + 0.5).
public struct Layout: Sendable {
    public struct Rect: Sendable, Equatable {
        public var x, y, width, height: Double
    }

    /// The canvas.
    public let size: PictureSize
    public var width: Int { size.width }
    public var height: Int { size.height }
    /// Each panel's plotting area (inside the axes' frame), top panel first.
    public let plotAreas: [Rect]
    public let xRange: ClosedRange<Double>
    public let yRanges: [ClosedRange<Double>]
    public let xTicks: [Double]
    public let yTicks: [[Double]]

    /// Margins in pixels: room for the title, tick labels, axis labels.
    public static let left = 78.0, right = 16.0, top = 34.0, bottom = 48.0, gap = 26.0

    public init(figure: Figure, size: PictureSize) {
        self.size = size
        let (width, height) = (size.width, size.height)
        let n = max(figure.panels.count, 1)
        let available = Double(height) - Self.top - Self.bottom - Self.gap * Double(n - 1)
        let panelHeight = (available / Double(n)).rounded(.down)
        plotAreas = (0..<n).map { k in
            Rect(x: Self.left, y: Self.top + Double(k) * (panelHeight + Self.gap),
                 width: (Double(width) - Self.left - Self.right).rounded(.down), height: panelHeight)
        }
        let xs = figure.panels.flatMap { $0.series.flatMap { $0.points.map(\.x) } }
        let (xr, xt) = figure.xRange.map { ($0, Self.ticks(in: $0)) } ?? Self.niceRange(xs)
        xRange = xr
        xTicks = xt
        var yr: [ClosedRange<Double>] = [], yt: [[Double]] = []
        for panel in figure.panels {
            let (r, t) = panel.yRange.map { ($0, Self.ticks(in: $0, step: panel.yTickStep)) } ?? Self.niceRange(panel.series.flatMap { $0.points.map(\.y) })
            yr.append(r)
            yt.append(t)
        }
        yRanges = yr
        yTicks = yt
    }

    /// The pixel position of data point (x, y) in panel `panel`.
    public func pixel(x: Double, y: Double, panel: Int) -> (x: Double, y: Double) {
        let area = plotAreas[panel], yr = yRanges[panel]
        return (area.x + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * area.width,
                area.y + area.height - (y - yr.lowerBound) / (yr.upperBound - yr.lowerBound) * area.height)
    }

    /// A span covering `values` (finite ones) that starts and ends on round ticks, and those ticks.
    /// No finite value: 0 to 1. One value: that value ± 1.
    static func niceRange(_ values: [Double]) -> (ClosedRange<Double>, [Double]) {
        let finite = values.filter(\.isFinite)
        guard var low = finite.min(), var high = finite.max() else { return (0...1, ticks(in: 0...1)) }
        if high - low < 1e-9 { low -= 1; high += 1 }
        let step = tickStep(high - low)
        let range = (low / step).rounded(.down) * step ... (high / step).rounded(.up) * step
        return (range, ticks(in: range))
    }

    /// 1, 2 or 5 times a power of ten, for about 4 to 8 ticks over `span`.
    static func tickStep(_ span: Double) -> Double {
        let raw = span / 6
        let power = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 5, 10] where raw <= factor * power { return factor * power }
        return 10 * power
    }

    /// Round ticks inside `range`, both ends included when they are round.
    static func ticks(in range: ClosedRange<Double>, step: Double? = nil) -> [Double] {
        let step = step ?? tickStep(range.upperBound - range.lowerBound)
        var ticks: [Double] = []
        var k = (range.lowerBound / step).rounded(.up)
        while k * step <= range.upperBound + step * 1e-9 {
            ticks.append(abs(k * step) < step * 1e-9 ? 0 : k * step)
            k += 1
        }
        return ticks
    }
}
