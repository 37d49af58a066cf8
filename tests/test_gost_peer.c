/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kuznyechik's GOST modes against the GOST provider for OpenSSL 3
 * (gostprov, Debian package libengine-gost-openssl) through EVP:
 * kuznyechik-cmac against its kuznyechik-mac and kuznyechik-ctr-acpkm
 * (default and chosen section sizes) against its kuznyechik-ctr-acpkm, on
 * random keys, IVs, lengths crossing block and section boundaries, and
 * split updates; kuznyechik-ctr-acpkm-omac both ways against the same
 * package's GOST engine (the provider of 3.0.1 cannot key that cipher: it
 * looks its OMAC up as a legacy digest, which only the engine registers);
 * kuznyechik-omac-acpkm against its MAC kuznyechik-ctr-acpkm-omac, which
 * is OMAC-ACPKM, with its default and chosen section sizes.
 * Skipped (exit 77) when the provider is not installed. */
#include "config.h"

/* The ENGINE calls, deprecated since OpenSSL 3.0, without warnings. */
#define OPENSSL_API_COMPAT 10101

#include <openssl/asn1.h>
#include <openssl/core_names.h>
#include <openssl/engine.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

static EVP_MAC *peer_mac;
static EVP_CIPHER *peer_acpkm;

/* The provider's OMAC of @len bytes, truncated to @taglen. */
static void peer_omac(uint8_t *tag, size_t taglen, const uint8_t *key, const uint8_t *msg,
                      size_t len)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(peer_mac);
    ck_assert(c != NULL);
    size_t full = 16;
    OSSL_PARAM params[] = { OSSL_PARAM_construct_size_t("size", &full), OSSL_PARAM_END };
    ck_assert(EVP_MAC_init(c, key, 32, params) == 1);
    ck_assert(EVP_MAC_update(c, msg, len) == 1);
    uint8_t out[16];
    size_t outlen = 0;
    ck_assert(EVP_MAC_final(c, out, &outlen, sizeof out) == 1);
    ck_assert_uint_eq(outlen, 16);
    memcpy(tag, out, taglen);
    EVP_MAC_CTX_free(c);
}

START_TEST(test_cmac)
{
    tu_rng_reset("gost-peer-cmac");
    enum { MAXLEN = 2000 };
    uint8_t *msg = malloc(MAXLEN);
    ck_assert(msg != NULL);
    axiom_mac_ctx *c;
    TU_ASSERT_RC(axiom_mac_new(&c, "kuznyechik-cmac"), AXIOM_OK, "new");
    for (int it = 0; it < 150; it++) {
        uint8_t key[32], want[16], got[16];
        size_t len = it < 50 ? (size_t)it : tu_rand_range(0, MAXLEN);
        size_t taglen = it % 4 ? 16 : tu_rand_range(1, 16);
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(msg, MAXLEN);
        peer_omac(want, taglen, key, msg, len);
        TU_ASSERT_RC(axiom_mac("kuznyechik-cmac", got, taglen, key, 32, msg, len), AXIOM_OK,
                     "one-shot");
        TU_ASSERT_MEM_EQ(got, want, taglen, "one-shot, len %zu", len);
        TU_ASSERT_RC(axiom_mac_init(c, key, 32, NULL, 0), AXIOM_OK, "init");
        size_t cuts[9], parts = tu_random_split(cuts, len, 1);
        for (size_t p = 0; p < parts; p++)
            TU_ASSERT_RC(axiom_mac_update(c, msg + cuts[p], cuts[p + 1] - cuts[p]), AXIOM_OK,
                         "update");
        TU_ASSERT_RC(axiom_mac_final(c, got, taglen), AXIOM_OK, "final");
        TU_ASSERT_MEM_EQ(got, want, taglen, "streamed, len %zu", len);
    }
    axiom_mac_free(c);
    free(msg);
}
END_TEST

/* The provider's CTR-ACPKM of @len bytes with section @section (0: its
 * default). */
