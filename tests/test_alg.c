/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests of axiom_alg_info(), axiom_keygen() and the combined-mode AEAD
 * calls: every length the info reports is checked against what the
 * cipher, AEAD, hash and HMAC calls really accept (so the two cannot
 * disagree), the struct's size handshake, key generation, and combined
 * seal/open against the detached calls. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "testutil.h"

static const char *const cipher_names[] = { TU_CIPHER_NAMES };
static const char *const aead_names[] = { TU_AEAD_NAMES };
static const char *const hash_names[] = { "sha224", "sha256", "sha384", "sha512",
                                          "sha512-256" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

static int in_mask(uint64_t mask, size_t n)
{
    return n < 64 && ((mask >> n) & 1);
}

/* Whether the info accepts a length: the mask below 64, the range above. */
static int accepts(uint64_t mask, size_t min, size_t max, size_t n)
{
    if (n < 64)
        return in_mask(mask, n);
    return n >= min && n <= max;
}

static void info_of(const char *name, struct axiom_alg_info *in)
{
    memset(in, 0xa5, sizeof *in);
    in->size = sizeof *in;
    TU_ASSERT_RC(axiom_alg_info(name, in), AXIOM_OK, "alg_info(%s)", name);
    TU_ASSERT(in->size == sizeof *in, "%s: size", name);
    for (size_t i = 0; i < N(in->reserved); i++)
        TU_ASSERT(in->reserved[i] == 0, "%s: reserved[%zu]", name, i);
    TU_ASSERT(in->reserved_int == 0, "%s: reserved_int", name);
    TU_ASSERT(in->key_min <= in->key_default && in->key_default <= in->key_max,
              "%s: key lengths", name);
    TU_ASSERT(in->iv_min <= in->iv_default && in->iv_default <= in->iv_max, "%s: iv lengths",
              name);
    TU_ASSERT(in->tag_min <= in->tag_default && in->tag_default <= in->tag_max,
              "%s: tag lengths", name);
    TU_ASSERT(accepts(in->key_lengths, in->key_min, in->key_max, in->key_default) ||
                  in->key_default == 0,
              "%s: default key length not accepted", name);
}

/* ---- ciphers --------------------------------------------------------------- */

START_TEST(test_cipher_info)
{
    const char *name = cipher_names[_i];
    struct axiom_alg_info in;
    info_of(name, &in);
    TU_ASSERT(in.kind == AXIOM_ALG_CIPHER, "%s: kind %d", name, in.kind);
    TU_ASSERT(in.tag_max == 0 && in.tag_lengths == 0, "%s: a cipher has no tag", name);
    uint8_t key[80], iv[40];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    /* XTS refuses equal halves; random ones differ. */
    axiom_cipher_ctx *c;
    int rc0 = axiom_cipher_new(&c, name);
    if (rc0 == AXIOM_ENOTCT)
        return; /* refused under the constant-time policy */
    TU_ASSERT_RC(rc0, AXIOM_OK, "%s", name);
    for (size_t kl = 0; kl < sizeof key; kl++) {
        int rc = axiom_cipher_init(c, AXIOM_ENCRYPT, key, kl, iv, in.iv_default);
        int want = accepts(in.key_lengths, in.key_min, in.key_max, kl);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_EKEYLEN,
                  "%s: key of %zu bytes: info says %d, init returned %s", name, kl, want,
                  tu_errname(rc));
    }
    for (size_t il = 0; il < sizeof iv; il++) {
        int rc = axiom_cipher_init(c, AXIOM_ENCRYPT, key, in.key_default, il ? iv : NULL, il);
        int want = accepts(in.iv_lengths, in.iv_min, in.iv_max, il);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_EIVLEN,
                  "%s: IV of %zu bytes: info says %d, init returned %s", name, il, want,
                  tu_errname(rc));
    }
    /* The block: ECB/CBC take multiples of it only. */
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, in.key_default, iv, in.iv_default),
                 AXIOM_OK, "%s", name);
    uint8_t buf[64] = { 0 };
    int rc = axiom_cipher_update(c, buf, buf, in.block == 1 ? 17 : 16);
    TU_ASSERT_RC(rc, AXIOM_OK, "%s: one block of %zu", name, in.block);
    if (in.block > 1 && strstr(name, "xts") == NULL) {
        TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, 17), AXIOM_ELENGTH,
                     "%s: block %zu but 17 bytes accepted", name, in.block);
    }
    axiom_cipher_free(c);
}
END_TEST

