/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kuznyechik's GOST modes through the public API: CTR-ACPKM against the
 * R 1323565.1.017-2018 / RFC 8645 example and against plain CTR with the
 * key meshing done by hand, its section-size names, and any split of a
 * message; MGM against the RFC 9058 example and against MGM rebuilt here
 * from kuznyechik-ecb and a bit-serial GF(2^128) multiplication;
 * kuznyechik-ctr-acpkm-omac against messages sealed by gost-engine, and
 * its errors; kuznyechik-omac-acpkm (and the ACPKM-Master under it)
 * against the R 1323565.1.017-2018 examples and against OMAC-ACPKM rebuilt
 * from kuznyechik-ctr-acpkm and kuznyechik-ecb, and its names. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "mgm/mgm.h" /* AXIOM_MGM_BATCH, the glue's batch */
#include "testutil.h"

static const char gost_key[] = "8899aabbccddeeff0011223344556677fedcba98765432100123456789abcdef";

/* RFC 8645, appendix A.1 (CTR-ACPKM, Kuznyechik, N = 256 bits): the
 * GOST R 34.13-2015 plaintext extended to seven blocks. */
static const char acpkm_pt[] = "1122334455667700ffeeddccbbaa998800112233445566778899aabbcceeff0a"
                               "112233445566778899aabbcceeff0a002233445566778899aabbcceeff0a0011"
                               "33445566778899aabbcceeff0a001122445566778899aabbcceeff0a00112233"
                               "5566778899aabbcceeff0a0011223344";
static const char acpkm_ct[] = "f195d8bec10ed1dbd57b5fa240bda1b885eee733f6a13e5df33ce4b33c45dee4"
                               "4bceeb8f646f4c55001706275e85e800587c4df568d094393e4834afd0805046"
                               "cf30f57686aeece11cfc6c316b8a896edffd07ec813636460c4f3b743423163e"
                               "6409a9c282fac8d469d221e7fbd6de5d";

/* Encrypt @len bytes through @name in the pieces tu_random_split picks. */
static void run(const char *name, int dir, const uint8_t *key, const uint8_t iv[16], uint8_t *out,
                const uint8_t *in, size_t len, size_t step)
{
    axiom_cipher_ctx *c;
    TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "%s new", name);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, key, 32, iv, 16), AXIOM_OK, "%s init", name);
    size_t cuts[9], parts = tu_random_split(cuts, len, step);
    for (size_t p = 0; p < parts; p++)
        TU_ASSERT_RC(axiom_cipher_update(c, out + cuts[p], in + cuts[p], cuts[p + 1] - cuts[p]),
                     AXIOM_OK, "%s update", name);
    axiom_cipher_free(c);
}

START_TEST(test_acpkm_kat)
{
    tu_rng_reset("gost-acpkm-kat");
    uint8_t key[32], iv[16] = { 0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xce, 0xf0 }, pt[112],
        ct[112], out[112];
    tu_hex_decode(key, sizeof key, gost_key);
    tu_hex_decode(pt, sizeof pt, acpkm_pt);
    tu_hex_decode(ct, sizeof ct, acpkm_ct);
    for (int round = 0; round < 50; round++) {
        memset(out, 0, sizeof out);
        run("kuznyechik-ctr-acpkm-32", AXIOM_ENCRYPT, key, iv, out, pt, sizeof pt, 1);
        TU_ASSERT_MEM_EQ(out, ct, sizeof ct, "RFC 8645 A.1 encryption (round %d)", round);
        run("Kuznyechik-CTR-ACPKM-32", AXIOM_DECRYPT, key, iv, out, ct, sizeof ct, 1);
        TU_ASSERT_MEM_EQ(out, pt, sizeof pt, "RFC 8645 A.1 decryption (round %d)", round);
    }
    /* Shorter than a section of the default 4096 bytes: plain CTR, whose
     * first two blocks the example shares with GOST R 34.13 A.2.2. */
    run("kuznyechik-ctr-acpkm", AXIOM_ENCRYPT, key, iv, out, pt, 112, 1);
    run("kuznyechik-ctr", AXIOM_ENCRYPT, key, iv, ct, pt, 112, 1);
    TU_ASSERT_MEM_EQ(out, ct, 112, "one section is CTR");
}
END_TEST

/* CTR-ACPKM rebuilt from kuznyechik-ctr and kuznyechik-ecb: each section
 * encrypted by CTR under its key, the counter carried on, the next key
 * being ECB(key, 0x80 .. 0x9f). */
START_TEST(test_acpkm_vs_ctr)
{
    static const size_t sections[] = { 16, 32, 48, 80, 4096 };
    tu_rng_reset("gost-acpkm-ctr");
    enum { MAXLEN = 9000 };
    uint8_t *in = malloc(MAXLEN), *want = malloc(MAXLEN), *got = malloc(MAXLEN);
    ck_assert(in && want && got);
    uint8_t d[32];
    for (int i = 0; i < 32; i++)
        d[i] = (uint8_t)(0x80 + i);
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
        const size_t sec = sections[s];
        char name[48];
        snprintf(name, sizeof name, "kuznyechik-ctr-acpkm-%zu", sec);
        for (int it = 0; it < 12; it++) {
            uint8_t key[32], k[32], iv[16], ctr[16];
            size_t len = tu_rand_range(0, MAXLEN);
            tu_rand_bytes(key, 32);
            tu_rand_bytes(iv, 16);
            iv[8] = 0xff; /* low half near a 64-bit carry now and then */
            tu_rand_bytes(in, len);
            memcpy(k, key, 32);
            memcpy(ctr, iv, 16);
            for (size_t off = 0; off < len; off += sec) {
                size_t n = len - off < sec ? len - off : sec;
                uint8_t *tmp = calloc(1, sec);
                ck_assert(tmp != NULL);
                memcpy(tmp, in + off, n);
                run("kuznyechik-ctr", AXIOM_ENCRYPT, k, ctr, tmp, tmp, sec, 16);
                memcpy(want + off, tmp, n);
                free(tmp);
                tu_be128_add(ctr, sec / 16);
                axiom_cipher_ctx *e;
                TU_ASSERT_RC(axiom_cipher_new(&e, "kuznyechik-ecb"), AXIOM_OK, "ecb");
                TU_ASSERT_RC(axiom_cipher_init(e, AXIOM_ENCRYPT, k, 32, NULL, 0), AXIOM_OK, "ecb");
                TU_ASSERT_RC(axiom_cipher_update(e, k, d, 32), AXIOM_OK, "ecb");
                axiom_cipher_free(e);
            }
            run(name, AXIOM_ENCRYPT, key, iv, got, in, len, 1);
            TU_ASSERT_MEM_EQ(got, want, len, "%s, len %zu", name, len);
        }
    }
    free(in);
    free(want);
    free(got);
}
END_TEST

