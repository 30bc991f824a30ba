import AttitudeLog
import AttitudeMath
import Foundation
import LogLoading
import Render

/// One attitude to draw at one instant, the attitudes before it (for the smoothed tilt), and how the HUD names
/// them: a fixed attitude, imud's first packet, or one a library user builds (`AttitudeInput.scene`). A log's
/// frames are `LogScenes`'.
public struct SceneSource {
    public let worldFromDevice: Quaternion
    public let history: [Quaternion]
    public let frame: String
    public let description: String
    public let fusion: String

    /// A fixed device-to-world attitude, as `snapshot --attitude` gives it, named on the HUD by `names`.
    public init(fixed worldFromDevice: Quaternion, names: FixedAttitudeNames = FixedAttitudeNames()) {
        self.init(worldFromDevice: worldFromDevice, history: [worldFromDevice], frame: names.frame, description: names.source, fusion: "none")
    }

    public init(worldFromDevice: Quaternion, history: [Quaternion], frame: String, description: String, fusion: String) {
        self.worldFromDevice = worldFromDevice
        self.history = history
        self.frame = frame
        self.description = description
        self.fusion = fusion
    }

    /// The same source seen through a mount: every attitude q becomes `settings.mounted(q)` (q · R⁻¹).
    public func mounted(by settings: DrawingSettings) -> SceneSource {
        guard settings.deviceFromIMU != nil else { return self }
        return SceneSource(worldFromDevice: settings.mounted(worldFromDevice), history: history.map(settings.mounted),
                           frame: frame, description: description, fusion: fusion)
    }

    /// The scene before a camera is applied: the attitude relative to the reference pose, and the HUD
    /// when asked, its tilt smoothed by the articles' filter over every attitude up to the one drawn.
    public func scene(relativeTo reference: Quaternion?, hud: Bool) -> SceneState {
        var composer = FrameComposer(reference: reference, showsHUD: hud)
        if hud { composer.advance(over: history.dropLast()) }
        return composer.scene(AttitudeReading(worldFromDevice: worldFromDevice, greyed: false),
                              labels: HUDLabels(frame: frame, source: description, fusion: fusion), stepsFilter: false)
    }

    /// A world-from-device attitude relative to the reference pose's (`reference⁻¹ · q`), or as it is without one.
    static func relative(_ worldFromDevice: Quaternion, to reference: Quaternion?) -> Quaternion {
        reference.map { worldFromDevice.relative(to: $0) } ?? worldFromDevice
    }

    /// The HUD's source line for a log at playback time `at` seconds.
    static func description(of log: AttitudeLog, path: String, at: Double) -> String {
        String(format: "%.2f/%.2f s ", at, log.duration) + URL(fileURLWithPath: path).lastPathComponent
    }

    /// How the HUD names the reference frame of a log: its `# frame:` line, or what is known without one.
    public static func frameName(of log: AttitudeLog) -> String {
        log.frame.map(describe) ?? "not given by the log"
    }

    /// The reference frame imud's attitude is drawn in: its NED or ENU turned into W (docs/conventions.md).
    public static let imudFrameName = "X north, Y west, Z up (from imud)"
    /// imud's frame while its packets clear `mag_valid`: the heading is not referenced to north.
    public static let imudArbitraryFrameName = "heading arbitrary (imud: no mag_valid)"

    /// How the HUD names imud's frame for a packet whose `mag_valid` flag is `magValid`.
    public static func imudFrameName(magValid: Bool) -> String { magValid ? imudFrameName : imudArbitraryFrameName }

    /// How the HUD names a log's frame: "heading arbitrary" first for the arbitrary frames (the HUD cuts
    /// long lines at their end), never a north.
    static func describe(_ frame: ReferenceFrame) -> String {
        switch frame {
        case .xArbitraryZVertical, .xArbitraryCorrectedZVertical: return "heading arbitrary (\(frame.rawValue))"
        case .xMagneticNorthZVertical, .xTrueNorthZVertical: return frame.rawValue
        }
    }

    /// The HUD's fusion line for a log at playback time `t`: the estimator's status at the sample
    /// shown when the log was fused in-process, else that the log came fused.
    public static func fusionSummary(_ track: FusionTrack?, of log: AttitudeLog, at t: Double) -> String {
        guard let track else { return "none: an attitude log" }
        guard !log.samples.isEmpty else { return track.summary(atSample: 0) }
        return track.summary(atSample: TimeSeries.index(atOrBefore: t, in: log.samples.indices) { log.samples[$0].t })
    }
}
