/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of chacha20 (cipher API), chacha20-poly1305 and xchacha20-poly1305
 * (AEAD API) through the public interface: RFC 8439 and
 * draft-irtf-cfrg-xchacha known answers, Wycheproof, differential tests
 * against libgcrypt (random lengths, split points, in place, misaligned),
 * and misuse (every error path writes nothing; a bad tag wipes the output). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>
#include <gcrypt.h>
#include <json-c/json.h>

#include "chacha/poly1305.h"
#include "testutil.h"

#define SUNSCREEN                                                                       \
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the " \
    "future, sunscreen would be it."

/* RFC 8439 2.4.2 */
#define CT_242                                                                  \
    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"          \
    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"          \
    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365a"        \
    "f90bbf74a35be6b40b8eedf2785e42874d"
/* RFC 8439 2.8.2 */
#define CT_282                                                                  \
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"          \
    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"          \
    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"          \
    "3ff4def08e4b7a9de576d26586cec64b6116"
#define TAG_282 "1ae10b594f09e26a7e902ecbd0600691"
/* draft-irtf-cfrg-xchacha-03 A.3.1 */
#define CT_XA31                                                                 \
    "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"          \
    "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"          \
    "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"          \
    "21f9664c97637da9768812f615c68b13b52e"
#define TAG_XA31 "c0875924c1c7987947deafd8780acf49"

static void seq(uint8_t *p, size_t n, uint8_t first)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(first + i);
}

/* One-shot chacha20 through the cipher API; returns the rc of update. */
static int chacha(uint8_t *out, const uint8_t *in, size_t len, const uint8_t *key,
                  const uint8_t *iv, size_t ivlen)
{
    axiom_cipher_ctx *c;
    ck_assert_int_eq(axiom_cipher_new(&c, "chacha20"), AXIOM_OK);
    ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, ivlen), AXIOM_OK);
    int rc = axiom_cipher_update(c, out, in, len);
    axiom_cipher_free(c);
    return rc;
}

/* ------------------------------------------------------------ known answers */

START_TEST(test_rfc_block_function)
{
    /* RFC 8439 2.3.2: counter 1, the serialized block is the keystream. */
    uint8_t key[32], iv[16] = { 1, 0, 0, 0 }, zero[64] = { 0 }, out[64];
    size_t n;
    seq(key, 32, 0);
    tu_hex_decode(iv + 4, 12, "000000090000004a00000000");
    uint8_t *want = tu_hex_alloc("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                                 "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
                                 &n);
    TU_ASSERT_RC(chacha(out, zero, 64, key, iv, 16), AXIOM_OK, "chacha20");
    TU_ASSERT_MEM_EQ(out, want, 64, "RFC 8439 2.3.2");
    free(want);
}
END_TEST

START_TEST(test_rfc_encryption)
{
    /* RFC 8439 2.4.2, whole and at every split point. */
    uint8_t key[32], iv[16] = { 1, 0, 0, 0 }, out[128];
    const uint8_t *pt = (const uint8_t *)SUNSCREEN;
    size_t len = strlen(SUNSCREEN), n;
    seq(key, 32, 0);
    tu_hex_decode(iv + 4, 12, "000000000000004a00000000");
    uint8_t *want = tu_hex_alloc(CT_242, &n);
    ck_assert_uint_eq(n, len);
    TU_ASSERT_RC(chacha(out, pt, len, key, iv, 16), AXIOM_OK, "chacha20");
    TU_ASSERT_MEM_EQ(out, want, len, "RFC 8439 2.4.2");

    axiom_cipher_ctx *c;
    ck_assert_int_eq(axiom_cipher_new(&c, "CHACHA20"), AXIOM_OK);
    ck_assert_int_eq(axiom_cipher_init(c, AXIOM_DECRYPT, key, 32, iv, 16), AXIOM_OK);
    for (size_t a = 0; a <= len; a++) {
        for (size_t b = a; b <= len; b += 7) {
            memset(out, 0, sizeof out);
            ck_assert_int_eq(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, iv, 16), AXIOM_OK);
            ck_assert_int_eq(axiom_cipher_update(c, out, want, a), AXIOM_OK);
            ck_assert_int_eq(axiom_cipher_update(c, out + a, want + a, b - a), AXIOM_OK);
            ck_assert_int_eq(axiom_cipher_update(c, out + b, want + b, len - b), AXIOM_OK);
            TU_ASSERT_MEM_EQ(out, pt, len, "2.4.2 split at %zu, %zu", a, b);
        }
    }
    axiom_cipher_free(c);
    free(want);
}
END_TEST

