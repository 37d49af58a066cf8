/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Streaming AEGIS (include/axiom/aegis.h) over the kernels of
 * lib/aegis/aegis.h: buffers the partial AD and text steps between
 * calls. */
#include "config.h"

#include <string.h>

#include "aegis/aegis.h"
#include "axiom/aegis.h"
#include "axiom/cipher.h"
#include "core/internal.h"

/* A partial text step is encrypted or decrypted byte by byte with the
 * keystream z of the step (which depends only on the state), and its
 * plaintext collected in pbuf; the update that absorbs it runs once the
 * step is whole, or zero-padded at the end (Enc of the padded step and
 * DecPartial absorb the same padded plaintext). */
struct axiom_aegis_ctx {
    axiom_aegis_state s;           /* first: 64-byte aligned */
    uint8_t z[AXIOM_AEGIS_MAXRATE];    /* keystream of the partial text step */
    uint8_t pbuf[AXIOM_AEGIS_MAXRATE]; /* its plaintext so far (npart bytes) */
    uint8_t adbuf[AXIOM_AEGIS_MAXRATE];/* AD not yet absorbed (adpart bytes) */
    uint8_t key[32];
    const axiom_aegis_variant *v;
    const axiom_aegis_kernel *k;
    size_t rate, adpart, npart;
    uint64_t adlen, len;
    axiom_aead_stream run;
};

AXIOM_API int axiom_aegis_new(axiom_aegis_ctx **ctx, const char *name)
{
    if (!ctx)
        return AXIOM_EINVAL;
    *ctx = NULL;
    if (!name)
        return AXIOM_EINVAL;
    const axiom_aegis_variant *v = axiom_aegis_find(name);
    if (!v)
        return AXIOM_ENOTFOUND;
    int rc = axiom_pick_status(v->kernels);
    if (rc != AXIOM_OK)
        return rc;
    axiom_aegis_ctx *c = axiom_secmem_alloc(sizeof *c);
    if (!c)
        return AXIOM_ENOMEM;
    c->v = v;
    c->run.phase = AXIOM_STREAM_NOKEY;
    *ctx = c;
    return AXIOM_OK;
}

AXIOM_API void axiom_aegis_free(axiom_aegis_ctx *ctx)
{
    if (!ctx)
        return;
    axiom_secmem_free(ctx, sizeof *ctx);
}

/* Forget the message in progress (state, keystream, partial steps). */
static void end_message(axiom_aegis_ctx *ctx)
{
    axiom_wipe(&ctx->s, sizeof ctx->s);
    axiom_wipe(ctx->z, sizeof ctx->z);
    axiom_wipe(ctx->pbuf, sizeof ctx->pbuf);
    axiom_wipe(ctx->adbuf, sizeof ctx->adbuf);
    ctx->adpart = ctx->npart = 0;
    ctx->adlen = ctx->len = 0;
}

AXIOM_API int axiom_aegis_setkey(axiom_aegis_ctx *ctx, const uint8_t *key, size_t keylen)
{
    if (!ctx || !key)
        return AXIOM_EINVAL;
    if (keylen != ctx->v->keylen)
        return AXIOM_EKEYLEN;
    const axiom_kernel *k = axiom_pick(ctx->v->kernels);
    if (!k)
        return axiom_pick_status(ctx->v->kernels);
    end_message(ctx);
    ctx->k = (const axiom_aegis_kernel *)k;
    ctx->rate = axiom_aegis_rate(ctx->k);
    memcpy(ctx->key, key, keylen);
    ctx->run.phase = AXIOM_STREAM_IDLE;
    return AXIOM_OK;
}

AXIOM_API int axiom_aegis_init(axiom_aegis_ctx *ctx, int direction, const uint8_t *nonce,
                               size_t noncelen)
{
    int rc = axiom_stream_init_check(ctx ? &ctx->run : NULL, nonce, direction);
    if (rc != AXIOM_OK)
        return rc;
    if (noncelen != ctx->v->keylen)
        return AXIOM_EIVLEN;
    end_message(ctx);
    ctx->k->init(ctx->k, &ctx->s, ctx->key, nonce);
    axiom_stream_begin(&ctx->run, direction);
    return AXIOM_OK;
}

AXIOM_API int axiom_aegis_aad(axiom_aegis_ctx *ctx, const uint8_t *ad, size_t adlen)
{
    int rc = axiom_stream_aad_check(ctx ? &ctx->run : NULL, ad, adlen);
    if (rc != AXIOM_OK)
        return rc;
    if ((uint64_t)adlen > AXIOM_AEGIS_MAX_LEN - ctx->adlen)
        return AXIOM_ELENGTH;
    if (!adlen)
        return AXIOM_OK; /* ad may be NULL: no pointer arithmetic on it */
    const axiom_aegis_kernel *k = ctx->k;
    const size_t rate = ctx->rate;
    ctx->adlen += adlen;
    if (ctx->adpart) {
        size_t take = rate - ctx->adpart < adlen ? rate - ctx->adpart : adlen;
        memcpy(ctx->adbuf + ctx->adpart, ad, take);
        ctx->adpart += take;
        ad += take;
        adlen -= take;
        if (ctx->adpart < rate)
            return AXIOM_OK;
        k->absorb(k, &ctx->s, ctx->adbuf, 1);
        ctx->adpart = 0;
    }
    if (adlen >= rate)
        k->absorb(k, &ctx->s, ad, adlen / rate);
    ad += adlen - adlen % rate;
    adlen %= rate;
    if (adlen) {
        memcpy(ctx->adbuf, ad, adlen);
        ctx->adpart = adlen;
    }
    return AXIOM_OK;
}

