import AttitudeLog
import AttitudeMath
import Camera
import Foundation

/// `--anchor-from`: what `--anchor`'s bearing (and, over a log with no vertical, its elevation) counts from.
///
/// Without it (nil in `CameraSettings`) bearings count from the log's W, as every tool that reads the log computes
/// them (north in a north frame; else the log's X, which `headingNote` says, pointing to `first-look`). A default
/// counting from the first look would move a die placed by such a tool: `steadiness.py --anchor-pixel centre`, which
/// places the die where the first frame's centre looks in the log's own W, drew it out of view on the GoPro clip.
public enum AnchorOrigin: Equatable, Sendable {
    /// `first-look`: where the camera looks at the first frame drawn, at the log time the drawing starts from
    /// (`render`'s and `run`'s `--from`, `snapshot`'s `--at`).
    case firstLook
    /// `T`: where the camera looks at log time T seconds, whatever time the drawing starts from.
    case look(logTime: Double)
    /// `log`: the log's own X axis and horizon (W), as in a north frame.
    case log
}

/// `--anchor` resolved for one drawing over one log: the anchor as drawn, fixed in W for every frame.
public struct AimedAnchor: Equatable {
    public var anchor: Anchor
    /// The note that says where the bearing and elevation count from; nil when they count from the log's W.
    public var note: DrawingNote?
    /// Whether the bearing counts from the log's X (north in a north frame; else `headingNote` says it is not).
    public var countsFromTheLog: Bool { note == nil }
}

extension DrawingSettings {
    /// `--anchor` over `log` (named `path`) in a drawing whose first frame shows log time `start`: counted from
    /// `--anchor-from`, else as the log's frame decides (`AnchorOrigin`). A look is the attitude that frame draws
    /// (mounted, relative to `--relative-to`), so `--anchor 0,0` sits in the middle of that frame's columns, and
    /// in its centre when the log has no vertical. Nil without `--anchor`. A look time outside the log is refused.
    public func aimedAnchor(over log: AttitudeLog, path: String, drawingFrom start: Double) throws -> AimedAnchor? {
        guard let anchor = camera.anchor else { return nil }
        let vertical = log.frame != nil
        let lookTime: Double, given: Bool
        switch camera.anchorOrigin ?? .log {
        case .log:
            return AimedAnchor(anchor: anchor, note: nil)
        case .firstLook:
            (lookTime, given) = (start, false)
        case .look(let t):
            guard t <= log.duration else { throw DrawingSettingsError.lookOutsideTheLog(time: t, log: path, duration: log.duration) }
            (lookTime, given) = (t, true)
        }
        let look = SceneSource.relative(mounted(log.attitude(at: lookTime)), to: relativeTo)
        return AimedAnchor(anchor: anchor.aimed(from: look, vertical: vertical),
                           note: .anchorAimed(anchor, lookTime: lookTime, given: given, vertical: vertical))
    }

    /// `--anchor` over an attitude that is not a log's (`--attitude`, imud, a library's scene): bearings count from
    /// W as given. A look to count from is a log's; asking for one here is refused.
    public func anchorOverAFixedWorld() throws -> Anchor? {
        if let origin = camera.anchorOrigin, origin != .log { throw DrawingSettingsError.lookOverAFixedWorld }
        return camera.anchor
    }
}
