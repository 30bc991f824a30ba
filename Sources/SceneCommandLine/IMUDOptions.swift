import CommandLineSupport
import SafeText
import ArgumentParser
import Scene
import AttitudeMath
import CSVText
import Foundation
import IMUD

/// `--coord-frame`: `ned` or `enu`, in any case.
extension IMUDCoordFrame: StrictArgument {
    /// Chosen over the raw value's: any case, as `parseOption` takes it.
    public init?(argument: String) { self.init(name: argument) }

    public static func parseOption(_ text: String) throws -> IMUDCoordFrame {
        guard let frame = IMUDCoordFrame(name: text) else { throw ValidationError("expected ned or enu") }
        return frame
    }
}

/// imud's `--mount` for `feed`: a preset or ROLL,PITCH,YAW degrees (`IMUDMount(parsing:)`).
extension IMUDMount: StrictArgument {
    public static func parseOption(_ text: String) throws -> IMUDMount {
        try IMUDMount(parsing: text, option: "--mount")
    }
}

/// `--coord-frame`: the frame imud's quaternions are in, as `run` and `snapshot` read them from a daemon and `feed` writes
/// them.
public struct IMUDCoordFrameOption: ParsableArguments {
    public init() {}

    @Option(name: .customLong("coord-frame"), parsing: .unconditional,
            help: ArgumentHelp("Reference frame of imud's quaternions: ned (imud's default) or enu (default: ned).", valueName: "ned|enu"),
            transform: { try IMUDCoordFrame.parseOption($0) })
    public var coordFrame: IMUDCoordFrame = .ned
}

/// The options that take attitude live from imud, shared by `run` and `snapshot`.
public struct IMUDOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("Take attitude live from imud: unix:PATH, tcp:HOST:PORT or udp:[GROUP@]PORT; "
                               + "`default` is unix:\(IMUDEndpoint.defaultUnixPath).", valueName: "endpoint"))
    public var imud: String?

    @OptionGroup public var frame: IMUDCoordFrameOption
    public var coordFrame: IMUDCoordFrame { frame.coordFrame }

    public var isSet: Bool { imud != nil }

    /// A bad --imud is a command-line error (exit 64), found before anything starts.
    public func validate() throws {
        do {
            _ = try configuration()
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The client configuration for the endpoint, with the mount of `--mount` or `--calibration`; nil
    /// without --imud. Throws a message naming the bad option.
    public func configuration(mount: IMUDMount = .aligned) throws -> IMUDClient.Configuration? {
        guard let imud else { return nil }
        let endpoint = imud == "default" ? IMUDEndpoint.default : try IMUDEndpoint(parsing: imud, option: "--imud")
        return IMUDClient.Configuration(endpoint: endpoint, coordFrame: coordFrame, mount: mount)
    }
}

