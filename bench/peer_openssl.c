/* SPDX-License-Identifier: GPL-2.0-or-later */
/* OpenSSL's libcrypto as a benchmark peer: the same cases through EVP_*.
 * Compiled into axiom-bench only, never into the library or `axiom`. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "bench.h"
#include "peers.h"

typedef struct ossl_state {
    const bench_alg *alg;
    EVP_CIPHER_CTX *ctx;
    EVP_CIPHER *fetched; /* OpenSSL 3: owned reference, freed on teardown */
    int enc;
    uint8_t iv[16];
} ossl_state;

static int ossl_init(void)
{
    return 0;
}

static const char *ossl_version(void)
{
#if OPENSSL_VERSION_NUMBER >= 0x10100000L
    return OpenSSL_version(OPENSSL_VERSION);
#else
    return SSLeay_version(SSLEAY_VERSION);
#endif
}

static void ossl_teardown(void *p)
{
    ossl_state *st = p;
    if (!st)
        return;
    EVP_CIPHER_CTX_free(st->ctx);
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    EVP_CIPHER_free(st->fetched);
#endif
    free(st);
}

static void *ossl_setup(const bench_alg *a, int encrypt, const uint8_t *key, const uint8_t *iv)
{
    if (a->kind != BENCH_CIPHER || a->ivlen > 16)
        return NULL;
    ossl_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->alg = a;
    st->enc = encrypt ? 1 : 0;
    memcpy(st->iv, iv, a->ivlen);
    const EVP_CIPHER *c;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    /* An explicit fetch, so that re-initialising per message does not
     * repeat the implicit provider lookup of a legacy EVP_CIPHER. */
    st->fetched = EVP_CIPHER_fetch(NULL, a->name, NULL);
    c = st->fetched;
#else
    c = EVP_get_cipherbyname(a->name);
#endif
    /* OpenSSL spells our names the same way (CFB is CFB128 in both). */
    if (!c || (size_t)EVP_CIPHER_key_length(c) != a->keylen)
        goto fail;
    st->ctx = EVP_CIPHER_CTX_new();
    if (!st->ctx || EVP_CipherInit_ex(st->ctx, c, NULL, key, a->ivlen ? st->iv : NULL,
                                      st->enc) != 1)
        goto fail;
    /* Without this, decryption holds back the last block for unpadding. */
    EVP_CIPHER_CTX_set_padding(st->ctx, 0);
    return st;
fail:
    ERR_clear_error();
    ossl_teardown(st);
    return NULL;
}

static int ossl_run(void *p, uint8_t *out, const uint8_t *in, size_t len, uint64_t iters)
{
    ossl_state *st = p;
    int outl;
    if (len > (size_t)0x7fffffff)
        return -1;
    for (uint64_t i = 0; i < iters; i++) {
        /* Same unit of work as libaxiom's driver: a new IV per message. */
        if (st->alg->ivlen &&
            EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, st->enc) != 1)
            return -1;
        if (EVP_CipherUpdate(st->ctx, out, &outl, in, (int)len) != 1 || (size_t)outl != len)
            return -1;
    }
    return 0;
}

/* EVP_CIPHER_CTX is opaque and, with providers, the key schedule lives in
 * a provider allocation we cannot reach: only the cache sweep evicts it. */
static void ossl_flush(void *p)
{
    bench_flush_range(p, sizeof(ossl_state));
}

const bench_impl bench_openssl = {
    .name = "openssl",
    .prefix = "OpenSSL_",
    .init = ossl_init,
    .version = ossl_version,
    .setup = ossl_setup,
    .run = ossl_run,
    .flush = ossl_flush,
    .teardown = ossl_teardown,
};
