/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Block-cipher modes (ECB, CBC with PKCS#7 padding, CTR, CFB, OFB, XTS) of
 * AES, SM4 and Kuznyechik, and the ChaCha20 stream cipher, as OpenSSL
 * cipher implementations over libaxiom's axiom_cipher_* calls. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <axiom.h>
#include <openssl/evp.h>

#include "prov.h"

/* Mode numbers reported through the "mode" parameter. */
#define MODE_STREAM 0 /* ChaCha20: OpenSSL reports no block mode */

typedef struct block_alg {
    const char *names;     /* OpenSSL names and aliases */
    const char *axiom;     /* libaxiom algorithm name */
    const char *ecb;       /* the same cipher in ECB: one block of the CFB/OFB register */
    unsigned mode;         /* EVP_CIPH_*_MODE or MODE_STREAM */
    size_t keylen, ivlen, blocksize;
    int custom_iv;         /* the "custom-iv" flag OpenSSL reports */
    axp_stat stat;
} block_alg;

/* ------------------------------------------------------------- algorithms */

static block_alg AES_128_ECB = { "AES-128-ECB:2.16.840.1.101.3.4.1.1", "aes-128-ecb", NULL,
                                 EVP_CIPH_ECB_MODE, 16, 0, 16, 0, { 0 } };
static block_alg AES_192_ECB = { "AES-192-ECB:2.16.840.1.101.3.4.1.21", "aes-192-ecb", NULL,
                                 EVP_CIPH_ECB_MODE, 24, 0, 16, 0, { 0 } };
static block_alg AES_256_ECB = { "AES-256-ECB:2.16.840.1.101.3.4.1.41", "aes-256-ecb", NULL,
                                 EVP_CIPH_ECB_MODE, 32, 0, 16, 0, { 0 } };
static block_alg AES_128_CBC = { "AES-128-CBC:AES128:2.16.840.1.101.3.4.1.2", "aes-128-cbc",
                                 NULL, EVP_CIPH_CBC_MODE, 16, 16, 16, 0, { 0 } };
static block_alg AES_192_CBC = { "AES-192-CBC:AES192:2.16.840.1.101.3.4.1.22", "aes-192-cbc",
                                 NULL, EVP_CIPH_CBC_MODE, 24, 16, 16, 0, { 0 } };
static block_alg AES_256_CBC = { "AES-256-CBC:AES256:2.16.840.1.101.3.4.1.42", "aes-256-cbc",
                                 NULL, EVP_CIPH_CBC_MODE, 32, 16, 16, 0, { 0 } };
static block_alg AES_128_OFB = { "AES-128-OFB:2.16.840.1.101.3.4.1.3", "aes-128-ofb",
                                 "aes-128-ecb", EVP_CIPH_OFB_MODE, 16, 16, 1, 0, { 0 } };
static block_alg AES_192_OFB = { "AES-192-OFB:2.16.840.1.101.3.4.1.23", "aes-192-ofb",
                                 "aes-192-ecb", EVP_CIPH_OFB_MODE, 24, 16, 1, 0, { 0 } };
static block_alg AES_256_OFB = { "AES-256-OFB:2.16.840.1.101.3.4.1.43", "aes-256-ofb",
                                 "aes-256-ecb", EVP_CIPH_OFB_MODE, 32, 16, 1, 0, { 0 } };
static block_alg AES_128_CFB = { "AES-128-CFB:2.16.840.1.101.3.4.1.4", "aes-128-cfb",
                                 "aes-128-ecb", EVP_CIPH_CFB_MODE, 16, 16, 1, 0, { 0 } };
static block_alg AES_192_CFB = { "AES-192-CFB:2.16.840.1.101.3.4.1.24", "aes-192-cfb",
                                 "aes-192-ecb", EVP_CIPH_CFB_MODE, 24, 16, 1, 0, { 0 } };
static block_alg AES_256_CFB = { "AES-256-CFB:2.16.840.1.101.3.4.1.44", "aes-256-cfb",
                                 "aes-256-ecb", EVP_CIPH_CFB_MODE, 32, 16, 1, 0, { 0 } };
static block_alg AES_128_CTR = { "AES-128-CTR", "aes-128-ctr", NULL, EVP_CIPH_CTR_MODE, 16, 16,
                                 1, 0, { 0 } };
static block_alg AES_192_CTR = { "AES-192-CTR", "aes-192-ctr", NULL, EVP_CIPH_CTR_MODE, 24, 16,
                                 1, 0, { 0 } };
static block_alg AES_256_CTR = { "AES-256-CTR", "aes-256-ctr", NULL, EVP_CIPH_CTR_MODE, 32, 16,
                                 1, 0, { 0 } };
static block_alg AES_128_XTS = { "AES-128-XTS:1.3.111.2.1619.0.1.1", "aes-128-xts", NULL,
                                 EVP_CIPH_XTS_MODE, 32, 16, 1, 1, { 0 } };
static block_alg AES_256_XTS = { "AES-256-XTS:1.3.111.2.1619.0.1.2", "aes-256-xts", NULL,
                                 EVP_CIPH_XTS_MODE, 64, 16, 1, 1, { 0 } };
static block_alg CHACHA20 = { "ChaCha20", "chacha20", NULL, MODE_STREAM, 32, 16, 1, 1, { 0 } };
static block_alg SM4_ECB = { "SM4-ECB:1.2.156.10197.1.104.1", "sm4-ecb", NULL,
                             EVP_CIPH_ECB_MODE, 16, 0, 16, 0, { 0 } };
static block_alg SM4_CBC = { "SM4-CBC:SM4:1.2.156.10197.1.104.2", "sm4-cbc", NULL,
                             EVP_CIPH_CBC_MODE, 16, 16, 16, 0, { 0 } };
static block_alg SM4_CTR = { "SM4-CTR:1.2.156.10197.1.104.7", "sm4-ctr", NULL,
                             EVP_CIPH_CTR_MODE, 16, 16, 1, 0, { 0 } };
static block_alg SM4_OFB = { "SM4-OFB:SM4-OFB128:1.2.156.10197.1.104.3", "sm4-ofb", "sm4-ecb",
                             EVP_CIPH_OFB_MODE, 16, 16, 1, 0, { 0 } };
static block_alg SM4_CFB = { "SM4-CFB:SM4-CFB128:1.2.156.10197.1.104.4", "sm4-cfb", "sm4-ecb",
                             EVP_CIPH_CFB_MODE, 16, 16, 1, 0, { 0 } };
/* Kuznyechik under the names of gost-engine's provider (GOST R 34.13-2015
 * modes with a full-block register; CTR takes the 8-byte IV of the
 * standard, the counter block being IV || 0^64). */
static block_alg KUZ_ECB = { "kuznyechik-ecb", "kuznyechik-ecb", NULL, EVP_CIPH_ECB_MODE, 32, 0,
                             16, 0, { 0 } };
static block_alg KUZ_CBC = { "kuznyechik-cbc", "kuznyechik-cbc", NULL, EVP_CIPH_CBC_MODE, 32, 16,
                             16, 0, { 0 } };
static block_alg KUZ_CFB = { "kuznyechik-cfb", "kuznyechik-cfb", "kuznyechik-ecb",
                             EVP_CIPH_CFB_MODE, 32, 16, 1, 0, { 0 } };
static block_alg KUZ_OFB = { "kuznyechik-ofb", "kuznyechik-ofb", "kuznyechik-ecb",
                             EVP_CIPH_OFB_MODE, 32, 16, 1, 0, { 0 } };
static block_alg KUZ_CTR = { "kuznyechik-ctr", "kuznyechik-ctr", NULL, EVP_CIPH_CTR_MODE, 32, 8,
                             1, 1, { 0 } };

/* ---------------------------------------------------------------- context */

typedef struct block_ctx {
    const AXP_PROV *prov;
    block_alg *alg;
    axiom_cipher_ctx *ax;       /* made with the first key */
    int enc;
    int key_set, iv_set;
    int key_fresh;              /* key not yet handed to libaxiom (waiting for an IV) */
    int started;                /* libaxiom has key and IV for the current message */
    unsigned pad;               /* ECB/CBC: PKCS#7 padding (default on) */
    size_t keylen;
    uint8_t key[64];            /* kept for the CFB/OFB register mid-block and restarts */
    uint8_t oiv[16];            /* the IV as given ("iv") */
    /* Chaining state as OpenSSL reports it ("updated-iv", "num"):
     * CBC: reg is the last ciphertext block; CFB: reg is the last whole
     * ciphertext block and part[0..num) the current block's ciphertext;
     * OFB: reg is the last whole keystream block; CTR and ChaCha20: base
     * is the counter block at the start and total the bytes since. */
    uint8_t reg[16], part[16], base[16];
    uint8_t upd[16];            /* the last "updated-iv" handed out */
    uint64_t total;
    unsigned num;
    uint8_t buf[16];            /* ECB/CBC: input waiting for a whole block */
    size_t bufsz;
    /* CBC in a TLS record layer ("tls-version" set): each update is one
     * record, padded here when sealing; opening strips the explicit IV,
     * the padding and the MAC in constant time and keeps the MAC. */
    unsigned tlsversion;
    size_t tlsmacsize;
    uint8_t tlsmac[64];
    uint64_t n_ops, n_bytes;    /* counted here, added to alg->stat at free */
} block_ctx;

static int is_blockwise(const block_alg *a)
{
    return a->mode == EVP_CIPH_ECB_MODE || a->mode == EVP_CIPH_CBC_MODE;
}

static void *block_newctx(void *provctx, block_alg *alg)
{
    block_ctx *c = axp_cipher_ctx_new(provctx, sizeof *c);
    if (!c)
        return NULL;
    c->prov = provctx;
    c->alg = alg;
    c->pad = 1;
    c->enc = -1;
    return c;
}

static void block_freectx(void *vctx)
{
    block_ctx *c = vctx;
    if (!c)
        return;
    axp_stat_flush(&c->alg->stat, &c->n_ops, &c->n_bytes);
    axiom_cipher_free(c->ax);
    axp_cipher_ctx_free(c, sizeof *c);
}

static void *block_dupctx(void *vctx)
{
    const block_ctx *src = vctx;
    block_ctx *c = axp_cipher_ctx_dup(src->prov, src, sizeof *c);
    if (!c)
        return NULL;
    c->ax = NULL;
    c->n_ops = c->n_bytes = 0;
    if (src->ax) {
        int rc = axiom_cipher_dup(&c->ax, src->ax);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(src->prov, rc);
            axp_cipher_ctx_free(c, sizeof *c);
            return NULL;
        }
    }
    return c;
}

