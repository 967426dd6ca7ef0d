#ifndef CPROCESS_H
#define CPROCESS_H
// Starting and reaping plugin processes. posix_spawn's chdir action and pipe2 are GNU extensions
// that Swift's Glibc module does not show, and the wait-status macros do not import into Swift.

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (NULL-terminated) in `directory`, in a process group of its
/// own, with every signal at its default disposition and none blocked. Its stdin, stdout and
/// stderr are pipes and it inherits no other descriptor; the parent's ends (non-blocking,
/// close-on-exec) are stored in fds[0] (write to stdin), fds[1] (read stdout) and fds[2] (read
/// stderr). Returns 0, or the errno of the failure (an exec failure included).
int cprocess_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                   int fds[3], pid_t *pid);

/// 1 when the process has ended, 0 while it runs, -1 on error. An ended process is not reaped, so
/// its id, which is also its process group's, cannot be reused before `cprocess_reap`.
int cprocess_has_ended(pid_t pid);

/// A descriptor that becomes readable when the process ends (Linux pidfd), or -1 where the kernel
/// has none: the caller then polls `cprocess_has_ended`.
int cprocess_pidfd(pid_t pid);

/// Waits for the process and reaps it. Returns 0 and sets *code to its exit status (or -1) and
/// *signal to the signal that ended it (or 0); returns the errno on failure.
int cprocess_reap(pid_t pid, int *code, int *signal);

#endif
