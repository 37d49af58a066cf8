/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box test of XAES-256-GCM's fused key derivations: for every GCM
 * tier that has one and is usable here, and every power count the glue
 * asks for, the derived key's round keys and the powers of H equal what
 * the tier's own parts make (its AES kernel's schedule of Kx, computed
 * from libgcrypt's AES-256 of the KDF blocks, and the PCLMULQDQ GHASH
 * kernel's init), and the slots above the count are zero. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include <axiom.h>

#include "gcm/ghash.h"
#include "gcm/gcm.h"
#include "gcm/xaes.h"
#include "testutil.h"

static int usable(const axiom_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

/* Kx by libgcrypt: AES-256_K of the two KDF blocks from @k1. */
static void ref_kx(const uint8_t key[32], const uint8_t k1[16], const uint8_t nonce[12],
                   uint8_t kx[32])
{
    uint8_t m[32];
    axiom_xaes_kdf_blocks(m, k1, nonce);
    gcry_cipher_hd_t h;
    TU_ASSERT(gcry_cipher_open(&h, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_ECB, 0) == 0, "ecb");
    TU_ASSERT(gcry_cipher_setkey(h, key, 32) == 0 && gcry_cipher_encrypt(h, kx, 32, m, 32) == 0,
              "Kx");
    gcry_cipher_close(h);
}

/* libgcrypt's AES-256-GCM under @kx with the 12-byte nonce @n2: @len
 * bytes of @p to @c and the tag. */
static void ref_gcm(const uint8_t kx[32], const uint8_t n2[12], const uint8_t *ad, size_t adlen,
                    const uint8_t *p, size_t len, uint8_t *c, uint8_t tag[16])
{
    gcry_cipher_hd_t h;
    TU_ASSERT(gcry_cipher_open(&h, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM, 0) == 0 &&
                  gcry_cipher_setkey(h, kx, 32) == 0 && gcry_cipher_setiv(h, n2, 12) == 0 &&
                  gcry_cipher_authenticate(h, ad, adlen) == 0 &&
                  gcry_cipher_encrypt(h, c, len, p, len) == 0 && gcry_cipher_gettag(h, tag, 16) == 0,
              "reference AES-256-GCM");
    gcry_cipher_close(h);
}

/* Every fused derivation against the composed one (the tier's AES
 * expansion of the reference Kx and its GHASH init) for every power
 * count: the powers of two the levels make, and the counts between them
 * that a tier's cap for messages without AD gives (10 on aesni, 18 on
 * vaes-avx2), with every slot above the count zero. */
START_TEST(test_fused)
{
    tu_rng_reset("xaes-fused");
    static axiom_gcm_key got, want;
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_gcm_kernels; *kp; kp++) {
        const axiom_gcm_kernel *k = axiom_gcm_of(*kp);
        const axiom_xaes_derive_fn derive = axiom_xaes_derive_for(k);
        if (!derive || !usable(*kp))
            continue;
        tested++;
        for (int it = 0; it < 20; it++) {
            uint8_t key[32], k1[16], nonce[12], kx[32], h[16] = { 0 };
            axiom_bc_ks kgk;
            tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(k1, sizeof k1);
            tu_rand_bytes(nonce, sizeof nonce);
            k->aes->setkey_enc(&kgk, key, 32);
            ref_kx(key, k1, nonce, kx);
            k->aes->setkey_enc(&want.ks, kx, 32);
            k->aes->ecb_enc(&want.ks, h, h, 1);
            k->ghash->init(&want.hk, h);
            for (unsigned npow = 1; npow <= AXIOM_GHASH_MAXPOW; npow++) {
                memset(&got, 0xa5, sizeof got);
                derive(&kgk, k1, nonce, &got, npow);
                TU_ASSERT(got.ks.rounds == 14, "%s: rounds", k->name);
                TU_ASSERT_MEM_EQ(got.ks.w, want.ks.w, 15 * 16, "%s: round keys, npow %u",
                                 k->name, npow);
                const size_t z = 16 * (AXIOM_GHASH_MAXPOW - npow);
                TU_ASSERT_MEM_EQ((uint8_t *)got.hk.w + z, (uint8_t *)want.hk.w + z, 16 * npow,
                                 "%s: powers of H, npow %u", k->name, npow);
                for (size_t i = 0; i < z; i++)
                    TU_ASSERT(((uint8_t *)got.hk.w)[i] == 0, "%s: slot byte %zu not zero, npow %u",
                              k->name, i, npow);
            }
            /* npow 0: the round keys and K_1, no other slot written. */
            memset(&got, 0xa5, sizeof got);
            derive(&kgk, k1, nonce, &got, 0);
            TU_ASSERT_MEM_EQ(got.ks.w, want.ks.w, 15 * 16, "%s: round keys, npow 0", k->name);
            const size_t last = 16 * (AXIOM_GHASH_MAXPOW - 1);
            TU_ASSERT_MEM_EQ((uint8_t *)got.hk.w + last, (uint8_t *)want.hk.w + last, 16,
                             "%s: K_1, npow 0", k->name);
            for (size_t i = 0; i < sizeof got.hk.w; i++)
                TU_ASSERT(i >= last && i < last + 16 ? 1 : ((uint8_t *)got.hk.w)[i] == 0xa5,
                          "%s: npow 0 wrote slot byte %zu", k->name, i);
            /* AXIOM_XAES_KDF_ONLY: Kx as round keys 0 and 1, nothing else. */
            memset(&got, 0xa5, sizeof got);
            derive(&kgk, k1, nonce, &got, AXIOM_XAES_KDF_ONLY);
            TU_ASSERT(got.ks.rounds == 14, "%s: rounds, KDF only", k->name);
            TU_ASSERT_MEM_EQ(got.ks.w, kx, 32, "%s: Kx, KDF only", k->name);
            for (size_t i = 32; i < sizeof got.ks.w; i++)
                TU_ASSERT(((uint8_t *)got.ks.w)[i] == 0xa5, "%s: KDF only wrote key byte %zu",
                          k->name, i);
            for (size_t i = 0; i < sizeof got.hk.w; i++)
                TU_ASSERT(((uint8_t *)got.hk.w)[i] == 0xa5, "%s: KDF only wrote slot byte %zu",
                          k->name, i);
        }
    }
    printf("fused XAES derivations tested: %d\n", tested);
}
END_TEST