/* 128-bit big-endian counter block plus @n. */
static void ctr_add(uint8_t ctr[16], uint64_t n)
{
    for (int i = 15; i >= 0 && n; i--) {
        n += ctr[i];
        ctr[i] = (uint8_t)n;
        n >>= 8;
    }
}

/* The counter block OpenSSL would hold now: one past every block begun. */
static void ctr_now(const block_ctx *c, uint8_t out[16])
{
    memcpy(out, c->base, 16);
    if (c->alg->mode == MODE_STREAM) {
        /* ChaCha20: 32-bit little-endian block counter in the first word. */
        uint32_t ctr = (uint32_t)c->base[0] | (uint32_t)c->base[1] << 8 |
                       (uint32_t)c->base[2] << 16 | (uint32_t)c->base[3] << 24;
        ctr += (uint32_t)((c->total + 63) / 64);
        for (int i = 0; i < 4; i++)
            out[i] = (uint8_t)(ctr >> (8 * i));
    } else {
        ctr_add(out, (c->total + 15) / 16);
    }
}

/* The IV as libaxiom takes it for the current algorithm. */
static size_t axiom_iv(const block_ctx *c, const uint8_t *iv, uint8_t out[16])
{
    const block_alg *a = c->alg;
    if (a->mode == EVP_CIPH_ECB_MODE)
        return 0;
    memset(out, 0, 16);
    memcpy(out, iv, a->ivlen); /* Kuznyechik CTR: IV || 0^64 */
    return 16;
}

