/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AEAD ciphers (AES-128/192/256-GCM, SM4-GCM, ChaCha20-Poly1305) as OpenSSL
 * cipher implementations over libaxiom's streaming AEAD interface
 * (axiom_gcm_*), with what libssl needs: TLS 1.3 records through
 * init/update/final, and TLS 1.2 records in one call after "tlsaad" (GCM
 * with a fixed IV part and a generated explicit part; ChaCha20-Poly1305
 * with the sequence number mixed into the nonce, RFC 7905). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <axiom.h>
#include <openssl/evp.h>

#include "prov.h"

#define IV_INLINE 64        /* longer GCM IVs live on the heap */
#define TAG_MAX 16
#define TLS_AAD_LEN 13      /* EVP_AEAD_TLS1_AAD_LEN */
#define TLS_FIXED_IV 4      /* EVP_GCM_TLS_FIXED_IV_LEN */
#define TLS_EXPLICIT_IV 8   /* EVP_GCM_TLS_EXPLICIT_IV_LEN */

typedef struct aead_alg {
    const char *names;
    const char *axiom;
    int gcm;               /* 1: GCM; 0: ChaCha20-Poly1305 */
    size_t keylen;
    axp_stat stat;
} aead_alg;

static aead_alg AES_128_GCM = { "AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6",
                                "aes-128-gcm", 1, 16, { 0 } };
static aead_alg AES_192_GCM = { "AES-192-GCM:id-aes192-GCM:2.16.840.1.101.3.4.1.26",
                                "aes-192-gcm", 1, 24, { 0 } };
static aead_alg AES_256_GCM = { "AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46",
                                "aes-256-gcm", 1, 32, { 0 } };
static aead_alg SM4_GCM = { "SM4-GCM:1.2.156.10197.1.104.8", "sm4-gcm", 1, 16, { 0 } };
static aead_alg CHACHA20_POLY1305 = { "ChaCha20-Poly1305", "chacha20-poly1305", 0, 32, { 0 } };

/* Where the current message stands. */
enum { IV_NONE, IV_SET, IV_STARTED, IV_DONE };

typedef struct aead_ctx {
    const AXP_PROV *prov;
    aead_alg *alg;
    axiom_gcm_ctx *g;
    int enc, key_set, iv_state;
    /* The key in use: setting the same key again (openssl speed and many
     * programs pass it with every message) skips the key schedule. */
    uint8_t key[32];
    size_t ivlen, ivcap;
    uint8_t *iv;            /* ivbuf, or a heap buffer for a longer GCM IV */
    uint8_t ivbuf[IV_INLINE];
    uint8_t tls_fixed[12];  /* ChaCha20-Poly1305 in TLS 1.2: the fixed IV */
    /* Decrypting: the tag to check (taglen 0: none set).  Encrypting: the
     * tag of the last message (taglen 0: none yet). */
    uint8_t tag[TAG_MAX];
    size_t taglen;
    int iv_gen;             /* TLS 1.2 GCM: fixed part set, explicit part counts */
    int iv_gen_rand;        /* the IV (or its explicit part) came from our generator */
    int tls;                /* "tlsaad" set: the next update is one TLS record */
    uint8_t tls_aad[TLS_AAD_LEN];
    size_t tls_payload;     /* ChaCha20-Poly1305: plaintext bytes of that record */
    uint64_t tls_records;   /* records encrypted under this key */
    uint64_t n_ops, n_bytes;
} aead_ctx;

static void *aead_newctx(void *provctx, aead_alg *alg)
{
    aead_ctx *c = axp_cipher_ctx_new(provctx, sizeof *c);
    if (!c)
        return NULL;
    c->prov = provctx;
    c->alg = alg;
    c->ivlen = 12;
    c->iv = c->ivbuf;
    c->ivcap = IV_INLINE;
    int rc = axiom_gcm_new(&c->g, alg->axiom);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(provctx, rc);
        free(c);
        return NULL;
    }
    return c;
}

