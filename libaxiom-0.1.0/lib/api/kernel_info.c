/* SPDX-License-Identifier: GPL-2.0-or-later */
/* axiom_kernel_info(): the kernels this build has for an algorithm, read
 * from the same lists the library picks from, so that tools never keep a
 * copy of them. */
#include "config.h"


#include "api/catalog.h"
#include "chacha/chacha.h"
#include "gcm/ghash.h"
#include "core/internal.h"
#include "chacha/poly1305.h"
#include "sm4/sm4.h"

typedef struct kernel_row {
    const char *name;
    uint64_t features;
    int constant_time;
} kernel_row;

/* Row @i of a NULL-terminated list of kernel descriptors (any of the
 * kernel types: all start with name, features, constant_time).  Returns 1
 * and fills @r, or 0 past the end. */
#define NTH_KERNEL(fn, type)                                                                   \
    static int fn(type *const *list, size_t i, kernel_row *r)                                  \
    {                                                                                          \
        for (size_t k = 0; list && list[k]; k++)                                               \
            if (k == i) {                                                                      \
                r->name = list[k]->name;                                                       \
                r->features = list[k]->features;                                               \
                r->constant_time = list[k]->constant_time;                                     \
                return 1;                                                                      \
            }                                                                                  \
        return 0;                                                                              \
    }

NTH_KERNEL(nth_bc, const axiom_bc_kernel)
NTH_KERNEL(nth_hash, const axiom_hash_kernel)
NTH_KERNEL(nth_gcm, const axiom_gcm_kernel)
NTH_KERNEL(nth_chacha, const axiom_chacha_kernel)

/* ChaCha20-Poly1305 (lib/chacha/chachapoly.c): a Poly1305 kernel with the fused
 * ChaCha20 + Poly1305 pass serves the whole AEAD and names it (its
 * features cover its ChaCha20 part); otherwise the ChaCha20 kernel names
 * the pair.  Rows: the fused kernels, then every ChaCha20 kernel. */
static int nth_chachapoly(size_t i, kernel_row *r)
{
    size_t fused = 0;
    for (size_t k = 0; axiom_poly1305_kernels[k]; k++) {
        const axiom_poly1305_kernel *p = axiom_poly1305_kernels[k];
        if (!p->chachapoly)
            continue;
        if (fused++ == i) {
            r->name = p->chachapoly_name;
            r->features = p->features;
            r->constant_time = p->constant_time;
            return 1;
        }
    }
    return nth_chacha(axiom_chacha_kernels, i - fused, r);
}

static int nth_row(const char *name, size_t i, kernel_row *r)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher(name);
    if (d)
        return d->stream ? nth_chacha(axiom_chacha_kernels, i, r) : nth_bc(d->kernels, i, r);

    static const char *const gcm_names[] = { "aes-128-gcm", "aes-192-gcm", "aes-256-gcm" };
    for (size_t k = 0; k < sizeof gcm_names / sizeof gcm_names[0]; k++)
        if (axiom_name_eq(name, gcm_names[k]))
            return nth_gcm(axiom_gcm_kernels, i, r);
    if (axiom_name_eq(name, "sm4-gcm"))
        return nth_gcm(axiom_sm4_gcm_kernels, i, r);
    if (axiom_name_eq(name, "chacha20-poly1305") || axiom_name_eq(name, "xchacha20-poly1305"))
        return nth_chachapoly(i, r);

    /* "sha256-many": the multi-lane kernels, then the single-stream ones
     * (axiom_hash_many() falls back to those when no lane kernel pays). */
    const axiom_hash_desc *hm = axiom_catalog_hash_many(name);
    if (hm) {
        size_t lanes = 0;
        while (hm->lane_kernels[lanes])
            lanes++;
        return i < lanes ? nth_hash(hm->lane_kernels, i, r) : nth_hash(hm->kernels, i - lanes, r);
    }
    const axiom_hash_desc *h = axiom_catalog_hash(name);
    if (h)
        return nth_hash(h->kernels, i, r);
    return -1;
}

AXIOM_API int axiom_kernel_info(const char *name, size_t index, const char **kernel,
                                uint64_t *features, int *constant_time)
{
    kernel_row r;
    if (!name)
        return AXIOM_EINVAL;
    int found = nth_row(name, index, &r);
    if (found <= 0)
        return AXIOM_ENOTFOUND;
    if (kernel)
        *kernel = r.name;
    if (features)
        *features = r.features;
    if (constant_time)
        *constant_time = r.constant_time;
    return AXIOM_OK;
}
