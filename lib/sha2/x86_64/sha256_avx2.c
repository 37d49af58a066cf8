/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-256 for AVX2: an eight-lane compression (one independent message per
 * 32-bit lane of the YMM registers) for axiom_hash_many() on CPUs without
 * AVX-512, and a single-stream compression whose message schedule is
 * vectorised, for CPUs without the SHA extensions.
 *
 * Eight lanes: each step loads one block of every lane, byte-swaps it and
 * transposes the two 8x8 halves (unpack 32/64, then 128-bit permutes), so
 * that register t holds word t of every lane.  AVX2 has no vector rotate:
 * each rotation is two shifts and an OR, and the Sigma functions are
 * folded into shifts and XORs.  The working variables and the schedule
 * ring need 24 registers, so the compiler spills some of the ring; the
 * kernel is still several times faster in aggregate than the scalar code.
 *
 * Single stream: the schedule of two consecutive blocks is computed four
 * words at a time, one block per 128-bit half (W[t..t+3] needs sigma1 of
 * W[t], W[t+1], so each group is finished in two halves), stored with the
 * round constants added, and the rounds run in scalar registers from that
 * table.  The rounds are the critical path; the schedule leaves it.
 *
 * Constant time: no branch or memory index depends on the data; only the
 * block count is branched on. */
#include <immintrin.h>

#include "axiom/cpu.h"
#include "axiom/util.h"
#include "sha2/hash.h"
#include "sha2/x86_64/hash_pad.h"

#define LANES 8

#define VEC __m256i
#define SET1(x) _mm256_set1_epi32(x)
#define ADD(x, y) _mm256_add_epi32((x), (y))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define SHR(x, n) _mm256_srli_epi32((x), (n))
#define SHL(x, n) _mm256_slli_epi32((x), (n))
/* ror a ^ ror b ^ ror c as three right and three left shifts. */
#define ROR3(x, a, b, c)                                                                   \
    XOR(XOR(XOR(SHR(x, a), SHR(x, b)), XOR(SHR(x, c), SHL(x, 32 - (a)))),                  \
        XOR(SHL(x, 32 - (b)), SHL(x, 32 - (c))))
#define BSIG0(x) ROR3(x, 2, 13, 22)
#define BSIG1(x) ROR3(x, 6, 11, 25)
#define SSIG0(x) XOR(XOR(XOR(SHR(x, 7), SHL(x, 25)), XOR(SHR(x, 18), SHL(x, 14))), SHR(x, 3))
#define SSIG1(x) XOR(XOR(XOR(SHR(x, 17), SHL(x, 15)), XOR(SHR(x, 19), SHL(x, 13))), SHR(x, 10))
/* Ch = (e & f) ^ (~e & g); Maj as b ^ ((a ^ b) & (b ^ c)). */
#define CH(e, f, g) XOR(_mm256_and_si256(e, f), _mm256_andnot_si256(e, g))
#define MAJ(a, b, c) XOR(b, _mm256_and_si256(XOR(a, b), XOR(b, c)))

#include "sha2/x86_64/sha256_lanes.h"

