import AttitudeMath
import Foundation
import Logging
import Render
import Scene

/// The window's keys on its pipeline, each said on the log: the reference pose (R takes the current attitude,
/// Shift-R returns to absolute attitude), the HUD (H) and the time offset ([ and ]); and on its source, a log's
/// pause (Space) and seeks (the arrows). The frame itself is composed by the pipeline, as `snapshot`'s is.
public final class ViewControls {
    public let pipeline: WallClockPipeline
    private let logger: Logger

    public init(pipeline: WallClockPipeline, logger: Logger = Logger(label: "steady-dice.window")) {
        self.pipeline = pipeline
        self.logger = logger
    }

    /// Carries out `key` at monotonic time `now`; S and Q/Esc, which are the window's own, change nothing here.
    func perform(_ key: WindowKey, now: Double, renderer: SceneRenderer) {
        switch key {
        case .togglePause: pipeline.source.togglePause(now: now)
        case .seek(let seconds): pipeline.source.seek(by: seconds, now: now)
        case .takeReference: takeReference(now: now)
        case .clearReference: clearReference()
        case .nudgeTimeOffset(let seconds): nudgeTimeOffset(by: seconds, now: now)
        case .toggleHUD: toggleHUD(renderer: renderer)
        case .snapshot, .close: break
        }
    }

    /// R: the current absolute attitude becomes the reference pose; nothing happens without one.
    public func takeReference(now: Double) {
        guard let q = pipeline.takeReference(now: now) else { return }
        logger.info("reference pose \(q) taken: drawing the attitude relative to it (Shift-R: absolute)")
    }

    /// Shift-R: back to absolute attitude.
    public func clearReference() {
        pipeline.clearReference()
        logger.info("absolute attitude (R takes a reference pose)")
    }

    /// H: shows or hides the HUD, loading its font the first time. A font that cannot be loaded is
    /// reported and leaves the HUD off.
    public func toggleHUD(renderer: SceneRenderer) {
        let showing = pipeline.composer.showsHUD
        if !showing {
            do {
                try renderer.prepareHUD()
            } catch {
                logger.info("cannot show the HUD: \(error)")
                return
            }
        }
        pipeline.setHUD(!showing)
        logger.info(!showing ? "HUD shown (H hides it)" : "HUD hidden (H shows it)")
    }

    /// [ and ]: changes the time offset and says what it is now. A log's playback moves by the change.
    public func nudgeTimeOffset(by delta: Double, now: Double) {
        guard pipeline.timeOffset.clock != .none else {
            logger.info("a fixed attitude has no clock: [ and ] change nothing")
            return
        }
        let change = pipeline.nudgeTimeOffset(by: delta, now: now)
        let seconds = pipeline.timeOffset.seconds
        let limit = change == 0 ? String(format: " (the live limit is ±%g s)", TimeOffsetControl.liveLimit) : ""
        logger.info("\(String(format: "time offset %+.3f s%@: give --time-offset %.3f to start with it", seconds, limit, seconds))")
    }
}
