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
#include "sha2/x86_64/hash_pad.h"

static inline __m128i load128(const void *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

/* Two rounds with K+W in the low half of wk, two with the high half: the
 * previous ABEF becomes the new CDGH, so the two state registers swap
 * roles and swap back. */
#define ROUNDS4(abef, cdgh, wk)                                                            \
    do {                                                                                   \
        (cdgh) = _mm_sha256rnds2_epu32((cdgh), (abef), (wk));                              \
        (abef) = _mm_sha256rnds2_epu32((abef), (cdgh), _mm_shuffle_epi32((wk), 0x0e));     \
    } while (0)

/* W[t..t+3] from the four groups before it: sigma0 terms by MSG1 on the
 * oldest two groups, W[t-7..t-4] spliced from the middle two, sigma1 terms
 * by MSG2 on the newest group. */
#define SCHEDULE(m0, m1, m2, m3)                                                           \
    (m0) = _mm_sha256msg2_epu32(                                                          \
        _mm_add_epi32(_mm_sha256msg1_epu32((m0), (m1)), _mm_alignr_epi8((m3), (m2), 4)), (m3))

/* Big-endian words: reverse the bytes of each 32-bit lane. */
static inline __m128i bswap32_mask(void)
{
    return _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
}

/* a b c d (lanes 0..3 of @dcba) and e f g h (@hgfe) -> ABEF and CDGH with
 * A and C in the top lane, as SHA256RNDS2 expects. */
static inline void to_abef(__m128i dcba, __m128i hgfe, __m128i *abef, __m128i *cdgh)
{
    const __m128i badc = _mm_shuffle_epi32(dcba, 0xb1); /* lanes: b a d c */
    const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b); /* lanes: h g f e */
    *abef = _mm_alignr_epi8(badc, efgh, 8);             /* lanes: f e b a */
    *cdgh = _mm_blend_epi16(efgh, badc, 0xf0);          /* lanes: h g d c */
}

/* Back to a b c d / e f g h. */
static inline void from_abef(__m128i abef, __m128i cdgh, __m128i *dcba, __m128i *hgfe)
{
    const __m128i feba = _mm_shuffle_epi32(abef, 0x1b); /* lanes: a b e f */
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1); /* lanes: g h c d */
    *dcba = _mm_blend_epi16(feba, dchg, 0xf0);
    *hgfe = _mm_alignr_epi8(dchg, feba, 8);
}

/* One block's 64 rounds for each of @L streams (a constant where this is
 * inlined) on the block's four message groups m[l][0..3] (byte-swapped),
 * their instructions interleaved group by group: rounds 4j..4j+3 on group
 * mj of every stream, then each stream's group four later (groups 0..11
 * each schedule group j + 4; groups 12..15 only run). */
static inline __attribute__((always_inline)) void
rounds_groups(__m128i *abef, __m128i *cdgh, __m128i m[][4], const unsigned L)
{
    const uint32_t *k = axiom_sha256_k;
    __m128i abef0[4], cdgh0[4];
    _Pragma("GCC unroll 4")
    for (unsigned l = 0; l < L; l++) {
        abef0[l] = abef[l];
        cdgh0[l] = cdgh[l];
    }
    _Pragma("GCC unroll 16")
    for (unsigned j = 0; j < 16; j++) {
        const __m128i kj = load128(k + 4 * j);
        _Pragma("GCC unroll 4")
        for (unsigned l = 0; l < L; l++)
            ROUNDS4(abef[l], cdgh[l], _mm_add_epi32(m[l][j % 4], kj));
        if (j < 12) {
            _Pragma("GCC unroll 4")
            for (unsigned l = 0; l < L; l++)
                SCHEDULE(m[l][j % 4], m[l][(j + 1) % 4], m[l][(j + 2) % 4], m[l][(j + 3) % 4]);
        }
    }
    _Pragma("GCC unroll 4")
    for (unsigned l = 0; l < L; l++) {
        abef[l] = _mm_add_epi32(abef[l], abef0[l]);
        cdgh[l] = _mm_add_epi32(cdgh[l], cdgh0[l]);
    }
}

/* The same on the block at p[l] + @off of each stream. */
static inline __attribute__((always_inline)) void
blocks_rounds(__m128i *abef, __m128i *cdgh, const uint8_t *const *p, size_t off, const unsigned L)
{
    const __m128i bswap = bswap32_mask();
    __m128i m[4][4];
    _Pragma("GCC unroll 4")
    for (unsigned l = 0; l < L; l++) {
        _Pragma("GCC unroll 4")
        for (unsigned g = 0; g < 4; g++)
            m[l][g] = _mm_shuffle_epi8(load128(p[l] + off + 16 * g), bswap);
    }
    rounds_groups(abef, cdgh, m, L);
}

static void sha256_shani_compress(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
    if (!nblocks)
        return;
    /* The state stays in the ABEF/CDGH layout across the blocks. */
    __m128i abef, cdgh, dcba, hgfe;
    to_abef(load128(state), load128(state + 4), &abef, &cdgh);
    for (size_t off = 0; nblocks; nblocks--, off += 64)
        blocks_rounds(&abef, &cdgh, &p, off, 1);
    from_abef(abef, cdgh, &dcba, &hgfe);
    _mm_storeu_si128((__m128i *)state, dcba);
    _mm_storeu_si128((__m128i *)(state + 4), hgfe);
}

/* axiom_hash_oneshot256_fn: the whole blocks straight from @in, then the
 * padded tail's one or two blocks made in registers (hash_pad_piece16, the
 * length in the last group) rather than written to a buffer and loaded
 * back, and the digest byte-swapped from the state registers.  Nothing of
 * the message is written to memory here. */
