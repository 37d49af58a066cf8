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

#include "chacha_simd.h"
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

/* ------------------------------------------------ fused ChaCha20-Poly1305 */

/* Multiplier of one step, (r0, r1, r2, 20 r1, 20 r2) in 8 lanes: r^8
 * everywhere, r^8 .. r^1 for the last step, or 1 for the first. */
typedef struct { __m512i v[5]; } ifma_mul;

static void ifma_mul_set(ifma_mul *m, const uint64_t *const pw[8])
{
    uint64_t l[5][8];
    for (int j = 0; j < 8; j++) {
        for (int i = 0; i < 3; i++)
            l[i][j] = pw[j][i];
        l[3][j] = pw[j][1] * 20;
        l[4][j] = pw[j][2] * 20;
    }
    for (int i = 0; i < 5; i++)
        m->v[i] = _mm512_loadu_si512((const void *)l[i]);
}

/* h = h * mu + m, lane by lane, for 8 blocks at @ptr (m = 0 when @ptr is
 * NULL), written for throughput: it runs among the ChaCha20 rounds, which
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
 * 2^42 + 2^11, plus a message limb under 2^44, 2^44 and 2^41. */
#define IFMA_STEP(h0, h1, h2, mu, ptr)                                                  \
    do {                                                                                \
        const __m512i z_ = _mm512_setzero_si512();                                      \
        __m512i l0_ = z_, l1_ = z_, l2_ = z_;                                           \
        if (ptr) {                                                                      \
            __m512i a_ = _mm512_loadu_si512((const void *)(ptr));                       \
            __m512i b_ = _mm512_loadu_si512((const void *)((ptr) + 64));                \
            __m512i lo_ = _mm512_permutex2var_epi64(a_, even, b_);                      \
            __m512i hi_ = _mm512_permutex2var_epi64(a_, odd, b_);                       \
            l0_ = _mm512_and_si512(lo_, m44);                                           \
            l1_ = _mm512_ternarylogic_epi64(_mm512_srli_epi64(lo_, 44),                 \
                                            _mm512_slli_epi64(hi_, 20), m44, 0xa8);     \
            l2_ = _mm512_or_si512(_mm512_srli_epi64(hi_, 24), hibit);                   \
        }                                                                               \
        __m512i g0_ = _mm512_madd52hi_epu64(z_, h0, (mu)->v[0]);                        \
        __m512i g1_ = _mm512_madd52hi_epu64(z_, h0, (mu)->v[1]);                        \
        __m512i g2_ = _mm512_madd52hi_epu64(z_, h0, (mu)->v[2]);                        \
        l0_ = _mm512_madd52lo_epu64(l0_, h0, (mu)->v[0]);                               \
        l1_ = _mm512_madd52lo_epu64(l1_, h0, (mu)->v[1]);                               \
        l2_ = _mm512_madd52lo_epu64(l2_, h0, (mu)->v[2]);                               \
        g0_ = _mm512_madd52hi_epu64(g0_, h1, (mu)->v[4]);                               \
        g1_ = _mm512_madd52hi_epu64(g1_, h1, (mu)->v[0]);                               \
        g2_ = _mm512_madd52hi_epu64(g2_, h1, (mu)->v[1]);                               \
        l0_ = _mm512_madd52lo_epu64(l0_, h1, (mu)->v[4]);                               \
        l1_ = _mm512_madd52lo_epu64(l1_, h1, (mu)->v[0]);                               \
        l2_ = _mm512_madd52lo_epu64(l2_, h1, (mu)->v[1]);                               \
        g0_ = _mm512_madd52hi_epu64(g0_, h2, (mu)->v[3]);                               \
        g1_ = _mm512_madd52hi_epu64(g1_, h2, (mu)->v[4]);                               \
        g2_ = _mm512_madd52hi_epu64(g2_, h2, (mu)->v[0]);                               \
        l0_ = _mm512_madd52lo_epu64(l0_, h2, (mu)->v[3]);                               \
        l1_ = _mm512_madd52lo_epu64(l1_, h2, (mu)->v[4]);                               \
        l2_ = _mm512_madd52lo_epu64(l2_, h2, (mu)->v[0]);                               \
        l1_ = _mm512_madd52lo_epu64(l1_, g0_, k256);                                    \
        l2_ = _mm512_madd52lo_epu64(l2_, g1_, k256);                                    \
        l0_ = _mm512_madd52lo_epu64(l0_, g2_, k5120);                                   \
        __m512i c0_ = _mm512_srli_epi64(l0_, 44);                                       \
        __m512i c1_ = _mm512_srli_epi64(l1_, 44);                                       \
        __m512i c2_ = _mm512_srli_epi64(l2_, 42);                                       \
        h0 = _mm512_madd52lo_epu64(_mm512_and_si512(l0_, m44), c2_, k5);                \
        h1 = _mm512_add_epi64(_mm512_and_si512(l1_, m44), c0_);                         \
        h2 = _mm512_add_epi64(_mm512_and_si512(l2_, m42), c1_);                         \
    } while (0)