/* ---- AEADs ------------------------------------------------------------------- */

START_TEST(test_aead_info)
{
    const char *name = aead_names[_i];
    axiom_aead_ctx *c;
    int rc = axiom_aead_new(&c, name);
    struct axiom_alg_info in = AXIOM_ALG_INFO_INIT;
    if (rc == AXIOM_ENOTCT) {
        /* Refused under the constant-time policy: the lengths are still
         * described. */
        TU_ASSERT_RC(axiom_alg_info(name, &in), AXIOM_OK, "%s", name);
        TU_ASSERT(in.kind == AXIOM_ALG_AEAD, "%s: kind", name);
        return;
    }
    TU_ASSERT_RC(rc, AXIOM_OK, "%s", name);
    info_of(name, &in);
    TU_ASSERT(in.kind == AXIOM_ALG_AEAD, "%s: kind", name);
    uint8_t key[80], nonce[80], buf[64], tag[64];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    nonce[0] &= 0x7f; /* MGM's nonce has its top bit clear; any nonce for the others */
    tu_rand_bytes(buf, sizeof buf);
    for (size_t kl = 0; kl < sizeof key; kl++) {
        rc = axiom_aead_setkey(c, key, kl);
        int want = accepts(in.key_lengths, in.key_min, in.key_max, kl);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_EKEYLEN,
                  "%s: key of %zu bytes: info %d, setkey %s", name, kl, want, tu_errname(rc));
    }
    TU_ASSERT_RC(axiom_aead_setkey(c, key, in.key_default), AXIOM_OK, "%s", name);
    for (size_t nl = 0; nl < sizeof nonce; nl++) {
        rc = axiom_aead_seal(c, buf, tag, in.tag_default, nonce, nl, NULL, 0, buf, 20);
        int want = accepts(in.iv_lengths, in.iv_min, in.iv_max, nl);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_EIVLEN,
                  "%s: nonce of %zu bytes: info %d, seal %s", name, nl, want, tu_errname(rc));
    }
    for (size_t tl = 0; tl < sizeof tag; tl++) {
        rc = axiom_aead_seal(c, buf, tag, tl, nonce, in.iv_default, NULL, 0, buf, 20);
        int want = accepts(in.tag_lengths, in.tag_min, in.tag_max, tl);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_ETAGLEN,
                  "%s: tag of %zu bytes: info %d, seal %s", name, tl, want, tu_errname(rc));
    }
    /* AEGIS: the one nonce length of the variant, and the longer of its
     * two tags (not truncations of each other: tag_max). */
    const size_t want_nonce = strncmp(name, "xchacha", 7) == 0           ? 24
                              : strcmp(name, "xaes-256-gcm") == 0        ? 24
                              : strcmp(name, "kuznyechik-mgm") == 0      ? 16
                              : TU_AEAD_NO_AD(name)                      ? 16
                              : strncmp(name, "aegis-128", 9) == 0       ? 16
                              : strncmp(name, "aegis-256", 9) == 0       ? 32
                                                                         : 12;
    TU_ASSERT(in.iv_default == want_nonce, "%s: default nonce %zu", name, in.iv_default);
    TU_ASSERT(in.tag_default == (strncmp(name, "aegis-", 6) == 0 ? 32 : 16), "%s: default tag",
              name);
    TU_ASSERT(in.max_message > 0, "%s: max message", name);
    axiom_aead_free(c);
}
END_TEST

/* ---- hashes and HMAC ------------------------------------------------------------ */

