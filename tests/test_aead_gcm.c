/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of aes-128/192/256-gcm through the public API: the McGrew-Viega
 * test cases, Project Wycheproof, libgcrypt as a differential reference,
 * every misuse error path, and the streaming interface against one-shot. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>
#include <json-c/json.h>

#include <axiom.h>

#include "core/prefetch.h"
#include "testutil.h"

static const char *gcm_name(size_t keylen)
{
    return keylen == 16 ? "aes-128-gcm" : keylen == 24 ? "aes-192-gcm" : "aes-256-gcm";
}

static axiom_aead_ctx *keyed(const uint8_t *key, size_t keylen)
{
    axiom_aead_ctx *ctx = NULL;
    TU_ASSERT_RC(axiom_aead_new(&ctx, gcm_name(keylen)), AXIOM_OK, "new %s", gcm_name(keylen));
    TU_ASSERT_RC(axiom_aead_setkey(ctx, key, keylen), AXIOM_OK, "setkey");
    return ctx;
}

/* ------------------------------------------------------------ McGrew-Viega */

/* "The Galois/Counter Mode of Operation (GCM)", revised spec, appendix B,
 * test cases 1-18 (AES-128, -192, -256; empty strings are empty fields). */
#define MV_K128 "feffe9928665731c6d6a8f9467308308"
#define MV_K192 "feffe9928665731c6d6a8f9467308308feffe9928665731c"
#define MV_K256 "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"
#define MV_IV96 "cafebabefacedbaddecaf888"
#define MV_IV64 "cafebabefacedbad"
#define MV_IV480 "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728" \
                 "c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b"
#define MV_AD "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define MV_P60 "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" \
               "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define MV_P64 MV_P60 "1aafd255"
#define Z16 "00000000000000000000000000000000"
#define Z24 "000000000000000000000000000000000000000000000000"
#define Z32 Z16 Z16
#define Z12 "000000000000000000000000"

static const struct mv_case {
    const char *key, *iv, *ad, *p, *c, *t;
} mv_cases[18] = {
    /* 1 */ { Z16, Z12, "", "", "", "58e2fccefa7e3061367f1d57a4e7455a" },
    /* 2 */ { Z16, Z12, "", Z16, "0388dace60b6a392f328c2b971b2fe78",
              "ab6e47d42cec13bdf53a67b21257bddf" },
    /* 3 */ { MV_K128, MV_IV96, "", MV_P64,
              "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
              "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
              "4d5c2af327cd64a62cf35abd2ba6fab4" },
    /* 4 */ { MV_K128, MV_IV96, MV_AD, MV_P60,
              "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
              "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
              "5bc94fbc3221a5db94fae95ae7121a47" },
    /* 5 */ { MV_K128, MV_IV64, MV_AD, MV_P60,
              "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
              "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
              "3612d2e79e3b0785561be14aaca2fccb" },
    /* 6 */ { MV_K128, MV_IV480, MV_AD, MV_P60,
              "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
              "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
              "619cc5aefffe0bfa462af43c1699d050" },
    /* 7 */ { Z24, Z12, "", "", "", "cd33b28ac773f74ba00ed1f312572435" },
    /* 8 */ { Z24, Z12, "", Z16, "98e7247c07f0fe411c267e4384b0f600",
              "2ff58d80033927ab8ef4d4587514f0fb" },
    /* 9 */ { MV_K192, MV_IV96, "", MV_P64,
              "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
              "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256",
              "9924a7c8587336bfb118024db8674a14" },
    /* 10 */ { MV_K192, MV_IV96, MV_AD, MV_P60,
               "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
               "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710",
               "2519498e80f1478f37ba55bd6d27618c" },
    /* 11 */ { MV_K192, MV_IV64, MV_AD, MV_P60,
               "0f10f599ae14a154ed24b36e25324db8c566632ef2bbb34f8347280fc4507057"
               "fddc29df9a471f75c66541d4d4dad1c9e93a19a58e8b473fa0f062f7",
               "65dcc57fcf623a24094fcca40d3533f8" },
    /* 12 */ { MV_K192, MV_IV480, MV_AD, MV_P60,
               "d27e88681ce3243c4830165a8fdcf9ff1de9a1d8e6b447ef6ef7b79828666e45"
               "81e79012af34ddd9e2f037589b292db3e67c036745fa22e7e9b7373b",
               "dcf566ff291c25bbb8568fc3d376a6d9" },
    /* 13 */ { Z32, Z12, "", "", "", "530f8afbc74536b9a963b4f1c4cb738b" },
    /* 14 */ { Z32, Z12, "", Z16, "cea7403d4d606b6e074ec5d3baf39d18",
               "d0d1c8a799996bf0265b98b5d48ab919" },
    /* 15 */ { MV_K256, MV_IV96, "", MV_P64,
               "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
               "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
               "b094dac5d93471bdec1a502270e3cc6c" },
    /* 16 */ { MV_K256, MV_IV96, MV_AD, MV_P60,
               "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
               "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
               "76fc6ece0f4e1768cddf8853bb2d551b" },
    /* 17 */ { MV_K256, MV_IV64, MV_AD, MV_P60,
               "c3762df1ca787d32ae47c13bf19844cbaf1ae14d0b976afac52ff7d79bba9de0"
               "feb582d33934a4f0954cc2363bc73f7862ac430e64abe499f47c9b1f",
               "3a337dbf46a792c45e454913fe2ea8f2" },
    /* 18 */ { MV_K256, MV_IV480, MV_AD, MV_P60,
               "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf4"
               "0fc0c3b780f244452da3ebf1c5d82cdea2418997200ef82e44ae7e3f",
               "a44a8266ee1c8eb0c8b5d4cf5ae9f19a" },
};

