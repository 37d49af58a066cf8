/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The XOR of a vector's 128-bit lanes: how the x86-64 kernels that keep
 * two or four independent 128-bit sums in one ymm or zmm register (the
 * aggregated GHASH, POLYVAL and MGM products, the AEGIS lanes' tags) end
 * with their sum.  Inline code, compiled with each includer's ISA flags:
 * the ymm form needs AVX2, the zmm form AVX-512F. */
#ifndef AXIOM_X86_LANES_H
#define AXIOM_X86_LANES_H

#include <immintrin.h>

#ifdef __AVX2__
/* Lane 0 ^ lane 1 of @v. */
static inline __attribute__((always_inline)) __m128i axiom_xor_lanes2(__m256i v)
{
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}
#endif

#ifdef __AVX512F__
/* Lanes 0 ^ 1 ^ 2 ^ 3 of @v: the two halves first, then their lanes. */
static inline __attribute__((always_inline)) __m128i axiom_xor_lanes4(__m512i v)
{
    return axiom_xor_lanes2(
        _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1)));
}
#endif

#endif
