import CGLFW
import Scene

/// What a key pressed in `run`'s window asks for: the one table of the window's keys, read by the loop for every
/// press and repeat. Shift makes a seek and a time-offset step finer, and turns R into Shift-R.
enum WindowKey: Equatable {
    /// Space: pause or resume a log.
    case togglePause
    /// Left and Right: move a log by this many seconds of log time (5, or 1 with Shift).
    case seek(seconds: Double)
    /// S: save what the window shows.
    case snapshot
    /// R: the attitude shown becomes the reference pose.
    case takeReference
    /// Shift-R: back to absolute attitude.
    case clearReference
    /// [ and ]: change the time offset by this many seconds (`TimeOffsetControl.step`, or its `fineStep` with Shift).
    case nudgeTimeOffset(seconds: Double)
    /// H: show or hide the HUD.
    case toggleHUD
    /// Q or Esc: close the window.
    case close

    /// The action of GLFW's `key` with the modifier bits `mods`; nil for a key the window does not use.
    init?(key: Int32, mods: Int32) {
        let shift = (mods & GLFW_MOD_SHIFT) != 0
        switch key {
        case GLFW_KEY_SPACE: self = .togglePause
        case GLFW_KEY_LEFT: self = .seek(seconds: shift ? -1 : -5)
        case GLFW_KEY_RIGHT: self = .seek(seconds: shift ? 1 : 5)
        case GLFW_KEY_S: self = .snapshot
        case GLFW_KEY_R: self = shift ? .clearReference : .takeReference
        case GLFW_KEY_LEFT_BRACKET, GLFW_KEY_RIGHT_BRACKET:
            let size = shift ? TimeOffsetControl.fineStep : TimeOffsetControl.step
            self = .nudgeTimeOffset(seconds: key == GLFW_KEY_LEFT_BRACKET ? -size : size)
        case GLFW_KEY_H: self = .toggleHUD
        case GLFW_KEY_Q, GLFW_KEY_ESCAPE: self = .close
        default: return nil
        }
    }
}
