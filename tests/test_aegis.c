/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The AEGIS family through the public API: every vector of the CFRG draft
 * (all six variants, both tag lengths, and AEGIS-MAC), Project
 * Wycheproof's AEGIS-128L and AEGIS-256 files, single-bit forgeries,
 * the streaming interface against one-shot at random split points, and
 * every error path. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include <axiom.h>

#include "testutil.h"

static const char *const variants[] = { "aegis-128l", "aegis-128x2", "aegis-128x4",
                                        "aegis-256",  "aegis-256x2", "aegis-256x4" };
#define NVARIANTS (sizeof variants / sizeof variants[0])

static size_t keylen_of(const char *name)
{
    return strstr(name, "-256") ? 32 : 16;
}

/* Bytes per step of the variant (the draft's rate R / 8). */
static size_t rate_of(const char *name)
{
    size_t lanes = name[strlen(name) - 2] == 'x' ? (size_t)(name[strlen(name) - 1] - '0') : 1;
    return (keylen_of(name) == 16 ? 32 : 16) * lanes;
}

static json_object *field(json_object *o, const char *key)
{
    json_object *v = NULL;
    ck_assert_msg(json_object_object_get_ex(o, key, &v) && v != NULL, "JSON field \"%s\" missing",
                  key);
    return v;
}

static uint8_t *hexfield(json_object *o, const char *key, size_t *len)
{
    return tu_hex_alloc(json_object_get_string(field(o, key)), len);
}

static json_object *load(const char *file)
{
    char *path = tu_vector_path(file);
    json_object *root = json_object_from_file(path);
    ck_assert_msg(root != NULL, "cannot read %s", path);
    free(path);
    return root;
}

static axiom_aead_ctx *keyed(const char *name, const uint8_t *key, size_t keylen)
{
    axiom_aead_ctx *c = NULL;
    TU_ASSERT_RC(axiom_aead_new(&c, name), AXIOM_OK, "new %s", name);
    TU_ASSERT_RC(axiom_aead_setkey(c, key, keylen), AXIOM_OK, "setkey %s", name);
    return c;
}

/* ------------------------------------------------------------ the draft */

START_TEST(test_draft_aead)
{
    json_object *root = load("aegis_draft.json"), *vs = field(root, "aead");
    size_t nvalid = 0, ninvalid = 0;
    for (size_t i = 0; i < json_object_array_length(vs); i++) {
        json_object *v = json_object_array_get_idx(vs, i);
        const char *alg = json_object_get_string(field(v, "alg"));
        const char *name = json_object_get_string(field(v, "name"));
        const int valid = json_object_get_boolean(field(v, "valid"));
        size_t kl, nl, al, ml, cl, tl[2];
        uint8_t *key = hexfield(v, "key", &kl), *nonce = hexfield(v, "nonce", &nl);
        uint8_t *ad = hexfield(v, "ad", &al), *msg = hexfield(v, "msg", &ml);
        uint8_t *ct = hexfield(v, "ct", &cl);
        uint8_t *tags[2] = { hexfield(v, "tag128", &tl[0]), hexfield(v, "tag256", &tl[1]) };
        uint8_t *buf = malloc(cl + 1), tag[32];
        axiom_aead_ctx *c = keyed(alg, key, kl);
        for (int t = 0; t < 2; t++) {
            TU_ASSERT(tl[t] == (t ? 32u : 16u), "%s %s: tag length", alg, name);
            if (valid) {
                TU_ASSERT(ml == cl, "%s %s: lengths", alg, name);
                TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, tl[t], nonce, nl, ad, al, msg, ml),
                             AXIOM_OK, "%s %s: seal", alg, name);
                TU_ASSERT_MEM_EQ(buf, ct, cl, "%s %s: ciphertext", alg, name);
                TU_ASSERT_MEM_EQ(tag, tags[t], tl[t], "%s %s: %zu-byte tag", alg, name, tl[t]);
                memcpy(buf, ct, cl);
                TU_ASSERT_RC(axiom_aead_open(c, buf, tags[t], tl[t], nonce, nl, ad, al, buf, cl),
                             AXIOM_OK, "%s %s: open in place", alg, name);
                TU_ASSERT_MEM_EQ(buf, msg, ml, "%s %s: plaintext", alg, name);
                nvalid++;
            } else {
                memset(buf, 0xa5, cl + 1);
                TU_ASSERT_RC(axiom_aead_open(c, buf, tags[t], tl[t], nonce, nl, ad, al, ct, cl),
                             AXIOM_EAUTH, "%s %s: open must fail", alg, name);
                for (size_t b = 0; b < cl; b++)
                    TU_ASSERT(buf[b] == 0, "%s %s: output not wiped at %zu", alg, name, b);
                TU_ASSERT(buf[cl] == 0xa5, "%s %s: written past the output", alg, name);
                ninvalid++;
            }
        }
        axiom_aead_free(c);
        free(key); free(nonce); free(ad); free(msg); free(ct); free(tags[0]); free(tags[1]);
        free(buf);
    }
    /* 9 + 9 vectors of AEGIS-128L and AEGIS-256 (4 + 4 invalid), 2 of each
     * X variant, each with both tags. */
    TU_ASSERT(nvalid == 2 * 18 && ninvalid == 2 * 8, "%zu valid, %zu invalid cases", nvalid,
              ninvalid);
    json_object_put(root);
}
END_TEST

