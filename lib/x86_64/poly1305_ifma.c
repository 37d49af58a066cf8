/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Poly1305 kernel for AVX-512 IFMA ("ifma"): 8 blocks in parallel, one per
 * 64-bit lane, in radix 2^44 (the 52-bit multipliers take 44-bit limbs
 * with room for the lazy carries).  Lane j accumulates blocks j, j + 8,
 * j + 16, ... multiplied by r^8 each step; the last step multiplies lane j
 * by r^(8 - j) instead, and the lanes are summed.  Short inputs (under 16
 * blocks) stay on the scalar code, which needs no powers of r.  Constant
 * time: no branch or index depends on the key or the data.  Built in the
 * AVX-512 bundle; the IFMA instructions are enabled per function, and the
 * kernel requires AXIOM_CPU_AVX512IFMA at run time. */
#include "config.h"

#include <immintrin.h>

#include "internal.h"
#include "poly1305.h"

#ifdef AXIOM_POLY1305_R44

#define IFMA_MIN_BLOCKS 16

#define M44 ((UINT64_C(1) << 44) - 1)

/* (h0, h1, h2) = (h0, h1, h2) * (r0, r1, r2) mod 2^130 - 5, lane by lane.
 * IFMA returns the low and high 52 bits of each 104-bit product: the high
 * halves land 2^52 = 2^44 * 2^8 above their limb, i.e. << 8 into the next
 * limb, and the top limb's wrap past 2^130 at 2^140 = 5 * 2^10 (mod p)
 * into limb 0.  Every step is latency bound (one chain per 128 bytes), so
 * the three products of a limb are summed as a tree, not a madd chain,
 * and the carries are taken in parallel from the uncarried limbs: each
 * carry is under 2^14, so the limbs end under 2^44 + 2^15, well inside
 * the 52 bits the next multiplication accepts. */
#define IFMA_MULR(h0, h1, h2, r0, r1, r2, s1, s2)                                       \
    do {                                                                                \
        const __m512i z_ = _mm512_setzero_si512();                                      \
        __m512i l0_ = _mm512_add_epi64(_mm512_madd52lo_epu64(z_, h0, r0),               \
                                       _mm512_madd52lo_epu64(z_, h1, s2));              \
        __m512i g0_ = _mm512_add_epi64(_mm512_madd52hi_epu64(z_, h0, r0),               \
                                       _mm512_madd52hi_epu64(z_, h1, s2));              \
        __m512i l1_ = _mm512_add_epi64(_mm512_madd52lo_epu64(z_, h0, r1),               \
                                       _mm512_madd52lo_epu64(z_, h1, r0));              \
        __m512i g1_ = _mm512_add_epi64(_mm512_madd52hi_epu64(z_, h0, r1),               \
                                       _mm512_madd52hi_epu64(z_, h1, r0));              \
        __m512i l2_ = _mm512_add_epi64(_mm512_madd52lo_epu64(z_, h0, r2),               \
                                       _mm512_madd52lo_epu64(z_, h1, r1));              \
        __m512i g2_ = _mm512_add_epi64(_mm512_madd52hi_epu64(z_, h0, r2),               \
                                       _mm512_madd52hi_epu64(z_, h1, r1));              \
        l0_ = _mm512_madd52lo_epu64(l0_, h2, s1);                                       \
        g0_ = _mm512_madd52hi_epu64(g0_, h2, s1);                                       \
        l1_ = _mm512_madd52lo_epu64(l1_, h2, s2);                                       \
        g1_ = _mm512_madd52hi_epu64(g1_, h2, s2);                                       \
        l2_ = _mm512_madd52lo_epu64(l2_, h2, r0);                                       \
        g2_ = _mm512_madd52hi_epu64(g2_, h2, r0);                                       \
        l0_ = _mm512_add_epi64(l0_, _mm512_add_epi64(_mm512_slli_epi64(g2_, 12),        \
                                                      _mm512_slli_epi64(g2_, 10)));     \
        l1_ = _mm512_add_epi64(l1_, _mm512_slli_epi64(g0_, 8));                         \
        l2_ = _mm512_add_epi64(l2_, _mm512_slli_epi64(g1_, 8));                         \
        __m512i c0_ = _mm512_srli_epi64(l0_, 44);                                       \
        __m512i c1_ = _mm512_srli_epi64(l1_, 44);                                       \
        __m512i c2_ = _mm512_srli_epi64(l2_, 42);                                       \
        h0 = _mm512_add_epi64(_mm512_and_si512(l0_, m44),                               \
                              _mm512_add_epi64(c2_, _mm512_slli_epi64(c2_, 2)));        \
        h1 = _mm512_add_epi64(_mm512_and_si512(l1_, m44), c0_);                         \
        h2 = _mm512_add_epi64(_mm512_and_si512(l2_, m42), c1_);                         \
    } while (0)

