/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Black-box conformance of the public API contract (doc/api.md and the
 * headers), clause by clause, as an outside harness would test it: only
 * the calls of <axiom.h>, no internals (a few internal headers give the
 * kernels' length thresholds, as constants).  Each test names the clause
 * it checks.
 *
 * Sentinel rule: "on bad input a call returns the error and writes
 * nothing" is checked by filling every output (and the bytes around it)
 * with a pattern before the failing call and checking it afterwards. */
#include "config.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <axiom.h>

/* Constants only: the path thresholds that the AD-inside-the-output test
 * derives its message lengths from. */
#include "chacha/chacha.h"
#include "aegis/aegis.h"
#include "chacha/poly1305.h"
#include "gcm/gcm.h"

#include "testutil.h"

/* ------------------------------------------------------------ catalogue */

typedef enum { M_ECB, M_CBC, M_CTR, M_CFB, M_OFB, M_XTS, M_STREAM } mode;

typedef struct {
    const char *name;
    size_t keylen, ivlen;
    mode m;
} calg;

static const calg ciphers[] = {
    { "aes-128-ecb", 16, 0, M_ECB },    { "aes-128-cbc", 16, 16, M_CBC },
    { "aes-128-ctr", 16, 16, M_CTR },   { "aes-128-cfb", 16, 16, M_CFB },
    { "aes-128-ofb", 16, 16, M_OFB },   { "aes-192-ecb", 24, 0, M_ECB },
    { "aes-192-cbc", 24, 16, M_CBC },   { "aes-192-ctr", 24, 16, M_CTR },
    { "aes-192-cfb", 24, 16, M_CFB },   { "aes-192-ofb", 24, 16, M_OFB },
    { "aes-256-ecb", 32, 0, M_ECB },    { "aes-256-cbc", 32, 16, M_CBC },
    { "aes-256-ctr", 32, 16, M_CTR },   { "aes-256-cfb", 32, 16, M_CFB },
    { "aes-256-ofb", 32, 16, M_OFB },   { "sm4-ecb", 16, 0, M_ECB },
    { "sm4-cbc", 16, 16, M_CBC },       { "sm4-ctr", 16, 16, M_CTR },
    { "sm4-cfb", 16, 16, M_CFB },       { "sm4-ofb", 16, 16, M_OFB },
    { "kuznyechik-ecb", 32, 0, M_ECB }, { "kuznyechik-cbc", 32, 16, M_CBC },
    { "kuznyechik-ctr", 32, 16, M_CTR }, { "kuznyechik-cfb", 32, 16, M_CFB },
    { "kuznyechik-ofb", 32, 16, M_OFB }, { "aes-128-xts", 32, 16, M_XTS },
    { "aes-256-xts", 64, 16, M_XTS },   { "chacha20", 32, 12, M_STREAM },
};
#define NCIPHERS (sizeof ciphers / sizeof ciphers[0])

/* ChaCha20-Poly1305 family, GCM, AEGIS, GCM-SIV (whose text depends on
 * the AD, through the tag), XAES-256-GCM (GCM's limits, one nonce and one
 * tag length) */
enum { K_CP, K_GCM, K_AEGIS, K_SIV, K_XGCM };
typedef struct {
    const char *name;
    size_t keylen, noncelen, taglen;
    int kind;
} aalg;

static const aalg aeads[] = {
    { "aes-128-gcm", 16, 12, 16, K_GCM },      { "aes-192-gcm", 24, 12, 16, K_GCM },
    { "aes-256-gcm", 32, 12, 16, K_GCM },      { "sm4-gcm", 16, 12, 16, K_GCM },
    { "chacha20-poly1305", 32, 12, 16, K_CP }, { "xchacha20-poly1305", 32, 24, 16, K_CP },
    { "aes-128-gcm-siv", 16, 12, 16, K_SIV },  { "aes-256-gcm-siv", 32, 12, 16, K_SIV },
    { "xaes-256-gcm", 32, 24, 16, K_XGCM },
    { "aegis-128l", 16, 16, 16, K_AEGIS },     { "aegis-128x2", 16, 16, 16, K_AEGIS },
    { "aegis-128x4", 16, 16, 16, K_AEGIS },    { "aegis-256", 32, 32, 16, K_AEGIS },
    { "aegis-256x2", 32, 32, 16, K_AEGIS },    { "aegis-256x4", 32, 32, 16, K_AEGIS },
};
#define NAEADS (sizeof aeads / sizeof aeads[0])

static const struct {
    const char *name;
    size_t len;
} hashes[] = { { "sha224", AXIOM_SHA224_SIZE },  { "sha256", AXIOM_SHA256_SIZE },
               { "sha384", AXIOM_SHA384_SIZE },  { "sha512", AXIOM_SHA512_SIZE },
               { "sha512-256", AXIOM_SHA512_256_SIZE } };
#define NHASHES (sizeof hashes / sizeof hashes[0])

static uint8_t g_key[64], g_iv[32];

static void setup(void)
{
    tu_rng_reset("contract");
    tu_rand_bytes(g_key, sizeof g_key);
    tu_rand_bytes(g_iv, sizeof g_iv);
}

/* "AES-128-Ctr" from "aes-128-ctr": every other letter upper case. */
static void mixed_case(char *out, size_t cap, const char *name, int phase)
{
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++) {
        char ch = name[i];
        out[i] = ((int)i % 2 == phase && ch >= 'a' && ch <= 'z') ? (char)(ch - 32) : ch;
    }
    out[i] = 0;
}

static int block_only(const calg *a) { return a->m == M_ECB || a->m == M_CBC; }

static axiom_cipher_ctx *cipher_keyed(const calg *a, int dir, const uint8_t *iv)
{
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, a->name), AXIOM_OK, "cipher_new(%s)", a->name);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, g_key, a->keylen, a->ivlen ? iv : NULL, a->ivlen),
                 AXIOM_OK, "%s: init", a->name);
    return c;
}

static void cipher_oneshot(const calg *a, int dir, const uint8_t *iv, uint8_t *out,
                           const uint8_t *in, size_t len)
{
    axiom_cipher_ctx *c = cipher_keyed(a, dir, iv);
    TU_ASSERT_RC(axiom_cipher_update(c, out, in, len), AXIOM_OK, "%s: update(%zu)", a->name, len);
    axiom_cipher_free(c);
}

/* ------------------------------------------------------------ errors */

/* Conventions / error codes: all negative and distinct; axiom_strerror
 * gives a static sentence for every code, a generic one for the rest. */
START_TEST(test_error_codes_and_strerror)
{
    static const int codes[] = { AXIOM_OK,     AXIOM_EINVAL, AXIOM_ENOTFOUND, AXIOM_EKEYLEN,
                                 AXIOM_EIVLEN, AXIOM_ETAGLEN, AXIOM_ELENGTH,  AXIOM_ESTATE,
                                 AXIOM_EAUTH,  AXIOM_ENOMEM, AXIOM_ERANDOM, AXIOM_ENOTCT };
    enum { NC = sizeof codes / sizeof codes[0] };
    const char *msg[NC];
    TU_ASSERT(AXIOM_OK == 0, "AXIOM_OK is %d", AXIOM_OK);
    for (int i = 0; i < NC; i++) {
        if (i)
            TU_ASSERT(codes[i] < 0, "code %d not negative", codes[i]);
        for (int j = 0; j < i; j++)
            TU_ASSERT(codes[i] != codes[j], "codes %d and %d equal", i, j);
        msg[i] = axiom_strerror(codes[i]);
        TU_ASSERT(msg[i] != NULL && strlen(msg[i]) > 3, "strerror(%d) empty", codes[i]);
        /* Static: the same pointer every time. */
        TU_ASSERT(axiom_strerror(codes[i]) == msg[i], "strerror(%d) not static", codes[i]);
        for (int j = 0; j < i; j++)
            TU_ASSERT(strcmp(msg[i], msg[j]) != 0, "strerror(%d) == strerror(%d)", codes[i],
                      codes[j]);
    }
    static const int unknown[] = { 1, 2, 7, 100, INT_MAX, -12, -13, -100, -1000, INT_MIN,
                                   INT_MIN + 1 };
    const char *generic = axiom_strerror(INT_MIN);
    for (size_t u = 0; u < sizeof unknown / sizeof unknown[0]; u++) {
        const char *s = axiom_strerror(unknown[u]);
        TU_ASSERT(s != NULL && strlen(s) > 8, "strerror(%d) empty", unknown[u]);
        TU_ASSERT(strcmp(s, generic) == 0, "strerror(%d) differs from the generic sentence",
                  unknown[u]);
        for (int j = 0; j < NC; j++)
            TU_ASSERT(strcmp(s, msg[j]) != 0, "strerror(%d) reads like code %d", unknown[u],
                      codes[j]);
    }
    const char *v = axiom_version_string();
    TU_ASSERT(v != NULL && v[0] >= '0' && v[0] <= '9', "version string '%s'", v ? v : "(null)");
}
END_TEST

/* ------------------------------------------------------------ names */

/* Algorithm names: lower case, looked up case-insensitively; unknown ->
 * AXIOM_ENOTFOUND with *ctx NULL; axiom_impl NULL for NULL/unknown. */
START_TEST(test_names)
{
    char mc[64];
    for (size_t i = 0; i < NCIPHERS; i++) {
        for (int phase = -1; phase < 2; phase++) {
            axiom_cipher_ctx *c = (axiom_cipher_ctx *)&c;
            if (phase < 0) {
                for (size_t k = 0; k <= strlen(ciphers[i].name); k++)
                    mc[k] = (char)((ciphers[i].name[k] >= 'a' && ciphers[i].name[k] <= 'z')
                                       ? ciphers[i].name[k] - 32
                                       : ciphers[i].name[k]);
            } else {
                mixed_case(mc, sizeof mc, ciphers[i].name, phase);
            }
            TU_ASSERT_RC(axiom_cipher_new(&c, mc), AXIOM_OK, "cipher_new(%s)", mc);
            TU_ASSERT(c != NULL && c != (axiom_cipher_ctx *)&c, "%s: no context", mc);
            axiom_cipher_free(c);
            TU_ASSERT(axiom_impl(mc) != NULL, "axiom_impl(%s) NULL", mc);
        }
    }
    for (size_t i = 0; i < NAEADS; i++) {
        axiom_aead_ctx *c = NULL;
        mixed_case(mc, sizeof mc, aeads[i].name, 0);
        TU_ASSERT_RC(axiom_aead_new(&c, mc), AXIOM_OK, "aead_new(%s)", mc);
        TU_ASSERT(c != NULL, "%s", mc);
        axiom_aead_free(c);
        TU_ASSERT(axiom_impl(mc) != NULL, "axiom_impl(%s) NULL", mc);
    }
    for (size_t i = 0; i < NHASHES; i++) {
        uint8_t d1[64], d2[64];
        mixed_case(mc, sizeof mc, hashes[i].name, 1);
        TU_ASSERT_RC(axiom_hash(mc, d1, hashes[i].len, "abc", 3), AXIOM_OK, "hash(%s)", mc);
        TU_ASSERT_RC(axiom_hash(hashes[i].name, d2, hashes[i].len, "abc", 3), AXIOM_OK, "hash");
        TU_ASSERT_MEM_EQ(d1, d2, hashes[i].len, "hash(%s) vs lower case", mc);
        TU_ASSERT_RC(axiom_hmac(mc, d1, hashes[i].len, d2, 5, "abc", 3), AXIOM_OK, "hmac(%s)", mc);
        TU_ASSERT_RC(axiom_hkdf(mc, d1, 7, d2, 5, NULL, 0, NULL, 0), AXIOM_OK, "hkdf(%s)", mc);
        axiom_hash_ctx *h = NULL;
        TU_ASSERT_RC(axiom_hash_new(&h, mc), AXIOM_OK, "hash_new(%s)", mc);
        axiom_hash_free(h);
        axiom_hmac_ctx *m = NULL;
        TU_ASSERT_RC(axiom_hmac_new(&m, mc), AXIOM_OK, "hmac_new(%s)", mc);
        axiom_hmac_free(m);
        TU_ASSERT(axiom_impl(mc) != NULL, "axiom_impl(%s) NULL", mc);
    }

    /* Near misses and names of the wrong family. */
    static const char *const bad_cipher[] = { "",            "aes",          "aes-128",
                                              "aes-128-ctr ", " aes-128-ctr", "aes-128-ctr\n",
                                              "aes-128-gcm", "aes-192-xts",  "aes128-ctr",
                                              "sha256",      "chacha20-poly1305", "sm4-xts",
                                              "aes-128-cfb8", "aes-128-ecb-", "xchacha20" };
    for (size_t i = 0; i < sizeof bad_cipher / sizeof bad_cipher[0]; i++) {
        axiom_cipher_ctx *c = (axiom_cipher_ctx *)&c;
        TU_ASSERT_RC(axiom_cipher_new(&c, bad_cipher[i]), AXIOM_ENOTFOUND, "cipher_new('%s')",
                     bad_cipher[i]);
        TU_ASSERT(c == NULL, "cipher_new('%s') left *ctx set", bad_cipher[i]);
    }
    static const char *const bad_aead[] = { "", "aes-128-ctr", "chacha20", "aes-128-gcm ",
                                            "aes-512-gcm", "poly1305", "sha256" };
    for (size_t i = 0; i < sizeof bad_aead / sizeof bad_aead[0]; i++) {
        axiom_aead_ctx *c = (axiom_aead_ctx *)&c;
        TU_ASSERT_RC(axiom_aead_new(&c, bad_aead[i]), AXIOM_ENOTFOUND, "aead_new('%s')",
                     bad_aead[i]);
        TU_ASSERT(c == NULL, "aead_new('%s') left *ctx set", bad_aead[i]);
        axiom_gcm_ctx *g = (axiom_gcm_ctx *)&g;
        TU_ASSERT_RC(axiom_gcm_new(&g, bad_aead[i]), AXIOM_ENOTFOUND, "gcm_new('%s')",
                     bad_aead[i]);
        TU_ASSERT(g == NULL, "gcm_new('%s') left *ctx set", bad_aead[i]);
    }
    static const char *const bad_hash[] = { "", "sha-256", "sha3-512", "sha256 ", "SHA256x",
                                            "aes-128-ctr", "md5", "sha512/256", "sha512-224" };
    for (size_t i = 0; i < sizeof bad_hash / sizeof bad_hash[0]; i++) {
        uint8_t out[64];
        const char *n = bad_hash[i];
        tu_fill_sentinel(out, sizeof out);
        TU_ASSERT_RC(axiom_hash(n, out, 32, "abc", 3), AXIOM_ENOTFOUND, "hash('%s')", n);
        TU_ASSERT_RC(axiom_hmac(n, out, 32, g_key, 16, "abc", 3), AXIOM_ENOTFOUND, "hmac('%s')",
                     n);
        TU_ASSERT_RC(axiom_hkdf(n, out, 32, g_key, 16, NULL, 0, NULL, 0), AXIOM_ENOTFOUND,
                     "hkdf('%s')", n);
        TU_ASSERT_SENTINEL(out, sizeof out, "hash/hmac/hkdf('%s')", n);
        axiom_hash_ctx *h = (axiom_hash_ctx *)&h;
        TU_ASSERT_RC(axiom_hash_new(&h, n), AXIOM_ENOTFOUND, "hash_new('%s')", n);
        TU_ASSERT(h == NULL, "hash_new('%s') left *ctx set", n);
        axiom_hmac_ctx *m = (axiom_hmac_ctx *)&m;
        TU_ASSERT_RC(axiom_hmac_new(&m, n), AXIOM_ENOTFOUND, "hmac_new('%s')", n);
        TU_ASSERT(m == NULL, "hmac_new('%s') left *ctx set", n);
        if (strcmp(n, "aes-128-ctr") != 0)
            TU_ASSERT(axiom_impl(n) == NULL, "axiom_impl('%s') not NULL", n);
    }
    TU_ASSERT(axiom_impl(NULL) == NULL, "axiom_impl(NULL)");
    TU_ASSERT(axiom_impl("no-such-cipher") == NULL, "axiom_impl(unknown)");

    /* NULL names and NULL ctx pointers. */
    axiom_cipher_ctx *c = (axiom_cipher_ctx *)&c;
    TU_ASSERT_RC(axiom_cipher_new(&c, NULL), AXIOM_EINVAL, "cipher_new(NULL name)");
    TU_ASSERT(c == NULL, "cipher_new(NULL name) left *ctx set");
    TU_ASSERT_RC(axiom_cipher_new(NULL, "aes-128-ctr"), AXIOM_EINVAL, "cipher_new(NULL)");
    axiom_aead_ctx *a = (axiom_aead_ctx *)&a;
    TU_ASSERT_RC(axiom_aead_new(&a, NULL), AXIOM_EINVAL, "aead_new(NULL name)");
    TU_ASSERT(a == NULL, "aead_new(NULL name) left *ctx set");
    TU_ASSERT_RC(axiom_aead_new(NULL, "aes-128-gcm"), AXIOM_EINVAL, "aead_new(NULL)");
    axiom_hash_ctx *h = (axiom_hash_ctx *)&h;
    TU_ASSERT_RC(axiom_hash_new(&h, NULL), AXIOM_EINVAL, "hash_new(NULL name)");
    TU_ASSERT(h == NULL, "hash_new(NULL name) left *ctx set");
    TU_ASSERT_RC(axiom_hash_new(NULL, "sha256"), AXIOM_EINVAL, "hash_new(NULL)");
    uint8_t d[32];
    tu_fill_sentinel(d, sizeof d);
    TU_ASSERT_RC(axiom_hash(NULL, d, 32, "", 0), AXIOM_EINVAL, "hash(NULL name)");
    TU_ASSERT_RC(axiom_hmac(NULL, d, 32, NULL, 0, "", 0), AXIOM_EINVAL, "hmac(NULL name)");
    TU_ASSERT_RC(axiom_hkdf(NULL, d, 32, NULL, 0, NULL, 0, NULL, 0), AXIOM_EINVAL,
                 "hkdf(NULL name)");
    TU_ASSERT_SENTINEL(d, sizeof d, "NULL names");
}
END_TEST

