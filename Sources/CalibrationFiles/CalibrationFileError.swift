import ExitKinds

/// Why a calibration or intrinsics file could not be read or written: the file, and the reason with its line and key
/// where it has them.
public struct CalibrationFileError: Error, Equatable, CustomStringConvertible, ErrorWithExitKind {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// A file that does not read, or a calibration OpenCV cannot encode, is the data's failure.
    public var exitKind: ExitKind { .data }
}
