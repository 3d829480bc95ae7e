#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "CFileOps.h"

int sv_rename_noreplace(const char *from, const char *to) {
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    struct stat info;
    if (lstat(to, &info) == 0) {
        errno = EEXIST;
        return -1;
    }
    if (errno != ENOENT) return -1;
    return rename(from, to);
}

long sv_find_bytes(const void *haystack, unsigned long length, const void *needle, unsigned long needle_length) {
    const char *found = memmem(haystack, length, needle, needle_length);
    return found ? (long)(found - (const char *)haystack) : -1;
}