/* *_free(NULL) is a no-op. */
START_TEST(test_free_null)
{
    axiom_cipher_free(NULL);
    axiom_aead_free(NULL);
    axiom_gcm_free(NULL);
    axiom_hash_free(NULL);
    axiom_hmac_free(NULL);
    axiom_drbg_free(NULL);
    axiom_wipe(NULL, 0);
    uint8_t b[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, z[8] = { 0 };
    axiom_wipe(b, sizeof b);
    TU_ASSERT_MEM_EQ(b, z, 8, "axiom_wipe");
}
END_TEST

/* ------------------------------------------------------------ ciphers */

/* init(key NULL) before any key -> ESTATE; update before init -> ESTATE;
 * every failing call writes nothing. */
START_TEST(test_cipher_order_and_args)
{
    uint8_t buf[200], in[200];
    tu_rand_bytes(in, sizeof in);
    for (size_t i = 0; i < NCIPHERS; i++) {
        const calg *a = &ciphers[i];
        axiom_cipher_ctx *c = NULL;
        TU_ASSERT_RC(axiom_cipher_new(&c, a->name), AXIOM_OK, "%s", a->name);
        tu_fill_sentinel(buf, sizeof buf);
        TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 32), AXIOM_ESTATE, "%s: update before init",
                     a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, a->ivlen ? g_iv : NULL,
                                       a->ivlen),
                     AXIOM_ESTATE, "%s: init(NULL key) before any key", a->name);
        TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 32), AXIOM_ESTATE,
                     "%s: update after failed init", a->name);
        /* Bad arguments to init, each alone. */
        TU_ASSERT_RC(axiom_cipher_init(NULL, AXIOM_ENCRYPT, g_key, a->keylen, g_iv, a->ivlen),
                     AXIOM_EINVAL, "%s: init(NULL ctx)", a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, 2, g_key, a->keylen, g_iv, a->ivlen), AXIOM_EINVAL,
                     "%s: direction 2", a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, -1, g_key, a->keylen, g_iv, a->ivlen), AXIOM_EINVAL,
                     "%s: direction -1", a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen + 1, g_iv, a->ivlen),
                     AXIOM_EKEYLEN, "%s: keylen+1", a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, 0, g_iv, a->ivlen),
                     AXIOM_EKEYLEN, "%s: keylen 0", a->name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen, g_iv, a->ivlen + 1),
                     AXIOM_EIVLEN, "%s: ivlen+1", a->name);
        if (a->ivlen)
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen, NULL, a->ivlen),
                         AXIOM_EINVAL, "%s: NULL iv", a->name);
        TU_ASSERT_RC(axiom_cipher_update(c, buf, in, 32), AXIOM_ESTATE,
                     "%s: update after failed inits", a->name);
        TU_ASSERT_SENTINEL(buf, sizeof buf, "%s: failed calls before init", a->name);

        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, a->keylen,
                                       a->ivlen ? g_iv : NULL, a->ivlen),
                     AXIOM_OK, "%s: init", a->name);
        /* Bad update arguments. */
        TU_ASSERT_RC(axiom_cipher_update(NULL, buf, in, 32), AXIOM_EINVAL, "%s: NULL ctx",
                     a->name);
        TU_ASSERT_RC(axiom_cipher_update(c, NULL, in, 32), AXIOM_EINVAL, "%s: NULL out",
                     a->name);
        TU_ASSERT_RC(axiom_cipher_update(c, buf, NULL, 32), AXIOM_EINVAL, "%s: NULL in",
                     a->name);
        if (block_only(a)) {
            static const size_t badlens[] = { 1, 15, 17, 31, 33, 199 };
            for (size_t k = 0; k < sizeof badlens / sizeof badlens[0]; k++)
                TU_ASSERT_RC(axiom_cipher_update(c, buf, in, badlens[k]), AXIOM_ELENGTH,
                             "%s: len %zu", a->name, badlens[k]);
        }
        if (a->m == M_XTS)
            for (size_t l = 1; l < 16; l++)
                TU_ASSERT_RC(axiom_cipher_update(c, buf, in, l), AXIOM_ELENGTH, "%s: len %zu",
                             a->name, l);
        TU_ASSERT_SENTINEL(buf, sizeof buf, "%s: failed update", a->name);
        /* Zero length with NULL buffers: OK, except XTS, where an empty
         * data unit is "under 16 bytes" (api.md) -> ELENGTH. */
        TU_ASSERT_RC(axiom_cipher_update(c, NULL, NULL, 0),
                     a->m == M_XTS ? AXIOM_ELENGTH : AXIOM_OK, "%s: len 0", a->name);

        /* Partial overlaps (in-place is allowed, any other overlap is
         * EINVAL): out one byte ahead of or behind in, or 16 bytes. */
        static const int shifts[] = { 1, -1, 16, -16, 5, -31 };
        for (size_t s = 0; s < sizeof shifts / sizeof shifts[0]; s++) {
            uint8_t *p = buf + 64;
            tu_fill_sentinel(buf, sizeof buf);
            TU_ASSERT_RC(axiom_cipher_update(c, p + shifts[s], p, 64), AXIOM_EINVAL,
                         "%s: out = in %+d", a->name, shifts[s]);
            TU_ASSERT_SENTINEL(buf, sizeof buf, "%s: overlap %+d", a->name, shifts[s]);
        }
        /* A failed update does not disturb the stream: reference result. */
        uint8_t ref[64], got[64];
        cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, ref, in, 64);
        TU_ASSERT_RC(axiom_cipher_update(c, got, in, 64), AXIOM_OK, "%s: update", a->name);
        TU_ASSERT_MEM_EQ(got, ref, 64, "%s: after failed calls", a->name);
        axiom_cipher_free(c);
    }
}
END_TEST

/* Run @len bytes at @io through @c in place, in random pieces (whole
 * blocks for ECB/CBC, one piece for XTS).  Returns the number of pieces. */
static size_t in_place_split(const calg *a, axiom_cipher_ctx *c, uint8_t *io, size_t len,
                             size_t cuts[9])
{
    size_t parts = tu_random_split(cuts, len, block_only(a) ? 16 : 1);
    if (a->m == M_XTS) {
        parts = 1;
        cuts[0] = 0;
        cuts[1] = len;
    }
    for (size_t p = 0; p < parts; p++)
        TU_ASSERT_RC(axiom_cipher_update(c, io + cuts[p], io + cuts[p], cuts[p + 1] - cuts[p]),
                     AXIOM_OK, "%s: part %zu of %zu", a->name, p, parts);
    return parts;
}

/* out == in allowed everywhere; any alignment; any split for stream modes. */
START_TEST(test_cipher_inplace_split)
{
    enum { MAXL = 300 };
    uint8_t pt[MAXL], ref[MAXL], back[MAXL], raw[MAXL + 8];
    tu_rand_bytes(pt, sizeof pt);
    for (size_t i = 0; i < NCIPHERS; i++) {
        const calg *a = &ciphers[i];
        for (size_t len = 0; len <= MAXL; len += (len < 80 ? 1 : 37)) {
            if (block_only(a) && len % 16)
                continue;
            if (a->m == M_XTS && len < 16)
                continue;
            cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, ref, pt, len);
            if (len >= 16)
                TU_ASSERT(memcmp(ref, pt, len) != 0, "%s: identity", a->name);
            size_t off = len % 8; /* misaligned too */
            uint8_t *io = raw + off;
            memcpy(io, pt, len);
            axiom_cipher_ctx *c = cipher_keyed(a, AXIOM_ENCRYPT, g_iv);
            size_t cuts[9], parts;
            parts = in_place_split(a, c, io, len, cuts);
            TU_ASSERT_MEM_EQ(io, ref, len, "%s: in place, len %zu, offset %zu, %zu parts",
                             a->name, len, off, parts);
            /* Decrypt in place with init(key NULL), a direction change and
             * another split (CBC/CFB decryption must keep the ciphertext
             * it feeds back before overwriting it). */
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, a->ivlen ? g_iv : NULL,
                                           a->ivlen),
                         AXIOM_OK, "%s: re-init", a->name);
            parts = in_place_split(a, c, io, len, cuts);
            TU_ASSERT_MEM_EQ(io, pt, len, "%s: in-place round trip, len %zu, %zu parts", a->name,
                             len, parts);
            /* Out of place, decrypting, with a split. */
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, a->ivlen ? g_iv : NULL,
                                           a->ivlen),
                         AXIOM_OK, "%s: re-init", a->name);
            parts = tu_random_split(cuts, len, block_only(a) ? 16 : 1);
            if (a->m == M_XTS) {
                parts = 1;
                cuts[1] = len;
            }
            for (size_t p = 0; p < parts; p++)
                TU_ASSERT_RC(axiom_cipher_update(c, back + cuts[p], ref + cuts[p],
                                                 cuts[p + 1] - cuts[p]),
                             AXIOM_OK, "%s: part %zu", a->name, p);
            TU_ASSERT_MEM_EQ(back, pt, len, "%s: split decryption, len %zu, %zu parts", a->name,
                             len, parts);
            axiom_cipher_free(c);
        }
    }
}
END_TEST

/* XTS: one data unit per update, every stealing length, the next unit
 * needs init(key NULL); the unit's leading full blocks do not depend on
 * the stolen tail (IEEE 1619 5.3.2: only the last two blocks change). */
START_TEST(test_xts_units)
{
    uint8_t pt[160], ct[160], pre[160], io[160], buf[160];
    tu_rand_bytes(pt, sizeof pt);
    for (size_t i = 0; i < NCIPHERS; i++) {
        const calg *a = &ciphers[i];
        if (a->m != M_XTS)
            continue;
        for (size_t len = 16; len <= 112; len++) {
            cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, ct, pt, len);
            size_t full = len / 16;
            if (len % 16) {
                /* Blocks 0..full-2 equal those of the unit cut to full-1 blocks. */
                if (full >= 2) {
                    cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, pre, pt, (full - 1) * 16);
                    TU_ASSERT_MEM_EQ(ct, pre, (full - 1) * 16,
                                     "%s: len %zu leading blocks", a->name, len);
                }
                /* Ciphertext stealing: the last partial block of ciphertext
                 * is the head of the encryption of the last full block. */
                cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, pre, pt, full * 16);
                TU_ASSERT_MEM_EQ(ct + full * 16, pre + (full - 1) * 16, len % 16,
                                 "%s: len %zu stolen tail", a->name, len);
            } else if (full >= 2) {
                cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, pre, pt, len - 16);
                TU_ASSERT_MEM_EQ(ct, pre, len - 16, "%s: len %zu prefix", a->name, len);
            }
            /* In place, both directions. */
            memcpy(io, pt, len);
            axiom_cipher_ctx *c = cipher_keyed(a, AXIOM_ENCRYPT, g_iv);
            TU_ASSERT_RC(axiom_cipher_update(c, io, io, len), AXIOM_OK, "%s", a->name);
            TU_ASSERT_MEM_EQ(io, ct, len, "%s: in place len %zu", a->name, len);
            /* A second unit under the same tweak is refused. */
            tu_fill_sentinel(buf, sizeof buf);
            TU_ASSERT_RC(axiom_cipher_update(c, buf, pt, 16), AXIOM_ESTATE,
                         "%s: second unit without a new tweak", a->name);
            TU_ASSERT_SENTINEL(buf, sizeof buf, "%s: second unit", a->name);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, 0, g_iv, 16), AXIOM_OK,
                         "%s", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, io, io, len), AXIOM_OK, "%s", a->name);
            TU_ASSERT_MEM_EQ(io, pt, len, "%s: in-place decrypt len %zu", a->name, len);
            axiom_cipher_free(c);
        }
    }
}
END_TEST

/* CTR: one 128-bit big-endian counter wrapping modulo 2^128 (and carrying
 * across the 64-bit halves), with updates split anywhere near the wrap. */
START_TEST(test_ctr_wrap)
{
    enum { NB = 40 };
    static const uint64_t back[] = { 1, 2, 3, 5, 8, 17, 33 };
    uint8_t zero[NB * 16 + 7], ks[NB * 16 + 7], blk[16];
    memset(zero, 0, sizeof zero);
    for (size_t i = 0; i < NCIPHERS; i++) {
        const calg *a = &ciphers[i];
        if (a->m != M_CTR)
            continue;
        for (int half = 0; half < 2; half++) {
            for (size_t b = 0; b < sizeof back / sizeof back[0]; b++) {
                uint8_t iv[16];
                memcpy(iv, g_iv, 16);
                /* 2^128 - back (half 0) or x * 2^64 + 2^64 - back (half 1). */
                memset(iv + (half ? 8 : 0), 0xff, half ? 8 : 16);
                tu_be128_add(iv, (uint64_t)0 - back[b]); /* iv - back, low part all ones */
                size_t len = sizeof zero;
                axiom_cipher_ctx *c = cipher_keyed(a, AXIOM_ENCRYPT, iv);
                size_t cuts[9], parts = tu_random_split(cuts, len, 1);
                for (size_t p = 0; p < parts; p++)
                    TU_ASSERT_RC(axiom_cipher_update(c, ks + cuts[p], zero + cuts[p],
                                                     cuts[p + 1] - cuts[p]),
                                 AXIOM_OK, "%s", a->name);
                axiom_cipher_free(c);
                for (size_t k = 0; k * 16 < len; k++) {
                    uint8_t civ[16];
                    memcpy(civ, iv, 16);
                    tu_be128_add(civ, k);
                    cipher_oneshot(a, AXIOM_ENCRYPT, civ, blk, zero, 16);
                    size_t n = len - k * 16 < 16 ? len - k * 16 : 16;
                    TU_ASSERT_MEM_EQ(ks + k * 16, blk, n,
                                     "%s: block %zu after IV 2^%d - %" PRIu64 " (split in %zu)",
                                     a->name, k, half ? 64 : 128, back[b], parts);
                }
            }
        }
    }
}
END_TEST

/* chacha20: 16-byte IV form = 32-bit LE counter + nonce; a call that
 * would need keystream past block 2^32 - 1 fails with ESTATE and writes
 * nothing. */
START_TEST(test_chacha20_counter)
{
    const calg *a = NULL;
    for (size_t i = 0; i < NCIPHERS; i++)
        if (ciphers[i].m == M_STREAM)
            a = &ciphers[i];
    uint8_t iv16[16], zero[512], ks0[512], ks1[512], buf[600];
    memset(zero, 0, sizeof zero);
    /* counter 0 (12-byte form) vs counter 3 (16-byte form). */
    cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, ks0, zero, sizeof zero);
    memset(iv16, 0, 4);
    iv16[0] = 3;
    memcpy(iv16 + 4, g_iv, 12);
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "chacha20"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, 32, iv16, 16), AXIOM_OK, "init16");
    TU_ASSERT_RC(axiom_cipher_update(c, ks1, zero, 512 - 192), AXIOM_OK, "update");
    TU_ASSERT_MEM_EQ(ks1, ks0 + 192, 512 - 192, "16-byte IV with counter 3");
    /* Back to the 12-byte form with the key kept: the counter is 0 again. */
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, g_iv, 12), AXIOM_OK, "init12");
    TU_ASSERT_RC(axiom_cipher_update(c, ks1, zero, 200), AXIOM_OK, "update");
    TU_ASSERT_MEM_EQ(ks1, ks0, 200, "12-byte IV after a 16-byte one");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, 32, iv16, 13), AXIOM_EIVLEN, "13");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, g_key, 32, iv16, 8), AXIOM_EIVLEN, "8");

    /* Counters near the end: start at 2^32 - nb blocks. */
    for (uint32_t nb = 1; nb <= 6; nb++) {
        uint32_t start = (uint32_t)0 - nb;
        iv16[0] = (uint8_t)start;
        iv16[1] = (uint8_t)(start >> 8);
        iv16[2] = (uint8_t)(start >> 16);
        iv16[3] = (uint8_t)(start >> 24);
        size_t avail = 64 * (size_t)nb;
        /* One call for exactly everything that is left: OK. */
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv16, 16), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_cipher_update(c, ks1, zero, avail), AXIOM_OK, "%u blocks left", nb);
        tu_fill_sentinel(buf, sizeof buf);
        TU_ASSERT_RC(axiom_cipher_update(c, buf, zero, 1), AXIOM_ESTATE,
                     "one byte past block 2^32-1 (%u left)", nb);
        TU_ASSERT_SENTINEL(buf, sizeof buf, "exhausted, %u left", nb);
        /* In-place too: nothing written. */
        TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, 100), AXIOM_ESTATE, "in place");
        TU_ASSERT_SENTINEL(buf, sizeof buf, "exhausted in place");
        TU_ASSERT_RC(axiom_cipher_update(c, NULL, NULL, 0), AXIOM_OK, "len 0 at the end");
        /* One call for one byte too many: ESTATE, nothing written, and the
         * stream position is unchanged. */
        for (size_t pre = 0; pre < avail; pre += 27) {
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv16, 16), AXIOM_OK, "init");
            TU_ASSERT_RC(axiom_cipher_update(c, buf, zero, pre), AXIOM_OK, "prefix %zu", pre);
            tu_fill_sentinel(buf, sizeof buf);
            TU_ASSERT_RC(axiom_cipher_update(c, buf, zero, avail - pre + 1), AXIOM_ESTATE,
                         "%u blocks left, %zu used, ask %zu", nb, pre, avail - pre + 1);
            TU_ASSERT_SENTINEL(buf, sizeof buf, "%u blocks left, %zu used", nb, pre);
            TU_ASSERT_RC(axiom_cipher_update(c, buf, zero, avail - pre), AXIOM_OK,
                         "rest after the refused call");
            TU_ASSERT_MEM_EQ(buf, ks1 + pre, avail - pre, "keystream after a refused call");
        }
    }
    axiom_cipher_free(c);
}
END_TEST

/* ------------------------------------------------------------ AEAD */

static axiom_aead_ctx *aead_keyed(const aalg *a)
{
    axiom_aead_ctx *c = NULL;
    TU_ASSERT_RC(axiom_aead_new(&c, a->name), AXIOM_OK, "aead_new(%s)", a->name);
    TU_ASSERT_RC(axiom_aead_setkey(c, g_key, a->keylen), AXIOM_OK, "%s: setkey", a->name);
    return c;
}