/* Seal and open @pt, compare with @ct_hex || @tag_hex, then flip bits. */
static void aead_kat(const char *alg, const uint8_t *key, const char *nonce_hex,
                     const char *ad_hex, const uint8_t *pt, size_t len, const char *ct_hex,
                     const char *tag_hex)
{
    size_t nlen, adlen, ctlen, taglen;
    uint8_t *nonce = tu_hex_alloc(nonce_hex, &nlen), *ad = tu_hex_alloc(ad_hex, &adlen);
    uint8_t *ct = tu_hex_alloc(ct_hex, &ctlen), *tag = tu_hex_alloc(tag_hex, &taglen);
    uint8_t *out = malloc(len + 1), t[16];
    ck_assert_uint_eq(ctlen, len);
    axiom_aead_ctx *c;
    ck_assert_int_eq(axiom_aead_new(&c, alg), AXIOM_OK);
    ck_assert_int_eq(axiom_aead_setkey(c, key, 32), AXIOM_OK);
    TU_ASSERT_RC(axiom_aead_seal(c, out, t, 16, nonce, nlen, ad, adlen, pt, len), AXIOM_OK, "%s seal", alg);
    TU_ASSERT_MEM_EQ(out, ct, len, "%s ciphertext", alg);
    TU_ASSERT_MEM_EQ(t, tag, 16, "%s tag", alg);
    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, nonce, nlen, ad, adlen, ct, len), AXIOM_OK, "%s open", alg);
    TU_ASSERT_MEM_EQ(out, pt, len, "%s plaintext", alg);
    /* In place. */
    memcpy(out, pt, len);
    TU_ASSERT_RC(axiom_aead_seal(c, out, t, 16, nonce, nlen, ad, adlen, out, len), AXIOM_OK, "%s seal", alg);
    TU_ASSERT_MEM_EQ(out, ct, len, "%s ciphertext in place", alg);
    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, nonce, nlen, ad, adlen, out, len), AXIOM_OK, "%s open", alg);
    TU_ASSERT_MEM_EQ(out, pt, len, "%s plaintext in place", alg);
    axiom_aead_free(c);
    free(nonce), free(ad), free(ct), free(tag), free(out);
}

START_TEST(test_rfc_aead)
{
    uint8_t key[32];
    seq(key, 32, 0x80);
    aead_kat("chacha20-poly1305", key, "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
             (const uint8_t *)SUNSCREEN, strlen(SUNSCREEN), CT_282, TAG_282);
    aead_kat("xchacha20-poly1305", key, "404142434445464748494a4b4c4d4e4f5051525354555657",
             "50515253c0c1c2c3c4c5c6c7", (const uint8_t *)SUNSCREEN, strlen(SUNSCREEN), CT_XA31,
             TAG_XA31);
}
END_TEST

/* ------------------------------------------------------------ Wycheproof */

static const char *jstr(json_object *o, const char *k)
{
    json_object *v;
    return json_object_object_get_ex(o, k, &v) ? json_object_get_string(v) : "";
}

static void wycheproof_file(const char *file, const char *alg)
{
    char *path = tu_vector_path(file);
    json_object *root = json_object_from_file(path);
    TU_ASSERT(root != NULL, "cannot read %s", path);
    json_object *groups;
    ck_assert(json_object_object_get_ex(root, "testGroups", &groups));
    axiom_aead_ctx *c;
    ck_assert_int_eq(axiom_aead_new(&c, alg), AXIOM_OK);
    size_t ran = 0;
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g), *tests;
        ck_assert(json_object_object_get_ex(grp, "tests", &tests));
        for (size_t i = 0; i < json_object_array_length(tests); i++) {
            json_object *t = json_object_array_get_idx(tests, i), *idv;
            json_object_object_get_ex(t, "tcId", &idv);
            int id = json_object_get_int(idv);
            int valid = strcmp(jstr(t, "result"), "invalid") != 0;
            size_t klen, nlen, alen, mlen, clen, tlen;
            uint8_t *key = tu_hex_alloc(jstr(t, "key"), &klen);
            uint8_t *iv = tu_hex_alloc(jstr(t, "iv"), &nlen);
            uint8_t *ad = tu_hex_alloc(jstr(t, "aad"), &alen);
            uint8_t *msg = tu_hex_alloc(jstr(t, "msg"), &mlen);
            uint8_t *ct = tu_hex_alloc(jstr(t, "ct"), &clen);
            uint8_t *tag = tu_hex_alloc(jstr(t, "tag"), &tlen);
            uint8_t *out = malloc(mlen + clen + 1), tg[16];
            ck_assert_int_eq(axiom_aead_setkey(c, key, klen), AXIOM_OK);
            int bad_nonce = nlen != (strcmp(alg, "xchacha20-poly1305") == 0 ? 24u : 12u);
            if (bad_nonce) {
                TU_ASSERT(!valid, "%s tcId %d: valid vector with a nonce we refuse", file, id);
                tu_fill_sentinel(out, clen);
                TU_ASSERT_RC(axiom_aead_open(c, out, tag, tlen, iv, nlen, ad, alen, ct, clen),
                             AXIOM_EIVLEN, "%s tcId %d", file, id);
                TU_ASSERT_SENTINEL(out, clen, "%s tcId %d", file, id);
                TU_ASSERT_RC(axiom_aead_seal(c, out, tg, 16, iv, nlen, ad, alen, msg, mlen),
                             AXIOM_EIVLEN, "%s tcId %d seal", file, id);
            } else if (valid) {
                TU_ASSERT_RC(axiom_aead_seal(c, out, tg, 16, iv, nlen, ad, alen, msg, mlen),
                             AXIOM_OK, "%s tcId %d seal", file, id);
                TU_ASSERT_MEM_EQ(out, ct, mlen, "%s tcId %d ct", file, id);
                TU_ASSERT_MEM_EQ(tg, tag, 16, "%s tcId %d tag", file, id);
                TU_ASSERT_RC(axiom_aead_open(c, out, tag, tlen, iv, nlen, ad, alen, ct, clen),
                             AXIOM_OK, "%s tcId %d open", file, id);
                TU_ASSERT_MEM_EQ(out, msg, mlen, "%s tcId %d pt", file, id);
            } else {
                memset(out, 0x5a, clen);
                TU_ASSERT_RC(axiom_aead_open(c, out, tag, tlen, iv, nlen, ad, alen, ct, clen),
                             tlen == 16 ? AXIOM_EAUTH : AXIOM_ETAGLEN, "%s tcId %d", file, id);
                for (size_t j = 0; j < clen && tlen == 16; j++)
                    TU_ASSERT(out[j] == 0, "%s tcId %d: output not wiped at %zu", file, id, j);
            }
            ran++;
            free(key), free(iv), free(ad), free(msg), free(ct), free(tag), free(out);
        }
    }
    TU_ASSERT(ran > 300, "%s: only %zu tests", file, ran);
    axiom_aead_free(c);
    json_object_put(root);
    free(path);
}

