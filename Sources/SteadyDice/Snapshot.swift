import ArgumentParser
import AttitudeLog
import AttitudeMath
import CSVText
import Foundation
import FusionOptions
import Imaging
import Render

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders one frame offscreen (no window, no X display) and writes it as an upright RGB PNG.",
        discussion: """
        Give exactly one attitude source: --log (with --at), --attitude, or --imud (with --timeout).
        With --hud the smoothed tilt is the seed's filter over the log's rows up to --at.
        The PNG is exactly what `run` shows in a window of the same size.
        """)

    @Option(help: "Attitude log (steady-dice CSV, Sensor Logger Orientation.csv, or a raw IMU log to fuse).")
    var log: String?

    @Option(help: "Playback time in seconds into --log (its first sample is t = 0).")
    var at: Double = 0

    @Option(parsing: .unconditional, help: "A device-to-world quaternion w,x,y,z (Hamilton, normalised on input).",
            transform: { try QuaternionArgument.parseOption($0) })
    var attitude: QuaternionArgument?

    @OptionGroup var imudOptions: IMUDOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    @Option(help: "With --imud: seconds to wait for the first valid packet.")
    var timeout: Double = 5

    @Option(parsing: .unconditional, help: "Frame size, WxH.", transform: { try Size.parseOption($0) })
    var size: Size

    @OptionGroup var backgroundOptions: BackgroundOptions

    @OptionGroup var relativeAttitude: RelativeAttitudeOptions

    @OptionGroup var modelOptions: ModelOptions

    @OptionGroup var hudOptions: HUDOptions

    @OptionGroup var cameraOptions: CameraOptions

    @Option(name: [.customShort("o"), .long], help: "Output PNG file.")
    var output: String

    @Option(help: "Folder holding shaders/ and models/ (default: $STEADY_DICE_ASSETS, else the package checkout).")
    var assets: String?

    func validate() throws {
        try cameraOptions.validate(with: backgroundOptions)
        let sources = [log != nil, attitude != nil, imudOptions.isSet].filter { $0 }.count
        guard sources == 1 else { throw ValidationError("give exactly one of --log, --attitude or --imud") }
        guard timeout > 0, timeout <= 86400 else { throw ValidationError("--timeout must be a positive number of seconds, at most 86400 (a day)") }
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("--output must name a .png file") }
        guard at.isFinite else { throw ValidationError("--at must be a number of seconds") }
        if log == nil && at != 0 { throw ValidationError("--at needs --log") }
        if log == nil && magnetometer.isSet { throw magnetometerNeedsALog }
        try hudOptions.validate(size: size)
    }

    func run() throws {
        try exitOnFailure {
            let source = try resolveSource()
            let setup = try cameraOptions.load()
            let backgroundProvider = try backgroundOptions.makeProvider(forSnapshot: true)
            defer { backgroundProvider?.stop() }
            let background = try backgroundProvider?.latest().map {
                try setup.prepare(background: $0.image, source: backgroundOptions.sourceName)
            }
            let state = source.scene(relativeAttitude: relativeAttitude, hud: hudOptions.hud)
            let image = try renderOffscreen(size: size, assetsFolder: assets, clearColor: backgroundOptions.clearColor,
                                            background: background, model: modelOptions.model,
                                            state: setup.scene(state, width: size.width, height: size.height), setup: setup)
            try image.write(path: output)
            print("wrote \(output) (\(size.width)x\(size.height))")
        }
    }


    private func resolveSource() throws -> SceneSource {
        if let attitude {
            return SceneSource(worldFromDevice: attitude.quaternion, history: [attitude.quaternion], frame: fixedAttitudeFrameName,
                          description: "fixed attitude (--attitude)", fusion: "none")
        }
        if let client = try imudOptions.makeClient() {
            defer { client.stop() }
            let q = try client.waitForFirstValid(timeout: timeout).worldFromDevice
            return SceneSource(worldFromDevice: q, history: [q], frame: imudFrameName,
                          description: "imud, first packet",
                          fusion: client.state == .connected ? "imud's, converged" : "imud's, not converged (starting up)")
        }
        guard let log else { throw ValidationError("give --log, --attitude or --imud") }
        let (attitudeLog, fusion) = try loadAttitudeLogWithFusion(path: log, magnetometer: magnetometer, platform: recording.platform)
        guard at >= 0, at <= attitudeLog.duration else {
            throw AppError(String(format: "--at %g is outside %@, which runs from 0 to %.3f s", at, log, attitudeLog.duration))
        }
        return SceneSource(log: attitudeLog, fusion: fusion, path: log, at: at)
    }
}

