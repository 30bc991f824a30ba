import AttitudeMath
import Foundation
import Imaging
import Pixels
import Render

/// An independent expectation of a rendered picture: where the die's corners must fall under Eq. VII and a
/// 60° vertical perspective, computed in double precision with the quaternion alone (no Matrix4, no
/// DieView), so a wrong golden cannot pass. The renderer's tests and the window's tests both check with it.
public enum Silhouette {
    /// Pixel corners of the projected cube, in pixel units with (0, 0) at the image's top-left corner.
    /// `halfExtents` are the box's half sizes along the model's X, Y and Z: the die's by default.
    public static func projectedCorners(_ worldFromDevice: Quaternion, width: Int, height: Int,
                                 halfExtents: SIMD3<Double> = SIMD3(0.5, 0.5, 0.5)) -> [SIMD2<Double>] {
        let f = 1 / tan(Double.pi / 6)  // 60° vertical field of view
        let aspect = Double(width) / Double(height)
        var corners: [SIMD2<Double>] = []
        let h = halfExtents
        for x in [-h.x, h.x] { for y in [-h.y, h.y] { for z in [-h.z, h.z] {
            // The view sits at d = (0, 0, 4) in the device frame; a world point seen from it is
            // R^T·p - d, with R rotating device into world.
            let inView = worldFromDevice.conjugate.rotate(SIMD3(x, y, z)) - SIMD3(0, 0, 4)
            let ndcX = f / aspect * inView.x / -inView.z
            let ndcY = f * inView.y / -inView.z
            corners.append(SIMD2((ndcX + 1) / 2 * Double(width), (1 - ndcY) / 2 * Double(height)))
        }}}
        return corners
    }

    /// The convex hull, counter-clockwise in a y-down image (monotone chain).
    public static func convexHull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        func turn(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [SIMD2<Double>] = [], upper: [SIMD2<Double>] = []
        for p in sorted {
            while lower.count >= 2 && turn(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && turn(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Signed distance from a point to a convex polygon's boundary: positive inside.
    public static func insideDistance(_ p: SIMD2<Double>, _ hull: [SIMD2<Double>]) -> Double {
        var distance = Double.infinity
        for i in hull.indices {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let edge = b - a
            let length = edge.length
            let side = (edge.x * (p.y - a.y) - edge.y * (p.x - a.x)) / length
            distance = min(distance, side)
        }
        return distance
    }

    /// Against a projected silhouette (`hull`, pixel centres at +0.5): the pixels more than 1.5 px
    /// inside it, those of them that do not show the model (the background colour, or what `showsModel`
    /// rejects), and the pixels more than 1.5 px outside it that are not the background colour.
    public static func silhouetteCounts(_ image: RGBImage, hull: [SIMD2<Double>], background: RGBColor = .defaultBackground,
                                 showsModel: ((r: UInt8, g: UInt8, b: UInt8)) -> Bool = { _ in true })
        -> (inside: Int, wrongInside: Int, wrongOutside: Int) {
        var wrongInside = 0, wrongOutside = 0, inside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let d = insideDistance(SIMD2(Double(x) + 0.5, Double(y) + 0.5), hull)
                let p = image.pixel(x: x, y: y)
                let isBackground = p.r == background.r && p.g == background.g && p.b == background.b
                if d > 1.5 {
                    inside += 1
                    if isBackground || !showsModel(p) { wrongInside += 1 }
                }
                if d < -1.5 && !isBackground { wrongOutside += 1 }
            }
        }
        return (inside, wrongInside, wrongOutside)
    }
}
