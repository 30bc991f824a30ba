import Camera
import FileAccess
import Imaging
import Pixels
import Render

/// Which pixels of a picture show something (a mask: one flag a pixel, in row order), and how two masks overlap. In a
/// support target, which is optimised, because tests run these over thousands of frames (test targets are not).
public enum PixelMask {
    /// The pixels of `image` that differ from `colour` by more than `tolerance` in any channel: the die, over a plain
    /// background.
    public static func differing(from colour: RGBColor, in image: RGBImage, tolerance: Int = 0) -> [Bool] {
        let background = [Int(colour.r), Int(colour.g), Int(colour.b)]
        return image.pixels.withUnsafeBufferPointer { pixels in
            (0..<(image.width * image.height)).map { i in
                (0..<3).contains { abs(Int(pixels[3 * i + $0]) - background[$0]) > tolerance }
            }
        }
    }

    /// The die drawn over the default background: the pixels more than 4 levels from its colour in any channel.
    public static func die(in image: RGBImage) -> [Bool] {
        differing(from: .defaultBackground, in: image, tolerance: 4)
    }

    /// The pixels both masks hold over those either holds; 0 when neither holds any.
    public static func intersectionOverUnion(_ a: [Bool], _ b: [Bool]) -> Double {
        let both = zip(a, b).filter { $0 && $1 }.count, either = zip(a, b).filter { $0 || $1 }.count
        return either == 0 ? 0 : Double(both) / Double(either)
    }
}

/// A clip as another camera on the same device would have filmed it.
public enum LensWarp {
    /// The clip at `clip`, filmed through the pinhole `source`, as a camera with `camera`'s lens would have filmed it,
    /// written to `path` (FFV1): each pixel of the new picture looks along its ray through the lens and takes the
    /// source's colour there (bilinear); black where the ray leaves the source's picture.
    public static func warp(_ clip: String, source: PinholeCamera, to camera: LensCamera, writingTo path: String) throws {
        let input = try VideoFile(path: clip)
        let outputs = OutputFiles()
        let writer = try VideoOutput(output: outputs.stage(path, option: "test"), framesPerSecond: input.info.framesPerSecond ?? 30,
                                     size: camera.pinhole.size)
        // Where each output pixel samples the source, computed once.
        var lookups: [(Int, Double, Double)?] = []
        for v in 0..<camera.pinhole.height {
            for u in 0..<camera.pinhole.width {
                guard let ray = camera.ray(pixel: SIMD2(Double(u), Double(v))), ray.z > 0 else { lookups.append(nil); continue }
                let x = source.fx * ray.x / ray.z + source.cx, y = source.fy * ray.y / ray.z + source.cy
                guard x >= 0, y >= 0, x < Double(source.width - 1), y < Double(source.height - 1) else { lookups.append(nil); continue }
                lookups.append((Int(y) * source.width + Int(x), x - x.rounded(.down), y - y.rounded(.down)))
            }
        }
        while let frame = try input.next() {
            let p = frame.image.pixels, w = source.width
            var out = [UInt8](repeating: 0, count: camera.pinhole.width * camera.pinhole.height * 3)
            for (i, lookup) in lookups.enumerated() {
                guard let (at, fx, fy) = lookup else { continue }
                for c in 0..<3 {
                    let a = Double(p[3 * at + c]), b = Double(p[3 * (at + 1) + c])
                    let d = Double(p[3 * (at + w) + c]), e = Double(p[3 * (at + w + 1) + c])
                    out[3 * i + c] = UInt8(((a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy).rounded())
                }
            }
            try writer.write(RGBImage(width: camera.pinhole.width, height: camera.pinhole.height, pixels: out))
        }
        try writer.finish()
        try outputs.commit()
    }
}
