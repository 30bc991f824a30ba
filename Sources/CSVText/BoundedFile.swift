import Foundation

/// A file that cannot be read as a log, with the line when the problem is on one.
public struct FileReadError: Error, CustomStringConvertible, Sendable {
    /// 1-based, when the problem is a line.
    public let line: Int?
    /// What is wrong, without the path (readers put it in their own error with the path).
    public let reason: String

    public init(line: Int? = nil, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}

/// Reading a whole log file with bounds, for every log reader.
///
/// - Only regular files and FIFOs (`<(xz -dc log.csv.xz)`) are read. A folder, a character device
///   (`/dev/zero`, `/dev/null`, a terminal), a block device or a socket is refused by what it is, before
///   any byte is read.
/// - No line may be longer than `lineLimit` bytes. Reading stops at the first line that passes it, so a
///   file of one endless line (a binary file, a runaway writer) costs at most a chunk more than the limit.
public enum BoundedFile {
    /// 64 KiB. The longest line of any log we read is a header: Sensor Logger's and x-IMU3's are under
    /// 400 bytes, a data row under 200. 64 KiB is well over a hundred times that, and small enough that a
    /// file which is not a log is refused after reading little of it.
    public static let lineLimit = 64 * 1024
    static let chunkSize = 1 << 20

    /// The whole file at `path`, checked as above.
    public static func read(path: String) throws(FileReadError) -> Data {
        try checkKind(path: path)
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw FileReadError("cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        return try read(descriptor: fd)
    }

    /// Refuses, by what it is, anything at `path` but a regular file or a FIFO (and a missing path).
    public static func checkKind(path: String) throws(FileReadError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw FileReadError(code == ENOENT ? "no such file" : "cannot open the file: \(String(cString: strerror(code)))")
        }
        let type = info.st_mode & S_IFMT
        switch type {
        case S_IFREG, S_IFIFO: break
        case S_IFDIR: throw FileReadError("it is a folder, not a file")
        case S_IFCHR: throw FileReadError("it is a character device, not a file")
        case S_IFBLK: throw FileReadError("it is a block device, not a file")
        case S_IFSOCK: throw FileReadError("it is a socket, not a file")
        default: throw FileReadError("it is not a regular file")
        }
    }

    /// Everything readable from `fd` (a file or a pipe) up to its end, with the line limit.
    public static func read(descriptor fd: Int32) throws(FileReadError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var lineLength = 0
        var line = 1
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError("cannot read the file: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return data }
            for i in 0..<count {
                if chunk[i] == 0x0A {
                    line += 1
                    lineLength = 0
                } else {
                    lineLength += 1
                    if lineLength > lineLimit {
                        throw FileReadError(line: line, "the line is longer than \(lineLimit) bytes (not a log?)")
                    }
                }
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }
}