/* One 1 KiB chunk: 16 ChaCha20 blocks from @st XORed from @in to @out, and,
 * when @mac is not NULL, the 64 Poly1305 blocks at @mac absorbed (the first
 * step multiplying by @first, the others by @mr), one step of 8 blocks after
 * each of the first 8 double rounds.  @mac may be @in (open; its loads come
 * before the stores) or the previous chunk of @out (seal). */
#define IFMA_CHUNK(st, out, in, mac, first, mr)                                         \
    do {                                                                                \
        Z_X16_INIT(st);                                                                 \
        const uint8_t *mp_ = (mac);                                                     \
        for (int i_ = 0; i_ < 10; i_++) {                                               \
            CH_DOUBLEROUND(Z_QR)                                                        \
            if (mp_ && i_ < 8) {                                                        \
                IFMA_STEP(h0, h1, h2, i_ ? (mr) : (first), mp_);                        \
                mp_ += 128;                                                             \
            }                                                                           \
        }                                                                               \
        Z_X16_XOR(st, out, in);                                                         \
    } while (0)

__attribute__((target("avx512ifma")))
static void ifma_chachapoly(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                            size_t nchunks, int enc)
{
    if (!nchunks)
        return;
    axiom_poly1305_powers(p);
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i m42 = _mm512_set1_epi64((long long)(M44 >> 2));
    const __m512i hibit = _mm512_set1_epi64((long long)(UINT64_C(1) << 40));
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    const __m512i k5 = _mm512_set1_epi64(5), k256 = _mm512_set1_epi64(256);
    const __m512i k5120 = _mm512_set1_epi64(5 * 1024);
    static const uint64_t one[3] = { 1, 0, 0 };
    const uint64_t *pw[8];
    ifma_mul mr, mq, m1;
    for (int j = 0; j < 8; j++)
        pw[j] = p->rpow[7];
    ifma_mul_set(&mr, pw);
    for (int j = 0; j < 8; j++)
        pw[j] = p->rpow[7 - j];
    ifma_mul_set(&mq, pw);
    for (int j = 0; j < 8; j++)
        pw[j] = one;
    ifma_mul_set(&m1, pw);

    /* Lane j gathers blocks j, j + 8, ... times r^8 per step; the running h
     * joins lane 0 (the first step multiplies by 1); the last multiplies
     * lane j by r^(8 - j). */
    __m512i h0 = _mm512_setr_epi64((long long)p->h[0], 0, 0, 0, 0, 0, 0, 0);
    __m512i h1 = _mm512_setr_epi64((long long)p->h[1], 0, 0, 0, 0, 0, 0, 0);
    __m512i h2 = _mm512_setr_epi64((long long)p->h[2], 0, 0, 0, 0, 0, 0, 0);
    uint32_t s[16];
    memcpy(s, st, sizeof s);

    if (enc) {
        /* Seal: chunk i's keystream, with the MAC of chunk i - 1. */
        IFMA_CHUNK(s, out, in, (const uint8_t *)NULL, &m1, &mr);
        for (size_t c = 1; c < nchunks; c++) {
            s[12] += 16;
            IFMA_CHUNK(s, out + 1024 * c, in + 1024 * c, out + 1024 * (c - 1), c == 1 ? &m1 : &mr, &mr);
        }
        const uint8_t *mp = out + 1024 * (nchunks - 1);
        for (int i = 0; i < 8; i++, mp += 128)
            IFMA_STEP(h0, h1, h2, nchunks == 1 && i == 0 ? &m1 : &mr, mp);
    } else {
        /* Open: chunk i's keystream, with the MAC of chunk i (read before
         * it is overwritten when in place). */
        for (size_t c = 0; c < nchunks; c++) {
            IFMA_CHUNK(s, out + 1024 * c, in + 1024 * c, in + 1024 * c, c == 0 ? &m1 : &mr, &mr);
            s[12] += 16;
        }
    }
    IFMA_STEP(h0, h1, h2, &mq, (const uint8_t *)NULL);
    st[12] += (uint32_t)(16 * nchunks);
    axiom_wipe(s, sizeof s);

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

const axiom_poly1305_kernel axiom_poly1305_ifma = {
    .name = "ifma",
    .features = AXIOM_CPU_AVX512 | AXIOM_CPU_AVX512IFMA,
    .constant_time = 1,
    .blocks = ifma_blocks,
    .chachapoly = ifma_chachapoly,
};

#endif
