/// Why a picture or a video could not be read or written, or a camera's intrinsics not used: each names the file (or
/// what stood for one) and the reason. Its exit kind is in ErrorExitKinds.swift.
public enum ImagingError: Error, Equatable, CustomStringConvertible {
    case unreadableImage(path: String, reason: String)
    case unwritableImage(path: String, reason: String)
    case video(path: String, reason: String)
    /// A camera's intrinsics OpenCV refuses, with the step that refused them (its undistortion maps, its projection). A calibration or intrinsics file
    /// that does not read is CalibrationFiles' `CalibrationFileError`.
    case intrinsics(step: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableImage(let path, let reason): return "\(path): cannot read image: \(reason)"
        case .unwritableImage(let path, let reason): return "\(path): cannot write image: \(reason)"
        case .video(let path, let reason): return "\(path): \(reason)"
        case .intrinsics(let step, let reason): return "\(step): \(reason)"
        }
    }
}
