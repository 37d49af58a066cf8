/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The xmm code of the SIMD SM4 kernels: one set of four blocks in one xmm
 * register per state word, for inputs too short for the kernel's wide
 * sets, for the serial modes (CBC and CFB encryption, OFB: one block per
 * step) and for the key schedule.  Included once by each kernel file
 * (through sm4_wide.h), which is its own translation unit and compiles it
 * with its bundle's flags.
 *
 * The kernel file defines, before including this file, the y-domain maps
 * of its S-box (lib/sm4/sm4.h) as static inline functions on __m128i:
 *   xmm_toy(v), xmm_fromy(v)  M1 and M1^-1 on every byte (into and out of
 *                             the y domain);
 *   xmm_yxl(y, u)             y ^ M1 L(S(x)) for the S-box input
 *                             u = M1 x + c1 of every 32-bit lane;
 *   xmm_yxl1(y, u)            the same where every register holds one word
 *                             in all four lanes (may be xmm_yxl);
 *   xmm_xor3(a, b, c)         a ^ b ^ c.
 *
 * Small fixed-count loops over registers carry an unroll pragma, so that
 * the arrays they index stay in registers.
 *
 * Words are transposed: after a 4x4 transpose of 32-bit words, register j
 * holds word j (big-endian) of each of the four blocks, so a round is the
 * same code for all of them.  Constant time: no branch or memory index
 * depends on keys or data (only on lengths and, in CTR, on the public
 * counter value). */
#ifndef AXIOM_SM4_XMM_H
#define AXIOM_SM4_XMM_H

#include <string.h>
#include <immintrin.h>

#include "core/bc_modes.h"
#include "core/internal.h"
#include "sm4/sm4.h"

static inline __m128i xmm_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static inline void xmm_store(uint8_t *p, __m128i v)
{
    _mm_storeu_si128((__m128i *)(void *)p, v);
}

static inline __m128i xmm_bswap(__m128i v)
{
    return _mm_shuffle_epi8(v, _mm_setr_epi8(AXIOM_SM4_BSWAP_BYTES));
}

/* Block form <-> transposed words, written once for xmm (below) and for
 * the kernel's widest vectors (sm4_wide.h, inside each 128-bit lane), the
 * width's vector type @T and operations given.  The transpose of 32-bit
 * words is its own inverse. */
#define SM4_TRANSPOSE(T, x, unpacklo32, unpackhi32, unpacklo64, unpackhi64)             \
    do {                                                                                \
        const T t0_ = unpacklo32(x[0], x[1]), t1_ = unpackhi32(x[0], x[1]);             \
        const T t2_ = unpacklo32(x[2], x[3]), t3_ = unpackhi32(x[2], x[3]);             \
        x[0] = unpacklo64(t0_, t2_);                                                    \
        x[1] = unpackhi64(t0_, t2_);                                                    \
        x[2] = unpacklo64(t1_, t3_);                                                    \
        x[3] = unpackhi64(t1_, t3_);                                                    \
    } while (0)

/* Raw block-form registers @r to transposed words @x in the y domain. */
#define SM4_TO_WORDS(x, r, toy, bswap, transpose)                                       \
    do {                                                                                \
        _Pragma("GCC unroll 4")                                                         \
        for (int k_ = 0; k_ < 4; k_++)                                                  \
            x[k_] = toy(bswap(r[k_]));                                                  \
        transpose(x);                                                                   \
    } while (0)

/* The cipher output (X35, X34, X33, X32) in @x, back in block form. */
#define SM4_TO_BLOCKS(r, x, fromy, bswap, transpose)                                    \
    do {                                                                                \
        r[0] = fromy(x[3]);                                                             \
        r[1] = fromy(x[2]);                                                             \
        r[2] = fromy(x[1]);                                                             \
        r[3] = fromy(x[0]);                                                             \
        transpose(r);                                                                   \
        _Pragma("GCC unroll 4")                                                         \
        for (int k_ = 0; k_ < 4; k_++)                                                  \
            r[k_] = bswap(r[k_]);                                                       \
    } while (0)

