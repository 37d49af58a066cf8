/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Poly1305 kernel for AVX-512 IFMA ("ifma"): 8 blocks in parallel, one per
 * 64-bit lane, in radix 2^44 (the 52-bit multipliers take 44-bit limbs
 * with room for the lazy carries).  Lane j accumulates blocks j, j + 8,
 * j + 16, ... multiplied by r^8 each step; the last step multiplies lane j
 * by r^(8 - j) instead, and the lanes are summed.  Short inputs (under 16
 * blocks, or under 24 while there are no powers of r) stay on the scalar
 * code, which needs none.  Constant
 * time: no branch or index depends on the key or the data.  Bundle
 * avx512_ifma: the kernel needs AVX-512 and IFMA (and AVX2, whose VEX
 * encodings the compiler may use). */
#include "config.h"

#include <immintrin.h>

#include "chacha/x86_64/chacha_simd.h"
#include "core/internal.h"
#include "chacha/poly1305.h"

#ifdef AXIOM_POLY1305_R44

#define IFMA_MIN_BLOCKS AXIOM_POLY1305_IFMA_MIN_BLOCKS

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

/* 20 x, the factor of limb products that wrap past 2^132. */
#define TIMES20(x) _mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 2))

/* o = a * b mod 2^130 - 5, lane by lane, fully carried like the portable
 * code (limbs under 2^44, 2^44 and 2^42 + 1) from inputs so carried: for
 * the powers of r. */
static inline void ifma_mul_full(__m512i o[3], const __m512i a[3], const __m512i b[3])
{
    const __m512i z = _mm512_setzero_si512();
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i m42 = _mm512_set1_epi64((long long)(M44 >> 2));
    const __m512i s1 = TIMES20(b[1]), s2 = TIMES20(b[2]);
#define LO(x, y) _mm512_madd52lo_epu64(z, x, y)
#define HI(x, y) _mm512_madd52hi_epu64(z, x, y)
#define SUM3(f, x0, y0, x1, y1, x2, y2) \
    _mm512_add_epi64(_mm512_add_epi64(f(x0, y0), f(x1, y1)), f(x2, y2))
    __m512i l0 = SUM3(LO, a[0], b[0], a[1], s2, a[2], s1);
    __m512i g0 = SUM3(HI, a[0], b[0], a[1], s2, a[2], s1);
    __m512i l1 = SUM3(LO, a[0], b[1], a[1], b[0], a[2], s2);
    __m512i g1 = SUM3(HI, a[0], b[1], a[1], b[0], a[2], s2);
    __m512i l2 = SUM3(LO, a[0], b[2], a[1], b[1], a[2], b[0]);
    __m512i g2 = SUM3(HI, a[0], b[2], a[1], b[1], a[2], b[0]);
#undef SUM3
#undef HI
#undef LO
    l1 = _mm512_add_epi64(l1, _mm512_slli_epi64(g0, 8));
    l2 = _mm512_add_epi64(l2, _mm512_slli_epi64(g1, 8));
    l0 = _mm512_add_epi64(l0, _mm512_add_epi64(_mm512_slli_epi64(g2, 12), _mm512_slli_epi64(g2, 10)));
    __m512i c = _mm512_srli_epi64(l0, 44);
    l0 = _mm512_and_si512(l0, m44);
    l1 = _mm512_add_epi64(l1, c);
    c = _mm512_srli_epi64(l1, 44);
    l1 = _mm512_and_si512(l1, m44);
    l2 = _mm512_add_epi64(l2, c);
    c = _mm512_srli_epi64(l2, 42);
    l2 = _mm512_and_si512(l2, m42);
    l0 = _mm512_add_epi64(l0, _mm512_add_epi64(c, _mm512_slli_epi64(c, 2)));
    c = _mm512_srli_epi64(l0, 44);
    l0 = _mm512_and_si512(l0, m44);
    l1 = _mm512_add_epi64(l1, c);
    c = _mm512_srli_epi64(l1, 44);
    o[0] = l0;
    o[1] = _mm512_and_si512(l1, m44);
    o[2] = _mm512_add_epi64(l2, c);
}

