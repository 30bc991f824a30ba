import ArgumentParser
import Camera
import CommandLineSupport
import Foundation
import Render
import Scene

// What the frame pipeline and the renderer refuse and note, said with the drawing commands' options: the library gives
// values (`DrawingSettingsError`, `DrawingRequestError`, `DrawingNote`, `RenderError`), and the words that name a flag are the command line's, here.

extension DrawingSettingsError: CommandLineWorded {
    /// The refusal as `run`, `snapshot` and `render` say it, naming their options.
    public var commandLineMessage: String {
        switch self {
        case .timeOffsetOutOfRange(let limit):
            return "--time-offset must be a number of seconds from -\(limit) to \(limit)"
        case .noRoomForTheHUD(let size, let above, let smallest):
            return "--hud: \(size) leaves no room for the HUD above the \(above.rawValue); give a --size of at least \(smallest)"
        case .anchorOriginWithoutAnchor:
            return "--anchor-from says what --anchor counts from: give --anchor too"
        case .lookOutsideTheLog(let time, let log, let duration):
            return String(format: "--anchor-from %g is outside %@, which runs from 0 to %.3f s", time, log, duration)
        case .lookOverAFixedWorld:
            return "--anchor-from counts from where the camera looks in a log; with --attitude or --imud "
                + "the anchor counts from W as given (give --anchor-from log or leave it out)"
        }
    }
}

extension DrawingRequestError: CommandLineWorded {
    /// The refusal as `run`, `snapshot` and `render` say it, naming `--from`, `--at` and `--fps`.
    public var commandLineMessage: String {
        switch self {
        case .startPastTheLog(let time, let log, let duration):
            return String(format: "--from %g is past the end of %@, which runs from 0 to %.3f s", time, log, duration)
        case .timeOutsideTheLog(let time, let log, let duration):
            return String(format: "--at %g is outside %@, which runs from 0 to %.3f s", time, log, duration)
        case .tooManyFrames(let start, let end, let fps, let count):
            return String(format: "--from %g to %g s at --fps %g is %.3g frames; one render writes at most %d", start, end, fps, count,
                          SteppedClock.maximumSteps)
        case .noFrames(let start, let end, let fps):
            return String(format: "no frames: --from %g to %g s at --fps %g", start, end, fps)
        }
    }
}

extension AnchorError: CommandLineWorded {
    /// The refusal as the drawing commands say it, naming `--anchor`.
    public var commandLineMessage: String {
        switch self {
        case .distance:
            return "--anchor: the distance must be from \(Anchor.minimumDistance) to \(Anchor.maximumDistance) \(Anchor.distanceReason)"
        case .elevation:
            return "--anchor: the elevation must be \(Anchor.elevationRangeText)"
        }
    }
}

extension RenderError: CommandLineWorded {
    /// The error as the drawing commands say it: where the assets were looked for names `--assets`.
    public var commandLineMessage: String {
        let advice = "Pass --assets DIR or set \(Assets.environmentVariable) to the folder that holds them."
        switch self {
        case .assetsNotFound(let searched):
            return "cannot find the shaders/ and models/ folders; looked in: \(searched.joined(separator: ", ")). \(advice)"
        case .givenAssetsNotFound(let path):
            return "cannot find the shaders/ and models/ folders; looked in: \(path) (from --assets). \(advice)"
        default:
            return description
        }
    }
}

extension DrawingNote {
    /// The note as `run`, `snapshot` and `render` say it, naming their options.
    public var commandLineMessage: String {
        switch self {
        case .anchorAimed(let anchor, let lookTime, let given, let vertical):
            let when = String(format: given ? "log time %.3f s (--anchor-from)" : "the first frame drawn (log time %.3f s)", lookTime)
            return "--anchor \(Self.argument(anchor)): bearing counted from where the camera looks at \(when), "
                + Self.elevation(vertical: vertical)
        case .headingNotNorth(let log, let frame, let bearing, let panorama, let anchorFromTheLog):
            var placed: [String] = []
            if let bearing { placed.append(String(format: "--anchor's bearing %g°", bearing)) }
            if panorama { placed.append("--panorama's middle column") }
            let what = placed.joined(separator: " and ")
            guard let frame else {
                return "\(log): the log names no frame: \(what) counts from its X, north only if the log's X is north"
                    + (anchorFromTheLog ? "; --anchor-from first-look counts from where the camera looks at the first frame drawn" : "")
            }
            return "\(log): heading arbitrary (\(frame.rawValue)): \(what) counts from the log's X, the device's heading "
                + "at its start, not from north; fuse with a magnetometer (9D) for bearings from north"
                + (anchorFromTheLog ? ", or give --anchor-from first-look to count from where the camera looks at the first frame drawn" : "")
        case .attitudeLogNotHeld(let path):
            return "\(path): an attitude log, drawn as it is: --hold-to-picture holds a raw log's gyroscope to the picture "
                + "(write a held attitude log with `attitude fuse LOG --video CLIP --hold-to-picture`)"
        case .renderStopsAtTheVideo(let end, let video, let log, let duration):
            return String(format: "render: to log time %.3f s, where %@ ends (%@ runs to %.3f s; --to renders further)", end, video, log, duration)
        case .noCamera(let reason):
            return "no camera to show (\(reason)); drawing the plain background (choose one with --camera, --video or --background)"
        }
    }

    /// `B,E` or `B,E,D`, as `--anchor` is written.
    static func argument(_ anchor: Anchor) -> String {
        let angles = String(format: "%g,%g", anchor.bearingDegrees, anchor.elevationDegrees)
        return anchor.distance == Anchor.defaultDistance ? angles : angles + String(format: ",%g", anchor.distance)
    }
}

extension DrawingNotes {
    /// The drawing commands' notes: on the command line's logger, naming their options.
    public static var commandLine: DrawingNotes { DrawingNotes(logger: Messages.logger) { $0.commandLineMessage } }
}

/// Runs `body`, turning the library's refusal of an option into the command line's usage error, worded with the option:
/// a setting's (`DrawingSettingsError`, `AnchorError`) as a validation error with the usage, a request's against its log
/// or its frames (`DrawingRequestError`) as a usage failure without.
@discardableResult
public func asValidationError<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as DrawingSettingsError {
        throw ValidationError(error.commandLineMessage)
    } catch let error as AnchorError {
        throw ValidationError(error.commandLineMessage)
    } catch let error as DrawingRequestError {
        throw CommandFailure(error.commandLineMessage, status: .usage)
    }
}