static void peer_ctr_acpkm(uint8_t *out, const uint8_t *key, const uint8_t iv[16],
                           size_t section, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    ck_assert(c != NULL);
    /* The cipher first, then key and IV: given all at once, the provider
     * (3.0.1) does not start its counter from the IV. */
    ck_assert(EVP_EncryptInit_ex2(c, peer_acpkm, NULL, NULL, NULL) == 1);
    ck_assert(EVP_EncryptInit_ex2(c, NULL, key, iv, NULL) == 1);
    if (section) {
        OSSL_PARAM params[] = { OSSL_PARAM_construct_size_t("key-mesh", &section),
                                OSSL_PARAM_END };
        ck_assert(EVP_CIPHER_CTX_set_params(c, params) == 1);
    }
    int n = 0, m = 0;
    ck_assert(EVP_EncryptUpdate(c, out, &n, in, (int)len) == 1);
    ck_assert(EVP_EncryptFinal_ex(c, out + n, &m) == 1);
    ck_assert_uint_eq((size_t)(n + m), len);
    EVP_CIPHER_CTX_free(c);
}

START_TEST(test_ctr_acpkm)
{
    static const size_t sections[] = { 0, 16, 32, 48, 64, 256, 1024 };
    tu_rng_reset("gost-peer-acpkm");
    enum { MAXLEN = 13000 };
    uint8_t *in = malloc(MAXLEN), *want = malloc(MAXLEN), *got = malloc(MAXLEN);
    ck_assert(in && want && got);
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
        char name[48];
        if (sections[s])
            snprintf(name, sizeof name, "kuznyechik-ctr-acpkm-%zu", sections[s]);
        else
            snprintf(name, sizeof name, "kuznyechik-ctr-acpkm");
        axiom_cipher_ctx *c;
        TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "%s new", name);
        for (int it = 0; it < 40; it++) {
            uint8_t key[32], iv[16] = { 0 };
            size_t sec = sections[s] ? sections[s] : 4096;
            /* Around section boundaries first, then anything. */
            static const size_t mul[8] = { 1, 1, 1, 2, 2, 2, 3, 0 };
            static const int off[8] = { -1, 0, 1, -1, 0, 1, 5, 0 };
            size_t len = it < 8 ? mul[it] * sec + (size_t)off[it] : tu_rand_range(0, MAXLEN);
            tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(iv, 8); /* GOST R 34.13: IV || 0^64 */
            tu_rand_bytes(in, len);
            peer_ctr_acpkm(want, key, iv, sections[s], in, len);
            int dir = it % 2 ? AXIOM_DECRYPT : AXIOM_ENCRYPT;
            TU_ASSERT_RC(axiom_cipher_init(c, dir, key, 32, iv, 16), AXIOM_OK, "%s init", name);
            size_t cuts[9], parts = tu_random_split(cuts, len, 1);
            for (size_t p = 0; p < parts; p++)
                TU_ASSERT_RC(axiom_cipher_update(c, got + cuts[p], in + cuts[p],
                                                 cuts[p + 1] - cuts[p]),
                             AXIOM_OK, "update");
            TU_ASSERT_MEM_EQ(got, want, len, "%s, len %zu, %zu pieces", name, len, parts);
            /* The same key again with no key given: meshing restarts. */
            TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, iv, 16), AXIOM_OK, "%s re-init", name);
            memcpy(got, in, len);
            TU_ASSERT_RC(axiom_cipher_update(c, got, got, len), AXIOM_OK, "in place");
            TU_ASSERT_MEM_EQ(got, want, len, "%s in place after re-init, len %zu", name, len);
        }
        axiom_cipher_free(c);
    }
    free(in);
    free(want);
    free(got);
}
END_TEST

/* ---- kuznyechik-ctr-acpkm-omac against the GOST engine ------------------ */

/* How the engine (gost-engine 3.0.1) runs this cipher, read from its
 * source: the 8-byte KDF seed is random at each encryption key set-up and
 * leaves as the last 8 bytes of the 16-byte UKM of the AlgorithmIdentifier
 * parameters (EVP_CIPHER_param_to_asn1, which also sets the CMS section
 * size of 256 KiB: the test sets 4096 back); decryption takes the seed
 * from EVP_CIPHER_asn1_to_param before the key; the tag travels as the
 * unprotected attribute 1.2.643.7.1.0.6.1.1 through
 * EVP_CTRL_PROCESS_UNPROTECTED after the final call (encryption) or
 * before it (decryption, where the final call checks it). */
