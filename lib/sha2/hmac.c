/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* HMAC (RFC 2104, FIPS 198-1) over the SHA-2 kernels of either family,
 * with the states after the inner and outer key blocks computed once per
 * key, and HKDF (RFC 5869) on top.  The key setup is written once over the
 * block size and inlined for 64 and 128 bytes, so that SHA-256 keeps its
 * constant-size loops. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "axiom/hash.h"
#include "core/mac.h"
#include "sha2/hash.h"
#include "core/internal.h"

struct axiom_hmac_ctx {
    const axiom_hash_desc *desc;
    const axiom_hash_kernel *k;
    int keyed;
    /* Chaining values after compressing K ^ ipad and K ^ opad: each message
     * then starts from istate as if one block had been hashed already. */
    axiom_hash_cv istate;
    axiom_hash_cv ostate;
    axiom_hash_state st;
};

static void hmac_init(axiom_hmac_ctx *c, const axiom_hash_desc *d)
{
    memset(c, 0, sizeof *c);
    c->desc = d;
    c->k = axiom_hash_pick(d->kernels);
}

/* The chaining values after K ^ ipad and K ^ opad, the key padded or
 * hashed to one block of @block bytes (a constant in each inlined copy). */
static inline __attribute__((always_inline)) void
key_states(const axiom_hash_desc *d, const axiom_hash_kernel *k, const uint8_t *key,
           size_t keylen, axiom_hash_cv *istate, axiom_hash_cv *ostate, const size_t block)
{
    uint8_t kb[AXIOM_HASH_MAX_BLOCK];

    axiom_zero16(kb, block);
    if (keylen > block) {
        /* RFC 2104, 2: longer keys are replaced by their hash. */
        axiom_hash_oneshot(d->iv, 0, k, key, keylen, kb, d->digestlen);
    } else if (keylen) {
        memcpy(kb, key, keylen);
    }
    for (size_t i = 0; i < block; i++)
        kb[i] ^= 0x36;
    *istate = *d->iv;
    axiom_hash_compress(k, istate, kb, 1);
    for (size_t i = 0; i < block; i++)
        kb[i] ^= 0x36 ^ 0x5c;
    *ostate = *d->iv;
    axiom_hash_compress(k, ostate, kb, 1);
    axiom_zero16(kb, block);
    __asm__ __volatile__("" : : "r"(kb) : "memory");
}

static void hmac_key_states(const axiom_hash_desc *d, const axiom_hash_kernel *k,
                            const uint8_t *key, size_t keylen, axiom_hash_cv *istate,
                            axiom_hash_cv *ostate)
{
    if (k->block == AXIOM_SHA512_BLOCK)
        key_states(d, k, key, keylen, istate, ostate, AXIOM_SHA512_BLOCK);
    else
        key_states(d, k, key, keylen, istate, ostate, AXIOM_SHA256_BLOCK);
}

static void hmac_setkey(axiom_hmac_ctx *c, const uint8_t *key, size_t keylen)
{
    hmac_key_states(c->desc, c->k, key, keylen, &c->istate, &c->ostate);
    axiom_hash_state_init(&c->st, &c->istate, c->k->block);
    c->keyed = 1;
}

/* The outer hash is one block: the inner digest and its padding. */
static void hmac_final(axiom_hmac_ctx *c, uint8_t *mac, size_t maclen)
{
    const size_t dl = c->desc->digestlen;
    uint8_t inner[AXIOM_HASH_MAX_SIZE];

    axiom_hash_state_final(&c->st, c->k, inner, dl);
    axiom_hash_oneshot(&c->ostate, c->k->block, c->k, inner, dl, mac, maclen);
    axiom_wipe(inner, sizeof inner);
    axiom_hash_state_init(&c->st, &c->istate, c->k->block);
}

/* The checks of the one-shot calls, in the order the error codes are
 * documented; the hash in *@dp when they pass. */
static inline __attribute__((always_inline)) int
oneshot_check(const char *hash, const uint8_t *mac, size_t maclen, const uint8_t *key,
              size_t keylen, const void *in, size_t len, const axiom_hash_desc **dp)
{
    if (!hash)
        return AXIOM_EINVAL;
    const axiom_hash_desc *d = axiom_hash_find(hash);
    if (!d)
        return AXIOM_ENOTFOUND;
    if (!mac || (!key && keylen) || (!in && len))
        return AXIOM_EINVAL;
    if (maclen == 0 || maclen > d->digestlen)
        return AXIOM_ELENGTH;
    *dp = d;
    return AXIOM_OK;
}

