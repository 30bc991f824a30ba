import AttitudeMath
import Camera
import Foundation
import Logging
import SafeText

/// What a drawing tells its user on the way, as values: where an anchor counts from, a heading that is not north, a
/// log that cannot be held to its picture, where a render stops, a camera that could not be shown. `description` says
/// it without naming an option; the command line words it with its options' names (`SceneCommandLine`).
public enum DrawingNote: Equatable, Sendable {
    /// `anchor` aimed at where the camera looks at log time `lookTime`: the first frame drawn, or the time `given` for
    /// it; its elevation counts from the horizon when the log has a `vertical`, else from that look too.
    case anchorAimed(Anchor, lookTime: Double, given: Bool, vertical: Bool)
    /// Bearings over the log at `log`, in `frame` (arbitrary or unnamed), that count from its X rather than from north:
    /// the anchor's (`anchorBearingDegrees`, when it counts from the log) and the panorama's middle column. With
    /// `anchorFromTheLog`, counting the anchor from the first look is the way out.
    case headingNotNorth(log: String, frame: ReferenceFrame?, anchorBearingDegrees: Double?, panorama: Bool, anchorFromTheLog: Bool)
    /// An attitude log at `path` asked to be held to its picture: only a raw log's gyroscope can be, so it is drawn as it is.
    case attitudeLogNotHeld(path: String)
    /// A render over `video` stops at log time `end`, where the video ends, before the log at `log` (`logDuration` s) does.
    case renderStopsAtTheVideo(end: Double, video: String, log: String, logDuration: Double)
    /// The default camera could not be opened (`reason`): the plain background is drawn.
    case noCamera(reason: String)

    /// Whether the note warns (else it informs).
    public var isWarning: Bool {
        switch self {
        case .anchorAimed, .renderStopsAtTheVideo: return false
        case .headingNotNorth, .attitudeLogNotHeld, .noCamera: return true
        }
    }

    /// The note without option names, as a library's user reads it.
    public var description: String {
        switch self {
        case .anchorAimed(_, let lookTime, let given, let vertical):
            let when = String(format: given ? "log time %.3f s" : "the first frame drawn (log time %.3f s)", lookTime)
            return "the anchor: bearing counted from where the camera looks at \(when), \(Self.elevation(vertical: vertical))"
        case .headingNotNorth(let log, let frame, let bearing, let panorama, _):
            var placed: [String] = []
            if let bearing { placed.append(String(format: "the anchor's bearing %g°", bearing)) }
            if panorama { placed.append("the panorama's middle column") }
            let what = placed.joined(separator: " and ")
            guard let frame else { return "\(log): the log names no frame: \(what) counts from its X, north only if the log's X is north" }
            return "\(log): heading arbitrary (\(frame.rawValue)): \(what) counts from the log's X, the device's heading at its start, "
                + "not from north; fuse with a magnetometer (9D) for bearings from north"
        case .attitudeLogNotHeld(let path):
            return "\(path): an attitude log, drawn as it is: only a raw log's gyroscope is held to the picture"
        case .renderStopsAtTheVideo(let end, let video, let log, let duration):
            return String(format: "render: to log time %.3f s, where %@ ends (%@ runs to %.3f s)", end, video, log, duration)
        case .noCamera(let reason):
            return "no camera to show (\(reason)); drawing the plain background"
        }
    }

    /// Where an aimed anchor's elevation counts from.
    public static func elevation(vertical: Bool) -> String {
        vertical ? "elevation from the horizon" : "elevation from that look too: the log has no vertical"
    }
}

/// Where a drawing's notes go: `logger`, each note one clean line in the words `words` gives it (its `description`
/// unless a front end words it with its options).
public struct DrawingNotes: Sendable {
    public var logger: Logger
    public var words: @Sendable (DrawingNote) -> String

    public init(logger: Logger = sceneLogger, words: @escaping @Sendable (DrawingNote) -> String = { $0.description }) {
        self.logger = logger
        self.words = words
    }

    /// Says `note` on the logger, as a warning or as information.
    public func say(_ note: DrawingNote) {
        let line = MessageText.line(words(note))
        if note.isWarning { logger.warning("\(line)") } else { logger.info("\(line)") }
    }
}

/// How the HUD names a fixed attitude: its frame line and its source line.
public struct FixedAttitudeNames: Equatable, Sendable {
    public var frame: String
    public var source: String

    public init(frame: String = "as given", source: String = "fixed attitude") {
        self.frame = frame
        self.source = source
    }

    /// As the drawing commands name `--attitude`: what `snapshot --attitude` shows, and so what SteadyDiceKit's
    /// `Snapshotter`, which draws what that command draws byte for byte, shows too.
    public static let attitudeOption = FixedAttitudeNames(frame: "as given by --attitude", source: "fixed attitude (--attitude)")
}
