/* SPDX-License-Identifier: GPL-2.0-or-later */
/* BoringSSL or AWS-LC as a benchmark peer, each through its fastest public
 * calls: EVP_AEAD_CTX for the AEADs, EVP_CIPHER for the block modes,
 * CRYPTO_chacha_20 for ChaCha20, the one-shot SHA224() ... SHA512_256(),
 * HMAC(), AES_CMAC() and RAND_bytes().  The same source is compiled once
 * per library, against its headers; OPENSSL_IS_AWSLC tells them apart.
 * Built only into a shim (bench/shim.h) that also holds a static copy of
 * the library, never into axiom-bench itself: both libraries export the
 * names of the OpenSSL libcrypto axiom-bench links. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/cipher.h>
#include <openssl/cmac.h>
#include <openssl/crypto.h>
#include <openssl/digest.h>
#include <openssl/err.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include "bench.h"
#include "shim.h"

#if defined(OPENSSL_IS_AWSLC)
#define BSSL_NAME   "awslc"
#define BSSL_PREFIX "AWSLC_"
#ifdef BENCH_AWSLC_COMMIT
#define BSSL_COMMIT BENCH_AWSLC_COMMIT
#endif
#elif defined(OPENSSL_IS_BORINGSSL)
#define BSSL_NAME   "boringssl"
#define BSSL_PREFIX "BoringSSL_"
#ifdef BENCH_BORINGSSL_COMMIT
#define BSSL_COMMIT BENCH_BORINGSSL_COMMIT
#endif
#else
#error "bench/peer_bssl.c is for BoringSSL and AWS-LC headers only"
#endif

typedef struct bssl_state {
    const bench_alg *alg;
    int enc;
    /* BENCH_AEAD: the keyed context, held here (its key schedule is
     * inside it, so the cold-cache flush of the state reaches it). */
    EVP_AEAD_CTX aead;
    int aead_ready;
    /* BENCH_CIPHER through EVP_CIPHER (the schedule is the library's
     * allocation, which only the cache sweep evicts). */
    EVP_CIPHER_CTX *ctx;
    int chacha; /* chacha20: CRYPTO_chacha_20 */
    /* Hash kinds: the one-shot digest. */
    uint8_t *(*oneshot)(const uint8_t *in, size_t len, uint8_t *out);
    const EVP_MD *md; /* BENCH_HMAC */
    uint8_t iv[32];
    uint8_t key[64];
} bssl_state;

static int bssl_init(void)
{
    /* A no-op in both today; harmless if it ever does something. */
    CRYPTO_library_init();
    return 0;
}

/* What the library says it is (proof that the calls reach it, not the
 * OpenSSL that axiom-bench links), and the commit it was built from when
 * configure could tell. */
static const char *bssl_version(void)
{
    static char buf[96];
    const char *v = OpenSSL_version(OPENSSL_VERSION);
#ifdef BSSL_COMMIT
    snprintf(buf, sizeof buf, "%s (%s)", v, BSSL_COMMIT);
#else
    snprintf(buf, sizeof buf, "%s", v);
#endif
    return buf;
}

static const EVP_AEAD *bssl_aead(const char *name)
{
    static const struct {
        const char *name;
        const EVP_AEAD *(*fn)(void);
    } map[] = {
        { "aes-128-gcm", EVP_aead_aes_128_gcm },
        { "aes-192-gcm", EVP_aead_aes_192_gcm },
        { "aes-256-gcm", EVP_aead_aes_256_gcm },
        { "aes-128-gcm-siv", EVP_aead_aes_128_gcm_siv },
        { "aes-256-gcm-siv", EVP_aead_aes_256_gcm_siv },
        { "chacha20-poly1305", EVP_aead_chacha20_poly1305 },
        { "xchacha20-poly1305", EVP_aead_xchacha20_poly1305 },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(name, map[i].name) == 0)
            return map[i].fn();
    return NULL;
}

