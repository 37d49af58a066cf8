/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kuznyechik's GOST modes against the GOST provider for OpenSSL 3
 * (gostprov, Debian package libengine-gost-openssl) through EVP:
 * kuznyechik-cmac against its kuznyechik-mac and kuznyechik-ctr-acpkm
 * (default and chosen section sizes) against its kuznyechik-ctr-acpkm, on
 * random keys, IVs, lengths crossing block and section boundaries, and
 * split updates.  Skipped (exit 77) when the provider is not installed. */
#include "config.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
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

static Suite *gost_suite(void)
{
    Suite *s = suite_create("gost-peer");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_cmac);
    tcase_add_test(tc, test_ctr_acpkm);
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
    OSSL_PROVIDER_unload(prov);
    return rc;
}
