/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Short messages on xmm registers (PCLMULQDQ): what the one-call paths of
 * XAES-256-GCM (lib/gcm/x86_64/xaes_derive.h) and AES-GCM-SIV
 * (lib/gcm/x86_64/gcmsiv_short.h) share, in the representation of
 * lib/gcm/x86_64/ghash_pclmul.h: partial blocks in and out, a product
 * with the first fold started early, and the hash of a few blocks from
 * the first power alone.  Static inline code, compiled with each
 * includer's ISA flags. */
#ifndef AXIOM_GH_SHORT_H
#define AXIOM_GH_SHORT_H

#include <string.h>
#include <immintrin.h>

#include "gcm/x86_64/ghash_pclmul.h"

/* The most blocks gh_short_sum hashes, and gh_short_done writes. */
#define GH_SHORT_MAX 8
#define GH_SHORT_TEXT 4

/* The 12 bytes at @p (a nonce or a part of one) in bytes 0..11, zero in
 * bytes 12..15, loaded without reading past them. */
GH_FORCE_INLINE __m128i gh_load12(const uint8_t *p)
{
    uint32_t w2;
    memcpy(&w2, p + 8, 4);
    return _mm_or_si128(_mm_loadl_epi64((const __m128i *)(const void *)p),
                        _mm_slli_si128(_mm_cvtsi32_si128((int)w2), 8));
}

/* The @n (0..16) bytes at @p as a block, zero past them.  A partial
 * block: with AVX512BW, one byte-masked load; else two loads of 8, 4 or 2
 * bytes that overlap (or three single bytes), combined in a register (a
 * 16-byte load of a local copy stalls on the store forwarding, 15-20
 * cycles on Zen 4).  The branches are on @n, a public length. */
GH_FORCE_INLINE __m128i gh_load_part(const uint8_t *p, size_t n)
{
    if (n >= 16)
        return _mm_loadu_si128((const __m128i *)(const void *)p);
#if defined(__AVX512BW__) && defined(__AVX512VL__)
    return _mm_maskz_loadu_epi8((__mmask16)((1u << n) - 1), p);
#else
    uint64_t lo = 0, hi = 0;
    if (n > 8) {
        memcpy(&lo, p, 8);
        memcpy(&hi, p + n - 8, 8);
        hi >>= 8 * (16 - n); /* bytes 8 .. n-1; n > 8, so the shift is below 64 */
    } else if (n == 8) {
        memcpy(&lo, p, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, p, 4);
        memcpy(&b, p + n - 4, 4);
        lo = a | (uint64_t)b << (8 * (n - 4));
    } else if (n) {
        lo = (uint64_t)p[0] | (uint64_t)p[n / 2] << (8 * (n / 2)) | (uint64_t)p[n - 1] << (8 * (n - 1));
    }
    return _mm_set_epi64x((long long)hi, (long long)lo);
#endif
}

/* The first @n (1..16) bytes of @v to @p: with AVX512BW, one byte-masked
 * store; else two stores of 8, 4 or 2 bytes that overlap (both write the
 * same bytes where they meet), or single bytes. */
GH_FORCE_INLINE void gh_store_part(uint8_t *p, __m128i v, size_t n)
{
    if (n >= 16) {
        _mm_storeu_si128((__m128i *)(void *)p, v);
        return;
    }
#if defined(__AVX512BW__) && defined(__AVX512VL__)
    _mm_mask_storeu_epi8(p, (__mmask16)((1u << n) - 1), v);
#else
    const uint64_t lo = (uint64_t)_mm_cvtsi128_si64(v),
                   hi = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
    if (n > 8) {
        /* Bytes n-8 .. n-1: the top of lo and the bottom of hi. */
        const uint64_t t = lo >> (8 * (n - 8)) | hi << (8 * (16 - n));
        memcpy(p, &lo, 8);
        memcpy(p + n - 8, &t, 8);
    } else if (n == 8) {
        memcpy(p, &lo, 8);
    } else if (n >= 4) {
        const uint32_t a = (uint32_t)lo, b = (uint32_t)(lo >> (8 * (n - 4)));
        memcpy(p, &a, 4);
        memcpy(p + n - 4, &b, 4);
    } else {
        p[0] = (uint8_t)lo;
        p[n / 2] = (uint8_t)(lo >> (8 * (n / 2)));
        p[n - 1] = (uint8_t)(lo >> (8 * (n - 1)));
    }
#endif
}

/* @v with its bytes from @n (1..16) on zero (a mask loaded at an offset
 * that depends on the public length only). */
GH_FORCE_INLINE __m128i gh_keep_bytes(__m128i v, size_t n)
{
    static const uint8_t ones[32] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
    return _mm_and_si128(v, _mm_loadu_si128((const __m128i *)(const void *)(ones + 16 - n)));
}

