#include "stop_signal.h"

#include <signal.h>
#include <string.h>

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
