import Foundation

/// A Unix-domain socket bound at a path, so that a socket exists there (for tests of what a path is).
public enum UnixSocket {
    /// Binds a new stream socket at `path` and returns its descriptor (the caller closes it), or -1 when
    /// the path does not fit `sun_path` or `bind` fails.
    public static func bound(at path: String) -> Int32 {
        var address = sockaddr_un()
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return -1 }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            close(fd)
            return -1
        }
        return fd
    }
}
