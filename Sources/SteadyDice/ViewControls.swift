import AttitudeLog
import AttitudeMath
import Foundation
import Messages
import Render

/// What the window adds on top of the attitude source: the reference pose (R takes the current
/// attitude, Shift-R returns to absolute attitude), the HUD (H), the smoothed tilt and the frame rate.
final class ViewControls {
    private(set) var reference: Quaternion?
    private(set) var showsHUD: Bool
    /// The reference frame W of the source, as the HUD names it.
    let frameName: String
    /// One step per drawn frame, over the tilt of the attitude drawn.
    private var tiltFilter = ScalarKalmanFilter()
    /// Times of the frames drawn in the last second.
    private var frameTimes: [Double] = []

    init(reference: Quaternion?, showsHUD: Bool, frameName: String) {
        self.reference = reference
        self.showsHUD = showsHUD
        self.frameName = frameName
    }

    /// R: the current absolute attitude becomes the reference pose; nothing happens without one.
    func takeReference(_ worldFromDevice: Quaternion?) {
        guard let worldFromDevice else { return }
        reference = worldFromDevice
        tiltFilter.reset()
        say("reference pose \(worldFromDevice) taken: drawing the attitude relative to it (Shift-R: absolute)")
    }

    /// Shift-R: back to absolute attitude.
    func clearReference() {
        reference = nil
        tiltFilter.reset()
        say("absolute attitude (R takes a reference pose)")
    }

    /// H: shows or hides the HUD, loading its font the first time. A font that cannot be loaded is
    /// reported and leaves the HUD off.
    func toggleHUD(renderer: SceneRenderer) {
        if !showsHUD {
            do {
                try renderer.prepareHUD()
            } catch {
                say("cannot show the HUD: \(error)")
                return
            }
        }
        showsHUD.toggle()
        say(showsHUD ? "HUD shown (H hides it)" : "HUD hidden (H shows it)")
    }

    /// The scene for one frame drawn at monotonic time `now` from the source's `reading`.
    func scene(for reading: AttitudeReading, source: String, fusion: String, now: Double) -> SceneState {
        frameTimes.append(now)
        frameTimes.removeAll { now - $0 > 1 }
        let drawn = reading.worldFromDevice.map { q in reference.map { q.relative(to: $0) } ?? q }
        let smoothed = drawn.map { tiltFilter.update(AttitudeViews.tiltDegrees($0)) }
        var state = SceneState(worldFromDevice: drawn, greyed: reading.greyed)
        if showsHUD {
            let span = (frameTimes.last ?? now) - (frameTimes.first ?? now)
            state.hud = HUDReadout(worldFromDevice: drawn, smoothedTilt: smoothed, frame: reading.frame ?? frameName, reference: reference,
                                   source: source, fusion: fusion, framesPerSecond: frameTimes.count > 1 && span > 0 ? Double(frameTimes.count - 1) / span : 0)
        }
        return state
    }

    private func say(_ message: String) {
        Messages.logger.info("\(message)")
    }
}

