/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Poly1305 kernel for AVX2 ("avx2"), for CPUs without AVX-512 IFMA: 4
 * blocks in parallel, one per 64-bit lane, in radix 2^26 (five limbs, so
 * that VPMULUDQ's 32 x 32-bit products sum without overflow).  Lane j
 * gathers every fourth block times r^4 per step; the last step multiplies
 * each lane by the power of r that its last block needs, and the lanes are
 * summed.  The accumulator is converted from and back to the portable
 * code's radix 2^44 around each call.  Single blocks run on the portable
 * loop; short inputs, inputs too short to pay for the powers of r while
 * there are none, and the vector loop's leftover blocks run one block
 * after the other on general-purpose registers
 * (axiom_poly1305_avx2_scalar).  Constant time: no branch or index
 * depends on the key or the data.  Built in the AVX2 bundle. */
#include "config.h"

#include <immintrin.h>
#include <string.h>

#include "core/internal.h"
#include "chacha/poly1305.h"

#ifdef AXIOM_POLY1305_R44

#define AVX2_MIN_BLOCKS AXIOM_POLY1305_AVX2_MIN_BLOCKS

/* The scalar loop for short inputs and tails: inline assembly that needs
 * an optimising build, else the portable loop. */
#ifdef __OPTIMIZE__
#define SCALAR_BLOCKS axiom_poly1305_avx2_scalar
#else
#define SCALAR_BLOCKS axiom_poly1305_blocks_generic
#endif

#define M26 UINT64_C(0x3ffffff)
#define M44 ((UINT64_C(1) << 44) - 1)

/* Radix 2^44 (limbs of any size that sum below 2^131) to 2^26, limb 4
 * possibly above 26 bits. */
static void to26(uint64_t a[5], const uint64_t h[3])
{
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], c;
    c = h0 >> 44; h0 &= M44; h1 += c;
    c = h1 >> 44; h1 &= M44; h2 += c;
    uint64_t t0 = h0 | (h1 << 44), t1 = (h1 >> 20) | (h2 << 24);
    a[0] = t0 & M26;
    a[1] = (t0 >> 26) & M26;
    a[2] = ((t0 >> 52) | (t1 << 12)) & M26;
    a[3] = (t1 >> 14) & M26;
    a[4] = (t1 >> 40) | ((h2 >> 40) << 24);
}

/* Back to radix 2^44 (limbs under 2^44, 2^44 and 2^42 + 2^17) from limbs
 * under 2^29. */
static void to44(uint64_t h[3], uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4)
{
    uint64_t c;
    c = a0 >> 26; a0 &= M26; a1 += c;
    c = a1 >> 26; a1 &= M26; a2 += c;
    c = a2 >> 26; a2 &= M26; a3 += c;
    c = a3 >> 26; a3 &= M26; a4 += c;
    c = a4 >> 26; a4 &= M26; a0 += c * 5;
    /* Each limb split at the 44-bit boundaries it straddles, then summed:
     * no bit is lost to a limb that is a little over 26 bits. */
    uint64_t x0 = a0 + ((a1 & 0x3ffff) << 26);
    uint64_t x1 = (a1 >> 18) + (a2 << 8) + ((a3 & 0x3ff) << 34);
    uint64_t x2 = (a3 >> 10) + (a4 << 16);
    c = x0 >> 44; x0 &= M44; x1 += c;
    c = x1 >> 44; x1 &= M44; x2 += c;
    h[0] = x0;
    h[1] = x1;
    h[2] = x2;
}

/* o = a * b mod 2^130 - 5, limbs carried below 2^26 (+1 in limb 1). */
static void mul26(uint64_t o[5], const uint64_t a[5], const uint64_t b[5])
{
    const uint64_t s1 = b[1] * 5, s2 = b[2] * 5, s3 = b[3] * 5, s4 = b[4] * 5;
    uint64_t d0 = a[0] * b[0] + a[1] * s4 + a[2] * s3 + a[3] * s2 + a[4] * s1;
    uint64_t d1 = a[0] * b[1] + a[1] * b[0] + a[2] * s4 + a[3] * s3 + a[4] * s2;
    uint64_t d2 = a[0] * b[2] + a[1] * b[1] + a[2] * b[0] + a[3] * s4 + a[4] * s3;
    uint64_t d3 = a[0] * b[3] + a[1] * b[2] + a[2] * b[1] + a[3] * b[0] + a[4] * s4;
    uint64_t d4 = a[0] * b[4] + a[1] * b[3] + a[2] * b[2] + a[3] * b[1] + a[4] * b[0];
    uint64_t c;
    c = d0 >> 26; d0 &= M26; d1 += c;
    c = d1 >> 26; d1 &= M26; d2 += c;
    c = d2 >> 26; d2 &= M26; d3 += c;
    c = d3 >> 26; d3 &= M26; d4 += c;
    c = d4 >> 26; d4 &= M26; d0 += c * 5;
    c = d0 >> 26; d0 &= M26; d1 += c;
    o[0] = d0; o[1] = d1; o[2] = d2; o[3] = d3; o[4] = d4;
}