/* One context through many messages: keys kept (init without a key) or
 * changed, lengths up to 12 sections (past the schedules a context keeps
 * of a key's later sections), copies made in mid-message; each message
 * against a new context of its own, which meshes every section afresh. */
START_TEST(test_acpkm_reuse)
{
    static const size_t sections[] = { 16, 48, 4096 };
    tu_rng_reset("gost-acpkm-reuse");
    enum { MAXLEN = 12 * 4096 + 15 };
    uint8_t *in = malloc(MAXLEN), *want = malloc(MAXLEN), *got = malloc(MAXLEN),
            *got2 = malloc(MAXLEN);
    ck_assert(in && want && got && got2);
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
        const size_t sec = sections[s];
        char name[48];
        snprintf(name, sizeof name, "kuznyechik-ctr-acpkm-%zu", sec);
        axiom_cipher_ctx *c;
        TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "%s new", name);
        uint8_t key[32];
        for (int it = 0; it < 40; it++) {
            uint8_t iv[16];
            const int rekey = it == 0 || tu_rand_range(0, 3) == 0;
            if (rekey)
                tu_rand_bytes(key, 32);
            tu_rand_bytes(iv, 16);
            size_t len = tu_rand_range(0, 12 * sec + 15);
            tu_rand_bytes(in, len);
            int dir = it % 2 ? AXIOM_DECRYPT : AXIOM_ENCRYPT;
            run(name, dir, key, iv, want, in, len, 1);
            TU_ASSERT_RC(axiom_cipher_init(c, dir, rekey ? key : NULL, rekey ? 32 : 0, iv, 16),
                         AXIOM_OK, "init");
            size_t cut = tu_rand_range(0, len);
            TU_ASSERT_RC(axiom_cipher_update(c, got, in, cut), AXIOM_OK, "update");
            axiom_cipher_ctx *d = NULL;
            if (it % 5 == 4) /* a copy continues the message too */
                TU_ASSERT_RC(axiom_cipher_dup(&d, c), AXIOM_OK, "dup");
            TU_ASSERT_RC(axiom_cipher_update(c, got + cut, in + cut, len - cut), AXIOM_OK,
                         "update");
            TU_ASSERT_MEM_EQ(got, want, len, "%s, message %d (%s key), len %zu", name, it,
                             rekey ? "new" : "same", len);
            if (d) {
                memcpy(got2, got, cut);
                TU_ASSERT_RC(axiom_cipher_update(d, got2 + cut, in + cut, len - cut), AXIOM_OK,
                             "copy");
                TU_ASSERT_MEM_EQ(got2, want, len, "%s, copy of message %d", name, it);
                /* The copy's next message, under the same key. */
                TU_ASSERT_RC(axiom_cipher_init(d, dir, NULL, 0, iv, 16), AXIOM_OK, "copy init");
                TU_ASSERT_RC(axiom_cipher_update(d, got2, in, len), AXIOM_OK, "copy update");
                TU_ASSERT_MEM_EQ(got2, want, len, "%s, copy's own message %d", name, it);
                axiom_cipher_free(d);
            }
        }
        axiom_cipher_free(c);
    }
    free(in);
    free(want);
    free(got);
    free(got2);
}
END_TEST

START_TEST(test_acpkm_names)
{
    static const char *const bad[] = {
        "kuznyechik-ctr-acpkm-",   "kuznyechik-ctr-acpkm-0",  "kuznyechik-ctr-acpkm-8",
        "kuznyechik-ctr-acpkm-17", "kuznyechik-ctr-acpkm-032", "kuznyechik-ctr-acpkm-16x",
        "kuznyechik-ctr-acpkm--16", "kuznyechik-ctr-acpkm-+16", "kuznyechik-ctr-acpkm-2147483648",
        "kuznyechik-ctr-acpkm-99999999999999999999999999", "kuznyechik-ctr-acpkm16",
        "aes-128-ctr-acpkm", "kuznyechik-ctr-acpk",
    };
    static const char *const good[] = { "kuznyechik-ctr-acpkm", "kuznyechik-ctr-acpkm-16",
                                        "KUZNYECHIK-CTR-ACPKM-4096",
                                        "kuznyechik-ctr-acpkm-1073741824" };
    axiom_cipher_ctx *c;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TU_ASSERT_RC(axiom_cipher_new(&c, bad[i]), AXIOM_ENOTFOUND, "'%s'", bad[i]);
        TU_ASSERT(axiom_impl(bad[i]) == NULL, "axiom_impl('%s')", bad[i]);
    }
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        TU_ASSERT_RC(axiom_cipher_new(&c, good[i]), AXIOM_OK, "'%s'", good[i]);
        TU_ASSERT(axiom_impl(good[i]) != NULL, "axiom_impl('%s')", good[i]);
        uint8_t key[32] = { 1 }, iv[16] = { 2 }, buf[20] = { 3 };
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 31, iv, 16), AXIOM_EKEYLEN, "key");
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 8), AXIOM_EIVLEN, "iv");
        TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, 20), AXIOM_ESTATE, "no init");
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 16), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_cipher_update(c, buf + 1, buf, 19), AXIOM_EINVAL, "overlap");
        TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, 20), AXIOM_OK, "update");
        axiom_cipher_free(c);
    }
}
END_TEST

