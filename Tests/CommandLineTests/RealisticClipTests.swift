import AttitudeMath
import CalibrationFiles
import Camera
import CommandTestSupport
import Foundation
import Imaging
import Rig
import TestSupport
import XCTest

/// `calibrate` on a clip as cameras write it: an MP4 with audio and a data track beside the picture. The fit's accuracy on
/// synthetic clips that look like real footage (a lens, a rolling shutter, motion blur, translation, a variable frame
/// rate, an attitude log without a gyroscope, a rig that barely moves) is RigCalibrationTests' `CalibrationAccuracyTests`,
/// in-process.
final class RealisticClipTests: TemporaryFolderTestCase {
    static let trial = Fixtures.broadTrial02Excerpt
    override var folderPrefix: String { "realistic" }

    /// The plain clip (a pinhole, a global shutter, the identity mount, 30 ms offset): this class and
    /// CameraMotionCommandTests ask for it with the same options, so the fixture cache makes it once for both.
    static func plainClip() throws -> SyntheticClips.Made {
        try SyntheticClips.make(["--trial", trial, "--start", "110", "--duration", "6", "--time-offset", "0.03"],
                                outputs: ["--video": "plain.mkv", "--log": "plain.csv"])
    }

    /// An MP4 with audio and a data track beside the picture, as cameras write them, is read in full and
    /// calibrated.
    func testAnMP4WithADataTrack() throws {
        let made = try Self.plainClip()
        let (clip, log) = (made["--video"], made["--log"])
        let mp4 = folder.appendingPathComponent("camera.mp4").path
        // H.264 nearly lossless, AAC audio and a timecode data track, as a camera writes them.
        try FFmpeg.run(["-i", clip, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                        "-map", "0:v", "-map", "1:a", "-shortest", "-c:v", "libx264", "-qp", "8", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", "-timecode", "00:00:00:00", mp4], timeout: 300)
        let video = try VideoFile(path: mp4)
        XCTAssertTrue(video.info.streams.contains("data") && video.info.streams.contains("audio"), video.info.streams)
        let run = try CommandHarness.run(["calibrate", "--video", mp4, "--log", log, "-o", folder.appendingPathComponent("mp4.yaml").path],
                                         timeout: 600)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("tracked 180 frames"), run.stderr)
        let found = try Rig.read(path: folder.appendingPathComponent("mp4.yaml").path)
        XCTAssertEqual(found.timeOffset.seconds, 0.03, accuracy: 0.001)
    }
}
