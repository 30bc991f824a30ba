import AttitudeLog
import AttitudeMath
import Foundation
import LogLoading
import Render

/// The scenes of one log at playback times (`snapshot`'s one, `render`'s that never decrease): each is the log's
/// attitude at that time, mounted, with the HUD's tilt smoothed over every sample before it, bit for bit as though
/// the filter ran from the log's start each time (LogScenesTests), but advanced over the samples passed since the
/// previous frame instead, and none of it computed without the HUD.
public struct LogScenes {
    private let log: AttitudeLog
    private let fusion: FusionTrack?
    private let path: String
    private let settings: DrawingSettings
    private var composer: FrameComposer
    /// The first sample the composer has not stepped over.
    private var nextSample = 0
    private var lastTime = -Double.infinity

    public init(log: AttitudeLog, fusion: FusionTrack?, path: String, settings: DrawingSettings) {
        self.log = log
        self.fusion = fusion
        self.path = path
        self.settings = settings
        composer = FrameComposer(reference: settings.relativeTo, showsHUD: settings.hud)
    }

    /// The scene at playback time `t` seconds; a time before the previous one starts the filter again.
    public mutating func scene(at t: Double) -> SceneState {
        let reading = AttitudeReading(worldFromDevice: settings.mounted(log.attitude(at: t)), greyed: false)
        guard settings.hud else { return composer.scene(reading, labels: HUDLabels(frame: "", source: "", fusion: ""), stepsFilter: false) }
        if t < lastTime {
            composer.restartTilt()
            nextSample = 0
        }
        lastTime = t
        let passed = log.samples[nextSample...].prefix { $0.t < t }
        composer.advance(over: passed.map { settings.mounted($0.worldFromDevice) })
        nextSample += passed.count
        return composer.scene(reading, labels: HUDLabels(frame: SceneSource.frameName(of: log),
                                                         source: SceneSource.description(of: log, path: path, at: t),
                                                         fusion: SceneSource.fusionSummary(fusion, of: log, at: t)),
                              stepsFilter: false)
    }
}
