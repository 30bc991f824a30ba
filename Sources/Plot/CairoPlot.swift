import CCairo
import Foundation
import Pixels

/// Pictures of a figure, drawn by Cairo: PNG (24-bit RGB on white) or SVG (vector, text as outlines).
public enum PlotFormat: String, Sendable {
    case png, svg

    /// The format a file's extension names, or nil.
    public init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }
}

public struct PlotError: Error, CustomStringConvertible {
    public let description: String
}

/// Draws figures with Cairo (libcairo2 from Debian, through pkg-config), in memory: the caller writes the
/// bytes where it wants them.
public enum CairoPlot {
    /// The widths a plot is drawn at, in pixels (points for SVG): room for its axes, ticks and legend, and quick to draw.
    public static let widths = 200...8192
    /// The heights a plot is drawn at, as `widths`.
    public static let heights = 150...8192
    /// A plot's size where none is asked for.
    public static let defaultSize = PictureSize(fixedWidth: 900, height: 600)

    /// Why a plot is not drawn at `size` (`WxH: width … to …, height … to …`), or nil where it is.
    public static func sizeProblem(_ size: PictureSize) -> String? {
        guard !widths.contains(size.width) || !heights.contains(size.height) else { return nil }
        return "\(size): width \(widths.lowerBound) to \(widths.upperBound), height \(heights.lowerBound) to \(heights.upperBound)"
    }

    /// The picture of `figure` on a canvas of `size`, as PNG or SVG bytes.
    public static func render(_ figure: Figure, size: PictureSize, format: PlotFormat) throws -> Data {
        let (width, height) = (size.width, size.height)
        if let problem = sizeProblem(size) { throw PlotError(description: "plot size \(problem) pixels") }
        let layout = Layout(figure: figure, size: size)
        let sink = ByteSink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let surface: OpaquePointer
        switch format {
        case .png:
            surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        case .svg:
            surface = cairo_svg_surface_create_for_stream(ByteSink.write, context, Double(width), Double(height))
        }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { throw PlotError(description: "Cairo: cannot create a drawing context") }
        draw(figure, layout: layout, on: cr)
        cairo_destroy(cr)
        if format == .png {
            cairo_surface_flush(surface)
            let status = cairo_surface_write_to_png_stream(surface, ByteSink.write, context)
            guard status == CAIRO_STATUS_SUCCESS else { throw PlotError(description: "Cairo: \(String(cString: cairo_status_to_string(status)))") }
        } else {
            cairo_surface_finish(surface)
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw PlotError(description: "Cairo: \(String(cString: cairo_status_to_string(status)))") }
        return sink.data
    }

    // MARK: - Drawing

    static let fontFamily = "DejaVu Sans"

