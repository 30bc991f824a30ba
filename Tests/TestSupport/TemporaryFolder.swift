import Foundation
import XCTest

/// Scratch folders for tests: made empty in setUp, removed in tearDown (`TemporaryFolderTestCase` does both).
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

/// A test case with a scratch folder of its own for each test (`folder`), made in setUp and removed in tearDown, and the
/// files it writes there.
open class TemporaryFolderTestCase: XCTestCase {
    public var folder: URL!

    /// The start of the folder's name, which says whose it is when one is left behind.
    open var folderPrefix: String { "steady-dice-test" }

    /// Whether the folder holds a Unix socket, and so must have a short path (`TemporaryFolder.makeForSockets`).
    open var folderHoldsSockets: Bool { false }

    open override func setUpWithError() throws {
        folder = try folderHoldsSockets ? TemporaryFolder.makeForSockets(folderPrefix) : TemporaryFolder.make(folderPrefix)
    }

    open override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the folder (creating subfolders) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
