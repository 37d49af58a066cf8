/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Project Wycheproof vectors for HMAC and HKDF with SHA-256, SHA-384 and
 * SHA-512 (tests/vectors/hmac_sha*_test.json, hkdf_sha*_test.json).
 *
 * HMAC: "valid" tags must be reproduced; "invalid" ones are modified tags,
 * which a verifier must reject, so our tag of the group's size must differ
 * from them (compared in constant time, as a verifier would).  HKDF:
 * "valid" outputs must be reproduced; "invalid" ones ask for more than
 * 255 times the digest size and must fail with AXIOM_ELENGTH, writing
 * nothing. */
#include "config.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

/* The sentinel of tu_fill_sentinel() depends on the offset: check bytes
 * [from, total) of a buffer filled whole. */
#define TAIL_SENTINEL(buf, from, total, fmt, ...)                                 \
    do {                                                                        \
        for (size_t tail_i_ = (from); tail_i_ < (total); tail_i_++)             \
            TU_ASSERT((buf)[tail_i_] == (uint8_t)(0xa5 ^ (tail_i_ * 7)),         \
                      fmt ": byte %zu written", ##__VA_ARGS__, tail_i_);         \
    } while (0)

static json_object *load(const char *name)
{
    char *path = tu_vector_path(name);
    json_object *root = json_object_from_file(path);
    ck_assert_msg(root != NULL, "cannot read %s", path);
    free(path);
    return root;
}

static const char *str(json_object *o, const char *key)
{
    json_object *v;
    ck_assert_msg(json_object_object_get_ex(o, key, &v), "missing \"%s\"", key);
    return json_object_get_string(v);
}

static int64_t num(json_object *o, const char *key)
{
    json_object *v;
    ck_assert_msg(json_object_object_get_ex(o, key, &v), "missing \"%s\"", key);
    return json_object_get_int64(v);
}

static int ct_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t d = 0;
    for (size_t i = 0; i < n; i++)
        d |= (uint8_t)(a[i] ^ b[i]);
    return d == 0;
}

static const char *const hash_names[] = { "sha256", "sha384", "sha512" };
#define NHASH (sizeof hash_names / sizeof hash_names[0])

START_TEST(test_hmac)
{
    const char *hash = hash_names[_i];
    char file[64];
    snprintf(file, sizeof file, "hmac_%s_test.json", hash);
    json_object *root = load(file);
    json_object *groups;
    ck_assert(json_object_object_get_ex(root, "testGroups", &groups));
    size_t nvalid = 0, ninvalid = 0;
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        size_t tagsize = (size_t)num(grp, "tagSize") / 8;
        json_object *tests;
        ck_assert(json_object_object_get_ex(grp, "tests", &tests));
        for (size_t t = 0; t < json_object_array_length(tests); t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            int id = (int)num(tc, "tcId");
            const char *result = str(tc, "result");
            size_t klen, mlen, taglen;
            uint8_t *key = tu_hex_alloc(str(tc, "key"), &klen);
            uint8_t *msg = tu_hex_alloc(str(tc, "msg"), &mlen);
            uint8_t *tag = tu_hex_alloc(str(tc, "tag"), &taglen);
            uint8_t got[64];
            TU_ASSERT(taglen == tagsize && tagsize <= sizeof got, "tcId %d: tag size", id);
            TU_ASSERT_RC(axiom_hmac(hash, got, tagsize, key, klen, msg, mlen), AXIOM_OK,
                         "%s tcId %d", hash, id);
            /* Through a keyed context as well. */
            uint8_t got2[64];
            axiom_hmac_ctx *c;
            TU_ASSERT_RC(axiom_hmac_new(&c, hash), AXIOM_OK, "new");
            TU_ASSERT_RC(axiom_hmac_setkey(c, key, klen), AXIOM_OK, "setkey");
            TU_ASSERT_RC(axiom_hmac_update(c, msg, mlen), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_hmac_final(c, got2, tagsize), AXIOM_OK, "final");
            axiom_hmac_free(c);
            TU_ASSERT_MEM_EQ(got2, got, tagsize, "tcId %d: context vs one-shot", id);
            if (strcmp(result, "valid") == 0) {
                TU_ASSERT_MEM_EQ(got, tag, tagsize, "%s tcId %d (%s)", hash, id,
                                 str(tc, "comment"));
                nvalid++;
            } else {
                TU_ASSERT(!ct_equal(got, tag, tagsize), "tcId %d: invalid tag accepted (%s)",
                          id, str(tc, "comment"));
                ninvalid++;
            }
            free(key);
            free(msg);
            free(tag);
        }
    }
    TU_ASSERT(nvalid + ninvalid == (size_t)num(root, "numberOfTests"), "test count");
    TU_ASSERT(nvalid > 0 && ninvalid > 0, "both kinds present");
    printf("%s: %zu valid reproduced, %zu invalid rejected\n", file, nvalid, ninvalid);
    json_object_put(root);
}
END_TEST