#define GOST_CMS_MAC_OID "1.2.643.7.1.0.6.1.1"

typedef struct omac_engine {
    OSSL_PROVIDER *dflt;
    ENGINE *e;
    const EVP_CIPHER *cipher;
} omac_engine;

static void engine_unload(omac_engine *g)
{
    ENGINE_finish(g->e);
    ENGINE_free(g->e);
    OSSL_PROVIDER_unload(g->dflt);
}

static int engine_load(omac_engine *g)
{
    /* The engine draws its seeds from RAND_bytes: OpenSSL's DRBG lives in
     * the default provider, which an explicit load of gostprov leaves out. */
    g->dflt = OSSL_PROVIDER_load(NULL, "default");
    if (!g->dflt)
        return 0;
    g->e = ENGINE_by_id("gost");
    if (!g->e) {
        OSSL_PROVIDER_unload(g->dflt);
        return 0;
    }
    /* The OMAC key and digest are the engine's legacy methods. */
    if (!ENGINE_init(g->e)) {
        ENGINE_free(g->e);
        OSSL_PROVIDER_unload(g->dflt);
        return 0;
    }
    if (!ENGINE_set_default(g->e, ENGINE_METHOD_DIGESTS | ENGINE_METHOD_PKEY_METHS |
                                      ENGINE_METHOD_PKEY_ASN1_METHS) ||
        !(g->cipher = ENGINE_get_cipher(g->e, OBJ_sn2nid("kuznyechik-ctr-acpkm-omac")))) {
        engine_unload(g);
        return 0;
    }
    return 1;
}

/* @len bytes in the pieces tu_random_split picks. */
static void engine_update(EVP_CIPHER_CTX *x, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t cuts[9], parts = tu_random_split(cuts, len, 1);
    for (size_t p = 0; p < parts; p++) {
        int n = 0;
        ck_assert(EVP_CipherUpdate(x, out + cuts[p], &n, in + cuts[p],
                                   (int)(cuts[p + 1] - cuts[p])) == 1);
        ck_assert_uint_eq((size_t)n, cuts[p + 1] - cuts[p]);
    }
}

/* Sealed by the engine: the ciphertext, the tag and the nonce (IV || the
 * seed it drew). */
static void engine_seal(const omac_engine *g, uint8_t *ct, uint8_t tag[16], uint8_t nonce[16],
                        const uint8_t key[32], const uint8_t iv[8], const uint8_t *pt, size_t len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    ck_assert(x != NULL);
    ck_assert(EVP_EncryptInit_ex(x, g->cipher, g->e, key, iv) == 1);
    ASN1_TYPE *param = ASN1_TYPE_new();
    ck_assert(param != NULL);
    ck_assert(EVP_CIPHER_param_to_asn1(x, param) > 0);
    uint8_t *der = NULL;
    int derlen = i2d_ASN1_TYPE(param, &der);
    /* SEQUENCE { OCTET STRING ukm (16) } */
    ck_assert_int_eq(derlen, 20);
    ck_assert(der[0] == 0x30 && der[1] == 0x12 && der[2] == 0x04 && der[3] == 0x10);
    memcpy(nonce, der + 4, 16);
    TU_ASSERT(memcmp(nonce, iv, 8) == 0, "the UKM starts with the IV");
    OPENSSL_free(der);
    ASN1_TYPE_free(param);
    ck_assert(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_KEY_MESH, 4096, NULL) > 0);
    engine_update(x, ct, pt, len);
    int n = 0;
    ck_assert(EVP_EncryptFinal_ex(x, ct + len, &n) == 1);
    ck_assert_int_eq(n, 0);
    STACK_OF(X509_ATTRIBUTE) *attrs = sk_X509_ATTRIBUTE_new_null();
    ck_assert(attrs != NULL);
    ck_assert(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_PROCESS_UNPROTECTED, 1, attrs) > 0);
    ASN1_OBJECT *oid = OBJ_txt2obj(GOST_CMS_MAC_OID, 1);
    ASN1_OCTET_STRING *os = X509at_get0_data_by_OBJ(attrs, oid, -3, V_ASN1_OCTET_STRING);
    ck_assert(os != NULL);
    ck_assert_int_eq(ASN1_STRING_length(os), 16);
    memcpy(tag, ASN1_STRING_get0_data(os), 16);
    ASN1_OBJECT_free(oid);
    sk_X509_ATTRIBUTE_pop_free(attrs, X509_ATTRIBUTE_free);
    EVP_CIPHER_CTX_free(x);
}