START_TEST(test_hash_info)
{
    const char *name = hash_names[_i];
    struct axiom_alg_info in;
    info_of(name, &in);
    TU_ASSERT(in.kind == AXIOM_ALG_HASH, "%s: kind", name);
    TU_ASSERT(in.key_max == 0 && in.iv_max == 0, "%s: no key, no IV", name);
    uint8_t d[130];
    for (size_t dl = 0; dl < sizeof d; dl++) {
        int rc = axiom_hash(name, d, dl, "abc", 3);
        int want = accepts(in.tag_lengths, in.tag_min, in.tag_max, dl);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_ELENGTH, "%s: digest %zu", name, dl);
    }
    TU_ASSERT(in.block == (in.tag_default == 28 || strcmp(name, "sha256") == 0 ? 64u : 128u),
              "%s: block %zu", name, in.block);

    char hmac[32];
    snprintf(hmac, sizeof hmac, "HMAC-%s", name);
    info_of(hmac, &in);
    TU_ASSERT(in.kind == AXIOM_ALG_MAC, "%s: kind", hmac);
    TU_ASSERT(in.key_min == 0 && in.key_max == SIZE_MAX, "%s: any key", hmac);
    for (size_t ml = 0; ml < sizeof d; ml++) {
        int rc = axiom_hmac(name, d, ml, d, 5, "abc", 3);
        int want = accepts(in.tag_lengths, in.tag_min, in.tag_max, ml);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_ELENGTH, "%s: mac %zu", hmac, ml);
    }
    TU_ASSERT(in.key_default == in.tag_max, "%s: default key = digest length", hmac);
}
END_TEST

/* ---- the other MACs (CMAC, OMAC-ACPKM) ------------------------------------------- */

static const char *const cmac_names[] = { "aes-128-cmac", "aes-192-cmac", "aes-256-cmac",
                                          "sm4-cmac", "kuznyechik-cmac", "kuznyechik-omac-acpkm",
                                          "kuznyechik-omac-acpkm-32-96" };
static const size_t cmac_keys[] = { 16, 24, 32, 16, 32, 32, 32 };

/* What axiom_alg_info says of a CMAC or OMAC-ACPKM name is what axiom_mac
 * accepts. */
START_TEST(test_cmac_info)
{
    const char *name = cmac_names[_i];
    struct axiom_alg_info in;
    info_of(name, &in);
    TU_ASSERT(in.kind == AXIOM_ALG_MAC, "%s: kind", name);
    TU_ASSERT(in.key_min == cmac_keys[_i] && in.key_max == cmac_keys[_i] &&
                  in.key_default == cmac_keys[_i], "%s: key %zu..%zu", name, in.key_min,
              in.key_max);
    TU_ASSERT(in.iv_max == 0 && in.iv_lengths == 0, "%s: no nonce", name);
    TU_ASSERT(in.tag_min == 1 && in.tag_max == 16 && in.tag_default == 16, "%s: tags", name);
    TU_ASSERT(in.block == 16, "%s: block %zu", name, in.block);
    uint8_t key[64] = { 0 }, tag[20];
    for (size_t kl = 0; kl < 40; kl++) {
        int rc = axiom_mac(name, tag, 16, key, kl, "abc", 3);
        int want = accepts(in.key_lengths, in.key_min, in.key_max, kl);
        TU_ASSERT(want ? rc == AXIOM_OK : rc != AXIOM_OK, "%s: key %zu gives %d", name, kl, rc);
    }
    for (size_t tl = 0; tl < sizeof tag; tl++) {
        int rc = axiom_mac(name, tag, tl, key, cmac_keys[_i], "abc", 3);
        int want = accepts(in.tag_lengths, in.tag_min, in.tag_max, tl);
        TU_ASSERT(want ? rc == AXIOM_OK : rc != AXIOM_OK, "%s: tag %zu gives %d", name, tl, rc);
    }
    uint8_t k[64];
    TU_ASSERT_RC(axiom_keygen(name, k, cmac_keys[_i]), AXIOM_OK, "%s: keygen", name);
    /* alg.h: keygen takes exactly the key lengths the name accepts. */
    for (size_t kl = 1; kl < sizeof k; kl++) {
        int want = accepts(in.key_lengths, in.key_min, in.key_max, kl) ? AXIOM_OK : AXIOM_EKEYLEN;
        TU_ASSERT_RC(axiom_keygen(name, k, kl), want, "%s: keygen of %zu bytes", name, kl);
    }
}
END_TEST