START_TEST(test_mcgrew_viega)
{
    const struct mv_case *tc = &mv_cases[_i];
    size_t kl, nl, al, pl, cl, tl;
    uint8_t *key = tu_hex_alloc(tc->key, &kl), *iv = tu_hex_alloc(tc->iv, &nl);
    uint8_t *ad = tu_hex_alloc(tc->ad, &al), *p = tu_hex_alloc(tc->p, &pl);
    uint8_t *c = tu_hex_alloc(tc->c, &cl), *t = tu_hex_alloc(tc->t, &tl);
    uint8_t out[64], buf[64], tag[16];
    TU_ASSERT(pl == cl && tl == 16 && pl <= sizeof out, "case %d sizes", _i + 1);
    axiom_aead_ctx *ctx = keyed(key, kl);
    TU_ASSERT(axiom_impl(gcm_name(kl)) != NULL, "impl");

    TU_ASSERT_RC(axiom_aead_seal(ctx, out, tag, 16, iv, nl, ad, al, p, pl), AXIOM_OK,
                 "case %d seal", _i + 1);
    TU_ASSERT_MEM_EQ(out, c, pl, "case %d ciphertext (%s)", _i + 1, axiom_impl(gcm_name(kl)));
    TU_ASSERT_MEM_EQ(tag, t, 16, "case %d tag (%s)", _i + 1, axiom_impl(gcm_name(kl)));
    TU_ASSERT_RC(axiom_aead_open(ctx, out, t, 16, iv, nl, ad, al, c, pl), AXIOM_OK,
                 "case %d open", _i + 1);
    TU_ASSERT_MEM_EQ(out, p, pl, "case %d plaintext", _i + 1);

    /* In place, both directions, and every offered truncation. */
    static const size_t tls[] = { 4, 8, 12, 13, 14, 15, 16 };
    for (size_t k = 0; k < sizeof tls / sizeof tls[0]; k++) {
        if (pl)
            memcpy(buf, p, pl);
        TU_ASSERT_RC(axiom_aead_seal(ctx, buf, tag, tls[k], iv, nl, ad, al, buf, pl), AXIOM_OK,
                     "case %d seal in place", _i + 1);
        TU_ASSERT_MEM_EQ(buf, c, pl, "case %d in-place ciphertext", _i + 1);
        TU_ASSERT_MEM_EQ(tag, t, tls[k], "case %d tag truncated to %zu", _i + 1, tls[k]);
        TU_ASSERT_RC(axiom_aead_open(ctx, buf, t, tls[k], iv, nl, ad, al, buf, pl), AXIOM_OK,
                     "case %d open in place", _i + 1);
        TU_ASSERT_MEM_EQ(buf, p, pl, "case %d in-place plaintext", _i + 1);
    }
    axiom_aead_free(ctx);
    free(key); free(iv); free(ad); free(p); free(c); free(t);
}
END_TEST

/* ------------------------------------------------------------ Wycheproof */

START_TEST(test_wycheproof)
{
    int declared;
    json_object *root = tu_wycheproof_open("aes_gcm_test.json", "AES-GCM", &declared);
    json_object *groups = tu_json_field(root, "testGroups");
    int seen = 0, valid = 0, rejected = 0, skipped = 0;

    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        const int keybits = json_object_get_int(tu_json_field(grp, "keySize"));
        const int tagbits = json_object_get_int(tu_json_field(grp, "tagSize"));
        json_object *tests = tu_json_field(grp, "tests");
        const size_t nt = json_object_array_length(tests);
        seen += (int)nt;
        /* Key and tag sizes the API does not offer are counted, not run. */
        if ((keybits != 128 && keybits != 192 && keybits != 256) || tagbits % 8 != 0 ||
            !(tagbits / 8 == 4 || tagbits / 8 == 8 || (tagbits / 8 >= 12 && tagbits / 8 <= 16))) {
            skipped += (int)nt;
            continue;
        }
        for (size_t i = 0; i < nt; i++) {
            if (tu_wycheproof_aead_case(json_object_array_get_idx(tests, i), keyed))
                valid++;
            else
                rejected++;
        }
    }
    printf("wycheproof aes_gcm: %d tests, %d valid passed, %d invalid rejected, %d skipped\n",
           seen, valid, rejected, skipped);
    TU_ASSERT(seen == declared, "saw %d tests, file declares %d", seen, declared);
    TU_ASSERT(valid + rejected + skipped == seen, "accounting");
    json_object_put(root);
}
END_TEST

/* ------------------------------------------------------------ libgcrypt */

