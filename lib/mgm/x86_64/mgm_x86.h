/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* MGM's multiplication kernels for x86-64, one template for 1, 2 or 4
 * blocks per vector (MV_LANES: PCLMULQDQ on xmm, VPCLMULQDQ on ymm or
 * zmm).  The includer defines MV_LANES, MV_KERNEL, MV_NAME, MV_DESC and
 * MV_FEATURES.
 *
 * A block is byte-reversed into a 128-bit little-endian integer; a product
 * is four carry-less 64x64 products whose 256-bit sums (lo, mid, hi) are
 * kept per lane across the whole call, folded and reduced once at the end.
 * Blocks left over below MV_LANES go through the same sums on xmm.  The
 * counters are 64-bit vector adds on the byte-swapped halves, which wrap
 * mod 2^64 as MGM's incr_l and incr_r do.  Constant time: the instructions
 * take the same time for all operands; branches are on lengths only. */

#include <immintrin.h>
#include "core/x86_lanes.h"

#include "mgm/mgm.h"

#define MV_FI static inline __attribute__((always_inline))

#if MV_LANES == 1
#define MV_T __m128i
#define MV_ZERO() _mm_setzero_si128()
#define MV_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define MV_STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define MV_BCAST128(x) (x)
#define MV_XOR(a, b) _mm_xor_si128((a), (b))
#define MV_SHUF(v, m) _mm_shuffle_epi8((v), (m))
#define MV_CLMUL(a, b, imm) _mm_clmulepi64_si128((a), (b), (imm))
#define MV_ADD64(a, b) _mm_add_epi64((a), (b))
#define MV_FOLD(v) (v)
#define MV_LANE0(v) (v)
#define MV_LANE_OFFSETS(inc) _mm_setzero_si128()
#elif MV_LANES == 2
#define MV_T __m256i
#define MV_ZERO() _mm256_setzero_si256()
#define MV_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define MV_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define MV_BCAST128(x) _mm256_broadcastsi128_si256(x)
#define MV_XOR(a, b) _mm256_xor_si256((a), (b))
#define MV_SHUF(v, m) _mm256_shuffle_epi8((v), (m))
#define MV_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define MV_ADD64(a, b) _mm256_add_epi64((a), (b))
#define MV_LANE0(v) _mm256_castsi256_si128(v)
#define MV_FOLD(v) axiom_xor_lanes2(v)
/* lane j: j x inc */
#define MV_LANE_OFFSETS(inc) _mm256_inserti128_si256(_mm256_setzero_si256(), (inc), 1)
#elif MV_LANES == 4
#define MV_T __m512i
#define MV_ZERO() _mm512_setzero_si512()
#define MV_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define MV_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define MV_BCAST128(x) _mm512_broadcast_i32x4(x)
#define MV_XOR(a, b) _mm512_xor_si512((a), (b))
#define MV_SHUF(v, m) _mm512_shuffle_epi8((v), (m))
#define MV_CLMUL(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define MV_ADD64(a, b) _mm512_add_epi64((a), (b))
#define MV_LANE0(v) _mm512_castsi512_si128(v)
#define MV_FOLD(v) axiom_xor_lanes4(v)
#define MV_LANE_OFFSETS(inc) mv_offsets512(inc)

static inline __m512i mv_offsets512(__m128i inc)
{
    const __m128i i2 = _mm_add_epi64(inc, inc);
    __m512i v = _mm512_setzero_si512();
    v = _mm512_inserti32x4(v, inc, 1);
    v = _mm512_inserti32x4(v, i2, 2);
    return _mm512_inserti32x4(v, _mm_add_epi64(i2, inc), 3);
}
#else
#error "MV_LANES: 1, 2 or 4"
#endif

/* The whole block reversed; each 64-bit half reversed. */
#define MV_REV() _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#define MV_REV64() _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7)

typedef struct {
    MV_T lo, mid, hi;     /* the vector sums, per lane */
    __m128i lo1, mid1, hi1; /* the block-at-a-time sums */
} mv_acc;