/* The AEGIS-MAC names: keygen takes the key length alg_info reports
 * (16 or 32 bytes) and no other, as axiom_mac_init does. */
START_TEST(test_aegis_mac_keygen)
{
    static const char *const names[] = { "aegis-128l-mac", "aegis-128x4-mac", "aegis-256-mac",
                                         "aegis-256x2-mac" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        struct axiom_alg_info in;
        info_of(names[i], &in);
        const size_t kl0 = strstr(names[i], "-256") ? 32 : 16;
        TU_ASSERT(in.kind == AXIOM_ALG_MAC && in.key_min == kl0 && in.key_max == kl0,
                  "%s: key %zu..%zu", names[i], in.key_min, in.key_max);
        uint8_t k[64];
        for (size_t kl = 1; kl < sizeof k; kl++)
            TU_ASSERT_RC(axiom_keygen(names[i], k, kl), kl == kl0 ? AXIOM_OK : AXIOM_EKEYLEN,
                         "%s: keygen of %zu bytes", names[i], kl);
    }
}
END_TEST

/* The AEGIS-MAC names (api.md: keys of 16 or 32 bytes, a nonce of the
 * key's length or none, tags of 16 or 32 bytes): what axiom_alg_info says
 * is what axiom_mac_init and axiom_mac_final accept.  "No nonce" is not
 * a 0-byte nonce, so the nonce mask holds the key's length alone and that
 * is the shortest nonce too. */
static const char *const aegis_mac_names[] = { "aegis-128l-mac", "aegis-128x2-mac",
                                               "aegis-128x4-mac", "aegis-256-mac",
                                               "aegis-256x2-mac", "aegis-256x4-mac" };

START_TEST(test_aegis_mac_info)
{
    const char *name = aegis_mac_names[_i];
    const size_t kl = strstr(name, "-256") ? 32 : 16;
    struct axiom_alg_info in;
    info_of(name, &in);
    TU_ASSERT(in.kind == AXIOM_ALG_MAC, "%s: kind %d", name, in.kind);
    TU_ASSERT(in.key_min == kl && in.key_max == kl && in.key_default == kl &&
                  in.key_lengths == UINT64_C(1) << kl,
              "%s: key %zu..%zu mask %#llx", name, in.key_min, in.key_max,
              (unsigned long long)in.key_lengths);
    TU_ASSERT(in.iv_min == kl && in.iv_max == kl && in.iv_default == kl &&
                  in.iv_lengths == UINT64_C(1) << kl,
              "%s: nonce %zu..%zu mask %#llx", name, in.iv_min, in.iv_max,
              (unsigned long long)in.iv_lengths);
    TU_ASSERT(in.tag_min == 16 && in.tag_max == 32 && in.tag_default == 32 &&
                  in.tag_lengths == ((UINT64_C(1) << 16) | (UINT64_C(1) << 32)),
              "%s: tag %zu..%zu mask %#llx", name, in.tag_min, in.tag_max,
              (unsigned long long)in.tag_lengths);
    uint8_t key[64] = { 7 }, nonce[64] = { 9 }, tag[64];
    axiom_mac_ctx *c;
    TU_ASSERT_RC(axiom_mac_new(&c, name), AXIOM_OK, "%s: new", name);
    for (size_t n = 0; n < 48; n++) {
        int want = accepts(in.key_lengths, in.key_min, in.key_max, n);
        int rc = axiom_mac_init(c, key, n, NULL, 0);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_EKEYLEN, "%s: key %zu gives %d", name, n,
                  rc);
    }
    TU_ASSERT_RC(axiom_mac_init(c, key, kl, NULL, 0), AXIOM_OK, "%s: no nonce", name);
    for (size_t n = 1; n < 48; n++) {
        int want = accepts(in.iv_lengths, in.iv_min, in.iv_max, n);
        int rc = axiom_mac_init(c, key, kl, nonce, n);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_EIVLEN, "%s: nonce %zu gives %d", name, n,
                  rc);
    }
    TU_ASSERT_RC(axiom_mac_init(c, key, kl, nonce, kl), AXIOM_OK, "%s: init", name);
    for (size_t n = 0; n < 48; n++) {
        int want = accepts(in.tag_lengths, in.tag_min, in.tag_max, n);
        int rc = axiom_mac_final(c, tag, n);
        TU_ASSERT(want ? rc == AXIOM_OK : rc == AXIOM_ETAGLEN, "%s: tag %zu gives %d", name, n,
                  rc);
    }
    axiom_mac_free(c);
}
END_TEST

