import Foundation
import Pixels
import Rig

/// Why a clip and a log cannot be calibrated.
public enum CalibrationError: Error, CustomStringConvertible, Equatable {
    case clipTooShort(frames: Int, seconds: Double)
    case noTexture(textured: Int, pairs: Int)
    /// `searchRange`: the seconds searched either side, nil for every offset at which the two overlap.
    case noTimeOverlap(videoSeconds: Double, logSeconds: Double, searchRange: Double?)
    case noFit(reason: String)
    /// The known camera's pictures are not the clip's size.
    case intrinsicsSize(PictureSize, clip: PictureSize)
    /// Only this many frame pairs move as a rotation (the rest translate, or a lens bends them).
    case tooFewRotationPairs(Int)
    /// The clip turned too little for tracking to measure: total degrees turned, and the median image
    /// motion per frame pair in pixels at the guessed focal length.
    case tooLittleRotation(degrees: Double, seconds: Double, medianPixels: Double)
    /// The fitted model leaves residuals comparable to the motion itself.
    case unexplained(residualDegreesPerSecond: Double, motionDegreesPerSecond: Double, used: Int, textured: Int)
    /// The fit's field of view is not one a camera has, or the motion does not pin it down.
    case fieldOfViewUndetermined(degrees: Double, standardErrorPercent: Double?, lens: String? = nil)
    /// The fit ran, but its time offset's standard error is over `Determination`'s threshold: nothing is written.
    case offsetUndetermined(offset: Double, Undetermined)

    static let nothingWritten = "; no answer is written"

    /// The description without its closing "no answer is written", for a message that goes on to say what is written.
    var reason: String {
        description.hasSuffix(Self.nothingWritten) ? String(description.dropLast(Self.nothingWritten.count)) : description
    }

    /// What a refusal advises the user to give, said by whoever words it: the library in words (`words`), the command
    /// line with its options.
    public enum Advice: CaseIterable, Sendable {
        /// A lens model that bends the picture, radial or fisheye, estimated with the fit.
        case lensModel
        /// The camera's intrinsics, calibrated elsewhere.
        case intrinsics

        /// The advice in words, naming no option.
        public var words: String {
            switch self {
            case .lensModel: return "a radial or fisheye model"
            case .intrinsics: return "the camera's intrinsics"
            }
        }
    }

    public var description: String { text { $0.words } }

    /// The refusal, with each advice said by `say`.
    public func text(saying say: (Advice) -> String) -> String {
        switch self {
        case .clipTooShort(let frames, let seconds):
            return String(format: "the clip is too short: %d frames (%.2f s); record at least %.0f s, turning about every axis",
                          frames, seconds, CameraIMUCalibration.minimumSeconds)
        case .noTexture(let textured, let pairs):
            return "no texture to track: only \(textured) of \(pairs) frame pairs had at least "
                + "\(CameraIMUCalibration.minimumTracks) corners tracked; point the camera at a textured scene"
        case .noTimeOverlap(let video, let log, let range?):
            return String(format: "the log (%.2f s) and the clip (%.2f s) do not overlap in time for any offset within ±%.1f s; "
                          + "give the raw log recorded with this clip", log, video, range)
        case .noTimeOverlap(let video, let log, nil):
            return String(format: "the log (%.2f s) is too short to hold half of the clip (%.2f s) at any offset; "
                          + "give the raw log recorded with this clip", log, video)
        case .noFit(let reason):
            return "no fit: \(reason)"
        case .intrinsicsSize(let size, let clip):
            return "no fit: the intrinsics are for \(size) pictures, the clip's are \(clip)"
        case .tooFewRotationPairs(let count):
            return "no fit: only \(count) frame pairs move as a rotation; turn the camera rather than moving it, or give "
                + "\(say(.lensModel)) if it bends the picture"
        case .tooLittleRotation(let degrees, let seconds, let pixels):
            return String(format: "the clip hardly turned: %.1f° in all over %.1f s, a median %.2f px of image motion per frame; "
                          + "tracking cannot measure that. Record again turning the camera about more than one axis",
                          degrees, seconds, pixels)
        case .unexplained(let residual, let motion, let used, let textured):
            return String(format: "the camera's rotation does not follow the gyroscope's: the fit leaves %.1f°/s against %.1f°/s of "
                          + "motion (%d of %d frame pairs fit a rotation at all). The clip and the log may not record the same "
                          + "motion, or the picture moves by more than rotation (translation, or a strong lens: "
                          + "give %@)%@", residual, motion, used, textured, say(.lensModel), Self.nothingWritten)
        case .offsetUndetermined(let offset, let why):
            return String(format: "the time offset is not determined: %.4f s %@%@", offset, why.text, Self.nothingWritten)
        case .fieldOfViewUndetermined(_, _, let lens?):
            return "the field of view is not determined: \(lens); estimate the lens with \(say(.lensModel)), or give it "
                + "with \(say(.intrinsics)) (calibrated with OpenCV's tools)"
        case .fieldOfViewUndetermined(let degrees, let error, nil):
            let range = CameraIMUCalibration.fittedFieldOfViewRange
            let largest = CameraIMUCalibration.largestFieldOfViewError * 100
            // Say which test failed: the value itself, or how well the motion pins it down.
            let reason: String
            if !range.contains(degrees) {
                reason = String(format: "the fit gives a vertical field of view of %.1f°, outside %.0f° to %.0f°",
                                degrees, range.lowerBound, range.upperBound)
            } else if let error, error.isFinite {
                reason = String(format: "the fit gives a vertical field of view of %.1f° ± %.0f%%, a standard error larger than "
                                + "the %.0f%% an answer may have", degrees, error, largest)
            } else {
                reason = String(format: "the fit gives a vertical field of view of %.1f°, but the motion does not pin it down "
                                + "(its standard error cannot be estimated)", degrees)
            }
            return "the field of view is not determined: \(reason); turn about the picture's horizontal and vertical axes, "
                + "or give the camera's intrinsics"
        }
    }
}
