#ifndef SPLITVIEW_CFILEOPS_H
#define SPLITVIEW_CFILEOPS_H

#include <sys/types.h>
#include <time.h>

/* glibc's message catalogs (dgettext, dngettext, bindtextdomain), which Swift's Glibc module
   leaves out: the app's words in the reader's language. */
#include <libintl.h>
#include <langinfo.h>
#include <locale.h>

/// Renames `from` to `to` only when nothing is at `to`: renameat2(RENAME_NOREPLACE), so the
/// check and the rename are one step. On a file system without it (EINVAL), falls back to a
/// check then rename(2), which a concurrent writer could race. Returns 0, or -1 with errno set
/// (EEXIST when `to` exists).
int sv_rename_noreplace(const char *from, const char *to);

/// The same, between two folders open as descriptors (renameat2 with RENAME_NOREPLACE).
int sv_renameat_noreplace(int from_folder, const char *from, int to_folder, const char *to);

/// Opens `path` beneath the folder open as `folder`, never leaving it: openat2 with
/// RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS, so no `..` and no symbolic
/// link is followed on the way. Returns the descriptor, or -1 with errno set: ENOSYS where the
/// kernel has no openat2 (before Linux 5.6), for the caller to walk the path itself; EXDEV or
/// ELOOP where the path would leave the folder or go through a link.
int sv_open_beneath(int folder, const char *path, int flags, mode_t mode);

/// The type of the file system the open `descriptor` is on (statfs's f_type, a magic number
/// of linux/magic.h), or -1 with errno set.
long long sv_file_system_type(int descriptor);

/// The same for `path`, following a final link.
long long sv_file_system_type_of(const char *path);

/// A descriptor that becomes readable when the process `pid` ends (pidfd_open, Linux 5.3),
/// which Swift's Glibc module leaves out: a hosted program's process group is followed after
/// its first process ends (a program that forks and leaves) by one per member, which the
/// host's poll() watches. Returns -1 with errno set where there is none.
int sv_pidfd_open(int pid);

/// The next connection waiting on `listener`, already close-on-exec and non-blocking
/// (accept4, which Swift's Glibc module leaves out): a process another thread spawns between
/// an accept and an fcntl would otherwise keep the connection open after the server closed
/// it. Returns -1 with errno set (EAGAIN when none waits on a non-blocking listener).
int sv_accept_cloexec(int listener);

/// Makes every heap block of `threshold` bytes or more a mapping of its own, given back to
/// the system when it is freed: mallopt(M_MMAP_THRESHOLD), which also stops glibc from raising
/// the threshold (and the trim threshold) after such a block is freed (malloc.h, which Swift's
/// Glibc module leaves out). Returns 1 when set.
int sv_map_large_blocks(unsigned long threshold);

/// Whether the heap block `pointer` (from malloc) is a mapping of its own, by glibc's chunk
/// header (its IS_MMAPPED bit): what the tests check of ``sv_map_large_blocks``.
int sv_block_is_mapped(const void *pointer);

/// The bytes free inside the heap's arenas (mallinfo2's fordblks): a block no larger can be
/// served from them rather than mapped or grown, whatever the threshold.
unsigned long sv_free_heap_bytes(void);

/// Adds a change of directory to `path` to a spawn's file actions
/// (posix_spawn_file_actions_addchdir_np, glibc 2.29), which Swift's Glibc module leaves out:
/// a hosted program starts in the folder shown, without a shell and without changing ours.
/// `actions` is a `posix_spawn_file_actions_t *`. Returns 0, or an errno value.
int sv_spawn_add_chdir(void *actions, const char *path);

// MARK: - Faults, for the tests

/// The kinds of calls the file operations make through the wrappers below, as bits.
enum sv_call {
    SV_CALL_OPEN = 1 << 0,      ///< open, openat, openat2: reading or making an entry
    SV_CALL_READ = 1 << 1,      ///< read
    SV_CALL_WRITE = 1 << 2,     ///< write
    SV_CALL_FSYNC = 1 << 3,     ///< fsync
    SV_CALL_CLOSE = 1 << 4,     ///< close of a file written (a network file system reports a failed write there)
    SV_CALL_RENAME = 1 << 5,    ///< rename, renameat, renameat2
    SV_CALL_UNLINK = 1 << 6,    ///< unlink, unlinkat, rmdir
    SV_CALL_MKDIR = 1 << 7,     ///< mkdir, mkdirat
    SV_CALL_SYMLINK = 1 << 8,   ///< symlink, symlinkat
    SV_CALL_METADATA = 1 << 9,  ///< fchmod, fchmodat, futimens, utimensat
};

/// Arms a fault on the calling thread only (the file operations run on the thread that calls
/// them, so tests running side by side never see each other's faults): among the calls whose
/// kind is in `calls`, the one after `after` such calls fails with `error` without being made;
/// with `persistent`, every later one fails too, as on a disk that stays full. `calls` 0
/// disarms. Counting starts anew.
void sv_fault_arm(unsigned calls, long after, int error, int persistent);

/// How many calls of the armed kinds the calling thread made (or was refused) since it armed.
long sv_fault_calls(void);

/// Whether the armed fault has failed a call yet.
int sv_fault_fired(void);

// MARK: - The wrappers: the system call, unless a fault is armed for it on this thread

int sv_open(const char *path, int flags, mode_t mode);
int sv_openat(int folder, const char *path, int flags, mode_t mode);
ssize_t sv_read(int descriptor, void *buffer, size_t count);
ssize_t sv_write(int descriptor, const void *buffer, size_t count);
int sv_fsync(int descriptor);
int sv_close_written(int descriptor);
int sv_rename(const char *from, const char *to);
int sv_renameat(int from_folder, const char *from, int to_folder, const char *to);
int sv_unlink(const char *path);
int sv_unlinkat(int folder, const char *path, int flags);
int sv_rmdir(const char *path);
int sv_mkdir(const char *path, mode_t mode);
int sv_mkdirat(int folder, const char *path, mode_t mode);
int sv_symlink(const char *target, const char *path);
int sv_symlinkat(const char *target, int folder, const char *path);
int sv_fchmod(int descriptor, mode_t mode);
int sv_fchmodat(int folder, const char *path, mode_t mode, int flags);
int sv_futimens(int descriptor, const struct timespec times[2]);
int sv_utimensat(int folder, const char *path, const struct timespec times[2], int flags);

/// The offset of the first `needle` (of `needle_length` bytes) in `haystack` (of `length`
/// bytes), or -1: glibc's memmem, linear in both lengths (the two-way algorithm), which
/// Glibc's Swift module leaves out (it needs _GNU_SOURCE).
long sv_find_bytes(const void *haystack, unsigned long length, const void *needle, unsigned long needle_length);

#endif
