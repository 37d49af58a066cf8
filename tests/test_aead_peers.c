/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ChaCha20-Poly1305 and XChaCha20-Poly1305 with the AD (or the nonce)
 * inside the output, against OpenSSL (and libsodium when configure found
 * it), through the public API on the CPU tier that tests/tiers.sh sets:
 * the messages span the fused paths (up to 4 KiB + 17 bytes) and the AD
 * lies inside their first KiB, where those paths write before the AD is
 * MACed unless the generic layer sets it aside. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <axiom.h>
#include <openssl/evp.h>
#ifdef HAVE_SODIUM
#include <sodium.h>
#endif

#include "testutil.h"

/* ---- independent references ------------------------------------------- */

/* OpenSSL's ChaCha20-Poly1305 (RFC 8439) with separate buffers. */
static void ossl_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad,
                      size_t adlen, const uint8_t *pt, size_t len, uint8_t *ct, uint8_t tag[16])
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0;
    TU_ASSERT(c != NULL, "EVP_CIPHER_CTX_new");
    TU_ASSERT(EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key, nonce) == 1, "init");
    TU_ASSERT(EVP_EncryptUpdate(c, NULL, &n, ad, (int)adlen) == 1, "AD");
    TU_ASSERT(EVP_EncryptUpdate(c, ct, &n, pt, (int)len) == 1 && (size_t)n == len, "text");
    TU_ASSERT(EVP_EncryptFinal_ex(c, ct + len, &n) == 1 && n == 0, "final");
    TU_ASSERT(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1, "tag");
    EVP_CIPHER_CTX_free(c);
}

static uint32_t rotl(uint32_t x, int n)
{
    return (x << n) | (x >> (32 - n));
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* HChaCha20 (draft-irtf-cfrg-xchacha 2.2), written from the draft: the
 * ChaCha20 rounds over constants, key and the first 16 nonce bytes, no
 * final addition, words 0-3 and 12-15 out. */
static void ref_hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t n16[16])
{
    uint32_t x[16] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };
    for (int i = 0; i < 8; i++)
        x[4 + i] = le32(key + 4 * i);
    for (int i = 0; i < 4; i++)
        x[12 + i] = le32(n16 + 4 * i);
#define QR(a, b, c, d)                                                                   \
    x[a] += x[b], x[d] = rotl(x[d] ^ x[a], 16), x[c] += x[d], x[b] = rotl(x[b] ^ x[c], 12), \
    x[a] += x[b], x[d] = rotl(x[d] ^ x[a], 8), x[c] += x[d], x[b] = rotl(x[b] ^ x[c], 7)
    for (int r = 0; r < 10; r++) {
        QR(0, 4, 8, 12), QR(1, 5, 9, 13), QR(2, 6, 10, 14), QR(3, 7, 11, 15);
        QR(0, 5, 10, 15), QR(1, 6, 11, 12), QR(2, 7, 8, 13), QR(3, 4, 9, 14);
    }
#undef QR
    static const int w[8] = { 0, 1, 2, 3, 12, 13, 14, 15 };
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            out[4 * i + j] = (uint8_t)(x[w[i]] >> (8 * j));
}

/* XChaCha20-Poly1305: HChaCha20 subkey, then OpenSSL's ChaCha20-Poly1305
 * with the nonce 0^32 || the last 8 nonce bytes. */
static void ref_xseal(const uint8_t key[32], const uint8_t nonce[24], const uint8_t *ad,
                      size_t adlen, const uint8_t *pt, size_t len, uint8_t *ct, uint8_t tag[16])
{
    uint8_t sub[32], n12[12] = { 0 };
    ref_hchacha20(sub, key, nonce);
    memcpy(n12 + 4, nonce + 16, 8);
    ossl_seal(sub, n12, ad, adlen, pt, len, ct, tag);
}

START_TEST(test_hchacha20_vector)
{
    /* draft-irtf-cfrg-xchacha-03, 2.2.1. */
    uint8_t key[32], n16[16], want[32], got[32];
    TU_ASSERT(tu_hex_decode(key, 32, "000102030405060708090a0b0c0d0e0f"
                                     "101112131415161718191a1b1c1d1e1f") == 32, "hex");
    TU_ASSERT(tu_hex_decode(n16, 16, "000000090000004a0000000031415927") == 16, "hex");
    TU_ASSERT(tu_hex_decode(want, 32, "82413b4227b27bfed30e42508a877d73"
                                      "a0f9e4d58a74a853c12ec41326d3ecdc") == 32, "hex");
    ref_hchacha20(got, key, n16);
    TU_ASSERT_MEM_EQ(got, want, 32, "HChaCha20 reference");
}
END_TEST

/* ---- the cases ------------------------------------------------------- */

enum { MAXLEN = 4096 + 17, MARGIN = 1024 };

