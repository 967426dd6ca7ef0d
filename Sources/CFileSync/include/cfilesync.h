#ifndef CFILESYNC_H
#define CFILESYNC_H
// File calls that Swift's Glibc module does not show: syncfs, a GNU extension, and O_TMPFILE, a macro made of others.

/// Opens a new regular file in `folder` that has no name (Linux `O_TMPFILE`), for reading and
/// writing: it goes when its last descriptor closes, so a process killed while using it leaves
/// nothing behind. Returns the descriptor, or -1 with errno set (EOPNOTSUPP, EISDIR: the file
/// system or kernel has no unnamed files).
int cfilesync_open_unnamed(const char *folder);

/// Writes every dirty page and inode of the file system that `fd` is on to its disk and waits
/// (Linux `syncfs`): one flush for all of a run's files. Returns 0, or the errno of the failure.
int cfilesync_syncfs(int fd);

#endif
