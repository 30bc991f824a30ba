/// Renders one frame in a headless EGL context and reads it back upright: `steady-dice snapshot`'s
/// picture, and each of `Snapshotter`'s.
///
/// - Parameters:
///   - assets: the located `shaders/` and `models/` (`Assets.locate`).
///   - background: the picture behind the die, already prepared by `setup` (nil: `clearColor` only).
///   - state: the scene, already seen through `setup`'s camera.
public func renderOffscreen(width: Int, height: Int, assets: Assets, clearColor: RGBColor, background: RGBImage?,
                            model: SceneModel = .die, state: SceneState, setup: CameraSetup = .seed) throws -> RGBImage {
    let context = try HeadlessContext()
    defer { withExtendedLifetime(context) {} }
    let renderer = try SceneRenderer(assets: assets, model: model)
    if state.hud != nil { try renderer.prepareHUD() }
    renderer.clearColor = clearColor
    setup.install(on: renderer)
    let target = try OffscreenTarget(width: width, height: height)
    target.bind()
    renderer.setBackground(background, generation: 0, viewportWidth: width, viewportHeight: height)
    renderer.draw(state, width: width, height: height)
    return target.readImage()
}