static void aead_freectx(void *vctx)
{
    aead_ctx *c = vctx;
    if (!c)
        return;
    axp_stat_flush(&c->alg->stat, &c->n_ops, &c->n_bytes);
    axiom_gcm_free(c->g);
    if (c->iv != c->ivbuf) {
        axiom_wipe(c->iv, c->ivcap);
        free(c->iv);
    }
    axp_cipher_ctx_free(c, sizeof *c);
}

static void *aead_dupctx(void *vctx)
{
    const aead_ctx *src = vctx;
    aead_ctx *c = axp_cipher_ctx_dup(src->prov, src, sizeof *c);
    if (!c)
        return NULL;
    c->n_ops = c->n_bytes = 0;
    c->iv = c->ivbuf;
    if (src->iv != src->ivbuf) {
        c->iv = malloc(src->ivcap);
        if (!c->iv) {
            axp_cipher_ctx_free(c, sizeof *c);
            AXP_ERR(src->prov, AXP_R_MALLOC);
            return NULL;
        }
        memcpy(c->iv, src->iv, src->ivcap);
    }
    int rc = axiom_gcm_dup(&c->g, src->g);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(src->prov, rc);
        if (c->iv != c->ivbuf)
            free(c->iv);
        axp_cipher_ctx_free(c, sizeof *c);
        return NULL;
    }
    return c;
}

/* GCM takes an IV of any length from 1 byte (OpenSSL's own stops at 128);
 * ChaCha20-Poly1305 the 12 bytes of RFC 8439. */
static int ivlen_ok(const aead_ctx *c, size_t n)
{
    return c->alg->gcm ? n >= 1 && n <= ((size_t)1 << 61) - 1 : n == 12;
}

/* Room for an IV of @n bytes (contents kept up to the old length). */
static int iv_room(aead_ctx *c, size_t n)
{
    if (n <= c->ivcap)
        return 1;
    uint8_t *b = malloc(n);
    if (!b) {
        AXP_ERR(c->prov, AXP_R_MALLOC);
        return 0;
    }
    memcpy(b, c->iv, c->ivcap);
    if (c->iv != c->ivbuf) {
        axiom_wipe(c->iv, c->ivcap);
        free(c->iv);
    }
    c->iv = b;
    c->ivcap = n;
    return 1;
}

/* Tags this provider verifies: SP 800-38D's lengths for GCM (OpenSSL also
 * checks 1-3, 5-7, 9-11 bytes, which the standard does not allow) and the
 * 16 bytes of RFC 8439 for ChaCha20-Poly1305. */
static int verify_taglen_ok(const aead_ctx *c, size_t n)
{
    if (!c->alg->gcm)
        return n == 16;
    return (n >= 12 && n <= 16) || n == 8 || n == 4;
}

static int aead_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int aead_init(aead_ctx *c, const uint8_t *key, size_t keylen, const uint8_t *iv,
                     size_t ivlen, const OSSL_PARAM params[], int enc)
{
    c->enc = enc;
    c->tls = 0;
    if (iv) {
        if (!ivlen_ok(c, ivlen)) {
            AXP_ERRF(c->prov, AXP_R_BAD_IV_LENGTH, "%zu bytes", ivlen);
            return 0;
        }
        if (!iv_room(c, ivlen))
            return 0;
        memcpy(c->iv, iv, ivlen);
        /* libssl hands ChaCha20-Poly1305 its TLS 1.2 fixed IV this way. */
        if (!c->alg->gcm)
            memcpy(c->tls_fixed, iv, 12);
        c->ivlen = ivlen;
        c->iv_state = IV_SET;
        c->iv_gen_rand = 0;
    }
    if (key) {
        if (keylen != c->alg->keylen) {
            AXP_ERRF(c->prov, AXP_R_BAD_KEY_LENGTH, "%zu bytes given, %zu expected", keylen,
                     c->alg->keylen);
            return 0;
        }
        /* The key schedule (AES round keys, the GHASH key's powers) costs
         * more than a short message; an unchanged key keeps it.  The
         * message in progress ends either way: the next one starts with
         * axiom_gcm_init(), which abandons it. */
        if (!c->key_set || !axiom_memeq(c->key, key, keylen)) {
            int rc = axiom_gcm_setkey(c->g, key, keylen);
            if (rc != AXIOM_OK) {
                AXP_ERR_AXIOM(c->prov, rc);
                return 0;
            }
            memcpy(c->key, key, keylen);
        }
        c->key_set = 1;
        c->tls_records = 0;
        if (c->iv_state == IV_STARTED)
            c->iv_state = IV_SET; /* the new key ended the message: restart it */
    }
    if (!c->alg->gcm && (iv || key) && c->iv_state == IV_DONE)
        c->iv_state = IV_SET;
    return aead_set_ctx_params(c, params);
}