/* w[t] receives word t of every lane, from one 64-byte block per lane. */
static inline void load_transpose(__m256i w[16], const uint8_t *const data[LANES], size_t off)
{
    const __m256i bswap = _mm256_broadcastsi128_si256(
        _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL));

    #pragma GCC unroll 16
    for (int half = 0; half < 2; half++) {
        __m256i r[8], t[8];
        #pragma GCC unroll 16
        for (int i = 0; i < 8; i++)
            r[i] = _mm256_shuffle_epi8(
                _mm256_loadu_si256((const __m256i *)(const void *)(data[i] + off + 32 * half)),
                bswap);
        #pragma GCC unroll 16
        for (int i = 0; i < 8; i += 2) {
            t[i] = _mm256_unpacklo_epi32(r[i], r[i + 1]);
            t[i + 1] = _mm256_unpackhi_epi32(r[i], r[i + 1]);
        }
        /* r[4m + s]: in 128-bit lane q, word 4q + s of rows 4m..4m+3. */
        #pragma GCC unroll 16
        for (int m = 0; m < 8; m += 4) {
            r[m] = _mm256_unpacklo_epi64(t[m], t[m + 2]);
            r[m + 1] = _mm256_unpackhi_epi64(t[m], t[m + 2]);
            r[m + 2] = _mm256_unpacklo_epi64(t[m + 1], t[m + 3]);
            r[m + 3] = _mm256_unpackhi_epi64(t[m + 1], t[m + 3]);
        }
        #pragma GCC unroll 16
        for (int s = 0; s < 4; s++) {
            w[8 * half + s] = _mm256_permute2x128_si256(r[s], r[4 + s], 0x20);
            w[8 * half + 4 + s] = _mm256_permute2x128_si256(r[s], r[4 + s], 0x31);
        }
    }
}

static void sha256_avx2_8x(uint32_t *st, const uint8_t *const data[], size_t nblocks)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(st + 0 * LANES));
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(st + 1 * LANES));
    __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)(st + 2 * LANES));
    __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(st + 3 * LANES));
    __m256i e = _mm256_loadu_si256((const __m256i *)(const void *)(st + 4 * LANES));
    __m256i f = _mm256_loadu_si256((const __m256i *)(const void *)(st + 5 * LANES));
    __m256i g = _mm256_loadu_si256((const __m256i *)(const void *)(st + 6 * LANES));
    __m256i h = _mm256_loadu_si256((const __m256i *)(const void *)(st + 7 * LANES));

    for (size_t blk = 0; blk < nblocks; blk++) {
        __m256i w[16];
        const __m256i a0 = a, b0 = b, c0 = c, d0 = d, e0 = e, f0 = f, g0 = g, h0 = h;

        load_transpose(w, data, blk * AXIOM_SHA256_BLOCK);
        SHA256_LANES_BLOCK();
        a = ADD(a, a0); b = ADD(b, b0); c = ADD(c, c0); d = ADD(d, d0);
        e = ADD(e, e0); f = ADD(f, f0); g = ADD(g, g0); h = ADD(h, h0);
    }

    _mm256_storeu_si256((__m256i *)(void *)(st + 0 * LANES), a);
    _mm256_storeu_si256((__m256i *)(void *)(st + 1 * LANES), b);
    _mm256_storeu_si256((__m256i *)(void *)(st + 2 * LANES), c);
    _mm256_storeu_si256((__m256i *)(void *)(st + 3 * LANES), d);
    _mm256_storeu_si256((__m256i *)(void *)(st + 4 * LANES), e);
    _mm256_storeu_si256((__m256i *)(void *)(st + 5 * LANES), f);
    _mm256_storeu_si256((__m256i *)(void *)(st + 6 * LANES), g);
    _mm256_storeu_si256((__m256i *)(void *)(st + 7 * LANES), h);
}

const axiom_hash_kernel axiom_sha256_avx2_8x = {
    .name = "avx2-8x",
    .features = AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "8 independent messages in the lanes of ymm registers",
    .lanes = LANES,
    .block_cost = 860, /* per step of 8 lanes: ~1.7 cycles/byte aggregate */
    .compress = NULL,
    .compress_lanes = sha256_avx2_8x,
    .block = AXIOM_SHA256_BLOCK,
};

/* ---- single stream, schedule vectorised ----------------------------------- */

#define SROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* K + W for blocks p0 (low 128-bit half) and p1 (high half), four words
 * per register. */
