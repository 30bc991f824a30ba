import FileAccess
import Foundation
import Logging
import LogTestSupport

/// What the job tests share: a logger that says nothing, and a job's output written into the test's folder.
class FusionJobTestCase: RawLogTestCase {
    let quiet = Logger(label: "test.fusion-jobs") { _ in SwiftLogNoOpLogHandler() }

    /// Runs `job` writing to `name` in the test's folder, committed; returns the path.
    func output(_ name: String, _ job: (OutputFiles.Staged) throws -> Void) throws -> String {
        let outputs = OutputFiles()
        let staged = try outputs.stage(folder.appendingPathComponent(name).path, option: "the output")
        try job(staged)
        try outputs.commit()
        return staged.path
    }
}
