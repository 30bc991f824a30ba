import AttitudeLog
import AttitudeMath
import Foundation
import XCTest
@testable import IMUD

/// A wire version given from outside (`feed --wire`, a library caller) that steady-dice does not write is a typed
/// error naming imud's field, thrown before any packet is made or output opened, never a trap.
final class WireVersionInputTests: SocketTestCase {
    private let unknown = IMUDFieldError(field: "version", value: "15", expected: "14 or 17")

    func testTheKnownVersionsPassAndAnotherNamesTheField() throws {
        for version in IMUDPacket.knownVersions { XCTAssertEqual(try IMUDPacket.checkedVersion(version), version) }
        XCTAssertThrowsError(try IMUDPacket.checkedVersion(15)) { XCTAssertEqual($0 as? IMUDFieldError, unknown) }
        XCTAssertThrowsError(try IMUDPacket.checkedVersion(UInt16.max)) {
            XCTAssertEqual(($0 as? IMUDFieldError)?.description, "imud packet field version = 65535: expected 14 or 17")
        }
    }

    func testAPublisherRefusesAnUnknownVersionAndKeepsTheOneItHad() throws {
        XCTAssertThrowsError(try IMUDPublisher(outputs: [], wireVersion: 15)) { XCTAssertEqual($0 as? IMUDFieldError, unknown) }
        let publisher = try IMUDPublisher(outputs: [], wireVersion: 17)
        XCTAssertThrowsError(try publisher.setWireVersion(0)) { XCTAssertEqual(($0 as? IMUDFieldError)?.field, "version") }
        XCTAssertEqual(publisher.wireVersion, 17, "a refused version leaves the one set")
        XCTAssertEqual(publisher.packet(worldFromDevice: .identity, flags: [], imuSeq: 0).encoded().count, 276)
        try publisher.setWireVersion(14)
        XCTAssertEqual(publisher.packet(worldFromDevice: .identity, flags: [], imuSeq: 1).encoded().count, 260)
        publisher.close()
    }

    func testAFeedRefusesAnUnknownVersionBeforeOpeningItsSocket() throws {
        let log = try AttitudeLog(samples: [AttitudeSample(t: 0, worldFromDevice: .identity), AttitudeSample(t: 1, worldFromDevice: .identity)],
                                  frame: .xMagneticNorthZVertical)
        let path = socketPath("feed.sock")
        XCTAssertThrowsError(try IMUDFeed(log: log, outputs: [.unix(path: path)], mapping: IMUDFrameMapping(), wireVersion: 15,
                                          options: IMUDReplayOptions())) { XCTAssertEqual($0 as? IMUDFieldError, unknown) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no socket made for a feed that cannot run")
    }
}