static inline void xmm_transpose(__m128i x[4])
{
    SM4_TRANSPOSE(__m128i, x, _mm_unpacklo_epi32, _mm_unpackhi_epi32, _mm_unpacklo_epi64,
                  _mm_unpackhi_epi64);
}

static inline void xmm_load_set(__m128i r[4], const uint8_t *in)
{
    #pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        r[k] = xmm_load(in + 16 * k);
}

static inline void xmm_to_words(__m128i x[4], const __m128i r[4])
{
    SM4_TO_WORDS(x, r, xmm_toy, xmm_bswap, xmm_transpose);
}

static inline void xmm_to_blocks(__m128i r[4], const __m128i x[4])
{
    SM4_TO_BLOCKS(r, x, xmm_fromy, xmm_bswap, xmm_transpose);
}

/* The 32 rounds of one set; rounds i and i + 1 (i even) both read
 * x2 ^ x3, round i updates x0 and round i + 1 x1. */
static inline void xmm_rounds(const uint32_t *rk, __m128i x[4])
{
    __m128i a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];
    for (int i = 0; i < 32; i += 4) {
        __m128i t = _mm_xor_si128(a2, a3);
        a0 = xmm_yxl(a0, xmm_xor3(t, a1, _mm_set1_epi32((int)rk[i])));
        a1 = xmm_yxl(a1, xmm_xor3(t, a0, _mm_set1_epi32((int)rk[i + 1])));
        t = _mm_xor_si128(a0, a1);
        a2 = xmm_yxl(a2, xmm_xor3(t, a3, _mm_set1_epi32((int)rk[i + 2])));
        a3 = xmm_yxl(a3, xmm_xor3(t, a2, _mm_set1_epi32((int)rk[i + 3])));
    }
    x[0] = a0;
    x[1] = a1;
    x[2] = a2;
    x[3] = a3;
}

/* The rounds where their latency is the cost (one block, or one set
 * alone): the S-box input is carried from round to round instead of being
 * formed from the state words.  With u_i = y_(i+1) ^ y_(i+2) ^ y_(i+3) ^
 * rk_i the input of round i,
 *     u_(i+1) = w ^ M1 L(S(x_i)),  w = u_i ^ y_i ^ y_(i+1) ^ rk_i ^ rk_(i+1),
 * and w is ready before the S-box layer of round i is, so the chain from
 * one round's input to the next is the S-box map alone; the new word
 * y_(i+4) = u_(i+1) ^ y_(i+2) ^ y_(i+3) ^ rk_(i+1) is off the chain.
 * Fully unrolled, so the word names rotate for free.  @bcast: every
 * register holds one word in all lanes (xmm_yxl1). */
static inline void xmm_rounds_lat(const uint32_t *rk, __m128i x[4], int bcast)
{
    __m128i y0 = x[0], y1 = x[1], y2 = x[2], y3 = x[3];
    __m128i k0 = _mm_set1_epi32((int)rk[0]);
    __m128i u = _mm_xor_si128(xmm_xor3(y1, y2, y3), k0);
#pragma GCC unroll 32
    for (int i = 0; i < 31; i++) {
        const __m128i k1 = _mm_set1_epi32((int)rk[i + 1]);
        const __m128i w = xmm_xor3(u, xmm_xor3(y0, y1, k0), k1);
        const __m128i v = xmm_xor3(y2, y3, k1);
        u = bcast ? xmm_yxl1(w, u) : xmm_yxl(w, u);
        const __m128i y4 = _mm_xor_si128(u, v);
        y0 = y1;
        y1 = y2;
        y2 = y3;
        y3 = y4;
        k0 = k1;
    }
    x[0] = y1; /* X32 */
    x[1] = y2;
    x[2] = y3;
    x[3] = bcast ? xmm_yxl1(y0, u) : xmm_yxl(y0, u); /* X35 = X31 ^ T(u_31) */
}

/* One block in block form (the serial modes, ECB of one block): the four
 * words, byte-swapped, broadcast to four registers (the map into the y
 * domain works on bytes, so it goes first); out of the rounds, the words
 * are blended back (X35 last, it is the last ready). */
