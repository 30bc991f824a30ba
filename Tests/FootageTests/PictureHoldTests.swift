import AttitudeLog
import AttitudeMath
import CommandTestSupport
import Foundation
import Footage
import TestSupport
import XCTest

/// `PictureHold.hold` on clips ffmpeg makes of a still picture (the camera does not turn): a clip too short for the
/// spans holding needs gives the log back as it was, saying so in one line; a clip of 4 s (five 2 s spans, one every
/// 0.5 s) takes a constant drift out of the log, so the held attitude stays where the picture says the camera stayed.
final class PictureHoldTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "footage-picture" }

    /// A lossless 320x240 clip at 10 fps of one still picture: blocks of 8x8 pixels of seeded random grey, corners
    /// everywhere for the tracker.
    private func stillClip(_ name: String, seconds: Double) throws -> String {
        let still = path("still.png")
        if !FileManager.default.fileExists(atPath: still) {
            try FFmpeg.run(["-f", "lavfi", "-i", "nullsrc=size=40x30,format=gray,geq=lum='random(1)*255'", "-frames:v", "1",
                        "-vf", "scale=320:240:flags=neighbor", still])
        }
        let clip = path(name)
        try FFmpeg.run(["-loop", "1", "-framerate", "10", "-i", still, "-t", String(seconds), "-c:v", "ffv1", clip])
        return clip
    }

    /// An attitude log at 100 Hz over `seconds` + 1 s, turning steadily at `drift` rad/s about S's axes from `start`; drawn
    /// with the offset 0.5 s (the video's frame at v shows log time v + 0.5), it starts 0.5 s before the clip and ends 0.5 s
    /// after it.
    private func driftingLog(seconds: Double, start: Quaternion, drift: SIMD3<Double>) throws -> AttitudeLog {
        let samples = (0...Int((seconds + 1) * 100)).map { i -> AttitudeSample in
            let t = Double(i) / 100
            return AttitudeSample(t: t, worldFromDevice: start * Quaternion(rotationVector: drift * t))
        }
        return try AttitudeLog(samples: samples, frame: .xArbitraryZVertical)
    }

    func testAClipTooShortGivesTheLogBackAndSaysSo() throws {
        let clip = try stillClip("short.mkv", seconds: 1.5)
        let log = try driftingLog(seconds: 1.5, start: .identity, drift: SIMD3(0.01, -0.02, 0.015))
        var said: [String] = []
        let held = try PictureHold.hold(log, video: clip, timeOffsetSeconds: 0.5, camera: .none, deviceFromIMU: .identity) {
            said.append($0)
        }
        XCTAssertEqual(held, log, "returned as it was")
        let notHeld = said.filter { $0.contains("held to the picture") }
        XCTAssertEqual(notHeld, ["\(clip): not held to the picture: 0 spans of 2 s read from it lie within the log, and holding needs 4 "
                                 + "(a clip of 3.5 s or more whose corners live through each span); the attitude is the log's"], "\(said)")
    }

    func testADriftIsTakenOutWhereThePictureStaysStill() throws {
        let clip = try stillClip("still.mkv", seconds: 4)
        let start = Quaternion(axis: SIMD3(1, 2, 2) / 3, angle: 0.7)
        let drift = SIMD3<Double>(0.01, -0.02, 0.015)  // rad/s: 0.027 rad/s, 6.2° over the clip
        let log = try driftingLog(seconds: 4, start: start, drift: drift)
        var said: [String] = []
        let held = try PictureHold.hold(log, video: clip, timeOffsetSeconds: 0.5, camera: .none, deviceFromIMU: .identity) {
            said.append($0)
        }
        XCTAssertEqual(held.samples.map(\.t), log.samples.map(\.t), "the log keeps its times")
        XCTAssertEqual(held.frame, log.frame)
        let line = try XCTUnwrap(said.first { $0.contains("held to the picture") }, "\(said)")
        XCTAssertTrue(line.hasPrefix("\(clip): held to the picture over "), line)
        func degrees(_ a: Quaternion, _ b: Quaternion) -> Double { Angle.degrees(fromRadians: a.angle(to: b)) }
        // Over the clip (log times 0.5 to 4.5, samples 50 and 450) the log turned 6.2°; held, under a twentieth of that.
        XCTAssertEqual(held.samples[50].t, 0.5, accuracy: 1e-12)
        XCTAssertEqual(held.samples[450].t, 4.5, accuracy: 1e-12)
        XCTAssertGreaterThan(degrees(log.samples[450].worldFromDevice, log.samples[50].worldFromDevice), 6.1)
        XCTAssertLessThan(degrees(held.samples[450].worldFromDevice, held.samples[50].worldFromDevice), 0.3, line)
    }
}
