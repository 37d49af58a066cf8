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
            for (unsigned npow = 2; npow <= AXIOM_GHASH_MAXPOW; npow *= 2) {
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

int main(void)
{
    tu_init("test_xaes_kernels");
    tu_gcry_init();
    Suite *s = suite_create("xaes_kernels");
    TCase *tc = tcase_create("xaes");
    tcase_add_test(tc, test_fused);
    tcase_add_test(tc, test_powers);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
