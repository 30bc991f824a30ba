import AttitudeLog
import LogLoading
@testable import Scene

extension SceneSource {
    /// The oracle of a log's scene at playback time `at` seconds, which `LogScenes` gives incrementally: the attitude
    /// there, after every sample before it (the HUD's tilt refiltered from the log's start), and the HUD's labels.
    init(log: AttitudeLog, fusion: FusionTrack?, path: String, at: Double) {
        let q = log.attitude(at: at)
        self.init(worldFromDevice: q, history: log.samples.filter { $0.t < at }.map(\.worldFromDevice) + [q],
                  frame: SceneSource.frameName(of: log), description: SceneSource.description(of: log, path: path, at: at),
                  fusion: SceneSource.fusionSummary(fusion, of: log, at: at))
    }
}
