#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <malloc.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "CFileOps.h"

// MARK: - Faults

static _Thread_local unsigned armed;
static _Thread_local long countdown;
static _Thread_local long seen;
static _Thread_local int code;
static _Thread_local int persistent_fault;
static _Thread_local int fired;

void sv_fault_arm(unsigned calls, long after, int error, int persistent) {
    armed = calls;
    countdown = after;
    seen = 0;
    code = error;
    persistent_fault = persistent;
    fired = 0;
}

long sv_fault_calls(void) { return seen; }

int sv_fault_fired(void) { return fired; }

/// Whether the call of kind `call` is to fail (errno then set): one branch on a thread-local
/// word when nothing is armed, as in the program.
static int faulted(unsigned call) {
    if (__builtin_expect(!(armed & call), 1)) return 0;
    seen += 1;
    if (fired && persistent_fault) {
        errno = code;
        return 1;
    }
    if (fired || countdown-- > 0) return 0;
    fired = 1;
    errno = code;
    return 1;
}

// MARK: - Renames that never replace

int sv_rename_noreplace(const char *from, const char *to) {
    if (faulted(SV_CALL_RENAME)) return -1;
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

int sv_renameat_noreplace(int from_folder, const char *from, int to_folder, const char *to) {
    if (faulted(SV_CALL_RENAME)) return -1;
    if (renameat2(from_folder, from, to_folder, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    struct stat info;
    if (fstatat(to_folder, to, &info, AT_SYMLINK_NOFOLLOW) == 0) {
        errno = EEXIST;
        return -1;
    }
    if (errno != ENOENT) return -1;
    return renameat(from_folder, from, to_folder, to);
}

int sv_open_beneath(int folder, const char *path, int flags, mode_t mode) {
    if (faulted(SV_CALL_OPEN)) return -1;
    struct open_how how = {
        .flags = (unsigned long long)(flags | O_CLOEXEC),
        .mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0,
        .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
    };
    long result;
    do {
        result = syscall(SYS_openat2, folder, path, &how, sizeof how);
    } while (result < 0 && errno == EAGAIN);
    return (int)result;
}

// MARK: - File systems

long long sv_file_system_type(int descriptor) {
    struct statfs info;
    return fstatfs(descriptor, &info) == 0 ? (long long)info.f_type : -1;
}

long long sv_file_system_type_of(const char *path) {
    struct statfs info;
    return statfs(path, &info) == 0 ? (long long)info.f_type : -1;
}

// MARK: - Processes

int sv_pidfd_open(int pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

int sv_accept_cloexec(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }

int sv_map_large_blocks(unsigned long threshold) { return mallopt(M_MMAP_THRESHOLD, (int)threshold); }

unsigned long sv_free_heap_bytes(void) { return (unsigned long)mallinfo2().fordblks; }

int sv_block_is_mapped(const void *pointer) {
    // glibc's chunk header: the size word just before the block, bit 1 set for a mapping.
    return (((const size_t *)pointer)[-1] & 2) != 0;
}

int sv_spawn_add_chdir(void *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np((posix_spawn_file_actions_t *)actions, path);
}

// MARK: - The wrappers

int sv_open(const char *path, int flags, mode_t mode) {
    return faulted(SV_CALL_OPEN) ? -1 : open(path, flags, mode);
}

int sv_openat(int folder, const char *path, int flags, mode_t mode) {
    return faulted(SV_CALL_OPEN) ? -1 : openat(folder, path, flags, mode);
}

ssize_t sv_read(int descriptor, void *buffer, size_t count) {
    return faulted(SV_CALL_READ) ? -1 : read(descriptor, buffer, count);
}

ssize_t sv_write(int descriptor, const void *buffer, size_t count) {
    return faulted(SV_CALL_WRITE) ? -1 : write(descriptor, buffer, count);
}

int sv_fsync(int descriptor) { return faulted(SV_CALL_FSYNC) ? -1 : fsync(descriptor); }

int sv_close_written(int descriptor) {
    if (faulted(SV_CALL_CLOSE)) {
        int saved = errno;
        close(descriptor);  // the descriptor goes either way, as with a real failed close
        errno = saved;
        return -1;
    }
    return close(descriptor);
}

int sv_rename(const char *from, const char *to) { return faulted(SV_CALL_RENAME) ? -1 : rename(from, to); }

int sv_renameat(int from_folder, const char *from, int to_folder, const char *to) {
    return faulted(SV_CALL_RENAME) ? -1 : renameat(from_folder, from, to_folder, to);
}

int sv_unlink(const char *path) { return faulted(SV_CALL_UNLINK) ? -1 : unlink(path); }

int sv_unlinkat(int folder, const char *path, int flags) {
    return faulted(SV_CALL_UNLINK) ? -1 : unlinkat(folder, path, flags);
}

int sv_rmdir(const char *path) { return faulted(SV_CALL_UNLINK) ? -1 : rmdir(path); }

int sv_mkdir(const char *path, mode_t mode) { return faulted(SV_CALL_MKDIR) ? -1 : mkdir(path, mode); }

int sv_mkdirat(int folder, const char *path, mode_t mode) {
    return faulted(SV_CALL_MKDIR) ? -1 : mkdirat(folder, path, mode);
}

int sv_symlink(const char *target, const char *path) {
    return faulted(SV_CALL_SYMLINK) ? -1 : symlink(target, path);
}

int sv_symlinkat(const char *target, int folder, const char *path) {
    return faulted(SV_CALL_SYMLINK) ? -1 : symlinkat(target, folder, path);
}

int sv_fchmod(int descriptor, mode_t mode) { return faulted(SV_CALL_METADATA) ? -1 : fchmod(descriptor, mode); }

int sv_fchmodat(int folder, const char *path, mode_t mode, int flags) {
    return faulted(SV_CALL_METADATA) ? -1 : fchmodat(folder, path, mode, flags);
}

int sv_futimens(int descriptor, const struct timespec times[2]) {
    return faulted(SV_CALL_METADATA) ? -1 : futimens(descriptor, times);
}

int sv_utimensat(int folder, const char *path, const struct timespec times[2], int flags) {
    return faulted(SV_CALL_METADATA) ? -1 : utimensat(folder, path, times, flags);
}

// MARK: - Bytes

long sv_find_bytes(const void *haystack, unsigned long length, const void *needle, unsigned long needle_length) {
    const char *found = memmem(haystack, length, needle, needle_length);
    return found ? (long)(found - (const char *)haystack) : -1;
}
