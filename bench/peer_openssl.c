/* SPDX-License-Identifier: GPL-2.0-or-later */
/* OpenSSL's libcrypto as a benchmark peer: the same cases through EVP_*,
 * HMAC() and RAND_bytes().  Compiled into axiom-bench only, never into the
 * library or `axiom-crypto`. */
#include "config.h"

/* The GOST engine's calls (ENGINE_*, deprecated since OpenSSL 3.0) without
 * warnings: kuznyechik-ctr-acpkm-omac has no other OpenSSL peer. */
#define OPENSSL_API_COMPAT 10101

#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/params.h>
#include <openssl/provider.h>
#endif
#if OPENSSL_VERSION_NUMBER >= 0x30000000L && !defined(OPENSSL_NO_ENGINE)
#include <openssl/engine.h>
#include <openssl/x509.h>
#define BENCH_GOST_ENGINE 1
#endif

#include "bench.h"
#include "peers.h"

typedef struct ossl_state {
    const bench_alg *alg;
    EVP_CIPHER_CTX *ctx;
    EVP_CIPHER *fetched; /* OpenSSL 3: owned reference, freed on teardown */
    EVP_MD *fetched_md;  /* likewise */
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    EVP_MAC_CTX *mac;    /* BENCH_MAC */
#endif
    const EVP_MD *md;
    int enc;
    uint8_t iv[32];
    uint8_t key[64];
#ifdef BENCH_GOST_ENGINE
    ENGINE *gost;        /* kuznyechik-ctr-acpkm-omac: the GOST engine */
    const EVP_CIPHER *gost_cipher;
    ASN1_TYPE *gost_param; /* the nonce as the cipher's CMS parameters */
#endif
} ossl_state;

static int ossl_init(void)
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    /* The GOST provider (Debian: libengine-gost-openssl), when installed,
     * serves the Kuznyechik rows; the default provider stays available. */
    (void)OSSL_PROVIDER_try_load(NULL, "gostprov", 1);
    ERR_clear_error();
#endif
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
    EVP_MD_free(st->fetched_md);
    EVP_MAC_CTX_free(st->mac);
#endif
#ifdef BENCH_GOST_ENGINE
    ASN1_TYPE_free(st->gost_param);
    if (st->gost) {
        ENGINE_finish(st->gost);
        ENGINE_free(st->gost);
    }
#endif
    free(st);
}

static int setup_cipher(ossl_state *st, const bench_alg *a, const uint8_t *key)
{
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
        return -1;
    st->ctx = EVP_CIPHER_CTX_new();
    if (!st->ctx || EVP_CipherInit_ex(st->ctx, c, NULL, NULL, NULL, st->enc) != 1)
        return -1;
    if (a->kind == BENCH_AEAD) {
        /* Both GCM and ChaCha20-Poly1305 default to 12 bytes; say it. */
        if (EVP_CIPHER_CTX_ctrl(st->ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)a->ivlen, NULL) != 1)
            return -1;
    } else if ((size_t)EVP_CIPHER_iv_length(c) != a->ivlen) {
        /* The GOST provider's CTR modes take the 8-byte GOST R 34.13 IV;
         * the runner gives these rows IV || 0^64 (runner.c, case_iv). */
        int gost_ctr = strncmp(a->name, "kuznyechik-ctr", 14) == 0 &&
                       EVP_CIPHER_iv_length(c) == 8 && a->ivlen == 16;
        if (!gost_ctr)
            return -1;
    }
    if (EVP_CipherInit_ex(st->ctx, NULL, NULL, key, a->ivlen ? st->iv : NULL, st->enc) != 1)
        return -1;
    /* Without this, decryption holds back the last block for unpadding. */
    EVP_CIPHER_CTX_set_padding(st->ctx, 0);
    return 0;
}

#ifdef BENCH_GOST_ENGINE
/* kuznyechik-ctr-acpkm-omac through the GOST engine (libengine-gost-openssl;
 * the GOST provider of 3.0.1 cannot key this cipher).  Open only: the
 * engine draws its own KDF seed when encrypting, so its sealed bytes can
 * never equal libaxiom's.  Opening takes the nonce (IV || seed) as the CMS
 * parameters and the tag as the CMS unprotected attribute, as the engine
 * wants them; the default provider supplies the engine's RAND. */
#define GOST_CMS_MAC_OID "1.2.643.7.1.0.6.1.1"
static int setup_gost_omac(ossl_state *st, const bench_alg *a)
{
    if (st->enc || a->ivlen != 16)
        return -1;
    (void)OSSL_PROVIDER_try_load(NULL, "default", 1);
    st->gost = ENGINE_by_id("gost");
    if (!st->gost)
        return -1;
    if (!ENGINE_init(st->gost)) {
        ENGINE_free(st->gost);
        st->gost = NULL;
        return -1;
    }
    if (!ENGINE_set_default(st->gost, ENGINE_METHOD_DIGESTS | ENGINE_METHOD_PKEY_METHS |
                                          ENGINE_METHOD_PKEY_ASN1_METHS))
        return -1;
    st->gost_cipher = ENGINE_get_cipher(st->gost, OBJ_sn2nid(a->name));
    if (!st->gost_cipher)
        return -1;
    uint8_t der[20] = { 0x30, 0x12, 0x04, 0x10 }; /* SEQUENCE { OCTET STRING ukm } */
    memcpy(der + 4, st->iv, 16);
    const uint8_t *p = der;
    st->gost_param = d2i_ASN1_TYPE(NULL, &p, sizeof der);
    if (!st->gost_param)
        return -1;
    st->ctx = EVP_CIPHER_CTX_new();
    return st->ctx ? 0 : -1;
}

