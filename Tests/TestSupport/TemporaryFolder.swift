import Foundation

/// Scratch folders for tests: made empty in setUp, removed in tearDown.
public enum TemporaryFolder {
    /// Makes a new empty folder `PREFIX-UUID` in the system's temporary folder.
    public static func make(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Makes a new empty folder `/tmp/PREFIX-XXXXXX` for a Unix socket: under /tmp rather than $TMPDIR, as a socket's path
    /// may not pass 107 bytes, and a long $TMPDIR would fail the test on the path instead of the feature.
    public static func makeForSockets(_ prefix: String) throws -> URL {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return URL(fileURLWithPath: String(cString: made))
    }
}
