import Foundation
import XCTest

/// ffmpeg as tests run it to make clips: quiet, overwriting its output, no terminal input.
public enum FFmpeg {
    /// Where scripts/setup installs it (Debian's ffmpeg).
    public static let path = "/usr/bin/ffmpeg"

    /// Runs ffmpeg over `arguments`; a missing ffmpeg, or a run that fails, fails the test with what ffmpeg said.
    public static func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("ffmpeg is not installed at \(path): run scripts/setup", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let result = try BuiltTool.run(URL(fileURLWithPath: path), ["-nostdin", "-v", "error", "-y"] + arguments, timeout: 120)
        XCTAssertEqual(result.status, 0, "ffmpeg \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
    }
}