/* The power count covers every reduction: at least the blocks hashed
 * (AD, text, length block), a power of two, at most 32. */
START_TEST(test_powers)
{
    for (size_t adlen = 0; adlen < 600; adlen += 7)
        for (size_t len = 0; len < 700; len += 5) {
            const unsigned n = axiom_xaes_powers(adlen, len);
            const size_t blocks = (adlen + 15) / 16 + (len + 15) / 16 + 1;
            TU_ASSERT((n & (n - 1)) == 0 && n >= 2 && n <= AXIOM_GHASH_MAXPOW, "count %u", n);
            TU_ASSERT(n >= blocks || n == AXIOM_GHASH_MAXPOW, "%u powers for %zu blocks", n,
                      blocks);
        }
}
END_TEST
/* AXIOM_GCM_F_POWERS: on every tier that honours it, a key from the
 * derivation with K_1 alone, and the text phase making the other powers,
 * gives libgcrypt's AES-256-GCM under Kx, in both directions, in place and
 * not, for text of one block below, at and one above the tier's
 * make_powers threshold (where the powers move into the first counter
 * blocks' rounds) and its double, of one below, at and one above three
 * stitched steps (from which the expanding text phase opens with the
 * first step's blocks hashed after the second's) and the tier's long_step
 * (where vaes-avx2's loop takes the Karatsuba halves of the powers its
 * prologue made), with 0, 1 and 15 bytes more.  On a tier that also
 * honours AXIOM_GCM_F_EXPAND, from the threshold on, the same with the
 * derivation stopping at Kx (AXIOM_XAES_KDF_ONLY) and the text phase
 * expanding it. */