/* r^1 .. r^4 in radix 2^26, computed on first use (lib/chacha/poly1305.h). */
void axiom_poly1305_avx2_powers(axiom_poly1305 *p)
{
    if (p->have_pow26)
        return;
    uint64_t r[3] = { p->r[0], p->r[1], p->r[2] };
    to26(p->rpow26[0], r);
    mul26(p->rpow26[1], p->rpow26[0], p->rpow26[0]);
    mul26(p->rpow26[2], p->rpow26[1], p->rpow26[0]);
    mul26(p->rpow26[3], p->rpow26[1], p->rpow26[1]);
    p->have_pow26 = 1;
}

/* h = h * (r, 5 r) + m, lane by lane, carried; m limbs under 2^26 (limb 4
 * under 2^25).  Limbs enter under 2^27.2, so the products stay under
 * 2^56 and their sums under 2^59; the carries leave limbs under 2^26 + 2^10
 * before m is added. */
#define AVX2_MULR(h, r, s, m)                                                           \
    do {                                                                                \
        __m256i d0 = _mm256_add_epi64(                                                  \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[0]), _mm256_mul_epu32(h[1], s[4])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], s[3]),             \
                                              _mm256_mul_epu32(h[3], s[2])),            \
                             _mm256_mul_epu32(h[4], s[1])));                            \
        __m256i d1 = _mm256_add_epi64(                                                  \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[1]), _mm256_mul_epu32(h[1], r[0])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], s[4]),             \
                                              _mm256_mul_epu32(h[3], s[3])),            \
                             _mm256_mul_epu32(h[4], s[2])));                            \
        __m256i d2 = _mm256_add_epi64(                                                  \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[2]), _mm256_mul_epu32(h[1], r[1])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], r[0]),             \
                                              _mm256_mul_epu32(h[3], s[4])),            \
                             _mm256_mul_epu32(h[4], s[3])));                            \
        __m256i d3 = _mm256_add_epi64(                                                  \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[3]), _mm256_mul_epu32(h[1], r[2])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], r[1]),             \
                                              _mm256_mul_epu32(h[3], r[0])),            \
                             _mm256_mul_epu32(h[4], s[4])));                            \
        __m256i d4 = _mm256_add_epi64(                                                  \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[4]), _mm256_mul_epu32(h[1], r[3])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], r[2]),             \
                                              _mm256_mul_epu32(h[3], r[1])),            \
                             _mm256_mul_epu32(h[4], r[0])));                            \
        __m256i c;                                                                      \
        c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, m26); d1 = _mm256_add_epi64(d1, c); \
        c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, m26); d4 = _mm256_add_epi64(d4, c); \
        c = _mm256_srli_epi64(d1, 26); d1 = _mm256_and_si256(d1, m26); d2 = _mm256_add_epi64(d2, c); \
        c = _mm256_srli_epi64(d4, 26); d4 = _mm256_and_si256(d4, m26);                  \
        d0 = _mm256_add_epi64(d0, _mm256_add_epi64(c, _mm256_slli_epi64(c, 2)));        \
        c = _mm256_srli_epi64(d2, 26); d2 = _mm256_and_si256(d2, m26); d3 = _mm256_add_epi64(d3, c); \
        c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, m26); d1 = _mm256_add_epi64(d1, c); \
        c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, m26); d4 = _mm256_add_epi64(d4, c); \
        h[0] = _mm256_add_epi64(d0, m[0]);                                              \
        h[1] = _mm256_add_epi64(d1, m[1]);                                              \
        h[2] = _mm256_add_epi64(d2, m[2]);                                              \
        h[3] = _mm256_add_epi64(d3, m[3]);                                              \
        h[4] = _mm256_add_epi64(d4, m[4]);                                              \
    } while (0)

/* h = h * (r, 5 r) as AVX2_MULR, without the message, in inline
 * assembly: @rs holds r (rs[0..4]) and 5 r (rs[5..9]), taken as
 * VPMULUDQ's memory operands, and each product is added to its output
 * limb at once, so that the five limbs of h, the five sums, one product
 * and the mask are all that is live.  Written in C (AVX2_MULR, and the
 * same order in intrinsics), GCC kept more products alive than 16
 * registers hold and spilled them to the stack every step. */
