import SafeText
import XCTest
@testable import IMUD

final class EndpointTests: XCTestCase {
    func testValidEndpoints() throws {
        XCTAssertEqual(try IMUDEndpoint(parsing: "unix:/run/imud/imud-stream.sock"), .default)
        XCTAssertEqual(try IMUDEndpoint(parsing: "tcp:127.0.0.1:10112"), .tcp(host: "127.0.0.1", port: 10112))
        XCTAssertEqual(try IMUDEndpoint(parsing: "tcp:imud.local:10112"), .tcp(host: "imud.local", port: 10112))
        XCTAssertEqual(try IMUDEndpoint(parsing: "tcp:[::1]:10112"), .tcp(host: "::1", port: 10112))
        XCTAssertEqual(try IMUDEndpoint(parsing: "udp:10111"), .udp(group: nil, bindAddress: nil, port: 10111))
        XCTAssertEqual(try IMUDEndpoint(parsing: "udp:239.255.0.1@10111"), .udp(group: "239.255.0.1", bindAddress: nil, port: 10111))
        XCTAssertEqual(try IMUDEndpoint(parsing: "udp:127.0.0.1:9000"), .udp(group: nil, bindAddress: "127.0.0.1", port: 9000))
        for text in ["unix:/tmp/x.sock", "tcp:127.0.0.1:1", "tcp:[::1]:10112", "udp:239.255.0.1@10111", "udp:127.0.0.1:9000"] {
            XCTAssertEqual(try IMUDEndpoint(parsing: text).description, text)
        }
    }

    func testInvalidEndpointsSayWhatIsWrongAndWhatIsExpected() {
        let cases: [(String, String)] = [
            ("/run/imud/imud-stream.sock", "no transport prefix"),
            ("unix:", "path is empty"),
            ("unix:/" + String(repeating: "a", count: 120), "longer than 107"),
            ("tcp:127.0.0.1", "no port after the host"),
            ("tcp:127.0.0.1:0", "'0' is not a number from 1 to 65535"),
            ("tcp:127.0.0.1:70000", "'70000'"),
            ("tcp::10112", "host is empty"),
            ("udp:", "is not a number"),
            ("udp:10.0.0.1@10111", "not an IPv4 multicast group"),
            ("udp:bad:10111", "not an IPv4 address"),
            ("http:imud:80", "unknown transport 'http'"),
        ]
        for (text, why) in cases {
            XCTAssertThrowsError(try IMUDEndpoint(parsing: text), text) { error in
                let message = "\(error)"
                // The value as MessageText shows a bad value: at most 60 characters, then an ellipsis.
                let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
                XCTAssertTrue(message.hasPrefix("the endpoint '\(shown)': "), message)
                XCTAssertTrue(message.contains(why), "\(message) should say \(why)")
                XCTAssertTrue(message.contains("unix:PATH, tcp:HOST:PORT or udp:[GROUP@][ADDRESS:]PORT"), message)
            }
        }
    }
}