/* RFC 9058, appendix A (R 1323565.1.026-2019), Kuznyechik. */
START_TEST(test_mgm_kat)
{
    uint8_t key[32], nonce[16], ad[41], pt[67], ct[67], tag[16], out[67], t[16];
    tu_hex_decode(key, sizeof key, gost_key);
    tu_hex_decode(nonce, sizeof nonce, "1122334455667700ffeeddccbbaa9988");
    tu_hex_decode(ad, sizeof ad,
                  "0202020202020202010101010101010104040404040404040303030303030303"
                  "ea0505050505050505");
    tu_hex_decode(pt, sizeof pt,
                  "1122334455667700ffeeddccbbaa998800112233445566778899aabbcceeff0a"
                  "112233445566778899aabbcceeff0a002233445566778899aabbcceeff0a0011"
                  "aabbcc");
    tu_hex_decode(ct, sizeof ct,
                  "a9757b8147956e9055b8a33de89f42fc8075d2212bf9fd5bd3f7069aadc16b39"
                  "497ab15915a6ba85936b5d0ea9f6851cc60c14d4d3f883d0ab94420695c76deb"
                  "2c7552");
    tu_hex_decode(tag, sizeof tag, "cf5d656f40c34f5c46e8bb0e29fcdb4c");
    axiom_aead_ctx *c;
    TU_ASSERT_RC(axiom_aead_new(&c, "kuznyechik-mgm"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 32), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_aead_seal(c, out, t, 16, nonce, 16, ad, 41, pt, 67), AXIOM_OK, "seal");
    TU_ASSERT_MEM_EQ(out, ct, 67, "RFC 9058 ciphertext");
    TU_ASSERT_MEM_EQ(t, tag, 16, "RFC 9058 tag");
    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, nonce, 16, ad, 41, ct, 67), AXIOM_OK, "open");
    TU_ASSERT_MEM_EQ(out, pt, 67, "RFC 9058 plaintext");
    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 8, nonce, 16, ad, 41, ct, 67), AXIOM_OK, "8 bytes");
    ct[66] ^= 1;
    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, nonce, 16, ad, 41, ct, 67), AXIOM_EAUTH,
                 "modified ciphertext");
    for (size_t i = 0; i < sizeof out; i++)
        TU_ASSERT(out[i] == 0, "output byte %zu not wiped on failure", i);
    axiom_aead_free(c);
}
END_TEST

/* GF(2^128) modulo x^128 + x^7 + x^2 + x + 1 on big-endian byte strings,
 * bit by bit from the most significant bit of b (Horner's rule). */
static void ref_gf_mul(uint8_t r[16], const uint8_t a[16], const uint8_t b[16])
{
    uint8_t z[16] = { 0 };
    for (int i = 0; i < 128; i++) {
        int top = z[0] >> 7; /* z = z * x */
        for (int j = 0; j < 15; j++)
            z[j] = (uint8_t)((z[j] << 1) | (z[j + 1] >> 7));
        z[15] = (uint8_t)(z[15] << 1);
        if (top)
            z[15] ^= 0x87;
        if ((b[i / 8] >> (7 - i % 8)) & 1) /* z = z + a */
            for (int j = 0; j < 16; j++)
                z[j] ^= a[j];
    }
    memcpy(r, z, 16);
}

static void ecb1(axiom_cipher_ctx *e, uint8_t out[16], const uint8_t in[16])
{
    TU_ASSERT_RC(axiom_cipher_update(e, out, in, 16), AXIOM_OK, "ecb");
}

/* MGM as RFC 9058 section 4 writes it, a block at a time. */
static void ref_mgm(const uint8_t key[32], const uint8_t nonce[16], const uint8_t *ad,
                    size_t adlen, const uint8_t *pt, size_t len, uint8_t *ct, uint8_t tag[16])
{
    axiom_cipher_ctx *e;
    TU_ASSERT_RC(axiom_cipher_new(&e, "kuznyechik-ecb"), AXIOM_OK, "ecb");
    TU_ASSERT_RC(axiom_cipher_init(e, AXIOM_ENCRYPT, key, 32, NULL, 0), AXIOM_OK, "ecb");
    uint8_t y[16], z[16], sum[16] = { 0 }, h[16], blk[16], prod[16], ks[16];
    memcpy(y, nonce, 16);
    y[0] &= 0x7f;
    ecb1(e, y, y);
    memcpy(z, nonce, 16);
    z[0] |= 0x80;
    ecb1(e, z, z);
    const size_t total = (adlen + 15) / 16 + (len + 15) / 16 + 1;
    for (size_t i = 0, ai = 0, ci = 0; i < total; i++) {
        memset(blk, 0, 16);
        if (ai < adlen) {
            size_t n = adlen - ai < 16 ? adlen - ai : 16;
            memcpy(blk, ad + ai, n);
            ai += n;
        } else if (ci < len) {
            size_t n = len - ci < 16 ? len - ci : 16;
            ecb1(e, ks, y);
            for (size_t j = 0; j < n; j++)
                ct[ci + j] = blk[j] = (uint8_t)(pt[ci + j] ^ ks[j]);
            ci += n;
            for (int j = 15; j >= 8 && ++y[j] == 0; j--) /* incr_r */
                ;
        } else {
            uint64_t ab = (uint64_t)adlen * 8, cb = (uint64_t)len * 8;
            for (int j = 0; j < 8; j++) {
                blk[j] = (uint8_t)(ab >> (56 - 8 * j));
                blk[8 + j] = (uint8_t)(cb >> (56 - 8 * j));
            }
        }
        ecb1(e, h, z);
        ref_gf_mul(prod, h, blk);
        for (int j = 0; j < 16; j++)
            sum[j] ^= prod[j];
        for (int j = 7; j >= 0 && ++z[j] == 0; j--) /* incr_l */
            ;
    }
    ecb1(e, tag, sum);
    axiom_cipher_free(e);
}

