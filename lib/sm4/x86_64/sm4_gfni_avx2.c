/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with GFNI and AVX2 but no usable
 * AVX-512: the round of lib/sm4/x86_64/sm4_gfni_avx512.c (y domain, three
 * GF2P8AFFINEINVQB per round) VEX-encoded on ymm registers.
 *
 * 8 blocks per set of four ymm registers, four sets (32 blocks) per
 * iteration of ECB, CTR (counters built in registers), CBC and CFB
 * decryption (lib/sm4/x86_64/sm4_wide.h); fewer than 8 blocks, the key
 * schedule and the serial modes on xmm (lib/sm4/x86_64/sm4_xmm.h).  Bundle
 * avx2_gfni (-mavx2 -mgfni): VEX encodings only, no EVEX.
 *
 * Constant time: no branch or memory index depends on keys or data. */
#include "config.h"

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "sm4/sm4.h"
#include "sm4/x86_64/sm4_gfni_xmm.h"
#include "sm4/x86_64/sm4_ymm.h"

#define SM4_WIDE 4

static inline __m128i xmm_xor3(__m128i a, __m128i b, __m128i c)
{
    return _mm_xor_si128(_mm_xor_si128(a, b), c);
}

static inline __m128i xmm_yxl(__m128i y, __m128i u)
{
    __m128i z0, z1, z3;
    xmm_yz(u, &z0, &z1, &z3);
    __m128i a = _mm_xor_si128(_mm_xor_si128(y, z0),
                              _mm_shuffle_epi8(z1, _mm_setr_epi8(AXIOM_SM4_ROL8_BYTES)));
    __m128i b = _mm_xor_si128(_mm_shuffle_epi8(z1, _mm_setr_epi8(AXIOM_SM4_ROL16_BYTES)),
                              _mm_shuffle_epi8(z3, _mm_setr_epi8(AXIOM_SM4_ROL24_BYTES)));
    return _mm_xor_si128(a, b); /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */
}

static inline __m128i xmm_yxl1(__m128i y, __m128i u)
{
    return xmm_yxl(y, u);
}

/* The y domain (lib/sm4/sm4.h) on ymm. */
#define SM4GY_M(x) _mm256_set1_epi64x((long long)(x))

static inline __m256i vec_toy(__m256i v)
{
    return _mm256_gf2p8affine_epi64_epi8(v, SM4GY_M(AXIOM_SM4_GFNI_PRE_MATRIX), 0);
}

static inline __m256i vec_fromy(__m256i v)
{
    return _mm256_gf2p8affine_epi64_epi8(v, SM4GY_M(AXIOM_SM4_GFNI_M1INV_MATRIX), 0);
}

static inline __m256i vec_yxl(__m256i y, __m256i u)
{
    __m256i z0 = _mm256_gf2p8affineinv_epi64_epi8(u, SM4GY_M(AXIOM_SM4_GFNI_D0_MATRIX),
                                                  AXIOM_SM4_GFNI_D0_CONST);
    __m256i z1 = _mm256_gf2p8affineinv_epi64_epi8(u, SM4GY_M(AXIOM_SM4_GFNI_D1_MATRIX), 0);
    __m256i z3 = _mm256_gf2p8affineinv_epi64_epi8(u, SM4GY_M(AXIOM_SM4_GFNI_D3_MATRIX), 0);
    __m256i a = _mm256_xor_si256(_mm256_xor_si256(y, z0),
                                 _mm256_shuffle_epi8(z1, SM4_YMM_BYTES(AXIOM_SM4_ROL8_BYTES)));
    __m256i b = _mm256_xor_si256(_mm256_shuffle_epi8(z1, SM4_YMM_BYTES(AXIOM_SM4_ROL16_BYTES)),
                                 _mm256_shuffle_epi8(z3, SM4_YMM_BYTES(AXIOM_SM4_ROL24_BYTES)));
    return _mm256_xor_si256(a, b); /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */
}

/* The 64 stored round keys (both directions): M1 rk + c1 in every byte. */
static void keys_toy(uint32_t *rk)
{
    for (unsigned i = 0; i < 64; i += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(rk + i));
        v = _mm256_gf2p8affine_epi64_epi8(v, SM4GY_M(AXIOM_SM4_GFNI_PRE_MATRIX),
                                          AXIOM_SM4_GFNI_PRE_CONST);
        _mm256_storeu_si256((__m256i *)(void *)(rk + i), v);
    }
}

#include "sm4/x86_64/sm4_wide.h"

const axiom_bc_kernel axiom_sm4_gfni_avx2 = {
    .name = "gfni-avx2",
    .features = AXIOM_CPU_GFNI | AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "GFNI S-box on ymm, 32 blocks",
    .steps = { 2, 4, 8, 16, 32 }, /* xmm to 8; sets of 8, passes of 2 or 4 sets */
    .slow_block = 1,
    SM4_WIDE_OPS,
};
