/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The generic MAC API (axiom/mac.h): HMAC through it against axiom_hmac()
 * and RFC 4231, streaming splits, verification, and every error path. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

/* RFC 4231, test case 2. */
static const char jefe_msg[] = "what do ya want for nothing?";
static const struct {
    const char *name, *tag;
} rfc4231[] = {
    { "hmac-sha224", "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
    { "hmac-sha256", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
};

START_TEST(test_hmac_kat)
{
    for (size_t i = 0; i < sizeof rfc4231 / sizeof rfc4231[0]; i++) {
        size_t n;
        uint8_t *want = tu_hex_alloc(rfc4231[i].tag, &n), got[32];
        TU_ASSERT_RC(axiom_mac(rfc4231[i].name, got, n, (const uint8_t *)"Jefe", 4, jefe_msg,
                               strlen(jefe_msg)), AXIOM_OK, "%s one-shot", rfc4231[i].name);
        TU_ASSERT_MEM_EQ(got, want, n, "%s one-shot", rfc4231[i].name);
        axiom_mac_ctx *c;
        TU_ASSERT_RC(axiom_mac_new(&c, rfc4231[i].name), AXIOM_OK, "%s new", rfc4231[i].name);
        TU_ASSERT_RC(axiom_mac_init(c, (const uint8_t *)"Jefe", 4, NULL, 0), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_mac_update(c, jefe_msg, 5), AXIOM_OK, "update");
        TU_ASSERT_RC(axiom_mac_update(c, jefe_msg + 5, strlen(jefe_msg) - 5), AXIOM_OK, "update");
        TU_ASSERT_RC(axiom_mac_verify(c, want, n), AXIOM_OK, "%s verify", rfc4231[i].name);
        axiom_mac_free(c);
        free(want);
    }
}
END_TEST

/* HMAC through the MAC API is axiom_hmac(), for every key length around
 * the block size, message lengths around it, random splits and every
 * truncation, and the context restarts after final under the same key. */
START_TEST(test_hmac_vs_hmac)
{
    static const char *const hashes[] = { "sha224", "sha256" };
    tu_rng_reset("mac-hmac");
    for (size_t h = 0; h < 2; h++) {
        char name[32];
        snprintf(name, sizeof name, "hmac-%s", hashes[h]);
        const size_t dl = h ? 32 : 28;
        axiom_mac_ctx *c;
        TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "%s new", name);
        for (int it = 0; it < 300; it++) {
            uint8_t key[150], msg[300], want[32], got[32];
            size_t keylen = it < 150 ? (size_t)it : tu_rand_range(0, sizeof key);
            size_t len = tu_rand_range(0, sizeof msg), taglen = tu_rand_range(1, dl);
            tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(msg, sizeof msg);
            TU_ASSERT_RC(axiom_hmac(hashes[h], want, dl, key, keylen, msg, len), AXIOM_OK,
                         "axiom_hmac");
            TU_ASSERT_RC(axiom_mac(name, got, taglen, keylen ? key : NULL, keylen, msg, len),
                         AXIOM_OK, "%s one-shot", name);
            TU_ASSERT_MEM_EQ(got, want, taglen, "%s one-shot, key %zu, len %zu", name, keylen,
                             len);
            TU_ASSERT_RC(axiom_mac_init(c, key, keylen, NULL, 0), AXIOM_OK, "init");
            for (int round = 0; round < 2; round++) {
                size_t cuts[9], parts = tu_random_split(cuts, len, 1);
                for (size_t p = 0; p < parts; p++)
                    TU_ASSERT_RC(axiom_mac_update(c, msg + cuts[p], cuts[p + 1] - cuts[p]),
                                 AXIOM_OK, "update");
                memset(got, 0, sizeof got);
                TU_ASSERT_RC(axiom_mac_final(c, got, taglen), AXIOM_OK, "final");
                TU_ASSERT_MEM_EQ(got, want, taglen, "%s streamed (round %d), key %zu, len %zu",
                                 name, round, keylen, len);
            }
        }
        axiom_mac_free(c);
    }
}
END_TEST

START_TEST(test_verify)
{
    tu_rng_reset("mac-verify");
    uint8_t key[32], msg[77], tag[32];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(msg, sizeof msg);
    TU_ASSERT_RC(axiom_mac("hmac-sha256", tag, 32, key, 32, msg, sizeof msg), AXIOM_OK, "mac");
    axiom_mac_ctx *c;
    TU_ASSERT_RC(axiom_mac_new(&c, "hmac-sha256"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_mac_init(c, key, 32, NULL, 0), AXIOM_OK, "init");
    for (size_t bit = 0; bit < 8 * 32; bit++) {
        tag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        TU_ASSERT_RC(axiom_mac_update(c, msg, sizeof msg), AXIOM_OK, "update");
        TU_ASSERT_RC(axiom_mac_verify(c, tag, 32), AXIOM_EAUTH, "bit %zu flipped", bit);
        tag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    TU_ASSERT_RC(axiom_mac_update(c, msg, sizeof msg), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_mac_verify(c, tag, 32), AXIOM_OK, "intact");
    /* A truncated tag verifies as such. */
    TU_ASSERT_RC(axiom_mac_update(c, msg, sizeof msg), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_mac_verify(c, tag, 10), AXIOM_OK, "10-byte prefix");
    axiom_mac_free(c);
}
END_TEST

START_TEST(test_errors)
{
    uint8_t key[32] = { 1 }, msg[8] = { 2 }, tag[40];
    axiom_mac_ctx *c = (axiom_mac_ctx *)1;
    TU_ASSERT_RC(axiom_mac_new(NULL, "hmac-sha256"), AXIOM_EINVAL, "new NULL ctx");
    TU_ASSERT_RC(axiom_mac_new(&c, NULL), AXIOM_EINVAL, "new NULL name");
    TU_ASSERT(c == NULL, "ctx not cleared on error");
    static const char *const unknown[] = { "hmac-", "hmac-md5", "hmac-sha256-many", "sha256",
                                           "hmac", "", "hmac-sha2560", "aes-128-gcm" };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        TU_ASSERT_RC(axiom_mac_new(&c, unknown[i]), AXIOM_ENOTFOUND, "new '%s'", unknown[i]);
        tu_fill_sentinel(tag, sizeof tag);
        TU_ASSERT_RC(axiom_mac(unknown[i], tag, 16, key, 32, msg, 8), AXIOM_ENOTFOUND, "'%s'",
                     unknown[i]);
        TU_ASSERT_SENTINEL(tag, sizeof tag, "mac '%s'", unknown[i]);
        TU_ASSERT(axiom_impl(unknown[i]) == NULL || strcmp(unknown[i], "sha256") == 0 ||
                      strcmp(unknown[i], "aes-128-gcm") == 0,
                  "axiom_impl('%s')", unknown[i]);
    }
    TU_ASSERT_RC(axiom_mac_new(&c, "HMAC-Sha256"), AXIOM_OK, "case-insensitive");
    TU_ASSERT_RC(axiom_mac_update(c, msg, 8), AXIOM_ESTATE, "update before init");
    TU_ASSERT_RC(axiom_mac_final(c, tag, 16), AXIOM_ESTATE, "final before init");
    TU_ASSERT_RC(axiom_mac_verify(c, tag, 16), AXIOM_ESTATE, "verify before init");
    TU_ASSERT_RC(axiom_mac_init(NULL, key, 32, NULL, 0), AXIOM_EINVAL, "init NULL ctx");
    TU_ASSERT_RC(axiom_mac_init(c, NULL, 32, NULL, 0), AXIOM_EINVAL, "init NULL key");
    TU_ASSERT_RC(axiom_mac_init(c, key, 32, NULL, 12), AXIOM_EINVAL, "init NULL nonce");
    TU_ASSERT_RC(axiom_mac_init(c, key, 32, key, 12), AXIOM_EIVLEN, "HMAC takes no nonce");
    TU_ASSERT_RC(axiom_mac_update(c, msg, 8), AXIOM_ESTATE, "a refused init keys nothing");
    TU_ASSERT_RC(axiom_mac_init(c, NULL, 0, NULL, 0), AXIOM_OK, "empty key");
    TU_ASSERT_RC(axiom_mac_init(c, key, 32, NULL, 0), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_mac_update(NULL, msg, 8), AXIOM_EINVAL, "update NULL ctx");
    TU_ASSERT_RC(axiom_mac_update(c, NULL, 8), AXIOM_EINVAL, "update NULL in");
    TU_ASSERT_RC(axiom_mac_update(c, NULL, 0), AXIOM_OK, "update NULL, 0");
    TU_ASSERT_RC(axiom_mac_update(c, msg, SIZE_MAX), AXIOM_ELENGTH, "update past the limit");
    tu_fill_sentinel(tag, sizeof tag);
    TU_ASSERT_RC(axiom_mac_final(c, NULL, 16), AXIOM_EINVAL, "final NULL tag");
    TU_ASSERT_RC(axiom_mac_final(c, tag, 0), AXIOM_ETAGLEN, "final 0");
    TU_ASSERT_RC(axiom_mac_final(c, tag, 33), AXIOM_ETAGLEN, "final 33");
    TU_ASSERT_RC(axiom_mac_verify(c, tag, 33), AXIOM_ETAGLEN, "verify 33");
    TU_ASSERT_RC(axiom_mac_verify(c, NULL, 16), AXIOM_EINVAL, "verify NULL");
    TU_ASSERT_SENTINEL(tag, sizeof tag, "final on error");
    /* The message survived the refused calls. */
    uint8_t want[32];
    TU_ASSERT_RC(axiom_mac_update(c, msg, 8), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_mac_final(c, tag, 32), AXIOM_OK, "final");
    TU_ASSERT_RC(axiom_hmac("sha256", want, 32, key, 32, msg, 8), AXIOM_OK, "hmac");
    TU_ASSERT_MEM_EQ(tag, want, 32, "after refused calls");
    axiom_mac_free(c);
    axiom_mac_free(NULL);

    tu_fill_sentinel(tag, sizeof tag);
    TU_ASSERT_RC(axiom_mac(NULL, tag, 16, key, 32, msg, 8), AXIOM_EINVAL, "NULL name");
    TU_ASSERT_RC(axiom_mac("hmac-sha256", NULL, 16, key, 32, msg, 8), AXIOM_EINVAL, "NULL tag");
    TU_ASSERT_RC(axiom_mac("hmac-sha256", tag, 16, NULL, 32, msg, 8), AXIOM_EINVAL, "NULL key");
    TU_ASSERT_RC(axiom_mac("hmac-sha256", tag, 16, key, 32, NULL, 8), AXIOM_EINVAL, "NULL in");
    TU_ASSERT_RC(axiom_mac("hmac-sha224", tag, 29, key, 32, msg, 8), AXIOM_ETAGLEN, "29");
    TU_ASSERT_RC(axiom_mac("hmac-sha256", tag, 16, key, 32, msg, SIZE_MAX), AXIOM_ELENGTH,
                 "past the limit");
    TU_ASSERT_SENTINEL(tag, sizeof tag, "one-shot on error");
    /* The tag may overlay the message: it is written last. */
    uint8_t buf[64];
    tu_rand_bytes(buf, sizeof buf);
    TU_ASSERT_RC(axiom_hmac("sha256", want, 32, key, 32, buf, sizeof buf), AXIOM_OK, "hmac");
    TU_ASSERT_RC(axiom_mac("hmac-sha256", buf + 8, 32, key, 32, buf, sizeof buf), AXIOM_OK,
                 "overlay");
    TU_ASSERT_MEM_EQ(buf + 8, want, 32, "tag over its own message");
}
END_TEST

/* The MAC names reach the kernel registry: HMAC is served by its hash's
 * kernels. */
START_TEST(test_impl)
{
    const char *h = axiom_impl("sha256"), *m = axiom_impl("hmac-sha256");
    TU_ASSERT(h && m && strcmp(h, m) == 0, "axiom_impl(hmac-sha256) = %s, sha256 = %s",
              m ? m : "NULL", h ? h : "NULL");
    const char *k;
    TU_ASSERT_RC(axiom_kernel_info("hmac-sha224", 0, &k, NULL, NULL), AXIOM_OK, "kernel_info");
}
END_TEST

static Suite *mac_suite(void)
{
    Suite *s = suite_create("mac");
    TCase *tc = tcase_create("hmac");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_hmac_kat);
    tcase_add_test(tc, test_hmac_vs_hmac);
    tcase_add_test(tc, test_verify);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_impl);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_mac");
    return tu_run_suite(mac_suite());
}
