/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SM4 S-box and the maps into and out of the y domain (lib/sm4/sm4.h) on
 * one xmm register with GFNI, for the key schedule, short inputs and the
 * serial modes of both GFNI kernels (sm4_gfni_avx2.c, sm4_gfni_avx512.c):
 * the xmm_sbox, xmm_toy and xmm_fromy that sm4_xmm.h and sm4_wide.h ask of
 * a kernel file, and the GFNI part of its round.  VEX-encodable: nothing
 * here needs AVX-512. */
#ifndef AXIOM_SM4_GFNI_XMM_H
#define AXIOM_SM4_GFNI_XMM_H

#include <immintrin.h>

#include "sm4/sm4.h"

/* pi: affine map, inversion in GF(2^8) with the output affine map. */
static inline __m128i xmm_sbox(__m128i x)
{
    const __m128i m1 = _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_PRE_MATRIX);
    const __m128i m2 = _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_POST_MATRIX);
    x = _mm_gf2p8affine_epi64_epi8(x, m1, AXIOM_SM4_GFNI_PRE_CONST);
    return _mm_gf2p8affineinv_epi64_epi8(x, m2, AXIOM_SM4_GFNI_POST_CONST);
}

/* M1 and M1^-1 on every byte. */
static inline __m128i xmm_toy(__m128i v)
{
    return _mm_gf2p8affine_epi64_epi8(v, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_PRE_MATRIX), 0);
}

static inline __m128i xmm_fromy(__m128i v)
{
    return _mm_gf2p8affine_epi64_epi8(v, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_M1INV_MATRIX),
                                      0);
}

/* For the round on xmm (the kernel files' xmm_yxl): the three
 * GF2P8AFFINEINVQB of u = M1 x + c1, the inversion with the output affine
 * map and the bytes of L merged into the matrices D0, D1 and D3; the
 * kernel file adds z0 and the byte rotations of z1 and z3 to y. */
static inline void xmm_yz(__m128i u, __m128i *z0, __m128i *z1, __m128i *z3)
{
    *z0 = _mm_gf2p8affineinv_epi64_epi8(
        u, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_D0_MATRIX), AXIOM_SM4_GFNI_D0_CONST);
    *z1 = _mm_gf2p8affineinv_epi64_epi8(u, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_D1_MATRIX), 0);
    *z3 = _mm_gf2p8affineinv_epi64_epi8(u, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_D3_MATRIX), 0);
}

#endif