START_TEST(test_wycheproof_chacha20_poly1305)
{
    wycheproof_file("chacha20_poly1305_test.json", "chacha20-poly1305");
}
END_TEST

START_TEST(test_wycheproof_xchacha20_poly1305)
{
    wycheproof_file("xchacha20_poly1305_test.json", "xchacha20-poly1305");
}
END_TEST

/* ------------------------------------------------------------ libgcrypt */

static void gcry_chacha(uint8_t *out, const uint8_t *in, size_t len, const uint8_t *key,
                        const uint8_t iv16[16])
{
    gcry_cipher_hd_t h;
    ck_assert_int_eq(gcry_cipher_open(&h, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM, 0), 0);
    ck_assert_int_eq(gcry_cipher_setkey(h, key, 32), 0);
    /* libgcrypt's 16-byte IV is the same counter || nonce layout. */
    ck_assert_int_eq(gcry_cipher_setiv(h, iv16, 16), 0);
    ck_assert_int_eq(gcry_cipher_encrypt(h, out, len, in, len), 0);
    gcry_cipher_close(h);
}

START_TEST(test_gcrypt_stream)
{
    tu_rng_reset("gcrypt_stream");
    enum { MAX = 4096 + 64 };
    uint8_t *ref = malloc(MAX), *in = malloc(MAX + 64), *out = malloc(MAX + 64), *save = malloc(MAX);
    uint8_t key[32], iv[16];
    axiom_cipher_ctx *c;
    ck_assert_int_eq(axiom_cipher_new(&c, "chacha20"), AXIOM_OK);
    for (int iter = 0; iter < 400; iter++) {
        size_t len = iter < 200 ? (size_t)iter * 7 % 4097 : tu_rand_range(0, 4096);
        size_t ia = tu_rand_range(0, 63), oa = tu_rand_range(0, 63);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(iv, 16);
        if (iter & 1)
            memset(iv, 0, 4); /* the 12-byte form: counter 0 */
        else
            iv[3] = 0; /* keep clear of the counter's end (tested apart) */
        tu_rand_bytes(in + ia, len);
        memcpy(save, in + ia, len);
        if (len)
            gcry_chacha(ref, in + ia, len, key, iv);
        int short_iv = iter & 1;
        ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, short_iv ? iv + 4 : iv,
                                           short_iv ? 12 : 16), AXIOM_OK);
        /* Up to three random split points, misaligned. */
        size_t a = tu_rand_range(0, len), b = tu_rand_range(a, len);
        ck_assert_int_eq(axiom_cipher_update(c, out + oa, in + ia, a), AXIOM_OK);
        ck_assert_int_eq(axiom_cipher_update(c, out + oa + a, in + ia + a, b - a), AXIOM_OK);
        ck_assert_int_eq(axiom_cipher_update(c, out + oa + b, in + ia + b, len - b), AXIOM_OK);
        TU_ASSERT_MEM_EQ(out + oa, ref, len, "len %zu split %zu,%zu align %zu/%zu", len, a, b, ia, oa);
        /* In place, one call. */
        ck_assert_int_eq(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, short_iv ? iv + 4 : iv,
                                           short_iv ? 12 : 16), AXIOM_OK);
        ck_assert_int_eq(axiom_cipher_update(c, in + ia, in + ia, len), AXIOM_OK);
        TU_ASSERT_MEM_EQ(in + ia, ref, len, "in place, len %zu", len);
    }
    axiom_cipher_free(c);
    free(ref), free(in), free(out), free(save);
}
END_TEST

/* Messages of several 8-block groups through the API, split next to
 * group boundaries (512 j + {-129, -128, -65, -64, -1, 0, 1, 63, 64,
 * 65, 127, 128, 129, 255, 256, 257}), against libgcrypt; half of them
 * end exactly at block 2^32 - 1, after which the rest of that block is
 * still available and one byte more is refused with AXIOM_ESTATE without
 * writing anything. */
