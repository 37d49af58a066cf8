/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the CTR_DRBG keystream kernels (drbg_ctr_*.c) share: the AES-256
 * encryption key schedule and the byte order of the counter.
 *
 * Static inline, so that each kernel file compiles its own copy with its
 * own -m flags (VEX-encoded in the VAES files, legacy SSE in the AES-NI
 * one).  The schedule layout is that of the AES-NI and VAES kernels
 * (aes_aesni.c, aes_vaes_common.h): round key r at byte 16 r of ks->w.
 *
 * Constant time: AESENCLAST has no data-dependent timing, and the only
 * branches are the fixed loop of the key schedule. */
#ifndef AXIOM_DRBG_CTR_COMMON_H
#define AXIOM_DRBG_CTR_COMMON_H

#include <stdint.h>
#include <immintrin.h>

#include "core/bc.h"

/* Byte reversal of a 128-bit lane: big-endian counter <-> little-endian
 * integer (low qword first). */
static inline __m128i drbg_bswap128(void)
{
    return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/* x0, x0^x1, x0^x1^x2, x0^x1^x2^x3 over the four 32-bit words of @x: the
 * words of a round-key block after the first are each the word 8 (AES-256)
 * positions back XORed with the word just before them. */
static inline __m128i drbg_prefix_xor32(__m128i x)
{
    x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
    x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
    return _mm_xor_si128(x, _mm_slli_si128(x, 4));
}

/* KeyExpansion (FIPS 197, 5.2) for Nk = 8, one round-key block at a time.
 * Block 2j (j >= 1) starts with w[8j] = w[8j-8] ^ SubWord(RotWord(w[8j-1]))
 * ^ Rcon[j]; block 2j+1 with w[8j+4] = w[8j-4] ^ SubWord(w[8j+3]); every
 * later word of a block is the word 8 back XORed with the word before it,
 * which drbg_prefix_xor32 of the block 8 words back, XORed with the first
 * word's extra term in all four words, gives.
 *
 * The extra term comes from AESENCLAST instead of AESKEYGENASSIST (whose
 * latency is several times longer, and the 13 of them form one chain): a
 * PSHUFB copies last word of the previous block (rotated for the even
 * blocks) into all four columns; the ShiftRows of AESENCLAST then only
 * moves equal bytes, its SubBytes is SubWord in every column, and its
 * round key adds Rcon (0 for the odd blocks). */
static inline __m128i drbg_key_step(__m128i back, __m128i prev, __m128i shuf, __m128i rconv)
{
    return _mm_xor_si128(drbg_prefix_xor32(back),
                         _mm_aesenclast_si128(_mm_shuffle_epi8(prev, shuf), rconv));
}

static inline void drbg_setkey256(axiom_bc_ks *ks, const uint8_t key[32])
{
    /* Word 3 (bytes 12..15) in every column, rotated by one byte or not. */
    const __m128i rot3 = _mm_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13);
    const __m128i word3 = _mm_set_epi8(15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12);
    const __m128i zero = _mm_setzero_si128();
    __m128i k[15];
    k[0] = _mm_loadu_si128((const __m128i *)(const void *)key);
    k[1] = _mm_loadu_si128((const __m128i *)(const void *)(key + 16));
    int rcon = 1;
    for (int j = 1; j <= 7; j++) {
        k[2 * j] = drbg_key_step(k[2 * j - 2], k[2 * j - 1], rot3, _mm_set1_epi32(rcon));
        if (j < 7)
            k[2 * j + 1] = drbg_key_step(k[2 * j - 1], k[2 * j], word3, zero);
        rcon <<= 1;
    }
    __m128i *ek = (__m128i *)(void *)ks->w;
    for (int r = 0; r < 15; r++)
        _mm_store_si128(ek + r, k[r]);
    ks->rounds = 14;
    /* The round keys also sit in k[] on the stack unless the compiler kept
     * them all in registers. */
    volatile __m128i *vk = k;
    for (int r = 0; r < 15; r++)
        vk[r] = _mm_setzero_si128();
}

#endif
