import CStopSignal
import Foundation
import Workers

/// The one output policy, for every file a command writes (CSV, YAML, PNG, PNG folders, video, diff
/// pictures, truth files).
///
/// - A command stages each output before it writes anything. Staging refuses, naming the option, an
///   output that is a symbolic link (to anything: a file, a folder, nothing; the message says where it
///   points), an existing folder, device, FIFO or socket (only a regular file or a new name is written),
///   whose folder is missing or not writable, that is also one of the command's inputs, or that another
///   output of the same command already names. Standard output is `-`, where a command allows it.
/// - Each temporary name is registered with `StopCleanup` while it exists, so SIGINT or SIGTERM, which end every
///   command through `InterruptExit`, remove it before the process exits.
/// - Each output is written to a temporary name in its own folder (`.NAME.partial-PID-N.EXT`, so OpenCV
///   still sees the extension), with every write checked and the file flushed to disk.
/// - `commit()` moves them all into place at the end. A file it replaces is kept as a hard link until all
///   are in place, so a failure part-way puts back what was there. A failure before the commit, or
///   `abandon()`, or the set going away uncommitted, removes every temporary file: a failed command
///   leaves nothing it wrote, and no earlier output of the same run stays behind.
public final class OutputFiles {
    /// One output: where the command writes it (`temporaryPath`) until `commit()` moves it to `path`.
    public final class Staged {
        /// The path as given.
        public let path: String
        /// The option that named it (`--output`), for messages.
        public let option: String
        /// The file (or folder) the command writes; empty for standard output.
        public let temporaryPath: String
        public let isStandardOutput: Bool
        public let isFolder: Bool
        /// Where it goes: `path` itself (a symbolic link there is refused at staging, never written through).
        let finalPath: String
        /// The mode of the file it replaces, kept on the new one.
        let replacedMode: mode_t?
        var standardOutputData = Data()
        /// Its slot in the list of partial outputs the exit on SIGINT or SIGTERM removes (-1: none).
        var cleanupSlot: Int32 = -1

        init(path: String, option: String, temporaryPath: String, finalPath: String, isStandardOutput: Bool, isFolder: Bool,
             replacedMode: mode_t?) {
            self.path = path; self.option = option; self.temporaryPath = temporaryPath; self.finalPath = finalPath
            self.isStandardOutput = isStandardOutput; self.isFolder = isFolder; self.replacedMode = replacedMode
        }

        /// Writes `data` as the whole output: to the temporary file, every byte checked and flushed to disk
        /// (a full disk is an error here, not a short file later), or kept for standard output.
        public func write(_ data: Data) throws(FileAccessError) {
            if isStandardOutput {
                standardOutputData = data
                return
            }
            if let code = OutputFiles.write(data, toNewFile: temporaryPath, mode: replacedMode ?? 0o666) {
                throw failure("writing failed", code)
            }
        }

        func failure(_ what: String, _ code: Int32) -> FileAccessError {
            FileAccessError(output: path, "\(what) (\(String(cString: strerror(code))))")
        }
    }