static int run_gost_omac(ossl_state *st, const bench_msg *m, uint64_t iters)
{
    size_t len = m->len;
    STACK_OF(X509_ATTRIBUTE) *attrs = sk_X509_ATTRIBUTE_new_null();
    ASN1_OBJECT *oid = OBJ_txt2obj(GOST_CMS_MAC_OID, 1);
    int rc = -1, outl, fin;
    if (!attrs || !oid ||
        !X509at_add1_attr_by_OBJ(&attrs, oid, V_ASN1_OCTET_STRING, m->in + len, BENCH_TAGLEN))
        goto done;
    for (uint64_t i = 0; i < iters; i++) {
        if (EVP_DecryptInit_ex(st->ctx, st->gost_cipher, st->gost, NULL, NULL) != 1 ||
            EVP_CIPHER_asn1_to_param(st->ctx, st->gost_param) <= 0 ||
            EVP_DecryptInit_ex(st->ctx, NULL, NULL, st->key, st->iv) != 1)
            goto done;
        if (len && (EVP_DecryptUpdate(st->ctx, m->out, &outl, m->in, (int)len) != 1 ||
                    (size_t)outl != len))
            goto done;
        if (EVP_CIPHER_CTX_ctrl(st->ctx, EVP_CTRL_PROCESS_UNPROTECTED, 0, attrs) <= 0 ||
            EVP_DecryptFinal_ex(st->ctx, m->out + len, &fin) != 1) /* tag mismatch */
            goto done;
    }
    rc = 0;
done:
    ASN1_OBJECT_free(oid);
    sk_X509_ATTRIBUTE_pop_free(attrs, X509_ATTRIBUTE_free);
    return rc;
}
#endif

static int setup_md(ossl_state *st, const bench_alg *a)
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    /* Fetched once, as for ciphers.  HMAC() still fetches its MAC on
     * every call in OpenSSL 3: that is what a caller of the one-shot pays. */
    st->fetched_md = EVP_MD_fetch(NULL, a->hash, NULL);
    st->md = st->fetched_md;
#else
    st->md = EVP_get_digestbyname(a->hash);
#endif
    if (!st->md || (size_t)EVP_MD_size(st->md) != a->digestlen)
        return -1;
    return 0;
}

/* BENCH_MAC: OpenSSL's CMAC over the CBC cipher of the same block
 * cipher, or the GOST provider's kuznyechik-mac and its OMAC-ACPKM
 * (kuznyechik-ctr-acpkm-omac, at its default section sizes). */
static int setup_mac(ossl_state *st, const bench_alg *a)
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    static const struct {
        const char *name, *mac, *cipher;
    } map[] = {
        { "aes-128-cmac", "CMAC", "AES-128-CBC" },
        { "aes-192-cmac", "CMAC", "AES-192-CBC" },
        { "aes-256-cmac", "CMAC", "AES-256-CBC" },
        { "sm4-cmac", "CMAC", "SM4-CBC" },
        { "kuznyechik-cmac", "kuznyechik-mac", NULL },
        { "kuznyechik-omac-acpkm", "kuznyechik-ctr-acpkm-omac", NULL },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (strcmp(a->name, map[i].name) != 0)
            continue;
        EVP_MAC *mac = EVP_MAC_fetch(NULL, map[i].mac, NULL);
        if (!mac)
            return -1;
        st->mac = EVP_MAC_CTX_new(mac);
        EVP_MAC_free(mac);
        if (!st->mac)
            return -1;
        size_t size = a->digestlen;
        OSSL_PARAM p[3], *q = p;
        if (map[i].cipher)
            *q++ = OSSL_PARAM_construct_utf8_string("cipher", (char *)map[i].cipher, 0);
        else
            *q++ = OSSL_PARAM_construct_size_t("size", &size);
        *q = OSSL_PARAM_construct_end();
        if (EVP_MAC_CTX_set_params(st->mac, p) != 1 ||
            EVP_MAC_init(st->mac, st->key, a->keylen, NULL) != 1)
            return -1;
        return EVP_MAC_CTX_get_mac_size(st->mac) == a->digestlen ? 0 : -1;
    }
#else
    (void)st;
    (void)a;
#endif
    return -1;
}

