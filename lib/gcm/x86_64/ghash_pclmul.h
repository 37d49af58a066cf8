/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GHASH arithmetic on 128-bit vectors with PCLMULQDQ, shared (as static
 * inline code, compiled with each includer's ISA flags) by the GHASH
 * kernel and the stitched GCM loops of lib/gcm/x86_64/. */
#ifndef AXIOM_GHASH_PCLMUL_H
#define AXIOM_GHASH_PCLMUL_H

/*
 * Representation (see lib/gcm/ghash_ct.c for the derivation): a block read as
 * a big-endian 128-bit integer (one PSHUFB after the load) is its
 * polynomial bit-reflected, and the key powers are stored as
 * K_k = H^k * x^-1 mod P, so that the raw 256-bit carry-less product of a
 * reflected block with K_k is the reflection of something congruent to
 * block * H^k, with no 1-bit shift to correct.  Products of several blocks
 * with different powers are XORed unreduced (lo, mid, hi: the 0x00, the
 * 0x01 + 0x10 and the 0x11 partial products) and reduced once: this is the
 * aggregated reduction of Intel's carry-less multiplication white paper.
 *
 * Key layout, shared by every x86 GHASH kernel and stitched loop:
 * AXIOM_GHASH_MAXPOW (32) 128-bit slots, slot 32 - k holding K_k, so that
 * for n blocks the powers K_n, K_n-1, ..., K_1 are the n consecutive slots
 * from 32 - n: one 256- or 512-bit load fetches the powers for 2 or 4
 * consecutive blocks.
 *
 * Constant time: PCLMULQDQ's latency does not depend on its operands and
 * nothing here branches on or indexes by secret data.
 */
#include <immintrin.h>
#include <stdint.h>
#include "core/x86_lanes.h"
#include "gcm/ghash.h"

#define GH_FORCE_INLINE static inline __attribute__((always_inline))

/* Slot of K_k. */
#define GH_SLOT(k) (AXIOM_GHASH_MAXPOW - (k))

GH_FORCE_INLINE const __m128i *gh_powers(const axiom_ghash_key *hk)
{
    return (const __m128i *)(const void *)hk->w;
}

GH_FORCE_INLINE __m128i gh_bswap_mask(void)
{
    return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/* Load a block as its reflected polynomial. */
GH_FORCE_INLINE __m128i gh_load(const uint8_t *p, __m128i bswap)
{
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
}

GH_FORCE_INLINE void gh_store(uint8_t *p, __m128i v, __m128i bswap)
{
    _mm_storeu_si128((__m128i *)(void *)p, _mm_shuffle_epi8(v, bswap));
}

/* Accumulate the unreduced product a * k. */
GH_FORCE_INLINE void gh_mul_acc(__m128i a, __m128i k, __m128i *lo, __m128i *mid, __m128i *hi)
{
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, k, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, k, 0x11));
    *mid = _mm_xor_si128(*mid, _mm_xor_si128(_mm_clmulepi64_si128(a, k, 0x01),
                                             _mm_clmulepi64_si128(a, k, 0x10)));
}

/* The accumulators after a stitched loop's gh_mul_acc, kept as they are:
 * an empty asm statement that takes them in registers and hands them back
 * unchanged, so that the XORs into them stay a chain.  Without it GCC
 * reassociates a loop body's XORs into a tree, which keeps every partial
 * product live at once and, with 16 vector registers, spills them.  (The
 * short paths keep the tree: there it shortens the latency.) */
#define GH_KEEP(lo, mid, hi) __asm__("" : "+x"(lo), "+x"(mid), "+x"(hi))

/* Reduce hi * 2^128 + mid * 2^64 + lo (reflected) modulo P.  Two folds of
 * 64 bits each: adding w * P* for the lowest 64-bit word w clears it and
 * adds w * (y^57 + y^62 + y^63) (one PCLMULQDQ by 0xc2 << 56) one word up
 * and w itself two words up; the qword swap lines both up at once.  The
 * words are grouped as they come: the first fold takes lo's low word and
 * lands on mid's two words (lo's high word with it), the second takes the
 * low word of that sum and lands on hi.  So mid is added as it is, with no
 * byte shifts, and the first product starts from the raw lo without
 * waiting for mid. */