/// The attitude to draw, the attitudes before it (for the smoothed tilt), and how the HUD names them:
/// what `snapshot` draws, and `render` for each of its frames.
struct SceneSource {
    let worldFromDevice: Quaternion
    let history: [Quaternion]
    let frame: String
    let description: String
    let fusion: String

    /// A log at playback time `at`: the attitude there, after every sample before it.
    init(log: AttitudeLog, fusion: FusionTrack?, path: String, at: Double) {
        let q = log.attitude(at: at)
        self.init(worldFromDevice: q, history: log.samples.filter { $0.t < at }.map(\.worldFromDevice) + [q],
                  frame: frameName(of: log),
                  description: String(format: "%.2f/%.2f s ", at, log.duration) + URL(fileURLWithPath: path).lastPathComponent,
                  fusion: fusionSummary(fusion, of: log, at: at))
    }

    init(worldFromDevice: Quaternion, history: [Quaternion], frame: String, description: String, fusion: String) {
        self.worldFromDevice = worldFromDevice
        self.history = history
        self.frame = frame
        self.description = description
        self.fusion = fusion
    }

    /// The scene before a camera is applied: the attitude relative to the reference pose, and the HUD
    /// when asked, its tilt smoothed by the seed's filter over every attitude up to the one drawn.
    func scene(relativeAttitude: RelativeAttitudeOptions, hud: Bool) -> SceneState {
        let drawn = relativeAttitude.apply(to: worldFromDevice)
        var state = SceneState(worldFromDevice: drawn)
        if hud {
            var filter = ScalarKalmanFilter()
            let smoothed = history.map { filter.update(AttitudeViews.tiltDegrees(relativeAttitude.apply(to: $0))) }.last
            state.hud = HUDReadout(worldFromDevice: drawn, smoothedTilt: smoothed, frame: frame,
                                   reference: relativeAttitude.reference, source: description, fusion: fusion)
        }
        return state
    }
}

/// Renders one frame in a headless EGL context and reads it back upright.
func renderOffscreen(size: Size, assetsFolder: String?, clearColor: RGBColor, background: RGBImage?,
                     model: SceneModel = .die, state: SceneState, setup: CameraSetup = .seed) throws -> RGBImage {
    let context = try HeadlessContext()
    defer { withExtendedLifetime(context) {} }
    let assets = try Assets.locate(explicit: assetsFolder)
    let renderer = try SceneRenderer(assets: assets, model: model)
    if state.hud != nil { try renderer.prepareHUD() }
    renderer.clearColor = clearColor
    setup.install(on: renderer)
    let target = try OffscreenTarget(width: size.width, height: size.height)
    target.bind()
    renderer.setBackground(background, generation: 0, viewportWidth: size.width, viewportHeight: size.height)
    renderer.draw(state, width: size.width, height: size.height)
    return target.readImage()
}

/// Runs `body`; an error is printed as `steady-dice: <message>` and the process exits 1.
func exitOnFailure(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ValidationError {
        throw error
    } catch {
        FileHandle.standardError.write(Data("steady-dice: \(MessageText.line("\(error)"))\n".utf8))
        throw ExitCode(1)
    }
}