START_TEST(test_aead_contract)
{
    enum { L = 77, PAD = 24 };
    uint8_t pt[L], ct[L], tag[16], ad[19], big[L + 2 * PAD + 32], tbuf[16 + 2 * PAD];
    tu_rand_bytes(pt, sizeof pt);
    tu_rand_bytes(ad, sizeof ad);
    for (size_t i = 0; i < NAEADS; i++) {
        const aalg *a = &aeads[i];
        const uint8_t *n = g_iv;
        axiom_aead_ctx *c = NULL;
        TU_ASSERT_RC(axiom_aead_new(&c, a->name), AXIOM_OK, "%s", a->name);
        /* No key yet. */
        tu_fill_sentinel(big, sizeof big);
        TU_ASSERT_RC(axiom_aead_seal(c, big, big + L, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_ESTATE, "%s: seal without key", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, big, tag, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_ESTATE, "%s: open without key", a->name);
        TU_ASSERT_SENTINEL(big, sizeof big, "%s: no key", a->name);
        TU_ASSERT_RC(axiom_aead_setkey(c, g_key, a->keylen + 1), AXIOM_EKEYLEN, "%s", a->name);
        TU_ASSERT_RC(axiom_aead_setkey(c, NULL, a->keylen), AXIOM_EINVAL, "%s", a->name);
        TU_ASSERT_RC(axiom_aead_setkey(NULL, g_key, a->keylen), AXIOM_EINVAL, "%s", a->name);
        TU_ASSERT_RC(axiom_aead_seal(c, big, big + L, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_ESTATE, "%s: seal after failed setkey", a->name);
        TU_ASSERT_RC(axiom_aead_setkey(c, g_key, a->keylen), AXIOM_OK, "%s", a->name);
        TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_OK, "%s: seal", a->name);
        /* setkey failure keeps the old key. */
        uint8_t ct2[L], tag2[16];
        TU_ASSERT_RC(axiom_aead_setkey(c, g_key + 1, 7), AXIOM_EKEYLEN, "%s", a->name);
        TU_ASSERT_RC(axiom_aead_seal(c, ct2, tag2, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_OK, "%s", a->name);
        TU_ASSERT_MEM_EQ(ct2, ct, L, "%s: key after failed setkey", a->name);
        TU_ASSERT_MEM_EQ(tag2, tag, 16, "%s: key after failed setkey", a->name);

        /* In place seal and open. */
        memcpy(big, pt, L);
        TU_ASSERT_RC(axiom_aead_seal(c, big, tag2, 16, n, a->noncelen, ad, sizeof ad, big, L),
                     AXIOM_OK, "%s: seal in place", a->name);
        TU_ASSERT_MEM_EQ(big, ct, L, "%s: seal in place", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, big, tag, 16, n, a->noncelen, ad, sizeof ad, big, L),
                     AXIOM_OK, "%s: open in place", a->name);
        TU_ASSERT_MEM_EQ(big, pt, L, "%s: open in place", a->name);

        /* Tag mismatch: exactly the len bytes at out are zeroed. */
        for (int inplace = 0; inplace < 2; inplace++) {
            uint8_t badtag[16];
            memcpy(badtag, tag, 16);
            badtag[inplace ? 15 : 0] ^= 0x80;
            tu_fill_sentinel(big, sizeof big);
            uint8_t *out = big + PAD;
            const uint8_t *in = ct;
            if (inplace) {
                memcpy(out, ct, L);
                in = out;
            }
            TU_ASSERT_RC(axiom_aead_open(c, out, badtag, 16, n, a->noncelen, ad, sizeof ad, in,
                                         L),
                         AXIOM_EAUTH, "%s: bad tag", a->name);
            TU_ASSERT(tu_check_sentinel_range(big, 0, PAD) == (size_t)-1, "%s: EAUTH wrote before out",
                      a->name);
            for (size_t k = 0; k < L; k++)
                TU_ASSERT(out[k] == 0, "%s: EAUTH left byte %zu of out (in place %d)", a->name,
                          k, inplace);
            TU_ASSERT(tu_check_sentinel_range(big, PAD + L, sizeof big) == (size_t)-1,
                      "%s: EAUTH wrote past out (in place %d)", a->name, inplace);
        }
        /* Wrong AD and wrong ciphertext also give EAUTH. */
        uint8_t ctb[L];
        memcpy(ctb, ct, L);
        ctb[L - 1] ^= 1;
        TU_ASSERT_RC(axiom_aead_open(c, big, tag, 16, n, a->noncelen, ad, sizeof ad, ctb, L),
                     AXIOM_EAUTH, "%s: flipped ciphertext", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, big, tag, 16, n, a->noncelen, ad, sizeof ad - 1, ct, L),
                     AXIOM_EAUTH, "%s: short AD", a->name);

        /* Other errors: nothing written (out, tag). */
        static const int shifts[] = { 1, -1, 16, -5 };
        for (size_t s = 0; s < sizeof shifts / sizeof shifts[0]; s++) {
            tu_fill_sentinel(big, sizeof big);
            uint8_t *p = big + PAD;
            tu_fill_sentinel(tbuf, sizeof tbuf);
            TU_ASSERT_RC(axiom_aead_seal(c, p + shifts[s], tbuf, 16, n, a->noncelen, ad,
                                         sizeof ad, p, L),
                         AXIOM_EINVAL, "%s: seal overlap %+d", a->name, shifts[s]);
            TU_ASSERT_RC(axiom_aead_open(c, p + shifts[s], tag, 16, n, a->noncelen, ad,
                                         sizeof ad, p, L),
                         AXIOM_EINVAL, "%s: open overlap %+d", a->name, shifts[s]);
            TU_ASSERT_SENTINEL(big, sizeof big, "%s: overlap %+d", a->name, shifts[s]);
            TU_ASSERT_SENTINEL(tbuf, sizeof tbuf, "%s: overlap %+d (tag)", a->name, shifts[s]);
        }
        tu_fill_sentinel(big, sizeof big);
        tu_fill_sentinel(tbuf, sizeof tbuf);
        const int gcm = a->kind == K_GCM;
        size_t badn[] = { 0, gcm ? 0 : a->noncelen - 1, gcm ? 0 : a->noncelen + 1 };
        for (size_t k = 0; k < 3; k++) {
            if (k && gcm)
                break;
            TU_ASSERT_RC(axiom_aead_seal(c, big, tbuf, 16, n, badn[k], ad, sizeof ad, pt, L),
                         AXIOM_EIVLEN, "%s: seal noncelen %zu", a->name, badn[k]);
            TU_ASSERT_RC(axiom_aead_open(c, big, tag, 16, n, badn[k], ad, sizeof ad, ct, L),
                         AXIOM_EIVLEN, "%s: open noncelen %zu", a->name, badn[k]);
        }
        static const size_t badtags_gcm[] = { 0, 1, 3, 5, 7, 9, 11, 17 };
        static const size_t badtags_cp[] = { 0, 4, 8, 12, 15, 17 };
        const size_t *bt = gcm ? badtags_gcm : badtags_cp;
        size_t nbt = gcm ? 8 : 6;
        for (size_t k = 0; k < nbt; k++) {
            TU_ASSERT_RC(axiom_aead_seal(c, big, tbuf, bt[k], n, a->noncelen, ad, sizeof ad, pt,
                                         L),
                         AXIOM_ETAGLEN, "%s: seal taglen %zu", a->name, bt[k]);
            TU_ASSERT_RC(axiom_aead_open(c, big, tbuf, bt[k], n, a->noncelen, ad, sizeof ad, ct,
                                         L),
                         AXIOM_ETAGLEN, "%s: open taglen %zu", a->name, bt[k]);
        }
        TU_ASSERT_RC(axiom_aead_seal(c, big, NULL, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_EINVAL, "%s: NULL tag", a->name);
        TU_ASSERT_RC(axiom_aead_seal(c, big, tbuf, 16, NULL, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_EINVAL, "%s: NULL nonce", a->name);
        TU_ASSERT_RC(axiom_aead_seal(c, big, tbuf, 16, n, a->noncelen, NULL, 3, pt, L),
                     AXIOM_EINVAL, "%s: NULL ad", a->name);
        TU_ASSERT_RC(axiom_aead_seal(c, big, tbuf, 16, n, a->noncelen, ad, sizeof ad, NULL, L),
                     AXIOM_EINVAL, "%s: NULL in", a->name);
        TU_ASSERT_RC(axiom_aead_seal(c, NULL, tbuf, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_EINVAL, "%s: NULL out", a->name);
        TU_ASSERT_RC(axiom_aead_seal(NULL, big, tbuf, 16, n, a->noncelen, ad, sizeof ad, pt, L),
                     AXIOM_EINVAL, "%s: NULL ctx", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, big, NULL, 16, n, a->noncelen, ad, sizeof ad, ct, L),
                     AXIOM_EINVAL, "%s: open NULL tag", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, NULL, tag, 16, n, a->noncelen, ad, sizeof ad, ct, L),
                     AXIOM_EINVAL, "%s: open NULL out", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, big, tag, 16, n, a->noncelen, ad, sizeof ad, NULL, L),
                     AXIOM_EINVAL, "%s: open NULL in", a->name);
        TU_ASSERT_SENTINEL(big, sizeof big, "%s: failed seal/open", a->name);
        TU_ASSERT_SENTINEL(tbuf, sizeof tbuf, "%s: failed seal/open (tag)", a->name);

        /* Empty message with NULL buffers, NULL AD. */
        uint8_t t0[16];
        TU_ASSERT_RC(axiom_aead_seal(c, NULL, t0, 16, n, a->noncelen, NULL, 0, NULL, 0),
                     AXIOM_OK, "%s: empty", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, NULL, t0, 16, n, a->noncelen, NULL, 0, NULL, 0),
                     AXIOM_OK, "%s: open empty", a->name);
        t0[3] ^= 4;
        TU_ASSERT_RC(axiom_aead_open(c, NULL, t0, 16, n, a->noncelen, NULL, 0, NULL, 0),
                     AXIOM_EAUTH, "%s: open empty, bad tag", a->name);

        if (gcm) {
            /* Truncated tags are prefixes of the full tag; nonces 1..40. */
            static const size_t okt[] = { 4, 8, 12, 13, 14, 15, 16 };
            for (size_t k = 0; k < sizeof okt / sizeof okt[0]; k++) {
                uint8_t tt[16];
                TU_ASSERT_RC(axiom_aead_seal(c, ct2, tt, okt[k], n, a->noncelen, ad, sizeof ad,
                                             pt, L),
                             AXIOM_OK, "%s: taglen %zu", a->name, okt[k]);
                TU_ASSERT_MEM_EQ(tt, tag, okt[k], "%s: tag %zu is a prefix", a->name, okt[k]);
                TU_ASSERT_RC(axiom_aead_open(c, ct2, tt, okt[k], n, a->noncelen, ad, sizeof ad,
                                             ct, L),
                             AXIOM_OK, "%s: open taglen %zu", a->name, okt[k]);
            }
            uint8_t nonce[40];
            tu_rand_bytes(nonce, sizeof nonce);
            for (size_t nl = 1; nl <= sizeof nonce; nl++) {
                TU_ASSERT_RC(axiom_aead_seal(c, ct2, tag2, 16, nonce, nl, ad, sizeof ad, pt, L),
                             AXIOM_OK, "%s: noncelen %zu", a->name, nl);
                TU_ASSERT_RC(axiom_aead_open(c, big, tag2, 16, nonce, nl, ad, sizeof ad, ct2, L),
                             AXIOM_OK, "%s: open noncelen %zu", a->name, nl);
                TU_ASSERT_MEM_EQ(big, pt, L, "%s: noncelen %zu", a->name, nl);
            }
        }
        axiom_aead_free(c);
    }
}
END_TEST

/* aead.h: "out == in allowed, any other overlap between out and in is
 * EINVAL; the nonce and AD buffers may be anywhere; the tag may overlap
 * the input but not the output" (the library refuses a tag that shares a
 * byte with out: open would compare it after overwriting it). */
START_TEST(test_aead_buffer_placement)
{
    enum { L = 100 };
    uint8_t pt[L], ad[40], ct[L], tag[16], t2[16], buf[300], snap[300];
    tu_rand_bytes(pt, sizeof pt);
    tu_rand_bytes(ad, sizeof ad);
    for (size_t i = 0; i < NAEADS; i++) {
        const aalg *a = &aeads[i];
        size_t nl = a->noncelen;
        axiom_aead_ctx *c = aead_keyed(a);
        TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, 16, g_iv, nl, ad, 40, pt, L), AXIOM_OK, "%s",
                     a->name);
        /* Nonce or AD inside the output, both directions. */
        for (size_t off = 0; off + 40 <= L; off += 30) {
            memset(buf, 0, sizeof buf);
            memcpy(buf + off, ad, 40);
            TU_ASSERT_RC(axiom_aead_seal(c, buf, t2, 16, g_iv, nl, buf + off, 40, pt, L),
                         AXIOM_OK, "%s: seal, AD in out", a->name);
            TU_ASSERT_MEM_EQ(buf, ct, L, "%s: seal, AD at out + %zu", a->name, off);
            TU_ASSERT_MEM_EQ(t2, tag, 16, "%s: seal tag, AD at out + %zu", a->name, off);
            memcpy(buf + off, ad, 40);
            TU_ASSERT_RC(axiom_aead_open(c, buf, tag, 16, g_iv, nl, buf + off, 40, ct, L),
                         AXIOM_OK, "%s: open, AD at out + %zu", a->name, off);
            TU_ASSERT_MEM_EQ(buf, pt, L, "%s: open, AD at out + %zu", a->name, off);
            memset(buf, 0, sizeof buf);
            memcpy(buf + off, g_iv, nl);
            TU_ASSERT_RC(axiom_aead_seal(c, buf, t2, 16, buf + off, nl, ad, 40, pt, L),
                         AXIOM_OK, "%s: seal, nonce in out", a->name);
            TU_ASSERT_MEM_EQ(buf, ct, L, "%s: seal, nonce at out + %zu", a->name, off);
            TU_ASSERT_MEM_EQ(t2, tag, 16, "%s: seal tag, nonce at out + %zu", a->name, off);
            memcpy(buf + off, g_iv, nl);
            TU_ASSERT_RC(axiom_aead_open(c, buf, tag, 16, buf + off, nl, ad, 40, ct, L),
                         AXIOM_OK, "%s: open, nonce at out + %zu", a->name, off);
            TU_ASSERT_MEM_EQ(buf, pt, L, "%s: open, nonce at out + %zu", a->name, off);
        }
        /* The usual wire layout: text || tag, in place, tag right after out. */
        memcpy(buf, pt, L);
        TU_ASSERT_RC(axiom_aead_seal(c, buf, buf + L, 16, g_iv, nl, ad, 40, buf, L), AXIOM_OK,
                     "%s: seal text||tag", a->name);
        TU_ASSERT_MEM_EQ(buf, ct, L, "%s: text||tag", a->name);
        TU_ASSERT_MEM_EQ(buf + L, tag, 16, "%s: text||tag (tag)", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, buf, buf + L, 16, g_iv, nl, ad, 40, buf, L), AXIOM_OK,
                     "%s: open text||tag", a->name);
        TU_ASSERT_MEM_EQ(buf, pt, L, "%s: open text||tag", a->name);
        /* Tag just before out, and inside the input of an out-of-place call. */
        memcpy(buf + 16, pt, L);
        TU_ASSERT_RC(axiom_aead_seal(c, buf + 16, buf, 16, g_iv, nl, ad, 40, buf + 16, L),
                     AXIOM_OK, "%s: tag||text", a->name);
        TU_ASSERT_MEM_EQ(buf, tag, 16, "%s: tag||text (tag)", a->name);
        /* Seal: the tag written into the input of an out-of-place call
         * (the input is read first). */
        memcpy(buf + 150, pt, L);
        TU_ASSERT_RC(axiom_aead_seal(c, buf, buf + 190, 16, g_iv, nl, ad, 40, buf + 150, L),
                     AXIOM_OK, "%s: seal, tag inside the input", a->name);
        TU_ASSERT_MEM_EQ(buf, ct, L, "%s: seal, tag inside the input", a->name);
        TU_ASSERT_MEM_EQ(buf + 190, tag, 16, "%s: seal, tag inside the input (tag)", a->name);
        /* Tag sharing a byte with out: EINVAL, nothing written. */
        static const long toff[] = { -15, -1, 0, 40, L - 1 };
        for (size_t k = 0; k < sizeof toff / sizeof toff[0]; k++) {
            uint8_t *out = buf + 100;
            tu_fill_sentinel(buf, sizeof buf);
            memcpy(snap, buf, sizeof buf);
            TU_ASSERT_RC(axiom_aead_seal(c, out, out + toff[k], 16, g_iv, nl, ad, 40, pt, L),
                         AXIOM_EINVAL, "%s: seal, tag at out %+ld", a->name, toff[k]);
            memcpy(out + toff[k], tag, 16);
            memcpy(snap, buf, sizeof buf);
            TU_ASSERT_RC(axiom_aead_open(c, out, out + toff[k], 16, g_iv, nl, ad, 40, ct, L),
                         AXIOM_EINVAL, "%s: open, tag at out %+ld", a->name, toff[k]);
            TU_ASSERT_MEM_EQ(buf, snap, sizeof buf, "%s: tag at out %+ld wrote", a->name,
                             toff[k]);
        }
        axiom_aead_free(c);
    }
}
END_TEST

/* ---- AD and nonce inside the output, for every length class ----------- */

/* Message lengths around every step at which some kernel or glue path
 * changes, taken from the kernels' own constants (lib/chacha/poly1305.h,
 * lib/gcm/gcm.h): one below, at and one above each step, and 17 past the
 * largest. */
#define OV_MAXLENS 96

static size_t ov_add(size_t *v, size_t n, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (v[i] == len)
            return n;
    if (n < OV_MAXLENS)
        v[n++] = len;
    return n;
}

static size_t ov_around(size_t *v, size_t n, size_t step)
{
    if (step > 0)
        n = ov_add(v, n, step - 1);
    n = ov_add(v, n, step);
    return ov_add(v, n, step + 1);
}

static size_t ov_lengths(const aalg *a, size_t *v)
{
    static const size_t small[] = { 1, 15, 16, 17 };
    size_t n = 0, biggest = 0;
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
        n = ov_add(v, n, small[i]);
    if (a->kind == K_GCM) {
        static const size_t text[] = AXIOM_GCM_TEXT_STEPS;
        for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
            n = ov_around(v, n, 16 * text[i]);
            biggest = 16 * text[i] > biggest ? 16 * text[i] : biggest;
        }
    } else {
        static const size_t cp[] = AXIOM_CHACHAPOLY_STEPS, aegis[] = AXIOM_AEGIS_TEXT_STEPS;
        const size_t *steps = a->kind != K_AEGIS ? cp : aegis;
        const size_t ns = a->kind != K_AEGIS ? sizeof cp / sizeof cp[0]
                                             : sizeof aegis / sizeof aegis[0];
        for (size_t i = 0; i < ns; i++) {
            n = ov_around(v, n, steps[i]);
            biggest = steps[i] > biggest ? steps[i] : biggest;
        }
    }
    return ov_add(v, n, biggest + 17);
}

/* The longest of every algorithm's ov_lengths(). */
static size_t ov_maxlen(void)
{
    size_t lens[OV_MAXLENS], maxlen = 0;
    for (size_t i = 0; i < NAEADS; i++) {
        const size_t nl = ov_lengths(&aeads[i], lens);
        for (size_t k = 0; k < nl; k++)
            maxlen = lens[k] > maxlen ? lens[k] : maxlen;
    }
    return maxlen;
}

/* Where a buffer of @n bytes sits relative to an output of @len bytes:
 * at its start, in the middle, at its end (or across it when longer than
 * the output), and straddling its start. */
