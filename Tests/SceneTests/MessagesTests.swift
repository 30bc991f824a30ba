import AttitudeLog
import Foundation
import InMemoryLogging
import Logging
import LogLoading
import LogTestSupport
import Scene
import XCTest

/// Messages through swift-log: what the shared loader says, at which level, captured in memory rather
/// than read from stderr (MessagesCommandTests in CommandLineTests: `--quiet` and `--verbose` on the real
/// `attitude` binary).
final class MessagesTests: RawLogTestCase {
    private func capture(level: Logger.Level) -> (Logger, InMemoryLogHandler) {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        return (Logger(label: "test", factory: { _ in handler }), handler)
    }

    func testTheLoaderSaysWhatItFusesAtInfoAndHowItReadAtDebug() throws {
        let path = try rawLog()
        let (info, infoEntries) = capture(level: .info)
        _ = try loadAnyAttitudeLog(path: path, logger: info)
        let said = infoEntries.entries.map { "\($0.message)" }
        XCTAssertTrue(infoEntries.entries.contains { $0.level == .info && "\($0.message)".hasPrefix("fusing 2000 raw samples of \(path) (9d)") }, "\(said)")
        XCTAssertFalse(said.contains { $0.contains("reading a raw IMU log") }, "debug detail stays out at info: \(said)")

        let (debug, debugEntries) = capture(level: .debug)
        _ = try loadAnyAttitudeLog(path: path, logger: debug)
        XCTAssertTrue(debugEntries.entries.contains { $0.level == .debug && "\($0.message)" == "\(path): reading a raw IMU log" },
                      "\(debugEntries.entries.map { "\($0.message)" })")
    }

    func testAGapInARawLogIsAWarningAndErrorLevelSilencesIt() throws {
        let path = try rawLogWithAGap()
        let (warnings, entries) = capture(level: .info)
        _ = try loadAnyAttitudeLog(path: path, logger: warnings)
        let gaps = entries.entries.filter { "\($0.message)".contains(": gap in gap.csv: no sample for 5.01 s") }
        XCTAssertEqual(gaps.count, 1, "\(entries.entries.map { "\($0.message)" })")
        XCTAssertEqual(gaps.first?.level, .warning)

        let (quiet, quietEntries) = capture(level: .error)
        _ = try loadAnyAttitudeLog(path: path, logger: quiet)
        XCTAssertEqual(quietEntries.entries.map { "\($0.message)" }, [], "nothing below an error gets through")
    }
}