START_TEST(test_mgm_vs_ref)
{
    tu_rng_reset("gost-mgm-ref");
    enum { MAXAD = 300, MAXLEN = 1200 };
    uint8_t *ad = malloc(MAXAD), *pt = malloc(MAXLEN), *want = malloc(MAXLEN),
            *got = malloc(MAXLEN);
    ck_assert(ad && pt && want && got);
    axiom_aead_ctx *c;
    TU_ASSERT_RC(axiom_aead_new(&c, "kuznyechik-mgm"), AXIOM_OK, "new");
    for (int it = 0; it < 200; it++) {
        uint8_t key[32], nonce[16], wtag[16], gtag[16];
        size_t adlen = it < 40 ? (size_t)it : tu_rand_range(0, MAXAD);
        size_t len = it < 40 ? (size_t)(39 - it) : tu_rand_range(0, MAXLEN);
        size_t taglen = it % 3 ? 16 : tu_rand_range(4, 16);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 16);
        nonce[0] &= 0x7f;
        if (it % 7 == 0) /* the Y and Z counters wrap their 64-bit halves */
            memset(nonce + 1, 0xff, 15);
        tu_rand_bytes(ad, MAXAD);
        tu_rand_bytes(pt, MAXLEN);
        ref_mgm(key, nonce, ad, adlen, pt, len, want, wtag);
        TU_ASSERT_RC(axiom_aead_setkey(c, key, 32), AXIOM_OK, "setkey");
        TU_ASSERT_RC(axiom_aead_seal(c, got, gtag, taglen, nonce, 16, adlen ? ad : NULL, adlen,
                                     pt, len),
                     AXIOM_OK, "seal");
        TU_ASSERT_MEM_EQ(got, want, len, "ciphertext, ad %zu, len %zu", adlen, len);
        TU_ASSERT_MEM_EQ(gtag, wtag, taglen, "tag, ad %zu, len %zu", adlen, len);
        /* In place, both ways. */
        memcpy(got, pt, len);
        TU_ASSERT_RC(axiom_aead_seal(c, got, gtag, taglen, nonce, 16, ad, adlen, got, len),
                     AXIOM_OK, "seal in place");
        TU_ASSERT_MEM_EQ(got, want, len, "in-place ciphertext");
        TU_ASSERT_RC(axiom_aead_open(c, got, wtag, taglen, nonce, 16, ad, adlen, got, len),
                     AXIOM_OK, "open in place, ad %zu, len %zu", adlen, len);
        TU_ASSERT_MEM_EQ(got, pt, len, "in-place plaintext");
        if (len) {
            want[tu_rand_range(0, len - 1)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
            TU_ASSERT_RC(axiom_aead_open(c, got, wtag, taglen, nonce, 16, ad, adlen, want, len),
                         AXIOM_EAUTH, "modified ciphertext");
        }
    }
    axiom_aead_free(c);
    free(ad);
    free(pt);
    free(want);
    free(got);
}
END_TEST

/* Lengths one below, at and one above each step of the glue
 * (lib/mgm/mgm.c): text batches of AXIOM_MGM_BATCH blocks, AD batches of
 * twice that, up to two batches, and a block; the lengths block's H
 * joins the last batch only when that batch has room.  Every AD length
 * with every text length, sealed and opened (in place too) against the
 * reference. */
static size_t mgm_steps(size_t *v, size_t batch)
{
    size_t n = 0;
    v[n++] = 0;
    v[n++] = 1;
    for (size_t k = 1; k <= 2; k++) {
        v[n++] = 16 * batch * k - 1;
        v[n++] = 16 * batch * k;
        v[n++] = 16 * batch * k + 1;
        v[n++] = 16 * batch * k - 16; /* a block short of the batch */
        v[n++] = 16 * batch * k + 16; /* a block into the next */
    }
    v[n++] = 15;
    v[n++] = 16;
    v[n++] = 17;
    return n;
}

START_TEST(test_mgm_batches)
{
    tu_rng_reset("gost-mgm-batches");
    size_t adl[32], txl[32];
    const size_t nad = mgm_steps(adl, 2 * AXIOM_MGM_BATCH), ntx = mgm_steps(txl, AXIOM_MGM_BATCH);
    /* the longest step, plus the one byte past it that the fill writes */
    const size_t maxad = 16 * 2 * AXIOM_MGM_BATCH * 2 + 17, maxlen = 16 * AXIOM_MGM_BATCH * 2 + 17;
    uint8_t *ad = malloc(maxad), *pt = malloc(maxlen), *want = malloc(maxlen),
            *got = malloc(maxlen);
    ck_assert(ad && pt && want && got);
    axiom_aead_ctx *c;
    TU_ASSERT_RC(axiom_aead_new(&c, "kuznyechik-mgm"), AXIOM_OK, "new");
    for (size_t i = 0; i < nad; i++) {
        for (size_t j = 0; j < ntx; j++) {
            const size_t adlen = adl[i], len = txl[j];
            uint8_t key[32], nonce[16], wtag[16], gtag[16];
            tu_rand_bytes(key, 32);
            tu_rand_bytes(nonce, 16);
            nonce[0] &= 0x7f;
            if ((i + j) % 3 == 0) /* the counters' halves wrap inside the message */
                memset(nonce + 1, 0xff, 15);
            tu_rand_bytes(ad, adlen + 1);
            tu_rand_bytes(pt, len + 1);
            ref_mgm(key, nonce, ad, adlen, pt, len, want, wtag);
            TU_ASSERT_RC(axiom_aead_setkey(c, key, 32), AXIOM_OK, "setkey");
            TU_ASSERT_RC(axiom_aead_seal(c, got, gtag, 16, nonce, 16, adlen ? ad : NULL, adlen,
                                         pt, len),
                         AXIOM_OK, "seal");
            TU_ASSERT_MEM_EQ(got, want, len, "ciphertext, ad %zu, len %zu", adlen, len);
            TU_ASSERT_MEM_EQ(gtag, wtag, 16, "tag, ad %zu, len %zu", adlen, len);
            TU_ASSERT_RC(axiom_aead_open(c, got, wtag, 16, nonce, 16, adlen ? ad : NULL, adlen,
                                         got, len),
                         AXIOM_OK, "open in place, ad %zu, len %zu", adlen, len);
            TU_ASSERT_MEM_EQ(got, pt, len, "plaintext, ad %zu, len %zu", adlen, len);
            if (len) {
                want[len - 1] ^= 0x80;
                TU_ASSERT_RC(axiom_aead_open(c, got, wtag, 16, nonce, 16, adlen ? ad : NULL,
                                             adlen, want, len),
                             AXIOM_EAUTH, "last byte modified, ad %zu, len %zu", adlen, len);
            }
        }
    }
    axiom_aead_free(c);
    free(ad);
    free(pt);
    free(want);
    free(got);
}
END_TEST

