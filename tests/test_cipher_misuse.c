/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Misuse of the cipher API: every error code of api.md that applies to
 * axiom_cipher_*, that nothing is written to the output on error, and that
 * a failed call leaves the context as it was. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

typedef struct {
    const char *name;
    size_t keylen, ivlen;
    int block_only; /* ECB/CBC: multiples of 16 */
    int xts;
} alg;

static const alg algs[] = {
    { "aes-128-ecb", 16, 0, 1, 0 }, { "aes-128-cbc", 16, 16, 1, 0 },
    { "aes-128-ctr", 16, 16, 0, 0 }, { "aes-128-cfb", 16, 16, 0, 0 },
    { "aes-128-ofb", 16, 16, 0, 0 }, { "aes-192-ecb", 24, 0, 1, 0 },
    { "aes-192-cbc", 24, 16, 1, 0 }, { "aes-192-ctr", 24, 16, 0, 0 },
    { "aes-192-cfb", 24, 16, 0, 0 }, { "aes-192-ofb", 24, 16, 0, 0 },
    { "aes-256-ecb", 32, 0, 1, 0 }, { "aes-256-cbc", 32, 16, 1, 0 },
    { "aes-256-ctr", 32, 16, 0, 0 }, { "aes-256-cfb", 32, 16, 0, 0 },
    { "aes-256-ofb", 32, 16, 0, 0 }, { "aes-128-xts", 32, 16, 0, 1 },
    { "aes-256-xts", 64, 16, 0, 1 },
};
#define NALGS (sizeof algs / sizeof algs[0])

static uint8_t g_key[64], g_key2[64], g_iv[16], g_iv2[16];

static void setup(void)
{
    tu_rng_reset("misuse");
    tu_rand_bytes(g_key, sizeof g_key);
    tu_rand_bytes(g_key2, sizeof g_key2);
    tu_rand_bytes(g_iv, sizeof g_iv);
    tu_rand_bytes(g_iv2, sizeof g_iv2);
}

static axiom_cipher_ctx *new_ctx(const alg *a)
{
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, a->name), AXIOM_OK, "new(%s)", a->name);
    TU_ASSERT(c != NULL, "%s: NULL context", a->name);
    return c;
}

static axiom_cipher_ctx *keyed_ctx(const alg *a, int dir, const uint8_t *key, const uint8_t *iv)
{
    axiom_cipher_ctx *c = new_ctx(a);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, key, a->keylen, a->ivlen ? iv : NULL, a->ivlen),
                 AXIOM_OK, "%s: init", a->name);
    return c;
}

/* Reference: one fresh context, one call. */
static void oneshot(const alg *a, int dir, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                    const uint8_t *in, size_t len)
{
    axiom_cipher_ctx *c = keyed_ctx(a, dir, key, iv);
    TU_ASSERT_RC(axiom_cipher_update(c, out, in, len), AXIOM_OK, "%s: reference update", a->name);
    axiom_cipher_free(c);
}

/* An update of @len bytes that must fail with @want and write nothing to
 * the @cap bytes at @out (@what names the case in a failure). */
static void refused_update(axiom_cipher_ctx *c, uint8_t *out, size_t cap, const uint8_t *in,
                           size_t len, int want, const char *name, const char *what)
{
    tu_fill_sentinel(out, cap);
    TU_ASSERT_RC(axiom_cipher_update(c, out, in, len), want, "%s: %s (len %zu)", name, what, len);
    TU_ASSERT_SENTINEL(out, cap, "%s: %s (len %zu)", name, what, len);
}

/* ------------------------------------------------------------ new */