START_TEST(test_stream_groups)
{
    tu_rng_reset("stream_groups");
    static const int near[] = { -129, -128, -65, -64, -1, 0, 1, 63, 64, 65, 127, 128, 129, 255, 256, 257 };
    enum { NN = sizeof near / sizeof near[0], MAX = 512 * 7 + 300 };
    uint8_t *ref = malloc(MAX), *in = malloc(MAX + 64), *out = malloc(MAX + 64 + 65);
    uint8_t key[32], iv[16];
    axiom_cipher_ctx *c;
    ck_assert_int_eq(axiom_cipher_new(&c, "chacha20"), AXIOM_OK);
    for (size_t g = 1; g <= 6; g++)
        for (size_t i = 0; i < NN; i++)
            for (int top = 0; top < 2; top++) {
                const size_t len = (size_t)((ptrdiff_t)(512 * g) + near[i] + 40);
                const uint32_t nb = (uint32_t)((len + 63) / 64);
                const size_t ia = tu_rand_range(0, 63), oa = tu_rand_range(0, 63);
                tu_rand_bytes(key, 32);
                tu_rand_bytes(iv, 16);
                const uint32_t ctr = top ? 0u - nb : (uint32_t)tu_rand64() & 0xffffff;
                for (int b = 0; b < 4; b++)
                    iv[b] = (uint8_t)(ctr >> (8 * b));
                tu_rand_bytes(in + ia, len);
                gcry_chacha(ref, in + ia, len, key, iv);
                ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 16), AXIOM_OK);
                /* Two split points next to group boundaries, the first at
                 * least 40 bytes in (so that each is inside the message). */
                size_t a = 512 * tu_rand_range(0, g - 1) + (size_t)(near[tu_rand_range(0, NN - 1)] + 129) + 40;
                size_t b = 512 * tu_rand_range(0, g) + (size_t)(near[tu_rand_range(0, NN - 1)] + 129) + 40;
                if (a > len)
                    a = len;
                if (b > len)
                    b = len;
                if (b < a) {
                    size_t t = a;
                    a = b;
                    b = t;
                }
                ck_assert_int_eq(axiom_cipher_update(c, out + oa, in + ia, a), AXIOM_OK);
                ck_assert_int_eq(axiom_cipher_update(c, out + oa + a, in + ia + a, b - a), AXIOM_OK);
                ck_assert_int_eq(axiom_cipher_update(c, out + oa + b, in + ia + b, len - b), AXIOM_OK);
                TU_ASSERT_MEM_EQ(out + oa, ref, len, "len %zu ctr %u split %zu,%zu align %zu/%zu",
                                 len, ctr, a, b, ia, oa);
                if (!top)
                    continue;
                const size_t rest = 64 * (size_t)nb - len;
                uint8_t *o = out + oa + len;
                tu_fill_sentinel(o, rest + 1);
                TU_ASSERT_RC(axiom_cipher_update(c, o, in, rest + 1), AXIOM_ESTATE,
                             "len %zu: %zu bytes past the last block", len, rest + 1);
                TU_ASSERT_SENTINEL(o, rest + 1, "refused update, len %zu", len);
                TU_ASSERT_RC(axiom_cipher_update(c, o, in, rest), AXIOM_OK, "rest of block 2^32 - 1");
                TU_ASSERT_RC(axiom_cipher_update(c, o, in, 1), AXIOM_ESTATE, "then one byte");
            }
    axiom_cipher_free(c);
    free(ref), free(in), free(out);
}
END_TEST

/* Short messages (one or two blocks, the latency-bound paths) split at
 * every pair of points into three updates, one after the other under the
 * same key: each message restarts with a new IV only (NULL key), often
 * while the previous one left a partial block's keystream pending.  No
 * byte written past the message. */
START_TEST(test_short_splits)
{
    tu_rng_reset("short_splits");
    enum { MAXLEN = 140 };
    uint8_t key[32], iv[16], in[MAXLEN], ref[MAXLEN], out[MAXLEN + 32];
    axiom_cipher_ctx *c;
    ck_assert_int_eq(axiom_cipher_new(&c, "chacha20"), AXIOM_OK);
    tu_rand_bytes(key, 32);
    tu_rand_bytes(iv, 16);
    ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 16), AXIOM_OK);
    for (size_t len = 0; len <= MAXLEN; len++) {
        /* every split for lengths up to 2 blocks + 1, some beyond */
        size_t step = len <= 129 ? 1 : 7;
        for (size_t a = 0; a <= len; a += step) {
            for (size_t b = a; b <= len; b += step) {
                tu_rand_bytes(iv, 16);
                iv[3] = 0; /* counter clear of its end */
                tu_rand_bytes(in, len);
                gcry_chacha(ref, in, len, key, iv);
                memset(out, 0x5a, sizeof out);
                ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, 16), AXIOM_OK);
                ck_assert_int_eq(axiom_cipher_update(c, out, in, a), AXIOM_OK);
                ck_assert_int_eq(axiom_cipher_update(c, out + a, in + a, b - a), AXIOM_OK);
                ck_assert_int_eq(axiom_cipher_update(c, out + b, in + b, len - b), AXIOM_OK);
                TU_ASSERT_MEM_EQ(out, ref, len, "len %zu split %zu,%zu", len, a, b);
                for (size_t j = len; j < sizeof out; j++)
                    TU_ASSERT(out[j] == 0x5a, "len %zu split %zu,%zu: write past the end", len,
                              a, b);
            }
        }
    }
    axiom_cipher_free(c);
}
END_TEST

static void gcry_aead(int enc, uint8_t *out, uint8_t tag[16], const uint8_t *key,
                      const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                      const uint8_t *in, size_t len)
{
    gcry_cipher_hd_t h;
    ck_assert_int_eq(gcry_cipher_open(&h, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, 0), 0);
    ck_assert_int_eq(gcry_cipher_setkey(h, key, 32), 0);
    ck_assert_int_eq(gcry_cipher_setiv(h, nonce, 12), 0);
    ck_assert_int_eq(gcry_cipher_authenticate(h, ad, adlen), 0);
    ck_assert_int_eq(gcry_cipher_final(h), 0);
    if (enc)
        ck_assert_int_eq(gcry_cipher_encrypt(h, out, len + 1, in, len), 0);
    else
        ck_assert_int_eq(gcry_cipher_decrypt(h, out, len + 1, in, len), 0);
    ck_assert_int_eq(gcry_cipher_gettag(h, tag, 16), 0);
    gcry_cipher_close(h);
}

