/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GHASH kernel for x86-64 CPUs with PCLMULQDQ and SSSE3; its key layout is
 * also the one the stitched AES-NI and VAES GCM loops read. */

/*
 * Interleave: 8 blocks per reduction (aggregated reduction with the
 * precomputed powers H^8..H^1; tails of 1..7 blocks use H^n..H^1, still
 * one reduction).  Fused: nothing (the stitched loops live in
 * gcm_aesni.c, gcm_vaes_avx2.c and gcm_vaes_avx512.c).  Constant time: yes
 * (PCLMULQDQ has operand-independent latency; no secret-dependent branch
 * or index).
 */
#include <string.h>

#include "gcm/ghash.h"
#include "core/bc_modes.h"
#include "gcm/x86_64/ghash_pclmul.h"

#define PCLMUL_STEP 8 /* blocks per reduction */

static void ghash_pclmul_init(axiom_ghash_key *hk, const uint8_t h[16])
{
    /* K_1 = H * x^-1: shift the reflection left by one and fold the
     * constant term back in as x^-1 = x^127 + x^6 + x + 1. */
    uint64_t hi = axiom_load64_be(h), lo = axiom_load64_be(h + 8);
    const uint64_t carry = (uint64_t)0 - (hi >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (carry & 1);
    hi ^= carry & UINT64_C(0xc200000000000000);

    __m128i *pw = (__m128i *)(void *)hk->w;
    memset(hk, 0, sizeof *hk);
    const __m128i k1 = _mm_set_epi64x((long long)hi, (long long)lo);
    __m128i k = k1;
    pw[GH_SLOT(1)] = k1;
    /* K_a * K_b as computed by gh_mul is K_(a+b): the two x^-1 factors
     * and the x of the reflected product leave one x^-1. */
    for (int i = 2; i <= AXIOM_GHASH_MAXPOW; i++) {
        k = gh_mul(k, k1);
        pw[GH_SLOT(i)] = k;
    }
}

static void ghash_pclmul_update(const axiom_ghash_key *hk, uint8_t y[16], const uint8_t *in,
                                size_t n)
{
    const __m128i bswap = gh_bswap_mask();
    const __m128i *pw = gh_powers(hk);
    __m128i acc = gh_load(y, bswap);
    for (; n >= PCLMUL_STEP; n -= PCLMUL_STEP, in += 16 * PCLMUL_STEP)
        acc = gh_absorb(acc, pw, in, PCLMUL_STEP, bswap);
    if (n > 0)
        acc = gh_absorb(acc, pw, in, (unsigned)n, bswap);
    gh_store(y, acc, bswap);
}

const axiom_ghash_kernel axiom_ghash_pclmul = {
    .name = "pclmul",
    .features = AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "PCLMULQDQ, aggregated reduction",
    .step = PCLMUL_STEP,
    .init = ghash_pclmul_init,
    .update = ghash_pclmul_update,
};