/* p->rpow from p->r: r^2; r^3 and r^4 in one product; r^5 .. r^8 in one. */
static void ifma_powers(axiom_poly1305 *p)
{
    if (p->have_pow)
        return;
    __m512i r[3], p2[3], b[3], p34[3], a4[3], p58[3];
    const __m512i lane1 = _mm512_set1_epi64(1);
    const __m512i to23 = _mm512_setr_epi64(0, 0, 0, 1, 0, 0, 0, 0);
    const __m512i order = _mm512_setr_epi64(3, 2, 1, 0, 9, 8, 0, 0);
    for (int i = 0; i < 3; i++)
        r[i] = _mm512_set1_epi64((long long)p->r[i]);
    ifma_mul_full(p2, r, r);
    for (int i = 0; i < 3; i++)
        b[i] = _mm512_mask_blend_epi64(0xaa, r[i], p2[i]); /* r, r^2, r, r^2, ... */
    ifma_mul_full(p34, p2, b);                              /* r^3, r^4, ... */
    for (int i = 0; i < 3; i++) {
        a4[i] = _mm512_permutexvar_epi64(lane1, p34[i]);
        b[i] = _mm512_mask_blend_epi64(0x02, r[i], p2[i]);
        b[i] = _mm512_mask_permutexvar_epi64(b[i], 0x0c, to23, p34[i]); /* r .. r^4 */
    }
    ifma_mul_full(p58, a4, b); /* r^5 .. r^8 in lanes 0 .. 3 */
    for (int i = 0; i < 3; i++) {
        __m512i q = _mm512_permutex2var_epi64(p58[i], order, p34[i]);
        q = _mm512_mask_blend_epi64(0x40, q, p2[i]);
        q = _mm512_mask_blend_epi64(0x80, q, r[i]);
        _mm512_store_si512((void *)p->rpow[i], q);
    }
    p->have_pow = 1;
}

/* The eight lanes' accumulators (limbs @h0..@h2, each under 2^45, so the
 * sums cannot overflow) added into one, carried, and stored in p->h. */
static inline void ifma_fold(axiom_poly1305 *p, __m512i h0, __m512i h1, __m512i h2)
{
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
}

static void ifma_blocks(axiom_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (nblocks < IFMA_MIN_BLOCKS) {
        axiom_poly1305_blocks_generic(p, in, nblocks);
        return;
    }
#ifdef __OPTIMIZE__
    /* Before the powers exist, up to AXIOM_POLY1305_IFMA_COLD_BLOCKS the
     * AVX2 kernel's scalar loop (MULX) is faster than making them
     * (1.03-1.09x for ChaCha20-Poly1305 at 256-320 bytes on Zen 4); below
     * 16 blocks it gains nothing over the portable loop.  Whether the
     * powers exist depends on the lengths absorbed so far, which are
     * public. */
    if (!p->have_pow && nblocks < AXIOM_POLY1305_IFMA_COLD_BLOCKS) {
        axiom_poly1305_avx2_scalar(p, in, nblocks);
        return;
    }
#endif
    ifma_powers(p);
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i m42 = _mm512_set1_epi64((long long)(M44 >> 2));
    const __m512i hibit = _mm512_set1_epi64((long long)(UINT64_C(1) << 40));
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);

    /* r^8 in every lane, and r^8 .. r^1 in lanes 0 .. 7. */
    const __m512i r0 = _mm512_set1_epi64((long long)p->rpow[0][0]);
    const __m512i r1 = _mm512_set1_epi64((long long)p->rpow[1][0]);
    const __m512i r2 = _mm512_set1_epi64((long long)p->rpow[2][0]);
    const __m512i s1 = TIMES20(r1), s2 = TIMES20(r2);
    const __m512i q0 = _mm512_load_si512((const void *)p->rpow[0]);
    const __m512i q1 = _mm512_load_si512((const void *)p->rpow[1]);
    const __m512i q2 = _mm512_load_si512((const void *)p->rpow[2]);
    const __m512i t1 = TIMES20(q1), t2 = TIMES20(q2);

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
    ifma_fold(p, h0, h1, h2);

    if (nblocks % 8)
        axiom_poly1305_blocks_generic(p, in, nblocks % 8);
}

/* ------------------------------------------------ fused ChaCha20-Poly1305 */

/* Multiplier of one step, (r0, r1, r2, 20 r1, 20 r2) in 8 lanes: r^8
 * everywhere, r^8 .. r^1 for the last step, or 1 for the first. */
typedef struct { __m512i v[5]; } ifma_mul;

/* The 8 blocks at @pm (not NULL) as limbs l0 < 2^44, l1 < 2^44, l2 < 2^41
 * with the 2^128 bit, blocks 0, 4, 1, 5, 2, 6, 3, 7 in lanes 0 .. 7. */
