/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Whole-message AEAD ciphers (AES-128-GCM-SIV, AES-256-GCM-SIV,
 * XAES-256-GCM) as OpenSSL cipher implementations over libaxiom's one-shot
 * AEAD API (axiom_aead_*): the AD in any number of updates without output,
 * then the whole text in one update, as OpenSSL 3.2's AES-GCM-SIV takes it. */

/*
 * Why whole messages: GCM-SIV's counter is the tag, which depends on all of
 * the plaintext, so no ciphertext can be written before the last plaintext
 * byte has been read; XAES-256-GCM could stream, but libaxiom serves it
 * through the one-shot API only.  So:
 * - updates with no output buffer add AD (any number, before the text);
 * - one update with an output buffer is the whole text: it seals, or
 *   opens with the tag set beforehand (OSSL_CIPHER_PARAM_AEAD_TAG, 16
 *   bytes), and a second text update in the same message fails;
 * - final seals or opens an empty text when no text update came, and
 *   reports the open's verdict; the tag of a sealed message is read with
 *   OSSL_CIPHER_PARAM_AEAD_TAG after the text update or final.
 * Unlike OpenSSL 3.2's AES-GCM-SIV, a failed open fails the text update
 * itself and leaves zeros in the output (libaxiom releases no plaintext
 * of a forgery), and final fails too.  The nonce (IV) has one length:
 * 12 bytes for GCM-SIV, 24 for XAES-256-GCM; the tag is 16 bytes.  A
 * nonce may not be reused for a second message (OpenSSL 3.2 refuses a
 * second encryption too): each message needs an init with its IV.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <axiom.h>
#include <openssl/evp.h>

#include "prov.h"

#define WHOLE_TAG 16
#define WHOLE_MAX_NONCE 24

/* OpenSSL 3.2's mode number for AES-GCM-SIV (<openssl/evp.h> of 3.2 and
 * later; older headers lack it). */
#ifndef EVP_CIPH_GCM_SIV_MODE
#define EVP_CIPH_GCM_SIV_MODE 0x10005
#endif

typedef struct whole_alg {
    const char *names;
    const char *axiom;
    unsigned mode;
    size_t keylen, noncelen;
    axp_stat stat;
} whole_alg;

static whole_alg AES_128_GCM_SIV = { "AES-128-GCM-SIV", "aes-128-gcm-siv",
                                     EVP_CIPH_GCM_SIV_MODE, 16, 12, { 0 } };
static whole_alg AES_256_GCM_SIV = { "AES-256-GCM-SIV", "aes-256-gcm-siv",
                                     EVP_CIPH_GCM_SIV_MODE, 32, 12, { 0 } };
static whole_alg XAES_256_GCM = { "XAES-256-GCM", "xaes-256-gcm", 0, 32, 24, { 0 } };

typedef struct whole_ctx {
    const AXP_PROV *prov;
    whole_alg *alg;
    axiom_aead_ctx *a;
    int enc, key_set, nonce_set;
    /* The key, for copies of the context (libaxiom's AEAD contexts have no
     * copy call); wiped with the context. */
    uint8_t key[32];
    int done;              /* the text of this message has been processed */
    int ok;                /* its seal or open succeeded */
    uint8_t nonce[WHOLE_MAX_NONCE];
    uint8_t tag[WHOLE_TAG]; /* sealing: the tag made; opening: the tag to check */
    int tag_set;           /* opening: a tag was given; sealing: one was made */
    uint8_t *ad;           /* the AD so far (heap) */
    size_t adlen, adcap;
    uint64_t n_ops, n_bytes;
} whole_ctx;

static void ad_clear(whole_ctx *c)
{
    if (c->ad)
        axiom_wipe(c->ad, c->adcap);
    c->adlen = 0;
}

static void *whole_newctx(void *provctx, whole_alg *alg)
{
    whole_ctx *c = axp_cipher_ctx_new(provctx, sizeof *c);
    if (!c)
        return NULL;
    c->prov = provctx;
    c->alg = alg;
    int rc = axiom_aead_new(&c->a, alg->axiom);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(provctx, rc);
        free(c);
        return NULL;
    }
    return c;
}

static void whole_freectx(void *vctx)
{
    whole_ctx *c = vctx;
    if (!c)
        return;
    axp_stat_flush(&c->alg->stat, &c->n_ops, &c->n_bytes);
    axiom_aead_free(c->a);
    ad_clear(c);
    free(c->ad);
    axp_cipher_ctx_free(c, sizeof *c);
}

static void *whole_dupctx(void *vctx)
{
    const whole_ctx *src = vctx;
    whole_ctx *c = axp_cipher_ctx_dup(src->prov, src, sizeof *c);
    if (!c)
        return NULL;
    c->n_ops = c->n_bytes = 0;
    c->ad = NULL;
    c->a = NULL;
    if (src->adcap) {
        c->ad = malloc(src->adcap);
        if (!c->ad)
            goto fail;
        memcpy(c->ad, src->ad, src->adlen);
    }
    if (axiom_aead_new(&c->a, src->alg->axiom) != AXIOM_OK ||
        (src->key_set && axiom_aead_setkey(c->a, src->key, src->alg->keylen) != AXIOM_OK))
        goto fail;
    return c;
fail:
    axiom_aead_free(c->a);
    ad_clear(c);
    free(c->ad);
    axp_cipher_ctx_free(c, sizeof *c);
    AXP_ERR(src->prov, AXP_R_MALLOC);
    return NULL;
}

