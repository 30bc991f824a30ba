import Foundation
import TestSupport
import XCTest

/// Clips made by `steady-dice calibration-clip`, made once per build of the executable and shared by every test
/// (and every test process of a parallel run) that asks for the same options: a cache under the build folder,
/// keyed by the executable's identity and the options.
///
/// The files are the cache's own: a test reads them and writes its outputs elsewhere. An entry is made in a
/// folder of its own under a lock and renamed into place whole, so a process that finds one finds it complete.
public enum SyntheticClips {
    /// The environment variable naming the cache's folder (default: `test-fixtures` beside the executables' folder).
    public static let folderVariable = "STEADY_DICE_FIXTURE_CACHE"

    /// One made clip: the paths of its outputs, by the names given to `make`, and what calibration-clip said.
    public struct Made: Sendable {
        public var paths: [String: String]
        public var stderr: String

        public subscript(_ name: String) -> String {
            guard let path = paths[name] else { preconditionFailure("no output named \(name); made \(paths.keys.sorted())") }
            return path
        }
    }

    /// Runs `steady-dice calibration-clip OPTIONS` with each output option of `outputs` (option to a file name, such
    /// as `["--video": "clip.mkv", "--log": "raw.csv"]`; a name ending in `/` is a folder of pictures) in the cache,
    /// unless an earlier run with the same options made it. Fails the test when calibration-clip fails.
    public static func make(_ options: [String], outputs: [String: String], timeout: Double = 600,
                            file: StaticString = #filePath, line: UInt = #line) throws -> Made {
        let executable = try BuiltTool.url("steady-dice")
        let attributes = try FileManager.default.attributesOfItem(atPath: executable.path)
        let stamp = "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)-\(attributes[.size] as? Int ?? 0)"
        let sortedOutputs = outputs.sorted { $0.key < $1.key }
        let key = fnv1a(([executable.path, stamp] + options + sortedOutputs.flatMap { [$0.key, $0.value] }).joined(separator: "\u{1F}"))
        let root = try root(for: executable)
        let build = root.appendingPathComponent(fnv1a(executable.path + stamp))
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        removeStale(in: root, keeping: build)
        let entry = build.appendingPathComponent(key)
        let paths = Dictionary(uniqueKeysWithValues: sortedOutputs.map {
            ($0.key, entry.appendingPathComponent($0.value).path + ($0.value.hasSuffix("/") ? "/" : ""))
        })
        let said = entry.appendingPathComponent("stderr.txt")

        let lock = open(build.appendingPathComponent("\(key).lock").path, O_CREAT | O_RDWR, 0o644)
        guard lock >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: build.path]) }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        defer { flock(lock, LOCK_UN) }
        if FileManager.default.fileExists(atPath: said.path) {
            return Made(paths: paths, stderr: (try? String(contentsOf: said, encoding: .utf8)) ?? "")
        }
        let partial = build.appendingPathComponent("\(key).partial-\(getpid())")
        try? FileManager.default.removeItem(at: partial)
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
        let arguments = ["calibration-clip"] + options + sortedOutputs.flatMap { output -> [String] in
            [output.key, partial.appendingPathComponent(output.value).path + (output.value.hasSuffix("/") ? "/" : "")]
        }
        let run = try BuiltTool.run(executable, arguments, timeout: timeout, file: file, line: line)
        guard run.status == 0 else {
            try? FileManager.default.removeItem(at: partial)
            XCTFail("calibration-clip \(options.joined(separator: " ")) exited \(run.status): \(run.stderr)", file: file, line: line)
            throw Requirement.Missing("the synthetic clip could not be made")
        }
        try run.stderr.write(to: partial.appendingPathComponent("stderr.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(at: partial, to: entry)
        return Made(paths: paths, stderr: run.stderr)
    }

    /// The cache's folder: `$STEADY_DICE_FIXTURE_CACHE`, or `test-fixtures` beside the executables' folder.
    private static func root(for executable: URL) throws -> URL {
        if let named = ProcessInfo.processInfo.environment[folderVariable], !named.isEmpty { return URL(fileURLWithPath: named) }
        return executable.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("test-fixtures")
    }

    /// Removes the entries of other builds of the executable not touched for an hour (a clip is tens of megabytes).
    private static func removeStale(in root: URL, keeping current: URL) {
        let manager = FileManager.default
        let hourAgo = Date(timeIntervalSinceNow: -3600)
        for other in (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        where other.lastPathComponent != current.lastPathComponent {
            let modified = (try? other.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            if modified < hourAgo { try? manager.removeItem(at: other) }
        }
    }

    /// FNV-1a, 64 bits, as 16 hexadecimal digits: a name, not a checksum against tampering.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(format: "%016llx", hash)
    }
}