/* The AD's last partial step, zero-padded, before the first text. */
static void end_aad(axiom_aegis_ctx *ctx)
{
    if (ctx->adpart) {
        memset(ctx->adbuf + ctx->adpart, 0, ctx->rate - ctx->adpart);
        ctx->k->absorb(ctx->k, &ctx->s, ctx->adbuf, 1);
        ctx->adpart = 0;
    }
    ctx->run.phase = AXIOM_STREAM_TEXT;
}

/* Up to the end of the partial step: bytes of text through its
 * keystream; returns how many were taken. */
static size_t partial(axiom_aegis_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t take = ctx->rate - ctx->npart < len ? ctx->rate - ctx->npart : len;
    for (size_t i = 0; i < take; i++) {
        uint8_t x = in[i], y = (uint8_t)(x ^ ctx->z[ctx->npart + i]); /* in may be out */
        ctx->pbuf[ctx->npart + i] = ctx->run.encrypt ? x : y;
        out[i] = y;
    }
    ctx->npart += take;
    if (ctx->npart == ctx->rate) {
        ctx->k->absorb(ctx->k, &ctx->s, ctx->pbuf, 1);
        ctx->npart = 0;
    }
    return take;
}

AXIOM_API int axiom_aegis_update(axiom_aegis_ctx *ctx, uint8_t *out, const uint8_t *in,
                                 size_t len)
{
    int rc = axiom_stream_update_check(ctx ? &ctx->run : NULL, out, in, len);
    if (rc != AXIOM_OK)
        return rc;
    if ((uint64_t)len > AXIOM_AEGIS_MAX_LEN - ctx->len)
        return AXIOM_ELENGTH;
    if (ctx->run.phase == AXIOM_STREAM_AAD)
        end_aad(ctx);
    if (!len)
        return AXIOM_OK;
    const axiom_aegis_kernel *k = ctx->k;
    const size_t rate = ctx->rate;
    ctx->len += len;
    if (ctx->npart) {
        size_t t = partial(ctx, out, in, len);
        in += t;
        out += t;
        len -= t;
    }
    if (len >= rate) {
        size_t n = len / rate;
        (ctx->run.encrypt ? k->enc : k->dec)(k, &ctx->s, out, in, n);
        in += n * rate;
        out += n * rate;
        len -= n * rate;
    }
    if (len) {
        k->keystream(k, &ctx->s, ctx->z);
        partial(ctx, out, in, len);
    }
    return AXIOM_OK;
}

/* The tag of the message into @full; the context then waits for a new
 * message. */
static int finish(axiom_aegis_ctx *ctx, int encrypt, const uint8_t *tag, size_t taglen,
                  uint8_t full[32])
{
    int rc = axiom_stream_finish_check(ctx ? &ctx->run : NULL, tag, encrypt);
    if (rc != AXIOM_OK)
        return rc;
    if (taglen != 16 && taglen != 32)
        return AXIOM_ETAGLEN;
    const axiom_aegis_kernel *k = ctx->k;
    if (ctx->run.phase == AXIOM_STREAM_AAD)
        end_aad(ctx);
    if (ctx->npart) {
        memset(ctx->pbuf + ctx->npart, 0, ctx->rate - ctx->npart);
        k->absorb(k, &ctx->s, ctx->pbuf, 1);
    }
    k->finalize(k, &ctx->s, ctx->adlen << 3, ctx->len << 3);
    axiom_aegis_tag(k, &ctx->s, full, taglen);
    end_message(ctx);
    ctx->run.phase = AXIOM_STREAM_IDLE;
    return AXIOM_OK;
}

AXIOM_API int axiom_aegis_final(axiom_aegis_ctx *ctx, uint8_t *tag, size_t taglen)
{
    uint8_t full[32];
    int rc = finish(ctx, 1, tag, taglen, full);
    if (rc == AXIOM_OK)
        memcpy(tag, full, taglen);
    axiom_wipe(full, sizeof full);
    return rc;
}

AXIOM_API int axiom_aegis_verify(axiom_aegis_ctx *ctx, const uint8_t *tag, size_t taglen)
{
    uint8_t full[32];
    int rc = finish(ctx, 0, tag, taglen, full);
    if (rc == AXIOM_OK)
        rc = axiom_ct_equal(full, tag, taglen) ? AXIOM_OK : AXIOM_EAUTH;
    axiom_wipe(full, sizeof full);
    return rc;
}
