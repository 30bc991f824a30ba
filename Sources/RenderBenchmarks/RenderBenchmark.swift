import AttitudeMath
import CGL
import FileAccess
import Foundation
import Imaging
import MonotonicTime
import Pixels
import Render

/// `steady-dice bench`: offscreen rendering timed phase by phase (background upload, draw, read-back),
/// medians over runs, with glFinish between the phases so each is timed on its own.
public struct RenderBenchmark {
    /// The size every frame is drawn at.
    public var size: PictureSize
    public var width: Int { size.width }
    public var height: Int { size.height }
    /// Frames per run, and runs; a first run warms up and is not counted.
    public var frames: Int, repeats: Int
    public var assets: Assets

    public init(size: PictureSize, frames: Int, repeats: Int, assets: Assets) {
        self.size = size
        self.frames = frames
        self.repeats = repeats
        self.assets = assets
    }

    /// The medians of one measurement, in ms per frame, and the lines that print them.
    public struct Phases {
        public var upload: Double, draw: Double, readBack: Double, total: Double

        public var lines: [String] {
            [String(format: "  upload    %7.2f ms (median)", upload),
             String(format: "  draw      %7.2f ms (median)", draw),
             String(format: "  read-back %7.2f ms (median)", readBack),
             String(format: "  total     %7.2f ms per frame (median), %.1f frames per second", total, 1000 / total)]
        }
    }

    /// Each frame uploads `picture(generation)` (nil: none), draws the die at a new attitude (with the HUD,
    /// its text new each frame, as in the window) and reads the pixels back. `progress` gets a line per run.
    public func phases(clearColor: RGBColor, hud: Bool, picture: (Int) -> RGBImage?, progress: (String) -> Void) throws -> Phases {
        return try HeadlessContext.within {
            let renderer = try SceneRenderer(assets: assets, readImage: RGBImage.read)
            renderer.clearColor = clearColor
            if hud { try renderer.prepareHUD() }
            let target = try OffscreenTarget(size: size)
            target.bind()
            var upload: [Double] = [], draw: [Double] = [], readBack: [Double] = [], total: [Double] = []
            var generation = 0
            for run in 0...repeats {  // run 0 warms up and is not counted
                var phase = [0.0, 0.0, 0.0]
                for frame in 0..<frames {
                    generation += 1
                    let image = picture(generation)
                    let attitude = Quaternion(axis: [0.3, 1, 0.5], angle: Double(frame) * 0.05)
                    let t0 = MonotonicClock.now()
                    renderer.setBackground(image, generation: generation, viewport: size)
                    glFinish()
                    let t1 = MonotonicClock.now()
                    let readout = hud ? HUDReadout(worldFromDevice: attitude, smoothedTilt: AttitudeViews(worldFromDevice: attitude).tilt,
                                                   frame: "bench", source: "bench frame \(frame)", framesPerSecond: 60) : nil
                    renderer.draw(SceneState(worldFromDevice: attitude, hud: readout), size: size)
                    glFinish()
                    let t2 = MonotonicClock.now()
                    _ = target.readImage()
                    let t3 = MonotonicClock.now()
                    phase[0] += t1 - t0; phase[1] += t2 - t1; phase[2] += t3 - t2
                }
                guard run > 0 else { continue }
                let perFrame = phase.map { $0 / Double(frames) * 1000 }
                upload.append(perFrame[0]); draw.append(perFrame[1]); readBack.append(perFrame[2])
                total.append(perFrame.reduce(0, +))
                progress(String(format: "run %d/%d: %.2f ms per frame", run, repeats, total.last ?? 0))
            }
            // NaN for no timed run (one run is the warm-up alone).
            func median(_ values: [Double]) -> Double { Median.meanOfMiddles(values) ?? .nan }
            return Phases(upload: median(upload), draw: median(draw), readBack: median(readBack), total: median(total))
        }
    }

