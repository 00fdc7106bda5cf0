// The system calls Swift's Glibc module does not show: renameat2 and preadv2 are declared only
// with _GNU_SOURCE, which a Swift module map cannot set, and malloc_trim is in malloc.h, which it
// leaves out.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

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

int shelf_unix_connect(const char *path, int timeout_ms) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t length = strlen(path);
    if (length >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(address.sun_path, path, length);
#ifdef SOCK_CLOEXEC
    int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (descriptor < 0) return -1;
#else
    /* Darwin has no SOCK_CLOEXEC: the flag is set right after (no other thread starts programs). */
    int descriptor = socket(AF_UNIX, SOCK_STREAM, 0);
    if (descriptor < 0) return -1;
    fcntl(descriptor, F_SETFD, FD_CLOEXEC);
#endif
#ifdef SO_NOSIGPIPE
    /* Darwin's send has no MSG_NOSIGNAL: a closed server is an error, not a SIGPIPE. */
    int one = 1;
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
    struct timeval timeout = { .tv_sec = timeout_ms / 1000, .tv_usec = (timeout_ms % 1000) * 1000 };
    if (setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout) != 0
        || setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout) != 0
        || connect(descriptor, (const struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    return descriptor;
}

void shelf_release_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

int shelf_file_is_cached(const char *path) {
#if defined(__linux__) && defined(RWF_NOWAIT)
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    char byte;
    struct iovec vector = { .iov_base = &byte, .iov_len = 1 };
    ssize_t count = preadv2(descriptor, &vector, 1, 0, RWF_NOWAIT);
    int saved = errno;
    close(descriptor);
    if (count >= 0) return 1;
    return saved == EAGAIN ? 0 : -1;
#else
    (void)path;
    return -1;
#endif
}

void shelf_read_ahead(const char *path) {
#if defined(POSIX_FADV_WILLNEED)
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return;
    (void)posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED);
    close(descriptor);
#else
    (void)path;
#endif
}