/* ---- the struct handshake --------------------------------------------------------- */

START_TEST(test_info_size)
{
    /* A caller with room up to tag_default only: nothing past it. */
    const size_t small = offsetof(struct axiom_alg_info, tag_default) + sizeof(size_t);
    uint8_t buf[sizeof(struct axiom_alg_info) + 64];
    tu_fill_sentinel(buf, sizeof buf);
    struct axiom_alg_info *in = (struct axiom_alg_info *)(void *)buf;
    in->size = small;
    TU_ASSERT_RC(axiom_alg_info("aes-256-gcm", in), AXIOM_OK, "small");
    TU_ASSERT(in->key_default == 32 && in->iv_default == 12 && in->tag_default == 16, "values");
    TU_ASSERT(tu_check_sentinel_range(buf, small, sizeof buf) == (size_t)-1,
              "wrote past the caller's size");
    /* A newer caller's larger struct: the unknown tail is zeroed. */
    tu_fill_sentinel(buf, sizeof buf);
    in->size = sizeof buf;
    TU_ASSERT_RC(axiom_alg_info("aes-256-gcm", in), AXIOM_OK, "large");
    for (size_t i = sizeof(struct axiom_alg_info); i < sizeof buf; i++)
        TU_ASSERT(buf[i] == 0, "byte %zu of a larger struct not zeroed", i);
    /* Too small, NULL, unknown: EINVAL / ENOTFOUND and nothing written. */
    tu_fill_sentinel(buf, sizeof buf);
    in->size = small - 1;
    TU_ASSERT_RC(axiom_alg_info("aes-256-gcm", in), AXIOM_EINVAL, "too small");
    TU_ASSERT(tu_check_sentinel_range(buf, sizeof(size_t), sizeof buf) == (size_t)-1,
              "too small: written");
    in->size = sizeof(struct axiom_alg_info);
    static const char *const unknown[] = { "aes-512-gcm", "", "hmac-", "hmac-md5",
                                           "hmac-sha256-", "sha256-many", "hmacsha256" };
    for (size_t i = 0; i < N(unknown); i++) {
        tu_fill_sentinel(buf, sizeof buf);
        in->size = sizeof(struct axiom_alg_info);
        TU_ASSERT_RC(axiom_alg_info(unknown[i], in), AXIOM_ENOTFOUND, "'%s'", unknown[i]);
        TU_ASSERT(tu_check_sentinel_range(buf, sizeof(size_t), sizeof buf) == (size_t)-1,
                  "'%s': written", unknown[i]);
    }
    TU_ASSERT_RC(axiom_alg_info(NULL, in), AXIOM_EINVAL, "NULL name");
    TU_ASSERT_RC(axiom_alg_info("sha256", NULL), AXIOM_EINVAL, "NULL info");
    struct axiom_alg_info init = AXIOM_ALG_INFO_INIT;
    TU_ASSERT(init.size == sizeof init, "AXIOM_ALG_INFO_INIT");
}
END_TEST