/* Full 16-byte tag from libgcrypt; @out may equal @in. */
static void gcry_gcm(int encrypt, const uint8_t *key, size_t kl, const uint8_t *iv, size_t nl,
                     const uint8_t *ad, size_t al, uint8_t *out, const uint8_t *in, size_t len,
                     uint8_t tag[16])
{
    const int algo = kl == 16 ? GCRY_CIPHER_AES128 : kl == 24 ? GCRY_CIPHER_AES192
                                                              : GCRY_CIPHER_AES256;
    gcry_cipher_hd_t h;
    ck_assert(gcry_cipher_open(&h, algo, GCRY_CIPHER_MODE_GCM, 0) == 0);
    ck_assert(gcry_cipher_setkey(h, key, kl) == 0);
    ck_assert(gcry_cipher_setiv(h, iv, nl) == 0);
    if (al)
        ck_assert(gcry_cipher_authenticate(h, ad, al) == 0);
    ck_assert(tu_gcry_text(h, encrypt, out, in, len) == 0);
    ck_assert(gcry_cipher_gettag(h, tag, 16) == 0);
    gcry_cipher_close(h);
}

/* Lengths biased towards the edges of every kernel width (1, 8, 16 and
 * 32 blocks) and of the partial block. */
static size_t pick_len(size_t max)
{
    static const size_t widths[] = { 16, 128, 256, 512 };
    return tu_pick_len(max, 64, widths);
}

START_TEST(test_gcrypt_diff)
{
    tu_rng_reset("gcm-gcrypt");
    static const size_t tls[] = { 4, 8, 12, 13, 14, 15, 16 };
    const size_t maxlen = 4096;
    uint8_t *p = malloc(maxlen + 64), *c = malloc(maxlen + 64), *r = malloc(maxlen + 64);
    uint8_t *ad = malloc(maxlen + 64), *io = malloc(maxlen + 64);
    const int iters = 400;
    for (int it = 0; it < iters; it++) {
        const size_t kl = 16 + 8 * tu_rand_range(0, 2);
        const size_t nl = it < 64 ? (size_t)it + 1 : (tu_rand_range(0, 1) ? 12 : tu_rand_range(1, 64));
        const size_t al = pick_len(maxlen), len = pick_len(maxlen);
        const size_t tl = tls[it % 7];
        /* Misalign every buffer independently. */
        const size_t op = tu_rand_range(0, 15), oc = tu_rand_range(0, 15), oa = tu_rand_range(0, 15);
        uint8_t key[32], iv[64], tag[16], want_tag[16];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(iv, nl);
        tu_rand_bytes(ad + oa, al);
        tu_rand_bytes(p + op, len);

        axiom_aead_ctx *ctx = keyed(key, kl);
        gcry_gcm(1, key, kl, iv, nl, ad + oa, al, r, p + op, len, want_tag);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c + oc, tag, tl, iv, nl, ad + oa, al, p + op, len),
                     AXIOM_OK, "seal kl %zu nl %zu al %zu len %zu", kl, nl, al, len);
        TU_ASSERT_MEM_EQ(c + oc, r, len, "ciphertext vs libgcrypt, kl %zu nl %zu al %zu len %zu",
                         kl, nl, al, len);
        TU_ASSERT_MEM_EQ(tag, want_tag, tl, "tag vs libgcrypt, kl %zu nl %zu al %zu len %zu tl %zu",
                         kl, nl, al, len, tl);

        /* Open out of place and in place. */
        TU_ASSERT_RC(axiom_aead_open(ctx, r, tag, tl, iv, nl, ad + oa, al, c + oc, len), AXIOM_OK,
                     "open, len %zu", len);
        TU_ASSERT_MEM_EQ(r, p + op, len, "open plaintext, len %zu", len);
        if (len)
            memcpy(io + op, c + oc, len);
        TU_ASSERT_RC(axiom_aead_open(ctx, io + op, tag, tl, iv, nl, ad + oa, al, io + op, len),
                     AXIOM_OK, "open in place, len %zu", len);
        TU_ASSERT_MEM_EQ(io + op, p + op, len, "in-place plaintext, len %zu", len);
        /* Seal in place. */
        TU_ASSERT_RC(axiom_aead_seal(ctx, io + op, tag, tl, iv, nl, ad + oa, al, io + op, len),
                     AXIOM_OK, "seal in place");
        TU_ASSERT_MEM_EQ(io + op, c + oc, len, "in-place ciphertext, len %zu", len);
        TU_ASSERT_MEM_EQ(tag, want_tag, tl, "in-place tag");
        /* libgcrypt opens what we sealed. */
        gcry_gcm(0, key, kl, iv, nl, ad + oa, al, r, c + oc, len, want_tag);
        TU_ASSERT_MEM_EQ(r, p + op, len, "libgcrypt decrypts ours, len %zu", len);
        axiom_aead_free(ctx);
    }
    free(p); free(c); free(r); free(ad); free(io);
}
END_TEST

/* Every text length from 0 to 35 blocks plus 15 bytes against libgcrypt,
 * with 96-bit nonces (the one-shot kernels' path), under AD lengths that
 * put the message on both sides of the one-shot kernels' threshold
 * (AD, text and length block in 32 blocks or fewer) and cross their
 * 64-byte register and 32-block batch boundaries; out of place misaligned
 * and in place, seal and open. */
