import Foundation
import LogLoading
import Pixels
import Scene

/// Renders offscreen pictures of the die for visual regression tests: by default exactly what
/// `steady-dice snapshot --background none --size WxH` writes for the same attitude.
///
/// ```swift
/// import SteadyDiceKit
/// let snapshotter = try Snapshotter(size: PictureSize(fixedWidth: 320, height: 240))
/// let png: Data = try snapshotter.pngData(worldFromDevice: Quaternion(w: 0.8, x: 0.3, y: 0.4, z: 0.33))
/// ```
///
/// Each picture is drawn in its own headless EGL context (Mesa's surfaceless platform: no display,
/// no window), through the frame pipeline `snapshot` draws through. Use one snapshotter from one thread at a time.
public final class Snapshotter {
    /// The picture's size in pixels.
    public let size: PictureSize
    /// The picture's width in pixels.
    public var width: Int { size.width }
    /// The picture's height in pixels.
    public var height: Int { size.height }
    /// How every picture is drawn: the options `snapshot` takes, as one value.
    public let settings: DrawingSettings
    /// Located once, at init.
    private let assets: Assets
    /// The camera files read once, at init.
    private let loadedCamera: LoadedCamera

    /// Checks `settings` for a picture of `size` (`DrawingSettingsError` when they cannot draw it) and reads the files
    /// they name (intrinsics, panorama). The assets (`shaders/`, `models/`) are found as the command line finds them:
    /// `settings.assetsFolder`, else `$STEADY_DICE_ASSETS`, else the package's resource bundle (see `Assets.locate`).
    public init(size: PictureSize, settings: DrawingSettings = DrawingSettings()) throws {
        self.size = size
        try settings.validate(size: size)
        assets = try Assets.locate(explicit: settings.assetsFolder)
        self.settings = settings
        loadedCamera = try settings.camera.load()
    }

    /// The picture of the device at `worldFromDevice` (device-to-world, Hamilton; normalised here):
    /// `snapshot --attitude w,x,y,z`.
    public func image(worldFromDevice: Quaternion) throws -> RGBImage {
        let q = worldFromDevice
        return try image(of: .fixed(try Quaternion.validated(w: q.w, x: q.x, y: q.y, z: q.z), names: .attitudeOption), at: 0)
    }

    /// The picture of `log` at playback time `at` seconds (its first sample at 0): `snapshot --log PATH --at T`.
    /// `path` only names the log in the HUD.
    public func image(log: AttitudeLog, at time: Double, path: String = "log") throws -> RGBImage {
        try image(of: .input(.log(log, fusion: nil, path: path)), at: time)
    }

    /// The picture of the log file at `path` (a steady-dice CSV, a Sensor Logger Orientation.csv or
    /// folder, or a raw IMU log, fused as `snapshot` fuses it) at playback time `at` seconds:
    /// `snapshot --log PATH --at T`, HUD included; a raw log's gyroscope less the settings' calibration's bias.
    public func image(logFile path: String, at time: Double) throws -> RGBImage {
        try image(of: .log(LogFile(path: path)), at: time)
    }

    /// The picture of any scene source: the attitude, its history for the HUD's smoothed tilt, its names.
    public func image(of source: SceneSource) throws -> RGBImage {
        try image(of: .input(.scene(source)), at: 0)
    }

    /// The picture of `attitude` at log time `time`: `snapshot`'s request, drawn with the camera and assets read at init.
    private func image(of attitude: AttitudeChoice, at time: Double) throws -> RGBImage {
        let request = SnapshotRequest(drawing: Drawing(settings: settings), attitude: attitude, at: time)
        return try OffscreenScene(size: size, assets: assets, pipeline: try request.pipeline(loadedCamera: loadedCamera)).picture()
    }

    /// `image(worldFromDevice:)` as the PNG file `snapshot` writes, byte for byte.
    public func pngData(worldFromDevice: Quaternion) throws -> Data {
        try image(worldFromDevice: worldFromDevice).pngData()
    }

    /// `image(log:at:path:)` as the PNG file `snapshot` writes.
    public func pngData(log: AttitudeLog, at time: Double, path: String = "log") throws -> Data {
        try image(log: log, at: time, path: path).pngData()
    }
}
extension RGBImage {
    /// The PNG file `write(path:)` writes, as bytes (the same encoder).
    public func pngData() throws -> Data {
        try encoded(as: "png", path: "picture")
    }

    /// Decodes PNG (or any picture OpenCV reads) bytes; `name` says where they came from in an error.
    public init(imageData data: Data, name: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("steady-dice-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try data.write(to: url)
        do {
            self = try RGBImage.read(path: url.path)
        } catch {
            throw ImagingError.unreadableImage(path: name, reason: "not a picture OpenCV decodes (\(data.count) bytes)")
        }
    }
}
