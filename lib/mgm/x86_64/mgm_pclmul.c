/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* MGM's GF(2^128) multiply-and-sum with PCLMULQDQ (bundle aesni): four
 * carry-less 64x64 products per block, the unreduced 256-bit sums kept
 * across a whole call and reduced once at the end.  Constant time: the
 * instructions take the same time for every operand and nothing branches
 * on the data. */
#include "config.h"

#include <immintrin.h>

#include "mgm/mgm.h"

/* A big-endian block as a 128-bit little-endian integer: bytes reversed. */
static inline __m128i load_be(const uint8_t *p)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), rev);
}

static void mgm_pclmul_sum_mul(uint64_t sum[2], const uint8_t *h, const uint8_t *x, size_t n)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    for (size_t i = 0; i < n; i++) {
        __m128i a = load_be(h + 16 * i), b = load_be(x + 16 * i);
        lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(a, b, 0x00));
        hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(a, b, 0x11));
        mid = _mm_xor_si128(mid, _mm_clmulepi64_si128(a, b, 0x01));
        mid = _mm_xor_si128(mid, _mm_clmulepi64_si128(a, b, 0x10));
    }
    /* The 256-bit sum hi:lo, then x^128 = x^7 + x^2 + x + 1 twice: the
     * top half times 0x87 spills at most 7 bits past 2^128, which a second
     * product by 0x87 brings back. */
    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    const __m128i poly = _mm_set_epi64x(0, 0x87);
    __m128i t = _mm_clmulepi64_si128(hi, poly, 0x00); /* h0 * 0x87: < 2^71 */
    __m128i u = _mm_clmulepi64_si128(hi, poly, 0x01); /* h1 * 0x87, times 2^64 below */
    __m128i v = _mm_clmulepi64_si128(u, poly, 0x01);  /* (u >> 64) * 0x87 */
    lo = _mm_xor_si128(lo, _mm_xor_si128(t, _mm_xor_si128(_mm_slli_si128(u, 8), v)));
    sum[1] ^= (uint64_t)_mm_cvtsi128_si64(lo);
    sum[0] ^= (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(lo, lo));
}

const axiom_mgm_kernel axiom_mgm_pclmul = {
    .name = "pclmul",
    .features = AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "PCLMULQDQ, 4 products per block, one reduction per call",
    .sum_mul = mgm_pclmul_sum_mul,
};
