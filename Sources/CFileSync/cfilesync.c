#define _GNU_SOURCE
#include "cfilesync.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int cfilesync_syncfs(int fd) {
    return syncfs(fd) == 0 ? 0 : errno;
}

int cfilesync_open_unnamed(const char *folder) {
    return open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}