START_TEST(test_new_errors)
{
    axiom_cipher_ctx *c = (axiom_cipher_ctx *)&c; /* not NULL: must be reset */
    TU_ASSERT_RC(axiom_cipher_new(NULL, "aes-128-ecb"), AXIOM_EINVAL, "new(NULL ctx)");
    TU_ASSERT_RC(axiom_cipher_new(&c, NULL), AXIOM_EINVAL, "new(NULL name)");
    TU_ASSERT(c == NULL, "new(NULL name) must set *ctx to NULL");

    static const char *const unknown[] = {
        "", "aes", "aes-128", "aes-128-", "aes128-ecb", "aes-128-ecb ", " aes-128-ecb",
        "aes-128-ecbx", "aes-128-ec", "aes-512-ecb", "aes-192-xts", "aes-128-gcm",
        "aes-128-cfb8", "aes-128-ecb\n", "des-ecb", "xts", "-ecb",
        /* Case folding is ASCII capitals only: bytes that differ from a
         * name's byte by the 0x20 bit alone ('\r' | 0x20 is '-', 0x11 | 0x20
         * is '1'), the neighbours of 'A' and 'Z', bytes >= 0x80. */
        "aes\r128-ecb", "aes-\x11" "28-ecb", "AES-128-EC@", "aes-128-ec[", "aes-128-ec\xc2",
        "\xc1" "es-128-ecb",
    };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        c = (axiom_cipher_ctx *)&c;
        TU_ASSERT_RC(axiom_cipher_new(&c, unknown[i]), AXIOM_ENOTFOUND, "new(\"%s\")", unknown[i]);
        TU_ASSERT(c == NULL, "new(\"%s\") failed but *ctx is not NULL", unknown[i]);
    }
}
END_TEST

START_TEST(test_new_case_insensitive)
{
    uint8_t pt[64], ref[64], out[64];
    tu_rand_bytes(pt, sizeof pt);
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        char up[32], mixed[32];
        size_t n = strlen(a->name);
        for (size_t k = 0; k <= n; k++) {
            up[k] = (char)(a->name[k] >= 'a' && a->name[k] <= 'z' ? a->name[k] - 32 : a->name[k]);
            mixed[k] = (char)(k & 1 ? up[k] : a->name[k]);
        }
        oneshot(a, AXIOM_ENCRYPT, g_key, g_iv, ref, pt, sizeof pt);
        const char *variants[] = { up, mixed };
        for (int v = 0; v < 2; v++) {
            axiom_cipher_ctx *c = NULL;
            TU_ASSERT_RC(axiom_cipher_new(&c, variants[v]), AXIOM_OK, "new(\"%s\")", variants[v]);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen, a->ivlen ? g_iv : NULL,
                                           a->ivlen),
                         AXIOM_OK, "init %s", variants[v]);
            TU_ASSERT_RC(axiom_cipher_update(c, out, pt, sizeof pt), AXIOM_OK, "update");
            TU_ASSERT_MEM_EQ(out, ref, sizeof pt, "\"%s\" is not the same algorithm as \"%s\"",
                             variants[v], a->name);
            axiom_cipher_free(c);
        }
    }
}
END_TEST

START_TEST(test_free_null)
{
    axiom_cipher_free(NULL);
    /* and a context that never saw init */
    axiom_cipher_ctx *c = new_ctx(&algs[0]);
    axiom_cipher_free(c);
}
END_TEST

/* ------------------------------------------------------------ init */

