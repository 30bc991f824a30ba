import ArgumentParser
import AttitudeMath
import Camera
import CSVText
import Foundation
import Imaging
import Render

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
    @Option(help: ArgumentHelp("Vertical field of view of the camera, in degrees (default 60).", valueName: "DEG"))
    var fov: Double?

    @Option(help: ArgumentHelp("Camera intrinsics: an OpenCV calibration file (camera_matrix, distortion_coefficients, "
                               + "image_width, image_height). A distorted background is undistorted first.",
                               valueName: "FILE.yml"))
    var intrinsics: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Place the die in the world: bearing B° clockwise from north (W's +X), elevation E° above "
                               + "the horizon, distance D (default 4); the camera sits at the origin.", valueName: "B,E[,D]"),
            transform: { try AnchorArgument.parseOption($0) })
    var anchor: AnchorArgument?

    @Option(help: ArgumentHelp("An equirectangular panorama of the world as the background "
                               + "(bearing -180° to 180° left to right, elevation 90° to -90° top to bottom).",
                               valueName: "FILE"))
    var panorama: String?

    func validate() throws {
        if fov != nil && intrinsics != nil { throw ValidationError("give at most one of --fov and --intrinsics") }
        if let fov, !(fov > 0 && fov < 180) { throw ValidationError("--fov must be between 0 and 180 degrees (exclusive)") }
        if let anchor = anchor?.anchor {
            guard anchor.distance >= Anchor.minimumDistance, anchor.distance <= Anchor.maximumDistance else {
                throw ValidationError("--anchor: the distance must be from \(Anchor.minimumDistance) to \(Anchor.maximumDistance) "
                                      + "(the whole die between the near plane at 0.1 and the far plane at 100)")
            }
            guard abs(anchor.elevationDegrees) <= 90 else { throw ValidationError("--anchor: the elevation must be within -90 to 90 degrees") }
        }
    }

    /// Refuses a panorama together with another background, which it would hide.
    func validate(with background: BackgroundOptions) throws {
        if panorama != nil && (background.background != nil || background.camera != nil || background.video != nil) {
            throw ValidationError("--panorama is the background: give it without --background, --camera or --video")
        }
    }

    /// Reads the files these options name.
    func load() throws -> CameraSetup {
        let calibrated = try intrinsics.map { try CalibratedCamera.read(path: $0) }
        let undistorter = try calibrated.flatMap { $0.isDistorted ? try Undistorter(camera: $0) : nil }
        let panoramaImage = try panorama.map { path -> RGBImage in
            guard FileManager.default.fileExists(atPath: path) else {
                throw ImagingError.unreadableImage(path: path, reason: "file not found")
            }
            return try RGBImage.read(path: path)
        }
        return CameraSetup(fov: fov, calibrated: calibrated, intrinsicsPath: intrinsics, undistorter: undistorter,
                           anchor: anchor?.anchor, panorama: panoramaImage, panoramaPath: panorama)
    }
}

/// The loaded camera options: turns an attitude into a scene for a viewport, and a background picture
/// into the one to draw.
struct CameraSetup {
    var fov: Double?
    var calibrated: CalibratedCamera?
    var intrinsicsPath: String?
    var undistorter: Undistorter?
    var anchor: Anchor?
    var panorama: RGBImage?
    var panoramaPath: String?

    /// Today's picture: 60°, the die in front of the camera, no panorama.
    static let seed = CameraSetup()

    /// The camera for a viewport; nil keeps the seed's gluPerspective (so default pictures stay identical).
    func camera(width: Int, height: Int) -> PinholeCamera? {
        if let calibrated { return calibrated.pinhole.fitted(toWidth: width, height: height) }
        if let fov { return PinholeCamera(verticalFieldOfViewDegrees: fov, width: width, height: height) }
        return nil
    }

    func scene(worldFromDevice: Quaternion?, greyed: Bool = false, width: Int, height: Int) -> SceneState {
        scene(SceneState(worldFromDevice: worldFromDevice, greyed: greyed), width: width, height: height)
    }

    /// `state` seen through this camera in a viewport: its projection, and the die's anchor.
    func scene(_ state: SceneState, width: Int, height: Int) -> SceneState {
        var state = state
        state.camera = camera(width: width, height: height)
        state.anchor = anchor
        return state
    }

    /// Hands the panorama, if any, to a renderer; says on stderr when it had to be shrunk to fit.
    func install(on renderer: SceneRenderer) {
        guard let panorama, let panoramaPath else { return }
        renderer.setPanorama(panorama) { from, to, limit in
            FileHandle.standardError.write(Data(("steady-dice: \(panoramaPath): \(from.0)x\(from.1) is larger than this driver's "
                + "largest texture (\(limit)); halved to \(to.0)x\(to.1)\n").utf8))
        }
    }

    /// The background picture as drawn: with calibrated intrinsics it must have the calibrated size,
    /// and with distortion it is undistorted.
    func prepare(background image: RGBImage, source: String) throws -> RGBImage {
        guard let calibrated else { return image }
        guard image.width == calibrated.pinhole.width, image.height == calibrated.pinhole.height else {
            throw ImagingError.video(path: source, reason: "is \(image.width)x\(image.height), but \(intrinsicsPath ?? "the intrinsics") "
                                     + "describes \(calibrated.pinhole.width)x\(calibrated.pinhole.height) pictures")
        }
        return try undistorter?.apply(image, source: source) ?? image
    }
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
        guard let frame = inner.latest() else { return nil }
        if let cached, cached.generation == frame.generation { return cached }
        do {
            cached = (try setup.prepare(background: frame.image, source: source), frame.generation)
        } catch {
            if !reported { FileHandle.standardError.write(Data("steady-dice: \(error); showing it as it is\n".utf8)) }
            reported = true
            cached = frame
        }
        return cached
    }

    func stop() { inner.stop() }
}
