import AttitudeMath
import Foundation
import Rig

/// A line a drawing's settings say when a calibration is applied, for the caller to print at its level.
public struct DrawingNote: Equatable, Sendable {
    public enum Level: Sendable { case info, warning }
    public var level: Level
    public var text: String

    public init(level: Level, text: String) { self.level = level; self.text = text }
}

/// What a user gives beside or instead of a calibration file: `--fov`, `--intrinsics`, `--mount w,x,y,z` and
/// `--time-offset S`. The camera's are already in `DrawingSettings.camera`; these say which were given.
public struct DrawingOverrides: Sendable {
    public var fieldOfViewGiven = false
    public var intrinsicsGiven = false
    /// `--mount` in any form (imud's presets too): given at all.
    public var mountGiven = false
    /// `--mount w,x,y,z`, R with v_D = R·v_S.
    public var deviceFromIMU: Quaternion?
    /// `--time-offset S`, seconds.
    public var timeOffsetSeconds: Double?

    public init(fieldOfViewGiven: Bool = false, intrinsicsGiven: Bool = false, mountGiven: Bool = false, deviceFromIMU: Quaternion? = nil,
                timeOffsetSeconds: Double? = nil) {
        self.fieldOfViewGiven = fieldOfViewGiven; self.intrinsicsGiven = intrinsicsGiven; self.mountGiven = mountGiven
        self.deviceFromIMU = deviceFromIMU; self.timeOffsetSeconds = timeOffsetSeconds
    }

    /// The option given beside a calibration `rig` that the file already determines (`--mount`, `--time-offset`,
    /// `--intrinsics`, `--fov`), nil when none: nothing is applied twice. What the file leaves undetermined may be
    /// given; with a `live` source the file's offset does not apply, and `--time-offset` gives the live one. A file that
    /// does not read (`rig` nil) is taken as determining everything here; its own error comes where it is applied.
    public func givenTwice(with rig: Rig?, live: Bool) -> String? {
        let given = [(mountGiven, "--mount", Undetermined.mountKey), (timeOffsetSeconds != nil && !live, "--time-offset", Undetermined.timeOffsetKey),
                     (intrinsicsGiven, "--intrinsics", Undetermined.cameraKey), (fieldOfViewGiven, "--fov", Undetermined.cameraKey)]
        return given.first { $0.0 && rig?.determines($0.2) ?? true }?.1
    }
}

extension DrawingSettings {
    /// Applies `--calibration`'s rig (read from `path`, `Rig.read`), or none, and the user's `overrides` for a `live`
    /// source (`run --imud`) or not: the camera, mount, offset and bias as `applyCalibration(_:path:)` takes them; with
    /// a live source `--time-offset` is the live offset in place of the file's. Returns what to say: how what the file
    /// leaves undetermined is drawn, a mount undetermined about some axes, and a file's offset that pairs the other
    /// clock (`TimeOffset.seconds(pairing:)`), not applied.
    public mutating func apply(calibration: (rig: Rig, path: String)?, overrides: DrawingOverrides, live: Bool) throws -> [DrawingNote] {
        guard let (rig, path) = calibration else {
            if let mount = overrides.deviceFromIMU { deviceFromIMU = mount }
            timeOffset = overrides.timeOffsetSeconds.map { TimeOffset(seconds: $0, clock: live ? .live : .clip) }
            return []
        }
        if let mount = overrides.deviceFromIMU { deviceFromIMU = mount }
        var notes = try applyCalibration(rig, path: path).map { DrawingNote(level: .info, text: $0) }
        if live, let seconds = overrides.timeOffsetSeconds { timeOffset = TimeOffset(seconds: seconds, clock: .live) }
        let loose = ["x", "y", "z"].filter { !rig.determines("imu_to_camera_" + $0) }
        // A mount undetermined about every axis is not written at all, and applyCalibration's line says how it is drawn.
        if !loose.isEmpty, rig.determines(Undetermined.mountKey) {
            let axes = loose.joined(separator: " and "), pronoun = loose.count > 1 ? "them" : "it"
            notes.append(DrawingNote(level: .warning, text: "\(path): calibrate did not determine the mount about the camera's \(axes) "
                                     + "(see its not_determined): drawn with no turn about \(pronoun)"))
        }
        // The file's offset stands unless a live source is given its own; which clock it pairs decides.
        let file = rig.timeOffset
        guard !live || overrides.timeOffsetSeconds == nil else { return notes }
        if let offset = file.seconds(pairing: live ? .live : .clip) {
            if live {
                notes.append(DrawingNote(level: .info, text: String(format: "time offset %+.1f ms from %@ (this rig's live clocks): the frame timed t "
                                                                    + "shows the attitude imud delivered at t %+.1f ms; [ and ] adjust it", offset * 1000, path, offset * 1000)))
            }
        } else if !live {
            notes.append(DrawingNote(level: .warning, text: String(format: "%@'s time offset of %.1f ms is a live rig's (time_offset_clock: live): it pairs "
                                                                   + "imud's arrival times with the camera's, not a clip with a log, so it is not applied here", path, file.seconds * 1000)))
        } else if file.seconds != 0 {
            notes.append(DrawingNote(level: .warning, text: String(format: "%@'s time offset of %.1f ms pairs its clip with its log, not live imud with this "
                                                                   + "camera: not applied (give the live one with --time-offset, calibrate a `record` folder, or find it with [ and ])", path, file.seconds * 1000)))
        }
        return notes
    }
}
