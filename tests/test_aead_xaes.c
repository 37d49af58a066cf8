/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of xaes-256-gcm through the public API: the c2sp.org/XAES-256-GCM
 * vectors (including the accumulated SHAKE-128 ones), libgcrypt's AES-256
 * and AES-256-GCM composed by hand as a differential reference, and the
 * error paths (a failed open wipes its output). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include <axiom.h>

#include "testutil.h"

#define XAES "xaes-256-gcm"

static axiom_aead_ctx *keyed(const uint8_t key[32])
{
    axiom_aead_ctx *ctx = NULL;
    TU_ASSERT_RC(axiom_aead_new(&ctx, XAES), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_aead_setkey(ctx, key, 32), AXIOM_OK, "setkey");
    return ctx;
}

/* ------------------------------------------------------------ reference */

/* XAES-256-GCM from libgcrypt's AES-256 (ECB) and AES-256-GCM, written
 * from the specification's steps without libaxiom: L, K1, the two KDF
 * blocks, then GCM with the derived key and the nonce's second half. */
static void ref_seal(const uint8_t key[32], const uint8_t nonce[24], const uint8_t *ad,
                     size_t adlen, const uint8_t *p, size_t len, uint8_t *c, uint8_t tag[16])
{
    gcry_cipher_hd_t h;
    uint8_t l[16] = { 0 }, k1[16], m[32], kx[32];
    TU_ASSERT(gcry_cipher_open(&h, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_ECB, 0) == 0, "ecb");
    TU_ASSERT(gcry_cipher_setkey(h, key, 32) == 0, "ecb key");
    TU_ASSERT(gcry_cipher_encrypt(h, l, 16, NULL, 0) == 0, "L");
    for (int i = 0; i < 16; i++)
        k1[i] = (uint8_t)(l[i] << 1 | (i < 15 ? l[i + 1] >> 7 : 0));
    if (l[0] & 0x80)
        k1[15] ^= 0x87;
    for (int b = 0; b < 2; b++) {
        m[16 * b] = 0x00;
        m[16 * b + 1] = (uint8_t)(b + 1);
        m[16 * b + 2] = 'X';
        m[16 * b + 3] = 0x00;
        memcpy(m + 16 * b + 4, nonce, 12);
        for (int i = 0; i < 16; i++)
            m[16 * b + i] ^= k1[i];
    }
    TU_ASSERT(gcry_cipher_encrypt(h, kx, 32, m, 32) == 0, "Kx");
    gcry_cipher_close(h);
    TU_ASSERT(gcry_cipher_open(&h, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM, 0) == 0, "gcm");
    TU_ASSERT(gcry_cipher_setkey(h, kx, 32) == 0, "gcm key");
    TU_ASSERT(gcry_cipher_setiv(h, nonce + 12, 12) == 0, "gcm iv");
    TU_ASSERT(gcry_cipher_authenticate(h, ad, adlen) == 0, "gcm ad");
    TU_ASSERT(gcry_cipher_final(h) == 0, "gcm final");
    TU_ASSERT(gcry_cipher_encrypt(h, c, len, p, len) == 0, "gcm text");
    TU_ASSERT(gcry_cipher_gettag(h, tag, 16) == 0, "gcm tag");
    gcry_cipher_close(h);
}

/* ------------------------------------------------------------ c2sp vectors */

static const struct {
    const char *key, *nonce, *p, *ad, *ct; /* ct: ciphertext || tag, hex */
} c2sp[] = {
    { "0101010101010101010101010101010101010101010101010101010101010101",
      "ABCDEFGHIJKLMNOPQRSTUVWX", "XAES-256-GCM", "",
      "ce546ef63c9cc60765923609b33a9a1974e96e52daf2fcf7075e2271" },
    /* The top bit of L set: K1 takes the reduction. */
    { "0303030303030303030303030303030303030303030303030303030303030303",
      "ABCDEFGHIJKLMNOPQRSTUVWX", "XAES-256-GCM", "c2sp.org/XAES-256-GCM",
      "986ec1832593df5443a179437fd083bf3fdb41abd740a21f71eb769d" },
};
#define N_C2SP (sizeof c2sp / sizeof c2sp[0])

