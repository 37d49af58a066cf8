/* SPDX-License-Identifier: GPL-2.0-or-later */
/* CMAC through the MAC API (aes-128/192/256-cmac, sm4-cmac,
 * kuznyechik-cmac): NIST SP 800-38B and GOST R 34.13-2015 known answers,
 * Wycheproof aes_cmac_test.json, and libgcrypt's CMAC on random keys,
 * lengths, splits and truncations. */
#include "config.h"

#include <gcrypt.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

/* The tag of @len bytes at @msg under @name, one-shot and streamed in
 * random pieces through one context, both checked against @want. */
static void check_tag(const char *name, const uint8_t *key, size_t keylen, const uint8_t *msg,
                      size_t len, const uint8_t *want, size_t taglen, const char *what)
{
    uint8_t got[16];
    memset(got, 0, sizeof got);
    TU_ASSERT_RC(axiom_mac(name, got, taglen, key, keylen, msg, len), AXIOM_OK, "%s %s", name,
                 what);
    TU_ASSERT_MEM_EQ(got, want, taglen, "%s %s one-shot (len %zu)", name, what, len);
    axiom_mac_ctx *c;
    TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "%s new", name);
    TU_ASSERT_RC(axiom_mac_init(c, key, keylen, NULL, 0), AXIOM_OK, "%s init", name);
    for (int round = 0; round < 2; round++) {
        size_t cuts[9], parts = tu_random_split(cuts, len, 1);
        for (size_t p = 0; p < parts; p++)
            TU_ASSERT_RC(axiom_mac_update(c, msg + cuts[p], cuts[p + 1] - cuts[p]), AXIOM_OK,
                         "update");
        memset(got, 0, sizeof got);
        TU_ASSERT_RC(axiom_mac_final(c, got, taglen), AXIOM_OK, "final");
        TU_ASSERT_MEM_EQ(got, want, taglen, "%s %s streamed (round %d, len %zu)", name, what,
                         round, len);
    }
    TU_ASSERT_RC(axiom_mac_update(c, msg, len), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_mac_verify(c, want, taglen), AXIOM_OK, "%s %s verify", name, what);
    axiom_mac_free(c);
}

/* NIST SP 800-38B, appendix D (the same examples as RFC 4493 for
 * AES-128): the SP 800-38A message, first 0, 16, 40 and 64 bytes. */
static const char sp_msg[] = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                             "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
static const struct {
    const char *name, *key, *tag[4];
} sp800_38b[] = {
    { "aes-128-cmac", "2b7e151628aed2a6abf7158809cf4f3c",
      { "bb1d6929e95937287fa37d129b756746", "070a16b46b4d4144f79bdd9dd04a287c",
        "dfa66747de9ae63030ca32611497c827", "51f0bebf7e3b9d92fc49741779363cfe" } },
    { "aes-192-cmac", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
      { "d17ddf46adaacde531cac483de7a9367", "9e99a7bf31e710900662f65e617c5184",
        "8a1de5be2eb31aad089a82e6ee908b0e", "a1d5df0eed790f794d77589659f39a11" } },
    { "aes-256-cmac", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
      { "028962f61b7bf89efc6b551f4667d983", "28a7023f452e8f82bd4bf28d8c37c35c",
        "aaf3d8f1de5640c232f5b169b9c911e6", "e1992190549f6ed5696a2c056c315410" } },
};

START_TEST(test_sp800_38b)
{
    static const size_t lens[4] = { 0, 16, 40, 64 };
    tu_rng_reset("cmac-sp800-38b");
    uint8_t msg[64];
    tu_hex_decode(msg, sizeof msg, sp_msg);
    for (size_t i = 0; i < sizeof sp800_38b / sizeof sp800_38b[0]; i++) {
        size_t keylen;
        uint8_t *key = tu_hex_alloc(sp800_38b[i].key, &keylen);
        for (size_t j = 0; j < 4; j++) {
            uint8_t want[16];
            tu_hex_decode(want, sizeof want, sp800_38b[i].tag[j]);
            check_tag(sp800_38b[i].name, key, keylen, msg, lens[j], want, 16, "SP 800-38B");
            check_tag(sp800_38b[i].name, key, keylen, msg, lens[j], want, 8, "SP 800-38B, 64-bit");
        }
        free(key);
    }
}
END_TEST

/* GOST R 34.13-2015, appendix A.2.6: the MAC of four blocks under the
 * GOST R 34.12-2015 example key, s = 64 (the standard prints the
 * truncated value only). */
START_TEST(test_gost_r3413)
{
    tu_rng_reset("cmac-gost");
    uint8_t key[32], msg[64], want[8];
    tu_hex_decode(key, sizeof key,
                  "8899aabbccddeeff0011223344556677fedcba98765432100123456789abcdef");
    tu_hex_decode(msg, sizeof msg,
                  "1122334455667700ffeeddccbbaa998800112233445566778899aabbcceeff0a"
                  "112233445566778899aabbcceeff0a002233445566778899aabbcceeff0a0011");
    tu_hex_decode(want, sizeof want, "336f4d296059fbe3");
    check_tag("kuznyechik-cmac", key, 32, msg, 64, want, 8, "GOST R 34.13 A.2.6");
}
END_TEST