/* Hand key (if new) and @iv16 (libaxiom layout) to libaxiom and restart
 * the message and the chaining state. */
static int start_message(block_ctx *c, const uint8_t *iv16, size_t ivlen16)
{
    const uint8_t *key = c->key_fresh ? c->key : NULL;
    int rc = axiom_cipher_init(c->ax, c->enc ? AXIOM_ENCRYPT : AXIOM_DECRYPT, key,
                               key ? c->keylen : 0, iv16, ivlen16);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    c->key_fresh = 0;
    c->started = 1;
    if (ivlen16) {
        memcpy(c->reg, iv16, 16);
        memcpy(c->base, iv16, 16);
    }
    c->total = 0;
    c->num = 0;
    return 1;
}

static int block_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int block_init(block_ctx *c, const uint8_t *key, size_t keylen, const uint8_t *iv,
                      size_t ivlen, const OSSL_PARAM params[], int enc)
{
    const block_alg *a = c->alg;
    c->enc = enc;
    c->bufsz = 0;
    if (iv && a->mode != EVP_CIPH_ECB_MODE) {
        if (ivlen != a->ivlen) {
            AXP_ERRF(c->prov, AXP_R_BAD_IV_LENGTH, "%zu bytes given, %zu expected", ivlen,
                     a->ivlen);
            return 0;
        }
        memcpy(c->oiv, iv, ivlen);
        c->iv_set = 1;
    }
    if (key) {
        if (keylen != a->keylen) {
            AXP_ERRF(c->prov, AXP_R_BAD_KEY_LENGTH, "%zu bytes given, %zu expected", keylen,
                     a->keylen);
            return 0;
        }
        /* IEEE 1619 and SP 800-38E: equal halves make XTS insecure;
         * OpenSSL refuses them for encryption. */
        if (a->mode == EVP_CIPH_XTS_MODE && enc &&
            CRYPTO_memcmp(key, key + keylen / 2, keylen / 2) == 0) {
            AXP_ERR(c->prov, AXP_R_XTS_DUPLICATED_KEYS);
            return 0;
        }
        if (!c->ax) {
            int rc = axiom_cipher_new(&c->ax, a->axiom);
            if (rc != AXIOM_OK) {
                AXP_ERR_AXIOM(c->prov, rc);
                return 0;
            }
        }
        memcpy(c->key, key, keylen);
        c->keylen = keylen;
        c->key_set = 1;
        c->key_fresh = 1;
    }
    if (c->key_set) {
        uint8_t iv16[16];
        size_t n = 0;
        int ok = 1;
        if (a->mode == EVP_CIPH_ECB_MODE) {
            ok = start_message(c, NULL, 0);
        } else if (iv || ((a->mode == EVP_CIPH_CBC_MODE || a->mode == EVP_CIPH_CFB_MODE ||
                           a->mode == EVP_CIPH_OFB_MODE || a->mode == EVP_CIPH_XTS_MODE) &&
                          c->iv_set)) {
            /* A new IV, or back to the original one. */
            n = axiom_iv(c, c->oiv, iv16);
            ok = start_message(c, iv16, n);
        } else if (c->iv_set && c->started) {
            /* CTR and ChaCha20 without an IV go on from the next block,
             * as OpenSSL's do. */
            ctr_now(c, iv16);
            ok = start_message(c, iv16, 16);
        } else if (c->iv_set) {
            n = axiom_iv(c, c->oiv, iv16);
            ok = start_message(c, iv16, n);
        }
        axiom_wipe(iv16, sizeof iv16);
        if (!ok)
            return 0;
    }
    return block_set_ctx_params(c, params);
}

AXP_CIPHER_INIT_FNS(block)

/* A key, and libaxiom started on the IV. */
static int ready(const block_ctx *c)
{
    return axp_cipher_ready(c->prov, c->key_set, c->started);
}

/* ECB/CBC: @n (a multiple of 16) bytes through libaxiom, keeping the CBC
 * register (the last ciphertext block). */
static int blocks(block_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
    uint8_t last[16];
    if (!n)
        return 1;
    if (!c->enc)
        memcpy(last, in + n - 16, 16); /* in may be out */
    int rc = axiom_cipher_update(c->ax, out, in, n);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    memcpy(c->reg, c->enc ? out + n - 16 : last, 16);
    return 1;
}

/* CTR, CFB, OFB, ChaCha20: @n bytes through libaxiom at byte granularity,
 * keeping what "updated-iv" and "num" report. */
static int stream(block_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
    const unsigned mode = c->alg->mode;
    if (!n)
        return 1;
    if (mode != EVP_CIPH_CFB_MODE && mode != EVP_CIPH_OFB_MODE) {
        int rc = axiom_cipher_update(c->ax, out, in, n);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
        c->total += n;
        c->num = (unsigned)(c->total % 16);
        return 1;
    }
    /* The register depends on at most the last whole block and the tail:
     * keep those input bytes (in may be out), then derive the bytes the
     * register is made of (CFB: ciphertext; OFB: keystream). */
    const unsigned num = c->num, nnum = (unsigned)((num + n) % 16);
    const int whole = num + n >= 16;
    const size_t e = n - nnum;                         /* end of the last whole block */
    const size_t s = whole ? (e >= 16 ? e - 16 : 0) : 0; /* first byte we need */
    uint8_t keep[32], d[32];
    memcpy(keep, in + s, n - s);
    int rc = axiom_cipher_update(c->ax, out, in, n);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    for (size_t i = s; i < n; i++) {
        uint8_t x = keep[i - s], y = out[i];
        if (mode == EVP_CIPH_OFB_MODE)
            d[i - s] = x ^ y;
        else
            d[i - s] = c->enc ? y : x;
    }
    if (whole) {
        if (e < 16) { /* the block began in an earlier call */
            memcpy(c->reg, c->part, num);
            memcpy(c->reg + num, d, e);
        } else {
            memcpy(c->reg, d + (e - 16 - s), 16);
        }
        memcpy(c->part, d + (e - s), nnum);
    } else {
        memcpy(c->part + num, d, n);
    }
    c->num = nnum;
    c->total += n;
    axiom_wipe(keep, sizeof keep);
    axiom_wipe(d, sizeof d);
    return 1;
}

