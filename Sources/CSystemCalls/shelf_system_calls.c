// The system calls Swift's Glibc module does not show: renameat2 is declared only with
// _GNU_SOURCE, which a Swift module map cannot set.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#include "shelf_system_calls.h"

int shelf_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#else
    // Without RENAME_EXCHANGE (an old or another C library) there is no swap: the caller
    // renames, as shelf did before it swapped.
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}
