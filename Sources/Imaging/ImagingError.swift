/// Why a picture or a video could not be read or written, or a step of OpenCV's refused: each names the file, or the
/// step, and the reason. Its exit kind is in ErrorExitKinds.swift.
public enum ImagingError: Error, Equatable, CustomStringConvertible {
    case unreadableImage(path: String, reason: String)
    case unwritableImage(path: String, reason: String)
    case video(path: String, reason: String)
    /// A step OpenCV refused (a camera's undistortion maps or projection, a tracker, the essential matrix), named with
    /// the step. A calibration or intrinsics file that does not read is CalibrationFiles' `CalibrationFileError`.
    case refused(step: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableImage(let path, let reason): return "\(path): cannot read image: \(reason)"
        case .unwritableImage(let path, let reason): return "\(path): cannot write image: \(reason)"
        case .video(let path, let reason): return "\(path): \(reason)"
        case .refused(let step, let reason): return "\(step): \(reason)"
        }
    }
}