START_TEST(test_draft_mac)
{
    json_object *root = load("aegis_draft.json"), *vs = field(root, "mac");
    TU_ASSERT(json_object_array_length(vs) == 6, "six AEGIS-MAC vectors");
    tu_rng_reset("draft-mac");
    for (size_t i = 0; i < json_object_array_length(vs); i++) {
        json_object *v = json_object_array_get_idx(vs, i);
        const char *alg = json_object_get_string(field(v, "alg"));
        size_t kl, nl, dl, tl[2];
        uint8_t *key = hexfield(v, "key", &kl), *nonce = hexfield(v, "nonce", &nl);
        uint8_t *data = hexfield(v, "data", &dl);
        uint8_t *tags[2] = { hexfield(v, "tag128", &tl[0]), hexfield(v, "tag256", &tl[1]) };
        axiom_mac_ctx *c;
        TU_ASSERT_RC(axiom_mac_new(&c, alg), AXIOM_OK, "new %s", alg);
        TU_ASSERT_RC(axiom_mac_init(c, key, kl, nonce, nl), AXIOM_OK, "init %s", alg);
        for (int t = 0; t < 2; t++) {
            /* Twice: the second message restarts from the same key and
             * nonce, in random pieces. */
            for (int round = 0; round < 2; round++) {
                uint8_t tag[32];
                size_t cuts[9], parts = round ? tu_random_split(cuts, dl, 1) : 1;
                if (!round) {
                    cuts[0] = 0;
                    cuts[1] = dl;
                }
                for (size_t p = 0; p < parts; p++)
                    TU_ASSERT_RC(axiom_mac_update(c, data + cuts[p], cuts[p + 1] - cuts[p]),
                                 AXIOM_OK, "update");
                TU_ASSERT_RC(axiom_mac_final(c, tag, tl[t]), AXIOM_OK, "%s final", alg);
                TU_ASSERT_MEM_EQ(tag, tags[t], tl[t], "%s %zu-byte tag (round %d)", alg, tl[t],
                                 round);
            }
            TU_ASSERT_RC(axiom_mac_update(c, data, dl), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_mac_verify(c, tags[t], tl[t]), AXIOM_OK, "%s verify", alg);
            tags[t][tl[t] - 1] ^= 0x80;
            TU_ASSERT_RC(axiom_mac_update(c, data, dl), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_mac_verify(c, tags[t], tl[t]), AXIOM_EAUTH, "%s forged", alg);
        }
        axiom_mac_free(c);
        free(key); free(nonce); free(data); free(tags[0]); free(tags[1]);
    }
    json_object_put(root);
}
END_TEST

/* ------------------------------------------------------------ Wycheproof */

