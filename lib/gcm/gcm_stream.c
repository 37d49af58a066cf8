/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The streaming AEAD interface (include/axiom/gcm.h): AES-GCM and SM4-GCM
 * over the kernels and glue of lib/gcm/gcm.c, buffering the partial AD and
 * text blocks between calls, and ChaCha20-Poly1305 through
 * lib/chacha/chachapoly_stream.c; the call order and every argument are
 * checked here, once for all of them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/aead.h"
#include "axiom/cipher.h"
#include "axiom/gcm.h"
#include "chacha/chachapoly_stream.h"
#include "core/bc_modes.h"
#include "gcm/gcm.h"
#include "core/internal.h"

enum { ST_NOKEY, ST_IDLE, ST_AAD, ST_TEXT };

struct axiom_gcm_ctx {
    axiom_gcm_key key;        /* first: 64-byte aligned */
    axiom_gcm_msg m;
    uint8_t adbuf[16];        /* AD not yet hashed (adpart bytes) */
    uint8_t ks[16];           /* keystream of the current partial block */
    uint8_t cbuf[16];         /* its ciphertext so far (npart bytes) */
    unsigned adpart, npart;
    int state, encrypt;
    size_t keylen;
    const axiom_aead_alg *alg;
    axiom_cp_stream *cp;      /* chacha20-poly1305 only; else NULL */
};

static int is_gcm(const axiom_aead_alg *a)
{
    return a == &axiom_aead_aes128_gcm || a == &axiom_aead_aes192_gcm ||
           a == &axiom_aead_aes256_gcm || a == &axiom_aead_sm4_gcm;
}

static void ctx_release(axiom_gcm_ctx *c)
{
    if (c->cp)
        axiom_secmem_free(c->cp, sizeof *c->cp);
    axiom_secmem_free(c, sizeof *c);
}

AXIOM_API int axiom_gcm_new(axiom_gcm_ctx **ctx, const char *name)
{
    if (!ctx)
        return AXIOM_EINVAL;
    *ctx = NULL;
    if (!name)
        return AXIOM_EINVAL;
    static const axiom_aead_alg *const algs[] = { &axiom_aead_aes128_gcm, &axiom_aead_aes192_gcm,
                                                  &axiom_aead_aes256_gcm, &axiom_aead_sm4_gcm,
                                                  &axiom_aead_chacha20_poly1305 };
    const axiom_aead_alg *a = NULL;
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++)
        if (axiom_name_eq(name, algs[i]->name))
            a = algs[i];
    if (!a)
        return AXIOM_ENOTFOUND;
    /* AXIOM_CT_ONLY may refuse every kernel (sm4-gcm without a
     * constant-time SM4 kernel): AXIOM_ENOTCT. */
    int rc = axiom_pick_status(a->kernels);
    if (rc != AXIOM_OK)
        return rc;
    axiom_gcm_ctx *c = axiom_secmem_alloc(sizeof *c);
    if (!c)
        return AXIOM_ENOMEM;
    c->keylen = a->keylen;
    c->alg = a;
    c->state = ST_NOKEY;
    if (!is_gcm(a)) {
        c->cp = axiom_secmem_alloc(sizeof *c->cp);
        if (!c->cp) {
            axiom_secmem_free(c, sizeof *c);
            return AXIOM_ENOMEM;
        }
    }
    *ctx = c;
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_dup(axiom_gcm_ctx **copy, const axiom_gcm_ctx *ctx)
{
    if (!copy)
        return AXIOM_EINVAL;
    *copy = NULL;
    if (!ctx)
        return AXIOM_EINVAL;
    axiom_gcm_ctx *c = axiom_secmem_alloc(sizeof *c);
    if (!c)
        return AXIOM_ENOMEM;
    memcpy(c, ctx, sizeof *c);
    if (ctx->cp) {
        c->cp = axiom_secmem_alloc(sizeof *c->cp);
        if (!c->cp) {
            axiom_secmem_free(c, sizeof *c);
            return AXIOM_ENOMEM;
        }
        memcpy(c->cp, ctx->cp, sizeof *c->cp);
    }
    *copy = c;
    return AXIOM_OK;
}

AXIOM_API void axiom_gcm_free(axiom_gcm_ctx *ctx)
{
    if (!ctx)
        return;
    ctx_release(ctx);
}

