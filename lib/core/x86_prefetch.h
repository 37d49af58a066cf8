/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Software prefetching for the x86-64 bulk loops over long messages (the
 * VAES block cipher modes, the stitched AES-GCM loops); the thresholds
 * are in core/prefetch.h.
 *
 * A loop over a message larger than the caches asks for its input
 * (PREFETCHT0) and for its output's lines (PREFETCHW: owned before the
 * stores arrive, so that they do not wait for each line's read for
 * ownership) AXIOM_PF_DIST bytes ahead.  That keeps memory busy across
 * the 4 KiB page boundaries where the hardware prefetchers stop.  Within
 * the caches the extra instructions cost a few per cent, hence the
 * threshold.  Prefetches never fault and change no architectural state. */
#ifndef AXIOM_X86_PREFETCH_H
#define AXIOM_X86_PREFETCH_H

#include <immintrin.h>

#include "core/prefetch.h"

/* PREFETCHW (CPUID PRFCHW) is in every CPU with VAES or AVX-512; code
 * built for older ones (the AES-NI AEGIS kernels) asks for the output's
 * lines as reads instead. */
#if defined(__VAES__) || defined(__AVX512F__)
#define AXIOM_PF_WRITE(p) __asm__ volatile("prefetchw %0" : : "m"(*(p)))
#else
#define AXIOM_PF_WRITE(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#endif

/* The @bytes (a multiple of 64) of input and output AXIOM_PF_DIST ahead
 * of @in and @out. */
static inline __attribute__((always_inline)) void axiom_pf_stream(const uint8_t *in,
                                                                  const uint8_t *out,
                                                                  size_t bytes)
{
    for (size_t i = 0; i < bytes; i += 64) {
        _mm_prefetch((const char *)in + AXIOM_PF_DIST + i, _MM_HINT_T0);
        AXIOM_PF_WRITE(out + AXIOM_PF_DIST + i);
    }
}

#endif
