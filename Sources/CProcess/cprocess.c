#define _GNU_SOURCE
#include "cprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/// A close-on-exec pipe whose ends are above the standard descriptors, so that dup2 onto 0, 1 or 2
/// always makes a copy (a no-op dup2 would keep close-on-exec when chartpipe runs without stdin).
static int high_pipe(int ends[2]) {
    int raw[2];
    if (pipe2(raw, O_CLOEXEC) != 0) return errno;
    for (int i = 0; i < 2; i++) {
        ends[i] = raw[i] > 2 ? raw[i] : fcntl(raw[i], F_DUPFD_CLOEXEC, 3);
        if (ends[i] < 0) {
            int e = errno;
            close(raw[0]);
            close(raw[1]);
            if (i == 1 && ends[0] != raw[0]) close(ends[0]);
            return e;
        }
    }
    for (int i = 0; i < 2; i++) if (ends[i] != raw[i]) close(raw[i]);
    return 0;
}

static void close_pair(int ends[2]) {
    if (ends[0] >= 0) close(ends[0]);
    if (ends[1] >= 0) close(ends[1]);
}

int cprocess_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                   int fds[3], pid_t *pid) {
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    int rc = high_pipe(in);
    if (rc == 0) rc = high_pipe(out);
    if (rc == 0) rc = high_pipe(err);
    if (rc != 0) {
        close_pair(in);
        close_pair(out);
        close_pair(err);
        return rc;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // Descriptors chartpipe inherited without close-on-exec (a parent's sockets) stay with chartpipe.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    if (directory) posix_spawn_file_actions_addchdir_np(&actions, directory);
    sigset_t defaults, mask;
    sigfillset(&defaults);
    sigemptyset(&mask);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &mask);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    rc = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    if (rc != 0) {
        close(in[1]);
        close(out[0]);
        close(err[0]);
        return rc;
    }
    fds[0] = in[1];
    fds[1] = out[0];
    fds[2] = err[0];
    for (int i = 0; i < 3; i++) fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    return 0;
}

int cprocess_has_ended(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}

int cprocess_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

int cprocess_reap(pid_t pid, int *code, int *signal) {
    int status = 0;
    pid_t r;
    do { r = waitpid(pid, &status, 0); } while (r < 0 && errno == EINTR);
    if (r < 0) return errno;
    *code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    *signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}