/* The first @maclen bytes of the MAC, the arguments checked. */
static inline __attribute__((always_inline)) void
oneshot(const axiom_hash_desc *d, uint8_t *mac, size_t maclen, const uint8_t *key,
        size_t keylen, const void *in, size_t len)
{
    /* The key states and the inner digest only: nothing else to wipe. */
    const axiom_hash_kernel *k = axiom_hash_pick_desc(d);
    struct {
        axiom_hash_cv istate, ostate;
        uint8_t inner[AXIOM_HASH_MAX_SIZE];
    } t;
    hmac_key_states(d, k, key, keylen, &t.istate, &t.ostate);
    axiom_hash_oneshot(&t.istate, k->block, k, in, len, t.inner, d->digestlen);
    axiom_hash_oneshot(&t.ostate, k->block, k, t.inner, d->digestlen, mac, maclen);
    axiom_wipe(&t, sizeof t);
}

AXIOM_API int axiom_hmac(const char *hash, uint8_t *mac, size_t maclen,
                         const uint8_t *key, size_t keylen, const void *in, size_t len)
{
    const axiom_hash_desc *d;
    int rc = oneshot_check(hash, mac, maclen, key, keylen, in, len, &d);
    if (rc != AXIOM_OK)
        return rc;
    oneshot(d, mac, maclen, key, keylen, in, len);
    return AXIOM_OK;
}

AXIOM_API int axiom_hmac_verify(const char *hash, const uint8_t *mac, size_t maclen,
                                const uint8_t *key, size_t keylen, const void *in, size_t len)
{
    const axiom_hash_desc *d;
    int rc = oneshot_check(hash, mac, maclen, key, keylen, in, len, &d);
    if (rc != AXIOM_OK)
        return rc;
    /* The full tag into a local buffer (the caller's @mac may lie inside
     * @in or @key), then one constant-time comparison. */
    uint8_t full[AXIOM_HASH_MAX_SIZE];
    oneshot(d, full, d->digestlen, key, keylen, in, len);
    rc = axiom_ct_equal(full, mac, maclen) ? AXIOM_OK : AXIOM_EAUTH;
    axiom_wipe(full, sizeof full);
    return rc;
}

AXIOM_API int axiom_hmac_new(axiom_hmac_ctx **ctx, const char *hash)
{
    if (!ctx)
        return AXIOM_EINVAL;
    *ctx = NULL;
    if (!hash)
        return AXIOM_EINVAL;
    const axiom_hash_desc *d = axiom_hash_find(hash);
    if (!d)
        return AXIOM_ENOTFOUND;
    axiom_hmac_ctx *c = axiom_secmem_alloc(sizeof *c);
    if (!c)
        return AXIOM_ENOMEM;
    hmac_init(c, d);
    *ctx = c;
    return AXIOM_OK;
}

AXIOM_API int axiom_hmac_setkey(axiom_hmac_ctx *ctx, const uint8_t *key, size_t keylen)
{
    if (!ctx || (!key && keylen))
        return AXIOM_EINVAL;
    hmac_setkey(ctx, key, keylen);
    return AXIOM_OK;
}

AXIOM_API int axiom_hmac_update(axiom_hmac_ctx *ctx, const void *in, size_t len)
{
    if (!ctx || (!in && len))
        return AXIOM_EINVAL;
    if (!ctx->keyed)
        return AXIOM_ESTATE;
    axiom_hash_state_update(&ctx->st, ctx->k, in, len);
    return AXIOM_OK;
}

AXIOM_API int axiom_hmac_final(axiom_hmac_ctx *ctx, uint8_t *mac, size_t maclen)
{
    if (!ctx || !mac)
        return AXIOM_EINVAL;
    if (!ctx->keyed)
        return AXIOM_ESTATE;
    if (maclen == 0 || maclen > ctx->desc->digestlen)
        return AXIOM_ELENGTH;
    hmac_final(ctx, mac, maclen);
    return AXIOM_OK;
}

/* Inner digests of a batch live on the stack; batches of this many. */
#define HMAC_BATCH 64

