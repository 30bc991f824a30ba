import SafeText
import CSVText
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a client finds imud: `unix:PATH`, `tcp:HOST:PORT` or `udp:[GROUP@][ADDRESS:]PORT`.
public enum IMUDEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// imud's local AF_UNIX stream socket.
    case unix(path: String)
    /// imud's TCP stream listener (imud's default port is 10112).
    case tcp(host: String, port: UInt16)
    /// imud's high-rate UDP datagrams (default port 10111). `group` is an IPv4 multicast group to join;
    /// `bindAddress` is the local IPv4 address to listen on (nil: every interface, which also receives broadcast).
    case udp(group: String?, bindAddress: String?, port: UInt16)

    public static let defaultUnixPath = "/run/imud/imud-stream.sock"
    /// `unix:/run/imud/imud-stream.sock`
    public static let `default` = IMUDEndpoint.unix(path: defaultUnixPath)

    static let syntax = "unix:PATH, tcp:HOST:PORT or udp:[GROUP@][ADDRESS:]PORT"

    /// Parses an endpoint. `option` names what gave the text in error messages (the command line passes its option).
    public init(parsing text: String, option: String = "the endpoint") throws {
        func fail(_ why: String) -> IMUDError {
            IMUDError("\(option) \(MessageText.quoted(text)): \(why) (expected \(IMUDEndpoint.syntax), e.g. unix:\(IMUDEndpoint.defaultUnixPath), "
                + "tcp:127.0.0.1:10112, udp:10111 or udp:239.255.0.1@10111)")
        }
        guard let colon = text.firstIndex(of: ":") else { throw fail("no transport prefix") }
        let scheme = text[..<colon].lowercased()
        let rest = String(text[text.index(after: colon)...])
        switch scheme {
        case "unix":
            guard !rest.isEmpty else { throw fail("the socket path is empty") }
            guard rest.utf8.count < 108 else { throw fail("the socket path is longer than 107 bytes") }
            self = .unix(path: rest)
        case "tcp":
            let (host, portText) = try IMUDEndpoint.splitHostPort(rest, fail: fail)
            guard !host.isEmpty else { throw fail("the host is empty") }
            self = .tcp(host: host, port: try IMUDEndpoint.port(portText, fail: fail))
        case "udp":
            var address = rest
            var group: String?
            if let at = rest.firstIndex(of: "@") {
                let name = String(rest[..<at])
                guard IMUDEndpoint.isIPv4Multicast(name) else {
                    throw fail("\(MessageText.quoted(name)) is not an IPv4 multicast group (224.0.0.0 to 239.255.255.255)")
                }
                group = name
                address = String(rest[rest.index(after: at)...])
            }
            var bindAddress: String?
            var portText = address
            if address.contains(":") {
                let (host, port) = try IMUDEndpoint.splitHostPort(address, fail: fail)
                guard IMUDEndpoint.ipv4(host) != nil else { throw fail("the local address \(MessageText.quoted(host)) is not an IPv4 address") }
                bindAddress = host
                portText = port
            }
            self = .udp(group: group, bindAddress: bindAddress, port: try IMUDEndpoint.port(portText, fail: fail))
        default:
            throw fail("unknown transport \(MessageText.quoted(scheme))")
        }
    }

    public var description: String {
        switch self {
        case .unix(let path): return "unix:\(path)"
        case .tcp(let host, let port): return host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
        case .udp(let group, let bindAddress, let port):
            return "udp:" + (group.map { "\($0)@" } ?? "") + (bindAddress.map { "\($0):" } ?? "") + "\(port)"
        }
    }

    /// Whether packets arrive as a byte stream that needs framing (unix, tcp) rather than as datagrams.
    public var isStream: Bool {
        if case .udp = self { return false }
        return true
    }

    // MARK: - Parsing helpers

    /// Splits `HOST:PORT` or `[IPV6]:PORT` at the port's colon.
    static func splitHostPort(_ text: String, fail: (String) -> IMUDError) throws -> (String, String) {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw fail("unclosed \"[\" in the host") }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let after = text[text.index(after: close)...]
            guard after.hasPrefix(":") else { throw fail("no port after the host") }
            return (host, String(after.dropFirst()))
        }
        guard let colon = text.lastIndex(of: ":") else { throw fail("no port after the host") }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    static func port(_ text: String, fail: (String) -> IMUDError) throws -> UInt16 {
        guard let value = UInt16(text), value > 0 else { throw fail("the port \(MessageText.quoted(text)) is not a number from 1 to 65535") }
        return value
    }

    /// The address in network byte order, or nil when `text` is not a dotted IPv4 address.
    static func ipv4(_ text: String) -> in_addr? {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1 ? address : nil
    }

    static func isIPv4Multicast(_ text: String) -> Bool {
        guard let address = ipv4(text) else { return false }
        return (UInt32(bigEndian: address.s_addr) >> 28) == 0xE
    }
}