static void wycheproof(const char *file, const char *alg)
{
    json_object *root = load(file);
    const int declared = json_object_get_int(field(root, "numberOfTests"));
    json_object *groups = field(root, "testGroups");
    int seen = 0;
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *tests = field(json_object_array_get_idx(groups, g), "tests");
        for (size_t i = 0; i < json_object_array_length(tests); i++, seen++) {
            json_object *tc = json_object_array_get_idx(tests, i);
            const int id = json_object_get_int(field(tc, "tcId"));
            const int valid = strcmp(json_object_get_string(field(tc, "result")), "invalid") != 0;
            size_t kl, nl, al, ml, cl, tl;
            uint8_t *key = hexfield(tc, "key", &kl), *iv = hexfield(tc, "iv", &nl);
            uint8_t *aad = hexfield(tc, "aad", &al), *msg = hexfield(tc, "msg", &ml);
            uint8_t *ct = hexfield(tc, "ct", &cl), *want = hexfield(tc, "tag", &tl);
            uint8_t *buf = malloc(cl + ml + 1), tag[32];
            axiom_aead_ctx *c = keyed(alg, key, kl);
            int rc = axiom_aead_open(c, buf, want, tl, iv, nl, aad, al, ct, cl);
            if (valid) {
                TU_ASSERT_RC(rc, AXIOM_OK, "%s tcId %d: open", file, id);
                TU_ASSERT_MEM_EQ(buf, msg, ml, "%s tcId %d: plaintext", file, id);
                TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, tl, iv, nl, aad, al, msg, ml), AXIOM_OK,
                             "%s tcId %d: seal", file, id);
                TU_ASSERT_MEM_EQ(buf, ct, cl, "%s tcId %d: ciphertext", file, id);
                TU_ASSERT_MEM_EQ(tag, want, tl, "%s tcId %d: tag", file, id);
            } else {
                TU_ASSERT(rc != AXIOM_OK, "%s tcId %d: invalid case accepted", file, id);
            }
            axiom_aead_free(c);
            free(key); free(iv); free(aad); free(msg); free(ct); free(want); free(buf);
        }
    }
    TU_ASSERT(seen == declared, "%s: %d tests run, %d declared", file, seen, declared);
    json_object_put(root);
}

START_TEST(test_wycheproof_128l)
{
    wycheproof("aegis128L_test.json", "aegis-128l");
}
END_TEST

START_TEST(test_wycheproof_256)
{
    wycheproof("aegis256_test.json", "aegis-256");
}
END_TEST

/* ------------------------------------------------------------ forgeries */

/* Every single-bit change of the tag, the ciphertext, the AD or the nonce
 * is rejected, and the output is wiped each time.  The message spans two
 * steps and a partial one, the AD one step and a partial one. */
START_TEST(test_bit_flips)
{
    const char *name = variants[_i / 2];
    const size_t taglen = _i % 2 ? 32 : 16, kl = keylen_of(name), rate = rate_of(name);
    char what[64];
    snprintf(what, sizeof what, "%s/tag %zu", name, taglen);
    tu_rng_reset(what);
    const size_t len = 2 * rate + 5, adlen = rate + 3;
    uint8_t key[32], nonce[32], tag[32], ad[160], pt[300], ct[300], out[300];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(ad, sizeof ad);
    tu_rand_bytes(pt, sizeof pt);
    axiom_aead_ctx *c = keyed(name, key, kl);
    TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, taglen, nonce, kl, ad, adlen, pt, len), AXIOM_OK,
                 "seal");
    TU_ASSERT_RC(axiom_aead_open(c, out, tag, taglen, nonce, kl, ad, adlen, ct, len), AXIOM_OK,
                 "%s: intact", what);
    TU_ASSERT_MEM_EQ(out, pt, len, "%s: plaintext", what);
    struct {
        uint8_t *p;
        size_t n;
        const char *part;
    } parts[] = { { tag, taglen, "tag" }, { ct, len, "ciphertext" }, { ad, adlen, "AD" },
                  { nonce, kl, "nonce" } };
    for (size_t q = 0; q < sizeof parts / sizeof parts[0]; q++) {
        for (size_t bit = 0; bit < 8 * parts[q].n; bit++) {
            parts[q].p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            memset(out, 0x5a, len);
            int rc = axiom_aead_open(c, out, tag, taglen, nonce, kl, ad, adlen, ct, len);
            parts[q].p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            TU_ASSERT_RC(rc, AXIOM_EAUTH, "%s: %s bit %zu flipped", what, parts[q].part, bit);
            for (size_t b = 0; b < len; b++)
                TU_ASSERT(out[b] == 0, "%s: %s bit %zu: output not wiped at %zu", what,
                          parts[q].part, bit, b);
        }
    }
    /* The other tag length of the same message is another function. */
    uint8_t other[32];
    TU_ASSERT_RC(axiom_aead_seal(c, out, other, 48 - taglen, nonce, kl, ad, adlen, pt, len),
                 AXIOM_OK, "seal");
    TU_ASSERT(memcmp(other, tag, 16) != 0, "%s: the 16-byte tag is a prefix of the 32-byte one",
              what);
    axiom_aead_free(c);
}
END_TEST