START_TEST(test_gcrypt_aead)
{
    tu_rng_reset("gcrypt_aead");
    enum { MAX = 4096 };
    uint8_t *ref = malloc(MAX + 1), *in = malloc(MAX + 64), *out = malloc(MAX + 64);
    uint8_t *ad = malloc(300), key[32], nonce[12], t1[16], t2[16];
    axiom_aead_ctx *c;
    ck_assert_int_eq(axiom_aead_new(&c, "chacha20-poly1305"), AXIOM_OK);
    for (int iter = 0; iter < 300; iter++) {
        size_t len = iter < 100 ? (size_t)iter * 13 % 1100 : tu_rand_range(0, MAX);
        size_t adlen = tu_rand_range(0, iter % 3 ? 40 : 300);
        size_t ia = tu_rand_range(0, 63), oa = tu_rand_range(0, 63);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(ad, adlen);
        tu_rand_bytes(in + ia, len);
        gcry_aead(1, ref, t1, key, nonce, ad, adlen, in + ia, len);
        ck_assert_int_eq(axiom_aead_setkey(c, key, 32), AXIOM_OK);
        TU_ASSERT_RC(axiom_aead_seal(c, out + oa, t2, 16, nonce, 12, ad, adlen, in + ia, len),
                     AXIOM_OK, "seal");
        TU_ASSERT_MEM_EQ(out + oa, ref, len, "seal len %zu adlen %zu", len, adlen);
        TU_ASSERT_MEM_EQ(t2, t1, 16, "tag len %zu adlen %zu", len, adlen);
        /* Open in place, misaligned. */
        memcpy(out + ia, ref, len);
        TU_ASSERT_RC(axiom_aead_open(c, out + ia, t1, 16, nonce, 12, ad, adlen, out + ia, len),
                     AXIOM_OK, "open len %zu", len);
        TU_ASSERT_MEM_EQ(out + ia, in + ia, len, "open len %zu", len);
        /* libgcrypt opens ours. */
        gcry_aead(0, out, t1, key, nonce, ad, adlen, ref, len);
        TU_ASSERT_MEM_EQ(out, in + ia, len, "gcrypt open, len %zu", len);
        TU_ASSERT_MEM_EQ(t1, t2, 16, "gcrypt tag, len %zu", len);
    }
    axiom_aead_free(c);
    free(ref), free(in), free(out), free(ad);
}
END_TEST

/* The short messages' one-shot MAC (lib/chacha/chachapoly.c): AD lengths
 * around AXIOM_CHACHAPOLY_AD_INLINE (the most it copies beside the
 * ciphertext) and around 16-byte blocks, with every message length up to
 * past the kernels' one-shot block limits and the one-call limits, so
 * that the AD, ciphertext and length blocks together fall one below, at
 * and one above each limit; sealed out of place, opened in place, against
 * libgcrypt both ways. */
START_TEST(test_gcrypt_aead_adinline)
{
    tu_rng_reset("gcrypt_aead_adinline");
    enum { AI = AXIOM_CHACHAPOLY_AD_INLINE };
    static const size_t adlens[] = { 0, 1, 13, 15, 16, 17, AI - 16, AI - 1, AI, AI + 1, AI + 16 };
    const size_t maxblocks = AXIOM_POLY1305_IFMA_ONESHOT_BLOCKS > AXIOM_POLY1305_AVX2_COLD_BLOCKS
                                 ? AXIOM_POLY1305_IFMA_ONESHOT_BLOCKS
                                 : AXIOM_POLY1305_AVX2_COLD_BLOCKS;
    const size_t maxlen = 16 * (maxblocks + 2) > AXIOM_CHACHAPOLY_SHORT_MAX + 17
                              ? 16 * (maxblocks + 2)
                              : AXIOM_CHACHAPOLY_SHORT_MAX + 17;
    uint8_t *ref = malloc(maxlen + 1), *in = malloc(maxlen + 1), *out = malloc(maxlen + 1);
    uint8_t ad[AI + 16], key[32], nonce[12], t1[16], t2[16];
    axiom_aead_ctx *c;
    ck_assert_int_eq(axiom_aead_new(&c, "chacha20-poly1305"), AXIOM_OK);
    for (size_t ai = 0; ai < sizeof adlens / sizeof adlens[0]; ai++) {
        const size_t adlen = adlens[ai];
        for (size_t len = 0; len <= maxlen; len++) {
            tu_rand_bytes(key, 32);
            tu_rand_bytes(nonce, 12);
            tu_rand_bytes(ad, adlen);
            tu_rand_bytes(in, len);
            gcry_aead(1, ref, t1, key, nonce, ad, adlen, in, len);
            ck_assert_int_eq(axiom_aead_setkey(c, key, 32), AXIOM_OK);
            TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, nonce, 12, ad, adlen, in, len), AXIOM_OK,
                         "seal");
            TU_ASSERT_MEM_EQ(out, ref, len, "seal len %zu adlen %zu", len, adlen);
            TU_ASSERT_MEM_EQ(t2, t1, 16, "tag len %zu adlen %zu", len, adlen);
            TU_ASSERT_RC(axiom_aead_open(c, out, t1, 16, nonce, 12, ad, adlen, out, len),
                         AXIOM_OK, "open len %zu adlen %zu", len, adlen);
            TU_ASSERT_MEM_EQ(out, in, len, "open len %zu adlen %zu", len, adlen);
            t1[len % 16] ^= 0x80;
            memcpy(out, ref, len);
            TU_ASSERT_RC(axiom_aead_open(c, out, t1, 16, nonce, 12, ad, adlen, out, len),
                         AXIOM_EAUTH, "forged tag, len %zu adlen %zu", len, adlen);
        }
    }
    axiom_aead_free(c);
    free(ref), free(in), free(out);
}
END_TEST

