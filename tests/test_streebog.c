/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White box: the internal Streebog, HMAC_GOSTR3411_2012_256 and KDF_TREE
 * behind kuznyechik-ctr-acpkm-omac against the standards' examples and
 * OpenSSL's GOST provider, and kuznyechik-ctr-acpkm-omac against its
 * definition rebuilt from kuznyechik-ctr-acpkm and kuznyechik-cmac. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_OPENSSL
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#endif

#include <axiom.h>

#include "streebog/streebog.h"
#include "testutil.h"

/* RFC 6986 10.1 and 10.2: M1 (ASCII digits) and M2 (a line of the Igor
 * Tale in CP1251), as bytes in memory order; the digests as the RFC
 * writes them, most significant byte first (the reverse of the bytes
 * that the hash outputs). */
static const char m1_hex[] =
    "3031323334353637383930313233343536373839303132333435363738393031"
    "32333435363738393031323334353637383930313233343536373839303132";
static const char m2_hex[] =
    "d1e520e2e5f2f0e82c20d1f2f0e8e1eee6e820e2edf3f6e82c20e2e5fef2fa20"
    "f120eceef0ff20f1f2f0e5ebe0ece820ede020f5f0e0e1f0fbff20efebfaeafb"
    "20c8e3eef0e5e2fb";
static const struct {
    const char *msg, *h512, *h256;
} rfc6986[] = {
    { m1_hex,
      "486f64c1917879417fef082b3381a4e211c324f074654c38823a7b76f830ad00"
      "fa1fbae42b1285c0352f227524bc9ab16254288dd6863dccd5b9f54a1ad0541b",
      "00557be5e584fd52a449b16b0251d05d27f94ab76cbaa6da890b59d8ef1e159d" },
    { m2_hex,
      "28fbc9bada033b1460642bdcddb90c3fb3e56c497ccd0f62b8a2ad4935e85f03"
      "7613966de4ee00531ae60f3b5a47f8dae06915d5f2f194996fcabf2622e6881e",
      "508f7e553c06501d749a66fc28c6cac0b005746d97537fa85d9e40904efed29d" },
};

static void reverse(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        uint8_t t = p[i];
        p[i] = p[n - 1 - i];
        p[n - 1 - i] = t;
    }
}

static void hash(uint8_t *out, size_t outlen, const uint8_t *msg, size_t len, size_t step)
{
    axiom_streebog s;
    axiom_streebog_init(&s, outlen);
    size_t cuts[9], parts = tu_random_split(cuts, len, step);
    for (size_t p = 0; p < parts; p++)
        axiom_streebog_update(&s, msg + cuts[p], cuts[p + 1] - cuts[p]);
    axiom_streebog_final(&s, out);
}

START_TEST(test_streebog_kat)
{
    tu_rng_reset("streebog-kat");
    for (size_t v = 0; v < sizeof rfc6986 / sizeof rfc6986[0]; v++) {
        uint8_t msg[72], want[64], got[64];
        size_t len = tu_hex_decode(msg, sizeof msg, rfc6986[v].msg);
        for (int round = 0; round < 20; round++) {
            tu_hex_decode(want, 64, rfc6986[v].h512);
            reverse(want, 64);
            hash(got, 64, msg, len, 1);
            TU_ASSERT_MEM_EQ(got, want, 64, "RFC 6986 M%zu, 512 bits", v + 1);
            tu_hex_decode(want, 32, rfc6986[v].h256);
            reverse(want, 32);
            hash(got, 32, msg, len, 1);
            TU_ASSERT_MEM_EQ(got, want, 32, "RFC 6986 M%zu, 256 bits", v + 1);
        }
    }
}
END_TEST

/* RFC 7836 A.1.1 (HMAC_GOSTR3411_2012_256) and the KDF_TREE example of
 * R 1323565.1.022-2018 (key, label, seed, 512 bits, R = 1). */
