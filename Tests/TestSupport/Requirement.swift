import Foundation
import XCTest

/// What a test needs from the machine (a display, a built executable, a tool). A missing need is a
/// failure, not a skip: a run that silently skips the window, CLI or fuzz tests would otherwise pass.
/// The one skip a run may take is `allowedSkip(_:)`, for a condition of the machine that the test
/// cannot undo; each is named in `Tests/allowed-skips.txt`, which scripts/test checks and prints.
public enum Requirement {
    /// Thrown when something the test needs is missing: XCTest records a thrown error as a failure.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Throws `Missing` unless an X display is set (scripts/test runs the suite under xvfb-run).
    public static func display() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw Missing("no X display (DISPLAY is unset): run the tests under xvfb-run, as scripts/test does")
        }
    }

    /// The executable at the first of `paths` that exists; throws `Missing` naming `package` (the
    /// Debian package scripts/setup installs) when none does.
    public static func tool(_ paths: [String], package: String) throws -> URL {
        guard let path = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing("\(paths[0]) is not installed: run scripts/setup (it installs \(package))")
        }
        return URL(fileURLWithPath: path)
    }

    /// Skips the test, saying `reason`; only for a machine condition the test cannot change (a webcam present).
    /// The skip's test must be listed in Tests/allowed-skips.txt, or scripts/test fails the run.
    public static func allowedSkip(_ reason: String) -> XCTSkip {
        XCTSkip("allowed skip: \(reason)")
    }
}