/* Message lengths around every multiple of 512 bytes (the AVX2 fused
 * pass's group; 1 KiB is the IFMA pass's chunk) up to 6 KiB, and the short-message limit (192), with AD lengths
 * around 16-byte blocks and chunks; sealed in place and out of place,
 * misaligned, opened in place; against libgcrypt both ways. */
START_TEST(test_gcrypt_aead_chunks)
{
    tu_rng_reset("gcrypt_aead_chunks");
    enum { MAX = 6 * 1024 + 200 };
    static const int deltas[] = { -129, -128, -65, -64, -17, -16, -1, 0, 1, 15,
                                  16, 63, 64, 65, 127, 128, 129, 191, 192, 193 };
    static const size_t adlens[] = { 0, 1, 15, 16, 17, 1023, 1024, 1040, 4100 };
    uint8_t *ref = malloc(MAX + 1), *in = malloc(MAX + 64), *out = malloc(MAX + 64);
    uint8_t *ad = malloc(4100), key[32], nonce[12], t1[16], t2[16];
    axiom_aead_ctx *c;
    ck_assert_int_eq(axiom_aead_new(&c, "chacha20-poly1305"), AXIOM_OK);
    int i = 0;
    for (int half = 0; half <= 12; half++) {
        for (size_t d = 0; d < sizeof deltas / sizeof deltas[0]; d++, i++) {
            long l = 512L * half + deltas[d];
            if (l < 0)
                continue;
            size_t len = (size_t)l, adlen = adlens[(size_t)i % (sizeof adlens / sizeof adlens[0])];
            size_t ia = tu_rand_range(0, 63), oa = tu_rand_range(0, 63);
            int inplace = i & 1;
            tu_rand_bytes(key, 32);
            tu_rand_bytes(nonce, 12);
            tu_rand_bytes(ad, adlen);
            tu_rand_bytes(in + ia, len);
            gcry_aead(1, ref, t1, key, nonce, ad, adlen, in + ia, len);
            ck_assert_int_eq(axiom_aead_setkey(c, key, 32), AXIOM_OK);
            uint8_t *o = out + oa;
            if (inplace) {
                o = out + ia;
                memcpy(o, in + ia, len);
            }
            TU_ASSERT_RC(axiom_aead_seal(c, o, t2, 16, nonce, 12, ad, adlen, inplace ? o : in + ia,
                                         len),
                         AXIOM_OK, "seal");
            TU_ASSERT_MEM_EQ(o, ref, len, "seal len %zu adlen %zu in place %d", len, adlen, inplace);
            TU_ASSERT_MEM_EQ(t2, t1, 16, "tag len %zu adlen %zu in place %d", len, adlen, inplace);
            /* Open in place, misaligned; then out of place. */
            memcpy(out + oa, ref, len);
            TU_ASSERT_RC(axiom_aead_open(c, out + oa, t1, 16, nonce, 12, ad, adlen, out + oa, len),
                         AXIOM_OK, "open len %zu adlen %zu", len, adlen);
            TU_ASSERT_MEM_EQ(out + oa, in + ia, len, "open len %zu adlen %zu", len, adlen);
            TU_ASSERT_RC(axiom_aead_open(c, out + ia, t1, 16, nonce, 12, ad, adlen, ref, len),
                         AXIOM_OK, "open len %zu adlen %zu", len, adlen);
            TU_ASSERT_MEM_EQ(out + ia, in + ia, len, "open len %zu adlen %zu", len, adlen);
            /* A flipped ciphertext bit in the last byte fails. */
            if (len) {
                ref[len - 1] ^= 1;
                TU_ASSERT_RC(axiom_aead_open(c, out + ia, t1, 16, nonce, 12, ad, adlen, ref, len),
                             AXIOM_EAUTH, "forged open len %zu", len);
            }
        }
    }
    axiom_aead_free(c);
    free(ref), free(in), free(out), free(ad);
}
END_TEST

/* XChaCha20-Poly1305 has no libgcrypt counterpart (the known answers and
 * Wycheproof pin it down): round trips over random lengths, and a changed
 * byte in either part of the nonce (HChaCha20's or ChaCha20's) fails. */
START_TEST(test_xchacha_roundtrip)
{
    tu_rng_reset("xchacha_roundtrip");
    uint8_t key[32], nonce[24], ad[33], t[16];
    uint8_t *in = malloc(3000), *out = malloc(3000), *back = malloc(3000);
    axiom_aead_ctx *c;
    ck_assert_int_eq(axiom_aead_new(&c, "xchacha20-poly1305"), AXIOM_OK);
    for (int iter = 0; iter < 100; iter++) {
        size_t len = tu_rand_range(0, 3000), adlen = tu_rand_range(0, 33);
        tu_rand_bytes(key, 32), tu_rand_bytes(nonce, 24), tu_rand_bytes(ad, adlen);
        tu_rand_bytes(in, len);
        ck_assert_int_eq(axiom_aead_setkey(c, key, 32), AXIOM_OK);
        ck_assert_int_eq(axiom_aead_seal(c, out, t, 16, nonce, 24, ad, adlen, in, len), AXIOM_OK);
        ck_assert_int_eq(axiom_aead_open(c, back, t, 16, nonce, 24, ad, adlen, out, len), AXIOM_OK);
        TU_ASSERT_MEM_EQ(back, in, len, "xchacha roundtrip len %zu", len);
        nonce[tu_rand_range(0, 23)] ^= 1;
        TU_ASSERT_RC(axiom_aead_open(c, back, t, 16, nonce, 24, ad, adlen, out, len), AXIOM_EAUTH,
                     "other nonce");
    }
    axiom_aead_free(c);
    free(in), free(out), free(back);
}
END_TEST