START_TEST(test_mgm_errors)
{
    uint8_t key[32] = { 1 }, nonce[16] = { 0x7f }, buf[32] = { 0 }, tag[16];
    axiom_aead_ctx *c;
    TU_ASSERT_RC(axiom_aead_new(&c, "Kuznyechik-MGM"), AXIOM_OK, "new");
    TU_ASSERT(axiom_impl("kuznyechik-mgm") != NULL, "axiom_impl");
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 16), AXIOM_EKEYLEN, "key 16");
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 32), AXIOM_OK, "setkey");
    for (size_t n = 0; n <= 24; n++)
        if (n != 16)
            TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 16, nonce, n, NULL, 0, buf, 32),
                         AXIOM_EIVLEN, "nonce %zu", n);
    nonce[0] = 0x80; /* a 128-bit nonce: RFC 9058 takes 127 bits */
    tu_fill_sentinel(buf, sizeof buf);
    TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 16, nonce, 16, NULL, 0, buf, 32), AXIOM_EIVLEN,
                 "top bit set");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "nothing written");
    nonce[0] = 0;
    TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 3, nonce, 16, NULL, 0, buf, 32), AXIOM_ETAGLEN,
                 "tag 3");
    TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 17, nonce, 16, NULL, 0, buf, 32), AXIOM_ETAGLEN,
                 "tag 17");
    TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 4, nonce, 16, NULL, 0, buf, 32), AXIOM_OK, "tag 4");
    axiom_aead_free(c);
}
END_TEST

/* kuznyechik-ctr-acpkm-omac, sealed by gost-engine 3.0.1 (the GOST engine
 * for OpenSSL, libengine-gost-openssl) through EVP: the key of the tests
 * above, IV 1234567890abcef0 and the 8-byte KDF seed that the engine drew
 * (nonce = IV || seed), the tag read back through
 * EVP_CTRL_PROCESS_UNPROTECTED; the section of 4096 bytes. */
typedef struct omac_kat {
    const char *nonce, *pt, *ct, *tag;
} omac_kat;

static const omac_kat omac_kats[] = {
    { "1234567890abcef072017072e0333f4c",
      "1122334455667700ffeeddccbbaa998800112233445566778899aabbcceeff0a"
      "112233445566778899aabbcceeff0a002233445566778899aabbcceeff0a0011",
      "19127f55f2974f77fea90c94d97890cf9fa7c3be0ba1206088c20c256b3c1cc4"
      "f0ce57487a8b340b053172a2d8ec6cb3a4067096f081d9c4db79ba6422422301",
      "360e3e9787477510b570d21ead7f7522" },
    { "1234567890abcef005b8860bb707a903", "", "", "657080426253229be0ba1a7301a4e772" },
};

/* The same engine on 8213 bytes (two meshings, a partial last block):
 * byte i of the plaintext is 7i + 3 mod 256; the ciphertext is known by
 * its SHA-256. */
static const char omac_long_nonce[] = "1234567890abcef07cfd4815d9b5492f";
static const char omac_long_ct_sha256[] =
    "b78b3655e8b9fd44a9e54aa48d61eded90ea83ec107dce749fd69e1d323d6951";
static const char omac_long_tag[] = "2a59dd47275c2e19eb688dfc8d36f30a";

/* Seal and open @len bytes, one-shot and in place, against @ct (NULL: not
 * compared) and @tag. */
static void omac_check(axiom_aead_ctx *c, const uint8_t nonce[16], const uint8_t *pt,
                       const uint8_t *ct, size_t len, const uint8_t tag[16], uint8_t *ct_out)
{
    uint8_t *buf = malloc(len + 1), t[16];
    ck_assert(buf != NULL);
    TU_ASSERT_RC(axiom_aead_seal(c, ct_out, t, 16, nonce, 16, NULL, 0, pt, len), AXIOM_OK,
                 "seal %zu", len);
    if (ct)
        TU_ASSERT_MEM_EQ(ct_out, ct, len, "ciphertext, %zu bytes", len);
    TU_ASSERT_MEM_EQ(t, tag, 16, "tag, %zu bytes", len);
    memcpy(buf, ct_out, len);
    TU_ASSERT_RC(axiom_aead_open(c, buf, tag, 16, nonce, 16, NULL, 0, buf, len), AXIOM_OK,
                 "open in place %zu", len);
    TU_ASSERT_MEM_EQ(buf, pt, len, "plaintext, %zu bytes", len);
    memcpy(buf, pt, len);
    TU_ASSERT_RC(axiom_aead_seal(c, buf, t, 16, nonce, 16, NULL, 0, buf, len), AXIOM_OK,
                 "seal in place %zu", len);
    TU_ASSERT_MEM_EQ(buf, ct_out, len, "ciphertext in place, %zu bytes", len);
    TU_ASSERT_MEM_EQ(t, tag, 16, "tag in place, %zu bytes", len);
    free(buf);
}