/* The end of a one-call short message: the @len bytes of the @n blocks
 * y[] (n <= GH_SHORT_TEXT) to @out, then, unless @ek is NULL (round keys
 * kept in registers only), the local array of 15 round keys @ek wiped
 * (volatile stores, then an asm statement that takes its address and
 * clobbers memory). */
GH_FORCE_INLINE void gh_short_done(uint8_t *out, const __m128i *y, unsigned n, size_t len,
                                   __m128i *ek)
{
    _Pragma("GCC unroll 4")
    for (unsigned i = 0; i < GH_SHORT_TEXT; i++)
        if (i < n)
            gh_store_part(out + 16 * i, y[i], len - 16 * i);
    if (!ek)
        return;
    volatile __m128i *w = ek;
    _Pragma("GCC unroll 15")
    for (unsigned r = 0; r < 15; r++)
        w[r] = _mm_setzero_si128();
    __asm__ __volatile__("" : : "r"(ek) : "memory");
}

/* With VPCLMULQDQ (the VAES files), gh_short_sum multiplies four lanes
 * at a time, on one zmm or two ymm registers: on AMD Zen 4 a carry-less
 * multiplication issues once every two cycles whatever its width, and the
 * xmm sum of five blocks (42 of them) waited more on that issue rate than
 * on its latency. */
#if defined(__VPCLMULQDQ__) && defined(__AVX2__)
#define GH_SHORT_WIDE 1

/* K_a^2, reduced: the middle products of a square cancel. */
GH_FORCE_INLINE __m128i gh_sq(__m128i a)
{
    return gh_reduce(_mm_clmulepi64_si128(a, a, 0x00), _mm_setzero_si128(),
                     _mm_clmulepi64_si128(a, a, 0x11));
}

/* gh_mul on the two 128-bit lanes of @a and @k (gh_reduce's folds). */
GH_FORCE_INLINE __m256i gh_mul2(__m256i a, __m256i k)
{
    const __m256i poly = _mm256_set_epi64x((long long)UINT64_C(0xc200000000000000), 0,
                                           (long long)UINT64_C(0xc200000000000000), 0);
    const __m256i lo = _mm256_clmulepi64_epi128(a, k, 0x00),
                  hi = _mm256_clmulepi64_epi128(a, k, 0x11);
    const __m256i mid = _mm256_xor_si256(_mm256_clmulepi64_epi128(a, k, 0x01),
                                         _mm256_clmulepi64_epi128(a, k, 0x10));
    const __m256i m = _mm256_xor_si256(_mm256_xor_si256(mid, _mm256_shuffle_epi32(lo, 0x4e)),
                                       _mm256_clmulepi64_epi128(lo, poly, 0x10));
    return _mm256_xor_si256(_mm256_xor_si256(hi, _mm256_shuffle_epi32(m, 0x4e)),
                            _mm256_clmulepi64_epi128(m, poly, 0x10));
}

/* Lane-wise products of @b and @k into *lo and *hi (the middle products
 * folded in, as gh_reduce does with mid). */
GH_FORCE_INLINE void gh_mul_acc2(__m256i b, __m256i k, __m256i *lo, __m256i *hi)
{
    const __m256i mid = _mm256_xor_si256(_mm256_clmulepi64_epi128(b, k, 0x01),
                                         _mm256_clmulepi64_epi128(b, k, 0x10));
    *lo = _mm256_xor_si256(*lo, _mm256_xor_si256(_mm256_clmulepi64_epi128(b, k, 0x00),
                                                 _mm256_bslli_epi128(mid, 8)));
    *hi = _mm256_xor_si256(*hi, _mm256_xor_si256(_mm256_clmulepi64_epi128(b, k, 0x11),
                                                 _mm256_bsrli_epi128(mid, 8)));
}

/* gh_short_sum's arithmetic with K_2 a square, K_3 and K_4 one
 * two-lane multiplication, and the last (up to) four blocks times
 * K_4 .. K_1 as one four-lane product (two two-lane ones without
 * AVX-512), its lanes added before the one reduction: 22 multiplications
 * for five blocks (26 on ymm) where the xmm sum issues 42. */
GH_FORCE_INLINE __m128i gh_short_sum_wide(const __m128i *blk, unsigned n, __m128i p1)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i p[4] = { p1, zero, zero, zero };
    if (n > 1)
        p[1] = gh_sq(p1);
    if (n > 2) {
        const __m256i p34 = gh_mul2(_mm256_set_m128i(p[1], p[1]), _mm256_set_m128i(p[1], p1));
        p[2] = _mm256_castsi256_si128(p34);
        p[3] = _mm256_extracti128_si256(p34, 1);
    }
    const unsigned head = n > 4 ? n - 4 : 0, tail = n - head;
    __m128i first = blk[head];
    if (head) {
        /* Block head - 1 - k times K_(k+1), reduced, added to the tail's
         * first block (Horner's rule over the two groups). */
        __m128i lo = zero, mid = zero, hi = zero;
        _Pragma("GCC unroll 4")
        for (unsigned k = 0; k < 4; k++)
            if (k < head)
                gh_mul_acc(blk[head - 1 - k], p[k], &lo, &mid, &hi);
        first = _mm_xor_si128(first, gh_reduce(lo, mid, hi));
    }
    /* Lane k: block n - 1 - k (the tail's first with the head's sum) and
     * K_(k+1); lanes past the tail zero. */
    __m128i b[4];
    _Pragma("GCC unroll 4")
    for (unsigned k = 0; k < 4; k++)
        b[k] = k >= tail ? zero : k + 1 == tail ? first : blk[n - 1 - k];
    const __m256i b01 = _mm256_set_m128i(b[1], b[0]), b23 = _mm256_set_m128i(b[3], b[2]);
    const __m256i k12 = _mm256_set_m128i(p[1], p[0]), k34 = _mm256_set_m128i(p[3], p[2]);
