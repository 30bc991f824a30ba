/// Two pictures compared pixel by pixel, as `steady-dice compare` and the golden tests compare them:
/// they match when no more than `maxFraction` of the pixels differ by more than `tolerance` in any channel.
public struct ImageComparison: Equatable, Sendable {
    /// A channel may differ by this much by default (rounding in the rasteriser, not a change).
    public static let defaultTolerance = 2

    /// A pixel's place: column `x` and row `y`, row 0 at the top.
    public struct Position: Equatable, Sendable {
        /// Pixels from the left edge.
        public let x: Int
        /// Pixels from the top edge.
        public let y: Int
    }

    /// The expected picture's size in pixels.
    public let expectedSize: (width: Int, height: Int)
    /// The actual picture's size in pixels.
    public let actualSize: (width: Int, height: Int)
    /// The largest per-channel difference that still counts as the same.
    public let tolerance: Int
    /// The fraction of pixels (0 to 1) allowed over the tolerance.
    public let maxFraction: Double
    /// Pixels with some channel differing by more than `tolerance` (0 when the sizes differ).
    public let differingPixels: Int
    /// The largest difference of any channel of any pixel, 0 to 255.
    public let largestDifference: Int
    /// The first pixel (row by row from the top) with the largest difference; nil when none differs.
    public let largestDifferenceAt: Position?

    /// Compares `actual` with `expected`. `tolerance` is 0 to 255, `maxFraction` 0 to 1.
    public init(expected: RGBImage, actual: RGBImage, tolerance: Int = ImageComparison.defaultTolerance, maxFraction: Double = 0) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        self.tolerance = tolerance
        self.maxFraction = maxFraction
        guard expected.width == actual.width, expected.height == actual.height else {
            differingPixels = 0
            largestDifference = 0
            largestDifferenceAt = nil
            return
        }
        var differing = 0, largest = 0, largestIndex = -1
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for p in 0..<(expected.width * expected.height) {
                    let d = Self.difference(e, a, pixel: p)
                    if d > tolerance { differing += 1 }
                    if d > largest { largest = d; largestIndex = p }
                }
            }
        }
        differingPixels = differing
        largestDifference = largest
        largestDifferenceAt = largestIndex < 0 ? nil : Position(x: largestIndex % expected.width, y: largestIndex / expected.width)
    }

    /// Two comparisons are equal when every figure they hold is.
    public static func == (a: ImageComparison, b: ImageComparison) -> Bool {
        a.expectedSize == b.expectedSize && a.actualSize == b.actualSize && a.tolerance == b.tolerance
            && a.maxFraction == b.maxFraction && a.differingPixels == b.differingPixels
            && a.largestDifference == b.largestDifference && a.largestDifferenceAt == b.largestDifferenceAt
    }

    /// Whether both pictures have the same width and height.
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// The expected picture's number of pixels.
    public var pixelCount: Int { expectedSize.width * expectedSize.height }
    /// `differingPixels` over all pixels, 0 to 1.
    public var fraction: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }
    /// The verdict: the sizes match and no more than `maxFraction` of the pixels are over the tolerance.
    public var matches: Bool { sizesMatch && fraction <= maxFraction }

    /// One line for a person: whether they match, how many pixels are over the tolerance and which
    /// share, the largest difference and where. `expected` and `actual` name the two pictures.
    public func summary(expected: String = "expected", actual: String = "actual") -> String {
        guard sizesMatch else {
            return "\(expected) and \(actual) differ in size: \(expected) is \(expectedSize.width)x\(expectedSize.height), "
                + "\(actual) is \(actualSize.width)x\(actualSize.height)"
        }
        var line = "\(expected) and \(actual) \(matches ? "match" : "differ"): \(differingPixels) of \(pixelCount) pixels "
            + "(\(Self.percent(fraction))) differ by more than \(tolerance) in a channel (allowed: \(Self.percent(maxFraction))); "
            + "largest difference \(largestDifference)"
        if let at = largestDifferenceAt { line += " at x \(at.x), y \(at.y)" }
        return line
    }

    /// The expected picture dimmed to a third, with every pixel over the tolerance in magenta
    /// (255, 0, 255), which no dimmed pixel can be. Nil when the sizes differ.
    public static func diffImage(expected: RGBImage, actual: RGBImage, tolerance: Int = defaultTolerance) -> RGBImage? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        var out = [UInt8](repeating: 0, count: expected.pixels.count)
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for p in 0..<(expected.width * expected.height) {
                    let over = difference(e, a, pixel: p) > tolerance
                    for c in 0..<3 { out[3 * p + c] = over ? (c == 1 ? 0 : 255) : e[3 * p + c] / 3 }
                }
            }
        }
        return RGBImage(width: expected.width, height: expected.height, pixels: out)
    }

    /// The largest channel difference of pixel `p`.
    private static func difference(_ e: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>, pixel p: Int) -> Int {
        let i = 3 * p
        return max(abs(Int(e[i]) - Int(a[i])), abs(Int(e[i + 1]) - Int(a[i + 1])), abs(Int(e[i + 2]) - Int(a[i + 2])))
    }

    /// 0.0013 as "0.13%"; 0 as "0%".
    private static func percent(_ value: Double) -> String {
        value == 0 ? "0%" : String(format: "%.4g%%", value * 100)
    }
}
