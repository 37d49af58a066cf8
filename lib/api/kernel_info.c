/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* axiom_kernel_info(): the kernels this build has for an algorithm, read
 * from the same lists the library picks from, so that tools never keep a
 * copy of them. */
#include "config.h"

#include "api/catalog.h"
#include "core/internal.h"

/* Entry @i of a NULL-terminated list, or NULL past its end. */
static const axiom_kernel *nth(const axiom_kernel *const *list, size_t i)
{
    for (size_t k = 0; list && list[k]; k++)
        if (k == i)
            return list[k];
    return NULL;
}

AXIOM_API int axiom_kernel_info(const char *name, size_t index, const char **kernel,
                                uint64_t *features, int *constant_time)
{
    if (!name)
        return AXIOM_EINVAL;
    const axiom_kernel *const *second;
    const axiom_kernel *const *list = axiom_catalog_kernels(name, &second);
    if (!list)
        return AXIOM_ENOTFOUND;
    /* "<hash>-many": the multi-lane kernels, then the single-stream ones
     * (axiom_hash_many() falls back to those when no lane kernel pays). */
    size_t n = 0;
    while (list[n])
        n++;
    const axiom_kernel *k = index < n ? list[index] : nth(second, index - n);
    if (!k)
        return AXIOM_ENOTFOUND;
    if (kernel)
        *kernel = k->name;
    if (features)
        *features = k->features;
    if (constant_time)
        *constant_time = k->constant_time;
    return AXIOM_OK;
}