START_TEST(test_omac_kat)
{
    uint8_t key[32], nonce[16], t[16];
    tu_hex_decode(key, sizeof key, gost_key);
    axiom_aead_ctx *c;
    TU_ASSERT_RC(axiom_aead_new(&c, "kuznyechik-ctr-acpkm-omac"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 32), AXIOM_OK, "setkey");
    for (size_t v = 0; v < sizeof omac_kats / sizeof omac_kats[0]; v++) {
        size_t len = strlen(omac_kats[v].pt) / 2;
        uint8_t *pt = malloc(len + 1), *ct = malloc(len + 1), *out = malloc(len + 1);
        ck_assert(pt && ct && out);
        tu_hex_decode(nonce, sizeof nonce, omac_kats[v].nonce);
        tu_hex_decode(pt, len, omac_kats[v].pt);
        tu_hex_decode(ct, len, omac_kats[v].ct);
        tu_hex_decode(t, sizeof t, omac_kats[v].tag);
        omac_check(c, nonce, pt, ct, len, t, out);
        free(pt);
        free(ct);
        free(out);
    }
    enum { LONG = 8213 };
    uint8_t *pt = malloc(LONG), *ct = malloc(LONG), digest[32], want[32];
    ck_assert(pt && ct);
    for (size_t i = 0; i < LONG; i++)
        pt[i] = (uint8_t)(7 * i + 3);
    tu_hex_decode(nonce, sizeof nonce, omac_long_nonce);
    tu_hex_decode(t, sizeof t, omac_long_tag);
    omac_check(c, nonce, pt, NULL, LONG, t, ct);
    TU_ASSERT_RC(axiom_hash("sha256", digest, 32, ct, LONG), AXIOM_OK, "sha256");
    tu_hex_decode(want, sizeof want, omac_long_ct_sha256);
    TU_ASSERT_MEM_EQ(digest, want, 32, "SHA-256 of the 8213-byte ciphertext");
    /* Any change anywhere is refused, and the output wiped. */
    static const size_t flips[] = { 0, 4095, 4096, 8212 };
    for (size_t f = 0; f < sizeof flips / sizeof flips[0]; f++) {
        ct[flips[f]] ^= 0x10;
        memset(pt, 0xa5, LONG);
        TU_ASSERT_RC(axiom_aead_open(c, pt, t, 16, nonce, 16, NULL, 0, ct, LONG), AXIOM_EAUTH,
                     "ciphertext byte %zu changed", flips[f]);
        size_t nonzero = 0;
        for (size_t i = 0; i < LONG; i++)
            nonzero += pt[i] != 0;
        TU_ASSERT(nonzero == 0, "output not wiped: %zu bytes", nonzero);
        ct[flips[f]] ^= 0x10;
    }
    nonce[15] ^= 1; /* another seed: other keys */
    TU_ASSERT_RC(axiom_aead_open(c, pt, t, 16, nonce, 16, NULL, 0, ct, LONG), AXIOM_EAUTH,
                 "seed changed");
    nonce[15] ^= 1;
    t[0] ^= 0x80;
    TU_ASSERT_RC(axiom_aead_open(c, pt, t, 16, nonce, 16, NULL, 0, ct, LONG), AXIOM_EAUTH,
                 "tag changed");
    free(pt);
    free(ct);
    axiom_aead_free(c);
}
END_TEST

START_TEST(test_omac_errors)
{
    uint8_t key[32] = { 1 }, nonce[16] = { 2 }, ad[1] = { 0 }, buf[32] = { 0 }, tag[16];
    axiom_aead_ctx *c;
    TU_ASSERT_RC(axiom_aead_new(&c, "Kuznyechik-CTR-ACPKM-OMAC"), AXIOM_OK, "new");
    TU_ASSERT(axiom_impl("kuznyechik-ctr-acpkm-omac") != NULL, "axiom_impl");
    TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 16, nonce, 16, NULL, 0, buf, 32), AXIOM_ESTATE,
                 "no key");
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 16), AXIOM_EKEYLEN, "key 16");
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 32), AXIOM_OK, "setkey");
    for (size_t n = 0; n <= 24; n++)
        if (n != 16)
            TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 16, nonce, n, NULL, 0, buf, 32),
                         AXIOM_EIVLEN, "nonce %zu", n);
    for (size_t n = 0; n <= 32; n++)
        if (n != 16)
            TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, n, nonce, 16, NULL, 0, buf, 32),
                         AXIOM_ETAGLEN, "tag %zu", n);
    /* No associated data: the MAC covers the plaintext alone. */
    tu_fill_sentinel(buf, sizeof buf);
    TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 16, nonce, 16, ad, 1, buf, 32), AXIOM_ELENGTH,
                 "AD");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "nothing written");
    TU_ASSERT_RC(axiom_aead_seal(c, buf, tag, 16, nonce, 16, ad, 0, buf, 32), AXIOM_OK,
                 "empty AD");
    axiom_aead_free(c);
}
END_TEST

/* ---- kuznyechik-omac-acpkm ---------------------------------------------- */

/* R 1323565.1.017-2018 A.4 (OMAC-ACPKM, Kuznyechik, N = 256 bits,
 * T* = 768 bits): ACPKM-Master's first 144 bytes under the GOST key (the
 * key material K^1 || K1^1 || K^2 || K1^2 || K^3 || K1^3 of a message of
 * three sections) and the MACs of the first 24 and 80 bytes of acpkm_pt. */
static const char master_km[] = "0cabf1f2efbc4ac16048df1a24c605b2c0d1673d7586a8ec0dd42c45a4f95bae"
                                "0f2e2617e47148680fc3e6178df2c137c9dda89cffa491feadd9b3eab703bb31"
                                "bc7e927f0494729f51b49d3df9c9460800fbbcf5edee610ea02f01093c7bc742"
                                "d7d6271501b177775263c2a3495a8318a81c79a04f29660ea3fda874c630799e"
                                "142c577914fea90d3bc2502e833685d9";
static const struct {
    size_t len;
    const char *tag;
} omac_acpkm_kats[] = {
    { 24, "b5367f47b62b995eeb2a648c5843145e" }, /* A.4.1 */
    { 80, "fbb8dcee45bea67c35f58c5700898e5d" }, /* A.4.2 */
};

/* The MAC of @len bytes through @name: one-shot, then through a context
 * in the pieces tu_random_split picks (two messages in a row, so that the
 * second restarts ACPKM-Master); both must give the same tag. */
static void omac_acpkm_tag(const char *name, uint8_t *tag, size_t taglen, const uint8_t key[32],
                           const uint8_t *msg, size_t len)
{
    TU_ASSERT_RC(axiom_mac(name, tag, taglen, key, 32, msg, len), AXIOM_OK, "%s one-shot", name);
    axiom_mac_ctx *c;
    TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "%s new", name);
    TU_ASSERT_RC(axiom_mac_init(c, key, 32, NULL, 0), AXIOM_OK, "%s init", name);
    for (int round = 0; round < 2; round++) {
        uint8_t got[16];
        size_t cuts[9], parts = tu_random_split(cuts, len, 1);
        for (size_t p = 0; p < parts; p++)
            TU_ASSERT_RC(axiom_mac_update(c, msg + cuts[p], cuts[p + 1] - cuts[p]), AXIOM_OK,
                         "%s update", name);
        TU_ASSERT_RC(axiom_mac_final(c, got, taglen), AXIOM_OK, "%s final", name);
        TU_ASSERT_MEM_EQ(got, tag, taglen, "%s, %zu bytes in %zu pieces, message %d", name, len,
                         parts, round);
    }
    axiom_mac_free(c);
}

