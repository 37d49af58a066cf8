/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kernel selection: the one pick every family uses (lib/core/kernel.h). */
#include "config.h"

#include <string.h>

#include "core/internal.h"
#include "core/kernel.h"

/* The features test alone, under the current CPU mask. */
static int runnable(const axiom_kernel *k, uint64_t have)
{
    return (k->features & ~have) == 0;
}

int axiom_kernel_usable(const axiom_kernel *k)
{
    const axiom_cpu_policy c = axiom_cpu_usable();
    return runnable(k, c.have) && (k->constant_time || !c.ct_only);
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

const axiom_kernel *axiom_kernel_find(const axiom_kernel *const *list, const char *name)
{
    for (; list && *list && name; list++)
        if (strcmp((*list)->name, name) == 0)
            return *list;
    return NULL;
}