START_TEST(test_gcrypt_sweep)
{
    tu_rng_reset("gcm-sweep");
    static const size_t als[] = { 0, 1, 15, 16, 17, 63, 64, 65, 240, 256, 400,
                                  480, 481, 495, 496, 497, 511, 512, 513, 1000 };
    const size_t maxlen = 16 * 36;
    uint8_t *p = malloc(maxlen + 64), *c = malloc(maxlen + 64), *r = malloc(maxlen + 64);
    uint8_t *ad = malloc(1100), *io = malloc(maxlen + 64);
    for (size_t ai = 0; ai < sizeof als / sizeof als[0]; ai++) {
        for (size_t len = 0; len < maxlen; len++) {
            const size_t kl = 16 + 8 * ((ai + len) % 3), al = als[ai];
            const size_t op = tu_rand_range(0, 63), oc = tu_rand_range(0, 63);
            const size_t oa = tu_rand_range(0, 63);
            uint8_t key[32], iv[12], tag[16], want_tag[16];
            tu_rand_bytes(key, kl);
            tu_rand_bytes(iv, sizeof iv);
            tu_rand_bytes(ad + oa, al);
            tu_rand_bytes(p + op, len);
            axiom_aead_ctx *ctx = keyed(key, kl);
            gcry_gcm(1, key, kl, iv, 12, ad + oa, al, r, p + op, len, want_tag);
            TU_ASSERT_RC(axiom_aead_seal(ctx, c + oc, tag, 16, iv, 12, ad + oa, al, p + op, len),
                         AXIOM_OK, "seal al %zu len %zu", al, len);
            TU_ASSERT_MEM_EQ(c + oc, r, len, "ciphertext, kl %zu al %zu len %zu", kl, al, len);
            TU_ASSERT_MEM_EQ(tag, want_tag, 16, "tag, kl %zu al %zu len %zu", kl, al, len);
            TU_ASSERT_RC(axiom_aead_open(ctx, r, tag, 16, iv, 12, ad + oa, al, c + oc, len),
                         AXIOM_OK, "open al %zu len %zu", al, len);
            TU_ASSERT_MEM_EQ(r, p + op, len, "plaintext, al %zu len %zu", al, len);
            if (len)
                memcpy(io + oc, c + oc, len);
            TU_ASSERT_RC(axiom_aead_open(ctx, io + oc, tag, 16, iv, 12, ad + oa, al, io + oc,
                                         len),
                         AXIOM_OK, "open in place al %zu len %zu", al, len);
            TU_ASSERT_MEM_EQ(io + oc, p + op, len, "in-place plaintext, al %zu len %zu", al, len);
            TU_ASSERT_RC(axiom_aead_seal(ctx, io + oc, tag, 16, iv, 12, ad + oa, al, io + oc,
                                         len),
                         AXIOM_OK, "seal in place");
            TU_ASSERT_MEM_EQ(io + oc, c + oc, len, "in-place ciphertext, al %zu len %zu", al, len);
            TU_ASSERT_MEM_EQ(tag, want_tag, 16, "in-place tag, al %zu len %zu", al, len);
            /* A flipped bit anywhere fails and wipes the output. */
            if (len) {
                c[oc + tu_rand_range(0, len - 1)] ^= 1;
                TU_ASSERT_RC(axiom_aead_open(ctx, r, tag, 16, iv, 12, ad + oa, al, c + oc, len),
                             AXIOM_EAUTH, "open of a modified text, al %zu len %zu", al, len);
            }
            axiom_aead_free(ctx);
        }
    }
    free(p); free(c); free(r); free(ad); free(io);
}
END_TEST

/* A few long messages so that the widest loops run many iterations, and
 * messages around the size from which the bulk loops prefetch
 * (core/prefetch.h): one block below it, at it, and past it by more than
 * the encryption's first 32 blocks (which run before its loop) with a
 * partial block. */
START_TEST(test_gcrypt_long)
{
    tu_rng_reset("gcm-long");
    static const size_t lens[] = { 65536, 65536 + 16 * 17 + 5, 1 << 20,
                                   AXIOM_PF_LARGE - 16, AXIOM_PF_LARGE,
                                   AXIOM_PF_LARGE + 16 * 40 + 7 };
    const size_t max = AXIOM_PF_LARGE + 16 * 40 + 64;
    uint8_t *p = malloc(max), *c = malloc(max), *r = malloc(max), tag[16], want[16];
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        const size_t kl = 16 + 8 * (i % 3), len = lens[i];
        uint8_t key[32], iv[12], ad[40];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(ad, sizeof ad);
        tu_rand_bytes(p, len);
        axiom_aead_ctx *ctx = keyed(key, kl);
        gcry_gcm(1, key, kl, iv, sizeof iv, ad, sizeof ad, r, p, len, want);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c + 1, tag, 16, iv, sizeof iv, ad, sizeof ad, p, len),
                     AXIOM_OK, "seal");
        TU_ASSERT_MEM_EQ(c + 1, r, len, "ciphertext, len %zu", len);
        TU_ASSERT_MEM_EQ(tag, want, 16, "tag, len %zu", len);
        TU_ASSERT_RC(axiom_aead_open(ctx, c + 1, tag, 16, iv, sizeof iv, ad, sizeof ad, c + 1, len),
                     AXIOM_OK, "open in place");
        TU_ASSERT_MEM_EQ(c + 1, p, len, "plaintext, len %zu", len);
        axiom_aead_free(ctx);
    }
    free(p); free(c); free(r);
}
END_TEST