static size_t ov_offsets(size_t len, size_t n, long *offs)
{
    size_t k = 0;
    offs[k++] = 0;
    if (n <= len) {
        offs[k++] = (long)((len - n) / 2);
        offs[k++] = (long)(len - n);
    } else {
        offs[k++] = (long)len - 1;
    }
    offs[k++] = -(long)(n / 2);
    return k;
}

/* AEGIS: decrypt @len bytes of @in under the AD @ad and g_key/g_iv with
 * the streaming interface, without checking any tag, into @out. */
static void aegis_unchecked(const char *name, size_t nl, const uint8_t *ad, size_t al,
                            uint8_t *out, const uint8_t *in, size_t len)
{
    axiom_aegis_ctx *s;
    uint8_t t[16] = { 0 };
    TU_ASSERT_RC(axiom_aegis_new(&s, name), AXIOM_OK, "%s", name);
    TU_ASSERT_RC(axiom_aegis_setkey(s, g_key, nl), AXIOM_OK, "%s", name);
    TU_ASSERT_RC(axiom_aegis_init(s, AXIOM_DECRYPT, g_iv, nl), AXIOM_OK, "%s", name);
    TU_ASSERT_RC(axiom_aegis_aad(s, ad, al), AXIOM_OK, "%s", name);
    TU_ASSERT_RC(axiom_aegis_update(s, out, in, len), AXIOM_OK, "%s", name);
    (void)axiom_aegis_verify(s, t, 16);
    axiom_aegis_free(s);
}

/* aead.h: the AD and nonce may lie anywhere, the output included, on
 * every kernel and every length class: inside out at its start, middle
 * and end or across an edge; the nonce inside out; and in place, the AD
 * or the nonce inside the text itself (sealing: plaintext bytes; opening:
 * ciphertext bytes).  ADs longer than any stack copy are included. */
START_TEST(test_aead_ad_in_output)
{
    static const size_t adlens[] = { 1, 13, 16, 40, 130, 1500, 5000 };
    enum { MAXAD = 5000, MAXNONCE = 32 };
    size_t lens[OV_MAXLENS];
    /* Every buffer has room for the longest message plus an AD on either
     * side. */
    const size_t maxlen = ov_maxlen();
    const size_t cap = maxlen + 2 * MAXAD + 64;
    uint8_t *pt = malloc(maxlen), *ct = malloc(maxlen), *ad = malloc(MAXAD);
    uint8_t *buf = malloc(cap), *ref = malloc(cap), *scratch = malloc(maxlen);
    TU_ASSERT(pt && ct && ad && buf && ref && scratch, "malloc");
    uint8_t *const out = buf + MAXAD + 32;
    tu_rand_bytes(pt, maxlen);
    tu_rand_bytes(ad, MAXAD);
    for (size_t i = 0; i < NAEADS; i++) {
        const aalg *a = &aeads[i];
        const size_t nl = a->noncelen;
        axiom_aead_ctx *c = aead_keyed(a);
        for (size_t ai = 0; ai < sizeof adlens / sizeof adlens[0]; ai++) {
            const size_t al = adlens[ai];
            const size_t nlens = ov_lengths(a, lens);
            for (size_t li = 0; li < nlens; li++) {
                const size_t len = lens[li];
                uint8_t tag[16], t2[16];
                TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, 16, g_iv, nl, ad, al, pt, len),
                             AXIOM_OK, "%s", a->name);
                long offs[4];
                const size_t noffs = ov_offsets(len, al, offs);
                for (size_t oi = 0; oi < noffs; oi++) {
                    const long off = offs[oi];
                    /* Under SIV the text depends on the AD: the reference
                     * again, since the in-place cases below reuse ct. */
                    if (a->kind == K_SIV)
                        TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, 16, g_iv, nl, ad, al, pt, len),
                                     AXIOM_OK, "%s", a->name);
                    /* AD inside (or across) the output, out of place. */
                    memset(buf, 0x5a, cap);
                    memcpy(out + off, ad, al);
                    TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, g_iv, nl, out + off, al, pt,
                                                 len),
                                 AXIOM_OK, "%s", a->name);
                    TU_ASSERT_MEM_EQ(out, ct, len, "%s: seal len %zu, AD(%zu) at out %+ld",
                                     a->name, len, al, off);
                    TU_ASSERT_MEM_EQ(t2, tag, 16, "%s: seal tag len %zu, AD(%zu) at out %+ld",
                                     a->name, len, al, off);
                    memset(buf, 0x5a, cap);
                    memcpy(out + off, ad, al);
                    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, g_iv, nl, out + off, al, ct,
                                                 len),
                                 AXIOM_OK, "%s: open len %zu, AD(%zu) at out %+ld", a->name,
                                 len, al, off);
                    TU_ASSERT_MEM_EQ(out, pt, len, "%s: open len %zu, AD(%zu) at out %+ld",
                                     a->name, len, al, off);

                    /* In place, the AD inside the text: sealing, it is
                     * plaintext (and what follows the text). */
                    memset(buf, 0x3c, cap);
                    memcpy(out, pt, len);
                    memcpy(ref, out + off, al);
                    uint8_t want[16];
                    TU_ASSERT_RC(axiom_aead_seal(c, ref + al, want, 16, g_iv, nl, ref, al, pt,
                                                 len),
                                 AXIOM_OK, "%s", a->name);
                    TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, g_iv, nl, out + off, al, out,
                                                 len),
                                 AXIOM_OK, "%s", a->name);
                    TU_ASSERT_MEM_EQ(out, ref + al, len,
                                     "%s: in-place seal len %zu, AD(%zu) at %+ld", a->name, len,
                                     al, off);
                    TU_ASSERT_MEM_EQ(t2, want, 16,
                                     "%s: in-place seal tag len %zu, AD(%zu) at %+ld", a->name,
                                     len, al, off);
                    /* Opening, it is ciphertext.  Under SIV the text
                     * depends on the AD, so no valid message holds its AD
                     * in its own text: the call must do what an open with
                     * the AD copied beforehand does (fail and wipe). */
                    if (a->kind == K_SIV) {
                        uint8_t *cpy = malloc(len + 1), *exp = malloc(len + 1);
                        TU_ASSERT(cpy && exp, "malloc");
                        memcpy(ref, out + off, al);
                        memcpy(cpy, out, len);
                        const int want_rc = axiom_aead_open(c, exp, tag, 16, g_iv, nl, ref, al,
                                                            cpy, len);
                        TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, g_iv, nl, out + off, al,
                                                     out, len),
                                     want_rc, "%s: in-place open len %zu, AD(%zu) at %+ld",
                                     a->name, len, al, off);
                        TU_ASSERT_MEM_EQ(out, exp, len,
                                         "%s: in-place open len %zu, AD(%zu) at %+ld", a->name,
                                         len, al, off);
                        free(cpy);
                        free(exp);
                        continue;
                    }
                    /* GCM and ChaCha20: the text does not depend on the
                     * AD, so the tag is made over those bytes.  AEGIS
                     * absorbs the AD before the text: the plaintext that
                     * seals to the text now in out under the AD found in
                     * it is that text's decryption under that AD
                     * (streaming, unchecked). */
                    memcpy(ref, out + off, al);
                    const uint8_t *want_pt = pt;
                    if (a->kind == K_AEGIS) {
                        aegis_unchecked(a->name, nl, ref, al, scratch, out, len);
                        want_pt = scratch;
                    }
                    TU_ASSERT_RC(axiom_aead_seal(c, ref + al, want, 16, g_iv, nl, ref, al,
                                                 want_pt, len),
                                 AXIOM_OK, "%s", a->name);
                    if (a->kind == K_AEGIS)
                        TU_ASSERT_MEM_EQ(ref + al, out, len, "%s: unchecked decryption",
                                         a->name);
                    TU_ASSERT_RC(axiom_aead_open(c, out, want, 16, g_iv, nl, out + off, al,
                                                 out, len),
                                 AXIOM_OK, "%s: in-place open len %zu, AD(%zu) at %+ld",
                                 a->name, len, al, off);
                    TU_ASSERT_MEM_EQ(out, want_pt, len,
                                     "%s: in-place open len %zu, AD(%zu) at %+ld", a->name, len,
                                     al, off);

                }
                if (ai != 1)
                    continue; /* the nonce cases once per length */
                TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, 16, g_iv, nl, ad, al, pt, len),
                             AXIOM_OK, "%s", a->name);
                const size_t nnoffs = ov_offsets(len, nl, offs);
                for (size_t oi = 0; oi < nnoffs; oi++) {
                    const long off = offs[oi];
                    memset(buf, 0x5a, cap);
                    memcpy(out + off, g_iv, nl);
                    TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, out + off, nl, ad, al, pt, len),
                                 AXIOM_OK, "%s", a->name);
                    TU_ASSERT_MEM_EQ(out, ct, len, "%s: seal len %zu, nonce at out %+ld",
                                     a->name, len, off);
                    TU_ASSERT_MEM_EQ(t2, tag, 16, "%s: seal tag len %zu, nonce at out %+ld",
                                     a->name, len, off);
                    memset(buf, 0x5a, cap);
                    memcpy(out + off, g_iv, nl);
                    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, out + off, nl, ad, al, ct, len),
                                 AXIOM_OK, "%s: open len %zu, nonce at out %+ld", a->name, len,
                                 off);
                    TU_ASSERT_MEM_EQ(out, pt, len, "%s: open len %zu, nonce at out %+ld",
                                     a->name, len, off);
                    /* In place, the nonce inside the plaintext. */
                    memset(buf, 0x3c, cap);
                    memcpy(out, pt, len);
                    uint8_t nonce[MAXNONCE], want[16];
                    memcpy(nonce, out + off, nl);
                    TU_ASSERT_RC(axiom_aead_seal(c, ref, want, 16, nonce, nl, ad, al, pt, len),
                                 AXIOM_OK, "%s", a->name);
                    TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, out + off, nl, ad, al, out, len),
                                 AXIOM_OK, "%s", a->name);
                    TU_ASSERT_MEM_EQ(out, ref, len, "%s: in-place seal len %zu, nonce at %+ld",
                                     a->name, len, off);
                    TU_ASSERT_MEM_EQ(t2, want, 16, "%s: in-place seal tag len %zu, nonce at %+ld",
                                     a->name, len, off);
                }
            }
        }
        axiom_aead_free(c);
    }
    free(pt);
    free(ct);
    free(ad);
    free(buf);
    free(ref);
    free(scratch);
}
END_TEST

/* aead.h: "the nonce and the associated data may be anywhere, the output
 * included", for GCM nonces longer than the call's stack copy (they are
 * copied to the heap): a nonce of 33 to 1000 bytes at the start, middle or
 * end of the output, or straddling its start, seals and opens as the same
 * nonce elsewhere does; in place, inside the plaintext too; and a failed
 * open with such a nonce still wipes the output. */
START_TEST(test_aead_long_nonce_in_output)
{
    static const char *const names[] = { "aes-128-gcm", "aes-256-gcm", "sm4-gcm" };
    static const size_t noncelens[] = { 33, 64, 100, 1000 };
    static const size_t lens[] = { 1, 15, 64, 200, 1100, 2000 };
    enum { MAXN = 1000, MAXL = 2000 };
    uint8_t *nonce = malloc(MAXN), *pt = malloc(MAXL), *ct = malloc(MAXL);
    uint8_t *buf = malloc(MAXL + 2 * MAXN + 64), *ref = malloc(MAXL), *nsave = malloc(MAXN);
    uint8_t *plain = malloc(MAXL);
    TU_ASSERT(nonce && pt && ct && buf && ref && nsave && plain, "malloc");
    uint8_t *const out = buf + MAXN + 32;
    uint8_t ad[21];
    tu_rand_bytes(nonce, MAXN);
    tu_rand_bytes(pt, MAXL);
    tu_rand_bytes(ad, sizeof ad);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const aalg *a = NULL;
        for (size_t k = 0; k < NAEADS; k++)
            if (strcmp(aeads[k].name, names[i]) == 0)
                a = &aeads[k];
        TU_ASSERT(a != NULL, "%s not in the table", names[i]);
        axiom_aead_ctx *c = aead_keyed(a);
        for (size_t ni = 0; ni < sizeof noncelens / sizeof noncelens[0]; ni++) {
            const size_t nl = noncelens[ni];
            for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
                const size_t len = lens[li];
                uint8_t tag[16], t2[16], want[16];
                /* The reference: the nonce in its own buffer. */
                TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, 16, nonce, nl, ad, sizeof ad, pt, len),
                             AXIOM_OK, "%s: seal, nonce %zu", a->name, nl);
                long offs[4];
                const size_t noffs = ov_offsets(len, nl, offs);
                for (size_t oi = 0; oi < noffs; oi++) {
                    const long off = offs[oi];
                    memset(buf, 0x5a, MAXL + 2 * MAXN + 64);
                    memcpy(out + off, nonce, nl);
                    TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, out + off, nl, ad, sizeof ad,
                                                 pt, len),
                                 AXIOM_OK, "%s: seal len %zu, nonce(%zu) at out %+ld", a->name,
                                 len, nl, off);
                    TU_ASSERT_MEM_EQ(out, ct, len, "%s: seal len %zu, nonce(%zu) at out %+ld",
                                     a->name, len, nl, off);
                    TU_ASSERT_MEM_EQ(t2, tag, 16, "%s: seal tag len %zu, nonce(%zu) at out %+ld",
                                     a->name, len, nl, off);
                    memset(buf, 0x5a, MAXL + 2 * MAXN + 64);
                    memcpy(out + off, nonce, nl);
                    TU_ASSERT_RC(axiom_aead_open(c, out, tag, 16, out + off, nl, ad, sizeof ad,
                                                 ct, len),
                                 AXIOM_OK, "%s: open len %zu, nonce(%zu) at out %+ld", a->name,
                                 len, nl, off);
                    TU_ASSERT_MEM_EQ(out, pt, len, "%s: open len %zu, nonce(%zu) at out %+ld",
                                     a->name, len, nl, off);
                    /* A forged tag: EAUTH and the output all zero. */
                    memset(buf, 0x5a, MAXL + 2 * MAXN + 64);
                    memcpy(out + off, nonce, nl);
                    memcpy(t2, tag, 16);
                    t2[15] ^= 0x80;
                    TU_ASSERT_RC(axiom_aead_open(c, out, t2, 16, out + off, nl, ad, sizeof ad,
                                                 ct, len),
                                 AXIOM_EAUTH, "%s: forged open len %zu, nonce(%zu) at out %+ld",
                                 a->name, len, nl, off);
                    for (size_t b = 0; b < len; b++)
                        TU_ASSERT(out[b] == 0, "%s: forged open len %zu, nonce(%zu) at %+ld: "
                                  "output byte %zu not wiped", a->name, len, nl, off, b);
                    /* In place, the nonce inside the plaintext (or across
                     * its start). */
                    memset(buf, 0x3c, MAXL + 2 * MAXN + 64);
                    memcpy(out, pt, len);
                    memcpy(out + off, nonce, nl);
                    memcpy(nsave, out + off, nl);
                    memcpy(plain, out, len);
                    TU_ASSERT_RC(axiom_aead_seal(c, ref, want, 16, nsave, nl, ad, sizeof ad,
                                                 plain, len),
                                 AXIOM_OK, "%s", a->name);
                    TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, out + off, nl, ad, sizeof ad,
                                                 out, len),
                                 AXIOM_OK, "%s: in-place seal len %zu, nonce(%zu) at %+ld",
                                 a->name, len, nl, off);
                    TU_ASSERT_MEM_EQ(out, ref, len, "%s: in-place seal len %zu, nonce(%zu) at %+ld",
                                     a->name, len, nl, off);
                    TU_ASSERT_MEM_EQ(t2, want, 16,
                                     "%s: in-place seal tag len %zu, nonce(%zu) at %+ld", a->name,
                                     len, nl, off);
                }
            }
        }
        axiom_aead_free(c);
    }
    free(nonce);
    free(pt);
    free(ct);
    free(buf);
    free(ref);
    free(nsave);
    free(plain);
}
END_TEST

/* aead.h: the tag may overlap the input, the nonce and the AD (only the
 * output is off limits), so sealing writes it only once it has read them
 * all: on every kernel and length class, out of place, with the tag at
 * the input's start, middle and end and across its end, over the nonce,
 * and inside the AD.  (Seal hands the caller's tag buffer itself to the
 * algorithms that write exactly the tag, lib/api/aead.c.) */
START_TEST(test_aead_tag_over_inputs)
{
    enum { AL = 40, SLACK = 64 };
    size_t lens[OV_MAXLENS];
    const size_t maxlen = ov_maxlen();
    uint8_t *pt = malloc(maxlen), *ct = malloc(maxlen), *out = malloc(maxlen);
    uint8_t *buf = malloc(maxlen + SLACK);
    TU_ASSERT(pt && ct && out && buf, "malloc");
    uint8_t ad[AL], abuf[AL], nbuf[SLACK], tag[16];
    tu_rand_bytes(pt, maxlen);
    tu_rand_bytes(ad, AL);
    for (size_t i = 0; i < NAEADS; i++) {
        axiom_aead_ctx *c = aead_keyed(&aeads[i]);
        const aalg *a = &aeads[i];
        const size_t nl = a->noncelen;
        const size_t nlens = ov_lengths(a, lens);
        for (size_t li = 0; li < nlens; li++) {
            const size_t len = lens[li];
            TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, 16, g_iv, nl, ad, AL, pt, len), AXIOM_OK,
                         "%s", a->name);
            size_t offs[4], noffs = 0;
            if (len >= 16) {
                offs[noffs++] = 0;
                offs[noffs++] = (len - 16) / 2;
                offs[noffs++] = len - 16;
            }
            offs[noffs++] = len - len / 2; /* across the end */
            for (size_t oi = 0; oi < noffs; oi++) {
                memcpy(buf, pt, len);
                memset(buf + len, 0x5a, SLACK);
                TU_ASSERT_RC(axiom_aead_seal(c, out, buf + offs[oi], 16, g_iv, nl, ad, AL, buf,
                                             len),
                             AXIOM_OK, "%s, %zu bytes: tag in the input", a->name, len);
                TU_ASSERT_MEM_EQ(out, ct, len, "%s, %zu bytes: tag at input + %zu", a->name, len,
                                 offs[oi]);
                TU_ASSERT_MEM_EQ(buf + offs[oi], tag, 16, "%s, %zu bytes: tag at input + %zu (tag)",
                                 a->name, len, offs[oi]);
            }
            memset(nbuf, 0x5a, sizeof nbuf);
            memcpy(nbuf, g_iv, nl);
            TU_ASSERT_RC(axiom_aead_seal(c, out, nbuf, 16, nbuf, nl, ad, AL, pt, len), AXIOM_OK,
                         "%s, %zu bytes: tag over the nonce", a->name, len);
            TU_ASSERT_MEM_EQ(out, ct, len, "%s, %zu bytes: tag over the nonce", a->name, len);
            TU_ASSERT_MEM_EQ(nbuf, tag, 16, "%s, %zu bytes: tag over the nonce (tag)", a->name,
                             len);
            memcpy(abuf, ad, AL);
            TU_ASSERT_RC(axiom_aead_seal(c, out, abuf + 12, 16, g_iv, nl, abuf, AL, pt, len),
                         AXIOM_OK, "%s, %zu bytes: tag in the AD", a->name, len);
            TU_ASSERT_MEM_EQ(out, ct, len, "%s, %zu bytes: tag in the AD", a->name, len);
            TU_ASSERT_MEM_EQ(abuf + 12, tag, 16, "%s, %zu bytes: tag in the AD (tag)", a->name,
                             len);
        }
        axiom_aead_free(c);
    }
    free(pt);
    free(ct);
    free(out);
    free(buf);
}
END_TEST