AXP_CIPHER_INIT_FNS(aead)

/* GCM encryption without an IV gets a random one (as OpenSSL does; SP
 * 800-38D 8.2.2), at least 96 bits long. */
static int generate_iv(aead_ctx *c)
{
    if (!c->alg->gcm || !c->enc || c->ivlen < 12) {
        AXP_ERR(c->prov, AXP_R_NO_IV);
        return 0;
    }
    if (!axp_random(c->prov, c->iv, c->ivlen))
        return 0;
    c->iv_gen_rand = 1;
    c->iv_state = IV_SET;
    return 1;
}

/* Make sure a message is under way for AD, text or the tag. */
static int start(aead_ctx *c)
{
    if (!c->key_set) {
        AXP_ERR(c->prov, AXP_R_NO_KEY);
        return 0;
    }
    switch (c->iv_state) {
    case IV_STARTED:
        return 1;
    case IV_NONE:
        if (!generate_iv(c))
            return 0;
        break;
    case IV_DONE:
        /* OpenSSL's ChaCha20-Poly1305 starts the next message on the same
         * nonce; its GCM refuses to reuse an IV, and so do we for both. */
        AXP_ERRF(c->prov, AXP_R_BAD_STATE, "the message is finished: set a new IV");
        return 0;
    default:
        break;
    }
    int rc = axiom_gcm_init(c->g, c->enc ? AXIOM_ENCRYPT : AXIOM_DECRYPT, c->iv, c->ivlen);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    c->iv_state = IV_STARTED;
    return 1;
}

/* Increment the last 8 bytes of the IV (the TLS 1.2 GCM invocation field)
 * as a big-endian integer. */
static void invocation_next(aead_ctx *c)
{
    for (size_t i = c->ivlen; i > c->ivlen - 8; i--)
        if (++c->iv[i - 1])
            break;
}

/* A TLS record's end, whichever way it went: the next record needs its
 * own IV (or AAD) again. */
static int tls_done(aead_ctx *c, int ok)
{
    c->iv_state = IV_DONE;
    c->tls = 0;
    axp_stat_flush(&c->alg->stat, &c->n_ops, &c->n_bytes);
    return ok;
}

/* The AEAD of a record's @plen payload bytes under c->iv (@ivlen bytes)
 * and the record's AAD; the tag follows the text (sealing: written at
 * @out + @plen; opening: read at @in + @plen).  Returns libaxiom's code. */
static int tls_crypt(aead_ctx *c, uint8_t *out, const uint8_t *in, size_t plen, size_t ivlen)
{
    int rc = axiom_gcm_init(c->g, c->enc ? AXIOM_ENCRYPT : AXIOM_DECRYPT, c->iv, ivlen);
    if (rc == AXIOM_OK)
        rc = axiom_gcm_aad(c->g, c->tls_aad, TLS_AAD_LEN);
    if (rc == AXIOM_OK)
        rc = axiom_gcm_update(c->g, out, in, plen);
    if (rc == AXIOM_OK)
        rc = c->enc ? axiom_gcm_final(c->g, out + plen, TAG_MAX)
                    : axiom_gcm_verify(c->g, in + plen, TAG_MAX);
    return rc;
}

/* After tls_crypt: on failure wipe an opened payload at @out and raise
 * the error; on success report @outlen bytes written; the record ends. */