/* Copy @in aside when it overlaps @out while input is buffered: the output
 * then trails the input and would overwrite bytes not yet read. */
static const uint8_t *unalias(const uint8_t *in, size_t inl, const uint8_t *out, size_t outl,
                              uint8_t **copy)
{
    *copy = NULL;
    if (!inl || !outl || (uintptr_t)out >= (uintptr_t)in + inl ||
        (uintptr_t)in >= (uintptr_t)out + outl)
        return in;
    *copy = malloc(inl);
    if (*copy)
        memcpy(*copy, in, inl);
    return *copy;
}

static int blockwise_update(block_ctx *c, uint8_t *out, size_t *outl, size_t outsize,
                            const uint8_t *in, size_t inl)
{
    size_t avail = c->bufsz + inl, nproc = avail & ~(size_t)15;
    /* Decrypting with padding holds the last block back for final. */
    if (!c->enc && c->pad && nproc == avail && nproc)
        nproc -= 16;
    if (outsize < nproc) {
        AXP_ERRF(c->prov, AXP_R_OUTPUT_TOO_SMALL, "%zu bytes needed", nproc);
        return 0;
    }
    uint8_t *copy = NULL;
    const size_t inl0 = inl;
    if (c->bufsz) {
        in = unalias(in, inl, out, nproc, &copy);
        if (!in) {
            AXP_ERR(c->prov, AXP_R_MALLOC);
            return 0;
        }
    }
    size_t o = 0;
    int ok = 1;
    if (c->bufsz && nproc) {
        size_t take = 16 - c->bufsz;
        memcpy(c->buf + c->bufsz, in, take);
        in += take;
        inl -= take;
        ok = blocks(c, out, c->buf, 16);
        c->bufsz = 0;
        o = 16;
    }
    if (ok && nproc > o) {
        ok = blocks(c, out + o, in, nproc - o);
        in += nproc - o;
        inl -= nproc - o;
    }
    if (ok) {
        memcpy(c->buf + c->bufsz, in, inl);
        c->bufsz += inl;
        *outl = nproc;
    }
    if (copy) {
        axiom_wipe(copy, inl0);
        free(copy);
    }
    return ok;
}

/* ------------------------------------------------ TLS CBC records */

#define TLS1_VERSION_NUM 0x0301
#define SSL3_VERSION_NUM 0x0300

/* Constant-time masks: all ones when the condition holds, else zero. */
static size_t ct_lt(size_t a, size_t b)
{
    return (size_t)0 - ((a ^ ((a ^ b) | ((a - b) ^ b))) >> (sizeof(size_t) * 8 - 1));
}
static size_t ct_ge(size_t a, size_t b)
{
    return ~ct_lt(a, b);
}
static size_t ct_is_zero(size_t a)
{
    return (size_t)0 - ((~a & (a - 1)) >> (sizeof(size_t) * 8 - 1));
}
static size_t ct_eq(size_t a, size_t b)
{
    return ct_is_zero(a ^ b);
}

/* The @md bytes that end at @end (secret: it depends on the padding) of a
 * record of @len bytes, without a memory access or branch that depends on
 * @end: every byte of the last md + 256 is read, the MAC collected into a
 * rotating buffer, which is then turned the right way round. */
static void tls_copy_mac(uint8_t *out, const uint8_t *rec, size_t len, size_t end, size_t md)
{
    uint8_t rot[64];
    const size_t start = end - md;
    const size_t scan = len > md + 256 ? len - (md + 256) : 0;
    size_t in_mac = 0, offset = 0, j = 0;
    memset(rot, 0, sizeof rot);
    for (size_t i = scan; i < len; i++) {
        const size_t started = ct_eq(i, start);
        in_mac |= started;
        in_mac &= ct_lt(i, end);
        offset |= j & started;
        rot[j] |= (uint8_t)(rec[i] & in_mac);
        j++;
        j &= ct_lt(j, md);
    }
    for (size_t i = 0; i < md; i++) {
        size_t want = offset + i;
        want -= md & ct_ge(want, md);
        uint8_t v = 0;
        for (size_t k = 0; k < md; k++)
            v |= (uint8_t)(rot[k] & ct_eq(k, want));
        out[i] = v;
    }
    axiom_wipe(rot, sizeof rot);
}

/* Strip a decrypted TLS record (RFC 5246 6.2.3.2): the explicit IV (TLS
 * 1.1 and later, DTLS), then padding and MAC in constant time.  Returns
 * 0 only when the record is invalid from its public length alone; a bad
 * padding yields a random MAC, so that the caller's MAC check fails in
 * the same time as for a good one.  With no MAC (encrypt-then-MAC, whose
 * MAC was checked before decryption) a bad padding is an error. */
static int tls_unpad(block_ctx *c, uint8_t *rec, size_t *len)
{
    size_t n = *len;
    const size_t md = c->tlsmacsize;
    if (c->tlsversion != TLS1_VERSION_NUM) {
        if (n < 16)
            return 0;
        rec += 16;
        n -= 16;
    }
    if (n < md + 1)
        return 0;
    const size_t padlen = rec[n - 1];
    size_t good = ct_ge(n, md + padlen + 1);
    const size_t check = n < 256 ? n : 256;
    for (size_t i = 0; i < check; i++) {
        const size_t in_pad = ct_lt(i, padlen + 1);
        good &= ~(in_pad & ~ct_is_zero(rec[n - 1 - i] ^ padlen));
    }
    const size_t body = n - (good & (padlen + 1));
    if (!md) {
        *len = body;
        return good != 0;
    }
    uint8_t mac[64], rnd[64];
    tls_copy_mac(mac, rec, n, body, md);
    if (!axp_random(c->prov, rnd, md))
        return 0;
    for (size_t i = 0; i < md; i++)
        c->tlsmac[i] = (uint8_t)((mac[i] & good) | (rnd[i] & ~good));
    axiom_wipe(mac, sizeof mac);
    *len = body - md;
    return 1;
}

