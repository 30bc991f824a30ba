import AttitudeLog
import AttitudeMath
import Calibration
import CalibrationFiles
import Camera
import FileAccess
import Foundation
import Imaging
import RawLog
import Render
import Rig

/// `steady-dice calibration-clip` as one call: the trial's reference attitude cut to the clip's span, the
/// raw log its gyroscope gives (with bias and noise), optionally the IMU's true attitude and the truth as
/// a calibration file, and the clip itself, frame by frame. Nothing is committed: the caller commits the
/// staged outputs once this returns.
public struct CalibrationClipJob {
    public var clip: SyntheticCalibrationClip
    /// A raw log with a reference attitude, the span of it the camera follows (seconds on its clock), and the
    /// share of its motion the camera turns.
    public var trial: String
    public var start: Double
    public var motionScale: Double
    /// Added to the logged gyroscope, rad/s in the IMU's frame: a constant bias, and white noise's standard deviation.
    public var gyroBiasRadiansPerSecond: SIMD3<Double>
    public var gyroNoiseRadiansPerSecond: Double

    public init(clip: SyntheticCalibrationClip, trial: String, start: Double, motionScale: Double, gyroBiasRadiansPerSecond: SIMD3<Double>,
                gyroNoiseRadiansPerSecond: Double) {
        self.clip = clip
        self.trial = trial
        self.start = start
        self.motionScale = motionScale
        self.gyroBiasRadiansPerSecond = gyroBiasRadiansPerSecond
        self.gyroNoiseRadiansPerSecond = gyroNoiseRadiansPerSecond
    }

    /// Where the job writes: the clip, the raw log, and optionally the true attitude log and the truth.
    public struct Outputs {
        public var video: OutputFiles.Staged, log: OutputFiles.Staged
        public var truth: OutputFiles.Staged?, attitudeLog: OutputFiles.Staged?

        public init(video: OutputFiles.Staged, log: OutputFiles.Staged, truth: OutputFiles.Staged?, attitudeLog: OutputFiles.Staged?) {
            self.video = video
            self.log = log
            self.attitudeLog = attitudeLog
            self.truth = truth
        }
    }

    /// Stopped between two frames (`shouldStop`): nothing should be kept.
    public struct Stopped: Error {
        public let frames: Int, total: Int
    }

    /// Writes every output; `shouldStop` is asked before each frame and `progress(k, count)` told after it.
    /// Returns the frames written and the raw log's samples.
    public func run(to outputs: Outputs, assets: Assets, shouldStop: () -> Bool,
                    progress: (Int, Int) -> Void) throws -> (frames: Int, logSamples: Int) {
        let motion = try SyntheticMotion(reference: try RawLogReader.read(path: trial), start: start, duration: clip.duration,
                                         motionScale: motionScale)
        if let attitudeLog = outputs.attitudeLog {
            let samples = motion.attitudeSamples.map { AttitudeSample(t: $0.t, worldFromDevice: $0.worldFromIMU) }
            try attitudeLog.write(Data(try AttitudeLog.csvText(samples: samples, frame: nil,
                                                               comments: ["synthetic: the IMU's true attitude (world from S)"]).utf8))
        }
        let log = motion.rawCSV(gyroBiasRadiansPerSecond: gyroBiasRadiansPerSecond, gyroNoiseRadiansPerSecond: gyroNoiseRadiansPerSecond, seed: clip.seed)
        try outputs.log.write(Data(log.utf8))
        let output = try VideoOutput(output: outputs.video, framesPerSecond: clip.framesPerSecond, size: clip.size)
        var written = 0
        let total = clip.frameCount
        let frames = try clip.render(motion: motion, assets: assets, write: { image, time in
            if shouldStop() { throw Stopped(frames: written, total: total) }
            try output.write(image, time: time)
            written += 1
        }, progress: progress)
        try output.finish()
        if let truth = outputs.truth {
            let rig = Rig(camera: LensCamera(pinhole: clip.camera, lens: clip.lens), deviceFromIMU: clip.deviceFromIMU,
                          timeOffset: TimeOffset(seconds: clip.timeOffsetSeconds, refersTo: .middleRow), readoutSeconds: clip.readoutSeconds,
                          fit: RigFitSummary(framesUsed: frames, framesTotal: frames))
            try rig.write(to: truth)
        }
        if shouldStop() { throw Stopped(frames: written, total: total) }
        return (frames, motion.logTime.count)
    }
}
