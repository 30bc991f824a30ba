import AttitudeMath
import Calibration
import Camera
import CSVText
import FileAccess
import Foundation
import Imaging
import Pixels
import Recording

/// Corners tracked through a whole clip, pair by pair.
public struct ClipTracks {
    /// The frames' size, the first frame's (1x1 until a frame is read).
    public var size = PictureSize(fixedWidth: 1, height: 1)
    /// Each frame's presentation time, seconds from the stream's start.
    public var frameTimes: [Double] = []
    public var frameCount: Int { frameTimes.count }
    public var tracks: [FramePairTracks] = []
    /// Each frame's corners followed for as long as they live (`LongTracker`): a corner seen in two frames far apart has
    /// the same number in both.
    public var corners: [[LivingCorner]] = []
    /// Degrees the frames were turned clockwise to stand upright, as the video file says (0 for pictures and most videos):
    /// the picture's axes are then not the camera sensor's.
    public var uprightTurnDegrees = 0
    /// An OpenCamera Sensors recording's first frame stamp, seconds on the phone's sensor clock (its
    /// frames and its IMU share that clock), when the clip is one.
    public var stampClockStart: Double?

    /// An OpenCamera Sensors frame stamps file: one integer number of nanoseconds a line.
    static func frameStamps(_ path: String) throws -> [Int64] {
        let data: Data
        do { data = try BoundedFile.read(path: path) } catch {
            if let access = error.access { throw access }
            throw ImagingError.video(path: path, reason: error.reason)
        }
        // Read as every CSV is (`CSVText`): blank lines and `#` comments passed over, CRLF, the field trimmed.
        let text = CSVText(data)
        var stamps: [Int64] = []
        for row in text.headerlessRows {
            let fields = text.fields(of: row, maxCount: 1)
            guard let stamp = text.int64(fields[0]), stamp >= 0 else {
                throw ImagingError.video(path: "\(path):\(row.number)",
                                         reason: "expected a frame time in integer nanoseconds, found '\(text.string(fields[0]).prefix(40))'")
            }
            stamps.append(stamp)
        }
        guard !stamps.isEmpty else { throw ImagingError.video(path: path, reason: "holds no frame stamps") }
        return stamps
    }

