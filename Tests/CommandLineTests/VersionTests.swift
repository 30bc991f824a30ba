import SteadyDiceKit
import CommandLineSupport
import TestSupport
import XCTest

/// `--version` on both executables prints the one version the package keeps (`SteadyDiceVersion`).
final class VersionTests: XCTestCase {
    func testBothExecutablesPrintTheOneVersion() throws {
        XCTAssertNotNil(SteadyDiceVersion.string.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression))
        for tool in ["steady-dice", "attitude"] {
            let result = try BuiltTool.run(tool, ["--version"], timeout: 30)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, SteadyDiceVersion.string + "\n", tool)
        }
    }
}

/// What a start of either executable loads: OpenCV's imgcodecs and videoio, with GDAL, GStreamer and about 240
/// libraries behind them, cost 0.15 CPU-seconds at every start when linked; the shim loads them when a picture or a
/// video needs them (Package.swift's CVShim).
final class StartCostTests: XCTestCase {
    func testNeitherExecutableLoadsOpenCVsPictureAndVideoModulesAtStart() throws {
        for tool in ["steady-dice", "attitude"] {
            // The dynamic loader lists what it loads, and stops before the program runs.
            var environment = ProcessInfo.processInfo.environment
            environment["LD_TRACE_LOADED_OBJECTS"] = "1"
            let result = try BuiltTool.run(tool, [], environment: environment, timeout: 30)
            XCTAssertEqual(result.status, 0, result.stderr)
            let libraries = result.stdout.split(separator: "\n")
            XCTAssertTrue(libraries.contains { $0.contains("libopencv_core.") }, "\(tool): \(result.stdout)")
            for module in ["libopencv_imgcodecs.", "libopencv_videoio.", "libgdal.", "libgstreamer-"] {
                XCTAssertFalse(libraries.contains { $0.contains(module) }, "\(tool) loads \(module) at every start")
            }
            XCTAssertLessThan(libraries.count, 200, "\(tool) loads \(libraries.count) libraries at every start")
        }
    }
}
