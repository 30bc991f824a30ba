import FileAccess
import Foundation

/// The files of a folder `steady-dice record` writes (docs/live-rig.md), read back by `RigRecording`:
///
/// - `rig.yaml`: what was recorded and how its times were taken; written once both sources have given
///   data, and written again with `finished_monotonic_s`, the counts and `stopped_by` at a clean stop.
/// - `frames/`: one PNG per camera frame (lossless) and `frames.csv`,
///   `t,filename,arrival_s,driver_s`: t is the frame's time (the driver's timestamp when `frame_times`
///   names the driver, else its arrival), all seconds of CLOCK_MONOTONIC; `driver_s` is empty when the
///   camera gave none.
/// - `imu.csv`, `arrival_s,imu_seq,flags,qw,qx,qy,qz,gx,gy,gz`: every imud packet as it arrived, the
///   wire's quaternion (the IMU frame S to `coord_frame`) and angular rate (rad/s, frame S; empty when the
///   packet carries none).
///
/// Every row is written by one `write` call and every picture is renamed into place once whole, so a
/// folder whose recording was killed holds whole rows and whole pictures only.
public enum RigFolder {
    public static let meta = "rig.yaml"
    public static let frames = "frames"
    public static let framesFile = "frames.csv"
    public static let imu = "imu.csv"
    public static let format = "steady-dice-rig 1"
    public static let framesHeader = "t,filename,arrival_s,driver_s"
    public static let imuHeader = "arrival_s,imu_seq,flags,qw,qx,qy,qz,gx,gy,gz"
}

/// A rig folder that cannot be written or read, naming the file and what is wrong.
public struct RigFolderError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