/* ------------------------------------------------------------ misuse */

START_TEST(test_misuse)
{
    tu_rng_reset("gcm-misuse");
    axiom_aead_ctx *ctx = NULL;
    uint8_t key[32], iv[12], ad[37], p[100], c[100], o[100], tag[16], t2[16];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    tu_rand_bytes(ad, sizeof ad);
    tu_rand_bytes(p, sizeof p);

    TU_ASSERT_RC(axiom_aead_new(&ctx, "aes-512-gcm"), AXIOM_ENOTFOUND, "unknown name");
    TU_ASSERT(ctx == NULL, "ctx on error");
    /* ASCII capitals only fold: '\r' | 0x20 is '-', 0x0d | 0x20 too. */
    TU_ASSERT_RC(axiom_aead_new(&ctx, "aes\r128-gcm"), AXIOM_ENOTFOUND, "case bit on '-'");
    TU_ASSERT_RC(axiom_aead_new(&ctx, "AES-128-GC@"), AXIOM_ENOTFOUND, "'@' is not a letter");
    TU_ASSERT_RC(axiom_aead_new(&ctx, "aes-128-gcm\xa0"), AXIOM_ENOTFOUND, "trailing byte");
    TU_ASSERT_RC(axiom_aead_new(&ctx, "AES-128-GCM"), AXIOM_OK, "case-insensitive name");
    axiom_aead_free(ctx);
    axiom_aead_free(NULL);

    TU_ASSERT_RC(axiom_aead_new(&ctx, "aes-256-gcm"), AXIOM_OK, "new");
    /* Before setkey. */
    tu_fill_sentinel(c, sizeof c);
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, iv, 12, ad, sizeof ad, p, sizeof p),
                 AXIOM_ESTATE, "seal before setkey");
    TU_ASSERT_SENTINEL(c, sizeof c, "seal before setkey");
    TU_ASSERT_RC(axiom_aead_open(ctx, c, tag, 16, iv, 12, ad, sizeof ad, p, sizeof p),
                 AXIOM_ESTATE, "open before setkey");
    TU_ASSERT_SENTINEL(c, sizeof c, "open before setkey");
    /* Key lengths. */
    static const size_t badkeys[] = { 0, 1, 15, 16, 24, 31, 33, 64 };
    for (size_t i = 0; i < sizeof badkeys / sizeof badkeys[0]; i++)
        TU_ASSERT_RC(axiom_aead_setkey(ctx, key, badkeys[i]), AXIOM_EKEYLEN, "keylen %zu",
                     badkeys[i]);
    TU_ASSERT_RC(axiom_aead_setkey(ctx, NULL, 32), AXIOM_EINVAL, "NULL key");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, iv, 12, NULL, 0, p, sizeof p), AXIOM_ESTATE,
                 "a failed setkey does not key the context");
    TU_ASSERT_RC(axiom_aead_setkey(ctx, key, 32), AXIOM_OK, "setkey");

    /* Nonce and tag lengths: nothing written. */
    tu_fill_sentinel(c, sizeof c);
    tu_fill_sentinel(tag, sizeof tag);
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, iv, 0, ad, sizeof ad, p, sizeof p),
                 AXIOM_EIVLEN, "empty nonce");
    for (size_t tl = 0; tl <= 20; tl++) {
        if (tl == 4 || tl == 8 || (tl >= 12 && tl <= 16))
            continue;
        TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, tl, iv, 12, ad, sizeof ad, p, sizeof p),
                     AXIOM_ETAGLEN, "seal taglen %zu", tl);
        TU_ASSERT_RC(axiom_aead_open(ctx, c, tag, tl, iv, 12, ad, sizeof ad, p, sizeof p),
                     AXIOM_ETAGLEN, "open taglen %zu", tl);
    }
    TU_ASSERT_SENTINEL(c, sizeof c, "bad lengths");
    TU_ASSERT_SENTINEL(tag, sizeof tag, "bad lengths (tag)");
    /* NULL and overlap. */
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, NULL, 16, iv, 12, ad, sizeof ad, p, sizeof p),
                 AXIOM_EINVAL, "NULL tag");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, NULL, 12, ad, sizeof ad, p, sizeof p),
                 AXIOM_EINVAL, "NULL nonce");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, iv, 12, NULL, 5, p, sizeof p), AXIOM_EINVAL,
                 "NULL ad with adlen");
    TU_ASSERT_RC(axiom_aead_seal(ctx, NULL, tag, 16, iv, 12, ad, sizeof ad, p, sizeof p),
                 AXIOM_EINVAL, "NULL out");
    TU_ASSERT_RC(axiom_aead_seal(NULL, c, tag, 16, iv, 12, ad, sizeof ad, p, sizeof p),
                 AXIOM_EINVAL, "NULL ctx");
    memcpy(o, p, sizeof p);
    TU_ASSERT_RC(axiom_aead_seal(ctx, o + 1, tag, 16, iv, 12, ad, sizeof ad, o, 64),
                 AXIOM_EINVAL, "partial overlap");
    TU_ASSERT_MEM_EQ(o, p, sizeof p, "nothing written on overlap");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, iv, 12, NULL, 0, NULL, 0), AXIOM_OK,
                 "empty message and AD");

    /* Flipped bits anywhere: EAUTH and the output wiped. */
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, iv, 12, ad, sizeof ad, p, sizeof p), AXIOM_OK,
                 "seal");
    for (int trial = 0; trial < 200; trial++) {
        uint8_t cc[100], aa[37], nn[12];
        memcpy(cc, c, sizeof c);
        memcpy(aa, ad, sizeof ad);
        memcpy(nn, iv, sizeof iv);
        memcpy(t2, tag, sizeof tag);
        const size_t tl = (size_t[]){ 4, 8, 12, 13, 14, 15, 16 }[trial % 7];
        const int what = (int)tu_rand_range(0, 3);
        const size_t bit = tu_rand_range(0, 7);
        switch (what) {
        case 0: t2[tu_rand_range(0, tl - 1)] ^= (uint8_t)(1u << bit); break;
        case 1: cc[tu_rand_range(0, sizeof cc - 1)] ^= (uint8_t)(1u << bit); break;
        case 2: aa[tu_rand_range(0, sizeof aa - 1)] ^= (uint8_t)(1u << bit); break;
        default: nn[tu_rand_range(0, sizeof nn - 1)] ^= (uint8_t)(1u << bit); break;
        }
        memset(o, 0xa5, sizeof o);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, t2, tl, nn, 12, aa, sizeof aa, cc, sizeof cc),
                     AXIOM_EAUTH, "flipped bit (kind %d), taglen %zu", what, tl);
        for (size_t j = 0; j < sizeof o; j++)
            TU_ASSERT(o[j] == 0, "output not wiped at %zu (kind %d)", j, what);
        /* In place too. */
        TU_ASSERT_RC(axiom_aead_open(ctx, cc, t2, tl, nn, 12, aa, sizeof aa, cc, sizeof cc),
                     AXIOM_EAUTH, "flipped bit in place (kind %d)", what);
        for (size_t j = 0; j < sizeof cc; j++)
            TU_ASSERT(cc[j] == 0, "in-place output not wiped at %zu", j);
    }
    /* The untouched message still opens. */
    TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, iv, 12, ad, sizeof ad, c, sizeof c), AXIOM_OK,
                 "untouched message opens");
    /* A message one byte shorter does not verify. */
    TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, iv, 12, ad, sizeof ad, c, sizeof c - 1),
                 AXIOM_EAUTH, "truncated ciphertext");
    /* Wrong key. */
    key[0] ^= 1;
    TU_ASSERT_RC(axiom_aead_setkey(ctx, key, 32), AXIOM_OK, "rekey");
    TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, iv, 12, ad, sizeof ad, c, sizeof c),
                 AXIOM_EAUTH, "wrong key");
    axiom_aead_free(ctx);
}
END_TEST