/* ------------------------------------------------------------ errors */

START_TEST(test_errors)
{
    for (size_t v = 0; v < NVARIANTS; v++) {
        const char *name = variants[v];
        const size_t kl = keylen_of(name);
        uint8_t key[33] = { 1 }, nonce[33] = { 2 }, in[40] = { 3 }, out[40], tag[40];
        axiom_aead_ctx *c;
        TU_ASSERT_RC(axiom_aead_new(&c, name), AXIOM_OK, "%s", name);
        TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, nonce, kl, NULL, 0, in, 40), AXIOM_ESTATE,
                     "%s: no key", name);
        TU_ASSERT_RC(axiom_aead_setkey(c, key, kl + 1), AXIOM_EKEYLEN, "%s: key + 1", name);
        TU_ASSERT_RC(axiom_aead_setkey(c, key, 48 - kl), AXIOM_EKEYLEN, "%s: other key", name);
        TU_ASSERT_RC(axiom_aead_setkey(c, key, kl), AXIOM_OK, "%s", name);
        tu_fill_sentinel(out, sizeof out);
        tu_fill_sentinel(tag, sizeof tag);
        static const size_t badn[] = { 0, 12, 15, 17, 24, 31, 33 };
        for (size_t i = 0; i < sizeof badn / sizeof badn[0]; i++)
            if (badn[i] != kl)
                TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, nonce, badn[i], NULL, 0, in, 40),
                             AXIOM_EIVLEN, "%s: nonce %zu", name, badn[i]);
        TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, nonce, 48 - kl, NULL, 0, in, 40),
                     AXIOM_EIVLEN, "%s: the other family's nonce", name);
        static const size_t badt[] = { 0, 4, 8, 12, 15, 17, 24, 31, 33 };
        for (size_t i = 0; i < sizeof badt / sizeof badt[0]; i++)
            TU_ASSERT_RC(axiom_aead_seal(c, out, tag, badt[i], nonce, kl, NULL, 0, in, 40),
                         AXIOM_ETAGLEN, "%s: tag %zu", name, badt[i]);
        TU_ASSERT_SENTINEL(out, sizeof out, "%s: output on error", name);
        TU_ASSERT_SENTINEL(tag, sizeof tag, "%s: tag on error", name);
        TU_ASSERT(axiom_impl(name) != NULL, "axiom_impl(%s)", name);
        axiom_aead_free(c);
    }
}
END_TEST

/* AEGIS-MAC with no nonce is the all-zero nonce; wrong lengths are
 * refused. */