START_TEST(test_init_errors)
{
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        axiom_cipher_ctx *c = new_ctx(a);
        const uint8_t *iv = a->ivlen ? g_iv : NULL;

        TU_ASSERT_RC(axiom_cipher_init(NULL, AXIOM_ENCRYPT, g_key, a->keylen, iv, a->ivlen),
                     AXIOM_EINVAL, "%s: init(NULL ctx)", a->name);
        /* key NULL before any key was set */
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, a->ivlen), AXIOM_ESTATE,
                     "%s: init(key NULL) before any key", a->name);
        /* a key length without a key: EINVAL, before or after a key */
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, a->keylen, iv, a->ivlen),
                     AXIOM_EINVAL, "%s: init(key NULL, keylen %zu) before any key", a->name,
                     a->keylen);
        /* bad direction */
        static const int dirs[] = { 2, -1, 3, 255, 0x10001 };
        for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++)
            TU_ASSERT_RC(axiom_cipher_init(c, dirs[k], g_key, a->keylen, iv, a->ivlen), AXIOM_EINVAL,
                         "%s: direction %d", a->name, dirs[k]);
        /* wrong key lengths */
        static const size_t kls[] = { 0, 1, 8, 15, 16, 17, 23, 24, 25, 31, 32, 33, 48, 63, 64, 65, 128 };
        for (size_t k = 0; k < sizeof kls / sizeof kls[0]; k++) {
            if (kls[k] == a->keylen)
                continue;
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, kls[k], iv, a->ivlen),
                         AXIOM_EKEYLEN, "%s: key length %zu", a->name, kls[k]);
        }
        /* wrong IV lengths */
        static const size_t ivls[] = { 0, 1, 8, 12, 15, 16, 17, 24, 32 };
        for (size_t k = 0; k < sizeof ivls / sizeof ivls[0]; k++) {
            if (ivls[k] == a->ivlen)
                continue;
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen, g_iv, ivls[k]),
                         AXIOM_EIVLEN, "%s: IV length %zu", a->name, ivls[k]);
        }
        /* NULL iv where one is needed */
        if (a->ivlen)
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen, NULL, a->ivlen),
                         AXIOM_EINVAL, "%s: NULL iv with ivlen %zu", a->name, a->ivlen);
        else /* ECB: iv may be NULL, and a non-NULL iv with ivlen 0 is ignored */
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen, g_iv, 0), AXIOM_OK,
                         "%s: non-NULL iv with ivlen 0", a->name);

        /* None of the failed inits above made the context usable (the ECB
         * success aside). */
        if (a->ivlen) {
            uint8_t out[32];
            refused_update(c, out, sizeof out, g_key, 32, AXIOM_ESTATE, a->name,
                           "update after only failed inits");
            /* and no key was taken from them */
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, a->ivlen), AXIOM_ESTATE,
                         "%s: key NULL after only failed inits", a->name);
        }
        axiom_cipher_free(c);
    }
}
END_TEST

/* Spot checks named in the contract, each on a fresh context. */
START_TEST(test_init_named_cases)
{
    static const struct {
        const char *name;
        size_t keylen, ivlen;
        int null_iv, want;
        const char *what;
    } cases[] = {
        { "aes-128-ecb", 16, 16, 0, AXIOM_EIVLEN, "ECB with ivlen 16" },
        { "aes-256-cbc", 32, 12, 0, AXIOM_EIVLEN, "CBC with ivlen 12" },
        { "aes-256-cbc", 32, 16, 1, AXIOM_EINVAL, "CBC with NULL iv" },
        { "aes-128-xts", 48, 16, 0, AXIOM_EKEYLEN, "XTS with a 48-byte key" },
        { "aes-128-xts", 16, 16, 0, AXIOM_EKEYLEN, "XTS-128 with a 16-byte key" },
        { "aes-128-xts", 64, 16, 0, AXIOM_EKEYLEN, "XTS-128 with a 64-byte key" },
        { "aes-128-xts", 0, 16, 0, AXIOM_EKEYLEN, "XTS with a 0-byte key" },
        { "aes-256-xts", 48, 16, 0, AXIOM_EKEYLEN, "XTS-256 with a 48-byte key" },
        { "aes-256-xts", 32, 16, 0, AXIOM_EKEYLEN, "XTS-256 with a 32-byte key" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        axiom_cipher_ctx *c = NULL;
        TU_ASSERT_RC(axiom_cipher_new(&c, cases[i].name), AXIOM_OK, "new(%s)", cases[i].name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, cases[i].keylen,
                                       cases[i].null_iv ? NULL : g_iv, cases[i].ivlen),
                     cases[i].want, "%s", cases[i].what);
        axiom_cipher_free(c);
    }
}
END_TEST

