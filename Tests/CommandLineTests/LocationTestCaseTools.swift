import CommandTestSupport
import LogTestSupport

extension LocationTestCase {
    /// Runs `attitude` with `arguments`, with a deadline; its exit status, stdout and stderr.
    func attitude(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try run("attitude", arguments)
    }

    /// Runs the built executable `name` (`attitude` or `steady-dice`) with a deadline.
    func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try BuiltTool.run(name, arguments)
        return (result.status, result.stdout, result.stderr)
    }
}
