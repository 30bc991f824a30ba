import ArgumentParser
import AttitudeMath
import Foundation
import FusionOptions
import Imaging
import Render

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders one frame offscreen (no window, no X display) and writes it as an upright RGB PNG.",
        discussion: """
        Give exactly one attitude source: --log (with --at), --attitude, or --imud (with --timeout).
        The PNG is exactly what `run` shows in a window of the same size.
        """)

    @Option(help: "Attitude log (steady-dice CSV, Sensor Logger Orientation.csv, or a raw IMU log to fuse).")
    var log: String?

    @Option(help: "Playback time in seconds into --log (its first sample is t = 0).")
    var at: Double = 0

    @Option(parsing: .unconditional, help: "A device-to-world quaternion w,x,y,z (Hamilton, normalised on input).")
    var attitude: QuaternionArgument?

    @OptionGroup var imudOptions: IMUDOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @Option(help: "With --imud: seconds to wait for the first valid packet.")
    var timeout: Double = 5

    @Option(help: "Frame size, WxH.")
    var size: Size

    @OptionGroup var backgroundOptions: BackgroundOptions

    @OptionGroup var cameraOptions: CameraOptions

    @Option(name: [.customShort("o"), .long], help: "Output PNG file.")
    var output: String

    @Option(help: "Folder holding shaders/ and models/ (default: $STEADY_DICE_ASSETS, else the package checkout).")
    var assets: String?

    func validate() throws {
        try cameraOptions.validate(with: backgroundOptions)
        let sources = [log != nil, attitude != nil, imudOptions.isSet].filter { $0 }.count
        guard sources == 1 else { throw ValidationError("give exactly one of --log, --attitude or --imud") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("--output must name a .png file") }
        guard at.isFinite else { throw ValidationError("--at must be a number of seconds") }
        if log == nil && at != 0 { throw ValidationError("--at needs --log") }
        if log == nil && magnetometer.isSet { throw magnetometerNeedsALog }
    }

    func run() throws {
        try exitOnFailure {
            let worldFromDevice = try resolveAttitude()
            let setup = try cameraOptions.load()
            let backgroundProvider = try backgroundOptions.makeProvider(forSnapshot: true)
            defer { backgroundProvider?.stop() }
            let background = try backgroundProvider?.latest().map {
                try setup.prepare(background: $0.image, source: backgroundOptions.sourceName)
            }
            let image = try renderOffscreen(size: size, assetsFolder: assets, clearColor: backgroundOptions.clearColor,
                                            background: background,
                                            state: setup.scene(worldFromDevice: worldFromDevice, width: size.width, height: size.height),
                                            setup: setup)
            try image.write(path: output)
            print("wrote \(output) (\(size.width)x\(size.height))")
        }
    }

    private func resolveAttitude() throws -> Quaternion {
        if let attitude { return attitude.quaternion }
        if let client = try imudOptions.makeClient() {
            defer { client.stop() }
            return try client.waitForFirstValid(timeout: timeout).worldFromDevice
        }
        guard let log else { throw ValidationError("give --log, --attitude or --imud") }
        let attitudeLog = try loadAttitudeLog(path: log, magnetometer: magnetometer)
        guard at >= 0, at <= attitudeLog.duration else {
            throw AppError(String(format: "--at %g is outside %@, which runs from 0 to %.3f s", at, log, attitudeLog.duration))
        }
        return attitudeLog.attitude(at: at)
    }
}

/// Renders one frame in a headless EGL context and reads it back upright.
func renderOffscreen(size: Size, assetsFolder: String?, clearColor: RGBColor, background: RGBImage?,
                     state: SceneState, setup: CameraSetup = .seed) throws -> RGBImage {
    let context = try HeadlessContext()
    defer { withExtendedLifetime(context) {} }
    let assets = try Assets.locate(explicit: assetsFolder)
    let renderer = try SceneRenderer(assets: assets)
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
        FileHandle.standardError.write(Data("steady-dice: \(error)\n".utf8))
        throw ExitCode(1)
    }
}