/* A failed init keeps the previous key, direction and stream state. */
START_TEST(test_failed_init_keeps_state)
{
    uint8_t pt[80], ref[80], out[80];
    tu_rand_bytes(pt, sizeof pt);
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        const uint8_t *iv = a->ivlen ? g_iv : NULL;
        const size_t len = a->block_only ? 64 : a->xts ? 80 : 77;
        oneshot(a, AXIOM_ENCRYPT, g_key, g_iv, ref, pt, len);

        /* Keyed with K1; failed inits with K2 of every kind; then a new
         * message under the kept key must still be under K1. */
        axiom_cipher_ctx *c = keyed_ctx(a, AXIOM_ENCRYPT, g_key, g_iv);
        TU_ASSERT_RC(axiom_cipher_update(c, out, pt, len), AXIOM_OK, "%s update", a->name);
        TU_ASSERT_MEM_EQ(out, ref, len, "%s first message", a->name);

        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key2, a->keylen + 1, iv, a->ivlen),
                     AXIOM_EKEYLEN, "%s", a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, 7, g_key2, a->keylen, iv, a->ivlen), AXIOM_EINVAL, "%s",
                     a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key2, a->keylen, g_iv2, a->ivlen + 1),
                     AXIOM_EIVLEN, "%s", a->name);
        if (a->ivlen)
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key2, a->keylen, NULL, a->ivlen),
                         AXIOM_EINVAL, "%s", a->name);

        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, a->ivlen), AXIOM_OK,
                     "%s init(key NULL)", a->name);
        memset(out, 0, sizeof out);
        TU_ASSERT_RC(axiom_cipher_update(c, out, pt, len), AXIOM_OK, "%s update", a->name);
        TU_ASSERT_MEM_EQ(out, ref, len, "%s: a failed init with another key changed the key",
                         a->name);

        /* Mid-message (not XTS): a failed init must not reset the IV or
         * the stream position, nor switch direction. */
        if (!a->xts) {
            size_t cut = a->block_only ? 32 : 21;
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, a->ivlen), AXIOM_OK,
                         "%s", a->name);
            memset(out, 0, sizeof out);
            TU_ASSERT_RC(axiom_cipher_update(c, out, pt, cut), AXIOM_OK, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, g_key2, a->keylen + 8, g_iv2, a->ivlen),
                         AXIOM_EKEYLEN, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, g_iv2, a->ivlen + 4),
                         AXIOM_EIVLEN, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_init(c, -5, NULL, 0, g_iv2, a->ivlen), AXIOM_EINVAL, "%s",
                         a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, out + cut, pt + cut, len - cut), AXIOM_OK, "%s",
                         a->name);
            TU_ASSERT_MEM_EQ(out, ref, len, "%s: a failed init in the middle of a message "
                             "changed the stream", a->name);
        }
        axiom_cipher_free(c);
    }
}
END_TEST

/* ------------------------------------------------------------ update */

START_TEST(test_update_before_init)
{
    uint8_t in[64], out[64];
    tu_rand_bytes(in, sizeof in);
    for (size_t i = 0; i < NALGS; i++) {
        axiom_cipher_ctx *c = new_ctx(&algs[i]);
        refused_update(c, out, sizeof out, in, sizeof in, AXIOM_ESTATE, algs[i].name,
                       "update before init");
        refused_update(c, out, sizeof out, in, 32, AXIOM_ESTATE, algs[i].name,
                       "update before init");
        axiom_cipher_free(c);
    }
    TU_ASSERT_RC(axiom_cipher_update(NULL, out, in, 16), AXIOM_EINVAL, "update(NULL ctx)");
    TU_ASSERT_RC(axiom_cipher_update(NULL, NULL, NULL, 0), AXIOM_EINVAL, "update(NULL ctx, len 0)");
}
END_TEST

