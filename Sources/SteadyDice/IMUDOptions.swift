import ArgumentParser
import AttitudeMath
import Foundation
import IMUD

/// The options that take attitude live from imud, shared by `run` and `snapshot`.
struct IMUDOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Take attitude live from imud: unix:PATH, tcp:HOST:PORT or udp:[GROUP@]PORT; "
                               + "`default` is unix:\(IMUDEndpoint.defaultUnixPath).", valueName: "endpoint"))
    var imud: String?

    @Option(name: .customLong("coord-frame"),
            help: ArgumentHelp("Reference frame of imud's quaternion: ned (imud's default) or enu.", valueName: "ned|enu"))
    var coordFrame: String = "ned"

    @Option(parsing: .unconditional, help: ArgumentHelp("How the IMU sits on the camera: a preset (aligned, yaw90, yaw180, yaw270, roll90, "
                               + "roll180 = upside-down, roll270, pitch90, pitch270) or ROLL,PITCH,YAW degrees, "
                               + "v_camera = Rz(yaw)·Ry(pitch)·Rx(roll)·v_imu.", valueName: "mount"))
    var mount: String = "aligned"

    var isSet: Bool { imud != nil }

    /// A client for the endpoint, not yet started. Throws a message naming the bad option.
    func makeClient() throws -> IMUDClient? {
        guard let imud else { return nil }
        let endpoint = imud == "default" ? IMUDEndpoint.default : try IMUDEndpoint(parsing: imud, option: "--imud")
        guard let frame = IMUDCoordFrame(name: coordFrame) else {
            throw ValidationError("--coord-frame \"\(coordFrame)\": expected ned or enu")
        }
        return IMUDClient(endpoint: endpoint, coordFrame: frame, mount: try IMUDMount(parsing: mount, option: "--mount"))
    }
}

/// Live attitude from imud. The die is greyed unless imud says fusion has converged and packets arrive.
final class IMUDAttitudeProvider: AttitudeProvider {
    private let client: IMUDClient

    init(client: IMUDClient) {
        self.client = client
        client.start()
    }

    deinit { client.stop() }

    func reading(now: Double) -> AttitudeReading {
        // Before the first packet there is no attitude to show: the background only, never a made-up one.
        AttitudeReading(worldFromDevice: client.latest()?.worldFromDevice, greyed: client.state != .connected)
    }

    func status(now: Double) -> String {
        let stats = client.statistics
        let version = stats.wireVersion.map { ", wire v\($0)" } ?? ""
        return "imud \(client.state)\(version), \(stats.validPackets) packets, \(stats.sequenceGaps) gaps"
    }
}
