/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-2 streaming state shared by the hash, HMAC and HKDF layers, and
 * the public hash calls, for both families.
 *
 * Each routine is written once over the block size and instantiated twice
 * (64 and 128 bytes) by always-inlined bodies, so that the SHA-224/256
 * copies keep constant block arithmetic; the entry points pick a copy with
 * one branch on the kernel's family. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "axiom/hash.h"
#include "sha2/hash.h"
#include "core/internal.h"

#define INLINE static inline __attribute__((always_inline))

/* Zero @n bytes (a multiple of 16, constant in every inlined copy) in a
 * way the compiler keeps: the buffers hold message or key material. */
INLINE void wipe_inline(void *p, size_t n)
{
    axiom_zero16(p, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

void axiom_hash_state_init(axiom_hash_state *s, const axiom_hash_cv *iv, uint64_t prefix)
{
    s->h = *iv;
    s->total = prefix;
    s->used = 0;
}

INLINE void state_update(axiom_hash_state *s, const axiom_hash_kernel *k, const uint8_t *in,
                         size_t len, const size_t block)
{
    s->total += len;
    if (s->used) {
        size_t n = block - s->used;
        if (n > len)
            n = len;
        memcpy(s->buf + s->used, in, n);
        s->used += (unsigned)n;
        in += n;
        len -= n;
        if (s->used < block)
            return;
        axiom_hash_compress(k, &s->h, s->buf, 1);
        s->used = 0;
    }
    size_t nb = len / block;
    if (nb) {
        axiom_hash_compress(k, &s->h, in, nb);
        in += nb * block;
        len -= nb * block;
    }
    if (len) {
        memcpy(s->buf, in, len);
        s->used = (unsigned)len;
    }
}

void axiom_hash_state_update(axiom_hash_state *s, const axiom_hash_kernel *k,
                             const uint8_t *in, size_t len)
{
    if (!len)
        return;
    if (k->block == AXIOM_SHA512_BLOCK)
        state_update(s, k, in, len, AXIOM_SHA512_BLOCK);
    else
        state_update(s, k, in, len, AXIOM_SHA256_BLOCK);
}

/* The first @outlen bytes of the big-endian chaining value: 32-bit words
 * for SHA-224/256, 64-bit words for SHA-384/512 (SHA-384 and SHA-512/256
 * are truncations). */
INLINE void cv_out(const axiom_hash_cv *h, uint8_t *out, size_t outlen, const size_t block)
{
    if (outlen == block / 2) {
        /* The whole value (SHA-256, SHA-512, HMAC's inner digests): eight
         * stores, unrolled. */
#pragma GCC unroll 8
        for (unsigned w = 0; w < 8; w++) {
            if (block == AXIOM_SHA512_BLOCK)
                axiom_store64_be(out + 8 * w, h->w64[w]);
            else
                axiom_store32_be(out + 4 * w, h->w32[w]);
        }
        return;
    }
    /* A truncation: whole words unrolled, each behind a test of the public
     * length (SHA-224 is 7 words, SHA-384 6 and SHA-512/256 4), then the
     * bytes of a part word (truncated HMAC tags).  A loop over the words
     * made SHA-224 of 64 bytes 4 % slower than SHA-256. */
    const size_t ws = block == AXIOM_SHA512_BLOCK ? 8 : 4, nw = outlen / ws;
#pragma GCC unroll 8
    for (unsigned w = 0; w < 8; w++) {
        if (w < nw) {
            if (block == AXIOM_SHA512_BLOCK)
                axiom_store64_be(out + 8 * w, h->w64[w]);
            else
                axiom_store32_be(out + 4 * w, h->w32[w]);
        }
    }
    for (size_t i = nw * ws; i < outlen; i++) {
        if (block == AXIOM_SHA512_BLOCK)
            out[i] = (uint8_t)(h->w64[i / 8] >> (56 - 8 * (i % 8)));
        else
            out[i] = (uint8_t)(h->w32[i / 4] >> (24 - 8 * (i % 4)));
    }
}

INLINE void state_final(axiom_hash_state *s, const axiom_hash_kernel *k, uint8_t *out,
                        size_t outlen, const size_t block)
{
    uint8_t last[2 * AXIOM_HASH_MAX_BLOCK];
    size_t nb = axiom_hash_pad_k(k, last, s->buf, s->used, s->total, block);

    axiom_hash_compress(k, &s->h, last, nb);
    cv_out(&s->h, out, outlen, block);
    if (nb == 1)
        wipe_inline(last, block);
    else
        wipe_inline(last, 2 * block);
    axiom_wipe(s, sizeof *s);
}

void axiom_hash_state_final(axiom_hash_state *s, const axiom_hash_kernel *k,
                            uint8_t *out, size_t outlen)
{
    if (k->block == AXIOM_SHA512_BLOCK) {
        state_final(s, k, out, outlen, AXIOM_SHA512_BLOCK);
    } else if (k->oneshot256) {
        /* The buffered bytes are a whole message after the blocks hashed
         * so far: the kernel's whole-message call pads them in registers. */
        k->oneshot256(s->h.w32, s->total - s->used, s->used ? s->buf : NULL, s->used, out, outlen);
        axiom_wipe(s, sizeof *s);
    } else {
        state_final(s, k, out, outlen, AXIOM_SHA256_BLOCK);
    }
}

INLINE void oneshot(const axiom_hash_cv *iv, uint64_t prefix, const axiom_hash_kernel *k,
                    const uint8_t *in, size_t len, uint8_t *out, size_t outlen,
                    const size_t block)
{
    axiom_hash_cv h;
    uint8_t last[3 * AXIOM_HASH_MAX_BLOCK];
    size_t whole = len / block, rest = len % block;
    const uint8_t *tail = rest ? in + whole * block : NULL;

    size_t nb;
    memcpy(&h, iv, block / 2);
    if (whole == 1) {
        /* One block and a tail: the block and the padding in one kernel
         * call (a call converts the chaining value to and from the
         * kernel's form on the chain of dependent operations; the copy is
         * off it). */
        memcpy(last, in, block);
        nb = 1 + axiom_hash_pad_k(k, last + block, tail, rest, prefix + len, block);
    } else {
        if (whole)
            axiom_hash_compress(k, &h, in, whole);
        nb = axiom_hash_pad_k(k, last, tail, rest, prefix + len, block);
    }
    axiom_hash_compress(k, &h, last, nb);
    cv_out(&h, out, outlen, block);
    /* Wipe what was written: one to three blocks. */
    if (nb == 1)
        wipe_inline(last, block);
    else if (nb == 2)
        wipe_inline(last, 2 * block);
    else
        wipe_inline(last, 3 * block);
    wipe_inline(&h, block / 2);
}

void axiom_hash_oneshot(const axiom_hash_cv *iv, uint64_t prefix, const axiom_hash_kernel *k,
                        const uint8_t *in, size_t len, uint8_t *out, size_t outlen)
{
    if (k->block == AXIOM_SHA512_BLOCK)
        oneshot(iv, prefix, k, in, len, out, outlen, AXIOM_SHA512_BLOCK);
    else if (k->oneshot256)
        k->oneshot256(iv->w32, prefix, in, len, out, outlen);
    else
        oneshot(iv, prefix, k, in, len, out, outlen, AXIOM_SHA256_BLOCK);
}

/* ---- public calls -------------------------------------------------------- */

struct axiom_hash_ctx {
    axiom_hash_state st;
    const axiom_hash_desc *desc;
    const axiom_hash_kernel *k;
};

AXIOM_API int axiom_hash(const char *name, uint8_t *digest, size_t digestlen,
                         const void *in, size_t len)
{
    if (!name)
        return AXIOM_EINVAL;
    const axiom_hash_desc *d = axiom_hash_find(name);
    if (!d)
        return AXIOM_ENOTFOUND;
    if (!digest || (!in && len))
        return AXIOM_EINVAL;
    if (digestlen != d->digestlen)
        return AXIOM_ELENGTH;
    axiom_hash_oneshot(d->iv, 0, axiom_hash_pick_desc(d), in, len, digest, digestlen);
    return AXIOM_OK;
}

AXIOM_API int axiom_hash_new(axiom_hash_ctx **ctx, const char *name)
{
    if (!ctx)
        return AXIOM_EINVAL;
    *ctx = NULL;
    if (!name)
        return AXIOM_EINVAL;
    const axiom_hash_desc *d = axiom_hash_find(name);
    if (!d)
        return AXIOM_ENOTFOUND;
    axiom_hash_ctx *c = malloc(sizeof *c);
    if (!c)
        return AXIOM_ENOMEM;
    c->desc = d;
    c->k = axiom_hash_pick(d->kernels);
    axiom_hash_state_init(&c->st, d->iv, 0);
    *ctx = c;
    return AXIOM_OK;
}

AXIOM_API int axiom_hash_update(axiom_hash_ctx *ctx, const void *in, size_t len)
{
    if (!ctx || (!in && len))
        return AXIOM_EINVAL;
    axiom_hash_state_update(&ctx->st, ctx->k, in, len);
    return AXIOM_OK;
}

AXIOM_API int axiom_hash_final(axiom_hash_ctx *ctx, uint8_t *digest, size_t digestlen)
{
    if (!ctx || !digest)
        return AXIOM_EINVAL;
    if (digestlen != ctx->desc->digestlen)
        return AXIOM_ELENGTH;
    axiom_hash_state_final(&ctx->st, ctx->k, digest, digestlen);
    axiom_hash_state_init(&ctx->st, ctx->desc->iv, 0);
    return AXIOM_OK;
}

AXIOM_API int axiom_hash_dup(axiom_hash_ctx **copy, const axiom_hash_ctx *ctx)
{
    if (!copy)
        return AXIOM_EINVAL;
    *copy = NULL;
    if (!ctx)
        return AXIOM_EINVAL;
    axiom_hash_ctx *c = malloc(sizeof *c);
    if (!c)
        return AXIOM_ENOMEM;
    memcpy(c, ctx, sizeof *c); /* self-contained: no pointer into itself */
    *copy = c;
    return AXIOM_OK;
}

AXIOM_API void axiom_hash_free(axiom_hash_ctx *ctx)
{
    if (!ctx)
        return;
    axiom_wipe(ctx, sizeof *ctx);
    free(ctx);
}

AXIOM_API int axiom_hash_many(const char *name, uint8_t *const digests[], size_t digestlen,
                              const void *const msgs[], const size_t lens[], size_t n)
{
    if (!name)
        return AXIOM_EINVAL;
    const axiom_hash_desc *d = axiom_hash_find(name);
    if (!d)
        return AXIOM_ENOTFOUND;
    if (digestlen != d->digestlen)
        return AXIOM_ELENGTH;
    if (!n)
        return AXIOM_OK;
    if (!digests || !msgs || !lens)
        return AXIOM_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (!digests[i] || (!msgs[i] && lens[i]))
            return AXIOM_EINVAL;
    int rc = axiom_hash_many_disjoint(digests, digestlen, msgs, lens, n);
    if (rc != AXIOM_OK)
        return rc;
    axiom_hash_many_core(d, axiom_hash_pick(d->kernels), d->iv, 0, digests, digestlen,
                         msgs, lens, n);
    return AXIOM_OK;
}