START_TEST(test_hmac_kdf_kat)
{
    uint8_t key[32], data[16], want[64], got[64], label[4], seed[8];
    tu_hex_decode(key, 32, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    tu_hex_decode(data, 16, "0126bdb87800af214341456563780100");
    tu_hex_decode(want, 32, "a1aa5f7de402d7b3d323f2991c8d4534013137010a83754fd0af6d7cd4922ed9");
    axiom_hmac_streebog256_key m;
    axiom_hmac_streebog256_setkey(&m, key, 32);
    const uint8_t *part[3] = { data, data + 5, data + 5 };
    const size_t partlen[3] = { 5, 0, 11 };
    axiom_hmac_streebog256(&m, got, 1, part, (const size_t[]){ 16 });
    TU_ASSERT_MEM_EQ(got, want, 32, "RFC 7836 HMAC");
    axiom_hmac_streebog256(&m, got, 3, part, partlen);
    TU_ASSERT_MEM_EQ(got, want, 32, "RFC 7836 HMAC in parts");
    tu_hex_decode(label, 4, "26bdb878");
    tu_hex_decode(seed, 8, "af21434145656378");
    tu_hex_decode(want, 64,
                  "22b6837845c6bef65ea71672b265831086d3c76aebe6dae91cad51d83f79d16b"
                  "074c9330599d7f8d712fca54392f4ddde93751206b3584c8f43f9e6dc51531f9");
    axiom_kdf_tree256(&m, got, 64, label, 4, seed, 8);
    TU_ASSERT_MEM_EQ(got, want, 64, "R 1323565.1.022 KDF_TREE");
    axiom_kdf_tree256(&m, got, 32, label, 4, seed, 8);
    TU_ASSERT(memcmp(got, want, 32) != 0, "L is part of the input: 256 bits differ");
}
END_TEST

#ifdef HAVE_OPENSSL
static OSSL_PROVIDER *gost_prov;
static EVP_MD *md256, *md512;
static EVP_MAC *hmac;

static void peer_hash(const EVP_MD *md, uint8_t *out, const uint8_t *msg, size_t len)
{
    unsigned n = 0;
    ck_assert(EVP_Digest(msg, len, out, &n, md, NULL) == 1);
}

static void peer_hmac(uint8_t out[32], const uint8_t *key, size_t keylen, const uint8_t *msg,
                      size_t len)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(hmac);
    ck_assert(c != NULL);
    OSSL_PARAM params[] = { OSSL_PARAM_construct_utf8_string("digest", "md_gost12_256", 0),
                            OSSL_PARAM_END };
    ck_assert(EVP_MAC_init(c, key, keylen, params) == 1);
    ck_assert(EVP_MAC_update(c, msg, len) == 1);
    size_t n = 0;
    ck_assert(EVP_MAC_final(c, out, &n, 32) == 1);
    ck_assert_uint_eq(n, 32);
    EVP_MAC_CTX_free(c);
}
#endif

/* Every length up to five blocks and random ones, in random pieces,
 * against the GOST provider's md_gost12_256/512 and OpenSSL's HMAC over
 * md_gost12_256. */
START_TEST(test_streebog_peer)
{
#ifdef HAVE_OPENSSL
    if (!md256 || !md512 || !hmac) {
        printf("test_streebog: the GOST provider for OpenSSL (gostprov) is missing: "
               "no comparison with its Streebog\n");
        return;
    }
    tu_rng_reset("streebog-peer");
    enum { MAXLEN = 1000 };
    uint8_t *msg = malloc(MAXLEN), want[64], got[64], key[64];
    ck_assert(msg != NULL);
    for (size_t it = 0; it < 500; it++) {
        size_t len = it < 330 ? it : tu_rand_range(0, MAXLEN);
        tu_rand_bytes(msg, len);
        peer_hash(md512, want, msg, len);
        hash(got, 64, msg, len, 1);
        TU_ASSERT_MEM_EQ(got, want, 64, "Streebog-512, %zu bytes", len);
        peer_hash(md256, want, msg, len);
        hash(got, 32, msg, len, 1);
        TU_ASSERT_MEM_EQ(got, want, 32, "Streebog-256, %zu bytes", len);
        size_t keylen = tu_rand_range(0, 64);
        tu_rand_bytes(key, keylen);
        peer_hmac(want, key, keylen, msg, len);
        axiom_hmac_streebog256_key m;
        axiom_hmac_streebog256_setkey(&m, key, keylen);
        const uint8_t *part[1] = { msg };
        axiom_hmac_streebog256(&m, got, 1, part, &len);
        TU_ASSERT_MEM_EQ(got, want, 32, "HMAC, key %zu, %zu bytes", keylen, len);
    }
    free(msg);
#else
    printf("test_streebog: built without OpenSSL: no comparison with its Streebog\n");
#endif
}
END_TEST