    /// Writes `data` as the file at `path` (created or truncated), every write checked and the file flushed
    /// to disk; the `errno` of the first failure, or nil. For the files inside a staged folder (PNG frames).
    public static func write(_ data: Data, toNewFile path: String, mode: mode_t = 0o666) -> Int32? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { return errno }
        var code: Int32?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    return
                }
                offset += n
            }
        }
        if code == nil, fsync(fd) != 0 { code = errno }
        if close(fd) != 0, code == nil { code = errno }
        return code
    }

    /// Writes `data` as the file at `path` whole or not at all: to `.NAME.part` beside it (`write(_:toNewFile:)`), then
    /// renamed over `path`, so a reader never sees it half written. For a file a long command writes and rewrites as it
    /// goes (a recording's `rig.yaml` and frames), which a staged output would only place at the end.
    public static func replaceWhole(_ path: String, with data: Data) throws(FileAccessError) {
        let name = (path as NSString).lastPathComponent
        let temporary = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(".\(name).part")
        unlink(temporary)
        if let code = write(data, toNewFile: temporary) {
            unlink(temporary)
            throw FileAccessError(output: path, "cannot write (\(String(cString: strerror(code))))")
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileAccessError(output: path, "cannot write (\(String(cString: strerror(code))))")
        }
    }

    private let inputs: [String]
    private var staged: [Staged] = []
    private var committed = false
    /// The temporary names made so far in the process, which makes each one unique within it.
    private static let temporaryNames = Locked(0)

    /// `inputs` are the paths the command reads (files or folders): no output may be one of them.
    public init(inputs: [String?] = []) {
        self.inputs = inputs.compactMap { $0 }.filter { $0 != "-" }
    }

    deinit { if !committed { abandon() } }

    /// Checks `path` as an output named by `option` and returns where to write it. A path ending in `/`
    /// is a folder to create (it may exist only empty); `-` is standard output when `allowStandardOutput`.
    public func stage(_ path: String, option: String, allowStandardOutput: Bool = false) throws(FileAccessError) -> Staged {
        guard !path.isEmpty else { throw FileAccessError(output: path, "\(option) names no file (an empty path)") }
        if path == "-" {
            guard allowStandardOutput else {
                throw FileAccessError(output: path, "\(option) cannot be standard output ('-'): name a file")
            }
            guard !staged.contains(where: \.isStandardOutput) else {
                throw FileAccessError(output: path, "standard output is already the output of \(staged.first(where: \.isStandardOutput)!.option)")
            }
            let out = Staged(path: path, option: option, temporaryPath: "", finalPath: "", isStandardOutput: true, isFolder: false,
                             replacedMode: nil)
            staged.append(out)
            return out
        }
        let isFolder = path.hasSuffix("/") && path != "/"
        let (target, replacedMode) = try resolve(path, option: option, isFolder: isFolder)
        let url = URL(fileURLWithPath: target)
        let absolute = url.standardizedFileURL.path
        if let other = staged.first(where: { !$0.isStandardOutput && URL(fileURLWithPath: $0.finalPath).standardizedFileURL.path == absolute }) {
            throw FileAccessError(refusedOutput: path, "is named by both \(other.option) and \(option); give each its own file")
        }
        let ext = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
        let stem = url.pathExtension.isEmpty ? url.lastPathComponent : url.deletingPathExtension().lastPathComponent
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(stem).partial-\(getpid())-\(Self.temporaryNames.withLock { $0 += 1; return $0 })\(ext)").path
        let out = Staged(path: path, option: option, temporaryPath: temporary, finalPath: target, isStandardOutput: false,
                         isFolder: isFolder, replacedMode: replacedMode)
        // Registered before it exists, so that no signal finds it on disk and unknown to the exit.
        out.cleanupSlot = stop_cleanup_register(temporary)
        staged.append(out)
        if isFolder {
            guard mkdir(temporary, 0o777) == 0 else {
                throw FileAccessError(output: path, "cannot create a folder beside it (\(String(cString: strerror(errno))))")
            }
        }
        return out
    }

    /// Checks `path` as a folder a command writes in place rather than staged (`record`, whose folder is kept as far
    /// as it got when the recording is stopped), by the rules `stage` applies to a `FOLDER/`: a new name or an
    /// empty folder, in a folder that exists and is writable, not an input. Returns the folder to create or fill.
    public func checkFolderInPlace(_ path: String, option: String) throws(FileAccessError) -> String {
        guard !path.isEmpty else { throw FileAccessError(output: path, "\(option) names no folder (an empty path)") }
        do {
            return try resolve(path.hasSuffix("/") ? path : path + "/", option: option, isFolder: true).target
        } catch {
            // Named as given, without the '/' that made it a folder.
            throw error.isRefusedOutput ? FileAccessError(refusedOutput: path, error.reason) : FileAccessError(output: path, error.reason)
        }
    }

    /// The checks every output passes: what `path` names now, and the folder it goes in. Returns the file or folder
    /// to write and the mode of a file it replaces.
    private func resolve(_ path: String, option: String, isFolder: Bool) throws(FileAccessError) -> (target: String, replacedMode: mode_t?) {
        let target = isFolder ? String(path.dropLast()) : path
        var replacedMode: mode_t?
        var link = stat()
        if lstat(target, &link) == 0 {
            // An output never writes through a link, whatever it points to: what it names was not named by the user.
            if link.st_mode & S_IFMT == S_IFLNK {
                throw FileAccessError(refusedOutput: path, "is a symbolic link to \(Self.linkTarget(target)); \(option) never writes through a link "
                                      + "(name the file itself, or a new name)")
            }
            let kind = FileKind(mode: link.st_mode)
            if isFolder {
                guard kind == .folder else { throw FileAccessError(refusedOutput: path, "\(kind.isPhrase); \(option) names a folder to create") }
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? ["?"]
                guard entries.isEmpty else {
                    throw FileAccessError(refusedOutput: path, "is a folder that is not empty; \(option) writes into a new or empty folder only")
                }
            } else {
                guard kind == .regular else {
                    throw FileAccessError(refusedOutput: path, "\(kind.isPhrase); \(option) writes a regular file or a new name, "
                                          + "and never replaces anything else")
                }
                replacedMode = link.st_mode & 0o7777
            }
        }
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        guard FileKind.of(folder) == .folder else {
            throw FileAccessError(output: path, "the folder \(folder) does not exist")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw FileAccessError(output: path, "cannot be written: the folder \(folder) is not writable (permission)")
        }
        try checkNotAnInput(path: path, target: target, option: option)
        return (target, replacedMode)
    }

    /// Where the symbolic link at `path` points, as the link says it (relative or absolute).
    private static func linkTarget(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "somewhere that cannot be read"
    }

    /// An output that is the same file as an input (a hard link, a symbolic link or another spelling of
    /// the path included), or an existing file inside an input folder, is refused.
    private func checkNotAnInput(path: String, target: String, option: String) throws(FileAccessError) {
        var out = stat()
        guard stat(target, &out) == 0 else { return }
        for input in inputs {
            var info = stat()
            guard stat(input, &info) == 0 else { continue }
            if info.st_dev == out.st_dev && info.st_ino == out.st_ino {
                throw FileAccessError(refusedOutput: path, "is also an input of this command (\(input)); \(option) must name another file")
            }
            if FileKind(mode: info.st_mode) == .folder {
                var parent = stat()
                let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
                if stat(folder, &parent) == 0, parent.st_dev == info.st_dev, parent.st_ino == info.st_ino {
                    throw FileAccessError(refusedOutput: path, "is a file in the input folder \(input); \(option) must name a file elsewhere")
                }
            }
        }
    }

    /// Moves every output into place, or none: on a failure, what was moved is put back and every
    /// temporary file is removed. Standard output is written last.
    ///
    /// SIGINT or SIGTERM wait while the outputs move (the exit is deferred); one that came meanwhile puts back what
    /// was moved, as a failure does, before the process ends, so that its "nothing was kept" stays true.
    public func commit() throws(FileAccessError) {
        precondition(!committed, "OutputFiles committed twice")
        stop_signal_defer_begin()
        defer { stop_signal_defer_end() }
        var moved: [(Staged, backup: String?)] = []
        do throws(FileAccessError) {
            for out in staged where !out.isStandardOutput {
                try check(written: out)
                var backup: String?
                if !out.isFolder, FileKind.of(out.finalPath) == .regular {
                    let name = out.temporaryPath + ".previous"
                    if Foundation.link(out.finalPath, name) == 0 { backup = name }
                }
                guard rename(out.temporaryPath, out.finalPath) == 0 else {
                    let code = errno
                    if let backup { unlink(backup) }
                    throw out.failure("cannot move the finished output into place", code)
                }
                moved.append((out, backup))
            }
            if stop_signal_deferred() != 0 { throw FileAccessError(output: "", "stopped by a signal") }
        } catch {
            for (out, backup) in moved.reversed() {
                if let backup { rename(backup, out.finalPath) } else { removeTree(out.finalPath) }
            }
            abandon()
            throw error
        }
        for (out, backup) in moved {
            if let backup { unlink(backup) }
            stop_cleanup_unregister(out.cleanupSlot)
        }
        if !moved.isEmpty { stop_signal_outputs_kept() }
        committed = true
        for out in staged where out.isStandardOutput {
            FileHandle.standardOutput.write(out.standardOutputData)
        }
    }

    /// A staged file must exist, be what was staged, and be on disk (an OpenCV writer's file is flushed here).
    private func check(written out: Staged) throws(FileAccessError) {
        let kind = FileKind.of(out.temporaryPath)
        if out.isFolder {
            guard kind == .folder else { throw FileAccessError(output: out.path, "the folder was not written") }
            return
        }
        guard kind == .regular else { throw FileAccessError(output: out.path, "nothing was written") }
        let fd = open(out.temporaryPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw out.failure("cannot reopen what was written", errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw out.failure("writing failed", errno) }
        if let mode = out.replacedMode { fchmod(fd, mode) }
    }

    /// Removes every temporary file and folder; nothing is moved into place.
    public func abandon() {
        for out in staged where !out.isStandardOutput {
            removeTree(out.temporaryPath)
            stop_cleanup_unregister(out.cleanupSlot)
        }
        committed = true
    }

    private func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            try? FileManager.default.removeItem(atPath: path)
        } else {
            unlink(path)
        }
    }
}
