#ifndef SHELF_SYSTEM_CALLS_H
#define SHELF_SYSTEM_CALLS_H

/// Swaps the files at two paths in one atomic step: Linux's renameat2 with RENAME_EXCHANGE,
/// macOS's renamex_np with RENAME_SWAP. Both paths must exist.
///
/// Returns 0, or -1 with errno set; EINVAL, ENOSYS or ENOTSUP mean the system or the file
/// system cannot swap, and the caller falls back to a rename.
int shelf_exchange_paths(const char *first, const char *second);

/// Connects a stream socket to the unix socket at `path` (a watchman server's), with reads and
/// writes that give up after `timeout_ms` milliseconds each (SO_RCVTIMEO, SO_SNDTIMEO), so that
/// a server that hangs cannot hang the caller.
///
/// Returns the descriptor, or -1 with errno set (ENAMETOOLONG when `path` does not fit).
int shelf_unix_connect(const char *path, int timeout_ms);

/// Hands the memory malloc holds free back to the system (glibc's malloc_trim); does nothing
/// where there is no such call.
void shelf_release_free_memory(void);

/// Whether the start of the file at `path` is in the page cache, asked with a read that may
/// not wait for the disk (Linux's preadv2 with RWF_NOWAIT): 1 when it is, 0 when it is not, -1
/// when the system or the file system cannot tell.
int shelf_file_is_cached(const char *path);

/// Asks the kernel to read the file at `path` into the page cache without waiting for the data
/// (posix_fadvise with POSIX_FADV_WILLNEED); opening it may wait for its inode. Does nothing
/// where there is no such call, or when the file cannot be opened.
void shelf_read_ahead(const char *path);

#endif