/* kuznyechik-ctr-acpkm-omac = kuznyechik-ctr-acpkm under K_enc over the
 * message and 16 more bytes, whose keystream encrypts kuznyechik-cmac
 * under K_mac of the message, with K_enc || K_mac from KDF_TREE (checked
 * above) of the nonce's seed; lengths around the 4096-byte sections. */
START_TEST(test_omac_vs_parts)
{
    static const uint8_t label[8] = { 'k', 'd', 'f', ' ', 't', 'r', 'e', 'e' };
    tu_rng_reset("streebog-omac-parts");
    enum { MAXLEN = 13000 };
    uint8_t *pt = malloc(MAXLEN + 16), *want = malloc(MAXLEN + 16), *got = malloc(MAXLEN);
    ck_assert(pt && want && got);
    axiom_aead_ctx *a;
    axiom_cipher_ctx *c;
    TU_ASSERT_RC(axiom_aead_new(&a, "kuznyechik-ctr-acpkm-omac"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_cipher_new(&c, "kuznyechik-ctr-acpkm"), AXIOM_OK, "cipher");
    static const size_t near[] = { 0, 1, 15, 16, 17, 4079, 4080, 4081, 4095, 4096, 4097,
                                   4111, 4112, 8176, 8191, 8192, 8193, 12288 };
    const size_t nnear = sizeof near / sizeof near[0];
    for (size_t it = 0; it < 60; it++) {
        size_t len = it < nnear ? near[it] : tu_rand_range(0, MAXLEN);
        uint8_t key[32], nonce[16], keys[64], iv[16] = { 0 }, mac[16], tag[16];
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 16);
        tu_rand_bytes(pt, len);
        memset(pt + len, 0, 16);
        axiom_hmac_streebog256_key m;
        axiom_hmac_streebog256_setkey(&m, key, 32);
        axiom_kdf_tree256(&m, keys, 64, label, 8, nonce + 8, 8);
        memcpy(iv, nonce, 8);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, keys, 32, iv, 16), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_cipher_update(c, want, pt, len + 16), AXIOM_OK, "update");
        TU_ASSERT_RC(axiom_mac("kuznyechik-cmac", mac, 16, keys + 32, 32, pt, len), AXIOM_OK,
                     "cmac");
        for (int i = 0; i < 16; i++)
            want[len + i] ^= mac[i];
        TU_ASSERT_RC(axiom_aead_setkey(a, key, 32), AXIOM_OK, "setkey");
        TU_ASSERT_RC(axiom_aead_seal(a, got, tag, 16, nonce, 16, NULL, 0, pt, len), AXIOM_OK,
                     "seal");
        TU_ASSERT_MEM_EQ(got, want, len, "ciphertext, %zu bytes", len);
        TU_ASSERT_MEM_EQ(tag, want + len, 16, "tag, %zu bytes", len);
        TU_ASSERT_RC(axiom_aead_open(a, got, tag, 16, nonce, 16, NULL, 0, got, len), AXIOM_OK,
                     "open in place");
        TU_ASSERT_MEM_EQ(got, pt, len, "plaintext, %zu bytes", len);
    }
    axiom_cipher_free(c);
    axiom_aead_free(a);
    free(pt);
    free(want);
    free(got);
}
END_TEST

static Suite *streebog_suite(void)
{
    Suite *s = suite_create("streebog");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_streebog_kat);
    tcase_add_test(tc, test_hmac_kdf_kat);
    tcase_add_test(tc, test_streebog_peer);
    tcase_add_test(tc, test_omac_vs_parts);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_streebog");
#ifdef HAVE_OPENSSL
    OSSL_PROVIDER *dflt = NULL;
    gost_prov = OSSL_PROVIDER_load(NULL, "gostprov");
    if (gost_prov && (dflt = OSSL_PROVIDER_load(NULL, "default")) != NULL) {
        md256 = EVP_MD_fetch(NULL, "md_gost12_256", NULL);
        md512 = EVP_MD_fetch(NULL, "md_gost12_512", NULL);
        hmac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    }
    ERR_clear_error();
#endif
    int rc = tu_run_suite(streebog_suite());
#ifdef HAVE_OPENSSL
    EVP_MD_free(md256);
    EVP_MD_free(md512);
    EVP_MAC_free(hmac);
    if (dflt)
        OSSL_PROVIDER_unload(dflt);
    if (gost_prov)
        OSSL_PROVIDER_unload(gost_prov);
#endif
    return rc;
}