static int tls_finish(aead_ctx *c, int rc, uint8_t *out, size_t plen, size_t *outl,
                      size_t outlen)
{
    if (rc != AXIOM_OK) {
        if (!c->enc)
            axiom_wipe(out, plen);
        AXP_ERR_AXIOM(c->prov, rc);
        return tls_done(c, 0);
    }
    *outl = outlen;
    c->n_ops++;
    c->n_bytes += plen;
    return tls_done(c, 1);
}

/* One TLS 1.2 GCM record, in place: explicit IV (8) || payload || tag (16). */
static int tls_gcm_record(aead_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in,
                          size_t len)
{
    if (out != in || len < TLS_EXPLICIT_IV + TAG_MAX || !c->iv_gen || !c->key_set) {
        AXP_ERRF(c->prov, AXP_R_TLS_RECORD, "%s",
                 out != in ? "records are processed in place" : "record too short or no IV");
        return tls_done(c, 0);
    }
    if (c->enc && ++c->tls_records == 0) {
        AXP_ERRF(c->prov, AXP_R_TLS_RECORD, "too many records under one key");
        return tls_done(c, 0);
    }
    if (c->enc) {
        memcpy(out, c->iv + c->ivlen - TLS_EXPLICIT_IV, TLS_EXPLICIT_IV);
    } else {
        memcpy(c->iv + c->ivlen - TLS_EXPLICIT_IV, in, TLS_EXPLICIT_IV);
    }
    const size_t plen = len - TLS_EXPLICIT_IV - TAG_MAX;
    uint8_t *body = out + TLS_EXPLICIT_IV;
    int rc = tls_crypt(c, body, body, plen, c->ivlen);
    if (c->enc)
        invocation_next(c);
    return tls_finish(c, rc, body, plen, outl, c->enc ? len : plen);
}

/* One TLS ChaCha20-Poly1305 record: payload || tag (16); the nonce was
 * made from the fixed IV and the record's sequence number at "tlsaad". */
static int tls_cp_record(aead_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in, size_t len)
{
    const size_t plen = c->tls_payload;
    if (len != plen + TAG_MAX || !c->key_set) {
        AXP_ERRF(c->prov, AXP_R_TLS_RECORD, "record of %zu bytes, %zu expected", len,
                 plen + TAG_MAX);
        return tls_done(c, 0);
    }
    int rc = tls_crypt(c, out, in, plen, 12);
    return tls_finish(c, rc, out, plen, outl, c->enc ? len : plen);
}

static int aead_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    aead_ctx *c = vctx;
    *outl = 0;
    if (c->tls) {
        if (outsize < inl) {
            AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
            return 0;
        }
        return c->alg->gcm ? tls_gcm_record(c, out, outl, in, inl)
                           : tls_cp_record(c, out, outl, in, inl);
    }
    if (!inl)
        return 1;
    if (!start(c))
        return 0;
    int rc;
    if (!out) {
        rc = axiom_gcm_aad(c->g, in, inl);
        if (rc == AXIOM_ESTATE) {
            AXP_ERRF(c->prov, AXP_R_BAD_STATE, "AAD after the text has begun");
            return 0;
        }
    } else {
        if (outsize < inl) {
            AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
            return 0;
        }
        rc = axiom_gcm_update(c->g, out, in, inl);
        c->n_bytes += inl;
    }
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    *outl = inl;
    return 1;
}

static int aead_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    aead_ctx *c = vctx;
    (void)out;
    (void)outsize;
    *outl = 0;
    if (!c->enc && c->taglen == 0) {
        AXP_ERR(c->prov, AXP_R_TAG_NOT_SET);
        return 0;
    }
    if (!start(c))
        return 0;
    int rc;
    if (c->enc) {
        rc = axiom_gcm_final(c->g, c->tag, TAG_MAX);
        c->taglen = rc == AXIOM_OK ? TAG_MAX : 0;
    } else {
        rc = axiom_gcm_verify(c->g, c->tag, c->taglen);
    }
    c->iv_state = IV_DONE;
    c->n_ops++;
    axp_stat_flush(&c->alg->stat, &c->n_ops, &c->n_bytes);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    return 1;
}

