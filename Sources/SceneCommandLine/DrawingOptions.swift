import ArgumentParser
import CommandLineSupport
import Pixels
import Scene
import AttitudeMath
import Render
import Rig

// Option groups that change what is drawn, not where the attitude comes from. Each is self-contained,
// so any command that draws a frame (`run`, `snapshot`, `render`) can take it as an @OptionGroup.

/// `--relative-to w,x,y,z`: draw the attitude relative to a saved reference pose.
public struct RelativeAttitudeOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Draw conj(r)·q instead of q: the attitude relative to the reference pose r, a device-to-world "
                               + "quaternion (Core Motion's multiply(byInverseOf:)). The pose r becomes the identity view.",
                               valueName: "w,x,y,z"),
            transform: { try QuaternionArgument.parseOption($0) })
    public var relativeTo: QuaternionArgument?

    /// The reference pose, if one was given.
    public var reference: Quaternion? { relativeTo?.quaternion }
}

/// `--model die|box`: what sits at the origin of the world frame.
public struct ModelOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("What to draw at the origin of the world frame: die (edge 1) or box (the articles' red box, "
                               + "4 along X, 2 along Y, 1 along Z).", valueName: "die|box"))
    public var model: SceneModel = .die
}

extension SceneModel: ExpressibleByArgument {}

/// `--hud`: the numbers over the picture.
public struct HUDOptions: ParsableArguments {
    public init() {}

    @Flag(help: ArgumentHelp("Show a HUD: quaternion, Euler angles, tilt and smoothed tilt, reference frame, the attitude "
                             + "source and its health, frames per second. In the window, H toggles it."))
    public var hud = false

    /// An offscreen picture of `size` must have room for the HUD above the die (or the box, unless anchored).
    public func validate(size: PictureSize, drawing: DrawingOptions? = nil) throws {
        try asValidationError {
            try DrawingSettings(camera: CameraSettings(anchor: drawing?.camera.anchor?.anchor()), model: drawing?.model.model ?? .die, hud: hud)
                .validate(size: size)
        }
    }
}

extension DrawingSettings {
    /// The one settings value that `run`, `snapshot` and `render` draw with, from their option groups
    /// (`Snapshotter` takes the same value). A new group that changes the picture adds its field here.
    /// The calibration is applied to an attitude source timed by `clock` (`.live` for `run --imud`).
    public init(camera: CameraOptions, background: BackgroundOptions, relativeAttitude: RelativeAttitudeOptions,
         model: ModelOptions, hud: HUDOptions, assets: String?, attitudeCalibration: AttitudeCalibrationOptions, clock: TimeOffset.Clock) throws {
        self.init(camera: try camera.settings(), model: model.model, backgroundColor: background.settings.clearColor,
                  relativeTo: relativeAttitude.reference, hud: hud.hud, assetsFolder: assets)
        try attitudeCalibration.apply(to: &self, clock: clock, video: background.video)
    }
}

/// Every option that says how a frame is drawn, as one group: the background, the reference pose, the
/// model, the HUD, the camera and where the die sits, how the attitude source sits on the camera, and
/// the assets. `run`, `snapshot` and `render` each take it whole, so none can fall out of step.
public struct DrawingOptions: ParsableArguments {
    @OptionGroup public var background: BackgroundOptions
    @OptionGroup public var relativeAttitude: RelativeAttitudeOptions
    @OptionGroup public var model: ModelOptions
    @OptionGroup public var hud: HUDOptions
    @OptionGroup public var camera: CameraOptions
    @OptionGroup public var attitudeCalibration: AttitudeCalibrationOptions

    @OptionGroup public var assetsFolder: AssetsOptions

    /// `--assets`, where given.
    public var assets: String? { assetsFolder.assets }

    public init() {}

    /// A panorama is the background: it is refused beside another.
    public func validate() throws {
        try camera.validate(with: background)
    }

    /// The files these options read, which no output of the same command may replace.
    public var inputPaths: [String?] {
        [assets] + background.settings.inputPaths + camera.inputPaths + attitudeCalibration.inputPaths
    }

    /// The one settings value the frame pipeline draws with (`Snapshotter` takes the same value), for an attitude source
    /// timed by `clock` (`.live` for `run --imud`).
    public func drawingSettings(clock: TimeOffset.Clock) throws -> DrawingSettings {
        try DrawingSettings(camera: camera, background: background, relativeAttitude: relativeAttitude,
                            model: model, hud: hud, assets: assets, attitudeCalibration: attitudeCalibration, clock: clock)
    }
}

extension DrawingOptions {
    /// What `run`, `snapshot` and `render` draw with: these options' settings for an attitude source timed by `clock`
    /// (`.live` for `run --imud`; the calibration file read once), their background, and the time offset they give it.
    public func drawing(clock: TimeOffset.Clock) throws -> Drawing {
        let settings = try drawingSettings(clock: clock)
        return Drawing(settings: settings, background: background.settings, notes: .commandLine)
    }
}