/* ------------------------------------------------------------ streaming */

/* Feed @len bytes of @p to update in random pieces. */
static void stream_text(axiom_gcm_ctx *st, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t done = 0;
    while (done < len) {
        size_t n = tu_rand_range(0, 3) == 0 ? tu_rand_range(0, len - done)
                                            : tu_rand_range(0, 40 < len - done ? 40 : len - done);
        TU_ASSERT_RC(axiom_gcm_update(st, out + done, in + done, n), AXIOM_OK, "update %zu", n);
        done += n;
    }
    TU_ASSERT_RC(axiom_gcm_update(st, out + done, in + done, 0), AXIOM_OK, "empty update");
}

static void stream_aad(axiom_gcm_ctx *st, const uint8_t *ad, size_t al)
{
    size_t done = 0;
    while (done < al) {
        size_t n = tu_rand_range(0, al - done);
        TU_ASSERT_RC(axiom_gcm_aad(st, ad + done, n), AXIOM_OK, "aad %zu", n);
        done += n;
    }
}

START_TEST(test_stream_vs_oneshot)
{
    tu_rng_reset("gcm-stream");
    const size_t maxlen = 3000;
    uint8_t *p = malloc(maxlen), *c = malloc(maxlen), *s = malloc(maxlen), *ad = malloc(600);
    for (int it = 0; it < 300; it++) {
        const size_t kl = 16 + 8 * (size_t)(it % 3);
        const size_t nl = tu_rand_range(0, 1) ? 12 : tu_rand_range(1, 30);
        const size_t al = tu_rand_range(0, 1) ? tu_rand_range(0, 40) : tu_rand_range(0, 600);
        const size_t len = it < 40 ? (size_t)it : pick_len(maxlen - 1);
        const size_t tl = (size_t[]){ 4, 8, 12, 13, 14, 15, 16 }[it % 7];
        uint8_t key[32], iv[30], tag[16], st_tag[16];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(iv, nl);
        tu_rand_bytes(ad, al);
        tu_rand_bytes(p, len);
        axiom_aead_ctx *ctx = keyed(key, kl);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, tl, iv, nl, ad, al, p, len), AXIOM_OK, "seal");

        axiom_gcm_ctx *st = NULL;
        TU_ASSERT_RC(axiom_gcm_new(&st, gcm_name(kl)), AXIOM_OK, "gcm_new");
        TU_ASSERT_RC(axiom_gcm_setkey(st, key, kl), AXIOM_OK, "gcm_setkey");
        for (int round = 0; round < 2; round++) { /* the context is reusable */
            TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_ENCRYPT, iv, nl), AXIOM_OK, "init enc");
            stream_aad(st, ad, al);
            stream_text(st, s, p, len);
            TU_ASSERT_RC(axiom_gcm_final(st, st_tag, tl), AXIOM_OK, "final");
            TU_ASSERT_MEM_EQ(s, c, len, "streamed ciphertext, len %zu al %zu", len, al);
            TU_ASSERT_MEM_EQ(st_tag, tag, tl, "streamed tag, len %zu al %zu", len, al);

            /* Decrypt in place, in pieces. */
            memcpy(s, c, len);
            TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_DECRYPT, iv, nl), AXIOM_OK, "init dec");
            stream_aad(st, ad, al);
            stream_text(st, s, s, len);
            TU_ASSERT_RC(axiom_gcm_verify(st, tag, tl), AXIOM_OK, "verify, len %zu", len);
            TU_ASSERT_MEM_EQ(s, p, len, "streamed plaintext, len %zu", len);
        }
        /* A wrong tag fails. */
        uint8_t bad[16];
        memcpy(bad, tag, 16);
        bad[tu_rand_range(0, tl - 1)] ^= 0x80;
        TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_DECRYPT, iv, nl), AXIOM_OK, "init dec");
        stream_aad(st, ad, al);
        stream_text(st, s, c, len);
        TU_ASSERT_RC(axiom_gcm_verify(st, bad, tl), AXIOM_EAUTH, "verify with a flipped tag bit");
        axiom_gcm_free(st);
        axiom_aead_free(ctx);
    }
    free(p); free(c); free(s); free(ad);
}
END_TEST