AXP_CIPHER_CIPHER_FN(aead)

/* ------------------------------------------------------------- parameters */

static int aead_get_params_for(const aead_alg *a, OSSL_PARAM params[])
{
    const axp_cipher_info info = { a->gcm ? EVP_CIPH_GCM_MODE : 0, a->keylen, 12, 1, 1, 1 };
    return axp_cipher_get_params(params, &info);
}

static int iv_param(aead_ctx *c, OSSL_PARAM *p)
{
    /* Asking for the IV of an encryption that has none makes one, as the
     * first update would (OpenSSL does the same). */
    if (c->iv_state == IV_NONE && !c->tls && c->enc && c->alg->gcm && !generate_iv(c))
        return 0;
    if (p->data_type == OSSL_PARAM_OCTET_PTR)
        return OSSL_PARAM_set_octet_ptr(p, c->iv, c->ivlen);
    if (p->data && p->data_size < c->ivlen) {
        AXP_ERR(c->prov, AXP_R_BAD_IV_LENGTH);
        return 0;
    }
    return OSSL_PARAM_set_octet_string(p, c->iv, c->ivlen);
}

static int aead_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    aead_ctx *c = vctx;
    OSSL_PARAM *p;
    if (!axp_cipher_get_lens(params, c->alg->keylen, c->ivlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) &&
        !OSSL_PARAM_set_size_t(p, c->taglen ? c->taglen : TAG_MAX))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD)) &&
        !OSSL_PARAM_set_size_t(p, TAG_MAX))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) && !iv_param(c, p))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) && !iv_param(c, p))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        size_t sz = p->data ? p->data_size : c->taglen;
        if (!c->enc || c->taglen == 0) {
            AXP_ERR(c->prov, AXP_R_TAG_NOT_SET);
            return 0;
        }
        if (p->data_type != OSSL_PARAM_OCTET_STRING || sz == 0 || sz > TAG_MAX) {
            AXP_ERRF(c->prov, AXP_R_BAD_TAG_LENGTH, "%zu bytes asked", sz);
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, c->tag, sz))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN))) {
        /* TLS 1.2: the explicit IV of the next record, and count it. */
        if (!c->alg->gcm || !c->iv_gen || !c->key_set || !p->data ||
            p->data_type != OSSL_PARAM_OCTET_STRING) {
            AXP_ERR(c->prov, AXP_R_BAD_STATE);
            return 0;
        }
        size_t n = p->data_size == 0 || p->data_size > c->ivlen ? c->ivlen : p->data_size;
        memcpy(p->data, c->iv + c->ivlen - n, n);
        p->return_size = n;
        c->iv_state = IV_SET;
        /* The message starts now, on the IV before the increment. */
        if (!start(c))
            return 0;
        invocation_next(c);
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_RANDOM_KEY))) {
        uint8_t k[32];
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !axp_random(c->prov, k, c->alg->keylen))
            return 0;
        int ok = OSSL_PARAM_set_octet_string(p, k, c->alg->keylen);
        axiom_wipe(k, sizeof k);
        if (!ok)
            return 0;
    }
    return 1;
}

static const OSSL_PARAM aead_ctx_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_RANDOM_KEY, NULL, 0),
    OSSL_PARAM_END
};

AXP_PARAMS_LIST_FN(aead_gettable_ctx_params, aead_ctx_gettable)

/* "tlsaad": the 13 bytes of a TLS 1.2 record's AAD; the record follows in
 * the next update.  The length field is corrected to the plaintext's. */
