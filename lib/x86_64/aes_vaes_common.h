/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the two VAES AES kernels share: the key schedule and the serial modes
 * (CBC/CFB encryption, OFB) on 128-bit VEX registers.
 *
 * Everything here is static inline, so that each kernel file compiles its
 * own copy with its own -m flags: the serial code is then VEX-encoded like
 * the rest of the kernel, and never pays an SSE/AVX transition.
 *
 * Key schedule layout (the same as the AES-NI kernel's, so that schedules
 * can be compared between kernels): the nr + 1 encryption round keys from
 * byte 0, and the decryption round keys of the Equivalent Inverse Cipher
 * (FIPS 197, 5.3.5) from byte VAES_DEC_OFFSET, 16 bytes each.
 *
 * Constant time: AESENC/AESKEYGENASSIST/AESIMC take the same time for every
 * input, and the only branches are on the round count and the length. */
#ifndef AXIOM_AES_VAES_COMMON_H
#define AXIOM_AES_VAES_COMMON_H

#include <string.h>
#include <immintrin.h>

#include "bc.h"
#include "bc_modes.h"

#define VAES_DEC_OFFSET 256
#define VAES_FORCE_INLINE static inline __attribute__((always_inline))

static inline const __m128i *vaes_enc_keys(const axiom_bc_ks *ks)
{
    return (const __m128i *)(const void *)ks->w;
}

static inline const __m128i *vaes_dec_keys(const axiom_bc_ks *ks)
{
    return (const __m128i *)(const void *)((const unsigned char *)ks->w + VAES_DEC_OFFSET);
}

static inline __m128i vaes_load128(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static inline void vaes_store128(uint8_t *p, __m128i v)
{
    _mm_storeu_si128((__m128i *)(void *)p, v);
}

/* SubWord (FIPS 197, 5.2) of a word held as the little-endian load of its
 * four bytes: AESKEYGENASSIST returns SubWord of source dword 1 in dword 0. */
static inline uint32_t vaes_subword(uint32_t x)
{
    const __m128i s = _mm_aeskeygenassist_si128(_mm_set_epi32(0, 0, (int)x, 0), 0);
    return (uint32_t)_mm_cvtsi128_si32(s);
}

/* KeyExpansion of FIPS 197, 5.2, one word at a time for all key sizes.
 * With words as little-endian loads, RotWord is a right rotation by 8 and
 * Rcon's byte is the low byte; Rcon is stepped by xtime instead of a table. */
static inline void vaes_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    const unsigned nk = (unsigned)(keylen / 4), nr = nk + 6, total = 4 * (nr + 1);
    uint32_t w[4 * 15];
    uint32_t rcon = 1;

    memcpy(w, key, keylen);
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = vaes_subword(t);
            t = ((t >> 8) | (t << 24)) ^ rcon;
            rcon = ((rcon << 1) ^ (0x1b & (0u - (rcon >> 7)))) & 0xff;
        } else if (nk == 8 && i % nk == 4) {
            t = vaes_subword(t);
        }
        w[i] = w[i - nk] ^ t;
    }

    __m128i *ek = (__m128i *)(void *)ks->w;
    __m128i *dk = (__m128i *)(void *)((unsigned char *)ks->w + VAES_DEC_OFFSET);
    memset(ks->w, 0, sizeof ks->w); /* the schedule never shows old contents */
    for (unsigned r = 0; r <= nr; r++)
        _mm_store_si128(ek + r, _mm_loadu_si128((const __m128i *)(const void *)(w + 4 * r)));
    /* Equivalent Inverse Cipher: the encryption keys in reverse order, with
     * InvMixColumns applied to all but the first and the last. */
    dk[0] = ek[nr];
    for (unsigned r = 1; r < nr; r++)
        dk[r] = _mm_aesimc_si128(ek[nr - r]);
    dk[nr] = ek[0];
    ks->rounds = nr;
    axiom_wipe(w, sizeof w);
}

/* XTS tweak times alpha^k (1 <= k <= 56) for one 128-bit tweak (IEEE 1619:
 * byte 0 least significant, so the register's little-endian value is the
 * polynomial).  The 128-bit shift is two 64-bit shifts plus the bits that
 * cross from the low half; the k bits that leave the top come back reduced
 * by x^128 = x^7 + x^2 + x + 1 with one carry-less multiply (the product
 * has at most k + 8 bits, so it stays in the low half). */
static inline __m128i vaes_xts_mulx128(__m128i t, unsigned k)
{
    const __m128i s = _mm_srl_epi64(t, _mm_cvtsi32_si128((int)(64 - k)));
    const __m128i r = _mm_clmulepi64_si128(s, _mm_set_epi64x(0, 0x87), 0x01);
    return _mm_xor_si128(_mm_xor_si128(_mm_sll_epi64(t, _mm_cvtsi32_si128((int)k)),
                                       _mm_slli_si128(s, 8)), r);
}

