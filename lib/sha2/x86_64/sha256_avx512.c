/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Sixteen-lane SHA-256 compression for AVX-512 (F, VL, BW): one independent
 * message per 32-bit lane of the ZMM registers, for axiom_hash_many().
 *
 * Interleave: 16 messages, one block each per step; the eight working
 * variables and the sixteen-word schedule ring of all lanes fit in the 32
 * ZMM registers.  Each step loads one block of every lane, byte-swaps it
 * and transposes the 16x16 words (unpack 32/64, then two rounds of 128-bit
 * lane shuffles) so that register t holds word t of every lane.  Rotations
 * are VPRORD; the three-way XORs of the Sigma functions, Ch and Maj are
 * each one VPTERNLOGD.  A round is about 16 instructions for 16 lanes, so
 * aggregate throughput is several times that of one SHA-NI stream, which
 * is latency bound.
 *
 * Constant time: no branch or memory index depends on the data; only the
 * block count is branched on. */
#include <immintrin.h>

#include "axiom/cpu.h"
#include "sha2/hash.h"

#define LANES 16

/* ternlog truth tables: A ^ B ^ C; A ? B : C (Ch); majority (Maj). */
#define TL_XOR3 0x96
#define TL_CH 0xca
#define TL_MAJ 0xe8

#define VEC __m512i
#define SET1(x) _mm512_set1_epi32(x)
#define ROR(x, n) _mm512_ror_epi32((x), (n))
#define XOR3(x, y, z) _mm512_ternarylogic_epi32((x), (y), (z), TL_XOR3)
#define BSIG0(x) XOR3(ROR(x, 2), ROR(x, 13), ROR(x, 22))
#define BSIG1(x) XOR3(ROR(x, 6), ROR(x, 11), ROR(x, 25))
#define SSIG0(x) XOR3(ROR(x, 7), ROR(x, 18), _mm512_srli_epi32((x), 3))
#define SSIG1(x) XOR3(ROR(x, 17), ROR(x, 19), _mm512_srli_epi32((x), 10))
#define ADD(x, y) _mm512_add_epi32((x), (y))
#define CH(e, f, g) _mm512_ternarylogic_epi32((e), (f), (g), TL_CH)
#define MAJ(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), TL_MAJ)

#include "sha2/x86_64/sha256_lanes.h"

/* w[t] receives word t of every lane, from one 64-byte block per lane. */
static inline void load_transpose(__m512i w[16], const uint8_t *const data[LANES], size_t off)
{
    const __m512i bswap = _mm512_broadcast_i32x4(
        _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL));
    __m512i r[16], t[16];

    #pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        r[i] = _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)(data[i] + off)), bswap);
    /* Pairs of rows: in each 128-bit lane q, words 4q..4q+3 interleaved. */
    #pragma GCC unroll 16
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    }
    /* Quads of rows: r[4m + s] now holds, in 128-bit lane q, word 4q + s
     * of rows 4m..4m+3. */
    #pragma GCC unroll 16
    for (int m = 0; m < 16; m += 4) {
        r[m] = _mm512_unpacklo_epi64(t[m], t[m + 2]);
        r[m + 1] = _mm512_unpackhi_epi64(t[m], t[m + 2]);
        r[m + 2] = _mm512_unpacklo_epi64(t[m + 1], t[m + 3]);
        r[m + 3] = _mm512_unpackhi_epi64(t[m + 1], t[m + 3]);
    }
    /* A 4x4 transpose of 128-bit lanes for each s: word 4q + s gathers
     * lane q of r[s], r[4 + s], r[8 + s], r[12 + s]. */
    #pragma GCC unroll 16
    for (int s = 0; s < 4; s++) {
        __m512i v0 = _mm512_shuffle_i32x4(r[s], r[4 + s], 0x44);
        __m512i v1 = _mm512_shuffle_i32x4(r[s], r[4 + s], 0xee);
        __m512i v2 = _mm512_shuffle_i32x4(r[8 + s], r[12 + s], 0x44);
        __m512i v3 = _mm512_shuffle_i32x4(r[8 + s], r[12 + s], 0xee);
        w[s] = _mm512_shuffle_i32x4(v0, v2, 0x88);
        w[4 + s] = _mm512_shuffle_i32x4(v0, v2, 0xdd);
        w[8 + s] = _mm512_shuffle_i32x4(v1, v3, 0x88);
        w[12 + s] = _mm512_shuffle_i32x4(v1, v3, 0xdd);
    }
}

static void sha256_avx512_16x(uint32_t *st, const uint8_t *const data[], size_t nblocks)
{
#define LOADST(j) _mm512_loadu_si512((const void *)(st + (j) * LANES))
#define STORST(j, v) _mm512_storeu_si512((void *)(st + (j) * LANES), (v))
    __m512i a = LOADST(0), b = LOADST(1), c = LOADST(2), d = LOADST(3);
    __m512i e = LOADST(4), f = LOADST(5), g = LOADST(6), h = LOADST(7);

    for (size_t blk = 0; blk < nblocks; blk++) {
        __m512i w[16];

        load_transpose(w, data, blk * AXIOM_SHA256_BLOCK);
        SHA256_LANES_BLOCK();
        /* The chaining value of the block start stays in st rather than
         * in eight more registers, which the schedule ring needs. */
        a = ADD(a, LOADST(0)); b = ADD(b, LOADST(1)); c = ADD(c, LOADST(2));
        d = ADD(d, LOADST(3)); e = ADD(e, LOADST(4)); f = ADD(f, LOADST(5));
        g = ADD(g, LOADST(6)); h = ADD(h, LOADST(7));
        STORST(0, a); STORST(1, b); STORST(2, c); STORST(3, d);
        STORST(4, e); STORST(5, f); STORST(6, g); STORST(7, h);
    }
}

const axiom_hash_kernel axiom_sha256_avx512_16x = {
    .name = "avx512-16x",
    .features = AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "16 independent messages in the lanes of zmm registers",
    /* AMD Zen 4: shani-4x, next in the list, 5-19 % faster for 16
     * messages of 16 bytes to 1 KiB (axiom-bench SHA256MANY). */
    .slow_on = AXIOM_TRAIT_ZMM_HALVES,
    .lanes = LANES,
    .block_cost = 680, /* per step of 16 lanes: ~0.66 cycles/byte aggregate */
    .compress = NULL,
    .compress_lanes = sha256_avx512_16x,
    .block = AXIOM_SHA256_BLOCK,
};