START_TEST(test_mac_errors)
{
    tu_rng_reset("mac-errors");
    for (size_t v = 0; v < NVARIANTS; v++) {
        char name[32];
        snprintf(name, sizeof name, "%s-mac", variants[v]);
        const size_t kl = keylen_of(variants[v]);
        uint8_t key[32], zero[32] = { 0 }, msg[100], t0[32], t1[32];
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(msg, sizeof msg);
        axiom_mac_ctx *c;
        TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "%s", name);
        TU_ASSERT_RC(axiom_mac_init(c, key, kl, zero, kl), AXIOM_OK, "%s", name);
        TU_ASSERT_RC(axiom_mac_update(c, msg, sizeof msg), AXIOM_OK, "%s", name);
        TU_ASSERT_RC(axiom_mac_final(c, t0, 32), AXIOM_OK, "%s", name);
        TU_ASSERT_RC(axiom_mac(name, t1, 32, key, kl, msg, sizeof msg), AXIOM_OK, "%s", name);
        TU_ASSERT_MEM_EQ(t1, t0, 32, "%s: one-shot = zero nonce", name);
        TU_ASSERT_RC(axiom_mac_init(c, key, kl + 1, NULL, 0), AXIOM_EKEYLEN, "%s", name);
        TU_ASSERT_RC(axiom_mac_init(c, key, kl, zero, 12), AXIOM_EIVLEN, "%s", name);
        TU_ASSERT_RC(axiom_mac_init(c, key, kl, zero, 48 - kl), AXIOM_EIVLEN, "%s", name);
        TU_ASSERT_RC(axiom_mac_final(c, t0, 24), AXIOM_ETAGLEN, "%s", name);
        TU_ASSERT_RC(axiom_mac(name, t1, 8, key, kl, msg, sizeof msg), AXIOM_ETAGLEN, "%s", name);
        TU_ASSERT(axiom_impl(name) != NULL && strcmp(axiom_impl(name),
                                                     axiom_impl(variants[v])) == 0,
                  "axiom_impl(%s)", name);
        axiom_mac_free(c);
    }
    static const char *const unknown[] = { "aegis-", "aegis-mac", "aegis-128-mac",
                                           "aegis-128l-macs", "aegis-128l", "aegis-512-mac",
                                           "aegis-128x8-mac", "aegis--mac" };
    axiom_mac_ctx *c;
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        TU_ASSERT_RC(axiom_mac_new(&c, unknown[i]), AXIOM_ENOTFOUND, "'%s'", unknown[i]);
    TU_ASSERT_RC(axiom_mac_new(&c, "AEGIS-128X4-MAC"), AXIOM_OK, "case-insensitive");
    axiom_mac_free(c);
}
END_TEST

/* ------------------------------------------------------------ streaming */

/* One message through the streaming interface: AD and text each cut at
 * random points (multiples of @step), in place for odd iterations. */
static int stream_run(axiom_aegis_ctx *s, int dir, const uint8_t *nonce, size_t nl,
                      const uint8_t *ad, size_t adlen, uint8_t *out, const uint8_t *in,
                      size_t len, uint8_t *tag, size_t taglen, size_t step)
{
    size_t cuts[9], parts;
    TU_ASSERT_RC(axiom_aegis_init(s, dir, nonce, nl), AXIOM_OK, "init");
    parts = tu_random_split(cuts, adlen, 1);
    for (size_t p = 0; p < parts; p++)
        TU_ASSERT_RC(axiom_aegis_aad(s, ad + cuts[p], cuts[p + 1] - cuts[p]), AXIOM_OK, "aad");
    parts = tu_random_split(cuts, len, step);
    for (size_t p = 0; p < parts; p++)
        TU_ASSERT_RC(axiom_aegis_update(s, out + cuts[p], in + cuts[p], cuts[p + 1] - cuts[p]),
                     AXIOM_OK, "update");
    return dir == AXIOM_ENCRYPT ? axiom_aegis_final(s, tag, taglen)
                                : axiom_aegis_verify(s, tag, taglen);
}