/* ---- serial modes ------------------------------------------------------
 * Each chain step needs the previous block's output, so these run one block
 * at a time and what matters is latency: the round keys stay in registers,
 * the round count is a compile-time constant in each of three inlined
 * copies, and the XOR that starts the next block (feedback ^ k0) rides on a
 * second AESENCLAST of the same state instead of following the output, so a
 * block costs exactly nr AES latencies. */

#define VAES_SERIAL_KEYS                                                                           \
    __m128i k[15];                                                                                 \
    _Pragma("GCC unroll 16")                                                                       \
    for (unsigned r_ = 0; r_ <= nr; r_++)                                                          \
        k[r_] = _mm_load_si128(rk + r_);                                                           \
    const __m128i klast = k[nr];                                                                   \
    const __m128i klast0 = _mm_xor_si128(klast, k[0])

/* Rounds 1 .. nr-1 of one state. */
#define VAES_SERIAL_ROUNDS(x)                                                                      \
    do {                                                                                           \
        _Pragma("GCC unroll 16")                                                                   \
        for (unsigned r_ = 1; r_ < nr; r_++)                                                       \
            x = _mm_aesenc_si128(x, k[r_]);                                                        \
    } while (0)

/* c[i] = E(p[i] ^ c[i-1]); the state after whitening is p ^ c ^ k0. */
VAES_FORCE_INLINE void vaes_cbc_enc_nr(const __m128i *rk, const unsigned nr, uint8_t *out,
                                       const uint8_t *in, size_t n, uint8_t *iv)
{
    VAES_SERIAL_KEYS;
    __m128i c = vaes_load128(iv);
    __m128i x = _mm_xor_si128(_mm_xor_si128(vaes_load128(in), k[0]), c);
    for (size_t i = 0;;) {
        VAES_SERIAL_ROUNDS(x);
        c = _mm_aesenclast_si128(x, klast);
        vaes_store128(out + 16 * i, c);
        if (++i == n)
            break;
        x = _mm_aesenclast_si128(x, _mm_xor_si128(klast0, vaes_load128(in + 16 * i)));
    }
    vaes_store128(iv, c);
}

/* c[i] = E(c[i-1]) ^ p[i]; the next state c[i] ^ k0. */
VAES_FORCE_INLINE void vaes_cfb_enc_nr(const __m128i *rk, const unsigned nr, uint8_t *out,
                                       const uint8_t *in, size_t n, uint8_t *iv)
{
    VAES_SERIAL_KEYS;
    __m128i x = _mm_xor_si128(vaes_load128(iv), k[0]);
    __m128i c = x;
    for (size_t i = 0; i < n; i++) {
        const __m128i p = vaes_load128(in + 16 * i);
        VAES_SERIAL_ROUNDS(x);
        c = _mm_aesenclast_si128(x, _mm_xor_si128(klast, p));
        x = _mm_aesenclast_si128(x, _mm_xor_si128(klast0, p));
        vaes_store128(out + 16 * i, c);
    }
    vaes_store128(iv, c);
}

/* o[i] = E(o[i-1]), out = in ^ o; the state is o ^ k0 throughout. */
VAES_FORCE_INLINE void vaes_ofb_nr(const __m128i *rk, const unsigned nr, uint8_t *out,
                                   const uint8_t *in, size_t n, uint8_t *iv)
{
    VAES_SERIAL_KEYS;
    __m128i x = _mm_xor_si128(vaes_load128(iv), k[0]);
    for (size_t i = 0; i < n; i++) {
        const __m128i p = vaes_load128(in + 16 * i);
        VAES_SERIAL_ROUNDS(x);
        vaes_store128(out + 16 * i, _mm_aesenclast_si128(x, _mm_xor_si128(klast, p)));
        x = _mm_aesenclast_si128(x, klast0);
    }
    vaes_store128(iv, _mm_xor_si128(x, k[0]));
}

/* Three copies, one per round count; n == 0 leaves everything untouched. */
#define VAES_SERIAL_ENTRY(name, body)                                                              \
    static void name(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,            \
                     uint8_t iv[AXIOM_BC_BLOCK])                                                   \
    {                                                                                              \
        const __m128i *rk = vaes_enc_keys(ks);                                                     \
        if (n == 0)                                                                                \
            return;                                                                                \
        switch (ks->rounds) {                                                                      \
        case 10: body(rk, 10, out, in, n, iv); break;                                              \
        case 12: body(rk, 12, out, in, n, iv); break;                                              \
        default: body(rk, 14, out, in, n, iv); break;                                              \
        }                                                                                          \
    }

#endif