    private static func draw(_ figure: Figure, layout: Layout, on cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_select_font_face(cr, fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        setColour(cr, (0, 0, 0))
        cairo_set_font_size(cr, 14)
        text(cr, figure.title, x: Double(layout.width) / 2, y: 21, alignX: 0.5)
        cairo_set_font_size(cr, 11)
        for (k, panel) in figure.panels.enumerated() {
            let area = layout.plotAreas[k]
            // Grid at the ticks, light grey, on whole pixels.
            cairo_set_line_width(cr, 1)
            setColour(cr, (225, 225, 225))
            for tick in layout.xTicks {
                let x = layout.pixel(x: tick, y: layout.yRanges[k].lowerBound, panel: k).x.rounded(.down) + 0.5
                cairo_move_to(cr, x, area.y)
                cairo_line_to(cr, x, area.y + area.height)
            }
            for tick in layout.yTicks[k] {
                let y = layout.pixel(x: layout.xRange.lowerBound, y: tick, panel: k).y.rounded(.down) + 0.5
                cairo_move_to(cr, area.x, y)
                cairo_line_to(cr, area.x + area.width, y)
            }
            cairo_stroke(cr)
            // The lines, clipped to the area.
            cairo_save(cr)
            cairo_rectangle(cr, area.x, area.y, area.width, area.height)
            cairo_clip(cr)
            cairo_set_line_width(cr, 1.5)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            for (s, series) in panel.series.enumerated() {
                setColour(cr, seriesColours[s % seriesColours.count])
                var drawing = false
                for point in series.points {
                    guard point.x.isFinite, point.y.isFinite else { drawing = false; continue }
                    let p = layout.pixel(x: point.x, y: point.y, panel: k)
                    if drawing { cairo_line_to(cr, p.x, p.y) } else { cairo_move_to(cr, p.x, p.y); drawing = true }
                }
                cairo_stroke(cr)
            }
            cairo_restore(cr)
            // The frame: the one-pixel line just outside the area.
            setColour(cr, (0, 0, 0))
            cairo_set_line_width(cr, 1)
            cairo_rectangle(cr, area.x - 0.5, area.y - 0.5, area.width + 1, area.height + 1)
            cairo_stroke(cr)
            // Tick labels: y on every panel, x under the bottom one.
            for tick in layout.yTicks[k] {
                let y = layout.pixel(x: layout.xRange.lowerBound, y: tick, panel: k).y
                text(cr, label(tick), x: area.x - 6, y: y + 4, alignX: 1)
            }
            if k == figure.panels.count - 1 {
                for tick in layout.xTicks {
                    let x = layout.pixel(x: tick, y: 0, panel: k).x
                    text(cr, label(tick), x: x, y: area.y + area.height + 15, alignX: 0.5)
                }
                text(cr, figure.xLabel, x: area.x + area.width / 2, y: area.y + area.height + 33, alignX: 0.5)
            }
            // The y label, turned a quarter counter-clockwise, centred on the panel.
            cairo_save(cr)
            cairo_translate(cr, 16, area.y + area.height / 2)
            cairo_rotate(cr, -Double.pi / 2)
            text(cr, panel.yLabel, x: 0, y: 0, alignX: 0.5)
            cairo_restore(cr)
            if k == 0 { legend(cr, names: panel.series.map(\.name), area: area) }
        }
    }

    /// Names and their colours in a white box at the top right of the area.
    private static func legend(_ cr: OpaquePointer, names: [String], area: Layout.Rect) {
        guard !names.isEmpty else { return }
        var extents = cairo_text_extents_t()
        let widest = names.map { name -> Double in cairo_text_extents(cr, name, &extents); return extents.x_advance }.max() ?? 0
        let row = 15.0, boxWidth = widest + 36, boxHeight = row * Double(names.count) + 8
        let x = area.x + area.width - boxWidth - 6, y = area.y + 6
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_rectangle(cr, x, y, boxWidth, boxHeight)
        cairo_fill_preserve(cr)
        setColour(cr, (160, 160, 160))
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        for (k, name) in names.enumerated() {
            let baseline = y + 4 + row * Double(k) + 11
            setColour(cr, seriesColours[k % seriesColours.count])
            cairo_set_line_width(cr, 2)
            cairo_move_to(cr, x + 6, baseline - 4)
            cairo_line_to(cr, x + 24, baseline - 4)
            cairo_stroke(cr)
            setColour(cr, (0, 0, 0))
            text(cr, name, x: x + 30, y: baseline, alignX: 0)
        }
    }

    /// A tick's label: no trailing zeros, no "-0".
    static func label(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        if rounded == rounded.rounded() { return String(format: "%.0f", rounded == 0 ? 0 : rounded) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// Text with its baseline at y; alignX 0 left, 0.5 centre, 1 right.
    private static func text(_ cr: OpaquePointer, _ string: String, x: Double, y: Double, alignX: Double) {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, string, &extents)
        cairo_move_to(cr, x - extents.x_advance * alignX, y)
        cairo_show_text(cr, string)
    }

    private static func setColour(_ cr: OpaquePointer, _ c: (r: UInt8, g: UInt8, b: UInt8)) {
        cairo_set_source_rgb(cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255)
    }
}

/// Collects the bytes Cairo writes.
private final class ByteSink {
    var data = Data()

    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.data.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }
}
