import Foundation

/// A file that cannot be read as a log, with the line when the problem is on one.
public struct FileReadError: Error, CustomStringConvertible, Sendable {
    /// 1-based, when the problem is a line.
    public let line: Int?
    /// What is wrong, without the path (readers put it in their own error with the path).
    public let reason: String
    /// The input policy's refusal when the file could not be opened at all (missing, the wrong kind,
    /// unreadable): readers rethrow it as it is, so a missing input is told from a malformed one.
    public let access: FileAccessError?

    public init(line: Int? = nil, _ reason: String, access: FileAccessError? = nil) {
        self.line = line
        self.reason = reason
        self.access = access
    }

    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}

/// Reading a whole log file with bounds, for every log reader.
///
/// - What may be read is `InputFile`'s `.stream` policy: a regular file, or a pipe (`<(xz -dc log.csv.xz)`)
///   opened without blocking. A folder, a device, a socket, a FIFO with no writer is refused by what it
///   is before any byte is read; a pipe whose writer goes quiet for `InputFile.streamIdleLimit` seconds
///   ends the read with an error instead of a wait without end.
/// - No line may be longer than `lineLimit` bytes. Reading stops at the first line that passes it, so a
///   file of one endless line (a binary file, a runaway writer) costs at most a chunk more than the limit.
public enum BoundedFile {
    /// 64 KiB. The longest line of any log we read is a header: Sensor Logger's and x-IMU3's are under
    /// 400 bytes, a data row under 200. 64 KiB is well over a hundred times that, and small enough that a
    /// file which is not a log is refused after reading little of it.
    public static let lineLimit = 64 * 1024
    /// Seconds a FIFO may wait for its writer to open it: enough for `producer > fifo &` started just
    /// before, short enough that a FIFO nobody writes is refused at once to a person.
    static let writerGrace = 1.0
    static let chunkSize = 1 << 20

    /// The whole file at `path`, checked as above.
    public static func read(path: String) throws(FileReadError) -> Data {
        let fd: Int32
        do { fd = try InputFile.open(path, expect: .stream) } catch { throw FileReadError(error.reason, access: error) }
        defer { close(fd) }
        return try read(descriptor: fd)
    }

    /// Everything readable from `fd` (a file or a pipe, blocking or not) up to its end, with the line limit.
    public static func read(descriptor fd: Int32) throws(FileReadError) -> Data {
        var info = stat()
        // A FIFO opened without blocking reads "end of file" at once when no writer has it open.
        let isUnwrittenPipe = fstat(fd, &info) == 0 && FileKind(mode: info.st_mode) == .fifo
            && fcntl(fd, F_GETFL) & O_NONBLOCK != 0
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var lineLength = 0
        var line = 1
        var first = true
        var writerWait = 0.0
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, chunkSize) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    try waitForData(fd)
                    first = false
                    continue
                }
                throw FileReadError("cannot read the file: \(String(cString: strerror(code)))")
            }
            if count == 0 {
                if first && isUnwrittenPipe {
                    // A writer started just before us may not have opened the FIFO yet: give it a moment.
                    if writerWait < writerGrace {
                        usleep(20_000)
                        writerWait += 0.02
                        continue
                    }
                    throw FileReadError("is a FIFO with no writer (none came within \(writerGrace) s): nothing to read")
                }
                return data
            }
            first = false
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

    /// Waits until a non-blocking pipe has data or its writer closed it, at most `InputFile.streamIdleLimit`.
    private static func waitForData(_ fd: Int32) throws(FileReadError) {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, Int32(InputFile.streamIdleLimit * 1000))
            if ready > 0 { return }
            if ready == 0 {
                throw FileReadError("the pipe sent nothing for \(Int(InputFile.streamIdleLimit)) s (is anything writing to it?)")
            }
            if errno != EINTR { throw FileReadError("cannot wait for the pipe: \(String(cString: strerror(errno)))") }
        }
    }
}
