#include "stop_signal.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// MARK: - The polite stop: a flag

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

int stop_signal_requested(void) {
    return requested;
}

// MARK: - Partial files, removed by the exit

// A slot is free (0), being written (1) or holds a path the exit removes (2). Claimed and released with atomics,
// so threads may register at once and the handler reads only complete paths.
enum { cleanup_slots = 64 };
static char cleanup_paths[cleanup_slots][PATH_MAX];
static volatile int cleanup_states[cleanup_slots];

int stop_cleanup_register(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    for (int slot = 0; slot < cleanup_slots; slot++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&cleanup_states[slot], &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            memcpy(cleanup_paths[slot], path, length + 1);
            __atomic_store_n(&cleanup_states[slot], 2, __ATOMIC_RELEASE);
            return slot;
        }
    }
    return -1;
}

void stop_cleanup_unregister(int slot) {
    if (slot >= 0 && slot < cleanup_slots) __atomic_store_n(&cleanup_states[slot], 0, __ATOMIC_RELEASE);
}

// The Linux getdents64 record: no allocation, unlike readdir, so it may run in a signal handler.
struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/// Removes what is in the folder `fd` names, folders in it to `depth` levels, with async-signal-safe calls only.
static void remove_contents(int fd, int depth) {
    char buffer[4096];
    for (;;) {
        long count = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (count <= 0) return;
        int removed = 0;
        for (long offset = 0; offset < count;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            const char *name = entry->d_name;
            if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
            if (unlinkat(fd, name, 0) == 0) {
                removed++;
                continue;
            }
            if (depth > 0) {
                int inner = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (inner >= 0) {
                    remove_contents(inner, depth - 1);
                    close(inner);
                }
                if (unlinkat(fd, name, AT_REMOVEDIR) == 0) removed++;
            }
        }
        // The listing changed under us: read it again from the start while that removes something.
        if (removed == 0) return;
        lseek(fd, 0, SEEK_SET);
    }
}

static void remove_registered(void) {
    for (int slot = 0; slot < cleanup_slots; slot++) {
        if (__atomic_load_n(&cleanup_states[slot], __ATOMIC_ACQUIRE) != 2) continue;
        const char *path = cleanup_paths[slot];
        if (unlink(path) == 0) continue;
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd >= 0) {
            remove_contents(fd, 8);
            close(fd);
        }
        rmdir(path);
    }
}

// MARK: - The exit: a line, the partial files removed, the status

// Two buffers, so that a new line is written beside the one the handler may be reading, then made current; and the
// line said once outputs were moved into place.
static char exit_lines[2][1024];
static size_t exit_lengths[2];
static volatile sig_atomic_t exit_current = 0;
static char kept_line[1024];
static size_t kept_length = 0;
static volatile sig_atomic_t outputs_kept = 0;
static volatile sig_atomic_t exit_installed = 0;
static int exit_status = 130;
static volatile sig_atomic_t deferrals = 0;
static volatile sig_atomic_t deferred = 0;

static void exit_now(void) {
    int current = exit_current;
    const char *line = outputs_kept && kept_length > 0 ? kept_line : exit_lines[current];
    size_t length = outputs_kept && kept_length > 0 ? kept_length : exit_lengths[current];
    size_t written = 0;
    while (written < length) {
        ssize_t n = write(STDERR_FILENO, line + written, length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    remove_registered();
    _exit(exit_status);
}

static void on_stop_signal_exit(int number) {
    (void)number;
    if (__atomic_load_n(&deferrals, __ATOMIC_ACQUIRE) > 0) {
        deferred = 1;
        return;
    }
    exit_now();
}

static int install_exit_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal_exit;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    if (sigaction(SIGTERM, &action, NULL) != 0) return -1;
    return 0;
}

void stop_signal_set_exit_line(const char *line) {
    int next = 1 - exit_current;
    size_t length = strlen(line);
    if (length > sizeof exit_lines[next] - 1) length = sizeof exit_lines[next] - 1;
    memcpy(exit_lines[next], line, length);
    exit_lengths[next] = length;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    exit_current = next;
}

void stop_signal_outputs_kept(void) {
    outputs_kept = 1;
}

int stop_signal_install_exit(const char *line, const char *kept, int status) {
    size_t length = strlen(kept);
    if (length > sizeof kept_line - 1) length = sizeof kept_line - 1;
    memcpy(kept_line, kept, length);
    kept_length = length;
    stop_signal_set_exit_line(line);
    exit_status = status;
    exit_installed = 1;
    return install_exit_handler();
}

void stop_signal_uninstall(void) {
    if (exit_installed) {
        install_exit_handler();
        return;
    }
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

void stop_signal_defer_begin(void) {
    __atomic_add_fetch(&deferrals, 1, __ATOMIC_ACQ_REL);
}

int stop_signal_deferred(void) {
    return deferred;
}

void stop_signal_defer_end(void) {
    if (__atomic_sub_fetch(&deferrals, 1, __ATOMIC_ACQ_REL) == 0 && deferred && exit_installed) exit_now();
}