START_TEST(test_stream)
{
    const char *name = variants[_i];
    const size_t kl = keylen_of(name), rate = rate_of(name);
    tu_rng_reset(name);
    axiom_aegis_ctx *s;
    TU_ASSERT_RC(axiom_aegis_new(&s, name), AXIOM_OK, "%s new", name);
    uint8_t key[32];
    tu_rand_bytes(key, sizeof key);
    TU_ASSERT_RC(axiom_aegis_setkey(s, key, kl), AXIOM_OK, "%s setkey", name);
    axiom_aead_ctx *c = keyed(name, key, kl);
    const size_t max = 6 * rate + 40;
    uint8_t *pt = malloc(max), *ct = malloc(max), *buf = malloc(max), *ad = malloc(max);
    for (int it = 0; it < 120; it++) {
        const size_t len = it < 4 * (int)rate ? (size_t)it : tu_rand_range(0, max);
        const size_t adlen = tu_rand_range(0, 3 * rate), taglen = it % 2 ? 32 : 16;
        const size_t step = it % 3 ? 1 : rate; /* some splits on step boundaries */
        uint8_t nonce[32], t0[32], t1[32];
        tu_rand_bytes(nonce, sizeof nonce);
        tu_rand_bytes(pt, len);
        tu_rand_bytes(ad, adlen);
        TU_ASSERT_RC(axiom_aead_seal(c, ct, t0, taglen, nonce, kl, ad, adlen, pt, len), AXIOM_OK,
                     "seal");
        const int inplace = it % 4 >= 2;
        if (inplace)
            memcpy(buf, pt, len);
        TU_ASSERT_RC(stream_run(s, AXIOM_ENCRYPT, nonce, kl, ad, adlen, buf, inplace ? buf : pt,
                                len, t1, taglen, step),
                     AXIOM_OK, "%s stream seal", name);
        TU_ASSERT_MEM_EQ(buf, ct, len, "%s stream ciphertext, len %zu, ad %zu", name, len, adlen);
        TU_ASSERT_MEM_EQ(t1, t0, taglen, "%s stream tag, len %zu, ad %zu", name, len, adlen);
        if (inplace)
            memcpy(buf, ct, len);
        TU_ASSERT_RC(stream_run(s, AXIOM_DECRYPT, nonce, kl, ad, adlen, buf, inplace ? buf : ct,
                                len, t0, taglen, step),
                     AXIOM_OK, "%s stream open, len %zu", name, len);
        TU_ASSERT_MEM_EQ(buf, pt, len, "%s stream plaintext, len %zu", name, len);
        t0[it % taglen] ^= 1;
        TU_ASSERT_RC(stream_run(s, AXIOM_DECRYPT, nonce, kl, ad, adlen, buf, ct, len, t0, taglen,
                                step),
                     AXIOM_EAUTH, "%s stream forged tag", name);
    }
    axiom_aead_free(c);
    axiom_aegis_free(s);
    free(pt); free(ct); free(buf); free(ad);
}
END_TEST