/* Opened by the engine: 1 when it accepts the tag, the plaintext in @pt. */
static int engine_open(const omac_engine *g, uint8_t *pt, const uint8_t *ct, size_t len,
                       const uint8_t tag[16], const uint8_t nonce[16], const uint8_t key[32])
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    ck_assert(x != NULL);
    ck_assert(EVP_DecryptInit_ex(x, g->cipher, g->e, NULL, NULL) == 1);
    uint8_t der[20] = { 0x30, 0x12, 0x04, 0x10 };
    memcpy(der + 4, nonce, 16);
    const uint8_t *p = der;
    ASN1_TYPE *param = d2i_ASN1_TYPE(NULL, &p, sizeof der);
    ck_assert(param != NULL);
    ck_assert(EVP_CIPHER_asn1_to_param(x, param) > 0);
    ASN1_TYPE_free(param);
    ck_assert(EVP_DecryptInit_ex(x, NULL, NULL, key, nonce) == 1);
    engine_update(x, pt, ct, len);
    STACK_OF(X509_ATTRIBUTE) *attrs = sk_X509_ATTRIBUTE_new_null();
    ck_assert(attrs != NULL);
    ASN1_OBJECT *oid = OBJ_txt2obj(GOST_CMS_MAC_OID, 1);
    ck_assert(X509at_add1_attr_by_OBJ(&attrs, oid, V_ASN1_OCTET_STRING, tag, 16) != NULL);
    ck_assert(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_PROCESS_UNPROTECTED, 0, attrs) > 0);
    int n = 0, ok = EVP_DecryptFinal_ex(x, pt + len, &n) == 1;
    ERR_clear_error();
    ASN1_OBJECT_free(oid);
    sk_X509_ATTRIBUTE_pop_free(attrs, X509_ATTRIBUTE_free);
    EVP_CIPHER_CTX_free(x);
    return ok;
}

/* The GOST engine leaks an OID per EVP_CTRL_PROCESS_UNPROTECTED call
 * (tests/lsan.supp); its code has no frame pointers, so a sanitizer build
 * unwinds allocations the slow way to see the suppressed frame. */
const char *__asan_default_options(void);
__attribute__((used)) const char *__asan_default_options(void)
{
    return "fast_unwind_on_malloc=0";
}