START_TEST(test_omac_acpkm_kat)
{
    tu_rng_reset("gost-omac-acpkm-kat");
    uint8_t key[32], pt[112], km[144], zero[144] = { 0 }, out[144], want[16], tag[16];
    uint8_t iv[16] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
    tu_hex_decode(key, sizeof key, gost_key);
    tu_hex_decode(pt, sizeof pt, acpkm_pt);
    tu_hex_decode(km, sizeof km, master_km);
    /* ACPKM-Master(T*, K) is CTR-ACPKM with section T* from 1^64 || 0^64. */
    run("kuznyechik-ctr-acpkm-96", AXIOM_ENCRYPT, key, iv, out, zero, sizeof zero, 1);
    TU_ASSERT_MEM_EQ(out, km, sizeof km, "ACPKM-Master(768 bits, K), 3 sections");
    for (size_t v = 0; v < sizeof omac_acpkm_kats / sizeof omac_acpkm_kats[0]; v++) {
        tu_hex_decode(want, sizeof want, omac_acpkm_kats[v].tag);
        for (int round = 0; round < 20; round++) {
            omac_acpkm_tag("kuznyechik-omac-acpkm-32-96", tag, 16, key, pt,
                           omac_acpkm_kats[v].len);
            TU_ASSERT_MEM_EQ(tag, want, 16, "R 1323565.1.017-2018 A.4, %zu bytes",
                             omac_acpkm_kats[v].len);
            omac_acpkm_tag("KUZNYECHIK-OMAC-ACPKM-32-96", tag, 5, key, pt,
                           omac_acpkm_kats[v].len);
            TU_ASSERT_MEM_EQ(tag, want, 5, "truncated to 5 bytes");
        }
        uint8_t bad[16];
        memcpy(bad, want, 16);
        bad[15] ^= 1;
        axiom_mac_ctx *c;
        TU_ASSERT_RC(axiom_mac_new(&c, "kuznyechik-omac-acpkm-32-96"), AXIOM_OK, "new");
        TU_ASSERT_RC(axiom_mac_init(c, key, 32, NULL, 0), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_mac_update(c, pt, omac_acpkm_kats[v].len), AXIOM_OK, "update");
        TU_ASSERT_RC(axiom_mac_verify(c, bad, 16), AXIOM_EAUTH, "changed tag");
        TU_ASSERT_RC(axiom_mac_update(c, pt, omac_acpkm_kats[v].len), AXIOM_OK, "update");
        TU_ASSERT_RC(axiom_mac_verify(c, want, 16), AXIOM_OK, "verify");
        axiom_mac_free(c);
    }
}
END_TEST

/* One Kuznyechik block under @key. */
static void ecb_under(const uint8_t key[32], uint8_t out[16], const uint8_t in[16])
{
    axiom_cipher_ctx *e;
    TU_ASSERT_RC(axiom_cipher_new(&e, "kuznyechik-ecb"), AXIOM_OK, "ecb");
    TU_ASSERT_RC(axiom_cipher_init(e, AXIOM_ENCRYPT, key, 32, NULL, 0), AXIOM_OK, "ecb");
    TU_ASSERT_RC(axiom_cipher_update(e, out, in, 16), AXIOM_OK, "ecb");
    axiom_cipher_free(e);
}

/* OMAC-ACPKM rebuilt from its definition: the key material of all l
 * sections at once from kuznyechik-ctr-acpkm-<T*> over zeros, then OMAC
 * block by block, block j (from 0) under the key of section j / (N / 16),
 * the last one with that section's K1 (or its double). */
static void ref_omac_acpkm(uint8_t tag[16], const uint8_t key[32], size_t n, size_t t,
                           const uint8_t *msg, size_t len)
{
    size_t q = len ? (len + 15) / 16 : 1, per = n / 16, l = (q + per - 1) / per;
    uint8_t *km = calloc(l, 48), iv[16] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
    ck_assert(km != NULL);
    char name[48];
    snprintf(name, sizeof name, "kuznyechik-ctr-acpkm-%zu", t);
    run(name, AXIOM_ENCRYPT, key, iv, km, km, 48 * l, 16);
    uint8_t c[16] = { 0 }, b[16];
    for (size_t j = 0; j + 1 < q; j++) {
        for (int i = 0; i < 16; i++)
            b[i] = (uint8_t)(msg[16 * j + (size_t)i] ^ c[i]);
        ecb_under(km + 48 * (j / per), c, b);
    }
    const uint8_t *last = km + 48 * (l - 1);
    uint8_t sub[16], m[16] = { 0 };
    size_t rem = len - 16 * (q - 1);
    memcpy(m, msg + 16 * (q - 1), rem);
    memcpy(sub, last + 32, 16);
    if (rem < 16) {
        m[rem] = 0x80;
        uint8_t carry = sub[0] >> 7;
        for (int i = 0; i < 15; i++)
            sub[i] = (uint8_t)((sub[i] << 1) | (sub[i + 1] >> 7));
        sub[15] = (uint8_t)((sub[15] << 1) ^ (carry ? 0x87 : 0));
    }
    for (int i = 0; i < 16; i++)
        b[i] = (uint8_t)(m[i] ^ c[i] ^ sub[i]);
    ecb_under(last, tag, b);
    free(km);
}