    /// The panorama background (the one `installPanorama` hands a renderer) against the generated textured background, alternating run by
    /// run in one context, so both see the same machine load. A textured frame uploads a new picture each
    /// frame (as a camera does); the panorama is uploaded once and only drawn. Returns the lines to print.
    public func panoramaAgainstTexture(path: String, installPanorama: (SceneRenderer) -> Void,
                                       progress: (String) -> Void) throws -> [String] {
        return try HeadlessContext.within {
            let textured = try SceneRenderer(assets: assets, readImage: RGBImage.read)
            let withPanorama = try SceneRenderer(assets: assets, readImage: RGBImage.read)
            installPanorama(withPanorama)
            let pattern = Self.testPattern(size: size)
            let target = try OffscreenTarget(size: size)
            target.bind()
            var perFrame: [String: [Double]] = ["textured": [], "panorama": []]
            var generation = 0
            for run in 0...repeats {
                for (name, renderer) in [("textured", textured), ("panorama", withPanorama)] {
                    let t0 = MonotonicClock.now()
                    for frame in 0..<frames {
                        generation += 1
                        if name == "textured" {
                            renderer.setBackground(pattern, generation: generation, viewport: size)
                        }
                        renderer.draw(SceneState(worldFromDevice: Quaternion(axis: [0.3, 1, 0.5], angle: Double(frame) * 0.05)),
                                      size: size)
                        _ = target.readImage()
                    }
                    let ms = (MonotonicClock.now() - t0) / Double(frames) * 1000
                    if run > 0 { perFrame[name, default: []].append(ms) }
                }
                if run > 0 {
                    progress(String(format: "run %d/%d: textured %.2f ms, panorama %.2f ms per frame", run, repeats,
                                    perFrame["textured"]!.last!, perFrame["panorama"]!.last!))
                }
            }
            return ["offscreen \(size), \(frames) frames x \(repeats) runs, upload + draw + read-back per frame:",
                    String(format: "  textured background (new %dx%d picture each frame) %7.2f ms (median)", width, height,
                           Median.meanOfMiddles(perFrame["textured"]!) ?? .nan),
                    String(format: "  panorama %@ %7.2f ms (median)", path, Median.meanOfMiddles(perFrame["panorama"]!) ?? .nan)]
        }
    }

    /// Up to `limit` frames of a video from frame `first` on, decoded before timing starts.
    public static func decodeFrames(path: String, first: Int, limit: Int) throws -> [RGBImage] {
        let start = try VideoReader.decodeFrame(path: path, index: first)
        let reader = try VideoReader(path: path)
        if first > 0 { try reader.seek(frame: first) }
        var frames: [RGBImage] = []
        while frames.count < limit, let frame = try reader.next() { frames.append(frame.image) }
        return frames.isEmpty ? [start.image] : frames
    }

    /// The test pattern scrolling one pixel right and down per frame (repeating every 1024 frames), written losslessly at 30 fps
    /// into `output` (the caller commits it); returns the line that says what was written. `shouldStop` is asked between
    /// frames: when it says yes, `RenderBenchmark.Stopped` is thrown.
    public static func writeTestVideo(to output: OutputFiles.Staged, size: PictureSize, frames: Int,
                                      shouldStop: () -> Bool = { false }) throws -> String {
        // The scroll repeats every 1024 frames: a pattern a pixel larger per frame would be 30 GB at 100000 frames.
        let period = max(1, min(frames, 1024))
        let (width, height) = (size.width, size.height)
        let pattern = pattern(width: width + period, height: height + period)
        let writer = try VideoOutput(output: output, framesPerSecond: 30, size: size)
        for k in 0..<frames {
            if shouldStop() { throw Stopped(framesWritten: k, frameCount: frames) }
            let offset = 1 + (frames - 1 - k) % period   // frames - k while frames <= 1024
            try writer.write(pattern.cropped(x: offset, y: offset, width: width, height: height))
        }
        try writer.finish()
        return "wrote \(output.path) (\(frames) frames of \(size), \(writer.summary), 30 fps)"
    }

    /// A test video stopped between two frames (`writeTestVideo`'s `shouldStop`): nothing was kept.
    public struct Stopped: Error {
        public let framesWritten: Int, frameCount: Int
    }

    /// A picture of `size` with detail everywhere, so upload and sampling cost what a camera frame costs.
    public static func testPattern(size: PictureSize) -> RGBImage {
        pattern(width: size.width, height: size.height)
    }

    /// The test pattern at any size: the scrolling video's is a period larger than its frames, and may pass
    /// `PictureSize.largestSide`.
    private static func pattern(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                pixels[i] = UInt8(truncatingIfNeeded: x ^ y)
                pixels[i + 1] = UInt8(truncatingIfNeeded: x &* 3)
                pixels[i + 2] = UInt8(truncatingIfNeeded: y &* 5)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
