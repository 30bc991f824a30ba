import CommandTestSupport
import Foundation
import TestSupport
import XCTest

/// Rules the repository keeps, checked on the checkout: each guide's contents list current, docs/architecture.md's
/// tables and graph what Package.swift declares and the layer order held (and the check failing on an edge against
/// it), ffmpeg and locks each in one place in the tests, README.md short.
final class RepositoryRulesTests: XCTestCase {
    /// Each guide's contents list links every section: `scripts/maintainer/readme-contents` run on a copy changes nothing.
    func testGuidesContentsListsAreCurrent() throws {
        let docs = Fixtures.checkout.appendingPathComponent("docs")
        let guides = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertGreaterThan(guides.count, 5, "docs/ holds \(guides)")
        for guide in guides {
            let copy = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString)-\(guide)")
            defer { try? FileManager.default.removeItem(at: copy) }
            try FileManager.default.copyItem(at: docs.appendingPathComponent(guide), to: copy)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Fixtures.checkout.appendingPathComponent("scripts/maintainer/readme-contents").path, copy.path]
            try process.run()
            CommandHarness.finish(process, within: 30, what: "scripts/maintainer/readme-contents")
            XCTAssertEqual(process.terminationStatus, 0, guide)
            XCTAssertEqual(try String(contentsOf: copy, encoding: .utf8),
                           try String(contentsOf: docs.appendingPathComponent(guide), encoding: .utf8),
                           "docs/\(guide)'s contents list is out of date: run scripts/maintainer/readme-contents")
        }
    }

    /// docs/architecture.md's modules table and dependency graph are what Package.swift declares:
    /// `scripts/maintainer/architecture-graph --check` passes on the checkout, and fails, naming the line, on a
    /// copy whose table lost a dependency.
    func testTheArchitectureDocMatchesThePackage() throws {
        let script = Fixtures.checkout.appendingPathComponent("scripts/maintainer/architecture-graph")
        let doc = Fixtures.checkout.appendingPathComponent("docs/architecture.md")
        let current = try BuiltTool.run(script, ["--check"], timeout: 120)
        XCTAssertEqual(current.status, 0, "docs/architecture.md differs from Package.swift: run scripts/maintainer/architecture-graph\n"
                       + current.stderr)

        let text = try String(contentsOf: doc, encoding: .utf8)
        let row = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("| `CSVText` |") }, "the table has no CSVText row")
        let broken = text.replacingOccurrences(of: row, with: row.replacingOccurrences(of: "`SafeText`", with: "—"))
        let copy = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString)-architecture.md")
        defer { try? FileManager.default.removeItem(at: copy) }
        try broken.write(to: copy, atomically: true, encoding: .utf8)
        let stale = try BuiltTool.run(script, ["--check", "--doc", copy.path], timeout: 120)
        XCTAssertEqual(stale.status, 1, stale.stderr)
        XCTAssertTrue(stale.stderr.contains("does not match Package.swift") && stale.stderr.contains("| `CSVText` |"), stale.stderr)

        // A module whose `///` line is missing from the manifest fails too, naming it, whatever the doc says.
        let manifest = try String(contentsOf: Fixtures.checkout.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try XCTUnwrap(manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(".target(name: \"AttitudeMath\"") }, "no AttitudeMath target")
        var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[line - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///"), lines[line - 1])
        // The whole comment, however many lines it takes.
        var first = line - 1
        while first > 0 && lines[first - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { first -= 1 }
        lines.removeSubrange(first..<line)
        let undescribed = copy.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString)-Package.swift")
        defer { try? FileManager.default.removeItem(at: undescribed) }
        try lines.joined(separator: "\n").write(to: undescribed, atomically: true, encoding: .utf8)
        let silent = try BuiltTool.run(script, ["--check", "--manifest", undescribed.path], timeout: 120)
        XCTAssertEqual(silent.status, 1, silent.stderr)
        XCTAssertTrue(silent.stderr.contains("`AttitudeMath` has no `///` line above its target"), silent.stderr)
    }

    /// The layer order docs/architecture.md states is enforced on Package.swift: `architecture-graph` passes on the
    /// package's own dump, and fails, naming the edge and the layers, on the same dump with one dependency added against
    /// the order: an estimator on a reader (Calibration on RawLog, the edge its synthetic motion once made), one piece of
    /// composition on another (Scene on FusionJobs, the edge its log loading once made), and the renderer on OpenCV through
    /// Imaging (an edge the layers allow, drawing over readers, and the table of what a module never reaches does not).
    func testTheArchitectureCheckFailsOnADependencyAgainstTheLayers() throws {
        let script = Fixtures.checkout.appendingPathComponent("scripts/maintainer/architecture-graph")
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString)-layers")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A scratch path of its own: `swift test` holds .build's lock.
        let dump = try BuiltTool.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--package-path", Fixtures.checkout.path,
                                                                          "--scratch-path", scratch.path, "dump-package"], timeout: 120)
        XCTAssertEqual(dump.status, 0, dump.stderr)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

        func check(adding added: String?, to module: String) throws -> BuiltTool.Result {
            var package = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
            if let added {
                var targets = try XCTUnwrap(package["targets"] as? [[String: Any]])
                let index = try XCTUnwrap(targets.firstIndex { $0["name"] as? String == module }, "no target \(module)")
                targets[index]["dependencies"] = try XCTUnwrap(targets[index]["dependencies"] as? [Any]) + [["byName": [added, NSNull()]]]
                package["targets"] = targets
            }
            let file = scratch.appendingPathComponent("package-\(module)-\(added ?? "as-is").json")
            try JSONSerialization.data(withJSONObject: package).write(to: file)
            return try BuiltTool.run(script, ["--check", "--package-json", file.path], timeout: 120)
        }

        let asIs = try check(adding: nil, to: "Calibration")
        XCTAssertEqual(asIs.status, 0, asIs.stderr)
        for (module, added, named) in [("Calibration", "RawLog", "Calibration -> RawLog: estimators may not depend on readers"),
                                       ("Scene", "FusionJobs", "Scene -> FusionJobs: composition may not depend on composition"),
                                       ("Render", "Imaging", "Render -> Imaging -> CVShim: Render never reaches CVShim")] {
            let against = try check(adding: added, to: module)
            XCTAssertEqual(against.status, 1, against.stderr)
            XCTAssertTrue(against.stderr.contains("departs from the layer order") && against.stderr.contains(named), against.stderr)
        }
    }

    /// One place for ffmpeg and for a lock in the tests: no Swift file under Tests/ names ffmpeg's path but
    /// CommandTestSupport's FFmpeg.swift (every clip a test makes goes through `FFmpeg.run`), and none makes an NSLock
    /// of its own (a value threads share is Workers' `Locked`; TestSupport's `LockedCollections.swift` for what threads
    /// collect).
    func testFFmpegAndLocksHaveOnePlace() throws {
        let tests = Fixtures.checkout.appendingPathComponent("Tests")
        // Split so that this file does not name what it looks for.
        let ffmpegPath = "\"/usr/bin/" + "ffmpeg\"", lock = "NSLock" + "()"
        let allowed: [String: Set<String>] = [ffmpegPath: ["CommandTestSupport/FFmpeg.swift"], lock: []]
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100, "the tests' Swift files under \(tests.path)")
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            for (needle, places) in allowed where !places.contains(file) && text.contains(needle) {
                found.append("Tests/\(file) has \(needle)")
            }
        }
        XCTAssertEqual(found, [], "ffmpeg is run through FFmpeg.run (CommandTestSupport), a value behind a lock is Workers' Locked")
    }

    /// README.md stays a short door: what it is, the two commands, the picture, the guides.
    func testTheReadmeIsShort() throws {
        let lines = try String(contentsOf: Fixtures.checkout.appendingPathComponent("README.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertLessThan(lines, 200, "README.md has \(lines) lines: move detail into a guide in docs/")
    }
}
