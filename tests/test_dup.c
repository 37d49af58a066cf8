/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Context copies (axiom_cipher_dup, axiom_gcm_dup, axiom_hash_dup,
 * axiom_hmac_dup): a copy made at any point of a message finishes it exactly
 * as the original and as the one-shot call do, and the two are independent
 * afterwards.  Black box: public API only. */
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

static const char *const cipher_names[] = { TU_CIPHER_NAMES };

static size_t key_len(const char *name)
{
    if (strstr(name, "xts"))
        return strstr(name, "256") ? 64 : 32;
    if (strstr(name, "aes-192"))
        return 24;
    if (strstr(name, "aes-256") || strstr(name, "kuznyechik") || strstr(name, "chacha"))
        return 32;
    return 16;
}

static int blockwise(const char *name)
{
    return strstr(name, "-ecb") || strstr(name, "-cbc");
}

/* Each cipher: encrypt a message in one call; then in two contexts, the
 * second a copy of the first made after a random prefix, both finishing
 * the message (the copy after the original has gone on, so that a shared
 * state would show). */
START_TEST(test_cipher_dup)
{
    tu_rng_reset("cipher-dup");
    uint8_t key[64], iv[16], p[1200], want[1200], a[1200], b[1200];
    for (size_t i = 0; i < sizeof cipher_names / sizeof cipher_names[0]; i++) {
        const char *name = cipher_names[i];
        axiom_cipher_ctx *one = NULL;
        if (axiom_cipher_new(&one, name) == AXIOM_ENOTFOUND)
            continue; /* refused under AXIOM_CT_ONLY */
        const int ecb = strstr(name, "-ecb") != NULL, xts = strstr(name, "xts") != NULL;
        const size_t kl = key_len(name), ivl = ecb ? 0 : 16;
        for (int it = 0; it < 12; it++) {
            size_t len = tu_rand_range(xts ? 16 : 0, sizeof p);
            size_t cut = tu_rand_range(0, len);
            if (blockwise(name)) {
                len &= ~(size_t)15;
                cut &= ~(size_t)15;
            }
            tu_rand_bytes(key, kl);
            tu_rand_bytes(iv, ivl);
            if (strcmp(name, "chacha20") == 0)
                memset(iv, 0, 4); /* block counter 0: no exhaustion */
            tu_rand_bytes(p, len);
            const int dir = tu_rand_range(0, 1) ? AXIOM_ENCRYPT : AXIOM_DECRYPT;
            TU_ASSERT_RC(axiom_cipher_init(one, dir, key, kl, iv, ivl), AXIOM_OK, "%s init", name);
            TU_ASSERT_RC(axiom_cipher_update(one, want, p, len), AXIOM_OK, "%s one call", name);
            if (xts) {
                /* One data unit per tweak: copy after init, before the unit. */
                axiom_cipher_ctx *copy = NULL;
                TU_ASSERT_RC(axiom_cipher_init(one, dir, NULL, 0, iv, ivl), AXIOM_OK, "re-init");
                TU_ASSERT_RC(axiom_cipher_dup(&copy, one), AXIOM_OK, "%s dup", name);
                TU_ASSERT_RC(axiom_cipher_update(one, a, p, len), AXIOM_OK, "original");
                TU_ASSERT_RC(axiom_cipher_update(copy, b, p, len), AXIOM_OK, "copy");
                TU_ASSERT_MEM_EQ(a, want, len, "%s original", name);
                TU_ASSERT_MEM_EQ(b, want, len, "%s copy", name);
                axiom_cipher_free(copy);
                continue;
            }
            axiom_cipher_ctx *orig = NULL, *copy = NULL;
            TU_ASSERT_RC(axiom_cipher_new(&orig, name), AXIOM_OK, "%s new", name);
            TU_ASSERT_RC(axiom_cipher_init(orig, dir, key, kl, iv, ivl), AXIOM_OK, "init");
            TU_ASSERT_RC(axiom_cipher_update(orig, a, p, cut), AXIOM_OK, "prefix");
            TU_ASSERT_RC(axiom_cipher_dup(&copy, orig), AXIOM_OK, "%s dup", name);
            memcpy(b, a, cut);
            TU_ASSERT_RC(axiom_cipher_update(orig, a + cut, p + cut, len - cut), AXIOM_OK, "rest");
            TU_ASSERT_RC(axiom_cipher_update(copy, b + cut, p + cut, len - cut), AXIOM_OK,
                         "rest through the copy");
            TU_ASSERT_MEM_EQ(a, want, len, "%s original, cut %zu of %zu", name, cut, len);
            TU_ASSERT_MEM_EQ(b, want, len, "%s copy, cut %zu of %zu", name, cut, len);
            axiom_cipher_free(orig);
            axiom_cipher_free(copy);
        }
        axiom_cipher_free(one);
    }
}
END_TEST