#define IFMA_LIMBS(l0, l1, l2, pm)                                                      \
    do {                                                                                \
        __m512i a_ = _mm512_loadu_si512((const void *)(pm));                            \
        __m512i b_ = _mm512_loadu_si512((const void *)((pm) + 64));                     \
        __m512i lo_ = _mm512_unpacklo_epi64(a_, b_);                                    \
        __m512i hi_ = _mm512_unpackhi_epi64(a_, b_);                                    \
        l0 = _mm512_and_si512(lo_, m44);                                                \
        l1 = _mm512_ternarylogic_epi64(_mm512_srli_epi64(lo_, 44),                      \
                                       _mm512_slli_epi64(hi_, 20), m44, 0xa8);          \
        l2 = _mm512_or_si512(_mm512_srli_epi64(hi_, 24), hibit);                        \
    } while (0)

/* h = h * mu + m, lane by lane, for 8 blocks at @ptr (m = 0 when @ptr is
 * NULL; blocks 0, 4, 1, 5, 2, 6, 3, 7 in lanes 0 .. 7), written for throughput: it runs among the ChaCha20 rounds, which
 * hide its latency.  The message limbs start the lo accumulators; the high
 * halves of the 104-bit products (2^52 = 2^44 << 8 above their limb) are
 * summed apart and added in with one more multiply by 2^8, or by
 * 5 * 2^10 for limb 2 (2^140 = 5 * 2^10 mod p); so is the carry out of
 * 2^130, times 5.
 * Bounds, with limbs h0, h1 < 2^46 and h2 < 2^43 on entry, r0, r1 < 2^44,
 * r2 < 2^43, 20 r1 < 2^49, 20 r2 < 2^48: the high sums stay under 2^42
 * (limb 0), 2^40 and 2^39 (limb 2), so the products by 2^8 and 5 * 2^10
 * stay under 2^52; the lo sums under 2^55, so the carries are under 2^11
 * (2^13 for limb 2) and the limbs leave under 2^44 + 2^16, 2^44 + 2^11 and
 * 2^42 + 2^11, plus a message limb under 2^44, 2^44 and 2^41.  It works on
 * h0, h1, h2 in scope, in the five parts below (IFMA_P0 .. IFMA_P5). */
#define IFMA_STEP(mu, ptr)                                                              \
    do {                                                                                \
        __m512i sl0_, sl1_, sl2_, sg0_, sg1_, sg2_;                                     \
        IFMA_P0(ptr);                                                                   \
        IFMA_P1(mu);                                                                    \
        IFMA_P2(mu);                                                                    \
        IFMA_P3(mu);                                                                    \
        IFMA_P4();                                                                      \
        IFMA_P5();                                                                      \
    } while (0)

/* IFMA_STEP for latency, where no ChaCha20 rounds run alongside (the
 * blocks after the last chunk, the final multiplication by the powers):
 * h = h * mu with IFMA_MULR's product tree and parallel carries (about half
 * IFMA_STEP's dependency chain), then + m.  The limbs leave IFMA_MULR under
 * 2^44 + 2^15, 2^44 + 2^15 and 2^42 + 2^15 (its bound holds for inputs
 * within IFMA_STEP's); with a message limb under 2^44, 2^44 and 2^41 they
 * stay within IFMA_STEP's entry bounds. */
#define IFMA_STEP_LAT(h0, h1, h2, mu, ptr)                                              \
    do {                                                                                \
        IFMA_MULR(h0, h1, h2, (mu)->v[0], (mu)->v[1], (mu)->v[2], (mu)->v[3], (mu)->v[4]); \
        const uint8_t *pm_ = (ptr);                                                     \
        if (pm_) {                                                                      \
            __m512i a_ = _mm512_loadu_si512((const void *)pm_);                         \
            __m512i b_ = _mm512_loadu_si512((const void *)(pm_ + 64));                  \
            __m512i lo_ = _mm512_unpacklo_epi64(a_, b_);                                \
            __m512i hi_ = _mm512_unpackhi_epi64(a_, b_);                                \
            h0 = _mm512_add_epi64(h0, _mm512_and_si512(lo_, m44));                      \
            h1 = _mm512_add_epi64(h1, _mm512_ternarylogic_epi64(_mm512_srli_epi64(lo_, 44), \
                                                                _mm512_slli_epi64(hi_, 20), m44, 0xa8)); \
            h2 = _mm512_add_epi64(h2, _mm512_or_si512(_mm512_srli_epi64(hi_, 24), hibit)); \
        }                                                                               \
    } while (0)

/* IFMA_STEP cut into five parts to be spread among a double round's quarter
 * rounds (source order is roughly issue order here, and the scheduler
 * window holds less than a double round plus a step): the message and
 * h0's products; h1's; h2's; the high halves; the carries.  The
 * accumulators sl0_ .. sg2_ are declared by the caller. */