/* Every algorithm of the streaming interface against its one-shot AEAD:
 * random splits (small pieces and large ones, so that the fused and chunked
 * paths and every partial-block carry run), in place, and a copy made with
 * axiom_gcm_dup() at a random point that must finish the same message. */
START_TEST(test_stream_every_alg)
{
    static const char *const names[] = { "aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "sm4-gcm",
                                         "chacha20-poly1305" };
    tu_rng_reset("aead-stream-all");
    const size_t maxlen = 6000;
    uint8_t *p = malloc(maxlen), *c = malloc(maxlen), *s = malloc(maxlen), *d = malloc(maxlen);
    uint8_t *ad = malloc(300);
    for (int it = 0; it < 250; it++) {
        const char *name = names[it % 5];
        const int cp = it % 5 == 4;
        axiom_aead_ctx *ctx = NULL;
        if (axiom_aead_new(&ctx, name) == AXIOM_ENOTFOUND)
            continue; /* sm4-gcm under AXIOM_CT_ONLY without a constant-time kernel */
        const size_t kl = cp ? 32 : strcmp(name, "aes-192-gcm") == 0 ? 24
                                   : strcmp(name, "aes-256-gcm") == 0 ? 32 : 16;
        const size_t nl = cp || tu_rand_range(0, 3) ? 12 : tu_rand_range(1, 40);
        const size_t al = tu_rand_range(0, 2) ? tu_rand_range(0, 40) : tu_rand_range(0, 300);
        const size_t len = it < 50 ? (size_t)it * 3 : pick_len(maxlen - 1);
        const size_t tl = cp ? 16 : (size_t[]){ 4, 8, 12, 13, 14, 15, 16 }[it % 7];
        uint8_t key[32], iv[40], tag[16], st_tag[16], dup_tag[16];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(iv, nl);
        tu_rand_bytes(ad, al);
        tu_rand_bytes(p, len);
        TU_ASSERT_RC(axiom_aead_setkey(ctx, key, kl), AXIOM_OK, "%s setkey", name);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, tl, iv, nl, ad, al, p, len), AXIOM_OK, "seal");

        axiom_gcm_ctx *st = NULL, *cp2 = NULL;
        TU_ASSERT_RC(axiom_gcm_new(&st, name), AXIOM_OK, "%s gcm_new", name);
        TU_ASSERT_RC(axiom_gcm_setkey(st, key, kl), AXIOM_OK, "gcm_setkey");
        TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_ENCRYPT, iv, nl), AXIOM_OK, "init enc");
        stream_aad(st, ad, al);
        const size_t cut = tu_rand_range(0, len);
        stream_text(st, s, p, cut);
        TU_ASSERT_RC(axiom_gcm_dup(&cp2, st), AXIOM_OK, "dup");
        stream_text(cp2, d + cut, p + cut, len - cut);
        stream_text(st, s + cut, p + cut, len - cut);
        TU_ASSERT_RC(axiom_gcm_final(st, st_tag, tl), AXIOM_OK, "final");
        TU_ASSERT_RC(axiom_gcm_final(cp2, dup_tag, tl), AXIOM_OK, "final of the copy");
        TU_ASSERT_MEM_EQ(s, c, len, "%s streamed ciphertext, len %zu al %zu", name, len, al);
        TU_ASSERT_MEM_EQ(st_tag, tag, tl, "%s streamed tag, len %zu al %zu", name, len, al);
        TU_ASSERT_MEM_EQ(d + cut, c + cut, len - cut, "%s copy's ciphertext, cut %zu", name, cut);
        TU_ASSERT_MEM_EQ(dup_tag, tag, tl, "%s copy's tag, cut %zu", name, cut);
        axiom_gcm_free(cp2);

        /* Decrypt in place, in pieces; then a flipped tag bit fails. */
        memcpy(s, c, len);
        TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_DECRYPT, iv, nl), AXIOM_OK, "init dec");
        stream_aad(st, ad, al);
        stream_text(st, s, s, len);
        TU_ASSERT_RC(axiom_gcm_verify(st, tag, tl), AXIOM_OK, "%s verify, len %zu", name, len);
        TU_ASSERT_MEM_EQ(s, p, len, "%s streamed plaintext, len %zu", name, len);
        tag[tu_rand_range(0, tl - 1)] ^= 0x01;
        TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_DECRYPT, iv, nl), AXIOM_OK, "init dec");
        stream_aad(st, ad, al);
        stream_text(st, s, c, len);
        TU_ASSERT_RC(axiom_gcm_verify(st, tag, tl), AXIOM_EAUTH, "%s flipped tag", name);
        if (cp) {
            TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_ENCRYPT, iv, 24), AXIOM_EIVLEN, "96-bit nonce");
            TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_ENCRYPT, iv, 12), AXIOM_OK, "init");
            TU_ASSERT_RC(axiom_gcm_final(st, st_tag, 12), AXIOM_ETAGLEN, "16-byte tags only");
        }
        axiom_gcm_free(st);
        axiom_aead_free(ctx);
    }
    free(p); free(c); free(s); free(d); free(ad);
}
END_TEST

