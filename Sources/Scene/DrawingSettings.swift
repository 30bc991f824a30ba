import AttitudeMath
import Camera
import Foundation
import Imaging
import LogLoading
import Pixels
import Render
import Rig

/// How a picture is drawn: the one settings value behind `steady-dice run`, `snapshot` and `render` and behind
/// `Snapshotter`. The command line's option groups (`DrawingOptions`) fill it in; a library user sets its fields.
///
/// Each field names the option it stands for. A new drawing option belongs here as a field (with the articles'
/// picture, docs/conventions.md, as its default), so that the command line and the library stay one.
public struct DrawingSettings: Equatable, Sendable {
    /// `--fov`, `--intrinsics`, `--anchor`, `--panorama`: the camera and where the die sits.
    public var camera: CameraSettings
    /// `--model die|box`: what sits at the origin of the world frame.
    public var model: SceneModel
    /// `--background none|#RRGGBB`: the colour behind everything when no picture is drawn.
    public var backgroundColor: RGBColor
    /// `--relative-to w,x,y,z`: draw the attitude relative to this device-to-world reference pose.
    public var relativeTo: Quaternion?
    /// `--hud`: the numbers over the picture.
    public var hud: Bool
    /// `--assets`: the folder holding `shaders/` and `models/` (nil: found as the command line finds them).
    public var assetsFolder: String?
    /// `--mount w,x,y,z` (or `--calibration`'s `imu_to_camera`): R with v_D = R·v_S from the attitude
    /// source's IMU frame S to the device frame D; the attitude drawn is worldFromS · R⁻¹ (nil: S is D).
    public var deviceFromIMU: Quaternion?
    /// `--time-offset S` (or `--calibration`'s `time_offset_s` with its `time_offset_clock`), nil when none is given.
    /// With the `clip` clock the video frame at video time t shows the attitude at log time t + offset; with the `live`
    /// clock (`--time-offset` given with `run --imud`, or a calibration `calibrate` measured on a `record` folder) the
    /// frame timed t shows the attitude imud delivered at t + offset. A source takes only the offset of its own clock
    /// (`clipTimeOffsetSeconds`, `startingOffset(for:)`; `apply(calibration:given:clock:)` keeps only that one): a clip's pairs its
    /// clip with a log that started at other moments, while live both clocks are times in this process.
    public var timeOffset: TimeOffset?
    /// `--calibration`'s `gyro_bias_deg_per_s` (rad/s here, in S), where calibrate determined it: subtracted from a raw
    /// log's gyroscope before it is integrated or fused (`loadAnyAttitudeLogWithFusion`). Nil: none.
    public var gyroBiasRadiansPerSecond: SIMD3<Double>?

    /// The articles' picture: the die in front of a 60° camera over the default colour, no HUD.
    public init(camera: CameraSettings = CameraSettings(), model: SceneModel = .die,
                backgroundColor: RGBColor = .defaultBackground, relativeTo: Quaternion? = nil,
                hud: Bool = false, assetsFolder: String? = nil, deviceFromIMU: Quaternion? = nil, timeOffset: TimeOffset? = nil) {
        self.camera = camera
        self.model = model
        self.backgroundColor = backgroundColor
        self.relativeTo = relativeTo
        self.hud = hud
        self.assetsFolder = assetsFolder
        self.deviceFromIMU = deviceFromIMU
        self.timeOffset = timeOffset
    }

    /// The attitude to draw for a source's worldFromS: worldFromS · R⁻¹ with the mount R.
    public func mounted(_ worldFromIMU: Quaternion) -> Quaternion {
        guard let deviceFromIMU else { return worldFromIMU }
        return Frames.worldFromDevice(worldFromIMU: worldFromIMU, deviceFromIMU: deviceFromIMU)
    }

    /// Refuses settings that cannot draw a picture of `size` (`DrawingSettingsError` says what is wrong).
    public func validate(size: PictureSize) throws {
        try camera.validate()
        let limit = Int(Rig.largestTimeOffsetSeconds)
        guard (timeOffset?.seconds).map({ $0.isFinite && abs($0) <= Double(limit) }) ?? true else {
            throw DrawingSettingsError.timeOffsetOutOfRange(limitSeconds: limit)
        }
        let anchored = camera.anchor != nil
        if hud && HUDLayout(size: size, lineCount: HUDReadout.lineCount, model: model, anchored: anchored).pixelSize == 0 {
            let smallest = HUDLayout.smallestSize(lineCount: HUDReadout.lineCount, model: model, anchored: anchored)
            throw DrawingSettingsError.noRoomForTheHUD(size: size, above: anchored ? .die : model, smallest: smallest)
        }
    }

    /// The time offset these settings are given for a clip, nil when none: `timeOffset` when it pairs a clip with its log
    /// (`--time-offset` without a live source, a clip calibration's), never a live rig's. When none is given a video's
    /// own motion track takes its own (`Timeline.timeOffsetSeconds`).
    public var clipTimeOffsetSeconds: Double? { timeOffset?.seconds(pairing: .clip) }

    /// The seconds a source timed by `clock` starts shifted by (`TimeOffsetControl`): a log's playback the clip offset,
    /// a live source the live one, 0 when it has none; a fixed attitude none.
    public func startingOffset(for clock: AttitudeTiming) -> Double {
        clock.offsetClock.flatMap { timeOffset?.seconds(pairing: $0) } ?? 0
    }
}

/// How a picture taken through a distorted lens (`--intrinsics` with distortion) and the die meet.
public enum LensDrawing: String, CaseIterable, Sendable {
    /// The picture as it was taken, every pixel of it (a fisheye's edges too), and the die drawn through
    /// the lens onto it. The default.
    case warp
    /// The picture undistorted to the pinhole of its camera matrix (OpenCV's undistortion; a wide lens's
    /// edges fall outside), and the die drawn through that pinhole.
    case undistort
}