#define IFMA_P0(ptr)                                                                    \
    do {                                                                                \
        const uint8_t *pm_ = (ptr);                                                     \
        sl0_ = sl1_ = sl2_ = _mm512_setzero_si512();                                    \
        if (pm_)                                                                        \
            IFMA_LIMBS(sl0_, sl1_, sl2_, pm_);                                          \
    } while (0)
#define IFMA_P1(mu)                                                                     \
    do {                                                                                \
        sg0_ = _mm512_madd52hi_epu64(_mm512_setzero_si512(), h0, (mu)->v[0]);           \
        sg1_ = _mm512_madd52hi_epu64(_mm512_setzero_si512(), h0, (mu)->v[1]);           \
        sg2_ = _mm512_madd52hi_epu64(_mm512_setzero_si512(), h0, (mu)->v[2]);           \
        sl0_ = _mm512_madd52lo_epu64(sl0_, h0, (mu)->v[0]);                             \
        sl1_ = _mm512_madd52lo_epu64(sl1_, h0, (mu)->v[1]);                             \
        sl2_ = _mm512_madd52lo_epu64(sl2_, h0, (mu)->v[2]);                             \
    } while (0)
#define IFMA_P2(mu)                                                                     \
    do {                                                                                \
        sg0_ = _mm512_madd52hi_epu64(sg0_, h1, (mu)->v[4]);                             \
        sg1_ = _mm512_madd52hi_epu64(sg1_, h1, (mu)->v[0]);                             \
        sg2_ = _mm512_madd52hi_epu64(sg2_, h1, (mu)->v[1]);                             \
        sl0_ = _mm512_madd52lo_epu64(sl0_, h1, (mu)->v[4]);                             \
        sl1_ = _mm512_madd52lo_epu64(sl1_, h1, (mu)->v[0]);                             \
        sl2_ = _mm512_madd52lo_epu64(sl2_, h1, (mu)->v[1]);                             \
    } while (0)
#define IFMA_P3(mu)                                                                     \
    do {                                                                                \
        sg0_ = _mm512_madd52hi_epu64(sg0_, h2, (mu)->v[3]);                             \
        sg1_ = _mm512_madd52hi_epu64(sg1_, h2, (mu)->v[4]);                             \
        sg2_ = _mm512_madd52hi_epu64(sg2_, h2, (mu)->v[0]);                             \
        sl0_ = _mm512_madd52lo_epu64(sl0_, h2, (mu)->v[3]);                             \
        sl1_ = _mm512_madd52lo_epu64(sl1_, h2, (mu)->v[4]);                             \
        sl2_ = _mm512_madd52lo_epu64(sl2_, h2, (mu)->v[0]);                             \
    } while (0)
#define IFMA_P4()                                                                       \
    do {                                                                                \
        sl1_ = _mm512_madd52lo_epu64(sl1_, sg0_, k256);                                 \
        sl2_ = _mm512_madd52lo_epu64(sl2_, sg1_, k256);                                 \
        sl0_ = _mm512_madd52lo_epu64(sl0_, sg2_, k5120);                                \
    } while (0)
#define IFMA_P5()                                                                       \
    do {                                                                                \
        __m512i c0_ = _mm512_srli_epi64(sl0_, 44);                                      \
        __m512i c1_ = _mm512_srli_epi64(sl1_, 44);                                      \
        __m512i c2_ = _mm512_srli_epi64(sl2_, 42);                                      \
        h0 = _mm512_madd52lo_epu64(_mm512_and_si512(sl0_, m44), c2_, k5);               \
        h1 = _mm512_add_epi64(_mm512_and_si512(sl1_, m44), c0_);                        \
        h2 = _mm512_add_epi64(_mm512_and_si512(sl2_, m42), c1_);                        \
    } while (0)
/* A diagonal round with one IFMA_STEP (the same arithmetic) spread in it,
 * and a double round with one spread in it. */
#define DIAG_STEP(mu, ptr)                                                              \
    IFMA_P0(ptr); Z_QR(x0, x5, x10, x15) IFMA_P1(mu); Z_QR(x1, x6, x11, x12) IFMA_P2(mu); \
    Z_QR(x2, x7, x8, x13) IFMA_P3(mu); Z_QR(x3, x4, x9, x14) IFMA_P4(); IFMA_P5();
#define DR_STEP(mu, ptr)                                                                \
    Z_QR(x0, x4, x8, x12) IFMA_P0(ptr); Z_QR(x1, x5, x9, x13) IFMA_P1(mu);             \
    Z_QR(x2, x6, x10, x14) IFMA_P2(mu); Z_QR(x3, x7, x11, x15) IFMA_P3(mu);            \
    Z_QR(x0, x5, x10, x15) IFMA_P4(); Z_QR(x1, x6, x11, x12) IFMA_P5();                \
    Z_QR(x2, x7, x8, x13) Z_QR(x3, x4, x9, x14)