/* ------------------------------------------------------------ misuse */

START_TEST(test_misuse_stream)
{
    uint8_t key[32] = { 1 }, iv[16] = { 0 }, buf[200], in[200] = { 0 };
    axiom_cipher_ctx *c;
    ck_assert_int_eq(axiom_cipher_new(&c, "chacha20"), AXIOM_OK);
    tu_fill_sentinel(buf, sizeof buf);
    TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 10), AXIOM_ESTATE, "update before init");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, 12), AXIOM_ESTATE, "no key");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 16, iv, 12), AXIOM_EKEYLEN, "16-byte key");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 33, iv, 12), AXIOM_EKEYLEN, "33-byte key");
    static const size_t bad_iv[] = { 0, 8, 11, 13, 15, 17, 24 };
    for (size_t i = 0; i < sizeof bad_iv / sizeof bad_iv[0]; i++)
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, bad_iv[i]), AXIOM_EIVLEN,
                     "iv length %zu", bad_iv[i]);
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, NULL, 12), AXIOM_EINVAL, "NULL iv");
    TU_ASSERT_RC(axiom_cipher_init(c, 7, key, 32, iv, 12), AXIOM_EINVAL, "direction");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "after failed init");

    /* Counter exhaustion: 0xffffffff leaves exactly one block. */
    memset(iv, 0xff, 4);
    ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 16), AXIOM_OK);
    TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 65), AXIOM_ESTATE, "65 bytes from the last block");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "exhaustion");
    uint8_t snap[sizeof buf];
    TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 40), AXIOM_OK, "40 bytes");
    memcpy(snap, buf, sizeof buf);
    TU_ASSERT_RC(axiom_cipher_update(c, buf + 40, in, 25), AXIOM_ESTATE, "25 more");
    TU_ASSERT_MEM_EQ(buf, snap, sizeof buf, "exhaustion mid-block: written");
    TU_ASSERT_RC(axiom_cipher_update(c, buf + 40, in, 24), AXIOM_OK, "the last 24");
    memcpy(snap, buf, sizeof buf);
    TU_ASSERT_RC(axiom_cipher_update(c, buf + 64, in, 1), AXIOM_ESTATE, "one past the end");
    TU_ASSERT_MEM_EQ(buf, snap, sizeof buf, "one past the end: written");
    TU_ASSERT_RC(axiom_cipher_update(c, buf + 64, in, 0), AXIOM_OK, "zero bytes");
    /* The last block matches libgcrypt's. */
    uint8_t ref[64];
    gcry_chacha(ref, in, 64, key, iv);
    TU_ASSERT_MEM_EQ(buf, ref, 64, "block 0xffffffff");
    /* A new IV restores the stream. */
    iv[0] = 0xfe;
    ck_assert_int_eq(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, 16), AXIOM_OK);
    TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 128), AXIOM_OK, "two last blocks");
    TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 1), AXIOM_ESTATE, "then none");

    /* Overlap other than in place. */
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv + 4, 12), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_cipher_update(c, buf + 1, buf, 50), AXIOM_EINVAL, "overlap");
    TU_ASSERT_RC(axiom_cipher_update(c, NULL, in, 5), AXIOM_EINVAL, "NULL out");
    axiom_cipher_free(c);
    axiom_cipher_free(NULL);
}
END_TEST

