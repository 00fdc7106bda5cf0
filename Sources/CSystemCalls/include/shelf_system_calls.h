#ifndef SHELF_SYSTEM_CALLS_H
#define SHELF_SYSTEM_CALLS_H

/// Swaps the files at two paths in one atomic step: Linux's renameat2 with RENAME_EXCHANGE,
/// macOS's renamex_np with RENAME_SWAP. Both paths must exist.
///
/// Returns 0, or -1 with errno set; EINVAL, ENOSYS or ENOTSUP mean the system or the file
/// system cannot swap, and the caller falls back to a rename.
int shelf_exchange_paths(const char *first, const char *second);

#endif