static void check_alg(int x)
{
    const char *name = x ? "xchacha20-poly1305" : "chacha20-poly1305";
    const size_t nl = x ? 24 : 12;
    static const size_t lens[] = { 4096, 4096 + 17, 1024, 1025, 2048 + 5, 3000 };
    static const size_t adlens[] = { 1, 13, 16, 100, 700, 1024 };
    uint8_t key[32], nonce[24], want_tag[16], tag[16];
    uint8_t *pt = malloc(MAXLEN), *want = malloc(MAXLEN + 16), *ad = malloc(1024);
    uint8_t *buf = malloc(MARGIN + MAXLEN + MARGIN), *adc = malloc(1024);
    TU_ASSERT(pt && want && ad && buf && adc, "malloc");
    uint8_t *const out = buf + MARGIN;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(pt, MAXLEN);
    tu_rand_bytes(ad, 1024);
    axiom_aead_ctx *c = NULL;
    TU_ASSERT_RC(axiom_aead_new(&c, name), AXIOM_OK, "%s", name);
    TU_ASSERT_RC(axiom_aead_setkey(c, key, 32), AXIOM_OK, "%s", name);
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        const size_t len = lens[li];
        for (size_t ai = 0; ai < sizeof adlens / sizeof adlens[0]; ai++) {
            const size_t al = adlens[ai];
            if (x)
                ref_xseal(key, nonce, ad, al, pt, len, want, want_tag);
            else
                ossl_seal(key, nonce, ad, al, pt, len, want, want_tag);
#ifdef HAVE_SODIUM
            if (x) {
                uint8_t st[16];
                unsigned long long tl = 0;
                TU_ASSERT(crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
                              buf, st, &tl, pt, len, ad, al, NULL, nonce, key) == 0 &&
                              tl == 16,
                          "libsodium");
                TU_ASSERT_MEM_EQ(buf, want, len, "libsodium vs reference, len %zu", len);
                TU_ASSERT_MEM_EQ(st, want_tag, 16, "libsodium vs reference tag, len %zu", len);
            }
#endif
            /* AD at the start, inside and at the end of the first KiB. */
            const size_t offs[] = { 0, 333 % (1024 - al + 1), 1024 - al };
            for (size_t oi = 0; oi < 3; oi++) {
                const size_t off = offs[oi];
                memset(buf, 0xa7, MARGIN + MAXLEN + MARGIN);
                memcpy(out + off, ad, al);
                TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, nonce, nl, out + off, al, pt, len),
                             AXIOM_OK, "%s seal", name);
                TU_ASSERT_MEM_EQ(out, want, len, "%s: len %zu, AD(%zu) at out + %zu", name, len,
                                 al, off);
                TU_ASSERT_MEM_EQ(tag, want_tag, 16, "%s: tag, len %zu, AD(%zu) at out + %zu",
                                 name, len, al, off);
                memcpy(out + off, ad, al);
                TU_ASSERT_RC(axiom_aead_open(c, out, want_tag, 16, nonce, nl, out + off, al, want,
                                             len),
                             AXIOM_OK, "%s: open, len %zu, AD(%zu) at out + %zu", name, len, al,
                             off);
                TU_ASSERT_MEM_EQ(out, pt, len, "%s: open, len %zu, AD(%zu) at out + %zu", name,
                                 len, al, off);
                /* In place, the AD inside the plaintext. */
                memcpy(out, pt, len);
                memcpy(adc, out + off, al);
                uint8_t t2[16];
                if (x)
                    ref_xseal(key, nonce, adc, al, pt, len, want, t2);
                else
                    ossl_seal(key, nonce, adc, al, pt, len, want, t2);
                TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, nonce, nl, out + off, al, out, len),
                             AXIOM_OK, "%s seal in place", name);
                TU_ASSERT_MEM_EQ(out, want, len, "%s: in place, len %zu, AD(%zu) at + %zu", name,
                                 len, al, off);
                TU_ASSERT_MEM_EQ(tag, t2, 16, "%s: in-place tag, len %zu, AD(%zu) at + %zu", name,
                                 len, al, off);
            }
            /* The nonce at the start of the output. */
            memset(buf, 0xa7, MARGIN + MAXLEN + MARGIN);
            memcpy(out, nonce, nl);
            if (x)
                ref_xseal(key, nonce, ad, al, pt, len, want, want_tag);
            else
                ossl_seal(key, nonce, ad, al, pt, len, want, want_tag);
            TU_ASSERT_RC(axiom_aead_seal(c, out, tag, 16, out, nl, ad, al, pt, len), AXIOM_OK,
                         "%s seal", name);
            TU_ASSERT_MEM_EQ(tag, want_tag, 16, "%s: tag, len %zu, nonce at out", name, len);
            TU_ASSERT_MEM_EQ(out, want, len, "%s: len %zu, nonce at out", name, len);
        }
    }
    axiom_aead_free(c);
    free(pt);
    free(want);
    free(ad);
    free(buf);
    free(adc);
}

START_TEST(test_chacha20_poly1305_vs_openssl)
{
    tu_rng_reset("cp-openssl");
    check_alg(0);
}
END_TEST

START_TEST(test_xchacha20_poly1305_vs_reference)
{
    tu_rng_reset("xcp-reference");
    check_alg(1);
}
END_TEST

int main(void)
{
    tu_init("test_aead_peers");
#ifdef HAVE_SODIUM
    if (sodium_init() < 0)
        return 99;
#endif
    Suite *s = suite_create("aead_peers");
    TCase *tc = tcase_create("peers");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_hchacha20_vector);
    tcase_add_test(tc, test_chacha20_poly1305_vs_openssl);
    tcase_add_test(tc, test_xchacha20_poly1305_vs_reference);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
