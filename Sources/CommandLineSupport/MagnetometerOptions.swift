import ArgumentParser
import Foundation
import Fusion
import LogLoading
import RawLog

/// Options that calibrate the magnetometer of a raw IMU log before fusion, shared by the
/// `attitude` tool (`fuse`, `eval`) and by `steady-dice` (`run`, `snapshot`, `feed` with a raw log).
public struct MagnetometerOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Hard-iron offset to subtract from every magnetometer sample of a raw IMU log, "
                               + "µT in the IMU frame.", valueName: "x,y,z"),
            transform: { try Vector3Argument.parseOption($0) })
    public var magOffset: Vector3Argument?

    @Flag(help: ArgumentHelp("Fit the hard-iron offset to a raw IMU log's own magnetometer samples (a sphere fit "
                             + "over the whole log, so not causal) and subtract it. The log must turn through "
                             + "many orientations."))
    public var magCalibrate = false

    public init() {}

    public func validate() throws {
        if magOffset != nil && magCalibrate { throw ValidationError("give --mag-offset or --mag-calibrate, not both") }
    }

    /// True when either option was given.
    public var isSet: Bool { magOffset != nil || magCalibrate }

    /// Refuses the options for a 6D run, which never reads the magnetometer.
    public func check(mode: FusionMode?) throws {
        if mode == .sixD && isSet {
            throw ValidationError("--mag-offset and --mag-calibrate calibrate the magnetometer, which --mode 6d does not use")
        }
    }

    /// The library's correction these options stand for.
    public var correction: MagnetometerCorrection {
        if let magOffset { return .offset(magOffset.vector) }
        return magCalibrate ? .fit : .none
    }
}

/// The magnetometer options given without a raw log to apply them to.
public let magnetometerNeedsALog = ValidationError("--mag-offset and --mag-calibrate apply to a raw IMU log given with --log")

extension MagnetometerCorrectionError: CommandLineWorded {
    /// The correction refused as the command line says it, naming the option that asked for it.
    public var commandLineMessage: String {
        switch self {
        case .attitudeLog(let path):
            return "\(path): --mag-offset and --mag-calibrate apply to raw IMU logs, and this is an attitude log"
        case .noMagnetometer(let path, let fit):
            return "\(path): \(fit ? "--mag-calibrate" : "--mag-offset") needs magnetometer samples, and the log has none"
        }
    }
}