#ifdef __OPTIMIZE__
#define P26_MA(off, h, d) "vpmuludq " #off "(%[rs]), %[" #h "], %[t]\n\t" \
    "vpaddq %[t], %[" #d "], %[" #d "]\n\t"
#define P26_CARRY(a, b) "vpsrlq $26, %[" #a "], %[t]\n\t" "vpand %[m26], %[" #a "], %[" #a "]\n\t" \
    "vpaddq %[t], %[" #b "], %[" #b "]\n\t"
static inline __attribute__((always_inline)) void avx2_mulr(__m256i h[5], const __m256i rs[10],
                                                            __m256i m26)
{
    __m256i d0, d1, d2, d3, d4, t;
    __asm__("vpmuludq 0(%[rs]), %[h0], %[d0]\n\t"
            "vpmuludq 32(%[rs]), %[h0], %[d1]\n\t"
            "vpmuludq 64(%[rs]), %[h0], %[d2]\n\t"
            "vpmuludq 96(%[rs]), %[h0], %[d3]\n\t"
            "vpmuludq 128(%[rs]), %[h0], %[d4]\n\t"
            P26_MA(288, h1, d0) P26_MA(0, h1, d1) P26_MA(32, h1, d2) P26_MA(64, h1, d3)
            P26_MA(96, h1, d4)
            P26_MA(256, h2, d0) P26_MA(288, h2, d1) P26_MA(0, h2, d2) P26_MA(32, h2, d3)
            P26_MA(64, h2, d4)
            P26_MA(224, h3, d0) P26_MA(256, h3, d1) P26_MA(288, h3, d2) P26_MA(0, h3, d3)
            P26_MA(32, h3, d4)
            P26_MA(192, h4, d0) P26_MA(224, h4, d1) P26_MA(256, h4, d2) P26_MA(288, h4, d3)
            P26_MA(0, h4, d4)
            P26_CARRY(d0, d1) P26_CARRY(d3, d4) P26_CARRY(d1, d2)
            /* d4's carry times 5 into d0 */
            "vpsrlq $26, %[d4], %[h0]\n\t"
            "vpand %[m26], %[d4], %[d4]\n\t"
            "vpsllq $2, %[h0], %[t]\n\t"
            "vpaddq %[h0], %[t], %[t]\n\t"
            "vpaddq %[t], %[d0], %[d0]\n\t"
            P26_CARRY(d2, d3) P26_CARRY(d0, d1) P26_CARRY(d3, d4)
            : [d0] "=&x"(d0), [d1] "=&x"(d1), [d2] "=&x"(d2), [d3] "=&x"(d3), [d4] "=&x"(d4),
              [t] "=&x"(t), [h0] "+x"(h[0])
            : [h1] "x"(h[1]), [h2] "x"(h[2]), [h3] "x"(h[3]), [h4] "x"(h[4]), [m26] "x"(m26),
              [rs] "r"(rs), "m"(*(const __m256i(*)[10])rs));
    (void)t;
    h[0] = d0;
    h[1] = d1;
    h[2] = d2;
    h[3] = d3;
    h[4] = d4;
}
#undef P26_MA
#undef P26_CARRY
#endif

/* The five limbs of blocks 0, 2, 1, 3 of the 64 bytes at @in (lanes 0..3). */
#define AVX2_LOAD(m, in)                                                                \
    do {                                                                                \
        __m256i a_ = _mm256_loadu_si256((const __m256i *)(in));                         \
        __m256i b_ = _mm256_loadu_si256((const __m256i *)((in) + 32));                  \
        __m256i lo_ = _mm256_unpacklo_epi64(a_, b_), hi_ = _mm256_unpackhi_epi64(a_, b_); \
        m[0] = _mm256_and_si256(lo_, m26);                                              \
        m[1] = _mm256_and_si256(_mm256_srli_epi64(lo_, 26), m26);                       \
        m[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo_, 52),             \
                                                _mm256_slli_epi64(hi_, 12)), m26);      \
        m[3] = _mm256_and_si256(_mm256_srli_epi64(hi_, 14), m26);                       \
        m[4] = _mm256_or_si256(_mm256_srli_epi64(hi_, 40), hibit);                      \
    } while (0)