START_TEST(test_omac_acpkm_vs_ref)
{
    static const struct {
        size_t n, t;
    } sizes[] = { { 16, 16 }, { 16, 48 }, { 32, 96 }, { 48, 16 }, { 64, 80 },
                  { 256, 4096 }, { 4096, 4096 } };
    tu_rng_reset("gost-omac-acpkm-ref");
    enum { MAXLEN = 3 * 4096 + 40 };
    uint8_t *msg = malloc(MAXLEN);
    ck_assert(msg != NULL);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const size_t n = sizes[s].n, t = sizes[s].t;
        char name[64];
        if (n == 4096)
            snprintf(name, sizeof name, "kuznyechik-omac-acpkm");
        else
            snprintf(name, sizeof name, "kuznyechik-omac-acpkm-%zu-%zu", n, t);
        for (int it = 0; it < 24; it++) {
            /* Around section boundaries first, then anything. */
            static const size_t mul[8] = { 0, 0, 1, 1, 1, 2, 2, 3 };
            static const int off[8] = { 0, 15, -1, 0, 1, 0, 17, -16 };
            size_t len = it < 8 ? (size_t)((long)(mul[it] * n) + off[it])
                                : tu_rand_range(0, n < 1000 ? 20 * n : MAXLEN);
            uint8_t key[32], want[16], got[16];
            tu_rand_bytes(key, 32);
            tu_rand_bytes(msg, len);
            ref_omac_acpkm(want, key, n, t, msg, len);
            omac_acpkm_tag(name, got, 16, key, msg, len);
            TU_ASSERT_MEM_EQ(got, want, 16, "%s, %zu bytes", name, len);
        }
    }
    free(msg);
}
END_TEST

START_TEST(test_omac_acpkm_names)
{
    static const char *const bad[] = {
        "kuznyechik-omac-acpkm-",       "kuznyechik-omac-acpkm-0",    "kuznyechik-omac-acpkm-8",
        "kuznyechik-omac-acpkm-032",    "kuznyechik-omac-acpkm-16-",  "kuznyechik-omac-acpkm-16-0",
        "kuznyechik-omac-acpkm-16-24",  "kuznyechik-omac-acpkm-16-16-16",
        "kuznyechik-omac-acpkm-16x",    "kuznyechik-omac-acpkm--16",  "kuznyechik-omac-acpkm16",
        "kuznyechik-omac-acpkm-2147483648", "kuznyechik-omac-acpkm-16-2147483648",
        "kuznyechik-omac-acpkm-99999999999999999999999999", "kuznyechik-omac-acpk",
    };
    static const char *const good[] = { "kuznyechik-omac-acpkm", "kuznyechik-omac-acpkm-16",
                                        "Kuznyechik-OMAC-ACPKM-4096-16",
                                        "kuznyechik-omac-acpkm-1073741824-1073741824" };
    axiom_mac_ctx *c;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TU_ASSERT_RC(axiom_mac_new(&c, bad[i]), AXIOM_ENOTFOUND, "'%s'", bad[i]);
        TU_ASSERT(axiom_impl(bad[i]) == NULL, "axiom_impl('%s')", bad[i]);
    }
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        TU_ASSERT_RC(axiom_mac_new(&c, good[i]), AXIOM_OK, "'%s'", good[i]);
        TU_ASSERT(axiom_impl(good[i]) != NULL, "axiom_impl('%s')", good[i]);
        axiom_mac_free(c);
    }
    /* The defaults: N = T* = 4096; "-<N>" leaves T* at 4096. */
    tu_rng_reset("gost-omac-acpkm-names");
    enum { LEN = 3 * 4096 + 7 };
    uint8_t *msg = malloc(LEN), key[32], a[16], b[16];
    ck_assert(msg != NULL);
    tu_rand_bytes(key, 32);
    tu_rand_bytes(msg, LEN);
    TU_ASSERT_RC(axiom_mac("kuznyechik-omac-acpkm", a, 16, key, 32, msg, LEN), AXIOM_OK, "mac");
    TU_ASSERT_RC(axiom_mac("kuznyechik-omac-acpkm-4096-4096", b, 16, key, 32, msg, LEN),
                 AXIOM_OK, "mac");
    TU_ASSERT_MEM_EQ(a, b, 16, "default N and T*");
    TU_ASSERT_RC(axiom_mac("kuznyechik-omac-acpkm-48", a, 16, key, 32, msg, LEN), AXIOM_OK, "mac");
    TU_ASSERT_RC(axiom_mac("kuznyechik-omac-acpkm-48-4096", b, 16, key, 32, msg, LEN), AXIOM_OK,
                 "mac");
    TU_ASSERT_MEM_EQ(a, b, 16, "default T*");
    /* Key, nonce and tag lengths. */
    TU_ASSERT_RC(axiom_mac("kuznyechik-omac-acpkm", a, 16, key, 16, msg, 1), AXIOM_EKEYLEN,
                 "key 16");
    TU_ASSERT_RC(axiom_mac("kuznyechik-omac-acpkm", a, 0, key, 32, msg, 1), AXIOM_ETAGLEN, "tag 0");
    uint8_t big[17];
    TU_ASSERT_RC(axiom_mac("kuznyechik-omac-acpkm", big, 17, key, 32, msg, 1), AXIOM_ETAGLEN,
                 "tag 17");
    TU_ASSERT_RC(axiom_mac_new(&c, "kuznyechik-omac-acpkm"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_mac_init(c, key, 32, key, 8), AXIOM_EIVLEN, "nonce");
    axiom_mac_free(c);
    free(msg);
}
END_TEST

static Suite *gost_suite(void)
{
    Suite *s = suite_create("gost");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_acpkm_kat);
    tcase_add_test(tc, test_acpkm_vs_ctr);
    tcase_add_test(tc, test_acpkm_reuse);
    tcase_add_test(tc, test_acpkm_names);
    tcase_add_test(tc, test_mgm_kat);
    tcase_add_test(tc, test_mgm_vs_ref);
    tcase_add_test(tc, test_mgm_batches);
    tcase_add_test(tc, test_mgm_errors);
    tcase_add_test(tc, test_omac_kat);
    tcase_add_test(tc, test_omac_errors);
    tcase_add_test(tc, test_omac_acpkm_kat);
    tcase_add_test(tc, test_omac_acpkm_vs_ref);
    tcase_add_test(tc, test_omac_acpkm_names);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_gost");
    return tu_run_suite(gost_suite());
}