static int set_tls_aad(aead_ctx *c, const OSSL_PARAM *p)
{
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != TLS_AAD_LEN) {
        AXP_ERR(c->prov, AXP_R_TLS_RECORD);
        return 0;
    }
    memcpy(c->tls_aad, p->data, TLS_AAD_LEN);
    size_t len = (size_t)c->tls_aad[11] << 8 | c->tls_aad[12];
    if (c->alg->gcm) {
        if (len < TLS_EXPLICIT_IV + (c->enc ? 0 : TAG_MAX)) {
            AXP_ERR(c->prov, AXP_R_TLS_RECORD);
            return 0;
        }
        len -= TLS_EXPLICIT_IV + (c->enc ? 0 : TAG_MAX);
    } else {
        if (!c->enc) {
            if (len < TAG_MAX) {
                AXP_ERR(c->prov, AXP_R_TLS_RECORD);
                return 0;
            }
            len -= TAG_MAX;
        }
        if (c->ivlen != 12 || c->iv_state == IV_NONE) {
            AXP_ERRF(c->prov, AXP_R_TLS_RECORD, "no fixed IV");
            return 0;
        }
        /* RFC 7905: nonce = fixed IV XOR (0^32 || sequence number). */
        c->tls_payload = len;
    }
    c->tls_aad[11] = (uint8_t)(len >> 8);
    c->tls_aad[12] = (uint8_t)len;
    c->tls = 1;
    return 1;
}

static int aead_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    aead_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (!params)
        return 1;
    if (!axp_cipher_check_keylen(c->prov, params, c->alg->keylen))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_IVLEN))) {
        size_t n;
        if (!OSSL_PARAM_get_size_t(p, &n) || !ivlen_ok(c, n)) {
            AXP_ERR(c->prov, AXP_R_BAD_IV_LENGTH);
            return 0;
        }
        if (n != c->ivlen) {
            if (!iv_room(c, n))
                return 0;
            /* An IV set for the old length is no longer valid. */
            if (c->iv_state != IV_NONE)
                c->iv_state = IV_DONE;
            c->ivlen = n;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size == 0 ||
            p->data_size > TAG_MAX) {
            AXP_ERR(c->prov, AXP_R_BAD_TAG_LENGTH);
            return 0;
        }
        if (c->enc && p->data) {
            AXP_ERR(c->prov, AXP_R_TAG_NOT_NEEDED);
            return 0;
        }
        if (!verify_taglen_ok(c, p->data_size)) {
            AXP_ERRF(c->prov, AXP_R_BAD_TAG_LENGTH,
                     "%zu bytes (verified: %s)", p->data_size,
                     c->alg->gcm ? "4, 8 and 12 to 16 bytes" : "16 bytes");
            return 0;
        }
        if (!p->data && c->alg->gcm) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        if (p->data) {
            memcpy(c->tag, p->data, p->data_size);
            c->taglen = p->data_size;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        if (!c->alg->gcm) {
            if (p->data_size != 12) {
                AXP_ERR(c->prov, AXP_R_BAD_IV_LENGTH);
                return 0;
            }
            memcpy(c->iv, p->data, 12);
            c->ivlen = 12;
            c->iv_state = IV_SET;
            /* Kept aside: each record's nonce derives from it. */
            memcpy(c->tls_fixed, p->data, 12);
        } else if (p->data_size == (size_t)-1) {
            memcpy(c->iv, p->data, c->ivlen);
            c->iv_gen = 1;
            c->iv_state = IV_SET;
        } else {
            size_t len = p->data_size;
            if (len < TLS_FIXED_IV || len > c->ivlen || c->ivlen - len < TLS_EXPLICIT_IV) {
                AXP_ERR(c->prov, AXP_R_BAD_IV_LENGTH);
                return 0;
            }
            memcpy(c->iv, p->data, len);
            if (c->enc) {
                if (!axp_random(c->prov, c->iv + len, c->ivlen - len))
                    return 0;
                c->iv_gen_rand = 1;
            }
            c->iv_gen = 1;
            c->iv_state = IV_SET;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD))) {
        if (!set_tls_aad(c, p))
            return 0;
        if (!c->alg->gcm) {
            /* The record's nonce: fixed IV with the sequence number XORed
             * into its last 8 bytes. */
            for (size_t i = 0; i < 12; i++)
                c->iv[i] = c->tls_fixed[i] ^ (i < 4 ? 0 : c->tls_aad[i - 4]);
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV))) {
        if (!c->alg->gcm || !c->iv_gen || !c->key_set || c->enc || !p->data ||
            p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size > c->ivlen) {
            AXP_ERR(c->prov, AXP_R_BAD_STATE);
            return 0;
        }
        memcpy(c->iv + c->ivlen - p->data_size, p->data, p->data_size);
        c->iv_state = IV_SET;
    }
    return 1;
}

