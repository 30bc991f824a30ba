import Camera
import Foundation
import Pixels

/// The lens profile a video's camera and picture size choose (`LensProfileChoice.choose`), and the camera it gives
/// the video: what drawing takes where nothing else gives a camera, and where `calibrate` starts.
public struct LensProfileChoice: Equatable, Sendable, CustomStringConvertible {
    /// The camera the file names ("HERO5 Black").
    public var model: String
    /// The profile taken.
    public var profile: LensProfile
    /// The camera and lens for the video's pictures: the profile's, scaled to them.
    public var camera: LensCamera
    /// The modes the bundled profiles hold for this camera at the video's aspect, "Wide" first where there: the file
    /// does not record its mode, so the one taken is a guess among them.
    public var modes: [String]

    public init(model: String, profile: LensProfile, camera: LensCamera, modes: [String]) {
        self.model = model; self.profile = profile; self.camera = camera; self.modes = modes
    }

    /// The mode taken where the file does not say: a GoPro's default field of view.
    public static let defaultMode = "Wide"

    /// Two sides whose ratios differ by less than this share have the same aspect (854x480 and 1920x1080 differ by
    /// 0.08 %, a 1088-row encoding of 1920x1080 by 0.7 %); past it, a picture is another crop of the sensor.
    public static let aspectTolerance = 0.01

    /// The profile for a picture of `size` from the camera `model`, among `profiles`: those of that camera
    /// (`LensProfile.isFor`), then of the picture's aspect (a 4:3 video never takes a 16:9 profile: another aspect is
    /// another crop of the sensor), then of one mode (`defaultMode` where it is among them, else the first by name),
    /// then the one calibrated at the size nearest the picture's (by the ratio of the widths), scaled to it
    /// (`LensProfile.camera(size:)`). Nil where no profile is of that camera and aspect.
    public static func choose(model: String, size: PictureSize, among profiles: [LensProfile]) -> LensProfileChoice? {
        let aspect = Double(size.width) / Double(size.height)
        let candidates = profiles.filter { profile in
            profile.isFor(model: model) && abs(Double(profile.width) / Double(profile.height) / aspect - 1) < aspectTolerance
        }
        let modes = orderedModes(candidates.map(\.mode))
        guard let mode = modes.first else { return nil }
        let distance = { (profile: LensProfile) in abs(log(Double(profile.width) / Double(size.width))) }
        let ofMode = candidates.filter { $0.mode.caseInsensitiveCompare(mode) == .orderedSame }
        guard let nearest = ofMode.min(by: { (distance($0), $0.name) < (distance($1), $1.name) }) else { return nil }
        return LensProfileChoice(model: model, profile: nearest, camera: nearest.camera(size: size), modes: modes)
    }

    /// The distinct modes (without case), `defaultMode` first where there, then by name.
    static func orderedModes(_ modes: [String]) -> [String] {
        var distinct: [String] = []
        for mode in modes where !distinct.contains(where: { $0.caseInsensitiveCompare(mode) == .orderedSame }) { distinct.append(mode) }
        return distinct.sorted { a, b in
            let aDefault = a.caseInsensitiveCompare(defaultMode) == .orderedSame, bDefault = b.caseInsensitiveCompare(defaultMode) == .orderedSame
            if aDefault != bDefault { return aDefault }
            return a.localizedStandardCompare(b) == .orderedAscending
        }
    }

    /// The mode taken.
    public var mode: String { profile.mode }

    /// The picture's aspect as its ratio of small numbers ("16:9", "4:3", "8:7"), else its ratio to two decimals.
    public static func aspectText(size: PictureSize) -> String {
        let aspect = Double(size.width) / Double(size.height)
        for (w, h) in [(16, 9), (4, 3), (8, 7), (3, 2), (1, 1), (9, 16), (3, 4)]
        where abs(Double(w) / Double(h) / aspect - 1) < aspectTolerance {
            return "\(w):\(h)"
        }
        return String(format: "%.2f:1", aspect)
    }

    /// What draws, in words, for one line: "the HERO5 Black's Wide lens from lens profile GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps
    /// (calibrated at 1920x1080), 16:9 at 854x480; the mode is a guess (the file does not record it: Wide, the camera's
    /// default, of Wide and Linear)".
    public var description: String {
        let size = camera.pinhole.size
        let others = modes.count > 1 ? ", of " + modes.joined(separator: " and ") : ""
        let guess = mode.caseInsensitiveCompare(Self.defaultMode) == .orderedSame
            ? "\(mode), the camera's default\(others)" : "\(mode), the only mode of the lens profiles for it at this aspect"
        return "the \(model)'s \(mode) lens from lens profile \(profile.name) (calibrated at \(profile.size)), "
            + "\(Self.aspectText(size: size)) at \(size); the mode is a guess (the file does not record it: \(guess))"
    }
}