    /// Reads every frame of the video file or picture folder at `path`, tracking corners from each frame to
    /// the next; `progress` hears every 100 frames and a summary of the clip's size, rate and turn.
    public static func read(path: String, progress: (String) -> Void) throws -> ClipTracks {
        // An OpenCamera Sensors folder (its video, timed by its frame stamps), a folder of pictures with a
        // times file, or a video file.
        let recording = FileKind.of(path) == .folder ? RecordingFolder.open(path) : nil
        var stamps: [Int64]?
        var videoPath = path
        if let recording, recording.producer == .openCameraSensors {
            guard let file = recording.videoFile else {
                throw ImagingError.video(path: path, reason: "an OpenCamera Sensors folder, but its video is not in it or beside it "
                                         + "(VID_<date>.mp4 next to the folder <date>/, as the app leaves them)")
            }
            guard let stampsFile = recording.frameTimestampsFile else {
                throw ImagingError.video(path: path, reason: "an OpenCamera Sensors folder without …_imu_timestamps.csv: "
                                         + "record with frame time stamps on")
            }
            stamps = try Self.frameStamps(stampsFile)
            videoPath = file
            progress("\(path): OpenCamera Sensors, the video \(file) timed by \(stampsFile)")
        }
        let sequence = stamps == nil && FileKind.of(path) == .folder ? try ImageSequence(folder: path) : nil
        let video = sequence == nil ? try VideoFile(path: videoPath) : nil
        let nextFrame: () throws -> VideoFrame? = { try sequence?.nextFrame() ?? video?.next() }
        let tracker = try FeatureTracker()
        let longTracker = try LongTracker()
        var clip = ClipTracks()
        let expected: (count: Int, exact: Bool)? = video.flatMap { file in file.frameCount.map { ($0, file.info.statedFrameCount != nil) } }
            ?? sequence.map { ($0.frames.count, true) }
        while let frame = try nextFrame() {
            guard let time = frame.position else { throw ImagingError.video(path: path, reason: "frame \(clip.frameCount) has no time") }
            if clip.frameCount == 0 {
                guard let size = frame.image.size else {
                    throw ImagingError.video(path: path, reason: "its frames: \(PictureSizeError(width: frame.image.width, height: frame.image.height))")
                }
                clip.size = size
            } else if frame.image.size != clip.size {
                throw ImagingError.video(path: path, reason: "frame \(clip.frameCount) is \(frame.image.width)x\(frame.image.height), "
                                         + "not \(clip.size) as before")
            }
            let (points, _) = try tracker.push(frame.image, source: path)
            clip.corners.append(try longTracker.push(frame.image, source: path))
            if clip.frameCount > 0 {
                clip.tracks.append(FramePairTracks(index: clip.frameCount - 1, from: points.map(\.from), to: points.map(\.to)))
            }
            clip.frameTimes.append(time)
            if clip.frameCount % 100 == 0 {
                progress(Self.trackedLine(clip.frameCount, expected: expected))
            }
        }
        guard clip.frameCount > 0 else { throw ImagingError.video(path: path, reason: "holds no frames") }
        if stamps != nil, let problem = CameraIMUCalibration.problem(frameTimes: clip.frameTimes) {
            throw ImagingError.video(path: path, reason: "its frame stamps: \(problem)")
        }
        if let stamps {
            // One stamp a frame, in order: the app writes one per frame while it records.
            guard stamps.count == clip.frameCount else {
                throw ImagingError.video(path: path, reason: "\(videoPath) has \(clip.frameCount) frames but the frame stamps file has "
                                         + "\(stamps.count) lines; they must pair one to one")
            }
            clip.frameTimes = stamps.map { Double($0 - stamps[0]) * 1e-9 }
            clip.stampClockStart = Double(stamps[0]) * 1e-9
        } else if let video {
            clip.frameTimes = VideoFile.frameTimes(presentationTimes: clip.frameTimes, framesPerSecond: video.info.framesPerSecond,
                                                   tick: video.info.tick)
        }
        clip.uprightTurnDegrees = video?.info.rotation ?? 0
        let span = (clip.frameTimes.last ?? 0) - (clip.frameTimes.first ?? 0)
        let periods = zip(clip.frameTimes.dropFirst(), clip.frameTimes).map { $0 - $1 }
        let rate = span > 0 ? String(format: "%.3f fps on average", Double(clip.frameCount - 1) / span) : "one frame"
        // Variable when the periods spread by more than a tenth of the mean: a container's clock rounds
        // a constant rate's periods by up to one tick (33 and 34 ms on Matroska's millisecond clock).
        let variable = span > 0 && (periods.max() ?? 0) - (periods.min() ?? 0) > 0.1 * span / Double(clip.frameCount - 1)
            ? String(format: ", frame periods %.1f to %.1f ms (a variable rate: each frame's own time is used)",
                     (periods.min() ?? 0) * 1000, (periods.max() ?? 0) * 1000) : ""
        progress(String(format: "tracked %d frames, %@, ", clip.frameCount, clip.size.description) + rate + variable
                 + ((video?.info.rotation ?? 0) != 0 ? ", turned \(video!.info.rotation)° clockwise upright as the file says" : "")
                 + (sequence.map { ", timed by \($0.timesFile)" } ?? ""))
        return clip
    }
}

extension ClipTracks {
    /// The progress line after `tracked` frames, of the `expected` count when it is known and not already
    /// passed (a count estimated from the duration and the rate is "about" it).
    static func trackedLine(_ tracked: Int, expected: (count: Int, exact: Bool)?) -> String {
        guard let expected, expected.count >= tracked else { return "tracked \(tracked) frames" }
        return "tracked \(tracked) of \(expected.exact ? "" : "about ")\(expected.count) frames"
    }
}

extension ClipTracks {
    /// A span of the clip and the corners alive at both of its ends, in OpenCV pixels: what the picture's turn over it is
    /// measured from, whatever the camera (`pictureSpans(_:camera:)`).
    public struct SpanCorners: Sendable {
        public var firstFrame: Int, lastFrame: Int
        /// Each corner where it was in the first frame (`a`) and the last (`b`).
        public var pixels: [(a: SIMD2<Double>, b: SIMD2<Double>)]
    }

