/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kernel selection: the one pick every family uses (lib/core/kernel.h). */
#include "config.h"

#include "core/internal.h"
#include "core/kernel.h"

/* The features test alone, under the current CPU mask. */
static int runnable(const axiom_kernel *k, uint64_t have)
{
    return (k->features & ~have) == 0;
}

const axiom_kernel *axiom_pick(const axiom_kernel *const *list)
{
    const axiom_cpu_policy c = axiom_cpu_usable();
    const axiom_kernel *passed = NULL; /* the first usable one passed over */
    for (; list && *list; list++) {
        const axiom_kernel *k = *list;
        if (!runnable(k, c.have) || (!k->constant_time && c.ct_only))
            continue;
        if (!(k->slow_on & c.traits))
            return k;
        if (!passed)
            passed = k;
    }
    return passed;
}

const axiom_kernel *axiom_pick_memo_miss(const axiom_kernel *const *list, axiom_pick_memo *m)
{
    /* The generation first: a disable call that lands between this load
     * and the pick's makes the memo stale at once (it bumps the
     * generation after changing the features), never wrong. */
    const uint64_t g = __atomic_load_n(&axiom_cpu_gen, __ATOMIC_ACQUIRE);
    const axiom_kernel *k = axiom_pick(list);
    if (!k || !g)
        return k;
    size_t i = 0;
    while (list[i] != k)
        i++;
    if (i < 0xffff)
        __atomic_store_n(&m->word, g << 16 | (i + 1), __ATOMIC_RELAXED);
    return k;
}

int axiom_pick_status(const axiom_kernel *const *list)
{
    if (axiom_pick(list))
        return AXIOM_OK;
    const uint64_t have = axiom_cpu_usable().have;
    for (; list && *list; list++)
        if (runnable(*list, have))
            return AXIOM_ENOTCT;
    return AXIOM_ENOTFOUND; /* unreachable: every list ends with a portable kernel */
}