/* One TLS record through CBC, in place. */
static int tls_record(block_ctx *c, uint8_t *out, size_t *outl, size_t outsize, const uint8_t *in,
                      size_t inl)
{
    if (out != in || outsize < inl || !c->pad || c->alg->mode != EVP_CIPH_CBC_MODE) {
        AXP_ERRF(c->prov, AXP_R_TLS_RECORD, "records are processed in place, with padding");
        return 0;
    }
    if (c->enc) {
        const size_t padnum = 16 - inl % 16;
        if (outsize < inl + padnum) {
            AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
            return 0;
        }
        memset(out + inl, (int)(padnum - 1), padnum);
        inl += padnum;
    }
    if (inl % 16) {
        AXP_ERRF(c->prov, AXP_R_TLS_RECORD, "%zu bytes is not whole blocks", inl);
        return 0;
    }
    if (!blocks(c, out, out, inl))
        return 0;
    size_t n = inl;
    if (!c->enc && !tls_unpad(c, out, &n)) {
        AXP_ERR(c->prov, AXP_R_TLS_RECORD);
        return 0;
    }
    *outl = n;
    return 1;
}

static int block_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                        const unsigned char *in, size_t inl)
{
    block_ctx *c = vctx;
    *outl = 0;
    if (!ready(c))
        return 0;
    /* A TLS record is one update even when empty: sealed, an empty record
     * is one block of padding (as OpenSSL's own providers make it). */
    if (c->tlsversion && c->alg->mode == EVP_CIPH_CBC_MODE) {
        c->n_ops++;
        c->n_bytes += inl;
        return tls_record(c, out, outl, outsize, in, inl);
    }
    if (!inl)
        return 1;
    c->n_ops++;
    c->n_bytes += inl;
    if (is_blockwise(c->alg))
        return blockwise_update(c, out, outl, outsize, in, inl);
    if (outsize < inl) {
        AXP_ERRF(c->prov, AXP_R_OUTPUT_TOO_SMALL, "%zu bytes needed", inl);
        return 0;
    }
    if (c->alg->mode == EVP_CIPH_XTS_MODE) {
        /* Each call is one data unit under the IV set last (OpenSSL's
         * behaviour): a new message on the same tweak every time. */
        if (inl < 16) {
            AXP_ERRF(c->prov, AXP_R_BAD_LENGTH, "XTS needs 16 bytes or more, %zu given", inl);
            return 0;
        }
        if (inl > ((size_t)1 << 24)) {
            AXP_ERRF(c->prov, AXP_R_BAD_LENGTH, "XTS data unit over 2^20 blocks");
            return 0;
        }
        if (c->total) {
            uint8_t iv16[16];
            axiom_iv(c, c->oiv, iv16);
            if (!start_message(c, iv16, 16))
                return 0;
        }
        int rc = axiom_cipher_update(c->ax, out, in, inl);
        if (rc != AXIOM_OK) {
            AXP_ERR_AXIOM(c->prov, rc);
            return 0;
        }
        c->total += inl;
    } else if (!stream(c, out, in, inl)) {
        return 0;
    }
    *outl = inl;
    return 1;
}

/* PKCS#7 padding check in constant time: the pad length (1..16) or 0. */
static size_t unpad(const uint8_t b[16])
{
    unsigned p = b[15], bad = (unsigned)((p - 1) >> 8) | (unsigned)((16 - p) >> 8);
    for (unsigned i = 0; i < 16; i++) {
        /* byte i is padding when i >= 16 - p */
        unsigned in_pad = (unsigned)(((15 - i) - p) >> 8) & 1; /* 15 - i < p */
        bad |= in_pad & (unsigned)((b[i] ^ p) != 0);
    }
    return bad & 1 ? 0 : p;
}

static int block_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    block_ctx *c = vctx;
    *outl = 0;
    if (!ready(c))
        return 0;
    axp_stat_flush(&c->alg->stat, &c->n_ops, &c->n_bytes);
    if (!is_blockwise(c->alg))
        return 1;
    if (c->enc) {
        if (!c->pad) {
            if (c->bufsz) {
                AXP_ERRF(c->prov, AXP_R_WRONG_FINAL_BLOCK_LENGTH,
                         "%zu bytes left over without padding", c->bufsz);
                return 0;
            }
            return 1;
        }
        if (outsize < 16) {
            AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
            return 0;
        }
        memset(c->buf + c->bufsz, (int)(16 - c->bufsz), 16 - c->bufsz);
        c->bufsz = 0;
        if (!blocks(c, out, c->buf, 16))
            return 0;
        *outl = 16;
        return 1;
    }
    if (c->bufsz != 16) {
        if (c->bufsz == 0 && !c->pad)
            return 1;
        AXP_ERRF(c->prov, AXP_R_WRONG_FINAL_BLOCK_LENGTH, "%zu bytes in the last block",
                 c->bufsz);
        return 0;
    }
    c->bufsz = 0;
    if (!blocks(c, c->buf, c->buf, 16))
        return 0;
    size_t n = 16;
    if (c->pad) {
        size_t p = unpad(c->buf);
        if (!p) {
            axiom_wipe(c->buf, 16);
            AXP_ERR(c->prov, AXP_R_BAD_DECRYPT);
            return 0;
        }
        n = 16 - p;
    }
    if (outsize < n) {
        axiom_wipe(c->buf, 16);
        AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
        return 0;
    }
    memcpy(out, c->buf, n);
    axiom_wipe(c->buf, 16);
    *outl = n;
    return 1;
}

/* EVP_Cipher(): whole blocks for ECB/CBC, no buffering and no padding. */
static int block_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                        const unsigned char *in, size_t inl)
{
    block_ctx *c = vctx;
    *outl = 0;
    if (!ready(c))
        return 0;
    if (outsize < inl) {
        AXP_ERR(c->prov, AXP_R_OUTPUT_TOO_SMALL);
        return 0;
    }
    if (is_blockwise(c->alg)) {
        if (inl % 16) {
            AXP_ERRF(c->prov, AXP_R_BAD_LENGTH, "%zu bytes is not whole blocks", inl);
            return 0;
        }
        c->n_ops++;
        c->n_bytes += inl;
        if (!blocks(c, out, in, inl))
            return 0;
        *outl = inl;
        return 1;
    }
    return block_update(vctx, out, outl, outsize, in, inl);
}

