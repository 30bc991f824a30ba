import ArgumentParser
import CalibrationFiles
import CommandLineSupport
import Scene
import AttitudeMath
import CSVText
import Foundation
import IMUD
import Rig

/// How the attitude source sits on the camera and on the camera's clock: `--calibration`, `--mount`,
/// `--time-offset`. Shared by `run`, `snapshot` and `render`.
public struct AttitudeCalibrationOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("A `steady-dice calibrate` file: its camera matrix as --intrinsics, its imu_to_camera "
                               + "as --mount and its time_offset_s as --time-offset.", valueName: "cal.yaml"))
    public var calibration: String?

    /// The file these options read, which no output of the same command may replace.
    public var inputPaths: [String?] { [calibration] }

    @Option(parsing: .unconditional,
            help: ArgumentHelp("How the attitude source sits on the camera: w,x,y,z, the rotation R with v_D = R·v_S from "
                               + "the source's frame S to the device frame D (any source). With --imud also a preset "
                               + "(aligned, yaw90, yaw180, yaw270, roll90, roll180 = upside-down, roll270, pitch90, pitch270) "
                               + "or ROLL,PITCH,YAW degrees, v_camera = Rz(yaw)·Ry(pitch)·Rx(roll)·v_imu.", valueName: "mount"),
            transform: { try MountArgument.parseOption($0) })
    public var mount: MountArgument?

    @Option(name: .customLong("time-offset"), parsing: .unconditional,
            help: ArgumentHelp("Seconds between the camera's clock and the log's: the video frame at video time t shows "
                               + "the attitude at log time t + S. Live (run --imud): the frame that arrived at t shows the "
                               + "attitude that arrived at t + S, |S| at most 1.", valueName: "S"),
            transform: { text -> Double in
                let value: Double
                do { value = try OptionValues.numbers(text, counts: [1], shape: "S")[0] } catch {
                    throw ValidationError("--time-offset: \(error)")
                }
                let limit = Int(Rig.largestTimeOffsetSeconds)
                guard abs(value) <= Double(limit) else {
                    throw ValidationError(DrawingSettingsError.timeOffsetOutOfRange(limitSeconds: limit).commandLineMessage)
                }
                return value
            })
    public var timeOffsetSeconds: Double?

    /// What these options and the camera given (`--fov`, `--intrinsics` read) give beside or instead of the calibration file.
    func overrides(camera: GivenCamera) -> RigOverrides {
        let given: GivenMount = switch mount {
        case .rotation(let deviceFromIMU)?: .rotation(deviceFromIMU)
        case .imud?: .imudsOwnForm
        case nil: .none
        }
        return RigOverrides(camera: camera, mount: given, timeOffsetSeconds: timeOffsetSeconds)
    }

    /// Refuses `--time-offset` for an attitude source that cannot take it (`TimeOffset.check`): `clock` is the clock the
    /// command draws the source on, nil where it has none to shift (`--attitude`; and `snapshot --imud`, which draws
    /// imud's first packet once, as a fixed attitude), `.live` for `run --imud` (within ±1 s). Beside `--calibration` a
    /// source with no clock is left to the file's rule, which refuses an offset the file determines as given twice
    /// (`Rig.apply`); a live offset past its limit is refused either way.
    public func validate(timeOffsetOn clock: TimeOffset.Clock?) throws {
        guard let offset = timeOffsetSeconds else { return }
        do throws(TimeOffsetError) { try TimeOffset.check(given: offset, sourceClock: clock) } catch {
            switch error {
            case .noClock where calibration != nil: break
            case .noClock: throw ValidationError("--time-offset needs --log (or run's --imud): \(error) (--attitude, or the one packet snapshot draws of --imud)")
            case .beyondLiveLimit: throw ValidationError(String(format: "--time-offset %g with --imud: %@", offset, "\(error)"))
            }
        }
    }

    /// imud's preset and Euler forms name imud's body frame; other sources take w,x,y,z.
    public func validate(imud: Bool) throws {
        if case .imud? = mount, !imud {
            throw ValidationError("--mount as a preset or ROLL,PITCH,YAW applies to --imud only; "
                                  + "for a log or --attitude give the rotation R as w,x,y,z")
        }
    }

    /// The mount imud's frame mapping takes, once `settings` has the calibration applied: the file's or the rotation
    /// given (`settings.deviceFromIMU`) composed onto imud's body frame, else the preset or Euler form given, else aligned.
    public func imudMount(applied settings: DrawingSettings) -> IMUDMount {
        if let deviceFromIMU = settings.deviceFromIMU { return IMUDMount(deviceFromIMU: deviceFromIMU) }
        if case .imud(let m)? = mount { return m }
        return .aligned
    }

    /// Reads `--calibration` once and applies it with what these options and `settings`' camera give beside it to an attitude
    /// source timed by `clock` (`DrawingSettings.apply(calibration:given:clock:)`, the one rule), printing its notes. An
    /// option given for what the file determines is refused, naming both. Where that leaves no camera (no `--fov`, no
    /// `--intrinsics`, no camera the file determines) and the `video` drawn over names a camera with a bundled lens
    /// profile, drawing takes the profile's lens (`LensProfileCamera`), said in one line.
    public func apply(to settings: inout DrawingSettings, clock: TimeOffset.Clock, video: String? = nil) throws {
        let rig = try calibration.map { (rig: try Rig.read(path: $0), path: $0) }
        let notes = try settings.apply(calibration: rig, given: overrides(camera: settings.camera.given), clock: clock, video: video)
        for note in notes {
            switch note.level {
            case .info: Messages.logger.info("\(commandLineText(for: note))")
            case .warning: Messages.logger.warning("\(commandLineText(for: note))")
            }
        }
    }
}
