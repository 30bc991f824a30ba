#ifndef STEADY_DICE_STOP_SIGNAL_H
#define STEADY_DICE_STOP_SIGNAL_H

/// SIGINT and SIGTERM, in two modes, with only async-signal-safe work in the handlers.
///
/// The exit (`stop_signal_install_exit`), installed once by every command at its start: a signal writes a line to
/// standard error, removes every partial output registered with `stop_cleanup_register`, and ends the process with
/// a status. A stretch that must not be cut (moving finished outputs into place) defers it between
/// `stop_signal_defer_begin` and `stop_signal_defer_end`.
///
/// The polite stop (`stop_signal_install`), for a command with a loop that stops between steps: the handler only
/// sets a flag the loop polls. `stop_signal_uninstall` puts the exit back (or the default when there is none).

/// Installs the flag handler for SIGINT and SIGTERM and clears the flag; 0 on success, -1 on failure.
int stop_signal_install(void);

/// Ends the polite stop: the exit handler again when one was installed, else the default dispositions.
void stop_signal_uninstall(void);

/// 1 once SIGINT or SIGTERM arrived after `stop_signal_install`, else 0.
int stop_signal_requested(void);

/// Installs the exit: SIGINT or SIGTERM writes `line` (copied, at most 1023 bytes) to standard error, removes the
/// registered partial outputs and ends the process with `status` (write, unlink, getdents64, rmdir, _exit). Once
/// `stop_signal_outputs_kept` was called it says `kept` instead. 0 on success, -1 on failure.
int stop_signal_install_exit(const char *line, const char *kept, int status);

/// Outputs were moved into place: a signal from now on says the exit's `kept` line, not that nothing was kept.
void stop_signal_outputs_kept(void);

/// Replaces the exit's line (a command's own wording), safely against a signal arriving meanwhile.
void stop_signal_set_exit_line(const char *line);

/// Between these two the exit waits; a signal that came meanwhile ends the process at `stop_signal_defer_end`.
/// They nest.
void stop_signal_defer_begin(void);
void stop_signal_defer_end(void);

/// 1 once a signal was deferred (the process ends at the last `stop_signal_defer_end`), so that the deferred work
/// can undo itself first.
int stop_signal_deferred(void);

/// Registers a partial output (a file, or a folder removed with what is in it) for the exit to remove; the slot to
/// unregister it with, or -1 when the path is too long or all 64 slots are taken.
int stop_cleanup_register(const char *path);

/// Forgets a registered path (once it was moved into place or removed); -1 is ignored.
void stop_cleanup_unregister(int slot);

#endif
