/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with GFNI and AVX2 but no usable
 * AVX-512: the S-box through VEX-encoded GF2P8AFFINEQB and GF2P8AFFINEINVQB
 * on ymm registers.
 *
 * 8 blocks per set of four ymm registers, four sets (32 blocks) per
 * iteration of ECB, CTR (counters built in registers), CBC and CFB
 * decryption; fewer than 8 blocks, the key schedule and the serial modes on
 * xmm (lib/x86_64/sm4_avx2_common.h).  Compiled in the AVX2 bundle with
 * GFNI enabled for this file only, so it cannot contain EVEX instructions.
 *
 * Constant time: no branch or memory index depends on keys or data. */
#include "config.h"

#ifdef HAVE_ISA_GFNI
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "bc.h"
#include "bc_modes.h"
#include "sm4.h"

/* This file only: the bundle's flags are -mavx2. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("gfni"))), apply_to = function)
#else
#pragma GCC target("gfni")
#endif

#define SM4A(name) sm4gy_##name

static inline __m256i sm4gy_sbox_y(__m256i x)
{
    const __m256i m1 = _mm256_set1_epi64x((long long)AXIOM_SM4_GFNI_PRE_MATRIX);
    const __m256i m2 = _mm256_set1_epi64x((long long)AXIOM_SM4_GFNI_POST_MATRIX);
    x = _mm256_gf2p8affine_epi64_epi8(x, m1, AXIOM_SM4_GFNI_PRE_CONST);
    return _mm256_gf2p8affineinv_epi64_epi8(x, m2, AXIOM_SM4_GFNI_POST_CONST);
}

static inline __m128i sm4gy_sbox_x(__m128i x)
{
    const __m128i m1 = _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_PRE_MATRIX);
    const __m128i m2 = _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_POST_MATRIX);
    x = _mm_gf2p8affine_epi64_epi8(x, m1, AXIOM_SM4_GFNI_PRE_CONST);
    return _mm_gf2p8affineinv_epi64_epi8(x, m2, AXIOM_SM4_GFNI_POST_CONST);
}

#define SM4A_KERNEL axiom_sm4_gfni_avx2
#define SM4A_NAME "gfni-avx2"
#define SM4A_FEATURES (AXIOM_CPU_GFNI | AXIOM_CPU_AVX2)
#include "sm4_avx2_common.h"

#if defined(__clang__)
#pragma clang attribute pop
#endif

#endif /* HAVE_ISA_GFNI */
