#ifndef CFILESYNC_H
#define CFILESYNC_H
// File calls that Swift's Glibc module does not show: sync_file_range, a GNU extension, and
// O_TMPFILE, a macro made of others.

/// Starts writing the dirty pages of the whole file `fd` to its disk and returns at once (Linux
/// `sync_file_range` with SYNC_FILE_RANGE_WRITE): a later fsync waits for what is still under way.
/// It makes nothing durable by itself. Returns 0, or the errno of the failure.
int cfilesync_start_writeback(int fd);

/// Opens a new regular file in `folder` that has no name (Linux `O_TMPFILE`), for reading and
/// writing: it goes when its last descriptor closes, so a process killed while using it leaves
/// nothing behind. Returns the descriptor, or -1 with errno set (EOPNOTSUPP, EISDIR: the file
/// system or kernel has no unnamed files).
int cfilesync_open_unnamed(const char *folder);

#endif