START_TEST(test_stream_errors)
{
    const char *name = variants[_i];
    const size_t kl = keylen_of(name);
    uint8_t key[32] = { 7 }, nonce[32] = { 8 }, buf[64] = { 9 }, tag[32];
    axiom_aegis_ctx *s = (axiom_aegis_ctx *)1;
    TU_ASSERT_RC(axiom_aegis_new(NULL, name), AXIOM_EINVAL, "new NULL");
    TU_ASSERT_RC(axiom_aegis_new(&s, NULL), AXIOM_EINVAL, "new NULL name");
    TU_ASSERT(s == NULL, "ctx not cleared");
    TU_ASSERT_RC(axiom_aegis_new(&s, "aes-128-gcm"), AXIOM_ENOTFOUND, "not AEGIS");
    TU_ASSERT_RC(axiom_aegis_new(&s, "aegis-128x8"), AXIOM_ENOTFOUND, "no such variant");
    TU_ASSERT_RC(axiom_aegis_new(&s, name), AXIOM_OK, "%s", name);
    TU_ASSERT_RC(axiom_aegis_init(s, AXIOM_ENCRYPT, nonce, kl), AXIOM_ESTATE, "init before key");
    TU_ASSERT_RC(axiom_aegis_aad(s, buf, 3), AXIOM_ESTATE, "aad before key");
    TU_ASSERT_RC(axiom_aegis_update(s, buf, buf, 3), AXIOM_ESTATE, "update before key");
    TU_ASSERT_RC(axiom_aegis_final(s, tag, 16), AXIOM_ESTATE, "final before key");
    TU_ASSERT_RC(axiom_aegis_setkey(s, NULL, kl), AXIOM_EINVAL, "NULL key");
    TU_ASSERT_RC(axiom_aegis_setkey(s, key, 48 - kl), AXIOM_EKEYLEN, "key length");
    TU_ASSERT_RC(axiom_aegis_setkey(s, key, kl), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_aegis_aad(s, buf, 3), AXIOM_ESTATE, "aad before init");
    TU_ASSERT_RC(axiom_aegis_init(s, 2, nonce, kl), AXIOM_EINVAL, "direction");
    TU_ASSERT_RC(axiom_aegis_init(s, AXIOM_ENCRYPT, NULL, kl), AXIOM_EINVAL, "NULL nonce");
    TU_ASSERT_RC(axiom_aegis_init(s, AXIOM_ENCRYPT, nonce, 12), AXIOM_EIVLEN, "nonce 12");
    TU_ASSERT_RC(axiom_aegis_init(s, AXIOM_ENCRYPT, nonce, kl), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_aegis_aad(s, NULL, 3), AXIOM_EINVAL, "NULL AD");
    TU_ASSERT_RC(axiom_aegis_aad(s, NULL, 0), AXIOM_OK, "empty AD");
    TU_ASSERT_RC(axiom_aegis_aad(s, buf, SIZE_MAX), AXIOM_ELENGTH, "AD past the limit");
    TU_ASSERT_RC(axiom_aegis_update(s, buf + 1, buf, 8), AXIOM_EINVAL, "overlap");
    TU_ASSERT_RC(axiom_aegis_update(s, NULL, buf, 8), AXIOM_EINVAL, "NULL out");
    TU_ASSERT_RC(axiom_aegis_update(s, buf, buf, SIZE_MAX / 2), AXIOM_ELENGTH,
                 "text past the limit");
    TU_ASSERT_RC(axiom_aegis_update(s, buf, buf, 5), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_aegis_aad(s, buf, 3), AXIOM_ESTATE, "aad after update");
    TU_ASSERT_RC(axiom_aegis_verify(s, tag, 16), AXIOM_ESTATE, "verify while encrypting");
    TU_ASSERT_RC(axiom_aegis_final(s, tag, 24), AXIOM_ETAGLEN, "tag 24");
    TU_ASSERT_RC(axiom_aegis_final(s, NULL, 16), AXIOM_EINVAL, "NULL tag");
    TU_ASSERT_RC(axiom_aegis_final(s, tag, 16), AXIOM_OK, "final");
    TU_ASSERT_RC(axiom_aegis_final(s, tag, 16), AXIOM_ESTATE, "final twice");
    TU_ASSERT_RC(axiom_aegis_update(s, buf, buf, 5), AXIOM_ESTATE, "update after final");
    TU_ASSERT_RC(axiom_aegis_init(s, AXIOM_DECRYPT, nonce, kl), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_aegis_final(s, tag, 16), AXIOM_ESTATE, "final while decrypting");
    TU_ASSERT_RC(axiom_aegis_verify(s, tag, 16), AXIOM_EAUTH, "verify");
    axiom_aegis_free(s);
    axiom_aegis_free(NULL);
}
END_TEST

static Suite *aegis_suite(void)
{
    Suite *s = suite_create("aegis");
    TCase *tc = tcase_create("vectors");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_draft_aead);
    tcase_add_test(tc, test_draft_mac);
    tcase_add_test(tc, test_wycheproof_128l);
    tcase_add_test(tc, test_wycheproof_256);
    suite_add_tcase(s, tc);
    tc = tcase_create("misuse");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_bit_flips, 0, (int)(2 * NVARIANTS));
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_mac_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("stream");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_stream, 0, (int)NVARIANTS);
    tcase_add_loop_test(tc, test_stream_errors, 0, (int)NVARIANTS);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_aegis");
    return tu_run_suite(aegis_suite());
}