/* ---- keygen ----------------------------------------------------------------------- */

START_TEST(test_keygen)
{
    uint8_t k1[64], k2[64];
    for (size_t i = 0; i < N(cipher_names) + N(aead_names); i++) {
        const char *name = i < N(cipher_names) ? cipher_names[i] : aead_names[i - N(cipher_names)];
        struct axiom_alg_info in = AXIOM_ALG_INFO_INIT;
        TU_ASSERT_RC(axiom_alg_info(name, &in), AXIOM_OK, "%s", name);
        size_t kl = in.key_default;
        TU_ASSERT_RC(axiom_keygen(name, k1, kl), AXIOM_OK, "%s", name);
        TU_ASSERT_RC(axiom_keygen(name, k2, kl), AXIOM_OK, "%s", name);
        TU_ASSERT(memcmp(k1, k2, kl) != 0, "%s: two keys equal", name);
        if (strstr(name, "xts"))
            TU_ASSERT(memcmp(k1, k1 + kl / 2, kl / 2) != 0, "%s: equal halves", name);
        /* The key works. */
        if (in.kind == AXIOM_ALG_CIPHER) {
            axiom_cipher_ctx *c;
            int rc = axiom_cipher_new(&c, name);
            if (rc == AXIOM_ENOTCT)
                continue; /* refused under the constant-time policy */
            TU_ASSERT_RC(rc, AXIOM_OK, "%s", name);
            uint8_t iv[16] = { 0 };
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, k1, kl, iv, in.iv_default),
                         AXIOM_OK, "%s: keygen key", name);
            axiom_cipher_free(c);
        } else {
            axiom_aead_ctx *c;
            int rc = axiom_aead_new(&c, name);
            if (rc == AXIOM_ENOTCT)
                continue; /* refused under the constant-time policy */
            TU_ASSERT_RC(rc, AXIOM_OK, "%s", name);
            TU_ASSERT_RC(axiom_aead_setkey(c, k1, kl), AXIOM_OK, "%s: keygen key", name);
            axiom_aead_free(c);
        }
        tu_fill_sentinel(k1, sizeof k1);
        TU_ASSERT_RC(axiom_keygen(name, k1, kl + 1), AXIOM_EKEYLEN, "%s: keylen + 1", name);
        TU_ASSERT_RC(axiom_keygen(name, k1, kl - 1), AXIOM_EKEYLEN, "%s: keylen - 1", name);
        TU_ASSERT_RC(axiom_keygen(name, k1, 0), AXIOM_EKEYLEN, "%s: keylen 0", name);
        TU_ASSERT_SENTINEL(k1, sizeof k1, "%s: wrong lengths", name);
    }
    tu_fill_sentinel(k1, sizeof k1);
    TU_ASSERT_RC(axiom_keygen("sha256", k1, 32), AXIOM_EKEYLEN, "a hash has no key");
    TU_ASSERT_RC(axiom_keygen("aes-1024-gcm", k1, 32), AXIOM_ENOTFOUND, "unknown");
    TU_ASSERT_RC(axiom_keygen(NULL, k1, 32), AXIOM_EINVAL, "NULL name");
    TU_ASSERT_RC(axiom_keygen("aes-128-gcm", NULL, 16), AXIOM_EINVAL, "NULL key");
    TU_ASSERT_RC(axiom_keygen("hmac-sha256", k1, 0), AXIOM_EKEYLEN, "hmac: empty key");
    TU_ASSERT_SENTINEL(k1, sizeof k1, "errors");
    /* HMAC: any length from 1. */
    for (size_t kl = 1; kl <= sizeof k1; kl += 7) {
        tu_fill_sentinel(k1, sizeof k1);
        TU_ASSERT_RC(axiom_keygen("hmac-sha512", k1, kl), AXIOM_OK, "hmac key %zu", kl);
        TU_ASSERT(tu_check_sentinel_range(k1, kl, sizeof k1) == (size_t)-1, "hmac %zu past", kl);
    }
}
END_TEST