/* DR_STEP with the parts one quarter round later: open's arrangement
 * (each direction uses the placement that compiles to its faster code). */
#define DR_STEP_LATE(mu, ptr)                                                           \
    Z_QR(x0, x4, x8, x12) Z_QR(x1, x5, x9, x13) IFMA_P0(ptr);                          \
    Z_QR(x2, x6, x10, x14) IFMA_P1(mu); Z_QR(x3, x7, x11, x15) IFMA_P2(mu);            \
    Z_QR(x0, x5, x10, x15) IFMA_P3(mu); Z_QR(x1, x6, x11, x12) IFMA_P4();              \
    Z_QR(x2, x7, x8, x13) IFMA_P5(); Z_QR(x3, x4, x9, x14)

/* Z_X16_XOR (lib/chacha/x86_64/chacha_simd.h) with one step spread among its
 * transposes, which use port 5 only: the step's loads come first, before
 * any store (open in place reads the blocks this overwrites). */
#define XOR_STEP(st, o, in, mu, ptr)                                                    \
    do {                                                                                \
        IFMA_P0(ptr);                                                                   \
        Z_ADD_(st, 0); Z_ADD_(st, 1); Z_ADD_(st, 2); Z_ADD_(st, 3);                    \
        Z_ADD_(st, 4); Z_ADD_(st, 5); Z_ADD_(st, 6); Z_ADD_(st, 7);                    \
        IFMA_P1(mu);                                                                    \
        Z_ADD_(st, 8); Z_ADD_(st, 9); Z_ADD_(st, 10); Z_ADD_(st, 11);                  \
        Z_ADD_(st, 13); Z_ADD_(st, 14); Z_ADD_(st, 15);                                 \
        x12 = _mm512_add_epi32(x12, z_ctr_);                                           \
        CH_TRANSPOSE4_Z(x0, x1, x2, x3);                                \
        IFMA_P2(mu);                                                                    \
        CH_TRANSPOSE4_Z(x4, x5, x6, x7);                                \
        IFMA_P3(mu);                                                                    \
        CH_TRANSPOSE4_Z(x8, x9, x10, x11);                              \
        IFMA_P4();                                                                      \
        CH_TRANSPOSE4_Z(x12, x13, x14, x15);                            \
        IFMA_P5();                                                                      \
        Z_X16_STORE(o, in);                                                             \
    } while (0)
/* XOR_STEP with the parts later, the last two among the output shuffles
 * (open's arrangement). */
#define XOR_STEP_LATE(st, o, in, mu, ptr)                                                \
    do {                                                                                \
        IFMA_P0(ptr);                                                                   \
        Z_X16_ADD(st);                                                                  \
        CH_TRANSPOSE4_Z(x0, x1, x2, x3);                                \
        IFMA_P1(mu);                                                                    \
        CH_TRANSPOSE4_Z(x4, x5, x6, x7);                                \
        IFMA_P2(mu);                                                                    \
        CH_TRANSPOSE4_Z(x8, x9, x10, x11);                              \
        IFMA_P3(mu);                                                                    \
        CH_TRANSPOSE4_Z(x12, x13, x14, x15);                            \
        Z_BLOCKS_(o, in, 0, x0, x4, x8, x12);                                          \
        IFMA_P4();                                                                      \
        Z_BLOCKS_(o, in, 1, x1, x5, x9, x13);                                          \
        IFMA_P5();                                                                      \
        Z_BLOCKS_(o, in, 2, x2, x6, x10, x14);                                         \
        Z_BLOCKS_(o, in, 3, x3, x7, x11, x15);                                         \
    } while (0)

/* One 1 KiB chunk: 16 ChaCha20 blocks from @st (@pre: its shared first
 * round, lib/chacha/x86_64/chacha_simd.h) XORed from @in to @out, and,
 * when @mac is not NULL, the 64 Poly1305 blocks at @mac absorbed (the first
 * step multiplying by @first, the others by @mr), one step of 8 blocks
 * spread among the quarter rounds of each of the first 7 double rounds
 * (the first one's diagonal half) and the last among the final transposes
 * (XOR_STEP).  Seal passes the previous chunk of @out as @mac; open has
 * IFMA_CHUNK_OPEN below (@mac is @in there, read before the stores; its
 * NULL branch is kept for symmetry and never taken). */