START_TEST(test_text_powers)
{
    tu_rng_reset("xaes-text-powers");
    enum { MAXLEN = 16 * (1024 + 2) }; /* the assertions below check the room */
    static uint8_t p[MAXLEN], c[MAXLEN], w[MAXLEN], o[MAXLEN];
    static axiom_gcm_key g;
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_gcm_kernels; *kp; kp++) {
        const axiom_gcm_kernel *k = axiom_gcm_of(*kp);
        const axiom_xaes_derive_fn derive = axiom_xaes_derive_for(k);
        if (!derive || !k->make_powers || !usable(*kp))
            continue;
        tested++;
        TU_ASSERT(16 * (2 * k->make_powers + 2) <= MAXLEN && 16 * (3 * k->step + 2) <= MAXLEN &&
                      16 * (k->long_step + 2) <= MAXLEN,
                  "%s: threshold %u, step %u, long step %u", k->name, k->make_powers, k->step,
                  k->long_step);
        /* Without a long step, its three lengths repeat the first three. */
        const size_t ls = k->long_step ? k->long_step : k->make_powers;
        const size_t blocks[] = { k->make_powers - 1, k->make_powers, k->make_powers + 1,
                                  2 * k->make_powers - 1, 2 * k->make_powers,
                                  2 * k->make_powers + 1, 3 * k->step - 1, 3 * k->step,
                                  3 * k->step + 1, ls - 1, ls, ls + 1 };
        static const size_t extra[] = { 0, 1, 15 };
        for (size_t bi = 0; bi < sizeof blocks / sizeof blocks[0]; bi++)
            for (size_t ei = 0; ei < sizeof extra / sizeof extra[0]; ei++) {
                const size_t len = 16 * blocks[bi] + extra[ei];
                uint8_t key[32], k1[16], nonce[24], kx[32], tag[16], wtag[16];
                axiom_bc_ks kgk;
                tu_rand_bytes(key, sizeof key);
                tu_rand_bytes(k1, sizeof k1);
                tu_rand_bytes(nonce, sizeof nonce);
                tu_rand_bytes(p, len);
                k->aes->setkey_enc(&kgk, key, 32);
                ref_kx(key, k1, nonce, kx);
                ref_gcm(kx, nonce + 12, NULL, 0, p, len, w, wtag);
                const int expands = k->expand && blocks[bi] >= k->make_powers ? 2 : 1;
                for (int expand = 0; expand < expands; expand++)
                    for (int inplace = 0; inplace < 2; inplace++) {
                        uint8_t *dst = inplace ? o : c;
                        if (inplace)
                            memcpy(o, p, len);
                        /* Seal, then open what it made (in place: dst). */
                        for (int enc = 1; enc >= 0; enc--) {
                            const uint8_t *src = inplace ? o : enc ? p : w;
                            memset(&g, 0xa5, sizeof g);
                            derive(&kgk, k1, nonce, &g, expand ? AXIOM_XAES_KDF_ONLY : 0);
                            g.k = k;
                            axiom_gcm_message_flags(&g, enc, dst, tag, nonce + 12, 12, NULL, 0,
                                                    src, len,
                                                    AXIOM_GCM_F_POWERS |
                                                        (expand ? AXIOM_GCM_F_EXPAND : 0));
                            TU_ASSERT_MEM_EQ(dst, enc ? w : p, len,
                                             "%s: %s, %zu bytes, in place %d, expand %d", k->name,
                                             enc ? "ciphertext" : "plaintext", len, inplace,
                                             expand);
                            TU_ASSERT_MEM_EQ(tag, wtag, 16,
                                             "%s: %s tag, %zu bytes, in place %d, expand %d",
                                             k->name, enc ? "seal's" : "open's", len, inplace,
                                             expand);
                        }
                    }
            }
    }
    printf("text phases making the powers tested: %d\n", tested);
}
END_TEST