static void misuse_aead(const char *alg, size_t nlen)
{
    uint8_t key[32] = { 2 }, nonce[32] = { 0 }, ad[16] = { 0 }, in[100] = { 0 }, out[100],
            tag[16], t2[16];
    axiom_aead_ctx *c;
    ck_assert_int_eq(axiom_aead_new(&c, alg), AXIOM_OK);
    tu_fill_sentinel(out, sizeof out);
    tu_fill_sentinel(tag, sizeof tag);
    TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, nonce, nlen, ad, 0, in, 10), AXIOM_ESTATE, "%s no key", alg);
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 16), AXIOM_EKEYLEN, "%s 16-byte key", alg);
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 31), AXIOM_EKEYLEN, "%s 31-byte key", alg);
    TU_ASSERT_RC(axiom_aead_setkey(c, NULL, 32), AXIOM_EINVAL, "%s NULL key", alg);
    ck_assert_int_eq(axiom_aead_setkey(c, key, 32), AXIOM_OK);
    static const size_t bad_nonce[] = { 0, 8, 12, 16, 24, 32 };
    for (size_t i = 0; i < sizeof bad_nonce / sizeof bad_nonce[0]; i++)
        if (bad_nonce[i] != nlen)
            TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, nonce, bad_nonce[i], ad, 0, in, 10),
                         AXIOM_EIVLEN, "%s nonce %zu", alg, bad_nonce[i]);
    static const size_t bad_tag[] = { 0, 4, 8, 12, 15, 17 };
    for (size_t i = 0; i < sizeof bad_tag / sizeof bad_tag[0]; i++) {
        TU_ASSERT_RC(axiom_aead_seal(c, out, tag, bad_tag[i], nonce, nlen, ad, 0, in, 10),
                     AXIOM_ETAGLEN, "%s seal tag %zu", alg, bad_tag[i]);
        TU_ASSERT_RC(axiom_aead_open(c, out, tag, bad_tag[i], nonce, nlen, ad, 0, in, 10),
                     AXIOM_ETAGLEN, "%s open tag %zu", alg, bad_tag[i]);
    }
    /* Over the RFC 8439 limit (checked before any byte is read). */
    if (sizeof(size_t) > 4) {
        size_t over = (size_t)((((uint64_t)1 << 32) - 1) * 64 + 1);
        /* In place, as two distinct buffers that far apart would overlap. */
        TU_ASSERT_RC(axiom_aead_seal(c, in, tag, 16, nonce, nlen, ad, 0, in, over), AXIOM_ELENGTH,
                     "%s 2^38 - 63 bytes", alg);
        TU_ASSERT_RC(axiom_aead_open(c, in, tag, 16, nonce, nlen, ad, 0, in, over), AXIOM_ELENGTH,
                     "%s open 2^38 - 63 bytes", alg);
    }
    TU_ASSERT_RC(axiom_aead_seal(c, out + 1, tag, 16, nonce, nlen, ad, 0, out, 50), AXIOM_EINVAL,
                 "%s overlap", alg);
    TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, NULL, nlen, ad, 0, in, 10), AXIOM_EINVAL,
                 "%s NULL nonce", alg);
    TU_ASSERT_SENTINEL(out, sizeof out, "%s after errors", alg);
    TU_ASSERT_SENTINEL(tag, sizeof tag, "%s tag after errors", alg);

    /* Every flipped bit of ciphertext, tag, AD or nonce: EAUTH, output zero. */
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)i;
    uint8_t ct[100];
    ck_assert_int_eq(axiom_aead_seal(c, ct, tag, 16, nonce, nlen, ad, 16, in, sizeof in), AXIOM_OK);
    for (size_t bit = 0; bit < 8 * (sizeof ct + 16 + 16 + nlen); bit++) {
        size_t byte = bit / 8;
        uint8_t *p;
        if (byte < sizeof ct)
            p = ct + byte;
        else if ((byte -= sizeof ct) < 16)
            p = tag + byte;
        else if ((byte -= 16) < 16)
            p = ad + byte;
        else
            p = nonce + (byte - 16);
        *p ^= (uint8_t)(1u << (bit % 8));
        memset(out, 0x77, sizeof out);
        TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, nonce, nlen, ad, 16, ct, sizeof ct),
                     AXIOM_EAUTH, "%s flipped bit %zu", alg, bit);
        for (size_t j = 0; j < sizeof out; j++)
            TU_ASSERT(out[j] == 0, "%s flipped bit %zu: output not wiped at %zu", alg, bit, j);
        *p ^= (uint8_t)(1u << (bit % 8));
    }
    ck_assert_int_eq(axiom_aead_open(c, out, tag, 16, nonce, nlen, ad, 16, ct, sizeof ct), AXIOM_OK);
    TU_ASSERT_MEM_EQ(out, in, sizeof in, "%s after restoring", alg);
    /* Empty message and AD: still a tag over the lengths. */
    ck_assert_int_eq(axiom_aead_seal(c, NULL, t2, 16, nonce, nlen, NULL, 0, NULL, 0), AXIOM_OK);
    ck_assert_int_eq(axiom_aead_open(c, NULL, t2, 16, nonce, nlen, NULL, 0, NULL, 0), AXIOM_OK);
    t2[15] ^= 0x80;
    TU_ASSERT_RC(axiom_aead_open(c, NULL, t2, 16, nonce, nlen, NULL, 0, NULL, 0), AXIOM_EAUTH,
                 "%s empty, bad tag", alg);
    axiom_aead_free(c);
}

START_TEST(test_misuse_aead)
{
    misuse_aead("chacha20-poly1305", 12);
    misuse_aead("xchacha20-poly1305", 24);
    axiom_aead_free(NULL);
    const char *impl = axiom_impl("chacha20-poly1305");
    TU_ASSERT(impl != NULL, "axiom_impl(chacha20-poly1305)");
    TU_ASSERT(axiom_impl("chacha20") != NULL, "axiom_impl(chacha20)");
    printf("chacha20: %s, chacha20-poly1305: %s\n", axiom_impl("chacha20"), impl);
}
END_TEST

static Suite *chacha_suite(void)
{
    Suite *s = suite_create("chacha");
    TCase *tc = tcase_create("chacha");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_rfc_block_function);
    tcase_add_test(tc, test_rfc_encryption);
    tcase_add_test(tc, test_rfc_aead);
    tcase_add_test(tc, test_wycheproof_chacha20_poly1305);
    tcase_add_test(tc, test_wycheproof_xchacha20_poly1305);
    tcase_add_test(tc, test_gcrypt_stream);
    tcase_add_test(tc, test_stream_groups);
    tcase_add_test(tc, test_short_splits);
    tcase_add_test(tc, test_gcrypt_aead);
    tcase_add_test(tc, test_gcrypt_aead_adinline);
    tcase_add_test(tc, test_gcrypt_aead_chunks);
    tcase_add_test(tc, test_xchacha_roundtrip);
    tcase_add_test(tc, test_misuse_stream);
    tcase_add_test(tc, test_misuse_aead);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_chacha");
    if (!gcry_check_version(GCRYPT_VERSION))
        return 99;
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return tu_run_suite(chacha_suite());
}