START_TEST(test_c2sp)
{
    size_t kl, cl;
    uint8_t *key = tu_hex_alloc(c2sp[_i].key, &kl), *want = tu_hex_alloc(c2sp[_i].ct, &cl);
    const uint8_t *nonce = (const uint8_t *)c2sp[_i].nonce, *p = (const uint8_t *)c2sp[_i].p,
                  *ad = (const uint8_t *)c2sp[_i].ad;
    const size_t len = strlen(c2sp[_i].p), adlen = strlen(c2sp[_i].ad);
    uint8_t c[64], tag[16], o[64];
    TU_ASSERT(kl == 32 && cl == len + 16, "vector %d", _i);
    axiom_aead_ctx *ctx = keyed(key);
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, nonce, 24, ad, adlen, p, len), AXIOM_OK,
                 "seal vector %d", _i);
    TU_ASSERT_MEM_EQ(c, want, len, "ciphertext, vector %d", _i);
    TU_ASSERT_MEM_EQ(tag, want + len, 16, "tag, vector %d", _i);
    TU_ASSERT_RC(axiom_aead_open(ctx, o, want + len, 16, nonce, 24, ad, adlen, want, len),
                 AXIOM_OK, "open vector %d", _i);
    TU_ASSERT_MEM_EQ(o, p, len, "plaintext, vector %d", _i);
    /* The reference agrees too (it is what the differential test trusts). */
    ref_seal(key, nonce, ad, adlen, p, len, c, tag);
    TU_ASSERT_MEM_EQ(c, want, len, "reference ciphertext, vector %d", _i);
    TU_ASSERT_MEM_EQ(tag, want + len, 16, "reference tag, vector %d", _i);
    axiom_aead_free(ctx);
    free(key);
    free(want);
}
END_TEST

/* The accumulated randomized test of the specification: from one SHAKE-128
 * stream (empty input), per iteration a key (32 bytes), a nonce (24), a
 * plaintext and an AD of 0..255 bytes each, each preceded by its length
 * byte; the ciphertexts (with their tags) go into a second SHAKE-128,
 * whose first 32 bytes are the result.  Each ciphertext is also opened.
 * Returns nothing: asserts the hash. */
static void accumulated(unsigned long iters, const char *want_hex)
{
    gcry_md_hd_t rng, acc;
    TU_ASSERT(gcry_md_open(&rng, GCRY_MD_SHAKE128, 0) == 0, "shake128");
    TU_ASSERT(gcry_md_open(&acc, GCRY_MD_SHAKE128, 0) == 0, "shake128");
    uint8_t start[16], key[32], nonce[24], lb[1], p[255], ad[255], c[255 + 16], o[255];
    TU_ASSERT(gcry_md_extract(rng, GCRY_MD_SHAKE128, start, sizeof start) == 0, "extract");
    /* The specification gives the stream's first bytes: they are part of
     * it, so start again. */
    size_t n;
    uint8_t want_start[16], want[32], got[32];
    n = tu_hex_decode(want_start, sizeof want_start, "7f9c2ba4e88f827d616045507605853e");
    TU_ASSERT(n == 16 && memcmp(start, want_start, 16) == 0, "SHAKE-128 stream start");
    gcry_md_reset(rng);
    axiom_aead_ctx *ctx = NULL;
    TU_ASSERT_RC(axiom_aead_new(&ctx, XAES), AXIOM_OK, "new");
    for (unsigned long i = 0; i < iters; i++) {
        gcry_md_extract(rng, GCRY_MD_SHAKE128, key, sizeof key);
        gcry_md_extract(rng, GCRY_MD_SHAKE128, nonce, sizeof nonce);
        gcry_md_extract(rng, GCRY_MD_SHAKE128, lb, 1);
        const size_t len = lb[0];
        gcry_md_extract(rng, GCRY_MD_SHAKE128, p, len);
        gcry_md_extract(rng, GCRY_MD_SHAKE128, lb, 1);
        const size_t adlen = lb[0];
        gcry_md_extract(rng, GCRY_MD_SHAKE128, ad, adlen);
        TU_ASSERT_RC(axiom_aead_setkey(ctx, key, 32), AXIOM_OK, "setkey, iteration %lu", i);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c, c + len, 16, nonce, 24, ad, adlen, p, len),
                     AXIOM_OK, "seal, iteration %lu", i);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, c + len, 16, nonce, 24, ad, adlen, c, len),
                     AXIOM_OK, "open, iteration %lu", i);
        TU_ASSERT(memcmp(o, p, len) == 0, "round trip, iteration %lu", i);
        gcry_md_write(acc, c, len + 16);
    }
    TU_ASSERT(gcry_md_extract(acc, GCRY_MD_SHAKE128, got, sizeof got) == 0, "extract");
    n = tu_hex_decode(want, sizeof want, want_hex);
    TU_ASSERT(n == 32, "expected hash");
    TU_ASSERT_MEM_EQ(got, want, 32, "accumulated hash of %lu iterations", iters);
    axiom_aead_free(ctx);
    gcry_md_close(rng);
    gcry_md_close(acc);
}

