import Foundation

/// The attitude to draw, the attitudes before it (for the smoothed tilt), and how the HUD names them:
/// what `snapshot` and `Snapshotter` draw, and `render` for each of its frames.
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
    public func mounted(by options: SnapshotOptions) -> SceneSource {
        guard options.mount != nil else { return self }
        return SceneSource(worldFromDevice: options.mounted(worldFromDevice), history: history.map(options.mounted),
                           frame: frame, description: description, fusion: fusion)
    }

    /// The scene before a camera is applied: the attitude relative to the reference pose, and the HUD
    /// when asked, its tilt smoothed by the seed's filter over every attitude up to the one drawn.
    public func scene(relativeTo reference: Quaternion?, hud: Bool) -> SceneState {
        let drawn = SceneSource.relative(worldFromDevice, to: reference)
        var state = SceneState(worldFromDevice: drawn)
        if hud {
            var filter = ScalarKalmanFilter()
            let smoothed = history.map { filter.update(AttitudeViews.tiltDegrees(SceneSource.relative($0, to: reference))) }.last
            state.hud = HUDReadout(worldFromDevice: drawn, smoothedTilt: smoothed, frame: frame,
                                   reference: reference, source: description, fusion: fusion)
        }
        return state
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

    /// The reference frame imud's attitude is drawn in: its NED or ENU turned into W (CONVENTIONS.md).
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
        // The last sample at or before t.
        var low = 0, high = log.samples.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if log.samples[middle].t <= t { low = middle } else { high = middle }
        }
        return track.summary(atSample: low)
    }
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
    private let options: SnapshotOptions
    /// The tilt filter after every sample before `nextSample`, each mounted and made relative as drawn.
    private var tiltFilter = ScalarKalmanFilter()
    private var nextSample = 0
    private var lastTime = -Double.infinity

    public init(log: AttitudeLog, fusion: FusionTrack?, path: String, options: SnapshotOptions) {
        self.log = log
        self.fusion = fusion
        self.path = path
        self.options = options
    }

    /// The scene at playback time `t` seconds; a time before the previous one starts the filter again.
    public mutating func scene(at t: Double) -> SceneState {
        let worldFromDevice = options.mounted(log.attitude(at: t))
        let drawn = SceneSource.relative(worldFromDevice, to: options.relativeTo)
        var state = SceneState(worldFromDevice: drawn)
        guard options.hud else { return state }
        if t < lastTime {
            tiltFilter.reset()
            nextSample = 0
        }
        lastTime = t
        while nextSample < log.samples.count, log.samples[nextSample].t < t {
            _ = tiltFilter.update(tiltDegrees(log.samples[nextSample].worldFromDevice))
            nextSample += 1
        }
        // The attitude drawn is the last measurement of this frame only: the next frame's samples follow the
        // ones before it, not it.
        var filter = tiltFilter
        let smoothed = filter.update(AttitudeViews.tiltDegrees(drawn))
        state.hud = HUDReadout(worldFromDevice: drawn, smoothedTilt: smoothed, frame: SceneSource.frameName(of: log),
                               reference: options.relativeTo, source: SceneSource.description(of: log, path: path, at: t),
                               fusion: SceneSource.fusionSummary(fusion, of: log, at: t))
        return state
    }

    /// The HUD's tilt measurement, in degrees, of a logged world-from-sensor attitude.
    private func tiltDegrees(_ worldFromSensor: Quaternion) -> Double {
        AttitudeViews.tiltDegrees(SceneSource.relative(options.mounted(worldFromSensor), to: options.relativeTo))
    }
}