__attribute__((target("avx512ifma")))
static void ifma_blocks(axiom_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (nblocks < IFMA_MIN_BLOCKS) {
        axiom_poly1305_blocks_generic(p, in, nblocks);
        return;
    }
    axiom_poly1305_powers(p);
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i m42 = _mm512_set1_epi64((long long)(M44 >> 2));
    const __m512i hibit = _mm512_set1_epi64((long long)(UINT64_C(1) << 40));
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    const uint64_t(*rp)[3] = (const uint64_t(*)[3])p->rpow;

    /* r^8 in every lane, and r^8 .. r^1 in lanes 0 .. 7. */
    const __m512i r0 = _mm512_set1_epi64((long long)rp[7][0]);
    const __m512i r1 = _mm512_set1_epi64((long long)rp[7][1]);
    const __m512i r2 = _mm512_set1_epi64((long long)rp[7][2]);
    const __m512i s1 = _mm512_set1_epi64((long long)(rp[7][1] * 20));
    const __m512i s2 = _mm512_set1_epi64((long long)(rp[7][2] * 20));
#define LANES(i) _mm512_setr_epi64((long long)rp[7][i], (long long)rp[6][i], (long long)rp[5][i], \
                                   (long long)rp[4][i], (long long)rp[3][i], (long long)rp[2][i], \
                                   (long long)rp[1][i], (long long)rp[0][i])
    const __m512i q0 = LANES(0), q1 = LANES(1), q2 = LANES(2);
#undef LANES
    const __m512i twenty = _mm512_set1_epi64(20);
    const __m512i t1 = _mm512_mullo_epi64(q1, twenty), t2 = _mm512_mullo_epi64(q2, twenty);

    /* The running h joins block 0 in lane 0. */
    __m512i h0 = _mm512_setr_epi64((long long)p->h[0], 0, 0, 0, 0, 0, 0, 0);
    __m512i h1 = _mm512_setr_epi64((long long)p->h[1], 0, 0, 0, 0, 0, 0, 0);
    __m512i h2 = _mm512_setr_epi64((long long)p->h[2], 0, 0, 0, 0, 0, 0, 0);

    size_t groups = nblocks / 8;
    for (size_t g = 0; g < groups; g++, in += 128) {
        __m512i a = _mm512_loadu_si512((const void *)in);
        __m512i b = _mm512_loadu_si512((const void *)(in + 64));
        __m512i lo = _mm512_permutex2var_epi64(a, even, b); /* bytes 0-7 of blocks 0..7 */
        __m512i hi = _mm512_permutex2var_epi64(a, odd, b);  /* bytes 8-15 */
        h0 = _mm512_add_epi64(h0, _mm512_and_si512(lo, m44));
        h1 = _mm512_add_epi64(h1, _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44),
                                                                   _mm512_slli_epi64(hi, 20)), m44));
        h2 = _mm512_add_epi64(h2, _mm512_or_si512(_mm512_srli_epi64(hi, 24), hibit));
        if (g + 1 < groups)
            IFMA_MULR(h0, h1, h2, r0, r1, r2, s1, s2);
        else
            IFMA_MULR(h0, h1, h2, q0, q1, q2, t1, t2);
    }

    /* Sum the lanes (each limb under 2^45: no overflow) and carry. */
    uint64_t x0 = (uint64_t)_mm512_reduce_add_epi64(h0);
    uint64_t x1 = (uint64_t)_mm512_reduce_add_epi64(h1);
    uint64_t x2 = (uint64_t)_mm512_reduce_add_epi64(h2);
    x1 += x0 >> 44;
    x0 &= M44;
    x2 += x1 >> 44;
    x1 &= M44;
    uint64_t c = x2 >> 42;
    x2 &= M44 >> 2;
    x0 += c * 5;
    x1 += x0 >> 44;
    x0 &= M44;
    p->h[0] = x0;
    p->h[1] = x1;
    p->h[2] = x2;

    if (nblocks % 8)
        axiom_poly1305_blocks_generic(p, in, nblocks % 8);
}

const axiom_poly1305_kernel axiom_poly1305_ifma = {
    .name = "ifma",
    .features = AXIOM_CPU_AVX512 | AXIOM_CPU_AVX512IFMA,
    .constant_time = 1,
    .blocks = ifma_blocks,
};

#endif