START_TEST(test_block_lengths)
{
    uint8_t in[96], out[96], ref[96];
    tu_rand_bytes(in, sizeof in);
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        if (!a->block_only)
            continue;
        for (int dir = 0; dir <= 1; dir++) {
            oneshot(a, dir, g_key, g_iv, ref, in, 64);
            axiom_cipher_ctx *c = keyed_ctx(a, dir, g_key, g_iv);
            for (size_t len = 1; len < sizeof in; len++) {
                if (len % 16 == 0)
                    continue;
                refused_update(c, out, sizeof out, in, len, AXIOM_ELENGTH, a->name,
                               "not whole blocks");
            }
            /* the refused calls did not advance the CBC chain */
            memset(out, 0, sizeof out);
            TU_ASSERT_RC(axiom_cipher_update(c, out, in, 32), AXIOM_OK, "%s", a->name);
            /* a refused call in the middle does not either */
            TU_ASSERT_RC(axiom_cipher_update(c, out + 32, in + 32, 17), AXIOM_ELENGTH, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, out + 32, in + 32, 32), AXIOM_OK, "%s", a->name);
            TU_ASSERT_MEM_EQ(out, ref, 64, "%s %s: refused lengths disturbed the chain", a->name,
                             dir ? "encrypt" : "decrypt");
            axiom_cipher_free(c);
        }
    }
}
END_TEST

START_TEST(test_xts_lengths)
{
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        if (!a->xts)
            continue;
        uint8_t in[64], out[64], ref[64];
        tu_rand_bytes(in, sizeof in);
        for (int dir = 0; dir <= 1; dir++) {
            oneshot(a, dir, g_key, g_iv, ref, in, 40);
            axiom_cipher_ctx *c = keyed_ctx(a, dir, g_key, g_iv);
            for (size_t len = 0; len < 16; len++)
                refused_update(c, out, sizeof out, in, len, AXIOM_ELENGTH, a->name,
                               "XTS unit under a block");
            TU_ASSERT_RC(axiom_cipher_update(c, NULL, NULL, 0), AXIOM_ELENGTH,
                         "%s: XTS unit of 0 bytes (NULL buffers)", a->name);
            /* the refused units did not use up the tweak */
            TU_ASSERT_RC(axiom_cipher_update(c, out, in, 40), AXIOM_OK, "%s: 40-byte unit", a->name);
            TU_ASSERT_MEM_EQ(out, ref, 40, "%s: unit after refused lengths", a->name);
            /* second unit under the same tweak */
            refused_update(c, out, sizeof out, in, 40, AXIOM_ESTATE, a->name,
                           "second unit without a new tweak");
            refused_update(c, out, sizeof out, in, 16, AXIOM_ESTATE, a->name,
                           "second unit without a new tweak");
            /* a failed re-init does not re-arm it */
            TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, g_iv, 8), AXIOM_EIVLEN, "%s", a->name);
            refused_update(c, out, sizeof out, in, 40, AXIOM_ESTATE, a->name,
                           "unit after a failed re-init");
            /* init(key NULL) with the same tweak: the same unit again */
            TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, g_iv, 16), AXIOM_OK, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, out, in, 40), AXIOM_OK, "%s: unit after re-init",
                         a->name);
            TU_ASSERT_MEM_EQ(out, ref, 40, "%s: unit after init(key NULL)", a->name);
            axiom_cipher_free(c);
        }
    }
}
END_TEST

/* Over 2^24 bytes is refused; exactly 2^24 is accepted.  One buffer,
 * processed in place. */