static inline void schedule2(uint32_t wk[2][64], const uint8_t *p0, const uint8_t *p1)
{
    const __m256i bswap = _mm256_broadcastsi128_si256(
        _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL));
    __m256i x[16];

    #pragma GCC unroll 16
    for (int g = 0; g < 4; g++)
        x[g] = _mm256_shuffle_epi8(
            _mm256_set_m128i(_mm_loadu_si128((const __m128i *)(const void *)(p1 + 16 * g)),
                             _mm_loadu_si128((const __m128i *)(const void *)(p0 + 16 * g))),
            bswap);
    #pragma GCC unroll 16
    for (int g = 4; g < 16; g++) {
        const __m256i x0 = x[g - 4], x1 = x[g - 3], x2 = x[g - 2], x3 = x[g - 1];
        /* W[t-16] + sigma0(W[t-15]) + W[t-7] for t = 4g..4g+3. */
        __m256i s = ADD(ADD(x0, SSIG0(_mm256_alignr_epi8(x1, x0, 4))),
                        _mm256_alignr_epi8(x3, x2, 4));
        /* sigma1 of W[t-2], W[t-1] completes words 0 and 1, whose sigma1
         * then completes words 2 and 3. */
        __m256i lo = ADD(s, SSIG1(_mm256_shuffle_epi32(x3, 0xee)));
        __m256i hi = ADD(s, SSIG1(_mm256_shuffle_epi32(lo, 0x44)));
        x[g] = _mm256_blend_epi32(lo, hi, 0xcc);
    }
    #pragma GCC unroll 16
    for (int g = 0; g < 16; g++) {
        __m256i v = ADD(x[g], _mm256_broadcastsi128_si256(
                                  _mm_loadu_si128((const __m128i *)(const void *)(axiom_sha256_k + 4 * g))));
        _mm_storeu_si128((__m128i *)(void *)(wk[0] + 4 * g), _mm256_castsi256_si128(v));
        _mm_storeu_si128((__m128i *)(void *)(wk[1] + 4 * g), _mm256_extracti128_si256(v, 1));
    }
}

#define SRND(a, b, c, d, e, f, g, h, i)                                                    \
    do {                                                                                   \
        uint32_t t1 = h + (SROR(e, 6) ^ SROR(e, 11) ^ SROR(e, 25)) + (((f ^ g) & e) ^ g) + \
                      wk[i];                                                               \
        d += t1;                                                                           \
        h = t1 + (SROR(a, 2) ^ SROR(a, 13) ^ SROR(a, 22)) + ((a & b) | (c & (a | b)));     \
    } while (0)

static inline void rounds(uint32_t state[8], const uint32_t wk[64])
{
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i += 8) {
        SRND(a, b, c, d, e, f, g, h, i + 0);
        SRND(h, a, b, c, d, e, f, g, i + 1);
        SRND(g, h, a, b, c, d, e, f, i + 2);
        SRND(f, g, h, a, b, c, d, e, i + 3);
        SRND(e, f, g, h, a, b, c, d, i + 4);
        SRND(d, e, f, g, h, a, b, c, i + 5);
        SRND(c, d, e, f, g, h, a, b, i + 6);
        SRND(b, c, d, e, f, g, h, a, i + 7);
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

static void sha256_avx2_compress(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
    uint32_t wk[2][64];

    for (; nblocks >= 2; nblocks -= 2, p += 2 * AXIOM_SHA256_BLOCK) {
        schedule2(wk, p, p + AXIOM_SHA256_BLOCK);
        rounds(state, wk[0]);
        rounds(state, wk[1]);
    }
    if (nblocks) {
        schedule2(wk, p, p); /* the high half is computed and dropped */
        rounds(state, wk[0]);
    }
    /* The schedule is derived from the message: do not leave it behind. */
    axiom_wipe(wk, sizeof wk);
}

const axiom_hash_kernel axiom_sha256_avx2 = {
    .name = "avx2",
    .features = AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "AVX2 message schedule, scalar rounds",
    .lanes = 1,
    .block_cost = 410, /* ~6.4 cycles/byte */
    .compress = sha256_avx2_compress,
    .compress_lanes = NULL,
    .block = AXIOM_SHA256_BLOCK,
    .pad = sha256_x86_pad,
};