static inline __m128i xmm_block1(const uint32_t *rk, __m128i b)
{
    __m128i x[4];
    b = xmm_toy(b);
    x[0] = _mm_shuffle_epi8(b, _mm_setr_epi8(3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0));
    x[1] = _mm_shuffle_epi8(b, _mm_setr_epi8(7, 6, 5, 4, 7, 6, 5, 4, 7, 6, 5, 4, 7, 6, 5, 4));
    x[2] = _mm_shuffle_epi8(b, _mm_setr_epi8(11, 10, 9, 8, 11, 10, 9, 8, 11, 10, 9, 8, 11, 10, 9, 8));
    x[3] = _mm_shuffle_epi8(b, _mm_setr_epi8(15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14,
                                             13, 12));
    xmm_rounds_lat(rk, x, 1);
    /* lanes (X35, X34, X33, X32) */
    b = _mm_blend_epi32(_mm_blend_epi32(x[2], x[1], 0x4), x[0], 0x8);
    b = _mm_blend_epi32(b, x[3], 0x1);
    return xmm_bswap(xmm_fromy(b));
}

/* Four blocks. */
static inline void xmm_ecb_set(const uint32_t *rk, uint8_t *out, const uint8_t *in)
{
    __m128i r[4], x[4];
    xmm_load_set(r, in);
    xmm_to_words(x, r);
    xmm_rounds(rk, x);
    xmm_to_blocks(r, x);
    #pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        xmm_store(out + 16 * k, r[k]);
}

/* ECB, any number of blocks (the kernels call it for a few); the last
 * partial set through a buffer. */
static void xmm_ecb(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n)
{
    /* Fewer than 4 blocks, the whole input: no buffer, and the rounds
     * whose latency is shortest (one block in block form). */
    if (n == 1) {
        xmm_store(out, xmm_block1(rk, xmm_load(in)));
        return;
    }
    if (n == 2 || n == 3) {
        __m128i r[4], x[4];
        r[0] = xmm_load(in);
        r[1] = xmm_load(in + 16);
        r[2] = n > 2 ? xmm_load(in + 32) : _mm_setzero_si128();
        r[3] = _mm_setzero_si128();
        xmm_to_words(x, r);
        xmm_rounds_lat(rk, x, 0);
        xmm_to_blocks(r, x);
        xmm_store(out, r[0]);
        xmm_store(out + 16, r[1]);
        if (n > 2)
            xmm_store(out + 32, r[2]);
        return;
    }
    for (; n >= 4; n -= 4, in += 64, out += 64)
        xmm_ecb_set(rk, out, in);
    if (n) {
        uint8_t buf[64];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, 16 * n);
        xmm_ecb_set(rk, buf, buf);
        memcpy(out, buf, 16 * n);
        axiom_wipe(buf, sizeof buf);
    }
}

/* Transposed words of the counter blocks @ctr .. @ctr + 3 in the y
 * domain, if the low 32 bits do not wrap inside them; 0 (nothing set) if
 * they would. */
static inline int xmm_ctr_words(__m128i x[4], const uint8_t ctr[16])
{
    const uint32_t lo = axiom_load32_be(ctr + 12);
    if (lo > UINT32_MAX - 3)
        return 0;
    x[0] = _mm_set1_epi32((int)axiom_load32_be(ctr));
    x[1] = _mm_set1_epi32((int)axiom_load32_be(ctr + 4));
    x[2] = _mm_set1_epi32((int)axiom_load32_be(ctr + 8));
    x[3] = _mm_add_epi32(_mm_set1_epi32((int)lo), _mm_setr_epi32(0, 1, 2, 3));
    #pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        x[k] = xmm_toy(x[k]);
    return 1;
}

/* The same through memory, with full 128-bit increments. */
static inline void xmm_ctr_staged(__m128i x[4], const uint8_t ctr[16])
{
    uint8_t buf[64];
    __m128i r[4];
    memcpy(buf, ctr, 16);
    #pragma GCC unroll 4
    for (int i = 1; i < 4; i++) {
        memcpy(buf + 16 * i, buf + 16 * (i - 1), 16);
        axiom_ctr128_add(buf + 16 * i, 1);
    }
    xmm_load_set(r, buf);
    xmm_to_words(x, r);
}

