/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The streaming AEAD interface (include/axiom/gcm.h): AES-GCM and SM4-GCM
 * over the phases of lib/gcm/gcm.c, which carry the partial AD and text
 * blocks between calls, and ChaCha20-Poly1305 through
 * lib/chacha/chachapoly_stream.c; the call order and every argument are
 * checked here, once for all of them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/aead.h"
#include "axiom/cipher.h"
#include "axiom/gcm.h"
#include "chacha/chachapoly_stream.h"
#include "gcm/gcm.h"
#include "core/internal.h"

struct axiom_gcm_ctx {
    axiom_gcm_key key;        /* first: 64-byte aligned */
    axiom_gcm_msg m;
    axiom_aead_stream run;    /* phase and direction */
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
    c->run.phase = AXIOM_STREAM_NOKEY;
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

/* Forget the message in progress (partial blocks, keystream, tag mask). */
static void end_message(axiom_gcm_ctx *ctx)
{
    axiom_wipe(&ctx->m, sizeof ctx->m);
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
    ctx->run.phase = AXIOM_STREAM_IDLE;
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_init(axiom_gcm_ctx *ctx, int direction, const uint8_t *nonce,
                             size_t noncelen)
{
    int rc = axiom_stream_init_check(ctx ? &ctx->run : NULL, nonce, direction);
    if (rc != AXIOM_OK)
        return rc;
    if (!ctx->alg->nonce_ok(noncelen))
        return AXIOM_EIVLEN;
    end_message(ctx);
    if (ctx->cp)
        axiom_cp_stream_start(ctx->cp, direction == AXIOM_ENCRYPT, nonce);
    else
        axiom_gcm_start(&ctx->key, &ctx->m, nonce, noncelen);
    axiom_stream_begin(&ctx->run, direction);
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_aad(axiom_gcm_ctx *ctx, const uint8_t *ad, size_t adlen)
{
    int rc = axiom_stream_aad_check(ctx ? &ctx->run : NULL, ad, adlen);
    if (rc != AXIOM_OK)
        return rc;
    if (adlen > ctx->alg->max_adlen - (ctx->cp ? ctx->cp->adlen : ctx->m.adlen))
        return AXIOM_ELENGTH;
    if (!adlen)
        return AXIOM_OK; /* ad may be NULL: no memcpy or arithmetic on it (UBSan) */
    if (ctx->cp)
        axiom_cp_stream_aad(ctx->cp, ad, adlen);
    else
        axiom_gcm_ad(&ctx->key, &ctx->m, ad, adlen);
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_update(axiom_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    int rc = axiom_stream_update_check(ctx ? &ctx->run : NULL, out, in, len);
    if (rc != AXIOM_OK)
        return rc;
    if (len > ctx->alg->max_len - (ctx->cp ? ctx->cp->len : ctx->m.len))
        return AXIOM_ELENGTH;
    if (ctx->cp) {
        if (ctx->run.phase == AXIOM_STREAM_AAD)
            axiom_cp_stream_close_aad(ctx->cp);
        ctx->run.phase = AXIOM_STREAM_TEXT;
        if (len) /* in and out may be NULL otherwise (UBSan) */
            axiom_cp_stream_update(ctx->cp, out, in, len);
        return AXIOM_OK;
    }
    axiom_gcm_text(&ctx->key, &ctx->m, ctx->run.encrypt, out, in, len);
    ctx->run.phase = AXIOM_STREAM_TEXT;
    return AXIOM_OK;
}

/* The checks of final (@encrypt) or verify, then the full tag of the
 * message into @full; the context then waits for a new message. */
static int finish(axiom_gcm_ctx *ctx, int encrypt, const uint8_t *tag, size_t taglen,
                  uint8_t full[16])
{
    int rc = axiom_stream_finish_check(ctx ? &ctx->run : NULL, tag, encrypt);
    if (rc != AXIOM_OK)
        return rc;
    if (!ctx->alg->tag_ok(taglen))
        return AXIOM_ETAGLEN;
    if (ctx->cp) {
        if (ctx->run.phase == AXIOM_STREAM_AAD)
            axiom_cp_stream_close_aad(ctx->cp);
        axiom_cp_stream_tag(ctx->cp, full);
    } else {
        axiom_gcm_finish(&ctx->key, &ctx->m, full);
    }
    ctx->run.phase = AXIOM_STREAM_IDLE;
    return AXIOM_OK;
}

AXIOM_API int axiom_gcm_final(axiom_gcm_ctx *ctx, uint8_t *tag, size_t taglen)
{
    uint8_t full[16];
    int rc = finish(ctx, 1, tag, taglen, full);
    if (rc == AXIOM_OK)
        memcpy(tag, full, taglen);
    axiom_wipe(full, sizeof full);
    return rc;
}

AXIOM_API int axiom_gcm_verify(axiom_gcm_ctx *ctx, const uint8_t *tag, size_t taglen)
{
    uint8_t full[16];
    int rc = finish(ctx, 0, tag, taglen, full);
    if (rc == AXIOM_OK)
        rc = axiom_ct_equal(full, tag, taglen) ? AXIOM_OK : AXIOM_EAUTH;
    axiom_wipe(full, sizeof full);
    return rc;
}
