import Foundation

/// A path that cannot be used as asked: missing, the wrong kind of file, unreadable or unwritable.
/// `reason` says what is wrong without the path, so a caller can put the path (or the option naming it) first.
public struct FileAccessError: Error, CustomStringConvertible, Equatable, Sendable {
    public let path: String
    public let reason: String
    /// Whether the path was to be written (an output) rather than read.
    public let isOutput: Bool
    /// Whether the output was refused before anything was written because it names something the output policy never
    /// replaces (a symbolic link, a folder, a device, an input): sysexits' EX_CANTCREAT, not a failed write.
    public let isRefusedOutput: Bool

    /// A path that cannot be read as asked.
    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
        isOutput = false
        isRefusedOutput = false
    }

    /// A path that cannot be written as asked, or whose writing failed.
    public init(output path: String, _ reason: String) {
        self.path = path
        self.reason = reason
        isOutput = true
        isRefusedOutput = false
    }

    /// An output that names something that must not be replaced.
    public init(refusedOutput path: String, _ reason: String) {
        self.path = path
        self.reason = reason
        isOutput = true
        isRefusedOutput = true
    }

    public var description: String { "\(path): \(reason)" }
}

/// What a path names, from `stat` (symbolic links followed).
public enum FileKind: Equatable, Sendable {
    case regular, folder, fifo, characterDevice, blockDevice, socket, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// "is a folder", "is a FIFO", … for messages.
    public var isPhrase: String {
        switch self {
        case .regular: return "is a file"
        case .folder: return "is a folder"
        case .fifo: return "is a FIFO (named pipe)"
        case .characterDevice: return "is a character device"
        case .blockDevice: return "is a block device"
        case .socket: return "is a socket"
        case .other: return "is not a regular file"
        }
    }

    /// What `path` names now, or nil when nothing is there (a broken symbolic link included).
    public static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }
}

/// The one input policy: every file a command reads is checked here before a byte is read, so that a
/// folder, a FIFO with no writer, a device or an unreadable file is named for what it is, and no reader
/// waits forever.
///
/// - `.file` inputs (pictures, videos, calibration and intrinsics files, terrain tiles: read by OpenCV or
///   whole) must be regular files. A FIFO is refused: OpenCV would block opening it, and cannot seek it.
/// - `.stream` inputs (text logs) may also be a pipe (`<(xz -dc log.csv.xz)`). It is opened without
///   blocking; a pipe with no writer is refused at once, and one whose writer sends nothing for
///   `streamIdleLimit` seconds ends the read with an error.
/// - `.folder` inputs (recording folders, tile folders) must be folders.
public enum InputFile {
    public enum Expect: Sendable { case file, stream, folder }

    /// Seconds a pipe's writer may stay silent before the read gives up.
    public static let streamIdleLimit: Double = 10

    /// Whether `path` and `other` name the same file, however each is spelled (relative or absolute, with `.` and
    /// `..`, through symbolic links): a log that is the video itself, read as its own motion track.
    public static func sameFile(_ path: String, _ other: String) -> Bool {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
            == URL(fileURLWithPath: other).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Checks that `path` can be read as `expect` says; throws naming what it is when not.
    public static func check(_ path: String, expect: Expect = .file) throws(FileAccessError) {
        let kind = try existingKind(path)
        switch (expect, kind) {
        case (.file, .regular), (.stream, .regular), (.stream, .fifo), (.folder, .folder): break
        case (.folder, _): throw FileAccessError(path: path, "\(kind.isPhrase), not a folder")
        default: throw FileAccessError(path: path, "\(kind.isPhrase), not a file")
        }
        if kind == .fifo { return }  // opening it here would take its one writer's data; `read` opens it without blocking
        guard access(path, R_OK) == 0 else { throw FileAccessError(path: path, "cannot be read (permission)") }
    }

    /// The size of the regular file at `path`, checked to be at most `limit` bytes, before anything reads it.
    @discardableResult
    public static func checkSize(_ path: String, atMost limit: Int, what: String = "the file") throws(FileAccessError) -> Int {
        try check(path, expect: .file)
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileAccessError(path: path, "cannot be read (\(String(cString: strerror(errno))))") }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw FileAccessError(path: path, "is \(size) bytes, more than \(limit) for \(what)")
        }
        return size
    }

    /// The kind of an existing path, or "missing" / "cannot be read (permission)" when `stat` fails.
    static func existingKind(_ path: String) throws(FileAccessError) -> FileKind {
        guard !path.isEmpty else { throw FileAccessError(path: path, "an empty path") }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT:
                var link = stat()
                if lstat(path, &link) == 0 { throw FileAccessError(path: path, "missing (a symbolic link to nothing)") }
                throw FileAccessError(path: path, path.hasPrefix("-") ? "missing (an option's value left out?)" : "missing")
            case EACCES: throw FileAccessError(path: path, "cannot be read (permission)")
            case ENOTDIR: throw FileAccessError(path: path, "missing (a part of the path is not a folder)")
            default: throw FileAccessError(path: path, "cannot be read (\(String(cString: strerror(code))))")
            }
        }
        return FileKind(mode: info.st_mode)
    }

    /// Opens `path` for reading without blocking (a FIFO's open never waits for a writer), checks what the
    /// descriptor is, and returns it still non-blocking: `BoundedFile` reads it with deadlines, and refuses
    /// a FIFO that no writer opens within `BoundedFile.writerGrace`.
    public static func open(_ path: String, expect: Expect) throws(FileAccessError) -> Int32 {
        try check(path, expect: expect)
        let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw FileAccessError(path: path, code == EACCES ? "cannot be read (permission)" : "cannot be opened (\(String(cString: strerror(code))))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw FileAccessError(path: path, "cannot be read (\(String(cString: strerror(errno))))")
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular || (expect == .stream && kind == .fifo) else {
            close(fd)
            throw FileAccessError(path: path, "\(kind.isPhrase), not a file")
        }
        return fd
    }
}
