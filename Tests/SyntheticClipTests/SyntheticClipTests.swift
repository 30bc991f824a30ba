import AttitudeLog
import AttitudeMath
import Calibration
import CalibrationFiles
import Camera
import FileAccess
import Foundation
import Imaging
import LogTestSupport
import Pixels
import RawLog
import Render
import Rig
import SyntheticClip
import TestSupport
import XCTest

/// The synthetic calibration clip's decisions in-process, on small clips: when each frame is drawn, which rows show
/// which instant under a rolling shutter, the seeded texture and frame times, and the job's outputs and truth.
final class SyntheticClipTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "synthetic-clip" }

    private func clip(width: Int = 48, height: Int = 32, fps: Double = 30, duration: Double = 0.1, offset: Double = 0) -> SyntheticCalibrationClip {
        SyntheticCalibrationClip(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: width, height: height), framesPerSecond: fps, duration: duration,
                                 deviceFromIMU: .identity, timeOffsetSeconds: offset, seed: 7)
    }

    func testFramesAreTimedByTheRateOrByTheirOwnTimes() {
        var clip = clip(fps: 30, duration: 6)
        XCTAssertEqual(clip.frameCount, 180)
        XCTAssertEqual(clip.time(ofFrame: 45), 1.5)
        clip.frameTimes = [0, 0.04, 0.07, 0.11]
        XCTAssertEqual(clip.frameCount, 4, "as many frames as times, whatever the duration")
        XCTAssertEqual(clip.time(ofFrame: 2), 0.07)
    }

    func testOnlyAPlainPinholeWithAGlobalShutterIsDrawnByOpenGL() {
        var clip = clip()
        XCTAssertFalse(clip.drawnAlongRays)
        for change in [{ (c: inout SyntheticCalibrationClip) in c.readoutSeconds = 0.01 }, { $0.exposureSeconds = 0.005 }, { $0.translation = 0.1 },
                       { $0.lens = .radial([0.1, 0, 0, 0]) }] {
            var changed = clip
            change(&changed)
            XCTAssertTrue(changed.drawnAlongRays)
        }
        clip.translation = 0.2
        XCTAssertEqual(clip.position(videoTime: 0), 0.2 * SIMD3(0, sin(1), 0.5 * sin(2)))
    }

    /// Each period is the mean period times 1 ± jitter, drawn from the seed: the same seed gives the same times, the
    /// mean rate is kept, and no jitter is a constant rate.
    func testVariableFrameTimesAreSeededAndKeepTheMeanRate() {
        let times = SyntheticCalibrationClip.variableFrameTimes(count: 3000, framesPerSecond: 30, jitter: 0.4, seed: 3)
        XCTAssertEqual(times, SyntheticCalibrationClip.variableFrameTimes(count: 3000, framesPerSecond: 30, jitter: 0.4, seed: 3))
        XCTAssertNotEqual(times, SyntheticCalibrationClip.variableFrameTimes(count: 3000, framesPerSecond: 30, jitter: 0.4, seed: 4))
        let periods = zip(times.dropFirst(), times).map { $0 - $1 }
        XCTAssertGreaterThanOrEqual(periods.min()!, 0.6 / 30 - 1e-12)
        XCTAssertLessThanOrEqual(periods.max()!, 1.4 / 30 + 1e-12)
        XCTAssertLessThan(periods.max()! - periods.min()!, 0.8 / 30 + 1e-12)
        XCTAssertGreaterThan(periods.max()! - periods.min()!, 0.7 / 30, "the periods spread over most of ±40 %")
        XCTAssertEqual(Double(times.count - 1) / times.last!, 30, accuracy: 0.3)
        let steady = SyntheticCalibrationClip.variableFrameTimes(count: 10, framesPerSecond: 25, jitter: 0, seed: 3)
        for (k, t) in steady.enumerated() { XCTAssertEqual(t, Double(k) / 25, accuracy: 1e-12) }
    }

    /// The texture: the same for a seed, another for another seed, and rich in corners (its finest cells are about 1°).
    func testTheTextureIsSeededAndDetailed() {
        let texture = CalibrationTexture.panorama(width: 720, height: 360, seed: 7)
        XCTAssertEqual(texture.pixels, CalibrationTexture.panorama(width: 720, height: 360, seed: 7).pixels)
        XCTAssertNotEqual(texture.pixels, CalibrationTexture.panorama(width: 720, height: 360, seed: 8).pixels)
        var edges = 0
        let row = 180
        for x in 0..<719 where texture.pixels[3 * (row * 720 + x)] != texture.pixels[3 * (row * 720 + x + 1)] { edges += 1 }
        // At the equator a 1° cube cell spans about 2 pixels of a 720-pixel panorama: an edge every few pixels.
        XCTAssertGreaterThan(edges, 150, "\(edges) colour changes along the equator")
    }

    /// Under a rolling shutter row y shows log time t + offset + readout · (y / height - 1/2): a clip with twice the
    /// readout and half the first readout as its offset shows the top row at the same instant, and the middle row later.
    func testARollingShutterShowsEachRowAtItsOwnTime() throws {
        let motion = try SyntheticMotion(reference: Synthetic.tumblingLog(seconds: 10, rate: 100), start: 3, duration: 0.2)
        let readout = 0.2
        var first = clip(), second = clip(offset: readout / 2)
        first.readoutSeconds = readout
        second.readoutSeconds = 2 * readout
        func frames(_ clip: SyntheticCalibrationClip) throws -> [RGBImage] {
            var images: [RGBImage] = []
            let count = try clip.render(motion: motion, assets: try Assets.locate(), write: { image, _ in images.append(image) })
            XCTAssertEqual(count, 3)
            return images
        }
        let a = try frames(first), b = try frames(second)
        XCTAssertEqual(a.count, 3)
        func row(_ image: RGBImage, _ y: Int) -> ArraySlice<UInt8> { image.pixels[(3 * y * image.width)..<(3 * (y + 1) * image.width)] }
        for k in 0..<3 {
            let top = zip(row(a[k], 0), row(b[k], 0)).filter { $0 != $1 }.count
            let middle = zip(row(a[k], 16), row(b[k], 16)).filter { $0 != $1 }.count
            XCTAssertLessThanOrEqual(top, 6, "frame \(k): the top row, one instant")
            XCTAssertGreaterThan(middle, 48, "frame \(k): the middle row, 0.1 s apart")
        }
    }

    /// The job writes the clip, the raw log its gyroscope gives (bias added), the true attitude and the truth, which
    /// reads back as the clip's camera, mount and offset; a stop between frames throws with the frames written.
    func testTheJobWritesTheClipTheLogAndTheTruth() throws {
        let mount = Quaternion(axis: [0, 0, 1], angle: 0.3)
        var clip = clip(width: 64, height: 48, fps: 10, duration: 0.5, offset: 0.25)
        clip.deviceFromIMU = mount
        let bias = SIMD3<Double>(0.01, -0.02, 0.03)
        let job = CalibrationClipJob(clip: clip, trial: Fixtures.broadTrial02Excerpt, start: 100, motionScale: 1,
                                     gyroBiasRadiansPerSecond: bias, gyroNoiseRadiansPerSecond: 0)
        let outputs = OutputFiles()
        func stage(_ name: String) throws -> OutputFiles.Staged { try outputs.stage(folder.appendingPathComponent(name).path, option: name) }
        let staged = CalibrationClipJob.Outputs(video: try stage("clip.mkv"), log: try stage("raw.csv"), truth: try stage("truth.yaml"),
                                                attitudeLog: try stage("truth.csv"))
        var progress: [Int] = []
        let written = try job.run(to: staged, assets: try Assets.locate(), shouldStop: { false }, progress: { k, _ in progress.append(k) })
        try outputs.commit()
        XCTAssertEqual(written.frames, 5)
        XCTAssertEqual(progress, [1, 2, 3, 4, 5])
        let truth = try Rig.read(path: staged.truth!.path)
        XCTAssertEqual(truth.timeOffset.seconds, 0.25)
        XCTAssertLessThan(try XCTUnwrap(truth.deviceFromIMU).angle(to: mount), 1e-6)
        XCTAssertEqual(try VideoFile(path: staged.video.path).frameCount, 5)
        let raw = try RawLogReader.read(path: staged.log.path)
        XCTAssertEqual(raw.count, written.logSamples)
        let attitude = try AttitudeLog.load(path: staged.attitudeLog!.path)
        XCTAssertEqual(attitude.samples.count, written.logSamples)
        // With no noise, the logged gyroscope less the bias turns the true attitude from one sample to the next.
        let k = raw.count / 2
        let turn = (attitude.samples[k - 1].worldFromDevice.conjugate * attitude.samples[k].worldFromDevice).rotationVector
        let rate = turn / (raw.time[k] - raw.time[k - 1])
        let difference = raw.gyro[k] - bias - rate
        XCTAssertLessThan(difference.length, 0.05 * max(1, rate.length), "\(raw.gyro[k]) \(rate)")

        let stopping = OutputFiles()
        let stoppedOutputs = CalibrationClipJob.Outputs(video: try stopping.stage(folder.appendingPathComponent("stopped.mkv").path, option: "v"),
                                                        log: try stopping.stage(folder.appendingPathComponent("stopped.csv").path, option: "l"),
                                                        truth: nil, attitudeLog: nil)
        var asked = 0
        XCTAssertThrowsError(try job.run(to: stoppedOutputs, assets: try Assets.locate(), shouldStop: { asked += 1; return asked > 2 },
                                         progress: { _, _ in })) {
            XCTAssertEqual(($0 as? CalibrationClipJob.Stopped)?.frames, 2)
        }
    }
}