static int whole_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int whole_init(void *vctx, const unsigned char *key, size_t keylen,
                      const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[], int enc)
{
    whole_ctx *c = vctx;
    c->enc = enc;
    /* A new message: its AD, text and tag start empty. */
    ad_clear(c);
    c->done = c->ok = 0;
    c->tag_set = 0;
    if (key) {
        if (keylen != c->alg->keylen) {
            AXP_ERR(c->prov, AXP_R_BAD_KEY_LENGTH);
            return 0;
        }
        /* The same key again (a program may pass it with every message)
         * keeps the schedule. */
        if (!c->key_set || !axiom_memeq(c->key, key, keylen)) {
            int rc = axiom_aead_setkey(c->a, key, keylen);
            if (rc != AXIOM_OK) {
                AXP_ERR_AXIOM(c->prov, rc);
                c->key_set = 0;
                return 0;
            }
            memcpy(c->key, key, keylen);
        }
        c->key_set = 1;
    }
    if (iv) {
        if (ivlen != c->alg->noncelen) {
            AXP_ERR(c->prov, AXP_R_BAD_IV_LENGTH);
            return 0;
        }
        memcpy(c->nonce, iv, ivlen);
        c->nonce_set = 1;
    } else if (key) {
        /* A new key without an IV: the old nonce is not carried over. */
        c->nonce_set = 0;
    }
    return whole_set_ctx_params(c, params);
}

AXP_CIPHER_INIT_FNS(whole)

static int ad_append(whole_ctx *c, const uint8_t *in, size_t inl)
{
    if (c->adlen + inl < c->adlen) {
        AXP_ERR(c->prov, AXP_R_BAD_LENGTH);
        return 0;
    }
    if (c->adlen + inl > c->adcap) {
        size_t cap = c->adcap ? c->adcap : 64;
        while (cap < c->adlen + inl)
            cap = cap * 2 > cap ? cap * 2 : c->adlen + inl;
        uint8_t *p = malloc(cap);
        if (!p) {
            AXP_ERR(c->prov, AXP_R_MALLOC);
            return 0;
        }
        if (c->ad) {
            memcpy(p, c->ad, c->adlen);
            axiom_wipe(c->ad, c->adcap);
            free(c->ad);
        }
        c->ad = p;
        c->adcap = cap;
    }
    memcpy(c->ad + c->adlen, in, inl);
    c->adlen += inl;
    return 1;
}

/* The message's text, all of it: seal, or open under the tag set. */
static int run_text(whole_ctx *c, uint8_t *out, const uint8_t *in, size_t inl)
{
    int rc;
    if (!axp_cipher_ready(c->prov, c->key_set, c->nonce_set))
        return 0;
    if (c->done) {
        AXP_ERRF(c->prov, AXP_R_BAD_STATE,
                 "%s takes the whole text in one update (init again for the next message)",
                 c->alg->names);
        return 0;
    }
    if (!c->enc && !c->tag_set) {
        AXP_ERR(c->prov, AXP_R_TAG_NOT_SET);
        return 0;
    }
    if (c->enc)
        rc = axiom_aead_seal(c->a, out, c->tag, WHOLE_TAG, c->nonce, c->alg->noncelen, c->ad,
                             c->adlen, in, inl);
    else
        rc = axiom_aead_open(c->a, out, c->tag, WHOLE_TAG, c->nonce, c->alg->noncelen, c->ad,
                             c->adlen, in, inl);
    c->done = 1;
    c->ok = rc == AXIOM_OK;
    if (c->enc)
        c->tag_set = c->ok;
    c->n_ops++;
    c->n_bytes += inl;
    axp_stat_flush(&c->alg->stat, &c->n_ops, &c->n_bytes);
    ad_clear(c);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    return 1;
}

static int whole_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                        const unsigned char *in, size_t inl)
{
    whole_ctx *c = vctx;
    *outl = 0;
    if (!out) {
        if (c->done) {
            AXP_ERRF(c->prov, AXP_R_BAD_STATE, "AAD after the text");
            return 0;
        }
        return inl == 0 || ad_append(c, in, inl);
    }
    if (outsize < inl) {
        AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
        return 0;
    }
    if (!run_text(c, out, in, inl))
        return 0;
    *outl = inl;
    return 1;
}

static int whole_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    whole_ctx *c = vctx;
    (void)out;
    (void)outsize;
    *outl = 0;
    if (!c->done) /* no text update: the text is empty */
        return run_text(c, NULL, NULL, 0);
    if (!c->ok) {
        AXP_ERR(c->prov, c->enc ? AXP_R_BAD_STATE : AXP_R_AUTH_FAILED);
        return 0;
    }
    return 1;
}

AXP_CIPHER_CIPHER_FN(whole)

/* ------------------------------------------------------------- parameters */

