import AttitudeMath
import Foundation
#if canImport(Glibc)
import Glibc
import MonotonicTime
#endif

// MARK: - Errors

/// The message of the current `errno`.
func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

// MARK: - Wake pipe

/// A non-blocking pipe that wakes a thread sleeping in `poll`: for stop requests and signals.
// @unchecked Sendable: the two descriptors are constants; writing a byte to a pipe and draining it
// are system calls that are safe from any thread.
final class WakePipe: @unchecked Sendable {
    let readFD: Int32
    let writeFD: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw IMUDError("cannot create a pipe: \(errnoText())") }
        for fd in fds {
            Socket.setNonBlocking(fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// Safe from any thread; a full pipe already holds a wake-up.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    func drain() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(readFD, &scratch, scratch.count) > 0 {}
    }

    deinit {
        close(readFD)
        close(writeFD)
    }
}

// MARK: - Socket helpers

enum Socket {
    static func make(_ family: Int32, _ type: Int32) throws -> Int32 {
        let fd = socket(family, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw IMUDError("cannot create a socket: \(errnoText())") }
        return fd
    }

    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Sleeps until the monotonic `deadline` with nanosecond resolution.
    static func sleep(until deadline: Double) {
        let remaining = deadline - MonotonicClock.now()
        guard remaining > 0 else { return }
        var request = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var v = value
        _ = setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size))
    }

    static func unixAddress(_ path: String) throws -> sockaddr_un {
        // An empty path would bind an autobound abstract socket nobody can name, or connect to nothing.
        guard !path.isEmpty else { throw IMUDError("the socket path is empty") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw IMUDError("socket path \(path) is longer than \(capacity - 1) bytes") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    static func withSockaddr<A, R>(_ address: inout A, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<A>.size)) }
        }
    }

    static func ipv4Address(_ host: String, _ port: UInt16) -> sockaddr_in? {
        guard let ip = IMUDEndpoint.ipv4(host) else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = ip
        return address
    }

    // MARK: Clients

    /// Connects to an AF_UNIX stream socket; the descriptor is left blocking.
    static func connectUnix(path: String) throws -> Int32 {
        var address = try unixAddress(path)
        let fd = try make(AF_UNIX, Int32(SOCK_STREAM.rawValue))
        let result = withSockaddr(&address) { connect(fd, $0, $1) }
        guard result == 0 else {
            let code = errno
            close(fd)
            switch code {
            case ENOENT: throw IMUDError("\(path) does not exist (is imud running?)")
            case ECONNREFUSED: throw IMUDError("nothing is listening on \(path)")
            case EACCES: throw IMUDError("permission denied on \(path) (join the imud group?)")
            default: throw IMUDError("cannot connect to \(path): \(errnoText(code))")
            }
        }
        return fd
    }

    /// Resolves `host` and connects over TCP, giving up after `timeout` seconds per address.
    static func connectTCP(host: String, port: UInt16, timeout: Double) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw IMUDError("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            guard let fd = try? make(info.pointee.ai_family, info.pointee.ai_socktype) else { continue }
            setNonBlocking(fd)
            var result = connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            if result != 0 && errno == EINPROGRESS {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&pfd, 1, pollMilliseconds(timeout)) == 1 {
                    var code: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
                    result = code == 0 ? 0 : -1
                    errno = code
                } else {
                    errno = ETIMEDOUT
                }
            }
            if result == 0 {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                return fd
            }
            lastError = errno == ECONNREFUSED ? "connection refused" : errnoText()
            close(fd)
        }
        throw IMUDError("cannot connect to \(host):\(port): \(lastError)")
    }

    /// Binds a UDP socket to `port` on `bindAddress` (nil: every interface) and joins `group` if given.
    static func bindUDP(group: String?, bindAddress: String?, port: UInt16) throws -> Int32 {
        guard var address = ipv4Address(bindAddress ?? "0.0.0.0", port) else {
            throw IMUDError("\(bindAddress ?? "") is not an IPv4 address")
        }
        let fd = try make(AF_INET, Int32(SOCK_DGRAM.rawValue))
        setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        setOption(fd, SOL_SOCKET, SO_REUSEPORT, 1)
        guard withSockaddr(&address, { bind(fd, $0, $1) }) == 0 else {
            let text = errnoText()
            close(fd)
            throw IMUDError("cannot listen on UDP port \(port): \(text)")
        }
        if let group, let groupAddress = IMUDEndpoint.ipv4(group) {
            var request = ip_mreq(imr_multiaddr: groupAddress, imr_interface: IMUDEndpoint.ipv4(bindAddress ?? "0.0.0.0") ?? in_addr())
            guard setsockopt(fd, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, socklen_t(MemoryLayout<ip_mreq>.size)) == 0 else {
                let text = errnoText()
                close(fd)
                throw IMUDError("cannot join multicast group \(group): \(text)")
            }
        }
        setNonBlocking(fd)
        return fd
    }

    // MARK: Servers

    /// The file a listener bound, to remove at the end only if it is still that one.
    struct BoundSocketFile: Equatable {
        let path: String
        let device: UInt64
        let inode: UInt64

        /// Removes the socket file, unless something else now sits at the path (another publisher's socket,
        /// a file a user put there): only the very file this process bound is unlinked.
        func removeIfStillOurs() {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK,
                  UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else { return }
            unlink(path)
        }
    }

    /// Listens on an AF_UNIX stream socket. A stale socket file nobody answers on is replaced;
    /// a live one is an error, so a running imud is never hijacked. Returns the descriptor and the file bound.
    static func listenUnix(path: String) throws -> (fd: Int32, file: BoundSocketFile) {
        var address = try unixAddress(path)
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                throw IMUDError("\(path) exists and is not a socket; refusing to replace it")
            }
            if let probe = try? connectUnix(path: path) {
                close(probe)
                throw IMUDError("another publisher is already serving \(path)")
            }
            unlink(path)
        }
        let fd = try make(AF_UNIX, Int32(SOCK_STREAM.rawValue))
        guard withSockaddr(&address, { bind(fd, $0, $1) }) == 0 else {
            let text = errnoText()
            close(fd)
            throw IMUDError("cannot create socket \(path): \(text)")
        }
        var bound = stat()
        guard lstat(path, &bound) == 0 else {
            let text = errnoText()
            close(fd)
            throw IMUDError("cannot examine the socket \(path) just created: \(text)")
        }
        let file = BoundSocketFile(path: path, device: UInt64(bound.st_dev), inode: UInt64(bound.st_ino))
        guard listen(fd, 16) == 0 else {
            let text = errnoText()
            close(fd)
            file.removeIfStillOurs()
            throw IMUDError("cannot listen on \(path): \(text)")
        }
        setNonBlocking(fd)
        return (fd, file)
    }

    /// Listens on TCP `host:port` (port 0: any free port). Returns the descriptor and the bound port.
    static func listenTCP(host: String, port: UInt16) throws -> (fd: Int32, port: UInt16) {
        guard var address = ipv4Address(host, port) else {
            throw IMUDError("the TCP listen address \"\(host)\" is not an IPv4 address")
        }
        let fd = try make(AF_INET, Int32(SOCK_STREAM.rawValue))
        setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        guard withSockaddr(&address, { bind(fd, $0, $1) }) == 0, listen(fd, 16) == 0 else {
            let text = errnoText()
            close(fd)
            throw IMUDError("cannot listen on TCP \(host):\(port): \(text)")
        }
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        setNonBlocking(fd)
        return (fd, UInt16(bigEndian: bound.sin_port))
    }
}

/// `seconds` as poll(2)'s timeout: checked, since a user's `--timeout 1e300` does not fit an Int32 of
/// milliseconds. Clamped to 0...3600 s; the callers loop until their own deadline.
func pollMilliseconds(_ seconds: Double) -> Int32 {
    guard seconds > 0 else { return 0 }
    guard seconds.isFinite, seconds < 3600 else { return 3_600_000 }
    return Int32(seconds * 1000)
}
