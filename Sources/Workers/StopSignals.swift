import CStopSignal
import Foundation
import Logging

/// SIGINT and SIGTERM turned into a polite stop request while this object lives: the process is not
/// killed, and `requested` says a stop was asked for. The handler (in C) only sets a flag and is
/// installed before `init` returns, so a signal that comes right after is never lost. With an
/// `onStop`, a thread polls the flag every 20 ms and calls it once, for loops that sleep.
/// Dropping the object puts back the exit every command installs at its start (`exitAtOnce`).
// @unchecked Sendable: the one stored property is set once, by `watch` on the thread that made the object, and the
// flag lives in C as a `volatile sig_atomic_t`, written only by the signal handler.
public final class StopSignals: @unchecked Sendable {
    private var watcher: Thread?

    public init(onStop: (@Sendable () -> Void)? = nil) {
        if stop_signal_install() != 0 {
            Logger(label: "steady-dice.workers").warning("cannot handle SIGINT/SIGTERM; they will end the process at once")
        }
        if let onStop { watch(onStop) }
    }

    /// Calls `onStop` once when a stop is requested, or at once if one already was: a command installs the handler
    /// first, then makes what `onStop` stops (a socket it binds, say), and no signal between the two is lost.
    /// Call it once, from the thread that made this object.
    public func watch(_ onStop: @escaping @Sendable () -> Void) {
        guard watcher == nil else { return }
        let watcher = Thread {
            while !Thread.current.isCancelled {
                if stop_signal_requested() != 0 {
                    onStop()
                    return
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        watcher.name = "steady-dice stop signals"
        watcher.start()
        self.watcher = watcher
    }

    deinit {
        watcher?.cancel()
        stop_signal_uninstall()
    }

    public var requested: Bool { stop_signal_requested() != 0 }
}

extension StopSignals {
    /// The exit every command of both executables goes through, installed once at its start (`mainWithOneLineErrors`):
    /// SIGINT or SIGTERM ends the process at once, saying `line` on stderr, removing every partial output the output
    /// policy (`OutputFiles`) registered, with `status` (130, docs/commands.md). The handler itself writes the line and
    /// removes the files, so both happen even mid-computation. A `StopSignals` object, while it lives, turns the signal
    /// into a polite stop instead, and puts this exit back when it goes.
    /// Once outputs were moved into place (`OutputFiles.commit`), the line said is `afterOutputs`.
    public static func exitAtOnce(saying line: String, afterOutputs: String, status: Int32) {
        func terminated(_ text: String) -> String { text.hasSuffix("\n") ? text : text + "\n" }
        if stop_signal_install_exit(terminated(line), terminated(afterOutputs), status) != 0 {
            Logger(label: "steady-dice.workers").warning("cannot handle SIGINT/SIGTERM; they will end the process at once")
        }
    }

    /// A command's own wording for the line the exit says (`calibrate`: "stopped before the fit was done").
    public static func sayOnExit(_ line: String) {
        stop_signal_set_exit_line(line.hasSuffix("\n") ? line : line + "\n")
    }
}
