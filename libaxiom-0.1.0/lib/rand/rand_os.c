/* SPDX-License-Identifier: GPL-2.0-or-later */
/* axiom_random_bytes(): the operating system's random generator, read with
 * getrandom(2), /dev/urandom where getrandom(2) does not exist, or
 * BCryptGenRandom on Windows. */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "rand/drbg.h"
#include "core/internal.h"

#ifdef _WIN32
#include <windows.h>
#include <bcrypt.h>

AXIOM_API int axiom_random_bytes(void *buf, size_t len)
{
    if (!buf && len)
        return AXIOM_EINVAL;
    uint8_t *p = buf;
    size_t left = len;
    while (left) {
        /* BCryptGenRandom takes a ULONG length. */
        ULONG n = left > 0x40000000u ? 0x40000000u : (ULONG)left;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, p, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG))) {
            axiom_wipe(buf, len);
            return AXIOM_ERANDOM;
        }
        p += n;
        left -= n;
    }
    return AXIOM_OK;
}

void axiom_rand_os_test_hook(int no_getrandom, const char *urandom_path)
{
    (void)no_getrandom;
    (void)urandom_path;
}

#else /* POSIX */

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

/* The raw system call rather than the libc wrapper: it needs no configure
 * probe, and it tells "the kernel lacks getrandom" (ENOSYS) apart from
 * every other failure, whatever libc this was built against. */
#if defined(__linux__) && defined(SYS_getrandom)
#define AXIOM_HAVE_GETRANDOM 1
#endif

/* 0: not known yet, 1: getrandom works, -1: the kernel has none.  Racy
 * writes all store the same answer, so relaxed atomics are enough. */
static int getrandom_state;
/* Test hook state (see drbg.h). */
static int hook_no_getrandom;
static const char *hook_urandom_path;

void axiom_rand_os_test_hook(int no_getrandom, const char *urandom_path)
{
    __atomic_store_n(&hook_no_getrandom, no_getrandom, __ATOMIC_RELAXED);
    __atomic_store_n(&hook_urandom_path, urandom_path, __ATOMIC_RELAXED);
}

#ifdef AXIOM_HAVE_GETRANDOM
/* AXIOM_OK, AXIOM_ERANDOM, or 1 when the kernel has no getrandom(2)
 * (only possible before anything was written). */
static int os_getrandom(uint8_t *p, size_t len)
{
    size_t done = 0;
    while (done < len) {
        /* The kernel returns at most 32 MiB - 1 per call; loop for more. */
        long r = syscall(SYS_getrandom, p + done, len - done, 0u);
        if (r > 0) {
            done += (size_t)r;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 && errno == ENOSYS && done == 0)
            return 1;
        return AXIOM_ERANDOM; /* r == 0 cannot happen; treat it as failure */
    }
    return AXIOM_OK;
}
#endif

static int os_urandom(uint8_t *p, size_t len)
{
    const char *path = __atomic_load_n(&hook_urandom_path, __ATOMIC_RELAXED);
    int fd;
    do
        fd = open(path ? path : "/dev/urandom", O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return AXIOM_ERANDOM;
    /* A regular file or a FIFO planted at the path is not a generator. */
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) {
        close(fd);
        return AXIOM_ERANDOM;
    }
    size_t done = 0;
    int rc = AXIOM_OK;
    while (done < len) {
        size_t want = len - done;
        if (want > ((size_t)1 << 30))
            want = (size_t)1 << 30;
        ssize_t r = read(fd, p + done, want);
        if (r > 0) {
            done += (size_t)r;
        } else if (r < 0 && errno == EINTR) {
            continue;
        } else {
            rc = AXIOM_ERANDOM; /* error or end of file (e.g. /dev/null) */
            break;
        }
    }
    close(fd);
    return rc;
}

AXIOM_API int axiom_random_bytes(void *buf, size_t len)
{
    if (!buf && len)
        return AXIOM_EINVAL;
    if (!len)
        return AXIOM_OK;
    int rc = 1;
#ifdef AXIOM_HAVE_GETRANDOM
    if (!__atomic_load_n(&hook_no_getrandom, __ATOMIC_RELAXED) &&
        __atomic_load_n(&getrandom_state, __ATOMIC_RELAXED) >= 0) {
        rc = os_getrandom(buf, len);
        __atomic_store_n(&getrandom_state, rc == 1 ? -1 : 1, __ATOMIC_RELAXED);
    }
#endif
    if (rc == 1)
        rc = os_urandom(buf, len);
    if (rc != AXIOM_OK)
        axiom_wipe(buf, len);
    return rc;
}

#endif /* POSIX */
