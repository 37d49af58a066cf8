/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Where the bulk loops over long messages prefetch (the x86-64 code in
 * core/x86_prefetch.h; the tests read the thresholds here to test around
 * them on any architecture).
 *
 * A loop over a message of AXIOM_PF_LARGE bytes or more asks for its
 * input and its output's lines AXIOM_PF_DIST bytes ahead, in a loop of
 * its own that stops AXIOM_PF_DIST bytes (plus one iteration) before the
 * end; shorter messages run the loops without it. */
#ifndef AXIOM_PREFETCH_H
#define AXIOM_PREFETCH_H

#include <stddef.h>
#include <stdint.h>

#define AXIOM_PF_DIST 2048
#define AXIOM_PF_LARGE ((size_t)2 << 20)

/* The size from which the loops prefetch: AXIOM_PF_LARGE, or SIZE_MAX
 * (never) on a CPU model whose hardware prefetchers alone measured faster
 * (AXIOM_TRAIT_NO_SW_PREFETCH, core/kernel.h); written once, by the CPU
 * detection that every kernel pick runs first (lib/core/cpu.c). */
extern size_t axiom_pf_large;

/* The bytes left (of a call over @total bytes) below which a loop that
 * consumes @step bytes an iteration no longer prefetches: SIZE_MAX (it
 * never starts) for a call under axiom_pf_large. */
static inline size_t axiom_pf_until(size_t total, size_t step)
{
    return total >= axiom_pf_large ? AXIOM_PF_DIST + step : SIZE_MAX;
}

#endif
