import AttitudeLog
import AttitudeMath
import Foundation
import LogLoading
import Render

/// One attitude to draw at one instant, the attitudes before it (for the smoothed tilt), and how the HUD names
/// them: a fixed attitude, imud's first packet, or one a library user builds (`AttitudeInput.scene`). A log's
/// frames are `LogScenes`', which equal `SceneSource(log:fusion:path:at:)` at every time.
public struct SceneSource {
    public let worldFromDevice: Quaternion
    public let history: [Quaternion]
    public let frame: String
    public let description: String
    public let fusion: String

    /// A log at playback time `at` seconds: the attitude there, after every sample before it.
    public init(log: AttitudeLog, fusion: FusionTrack?, path: String, at: Double) {
        let q = log.attitude(at: at)
        self.init(worldFromDevice: q, history: log.samples.filter { $0.t < at }.map(\.worldFromDevice) + [q],
                  frame: SceneSource.frameName(of: log), description: SceneSource.description(of: log, path: path, at: at),
                  fusion: SceneSource.fusionSummary(fusion, of: log, at: at))
    }

    /// A fixed device-to-world attitude, as `snapshot --attitude` gives it.
    public init(fixed worldFromDevice: Quaternion) {
        self.init(worldFromDevice: worldFromDevice, history: [worldFromDevice], frame: SceneSource.fixedAttitudeFrameName,
                  description: "fixed attitude (--attitude)", fusion: "none")
    }

    public init(worldFromDevice: Quaternion, history: [Quaternion], frame: String, description: String, fusion: String) {
        self.worldFromDevice = worldFromDevice
        self.history = history
        self.frame = frame
        self.description = description
        self.fusion = fusion
    }

    /// The same source seen through a mount: every attitude q becomes `options.mounted(q)` (q · R⁻¹).
    public func mounted(by options: DrawingSettings) -> SceneSource {
        guard options.deviceFromIMU != nil else { return self }
        return SceneSource(worldFromDevice: options.mounted(worldFromDevice), history: history.map(options.mounted),
                           frame: frame, description: description, fusion: fusion)
    }

    /// The scene before a camera is applied: the attitude relative to the reference pose, and the HUD
    /// when asked, its tilt smoothed by the seed's filter over every attitude up to the one drawn.
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
    /// A fixed `--attitude` names no frame.
    public static let fixedAttitudeFrameName = "as given by --attitude"

    /// The HUD's fusion line for a log at playback time `t`: the estimator's status at the sample
    /// shown when the log was fused in-process, else that the log came fused.
    public static func fusionSummary(_ track: FusionTrack?, of log: AttitudeLog, at t: Double) -> String {
        guard let track else { return "none: an attitude log" }
        guard !log.samples.isEmpty else { return track.summary(atSample: 0) }
        return track.summary(atSample: TimeSeries.index(atOrBefore: t, in: log.samples.indices) { log.samples[$0].t })
    }
}

// MARK: - The frame composer

/// What the HUD says besides the numbers: the reference frame's name, the source and its health, who fused
/// the attitude, and the frame rate (nil where it means nothing, as in a snapshot).
public struct HUDLabels: Equatable, Sendable {
    public var frame: String
    public var source: String
    public var fusion: String
    public var framesPerSecond: Double?

    public init(frame: String, source: String, fusion: String, framesPerSecond: Double? = nil) {
        self.frame = frame
        self.source = source
        self.fusion = fusion
        self.framesPerSecond = framesPerSecond
    }
}

/// One frame's scene from an attitude: relative to the reference pose when there is one, with the HUD's
/// readout and its smoothed tilt. The window (`run`), `snapshot`, `render` and `Snapshotter` all compose
/// their frames here, so the window's frame is the snapshot's for the same attitude.
///
/// The HUD's smoothed tilt is the seed's scalar Kalman filter over the tilt of the attitudes measured
/// before the frame (`advance(over:)`) and then the one drawn: a log's samples for a log-driven picture,
/// one step per drawn frame for the window's live sources.
public struct FrameComposer {
    /// The device-to-world reference pose the attitude is drawn relative to (`reference⁻¹ · q`); nil: absolute.
    public private(set) var reference: Quaternion?
    public var showsHUD: Bool
    private var tiltFilter = ScalarKalmanFilter()

