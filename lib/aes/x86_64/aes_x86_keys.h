/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES key schedule of the x86-64 kernels (aes_aesni.c, and the VAES
 * kernels through aes_vaes_common.h), full and encryption-only.
 *
 * Layout: the nr + 1 encryption round keys from byte 0 of ks->w, and the
 * decryption round keys of the Equivalent Inverse Cipher (FIPS 197, 5.3.5)
 * from byte AESX_DEC_OFFSET, 16 bytes each; ks->rounds = nr.  The full
 * schedule zeroes every other byte of ks->w, so that it does not depend on
 * what the storage held before; the encryption-only one writes the
 * encryption round keys and ks->rounds and nothing else.
 *
 * Static inline, so that each kernel file compiles its own copy with its
 * own -m flags (legacy SSE in the AES-NI kernel, VEX in the VAES ones).
 *
 * Constant time: AESENCLAST, AESKEYGENASSIST and AESIMC take the same time
 * for every input, and the only branches are on the key length. */
#ifndef AXIOM_AES_X86_KEYS_H
#define AXIOM_AES_X86_KEYS_H

#include <string.h>
#include <immintrin.h>

#include "axiom/util.h"
#include "core/bc.h"

#define AESX_DEC_OFFSET 256

/* x0, x0^x1, x0^x1^x2, x0^x1^x2^x3 over the four 32-bit words of @x. */
static inline __m128i aesx_prefix_xor32(__m128i x)
{
    x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
    x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
    return _mm_xor_si128(x, _mm_slli_si128(x, 4));
}

/* One round-key block of the AES-128 or AES-256 expansion (FIPS 197, 5.2),
 * whose period (4 or 8 words) is a whole number of blocks.  Every word of
 * the block is the word Nk back XORed with the word before it, and the
 * first one also takes an extra term T (SubWord(RotWord(w)) ^ Rcon or
 * SubWord(w) of the last word w of @prev); so the block is the prefix XOR
 * of the block Nk words back (@back), XORed with T in all four words.
 *
 * T comes from AESENCLAST rather than AESKEYGENASSIST (whose latency is
 * several times longer on the CPUs that matter, and the expansion is one
 * chain of them): @shuf copies the last word of @prev, rotated or not,
 * into all four columns; ShiftRows then only moves equal bytes, SubBytes
 * is SubWord in every column, and the round-key XOR adds @rconv (Rcon in
 * the low byte of every word, or zero). */
static inline __m128i aesx_key_block(__m128i back, __m128i prev, __m128i shuf, __m128i rconv)
{
    return _mm_xor_si128(aesx_prefix_xor32(back),
                         _mm_aesenclast_si128(_mm_shuffle_epi8(prev, shuf), rconv));
}

/* Byte shuffles for aesx_key_block: word 3 of the source in every column,
 * as RotWord(w3) or as it is. */
static inline __m128i aesx_rotword3(void)
{
    return _mm_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13);
}

static inline __m128i aesx_word3(void)
{
    return _mm_set_epi8(15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12);
}

/* SubWord of a word held as the little-endian load of its four bytes:
 * AESKEYGENASSIST returns SubWord of source dword 1 in dword 0. */
static inline uint32_t aesx_subword(uint32_t x)
{
    const __m128i s = _mm_aeskeygenassist_si128(_mm_set_epi32(0, 0, (int)x, 0), 0);
    return (uint32_t)_mm_cvtsi128_si32(s);
}

/* The 11 round keys of AES-128 into @ek. */
static inline void aesx_expand128(__m128i *ek, const uint8_t *key)
{
    const __m128i rot = aesx_rotword3();
    __m128i k = _mm_loadu_si128((const __m128i *)(const void *)key);
    int rcon = 1;
    _mm_store_si128(ek, k);
    _Pragma("GCC unroll 10")
    for (int j = 1; j <= 10; j++) {
        k = aesx_key_block(k, k, rot, _mm_set1_epi32(rcon));
        _mm_store_si128(ek + j, k);
        rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
    }
}

/* The 15 round keys of AES-256 from its halves @a and @b into @ek. */
static inline __attribute__((always_inline)) void aesx_expand256_regs(__m128i *ek, __m128i a,
                                                                      __m128i b)
{
    const __m128i rot = aesx_rotword3(), word = aesx_word3(), zero = _mm_setzero_si128();
    int rcon = 1;
    _mm_store_si128(ek, a);
    _mm_store_si128(ek + 1, b);
    _Pragma("GCC unroll 7")
    for (int j = 1; j <= 7; j++) {
        a = aesx_key_block(a, b, rot, _mm_set1_epi32(rcon));
        _mm_store_si128(ek + 2 * j, a);
        if (j < 7) {
            b = aesx_key_block(b, a, word, zero);
            _mm_store_si128(ek + 2 * j + 1, b);
        }
        rcon <<= 1;
    }
}

/* The 15 round keys of AES-256 into @ek. */
static inline void aesx_expand256(__m128i *ek, const uint8_t *key)
{
    aesx_expand256_regs(ek, _mm_loadu_si128((const __m128i *)(const void *)key),
                        _mm_loadu_si128((const __m128i *)(const void *)(key + 16)));
}

/* The 13 round keys of AES-192 into @ek, one word at a time (its 6-word
 * period does not fall on block boundaries).  With words as little-endian
 * loads, RotWord is a right rotation by 8 and Rcon's byte the low one. */
static inline void aesx_expand192(__m128i *ek, const uint8_t *key)
{
    uint32_t w[52];
    uint32_t rcon = 1;
    memcpy(w, key, 24);
    for (unsigned i = 6; i < 52; i++) {
        uint32_t t = w[i - 1];
        if (i % 6 == 0) {
            t = aesx_subword(t);
            t = ((t >> 8) | (t << 24)) ^ rcon;
            rcon <<= 1;
        }
        w[i] = w[i - 6] ^ t;
    }
    for (unsigned r = 0; r <= 12; r++)
        _mm_store_si128(ek + r, _mm_loadu_si128((const __m128i *)(const void *)(w + 4 * r)));
    axiom_wipe(w, sizeof w);
}

/* The encryption round keys and the round count (@keylen 16, 24 or 32). */
static inline void aesx_setkey_enc(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    __m128i *ek = (__m128i *)(void *)ks->w;
    if (keylen == 32)
        aesx_expand256(ek, key);
    else if (keylen == 24)
        aesx_expand192(ek, key);
    else
        aesx_expand128(ek, key);
    ks->rounds = (unsigned)keylen / 4 + 6;
}

/* The whole schedule: both directions, every other byte zero. */
static inline void aesx_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    memset(ks->w, 0, sizeof ks->w);
    aesx_setkey_enc(ks, key, keylen);
    const unsigned nr = ks->rounds;
    const __m128i *ek = (const __m128i *)(const void *)ks->w;
    __m128i *dk = (__m128i *)(void *)((unsigned char *)ks->w + AESX_DEC_OFFSET);
    /* Equivalent Inverse Cipher: the encryption keys in reverse order, with
     * InvMixColumns applied to all but the first and the last. */
    dk[0] = ek[nr];
    for (unsigned r = 1; r < nr; r++)
        dk[r] = _mm_aesimc_si128(ek[nr - r]);
    dk[nr] = ek[0];
}

#endif
