import AttitudeMath
import Composition
import Foundation
import Logging
import Render

/// What the window adds on top of the attitude source: the reference pose (R takes the current
/// attitude, Shift-R returns to absolute attitude), the HUD (H) and the frame rate. The frame itself is
/// composed by `FrameComposer`, as `snapshot` composes its picture.
public final class ViewControls {
    public private(set) var composer: FrameComposer
    /// The reference frame W of the source, as the HUD names it.
    public let frameName: String
    private let logger: Logger
    /// Times of the frames drawn in the last second.
    private var frameTimes: [Double] = []

    public init(reference: Quaternion?, showsHUD: Bool, frameName: String, logger: Logger = Logger(label: "steady-dice.window")) {
        composer = FrameComposer(reference: reference, showsHUD: showsHUD)
        self.frameName = frameName
        self.logger = logger
    }

    public var reference: Quaternion? { composer.reference }
    public var showsHUD: Bool { composer.showsHUD }

    /// R: the current absolute attitude becomes the reference pose; nothing happens without one.
    public func takeReference(_ worldFromDevice: Quaternion?) {
        guard let worldFromDevice else { return }
        composer.setReference(worldFromDevice)
        logger.info("reference pose \(worldFromDevice) taken: drawing the attitude relative to it (Shift-R: absolute)")
    }

    /// Shift-R: back to absolute attitude.
    public func clearReference() {
        composer.setReference(nil)
        logger.info("absolute attitude (R takes a reference pose)")
    }

    /// H: shows or hides the HUD, loading its font the first time. A font that cannot be loaded is
    /// reported and leaves the HUD off.
    public func toggleHUD(renderer: SceneRenderer) {
        if !showsHUD {
            do {
                try renderer.prepareHUD()
            } catch {
                logger.info("cannot show the HUD: \(error)")
                return
            }
        }
        composer.showsHUD.toggle()
        logger.info(showsHUD ? "HUD shown (H hides it)" : "HUD hidden (H shows it)")
    }

    /// The scene for one frame drawn at monotonic time `now` from the source's `reading`: one step of the
    /// HUD's tilt filter per frame drawn.
    public func scene(for reading: AttitudeReading, source: String, fusion: String, now: Double) -> SceneState {
        frameTimes.append(now)
        frameTimes.removeAll { now - $0 > 1 }
        let span = (frameTimes.last ?? now) - (frameTimes.first ?? now)
        let rate = frameTimes.count > 1 && span > 0 ? Double(frameTimes.count - 1) / span : 0
        return composer.scene(reading, labels: HUDLabels(frame: frameName, source: source, fusion: fusion, framesPerSecond: rate),
                              stepsFilter: true)
    }
}
