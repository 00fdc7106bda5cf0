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

#endif
