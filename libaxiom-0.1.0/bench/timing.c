/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Clocks, the serialized time-stamp counter and cache flushing for the
 * benchmark runner. */
#include "config.h"

#include <time.h>

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
