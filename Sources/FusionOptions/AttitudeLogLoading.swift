import AttitudeLog
import Foundation
import RawLog

/// Reads an attitude log of any supported kind. A raw IMU log (gyroscope and accelerometer columns:
/// raw CSV, x-io CSV, a Sensor Logger folder, plain or .xz) is fused in-process: 9D into
/// xMagneticNorthZVertical when it has a magnetometer, else 6D into xArbitraryZVertical. Anything
/// else is read as a steady-dice attitude CSV or Sensor Logger's Orientation.csv. `magnetometer`
/// calibrates a raw log's magnetometer first, and is refused for an attitude log. Progress goes to
/// stderr, prefixed with `program`.
public func loadAnyAttitudeLog(path: String, magnetometer: MagnetometerOptions = MagnetometerOptions(),
                               program: String) throws -> AttitudeLog {
    guard RawLogReader.isRawLog(path: path) else {
        if magnetometer.isSet {
            throw LogLoadingError("\(path): --mag-offset and --mag-calibrate apply to raw IMU logs, and this is an attitude log")
        }
        return try AttitudeLog.load(path: path)
    }
    let (raw, calibration) = try magnetometer.apply(to: RawLogReader.read(path: path))
    if let calibration {
        FileHandle.standardError.write(Data("\(program): \(path): magnetometer \(calibration), subtracted\n".utf8))
    }
    let mode = RawLogFusion.naturalMode(of: raw)
    let frame = RawLogFusion.naturalFrame(of: mode)
    FileHandle.standardError.write(Data("\(program): fusing \(raw.count) raw samples of \(path) (\(mode.rawValue)) into \(frame.rawValue)\n".utf8))
    let fused = try RawLogFusion.fuse(log: raw, frame: .reference(frame), mode: mode)
    return try AttitudeLog(samples: fused.map { AttitudeSample(t: $0.t, worldFromDevice: $0.outputFromSensor) }, frame: frame, path: path)
}

/// A log that cannot be loaded as asked, with a message for the user.
public struct LogLoadingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