static int whole_get_params_for(const whole_alg *a, OSSL_PARAM params[])
{
    const axp_cipher_info info = { a->mode, a->keylen, a->noncelen, 1, 1, 1 };
    return axp_cipher_get_params(params, &info);
}

static int whole_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    whole_ctx *c = vctx;
    OSSL_PARAM *p;
    if (!axp_cipher_get_lens(params, c->alg->keylen, c->alg->noncelen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) &&
        !OSSL_PARAM_set_size_t(p, WHOLE_TAG))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) ||
        (p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV))) {
        if (!c->nonce_set) {
            AXP_ERR(c->prov, AXP_R_NO_IV);
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, c->nonce, c->alg->noncelen))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        if (!c->enc || !c->tag_set) {
            AXP_ERR(c->prov, AXP_R_TAG_NOT_SET);
            return 0;
        }
        if (p->data_type != OSSL_PARAM_OCTET_STRING || (p->data && p->data_size != WHOLE_TAG)) {
            AXP_ERRF(c->prov, AXP_R_BAD_TAG_LENGTH, "the tag is %d bytes", WHOLE_TAG);
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, c->tag, WHOLE_TAG))
            return 0;
    }
    return 1;
}

static const OSSL_PARAM whole_ctx_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_END
};

AXP_PARAMS_LIST_FN(whole_gettable_ctx_params, whole_ctx_gettable)

static int whole_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    whole_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (!params)
        return 1;
    if (!axp_cipher_check_keylen(c->prov, params, c->alg->keylen))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_IVLEN))) {
        size_t n;
        if (!OSSL_PARAM_get_size_t(p, &n) || n != c->alg->noncelen) {
            AXP_ERRF(c->prov, AXP_R_BAD_IV_LENGTH, "the nonce is %zu bytes", c->alg->noncelen);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != WHOLE_TAG) {
            AXP_ERRF(c->prov, AXP_R_BAD_TAG_LENGTH, "the tag is %d bytes", WHOLE_TAG);
            return 0;
        }
        /* Sealing: only the length may be given (no data). */
        if (p->data) {
            if (c->enc) {
                AXP_ERR(c->prov, AXP_R_TAG_NOT_NEEDED);
                return 0;
            }
            if (c->done) {
                AXP_ERRF(c->prov, AXP_R_BAD_STATE, "tag set after the text");
                return 0;
            }
            memcpy(c->tag, p->data, WHOLE_TAG);
            c->tag_set = 1;
        }
    }
    return 1;
}

static const OSSL_PARAM whole_ctx_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_END
};

AXP_PARAMS_LIST_FN(whole_settable_ctx_params, whole_ctx_settable)

/* ------------------------------------------------------- dispatch tables */

#define WHOLE_DISPATCH(newctx_fn, get_params_fn) \
    AXP_CIPHER_DISPATCH(whole, newctx_fn, get_params_fn)
static void *aes_128_gcm_siv_newctx(void *p) { return whole_newctx(p, &AES_128_GCM_SIV); }
static void *aes_256_gcm_siv_newctx(void *p) { return whole_newctx(p, &AES_256_GCM_SIV); }
static void *xaes_256_gcm_newctx(void *p) { return whole_newctx(p, &XAES_256_GCM); }

static int aes_128_gcm_siv_params(OSSL_PARAM p[])
{
    return whole_get_params_for(&AES_128_GCM_SIV, p);
}
static int aes_256_gcm_siv_params(OSSL_PARAM p[])
{
    return whole_get_params_for(&AES_256_GCM_SIV, p);
}
static int xaes_256_gcm_params(OSSL_PARAM p[]) { return whole_get_params_for(&XAES_256_GCM, p); }

static const OSSL_DISPATCH aes_128_gcm_siv_fns[] =
    WHOLE_DISPATCH(aes_128_gcm_siv_newctx, aes_128_gcm_siv_params);
static const OSSL_DISPATCH aes_256_gcm_siv_fns[] =
    WHOLE_DISPATCH(aes_256_gcm_siv_newctx, aes_256_gcm_siv_params);
static const OSSL_DISPATCH xaes_256_gcm_fns[] =
    WHOLE_DISPATCH(xaes_256_gcm_newctx, xaes_256_gcm_params);

static const struct {
    whole_alg *alg;
    const OSSL_DISPATCH *fns;
} whole_algs[] = {
    { &AES_128_GCM_SIV, aes_128_gcm_siv_fns },
    { &AES_256_GCM_SIV, aes_256_gcm_siv_fns },
    { &XAES_256_GCM, xaes_256_gcm_fns },
};

size_t axp_aead_whole_build(OSSL_ALGORITHM *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof whole_algs / sizeof whole_algs[0] && n < max; i++) {
        whole_alg *a = whole_algs[i].alg;
        axiom_aead_ctx *probe = NULL;
        if (axiom_aead_new(&probe, a->axiom) != AXIOM_OK)
            continue;
        axiom_aead_free(probe);
        a->stat.name = a->names;
        axp_cipher_entry(&out[n++], a->names, whole_algs[i].fns, &a->stat);
    }
    return n;
}