/* Over-long messages: ELENGTH before any byte is touched.  The buffers
 * point at an inaccessible page, so any read or write would crash (a page
 * rather than a reservation of the full lengths: valgrind cannot map
 * 2^38 bytes). */
START_TEST(test_length_limits)
{
    const size_t span = 4096;
    uint8_t *p = mmap(NULL, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    TU_ASSERT(p != MAP_FAILED, "mmap of a PROT_NONE page");
    uint8_t tag[16], t2[16];
    tu_fill_sentinel(tag, sizeof tag);
    for (size_t i = 0; i < NAEADS; i++) {
        const aalg *a = &aeads[i];
        /* GCM, XAES-256-GCM: 2^36 - 32 bytes; GCM-SIV: 2^36; ChaCha20-Poly1305:
         * (2^32 - 1) * 64 bytes; AEGIS: 2^61 - 1 bytes. */
        size_t over = a->kind == K_GCM || a->kind == K_XGCM ? ((size_t)1 << 36) - 31
                      : a->kind == K_SIV ? ((size_t)1 << 36) + 1
                      : a->kind == K_CP  ? ((size_t)1 << 38) - 63
                                         : (size_t)1 << 61;
        axiom_aead_ctx *c = aead_keyed(a);
        TU_ASSERT_RC(axiom_aead_seal(c, p, tag, 16, g_iv, a->noncelen, NULL, 0, p, over),
                     AXIOM_ELENGTH, "%s: seal %zu bytes", a->name, over);
        TU_ASSERT_RC(axiom_aead_open(c, p, t2, 16, g_iv, a->noncelen, NULL, 0, p, over),
                     AXIOM_ELENGTH, "%s: open %zu bytes", a->name, over);
        TU_ASSERT_SENTINEL(tag, sizeof tag, "%s: tag written", a->name);
        axiom_aead_free(c);
    }
    /* GCM and AEGIS AD: at most 2^61 - 1 bytes (its bit length fits 64
     * bits). */
    for (size_t i = 0; i < NAEADS; i++) {
        const aalg *a = &aeads[i];
        if (a->kind != K_GCM && a->kind != K_AEGIS && a->kind != K_XGCM)
            continue;
        axiom_aead_ctx *c = aead_keyed(a);
        TU_ASSERT_RC(axiom_aead_seal(c, NULL, tag, 16, g_iv, a->noncelen, p, (size_t)1 << 61,
                                     NULL, 0),
                     AXIOM_ELENGTH, "%s: AD of 2^61 bytes", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, NULL, t2, 16, g_iv, a->noncelen, p, SIZE_MAX, NULL, 0),
                     AXIOM_ELENGTH, "%s: AD of SIZE_MAX bytes", a->name);
        TU_ASSERT_SENTINEL(tag, sizeof tag, "%s: tag written", a->name);
        axiom_aead_free(c);
    }
    /* GCM-SIV AD: at most 2^36 bytes. */
    for (size_t i = 0; i < NAEADS; i++) {
        const aalg *a = &aeads[i];
        if (a->kind != K_SIV)
            continue;
        axiom_aead_ctx *c = aead_keyed(a);
        TU_ASSERT_RC(axiom_aead_seal(c, NULL, tag, 16, g_iv, 12, p, ((size_t)1 << 36) + 1, NULL,
                                     0),
                     AXIOM_ELENGTH, "%s: AD of 2^36 + 1 bytes", a->name);
        TU_ASSERT_RC(axiom_aead_open(c, NULL, t2, 16, g_iv, 12, p, SIZE_MAX, NULL, 0),
                     AXIOM_ELENGTH, "%s: AD of SIZE_MAX bytes", a->name);
        TU_ASSERT_SENTINEL(tag, sizeof tag, "%s: tag written", a->name);
        axiom_aead_free(c);
    }
    /* Streaming GCM: the message may not exceed 2^36 - 32 bytes in all. */
    axiom_gcm_ctx *g = NULL;
    uint8_t small[100], out[100];
    tu_rand_bytes(small, sizeof small);
    TU_ASSERT_RC(axiom_gcm_new(&g, "aes-256-gcm"), AXIOM_OK, "gcm_new");
    TU_ASSERT_RC(axiom_gcm_setkey(g, g_key, 32), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_gcm_setkey(g, g_key, 31), AXIOM_EKEYLEN, "setkey 31");
    TU_ASSERT_RC(axiom_gcm_init(g, AXIOM_ENCRYPT, g_iv, 12), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_gcm_aad(g, p, (size_t)1 << 61), AXIOM_ELENGTH, "stream AD of 2^61");
    TU_ASSERT_RC(axiom_gcm_update(g, out, small, 100), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_gcm_update(g, p, p, ((size_t)1 << 36) - 32 - 100 + 1), AXIOM_ELENGTH,
                 "update past 2^36 - 32");
    TU_ASSERT_RC(axiom_gcm_final(g, tag, 16), AXIOM_OK, "final after refused update");
    axiom_aead_ctx *c = NULL;
    TU_ASSERT_RC(axiom_aead_new(&c, "aes-256-gcm"), AXIOM_OK, "aead_new");
    TU_ASSERT_RC(axiom_aead_setkey(c, g_key, 32), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_aead_seal(c, out, t2, 16, g_iv, 12, NULL, 0, small, 100), AXIOM_OK, "seal");
    TU_ASSERT_MEM_EQ(tag, t2, 16, "stream unaffected by a refused update (and old key kept)");
    axiom_aead_free(c);
    axiom_gcm_free(g);
    /* chacha20, 12-byte nonce: keystream ends after block 2^32 - 1. */
    const calg *cc = &ciphers[NCIPHERS - 1];
    axiom_cipher_ctx *x = cipher_keyed(cc, AXIOM_ENCRYPT, g_iv);
    TU_ASSERT_RC(axiom_cipher_update(x, out, small, 100), AXIOM_OK, "chacha20");
    TU_ASSERT_RC(axiom_cipher_update(x, p, p, ((size_t)1 << 38) - 100 + 1), AXIOM_ESTATE,
                 "chacha20 past block 2^32 - 1");
    TU_ASSERT_RC(axiom_cipher_update(x, p, p, ((size_t)1 << 38) + 4096), AXIOM_ESTATE,
                 "chacha20 far past block 2^32 - 1");
    uint8_t ref[200], got[100];
    cipher_oneshot(cc, AXIOM_ENCRYPT, g_iv, ref, ref, 0);
    memset(ref, 0, sizeof ref);
    cipher_oneshot(cc, AXIOM_ENCRYPT, g_iv, ref, ref, 200);
    memset(got, 0, sizeof got);
    TU_ASSERT_RC(axiom_cipher_update(x, got, got, 100), AXIOM_OK, "chacha20 after refusal");
    TU_ASSERT_MEM_EQ(got, ref + 100, 100, "chacha20 stream after a refused call");
    axiom_cipher_free(x);
    /* XTS: a data unit over 2^24 bytes. */
    for (size_t i = 0; i < NCIPHERS; i++) {
        if (ciphers[i].m != M_XTS)
            continue;
        x = cipher_keyed(&ciphers[i], AXIOM_ENCRYPT, g_iv);
        TU_ASSERT_RC(axiom_cipher_update(x, p, p, ((size_t)1 << 24) + 1), AXIOM_ELENGTH,
                     "%s: unit of 2^24 + 1 bytes", ciphers[i].name);
        TU_ASSERT_RC(axiom_cipher_update(x, p, p, (size_t)1 << 37), AXIOM_ELENGTH,
                     "%s: unit of 2^37 bytes", ciphers[i].name);
        axiom_cipher_free(x);
    }
    munmap(p, span);
}
END_TEST

/* Streaming GCM: order of calls, overlap, directions. */
START_TEST(test_gcm_stream_contract)
{
    uint8_t buf[100], pt[64], tag[16];
    tu_rand_bytes(pt, sizeof pt);
    axiom_gcm_ctx *g = NULL;
    TU_ASSERT_RC(axiom_gcm_new(&g, "AES-128-GCM"), AXIOM_OK, "gcm_new");
    TU_ASSERT_RC(axiom_gcm_init(g, AXIOM_ENCRYPT, g_iv, 12), AXIOM_ESTATE, "init before key");
    TU_ASSERT_RC(axiom_gcm_setkey(g, g_key, 16), AXIOM_OK, "setkey");
    tu_fill_sentinel(buf, sizeof buf);
    TU_ASSERT_RC(axiom_gcm_update(g, buf, pt, 16), AXIOM_ESTATE, "update before init");
    TU_ASSERT_RC(axiom_gcm_final(g, buf, 16), AXIOM_ESTATE, "final before init");
    TU_ASSERT_RC(axiom_gcm_init(g, AXIOM_ENCRYPT, g_iv, 0), AXIOM_EIVLEN, "noncelen 0");
    TU_ASSERT_RC(axiom_gcm_init(g, 5, g_iv, 12), AXIOM_EINVAL, "direction 5");
    TU_ASSERT_RC(axiom_gcm_init(g, AXIOM_ENCRYPT, g_iv, 12), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_gcm_verify(g, tag, 16), AXIOM_ESTATE, "verify while encrypting");
    TU_ASSERT_RC(axiom_gcm_update(g, buf + 1, buf, 32), AXIOM_EINVAL, "overlap");
    TU_ASSERT_RC(axiom_gcm_final(g, buf, 5), AXIOM_ETAGLEN, "taglen 5");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "failed streaming calls");
    TU_ASSERT_RC(axiom_gcm_update(g, buf, pt, 10), AXIOM_OK, "update");
    TU_ASSERT_RC(axiom_gcm_aad(g, pt, 3), AXIOM_ESTATE, "aad after update");
    TU_ASSERT_RC(axiom_gcm_final(g, tag, 16), AXIOM_OK, "final");
    /* Same as one-shot. */
    axiom_aead_ctx *a = NULL;
    uint8_t ct[10], t2[16];
    TU_ASSERT_RC(axiom_aead_new(&a, "aes-128-gcm"), AXIOM_OK, "aead_new");
    TU_ASSERT_RC(axiom_aead_setkey(a, g_key, 16), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_aead_seal(a, ct, t2, 16, g_iv, 12, NULL, 0, pt, 10), AXIOM_OK, "seal");
    TU_ASSERT_MEM_EQ(buf, ct, 10, "stream vs one-shot");
    TU_ASSERT_MEM_EQ(tag, t2, 16, "stream vs one-shot tag");
    axiom_aead_free(a);
    TU_ASSERT_RC(axiom_gcm_update(g, buf, pt, 1), AXIOM_ESTATE, "update after final");

    /* The caller's AD and text buffers are free for reuse as soon as each
     * call returns (nothing is kept by reference); both directions, AD and
     * text in odd pieces, compared with the one-shot AEAD. */
    for (size_t len = 0; len < 200; len += 23) {
        uint8_t ad[45], ct1[200], t1[16], piece[64], out[200];
        tu_rand_bytes(ad, sizeof ad);
        TU_ASSERT_RC(axiom_aead_new(&a, "aes-128-gcm"), AXIOM_OK, "aead_new");
        TU_ASSERT_RC(axiom_aead_setkey(a, g_key, 16), AXIOM_OK, "setkey");
        uint8_t txt[200];
        tu_rand_bytes(txt, sizeof txt);
        TU_ASSERT_RC(axiom_aead_seal(a, ct1, t1, 16, g_iv, 12, ad, sizeof ad, txt, len),
                     AXIOM_OK, "seal");
        axiom_aead_free(a);
        for (int dir = 0; dir < 2; dir++) {
            const uint8_t *src = dir ? txt : ct1;
            TU_ASSERT_RC(axiom_gcm_init(g, dir ? AXIOM_ENCRYPT : AXIOM_DECRYPT, g_iv, 12),
                         AXIOM_OK, "init");
            static const size_t adcut[] = { 0, 5, 25, 32, 45 };
            for (int k = 0; k < 4; k++) {
                size_t n = adcut[k + 1] - adcut[k];
                memcpy(piece, ad + adcut[k], n);
                TU_ASSERT_RC(axiom_gcm_aad(g, piece, n), AXIOM_OK, "aad");
                memset(piece, 0xee, sizeof piece);
            }
            for (size_t done = 0; done < len;) {
                size_t n = len - done < 19 ? len - done : 19 - done % 7;
                memcpy(piece, src + done, n);
                TU_ASSERT_RC(axiom_gcm_update(g, out + done, piece, n), AXIOM_OK, "update");
                memset(piece, 0xee, sizeof piece);
                done += n;
            }
            if (dir) {
                TU_ASSERT_RC(axiom_gcm_final(g, t2, 16), AXIOM_OK, "final");
                TU_ASSERT_MEM_EQ(out, ct1, len, "stream encryption, len %zu", len);
                TU_ASSERT_MEM_EQ(t2, t1, 16, "stream tag, len %zu", len);
            } else {
                TU_ASSERT_RC(axiom_gcm_final(g, t2, 16), AXIOM_ESTATE, "final while decrypting");
                uint8_t bad[16];
                memcpy(bad, t1, 16);
                bad[7] ^= 2;
                memcpy(piece, t1, 16);
                TU_ASSERT_RC(axiom_gcm_verify(g, piece, 16), AXIOM_OK, "verify, len %zu", len);
                TU_ASSERT_MEM_EQ(out, txt, len, "stream decryption, len %zu", len);
                TU_ASSERT_RC(axiom_gcm_init(g, AXIOM_DECRYPT, g_iv, 12), AXIOM_OK, "init");
                TU_ASSERT_RC(axiom_gcm_aad(g, ad, sizeof ad), AXIOM_OK, "aad");
                TU_ASSERT_RC(axiom_gcm_update(g, out, ct1, len), AXIOM_OK, "update");
                TU_ASSERT_RC(axiom_gcm_verify(g, bad, 16), AXIOM_EAUTH, "bad tag, len %zu", len);
            }
        }
    }
    /* The one-shot AEAD's overlap class cannot arise: init and aad consume
     * the nonce and the AD, so both may lie inside the text that an
     * in-place update then overwrites. */
    {
        uint8_t io[96], nc[12], adc[40], want_ct[96], want_tag[16], t3[16];
        tu_rand_bytes(io, sizeof io);
        memcpy(nc, io + 5, 12);
        memcpy(adc, io + 30, 40);
        TU_ASSERT_RC(axiom_aead_new(&a, "aes-128-gcm"), AXIOM_OK, "aead_new");
        TU_ASSERT_RC(axiom_aead_setkey(a, g_key, 16), AXIOM_OK, "setkey");
        TU_ASSERT_RC(axiom_aead_seal(a, want_ct, want_tag, 16, nc, 12, adc, 40, io, 96),
                     AXIOM_OK, "seal");
        axiom_aead_free(a);
        TU_ASSERT_RC(axiom_gcm_init(g, AXIOM_ENCRYPT, io + 5, 12), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_gcm_aad(g, io + 30, 40), AXIOM_OK, "aad");
        TU_ASSERT_RC(axiom_gcm_update(g, io, io, 96), AXIOM_OK, "update");
        TU_ASSERT_RC(axiom_gcm_final(g, t3, 16), AXIOM_OK, "final");
        TU_ASSERT_MEM_EQ(io, want_ct, 96, "stream, nonce and AD inside the text");
        TU_ASSERT_MEM_EQ(t3, want_tag, 16, "stream tag, nonce and AD inside the text");
    }
    axiom_gcm_free(g);
}
END_TEST

#if defined(__linux__) && defined(__x86_64__)
#include <errno.h>
#include <stddef.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

