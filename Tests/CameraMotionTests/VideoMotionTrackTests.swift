import AttitudeMath
import CameraMotion
import CommandTestSupport
import Foundation
import RawLog
import TestSupport
import XCTest

/// The `gpmd` track of a real GoPro HERO5 clip (../shared/data/realcam/gopro-karma, its README says what is known),
/// and videos without a motion track.
final class VideoMotionTrackTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "camera-motion" }

    func testTheGoProClipsGPMFOnTheVideoTimeline() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        XCTAssertTrue(CameraMotion.isMP4(path: clip))
        let (track, packets) = try CameraMotion.dataPackets(path: clip)
        // ffprobe: 13 payloads, 1.001 s each from 0, the last 67 ms.
        XCTAssertEqual(track, .gpmf)
        XCTAssertEqual(packets.count, 13)
        XCTAssertEqual(packets[0].time, 0, accuracy: 1e-9)
        XCTAssertEqual(packets[1].time, 1.001, accuracy: 1e-9)
        XCTAssertEqual(packets[12].duration, 0.067, accuracy: 1e-9)

        let motion = try CameraMotion.read(path: clip)
        XCTAssertEqual(motion.track, .gpmf)
        // The first payload's 392 GYRO samples spread over its 1.001 s.
        XCTAssertEqual(motion.gyro.time[1], 1.001 / 392, accuracy: 1e-12)
        XCTAssertEqual(motion.gyro.time[392], 1.001, accuracy: 1e-12)
        XCTAssertEqual(motion.gyro.time.first ?? -1, 0)
        // The last payload, where recording stopped, holds 28 samples in a packet of 67 ms: 5 % faster than the
        // stream's rate over the twelve before it. They keep that rate, and end 1 ms after the video's 12.079 s.
        let lastStart = try XCTUnwrap(motion.gyro.time.firstIndex { $0 >= 12.012 - 1e-9 })
        XCTAssertEqual(motion.gyro.time.count - lastStart, 28)
        let rate = Double(lastStart) / 12.012
        XCTAssertEqual((motion.gyro.time.last ?? 0) - motion.gyro.time[lastStart], 27 / rate, accuracy: 1e-9)
        XCTAssertEqual(motion.gyro.time.last ?? 99, 12.080, accuracy: 0.001)
        XCTAssertTrue(motion.notes.contains { $0.contains("GYRO: the last payload's 28 samples are timed at the stream's 396.9 Hz") },
                      "\(motion.notes)")
        XCTAssertEqual(motion.gyro.rate ?? 0, 395, accuracy: 5)
        XCTAssertEqual(motion.accelerometer.rate ?? 0, 197, accuracy: 5)
        // SHUT: one exposure a frame, 29 a payload.
        XCTAssertGreaterThan(motion.exposure.count, 340)
        XCTAssertTrue(motion.exposure.values.allSatisfy { $0 > 0 && $0 < 0.034 }, "exposure times \(motion.exposure.values.prefix(5))")
        // A camera on a gimbal, upright: gravity's reaction along D's +Y (up), about 9.8 m/s² in all.
        let mean = motion.accelerometer.values.reduce(SIMD3<Double>.zero, +) / Double(motion.accelerometer.count)
        XCTAssertEqual(mean.length, 9.8, accuracy: 0.5)
        XCTAssertGreaterThan(mean.y, 8, "the accelerometer's mean \(mean) m/s² in D")
        // The gimbal holds the camera still for 10 s (the mean rate there is the gyroscope's bias, under 1.5 °/s),
        // then the drone yaws: with the bias removed, that turn is about D's Y, the camera's up axis.
        let still = motion.gyro.time.indices.filter { motion.gyro.time[$0] < 10 }
        let bias = still.reduce(SIMD3<Double>.zero) { $0 + motion.gyro.values[$1] } / Double(still.count)
        XCTAssertLessThan(Angle.degrees(fromRadians: bias.length), 1.5, "bias \(Angle.degrees(fromRadians: bias)) °/s")
        var turn = SIMD3<Double>.zero
        for i in 1..<motion.gyro.count where motion.gyro.time[i] >= 10 {
            turn += Angle.degrees(fromRadians: (motion.gyro.values[i] - bias) * (motion.gyro.time[i] - motion.gyro.time[i - 1]))
        }
        XCTAssertGreaterThan(abs(turn.y), 8, "the turn after 10 s about each axis of D, degrees: \(turn)")
        XCTAssertGreaterThan(abs(turn.y), 3 * max(abs(turn.x), abs(turn.z)), "the turn after 10 s about each axis of D, degrees: \(turn)")

        let raw = try RawLogReader.read(path: clip)
        XCTAssertEqual(raw.format, .gpmf)
        XCTAssertNotNil(raw.acc)
        XCTAssertEqual(raw.time, motion.gyro.time)
        XCTAssertEqual(raw.gyro, motion.gyro.values)
        XCTAssertTrue(RawLogReader.isRawLog(path: clip))
    }

    func testAVideoWithoutAMotionTrackSaysSo() throws {
        let plain = folder.appendingPathComponent("plain.mp4").path
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=duration=0.2:size=64x48:rate=10", "-pix_fmt", "yuv420p", plain])
        XCTAssertTrue(CameraMotion.isMP4(path: plain))
        XCTAssertThrowsError(try CameraMotion.read(path: plain)) { error in
            let error = error as? CameraMotionError
            XCTAssertEqual(error?.noTrack, true)
            XCTAssertEqual(error?.description.hasPrefix("\(plain): has no gpmd or camm track"), true, "\(String(describing: error))")
            XCTAssertEqual(error?.description.contains("its streams: video h264"), true, "\(String(describing: error))")
        }
        XCTAssertThrowsError(try RawLogReader.read(path: plain)) { XCTAssertTrue("\($0)".contains("has no gpmd or camm track"), "\($0)") }
        // Not an MP4: a text file named .mp4 is not taken for one.
        let text = folder.appendingPathComponent("text.mp4").path
        try Data("t,gx,gy,gz\n0,0,0,0\n".utf8).write(to: URL(fileURLWithPath: text))
        XCTAssertFalse(CameraMotion.isMP4(path: text))
    }
}