    /// The spans of about `seconds` starting every `every` seconds, each with the corners alive at both ends (within
    /// `centralShare` of the half-diagonal from the centre at both ends, when given: a camera known only as a pinhole
    /// describes a wide lens's centre, not its edges). A span with fewer than `minimumSpanPoints` is left out.
    public func spanCorners(seconds: Double, every: Double, centralShare: Double? = nil) -> [SpanCorners] {
        guard frameCount > 1, corners.count == frameCount, let start = frameTimes.first else { return [] }
        let region = centralShare.map { CentralRegion(size: size, share: $0) }
        func central(_ p: SIMD2<Double>) -> Bool { region?.contains(p) ?? true }
        var spans: [SpanCorners] = []
        var spanStart = start
        while let first = frameTimes.firstIndex(where: { $0 >= spanStart }) {
            guard let last = frameTimes.firstIndex(where: { $0 >= frameTimes[first] + seconds }) else { break }
            // The next span starts `every` after this one's first frame, whatever gap in the clip lies before it.
            spanStart = frameTimes[first] + every
            let byId = Dictionary(corners[first].map { ($0.id, $0.point) }, uniquingKeysWith: { a, _ in a })
            let pixels = corners[last].compactMap { corner -> (a: SIMD2<Double>, b: SIMD2<Double>)? in
                guard let a = byId[corner.id], central(a), central(corner.point) else { return nil }
                return (a, corner.point)
            }
            if pixels.count >= Self.minimumSpanPoints { spans.append(SpanCorners(firstFrame: first, lastFrame: last, pixels: pixels)) }
        }
        return spans
    }

    /// The picture's own turn over each span (`PictureSpan`, in C), from its corners' unit rays through `camera`. Where a
    /// turn alone explains them (Wahba's rotation misses by a median under `turnAloneMissPixels`: no move is seen over the
    /// span, and an essential matrix, which needs one, would be undefined) that turn; else the rotation of their essential
    /// matrix (RANSAC within a pixel), which a move does not disturb. A span with fewer than `minimumSpanPoints` rays the
    /// lens takes is left out.
    public static func pictureSpans(_ spans: [SpanCorners], camera: LensCamera) throws -> [PictureSpan] {
        var out: [PictureSpan] = []
        for span in spans {
            let rays = span.pixels.compactMap { pair -> (a: SIMD3<Double>, b: SIMD3<Double>)? in
                guard let a = camera.ray(pixel: pair.a), let b = camera.ray(pixel: pair.b), a.z > 0, b.z > 0 else { return nil }
                return (a.normalized, b.normalized)
            }
            guard rays.count >= minimumSpanPoints else { continue }
            if let turn = RotationFit.wahba(from: rays.map(\.a), to: rays.map(\.b)) {
                let misses = rays.map { acos(min(1, (turn.rotate($0.a) * $0.b).sum())) * camera.pinhole.fy }
                if let median = Median.of(misses), median < turnAloneMissPixels {
                    out.append(PictureSpan(firstFrame: span.firstFrame, lastFrame: span.lastFrame, turn: turn, points: rays.count))
                    continue
                }
            }
            if let found = try EssentialRotation.rotation(of: rays, threshold: 1 / camera.pinhole.fy) {
                out.append(PictureSpan(firstFrame: span.firstFrame, lastFrame: span.lastFrame, turn: found.turn, points: found.inliers))
            }
        }
        return out
    }

    /// `spanCorners` and `pictureSpans(_:camera:)` in one: the picture's turn over spans of about `seconds` starting every
    /// `every` seconds, through `camera`.
    public func pictureSpans(camera: LensCamera, seconds: Double, every: Double, centralShare: Double? = nil) throws -> [PictureSpan] {
        try Self.pictureSpans(spanCorners(seconds: seconds, every: every, centralShare: centralShare), camera: camera)
    }

    /// Seconds: the spans over which the picture's own turn is measured, and the step between their starts. Long enough
    /// for a moving camera's move to show in an essential matrix, short enough that corners live through them.
    public static let spanSeconds = 2.0, spanStep = 0.5
    /// Seconds: the shortest clip that holds `spans` spans of `spanSeconds`, one every `spanStep`.
    public static func clipSeconds(holding spans: Int) -> Double { spanSeconds + Double(spans - 1) * spanStep }
    /// The fewest points tracked through a span for its turn to be trusted.
    public static let minimumSpanPoints = 30
    /// Pixels: a turn alone whose median miss over a span is under this explains its points (tracking's noise over a
    /// span of frames is a few tenths of a pixel); above it the camera moved.
    public static let turnAloneMissPixels = 1.0
}