MV_FI void mv_acc_init(mv_acc *a)
{
    a->lo = a->mid = a->hi = MV_ZERO();
    a->lo1 = a->mid1 = a->hi1 = _mm_setzero_si128();
}

/* a x b (byte-reversed blocks, MV_LANES of them) into the sums. */
MV_FI void mv_mul(mv_acc *s, MV_T a, MV_T b)
{
    s->lo = MV_XOR(s->lo, MV_CLMUL(a, b, 0x00));
    s->hi = MV_XOR(s->hi, MV_CLMUL(a, b, 0x11));
    s->mid = MV_XOR(s->mid, MV_XOR(MV_CLMUL(a, b, 0x01), MV_CLMUL(a, b, 0x10)));
}

MV_FI void mv_mul1(mv_acc *s, __m128i a, __m128i b)
{
    s->lo1 = _mm_xor_si128(s->lo1, _mm_clmulepi64_si128(a, b, 0x00));
    s->hi1 = _mm_xor_si128(s->hi1, _mm_clmulepi64_si128(a, b, 0x11));
    s->mid1 = _mm_xor_si128(s->mid1, _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01),
                                                   _mm_clmulepi64_si128(a, b, 0x10)));
}

/* The lanes folded, the 256-bit sum hi:lo reduced, XORed into @sum:
 * x^128 = x^7 + x^2 + x + 1 twice, the top half times 0x87 spilling at
 * most 7 bits past 2^128, which a second product by 0x87 brings back. */
MV_FI void mv_finish(uint64_t sum[2], mv_acc *s)
{
    __m128i lo = _mm_xor_si128(MV_FOLD(s->lo), s->lo1);
    __m128i mid = _mm_xor_si128(MV_FOLD(s->mid), s->mid1);
    __m128i hi = _mm_xor_si128(MV_FOLD(s->hi), s->hi1);
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

static void mv_sum_mul(uint64_t sum[2], const uint8_t *h, const uint8_t *x, size_t n)
{
    const __m128i rev1 = MV_REV();
    const MV_T rev = MV_BCAST128(rev1);
    mv_acc s;
    mv_acc_init(&s);
    for (; n >= MV_LANES; n -= MV_LANES, h += 16 * MV_LANES, x += 16 * MV_LANES)
        mv_mul(&s, MV_SHUF(MV_LOADU(h), rev), MV_SHUF(MV_LOADU(x), rev));
    for (; n > 0; n--, h += 16, x += 16)
        mv_mul1(&s, _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)h), rev1),
                _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)x), rev1));
    mv_finish(sum, &s);
}

/* crypt() for one direction (@enc a constant after inlining). */
MV_FI void mv_crypt_dir(uint64_t sum[2], uint8_t *out, const uint8_t *in, const uint8_t *ks,
                        const uint8_t *h, size_t n, const int enc)
{
    const __m128i rev1 = MV_REV();
    const MV_T rev = MV_BCAST128(rev1);
    mv_acc s;
    mv_acc_init(&s);
    for (; n >= MV_LANES; n -= MV_LANES) {
        const MV_T p = MV_LOADU(in), c = MV_XOR(p, MV_LOADU(ks));
        MV_STOREU(out, c);
        mv_mul(&s, MV_SHUF(MV_LOADU(h), rev), MV_SHUF(enc ? c : p, rev));
        in += 16 * MV_LANES;
        out += 16 * MV_LANES;
        ks += 16 * MV_LANES;
        h += 16 * MV_LANES;
    }
    for (; n > 0; n--) {
        const __m128i p = _mm_loadu_si128((const __m128i *)(const void *)in);
        const __m128i c = _mm_xor_si128(p, _mm_loadu_si128((const __m128i *)(const void *)ks));
        _mm_storeu_si128((__m128i *)(void *)out, c);
        mv_mul1(&s, _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)h), rev1),
                _mm_shuffle_epi8(enc ? c : p, rev1));
        in += 16;
        out += 16;
        ks += 16;
        h += 16;
    }
    mv_finish(sum, &s);
}

static void mv_crypt(uint64_t sum[2], uint8_t *out, const uint8_t *in, const uint8_t *ks,
                     const uint8_t *h, size_t n, int enc)
{
    if (enc)
        mv_crypt_dir(sum, out, in, ks, h, n, 1);
    else
        mv_crypt_dir(sum, out, in, ks, h, n, 0);
}