static const EVP_CIPHER *bssl_cipher(const char *name)
{
    static const struct {
        const char *name;
        const EVP_CIPHER *(*fn)(void);
    } map[] = {
        { "aes-128-ecb", EVP_aes_128_ecb }, { "aes-128-cbc", EVP_aes_128_cbc },
        { "aes-128-ctr", EVP_aes_128_ctr }, { "aes-128-ofb", EVP_aes_128_ofb },
        { "aes-192-ecb", EVP_aes_192_ecb }, { "aes-192-cbc", EVP_aes_192_cbc },
        { "aes-192-ctr", EVP_aes_192_ctr }, { "aes-192-ofb", EVP_aes_192_ofb },
        { "aes-256-ecb", EVP_aes_256_ecb }, { "aes-256-cbc", EVP_aes_256_cbc },
        { "aes-256-ctr", EVP_aes_256_ctr }, { "aes-256-ofb", EVP_aes_256_ofb },
#ifdef OPENSSL_IS_AWSLC
        /* BoringSSL keeps CFB and XTS in its separate libdecrepit; AWS-LC
         * has them in libcrypto (XTS with 256-bit keys only). */
        { "aes-128-cfb", EVP_aes_128_cfb128 }, { "aes-192-cfb", EVP_aes_192_cfb128 },
        { "aes-256-cfb", EVP_aes_256_cfb128 }, { "aes-256-xts", EVP_aes_256_xts },
#endif
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(name, map[i].name) == 0)
            return map[i].fn();
    return NULL;
}

static int bssl_hash(bssl_state *st, const bench_alg *a)
{
    static const struct {
        const char *name;
        uint8_t *(*oneshot)(const uint8_t *, size_t, uint8_t *);
        const EVP_MD *(*md)(void);
    } map[] = {
        { "sha224", SHA224, EVP_sha224 },         { "sha256", SHA256, EVP_sha256 },
        { "sha384", SHA384, EVP_sha384 },         { "sha512", SHA512, EVP_sha512 },
        { "sha512-256", SHA512_256, EVP_sha512_256 },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(a->hash, map[i].name) == 0) {
            st->oneshot = map[i].oneshot;
            st->md = map[i].md();
            return EVP_MD_size(st->md) == a->digestlen ? 0 : -1;
        }
    return -1;
}

static void bssl_teardown(void *p)
{
    bssl_state *st = p;
    if (!st)
        return;
    if (st->aead_ready)
        EVP_AEAD_CTX_cleanup(&st->aead);
    EVP_CIPHER_CTX_free(st->ctx);
    free(st);
}

static int setup_cipher(bssl_state *st, const bench_alg *a)
{
    if (strcmp(a->name, "chacha20") == 0) {
        st->chacha = 1;
        return a->keylen == 32 && a->ivlen == 16 ? 0 : -1;
    }
    const EVP_CIPHER *c = bssl_cipher(a->name);
    if (!c || EVP_CIPHER_key_length(c) != a->keylen || EVP_CIPHER_iv_length(c) != a->ivlen)
        return -1;
    st->ctx = EVP_CIPHER_CTX_new();
    if (!st->ctx || EVP_CipherInit_ex(st->ctx, c, NULL, st->key, a->ivlen ? st->iv : NULL,
                                      st->enc) != 1)
        return -1;
    /* Without this, decryption holds back the last block for unpadding. */
    return EVP_CIPHER_CTX_set_padding(st->ctx, 0) == 1 ? 0 : -1;
}

static int setup_aead(bssl_state *st, const bench_alg *a)
{
    const EVP_AEAD *aead = bssl_aead(a->name);
    if (!aead || EVP_AEAD_key_length(aead) != a->keylen ||
        EVP_AEAD_nonce_length(aead) != a->ivlen || EVP_AEAD_max_overhead(aead) < BENCH_TAGLEN)
        return -1;
    if (EVP_AEAD_CTX_init(&st->aead, aead, st->key, a->keylen, BENCH_TAGLEN, NULL) != 1)
        return -1;
    st->aead_ready = 1;
    return 0;
}

static void *bssl_setup(const bench_alg *a, int encrypt, const uint8_t *key, const uint8_t *iv)
{
    bssl_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    if (a->ivlen > sizeof st->iv || a->keylen > sizeof st->key) {
        free(st);
        return NULL;
    }
    st->alg = a;
    st->enc = encrypt ? 1 : 0;
    memcpy(st->iv, iv, a->ivlen);
    memcpy(st->key, key, a->keylen);
    int rc = -1;
    switch (a->kind) {
    case BENCH_CIPHER:
        rc = setup_cipher(st, a);
        break;
    case BENCH_AEAD:
        rc = setup_aead(st, a);
        break;
    case BENCH_HASH:
    case BENCH_HASH_MANY:
    case BENCH_HMAC:
        rc = bssl_hash(st, a);
        break;
    case BENCH_MAC:
        /* AES_CMAC takes 128- and 256-bit AES keys. */
        rc = (strcmp(a->name, "aes-128-cmac") == 0 || strcmp(a->name, "aes-256-cmac") == 0) &&
                     a->digestlen == 16
                 ? 0
                 : -1;
        break;
    case BENCH_RAND:
        rc = 0;
        break;
    case BENCH_RAND_OS:
    case BENCH_DRBG:
        break; /* libaxiom's OS path and its DRBG object have no counterpart here */
    }
    if (rc == 0)
        return st;
    ERR_clear_error();
    bssl_teardown(st);
    return NULL;
}