START_TEST(test_accumulated_10k)
{
    accumulated(10000, "e6b9edf2df6cec60c8cbd864e2211b597fb69a529160cd040d56c0c210081939");
}
END_TEST

START_TEST(test_accumulated_1m)
{
    accumulated(1000000, "2163ae1445985a30b60585ee67daa55674df06901b890593e824b8a7c885ab15");
}
END_TEST

/* ------------------------------------------------------------ differential */

/* Every length around the GCM paths' block-count steps and the derivation's
 * power counts, with AD of several lengths, against the reference; each
 * ciphertext opened again, in place and out of place. */
START_TEST(test_gcrypt_diff)
{
    tu_rng_reset("xaes-diff");
    enum { MAXLEN = 40 * 16 + 15, MAXAD = 35 * 16 };
    static uint8_t p[MAXLEN], c[MAXLEN], w[MAXLEN], o[MAXLEN], ad[MAXAD];
    uint8_t key[32], nonce[24], tag[16], wtag[16];
    static const size_t adlens[] = { 0, 1, 15, 16, 17, 31, 32, 33, 100, 16 * 29, 16 * 30 + 1, MAXAD };
    tu_rand_bytes(key, sizeof key);
    axiom_aead_ctx *ctx = keyed(key);
    for (size_t len = 0; len <= MAXLEN; len += len < 100 ? 1 : 7) {
        const size_t adlen = adlens[tu_rand_range(0, sizeof adlens / sizeof adlens[0] - 1)];
        tu_rand_bytes(nonce, sizeof nonce);
        tu_rand_bytes(p, len);
        tu_rand_bytes(ad, adlen);
        ref_seal(key, nonce, ad, adlen, p, len, w, wtag);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, nonce, 24, ad, adlen, p, len), AXIOM_OK,
                     "seal %zu/%zu", len, adlen);
        TU_ASSERT_MEM_EQ(c, w, len, "ciphertext, len %zu, adlen %zu", len, adlen);
        TU_ASSERT_MEM_EQ(tag, wtag, 16, "tag, len %zu, adlen %zu", len, adlen);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, nonce, 24, ad, adlen, c, len), AXIOM_OK,
                     "open %zu/%zu", len, adlen);
        TU_ASSERT_MEM_EQ(o, p, len, "plaintext, len %zu, adlen %zu", len, adlen);
        memcpy(o, p, len);
        TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, 16, nonce, 24, ad, adlen, o, len), AXIOM_OK,
                     "seal in place");
        TU_ASSERT_MEM_EQ(o, w, len, "in-place ciphertext, len %zu", len);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, nonce, 24, ad, adlen, o, len), AXIOM_OK,
                     "open in place");
        TU_ASSERT_MEM_EQ(o, p, len, "in-place plaintext, len %zu", len);
    }
    axiom_aead_free(ctx);
}
END_TEST

/* Around every power count of the derivation (axiom_xaes_powers: 2, 4,
 * 8, 16, 32, and 64 where the cap at 32 holds): AD and text lengths whose
 * block count as that function counts it is one below, at and one above
 * each, at the first and the last byte length of those block counts, each
 * against the reference and opened again. */
