import CommandTestSupport
import Foundation
@testable import Imaging
import Pixels
import TestSupport
import XCTest

/// Video files as cameras write them, made here by Debian's ffmpeg (installed by scripts/setup): extra
/// audio and data streams, variable frame times, a rotation in the display matrix, non-square pixels,
/// and a file cut short. Each is read through `VideoFile` and checked against what ffmpeg was told.
final class VideoFileTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "video-file" }

    private func readAll(_ video: VideoFile) throws -> [VideoFrame] {
        var frames: [VideoFrame] = []
        while let frame = try video.next() { frames.append(frame) }
        return frames
    }

    func testEveryFrameIsReadBesideAudioAndDataStreams() throws {
        // MP4 with AAC audio and a timecode data track; MPEG-TS with a private data stream (telemetry-like).
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                    "-t", "4", "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
                    "-timecode", "00:00:00:00", path("camera.mp4")])
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) })
        try bytes.write(to: folder.appendingPathComponent("telemetry.bin"))
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30", "-f", "data", "-i", path("telemetry.bin"), "-t", "4",
                    "-map", "0:v", "-map", "1:d", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:d", "copy", path("telemetry.ts")])
        let mp4 = try VideoFile(path: path("camera.mp4"))
        XCTAssertEqual(mp4.info.statedFrameCount, 120)
        XCTAssertTrue(mp4.info.streams.contains("audio") && mp4.info.streams.contains("data"), mp4.info.streams)
        let frames = try readAll(mp4)
        XCTAssertEqual(frames.count, 120)
        XCTAssertEqual(frames.last?.position ?? 0, 119.0 / 30, accuracy: 1e-3)
        let ts = try VideoFile(path: path("telemetry.ts"))
        XCTAssertTrue(ts.info.streams.contains("data"), ts.info.streams)
        XCTAssertEqual(try readAll(ts).count, 120)
    }

    /// The container's firmware tag, which names a GoPro's model: the real HERO5 Black clip's, and none in a file ffmpeg made.
    func testTheFirmwareTagIsTheFilesOwn() throws {
        let clip = try VideoFile(path: try Fixtures.sharedData("realcam/gopro-karma/clip.mp4"))
        XCTAssertEqual(clip.info.firmware, "HD5.02.02.00.00")
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30", "-t", "0.2", "-c:v", "libx264", "-pix_fmt", "yuv420p", path("plain.mp4")])
        XCTAssertNil(try VideoFile(path: path("plain.mp4")).info.firmware)
    }

    /// Frames at irregular times, as a phone records them: every frame's own time, to the millisecond
    /// of Matroska's clock, and exact frame indices when seeking.
    func testVariableFrameTimesAreEachFramesOwn() throws {
        // Frame n at 40 n ms, plus 15 ms for odd n: periods alternate 55 and 25 ms.
        let expected: [Double] = (0..<24).map { (n: Int) -> Double in Double(40 * n + 15 * (n % 2)) / 1000 }
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=25", "-frames:v", "24", "-vf", "settb=1/1000,setpts=40*N+15*mod(N\\,2)",
                    "-fps_mode", "passthrough", "-enc_time_base:v", "1:1000", "-c:v", "ffv1", path("vfr.mkv")])
        let frames = try readAll(try VideoFile(path: path("vfr.mkv")))
        XCTAssertEqual(frames.count, expected.count)
        for (frame, t) in zip(frames, expected) { XCTAssertEqual(frame.position ?? -1, t, accuracy: 0.0005) }
        // Seeking counts decoded frames, so frame 7 is the eighth frame whatever the rate did.
        let reader = try VideoReader(path: path("vfr.mkv"))
        try reader.seek(frame: 7)
        XCTAssertEqual(try XCTUnwrap(try reader.next()).position ?? -1, expected[7], accuracy: 0.0005)
        try reader.seek(frame: 2)
        let again = try XCTUnwrap(try reader.next())
        XCTAssertEqual(again.position ?? -1, expected[2], accuracy: 0.0005)
        XCTAssertEqual(again.image.pixels, frames[2].image.pixels)
    }

    /// A phone's sideways recording: the same coded frames, with a display matrix that turns them, are
    /// handed out upright, as FFmpeg's own player turns them. (ffmpeg 5.1's `rotate=90` tag is stored
    /// as a 90° counterclockwise display rotation, that is 270° clockwise.)
    func testTheDisplayRotationIsApplied() throws {
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-frames:v", "3", "-c:v", "libx264", "-pix_fmt", "yuv444p",
                    "-qp", "0", path("plain.mp4")])
        try FFmpeg.run(["-i", path("plain.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", path("turned.mp4")])
        // ffmpeg's own upright frame, an oracle that shares nothing with our reader.
        try FFmpeg.run(["-i", path("turned.mp4"), "-frames:v", "1", path("ffmpeg-upright.png")])
        let plain = try VideoFile(path: path("plain.mp4")), turned = try VideoFile(path: path("turned.mp4"))
        XCTAssertEqual(plain.info.rotation, 0)
        XCTAssertEqual(turned.info.rotation, 270)
        XCTAssertEqual([turned.info.codedWidth, turned.info.codedHeight, turned.info.width, turned.info.height], [64, 48, 48, 64])
        let a = try XCTUnwrap(try plain.next()).image, b = try XCTUnwrap(try turned.next()).image
        XCTAssertEqual([b.width, b.height], [48, 64])
        // Turned 270° clockwise: the coded pixel (x, y) lands at (y, w - 1 - x), exactly.
        var mismatches = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: y, y: a.width - 1 - x) { mismatches += 1 }
        }
        XCTAssertEqual(mismatches, 0)
        let reference = try RGBImage.read(path: path("ffmpeg-upright.png"))
        XCTAssertEqual([reference.width, reference.height], [48, 64])
        // Same geometry as ffmpeg's; the colours differ only by the YUV-to-RGB rounding of the two conversions.
        let difference = zip(reference.pixels, b.pixels).map { abs(Int($0) - Int($1)) }
        XCTAssertLessThan(Double(difference.reduce(0, +)) / Double(difference.count), 3, "mean channel difference to ffmpeg's frame")
    }

    /// A display rotation that is no quarter turn (45°) cannot be applied to the frames: the file is refused
    /// saying so, instead of being shown turned by the nearest quarter turn without a word.
    func testARotationThatIsNoQuarterTurnIsRefusedSayingSo() throws {
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-frames:v", "3", "-c:v", "libx264", "-pix_fmt", "yuv444p",
                    "-qp", "0", path("plain.mp4")])
        try FFmpeg.run(["-i", path("plain.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=45", path("slanted.mp4")])
        XCTAssertThrowsError(try VideoFile(path: path("slanted.mp4"))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(path("slanted.mp4")), text)
            XCTAssertTrue(text.contains("by 45.0° counterclockwise, not a multiple of 90°"), text)
        }
        try FFmpeg.run(["-i", path("plain.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=180", path("upside-down.mp4")])
        XCTAssertEqual(try VideoFile(path: path("upside-down.mp4")).info.rotation, 180, "a quarter turn is still applied")
    }

    /// A constant rate's times rounded to Matroska's millisecond are the constant rate's exact times
    /// again; times that no constant rate explains are kept as they are.
    func testConstantRatesAreTimedExactly() {
        let rounded = (0..<90).map { (Double($0) * 1000 / 30).rounded() / 1000 }
        let exact = VideoFile.frameTimes(presentationTimes: rounded, framesPerSecond: 30, tick: 0.001)
        for (k, t) in exact.enumerated() { XCTAssertEqual(t, Double(k) / 30, accuracy: 1e-12) }
        var variable = rounded
        variable[40] += 0.004
        XCTAssertEqual(VideoFile.frameTimes(presentationTimes: variable, framesPerSecond: 30, tick: 0.001), variable)
        XCTAssertEqual(VideoFile.frameTimes(presentationTimes: rounded, framesPerSecond: nil, tick: 0.001), rounded)
    }

    /// The colours of a picture over 1920x1080, converted without accurate rounding (for speed), are still within one
    /// or two in 255 of what ffmpeg encoded: four flat bars of known colours, losslessly in 4:4:4, read at 2400x1350.
    func testALargePicturesColoursAreTheEncodedOnes() throws {
        let bars = "color=c=0x20A060:size=600x1350,format=yuv444p[a];color=c=0xE04010:size=600x1350,format=yuv444p[b];"
            + "color=c=0x808080:size=600x1350,format=yuv444p[c];color=c=0x1030F0:size=600x1350,format=yuv444p[d];[a][b][c][d]hstack=4"
        try FFmpeg.run(["-f", "lavfi", "-i", "nullsrc=size=16x16", "-filter_complex", bars, "-frames:v", "1", "-c:v", "ffv1", path("large.mkv")])
        let frame = try XCTUnwrap(try VideoFile(path: path("large.mkv")).next())
        XCTAssertEqual([frame.image.width, frame.image.height], [2400, 1350])
        let expected: [(UInt8, UInt8, UInt8)] = [(0x20, 0xA0, 0x60), (0xE0, 0x40, 0x10), (0x80, 0x80, 0x80), (0x10, 0x30, 0xF0)]
        for (bar, colour) in expected.enumerated() {
            let i = 3 * (675 * 2400 + bar * 600 + 300)
            let read = (frame.image.pixels[i], frame.image.pixels[i + 1], frame.image.pixels[i + 2])
            for (got, want) in [(read.0, colour.0), (read.1, colour.1), (read.2, colour.2)] {
                XCTAssertLessThanOrEqual(abs(Int(got) - Int(want)), 2, "bar \(bar): read \(read), encoded \(colour)")
            }
        }
    }

    func testNonSquarePixelsAreWidened() throws {
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=32x24:rate=10", "-frames:v", "2", "-vf", "setsar=2", "-c:v", "ffv1", path("sar.mkv")])
        let video = try VideoFile(path: path("sar.mkv"))
        XCTAssertEqual(video.info.sampleAspectRatio, 2)
        XCTAssertEqual([video.info.width, video.info.height], [64, 24])
        let frame = try XCTUnwrap(try video.next())
        XCTAssertEqual([frame.image.width, frame.image.height], [64, 24])
    }

    /// A file cut off mid-way: an error naming the file and the frame where reading stopped, never a
    /// short clip taken for a whole one.
    func testACutOffFileIsAnErrorAtTheFrameWhereItStops() throws {
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30", "-frames:v", "90", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                    "-movflags", "+faststart", path("whole.mp4")])
        let data = try Data(contentsOf: folder.appendingPathComponent("whole.mp4"))
        try data.prefix(data.count / 2).write(to: folder.appendingPathComponent("cut.mp4"))
        let video = try VideoFile(path: path("cut.mp4"))
        XCTAssertEqual(video.info.statedFrameCount, 90)
        var read = 0
        XCTAssertThrowsError(try { while try video.next() != nil { read += 1 } }()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(self.path("cut.mp4") + ": "), text)
            XCTAssertTrue(text.contains("frame \(read)") && text.contains("it states 90 frames"), text)
            XCTAssertFalse(text.contains("too short"), text)
        }
        XCTAssertGreaterThan(read, 0)
        XCTAssertLessThan(read, 90)
    }

    /// A video whose header states frames but holds none says so, not "ends after frame -1".
    func testAVideoWithNoFrameSaysSo() throws {
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-frames:v", "30", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                        "-movflags", "+faststart", path("whole.mp4")])
        let data = try Data(contentsOf: folder.appendingPathComponent("whole.mp4"))
        // The header (moov, first with faststart) and not one whole frame.
        guard let mdat = data.range(of: Data("mdat".utf8)) else { return XCTFail("no mdat box") }
        try data.prefix(mdat.upperBound + 16).write(to: folder.appendingPathComponent("empty.mp4"))
        let video = try VideoFile(path: path("empty.mp4"))
        XCTAssertEqual(video.info.statedFrameCount, 30)
        XCTAssertThrowsError(try video.next()) { error in
            // The temporary folder's name is random (a "-1" may be in it): the message after the path is what is checked.
            XCTAssertFalse("\(error)".replacingOccurrences(of: self.path("empty.mp4"), with: "").contains("-1"), "\(error)")
            XCTAssertTrue("\(error)".contains("30 frames"), "\(error)")
        }
    }

    /// The frame range and the cut-off note are true for a video of no frame or one: never "frames 0 to -1" or
    /// "after frame -1".
    func testMessagesAreTrueForTheEmptyCase() {
        XCTAssertEqual(VideoReader.frameRange(0), "it has no frame")
        XCTAssertEqual(VideoReader.frameRange(1), "its only frame is 0")
        XCTAssertEqual(VideoReader.frameRange(10), "its frames are 0 to 9")
        XCTAssertEqual(VideoFile.cutOff(0, stated: 90), "has no frame although it states 90 frames (a cut-off file?)")
        XCTAssertEqual(VideoFile.cutOff(15, stated: 90), "ends after frame 14 although it states 90 frames (a cut-off file?)")
    }

    func testNotAVideoIsNamed() throws {
        try Data("not a video at all\n".utf8).write(to: folder.appendingPathComponent("text.mp4"))
        XCTAssertThrowsError(try VideoFile(path: path("text.mp4"))) { error in
            XCTAssertTrue("\(error)".hasPrefix(self.path("text.mp4") + ": cannot be opened as a video"), "\(error)")
        }
        try FFmpeg.run(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000", "-t", "1", path("sound.m4a")])
        XCTAssertThrowsError(try VideoFile(path: path("sound.m4a"))) { error in
            XCTAssertTrue("\(error)".contains("holds no video stream (its streams: audio aac)"), "\(error)")
        }
    }
}