START_TEST(test_hkdf)
{
    const char *hash = hash_names[_i];
    char file[64];
    snprintf(file, sizeof file, "hkdf_%s_test.json", hash);
    json_object *root = load(file);
    json_object *groups;
    ck_assert(json_object_object_get_ex(root, "testGroups", &groups));
    size_t nvalid = 0, ninvalid = 0;
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        json_object *tests;
        ck_assert(json_object_object_get_ex(grp, "tests", &tests));
        for (size_t t = 0; t < json_object_array_length(tests); t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            int id = (int)num(tc, "tcId");
            const char *result = str(tc, "result");
            size_t ikmlen, saltlen, infolen, okmlen;
            size_t size = (size_t)num(tc, "size");
            uint8_t *ikm = tu_hex_alloc(str(tc, "ikm"), &ikmlen);
            uint8_t *salt = tu_hex_alloc(str(tc, "salt"), &saltlen);
            uint8_t *info = tu_hex_alloc(str(tc, "info"), &infolen);
            uint8_t *okm = tu_hex_alloc(str(tc, "okm"), &okmlen);
            uint8_t *out = malloc(size + 64);
            ck_assert(out != NULL);
            tu_fill_sentinel(out, size + 64);
            int rc = axiom_hkdf(hash, out, size, ikm, ikmlen, saltlen ? salt : NULL, saltlen,
                                info, infolen);
            if (strcmp(result, "valid") == 0) {
                TU_ASSERT_RC(rc, AXIOM_OK, "tcId %d (%s)", id, str(tc, "comment"));
                TU_ASSERT(okmlen == size, "tcId %d: size", id);
                TU_ASSERT_MEM_EQ(out, okm, size, "tcId %d (%s)", id, str(tc, "comment"));
                TAIL_SENTINEL(out, size, size + 64, "tcId %d: past the output", id);
                nvalid++;
            } else {
                TU_ASSERT_RC(rc, AXIOM_ELENGTH, "tcId %d (%s)", id, str(tc, "comment"));
                TU_ASSERT_SENTINEL(out, size + 64, "tcId %d", id);
                ninvalid++;
            }
            free(ikm);
            free(salt);
            free(info);
            free(okm);
            free(out);
        }
    }
    TU_ASSERT(nvalid + ninvalid == (size_t)num(root, "numberOfTests"), "test count");
    TU_ASSERT(nvalid > 0 && ninvalid > 0, "both kinds present");
    printf("%s: %zu valid reproduced, %zu invalid rejected\n", file, nvalid, ninvalid);
    json_object_put(root);
}
END_TEST

static Suite *wycheproof_suite(void)
{
    Suite *s = suite_create("hash-wycheproof");
    TCase *tc = tcase_create("wycheproof");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_hmac, 0, (int)NHASH);
    tcase_add_loop_test(tc, test_hkdf, 0, (int)NHASH);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_hash_wycheproof");
    return tu_run_suite(wycheproof_suite());
}
