/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the CTR_DRBG keystream kernels (drbg_ctr_*.c) share: the AES-256
 * encryption key schedule and the byte order of the counter.
 *
 * Static inline, so that each kernel file compiles its own copy with its
 * own -m flags (VEX-encoded in the VAES files, legacy SSE in the AES-NI
 * one).  The schedule layout is that of the AES-NI and VAES kernels
 * (aes_aesni.c, aes_vaes_common.h): round key r at byte 16 r of ks->w.
 *
 * Constant time: AESKEYGENASSIST has no data-dependent timing, and there
 * is no branch at all. */
#ifndef AXIOM_DRBG_CTR_COMMON_H
#define AXIOM_DRBG_CTR_COMMON_H

#include <stdint.h>
#include <immintrin.h>

#include "bc.h"

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

/* KeyExpansion (FIPS 197, 5.2) for Nk = 8, two round-key blocks at a time.
 * Block 2j (j >= 1) starts with w[8j] = w[8j-8] ^ SubWord(RotWord(w[8j-1]))
 * ^ Rcon[j]: AESKEYGENASSIST puts RotWord(SubWord(x3)) ^ rcon in dword 3,
 * broadcast with PSHUFD 0xff (RotWord and SubWord commute).  Block 2j+1
 * starts with w[8j+4] = w[8j-4] ^ SubWord(w[8j+3]): dword 2 of the same
 * instruction on block 2j, broadcast with PSHUFD 0xaa. */
#define DRBG_KEY_EVEN(j, rcon)                                                                     \
    k[2 * (j)] = _mm_xor_si128(drbg_prefix_xor32(k[2 * (j) - 2]),                                 \
                               _mm_shuffle_epi32(_mm_aeskeygenassist_si128(k[2 * (j) - 1], rcon), \
                                                 0xff))
#define DRBG_KEY_ODD(j)                                                                            \
    k[2 * (j) + 1] = _mm_xor_si128(drbg_prefix_xor32(k[2 * (j) - 1]),                             \
                                   _mm_shuffle_epi32(_mm_aeskeygenassist_si128(k[2 * (j)], 0),    \
                                                     0xaa))

static inline void drbg_setkey256(axiom_bc_ks *ks, const uint8_t key[32])
{
    __m128i k[15];
    k[0] = _mm_loadu_si128((const __m128i *)(const void *)key);
    k[1] = _mm_loadu_si128((const __m128i *)(const void *)(key + 16));
    DRBG_KEY_EVEN(1, 0x01);
    DRBG_KEY_ODD(1);
    DRBG_KEY_EVEN(2, 0x02);
    DRBG_KEY_ODD(2);
    DRBG_KEY_EVEN(3, 0x04);
    DRBG_KEY_ODD(3);
    DRBG_KEY_EVEN(4, 0x08);
    DRBG_KEY_ODD(4);
    DRBG_KEY_EVEN(5, 0x10);
    DRBG_KEY_ODD(5);
    DRBG_KEY_EVEN(6, 0x20);
    DRBG_KEY_ODD(6);
    DRBG_KEY_EVEN(7, 0x40);
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