/* ------------------------------------------------------------- parameters */

static int block_get_params_for(const block_alg *a, OSSL_PARAM params[])
{
    const axp_cipher_info info = { a->mode, a->keylen, a->ivlen, a->blocksize, 0, a->custom_iv };
    return axp_cipher_get_params(params, &info);
}

/* The CFB/OFB register when a block is under way: one ECB block of the
 * last whole block (CFB: with the ciphertext so far in front). */
static int register_now(block_ctx *c, uint8_t out[16])
{
    const unsigned mode = c->alg->mode;
    if (mode == EVP_CIPH_CTR_MODE || mode == MODE_STREAM) {
        ctr_now(c, out);
        return 1;
    }
    if (mode == EVP_CIPH_XTS_MODE || mode == EVP_CIPH_ECB_MODE) {
        memcpy(out, c->oiv, 16);
        return 1;
    }
    if (!c->started) {
        memcpy(out, c->oiv, 16);
        return 1;
    }
    if (mode == EVP_CIPH_CBC_MODE || c->num == 0) {
        memcpy(out, c->reg, 16);
        return 1;
    }
    axiom_cipher_ctx *e = NULL;
    int rc = axiom_cipher_new(&e, c->alg->ecb);
    if (rc == AXIOM_OK)
        rc = axiom_cipher_init(e, AXIOM_ENCRYPT, c->key, c->keylen, NULL, 0);
    if (rc == AXIOM_OK)
        rc = axiom_cipher_update(e, out, c->reg, 16);
    axiom_cipher_free(e);
    if (rc != AXIOM_OK) {
        AXP_ERR_AXIOM(c->prov, rc);
        return 0;
    }
    if (mode == EVP_CIPH_CFB_MODE)
        memcpy(out, c->part, c->num);
    return 1;
}

static int set_iv_param(OSSL_PARAM *p, const uint8_t *iv, size_t len)
{
    if (p->data_type == OSSL_PARAM_OCTET_PTR)
        return OSSL_PARAM_set_octet_ptr(p, iv, len);
    return OSSL_PARAM_set_octet_string(p, iv, len);
}

static int block_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    block_ctx *c = vctx;
    const block_alg *a = c->alg;
    OSSL_PARAM *p;
    if (!axp_cipher_get_lens(params, a->keylen, a->ivlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_PADDING)) &&
        !OSSL_PARAM_set_uint(p, c->pad))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_NUM)) && !OSSL_PARAM_set_uint(p, c->num))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) &&
        !set_iv_param(p, c->oiv, a->ivlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV))) {
        uint8_t r[16];
        if (!register_now(c, r))
            return 0;
        /* Kept in the context: an OCTET_PTR parameter points at it. */
        memcpy(c->upd, r, 16);
        axiom_wipe(r, sizeof r);
        if (!set_iv_param(p, c->upd, a->ivlen))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS_MAC)) && c->tlsversion &&
        !OSSL_PARAM_set_octet_ptr(p, c->tlsmac, c->tlsmacsize))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_RANDOM_KEY))) {
        uint8_t k[64];
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size < a->keylen ||
            !axp_random(c->prov, k, a->keylen)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        if (a->mode == EVP_CIPH_XTS_MODE &&
            CRYPTO_memcmp(k, k + a->keylen / 2, a->keylen / 2) == 0)
            k[0] ^= 1; /* probability 2^-128 per half; never hand out equal halves */
        int ok = OSSL_PARAM_set_octet_string(p, k, a->keylen);
        axiom_wipe(k, sizeof k);
        if (!ok)
            return 0;
    }
    return 1;
}

static const OSSL_PARAM block_ctx_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_RANDOM_KEY, NULL, 0),
    OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, NULL, 0),
    OSSL_PARAM_END
};

AXP_PARAMS_LIST_FN(block_gettable_ctx_params, block_ctx_gettable)

static int block_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    block_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (!params)
        return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING))) {
        unsigned pad;
        if (!OSSL_PARAM_get_uint(p, &pad)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        c->pad = pad ? 1 : 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_NUM))) {
        unsigned num;
        if (!OSSL_PARAM_get_uint(p, &num)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        /* Moving inside the keystream block is not something libaxiom's
         * streams expose; staying where we are is fine. */
        if (num != c->num) {
            AXP_ERRF(c->prov, AXP_R_UNSUPPORTED, "setting num to %u (it is %u)", num, c->num);
            return 0;
        }
    }
    if (!axp_cipher_check_keylen(c->prov, params, c->alg->keylen))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_TLS_VERSION))) {
        unsigned v;
        if (!OSSL_PARAM_get_uint(p, &v)) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        /* SSLv3's padding is not provided (OpenSSL 3 builds leave SSLv3
         * out by default). */
        if (v == SSL3_VERSION_NUM && c->alg->mode == EVP_CIPH_CBC_MODE) {
            AXP_ERRF(c->prov, AXP_R_UNSUPPORTED, "SSLv3 CBC records");
            return 0;
        }
        c->tlsversion = v;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_TLS_MAC_SIZE))) {
        size_t ms;
        if (!OSSL_PARAM_get_size_t(p, &ms) || ms > sizeof c->tlsmac) {
            AXP_ERR(c->prov, AXP_R_BAD_PARAMETER);
            return 0;
        }
        c->tlsmacsize = ms;
    }
    return 1;
}

static const OSSL_PARAM block_ctx_settable[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, NULL),
    OSSL_PARAM_END
};

AXP_PARAMS_LIST_FN(block_settable_ctx_params, block_ctx_settable)

/* ------------------------------------------------------- dispatch tables */

/* One dispatch table per algorithm; only newctx and get_params differ. */
#define BLOCK_DISPATCH(newctx_fn, get_params_fn) \
    AXP_CIPHER_DISPATCH(block, newctx_fn, get_params_fn)