/* Forget the message in progress (keystream, partial blocks, tag mask). */
static void end_message(axiom_gcm_ctx *ctx)
{
    axiom_wipe(&ctx->m, sizeof ctx->m);
    axiom_wipe(ctx->adbuf, sizeof ctx->adbuf);
    axiom_wipe(ctx->ks, sizeof ctx->ks);
    axiom_wipe(ctx->cbuf, sizeof ctx->cbuf);
    ctx->adpart = ctx->npart = 0;
    if (ctx->cp)
        axiom_wipe(ctx->cp->ks, sizeof ctx->cp->ks);
}

AXIOM_API int axiom_gcm_setkey(axiom_gcm_ctx *ctx, const uint8_t *key, size_t keylen)
{
    if (!ctx || !key)
        return AXIOM_EINVAL;
    if (keylen != ctx->keylen)
        return AXIOM_EKEYLEN;
    /* Picked per key, as axiom_aead_setkey() does. */
    const axiom_kernel *k = axiom_pick(ctx->alg->kernels);
    if (!k)
        return axiom_pick_status(ctx->alg->kernels);
    end_message(ctx);
    if (ctx->cp)
        axiom_cp_stream_setkey(ctx->cp, k, key);
    else
        ctx->alg->setkey(&ctx->key, k, key, keylen); /* the AES or SM4 tier */
    ctx->state = ST_IDLE;
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_init(axiom_gcm_ctx *ctx, int direction, const uint8_t *nonce,
                             size_t noncelen)
{
    if (!ctx || !nonce || (direction != AXIOM_ENCRYPT && direction != AXIOM_DECRYPT))
        return AXIOM_EINVAL;
    if (ctx->state == ST_NOKEY)
        return AXIOM_ESTATE;
    if (!ctx->alg->nonce_ok(noncelen))
        return AXIOM_EIVLEN;
    end_message(ctx);
    if (ctx->cp)
        axiom_cp_stream_start(ctx->cp, direction == AXIOM_ENCRYPT, nonce);
    else
        axiom_gcm_start(&ctx->key, &ctx->m, nonce, noncelen);
    ctx->encrypt = direction == AXIOM_ENCRYPT;
    ctx->state = ST_AAD;
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_aad(axiom_gcm_ctx *ctx, const uint8_t *ad, size_t adlen)
{
    if (!ctx || (adlen && !ad))
        return AXIOM_EINVAL;
    if (ctx->state != ST_AAD)
        return AXIOM_ESTATE;
    if (adlen > ctx->alg->max_adlen - (ctx->cp ? ctx->cp->adlen : ctx->m.adlen))
        return AXIOM_ELENGTH;
    if (!adlen)
        return AXIOM_OK; /* ad may be NULL: no memcpy or arithmetic on it (UBSan) */
    if (ctx->cp) {
        axiom_cp_stream_aad(ctx->cp, ad, adlen);
        return AXIOM_OK;
    }
    const axiom_ghash_kernel *gh = ctx->key.k->ghash;
    ctx->m.adlen += adlen;
    if (ctx->adpart) {
        size_t take = 16 - ctx->adpart < adlen ? 16 - ctx->adpart : adlen;
        memcpy(ctx->adbuf + ctx->adpart, ad, take);
        ctx->adpart += (unsigned)take;
        ad += take;
        adlen -= take;
        if (ctx->adpart < 16)
            return AXIOM_OK;
        gh->update(&ctx->key.hk, ctx->m.y, ctx->adbuf, 1);
        ctx->adpart = 0;
    }
    if (adlen >= 16)
        gh->update(&ctx->key.hk, ctx->m.y, ad, adlen / 16);
    ad += adlen & ~(size_t)15;
    adlen &= 15;
    memcpy(ctx->adbuf, ad, adlen);
    ctx->adpart = (unsigned)adlen;
    return AXIOM_OK;
}

/* The AD is over: hash its zero-padded last block. */
static void close_aad(axiom_gcm_ctx *ctx)
{
    if (ctx->cp) {
        axiom_cp_stream_close_aad(ctx->cp);
    } else if (ctx->adpart) {
        memset(ctx->adbuf + ctx->adpart, 0, 16 - ctx->adpart);
        ctx->key.k->ghash->update(&ctx->key.hk, ctx->m.y, ctx->adbuf, 1);
        ctx->adpart = 0;
    }
    ctx->state = ST_TEXT;
}

/* Bytes of text through the current partial block's keystream. */
static void partial_bytes(axiom_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t c = ctx->encrypt ? (uint8_t)(in[i] ^ ctx->ks[ctx->npart]) : in[i];
        out[i] = (uint8_t)(in[i] ^ ctx->ks[ctx->npart]);
        ctx->cbuf[ctx->npart++] = c;
    }
}

AXIOM_API int axiom_gcm_update(axiom_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!ctx || (len && (!in || !out)))
        return AXIOM_EINVAL;
    if (len && out != in && (uintptr_t)out < (uintptr_t)in + len &&
        (uintptr_t)in < (uintptr_t)out + len)
        return AXIOM_EINVAL;
    if (ctx->state != ST_AAD && ctx->state != ST_TEXT)
        return AXIOM_ESTATE;
    if (len > ctx->alg->max_len - (ctx->cp ? ctx->cp->len : ctx->m.len))
        return AXIOM_ELENGTH;
    if (ctx->state == ST_AAD)
        close_aad(ctx);
    if (!len)
        return AXIOM_OK; /* in and out may be NULL (UBSan) */
    if (ctx->cp) {
        axiom_cp_stream_update(ctx->cp, out, in, len);
        return AXIOM_OK;
    }
    const axiom_gcm_key *g = &ctx->key;
    ctx->m.len += len;

    /* Finish the partial block left by the previous call. */
    if (ctx->npart) {
        size_t take = 16 - ctx->npart < len ? 16 - ctx->npart : len;
        partial_bytes(ctx, out, in, take);
        in += take;
        out += take;
        len -= take;
        if (ctx->npart < 16)
            return AXIOM_OK;
        g->k->ghash->update(&g->hk, ctx->m.y, ctx->cbuf, 1);
        ctx->npart = 0;
    }
    /* Whole blocks go straight to the kernel. */
    axiom_gcm_blocks(g, &ctx->m, ctx->encrypt, out, in, len / 16);
    in += len & ~(size_t)15;
    out += len & ~(size_t)15;
    len &= 15;
    /* Start a partial block: one keystream block, used up over calls. */
    if (len) {
        axiom_gcm_keystream(g, &ctx->m, ctx->ks);
        partial_bytes(ctx, out, in, len);
    }
    return AXIOM_OK;
}

