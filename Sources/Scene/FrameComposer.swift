import AttitudeLog
import AttitudeMath
import Foundation
import LogLoading
import Render

/// One frame's scene from an attitude: relative to the reference pose when there is one, with the HUD's
/// readout and its smoothed tilt. The window (`run`), `snapshot`, `render` and `Snapshotter` all compose
/// their frames here, so the window's frame is the snapshot's for the same attitude.
///
/// The HUD's smoothed tilt is the articles' scalar Kalman filter over the tilt of the attitudes measured
/// before the frame (`advance(over:)`) and then the one drawn: a log's samples for a log-driven picture,
/// one step per drawn frame for the window's live sources.
public struct FrameComposer {
    /// The device-to-world reference pose the attitude is drawn relative to (`reference⁻¹ · q`); nil: absolute.
    public private(set) var reference: Quaternion?
    public var showsHUD: Bool
    private var tiltFilter = ScalarKalmanFilter()

    public init(reference: Quaternion?, showsHUD: Bool) {
        self.reference = reference
        self.showsHUD = showsHUD
    }

    /// A new reference pose (nil: absolute attitude); the smoothed tilt starts again.
    public mutating func setReference(_ reference: Quaternion?) {
        self.reference = reference
        tiltFilter.reset()
    }

    /// The smoothed tilt starts again, as at a seek backwards.
    public mutating func restartTilt() { tiltFilter.reset() }

    /// Steps the HUD's tilt filter over attitudes measured before the next frame (device-to-world, before
    /// the reference pose is applied).
    public mutating func advance(over attitudes: some Sequence<Quaternion>) {
        for q in attitudes { _ = tiltFilter.update(AttitudeViews.tiltDegrees(relative(q))) }
    }

    /// The scene of one frame drawing `reading`. With `stepsFilter` the attitude drawn is a measurement the
    /// next frames' tilt follows (the window); without, it ends this frame's smoothing only (a log's next
    /// frame follows the log's samples, not it).
    public mutating func scene(_ reading: AttitudeReading, labels: @autoclosure () -> HUDLabels, stepsFilter: Bool) -> SceneState {
        let drawn = reading.worldFromDevice.map(relative)
        var state = SceneState(worldFromDevice: drawn, greyed: reading.greyed)
        guard showsHUD else {
            if stepsFilter, let drawn { _ = tiltFilter.update(AttitudeViews.tiltDegrees(drawn)) }
            return state
        }
        var filter = tiltFilter
        let smoothed = drawn.map { filter.update(AttitudeViews.tiltDegrees($0)) }
        if stepsFilter { tiltFilter = filter }
        let labels = labels()
        state.hud = HUDReadout(worldFromDevice: drawn, smoothedTilt: smoothed, frame: reading.frame ?? labels.frame,
                               reference: reference, source: labels.source, fusion: labels.fusion,
                               framesPerSecond: labels.framesPerSecond)
        return state
    }

    /// A world-from-device attitude relative to the reference pose, or as it is without one.
    private func relative(_ worldFromDevice: Quaternion) -> Quaternion { SceneSource.relative(worldFromDevice, to: reference) }
}