static json_object *load(const char *name)
{
    char *path = tu_vector_path(name);
    json_object *root = json_object_from_file(path);
    ck_assert_msg(root != NULL, "cannot read %s", path);
    free(path);
    return root;
}

static json_object *get(json_object *o, const char *key)
{
    json_object *v;
    ck_assert_msg(json_object_object_get_ex(o, key, &v), "missing \"%s\"", key);
    return v;
}

/* "valid": the tag reproduced and verified; "invalid": a key length CMAC
 * does not take (AXIOM_EKEYLEN, nothing written) or a modified tag, which
 * must fail verification. */
START_TEST(test_wycheproof)
{
    tu_rng_reset("cmac-wycheproof");
    json_object *root = load("aes_cmac_test.json");
    json_object *groups = get(root, "testGroups");
    size_t nvalid = 0, nkey = 0, ntag = 0;
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        const size_t keybits = (size_t)json_object_get_int64(get(grp, "keySize"));
        const size_t taglen = (size_t)json_object_get_int64(get(grp, "tagSize")) / 8;
        char name[32];
        snprintf(name, sizeof name, "aes-%zu-cmac", keybits);
        const int keyok = keybits == 128 || keybits == 192 || keybits == 256;
        json_object *tests = get(grp, "tests");
        for (size_t t = 0; t < json_object_array_length(tests); t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            const int64_t id = json_object_get_int64(get(tc, "tcId"));
            size_t keylen, msglen, tlen;
            uint8_t *key = tu_hex_alloc(json_object_get_string(get(tc, "key")), &keylen);
            uint8_t *msg = tu_hex_alloc(json_object_get_string(get(tc, "msg")), &msglen);
            uint8_t *tag = tu_hex_alloc(json_object_get_string(get(tc, "tag")), &tlen);
            const int valid = !strcmp(json_object_get_string(get(tc, "result")), "valid");
            if (!keyok) {
                TU_ASSERT(!valid, "tcId %" PRId64 ": valid with a %zu-bit key", id, keybits);
                /* Every AES key length: EKEYLEN under each name. */
                static const char *const names[] = { "aes-128-cmac", "aes-192-cmac",
                                                     "aes-256-cmac" };
                for (size_t n = 0; n < 3; n++) {
                    uint8_t out[16];
                    tu_fill_sentinel(out, sizeof out);
                    TU_ASSERT_RC(axiom_mac(names[n], out, taglen, keylen ? key : NULL, keylen,
                                           msg, msglen),
                                 AXIOM_EKEYLEN, "tcId %" PRId64 " %s", id, names[n]);
                    TU_ASSERT_SENTINEL(out, sizeof out, "tcId %" PRId64, id);
                }
                nkey++;
            } else if (valid) {
                TU_ASSERT(tlen == taglen, "tcId %" PRId64 ": tag size", id);
                check_tag(name, key, keylen, msg, msglen, tag, taglen, "Wycheproof");
                nvalid++;
            } else {
                TU_ASSERT(tlen == taglen, "tcId %" PRId64 ": tag size", id);
                axiom_mac_ctx *c;
                TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "new");
                TU_ASSERT_RC(axiom_mac_init(c, key, keylen, NULL, 0), AXIOM_OK, "init");
                TU_ASSERT_RC(axiom_mac_update(c, msglen ? msg : NULL, msglen), AXIOM_OK, "upd");
                TU_ASSERT_RC(axiom_mac_verify(c, tag, taglen), AXIOM_EAUTH,
                             "tcId %" PRId64 ": modified tag accepted", id);
                axiom_mac_free(c);
                ntag++;
            }
            free(key);
            free(msg);
            free(tag);
        }
    }
    printf("aes_cmac_test.json: %zu valid reproduced, %zu bad keys and %zu bad tags rejected\n",
           nvalid, nkey, ntag);
    TU_ASSERT(nvalid == 63 && nkey == 5 && ntag == 243, "not every vector ran");
    json_object_put(root);
}
END_TEST

/* libgcrypt's CMAC as the reference: random keys, lengths around block
 * multiples and up to a few hundred blocks, random splits, truncations. */