GH_FORCE_INLINE __m128i gh_reduce(__m128i lo, __m128i mid, __m128i hi)
{
    const __m128i poly = _mm_set_epi64x((long long)UINT64_C(0xc200000000000000), 0);
    const __m128i m = _mm_xor_si128(_mm_xor_si128(mid, _mm_shuffle_epi32(lo, 0x4e)),
                                    _mm_clmulepi64_si128(lo, poly, 0x10));
    return _mm_xor_si128(_mm_xor_si128(hi, _mm_shuffle_epi32(m, 0x4e)),
                         _mm_clmulepi64_si128(m, poly, 0x10));
}

#ifdef __AVX512F__
/* gh_reduce in each 128-bit lane, then the lanes XORed: the reduction is
 * linear, so this is gh_reduce of the folded lo, mid and hi, with one
 * lane fold instead of three (8 vector instructions fewer). */
GH_FORCE_INLINE __m128i gh_reduce_fold_zmm(__m512i lo, __m512i mid, __m512i hi)
{
    const __m512i poly = _mm512_broadcast_i32x4(
        _mm_set_epi64x((long long)UINT64_C(0xc200000000000000), 0));
    const __m512i m = _mm512_ternarylogic_epi64(mid, _mm512_shuffle_epi32(lo, _MM_PERM_BADC),
                                                _mm512_clmulepi64_epi128(lo, poly, 0x10), 0x96);
    return axiom_xor_lanes4(_mm512_ternarylogic_epi64(
        hi, _mm512_shuffle_epi32(m, _MM_PERM_BADC), _mm512_clmulepi64_epi128(m, poly, 0x10), 0x96));
}
#endif

GH_FORCE_INLINE __m128i gh_mul(__m128i a, __m128i k)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    gh_mul_acc(a, k, &lo, &mid, &hi);
    return gh_reduce(lo, mid, hi);
}

/* Accumulate the unreduced products of the @nfin (0..2) blocks at @fin
 * with K_nfin .. K_1: blocks that follow everything else hashed in the
 * same reduction (the final phase's, lib/gcm/ghash.h). */
GH_FORCE_INLINE void gh_acc_fin(const __m128i *pw, const uint8_t *fin, unsigned nfin,
                                __m128i bswap, __m128i *lo, __m128i *mid, __m128i *hi)
{
    for (unsigned j = 0; j < nfin; j++)
        gh_mul_acc(gh_load(fin + 16 * j, bswap), pw[GH_SLOT(nfin - j)], lo, mid, hi);
}

/* y = GHASH of @n blocks starting at @in, then of the @nfin (0..2) blocks
 * at @fin, aggregated: one reduction for all of them (1 <= n + nfin <= 32,
 * n >= 1). */
GH_FORCE_INLINE __m128i gh_absorb_fin(__m128i y, const __m128i *pw, const uint8_t *in,
                                      unsigned n, const uint8_t *fin, unsigned nfin,
                                      __m128i bswap)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(n + nfin);
    gh_mul_acc(_mm_xor_si128(y, gh_load(in, bswap)), k[0], &lo, &mid, &hi);
    for (unsigned j = 1; j < n; j++)
        gh_mul_acc(gh_load(in + 16 * j, bswap), k[j], &lo, &mid, &hi);
    gh_acc_fin(pw, fin, nfin, bswap, &lo, &mid, &hi);
    return gh_reduce(lo, mid, hi);
}

/* y = GHASH of @n (1..32) blocks starting at @in, aggregated: one
 * reduction for all of them. */
GH_FORCE_INLINE __m128i gh_absorb(__m128i y, const __m128i *pw, const uint8_t *in,
                                  unsigned n, __m128i bswap)
{
    return gh_absorb_fin(y, pw, in, n, NULL, 0, bswap);
}

/* Counter blocks are kept byte-reversed, so that the big-endian 32-bit
 * counter of bytes 12..15 is dword 0: a 32-bit lane add is exactly inc32,
 * wrap included. */
GH_FORCE_INLINE __m128i gh_ctr_add(__m128i c, int j)
{
    return _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, j));
}

#endif