START_TEST(test_xts_max_unit)
{
    const size_t max = (size_t)1 << 24;
    uint8_t *buf = malloc(max + 32);
    TU_ASSERT(buf != NULL, "malloc");
    tu_fill_sentinel(buf, max + 32);
    const alg *a = &algs[NALGS - 2]; /* aes-128-xts */
    TU_ASSERT(a->xts, "table order");
    axiom_cipher_ctx *c = keyed_ctx(a, AXIOM_ENCRYPT, g_key, g_iv);
    static const size_t over[] = { 1, 15, 16, 17, 32 };
    for (size_t k = 0; k < sizeof over / sizeof over[0]; k++) {
        TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, max + over[k]), AXIOM_ELENGTH,
                     "XTS unit of 2^24 + %zu bytes", over[k]);
    }
    TU_ASSERT_SENTINEL(buf, max + 32, "oversized XTS unit");
    /* exactly 2^24: encrypt then decrypt back, in place */
    TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, max), AXIOM_OK, "XTS unit of 2^24 bytes");
    TU_ASSERT(tu_check_sentinel(buf, 64) != (size_t)-1, "2^24-byte unit left the data unchanged");
    for (size_t k = 0; k < 32; k++)
        TU_ASSERT(buf[max + k] == (uint8_t)(0xa5 ^ ((max + k) * 7)),
                  "write past a 2^24-byte unit at +%zu", k);
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, g_iv, 16), AXIOM_OK, "re-init");
    TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, max), AXIOM_OK, "XTS decrypt of 2^24 bytes");
    TU_ASSERT_SENTINEL(buf, max + 32, "2^24-byte unit did not decrypt back");
    axiom_cipher_free(c);
    free(buf);
}
END_TEST

START_TEST(test_overlap)
{
    uint8_t buf[256], ref[64];
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        const size_t len = 64;
        for (int dir = 0; dir <= 1; dir++) {
            tu_rand_bytes(buf, sizeof buf);
            oneshot(a, dir, g_key, g_iv, ref, buf + 96, len);
            axiom_cipher_ctx *c = keyed_ctx(a, dir, g_key, g_iv);
            /* out starts inside in, or in starts inside out */
            static const long shifts[] = { 1, 15, 16, 17, 32, 63, -1, -15, -16, -17, -48, -63 };
            uint8_t save[256];
            memcpy(save, buf, sizeof buf);
            for (size_t k = 0; k < sizeof shifts / sizeof shifts[0]; k++) {
                uint8_t *in = buf + 96, *out = buf + 96 + shifts[k];
                TU_ASSERT_RC(axiom_cipher_update(c, out, in, len), AXIOM_EINVAL,
                             "%s: out = in %+ld, len %zu", a->name, shifts[k], len);
                TU_ASSERT_MEM_EQ(buf, save, sizeof buf, "%s: overlapping call wrote (shift %+ld)",
                                 a->name, shifts[k]);
            }
            /* the refused calls consumed nothing: exact in place gives the
             * first message */
            TU_ASSERT_RC(axiom_cipher_update(c, buf + 96, buf + 96, len), AXIOM_OK,
                         "%s: in place", a->name);
            TU_ASSERT_MEM_EQ(buf + 96, ref, len, "%s: in place after refused overlaps", a->name);
            axiom_cipher_free(c);

            /* adjacent, not overlapping: allowed */
            for (int before = 0; before < 2; before++) {
                uint8_t *out = before ? buf + 96 - len : buf + 96 + len;
                const char *where = before ? "before" : "after";
                memcpy(buf, save, sizeof buf);
                c = keyed_ctx(a, dir, g_key, g_iv);
                TU_ASSERT_RC(axiom_cipher_update(c, out, buf + 96, len), AXIOM_OK,
                             "%s: out right %s in", a->name, where);
                TU_ASSERT_MEM_EQ(out, ref, len, "%s: out right %s in", a->name, where);
                axiom_cipher_free(c);
            }
        }
    }
}
END_TEST