/* Input prefetched this far ahead, two lines after each double round. */
#define PF_DIST 2048
#define PF_LINES(in, off)                                                               \
    do {                                                                                \
        _mm_prefetch((const char *)(in) + PF_DIST + (off), _MM_HINT_T0);               \
        _mm_prefetch((const char *)(in) + PF_DIST + (off) + 64, _MM_HINT_T0);          \
    } while (0)
/* The chunk's rounds and XOR with nothing to absorb. */
#define CHUNK_NO_MAC(st, out, in)                                                       \
    do {                                                                                \
        CH_DIAGROUND(Z_QR)                                                              \
        _Pragma("GCC unroll 9")                                                         \
        for (int i_ = 1; i_ < 10; i_++) {                                               \
            CH_DOUBLEROUND(Z_QR)                                                        \
            if (i_ < 9)                                                                 \
                PF_LINES(in, 128 * (i_ - 1));                                           \
        }                                                                               \
        Z_X16_XOR(st, out, in);                                                         \
    } while (0)

/* The chunk as both directions run it: the first round with a step, then
 * @drs(in, mr, mp_), the other double rounds with the steps their
 * direction spreads in them, and @last, the output with the last step. */
#define IFMA_CHUNK_FRAME(st, pre, out, in, mac, first, mr, drs, last)                   \
    do {                                                                                \
        Z_X16_INIT_R1(st, pre);                                                         \
        const uint8_t *mp_ = (mac);                                                     \
        if (mp_) {                                                                      \
            __m512i sl0_, sl1_, sl2_, sg0_, sg1_, sg2_;                                 \
            DIAG_STEP((first), mp_)                                                     \
            mp_ += 128;                                                                 \
            drs(in, (mr), mp_);                                                         \
            last(st, out, in, (mr), mp_);                                               \
        } else {                                                                        \
            CHUNK_NO_MAC(st, out, in);                                                  \
        }                                                                               \
    } while (0)
/* Seal's double rounds: a step in each of the first six. */
#define SEAL_DRS(in, mr, mp)                                                            \
    do {                                                                                \
        _Pragma("GCC unroll 6")                                                         \
        for (int i_ = 1; i_ < 7; i_++) {                                                \
            DR_STEP(mr, mp)                                                             \
            mp += 128;                                                                  \
            PF_LINES(in, 128 * (i_ - 1));                                               \
        }                                                                               \
        _Pragma("GCC unroll 3")                                                         \
        for (int i_ = 7; i_ < 10; i_++) {                                               \
            CH_DOUBLEROUND(Z_QR)                                                        \
            if (i_ < 9)                                                                 \
                PF_LINES(in, 128 * (i_ - 1));                                           \
        }                                                                               \
    } while (0)
#define IFMA_CHUNK(st, pre, out, in, mac, first, mr)                                    \
    IFMA_CHUNK_FRAME(st, pre, out, in, mac, first, mr, SEAL_DRS, XOR_STEP)

/* IFMA_CHUNK for open: the steps in two of every three double rounds
 * after the first, and the last in the transposes.  Each direction has
 * its own arrangement, and its own function: the placement that gives
 * the faster code for open is not the one for seal. */
#define OPEN_DRS(in, mr, mp)                                                            \
    do {                                                                                \
        _Pragma("GCC unroll 3")                                                         \
        for (int j_ = 0; j_ < 3; j_++) {                                                \
            DR_STEP_LATE(mr, mp)                                                        \
            PF_LINES(in, 384 * j_);                                                     \
            DR_STEP_LATE(mr, mp + 128)                                                  \
            PF_LINES(in, 384 * j_ + 128);                                               \
            mp += 256;                                                                  \
            CH_DOUBLEROUND(Z_QR)                                                        \
            PF_LINES(in, 384 * j_ + 256);                                               \
        }                                                                               \
    } while (0)
#define IFMA_CHUNK_OPEN(st, pre, out, in, mac, first, mr)                               \
    IFMA_CHUNK_FRAME(st, pre, out, in, mac, first, mr, OPEN_DRS, XOR_STEP_LATE)

/* IFMA_CHUNK with 128 Poly1305 blocks: the 64 at @mac (the first step
 * multiplying by @first) then the 64 at @mac2, two steps after each of the
 * first 8 double rounds (open's first chunk, with the chunk before it). */