AXIOM_API int axiom_hmac_many(axiom_hmac_ctx *ctx, uint8_t *const macs[], size_t maclen,
                              const void *const msgs[], const size_t lens[], size_t n)
{
    if (!ctx)
        return AXIOM_EINVAL;
    if (!ctx->keyed)
        return AXIOM_ESTATE;
    const axiom_hash_desc *d = ctx->desc;
    if (maclen == 0 || maclen > d->digestlen)
        return AXIOM_ELENGTH;
    if (!n)
        return AXIOM_OK;
    if (!macs || !msgs || !lens)
        return AXIOM_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (!macs[i] || (!msgs[i] && lens[i]))
            return AXIOM_EINVAL;
    int rc = axiom_hash_many_disjoint(macs, maclen, msgs, lens, n);
    if (rc != AXIOM_OK)
        return rc;

    uint8_t inner[HMAC_BATCH][AXIOM_HASH_MAX_SIZE];
    uint8_t *iptr[HMAC_BATCH];
    const void *icptr[HMAC_BATCH];
    size_t ilen[HMAC_BATCH];
    for (size_t i = 0; i < HMAC_BATCH; i++) {
        iptr[i] = inner[i];
        icptr[i] = inner[i];
        ilen[i] = d->digestlen;
    }
    for (size_t off = 0; off < n; off += HMAC_BATCH) {
        size_t b = n - off < HMAC_BATCH ? n - off : HMAC_BATCH;
        axiom_hash_many_core(d, ctx->k, &ctx->istate, ctx->k->block, iptr, d->digestlen,
                             msgs + off, lens + off, b);
        axiom_hash_many_core(d, ctx->k, &ctx->ostate, ctx->k->block, macs + off, maclen,
                             icptr, ilen, b);
    }
    axiom_wipe(inner, sizeof inner);
    return AXIOM_OK;
}

AXIOM_API int axiom_hmac_dup(axiom_hmac_ctx **copy, const axiom_hmac_ctx *ctx)
{
    if (!copy)
        return AXIOM_EINVAL;
    *copy = NULL;
    if (!ctx)
        return AXIOM_EINVAL;
    axiom_hmac_ctx *c = axiom_secmem_alloc(sizeof *c);
    if (!c)
        return AXIOM_ENOMEM;
    memcpy(c, ctx, sizeof *c); /* key states and message state inline */
    *copy = c;
    return AXIOM_OK;
}

AXIOM_API void axiom_hmac_free(axiom_hmac_ctx *ctx)
{
    if (!ctx)
        return;
    axiom_secmem_free(ctx, sizeof *ctx);
}

/* ---- "hmac-<hash>" in the generic MAC API (lib/core/mac.h) ------------- */

static const void *mac_hmac_param(const char *rest)
{
    return axiom_hash_find(rest);
}

static const axiom_kernel *const *mac_hmac_kernels(const void *param)
{
    return ((const axiom_hash_desc *)param)->kernels;
}

static int mac_hmac_key_ok(const void *param, size_t keylen)
{
    (void)param;
    (void)keylen;
    return 1; /* RFC 2104: any length (longer than a block: hashed) */
}

static int mac_hmac_nonce_ok(const void *param, size_t noncelen)
{
    (void)param;
    return noncelen == 0;
}

static int mac_hmac_tag_ok(const void *param, size_t taglen)
{
    return taglen >= 1 && taglen <= ((const axiom_hash_desc *)param)->digestlen;
}

static void mac_hmac_init(void *state, const void *param, const axiom_kernel *k,
                          const uint8_t *key, size_t keylen, const uint8_t *nonce,
                          size_t noncelen)
{
    axiom_hmac_ctx *c = state;
    (void)nonce;
    (void)noncelen;
    hmac_init(c, param);
    c->k = (const axiom_hash_kernel *)k; /* picked by the generic layer from mac_hmac_kernels */
    hmac_setkey(c, key, keylen);
}

static void mac_hmac_update(void *state, const uint8_t *in, size_t len)
{
    axiom_hmac_ctx *c = state;
    axiom_hash_state_update(&c->st, c->k, in, len);
}

static void mac_hmac_final(void *state, uint8_t *tag, size_t taglen)
{
    hmac_final(state, tag, taglen);
}

_Static_assert(sizeof(axiom_hmac_ctx) <= AXIOM_MAC_MAX_STATE, "axiom_mac() keeps the state on its stack");

