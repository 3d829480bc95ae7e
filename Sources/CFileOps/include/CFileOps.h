#ifndef SPLITVIEW_CFILEOPS_H
#define SPLITVIEW_CFILEOPS_H

/// Renames `from` to `to` only when nothing is at `to`: renameat2(RENAME_NOREPLACE), so the
/// check and the rename are one step. On a file system without it (EINVAL), falls back to a
/// check then rename(2), which a concurrent writer could race. Returns 0, or -1 with errno set
/// (EEXIST when `to` exists).
int sv_rename_noreplace(const char *from, const char *to);

/// The offset of the first `needle` (of `needle_length` bytes) in `haystack` (of `length`
/// bytes), or -1: glibc's memmem, linear in both lengths (the two-way algorithm), which
/// Glibc's Swift module leaves out (it needs _GNU_SOURCE).
long sv_find_bytes(const void *haystack, unsigned long length, const void *needle, unsigned long needle_length);

#endif
