#ifndef CFILESYNC_H
#define CFILESYNC_H
// Beginning a file's writeback without waiting for it. sync_file_range is a GNU extension that
// Swift's Glibc module does not show.

/// Starts writing the dirty pages of the whole file `fd` to its disk and returns at once (Linux
/// `sync_file_range` with SYNC_FILE_RANGE_WRITE): a later fsync waits for what is still under way.
/// It makes nothing durable by itself. Returns 0, or the errno of the failure.
int cfilesync_start_writeback(int fd);

#endif