const axiom_mac_alg axiom_mac_hmac = {
    .name = "hmac-",
    .state_size = (sizeof(axiom_hmac_ctx) + 63) & ~(size_t)63,
    .param = mac_hmac_param,
    .kernels = mac_hmac_kernels,
    .key_ok = mac_hmac_key_ok,
    .nonce_ok = mac_hmac_nonce_ok,
    .tag_ok = mac_hmac_tag_ok,
    /* FIPS 180-4: fewer than 2^64 bits, the 64-byte key block included. */
    .max_len = (UINT64_C(1) << 61) - 1 - AXIOM_SHA256_BLOCK,
    .init = mac_hmac_init,
    .update = mac_hmac_update,
    .final = mac_hmac_final,
};

/* ---- HKDF ----------------------------------------------------------------- */

static int overlaps(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    return alen && blen && a < b + blen && b < a + alen;
}

AXIOM_API int axiom_hkdf(const char *hash, uint8_t *out, size_t outlen,
                         const uint8_t *ikm, size_t ikmlen, const uint8_t *salt, size_t saltlen,
                         const uint8_t *info, size_t infolen)
{
    if (!hash)
        return AXIOM_EINVAL;
    const axiom_hash_desc *d = axiom_hash_find(hash);
    if (!d)
        return AXIOM_ENOTFOUND;
    const size_t dl = d->digestlen;
    if ((!out && outlen) || (!ikm && ikmlen) || (!salt && saltlen) || (!info && infolen))
        return AXIOM_EINVAL;
    if (outlen > 255 * dl)
        return AXIOM_ELENGTH;
    if (overlaps(out, outlen, info, infolen))
        return AXIOM_EINVAL;

    /* Extract: PRK = HMAC(salt, IKM); an absent salt is dl zero bytes,
     * which HMAC's zero-padding of short keys makes the same as an empty
     * key. */
    axiom_hmac_ctx c;
    uint8_t prk[AXIOM_HASH_MAX_SIZE], t[AXIOM_HASH_MAX_SIZE];
    hmac_init(&c, d);
    hmac_setkey(&c, salt, saltlen);
    axiom_hash_state_update(&c.st, c.k, ikm, ikmlen);
    hmac_final(&c, prk, dl);

    /* Expand: T(i) = HMAC(PRK, T(i-1) | info | i), one key setup for all. */
    hmac_setkey(&c, prk, dl);
    size_t done = 0;
    for (unsigned i = 1; done < outlen; i++) {
        uint8_t ctr = (uint8_t)i;
        if (i > 1)
            axiom_hash_state_update(&c.st, c.k, t, dl);
        axiom_hash_state_update(&c.st, c.k, info, infolen);
        axiom_hash_state_update(&c.st, c.k, &ctr, 1);
        hmac_final(&c, t, dl);
        size_t take = outlen - done < dl ? outlen - done : dl;
        memcpy(out + done, t, take);
        done += take;
    }
    axiom_wipe(prk, sizeof prk);
    axiom_wipe(t, sizeof t);
    axiom_wipe(&c, sizeof c);
    return AXIOM_OK;
}

/* HKDF-Expand alone (RFC 5869, 2.3) with the info given in pieces, for
 * constructions that derive from an already uniform key (c2sp.org/
 * chunked-encryption).  The pieces may not overlap @out. */
int axiom_hkdf_expand_parts(const axiom_hash_desc *d, uint8_t *out, size_t outlen,
                            const uint8_t *prk, size_t prklen, const uint8_t *const parts[],
                            const size_t lens[], size_t nparts)
{
    const size_t dl = d->digestlen;
    if (outlen > 255 * dl)
        return AXIOM_ELENGTH;
    axiom_hmac_ctx c;
    uint8_t t[AXIOM_HASH_MAX_SIZE];
    hmac_init(&c, d);
    hmac_setkey(&c, prk, prklen);
    size_t done = 0;
    for (unsigned i = 1; done < outlen; i++) {
        uint8_t ctr = (uint8_t)i;
        if (i > 1)
            axiom_hash_state_update(&c.st, c.k, t, dl);
        for (size_t p = 0; p < nparts; p++)
            axiom_hash_state_update(&c.st, c.k, parts[p], lens[p]);
        axiom_hash_state_update(&c.st, c.k, &ctr, 1);
        hmac_final(&c, t, dl);
        size_t take = outlen - done < dl ? outlen - done : dl;
        memcpy(out + done, t, take);
        done += take;
    }
    axiom_wipe(t, sizeof t);
    axiom_wipe(&c, sizeof c);
    return AXIOM_OK;
}