/* The one-call short message of every tier that has one: every text length
 * up to AXIOM_XAES_SHORT_TEXT blocks with every AD length that keeps the
 * hashed blocks within AXIOM_XAES_SHORT_HASH, against libgcrypt's
 * AES-256-GCM under Kx; sealed and opened, out of place and in place. */
START_TEST(test_short)
{
    tu_rng_reset("xaes-short");
    enum { MAXT = 16 * AXIOM_XAES_SHORT_TEXT, MAXA = 16 * (AXIOM_XAES_SHORT_HASH - 1) };
    uint8_t p[MAXT], w[MAXT], c[MAXT], o[MAXT], ad[MAXA];
    int tested = 0;
    long cases = 0;
    for (const axiom_kernel *const *kp = axiom_gcm_kernels; *kp; kp++) {
        const axiom_gcm_kernel *k = axiom_gcm_of(*kp);
        const axiom_xaes_short_fn fn = axiom_xaes_short_for(k);
        if (!fn || !usable(*kp))
            continue;
        tested++;
        uint8_t key[32], k1[16], nonce[24], kx[32], tag[16], wtag[16];
        axiom_bc_ks kgk;
        for (size_t len = 0; len <= MAXT; len++) {
            const size_t nt = (len + 15) / 16;
            for (size_t adlen = 0; (adlen + 15) / 16 + nt + 1 <= AXIOM_XAES_SHORT_HASH; adlen++) {
                tu_rand_bytes(key, sizeof key);
                tu_rand_bytes(k1, sizeof k1);
                tu_rand_bytes(nonce, sizeof nonce);
                tu_rand_bytes(p, len);
                tu_rand_bytes(ad, adlen);
                k->aes->setkey_enc(&kgk, key, 32);
                ref_kx(key, k1, nonce, kx);
                ref_gcm(kx, nonce + 12, ad, adlen, p, len, w, wtag);
                fn(&kgk, k1, nonce, 1, c, tag, ad, adlen, p, len);
                TU_ASSERT_MEM_EQ(c, w, len, "%s: ciphertext, %zu/%zu", k->name, len, adlen);
                TU_ASSERT_MEM_EQ(tag, wtag, 16, "%s: tag, %zu/%zu", k->name, len, adlen);
                fn(&kgk, k1, nonce, 0, o, tag, ad, adlen, c, len);
                TU_ASSERT_MEM_EQ(o, p, len, "%s: plaintext, %zu/%zu", k->name, len, adlen);
                TU_ASSERT_MEM_EQ(tag, wtag, 16, "%s: open's tag, %zu/%zu", k->name, len, adlen);
                memcpy(o, p, len);
                fn(&kgk, k1, nonce, 1, o, tag, ad, adlen, o, len);
                TU_ASSERT_MEM_EQ(o, w, len, "%s: in-place ciphertext, %zu/%zu", k->name, len,
                                 adlen);
                fn(&kgk, k1, nonce, 0, o, tag, ad, adlen, o, len);
                TU_ASSERT_MEM_EQ(o, p, len, "%s: in-place plaintext, %zu/%zu", k->name, len,
                                 adlen);
                TU_ASSERT_MEM_EQ(tag, wtag, 16, "%s: in-place tag, %zu/%zu", k->name, len, adlen);
                cases++;
            }
        }
    }
    printf("short XAES messages tested: %d tiers, %ld cases\n", tested, cases);
}
END_TEST

int main(void)
{
    tu_init("test_xaes_kernels");
    tu_gcry_init();
    Suite *s = suite_create("xaes_kernels");
    TCase *tc = tcase_create("xaes");
    tcase_add_test(tc, test_fused);
    tcase_add_test(tc, test_powers);
    tcase_add_test(tc, test_text_powers);
    tcase_add_test(tc, test_short);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
