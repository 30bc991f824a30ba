import ArgumentParser
import CommandLineSupport
import Composition
import AttitudeMath
import CGL
import FileAccess
import Foundation
import Imaging
import Render
import SteadyDiceAssets

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measures offscreen rendering in ms per frame, phase by phase: background upload, draw and read-back.",
        discussion: """
        Each frame uploads a new background frame, draws the scene with a new attitude and reads the \
        pixels back, as `snapshot` does; glFinish separates the phases so each is timed on its own. \
        The figures printed are medians over --repeats runs. \
        Without a background option a generated 1280x720 picture is used, so the figure covers a full \
        frame with a textured background and the die. With --video, the video's frames (up to 120, decoded \
        beforehand so decoding is not timed) are used in turn, a new one each frame.

        --write-video FILE writes a lossless FFV1 .avi of the test pattern, moving, at --size \
        (--frames frames, 30 fps) for --video, and exits.
        """)

    @Option(parsing: .unconditional, help: "Frame size, WxH.", transform: { try Size.parseOption($0) })
    var size: Size = Size(width: 1280, height: 720)

    @Option(parsing: .unconditional, help: "Frames per run.")
    var frames: Int = 120

    @Option(parsing: .unconditional, help: "Runs; the figures are medians over runs.")
    var repeats: Int = 7

    @OptionGroup var backgroundOptions: BackgroundOptions

    @OptionGroup var hudOptions: HUDOptions

    @Option(parsing: .unconditional, help: "Folder holding shaders/ and models/ (default: $STEADY_DICE_ASSETS, else the package's resource bundle beside the executable).")
    var assets: String?

    @Option(parsing: .unconditional, help: "Write a lossless FFV1 .avi test video of --size and --frames frames, then exit.")
    var writeVideo: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Also measure this equirectangular panorama as the background, against the generated "
                               + "textured background, in the same run.", valueName: "FILE"), transform: { Examples.path(for: $0) })
    var panorama: String?

    func validate() throws {
        guard frames >= 1, repeats >= 1 else { throw ValidationError("--frames and --repeats must be at least 1") }
        if let writeVideo {
            guard case .video? = VideoOutput.kind(of: writeVideo) else {
                throw ValidationError("--write-video must name a .avi or .mkv file (FFV1, lossless)")
            }
            if let problem = VideoOutput.problem(path: writeVideo, width: size.width, height: size.height, framesPerSecond: 30) {
                throw ValidationError("--write-video \(writeVideo) at --size \(size.width)x\(size.height): \(problem)")
            }
            guard frames <= 100_000 else { throw ValidationError("--frames must be at most 100000 with --write-video") }
        }
        if panorama != nil && (backgroundOptions.background != nil || backgroundOptions.camera != nil || backgroundOptions.video != nil) {
            throw ValidationError("--panorama compares itself with the generated background: give it without --background, --camera or --video")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        if let writeVideo {
            do { try Self.writeTestVideo(path: writeVideo, width: size.width, height: size.height, frames: frames) }
            return
        }
        if let panorama {
            do { try benchPanorama(path: panorama) }
            return
        }
        do {
            let context = try HeadlessContext()
            defer { withExtendedLifetime(context) {} }
            let renderer = try SceneRenderer(assets: try Assets.locate(explicit: assets))
            renderer.clearColor = backgroundOptions.settings.clearColor
            if hudOptions.hud { try renderer.prepareHUD() }
            let videoFrames = try backgroundOptions.video.map { try Self.decodeFrames(path: $0, first: backgroundOptions.frame ?? 0, limit: 120) }
            let provider = videoFrames == nil ? try backgroundOptions.settings.makeProvider(forSnapshot: false) : nil
            defer { provider?.stop() }
            // No background option at all: a generated picture, so the figure covers a textured frame.
            // An explicit `--background none` or colour measures the die alone.
            let noBackgroundOption = backgroundOptions.background == nil && backgroundOptions.camera == nil && videoFrames == nil
            let fallback = noBackgroundOption ? Self.testPattern(width: size.width, height: size.height) : nil
            let target = try OffscreenTarget(width: size.width, height: size.height)
            target.bind()

            var upload: [Double] = [], draw: [Double] = [], readBack: [Double] = [], total: [Double] = []
            var generation = 0
            for run in 0...repeats {  // run 0 warms up and is not counted
                var phase = [0.0, 0.0, 0.0]
                for frame in 0..<frames {
                    generation += 1
                    let image = videoFrames.map { $0[generation % $0.count] } ?? provider?.latest()?.image ?? fallback
                    let attitude = Quaternion(axis: [0.3, 1, 0.5], angle: Double(frame) * 0.05)
                    let t0 = MonotonicClock.now()
                    renderer.setBackground(image, generation: generation, viewportWidth: size.width, viewportHeight: size.height)
                    glFinish()
                    let t1 = MonotonicClock.now()
                    // With --hud its text changes every frame, as in the window.
                    let hud = hudOptions.hud ? HUDReadout(worldFromDevice: attitude, smoothedTilt: AttitudeViews(worldFromDevice: attitude).tilt,
                                                          frame: "bench", source: "bench frame \(frame)", framesPerSecond: 60) : nil
                    renderer.draw(SceneState(worldFromDevice: attitude, hud: hud), width: size.width, height: size.height)
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
                Messages.logger.info("\(String(format: "run %d/%d: %.2f ms per frame", run, repeats, total.last ?? 0))")
            }
            let background: String
            if let videoFrames, let first = videoFrames.first {
                background = "\(backgroundOptions.video ?? "") (\(videoFrames.count) frames of \(first.width)x\(first.height), a new one each frame)"
            } else if fallback != nil {
                background = "generated \(size.width)x\(size.height) picture"
            } else if provider == nil {
                background = "plain colour \(backgroundOptions.settings.clearColor) (no picture)"
            } else {
                background = backgroundOptions.camera.map { "camera \($0)" } ?? "\(backgroundOptions.background.map { "\($0)" } ?? "")"
            }
            print("offscreen \(size.width)x\(size.height), \(frames) frames x \(repeats) runs, background: \(background)")
            print(String(format: "  upload    %7.2f ms (median)", median(upload)))
            print(String(format: "  draw      %7.2f ms (median)", median(draw)))
            print(String(format: "  read-back %7.2f ms (median)", median(readBack)))
            print(String(format: "  total     %7.2f ms per frame (median), %.1f frames per second", median(total), 1000 / median(total)))
        }
    }

    /// The panorama background against the generated textured background, alternating run by run in
    /// one context, so both see the same machine load. A textured frame uploads a new picture each
    /// frame (as a camera does); the panorama is uploaded once and only drawn.
    private func benchPanorama(path: String) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let assets = try Assets.locate(explicit: assets)
        let textured = try SceneRenderer(assets: assets)
        let withPanorama = try SceneRenderer(assets: assets)
        try CameraOptions.parse(["--panorama", path]).load().install(on: withPanorama)
        let pattern = Self.testPattern(width: size.width, height: size.height)
        let target = try OffscreenTarget(width: size.width, height: size.height)
        target.bind()
        var perFrame: [String: [Double]] = ["textured": [], "panorama": []]
        var generation = 0
        for run in 0...repeats {
            for (name, renderer) in [("textured", textured), ("panorama", withPanorama)] {
                let t0 = MonotonicClock.now()
                for frame in 0..<frames {
                    generation += 1
                    if name == "textured" {
                        renderer.setBackground(pattern, generation: generation, viewportWidth: size.width, viewportHeight: size.height)
                    }
                    renderer.draw(SceneState(worldFromDevice: Quaternion(axis: [0.3, 1, 0.5], angle: Double(frame) * 0.05)),
                                  width: size.width, height: size.height)
                    _ = target.readImage()
                }
                let ms = (MonotonicClock.now() - t0) / Double(frames) * 1000
                if run > 0 { perFrame[name, default: []].append(ms) }
            }
            if run > 0 {
                let line = String(format: "run %d/%d: textured %.2f ms, panorama %.2f ms per frame", run, repeats,
                                  perFrame["textured"]!.last!, perFrame["panorama"]!.last!)
                Messages.logger.info("\(line)")
            }
        }
        print("offscreen \(size.width)x\(size.height), \(frames) frames x \(repeats) runs, upload + draw + read-back per frame:")
        print(String(format: "  textured background (new %dx%d picture each frame) %7.2f ms (median)", size.width, size.height, median(perFrame["textured"]!)))
        print(String(format: "  panorama %@ %7.2f ms (median)", path, median(perFrame["panorama"]!)))
    }

    /// Up to `limit` frames of a video from frame `first` on, decoded before timing starts.
    static func decodeFrames(path: String, first: Int, limit: Int) throws -> [RGBImage] {
        let start = try VideoReader.decodeFrame(path: path, index: first)
        let reader = try VideoReader(path: path)
        if first > 0 { try reader.seek(frame: first) }
        var frames: [RGBImage] = []
        while frames.count < limit, let frame = try reader.next() { frames.append(frame.image) }
        return frames.isEmpty ? [start.image] : frames
    }

    /// The test pattern scrolling one pixel right and down per frame, written losslessly.
    static func writeTestVideo(path: String, width: Int, height: Int, frames: Int) throws {
        let pattern = testPattern(width: width + frames, height: height + frames)
        let outputs = OutputFiles()
        let writer = try VideoOutput(output: outputs.stage(path, option: "--write-video"), framesPerSecond: 30, width: width, height: height)
        for k in 0..<frames {
            try writer.write(pattern.cropped(x: frames - k, y: frames - k, width: width, height: height))
        }
        try writer.finish()
        try outputs.commit()
        print("wrote \(path) (\(frames) frames of \(width)x\(height), \(writer.summary), 30 fps)")
    }

    /// A picture with detail everywhere, so upload and sampling cost what a camera frame costs.
    static func testPattern(width: Int, height: Int) -> RGBImage {
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

/// The median of a non-empty list.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