    public init(reference: Quaternion?, showsHUD: Bool) {
        self.reference = reference
        self.showsHUD = showsHUD
    }

    /// A new reference pose (nil: absolute attitude); the smoothed tilt starts again.
    public mutating func setReference(_ reference: Quaternion?) {
        self.reference = reference
        tiltFilter.reset()
    }

    /// The smoothed tilt starts again, as at a seek backwards.
    public mutating func restartTilt() { tiltFilter.reset() }

    /// Steps the HUD's tilt filter over attitudes measured before the next frame (device-to-world, before
    /// the reference pose is applied).
    public mutating func advance(over attitudes: some Sequence<Quaternion>) {
        for q in attitudes { _ = tiltFilter.update(AttitudeViews.tiltDegrees(relative(q))) }
    }

    /// The scene of one frame drawing `reading`. With `stepsFilter` the attitude drawn is a measurement the
    /// next frames' tilt follows (the window); without, it ends this frame's smoothing only (a log's next
    /// frame follows the log's samples, not it).
    public mutating func scene(_ reading: AttitudeReading, labels: @autoclosure () -> HUDLabels, stepsFilter: Bool) -> SceneState {
        let drawn = reading.worldFromDevice.map(relative)
        var state = SceneState(worldFromDevice: drawn, greyed: reading.greyed)
        guard showsHUD else {
            if stepsFilter, let drawn { _ = tiltFilter.update(AttitudeViews.tiltDegrees(drawn)) }
            return state
        }
        var filter = tiltFilter
        let smoothed = drawn.map { filter.update(AttitudeViews.tiltDegrees($0)) }
        if stepsFilter { tiltFilter = filter }
        let labels = labels()
        state.hud = HUDReadout(worldFromDevice: drawn, smoothedTilt: smoothed, frame: reading.frame ?? labels.frame,
                               reference: reference, source: labels.source, fusion: labels.fusion,
                               framesPerSecond: labels.framesPerSecond)
        return state
    }

    /// A world-from-device attitude relative to the reference pose, or as it is without one.
    private func relative(_ worldFromDevice: Quaternion) -> Quaternion { SceneSource.relative(worldFromDevice, to: reference) }
}

// MARK: - A log's scenes in time order

/// `render`'s scenes of one log at playback times that never decrease: each is the scene
/// `SceneSource(log:fusion:path:at:).mounted(by:).scene(relativeTo:hud:)` gives at that time, bit for bit,
/// but the HUD's smoothed tilt advances over the samples passed since the previous frame instead of
/// refiltering the log from its start, and none of it is computed without the HUD.
public struct LogScenes {
    private let log: AttitudeLog
    private let fusion: FusionTrack?
    private let path: String
    private let options: DrawingSettings
    private var composer: FrameComposer
    /// The first sample the composer has not stepped over.
    private var nextSample = 0
    private var lastTime = -Double.infinity

    public init(log: AttitudeLog, fusion: FusionTrack?, path: String, options: DrawingSettings) {
        self.log = log
        self.fusion = fusion
        self.path = path
        self.options = options
        composer = FrameComposer(reference: options.relativeTo, showsHUD: options.hud)
    }

    /// The scene at playback time `t` seconds; a time before the previous one starts the filter again.
    public mutating func scene(at t: Double) -> SceneState {
        let reading = AttitudeReading(worldFromDevice: options.mounted(log.attitude(at: t)), greyed: false)
        guard options.hud else { return composer.scene(reading, labels: HUDLabels(frame: "", source: "", fusion: ""), stepsFilter: false) }
        if t < lastTime {
            composer.restartTilt()
            nextSample = 0
        }
        lastTime = t
        let passed = log.samples[nextSample...].prefix { $0.t < t }
        composer.advance(over: passed.map { options.mounted($0.worldFromDevice) })
        nextSample += passed.count
        return composer.scene(reading, labels: HUDLabels(frame: SceneSource.frameName(of: log),
                                                         source: SceneSource.description(of: log, path: path, at: t),
                                                         fusion: SceneSource.fusionSummary(fusion, of: log, at: t)),
                              stepsFilter: false)
    }
}
