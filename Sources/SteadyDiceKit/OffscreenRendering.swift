/// Renders one frame in a headless EGL context and reads it back upright: `steady-dice snapshot`'s
/// picture, and each of `Snapshotter`'s.
///
/// - Parameters:
///   - assets: the located `shaders/` and `models/` (`Assets.locate`).
///   - background: the picture behind the die, already prepared by `setup` (nil: `clearColor` only).
///   - state: the scene, already seen through `setup`'s camera.
public func renderOffscreen(width: Int, height: Int, assets: Assets, clearColor: RGBColor, background: RGBImage?,
                            model: SceneModel = .die, state: SceneState, setup: CameraSetup = .seed) throws -> RGBImage {
    // Seeing a scene through the setup again changes nothing: it sets the same camera and anchor.
    let options = SnapshotOptions(model: model, backgroundColor: clearColor, hud: state.hud != nil)
    return try OffscreenScene(width: width, height: height, assets: assets, options: options, setup: setup)
        .draw(state, background: background)
}
