/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-256 compression kernel for x86-64 CPUs with the SHA extensions
 * (SHA256RNDS2, SHA256MSG1, SHA256MSG2; with SSSE3 PSHUFB/PALIGNR and
 * SSE4.1 PBLENDW, which every such CPU has).
 *
 * One block is a chain of 32 SHA256RNDS2 (two rounds each), so a single
 * stream is bound by that instruction's latency.  The message schedule is
 * off that chain: while the rounds for words W[4j..4j+3] run, the words
 * W[4j+16..4j+19] are produced from the four-word groups already loaded
 * (MSG1 for the sigma0 half, PALIGNR for W[t-7], MSG2 for the sigma1 half),
 * so the schedule of the next groups overlaps the rounds of this one and
 * never delays an RNDS2.  The state stays in the ABEF/CDGH register layout
 * across all blocks of a call and is converted once at each end.
 *
 * Constant time: the SHA instructions have data-independent timing and
 * nothing here branches on or indexes memory by the data. */
#include <immintrin.h>

#include "axiom/cpu.h"
#include "sha2/hash.h"

static inline __m128i load128(const void *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

/* Two rounds with K+W in the low half of wk, two with the high half: the
 * previous ABEF becomes the new CDGH, so the two state registers swap
 * roles and swap back. */
#define ROUNDS4(wk)                                                                        \
    do {                                                                                   \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, (wk));                                    \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32((wk), 0x0e));           \
    } while (0)

/* W[t..t+3] from the four groups before it: sigma0 terms by MSG1 on the
 * oldest two groups, W[t-7..t-4] spliced from the middle two, sigma1 terms
 * by MSG2 on the newest group. */
#define SCHEDULE(m0, m1, m2, m3)                                                           \
    (m0) = _mm_sha256msg2_epu32(                                                          \
        _mm_add_epi32(_mm_sha256msg1_epu32((m0), (m1)), _mm_alignr_epi8((m3), (m2), 4)), (m3))

/* Rounds 4j..4j+3 on group mj, then the group that replaces m0 in the ring
 * (four groups later). */
#define STEP(j, m0, m1, m2, m3)                                                            \
    do {                                                                                   \
        ROUNDS4(_mm_add_epi32((m0), load128(k + 4 * (j))));                                \
        SCHEDULE(m0, m1, m2, m3);                                                          \
    } while (0)

static void sha256_shani_compress(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
    const uint32_t *k = axiom_sha256_k;
    /* Big-endian words: reverse the bytes of each 32-bit lane. */
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

    if (!nblocks)
        return;
    /* state[0..3] = a b c d, state[4..7] = e f g h  ->  ABEF and CDGH with
     * A and C in the top lane, as SHA256RNDS2 expects. */
    __m128i dcba = load128(state), hgfe = load128(state + 4);
    __m128i badc = _mm_shuffle_epi32(dcba, 0xb1); /* lanes: b a d c */
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b); /* lanes: h g f e */
    __m128i abef = _mm_alignr_epi8(badc, efgh, 8); /* lanes: f e b a */
    __m128i cdgh = _mm_blend_epi16(efgh, badc, 0xf0); /* lanes: h g d c */

    for (; nblocks; nblocks--, p += 64) {
        const __m128i abef0 = abef, cdgh0 = cdgh;
        __m128i m0 = _mm_shuffle_epi8(load128(p), bswap);
        __m128i m1 = _mm_shuffle_epi8(load128(p + 16), bswap);
        __m128i m2 = _mm_shuffle_epi8(load128(p + 32), bswap);
        __m128i m3 = _mm_shuffle_epi8(load128(p + 48), bswap);

        /* Groups 0..11 each schedule group j + 4; groups 12..15 only run. */
        STEP(0, m0, m1, m2, m3);
        STEP(1, m1, m2, m3, m0);
        STEP(2, m2, m3, m0, m1);
        STEP(3, m3, m0, m1, m2);
        STEP(4, m0, m1, m2, m3);
        STEP(5, m1, m2, m3, m0);
        STEP(6, m2, m3, m0, m1);
        STEP(7, m3, m0, m1, m2);
        STEP(8, m0, m1, m2, m3);
        STEP(9, m1, m2, m3, m0);
        STEP(10, m2, m3, m0, m1);
        STEP(11, m3, m0, m1, m2);
        ROUNDS4(_mm_add_epi32(m0, load128(k + 48)));
        ROUNDS4(_mm_add_epi32(m1, load128(k + 52)));
        ROUNDS4(_mm_add_epi32(m2, load128(k + 56)));
        ROUNDS4(_mm_add_epi32(m3, load128(k + 60)));

        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }

    /* Back to a b c d / e f g h. */
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b); /* lanes: a b e f */
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1); /* lanes: g h c d */
    _mm_storeu_si128((__m128i *)state, _mm_blend_epi16(feba, dchg, 0xf0));
    _mm_storeu_si128((__m128i *)(state + 4), _mm_alignr_epi8(dchg, feba, 8));
}

const axiom_hash_kernel axiom_sha256_shani = {
    .name = "shani",
    /* Needs SSSE3 and SSE4.1 too, which every CPU with the SHA extensions
     * has; requiring the SSSE3 bit would tie this kernel to the AES-NI
     * bundle being compiled. */
    .features = AXIOM_CPU_SHANI,
    .constant_time = 1,
    .desc = "SHA-NI instructions, one message",
    .lanes = 1,
    .block_cost = 90,  /* ~1.4 TSC cycles/byte: the RNDS2 latency chain */
    .compress = sha256_shani_compress,
    .compress_lanes = NULL,
    .block = AXIOM_SHA256_BLOCK,
};
