import ArgumentParser
import AttitudeMath
import CommandLineSupport
import IMUD

/// `--mount`: a rotation w,x,y,z for every attitude source, or imud's preset / ROLL,PITCH,YAW form.
public enum MountArgument {
    /// R with v_D = R·v_S from the IMU frame S to the device frame D.
    case rotation(Quaternion)
    /// imud's camera-body-from-IMU-body mount (a preset or Euler degrees): imud only.
    case imud(IMUDMount)

    /// Four comma-separated numbers are a quaternion; anything else is imud's form, parsed strictly.
    public static func parseOption(_ text: String) throws -> MountArgument {
        if text.split(separator: ",", omittingEmptySubsequences: false).count == 4 {
            do {
                return .rotation(try Quaternion.parseOption(text))
            } catch {
                throw ValidationError("--mount: \(error)")
            }
        }
        return .imud(try IMUDMount.parseOption(text))
    }
}
