/// An error whose exit status the command-line module over its library states, where `ExitStatus.of` cannot name the
/// error's type without linking that library: the frame pipeline's (`Scene`, which draws with OpenGL and which `attitude`
/// does not link), stated in `SceneCommandLine`.
public protocol StatedExitStatus: Error {
    /// The status a command ended by this error exits with.
    var exitStatus: ExitStatus { get }
}