static void sha256_shani_oneshot(const uint32_t cv[8], uint64_t prefix, const uint8_t *in,
                                 size_t len, uint8_t *out, size_t outlen)
{
    const __m128i bswap = bswap32_mask();
    const size_t rest = len % 64;
    const uint8_t *tail = rest ? in + (len - rest) : NULL;
    __m128i abef, cdgh, dcba, hgfe;
    to_abef(load128(cv), load128(cv + 4), &abef, &cdgh);
    for (size_t off = 0; off + 64 <= len; off += 64)
        blocks_rounds(&abef, &cdgh, &in, off, 1);
    /* The length in bits in the last two words of the last block (the
     * groups are words by then: the OR comes after the byte swap). */
    const uint64_t bits = (prefix + len) << 3;
    const __m128i lenw = _mm_set_epi32((int)(uint32_t)bits, (int)(uint32_t)(bits >> 32), 0, 0);
    __m128i m[1][4];
    _Pragma("GCC unroll 4")
    for (unsigned g = 0; g < 4; g++)
        m[0][g] = _mm_shuffle_epi8(hash_pad_piece16(tail, rest, 16 * g), bswap);
    if (rest >= 64 - 8) {
        rounds_groups(&abef, &cdgh, m, 1);
        _Pragma("GCC unroll 4")
        for (unsigned g = 0; g < 4; g++)
            m[0][g] = _mm_shuffle_epi8(hash_pad_piece16(tail, rest, 64 + 16 * g), bswap);
    }
    m[0][3] = _mm_or_si128(m[0][3], lenw);
    rounds_groups(&abef, &cdgh, m, 1);
    from_abef(abef, cdgh, &dcba, &hgfe);
    dcba = _mm_shuffle_epi8(dcba, bswap);
    hgfe = _mm_shuffle_epi8(hgfe, bswap);
    if (outlen == 32) {
        _mm_storeu_si128((__m128i *)(void *)out, dcba);
        _mm_storeu_si128((__m128i *)(void *)(out + 16), hgfe);
    } else if (outlen == 28) {
        _mm_storeu_si128((__m128i *)(void *)out, dcba);
        _mm_storel_epi64((__m128i *)(void *)(out + 16), hgfe);
        axiom_store32_le(out + 24, (uint32_t)_mm_extract_epi32(hgfe, 2));
    } else {
        uint8_t d[32];
        _mm_storeu_si128((__m128i *)(void *)d, dcba);
        _mm_storeu_si128((__m128i *)(void *)(d + 16), hgfe);
        memcpy(out, d, outlen);
        axiom_wipe(d, sizeof d);
    }
}

/* Several independent messages (axiom_hash_lanes_fn: word j of lane l at
 * st[j * L + l]).  One stream waits on SHA256RNDS2's latency, so streams
 * interleaved fill the unit: on AMD Zen 4 (family 25 model 17) one
 * SHA256RNDS2 chain takes 2.8 TSC cycles a step, and two or four
 * independent chains take the same 2.8-2.9 for all of them; the four
 * streams' message schedules then bound the step (44-53 TSC cycles a
 * block against 93-100 for one stream). */
static inline __attribute__((always_inline)) void
shani_lanes(uint32_t *st, const uint8_t *const data[], size_t nblocks, const unsigned L)
{
    __m128i abef[4], cdgh[4];
    _Pragma("GCC unroll 4")
    for (unsigned l = 0; l < L; l++) {
        const uint32_t *w = st + l;
        to_abef(_mm_set_epi32((int)w[3 * L], (int)w[2 * L], (int)w[L], (int)w[0]),
                _mm_set_epi32((int)w[7 * L], (int)w[6 * L], (int)w[5 * L], (int)w[4 * L]),
                &abef[l], &cdgh[l]);
    }
    for (size_t off = 0; nblocks; nblocks--, off += 64)
        blocks_rounds(abef, cdgh, data, off, L);
    _Pragma("GCC unroll 4")
    for (unsigned l = 0; l < L; l++) {
        __m128i dcba, hgfe;
        from_abef(abef[l], cdgh[l], &dcba, &hgfe);
        uint32_t *w = st + l;
        w[0] = (uint32_t)_mm_cvtsi128_si32(dcba);
        w[L] = (uint32_t)_mm_extract_epi32(dcba, 1);
        w[2 * L] = (uint32_t)_mm_extract_epi32(dcba, 2);
        w[3 * L] = (uint32_t)_mm_extract_epi32(dcba, 3);
        w[4 * L] = (uint32_t)_mm_cvtsi128_si32(hgfe);
        w[5 * L] = (uint32_t)_mm_extract_epi32(hgfe, 1);
        w[6 * L] = (uint32_t)_mm_extract_epi32(hgfe, 2);
        w[7 * L] = (uint32_t)_mm_extract_epi32(hgfe, 3);
    }
}

static void sha256_shani_4x(uint32_t *st, const uint8_t *const data[], size_t nblocks)
{
    shani_lanes(st, data, nblocks, 4);
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
    .pad = sha256_x86_pad,
    .oneshot256 = sha256_shani_oneshot,
};

const axiom_hash_kernel axiom_sha256_shani_4x = {
    .name = "shani-4x",
    .features = AXIOM_CPU_SHANI,
    .constant_time = 1,
    .desc = "SHA-NI instructions, 4 independent messages interleaved",
    .lanes = 4,
    .block_cost = 200, /* per step of 4 lanes, Zen 4: 180-210 */
    .compress = NULL,
    .compress_lanes = sha256_shani_4x,
    .block = AXIOM_SHA256_BLOCK,
};
