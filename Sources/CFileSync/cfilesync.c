#define _GNU_SOURCE
#include "cfilesync.h"

#include <errno.h>
#include <fcntl.h>

int cfilesync_start_writeback(int fd) {
    return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE) == 0 ? 0 : errno;
}

int cfilesync_open_unnamed(const char *folder) {
    return open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}