START_TEST(test_ctr_acpkm_omac)
{
    omac_engine g;
    if (!engine_load(&g)) {
        printf("test_gost_peer: the GOST engine (gost, package libengine-gost-openssl) does not "
               "load: kuznyechik-ctr-acpkm-omac not compared\n");
        ERR_clear_error();
        return;
    }
    tu_rng_reset("gost-peer-acpkm-omac");
    enum { MAXLEN = 13000 };
    uint8_t *pt = malloc(MAXLEN + 16), *ct = malloc(MAXLEN + 16), *got = malloc(MAXLEN + 16);
    ck_assert(pt && ct && got);
    axiom_aead_ctx *a;
    TU_ASSERT_RC(axiom_aead_new(&a, "kuznyechik-ctr-acpkm-omac"), AXIOM_OK, "new");
    static const size_t near[] = { 0, 1, 15, 16, 17, 31, 4080, 4095, 4096, 4097, 4111, 4112,
                                   4113, 8191, 8192, 8193, 12288 };
    const size_t nnear = sizeof near / sizeof near[0];
    for (size_t it = 0; it < 80; it++) {
        size_t len = it < nnear ? near[it] : tu_rand_range(0, MAXLEN);
        uint8_t key[32], iv[8], nonce[16], tag[16], mine[16];
        tu_rand_bytes(key, 32);
        tu_rand_bytes(iv, 8);
        tu_rand_bytes(pt, len);
        TU_ASSERT_RC(axiom_aead_setkey(a, key, 32), AXIOM_OK, "setkey");

        /* The engine seals, libaxiom seals the same and opens the engine's. */
        engine_seal(&g, ct, tag, nonce, key, iv, pt, len);
        TU_ASSERT_RC(axiom_aead_seal(a, got, mine, 16, nonce, 16, NULL, 0, pt, len), AXIOM_OK,
                     "seal");
        TU_ASSERT_MEM_EQ(got, ct, len, "ciphertext, %zu bytes", len);
        TU_ASSERT_MEM_EQ(mine, tag, 16, "tag, %zu bytes", len);
        TU_ASSERT_RC(axiom_aead_open(a, got, tag, 16, nonce, 16, NULL, 0, ct, len), AXIOM_OK,
                     "open the engine's, %zu bytes", len);
        TU_ASSERT_MEM_EQ(got, pt, len, "plaintext, %zu bytes", len);

        /* libaxiom seals under a seed of its own; the engine opens it, and
         * refuses it with any bit of the tag changed. */
        tu_rand_bytes(nonce + 8, 8);
        TU_ASSERT_RC(axiom_aead_seal(a, ct, mine, 16, nonce, 16, NULL, 0, pt, len), AXIOM_OK,
                     "seal");
        TU_ASSERT(engine_open(&g, got, ct, len, mine, nonce, key), "the engine refuses, %zu bytes",
                  len);
        TU_ASSERT_MEM_EQ(got, pt, len, "the engine's plaintext, %zu bytes", len);
        mine[tu_rand_range(0, 15)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
        TU_ASSERT(!engine_open(&g, got, ct, len, mine, nonce, key),
                  "the engine accepts a changed tag, %zu bytes", len);
    }
    axiom_aead_free(a);
    free(pt);
    free(ct);
    free(got);
    engine_unload(&g);
}
END_TEST

/* ---- kuznyechik-omac-acpkm against the provider's OMAC-ACPKM ------------- */

/* The provider's MAC named kuznyechik-ctr-acpkm-omac (gost-engine's
 * gost_omac_acpkm.c, read for this) is OMAC-ACPKM: a 32-byte key, 16-byte
 * tag, N from the parameter "key-mesh" and T* from "cipher-key-mesh"
 * (honoured only beside "key-mesh"), both 4096 when not set.  Both are
 * set after the key (3.0.1 keeps them in a structure the key makes), by
 * when it has drawn K^1 || K1^1 under T* = 4096: a T* below those 48
 * bytes would come too late, so none is tested. */
static EVP_MAC *peer_omac_acpkm;

/* The provider's OMAC-ACPKM of @len bytes (@n 0: its defaults; @t 0: its
 * default T*), fed in the pieces tu_random_split picks. */
static void peer_omac_acpkm_tag(uint8_t tag[16], const uint8_t key[32], size_t n, size_t t,
                                const uint8_t *msg, size_t len)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(peer_omac_acpkm);
    ck_assert(c != NULL);
    ck_assert(EVP_MAC_init(c, key, 32, NULL) == 1);
    OSSL_PARAM params[3] = { OSSL_PARAM_END, OSSL_PARAM_END, OSSL_PARAM_END };
    if (n) {
        params[0] = OSSL_PARAM_construct_size_t("key-mesh", &n);
        if (t)
            params[1] = OSSL_PARAM_construct_size_t("cipher-key-mesh", &t);
        ck_assert(EVP_MAC_CTX_set_params(c, params) == 1);
    }
    size_t cuts[9], parts = tu_random_split(cuts, len, 1);
    for (size_t p = 0; p < parts; p++)
        ck_assert(EVP_MAC_update(c, msg + cuts[p], cuts[p + 1] - cuts[p]) == 1);
    size_t outlen = 0;
    ck_assert(EVP_MAC_final(c, tag, &outlen, 16) == 1);
    ck_assert_uint_eq(outlen, 16);
    EVP_MAC_CTX_free(c);
}

