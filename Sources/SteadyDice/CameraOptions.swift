import ArgumentParser
import AttitudeMath
import Camera
import CSVText
import Foundation
import Imaging
import Messages
import Render
import SteadyDiceKit
import SteadyDiceAssets

/// `--anchor B,E[,D]`: bearing and elevation in degrees, distance in die edges.
struct AnchorArgument: ExpressibleByArgument {
    let anchor: Anchor

    init(anchor: Anchor) { self.anchor = anchor }

    init?(argument: String) {
        guard let parsed = try? Self.parseOption(argument) else { return nil }
        self = parsed
    }

    /// `B,E[,D]` through the shared strict parser.
    static func parseOption(_ text: String) throws -> AnchorArgument {
        let v = try OptionValues.numbers(text, counts: [2, 3], shape: "B,E[,D]")
        return AnchorArgument(anchor: Anchor(bearingDegrees: v[0], elevationDegrees: v[1],
                                             distance: v.count == 3 ? v[2] : Anchor.defaultDistance))
    }

    static var defaultValueDescription: String { "B,E[,D]" }
}

/// The camera model, the die's place and the panorama: shared by `run`, `snapshot` and `render`.
struct CameraOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Vertical field of view of the camera, in degrees (default 60).", valueName: "DEG"))
    var fov: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Camera intrinsics: an OpenCV calibration file (camera_matrix, distortion_coefficients, "
                               + "image_width, image_height). A distorted background is undistorted first.",
                               valueName: "FILE.yml"))
    var intrinsics: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Place the die in the world: bearing B° clockwise from north (W's +X), elevation E° above "
                               + "the horizon, distance D (default 4); the camera sits at the origin.", valueName: "B,E[,D]"),
            transform: { try AnchorArgument.parseOption($0) })
    var anchor: AnchorArgument?

    @Option(parsing: .unconditional, help: ArgumentHelp("An equirectangular panorama of the world as the background "
                               + "(bearing -180° to 180° left to right, elevation 90° to -90° top to bottom); compass-sky names the bundled one.",
                               valueName: "FILE"), transform: { Examples.path(for: $0) })
    var panorama: String?

    /// The files these options read, which no output of the same command may replace.
    var inputPaths: [String?] { [intrinsics, panorama] }

    /// The library's value these options stand for.
    var settings: CameraSettings {
        CameraSettings(fieldOfViewDegrees: fov, intrinsicsPath: intrinsics, anchor: anchor?.anchor, panoramaPath: panorama)
    }

    func validate() throws {
        try asValidationError { try settings.validate() }
    }

    /// Refuses a panorama together with another background, which it would hide.
    func validate(with background: BackgroundOptions) throws {
        if panorama != nil && (background.background != nil || background.camera != nil || background.video != nil) {
            throw ValidationError("--panorama is the background: give it without --background, --camera or --video")
        }
    }

    /// Reads the files these options name.
    func load() throws -> CameraSetup { try settings.load() }
}

extension BackgroundOptions {
    /// What error messages call the background picture.
    var sourceName: String {
        if let video { return video }
        if case .image(let path)? = background { return path }
        if let camera { return "camera \(camera)" }
        return "camera 0"
    }
}

/// A background whose frames pass through `CameraSetup.prepare` (undistortion), once per new frame.
final class PreparedBackground: BackgroundProvider {
    private let inner: BackgroundProvider
    private let setup: CameraSetup
    private let source: String
    private var cached: (image: RGBImage, generation: Int)?
    private var reported = false

    /// Prepares the first frame, if there is one yet, so a picture of the wrong size fails at start.
    init(_ inner: BackgroundProvider, setup: CameraSetup, source: String) throws {
        self.inner = inner
        self.setup = setup
        self.source = source
        if let first = inner.latest() { cached = (try setup.prepare(background: first.image, source: source), first.generation) }
    }

    func latest() -> (image: RGBImage, generation: Int)? {
        inner.latest().map(prepared)
    }

    func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int)? {
        inner.latest(capturedBy: time).map(prepared)
    }

    /// `frame` undistorted and cropped as the camera setup says, prepared once per generation.
    private func prepared(_ frame: (image: RGBImage, generation: Int)) -> (image: RGBImage, generation: Int) {
        if let cached, cached.generation == frame.generation { return cached }
        let result: (image: RGBImage, generation: Int)
        do {
            result = (try setup.prepare(background: frame.image, source: source), frame.generation)
        } catch {
            if !reported { Messages.logger.warning("\(error); showing it as it is") }
            reported = true
            result = frame
        }
        cached = result
        return result
    }

    func stop() { inner.stop() }
}
