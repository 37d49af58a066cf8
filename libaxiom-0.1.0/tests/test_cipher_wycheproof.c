/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Project Wycheproof vectors (tests/vectors, see README.md there):
 * aes_xts_test.json for aes-128-xts / aes-256-xts, and
 * aes_cbc_pkcs5_test.json for the raw aes-*-cbc underneath PKCS#5 padding
 * (libaxiom does not pad; the padding is applied and checked here). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include <axiom.h>

#include "testutil.h"

static json_object *load(const char *file)
{
    char *path = tu_vector_path(file);
    json_object *root = json_object_from_file(path);
    ck_assert_msg(root != NULL, "cannot read or parse %s (set AXIOM_VECTORS): %s", path,
                  json_util_get_last_err() ? json_util_get_last_err() : "?");
    free(path);
    return root;
}

static json_object *field(json_object *o, const char *key)
{
    json_object *v = NULL;
    ck_assert_msg(json_object_object_get_ex(o, key, &v) && v != NULL, "JSON field \"%s\" missing", key);
    return v;
}

static const char *sfield(json_object *o, const char *key)
{
    json_object *v = field(o, key);
    ck_assert_msg(json_object_is_type(v, json_type_string), "JSON field \"%s\" is not a string", key);
    return json_object_get_string(v);
}

static int ifield(json_object *o, const char *key)
{
    json_object *v = field(o, key);
    ck_assert_msg(json_object_is_type(v, json_type_int), "JSON field \"%s\" is not an integer", key);
    return json_object_get_int(v);
}

/* ------------------------------------------------------------ XTS */

START_TEST(test_xts)
{
    json_object *root = load("aes_xts_test.json");
    ck_assert_str_eq(sfield(root, "algorithm"), "AES-XTS");
    const int declared = ifield(root, "numberOfTests");
    json_object *groups = field(root, "testGroups");
    size_t ngroups = json_object_array_length(groups);
    int seen = 0, run = 0, skipped = 0, short_units = 0, padded_iv = 0;

    for (size_t g = 0; g < ngroups; g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        const int keybits = ifield(grp, "keySize");
        const int ivbits = ifield(grp, "ivSize");
        json_object *tests = field(grp, "tests");
        size_t nt = json_object_array_length(tests);
        seen += (int)nt;
        const char *name = keybits == 256 ? "aes-128-xts" : keybits == 512 ? "aes-256-xts" : NULL;
        if (!name) {
            TU_ASSERT(keybits == 384, "unexpected XTS keySize %d", keybits);
            skipped += (int)nt; /* AES-192-XTS is not offered */
            continue;
        }
        TU_ASSERT(ivbits % 8 == 0 && ivbits <= 128, "ivSize %d", ivbits);

        for (size_t t = 0; t < nt; t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            const int id = ifield(tc, "tcId");
            const char *result = sfield(tc, "result");
            size_t keylen, ivlen, msglen, ctlen;
            uint8_t *key = tu_hex_alloc(sfield(tc, "key"), &keylen);
            uint8_t *iv0 = tu_hex_alloc(sfield(tc, "iv"), &ivlen);
            uint8_t *msg = tu_hex_alloc(sfield(tc, "msg"), &msglen);
            uint8_t *ct = tu_hex_alloc(sfield(tc, "ct"), &ctlen);
            TU_ASSERT(keylen * 8 == (size_t)keybits, "tcId %d: key of %zu bytes", id, keylen);
            TU_ASSERT(ivlen * 8 == (size_t)ivbits, "tcId %d: iv of %zu bytes", id, ivlen);
            TU_ASSERT(ivlen <= 16, "tcId %d: iv of %zu bytes", id, ivlen);
            /* The tweak is a little-endian data-unit number: a shorter IV is
             * zero-extended on the right. */
            uint8_t iv[16] = { 0 };
            memcpy(iv, iv0, ivlen);
            padded_iv += ivlen < 16;

            size_t n = msglen > ctlen ? msglen : ctlen;
            uint8_t *out = malloc(n + 1);
            axiom_cipher_ctx *c = NULL;
            TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "new %s", name);
            const int valid = !strcmp(result, "valid");
            if (msglen < 16) {
                short_units++;
                for (int dir = 0; dir <= 1; dir++) {
                    TU_ASSERT_RC(axiom_cipher_init(c, dir, key, keylen, iv, 16), AXIOM_OK,
                                 "tcId %d init", id);
                    tu_fill_sentinel(out, n + 1);
                    TU_ASSERT_RC(axiom_cipher_update(c, out, dir ? msg : ct, msglen), AXIOM_ELENGTH,
                                 "tcId %d: %zu-byte unit", id, msglen);
                    TU_ASSERT_SENTINEL(out, n + 1, "tcId %d", id);
                }
            } else if (valid) {
                TU_ASSERT(msglen == ctlen, "tcId %d: msg %zu ct %zu", id, msglen, ctlen);
                TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, keylen, iv, 16), AXIOM_OK,
                             "tcId %d init", id);
                TU_ASSERT_RC(axiom_cipher_update(c, out, msg, msglen), AXIOM_OK, "tcId %d enc", id);
                TU_ASSERT_MEM_EQ(out, ct, msglen, "tcId %d (%s, %zu bytes, %d-bit iv) encrypt", id,
                                 name, msglen, ivbits);
                TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, key, keylen, iv, 16), AXIOM_OK,
                             "tcId %d init", id);
                TU_ASSERT_RC(axiom_cipher_update(c, out, ct, msglen), AXIOM_OK, "tcId %d dec", id);
                TU_ASSERT_MEM_EQ(out, msg, msglen, "tcId %d (%s, %zu bytes) decrypt", id, name,
                                 msglen);
                /* and in place, with the key kept */
                memcpy(out, msg, msglen);
                TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, 16), AXIOM_OK, "init");
                TU_ASSERT_RC(axiom_cipher_update(c, out, out, msglen), AXIOM_OK, "tcId %d", id);
                TU_ASSERT_MEM_EQ(out, ct, msglen, "tcId %d encrypt in place", id);
            } else {
                /* No such test in the file today; an invalid unit must not
                 * decrypt to msg. */
                int rc = axiom_cipher_init(c, AXIOM_DECRYPT, key, keylen, iv, 16);
                if (rc == AXIOM_OK)
                    rc = axiom_cipher_update(c, out, ct, ctlen);
                TU_ASSERT(rc != AXIOM_OK || ctlen != msglen || memcmp(out, msg, msglen) != 0,
                          "tcId %d (%s) accepted", id, result);
            }
            run++;
            axiom_cipher_free(c);
            free(out);
            free(key);
            free(iv0);
            free(msg);
            free(ct);
        }
    }
    json_object_put(root);
    printf("aes_xts_test.json: %d run (%d with a right-padded IV, %d short), %d skipped "
           "(AES-192-XTS), %d declared\n", run, padded_iv, short_units, skipped, declared);
    TU_ASSERT(run > 0, "no XTS test ran");
    TU_ASSERT(seen == declared, "file declares %d tests, groups hold %d", declared, seen);
    TU_ASSERT(run + skipped == declared, "ran %d + skipped %d != %d", run, skipped, declared);
    TU_ASSERT(padded_iv > 0, "no short-IV test: the padding rule went untested");
}
END_TEST