START_TEST(test_stream_misuse)
{
    axiom_gcm_ctx *st = NULL;
    uint8_t key[16] = { 1 }, iv[12] = { 2 }, buf[64] = { 0 }, tag[16];
    TU_ASSERT_RC(axiom_gcm_new(&st, "xchacha20-poly1305"), AXIOM_ENOTFOUND, "no streaming form");
    TU_ASSERT_RC(axiom_gcm_new(&st, "aes-128-ctr"), AXIOM_ENOTFOUND, "not an AEAD");
    TU_ASSERT_RC(axiom_gcm_new(NULL, "aes-128-gcm"), AXIOM_EINVAL, "NULL ctx");
    axiom_gcm_free(NULL);
    TU_ASSERT_RC(axiom_gcm_new(&st, "aes-128-gcm"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_ENCRYPT, iv, 12), AXIOM_ESTATE, "init before setkey");
    TU_ASSERT_RC(axiom_gcm_update(st, buf, buf, 16), AXIOM_ESTATE, "update before setkey");
    TU_ASSERT_RC(axiom_gcm_setkey(st, key, 32), AXIOM_EKEYLEN, "key length");
    TU_ASSERT_RC(axiom_gcm_setkey(st, key, 16), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_gcm_update(st, buf, buf, 16), AXIOM_ESTATE, "update before init");
    TU_ASSERT_RC(axiom_gcm_aad(st, buf, 16), AXIOM_ESTATE, "aad before init");
    TU_ASSERT_RC(axiom_gcm_final(st, tag, 16), AXIOM_ESTATE, "final before init");
    TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_ENCRYPT, iv, 0), AXIOM_EIVLEN, "empty nonce");
    TU_ASSERT_RC(axiom_gcm_init(st, 7, iv, 12), AXIOM_EINVAL, "bad direction");
    TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_ENCRYPT, iv, 12), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_gcm_update(st, buf + 1, buf, 16), AXIOM_EINVAL, "overlap");
    TU_ASSERT_RC(axiom_gcm_update(st, buf, buf, 5), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_gcm_aad(st, buf, 1), AXIOM_ESTATE, "aad after update");
    TU_ASSERT_RC(axiom_gcm_verify(st, tag, 16), AXIOM_ESTATE, "verify while encrypting");
    TU_ASSERT_RC(axiom_gcm_final(st, tag, 11), AXIOM_ETAGLEN, "tag length");
    TU_ASSERT_RC(axiom_gcm_final(st, tag, 16), AXIOM_OK, "final");
    TU_ASSERT_RC(axiom_gcm_final(st, tag, 16), AXIOM_ESTATE, "final twice");
    TU_ASSERT_RC(axiom_gcm_init(st, AXIOM_DECRYPT, iv, 12), AXIOM_OK, "init dec");
    TU_ASSERT_RC(axiom_gcm_final(st, tag, 16), AXIOM_ESTATE, "final while decrypting");
    axiom_gcm_free(st);
}
END_TEST

static Suite *gcm_suite(void)
{
    Suite *s = suite_create("aead_gcm");
    TCase *tc = tcase_create("gcm");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_mcgrew_viega, 0, 18);
    tcase_add_test(tc, test_wycheproof);
    tcase_add_test(tc, test_gcrypt_diff);
    tcase_add_test(tc, test_gcrypt_sweep);
    tcase_add_test(tc, test_gcrypt_long);
    tcase_add_test(tc, test_misuse);
    tcase_add_test(tc, test_stream_vs_oneshot);
    tcase_add_test(tc, test_stream_misuse);
    tcase_add_test(tc, test_stream_every_alg);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_aead_gcm");
    tu_gcry_init();
    printf("aes-128-gcm kernel: %s\n", axiom_impl("aes-128-gcm"));
    return tu_run_suite(gcm_suite());
}
