/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The generic MAC layer: argument checks, the message length count and
 * the constant-time tag comparison, over one algorithm's operations
 * (lib/core/mac.h). */
#include "config.h"

#include <string.h>

#include "axiom/mac.h"
#include "axiom/util.h"
#include "api/catalog.h"
#include "core/internal.h"
#include "core/mac.h"

struct axiom_mac_ctx {
    const axiom_mac_alg *alg;
    const void *param;   /* a family's parameter (the hash of hmac-<hash>) */
    int keyed;
    uint64_t total;      /* bytes of the message so far */
    size_t state_size;
    _Alignas(64) uint8_t state[]; /* alg->state_size bytes */
};

/* The algorithm that @name names, and its parameter. */
static int find(const char *name, const axiom_mac_alg **a, const void **param)
{
    if (!name)
        return AXIOM_EINVAL;
    *a = axiom_catalog_mac(name, param);
    return *a ? AXIOM_OK : AXIOM_ENOTFOUND;
}

AXIOM_API int axiom_mac_new(axiom_mac_ctx **ctx, const char *name)
{
    if (!ctx)
        return AXIOM_EINVAL;
    *ctx = NULL;
    const void *param;
    const axiom_mac_alg *a;
    int rc = find(name, &a, &param);
    if (rc != AXIOM_OK)
        return rc;
    rc = axiom_pick_status(a->kernels(param));
    if (rc != AXIOM_OK)
        return rc;
    size_t size = sizeof(axiom_mac_ctx) + a->state_size;
    axiom_mac_ctx *c = axiom_secmem_alloc(size);
    if (!c)
        return AXIOM_ENOMEM;
    c->alg = a;
    c->param = param;
    c->state_size = a->state_size;
    *ctx = c;
    return AXIOM_OK;
}

AXIOM_API void axiom_mac_free(axiom_mac_ctx *ctx)
{
    if (!ctx)
        return;
    axiom_secmem_free(ctx, sizeof(axiom_mac_ctx) + ctx->state_size);
}

/* The checks of init, in the order the error codes are documented; the
 * kernel picked when they pass.  Nothing has been written when this
 * fails. */
static int check_key(const axiom_mac_alg *a, const void *param, const uint8_t *key,
                     size_t keylen, const uint8_t *nonce, size_t noncelen,
                     const axiom_kernel **k)
{
    if ((!key && keylen) || (!nonce && noncelen))
        return AXIOM_EINVAL;
    if (!a->key_ok(param, keylen))
        return AXIOM_EKEYLEN;
    if (!a->nonce_ok(param, noncelen))
        return AXIOM_EIVLEN;
    /* Picked per key: axiom_cpu_disable() may have taken features away
     * since the context was made. */
    *k = axiom_pick(a->kernels(param));
    return *k ? AXIOM_OK : axiom_pick_status(a->kernels(param));
}

AXIOM_API int axiom_mac_init(axiom_mac_ctx *ctx, const uint8_t *key, size_t keylen,
                             const uint8_t *nonce, size_t noncelen)
{
    if (!ctx)
        return AXIOM_EINVAL;
    const axiom_kernel *k;
    int rc = check_key(ctx->alg, ctx->param, key, keylen, nonce, noncelen, &k);
    if (rc != AXIOM_OK)
        return rc;
    /* A key of length 0 may come with a NULL pointer; the algorithms get
     * a valid one either way. */
    static const uint8_t none[1];
    ctx->alg->init(ctx->state, ctx->param, k, key ? key : none, keylen, noncelen ? nonce : NULL,
                   noncelen);
    ctx->keyed = 1;
    ctx->total = 0;
    return AXIOM_OK;
}

AXIOM_API int axiom_mac_update(axiom_mac_ctx *ctx, const void *in, size_t len)
{
    if (!ctx || (!in && len))
        return AXIOM_EINVAL;
    if (!ctx->keyed)
        return AXIOM_ESTATE;
    if ((uint64_t)len > ctx->alg->max_len - ctx->total)
        return AXIOM_ELENGTH;
    if (!len)
        return AXIOM_OK; /* in may be NULL: no pointer arithmetic on it */
    ctx->alg->update(ctx->state, in, len);
    ctx->total += len;
    return AXIOM_OK;
}

/* The tag of the message into @full, after the checks of final. */
static int finish(axiom_mac_ctx *ctx, const uint8_t *tag, size_t taglen,
                  uint8_t full[AXIOM_MAC_MAXTAG])
{
    if (!ctx || !tag)
        return AXIOM_EINVAL;
    if (!ctx->keyed)
        return AXIOM_ESTATE;
    if (!ctx->alg->tag_ok(ctx->param, taglen))
        return AXIOM_ETAGLEN;
    ctx->alg->final(ctx->state, full, taglen);
    ctx->total = 0;
    return AXIOM_OK;
}

AXIOM_API int axiom_mac_final(axiom_mac_ctx *ctx, uint8_t *tag, size_t taglen)
{
    uint8_t full[AXIOM_MAC_MAXTAG];
    int rc = finish(ctx, tag, taglen, full);
    if (rc == AXIOM_OK)
        memcpy(tag, full, taglen);
    axiom_wipe(full, sizeof full);
    return rc;
}

AXIOM_API int axiom_mac_verify(axiom_mac_ctx *ctx, const uint8_t *tag, size_t taglen)
{
    uint8_t full[AXIOM_MAC_MAXTAG];
    int rc = finish(ctx, tag, taglen, full);
    if (rc == AXIOM_OK)
        rc = axiom_ct_equal(full, tag, taglen) ? AXIOM_OK : AXIOM_EAUTH;
    axiom_wipe(full, sizeof full);
    return rc;
}

AXIOM_API int axiom_mac(const char *name, uint8_t *tag, size_t taglen, const uint8_t *key,
                        size_t keylen, const void *in, size_t len)
{
    const void *param;
    const axiom_mac_alg *a;
    int rc = find(name, &a, &param);
    if (rc != AXIOM_OK)
        return rc;
    if (!tag || (!in && len))
        return AXIOM_EINVAL;
    const axiom_kernel *k;
    rc = check_key(a, param, key, keylen, NULL, 0, &k);
    if (rc != AXIOM_OK)
        return rc;
    if (!a->tag_ok(param, taglen))
        return AXIOM_ETAGLEN;
    if ((uint64_t)len > a->max_len)
        return AXIOM_ELENGTH;
    static const uint8_t none[1];
    uint8_t full[AXIOM_MAC_MAXTAG];
    if (a->oneshot && a->oneshot(param, k, key ? key : none, keylen, len ? in : NULL, len, full)) {
        memcpy(tag, full, taglen);
        axiom_wipe(full, sizeof full);
        return AXIOM_OK;
    }
    if (a->state_size > AXIOM_MAC_MAX_STATE) /* each algorithm asserts it at compile time */
        return AXIOM_ENOMEM;
    _Alignas(64) uint8_t state[AXIOM_MAC_MAX_STATE];
    /* Not zeroed first: init writes whatever the operations read. */
    a->init(state, param, k, key ? key : none, keylen, NULL, 0);
    if (len)
        a->update(state, in, len);
    a->final(state, full, taglen);
    memcpy(tag, full, taglen);
    axiom_wipe(full, sizeof full);
    axiom_wipe(state, a->state_size);
    return AXIOM_OK;
}