/// The camera model and the die's place: `--fov` or `--intrinsics`, `--anchor`, `--panorama`.
public struct CameraSettings: Equatable, Sendable {
    /// The camera drawn with: `--fov`'s pinhole, `--intrinsics`'s camera and lens (an OpenCV calibration file read,
    /// `LensCamera.read`) or a calibration's (`Rig.camera`) with the file it came from, or none (the articles' 60°, drawn
    /// with its own projection).
    public var given: GivenCamera
    /// Where the die sits in the world (nil: in front of the camera, as the articles draw it).
    public var anchor: Anchor?
    /// `--anchor-from`: what the anchor's bearing counts from over a log (nil: as the log's frame decides, `AnchorOrigin`).
    public var anchorOrigin: AnchorOrigin?
    /// An equirectangular panorama drawn as the background.
    public var panoramaPath: String?
    /// How a distorted lens is drawn (`--lens-drawing`).
    public var lensDrawing: LensDrawing = .warp

    public init(given: GivenCamera = .none, anchor: Anchor? = nil, panoramaPath: String? = nil) {
        self.given = given
        self.anchor = anchor
        self.panoramaPath = panoramaPath
    }

    /// `--fov`'s vertical field of view in degrees, nil when the camera is not given so.
    public var verticalFieldOfViewDegrees: Double? {
        if case .fieldOfView(let fieldOfView) = given { return fieldOfView.degrees } else { return nil }
    }
    /// The camera and lens read from a file (`--intrinsics`, a calibration), nil when the camera is not given so.
    public var intrinsics: LensCamera? {
        if case .intrinsics(let camera, _) = given { return camera } else { return nil }
    }
    /// The file `intrinsics` came from, as messages name it.
    public var intrinsicsSource: String? {
        if case .intrinsics(_, let path) = given { return path } else { return nil }
    }

    /// Refuses settings that contradict each other (the field of view and the anchor were checked when built).
    public func validate() throws {
        if anchorOrigin != nil && anchor == nil { throw DrawingSettingsError.anchorOriginWithoutAnchor }
    }

    /// What `--panorama` (and `--anchor` when it counts from the log: `anchorFromTheLog`) stand on when drawn over a
    /// log in `frame`: their bearings count from W's +X, which is north only in a north frame. A warning for the caller
    /// to say when the heading is arbitrary or unnamed, so a bearing is never silently relative to wherever the device
    /// pointed at start; nil in a north frame or with nothing to place. An anchor aimed at a look (`aimedAnchor`) says
    /// its own note instead.
    public func headingNote(frame: ReferenceFrame?, log: String, anchorFromTheLog: Bool) -> DrawingNote? {
        let anchorBearing = anchorFromTheLog ? anchor?.bearingDegrees : nil
        guard anchorBearing != nil || panoramaPath != nil else { return nil }
        switch frame {
        case .xMagneticNorthZVertical?, .xTrueNorthZVertical?:
            return nil
        case .xArbitraryZVertical?, .xArbitraryCorrectedZVertical?, nil:
            return .headingNotNorth(log: log, frame: frame, anchorBearingDegrees: anchorBearing, panorama: panoramaPath != nil,
                                    anchorFromTheLog: anchorFromTheLog)
        }
    }

    /// Reads the panorama these settings name, and builds the undistortion maps a distorted lens drawn `undistort` needs.
    public func load() throws -> LoadedCamera {
        let undistorter = try intrinsics.flatMap { $0.isDistorted && lensDrawing == .undistort ? try Undistorter(camera: $0) : nil }
        let panoramaImage = try panoramaPath.map { try RGBImage.read(path: $0) }
        return LoadedCamera(self, undistorter: undistorter, panorama: panoramaImage)
    }
}

/// Options that cannot draw a picture: what is wrong, with its values. `description` says it without naming an option;
/// the command line says it with its options' names (`SceneCommandLine`'s `commandLineMessage`).
public enum DrawingSettingsError: Error, CustomStringConvertible, Equatable {
    /// A time offset that is not a number of seconds within ±`limitSeconds`.
    case timeOffsetOutOfRange(limitSeconds: Int)
    /// A picture of `size` too small for the HUD above `above`; the `smallest` that has room.
    case noRoomForTheHUD(size: PictureSize, above: SceneModel, smallest: PictureSize)
    /// What the anchor counts from, given without an anchor.
    case anchorOriginWithoutAnchor
    /// The anchor counted from where the camera looks at log time `time`, outside the log at `log` (0 to `duration` s).
    case lookOutsideTheLog(time: Double, log: String, duration: Double)
    /// The anchor counted from a look, over an attitude that is not a log's (a fixed attitude, imud).
    case lookOverAFixedWorld

    public var description: String {
        switch self {
        case .timeOffsetOutOfRange(let limit):
            return "the time offset must be a number of seconds from -\(limit) to \(limit)"
        case .noRoomForTheHUD(let size, let above, let smallest):
            return "\(size) leaves no room for the HUD above the \(above.rawValue); the picture must be at least \(smallest)"
        case .anchorOriginWithoutAnchor:
            return "what the anchor counts from is given without an anchor"
        case .lookOutsideTheLog(let time, let log, let duration):
            return String(format: "the anchor's look at log time %g is outside %@, which runs from 0 to %.3f s", time, log, duration)
        case .lookOverAFixedWorld:
            return "the anchor counts from where the camera looks in a log; over a fixed attitude or imud it counts from W as given"
        }
    }
}
