/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The header every kernel descriptor starts with, and the one function
 * that picks a kernel from a list under the CPU mask and the
 * constant-time policy. */
#ifndef AXIOM_KERNEL_H
#define AXIOM_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "axiom/cpu.h"

/* CPU traits: properties of a CPU model, not features, under which a
 * kernel was measured slower than one further down its list (the
 * kernel's slow_on).  axiom_cpu_usable() reports the CPU's. */
#define AXIOM_TRAIT_ZMM_HALVES 1u /* 512-bit operations run as two 256-bit halves (AMD Zen 4) */
/* The long-message loops' software prefetch (core/prefetch.h) measured
 * slower than the hardware's alone (AMD family 25 model 17). */
#define AXIOM_TRAIT_NO_SW_PREFETCH 2u

/* What every kernel, of whatever primitive, says about itself. */
typedef struct axiom_kernel {
    const char *name;      /* as axiom_impl() reports it, e.g. "vaes-avx512" */
    uint64_t features;     /* AXIOM_CPU_* bits it needs, all of them */
    int constant_time;     /* 1: no secret-dependent branch or memory index */
    const char *desc;      /* one line: what it is (interleave, fusion, ...) */
    /* AXIOM_TRAIT_* bits of the CPU models on which a usable kernel
     * further down the list was measured faster: the pick passes over
     * this one there (0: none). */
    unsigned slow_on;
} axiom_kernel;

/* The first member of every kernel descriptor type: the header both as a
 * named member (`base`, what the lists point at) and as anonymous fields
 * (so that `k->name` reads it directly).  A descriptor is converted back
 * from its header with a plain cast: the header is at offset 0. */
#define AXIOM_KERNEL_HEAD                                                                  \
    union {                                                                                \
        axiom_kernel base;                                                                 \
        struct {                                                                           \
            const char *name;                                                              \
            uint64_t features;                                                             \
            int constant_time;                                                             \
            const char *desc;                                                              \
            unsigned slow_on;                                                              \
        };                                                                                 \
    }

/* A kernel list: pointers to the headers of the kernels of one primitive
 * that this build has, best first, NULL-terminated.  Every list is
 * defined in its family's registry file, lib/<family>/<family>_kernels.c. */
typedef const axiom_kernel *const axiom_kernel_list[];

/* The first usable kernel of @list whose slow_on has none of the CPU's
 * traits, or the first usable one when every usable kernel has some;
 * NULL when none is usable, which happens only when the
 * constant-time-only policy refuses every kernel the CPU could run (every
 * list ends with a portable kernel). */
const axiom_kernel *axiom_pick(const axiom_kernel *const *list);

/* axiom_pick(@list) remembered in @m, for calls that would otherwise pick
 * on every message (the one-shot hash and HMAC calls).  The pick is a
 * function of the usable features alone (the other inputs are fixed when
 * the CPU is detected), and those change only through
 * axiom_cpu_disable(), which bumps axiom_cpu_gen after it: the memo's one
 * word holds the generation it was made under above the kernel's index
 * in @list plus one, so a reader never pairs one pick with another
 * generation.  A memo is for one list only; it starts zeroed (empty). */
typedef struct axiom_pick_memo {
    uint64_t word;
} axiom_pick_memo;

/* The CPU policy's generation: 0 before detection, then 1, plus one per
 * axiom_cpu_disable() call (lib/core/cpu.c). */
extern uint64_t axiom_cpu_gen;

const axiom_kernel *axiom_pick_memo_miss(const axiom_kernel *const *list, axiom_pick_memo *m);

static inline const axiom_kernel *axiom_pick_memoized(const axiom_kernel *const *list,
                                                      axiom_pick_memo *m)
{
    const uint64_t g = __atomic_load_n(&axiom_cpu_gen, __ATOMIC_ACQUIRE);
    const uint64_t w = __atomic_load_n(&m->word, __ATOMIC_RELAXED);
    if (g && w >> 16 == g)
        return list[(w & 0xffff) - 1];
    return axiom_pick_memo_miss(list, m);
}

/* Why axiom_pick(@list) found nothing: AXIOM_OK when it finds a kernel,
 * AXIOM_ENOTCT when one would be usable but for the constant-time-only
 * policy. */
int axiom_pick_status(const axiom_kernel *const *list);

#endif
