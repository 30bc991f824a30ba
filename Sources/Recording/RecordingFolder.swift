import Foundation

/// A folder a recording app or logger wrote: Sensor Logger's export, an x-IMU3 GUI log, or an
/// OpenCamera Sensors recording's sensor folder.
///
/// This is the one place that lists a folder's files. Readers ask it for a file by name
/// (`file("Gyroscope.csv")`), so a new reader (Sensor Logger's `Location.csv`, say) hooks in here
/// without listing the folder again.
public struct RecordingFolder: Sendable {
    /// Who wrote the folder, told apart by the files in it.
    public enum Producer: String, Sendable {
        /// Sensor Logger (iOS or Android): `Gyroscope.csv`, `Accelerometer.csv`, `Orientation.csv`, `Metadata.csv`, ...
        case sensorLogger = "Sensor Logger"
        /// The x-IMU3 GUI or data logger: `Inertial.csv`, `Magnetometer.csv`, `Quaternion.csv`, ...
        case xIMU3 = "x-IMU3"
        /// OpenCamera Sensors (Android): `VID_<date>gyro.csv`, `…accel.csv`, `…magnetic.csv`, `…_imu_timestamps.csv`,
        /// in a folder `<date>/` beside the video `VID_<date>.mp4`.
        case openCameraSensors = "OpenCamera Sensors"
    }

    public let path: String
    public let producer: Producer
    /// The regular files in the folder, by lower-cased name, as full paths.
    private let files: [String: String]

    /// The full path of `name` in the folder (any letter case), or nil when it is not there.
    public func file(_ name: String) -> String? { files[name.lowercased()] }

    /// The full path of the first file (by name) whose name ends with `suffix` (any letter case), or nil.
    public func file(endingWith suffix: String) -> String? {
        files.keys.sorted().first { $0.hasSuffix(suffix.lowercased()) }.flatMap { files[$0] }
    }

    /// True when the folder holds `name`.
    public func has(_ name: String) -> Bool { file(name) != nil }

    /// True when `path` is a folder (whatever is in it).
    public static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The folder a log at `path` belongs to: `path` itself when it is a folder, else the folder the file is in (`.` for a
    /// bare file name).
    public static func folder(holding path: String) -> String {
        if isFolder(path) { return path }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The recording in the folder at `path`, or nil when `path` is not a folder or not one a known producer wrote.
    public static func open(_ path: String) -> RecordingFolder? {
        guard isFolder(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        var files: [String: String] = [:]
        for name in names.sorted() {
            let full = (path as NSString).appendingPathComponent(name)
            if !isFolder(full) { files[name.lowercased()] = full }
        }
        let has = { (name: String) in files[name.lowercased()] != nil }
        let producer: Producer
        let ends = { (suffix: String) in files.keys.contains { $0.hasSuffix(suffix) } }
        if has("Inertial.csv") || (has("Quaternion.csv") && !has("Orientation.csv")) {
            producer = .xIMU3
        } else if ends("gyro.csv") && (ends("accel.csv") || ends("_imu_timestamps.csv") || ends("_timestamps.csv")) {
            producer = .openCameraSensors
        } else if has("Gyroscope.csv") || has("Orientation.csv") || has("TotalAcceleration.csv") || has("Metadata.csv") {
            producer = .sensorLogger
        } else {
            return nil
        }
        return RecordingFolder(path: path, producer: producer, files: files)
    }

    /// What a folder that is not a known recording is refused with.
    public static let unknownFolderMessage = "a folder, but not a recording steady-dice knows: a Sensor Logger folder "
        + "holds Gyroscope.csv (and Accelerometer.csv or TotalAcceleration.csv) or Orientation.csv; an x-IMU3 folder "
        + "holds Inertial.csv or Quaternion.csv; an OpenCamera Sensors folder holds VID_<date>gyro.csv and VID_<date>accel.csv"

    /// The producer's own orientation file in this folder: `Orientation.csv` (Sensor Logger) or
    /// `Quaternion.csv` (x-IMU3), or nil when it has none.
    public var orientationFile: String? {
        switch producer {
        case .sensorLogger: return file("Orientation.csv")
        case .xIMU3: return file("Quaternion.csv")
        case .openCameraSensors: return nil
        }
    }

    /// True when the folder holds the raw streams fusion needs (a gyroscope and an accelerometer).
    public var hasRawStreams: Bool {
        switch producer {
        case .sensorLogger: return has("Gyroscope.csv") && (has("Accelerometer.csv") || has("TotalAcceleration.csv"))
        case .xIMU3: return has("Inertial.csv")
        case .openCameraSensors: return file(endingWith: "gyro.csv") != nil && file(endingWith: "accel.csv") != nil
        }
    }

    /// OpenCamera Sensors: the frames' time stamps (`VID_<date>_imu_timestamps.csv`; `_timestamps.csv` in
    /// older versions): one integer a line, each frame's SENSOR_TIMESTAMP in nanoseconds.
    public var frameTimestampsFile: String? {
        guard producer == .openCameraSensors else { return nil }
        return file(endingWith: "_imu_timestamps.csv") ?? file(endingWith: "_timestamps.csv")
    }

    /// OpenCamera Sensors: the video the folder's streams belong to: a video file in the folder, or
    /// `VID_<date>.mp4` beside it (the name its CSV files start with), as the app leaves them.
    public var videoFile: String? {
        guard producer == .openCameraSensors else { return nil }
        let videos = ["mp4", "mov", "mkv"]
        if let inside = files.keys.sorted().first(where: { videos.contains(($0 as NSString).pathExtension) }) { return files[inside] }
        let parent = (path as NSString).deletingLastPathComponent
        var prefixes: [String] = []
        if let gyro = file(endingWith: "gyro.csv") {
            let name = (gyro as NSString).lastPathComponent
            prefixes.append(String(name.dropLast("gyro.csv".count)))
        }
        prefixes.append("VID_" + (path as NSString).lastPathComponent)
        for prefix in prefixes where !prefix.isEmpty {
            for ext in videos {
                let candidate = (parent as NSString).appendingPathComponent(prefix + "." + ext)
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}