/* ------------------------------------------------------------ CBC-PKCS5 */

/* PKCS#7 check on a decrypted buffer: returns the unpadded length, or -1. */
static long pkcs7_unpad(const uint8_t *p, size_t len)
{
    if (len == 0 || len % 16)
        return -1;
    uint8_t pad = p[len - 1];
    if (pad == 0 || pad > 16)
        return -1;
    for (size_t i = len - pad; i < len; i++)
        if (p[i] != pad)
            return -1;
    return (long)(len - pad);
}

START_TEST(test_pkcs7_checker)
{
    /* The checker itself, so that a reject below means what it says. */
    uint8_t b[32];
    memset(b, 0x10, 16);
    TU_ASSERT(pkcs7_unpad(b, 16) == 0, "a full block of 0x10 is valid padding");
    memset(b, 0xaa, 32);
    b[31] = 1;
    TU_ASSERT(pkcs7_unpad(b, 32) == 31, "0x01");
    b[31] = 0;
    TU_ASSERT(pkcs7_unpad(b, 32) == -1, "0x00");
    b[31] = 17;
    TU_ASSERT(pkcs7_unpad(b, 32) == -1, "0x11");
    b[31] = 2;
    b[30] = 3;
    TU_ASSERT(pkcs7_unpad(b, 32) == -1, "02 after 03");
    b[30] = 2;
    TU_ASSERT(pkcs7_unpad(b, 32) == 30, "02 02");
    TU_ASSERT(pkcs7_unpad(b, 0) == -1, "empty");
    TU_ASSERT(pkcs7_unpad(b, 15) == -1, "not whole blocks");
}
END_TEST