#ifdef __AVX512F__
    const __m512i bv = _mm512_inserti64x4(_mm512_castsi256_si512(b01), b23, 1);
    const __m512i kv = _mm512_inserti64x4(_mm512_castsi256_si512(k12), k34, 1);
    const __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(bv, kv, 0x01),
                                         _mm512_clmulepi64_epi128(bv, kv, 0x10));
    const __m512i lo = _mm512_xor_si512(_mm512_clmulepi64_epi128(bv, kv, 0x00),
                                        _mm512_bslli_epi128(mid, 8));
    const __m512i hi = _mm512_xor_si512(_mm512_clmulepi64_epi128(bv, kv, 0x11),
                                        _mm512_bsrli_epi128(mid, 8));
    const __m256i lo2 = _mm256_xor_si256(_mm512_castsi512_si256(lo), _mm512_extracti64x4_epi64(lo, 1));
    const __m256i hi2 = _mm256_xor_si256(_mm512_castsi512_si256(hi), _mm512_extracti64x4_epi64(hi, 1));
#else
    __m256i lo2 = _mm256_setzero_si256(), hi2 = lo2;
    gh_mul_acc2(b01, k12, &lo2, &hi2);
    if (tail > 2)
        gh_mul_acc2(b23, k34, &lo2, &hi2);
#endif
    return gh_reduce(axiom_xor_lanes2(lo2), zero, axiom_xor_lanes2(hi2));
}
#else
#define GH_SHORT_WIDE 0
#endif

/* The sum of blk[j] * K_(n - j) over the @n (1..GH_SHORT_MAX) blocks
 * blk[] (as the kernels multiply them), reduced, from K_1 = @p1 alone.
 * With more than four blocks, the first n - 4 go through their own
 * reduction with K_1 .. K_(n-4), the result is added to block n - 4 and
 * the sum multiplied by K_4 (Horner's rule over the two groups): the
 * powers stop at K_4, two levels after K_1 instead of three, and the first
 * group's reduction runs while K_4 is made.  The loops run over the
 * powers, each in its own register, and index the blocks (a loop indexing
 * the powers by the count kept them in a stack array, each read a store
 * forwarding on the chain); with a constant @n the blocks stay in
 * registers too. */
GH_FORCE_INLINE __m128i gh_short_sum_xmm(const __m128i *blk, unsigned n, __m128i p1)
{
    __m128i p[4];
    p[0] = p1;
    p[1] = p[2] = p[3] = _mm_setzero_si128();
    if (n > 1)
        p[1] = gh_mul(p[0], p[0]);
    if (n > 2) {
        p[2] = gh_mul(p[1], p[0]);
        p[3] = gh_mul(p[1], p[1]);
    }
    const unsigned head = n > 4 ? n - 4 : 0, tail = n - head;
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    /* Block head - 1 - k times K_(k+1). */
    _Pragma("GCC unroll 4")
    for (unsigned k = 0; k < 4; k++)
        if (k < head)
            gh_mul_acc(blk[head - 1 - k], p[k], &lo, &mid, &hi);
    __m128i first = blk[head];
    if (head) {
        first = _mm_xor_si128(first, gh_reduce(lo, mid, hi));
        lo = mid = hi = _mm_setzero_si128();
    }
    /* Block n - 1 - k times K_(k+1), the first of the group (k = tail - 1)
     * with the head's sum added. */
    _Pragma("GCC unroll 4")
    for (unsigned k = 0; k < 4; k++)
        if (k < tail)
            gh_mul_acc(k + 1 == tail ? first : blk[n - 1 - k], p[k], &lo, &mid, &hi);
    return gh_reduce(lo, mid, hi);
}

/* gh_short_sum_wide where the file has it and the caller asks for it
 * (@wide, a constant), else gh_short_sum_xmm. */
GH_FORCE_INLINE __m128i gh_short_sum(const __m128i *blk, unsigned n, __m128i p1, const int wide)
{
#if GH_SHORT_WIDE
    if (wide)
        return gh_short_sum_wide(blk, n, p1);
#endif
    (void)wide;
    return gh_short_sum_xmm(blk, n, p1);
}

#endif