static void avx2_blocks(axiom_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    /* One block (a length block, a padded tail): the portable loop's
     * setup is shorter. */
    if (nblocks < 2) {
        axiom_poly1305_blocks_generic(p, in, nblocks);
        return;
    }
    /* The powers cost about as much as 8 scalar blocks: computed only
     * for inputs long enough to gain them back (whether they exist
     * depends on the lengths absorbed so far, which are public). */
    if (nblocks < AVX2_MIN_BLOCKS ||
        (!p->have_pow26 && nblocks < AXIOM_POLY1305_AVX2_COLD_BLOCKS)) {
        SCALAR_BLOCKS(p, in, nblocks);
        return;
    }
    axiom_poly1305_avx2_powers(p);
    const __m256i m26 = _mm256_set1_epi64x((long long)M26);
    const __m256i hibit = _mm256_set1_epi64x((long long)1 << 24);
    const uint64_t(*rp)[5] = (const uint64_t(*)[5])p->rpow26;
    __m256i r[5], s[5], q[5], t[5], h[5], m[5], z[5];
    for (int i = 0; i < 5; i++) {
        /* r^4 everywhere; lanes 0..3 hold blocks 0, 2, 1, 3 of the last
         * step: r^4, r^2, r^3, r^1. */
        r[i] = _mm256_set1_epi64x((long long)rp[3][i]);
        q[i] = _mm256_setr_epi64x((long long)rp[3][i], (long long)rp[1][i], (long long)rp[2][i],
                                  (long long)rp[0][i]);
        s[i] = _mm256_add_epi64(r[i], _mm256_slli_epi64(r[i], 2));
        t[i] = _mm256_add_epi64(q[i], _mm256_slli_epi64(q[i], 2));
        z[i] = _mm256_setzero_si256();
    }

    /* The running h joins block 0 in lane 0. */
    uint64_t a[5];
    to26(a, p->h);
    AVX2_LOAD(m, in);
    for (int i = 0; i < 5; i++)
        h[i] = _mm256_add_epi64(m[i], _mm256_setr_epi64x((long long)a[i], 0, 0, 0));
    size_t groups = nblocks / 4;
    in += 64;
#ifdef __OPTIMIZE__
    _Alignas(32) __m256i rs[10];
    for (int i = 0; i < 5; i++) {
        rs[i] = r[i];
        rs[5 + i] = s[i];
    }
#endif
    for (size_t g = 1; g < groups; g++, in += 64) {
#ifdef __OPTIMIZE__
        avx2_mulr(h, rs, m26);
#else
        AVX2_MULR(h, r, s, z);
#endif
        AVX2_LOAD(m, in);
        h[0] = _mm256_add_epi64(h[0], m[0]);
        h[1] = _mm256_add_epi64(h[1], m[1]);
        h[2] = _mm256_add_epi64(h[2], m[2]);
        h[3] = _mm256_add_epi64(h[3], m[3]);
        h[4] = _mm256_add_epi64(h[4], m[4]);
    }
#ifdef __OPTIMIZE__
    /* The copy of the powers: whole-register stores the barrier keeps. */
    volatile __m256i *rw = rs;
    for (int i = 0; i < 10; i++)
        rw[i] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(rs) : "memory");
#endif
    AVX2_MULR(h, q, t, z);

    /* Sum the lanes (limbs under 2^26 + 2^10 each). */
    for (int i = 0; i < 5; i++) {
        __m128i x = _mm_add_epi64(_mm256_castsi256_si128(h[i]), _mm256_extracti128_si256(h[i], 1));
        a[i] = (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(x, _mm_unpackhi_epi64(x, x)));
    }
    to44(p->h, a[0], a[1], a[2], a[3], a[4]);
    axiom_wipe(a, sizeof a);

    if (nblocks % 4)
        SCALAR_BLOCKS(p, in, nblocks % 4);
}

const axiom_poly1305_kernel axiom_poly1305_avx2 = {
    .name = "avx2",
    .features = AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "scalar limbs beside AVX2 ChaCha20 rounds, 4-way AVX2 for long inputs",
    .blocks = avx2_blocks,
#ifdef __OPTIMIZE__ /* lib/chacha/x86_64/chacha_avx2.c */
    .chachapoly = axiom_chacha_avx2_chachapoly,
    .chachapoly512 = axiom_chacha_avx2_chachapoly512,
    .chachapoly512_seal = axiom_chacha_avx2_chachapoly512_seal,
    .oneshot = axiom_poly1305_avx2_oneshot,
    .oneshot_max = AXIOM_POLY1305_AVX2_COLD_BLOCKS,
    .last = axiom_poly1305_avx2_last,
#endif
};

#endif