static int run_cipher(bssl_state *st, const bench_msg *m, uint64_t iters)
{
    const size_t len = m->len;
    if (st->chacha) {
        /* The runner's 16-byte IV: 32-bit little-endian counter, nonce. */
        uint32_t ctr = (uint32_t)st->iv[0] | (uint32_t)st->iv[1] << 8 |
                       (uint32_t)st->iv[2] << 16 | (uint32_t)st->iv[3] << 24;
        for (uint64_t i = 0; i < iters; i++)
            CRYPTO_chacha_20(m->out, m->in, len, st->key, st->iv + 4, ctr);
        return 0;
    }
    if (len > (size_t)0x7fffffff)
        return -1;
    int outl;
    for (uint64_t i = 0; i < iters; i++) {
        /* Same unit of work as libaxiom's driver: a new IV per message. */
        if (st->alg->ivlen && EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, st->enc) != 1)
            return -1;
        if (EVP_CipherUpdate(st->ctx, m->out, &outl, m->in, (int)len) != 1 ||
            (size_t)outl != len)
            return -1;
    }
    return 0;
}

static int run_aead(bssl_state *st, const bench_msg *m, uint64_t iters)
{
    const size_t len = m->len;
    const size_t nlen = st->alg->ivlen;
    size_t outl;
    for (uint64_t i = 0; i < iters; i++) {
        int ok = st->enc ? EVP_AEAD_CTX_seal(&st->aead, m->out, &outl, len + BENCH_TAGLEN,
                                             st->iv, nlen, m->in, len, NULL, 0)
                         : EVP_AEAD_CTX_open(&st->aead, m->out, &outl, len, st->iv, nlen, m->in,
                                             len + BENCH_TAGLEN, NULL, 0);
        if (ok != 1 || outl != (st->enc ? len + BENCH_TAGLEN : len))
            return -1; /* open: the tag did not verify */
    }
    return 0;
}

static int bssl_run(void *p, const bench_msg *m, uint64_t iters)
{
    bssl_state *st = p;
    const bench_alg *a = st->alg;
    unsigned int mdlen;
    switch (a->kind) {
    case BENCH_CIPHER:
        return run_cipher(st, m, iters);
    case BENCH_AEAD:
        return run_aead(st, m, iters);
    case BENCH_HASH:
        for (uint64_t i = 0; i < iters; i++)
            st->oneshot(m->in, m->len, m->out);
        return 0;
    case BENCH_HASH_MANY:
        /* The peer's best for many messages: one call each. */
        for (uint64_t i = 0; i < iters; i++)
            for (size_t j = 0; j < BENCH_MANY; j++)
                st->oneshot(m->in + j * m->stride, m->len, m->out + j * a->digestlen);
        return 0;
    case BENCH_HMAC:
        for (uint64_t i = 0; i < iters; i++)
            if (!HMAC(st->md, st->key, a->keylen, m->in, m->len, m->out, &mdlen))
                return -1;
        return 0;
    case BENCH_MAC:
        for (uint64_t i = 0; i < iters; i++)
            if (AES_CMAC(m->out, st->key, a->keylen, m->in, m->len) != 1)
                return -1;
        return 0;
    case BENCH_RAND:
        for (uint64_t i = 0; i < iters; i++)
            if (RAND_bytes(m->out, m->len) != 1)
                return -1;
        return 0;
    case BENCH_RAND_OS:
    case BENCH_DRBG:
        break;
    }
    return -1;
}

const bench_impl bench_shim_driver = {
    .name = BSSL_NAME,
    .prefix = BSSL_PREFIX,
    .init = bssl_init,
    .version = bssl_version,
    .setup = bssl_setup,
    .run = bssl_run,
    .state_size = sizeof(bssl_state),
    .teardown = bssl_teardown,
};