static void *aes_128_ecb_newctx(void *p) { return block_newctx(p, &AES_128_ECB); }
static void *aes_192_ecb_newctx(void *p) { return block_newctx(p, &AES_192_ECB); }
static void *aes_256_ecb_newctx(void *p) { return block_newctx(p, &AES_256_ECB); }
static void *aes_128_cbc_newctx(void *p) { return block_newctx(p, &AES_128_CBC); }
static void *aes_192_cbc_newctx(void *p) { return block_newctx(p, &AES_192_CBC); }
static void *aes_256_cbc_newctx(void *p) { return block_newctx(p, &AES_256_CBC); }
static void *aes_128_ofb_newctx(void *p) { return block_newctx(p, &AES_128_OFB); }
static void *aes_192_ofb_newctx(void *p) { return block_newctx(p, &AES_192_OFB); }
static void *aes_256_ofb_newctx(void *p) { return block_newctx(p, &AES_256_OFB); }
static void *aes_128_cfb_newctx(void *p) { return block_newctx(p, &AES_128_CFB); }
static void *aes_192_cfb_newctx(void *p) { return block_newctx(p, &AES_192_CFB); }
static void *aes_256_cfb_newctx(void *p) { return block_newctx(p, &AES_256_CFB); }
static void *aes_128_ctr_newctx(void *p) { return block_newctx(p, &AES_128_CTR); }
static void *aes_192_ctr_newctx(void *p) { return block_newctx(p, &AES_192_CTR); }
static void *aes_256_ctr_newctx(void *p) { return block_newctx(p, &AES_256_CTR); }
static void *aes_128_xts_newctx(void *p) { return block_newctx(p, &AES_128_XTS); }
static void *aes_256_xts_newctx(void *p) { return block_newctx(p, &AES_256_XTS); }
static void *chacha20_newctx(void *p) { return block_newctx(p, &CHACHA20); }
static void *sm4_ecb_newctx(void *p) { return block_newctx(p, &SM4_ECB); }
static void *sm4_cbc_newctx(void *p) { return block_newctx(p, &SM4_CBC); }
static void *sm4_ctr_newctx(void *p) { return block_newctx(p, &SM4_CTR); }
static void *sm4_ofb_newctx(void *p) { return block_newctx(p, &SM4_OFB); }
static void *sm4_cfb_newctx(void *p) { return block_newctx(p, &SM4_CFB); }
static void *kuz_ecb_newctx(void *p) { return block_newctx(p, &KUZ_ECB); }
static void *kuz_cbc_newctx(void *p) { return block_newctx(p, &KUZ_CBC); }
static void *kuz_cfb_newctx(void *p) { return block_newctx(p, &KUZ_CFB); }
static void *kuz_ofb_newctx(void *p) { return block_newctx(p, &KUZ_OFB); }
static void *kuz_ctr_newctx(void *p) { return block_newctx(p, &KUZ_CTR); }

static int aes_128_ecb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_128_ECB, p); }
static int aes_192_ecb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_192_ECB, p); }
static int aes_256_ecb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_256_ECB, p); }
static int aes_128_cbc_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_128_CBC, p); }
static int aes_192_cbc_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_192_CBC, p); }
static int aes_256_cbc_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_256_CBC, p); }
static int aes_128_ofb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_128_OFB, p); }
static int aes_192_ofb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_192_OFB, p); }
static int aes_256_ofb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_256_OFB, p); }
static int aes_128_cfb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_128_CFB, p); }
static int aes_192_cfb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_192_CFB, p); }
static int aes_256_cfb_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_256_CFB, p); }
static int aes_128_ctr_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_128_CTR, p); }
static int aes_192_ctr_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_192_CTR, p); }
static int aes_256_ctr_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_256_CTR, p); }
static int aes_128_xts_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_128_XTS, p); }
static int aes_256_xts_params(OSSL_PARAM p[]) { return block_get_params_for(&AES_256_XTS, p); }
static int chacha20_params(OSSL_PARAM p[]) { return block_get_params_for(&CHACHA20, p); }
static int sm4_ecb_params(OSSL_PARAM p[]) { return block_get_params_for(&SM4_ECB, p); }
static int sm4_cbc_params(OSSL_PARAM p[]) { return block_get_params_for(&SM4_CBC, p); }
static int sm4_ctr_params(OSSL_PARAM p[]) { return block_get_params_for(&SM4_CTR, p); }
static int sm4_ofb_params(OSSL_PARAM p[]) { return block_get_params_for(&SM4_OFB, p); }
static int sm4_cfb_params(OSSL_PARAM p[]) { return block_get_params_for(&SM4_CFB, p); }
static int kuz_ecb_params(OSSL_PARAM p[]) { return block_get_params_for(&KUZ_ECB, p); }
static int kuz_cbc_params(OSSL_PARAM p[]) { return block_get_params_for(&KUZ_CBC, p); }
static int kuz_cfb_params(OSSL_PARAM p[]) { return block_get_params_for(&KUZ_CFB, p); }
static int kuz_ofb_params(OSSL_PARAM p[]) { return block_get_params_for(&KUZ_OFB, p); }
static int kuz_ctr_params(OSSL_PARAM p[]) { return block_get_params_for(&KUZ_CTR, p); }