START_TEST(test_omac_acpkm)
{
    if (!peer_omac_acpkm) {
        printf("test_gost_peer: the provider has no MAC kuznyechik-ctr-acpkm-omac: "
               "kuznyechik-omac-acpkm not compared\n");
        return;
    }
    /* N, T* (0: the provider's default, the name's suffix left out). */
    static const struct {
        size_t n, t;
    } sizes[] = { { 0, 0 }, { 32, 96 }, { 16, 48 }, { 48, 0 }, { 64, 160 }, { 256, 48 },
                  { 1024, 4096 }, { 4096, 64 } };
    tu_rng_reset("gost-peer-omac-acpkm");
    enum { MAXLEN = 13000 };
    uint8_t *msg = malloc(MAXLEN);
    ck_assert(msg != NULL);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const size_t n = sizes[s].n, t = sizes[s].t, sec = n ? n : 4096;
        char name[64];
        if (!n)
            snprintf(name, sizeof name, "kuznyechik-omac-acpkm");
        else if (!t)
            snprintf(name, sizeof name, "kuznyechik-omac-acpkm-%zu", n);
        else
            snprintf(name, sizeof name, "kuznyechik-omac-acpkm-%zu-%zu", n, t);
        axiom_mac_ctx *c;
        TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "%s new", name);
        for (int it = 0; it < 40; it++) {
            /* Around section and block boundaries first, then anything. */
            static const size_t mul[10] = { 0, 0, 0, 1, 1, 1, 2, 2, 3, 3 };
            static const int off[10] = { 0, 1, 16, -1, 0, 1, 0, 15, -17, 16 };
            size_t len = it < 10 ? (size_t)((long)(mul[it] * sec) + off[it])
                                 : tu_rand_range(0, MAXLEN);
            uint8_t key[32], want[16], got[16];
            size_t taglen = it % 4 ? 16 : tu_rand_range(1, 16);
            tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(msg, len);
            peer_omac_acpkm_tag(want, key, n, t, msg, len);
            TU_ASSERT_RC(axiom_mac(name, got, taglen, key, 32, msg, len), AXIOM_OK, "one-shot");
            TU_ASSERT_MEM_EQ(got, want, taglen, "%s one-shot, len %zu", name, len);
            TU_ASSERT_RC(axiom_mac_init(c, key, 32, NULL, 0), AXIOM_OK, "init");
            for (int round = 0; round < 2; round++) { /* a second message restarts */
                size_t cuts[9], parts = tu_random_split(cuts, len, 1);
                for (size_t p = 0; p < parts; p++)
                    TU_ASSERT_RC(axiom_mac_update(c, msg + cuts[p], cuts[p + 1] - cuts[p]),
                                 AXIOM_OK, "update");
                TU_ASSERT_RC(axiom_mac_final(c, got, taglen), AXIOM_OK, "final");
                TU_ASSERT_MEM_EQ(got, want, taglen, "%s streamed, len %zu, message %d", name,
                                 len, round);
            }
        }
        axiom_mac_free(c);
    }
    free(msg);
}
END_TEST

static Suite *gost_suite(void)
{
    Suite *s = suite_create("gost-peer");
    TCase *tc = tcase_create("core");
    /* The portable tier under the sanitizers on a loaded 2-core machine took
     * over 120 s for one case; the limit only catches hangs. */
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_cmac);
    tcase_add_test(tc, test_ctr_acpkm);
    tcase_add_test(tc, test_ctr_acpkm_omac);
    tcase_add_test(tc, test_omac_acpkm);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_gost_peer");
    OSSL_PROVIDER *prov = OSSL_PROVIDER_load(NULL, "gostprov");
    if (prov) {
        peer_mac = EVP_MAC_fetch(NULL, "kuznyechik-mac", NULL);
        peer_acpkm = EVP_CIPHER_fetch(NULL, "kuznyechik-ctr-acpkm", NULL);
        /* Optional: test_omac_acpkm says so when it is missing. */
        peer_omac_acpkm = EVP_MAC_fetch(NULL, "kuznyechik-ctr-acpkm-omac", NULL);
        ERR_clear_error();
    }
    if (!prov || !peer_mac || !peer_acpkm) {
        printf("SKIP: the GOST provider for OpenSSL (gostprov, package libengine-gost-openssl) "
               "is not installed or lacks kuznyechik-mac / kuznyechik-ctr-acpkm\n");
        ERR_clear_error();
        return 77;
    }
    int rc = tu_run_suite(gost_suite());
    EVP_MAC_free(peer_mac);
    EVP_CIPHER_free(peer_acpkm);
    EVP_MAC_free(peer_omac_acpkm);
    OSSL_PROVIDER_unload(prov);
    return rc;
}