START_TEST(test_power_steps)
{
    tu_rng_reset("xaes-powers");
    enum { MAXLEN = 40 * 16, MAXAD = 40 * 16 };
    static uint8_t p[MAXLEN], c[MAXLEN], w[MAXLEN], o[MAXLEN], ad[MAXAD];
    uint8_t key[32], nonce[24], tag[16], wtag[16];
    static const size_t adblocks[] = { 0, 1, 3, 9 };
    tu_rand_bytes(key, sizeof key);
    axiom_aead_ctx *ctx = keyed(key);
    int cases = 0;
    for (unsigned n = 2; n <= 64; n *= 2)
        for (size_t a = 0; a < sizeof adblocks / sizeof adblocks[0]; a++)
            for (int d = -1; d <= 1; d++) {
                /* axiom_xaes_powers counts AD blocks + text blocks + 2. */
                const long tb = (long)n + d - 2 - (long)adblocks[a];
                if (tb < 0 || tb > MAXLEN / 16)
                    continue;
                for (int first = 0; first < 2; first++) {
                    const size_t len = tb == 0 ? 0 : first ? 16 * (size_t)(tb - 1) + 1
                                                           : 16 * (size_t)tb;
                    const size_t adlen = adblocks[a] == 0 ? 0
                                         : first          ? 16 * (adblocks[a] - 1) + 1
                                                          : 16 * adblocks[a];
                    tu_rand_bytes(nonce, sizeof nonce);
                    tu_rand_bytes(p, len);
                    tu_rand_bytes(ad, adlen);
                    ref_seal(key, nonce, ad, adlen, p, len, w, wtag);
                    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, nonce, 24, ad, adlen, p, len),
                                 AXIOM_OK, "seal %zu/%zu", len, adlen);
                    TU_ASSERT_MEM_EQ(c, w, len, "ciphertext, len %zu, adlen %zu", len, adlen);
                    TU_ASSERT_MEM_EQ(tag, wtag, 16, "tag, len %zu, adlen %zu", len, adlen);
                    TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, nonce, 24, ad, adlen, c, len),
                                 AXIOM_OK, "open %zu/%zu", len, adlen);
                    TU_ASSERT_MEM_EQ(o, p, len, "plaintext, len %zu, adlen %zu", len, adlen);
                    cases++;
                }
            }
    TU_ASSERT(cases >= 80, "only %d cases", cases);
    axiom_aead_free(ctx);
}
END_TEST

/* Random keys, nonces and lengths up to 64 KiB and a few long messages
 * (the stitched loops' bulk paths). */
START_TEST(test_gcrypt_random)
{
    tu_rng_reset("xaes-random");
    const size_t maxlen = 70000;
    uint8_t *p = malloc(maxlen), *c = malloc(maxlen), *w = malloc(maxlen), *o = malloc(maxlen);
    uint8_t key[32], nonce[24], ad[300], tag[16], wtag[16];
    TU_ASSERT(p && c && w && o, "malloc");
    for (int it = 0; it < 60; it++) {
        const size_t len = it < 50 ? tu_rand_range(0, 2048) : tu_rand_range(2048, maxlen);
        const size_t adlen = tu_rand_range(0, sizeof ad);
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(nonce, sizeof nonce);
        tu_rand_bytes(ad, adlen);
        tu_rand_bytes(p, len);
        axiom_aead_ctx *ctx = keyed(key);
        ref_seal(key, nonce, ad, adlen, p, len, w, wtag);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, nonce, 24, ad, adlen, p, len), AXIOM_OK,
                     "seal");
        TU_ASSERT_MEM_EQ(c, w, len, "ciphertext, len %zu, adlen %zu", len, adlen);
        TU_ASSERT_MEM_EQ(tag, wtag, 16, "tag, len %zu, adlen %zu", len, adlen);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, nonce, 24, ad, adlen, c, len), AXIOM_OK,
                     "open");
        TU_ASSERT_MEM_EQ(o, p, len, "plaintext, len %zu", len);
        axiom_aead_free(ctx);
    }
    free(p);
    free(c);
    free(w);
    free(o);
}
END_TEST

/* Both nonce halves matter: flipping any bit of either changes the output
 * (the first half through the derived key, the second through GCM's). */
START_TEST(test_nonce_halves)
{
    tu_rng_reset("xaes-halves");
    uint8_t key[32], nonce[24], p[40], c0[40], c1[40], t0[16], t1[16];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(p, sizeof p);
    axiom_aead_ctx *ctx = keyed(key);
    TU_ASSERT_RC(axiom_aead_seal(ctx, c0, t0, 16, nonce, 24, NULL, 0, p, sizeof p), AXIOM_OK,
                 "seal");
    for (int bit = 0; bit < 24 * 8; bit++) {
        nonce[bit / 8] ^= (uint8_t)(1u << bit % 8);
        TU_ASSERT_RC(axiom_aead_seal(ctx, c1, t1, 16, nonce, 24, NULL, 0, p, sizeof p), AXIOM_OK,
                     "seal");
        TU_ASSERT(memcmp(c0, c1, sizeof c0) != 0 && memcmp(t0, t1, 16) != 0,
                  "nonce bit %d ignored", bit);
        nonce[bit / 8] ^= (uint8_t)(1u << bit % 8);
    }
    axiom_aead_free(ctx);
}
END_TEST