/* The rounds of a set that holds @m (1..4) blocks: a whole one's, or for
 * a partial one those of the shorter latency, as in xmm_ecb. */
static inline void xmm_rounds_set(const uint32_t *rk, __m128i x[4], size_t m)
{
    if (m == 4)
        xmm_rounds(rk, x);
    else
        xmm_rounds_lat(rk, x, 0);
}

/* out = in ^ the blocks of @x, the first @m (1..4) of them: no byte past
 * them is read or written. */
static inline void xmm_xor_store(uint8_t *out, const uint8_t *in, const __m128i x[4], size_t m)
{
    __m128i r[4];
    xmm_to_blocks(r, x);
    #pragma GCC unroll 4
    for (size_t k = 0; k < 4; k++)
        if (k < m)
            xmm_store(out + 16 * k, _mm_xor_si128(r[k], xmm_load(in + 16 * k)));
}

/* CTR, one set at a time (the kernels call it for a few blocks); a
 * partial set only its own blocks of input and output, with no buffer. */
static void xmm_ctr(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n,
                    uint8_t ctr[16])
{
    __m128i x[4];
    while (n > 0) {
        if (!xmm_ctr_words(x, ctr))
            xmm_ctr_staged(x, ctr);
        const size_t m = n < 4 ? n : 4;
        xmm_rounds_set(rk, x, m);
        xmm_xor_store(out, in, x, m);
        axiom_ctr128_add(ctr, m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/* CBC (@cfb 0, @rk the decryption keys) and CFB (@cfb 1, the encryption
 * keys) decryption, one set at a time: CBC deciphers the ciphertext blocks
 * and CFB enciphers the blocks before them, and the other ones are added
 * to the output.  A set's blocks are loaded straight into registers (zeros
 * past the last block of a partial set), and every load of a set comes
 * before its stores, so that out == in works.  @cfb is a constant where
 * this is inlined. */
static inline __attribute__((always_inline)) void
xmm_fb_dec(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n, uint8_t iv[16], int cfb)
{
    __m128i c[4], p[4], x[4], r[4];
    __m128i prev = xmm_load(iv);
    while (n > 0) {
        const size_t m = n < 4 ? n : 4;
        #pragma GCC unroll 4
        for (size_t k = 0; k < 4; k++)
            c[k] = k < m ? xmm_load(in + 16 * k) : _mm_setzero_si128();
        #pragma GCC unroll 4
        for (int k = 0; k < 4; k++)
            p[k] = k ? c[k - 1] : prev;
        xmm_to_words(x, cfb ? p : c);
        xmm_rounds_set(rk, x, m);
        xmm_to_blocks(r, x);
        prev = xmm_load(in + 16 * (m - 1));
        #pragma GCC unroll 4
        for (size_t k = 0; k < 4; k++)
            if (k < m)
                xmm_store(out + 16 * k, _mm_xor_si128(r[k], cfb ? c[k] : p[k]));
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    xmm_store(iv, prev);
}

/* The serial modes (@mode AXIOM_BC_CBC_ENC, AXIOM_BC_CFB_ENC or
 * AXIOM_BC_OFB, a constant where this is inlined), one block per step
 * with the chaining value in a register. */
static inline __attribute__((always_inline)) void
xmm_serial(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n, uint8_t iv[16], int mode)
{
    __m128i c = xmm_load(iv);
    for (; n > 0; n--, in += 16, out += 16) {
        if (mode == AXIOM_BC_CBC_ENC) {
            c = xmm_block1(rk, _mm_xor_si128(c, xmm_load(in)));
            xmm_store(out, c);
        } else if (mode == AXIOM_BC_CFB_ENC) {
            c = _mm_xor_si128(xmm_block1(rk, c), xmm_load(in));
            xmm_store(out, c);
        } else {
            c = xmm_block1(rk, c);
            xmm_store(out, _mm_xor_si128(c, xmm_load(in)));
        }
    }
    xmm_store(iv, c);
}

#endif
