import AttitudeMath
import Foundation

/// The formats `RawLogReader` understands.
public enum RawLogFormat: String, Sendable {
    /// steady-dice raw CSV: `t,gx,gy,gz[,ax,ay,az][,mx,my,mz][,qw,qx,qy,qz][,moving]`, SI units.
    case rawCSV = "raw-csv"
    /// A video's GoPro GPMF track (`gpmd`): the camera's own GYRO and ACCL, in the device frame.
    case gpmf = "gpmd"
    /// A video's Camera Motion Metadata track (`camm`): the camera's own gyroscope and accelerometer, in the device frame.
    case camm
    /// x-io Technologies CSV: `Time (s)`, gyroscope in deg/s, accelerometer in g, magnetometer in µT.
    case xio = "x-io"
    /// A Sensor Logger recording folder: `Gyroscope.csv`, `Accelerometer.csv`, `Magnetometer.csv`.
    case sensorLogger = "sensor-logger"
    /// An x-IMU3 GUI folder: `Inertial.csv` (deg/s, g), `Magnetometer.csv` (arbitrary units).
    case xIMU3 = "x-imu3"
    /// An OpenCamera Sensors folder: `…gyro.csv` (rad/s), `…accel.csv` (m/s²), `…magnetic.csv` (µT), headerless, ns.
    case openCameraSensors = "opencamera-sensors"
}

/// Raw inertial samples on one time base, in SI units and the IMU frame S.
public struct RawIMULog: Sendable {
    public var path: String
    public var format: RawLogFormat
    /// Seconds, non-decreasing, as in the file.
    public var time: [Double]
    /// Angular rate, rad/s.
    public var gyro: [SIMD3<Double>]
    /// Specific force (gravity included), m/s²; nil for a gyroscope-only log (`t,gx,gy,gz`): what needs the
    /// accelerometer (fusion) refuses it, what needs only the gyroscope (calibrate, integrating the rate) reads it as
    /// any other.
    public var acc: [SIMD3<Double>]?
    /// Magnetic field, µT; nil when the log has none.
    public var mag: [SIMD3<Double>]?
    /// Reference attitude, sensor into east-north-up, as the file gives it (not normalised); nil where unknown (a row
    /// whose `qw,qx,qy,qz` are not all finite, as BROAD's NaN rows).
    public var reference: [Quaternion?]?
    /// True inside the phase over which errors are evaluated.
    public var moving: [Bool]?
    /// Stretches without samples longer than `RawLogGap.threshold`, in time order; fusion restarts after each.
    public var gaps: [RawLogGap] = []
    /// What the reader decided (a platform's conventions, units), one line each, for the caller to print.
    public var notes: [String] = []
    /// True for a video's track whose picture the camera stabilised (GoPro's IORI): its vectors are in the picture's
    /// frame P, not the camera body's (`CameraMotion.pictureMotion`).
    public var inStabilisedPictureFrame = false
    /// For a recording folder: seconds on the producer's own clock at t = 0 (Sensor Logger: since the Unix
    /// epoch; x-IMU3: the device's clock), so fused output can be lined up with the producer's other files.
    public var clockStart: Double?

    public init(path: String, format: RawLogFormat, time: [Double], gyro: [SIMD3<Double>], acc: [SIMD3<Double>]?,
                mag: [SIMD3<Double>]?, reference: [Quaternion?]? = nil, moving: [Bool]? = nil) {
        self.path = path
        self.format = format
        self.time = time
        self.gyro = gyro
        self.acc = acc
        self.mag = mag
        self.reference = reference
        self.moving = moving
    }

    public var count: Int { time.count }

    /// The median time between samples, seconds (nil for fewer than two samples).
    public var medianPeriod: Double? { Median.period(time) }

    /// The period to use before sample `i`: the time since the previous sample, and for the
    /// first sample the period to the second (or 0.01 s for a one-sample log).
    public func period(before i: Int) -> Double {
        if i > 0 { return time[i] - time[i - 1] }
        return time.count > 1 ? time[1] - time[0] : 0.01
    }
}