/* Make getrandom(2) fail with @err in this process from now on. */
static int fail_getrandom(int err)
{
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getrandom, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((unsigned)err & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = { (unsigned short)(sizeof f / sizeof f[0]), f };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

/* In a child whose getrandom(2) fails with @err: returns a bit mask of
 * the checks that failed (0: all passed), or 255 if the filter could not
 * be installed. */
static int entropy_child(int err)
{
    uint8_t buf[100];
    int bad = 0;
    axiom_drbg *seeded = NULL;
    uint8_t ent[32] = { 1 }, non[16] = { 2 }, r1[32], r2[32];
    axiom_drbg *twin = NULL;
    if (axiom_drbg_new_seeded(&seeded, ent, 32, non, 16, NULL, 0) != AXIOM_OK ||
        axiom_drbg_new_seeded(&twin, ent, 32, non, 16, NULL, 0) != AXIOM_OK)
        return 254;
    if (fail_getrandom(err) != 0)
        return 255;
    const int want = err == ENOSYS ? AXIOM_OK : AXIOM_ERANDOM;
    /* axiom_random_bytes: ERANDOM and the whole buffer zero (rand.h), or
     * the /dev/urandom fallback when getrandom(2) does not exist. */
    memset(buf, 0xcc, sizeof buf);
    if (axiom_random_bytes(buf, sizeof buf) != want)
        bad |= 1;
    for (size_t i = 0; i < sizeof buf; i++)
        if (want == AXIOM_ERANDOM ? buf[i] != 0 : 0)
            bad |= 2;
    if (want == AXIOM_OK && buf[0] == 0xcc && buf[1] == 0xcc && buf[2] == 0xcc && buf[3] == 0xcc)
        bad |= 2;
    /* axiom_random_fill: the first call in this process must seed. */
    tu_fill_sentinel(buf, sizeof buf);
    int rc = axiom_random_fill(buf, sizeof buf);
    if (rc != want)
        bad |= 4;
    if (rc != AXIOM_OK && tu_check_sentinel(buf, sizeof buf) != (size_t)-1)
        bad |= 8;
    /* axiom_drbg_new: ERANDOM and *drbg NULL. */
    axiom_drbg *d = (axiom_drbg *)&d;
    rc = axiom_drbg_new(&d, NULL, 0);
    if (rc != want || (rc != AXIOM_OK && d != NULL))
        bad |= 16;
    if (rc == AXIOM_OK)
        axiom_drbg_free(d);
    /* Reseed from the OS fails and leaves the instance unchanged. */
    if (want == AXIOM_ERANDOM) {
        if (axiom_drbg_reseed(seeded, NULL, 0, NULL, 0) != AXIOM_ERANDOM)
            bad |= 32;
        if (axiom_drbg_generate(seeded, r1, 32, NULL, 0) != AXIOM_OK ||
            axiom_drbg_generate(twin, r2, 32, NULL, 0) != AXIOM_OK || memcmp(r1, r2, 32) != 0)
            bad |= 64;
    }
    axiom_drbg_free(seeded);
    axiom_drbg_free(twin);
    return bad;
}

/* The entropy source fails (getrandom(2) -> EIO) or is missing (ENOSYS:
 * /dev/urandom fallback): error codes and "nothing written" of rand.h. */
START_TEST(test_entropy_failure)
{
    static const int errs[] = { EIO, EPERM, ENOSYS };
    for (size_t k = 0; k < sizeof errs / sizeof errs[0]; k++) {
        pid_t pid = fork();
        TU_ASSERT(pid >= 0, "fork");
        if (pid == 0)
            _exit(entropy_child(errs[k]));
        int st = 0;
        waitpid(pid, &st, 0);
        TU_ASSERT(WIFEXITED(st), "child died (errno %d)", errs[k]);
        int code = WEXITSTATUS(st);
        if (code == 255) /* no seccomp here (container policy): nothing to check */
            continue;
        TU_ASSERT(code == 0, "getrandom failing with errno %d: failed checks mask 0x%x", errs[k],
                  code);
    }
}
END_TEST
#endif

/* ------------------------------------------------------------ hash */

START_TEST(test_hash_contract)
{
    uint8_t msg[300], ref[64], d[64 + 64], buf[400];
    tu_rand_bytes(msg, sizeof msg);
    for (size_t i = 0; i < NHASHES; i++) {
        const char *h = hashes[i].name;
        size_t dl = hashes[i].len;
        /* Wrong digest lengths: ELENGTH, nothing written. */
        static const size_t bad[] = { 0, 1, 27, 28, 29, 31, 32, 33, 47, 48, 49, 63, 64, 65, 128 };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            if (bad[k] == dl)
                continue;
            tu_fill_sentinel(d, sizeof d);
            TU_ASSERT_RC(axiom_hash(h, d, bad[k], msg, 10), AXIOM_ELENGTH, "%s: digestlen %zu",
                         h, bad[k]);
            TU_ASSERT_SENTINEL(d, sizeof d, "%s: digestlen %zu", h, bad[k]);
        }
        TU_ASSERT_RC(axiom_hash(h, NULL, dl, msg, 10), AXIOM_EINVAL, "%s: NULL digest", h);
        tu_fill_sentinel(d, sizeof d);
        TU_ASSERT_RC(axiom_hash(h, d, dl, NULL, 10), AXIOM_EINVAL, "%s: NULL data", h);
        TU_ASSERT_SENTINEL(d, sizeof d, "%s: NULL data", h);
        TU_ASSERT_RC(axiom_hash(h, d, dl, NULL, 0), AXIOM_OK, "%s: NULL empty", h);
        TU_ASSERT_RC(axiom_hash(h, ref, dl, "", 0), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(d, ref, dl, "%s: NULL vs empty", h);

        /* Output overlapping the input (written last). */
        for (size_t off = 0; off < 40; off += 7) {
            size_t len = 200;
            TU_ASSERT_RC(axiom_hash(h, ref, dl, msg + 50, len), AXIOM_OK, "%s", h);
            memcpy(buf, msg, sizeof msg);
            TU_ASSERT_RC(axiom_hash(h, buf + 50 + off, dl, buf + 50, len), AXIOM_OK, "%s", h);
            TU_ASSERT_MEM_EQ(buf + 50 + off, ref, dl, "%s: digest at input + %zu", h, off);
            memcpy(buf, msg, sizeof msg);
            TU_ASSERT_RC(axiom_hash(h, buf + 50 - off, dl, buf + 50, len), AXIOM_OK, "%s", h);
            TU_ASSERT_MEM_EQ(buf + 50 - off, ref, dl, "%s: digest at input - %zu", h, off);
        }

        /* Streaming: failed final keeps the message; final restarts. */
        axiom_hash_ctx *c = NULL;
        TU_ASSERT_RC(axiom_hash_new(&c, h), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hash_update(c, msg, 100), AXIOM_OK, "%s", h);
        tu_fill_sentinel(d, sizeof d);
        TU_ASSERT_RC(axiom_hash_final(c, d, dl - 1), AXIOM_ELENGTH, "%s: final short", h);
        TU_ASSERT_RC(axiom_hash_final(c, d, dl + 1), AXIOM_ELENGTH, "%s: final long", h);
        TU_ASSERT_RC(axiom_hash_final(c, d, 0), AXIOM_ELENGTH, "%s: final 0", h);
        TU_ASSERT_RC(axiom_hash_final(c, NULL, dl), AXIOM_EINVAL, "%s: final NULL", h);
        TU_ASSERT_RC(axiom_hash_final(NULL, d, dl), AXIOM_EINVAL, "%s: final NULL ctx", h);
        TU_ASSERT_RC(axiom_hash_update(c, NULL, 5), AXIOM_EINVAL, "%s: update NULL", h);
        TU_ASSERT_RC(axiom_hash_update(NULL, msg, 5), AXIOM_EINVAL, "%s: update NULL ctx", h);
        TU_ASSERT_SENTINEL(d, sizeof d, "%s: failed finals", h);
        TU_ASSERT_RC(axiom_hash_update(c, NULL, 0), AXIOM_OK, "%s: update NULL 0", h);
        TU_ASSERT_RC(axiom_hash_update(c, msg + 100, 30), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hash_final(c, d, dl), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hash(h, ref, dl, msg, 130), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(d, ref, dl, "%s: message kept across failed finals", h);
        /* Reusable: the next message starts empty. */
        TU_ASSERT_RC(axiom_hash_final(c, d, dl), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hash(h, ref, dl, NULL, 0), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(d, ref, dl, "%s: empty message after final", h);
        TU_ASSERT_RC(axiom_hash_update(c, msg, 77), AXIOM_OK, "%s", h);
        /* Digest into the buffer just hashed. */
        memcpy(buf, msg, 77);
        TU_ASSERT_RC(axiom_hash_final(c, buf, dl), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hash(h, ref, dl, msg, 77), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(buf, ref, dl, "%s: second message", h);
        axiom_hash_free(c);

        /* hash_many: the same digests as axiom_hash, argument errors. */
        uint8_t dg[5][64];
        uint8_t *outs[5];
        const void *ms[5];
        size_t ls[5];
        for (int k = 0; k < 5; k++) {
            outs[k] = dg[k];
            ms[k] = msg + 10 * k;
            ls[k] = (size_t)(k * 50);
        }
        ms[0] = NULL;
        TU_ASSERT_RC(axiom_hash_many(h, outs, dl, ms, ls, 5), AXIOM_OK, "%s: many", h);
        for (int k = 0; k < 5; k++) {
            TU_ASSERT_RC(axiom_hash(h, ref, dl, ms[k], ls[k]), AXIOM_OK, "%s", h);
            TU_ASSERT_MEM_EQ(dg[k], ref, dl, "%s: many[%d]", h, k);
        }
        TU_ASSERT_RC(axiom_hash_many(h, NULL, dl, NULL, NULL, 0), AXIOM_OK, "%s: many 0", h);
        memset(dg, 0x5a, sizeof dg);
        uint8_t snap[sizeof dg];
        memcpy(snap, dg, sizeof dg);
        TU_ASSERT_RC(axiom_hash_many(h, outs, dl + 1, ms, ls, 5), AXIOM_ELENGTH, "%s", h);
        ms[0] = NULL;
        ls[0] = 1;
        TU_ASSERT_RC(axiom_hash_many(h, outs, dl, ms, ls, 5), AXIOM_EINVAL, "%s: NULL msg", h);
        ls[0] = 0;
        outs[4] = NULL;
        TU_ASSERT_RC(axiom_hash_many(h, outs, dl, ms, ls, 5), AXIOM_EINVAL, "%s: NULL out", h);
        TU_ASSERT_MEM_EQ(dg, snap, sizeof dg, "%s: many wrote on error", h);
    }
}
END_TEST

START_TEST(test_hmac_contract)
{
    uint8_t key[200], msg[200], full[64], m[128], buf[400];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(msg, sizeof msg);
    for (size_t i = 0; i < NHASHES; i++) {
        const char *h = hashes[i].name;
        size_t dl = hashes[i].len;
        TU_ASSERT_RC(axiom_hmac(h, full, dl, key, 40, msg, 150), AXIOM_OK, "%s", h);
        for (size_t ml = 1; ml <= dl; ml++) {
            tu_fill_sentinel(m, sizeof m);
            TU_ASSERT_RC(axiom_hmac(h, m, ml, key, 40, msg, 150), AXIOM_OK, "%s: maclen %zu", h,
                         ml);
            TU_ASSERT_MEM_EQ(m, full, ml, "%s: maclen %zu prefix", h, ml);
            TU_ASSERT(tu_check_sentinel_range(m, ml, sizeof m) == (size_t)-1, "%s: maclen %zu wrote past",
                      h, ml);
        }
        static const size_t bad[] = { 0, 29, 33, 49, 64, 65, 128, (size_t)-1 };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            if (bad[k] <= dl && bad[k] != 0)
                continue;
            tu_fill_sentinel(m, sizeof m);
            TU_ASSERT_RC(axiom_hmac(h, m, bad[k], key, 40, msg, 150), AXIOM_ELENGTH,
                         "%s: maclen %zu", h, bad[k]);
            TU_ASSERT_SENTINEL(m, sizeof m, "%s: maclen %zu", h, bad[k]);
        }
        tu_fill_sentinel(m, sizeof m);
        TU_ASSERT_RC(axiom_hmac(h, NULL, dl, key, 40, msg, 150), AXIOM_EINVAL, "%s: NULL mac", h);
        TU_ASSERT_RC(axiom_hmac(h, m, dl, NULL, 40, msg, 150), AXIOM_EINVAL, "%s: NULL key", h);
        TU_ASSERT_RC(axiom_hmac(h, m, dl, key, 40, NULL, 150), AXIOM_EINVAL, "%s: NULL in", h);
        TU_ASSERT_SENTINEL(m, sizeof m, "%s: failed hmac", h);
        /* NULL key/msg with length 0 = empty. */
        uint8_t e1[64], e2[64];
        TU_ASSERT_RC(axiom_hmac(h, e1, dl, NULL, 0, NULL, 0), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hmac(h, e2, dl, key, 0, msg, 0), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(e1, e2, dl, "%s: NULL vs empty", h);

        /* Output overlapping key and message. */
        for (size_t off = 0; off < 30; off += 3) {
            memcpy(buf, msg, 150);
            TU_ASSERT_RC(axiom_hmac(h, buf + off, dl, key, 40, buf, 150), AXIOM_OK, "%s", h);
            TU_ASSERT_MEM_EQ(buf + off, full, dl, "%s: mac over msg + %zu", h, off);
            memcpy(buf, key, 40);
            TU_ASSERT_RC(axiom_hmac(h, buf + off, dl, buf, 40, msg, 150), AXIOM_OK, "%s", h);
            TU_ASSERT_MEM_EQ(buf + off, full, dl, "%s: mac over key + %zu", h, off);
        }

        /* Context API. */
        axiom_hmac_ctx *c = NULL;
        TU_ASSERT_RC(axiom_hmac_new(&c, h), AXIOM_OK, "%s", h);
        tu_fill_sentinel(m, sizeof m);
        TU_ASSERT_RC(axiom_hmac_update(c, msg, 10), AXIOM_ESTATE, "%s: update before key", h);
        TU_ASSERT_RC(axiom_hmac_final(c, m, dl), AXIOM_ESTATE, "%s: final before key", h);
        {
            uint8_t *mp[1] = { m };
            const void *mm[1] = { msg };
            size_t ml[1] = { 10 };
            TU_ASSERT_RC(axiom_hmac_many(c, mp, dl, mm, ml, 1), AXIOM_ESTATE,
                         "%s: many before key", h);
        }
        TU_ASSERT_SENTINEL(m, sizeof m, "%s: calls before key", h);
        TU_ASSERT_RC(axiom_hmac_setkey(c, NULL, 5), AXIOM_EINVAL, "%s: NULL key", h);
        TU_ASSERT_RC(axiom_hmac_setkey(c, key, 40), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hmac_update(c, msg, 100), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hmac_final(c, m, 0), AXIOM_ELENGTH, "%s: final 0", h);
        TU_ASSERT_RC(axiom_hmac_final(c, m, dl + 1), AXIOM_ELENGTH, "%s: final dl+1", h);
        TU_ASSERT_RC(axiom_hmac_final(c, NULL, dl), AXIOM_EINVAL, "%s: final NULL", h);
        TU_ASSERT_RC(axiom_hmac_update(c, NULL, 3), AXIOM_EINVAL, "%s: update NULL", h);
        TU_ASSERT_SENTINEL(m, sizeof m, "%s: failed finals", h);
        {
            /* hmac_many leaves the message in progress alone. */
            uint8_t t[3][64];
            uint8_t *mp[3] = { t[0], t[1], t[2] };
            const void *mm[3] = { msg, NULL, key };
            size_t ml[3] = { 150, 0, 64 };
            TU_ASSERT_RC(axiom_hmac_many(c, mp, dl, mm, ml, 3), AXIOM_OK, "%s: many", h);
            TU_ASSERT_MEM_EQ(t[0], full, dl, "%s: many[0]", h);
            uint8_t r[64];
            TU_ASSERT_RC(axiom_hmac(h, r, dl, key, 40, key, 64), AXIOM_OK, "%s", h);
            TU_ASSERT_MEM_EQ(t[2], r, dl, "%s: many[2]", h);
            tu_fill_sentinel(t, sizeof t);
            TU_ASSERT_RC(axiom_hmac_many(c, mp, dl + 1, mm, ml, 3), AXIOM_ELENGTH, "%s", h);
            TU_ASSERT_RC(axiom_hmac_many(c, mp, 0, mm, ml, 3), AXIOM_ELENGTH, "%s", h);
            mm[0] = NULL;
            TU_ASSERT_RC(axiom_hmac_many(c, mp, dl, mm, ml, 3), AXIOM_EINVAL, "%s", h);
            TU_ASSERT_SENTINEL(t, sizeof t, "%s: failed hmac_many", h);
        }
        TU_ASSERT_RC(axiom_hmac_update(c, msg + 100, 50), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hmac_final(c, m, dl), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(m, full, dl, "%s: message kept across failed finals", h);
        /* Reusable under the same key. */
        TU_ASSERT_RC(axiom_hmac_update(c, msg, 150), AXIOM_OK, "%s", h);
        memcpy(buf, msg, 150);
        TU_ASSERT_RC(axiom_hmac_final(c, buf, 7), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(buf, full, 7, "%s: second message, truncated", h);
        axiom_hmac_free(c);
    }
}
END_TEST

START_TEST(test_hkdf_contract)
{
    enum { MAXO = 255 * 64 };
    static uint8_t out[MAXO + 64], ref[MAXO + 64];
    uint8_t ikm[60], salt[40], info[50], zsalt[64] = { 0 };
    uint8_t buf[512];
    tu_rand_bytes(ikm, sizeof ikm);
    tu_rand_bytes(salt, sizeof salt);
    tu_rand_bytes(info, sizeof info);
    for (size_t i = 0; i < NHASHES; i++) {
        const char *h = hashes[i].name;
        size_t dl = hashes[i].len, max = 255 * dl;
        TU_ASSERT_RC(axiom_hkdf(h, ref, max, ikm, 40, salt, 20, info, 30), AXIOM_OK,
                     "%s: max %zu", h, max);
        /* Every shorter output is a prefix. */
        static const size_t ls[] = { 1, 31, 32, 33, 100, 1000 };
        for (size_t k = 0; k < sizeof ls / sizeof ls[0]; k++) {
            tu_fill_sentinel(out, sizeof out);
            TU_ASSERT_RC(axiom_hkdf(h, out, ls[k], ikm, 40, salt, 20, info, 30), AXIOM_OK, "%s",
                         h);
            TU_ASSERT_MEM_EQ(out, ref, ls[k], "%s: outlen %zu prefix", h, ls[k]);
            TU_ASSERT(tu_check_sentinel_range(out, ls[k], ls[k] + 64) == (size_t)-1,
                      "%s: outlen %zu wrote past", h, ls[k]);
        }
        tu_fill_sentinel(out, sizeof out);
        TU_ASSERT_RC(axiom_hkdf(h, out, max + 1, ikm, 40, salt, 20, info, 30), AXIOM_ELENGTH,
                     "%s: max + 1", h);
        TU_ASSERT_RC(axiom_hkdf(h, out, (size_t)-1, ikm, 40, salt, 20, info, 30), AXIOM_ELENGTH,
                     "%s: SIZE_MAX", h);
        TU_ASSERT_SENTINEL(out, sizeof out, "%s: over the maximum", h);
        TU_ASSERT_RC(axiom_hkdf(h, out, 0, ikm, 40, salt, 20, info, 30), AXIOM_OK, "%s: 0", h);
        TU_ASSERT_SENTINEL(out, sizeof out, "%s: outlen 0 wrote", h);
        TU_ASSERT_RC(axiom_hkdf(h, NULL, 32, ikm, 40, salt, 20, info, 30), AXIOM_EINVAL,
                     "%s: NULL out", h);
        TU_ASSERT_RC(axiom_hkdf(h, out, 32, NULL, 40, salt, 20, info, 30), AXIOM_EINVAL,
                     "%s: NULL ikm", h);
        TU_ASSERT_RC(axiom_hkdf(h, out, 32, ikm, 40, NULL, 20, info, 30), AXIOM_EINVAL,
                     "%s: NULL salt with saltlen", h);
        TU_ASSERT_RC(axiom_hkdf(h, out, 32, ikm, 40, salt, 20, NULL, 30), AXIOM_EINVAL,
                     "%s: NULL info with infolen", h);
        TU_ASSERT_SENTINEL(out, sizeof out, "%s: NULL arguments", h);

        /* Default salt: NULL, empty and HashLen zeros agree. */
        uint8_t a[64], b[64], c[64], d[64];
        TU_ASSERT_RC(axiom_hkdf(h, a, 64, ikm, 40, NULL, 0, NULL, 0), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hkdf(h, b, 64, ikm, 40, salt, 0, info, 0), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hkdf(h, c, 64, ikm, 40, zsalt, dl, NULL, 0), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hkdf(h, d, 64, NULL, 0, NULL, 0, NULL, 0), AXIOM_OK, "%s: empty ikm",
                     h);
        TU_ASSERT_MEM_EQ(a, b, 64, "%s: NULL vs empty salt/info", h);
        TU_ASSERT_MEM_EQ(a, c, 64, "%s: NULL salt vs HashLen zeros", h);
        TU_ASSERT(memcmp(a, d, 64) != 0, "%s: ikm ignored", h);
        /* HKDF = expand(HMAC(salt, ikm)): the first block by hand. */
        uint8_t prk[64], t1[64], in1[51];
        TU_ASSERT_RC(axiom_hmac(h, prk, dl, salt, 20, ikm, 40), AXIOM_OK, "%s", h);
        memcpy(in1, info, 30);
        in1[30] = 1;
        TU_ASSERT_RC(axiom_hmac(h, t1, dl, prk, dl, in1, 31), AXIOM_OK, "%s", h);
        TU_ASSERT_MEM_EQ(ref, t1, dl, "%s: T(1)", h);

        /* out may overlap ikm and salt, not info. */
        for (size_t off = 0; off < 60; off += 5) {
            memset(buf, 0, sizeof buf);
            memcpy(buf + 100, ikm, 40);
            memcpy(buf + 200, salt, 20);
            TU_ASSERT_RC(axiom_hkdf(h, buf + 100 - 30 + off, 100, buf + 100, 40, salt, 20, info,
                                    30),
                         AXIOM_OK, "%s: out over ikm", h);
            TU_ASSERT_MEM_EQ(buf + 100 - 30 + off, ref, 100, "%s: out over ikm (%zu)", h, off);
            memcpy(buf + 200, salt, 20);
            TU_ASSERT_RC(axiom_hkdf(h, buf + 200 - 30 + off, 100, ikm, 40, buf + 200, 20, info,
                                    30),
                         AXIOM_OK, "%s: out over salt", h);
            TU_ASSERT_MEM_EQ(buf + 200 - 30 + off, ref, 100, "%s: out over salt (%zu)", h, off);
            tu_fill_sentinel(buf, sizeof buf);
            memcpy(buf + 300, info, 30);
            uint8_t snap[512];
            memcpy(snap, buf, sizeof buf);
            TU_ASSERT_RC(axiom_hkdf(h, buf + 300 - 40 + off, 100, ikm, 40, salt, 20, buf + 300,
                                    30),
                         AXIOM_EINVAL, "%s: out over info (%zu)", h, off);
            TU_ASSERT_MEM_EQ(buf, snap, sizeof buf, "%s: out over info wrote", h);
        }
    }
}
END_TEST

/* ------------------------------------------------------------ DRBG */

static uint8_t g_ent[64], g_non[32];

static axiom_drbg *drbg_seeded(void)
{
    axiom_drbg *d = NULL;
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, g_ent, 32, g_non, 16, (const uint8_t *)"p", 1),
                 AXIOM_OK, "new_seeded");
    return d;
}

START_TEST(test_drbg_contract)
{
    enum { BIG = 3 * 65536 + 100 };
    static uint8_t o1[BIG], o2[BIG];
    uint8_t add[20], buf[128];
    tu_rand_bytes(g_ent, sizeof g_ent);
    tu_rand_bytes(g_non, sizeof g_non);
    tu_rand_bytes(add, sizeof add);
    TU_ASSERT(AXIOM_DRBG_MAX_REQUEST == 65536, "max request %zu", AXIOM_DRBG_MAX_REQUEST);

    axiom_drbg *d = (axiom_drbg *)&d;
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, g_ent, 31, g_non, 16, NULL, 0), AXIOM_ELENGTH,
                 "entropy 31");
    TU_ASSERT(d == NULL, "failed new_seeded left *drbg set");
    d = (axiom_drbg *)&d;
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, g_ent, 32, g_non, 15, NULL, 0), AXIOM_ELENGTH,
                 "nonce 15");
    TU_ASSERT(d == NULL, "failed new_seeded left *drbg set");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, NULL, 32, g_non, 16, NULL, 0), AXIOM_EINVAL,
                 "NULL entropy");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, g_ent, 32, NULL, 16, NULL, 0), AXIOM_EINVAL,
                 "NULL nonce");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, g_ent, 32, g_non, 16, NULL, 3), AXIOM_EINVAL,
                 "NULL pers");
    TU_ASSERT_RC(axiom_drbg_new_seeded(NULL, g_ent, 32, g_non, 16, NULL, 0), AXIOM_EINVAL,
                 "NULL drbg");
    TU_ASSERT_RC(axiom_drbg_new(NULL, NULL, 0), AXIOM_EINVAL, "new(NULL)");
    d = (axiom_drbg *)&d;
    TU_ASSERT_RC(axiom_drbg_new(&d, NULL, 4), AXIOM_EINVAL, "new(NULL pers)");
    TU_ASSERT(d == NULL, "failed new left *drbg set");

    /* Over-long inputs: a readable 2^28 + 1 byte zero mapping. */
    size_t hugelen = AXIOM_DRBG_MAX_INPUT + 1;
    void *huge = mmap(NULL, hugelen, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
                      0);
    TU_ASSERT(huge != MAP_FAILED, "mmap");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, g_ent, 32, g_non, 16, huge, hugelen), AXIOM_ELENGTH,
                 "pers over max");
    TU_ASSERT_RC(axiom_drbg_new_seeded(&d, huge, hugelen, g_non, 16, NULL, 0), AXIOM_ELENGTH,
                 "entropy over max");
    TU_ASSERT_RC(axiom_drbg_new(&d, huge, hugelen), AXIOM_ELENGTH, "new: pers over max");

    axiom_drbg *x = drbg_seeded(), *y = drbg_seeded();
    /* Failed calls leave the instance unchanged and write nothing. */
    tu_fill_sentinel(buf, sizeof buf);
    TU_ASSERT_RC(axiom_drbg_generate(x, buf, 64, NULL, 5), AXIOM_EINVAL, "NULL add");
    TU_ASSERT_RC(axiom_drbg_generate(x, buf, 64, huge, hugelen), AXIOM_ELENGTH, "add over max");
    TU_ASSERT_RC(axiom_drbg_generate(x, NULL, 64, NULL, 0), AXIOM_EINVAL, "NULL out");
    TU_ASSERT_RC(axiom_drbg_generate(NULL, buf, 64, NULL, 0), AXIOM_EINVAL, "NULL drbg");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "failed generate");
    TU_ASSERT_RC(axiom_drbg_reseed(x, NULL, 32, NULL, 0), AXIOM_EINVAL, "reseed NULL entropy, 32");
    TU_ASSERT_RC(axiom_drbg_reseed(x, g_ent, 31, NULL, 0), AXIOM_ELENGTH, "reseed entropy 31");
    TU_ASSERT_RC(axiom_drbg_reseed(x, g_ent, 32, NULL, 1), AXIOM_EINVAL, "reseed NULL add");
    TU_ASSERT_RC(axiom_drbg_reseed(x, g_ent, 32, huge, hugelen), AXIOM_ELENGTH,
                 "reseed add over max");
    TU_ASSERT_RC(axiom_drbg_reseed(x, huge, hugelen, NULL, 0), AXIOM_ELENGTH,
                 "reseed entropy over max");
    TU_ASSERT_RC(axiom_drbg_reseed(NULL, g_ent, 32, NULL, 0), AXIOM_EINVAL, "reseed NULL drbg");
    TU_ASSERT_RC(axiom_drbg_generate(x, NULL, 0, NULL, 0), AXIOM_OK, "len 0");
    TU_ASSERT_RC(axiom_drbg_generate(x, buf, 0, add, sizeof add), AXIOM_OK, "len 0 with add");
    TU_ASSERT_SENTINEL(buf, sizeof buf, "len 0 wrote");
    munmap(huge, hugelen);
    TU_ASSERT_RC(axiom_drbg_generate(x, o1, 100, add, sizeof add), AXIOM_OK, "x");
    TU_ASSERT_RC(axiom_drbg_generate(y, o2, 100, add, sizeof add), AXIOM_OK, "y");
    TU_ASSERT_MEM_EQ(o1, o2, 100, "failed calls changed the instance");

    /* A request over the maximum = consecutive requests with the same add. */
    TU_ASSERT_RC(axiom_drbg_generate(x, o1, BIG, add, sizeof add), AXIOM_OK, "big");
    size_t done = 0;
    while (done < BIG) {
        size_t n = BIG - done < 65536 ? BIG - done : 65536;
        TU_ASSERT_RC(axiom_drbg_generate(y, o2 + done, n, add, sizeof add), AXIOM_OK, "part");
        done += n;
    }
    TU_ASSERT_MEM_EQ(o1, o2, BIG, "long request vs 64 KiB requests");
    /* Additional input inside the output: one request and several. */
    static const size_t gl[] = { 40, 4096, 65536 + 17, 2 * 65536 + 100 };
    for (size_t k = 0; k < sizeof gl / sizeof gl[0]; k++) {
        static const size_t aoff[] = { 0, 20, 65536 + 3 };
        for (size_t j = 0; j < 3; j++) {
            if (aoff[j] + sizeof add > gl[k])
                continue;
            memset(o1, 0x77, gl[k]);
            memcpy(o1 + aoff[j], add, sizeof add);
            TU_ASSERT_RC(axiom_drbg_generate(x, o1, gl[k], o1 + aoff[j], sizeof add), AXIOM_OK,
                         "add in out");
            TU_ASSERT_RC(axiom_drbg_generate(y, o2, gl[k], add, sizeof add), AXIOM_OK, "y");
            TU_ASSERT_MEM_EQ(o1, o2, gl[k], "%zu bytes, additional input at out + %zu", gl[k],
                             aoff[j]);
        }
    }
    /* Reseed with caller entropy is deterministic; from the OS it is not. */
    TU_ASSERT_RC(axiom_drbg_reseed(x, g_ent + 32, 32, add, 3), AXIOM_OK, "reseed");
    TU_ASSERT_RC(axiom_drbg_reseed(y, g_ent + 32, 32, add, 3), AXIOM_OK, "reseed");
    TU_ASSERT_RC(axiom_drbg_generate(x, o1, 64, NULL, 0), AXIOM_OK, "x");
    TU_ASSERT_RC(axiom_drbg_generate(y, o2, 64, NULL, 0), AXIOM_OK, "y");
    TU_ASSERT_MEM_EQ(o1, o2, 64, "same reseed");
    TU_ASSERT_RC(axiom_drbg_reseed(x, NULL, 0, NULL, 0), AXIOM_OK, "reseed from OS");
    TU_ASSERT_RC(axiom_drbg_generate(x, o1, 64, NULL, 0), AXIOM_OK, "x");
    TU_ASSERT_RC(axiom_drbg_generate(y, o2, 64, NULL, 0), AXIOM_OK, "y");
    TU_ASSERT(memcmp(o1, o2, 64) != 0, "OS reseed had no effect");
    axiom_drbg_free(x);
    axiom_drbg_free(y);

    /* OS-seeded instances differ. */
    TU_ASSERT_RC(axiom_drbg_new(&x, NULL, 0), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_drbg_new(&y, NULL, 0), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_drbg_generate(x, o1, 32, NULL, 0), AXIOM_OK, "x");
    TU_ASSERT_RC(axiom_drbg_generate(y, o2, 32, NULL, 0), AXIOM_OK, "y");
    TU_ASSERT(memcmp(o1, o2, 32) != 0, "two OS-seeded instances agree");
    axiom_drbg_free(x);
    axiom_drbg_free(y);
}
END_TEST

