#ifndef STEADY_DICE_STOP_SIGNAL_H
#define STEADY_DICE_STOP_SIGNAL_H

/// SIGINT and SIGTERM as a stop request: a plain sigaction handler that only sets a flag (the one
/// thing a signal handler may safely do), installed synchronously, so no signal is lost between
/// installing and the first poll. Callers poll `stop_signal_requested`.

/// Installs the handler for SIGINT and SIGTERM and clears the flag; 0 on success, -1 on failure.
int stop_signal_install(void);

/// Restores the default dispositions of SIGINT and SIGTERM.
void stop_signal_uninstall(void);

/// 1 once SIGINT or SIGTERM arrived after `stop_signal_install`, else 0.
int stop_signal_requested(void);

/// For a command with nothing on disk to clean up and no loop to stop in (a fit, a benchmark): SIGINT or
/// SIGTERM writes `line` (copied, at most 1023 bytes) to standard error and ends the process at once with
/// `status`, with only async-signal-safe calls (write, _exit). 0 on success, -1 on failure.
int stop_signal_install_exit(const char *line, int status);

#endif
