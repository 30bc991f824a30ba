import Foundation

/// Samples of one quantity on the video's timeline: `time[i]` seconds from the video stream's start (as
/// frames are timed), `values[i]` the reading.
public struct TimedSamples<Value: Sendable>: Sendable {
    public var time: [Double] = []
    public var values: [Value] = []

    public init(time: [Double] = [], values: [Value] = []) {
        self.time = time
        self.values = values
    }

    public var count: Int { time.count }
    public var isEmpty: Bool { time.isEmpty }

    /// Samples per second over the whole span, or nil for fewer than two samples.
    public var rate: Double? {
        guard let first = time.first, let last = time.last, count > 1, last > first else { return nil }
        return Double(count - 1) / (last - first)
    }

    mutating func append(_ t: Double, _ value: Value) {
        time.append(t)
        values.append(value)
    }

    /// The samples `isValid` keeps. Those it does not are skipped and counted in one line appended to `notes`, as the
    /// CSV readers count the rows they skip (`path: skipped 3 GYRO samples with a NaN or infinite value, the first at
    /// t = 1.250 s`); nothing is said when all are kept. `having` says what the skipped have ("with a NaN or infinite value").
    func keeping(_ isValid: (Value) -> Bool, path: String, name: String, having why: String, notes: inout [String]) -> TimedSamples {
        let kept = values.indices.filter { isValid(values[$0]) }
        guard kept.count < count, let first = values.indices.first(where: { !isValid(values[$0]) }) else { return self }
        let skipped = count - kept.count
        notes.append(String(format: "%@: skipped %d %@ sample%@ %@, the first at t = %.3f s", path, skipped, name,
                            skipped == 1 ? "" : "s", why, time[first]))
        return TimedSamples(time: kept.map { time[$0] }, values: kept.map { values[$0] })
    }

    /// In time order, keeping the order of equal times (CAMM packets may be written out of order).
    func sorted() -> TimedSamples {
        let order = time.indices.sorted { (time[$0], $0) < (time[$1], $1) }
        return TimedSamples(time: order.map { time[$0] }, values: order.map { values[$0] })
    }
}

/// The camera's own motion data from a video file's `gpmd` (GoPro GPMF) or `camm` (Google's Camera Motion
/// Metadata) track, on the video's timeline. Vectors of the camera's body are in the device frame D of
/// docs/conventions.md (+X right, +Y up, +Z towards the viewer: the camera looks along -Z), converted from each
/// format's own axes as docs/attitude-logs.md says; what a format gives in other frames is kept as stored.
public struct CameraMotion: Sendable {
    /// The track the data came from.
    public enum Track: String, Sendable {
        case gpmf = "gpmd"
        case camm
    }

    public var path: String
    public var track: Track
    /// Angular rate, rad/s, frame D.
    public var gyro = TimedSamples<SIMD3<Double>>()
    /// Specific force (gravity included), m/s², frame D.
    public var accelerometer = TimedSamples<SIMD3<Double>>()
    /// Magnetic field, µT, frame D.
    public var magnetometer = TimedSamples<SIMD3<Double>>()
    /// Exposure time of each frame, seconds (GPMF SHUT; CAMM type 1's pixel exposure time).
    public var exposure = TimedSamples<Double>()
    /// CAMM type 1: the delay from the first used scanline's exposure to the last's, seconds.
    public var rollingShutterSkew = TimedSamples<Double>()
    /// GPMF CORI: the camera's orientation since the capture's start, a quaternion [w, x, y, z] as stored (scaled).
    public var cameraOrientation = TimedSamples<SIMD4<Double>>()
    /// GPMF IORI: the image's orientation relative to the camera body (in-camera stabilisation), [w, x, y, z] as stored.
    public var imageOrientation = TimedSamples<SIMD4<Double>>()
    /// GPMF GRAV: the gravity vector as stored (its own axis order, not converted).
    public var gravity = TimedSamples<SIMD3<Double>>()
    /// CAMM type 0: rotation from CAMM's camera frame (X right, Y down, Z forward) into the application's world
    /// (Y down along gravity), as the angle-axis vector stored, radians.
    public var angleAxis = TimedSamples<SIMD3<Double>>()
    /// What the reader decided (axis order, units, timing), one line each.
    public var notes: [String] = []
    /// True once `pictureMotion` turned the vectors into the stabilised picture's frame P (docs/attitude-logs.md).
    public var inStabilisedPictureFrame = false

    public init(path: String, track: Track) {
        self.path = path
        self.track = track
    }
}

/// A video's motion data that cannot be read, naming the file.
public struct CameraMotionError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// True when the file is a video without a `gpmd` or `camm` track at all.
    public var noTrack = false

    public init(path: String, _ message: String, noTrack: Bool = false) {
        self.path = path
        self.message = message
        self.noTrack = noTrack
    }

    public var description: String { "\(path): \(message)" }
}

extension SIMD3 where Scalar == Double {
    /// True when every component is a finite number.
    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

extension CameraMotion {
    /// The fewest finite gyroscope samples a track needs: a rate is integrated from one sample to the next.
    public static let minimumGyroSamples = 2

    /// What a sample skipped as not finite has, for `TimedSamples.keeping(_:path:name:having:notes:)`.
    static let nonFinite = "with a NaN or infinite value"
}

// MARK: - Frames

/// Each format's body axes in terms of the device frame D (+X right, +Y up, +Z towards the viewer).
public enum CameraMotionFrames {
    /// GoPro's IMU axes as gpmf-parser's README labels them for the HERO5, whose accelerometer stream is named
    /// "Accelerometer (up/down, right/left, forward/back)" for data order Z, X, Y: X right, Y forward (the lens's
    /// direction), Z up; a camera at rest upright reads +9.81 m/s² on Z (gpmf-parser issue 132).
    /// So X_D = X, Y_D = Z, Z_D = -Y.
    public static func deviceFromGoPro(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(v.x, v.z, -v.y)
    }

    /// CAMM's camera frame (the spec's notes): X right, Y down, Z forward, as OpenCV's C. X_D = X, Y_D = -Y, Z_D = -Z.
    public static func deviceFromCAMM(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(v.x, -v.y, -v.z)
    }
}