/* ---- combined-mode AEAD ------------------------------------------------------------- */

START_TEST(test_combined)
{
    const char *name = aead_names[_i];
    axiom_aead_ctx *c;
    if (axiom_aead_new(&c, name) == AXIOM_ENOTCT)
        return; /* refused under the constant-time policy */
    struct axiom_alg_info in = AXIOM_ALG_INFO_INIT;
    TU_ASSERT_RC(axiom_alg_info(name, &in), AXIOM_OK, "%s", name);
    tu_rng_reset(name);
    uint8_t key[32], nonce[32], ad[40];
    tu_rand_bytes(key, in.key_default);
    tu_rand_bytes(nonce, sizeof nonce);
    nonce[0] &= 0x7f; /* MGM's nonce has its top bit clear; any nonce for the others */
    tu_rand_bytes(ad, sizeof ad);
    TU_ASSERT_RC(axiom_aead_setkey(c, key, in.key_default), AXIOM_OK, "%s", name);
    enum { MAX = 300 };
    uint8_t pt[MAX], ct[MAX + 16], tag[32], comb[MAX + 32], back[MAX + 32];
    for (size_t len = 0; len <= MAX; len += len < 40 ? 1 : 37) {
        size_t nl = in.iv_default;
        for (size_t tl = 1; tl <= 32; tl++) {
            if (!in_mask(in.tag_lengths, tl))
                continue;
            tu_rand_bytes(pt, len);
            size_t adl = TU_AEAD_NO_AD(name) ? 0 : len % 41;
            TU_ASSERT_RC(axiom_aead_seal(c, ct, tag, tl, nonce, nl, ad, adl, pt, len), AXIOM_OK,
                         "detached");
            tu_fill_sentinel(comb, sizeof comb);
            TU_ASSERT_RC(axiom_aead_seal_combined(c, comb, tl, nonce, nl, ad, adl, pt, len),
                         AXIOM_OK, "%s combined seal len %zu tag %zu", name, len, tl);
            TU_ASSERT_MEM_EQ(comb, ct, len, "%s: ciphertext", name);
            TU_ASSERT_MEM_EQ(comb + len, tag, tl, "%s: tag after the ciphertext", name);
            TU_ASSERT(tu_check_sentinel_range(comb, len + tl, sizeof comb) == (size_t)-1,
                      "%s: wrote past len + taglen", name);
            /* Open, out of place and in place. */
            tu_fill_sentinel(back, sizeof back);
            TU_ASSERT_RC(axiom_aead_open_combined(c, back, tl, nonce, nl, ad, adl, comb,
                                                  len + tl),
                         AXIOM_OK, "%s combined open len %zu", name, len);
            TU_ASSERT_MEM_EQ(back, pt, len, "%s: opened", name);
            TU_ASSERT(tu_check_sentinel_range(back, len, sizeof back) == (size_t)-1,
                      "%s: open wrote past len", name);
            memcpy(back, pt, len);
            TU_ASSERT_RC(axiom_aead_seal_combined(c, back, tl, nonce, nl, ad, adl, back, len),
                         AXIOM_OK, "in-place seal");
            TU_ASSERT_MEM_EQ(back, comb, len + tl, "%s: in-place seal", name);
            TU_ASSERT_RC(axiom_aead_open_combined(c, back, tl, nonce, nl, ad, adl, back,
                                                  len + tl),
                         AXIOM_OK, "in-place open");
            TU_ASSERT_MEM_EQ(back, pt, len, "%s: in-place open", name);
            /* Any flipped bit: EAUTH and the plaintext area zero. */
            size_t bit = tu_rand_range(0, 8 * (len + tl) - 1);
            comb[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            memset(back, 0x77, sizeof back);
            TU_ASSERT_RC(axiom_aead_open_combined(c, back, tl, nonce, nl, ad, adl, comb,
                                                  len + tl),
                         AXIOM_EAUTH, "%s: bit %zu flipped", name, bit);
            for (size_t i = 0; i < len; i++)
                TU_ASSERT(back[i] == 0, "%s: byte %zu of a failed open not wiped", name, i);
            TU_ASSERT(back[len] == 0x77, "%s: failed open wrote past len", name);
        }
    }
    /* Shorter than a tag: ELENGTH, nothing written; the earlier errors
     * keep their order. */
    tu_fill_sentinel(back, sizeof back);
    TU_ASSERT_RC(axiom_aead_open_combined(c, back, 16, nonce, in.iv_default, NULL, 0, comb, 15),
                 AXIOM_ELENGTH, "%s: 15 bytes", name);
    TU_ASSERT_RC(axiom_aead_open_combined(c, back, 16, nonce, in.iv_default, NULL, 0, NULL, 0),
                 AXIOM_ELENGTH, "%s: empty", name);
    size_t bad_tl = 1;
    while (in_mask(in.tag_lengths, bad_tl))
        bad_tl++;
    TU_ASSERT_RC(axiom_aead_open_combined(c, back, bad_tl, nonce, in.iv_default, NULL, 0, comb,
                                          3),
                 AXIOM_ETAGLEN, "%s: bad tag length (%zu) first", name, bad_tl);
    TU_ASSERT_RC(axiom_aead_open_combined(c, back, 16, nonce, 0, NULL, 0, comb, 3),
                 AXIOM_EIVLEN, "%s: bad nonce first", name);
    TU_ASSERT_RC(axiom_aead_open_combined(c, back, 16, nonce, in.iv_default, NULL, 0, NULL, 20),
                 AXIOM_EINVAL, "%s: NULL in", name);
    TU_ASSERT_RC(axiom_aead_seal_combined(c, NULL, 16, nonce, in.iv_default, NULL, 0, pt, 0),
                 AXIOM_EINVAL, "%s: NULL out", name);
    TU_ASSERT_RC(axiom_aead_seal_combined(c, back, 16, nonce, in.iv_default, NULL, 0, pt,
                                          SIZE_MAX - 3),
                 AXIOM_ELENGTH, "%s: overflowing length", name);
    TU_ASSERT_RC(axiom_aead_seal_combined(c, back + 1, 16, nonce, in.iv_default, NULL, 0, back,
                                          20),
                 AXIOM_EINVAL, "%s: overlap", name);
    TU_ASSERT_SENTINEL(back, sizeof back, "%s: errors wrote", name);
    axiom_aead_free(c);
    /* No key yet: ESTATE. */
    TU_ASSERT_RC(axiom_aead_new(&c, name), AXIOM_OK, "%s", name);
    TU_ASSERT_RC(axiom_aead_seal_combined(c, back, 16, nonce, in.iv_default, NULL, 0, pt, 5),
                 AXIOM_ESTATE, "%s: no key", name);
    TU_ASSERT_RC(axiom_aead_open_combined(c, back, 16, nonce, in.iv_default, NULL, 0, comb, 3),
                 AXIOM_ESTATE, "%s: no key, short", name);
    axiom_aead_free(c);
}
END_TEST

static Suite *alg_suite(void)
{
    Suite *s = suite_create("alg");
    TCase *tc = tcase_create("info");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_cipher_info, 0, (int)N(cipher_names));
    tcase_add_loop_test(tc, test_aead_info, 0, (int)N(aead_names));
    tcase_add_loop_test(tc, test_hash_info, 0, (int)N(hash_names));
    tcase_add_loop_test(tc, test_cmac_info, 0, (int)N(cmac_names));
    tcase_add_loop_test(tc, test_aegis_mac_info, 0, (int)N(aegis_mac_names));
    tcase_add_test(tc, test_aegis_mac_keygen);
    tcase_add_test(tc, test_info_size);
    tcase_add_test(tc, test_keygen);
    suite_add_tcase(s, tc);
    tc = tcase_create("combined");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_combined, 0, (int)N(aead_names));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_alg");
    return tu_run_suite(alg_suite());
}
