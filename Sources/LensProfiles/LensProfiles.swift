import CameraMotion
import Foundation
import Pixels
import SteadyDiceAssets

/// What a video file's container says of the camera that made it and its picture, as the video's reader gives it (Imaging's
/// `VideoFile`, opened by the caller: Footage's `LensProfileCamera.profile(forVideo:)`).
public struct VideoContainerTags: Sendable, Equatable {
    /// The container's `firmware` tag (a GoPro's names its model), nil when it has none.
    public var firmware: String?
    /// The upright picture's size.
    public var size: PictureSize
    /// Degrees clockwise the decoded picture is turned to be upright (0, 90, 180, 270).
    public var rotation: Int

    public init(firmware: String?, size: PictureSize, rotation: Int) {
        self.firmware = firmware
        self.size = size
        self.rotation = rotation
    }
}

/// The lens a video's camera is known to have: the camera its file names (a GoPro's firmware tag or its gpmd device name,
/// `GoProModels`) and its picture's size choose one of the bundled lens profiles (`LensProfileChoice.choose`).
public enum LensProfiles {
    /// Every bundled profile (`LensProfileFiles`), read; a file that is not one is refused naming it.
    public static func bundled(environment: [String: String] = ProcessInfo.processInfo.environment) throws(LensProfileError) -> [LensProfile] {
        var profiles: [LensProfile] = []
        for url in LensProfileFiles.files(environment: environment) {
            let name = url.deletingPathExtension().lastPathComponent
            let data: Data
            do { data = try Data(contentsOf: url) } catch { throw LensProfileError(name: name, reason: "cannot be read (\(error.localizedDescription))") }
            profiles.append(try LensProfile(json: data, name: name))
        }
        return profiles
    }

    /// The camera the video at `path` names, with its upright picture's size and its turn (`container`, what its
    /// container says): by its firmware tag (`GoProModels.model(firmware:)`), else, where the file has none the table
    /// knows (a copy remuxed without its metadata), by the device name in its first `gpmd` payloads
    /// (`deviceName(ofVideo:)`); nil where it names no camera known here.
    public static func camera(ofVideo path: String, container: VideoContainerTags) -> (model: String, size: PictureSize, rotation: Int)? {
        guard let model = container.firmware.flatMap(GoProModels.model(firmware:)) ?? deviceName(ofVideo: path).flatMap(GoProModels.model(deviceName:))
        else { return nil }
        return (model, container.size, container.rotation)
    }

    /// The payloads of a `gpmd` track looked at for a device name: a camera writes its DVNM in every one.
    static let payloadsLookedAt = 3

    /// The name (`DVNM`) of the first device in the video's `gpmd` track whose name the model table knows, else of
    /// the first device named; nil for a file without the track or a name.
    static func deviceName(ofVideo path: String) -> String? {
        guard (try? CameraMotion.track(path: path)) == .gpmf, let (_, packets) = try? CameraMotion.dataPackets(path: path) else { return nil }
        return deviceName(gpmdPayloads: packets)
    }

    /// The device name of `deviceName(ofVideo:)` among a `gpmd` track's payloads (a payload that does not parse names none).
    public static func deviceName(gpmdPayloads packets: [DataPacket]) -> String? {
        let names = packets.prefix(payloadsLookedAt).flatMap { packet -> [String] in
            guard let entries = try? GPMF.parse(packet.bytes) else { return [] }
            return entries.filter { $0.key == "DEVC" && $0.isNested }.compactMap { devc in devc.children.first { $0.key == "DVNM" }?.text }
        }
        return names.first { GoProModels.model(deviceName: $0) != nil } ?? names.first
    }

    /// The profile for the video at `path` whose container says `container` (`camera(ofVideo:container:)`, then
    /// `LensProfileChoice.choose` among `profiles`: the bundled ones unless given), or nil: a file that names no known
    /// camera, or a camera and aspect no profile holds, gets none. A picture turned a quarter upright is of another
    /// aspect than the sensor's and gets none; one turned a half has its principal point turned with it. A bundled profile that cannot be read is an error of the install,
    /// thrown naming it.
    public static func choice(forVideo path: String, container: VideoContainerTags,
                              among given: [LensProfile]? = nil) throws(LensProfileError) -> LensProfileChoice? {
        guard let camera = camera(ofVideo: path, container: container) else { return nil }
        let profiles: [LensProfile]
        if let given { profiles = given } else { profiles = try bundled() }
        guard var choice = LensProfileChoice.choose(model: camera.model, size: camera.size, among: profiles)
        else { return nil }
        if camera.rotation == 180 {
            choice.camera.pinhole.cx = Double(camera.size.width - 1) - choice.camera.pinhole.cx
            choice.camera.pinhole.cy = Double(camera.size.height - 1) - choice.camera.pinhole.cy
        }
        return choice
    }
}