#if MV_LANES == 4
/* crypt_lanes for one direction: registers r and r + 1 of the batch give
 * the keystream and H of blocks r, r + 1, 16 + r, 17 + r, in that order
 * after one two-source qword permutation each. */
MV_FI void mv_crypt_lanes_dir(uint64_t sum[2], uint8_t *out, const uint8_t *in, const uint8_t *kh,
                              const int enc)
{
    const __m512i rev = MV_BCAST128(MV_REV());
    const __m512i ik = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
    const __m512i ih = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
    mv_acc s;
    mv_acc_init(&s);
    for (int r = 0; r < 16; r += 2) {
        const __m512i a = MV_LOADU(kh + 64 * r), b = MV_LOADU(kh + 64 * (r + 1));
        const __m512i ks = _mm512_permutex2var_epi64(a, ik, b);
        const __m512i h = _mm512_permutex2var_epi64(a, ih, b);
        const __m512i p = _mm512_inserti64x4(
            _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)(in + 16 * r))),
            _mm256_loadu_si256((const __m256i *)(const void *)(in + 16 * (16 + r))), 1);
        const __m512i c = _mm512_xor_si512(p, ks);
        _mm256_storeu_si256((__m256i *)(void *)(out + 16 * r), _mm512_castsi512_si256(c));
        _mm256_storeu_si256((__m256i *)(void *)(out + 16 * (16 + r)),
                            _mm512_extracti64x4_epi64(c, 1));
        mv_mul(&s, MV_SHUF(h, rev), MV_SHUF(enc ? c : p, rev));
    }
    mv_finish(sum, &s);
}

static void mv_crypt_lanes(uint64_t sum[2], uint8_t *out, const uint8_t *in, const uint8_t *kh,
                           int enc)
{
    if (enc)
        mv_crypt_lanes_dir(sum, out, in, kh, 1);
    else
        mv_crypt_lanes_dir(sum, out, in, kh, 0);
}
#define MV_CRYPT_LANES mv_crypt_lanes
#else
#define MV_CRYPT_LANES NULL
#endif

static void mv_counters(uint8_t *out, uint64_t c[2], size_t n, int low)
{
    const __m128i rev64_1 = MV_REV64();
    /* qword 0 the high half, qword 1 the low one; swapped to big-endian
     * bytes on the way out */
    const __m128i inc1 = low ? _mm_set_epi64x(1, 0) : _mm_set_epi64x(0, 1);
    __m128i v1 = _mm_set_epi64x((long long)c[1], (long long)c[0]);
    if (low)
        c[1] += n;
    else
        c[0] += n;
#if MV_LANES > 1
    if (n >= MV_LANES) {
        __m128i step1 = inc1;
        for (int i = 1; i < MV_LANES; i++)
            step1 = _mm_add_epi64(step1, inc1);
        const MV_T step = MV_BCAST128(step1), rev64 = MV_BCAST128(rev64_1);
        MV_T v = MV_ADD64(MV_BCAST128(v1), MV_LANE_OFFSETS(inc1));
        for (; n >= MV_LANES; n -= MV_LANES, out += 16 * MV_LANES) {
            MV_STOREU(out, MV_SHUF(v, rev64));
            v = MV_ADD64(v, step);
        }
        v1 = MV_LANE0(v); /* the next counter */
    }
#endif
    for (; n > 0; n--, out += 16) {
        _mm_storeu_si128((__m128i *)(void *)out, _mm_shuffle_epi8(v1, rev64_1));
        v1 = _mm_add_epi64(v1, inc1);
    }
}

const axiom_mgm_kernel MV_KERNEL = {
    .name = MV_NAME,
    .features = MV_FEATURES,
    .constant_time = 1,
    .desc = MV_DESC,
    .step = MV_LANES,
    .sum_mul = mv_sum_mul,
    .crypt = mv_crypt,
    .counters = mv_counters,
    .crypt_lanes = MV_CRYPT_LANES,
};