/* ------------------------------------------------------------ misuse */

START_TEST(test_misuse)
{
    tu_rng_reset("xaes-misuse");
    uint8_t key[33], n[32], ad[37], p[100], c[100], o[100], tag[16], bad[16];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(n, sizeof n);
    tu_rand_bytes(ad, sizeof ad);
    tu_rand_bytes(p, sizeof p);
    axiom_aead_ctx *ctx = NULL;
    TU_ASSERT_RC(axiom_aead_new(&ctx, "XAES-256-GCM"), AXIOM_OK, "new, upper case");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, n, 24, ad, sizeof ad, p, sizeof p),
                 AXIOM_ESTATE, "seal before setkey");
    static const size_t bad_keys[] = { 0, 16, 24, 31, 33 };
    for (size_t i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++)
        TU_ASSERT_RC(axiom_aead_setkey(ctx, key, bad_keys[i]), AXIOM_EKEYLEN,
                     "key of %zu bytes", bad_keys[i]);
    TU_ASSERT_RC(axiom_aead_setkey(ctx, NULL, 32), AXIOM_EINVAL, "NULL key");
    TU_ASSERT_RC(axiom_aead_setkey(ctx, key, 32), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, n, 24, ad, sizeof ad, p, sizeof p), AXIOM_OK,
                 "seal");
    static const size_t bad_nonces[] = { 0, 1, 12, 16, 23, 25, 32 };
    for (size_t i = 0; i < sizeof bad_nonces / sizeof bad_nonces[0]; i++) {
        tu_fill_sentinel(o, sizeof o);
        TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, 16, n, bad_nonces[i], ad, sizeof ad, p,
                                     sizeof p),
                     AXIOM_EIVLEN, "seal, nonce of %zu bytes", bad_nonces[i]);
        TU_ASSERT_SENTINEL(o, sizeof o, "seal, nonce of %zu bytes", bad_nonces[i]);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, 16, n, bad_nonces[i], ad, sizeof ad, c,
                                     sizeof c),
                     AXIOM_EIVLEN, "open, nonce of %zu bytes", bad_nonces[i]);
        TU_ASSERT_SENTINEL(o, sizeof o, "open, nonce of %zu bytes", bad_nonces[i]);
    }
    static const size_t bad_tags[] = { 0, 4, 8, 12, 15, 17, 32 };
    for (size_t i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++) {
        tu_fill_sentinel(o, sizeof o);
        TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, bad_tags[i], n, 24, ad, sizeof ad, p,
                                     sizeof p),
                     AXIOM_ETAGLEN, "seal, tag of %zu bytes", bad_tags[i]);
        TU_ASSERT_SENTINEL(o, sizeof o, "seal, tag of %zu bytes", bad_tags[i]);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, tag, bad_tags[i], n, 24, ad, sizeof ad, c,
                                     sizeof c),
                     AXIOM_ETAGLEN, "open, tag of %zu bytes", bad_tags[i]);
        TU_ASSERT_SENTINEL(o, sizeof o, "open, tag of %zu bytes", bad_tags[i]);
    }
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, NULL, 24, ad, sizeof ad, p, sizeof p),
                 AXIOM_EINVAL, "NULL nonce");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, NULL, 16, n, 24, ad, sizeof ad, p, sizeof p),
                 AXIOM_EINVAL, "NULL tag");
    TU_ASSERT_RC(axiom_aead_seal(ctx, c, tag, 16, n, 24, NULL, 1, p, sizeof p), AXIOM_EINVAL,
                 "NULL AD with a length");
    /* GCM's limit on the text: 2^36 - 32 bytes (never read: in place). */
    TU_ASSERT_RC(axiom_aead_seal(ctx, o, tag, 16, n, 24, ad, sizeof ad, o,
                                 ((size_t)1 << 36) - 31),
                 AXIOM_ELENGTH, "text over 2^36 - 32 bytes");
    memcpy(o, p, sizeof p);
    TU_ASSERT_RC(axiom_aead_seal(ctx, o + 1, tag, 16, n, 24, ad, sizeof ad, o, 64),
                 AXIOM_EINVAL, "overlapping in and out");
    /* A failed open wipes its output: a flipped bit in the ciphertext, the
     * tag, the AD, either half of the nonce. */
    for (int what = 0; what < 5; what++) {
        uint8_t cc[100], nn[24], aa[37];
        memcpy(cc, c, sizeof c);
        memcpy(bad, tag, 16);
        memcpy(nn, n, 24);
        memcpy(aa, ad, sizeof ad);
        switch (what) {
        case 0: cc[57] ^= 4; break;
        case 1: bad[15] ^= 0x80; break;
        case 2: aa[3] ^= 1; break;
        case 3: nn[5] ^= 1; break;
        default: nn[20] ^= 1; break;
        }
        tu_fill_sentinel(o, sizeof o);
        TU_ASSERT_RC(axiom_aead_open(ctx, o, bad, 16, nn, 24, aa, sizeof aa, cc, sizeof cc),
                     AXIOM_EAUTH, "open with corruption %d", what);
        for (size_t i = 0; i < sizeof o; i++)
            TU_ASSERT(o[i] == 0, "corruption %d: output byte %zu not wiped", what, i);
        /* In place: the ciphertext is wiped too. */
        TU_ASSERT_RC(axiom_aead_open(ctx, cc, bad, 16, nn, 24, aa, sizeof aa, cc, sizeof cc),
                     AXIOM_EAUTH, "open in place with corruption %d", what);
        for (size_t i = 0; i < sizeof cc; i++)
            TU_ASSERT(cc[i] == 0, "corruption %d in place: byte %zu not wiped", what, i);
    }
    /* AD and nonce inside the output buffer are read before it is
     * written (the generic layer sets them aside). */
    uint8_t want[100], wtag[16], buf[100];
    memcpy(buf, p, sizeof p);
    TU_ASSERT_RC(axiom_aead_seal(ctx, want, wtag, 16, buf + 40, 24, buf + 70, 30, p, 100),
                 AXIOM_OK, "seal");
    TU_ASSERT_RC(axiom_aead_seal(ctx, buf, tag, 16, buf + 40, 24, buf + 70, 30, buf, 100),
                 AXIOM_OK, "seal with nonce and AD inside the in-place buffer");
    TU_ASSERT_MEM_EQ(buf, want, 100, "ciphertext, nonce and AD in the output");
    TU_ASSERT_MEM_EQ(tag, wtag, 16, "tag, nonce and AD in the output");
    axiom_aead_free(ctx);
    /* The lengths as axiom_alg_info reports them. */
    struct axiom_alg_info info = AXIOM_ALG_INFO_INIT;
    TU_ASSERT_RC(axiom_alg_info(XAES, &info), AXIOM_OK, "alg_info");
    TU_ASSERT(info.key_min == 32 && info.key_max == 32, "key lengths");
    TU_ASSERT(info.iv_min == 24 && info.iv_max == 24 && info.iv_default == 24, "nonce lengths");
    TU_ASSERT(info.tag_min == 16 && info.tag_max == 16 && info.tag_default == 16, "tag lengths");
}
END_TEST

static Suite *xaes_suite(void)
{
    Suite *s = suite_create("aead_xaes");
    TCase *tc = tcase_create("xaes");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_c2sp, 0, (int)N_C2SP);
    tcase_add_test(tc, test_gcrypt_diff);
    tcase_add_test(tc, test_gcrypt_random);
    tcase_add_test(tc, test_power_steps);
    tcase_add_test(tc, test_nonce_halves);
    tcase_add_test(tc, test_misuse);
    tcase_add_test(tc, test_accumulated_10k);
    /* About 7 s natively, a minute on the portable tier: make check runs
     * it on the native tier, make check-large on every tier. */
    if (getenv("AXIOM_TEST_LARGE") || strcmp(tu_tier(), "native") == 0)
        tcase_add_test(tc, test_accumulated_1m);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_aead_xaes");
    tu_gcry_init();
    return tu_run_suite(xaes_suite());
}