#define IFMA_CHUNK2(st, pre, out, in, mac, first, mr, mac2)                             \
    do {                                                                                \
        Z_X16_INIT_R1(st, pre);                                                         \
        const uint8_t *mp_ = (mac);                                                     \
        CH_DIAGROUND(Z_QR)                                                              \
        IFMA_STEP((first), mp_);                                            \
        IFMA_STEP((mr), mp_ + 128);                                         \
        mp_ += 256;                                                                     \
        _Pragma("GCC unroll 9")                                                         \
        for (int i_ = 1; i_ < 10; i_++) {                                               \
            CH_DOUBLEROUND(Z_QR)                                                        \
            if (i_ < 9)                                                                 \
                PF_LINES(in, 128 * (i_ - 1));                                           \
            if (i_ < 8) {                                                               \
                if (i_ == 4)                                                            \
                    mp_ = (mac2);                                                       \
                IFMA_STEP((mr), mp_);                                       \
                IFMA_STEP((mr), mp_ + 128);                                 \
                mp_ += 256;                                                             \
            }                                                                           \
        }                                                                               \
        Z_X16_XOR(st, out, in);                                                         \
    } while (0)

/* One ChaCha20 double round of a single block in row form (lib/chacha/x86_64/
 * chacha_simd.h's chacha_x1). */
#define KEY_DR(a, b, c, d)                                                              \
    S_QR(a, b, c, d)                                                                    \
    b = _mm_shuffle_epi32(b, 0x39);                                                     \
    c = _mm_shuffle_epi32(c, 0x4e);                                                     \
    d = _mm_shuffle_epi32(d, 0x93);                                                     \
    S_QR(a, b, c, d)                                                                    \
    b = _mm_shuffle_epi32(b, 0x93);                                                     \
    c = _mm_shuffle_epi32(c, 0x4e);                                                     \
    d = _mm_shuffle_epi32(d, 0x39);

/* The first step of seal and open: block st[12] (the Poly1305 key: its
 * first 32 bytes to @polykey) computed alongside blocks st[12] + 1 .. + 16,
 * XORed from @in to @out, so that the key block's latency hides in the
 * 16-way work. */
static void ifma_chachapoly_key(const uint32_t st[16], uint8_t polykey[32], uint8_t *out,
                                const uint8_t *in)
{
    /* The state and its shared first round in one array: one wipe. */
    uint32_t w[32];
    uint32_t *const s = w, *const pre = w + 16;
    memcpy(s, st, 16 * sizeof(uint32_t));
    s[12] += 1;
    ch_first_round_shared(s, pre);
    const __m128i ka0 = _mm_loadu_si128((const __m128i *)st);
    const __m128i kb0 = _mm_loadu_si128((const __m128i *)(st + 4));
    const __m128i kc0 = _mm_loadu_si128((const __m128i *)(st + 8));
    const __m128i kd0 = ch_load_row_d(st);
    __m128i ka = ka0, kb = kb0, kc = kc0, kd = kd0;
    {
        Z_X16_INIT_R1(s, pre);
        CH_DIAGROUND(Z_QR)
        KEY_DR(ka, kb, kc, kd)
        _Pragma("GCC unroll 9")
        for (int i = 1; i < 10; i++) {
            CH_DOUBLEROUND(Z_QR)
            KEY_DR(ka, kb, kc, kd)
        }
        Z_X16_XOR(s, out, in);
    }
    _mm_storeu_si128((__m128i *)polykey, _mm_add_epi32(ka, ka0));
    _mm_storeu_si128((__m128i *)(polykey + 16), _mm_add_epi32(kb, kb0));
    (void)kc;
    (void)kd;
    axiom_wipe(w, sizeof w);
}

/* The pass of ifma_chachapoly for one direction (@enc a constant): seal
 * and open are compiled as two functions, so that each gets its own
 * register allocation. */
