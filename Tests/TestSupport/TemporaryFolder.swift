import Foundation

/// Scratch folders for tests: made empty in setUp, removed in tearDown.
public enum TemporaryFolder {
    /// Makes a new empty folder `PREFIX-UUID` in the system's temporary folder.
    public static func make(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