/* The key goes in for every message, as for axiom_mac() in one call. */
static int run_mac(ossl_state *st, const bench_msg *m, uint64_t iters)
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    for (uint64_t i = 0; i < iters; i++) {
        size_t outl = 0;
        if (EVP_MAC_init(st->mac, st->key, st->alg->keylen, NULL) != 1 ||
            EVP_MAC_update(st->mac, m->in, m->len) != 1 ||
            EVP_MAC_final(st->mac, m->out, &outl, st->alg->digestlen) != 1)
            return -1;
    }
    return 0;
#else
    (void)st;
    (void)m;
    (void)iters;
    return -1;
#endif
}

static void *ossl_setup(const bench_alg *a, int encrypt, const uint8_t *key, const uint8_t *iv)
{
    ossl_state *st = calloc(1, sizeof *st);
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
    case BENCH_AEAD:
#ifdef BENCH_GOST_ENGINE
        if (strcmp(a->name, "kuznyechik-ctr-acpkm-omac") == 0) {
            rc = setup_gost_omac(st, a);
            break;
        }
#endif
        rc = setup_cipher(st, a, key);
        break;
    case BENCH_HASH:
    case BENCH_HASH_MANY:
    case BENCH_HMAC:
        rc = setup_md(st, a);
        break;
    case BENCH_MAC:
        rc = setup_mac(st, a);
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
    ossl_teardown(st);
    return NULL;
}

static int run_cipher(ossl_state *st, const bench_msg *m, uint64_t iters)
{
    int outl;
    for (uint64_t i = 0; i < iters; i++) {
        /* Same unit of work as libaxiom's driver: a new IV per message. */
        if (st->alg->ivlen &&
            EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, st->enc) != 1)
            return -1;
        if (EVP_CipherUpdate(st->ctx, m->out, &outl, m->in, (int)m->len) != 1 ||
            (size_t)outl != m->len)
            return -1;
    }
    return 0;
}

static int run_aead(ossl_state *st, const bench_msg *m, uint64_t iters)
{
    size_t len = m->len;
    int outl, fin;
    for (uint64_t i = 0; i < iters; i++) {
        if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, st->enc) != 1)
            return -1;
        if (!st->enc && EVP_CIPHER_CTX_ctrl(st->ctx, EVP_CTRL_AEAD_SET_TAG, BENCH_TAGLEN,
                                            (void *)(m->in + len)) != 1)
            return -1;
        /* A zero-length update would be the AAD path: skip it. */
        if (len && (EVP_CipherUpdate(st->ctx, m->out, &outl, m->in, (int)len) != 1 ||
                    (size_t)outl != len))
            return -1;
        if (EVP_CipherFinal_ex(st->ctx, m->out + len, &fin) != 1) /* open: tag mismatch */
            return -1;
        if (st->enc &&
            EVP_CIPHER_CTX_ctrl(st->ctx, EVP_CTRL_AEAD_GET_TAG, BENCH_TAGLEN, m->out + len) != 1)
            return -1;
    }
    return 0;
}

static int ossl_run(void *p, const bench_msg *m, uint64_t iters)
{
    ossl_state *st = p;
    const bench_alg *a = st->alg;
    unsigned int mdlen;
    if (m->len > (size_t)0x7fffffff)
        return -1;
    switch (a->kind) {
    case BENCH_CIPHER:
        return run_cipher(st, m, iters);
    case BENCH_AEAD:
#ifdef BENCH_GOST_ENGINE
        if (st->gost)
            return run_gost_omac(st, m, iters);
#endif
        return run_aead(st, m, iters);
    case BENCH_HASH:
        for (uint64_t i = 0; i < iters; i++)
            if (EVP_Digest(m->in, m->len, m->out, &mdlen, st->md, NULL) != 1)
                return -1;
        return 0;
    case BENCH_HASH_MANY:
        /* The peer's best for many messages: one call each. */
        for (uint64_t i = 0; i < iters; i++)
            for (size_t j = 0; j < BENCH_MANY; j++)
                if (EVP_Digest(m->in + j * m->stride, m->len, m->out + j * a->digestlen, &mdlen,
                               st->md, NULL) != 1)
                    return -1;
        return 0;
    case BENCH_HMAC:
        for (uint64_t i = 0; i < iters; i++)
            if (!HMAC(st->md, st->key, (int)a->keylen, m->in, m->len, m->out, &mdlen))
                return -1;
        return 0;
    case BENCH_RAND:
        for (uint64_t i = 0; i < iters; i++)
            if (RAND_bytes(m->out, (int)m->len) != 1)
                return -1;
        return 0;
    case BENCH_MAC:
        return run_mac(st, m, iters);
    case BENCH_RAND_OS:
    case BENCH_DRBG:
        break;
    }
    return -1;
}

const bench_impl bench_openssl = {
    .name = "openssl",
    .prefix = "OpenSSL_",
    .init = ossl_init,
    .version = ossl_version,
    .setup = ossl_setup,
    .run = ossl_run,
    .state_size = sizeof(ossl_state), /* the key schedule is in a provider allocation we cannot reach */
    .teardown = ossl_teardown,
};