static const OSSL_PARAM aead_ctx_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, NULL, 0),
    OSSL_PARAM_END
};

AXP_PARAMS_LIST_FN(aead_settable_ctx_params, aead_ctx_settable)

/* ------------------------------------------------------- dispatch tables */

#define AEAD_DISPATCH(newctx_fn, get_params_fn) \
    AXP_CIPHER_DISPATCH(aead, newctx_fn, get_params_fn)
static void *aes_128_gcm_newctx(void *p) { return aead_newctx(p, &AES_128_GCM); }
static void *aes_192_gcm_newctx(void *p) { return aead_newctx(p, &AES_192_GCM); }
static void *aes_256_gcm_newctx(void *p) { return aead_newctx(p, &AES_256_GCM); }
static void *sm4_gcm_newctx(void *p) { return aead_newctx(p, &SM4_GCM); }
static void *chacha20_poly1305_newctx(void *p) { return aead_newctx(p, &CHACHA20_POLY1305); }

static int aes_128_gcm_params(OSSL_PARAM p[]) { return aead_get_params_for(&AES_128_GCM, p); }
static int aes_192_gcm_params(OSSL_PARAM p[]) { return aead_get_params_for(&AES_192_GCM, p); }
static int aes_256_gcm_params(OSSL_PARAM p[]) { return aead_get_params_for(&AES_256_GCM, p); }
static int sm4_gcm_params(OSSL_PARAM p[]) { return aead_get_params_for(&SM4_GCM, p); }
static int chacha20_poly1305_params(OSSL_PARAM p[])
{
    return aead_get_params_for(&CHACHA20_POLY1305, p);
}

static const OSSL_DISPATCH aes_128_gcm_fns[] = AEAD_DISPATCH(aes_128_gcm_newctx, aes_128_gcm_params);
static const OSSL_DISPATCH aes_192_gcm_fns[] = AEAD_DISPATCH(aes_192_gcm_newctx, aes_192_gcm_params);
static const OSSL_DISPATCH aes_256_gcm_fns[] = AEAD_DISPATCH(aes_256_gcm_newctx, aes_256_gcm_params);
static const OSSL_DISPATCH sm4_gcm_fns[] = AEAD_DISPATCH(sm4_gcm_newctx, sm4_gcm_params);
static const OSSL_DISPATCH chacha20_poly1305_fns[] =
    AEAD_DISPATCH(chacha20_poly1305_newctx, chacha20_poly1305_params);

static const struct {
    aead_alg *alg;
    const OSSL_DISPATCH *fns;
    const char *stat_name;
} aead_algs[] = {
    { &AES_128_GCM, aes_128_gcm_fns, "AES-128-GCM" },
    { &AES_192_GCM, aes_192_gcm_fns, "AES-192-GCM" },
    { &AES_256_GCM, aes_256_gcm_fns, "AES-256-GCM" },
    { &SM4_GCM, sm4_gcm_fns, "SM4-GCM" },
    { &CHACHA20_POLY1305, chacha20_poly1305_fns, "ChaCha20-Poly1305" },
};

size_t axp_aead_ciphers_build(OSSL_ALGORITHM *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof aead_algs / sizeof aead_algs[0] && n < max; i++) {
        aead_alg *a = aead_algs[i].alg;
        axiom_gcm_ctx *probe = NULL;
        if (axiom_gcm_new(&probe, a->axiom) != AXIOM_OK)
            continue;
        axiom_gcm_free(probe);
        a->stat.name = aead_algs[i].stat_name;
        axp_cipher_entry(&out[n++], a->names, aead_algs[i].fns, &a->stat);
    }
    return n;
}