START_TEST(test_vs_libgcrypt)
{
    static const struct {
        const char *name;
        int algo;
        size_t keylen;
    } algs[] = {
        { "aes-128-cmac", GCRY_MAC_CMAC_AES, 16 },
        { "aes-192-cmac", GCRY_MAC_CMAC_AES, 24 },
        { "aes-256-cmac", GCRY_MAC_CMAC_AES, 32 },
        { "sm4-cmac", GCRY_MAC_CMAC_SM4, 16 },
    };
    tu_rng_reset("cmac-gcrypt");
    enum { MAXLEN = 4200 };
    uint8_t *msg = malloc(MAXLEN);
    ck_assert(msg != NULL);
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        for (int it = 0; it < 120; it++) {
            uint8_t key[32], want[16];
            size_t len = it < 70 ? (size_t)it : tu_rand_range(0, MAXLEN);
            size_t taglen = it % 3 ? 16 : tu_rand_range(1, 16);
            tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(msg, MAXLEN);
            gcry_mac_hd_t h;
            TU_ASSERT(gcry_mac_open(&h, algs[a].algo, 0, NULL) == 0, "gcry_mac_open");
            TU_ASSERT(gcry_mac_setkey(h, key, algs[a].keylen) == 0, "gcry_mac_setkey");
            TU_ASSERT(gcry_mac_write(h, msg, len) == 0, "gcry_mac_write");
            size_t wl = 16;
            TU_ASSERT(gcry_mac_read(h, want, &wl) == 0 && wl == 16, "gcry_mac_read");
            gcry_mac_close(h);
            check_tag(algs[a].name, key, algs[a].keylen, msg, len, want, taglen, "libgcrypt");
        }
    }
    free(msg);
}
END_TEST

/* Contexts are reusable, a re-init abandons a message, and the errors of
 * the generic layer reach CMAC's predicates. */
START_TEST(test_errors)
{
    static const char *const names[] = { "aes-128-cmac", "aes-192-cmac", "aes-256-cmac",
                                         "sm4-cmac", "kuznyechik-cmac" };
    static const size_t keylens[] = { 16, 24, 32, 16, 32 };
    uint8_t key[33] = { 7 }, msg[40] = { 9 }, tag[17], ref[16];
    for (size_t i = 0; i < 5; i++) {
        const char *n = names[i];
        TU_ASSERT(axiom_impl(n) != NULL, "axiom_impl(%s)", n);
        for (size_t kl = 0; kl <= 33; kl++) {
            if (kl == keylens[i])
                continue;
            tu_fill_sentinel(tag, sizeof tag);
            TU_ASSERT_RC(axiom_mac(n, tag, 16, key, kl, msg, 40), AXIOM_EKEYLEN, "%s key %zu", n,
                         kl);
            TU_ASSERT_SENTINEL(tag, sizeof tag, "%s key %zu", n, kl);
        }
        TU_ASSERT_RC(axiom_mac(n, tag, 0, key, keylens[i], msg, 40), AXIOM_ETAGLEN, "%s tag 0", n);
        TU_ASSERT_RC(axiom_mac(n, tag, 17, key, keylens[i], msg, 40), AXIOM_ETAGLEN, "%s tag 17",
                     n);
        TU_ASSERT_RC(axiom_mac(n, ref, 16, key, keylens[i], msg, 40), AXIOM_OK, "%s", n);
        axiom_mac_ctx *c;
        TU_ASSERT_RC(axiom_mac_new(&c, n), AXIOM_OK, "%s new", n);
        TU_ASSERT_RC(axiom_mac_init(c, key, keylens[i], key, 16), AXIOM_EIVLEN, "%s nonce", n);
        TU_ASSERT_RC(axiom_mac_update(c, msg, 1), AXIOM_ESTATE, "%s no key", n);
        /* A message abandoned by a re-init leaves no trace. */
        TU_ASSERT_RC(axiom_mac_init(c, key + 1, keylens[i], NULL, 0), AXIOM_OK, "%s init", n);
        TU_ASSERT_RC(axiom_mac_update(c, msg, 23), AXIOM_OK, "%s update", n);
        TU_ASSERT_RC(axiom_mac_init(c, key, keylens[i], NULL, 0), AXIOM_OK, "%s re-init", n);
        TU_ASSERT_RC(axiom_mac_update(c, msg, 40), AXIOM_OK, "%s update", n);
        TU_ASSERT_RC(axiom_mac_final(c, tag, 16), AXIOM_OK, "%s final", n);
        TU_ASSERT_MEM_EQ(tag, ref, 16, "%s after re-init", n);
        /* The tag may overwrite the message it covers. */
        memcpy(tag, msg, 16);
        TU_ASSERT_RC(axiom_mac(n, tag, 16, key, keylens[i], tag, 16), AXIOM_OK, "%s in place", n);
        TU_ASSERT_RC(axiom_mac(n, ref, 16, key, keylens[i], msg, 16), AXIOM_OK, "%s", n);
        TU_ASSERT_MEM_EQ(tag, ref, 16, "%s tag over its message", n);
        axiom_mac_free(c);
    }
}
END_TEST

static Suite *cmac_suite(void)
{
    Suite *s = suite_create("cmac");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_sp800_38b);
    tcase_add_test(tc, test_gost_r3413);
    tcase_add_test(tc, test_wycheproof);
    tcase_add_test(tc, test_vs_libgcrypt);
    tcase_add_test(tc, test_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_cmac");
    tu_gcry_init();
    return tu_run_suite(cmac_suite());
}