/* ------------------------------------------------------------ random */

START_TEST(test_random_args)
{
    uint8_t a[64], b[64];
    TU_ASSERT_RC(axiom_random_bytes(NULL, 0), AXIOM_OK, "bytes(NULL, 0)");
    TU_ASSERT_RC(axiom_random_fill(NULL, 0), AXIOM_OK, "fill(NULL, 0)");
    TU_ASSERT_RC(axiom_random_bytes(NULL, 1), AXIOM_EINVAL, "bytes(NULL, 1)");
    TU_ASSERT_RC(axiom_random_fill(NULL, 1), AXIOM_EINVAL, "fill(NULL, 1)");
    tu_fill_sentinel(a, sizeof a);
    TU_ASSERT_RC(axiom_random_bytes(a, 0), AXIOM_OK, "bytes(a, 0)");
    TU_ASSERT_RC(axiom_random_fill(a, 0), AXIOM_OK, "fill(a, 0)");
    TU_ASSERT_SENTINEL(a, sizeof a, "len 0 wrote");
    TU_ASSERT_RC(axiom_random_bytes(a + 1, 40), AXIOM_OK, "bytes");
    TU_ASSERT_RC(axiom_random_bytes(b + 1, 40), AXIOM_OK, "bytes");
    TU_ASSERT(memcmp(a + 1, b + 1, 40) != 0, "bytes repeats");
    tu_fill_sentinel(a, sizeof a);
    TU_ASSERT_RC(axiom_random_fill(a + 3, 33), AXIOM_OK, "fill");
    TU_ASSERT(tu_check_sentinel_range(a, 0, 3) == (size_t)-1, "fill wrote before");
    TU_ASSERT(tu_check_sentinel_range(a, 36, 64) == (size_t)-1, "fill wrote past");
    TU_ASSERT_RC(axiom_random_fill(b + 3, 33), AXIOM_OK, "fill");
    TU_ASSERT(memcmp(a + 3, b + 3, 33) != 0, "fill repeats");
}
END_TEST

enum { RT = 6, RN = 300 };
typedef struct {
    pthread_barrier_t *bar;
    uint8_t out[RN][16];
    uint64_t feat[RN];
    int rc;
} rthread;

static void *rworker(void *p)
{
    rthread *t = p;
    pthread_barrier_wait(t->bar);
    for (int i = 0; i < RN && t->rc == AXIOM_OK; i++) {
        t->feat[i] = axiom_cpu_features();
        t->rc = axiom_random_fill(t->out[i], 16);
        if (t->rc == AXIOM_OK && i % 50 == 0) {
            uint8_t big[5000];
            t->rc = axiom_random_fill(big, sizeof big);
        }
    }
    return NULL;
}

static int cmp16(const void *a, const void *b) { return memcmp(a, b, 16); }

/* Process-wide calls from many threads at once (first use included). */
START_TEST(test_random_threads)
{
    static rthread t[RT];
    pthread_t th[RT];
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, RT);
    memset(t, 0, sizeof t);
    for (int i = 0; i < RT; i++) {
        t[i].bar = &bar;
        TU_ASSERT(pthread_create(&th[i], NULL, rworker, &t[i]) == 0, "pthread_create");
    }
    for (int i = 0; i < RT; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&bar);
    uint64_t f = axiom_cpu_features();
    static uint8_t all[RT * RN][16];
    for (int i = 0; i < RT; i++) {
        TU_ASSERT_RC(t[i].rc, AXIOM_OK, "thread %d", i);
        for (int k = 0; k < RN; k++) {
            TU_ASSERT(t[i].feat[k] == f, "thread %d saw features %" PRIx64 " not %" PRIx64, i,
                      t[i].feat[k], f);
            memcpy(all[i * RN + k], t[i].out[k], 16);
        }
    }
    qsort(all, RT * RN, 16, cmp16);
    for (int k = 1; k < RT * RN; k++)
        TU_ASSERT(memcmp(all[k - 1], all[k], 16) != 0, "two 16-byte outputs equal");
}
END_TEST

/* After fork, parent and child get different bytes. */
START_TEST(test_random_fork)
{
    uint8_t warm[10], mine[32], theirs[32];
    TU_ASSERT_RC(axiom_random_fill(warm, sizeof warm), AXIOM_OK, "warm");
    for (int round = 0; round < 3; round++) {
        int fd[2];
        TU_ASSERT(pipe(fd) == 0, "pipe");
        pid_t pid = fork();
        TU_ASSERT(pid >= 0, "fork");
        if (pid == 0) {
            uint8_t o[32];
            int ok = axiom_random_fill(o, sizeof o) == AXIOM_OK;
            ssize_t w = ok ? write(fd[1], o, sizeof o) : 0;
            _exit(w == (ssize_t)sizeof o ? 0 : 1);
        }
        close(fd[1]);
        TU_ASSERT_RC(axiom_random_fill(mine, sizeof mine), AXIOM_OK, "parent");
        ssize_t r = read(fd[0], theirs, sizeof theirs);
        close(fd[0]);
        int st = 0;
        waitpid(pid, &st, 0);
        TU_ASSERT(r == (ssize_t)sizeof theirs && WIFEXITED(st) && WEXITSTATUS(st) == 0,
                  "child failed");
        TU_ASSERT(memcmp(mine, theirs, sizeof mine) != 0, "parent and child agree (round %d)",
                  round);
    }
}
END_TEST

/* ------------------------------------------------------------ CPU */