static const OSSL_DISPATCH aes_128_ecb_fns[] = BLOCK_DISPATCH(aes_128_ecb_newctx, aes_128_ecb_params);
static const OSSL_DISPATCH aes_192_ecb_fns[] = BLOCK_DISPATCH(aes_192_ecb_newctx, aes_192_ecb_params);
static const OSSL_DISPATCH aes_256_ecb_fns[] = BLOCK_DISPATCH(aes_256_ecb_newctx, aes_256_ecb_params);
static const OSSL_DISPATCH aes_128_cbc_fns[] = BLOCK_DISPATCH(aes_128_cbc_newctx, aes_128_cbc_params);
static const OSSL_DISPATCH aes_192_cbc_fns[] = BLOCK_DISPATCH(aes_192_cbc_newctx, aes_192_cbc_params);
static const OSSL_DISPATCH aes_256_cbc_fns[] = BLOCK_DISPATCH(aes_256_cbc_newctx, aes_256_cbc_params);
static const OSSL_DISPATCH aes_128_ofb_fns[] = BLOCK_DISPATCH(aes_128_ofb_newctx, aes_128_ofb_params);
static const OSSL_DISPATCH aes_192_ofb_fns[] = BLOCK_DISPATCH(aes_192_ofb_newctx, aes_192_ofb_params);
static const OSSL_DISPATCH aes_256_ofb_fns[] = BLOCK_DISPATCH(aes_256_ofb_newctx, aes_256_ofb_params);
static const OSSL_DISPATCH aes_128_cfb_fns[] = BLOCK_DISPATCH(aes_128_cfb_newctx, aes_128_cfb_params);
static const OSSL_DISPATCH aes_192_cfb_fns[] = BLOCK_DISPATCH(aes_192_cfb_newctx, aes_192_cfb_params);
static const OSSL_DISPATCH aes_256_cfb_fns[] = BLOCK_DISPATCH(aes_256_cfb_newctx, aes_256_cfb_params);
static const OSSL_DISPATCH aes_128_ctr_fns[] = BLOCK_DISPATCH(aes_128_ctr_newctx, aes_128_ctr_params);
static const OSSL_DISPATCH aes_192_ctr_fns[] = BLOCK_DISPATCH(aes_192_ctr_newctx, aes_192_ctr_params);
static const OSSL_DISPATCH aes_256_ctr_fns[] = BLOCK_DISPATCH(aes_256_ctr_newctx, aes_256_ctr_params);
static const OSSL_DISPATCH aes_128_xts_fns[] = BLOCK_DISPATCH(aes_128_xts_newctx, aes_128_xts_params);
static const OSSL_DISPATCH aes_256_xts_fns[] = BLOCK_DISPATCH(aes_256_xts_newctx, aes_256_xts_params);
static const OSSL_DISPATCH chacha20_fns[] = BLOCK_DISPATCH(chacha20_newctx, chacha20_params);
static const OSSL_DISPATCH sm4_ecb_fns[] = BLOCK_DISPATCH(sm4_ecb_newctx, sm4_ecb_params);
static const OSSL_DISPATCH sm4_cbc_fns[] = BLOCK_DISPATCH(sm4_cbc_newctx, sm4_cbc_params);
static const OSSL_DISPATCH sm4_ctr_fns[] = BLOCK_DISPATCH(sm4_ctr_newctx, sm4_ctr_params);
static const OSSL_DISPATCH sm4_ofb_fns[] = BLOCK_DISPATCH(sm4_ofb_newctx, sm4_ofb_params);
static const OSSL_DISPATCH sm4_cfb_fns[] = BLOCK_DISPATCH(sm4_cfb_newctx, sm4_cfb_params);
static const OSSL_DISPATCH kuz_ecb_fns[] = BLOCK_DISPATCH(kuz_ecb_newctx, kuz_ecb_params);
static const OSSL_DISPATCH kuz_cbc_fns[] = BLOCK_DISPATCH(kuz_cbc_newctx, kuz_cbc_params);
static const OSSL_DISPATCH kuz_cfb_fns[] = BLOCK_DISPATCH(kuz_cfb_newctx, kuz_cfb_params);
static const OSSL_DISPATCH kuz_ofb_fns[] = BLOCK_DISPATCH(kuz_ofb_newctx, kuz_ofb_params);
static const OSSL_DISPATCH kuz_ctr_fns[] = BLOCK_DISPATCH(kuz_ctr_newctx, kuz_ctr_params);

static const struct {
    block_alg *alg;
    const OSSL_DISPATCH *fns;
} block_algs[] = {
    { &AES_128_ECB, aes_128_ecb_fns }, { &AES_192_ECB, aes_192_ecb_fns },
    { &AES_256_ECB, aes_256_ecb_fns }, { &AES_128_CBC, aes_128_cbc_fns },
    { &AES_192_CBC, aes_192_cbc_fns }, { &AES_256_CBC, aes_256_cbc_fns },
    { &AES_128_OFB, aes_128_ofb_fns }, { &AES_192_OFB, aes_192_ofb_fns },
    { &AES_256_OFB, aes_256_ofb_fns }, { &AES_128_CFB, aes_128_cfb_fns },
    { &AES_192_CFB, aes_192_cfb_fns }, { &AES_256_CFB, aes_256_cfb_fns },
    { &AES_128_CTR, aes_128_ctr_fns }, { &AES_192_CTR, aes_192_ctr_fns },
    { &AES_256_CTR, aes_256_ctr_fns }, { &AES_128_XTS, aes_128_xts_fns },
    { &AES_256_XTS, aes_256_xts_fns }, { &CHACHA20, chacha20_fns },
    { &SM4_ECB, sm4_ecb_fns },         { &SM4_CBC, sm4_cbc_fns },
    { &SM4_CTR, sm4_ctr_fns },         { &SM4_OFB, sm4_ofb_fns },
    { &SM4_CFB, sm4_cfb_fns },         { &KUZ_ECB, kuz_ecb_fns },
    { &KUZ_CBC, kuz_cbc_fns },         { &KUZ_CFB, kuz_cfb_fns },
    { &KUZ_OFB, kuz_ofb_fns },         { &KUZ_CTR, kuz_ctr_fns },
};

/* The first name of a names list, for the counters. */
static const char *first_name(const char *names, char *buf, size_t size)
{
    size_t n = strcspn(names, ":");
    if (n >= size)
        n = size - 1;
    memcpy(buf, names, n);
    buf[n] = '\0';
    return buf;
}

size_t axp_block_ciphers_build(OSSL_ALGORITHM *out, size_t max)
{
    static char stat_names[sizeof block_algs / sizeof block_algs[0]][32];
    size_t n = 0;
    for (size_t i = 0; i < sizeof block_algs / sizeof block_algs[0] && n < max; i++) {
        block_alg *a = block_algs[i].alg;
        axiom_cipher_ctx *probe = NULL;
        if (axiom_cipher_new(&probe, a->axiom) != AXIOM_OK)
            continue; /* not in this build, or refused by AXIOM_CT_ONLY */
        axiom_cipher_free(probe);
        a->stat.name = first_name(a->names, stat_names[i], sizeof stat_names[i]);
        axp_cipher_entry(&out[n++], a->names, block_algs[i].fns, &a->stat);
    }
    return n;
}