__attribute__((always_inline))
static inline void ifma_pass(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                             size_t nchunks, const int enc, const uint8_t *mac0)
{
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i m42 = _mm512_set1_epi64((long long)(M44 >> 2));
    const __m512i hibit = _mm512_set1_epi64((long long)(UINT64_C(1) << 40));
    const __m512i k5 = _mm512_set1_epi64(5), k256 = _mm512_set1_epi64(256);
    const __m512i k5120 = _mm512_set1_epi64(5 * 1024);
    ifma_mul mr, mq, m1;
    /* The loads put blocks 0, 4, 1, 5, 2, 6, 3, 7 of each 128 bytes in lanes
     * 0 .. 7: the last step's powers follow that order. */
    const __m512i order = _mm512_setr_epi64(0, 4, 1, 5, 2, 6, 3, 7);
    for (int i = 0; i < 3; i++) {
        mq.v[i] = _mm512_permutexvar_epi64(order, _mm512_load_si512((const void *)p->rpow[i]));
        mr.v[i] = _mm512_set1_epi64((long long)p->rpow[i][0]);
        m1.v[i] = _mm512_setzero_si512();
    }
    mq.v[3] = TIMES20(mq.v[1]);
    mq.v[4] = TIMES20(mq.v[2]);
    mr.v[3] = TIMES20(mr.v[1]);
    mr.v[4] = TIMES20(mr.v[2]);
    m1.v[0] = _mm512_set1_epi64(1);
    m1.v[3] = m1.v[4] = _mm512_setzero_si512();

    /* Lane j gathers blocks j, j + 8, ... times r^8 per step; the running h
     * joins lane 0 (the first step multiplies by 1); the last multiplies
     * lane j by r^(8 - j). */
    __m512i h0 = _mm512_setr_epi64((long long)p->h[0], 0, 0, 0, 0, 0, 0, 0);
    __m512i h1 = _mm512_setr_epi64((long long)p->h[1], 0, 0, 0, 0, 0, 0, 0);
    __m512i h2 = _mm512_setr_epi64((long long)p->h[2], 0, 0, 0, 0, 0, 0, 0);
    uint32_t w[32];
    uint32_t *const s = w, *const pre = w + 16;
    memcpy(s, st, 16 * sizeof(uint32_t));
    ch_first_round_shared(s, pre);

    if (enc) {
        /* Seal: chunk i's keystream, with the MAC of chunk i - 1 (of @mac0
         * for chunk 0); the last chunk's MAC after the loop. */
        const uint8_t *prev = mac0;
        const ifma_mul *first = &m1;
        for (size_t c = 0; c < nchunks; c++) {
            IFMA_CHUNK(s, pre, out + 1024 * c, in + 1024 * c, prev, first, &mr);
            if (prev)
                first = &mr;
            prev = out + 1024 * c;
            s[12] += 16;
        }
        for (int i = 0; i < 8; i++, prev += 128) {
            IFMA_STEP_LAT(h0, h1, h2, first, prev);
            first = &mr;
        }
    } else {
        /* Open: chunk i's keystream, with the MAC of chunk i (read before
         * it is overwritten when in place). */
        size_t c = 0;
        const ifma_mul *first = &m1;
        if (mac0 && nchunks) {
            /* The chunk before @in joins the first chunk's rounds. */
            IFMA_CHUNK2(s, pre, out, in, mac0, &m1, &mr, in);
            s[12] += 16;
            c = 1;
            first = &mr;
        } else if (mac0) {
            for (int i = 0; i < 8; i++, mac0 += 128) {
                IFMA_STEP_LAT(h0, h1, h2, first, mac0);
                first = &mr;
            }
        }
        for (; c < nchunks; c++) {
            IFMA_CHUNK_OPEN(s, pre, out + 1024 * c, in + 1024 * c, in + 1024 * c, first, &mr);
            s[12] += 16;
            first = &mr;
        }
    }
    IFMA_STEP_LAT(h0, h1, h2, &mq, (const uint8_t *)NULL);
    st[12] += (uint32_t)(16 * nchunks);
    axiom_wipe(w, sizeof w);

    ifma_fold(p, h0, h1, h2);
}

__attribute__((noinline))
static void ifma_seal_pass(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                           size_t nchunks, const uint8_t *mac0)
{
    ifma_pass(st, p, out, in, nchunks, 1, mac0);
}

__attribute__((noinline))
static void ifma_open_pass(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                           size_t nchunks, const uint8_t *mac0)
{
    ifma_pass(st, p, out, in, nchunks, 0, mac0);
}

static void ifma_chachapoly(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                            size_t nchunks, int enc, const uint8_t *mac0)
{
    if (!nchunks && !mac0)
        return;
    ifma_powers(p);
    if (enc)
        ifma_seal_pass(st, p, out, in, nchunks, mac0);
    else
        ifma_open_pass(st, p, out, in, nchunks, mac0);
}

const axiom_poly1305_kernel axiom_poly1305_ifma = {
    .name = "ifma",
    .features = AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_AVX512IFMA,
    .constant_time = 1,
    .desc = "AVX-512 IFMA, 8 blocks per pass, radix 2^44",
    .blocks = ifma_blocks,
    .chachapoly = ifma_chachapoly,
    .chachapoly_key = ifma_chachapoly_key,
#ifdef __OPTIMIZE__ /* lib/chacha/x86_64/chacha_avx2.c */
    .oneshot = axiom_poly1305_avx2_oneshot,
    .oneshot_max = AXIOM_POLY1305_IFMA_ONESHOT_BLOCKS,
    .last = axiom_poly1305_avx2_last,
#endif
};

#endif