START_TEST(test_gcm_dup_before_text)
{
    /* A copy made right after the AD (and one made before any AD) finish
     * the message like the original. */
    tu_rng_reset("gcm-dup");
    static const char *const names[] = { "aes-128-gcm", "sm4-gcm", "chacha20-poly1305" };
    for (size_t i = 0; i < 3; i++) {
        axiom_gcm_ctx *g = NULL, *c1 = NULL, *c2 = NULL;
        if (axiom_gcm_new(&g, names[i]) == AXIOM_ENOTFOUND)
            continue;
        uint8_t key[32], iv[12], ad[33], p[100], o[3][100], t[3][16];
        const size_t kl = i == 2 ? 32 : 16;
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(ad, sizeof ad);
        tu_rand_bytes(p, sizeof p);
        TU_ASSERT_RC(axiom_gcm_setkey(g, key, kl), AXIOM_OK, "setkey");
        TU_ASSERT_RC(axiom_gcm_init(g, AXIOM_ENCRYPT, iv, 12), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_gcm_dup(&c1, g), AXIOM_OK, "dup before AD");
        TU_ASSERT_RC(axiom_gcm_aad(g, ad, 17), AXIOM_OK, "aad");
        TU_ASSERT_RC(axiom_gcm_aad(c1, ad, 17), AXIOM_OK, "aad");
        TU_ASSERT_RC(axiom_gcm_aad(g, ad + 17, 16), AXIOM_OK, "aad");
        TU_ASSERT_RC(axiom_gcm_dup(&c2, g), AXIOM_OK, "dup after AD");
        TU_ASSERT_RC(axiom_gcm_aad(c1, ad + 17, 16), AXIOM_OK, "aad");
        axiom_gcm_ctx *all[3] = { g, c1, c2 };
        for (int k = 0; k < 3; k++) {
            TU_ASSERT_RC(axiom_gcm_update(all[k], o[k], p, sizeof p), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_gcm_final(all[k], t[k], 16), AXIOM_OK, "final");
        }
        for (int k = 1; k < 3; k++) {
            TU_ASSERT_MEM_EQ(o[k], o[0], sizeof p, "%s copy %d text", names[i], k);
            TU_ASSERT_MEM_EQ(t[k], t[0], 16, "%s copy %d tag", names[i], k);
        }
        axiom_gcm_free(g);
        axiom_gcm_free(c1);
        axiom_gcm_free(c2);
    }
}
END_TEST

START_TEST(test_hash_dup)
{
    tu_rng_reset("hash-dup");
    static const char *const names[] = { "sha224", "sha256" };
    uint8_t m[700], want[64], a[64], b[64], key[100];
    for (size_t i = 0; i < 2; i++) {
        const size_t dl = i == 0 ? 28 : 32;
        for (int it = 0; it < 40; it++) {
            size_t len = tu_rand_range(0, sizeof m), cut = tu_rand_range(0, len);
            size_t kl = tu_rand_range(0, sizeof key);
            tu_rand_bytes(m, len);
            tu_rand_bytes(key, kl);

            axiom_hash_ctx *h = NULL, *hc = NULL;
            TU_ASSERT_RC(axiom_hash(names[i], want, dl, m, len), AXIOM_OK, "one-shot");
            TU_ASSERT_RC(axiom_hash_new(&h, names[i]), AXIOM_OK, "new");
            TU_ASSERT_RC(axiom_hash_update(h, m, cut), AXIOM_OK, "prefix");
            TU_ASSERT_RC(axiom_hash_dup(&hc, h), AXIOM_OK, "dup");
            TU_ASSERT_RC(axiom_hash_update(h, m + cut, len - cut), AXIOM_OK, "rest");
            TU_ASSERT_RC(axiom_hash_final(h, a, dl), AXIOM_OK, "final");
            TU_ASSERT_RC(axiom_hash_update(hc, m + cut, len - cut), AXIOM_OK, "rest (copy)");
            TU_ASSERT_RC(axiom_hash_final(hc, b, dl), AXIOM_OK, "final (copy)");
            TU_ASSERT_MEM_EQ(a, want, dl, "%s original", names[i]);
            TU_ASSERT_MEM_EQ(b, want, dl, "%s copy, cut %zu of %zu", names[i], cut, len);
            axiom_hash_free(h);
            axiom_hash_free(hc);

            axiom_hmac_ctx *mac = NULL, *mc = NULL;
            TU_ASSERT_RC(axiom_hmac(names[i], want, dl, key, kl, m, len), AXIOM_OK, "hmac");
            TU_ASSERT_RC(axiom_hmac_new(&mac, names[i]), AXIOM_OK, "hmac new");
            TU_ASSERT_RC(axiom_hmac_setkey(mac, key, kl), AXIOM_OK, "hmac setkey");
            TU_ASSERT_RC(axiom_hmac_update(mac, m, cut), AXIOM_OK, "hmac prefix");
            TU_ASSERT_RC(axiom_hmac_dup(&mc, mac), AXIOM_OK, "hmac dup");
            TU_ASSERT_RC(axiom_hmac_update(mac, m + cut, len - cut), AXIOM_OK, "hmac rest");
            TU_ASSERT_RC(axiom_hmac_final(mac, a, dl), AXIOM_OK, "hmac final");
            TU_ASSERT_RC(axiom_hmac_update(mc, m + cut, len - cut), AXIOM_OK, "copy rest");
            TU_ASSERT_RC(axiom_hmac_final(mc, b, dl), AXIOM_OK, "copy final");
            TU_ASSERT_MEM_EQ(a, want, dl, "hmac-%s original", names[i]);
            TU_ASSERT_MEM_EQ(b, want, dl, "hmac-%s copy, cut %zu", names[i], cut);
            /* The copy keeps the key for the next message. */
            TU_ASSERT_RC(axiom_hmac_update(mc, m, len), AXIOM_OK, "copy next");
            TU_ASSERT_RC(axiom_hmac_final(mc, b, dl), AXIOM_OK, "copy next final");
            TU_ASSERT_MEM_EQ(b, want, dl, "hmac-%s copy, second message", names[i]);
            axiom_hmac_free(mac);
            axiom_hmac_free(mc);
        }
    }
}
END_TEST

