/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Clocks, the serialized time-stamp counter, cache flushing and the source
 * of random inputs for the benchmark runner. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

#include "bench.h"

#if defined(__x86_64__) || defined(__i386__)
#define BENCH_X86 1
#include <emmintrin.h> /* SSE2 is baseline on x86_64: clflush, mfence */
#endif

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#ifdef BENCH_X86
int bench_have_tsc(void)
{
    return 1;
}

/* mfence+lfence rather than cpuid: under a hypervisor cpuid traps (a VM
 * exit of a microsecond or more, with jitter), lfence does not.  The first
 * lfence waits for earlier work, the last keeps the timed code from
 * starting before the counter is read. */
uint64_t bench_tsc_begin(void)
{
    uint32_t lo, hi;
    __asm__ volatile("mfence\n\tlfence\n\trdtsc\n\tlfence"
                     : "=a"(lo), "=d"(hi)
                     :
                     : "memory");
    return ((uint64_t)hi << 32) | lo;
}

/* mfence first so that the timed code's stores count too. */
uint64_t bench_tsc_end(void)
{
    uint32_t lo, hi;
    __asm__ volatile("mfence\n\tlfence\n\trdtsc\n\tlfence"
                     : "=a"(lo), "=d"(hi)
                     :
                     : "memory");
    return ((uint64_t)hi << 32) | lo;
}

void bench_flush_range(const void *p, size_t len)
{
    const char *c = p;
    if (!p || len == 0)
        return;
    /* Start at the line holding the first byte, end at the line holding
     * the last; 64 bytes is the line size of every x86_64 to date. */
    const char *end = c + len;
    c = (const char *)((uintptr_t)c & ~(uintptr_t)63);
    for (; c < end; c += 64)
        _mm_clflush(c);
    _mm_mfence();
}
#else
int bench_have_tsc(void)
{
    return 0;
}

uint64_t bench_tsc_begin(void)
{
    return 0;
}

uint64_t bench_tsc_end(void)
{
    return 0;
}

/* No portable flush: cold-cache mode then only evicts by sweeping. */
void bench_flush_range(const void *p, size_t len)
{
    (void)p;
    (void)len;
}
#endif

/* Stand-in until the library's own generator (axiom_random_bytes) exists:
 * then this body becomes one call to it. */
int bench_fill_random(void *buf, size_t len)
{
    unsigned char *p = buf;
#if defined(__linux__) && defined(SYS_getrandom)
    while (len > 0) {
        long n = syscall(SYS_getrandom, p, len, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break; /* ENOSYS on old kernels: fall back to the device */
        }
        p += n;
        len -= (size_t)n;
    }
    if (len == 0)
        return 0;
#endif
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while (len > 0) {
        ssize_t n = read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            close(fd);
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    close(fd);
    return 0;
}
