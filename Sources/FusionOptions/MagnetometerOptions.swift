import ArgumentParser
import Foundation
import Fusion
import RawLog

/// Options that calibrate the magnetometer of a raw IMU log before fusion, shared by the
/// `attitude` tool (`fuse`, `eval`) and by `steady-dice` (`run`, `snapshot`, `feed` with a raw log).
public struct MagnetometerOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Hard-iron offset to subtract from every magnetometer sample of a raw IMU log, "
                               + "µT in the sensor frame.", valueName: "x,y,z"),
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

    /// `log` with its magnetometer calibrated as asked, and the calibration applied (nil for none).
    public func apply(to log: RawIMULog) throws -> (log: RawIMULog, calibration: HardIronCalibration?) {
        guard isSet else { return (log, nil) }
        guard let mag = log.mag else {
            let option = magCalibrate ? "--mag-calibrate" : "--mag-offset"
            throw RawLogError(path: log.path, "\(option) needs magnetometer samples, and the log has none")
        }
        let calibration: HardIronCalibration
        if let magOffset {
            calibration = HardIronCalibration(offset: magOffset.vector)
        } else {
            do {
                calibration = try HardIronCalibration.fit(mag)
            } catch {
                throw RawLogError(path: log.path, "\(error)")
            }
        }
        return (calibration.apply(to: log), calibration)
    }
}

/// Three comma-separated numbers.
public struct Vector3Argument: ExpressibleByArgument, Sendable {
    public let vector: SIMD3<Double>

    public init(vector: SIMD3<Double>) { self.vector = vector }

    public init?(argument: String) {
        guard let parsed = try? Self.parseOption(argument) else { return nil }
        self = parsed
    }
}