START_TEST(test_dup_args)
{
    axiom_cipher_ctx *c = NULL, *cc = (axiom_cipher_ctx *)&c;
    axiom_gcm_ctx *g = NULL, *gc = (axiom_gcm_ctx *)&g;
    axiom_hash_ctx *h = NULL, *hc = (axiom_hash_ctx *)&h;
    axiom_hmac_ctx *m = NULL, *mc = (axiom_hmac_ctx *)&m;
    TU_ASSERT_RC(axiom_cipher_dup(&cc, NULL), AXIOM_EINVAL, "cipher NULL source");
    TU_ASSERT(cc == NULL, "copy set to NULL on error");
    TU_ASSERT_RC(axiom_gcm_dup(&gc, NULL), AXIOM_EINVAL, "gcm NULL source");
    TU_ASSERT(gc == NULL, "copy set to NULL on error");
    TU_ASSERT_RC(axiom_hash_dup(&hc, NULL), AXIOM_EINVAL, "hash NULL source");
    TU_ASSERT(hc == NULL, "copy set to NULL on error");
    TU_ASSERT_RC(axiom_hmac_dup(&mc, NULL), AXIOM_EINVAL, "hmac NULL source");
    TU_ASSERT(mc == NULL, "copy set to NULL on error");
    TU_ASSERT_RC(axiom_cipher_new(&c, "aes-128-ctr"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_cipher_dup(NULL, c), AXIOM_EINVAL, "NULL destination");
    /* An unkeyed context copies too, and stays unkeyed. */
    TU_ASSERT_RC(axiom_cipher_dup(&cc, c), AXIOM_OK, "dup before init");
    uint8_t buf[16] = { 0 };
    TU_ASSERT_RC(axiom_cipher_update(cc, buf, buf, 16), AXIOM_ESTATE, "copy not initialised");
    axiom_cipher_free(c);
    axiom_cipher_free(cc);
    TU_ASSERT_RC(axiom_gcm_new(&g, "aes-256-gcm"), AXIOM_OK, "gcm new");
    TU_ASSERT_RC(axiom_gcm_dup(NULL, g), AXIOM_EINVAL, "NULL destination");
    TU_ASSERT_RC(axiom_gcm_dup(&gc, g), AXIOM_OK, "dup before setkey");
    TU_ASSERT_RC(axiom_gcm_init(gc, AXIOM_ENCRYPT, buf, 12), AXIOM_ESTATE, "copy has no key");
    axiom_gcm_free(g);
    axiom_gcm_free(gc);
    TU_ASSERT_RC(axiom_hash_new(&h, "sha256"), AXIOM_OK, "hash new");
    TU_ASSERT_RC(axiom_hash_dup(NULL, h), AXIOM_EINVAL, "NULL destination");
    axiom_hash_free(h);
    TU_ASSERT_RC(axiom_hmac_new(&m, "sha256"), AXIOM_OK, "hmac new");
    TU_ASSERT_RC(axiom_hmac_dup(&mc, m), AXIOM_OK, "dup before setkey");
    TU_ASSERT_RC(axiom_hmac_update(mc, buf, 1), AXIOM_ESTATE, "copy has no key");
    axiom_hmac_free(m);
    axiom_hmac_free(mc);
}
END_TEST

static Suite *dup_suite(void)
{
    Suite *s = suite_create("dup");
    TCase *tc = tcase_create("dup");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_cipher_dup);
    tcase_add_test(tc, test_gcm_dup_before_text);
    tcase_add_test(tc, test_hash_dup);
    tcase_add_test(tc, test_dup_args);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_dup");
    return tu_run_suite(dup_suite());
}