START_TEST(test_cpu_contract)
{
    /* api.md: at least these feature bits, distinct single bits. */
    static const uint64_t bits[] = { AXIOM_CPU_AESNI,  AXIOM_CPU_PCLMUL, AXIOM_CPU_SSSE3,
                                     AXIOM_CPU_AVX2,   AXIOM_CPU_VAES,   AXIOM_CPU_VPCLMUL,
                                     AXIOM_CPU_AVX512, AXIOM_CPU_GFNI,   AXIOM_CPU_SHANI };
    uint64_t seen = 0;
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        TU_ASSERT(bits[i] && !(bits[i] & (bits[i] - 1)), "feature %zu not a single bit", i);
        TU_ASSERT(!(seen & bits[i]), "feature %zu repeats a bit", i);
        seen |= bits[i];
    }
    uint64_t f = axiom_cpu_features();
    TU_ASSERT(axiom_cpu_features() == f, "features not stable");
    /* Kernel info: every known name has index 0, axiom_impl is listed. */
    const char *k;
    TU_ASSERT_RC(axiom_kernel_info(NULL, 0, &k, NULL, NULL), AXIOM_EINVAL, "kernel_info(NULL)");
    TU_ASSERT_RC(axiom_kernel_info("nope", 0, &k, NULL, NULL), AXIOM_ENOTFOUND, "unknown");
    for (size_t i = 0; i < NCIPHERS + NAEADS + NHASHES; i++) {
        const char *n = i < NCIPHERS           ? ciphers[i].name
                        : i < NCIPHERS + NAEADS ? aeads[i - NCIPHERS].name
                                                : hashes[i - NCIPHERS - NAEADS].name;
        const char *impl = axiom_impl(n);
        TU_ASSERT(impl != NULL, "impl(%s)", n);
        int found = 0;
        size_t idx = 0;
        for (; idx < 64 && axiom_kernel_info(n, idx, &k, NULL, NULL) == AXIOM_OK; idx++)
            found |= strcmp(k, impl) == 0;
        TU_ASSERT(idx > 0 && idx < 64, "%s: %zu kernels", n, idx);
        TU_ASSERT(found, "%s: impl '%s' not among its kernels", n, impl);
        TU_ASSERT_RC(axiom_kernel_info(n, idx, &k, NULL, NULL), AXIOM_ENOTFOUND, "%s: past end",
                     n);
    }
    /* Disable: bits go away for good; existing contexts keep working and
     * new ones give the same results. */
    const calg *a = &ciphers[2]; /* aes-128-ctr */
    uint8_t pt[100], r1[100], r2[100], r3[100];
    tu_rand_bytes(pt, sizeof pt);
    axiom_cipher_ctx *old = cipher_keyed(a, AXIOM_ENCRYPT, g_iv);
    TU_ASSERT_RC(axiom_cipher_update(old, r1, pt, 50), AXIOM_OK, "old");
    TU_ASSERT_RC(axiom_cpu_disable(f), AXIOM_OK, "disable");
    TU_ASSERT(axiom_cpu_features() == 0, "features after disable(all): %" PRIx64,
              axiom_cpu_features());
    TU_ASSERT_RC(axiom_cpu_disable(0), AXIOM_OK, "disable(0)");
    TU_ASSERT_RC(axiom_cpu_disable(~UINT64_C(0)), AXIOM_OK, "disable(~0)");
    TU_ASSERT(axiom_cpu_features() == 0, "features came back");
    TU_ASSERT_RC(axiom_cipher_update(old, r1 + 50, pt + 50, 50), AXIOM_OK, "old");
    cipher_oneshot(a, AXIOM_ENCRYPT, g_iv, r2, pt, 100);
    TU_ASSERT_MEM_EQ(r1, r2, 100, "old context vs portable kernel");
    TU_ASSERT_RC(axiom_kernel_info(a->name, 0, &k, NULL, NULL), AXIOM_OK, "info");
    uint64_t need = 0;
    const char *impl = axiom_impl(a->name);
    for (size_t idx = 0; axiom_kernel_info(a->name, idx, &k, &need, NULL) == AXIOM_OK; idx++)
        if (strcmp(k, impl) == 0)
            break;
    TU_ASSERT(need == 0, "after disable(all) %s uses '%s' needing %" PRIx64, a->name, impl, need);
    axiom_cipher_free(old);
    (void)r3;
}
END_TEST

/* Features seen by a fresh process with AXIOM_CPU_DISABLE=@dis. */
static uint64_t child_features(const char *dis)
{
    int fd[2];
    TU_ASSERT(pipe(fd) == 0, "pipe");
    pid_t pid = fork();
    TU_ASSERT(pid >= 0, "fork");
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        setenv("AXIOM_CPU_DISABLE", dis, 1);
        tu_exec_self("--features", NULL);
    }
    close(fd[1]);
    char line[64] = { 0 };
    ssize_t r = read(fd[0], line, sizeof line - 1);
    close(fd[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    TU_ASSERT(r > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0, "child with '%s' failed", dis);
    return strtoull(line, NULL, 16);
}

/* AXIOM_CPU_DISABLE: comma-separated names, `all`, unknown names ignored. */
START_TEST(test_cpu_disable_env)
{
    uint64_t none = child_features("");
    TU_ASSERT(child_features("nosuchfeature") == none, "an unknown name changed the features");
    TU_ASSERT(child_features("all") == 0, "all");
    TU_ASSERT(child_features("nosuch,aesni,bogus") == child_features("aesni"),
              "unknown names around a known one");
    uint64_t noaes = child_features("aesni");
    TU_ASSERT(!(noaes & AXIOM_CPU_AESNI), "aesni still set");
    TU_ASSERT((noaes & ~none) == 0, "disabling added features");
    uint64_t two = child_features("shani,gfni");
    TU_ASSERT(!(two & (AXIOM_CPU_SHANI | AXIOM_CPU_GFNI)), "shani,gfni still set");
    TU_ASSERT(two == (none & ~(AXIOM_CPU_SHANI | AXIOM_CPU_GFNI)),
              "shani,gfni took away more: %" PRIx64 " vs %" PRIx64, two, none);
}
END_TEST

/* ---- the stricter API ---------------------------------------------------- */

/* cipher.h: init with key NULL and a nonzero keylen is AXIOM_EINVAL (it
 * used to keep the old key silently); the context is unchanged. */
START_TEST(test_cipher_init_keylen_without_key)
{
    uint8_t pt[64], ct[64], out[64];
    tu_rand_bytes(pt, sizeof pt);
    for (size_t i = 0; i < NCIPHERS; i++) {
        const calg *a = &ciphers[i];
        const size_t len = a->m == M_XTS || block_only(a) ? 64 : 50;
        axiom_cipher_ctx *c = cipher_keyed(a, AXIOM_ENCRYPT, g_iv);
        TU_ASSERT_RC(axiom_cipher_update(c, ct, pt, len), AXIOM_OK, "%s", a->name);
        static const size_t kls[] = { 1, 16, 32, 64 };
        for (size_t k = 0; k < sizeof kls / sizeof kls[0]; k++) {
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, kls[k], a->ivlen ? g_iv : NULL,
                                           a->ivlen),
                         AXIOM_EINVAL, "%s: init(NULL key, keylen %zu)", a->name, kls[k]);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, NULL, kls[k], a->ivlen ? g_iv : NULL,
                                           a->ivlen),
                         AXIOM_EINVAL, "%s: init(NULL key, keylen %zu)", a->name, kls[k]);
        }
        /* keylen 0 still means "keep the key". */
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, a->ivlen ? g_iv : NULL, a->ivlen),
                     AXIOM_OK, "%s: init(NULL key, 0)", a->name);
        TU_ASSERT_RC(axiom_cipher_update(c, out, pt, len), AXIOM_OK, "%s", a->name);
        TU_ASSERT_MEM_EQ(out, ct, len, "%s: key kept", a->name);
        axiom_cipher_free(c);
    }
}
END_TEST

/* hash.h: no digest may overlap a message or another digest (EINVAL,
 * nothing written); messages may overlap each other; with more messages
 * than the stack holds, too. */
START_TEST(test_hash_many_overlap)
{
    enum { N = 40 };
    static uint8_t buf[8192], snap[8192];
    uint8_t dg[N][32], ref[32];
    uint8_t *outs[N];
    const void *ms[N];
    size_t ls[N];
    axiom_hmac_ctx *hc = NULL;
    TU_ASSERT_RC(axiom_hmac_new(&hc, "sha256"), AXIOM_OK, "hmac_new");
    TU_ASSERT_RC(axiom_hmac_setkey(hc, g_key, 32), AXIOM_OK, "setkey");
    for (size_t n = 3; n <= N; n += N - 3) {
        for (int hm = 0; hm < 2; hm++) {
            tu_rand_bytes(buf, sizeof buf);
            /* Disjoint digests and overlapping messages: accepted. */
            for (size_t k = 0; k < n; k++) {
                outs[k] = dg[k];
                ms[k] = buf + 50 * k;
                ls[k] = 100 + k;
            }
            int rc = hm ? axiom_hmac_many(hc, outs, 32, ms, ls, n)
                        : axiom_hash_many("sha256", outs, 32, ms, ls, n);
            TU_ASSERT_RC(rc, AXIOM_OK, "%s, %zu overlapping messages", hm ? "hmac" : "hash", n);
            for (size_t k = 0; k < n; k += n - 1) {
                if (hm)
                    TU_ASSERT_RC(axiom_hmac("sha256", ref, 32, g_key, 32, ms[k], ls[k]),
                                 AXIOM_OK, "hmac");
                else
                    TU_ASSERT_RC(axiom_hash("sha256", ref, 32, ms[k], ls[k]), AXIOM_OK, "hash");
                TU_ASSERT_MEM_EQ(dg[k], ref, 32, "%s many[%zu]", hm ? "hmac" : "hash", k);
            }
            /* A digest inside a message (first byte, last byte, middle),
             * of the first or the last entry, and two digests sharing a
             * byte. */
            const size_t last = n - 1;
            struct {
                size_t who;
                uint8_t *where;
            } bad[] = {
                { 0, buf + 50 * last + 100 + last - 1 },    /* over a message's last byte */
                { last, buf + 10 },                         /* inside the first message */
                { last, buf + 50 * last - 31 },             /* over a message's first byte */
                { 0, buf + 4096 },                          /* no message: vs digest 1 */
            };
            for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
                for (size_t k = 0; k < n; k++)
                    outs[k] = dg[k];
                outs[bad[b].who] = bad[b].where;
                if (b == 3)
                    outs[1] = buf + 4096 + 31; /* shares one byte with outs[0] */
                memcpy(snap, buf, sizeof buf);
                memset(dg, 0x6b, sizeof dg);
                rc = hm ? axiom_hmac_many(hc, outs, 32, ms, ls, n)
                        : axiom_hash_many("sha256", outs, 32, ms, ls, n);
                TU_ASSERT_RC(rc, AXIOM_EINVAL, "%s, %zu messages, overlap case %zu",
                             hm ? "hmac" : "hash", n, b);
                TU_ASSERT_MEM_EQ(buf, snap, sizeof buf, "overlap case %zu wrote", b);
                for (size_t k = 0; k < n; k++)
                    for (size_t j = 0; j < 32; j++)
                        TU_ASSERT(dg[k][j] == 0x6b, "overlap case %zu wrote digest %zu", b, k);
            }
            /* Touching but not overlapping: accepted. */
            for (size_t k = 0; k < n; k++)
                outs[k] = dg[k];
            outs[0] = buf + 50 * last + 100 + last; /* right after the last message */
            rc = hm ? axiom_hmac_many(hc, outs, 32, ms, ls, n)
                    : axiom_hash_many("sha256", outs, 32, ms, ls, n);
            TU_ASSERT_RC(rc, AXIOM_OK, "%s: a digest right after a message", hm ? "hmac" : "hash");
        }
    }
    axiom_hmac_free(hc);
}
END_TEST

/* The overlap rule against its definition, pair by pair: random layouts
 * in a small arena (so that overlaps, touching ranges, equal starts and
 * empty messages are common), digests and messages in any address order,
 * up to 40 entries (the sort by insertion and the allocated ranges beyond
 * the stack's 32 entries). */
START_TEST(test_hash_many_overlap_random)
{
    enum { N = 40, ARENA = 1536 };
    static uint8_t arena[ARENA + 64];
    uint8_t *outs[N];
    const void *ms[N];
    size_t ls[N];
    for (int trial = 0; trial < 3000; trial++) {
        const size_t n = (size_t)tu_rand_range(1, N);
        const int spread = tu_rand_range(0, 1); /* 0: crowded, 1: mostly apart */
        const size_t span = spread ? ARENA - 64 : 200;
        for (size_t k = 0; k < n; k++) {
            outs[k] = arena + tu_rand_range(0, (int)span);
            ms[k] = arena + tu_rand_range(0, (int)span);
            ls[k] = (size_t)tu_rand_range(0, 3) ? (size_t)tu_rand_range(0, 64) : 0;
        }
        int want_ok = 1;
        for (size_t k = 0; k < n && want_ok; k++) {
            const uint8_t *o = outs[k];
            for (size_t j = 0; j < n && want_ok; j++) {
                const uint8_t *m = ms[j];
                if (ls[j] && o < m + ls[j] && m < o + 32)
                    want_ok = 0;
                if (j != k && outs[j] < o + 32 && o < outs[j] + 32)
                    want_ok = 0;
            }
        }
        const int rc = axiom_hash_many("sha256", outs, 32, ms, ls, n);
        TU_ASSERT_RC(rc, want_ok ? AXIOM_OK : AXIOM_EINVAL, "trial %d, %zu entries", trial, n);
    }
}
END_TEST

/* util.h: axiom_memeq is 1 for equal bytes, 0 otherwise, for every
 * position of a difference and every bit. */
START_TEST(test_memeq)
{
    uint8_t a[80], b[80];
    tu_rand_bytes(a, sizeof a);
    TU_ASSERT(axiom_memeq(NULL, NULL, 0) == 1, "n 0");
    for (size_t n = 0; n <= sizeof a; n++) {
        memcpy(b, a, n);
        TU_ASSERT(axiom_memeq(a, b, n) == 1, "equal, n %zu", n);
        for (size_t i = 0; i < n; i++)
            for (int bit = 0; bit < 8; bit++) {
                b[i] ^= (uint8_t)(1u << bit);
                TU_ASSERT(axiom_memeq(a, b, n) == 0, "n %zu, byte %zu bit %d", n, i, bit);
                TU_ASSERT(axiom_memeq(b, a, n) == 0, "n %zu, byte %zu bit %d", n, i, bit);
                b[i] ^= (uint8_t)(1u << bit);
            }
        TU_ASSERT(axiom_memeq(b, b, n) == 1, "same pointer");
    }
}
END_TEST

/* hash.h: axiom_hmac_verify accepts exactly the right tag (any length
 * from 1 to the digest size, the tag anywhere, right after the message
 * included) and reports errors as axiom_hmac. */
START_TEST(test_hmac_verify)
{
    uint8_t key[70], msg[300], mac[64];
    tu_rand_bytes(key, sizeof key);
    /* The "other key" below is this one less its last byte: HMAC pads a
     * key shorter than the block with zeros, so with a zero last byte the
     * two are the same key for SHA-384/512 (128-byte blocks). */
    key[sizeof key - 1] |= 1;
    tu_rand_bytes(msg, sizeof msg);
    for (size_t hi = 0; hi < NHASHES; hi++) {
        const char *h = hashes[hi].name;
        const size_t dl = hashes[hi].len;
        TU_ASSERT_RC(axiom_hmac(h, mac, dl, key, sizeof key, msg, 200), AXIOM_OK, "%s", h);
        for (size_t ml = 1; ml <= dl; ml++) {
            TU_ASSERT_RC(axiom_hmac_verify(h, mac, ml, key, sizeof key, msg, 200), AXIOM_OK,
                         "%s: maclen %zu", h, ml);
            for (size_t i = 0; i < ml; i++) {
                mac[i] ^= 0x10;
                TU_ASSERT_RC(axiom_hmac_verify(h, mac, ml, key, sizeof key, msg, 200), AXIOM_EAUTH,
                             "%s: maclen %zu, byte %zu flipped", h, ml, i);
                mac[i] ^= 0x10;
            }
        }
        TU_ASSERT_RC(axiom_hmac_verify(h, mac, dl, key, sizeof key - 1, msg, 200), AXIOM_EAUTH,
                     "%s: other key", h);
        TU_ASSERT_RC(axiom_hmac_verify(h, mac, dl, key, sizeof key, msg, 199), AXIOM_EAUTH,
                     "%s: other message", h);
        /* The tag inside the message it authenticates. */
        memcpy(msg + 200, mac, dl);
        TU_ASSERT_RC(axiom_hmac_verify(h, msg + 200, dl, key, sizeof key, msg, 200), AXIOM_OK,
                     "%s: tag after the message", h);
        /* Empty key and message. */
        TU_ASSERT_RC(axiom_hmac(h, mac, dl, NULL, 0, NULL, 0), AXIOM_OK, "%s", h);
        TU_ASSERT_RC(axiom_hmac_verify(h, mac, dl, NULL, 0, NULL, 0), AXIOM_OK, "%s: empty", h);
        /* Errors, as axiom_hmac. */
        TU_ASSERT_RC(axiom_hmac_verify(h, mac, 0, key, 16, msg, 10), AXIOM_ELENGTH, "%s", h);
        TU_ASSERT_RC(axiom_hmac_verify(h, mac, dl + 1, key, 16, msg, 10), AXIOM_ELENGTH, "%s", h);
        TU_ASSERT_RC(axiom_hmac_verify(h, NULL, dl, key, 16, msg, 10), AXIOM_EINVAL, "%s", h);
        TU_ASSERT_RC(axiom_hmac_verify(h, mac, dl, NULL, 16, msg, 10), AXIOM_EINVAL, "%s", h);
        TU_ASSERT_RC(axiom_hmac_verify(h, mac, dl, key, 16, NULL, 10), AXIOM_EINVAL, "%s", h);
    }
    TU_ASSERT_RC(axiom_hmac_verify(NULL, mac, 16, key, 16, msg, 10), AXIOM_EINVAL, "NULL hash");
    TU_ASSERT_RC(axiom_hmac_verify("md5", mac, 16, key, 16, msg, 10), AXIOM_ENOTFOUND, "md5");
}
END_TEST

static Suite *contract_suite(void)
{
    Suite *s = suite_create("api_contract");
    TCase *tc = tcase_create("contract");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_error_codes_and_strerror);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_free_null);
    tcase_add_test(tc, test_cipher_order_and_args);
    tcase_add_test(tc, test_cipher_inplace_split);
    tcase_add_test(tc, test_xts_units);
    tcase_add_test(tc, test_ctr_wrap);
    tcase_add_test(tc, test_chacha20_counter);
    tcase_add_test(tc, test_aead_contract);
    tcase_add_test(tc, test_aead_buffer_placement);
    tcase_add_test(tc, test_aead_ad_in_output);
    tcase_add_test(tc, test_aead_long_nonce_in_output);
    tcase_add_test(tc, test_aead_tag_over_inputs);
    tcase_add_test(tc, test_length_limits);
    tcase_add_test(tc, test_gcm_stream_contract);
    tcase_add_test(tc, test_hash_contract);
    tcase_add_test(tc, test_cipher_init_keylen_without_key);
    tcase_add_test(tc, test_hash_many_overlap);
    tcase_add_test(tc, test_hash_many_overlap_random);
    tcase_add_test(tc, test_memeq);
    tcase_add_test(tc, test_hmac_verify);
    tcase_add_test(tc, test_hmac_contract);
    tcase_add_test(tc, test_hkdf_contract);
    tcase_add_test(tc, test_drbg_contract);
    tcase_add_test(tc, test_random_args);
    tcase_add_test(tc, test_random_threads);
    tcase_add_test(tc, test_random_fork);
#if defined(__linux__) && defined(__x86_64__)
    tcase_add_test(tc, test_entropy_failure);
#endif
    tcase_add_test(tc, test_cpu_disable_env);
    tcase_add_test(tc, test_cpu_contract);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--features") == 0) { /* child_features() */
        printf("%" PRIx64 "\n", axiom_cpu_features());
        return 0;
    }
    tu_init("test_api_contract");
    return tu_run_suite(contract_suite());
}