START_TEST(test_null_buffers)
{
    uint8_t in[64], out[64], ref[64];
    tu_rand_bytes(in, sizeof in);
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        oneshot(a, AXIOM_ENCRYPT, g_key, g_iv, ref, in, 48);
        axiom_cipher_ctx *c = keyed_ctx(a, AXIOM_ENCRYPT, g_key, g_iv);
        refused_update(c, out, sizeof out, NULL, 16, AXIOM_EINVAL, a->name, "NULL in");
        TU_ASSERT_RC(axiom_cipher_update(c, NULL, in, 16), AXIOM_EINVAL, "%s: NULL out", a->name);
        TU_ASSERT_RC(axiom_cipher_update(c, NULL, NULL, 32), AXIOM_EINVAL, "%s: NULL in and out",
                     a->name);
        if (!a->xts) {
            /* len 0: fine with NULL or real buffers, and a no-op */
            TU_ASSERT_RC(axiom_cipher_update(c, NULL, NULL, 0), AXIOM_OK, "%s: len 0, NULL buffers",
                         a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, out, NULL, 0), AXIOM_OK, "%s: len 0", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, NULL, in, 0), AXIOM_OK, "%s: len 0", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, out, in, 0), AXIOM_OK, "%s: len 0", a->name);
            TU_ASSERT_SENTINEL(out, sizeof out, "%s: len 0 wrote", a->name);
        }
        /* nothing above consumed any stream */
        TU_ASSERT_RC(axiom_cipher_update(c, out, in, 48), AXIOM_OK, "%s", a->name);
        TU_ASSERT_MEM_EQ(out, ref, 48, "%s: refused/empty calls disturbed the state", a->name);
        if (!a->xts && !a->block_only) {
            /* len 0 between partial-block calls */
            uint8_t o2[48];
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, g_iv, 16), AXIOM_OK, "%s",
                         a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, o2, in, 5), AXIOM_OK, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, NULL, NULL, 0), AXIOM_OK, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, o2 + 5, NULL, 0), AXIOM_OK, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, NULL, in + 5, 7), AXIOM_EINVAL, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, o2 + 5, o2 + 6, 7), AXIOM_EINVAL, "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, o2 + 5, in + 5, 43), AXIOM_OK, "%s", a->name);
            TU_ASSERT_MEM_EQ(o2, ref, 48, "%s: refused calls inside a partial block", a->name);
        }
        axiom_cipher_free(c);
    }
}
END_TEST

/* init(key NULL) may switch the direction; the key stays. */
START_TEST(test_direction_switch)
{
    uint8_t pt[48], ct[48], out[48];
    tu_rand_bytes(pt, sizeof pt);
    for (size_t i = 0; i < NALGS; i++) {
        const alg *a = &algs[i];
        size_t len = a->block_only ? 48 : 45;
        axiom_cipher_ctx *c = keyed_ctx(a, AXIOM_ENCRYPT, g_key, g_iv);
        TU_ASSERT_RC(axiom_cipher_update(c, ct, pt, len), AXIOM_OK, "%s", a->name);
        TU_ASSERT(memcmp(ct, pt, len) != 0, "%s: encryption is the identity", a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, a->ivlen ? g_iv : NULL, a->ivlen),
                     AXIOM_OK, "%s", a->name);
        TU_ASSERT_RC(axiom_cipher_update(c, out, ct, len), AXIOM_OK, "%s", a->name);
        TU_ASSERT_MEM_EQ(out, pt, len, "%s: decrypt after switching direction", a->name);
        axiom_cipher_free(c);
    }
}
END_TEST

static Suite *misuse_suite(void)
{
    Suite *s = suite_create("cipher_misuse");
    TCase *tc = tcase_create("misuse");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_new_errors);
    tcase_add_test(tc, test_new_case_insensitive);
    tcase_add_test(tc, test_free_null);
    tcase_add_test(tc, test_init_errors);
    tcase_add_test(tc, test_init_named_cases);
    tcase_add_test(tc, test_failed_init_keeps_state);
    tcase_add_test(tc, test_update_before_init);
    tcase_add_test(tc, test_block_lengths);
    tcase_add_test(tc, test_xts_lengths);
    tcase_add_test(tc, test_xts_max_unit);
    tcase_add_test(tc, test_overlap);
    tcase_add_test(tc, test_null_buffers);
    tcase_add_test(tc, test_direction_switch);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_cipher_misuse");
    return tu_run_suite(misuse_suite());
}