/* Close the text and compute the full tag. */
static void finish(axiom_gcm_ctx *ctx, uint8_t full[16])
{
    if (ctx->state == ST_AAD)
        close_aad(ctx);
    if (ctx->cp) {
        axiom_cp_stream_tag(ctx->cp, full);
        ctx->state = ST_IDLE;
        return;
    }
    if (ctx->npart) {
        memset(ctx->cbuf + ctx->npart, 0, 16 - ctx->npart);
        ctx->key.k->ghash->update(&ctx->key.hk, ctx->m.y, ctx->cbuf, 1);
        ctx->npart = 0;
    }
    axiom_gcm_tag(&ctx->key, &ctx->m, full);
    end_message(ctx);
    ctx->state = ST_IDLE;
}

static int tag_ok(const axiom_gcm_ctx *ctx, size_t taglen)
{
    return ctx->alg->tag_ok(taglen);
}

AXIOM_API int axiom_gcm_final(axiom_gcm_ctx *ctx, uint8_t *tag, size_t taglen)
{
    if (!ctx || !tag)
        return AXIOM_EINVAL;
    if ((ctx->state != ST_AAD && ctx->state != ST_TEXT) || !ctx->encrypt)
        return AXIOM_ESTATE;
    if (!tag_ok(ctx, taglen))
        return AXIOM_ETAGLEN;
    uint8_t full[16];
    finish(ctx, full);
    memcpy(tag, full, taglen);
    axiom_wipe(full, sizeof full);
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_verify(axiom_gcm_ctx *ctx, const uint8_t *tag, size_t taglen)
{
    if (!ctx || !tag)
        return AXIOM_EINVAL;
    if ((ctx->state != ST_AAD && ctx->state != ST_TEXT) || ctx->encrypt)
        return AXIOM_ESTATE;
    if (!tag_ok(ctx, taglen))
        return AXIOM_ETAGLEN;
    uint8_t full[16], diff = 0;
    finish(ctx, full);
    /* Constant time: OR every difference, branch once on the total. */
    for (size_t i = 0; i < taglen; i++)
        diff |= (uint8_t)(full[i] ^ tag[i]);
    axiom_wipe(full, sizeof full);
    return diff == 0 ? AXIOM_OK : AXIOM_EAUTH;
}
