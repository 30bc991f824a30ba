import ArgumentParser
import CommandLineSupport
import Scene
import SteadyDiceAssets
import AttitudeMath
import Camera
import CalibrationFiles
import CSVText
import Foundation
import Render
import SafeText

extension LensDrawing: ExpressibleByArgument {}

/// `--anchor B,E[,D]`: bearing and elevation in degrees, distance in die edges, as given; `anchor()` places the die.
public struct AnchorArgument: StrictArgument {
    public let bearingDegrees: Double
    public let elevationDegrees: Double
    public let distance: Double

    /// `B,E[,D]` through the shared strict parser.
    public static func parseOption(_ text: String) throws -> AnchorArgument {
        let v = try OptionValues.numbers(text, counts: [2, 3], shape: "B,E[,D]")
        return AnchorArgument(bearingDegrees: v[0], elevationDegrees: v[1], distance: v.count == 3 ? v[2] : Anchor.defaultDistance)
    }

    /// The anchor these values place, refused (`AnchorError`) out of its range.
    public func anchor() throws(AnchorError) -> Anchor {
        try Anchor(bearingDegrees: bearingDegrees, elevationDegrees: elevationDegrees, distance: distance)
    }

    public static var defaultValueDescription: String { "B,E[,D]" }
}

/// `--anchor-from first-look|T|log`: what `--anchor` counts from (`AnchorOrigin`).
public struct AnchorOriginArgument {
    public let origin: AnchorOrigin

    /// `first-look`, `log`, or a log time in seconds (0 or more) through the shared strict parser.
    public static func parseOption(_ text: String) throws -> AnchorOriginArgument {
        switch text {
        case "first-look": return AnchorOriginArgument(origin: .firstLook)
        case "log": return AnchorOriginArgument(origin: .log)
        default:
            guard let seconds = try? OptionValues.numbers(text, counts: [1], shape: "T").first, seconds >= 0 else {
                throw OptionValueError("expected first-look, log or a log time in seconds (0 or more), not \(MessageText.quoted(text))")
            }
            return AnchorOriginArgument(origin: .look(logTime: seconds))
        }
    }
}

/// The camera model, the die's place and the panorama: shared by `run`, `snapshot` and `render`.
public struct CameraOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("fov"), parsing: .unconditional,
            help: ArgumentHelp("Vertical field of view of the camera, in degrees (default \(String(format: "%g", PinholeCamera.defaultFieldOfViewDegrees))).",
                              valueName: "DEG"),
            transform: { try FieldOfView.parseOption($0) })
    public var fieldOfView: FieldOfView?

    @Option(parsing: .unconditional, help: ArgumentHelp("Camera intrinsics: an OpenCV calibration file (camera_matrix, distortion_coefficients, "
                               + "image_width, image_height; distortion_model: fisheye for OpenCV's fisheye model). With "
                               + "distortion, --lens-drawing says how the picture and the die meet.",
                               valueName: "FILE.yml"))
    public var intrinsics: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With a distorted lens: warp (default) draws the die through the lens over the picture as taken, "
                               + "every pixel of it; undistort undistorts the picture to its camera matrix's pinhole (a wide "
                               + "lens's edges are lost) and draws the die through that pinhole.", valueName: "warp|undistort"))
    public var lensDrawing: LensDrawing = .warp

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Place the die in the world: bearing B° clockwise from north, elevation E° above the horizon, "
                               + "distance D (default \(String(format: "%g", Anchor.defaultDistance))); the camera sits at the origin. Over a log without north, B counts "
                               + "from the log's X (stderr says so; --anchor-from first-look counts from where the camera looks "
                               + "at the first frame drawn).", valueName: "B,E[,D]"),
            transform: { try AnchorArgument.parseOption($0) })
    public var anchor: AnchorArgument?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("What --anchor counts from: first-look (where the camera looks at the first frame drawn: "
                               + "--from, or snapshot's --at), T (where it looks at log time T seconds, to match a render's "
                               + "frames in snapshots), or log (the log's X and horizon, north in a north frame; the default).",
                               valueName: "first-look|T|log"),
            transform: { try AnchorOriginArgument.parseOption($0) })
    public var anchorFrom: AnchorOriginArgument?

    @Option(parsing: .unconditional, help: ArgumentHelp("An equirectangular panorama of the world as the background "
                               + "(bearing -180° to 180° left to right, elevation 90° to -90° top to bottom); compass-sky names the bundled one.",
                               valueName: "FILE"), transform: { Examples.path(for: $0) })
    public var panorama: String?

    /// The files these options read, which no output of the same command may replace.
    public var inputPaths: [String?] { [intrinsics, panorama] }

    /// The library's value these options stand for, `--intrinsics`'s file read (`LensCamera.read`).
    public func settings() throws -> CameraSettings {
        var settings = try settingsButIntrinsics()
        if let intrinsics { settings.given = .intrinsics(try LensCamera.read(path: intrinsics), source: intrinsics) }
        return settings
    }

    /// Every setting but `--intrinsics`'s camera: what is checked before any file is read. The anchor is refused
    /// (`AnchorError`) out of its range; the field of view was checked as it was parsed.
    func settingsButIntrinsics() throws -> CameraSettings {
        var settings = CameraSettings(given: fieldOfView.map { .fieldOfView($0) } ?? .none,
                                      anchor: try anchor?.anchor(), panoramaPath: panorama)
        settings.anchorOrigin = anchorFrom?.origin
        settings.lensDrawing = lensDrawing
        return settings
    }

    /// Why `--fov` and `--intrinsics` are refused together: each is the whole camera.
    static let fieldOfViewAndIntrinsics = "give at most one of --fov and --intrinsics"

    /// Refuses `--fov` with `--intrinsics`, and what `CameraSettings.validate` refuses, before `--intrinsics` is read.
    public func validate() throws {
        if fieldOfView != nil && intrinsics != nil { throw ValidationError(Self.fieldOfViewAndIntrinsics) }
        try asValidationError { try settingsButIntrinsics().validate() }
    }

    /// Refuses a panorama together with another background, which it would hide.
    public func validate(with background: BackgroundOptions) throws {
        if panorama != nil && (background.background != nil || background.camera != nil || background.video != nil) {
            throw ValidationError("--panorama is the background: give it without --background, --camera or --video")
        }
    }
}