START_TEST(test_cbc_pkcs5)
{
    json_object *root = load("aes_cbc_pkcs5_test.json");
    ck_assert_str_eq(sfield(root, "algorithm"), "AES-CBC-PKCS5");
    const int declared = ifield(root, "numberOfTests");
    json_object *groups = field(root, "testGroups");
    size_t ngroups = json_object_array_length(groups);
    int seen = 0, run = 0, nvalid = 0, ninvalid = 0, nlength = 0;

    for (size_t g = 0; g < ngroups; g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        const int keybits = ifield(grp, "keySize");
        const char *name = keybits == 128 ? "aes-128-cbc" : keybits == 192 ? "aes-192-cbc"
                         : keybits == 256 ? "aes-256-cbc" : NULL;
        TU_ASSERT(name != NULL, "unexpected keySize %d", keybits);
        json_object *tests = field(grp, "tests");
        size_t nt = json_object_array_length(tests);
        seen += (int)nt;

        for (size_t t = 0; t < nt; t++) {
            json_object *tc = json_object_array_get_idx(tests, t);
            const int id = ifield(tc, "tcId");
            const char *result = sfield(tc, "result");
            size_t keylen, ivlen, msglen, ctlen;
            uint8_t *key = tu_hex_alloc(sfield(tc, "key"), &keylen);
            uint8_t *iv = tu_hex_alloc(sfield(tc, "iv"), &ivlen);
            uint8_t *msg = tu_hex_alloc(sfield(tc, "msg"), &msglen);
            uint8_t *ct = tu_hex_alloc(sfield(tc, "ct"), &ctlen);
            TU_ASSERT(ivlen == 16 && keylen * 8 == (size_t)keybits, "tcId %d sizes", id);
            uint8_t *out = malloc(ctlen + msglen + 32);
            uint8_t *ref = malloc(ctlen + 16);
            axiom_cipher_ctx *c = NULL;
            TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "new");

            if (!strcmp(result, "valid")) {
                nvalid++;
                /* decrypt: msg followed by correct padding */
                TU_ASSERT(ctlen % 16 == 0 && ctlen > msglen, "tcId %d: ct of %zu bytes", id, ctlen);
                TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, key, keylen, iv, ivlen), AXIOM_OK,
                             "tcId %d", id);
                TU_ASSERT_RC(axiom_cipher_update(c, out, ct, ctlen), AXIOM_OK, "tcId %d", id);
                long core = pkcs7_unpad(out, ctlen);
                TU_ASSERT(core == (long)msglen, "tcId %d: padding check gives %ld, msg has %zu", id,
                          core, msglen);
                TU_ASSERT_MEM_EQ(out, msg, msglen, "tcId %d (%s): decrypted message", id, name);
                /* encrypt msg || padding */
                size_t padded = (msglen / 16 + 1) * 16;
                TU_ASSERT(padded == ctlen, "tcId %d: padded %zu ct %zu", id, padded, ctlen);
                uint8_t *pin = malloc(padded);
                memcpy(pin, msg, msglen);
                memset(pin + msglen, (int)(padded - msglen), padded - msglen);
                TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, keylen, iv, ivlen), AXIOM_OK,
                             "tcId %d", id);
                TU_ASSERT_RC(axiom_cipher_update(c, out, pin, padded), AXIOM_OK, "tcId %d", id);
                TU_ASSERT_MEM_EQ(out, ct, ctlen, "tcId %d (%s): encrypt msg||padding", id, name);
                free(pin);
            } else {
                ninvalid++;
                TU_ASSERT(!strcmp(result, "invalid"), "tcId %d: result %s", id, result);
                if (ctlen % 16) {
                    /* not whole blocks: the raw mode refuses it */
                    nlength++;
                    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, key, keylen, iv, ivlen),
                                 AXIOM_OK, "tcId %d", id);
                    tu_fill_sentinel(out, ctlen + 16);
                    TU_ASSERT_RC(axiom_cipher_update(c, out, ct, ctlen), AXIOM_ELENGTH,
                                 "tcId %d: %zu-byte ciphertext", id, ctlen);
                    TU_ASSERT_SENTINEL(out, ctlen + 16, "tcId %d", id);
                } else {
                    /* The raw decryption is still right (same as libgcrypt's),
                     * and the padding check rejects it. */
                    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, key, keylen, iv, ivlen),
                                 AXIOM_OK, "tcId %d", id);
                    memset(out, 0x5a, ctlen + 16);
                    TU_ASSERT_RC(axiom_cipher_update(c, ctlen ? out : NULL, ctlen ? ct : NULL, ctlen),
                                 AXIOM_OK, "tcId %d", id);
                    memset(ref, 0xa5, ctlen + 16);
                    TU_ASSERT(tu_gcry_crypt(name, 0, key, keylen, iv, ivlen, ref, ct, ctlen) == 0,
                              "tcId %d: libgcrypt refused", id);
                    TU_ASSERT_MEM_EQ(out, ref, ctlen, "tcId %d (%s): raw CBC decryption", id, name);
                    TU_ASSERT(pkcs7_unpad(out, ctlen) < 0, "tcId %d (%s): bad padding accepted",
                              id, sfield(tc, "comment"));
                }
            }
            run++;
            axiom_cipher_free(c);
            free(out);
            free(ref);
            free(key);
            free(iv);
            free(msg);
            free(ct);
        }
    }
    json_object_put(root);
    printf("aes_cbc_pkcs5_test.json: %d run (%d valid, %d invalid of which %d not whole blocks), "
           "%d declared\n", run, nvalid, ninvalid, nlength, declared);
    TU_ASSERT(run > 0 && nvalid > 0 && ninvalid > 0, "run %d valid %d invalid %d", run, nvalid,
              ninvalid);
    TU_ASSERT(seen == declared, "file declares %d tests, groups hold %d", declared, seen);
    TU_ASSERT(run == declared, "ran %d of %d", run, declared);
}
END_TEST

static Suite *wp_suite(void)
{
    Suite *s = suite_create("cipher_wycheproof");
    TCase *tc = tcase_create("wycheproof");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_xts);
    tcase_add_test(tc, test_pkcs7_checker);
    tcase_add_test(tc, test_cbc_pkcs5);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_cipher_wycheproof");
    tu_gcry_init();
    return tu_run_suite(wp_suite());
}
