#include "stop_signal.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t requested = 0;

static void on_stop_signal(int number) {
    (void)number;
    requested = 1;
}

int stop_signal_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    requested = 0;
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    if (sigaction(SIGTERM, &action, NULL) != 0) return -1;
    return 0;
}

void stop_signal_uninstall(void) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

int stop_signal_requested(void) {
    return requested;
}

static char exit_line[1024];
static size_t exit_length = 0;
static int exit_status = 130;

static void on_stop_signal_exit(int number) {
    (void)number;
    size_t written = 0;
    while (written < exit_length) {
        ssize_t n = write(STDERR_FILENO, exit_line + written, exit_length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    _exit(exit_status);
}

int stop_signal_install_exit(const char *line, int status) {
    size_t length = strlen(line);
    if (length > sizeof exit_line - 1) length = sizeof exit_line - 1;
    memcpy(exit_line, line, length);
    exit_length = length;
    exit_status = status;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal_exit;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    if (sigaction(SIGTERM, &action, NULL) != 0) return -1;
    return 0;
}
