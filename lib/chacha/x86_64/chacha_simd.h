/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ChaCha20 SIMD building blocks shared by the SSSE3, AVX2 and AVX-512
 * kernels (static inline, so each file compiles them with its own flags):
 * 1 block in row form, 4 blocks in 128-bit lanes, 8 blocks in 256-bit
 * lanes (AVX2 builds).  Rotations use VPROLD where AVX-512VL is compiled
 * in, byte shuffles (16, 8) and shift pairs (12, 7) otherwise.  Constant
 * time: additions, XORs and rotations only; no secret-dependent branch or
 * memory index.  Each function handles at most its own width; a shorter
 * length goes through a stack buffer. */
#ifndef AXIOM_CHACHA_SIMD_H
#define AXIOM_CHACHA_SIMD_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "chacha/chacha.h"

#define CH_QR(A, B, C, D, ADD, XOR, R16, R12, R8, R7)                          \
    A = ADD(A, B); D = XOR(D, A); D = R16(D);                                  \
    C = ADD(C, D); B = XOR(B, C); B = R12(B);                                  \
    A = ADD(A, B); D = XOR(D, A); D = R8(D);                                   \
    C = ADD(C, D); B = XOR(B, C); B = R7(B);

/* Column round then diagonal round over words x0..x15 (one vector each). */
#define CH_DOUBLEROUND(Q)                                                      \
    Q(x0, x4, x8, x12) Q(x1, x5, x9, x13) Q(x2, x6, x10, x14) Q(x3, x7, x11, x15) \
    Q(x0, x5, x10, x15) Q(x1, x6, x11, x12) Q(x2, x7, x8, x13) Q(x3, x4, x9, x14)

/* The two halves of CH_DOUBLEROUND. */
#define CH_COLROUND(Q) Q(x0, x4, x8, x12) Q(x1, x5, x9, x13) Q(x2, x6, x10, x14) Q(x3, x7, x11, x15)
#define CH_DIAGROUND(Q) Q(x0, x5, x10, x15) Q(x1, x6, x11, x12) Q(x2, x7, x8, x13) Q(x3, x4, x9, x14)

/* 4x4 transpose of 32-bit words inside every 128-bit lane, with the
 * unpack intrinsics of vector type T: afterwards a, b, c, d hold the four
 * words of lanes (blocks) 0, 1, 2, 3.  CH_TRANSPOSE4_X/Y/Z name them for
 * xmm, ymm and zmm. */
#define CH_TRANSPOSE4(T, LO32, HI32, LO64, HI64, a, b, c, d)                  \
    do {                                                                       \
        T t0_ = LO32(a, b), t1_ = LO32(c, d);                                  \
        T t2_ = HI32(a, b), t3_ = HI32(c, d);                                  \
        a = LO64(t0_, t1_);                                                    \
        b = HI64(t0_, t1_);                                                    \
        c = LO64(t2_, t3_);                                                    \
        d = HI64(t2_, t3_);                                                    \
    } while (0)
#define CH_TRANSPOSE4_X(a, b, c, d)                                            \
    CH_TRANSPOSE4(__m128i, _mm_unpacklo_epi32, _mm_unpackhi_epi32,           \
                  _mm_unpacklo_epi64, _mm_unpackhi_epi64, a, b, c, d)
#define CH_TRANSPOSE4_Y(a, b, c, d)                                            \
    CH_TRANSPOSE4(__m256i, _mm256_unpacklo_epi32, _mm256_unpackhi_epi32,     \
                  _mm256_unpacklo_epi64, _mm256_unpackhi_epi64, a, b, c, d)
#define CH_TRANSPOSE4_Z(a, b, c, d)                                            \
    CH_TRANSPOSE4(__m512i, _mm512_unpacklo_epi32, _mm512_unpackhi_epi32,     \
                  _mm512_unpacklo_epi64, _mm512_unpackhi_epi64, a, b, c, d)

/* The part of the first column round that all blocks of one key and nonce
 * share: the quarter rounds of columns 1, 2 and 3 do not involve the block
 * counter (word 12), and column 0's starts with x0 + x4.  Computed once per
 * call in @pre (wipe it), it saves 37 of the 960 vector operations per 16
 * blocks (AVX-512) or 49 of the 1280 per 8 blocks (AVX2, whose rotations
 * by 12 and 7 take three operations).  The scalar code is ARX only, like
 * the rest. */
static inline uint32_t ch_rotl(uint32_t x, int n)
{
    return (x << n) | (x >> (32 - n));
}
#define CH_QR1(a, b, c, d) CH_QR(a, b, c, d, CH_ADD1, CH_XOR1, CH_R16_1, CH_R12_1, CH_R8_1, CH_R7_1)
#define CH_ADD1(x, y) ((x) + (y))
#define CH_XOR1(x, y) ((x) ^ (y))
#define CH_R16_1(x) ch_rotl(x, 16)
#define CH_R12_1(x) ch_rotl(x, 12)
#define CH_R8_1(x) ch_rotl(x, 8)
#define CH_R7_1(x) ch_rotl(x, 7)
static inline void ch_first_round_shared(const uint32_t st[16], uint32_t pre[16])
{
    memcpy(pre, st, 16 * sizeof(uint32_t));
    CH_QR1(pre[1], pre[5], pre[9], pre[13])
    CH_QR1(pre[2], pre[6], pre[10], pre[14])
    CH_QR1(pre[3], pre[7], pre[11], pre[15])
    pre[0] = st[0] + st[4];
}

/* Row 3 of @st (counter and nonce) from its four words: the callers
 * write those words one by one for every message (axiom_chacha_init_state,
 * the stream cipher's nonce, counter updates), and a 16-byte load does not
 * forward from several stores: it waits until they have reached the cache
 * (ChaCha20 of 64 bytes on Intel Emerald Rapids, AVX2 tier: 120 against
 * 104 ns), where each 4-byte load forwards from its store.  An empty asm
 * per word keeps the compiler from merging the loads. */
static inline __m128i ch_load_row_d(const uint32_t st[16])
{
    uint32_t w[4];
    for (int i = 0; i < 4; i++) {
        w[i] = st[12 + i];
        __asm__("" : "+r"(w[i]));
    }
    return _mm_unpacklo_epi64(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)w[0]), _mm_cvtsi32_si128((int)w[1])),
                              _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)w[2]), _mm_cvtsi32_si128((int)w[3])));
}

/* A partial call runs on zeros (axiom_chacha_zeros) instead of its input, its
 * output (the keystream) into a buffer @buf of @size bytes; ch_partial_done
 * then XORs @len bytes of it into @msg giving @out and zeroes @buf, the
 * barrier keeping the dead stores.  (Copying the input into the buffer
 * and the output back out, two memcpy calls, cost more: ChaCha20 at
 * 100-1500 bytes 1.02-1.11x on Zen 4.)  Out of line, so that the whole
 * calls' code around it stays compact. */
static __attribute__((noinline)) void ch_partial_done(uint8_t *out, const uint8_t *msg,
                                                      uint8_t *buf, size_t len, size_t size)
{
    axiom_xor_bytes(out, msg, buf, len);
    memset(buf, 0, size);
    __asm__ __volatile__("" : : "r"(buf) : "memory");
}

/* Row form (one block per 128-bit lane, row i of the state in vector i):
 * the diagonal round's columns are made by rotating rows a, c and d
 * (by -1, 1 and 2 words), not b, c and d (1, 2, 3) as usual.  Row b is
 * the last one a quarter round writes and the first the next one reads
 * (a += b), so rotating it would put a shuffle on the chain of every half
 * round; a, c and d are written 5, 2 and 3 steps before they are read. */
#define CH_ROW_DIAG(SHUF, a, c, d)                                             \
    do {                                                                       \
        a = SHUF(a, 0x93);                                                     \
        c = SHUF(c, 0x39);                                                     \
        d = SHUF(d, 0x4e);                                                     \
    } while (0)
#define CH_ROW_UNDIAG(SHUF, a, c, d)                                           \
    do {                                                                       \
        a = SHUF(a, 0x39);                                                     \
        c = SHUF(c, 0x93);                                                     \
        d = SHUF(d, 0x4e);                                                     \
    } while (0)

/* The 20 rounds in row form, with quarter-round macro Q and the 32-bit
 * lane shuffle SHUF of the vector width. */
#define CH_ROW_ROUNDS(Q, SHUF, a, b, c, d)                                     \
    do {                                                                       \
        _Pragma("GCC unroll 10")                                               \
        for (int i_ = 0; i_ < 10; i_++) {                                      \
            Q(a, b, c, d)                                                      \
            CH_ROW_DIAG(SHUF, a, c, d);                                        \
            Q(a, b, c, d)                                                      \
            CH_ROW_UNDIAG(SHUF, a, c, d);                                      \
        }                                                                      \
    } while (0)

/* ------------------------------------------------------------ 128-bit */
#ifdef __AVX512VL__
#define S_R16(x) _mm_rol_epi32(x, 16)
#define S_R12(x) _mm_rol_epi32(x, 12)
#define S_R8(x) _mm_rol_epi32(x, 8)
#define S_R7(x) _mm_rol_epi32(x, 7)
#else
#define S_R16(x) _mm_shuffle_epi8(x, _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))
#define S_R8(x) _mm_shuffle_epi8(x, _mm_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14))
#define S_R12(x) _mm_or_si128(_mm_slli_epi32(x, 12), _mm_srli_epi32(x, 20))
#define S_R7(x) _mm_or_si128(_mm_slli_epi32(x, 7), _mm_srli_epi32(x, 25))
#endif
#define S_QR(a, b, c, d) CH_QR(a, b, c, d, _mm_add_epi32, _mm_xor_si128, S_R16, S_R12, S_R8, S_R7)

/* @nblocks (1 or more) blocks, one at a time in row form: the state's four
 * rows are four vectors, and the diagonal round rotates rows 1-3 into
 * column position and back.  Cheapest for one or two blocks. */
static inline void chacha_x1(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    const __m128i a0 = _mm_loadu_si128((const __m128i *)st);
    const __m128i b0 = _mm_loadu_si128((const __m128i *)(st + 4));
    const __m128i c0 = _mm_loadu_si128((const __m128i *)(st + 8));
    __m128i d0 = ch_load_row_d(st);
    const __m128i one = _mm_setr_epi32(1, 0, 0, 0);

    while (len) {
        __m128i a = a0, b = b0, c = c0, d = d0;
        CH_ROW_ROUNDS(S_QR, _mm_shuffle_epi32, a, b, c, d);
        a = _mm_add_epi32(a, a0);
        b = _mm_add_epi32(b, b0);
        c = _mm_add_epi32(c, c0);
        d = _mm_add_epi32(d, d0);
        if (len >= 64) {
            _mm_storeu_si128((__m128i *)out, _mm_xor_si128(a, _mm_loadu_si128((const __m128i *)in)));
            _mm_storeu_si128((__m128i *)(out + 16), _mm_xor_si128(b, _mm_loadu_si128((const __m128i *)(in + 16))));
            _mm_storeu_si128((__m128i *)(out + 32), _mm_xor_si128(c, _mm_loadu_si128((const __m128i *)(in + 32))));
            _mm_storeu_si128((__m128i *)(out + 48), _mm_xor_si128(d, _mm_loadu_si128((const __m128i *)(in + 48))));
            out += 64;
            in += 64;
            len -= 64;
        } else {
            _Alignas(16) uint8_t ks[64];
            _mm_store_si128((__m128i *)ks, a);
            _mm_store_si128((__m128i *)(ks + 16), b);
            _mm_store_si128((__m128i *)(ks + 32), c);
            _mm_store_si128((__m128i *)(ks + 48), d);
            axiom_xor_bytes(out, in, ks, len);
            /* Wipe the keystream; the barrier keeps the dead store. */
            memset(ks, 0, sizeof ks);
            __asm__ __volatile__("" : : "r"(ks) : "memory");
            len = 0;
        }
        d0 = _mm_add_epi32(d0, one);
    }
}

/* HChaCha20 in row form, the SIMD kernels' hchacha (lib/chacha/chacha.h;
 * each kernel file's descriptor points at its own copy): the
 * state from the key and the 16 nonce bytes (little-endian words, as the
 * loads read them), its 20 rounds, and rows 0 and 3 without the final
 * addition.  One block's rounds are a single dependency chain; in vector
 * rows it is about 250 TSC cycles on AMD Zen 4 (family 25 model 17),
 * where the portable code's 16 words in general registers (one more than
 * there are) took 290-345. */
static inline void chacha_hchacha_row(uint8_t subkey[32], const uint8_t key[32],
                                      const uint8_t nonce16[16])
{
    __m128i a = _mm_setr_epi32(0x61707865, 0x3320646e, 0x79622d32, 0x6b206574);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)key);
    __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(key + 16));
    __m128i d = _mm_loadu_si128((const __m128i *)(const void *)nonce16);
    CH_ROW_ROUNDS(S_QR, _mm_shuffle_epi32, a, b, c, d);
    _mm_storeu_si128((__m128i *)(void *)subkey, a);
    _mm_storeu_si128((__m128i *)(void *)(subkey + 16), d);
}

/* Up to 4 blocks (len <= 256) in parallel, word i of block j in lane j of
 * vector i. */
static inline void chacha_x4(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    _Alignas(16) uint8_t buf[256];
    const int partial = len < 256;
    const uint8_t *const msg = in;
    if (partial)
        in = axiom_chacha_zeros;
    __m128i x0 = _mm_set1_epi32((int)st[0]), x1 = _mm_set1_epi32((int)st[1]);
    __m128i x2 = _mm_set1_epi32((int)st[2]), x3 = _mm_set1_epi32((int)st[3]);
    __m128i x4 = _mm_set1_epi32((int)st[4]), x5 = _mm_set1_epi32((int)st[5]);
    __m128i x6 = _mm_set1_epi32((int)st[6]), x7 = _mm_set1_epi32((int)st[7]);
    __m128i x8 = _mm_set1_epi32((int)st[8]), x9 = _mm_set1_epi32((int)st[9]);
    __m128i x10 = _mm_set1_epi32((int)st[10]), x11 = _mm_set1_epi32((int)st[11]);
    __m128i x12 = _mm_add_epi32(_mm_set1_epi32((int)st[12]), _mm_setr_epi32(0, 1, 2, 3));
    __m128i x13 = _mm_set1_epi32((int)st[13]), x14 = _mm_set1_epi32((int)st[14]);
    __m128i x15 = _mm_set1_epi32((int)st[15]);
    const __m128i ctr = x12;

#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        CH_DOUBLEROUND(S_QR)
    }
#define S_ADD(i) x##i = _mm_add_epi32(x##i, _mm_set1_epi32((int)st[i]))
    S_ADD(0); S_ADD(1); S_ADD(2); S_ADD(3); S_ADD(4); S_ADD(5); S_ADD(6); S_ADD(7);
    S_ADD(8); S_ADD(9); S_ADD(10); S_ADD(11); S_ADD(13); S_ADD(14); S_ADD(15);
#undef S_ADD
    x12 = _mm_add_epi32(x12, ctr);
    CH_TRANSPOSE4_X(x0, x1, x2, x3);
    CH_TRANSPOSE4_X(x4, x5, x6, x7);
    CH_TRANSPOSE4_X(x8, x9, x10, x11);
    CH_TRANSPOSE4_X(x12, x13, x14, x15);
    uint8_t *o = partial ? buf : out;
#define S_OUT(off, v) _mm_storeu_si128((__m128i *)(o + (off)), _mm_xor_si128(v, _mm_loadu_si128((const __m128i *)(in + (off)))))
    S_OUT(0, x0); S_OUT(16, x4); S_OUT(32, x8); S_OUT(48, x12);
    S_OUT(64, x1); S_OUT(80, x5); S_OUT(96, x9); S_OUT(112, x13);
    S_OUT(128, x2); S_OUT(144, x6); S_OUT(160, x10); S_OUT(176, x14);
    S_OUT(192, x3); S_OUT(208, x7); S_OUT(224, x11); S_OUT(240, x15);
#undef S_OUT
    if (partial)
        ch_partial_done(out, msg, buf, len, sizeof buf);
}

/* ------------------------------------------------------------ 256-bit */
#ifdef __AVX2__
#ifdef __AVX512VL__
#define Y_R16(x) _mm256_rol_epi32(x, 16)
#define Y_R12(x) _mm256_rol_epi32(x, 12)
#define Y_R8(x) _mm256_rol_epi32(x, 8)
#define Y_R7(x) _mm256_rol_epi32(x, 7)
#else
#define Y_R16(x) _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, \
                                                         2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))
#define Y_R8(x) _mm256_shuffle_epi8(x, _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, \
                                                        3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14))
#define Y_R12(x) _mm256_or_si256(_mm256_slli_epi32(x, 12), _mm256_srli_epi32(x, 20))
#define Y_R7(x) _mm256_or_si256(_mm256_slli_epi32(x, 7), _mm256_srli_epi32(x, 25))
#endif
#define Y_QR(a, b, c, d) CH_QR(a, b, c, d, _mm256_add_epi32, _mm256_xor_si256, Y_R16, Y_R12, Y_R8, Y_R7)

/* Word 12 of eight blocks in 32-bit lanes: the counters @c .. @c + 7. */
static inline __m256i ch_y_ctrs(uint32_t c)
{
    return _mm256_add_epi32(_mm256_set1_epi32((int)c), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/* The end of an 8-block pass in 32-bit lanes: the final addition of @st
 * (the lane counters @ctr on word 12), the in-lane transposes, and 512
 * bytes of @in XORed into @o.  After the transposes block j's words sit
 * in the low 128 bits (j < 4) or the high 128 bits (j >= 4) of four
 * vectors. */
static inline __attribute__((always_inline)) void
ch_x8_out_body(const uint32_t st[16], __m256i ctr, uint8_t *o, const uint8_t *in, __m256i x0,
               __m256i x1, __m256i x2, __m256i x3, __m256i x4, __m256i x5, __m256i x6, __m256i x7,
               __m256i x8, __m256i x9, __m256i x10, __m256i x11, __m256i x12, __m256i x13,
               __m256i x14, __m256i x15)
{
#define Y_ADD(i) x##i = _mm256_add_epi32(x##i, _mm256_set1_epi32((int)st[i]))
    Y_ADD(0); Y_ADD(1); Y_ADD(2); Y_ADD(3); Y_ADD(4); Y_ADD(5); Y_ADD(6); Y_ADD(7);
    Y_ADD(8); Y_ADD(9); Y_ADD(10); Y_ADD(11); Y_ADD(13); Y_ADD(14); Y_ADD(15);
#undef Y_ADD
    x12 = _mm256_add_epi32(x12, ctr);
    CH_TRANSPOSE4_Y(x0, x1, x2, x3);
    CH_TRANSPOSE4_Y(x4, x5, x6, x7);
    CH_TRANSPOSE4_Y(x8, x9, x10, x11);
    CH_TRANSPOSE4_Y(x12, x13, x14, x15);
#define Y_OUT(off, v) _mm256_storeu_si256((__m256i *)(o + (off)), _mm256_xor_si256(v, _mm256_loadu_si256((const __m256i *)(in + (off)))))
#define Y_BLOCKS(j, a, b, c, d)                                                \
    Y_OUT(64 * (j), _mm256_permute2x128_si256(a, b, 0x20));                    \
    Y_OUT(64 * (j) + 32, _mm256_permute2x128_si256(c, d, 0x20));               \
    Y_OUT(64 * (j) + 256, _mm256_permute2x128_si256(a, b, 0x31));              \
    Y_OUT(64 * (j) + 288, _mm256_permute2x128_si256(c, d, 0x31));
    Y_BLOCKS(0, x0, x4, x8, x12)
    Y_BLOCKS(1, x1, x5, x9, x13)
    Y_BLOCKS(2, x2, x6, x10, x14)
    Y_BLOCKS(3, x3, x7, x11, x15)
#undef Y_BLOCKS
#undef Y_OUT
}

/* ch_x8_out_body as the compiler chooses, for the passes that also run
 * row-form pairs (inlined there, their registers spilled inside the
 * rounds: 640 bytes 4 % slower on Zen 4): words 7..15 through the
 * caller's array @hi, which the caller wipes; as arguments past the eight
 * vector registers of the calling convention they went through the stack
 * and stayed there (round outputs of key words: with the keystream they
 * give the key).  chacha_x8 inlines the body. */
static inline void ch_x8_out(const uint32_t st[16], __m256i ctr, uint8_t *o, const uint8_t *in,
                             __m256i x0, __m256i x1, __m256i x2, __m256i x3, __m256i x4,
                             __m256i x5, __m256i x6, const __m256i hi[9])
{
    ch_x8_out_body(st, ctr, o, in, x0, x1, x2, x3, x4, x5, x6, hi[0], hi[1], hi[2], hi[3], hi[4],
                   hi[5], hi[6], hi[7], hi[8]);
}

/* 8 blocks in 32-bit lanes: declares x0..x15, word i of block j in lane j
 * of vector i, block counters st[12] + 0..7 (also in ctr). */
#define Y_X8_INIT(st)                                                          \
    __m256i x0 = _mm256_set1_epi32((int)(st)[0]), x1 = _mm256_set1_epi32((int)(st)[1]); \
    __m256i x2 = _mm256_set1_epi32((int)(st)[2]), x3 = _mm256_set1_epi32((int)(st)[3]); \
    __m256i x4 = _mm256_set1_epi32((int)(st)[4]), x5 = _mm256_set1_epi32((int)(st)[5]); \
    __m256i x6 = _mm256_set1_epi32((int)(st)[6]), x7 = _mm256_set1_epi32((int)(st)[7]); \
    __m256i x8 = _mm256_set1_epi32((int)(st)[8]), x9 = _mm256_set1_epi32((int)(st)[9]); \
    __m256i x10 = _mm256_set1_epi32((int)(st)[10]), x11 = _mm256_set1_epi32((int)(st)[11]); \
    __m256i x12 = ch_y_ctrs((st)[12]);                                        \
    __m256i x13 = _mm256_set1_epi32((int)(st)[13]), x14 = _mm256_set1_epi32((int)(st)[14]); \
    __m256i x15 = _mm256_set1_epi32((int)(st)[15]);                           \
    const __m256i ctr = x12

/* Up to 8 blocks (len <= 512): word i of block j in lane j of vector i. */
static inline void chacha_x8(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    _Alignas(32) uint8_t buf[512];
    const int partial = len < 512;
    const uint8_t *const msg = in;
    if (partial)
        in = axiom_chacha_zeros;
    Y_X8_INIT(st);

#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        CH_DOUBLEROUND(Y_QR)
    }
    /* Inlined: as a call, nine of the sixteen vectors went through the
     * stack as arguments (512 bytes 138.6 -> 134 ns on Zen 4). */
    ch_x8_out_body(st, ctr, partial ? buf : out, in, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,
                   x11, x12, x13, x14, x15);
    if (partial)
        ch_partial_done(out, msg, buf, len, sizeof buf);
}

/* Row form on ymm, one block per 128-bit half: rows a, b, c of @st in
 * both halves, row d with the block counter in the low half and the
 * counter + 1 in the high one. */
static inline void ch_y_rows(const uint32_t st[16], __m256i *a, __m256i *b, __m256i *c, __m256i *d)
{
    *a = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)st));
    *b = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(st + 4)));
    *c = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(st + 8)));
    *d = _mm256_add_epi32(_mm256_broadcastsi128_si256(ch_load_row_d(st)),
                          _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
}

/* The two blocks in row-form rows @a..@d (after the final addition)
 * XORed into the 128 bytes at @in, written at @o. */
static inline void ch_y_out2(uint8_t *o, const uint8_t *in, __m256i a, __m256i b, __m256i c,
                             __m256i d)
{
#define Y_OUT(off, v) _mm256_storeu_si256((__m256i *)(o + (off)), _mm256_xor_si256(v, _mm256_loadu_si256((const __m256i *)(in + (off)))))
    Y_OUT(0, _mm256_permute2x128_si256(a, b, 0x20));
    Y_OUT(32, _mm256_permute2x128_si256(c, d, 0x20));
    Y_OUT(64, _mm256_permute2x128_si256(a, b, 0x31));
    Y_OUT(96, _mm256_permute2x128_si256(c, d, 0x31));
#undef Y_OUT
}

/* Up to 2 blocks (len <= 128) in row form, one block per 128-bit half:
 * the latency of one block for the price of two. */
static inline void chacha_x2(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    _Alignas(32) uint8_t buf[128];
    const int partial = len < 128;
    const uint8_t *const msg = in;
    if (partial)
        in = axiom_chacha_zeros;
    __m256i a0, b0, c0, d0;
    ch_y_rows(st, &a0, &b0, &c0, &d0);
    __m256i a = a0, b = b0, c = c0, d = d0;
    CH_ROW_ROUNDS(Y_QR, _mm256_shuffle_epi32, a, b, c, d);
    ch_y_out2(partial ? buf : out, in, _mm256_add_epi32(a, a0), _mm256_add_epi32(b, b0),
              _mm256_add_epi32(c, c0), _mm256_add_epi32(d, d0));
    if (partial)
        ch_partial_done(out, msg, buf, len, sizeof buf);
}
/* Up to 4 blocks (128 < len <= 256 in practice) in row form: chacha_x2's
 * layout twice, blocks 0-1 in a..d and blocks 2-3 in e..h, the two pairs'
 * rounds side by side.  Each pair is one block's latency chain, and the
 * two chains fill the vector pipes the lone pair leaves idle, so four
 * blocks take about the time of two.  (The lane form of chacha_x4 on
 * 128-bit vectors takes a pass as long as chacha_x8's: its twelve- and
 * seven-bit rotations are three operations each, on 16 vectors.) */
static inline void chacha_x4r(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    _Alignas(32) uint8_t buf[256];
    const int partial = len < 256;
    const uint8_t *const msg = in;
    if (partial)
        in = axiom_chacha_zeros;
    __m256i a0, b0, c0, d0, h0;
    ch_y_rows(st, &a0, &b0, &c0, &d0);
    h0 = _mm256_add_epi32(d0, _mm256_setr_epi32(2, 0, 0, 0, 2, 0, 0, 0));
    __m256i a = a0, b = b0, c = c0, d = d0;
    __m256i e = a0, f = b0, g = c0, h = h0;
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        Y_QR(a, b, c, d)
        Y_QR(e, f, g, h)
        CH_ROW_DIAG(_mm256_shuffle_epi32, a, c, d);
        CH_ROW_DIAG(_mm256_shuffle_epi32, e, g, h);
        Y_QR(a, b, c, d)
        Y_QR(e, f, g, h)
        CH_ROW_UNDIAG(_mm256_shuffle_epi32, a, c, d);
        CH_ROW_UNDIAG(_mm256_shuffle_epi32, e, g, h);
    }
    uint8_t *o = partial ? buf : out;
    ch_y_out2(o, in, _mm256_add_epi32(a, a0), _mm256_add_epi32(b, b0), _mm256_add_epi32(c, c0),
              _mm256_add_epi32(d, d0));
    ch_y_out2(o + 128, in + 128, _mm256_add_epi32(e, a0), _mm256_add_epi32(f, b0),
              _mm256_add_epi32(g, c0), _mm256_add_epi32(h, h0));
    if (partial)
        ch_partial_done(out, msg, buf, len, sizeof buf);
}
/* Up to 6 blocks (256 < len <= 384 in practice): chacha_x4r with a third
 * pair of blocks (blocks 4-5 in p..s). */
static inline void chacha_x6r(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    _Alignas(32) uint8_t buf[384];
    const int partial = len < 384;
    const uint8_t *const msg = in;
    if (partial)
        in = axiom_chacha_zeros;
    __m256i a0, b0, c0, d0, h0, s0;
    ch_y_rows(st, &a0, &b0, &c0, &d0);
    h0 = _mm256_add_epi32(d0, _mm256_setr_epi32(2, 0, 0, 0, 2, 0, 0, 0));
    s0 = _mm256_add_epi32(d0, _mm256_setr_epi32(4, 0, 0, 0, 4, 0, 0, 0));
    __m256i a = a0, b = b0, c = c0, d = d0;
    __m256i e = a0, f = b0, g = c0, h = h0;
    __m256i pp = a0, q = b0, r = c0, ss = s0;
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        Y_QR(a, b, c, d)
        Y_QR(e, f, g, h)
        Y_QR(pp, q, r, ss)
        CH_ROW_DIAG(_mm256_shuffle_epi32, a, c, d);
        CH_ROW_DIAG(_mm256_shuffle_epi32, e, g, h);
        CH_ROW_DIAG(_mm256_shuffle_epi32, pp, r, ss);
        Y_QR(a, b, c, d)
        Y_QR(e, f, g, h)
        Y_QR(pp, q, r, ss)
        CH_ROW_UNDIAG(_mm256_shuffle_epi32, a, c, d);
        CH_ROW_UNDIAG(_mm256_shuffle_epi32, e, g, h);
        CH_ROW_UNDIAG(_mm256_shuffle_epi32, pp, r, ss);
    }
    uint8_t *o = partial ? buf : out;
    ch_y_out2(o, in, _mm256_add_epi32(a, a0), _mm256_add_epi32(b, b0), _mm256_add_epi32(c, c0),
              _mm256_add_epi32(d, d0));
    ch_y_out2(o + 128, in + 128, _mm256_add_epi32(e, a0), _mm256_add_epi32(f, b0),
              _mm256_add_epi32(g, c0), _mm256_add_epi32(h, h0));
    ch_y_out2(o + 256, in + 256, _mm256_add_epi32(pp, a0), _mm256_add_epi32(q, b0),
              _mm256_add_epi32(r, c0), _mm256_add_epi32(ss, s0));
    if (partial)
        ch_partial_done(out, msg, buf, len, sizeof buf);
}
#endif /* __AVX2__ */

/* ------------------------------------------------------------ 512-bit */
#ifdef __AVX512F__
#define Z_R16(x) _mm512_rol_epi32(x, 16)
#define Z_R12(x) _mm512_rol_epi32(x, 12)
#define Z_R8(x) _mm512_rol_epi32(x, 8)
#define Z_R7(x) _mm512_rol_epi32(x, 7)
#define Z_QR(a, b, c, d)                                                       \
    CH_QR(a, b, c, d, _mm512_add_epi32, _mm512_xor_si512, Z_R16, Z_R12, Z_R8, Z_R7)

/* 16 blocks: declares x0..x15, word i of block j in lane j of vector i,
 * block counters st[12] + 0..15. */
#define Z_X16_INIT(st)                                                         \
    __m512i x0 = _mm512_set1_epi32((int)(st)[0]), x1 = _mm512_set1_epi32((int)(st)[1]); \
    __m512i x2 = _mm512_set1_epi32((int)(st)[2]), x3 = _mm512_set1_epi32((int)(st)[3]); \
    __m512i x4 = _mm512_set1_epi32((int)(st)[4]), x5 = _mm512_set1_epi32((int)(st)[5]); \
    __m512i x6 = _mm512_set1_epi32((int)(st)[6]), x7 = _mm512_set1_epi32((int)(st)[7]); \
    __m512i x8 = _mm512_set1_epi32((int)(st)[8]), x9 = _mm512_set1_epi32((int)(st)[9]); \
    __m512i x10 = _mm512_set1_epi32((int)(st)[10]), x11 = _mm512_set1_epi32((int)(st)[11]); \
    __m512i x12 = _mm512_add_epi32(_mm512_set1_epi32((int)(st)[12]),          \
                                   _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)); \
    __m512i x13 = _mm512_set1_epi32((int)(st)[13]), x14 = _mm512_set1_epi32((int)(st)[14]); \
    __m512i x15 = _mm512_set1_epi32((int)(st)[15]);                           \
    const __m512i z_ctr_ = x12

/* As Z_X16_INIT, then the first column round, from @pre of
 * ch_first_round_shared (the diagonal round comes next). */
#define Z_X16_INIT_R1(st, pre)                                                 \
    __m512i x0 = _mm512_set1_epi32((int)(pre)[0]), x4 = _mm512_set1_epi32((int)(st)[4]); \
    __m512i x8 = _mm512_set1_epi32((int)(st)[8]);                             \
    __m512i x12 = _mm512_add_epi32(_mm512_set1_epi32((int)(st)[12]),          \
                                   _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)); \
    const __m512i z_ctr_ = x12;                                                \
    x12 = Z_R16(_mm512_xor_si512(x12, x0));                                    \
    x8 = _mm512_add_epi32(x8, x12);                                            \
    x4 = Z_R12(_mm512_xor_si512(x4, x8));                                      \
    x0 = _mm512_add_epi32(x0, x4);                                             \
    x12 = Z_R8(_mm512_xor_si512(x12, x0));                                     \
    x8 = _mm512_add_epi32(x8, x12);                                            \
    x4 = Z_R7(_mm512_xor_si512(x4, x8));                                       \
    __m512i x1 = _mm512_set1_epi32((int)(pre)[1]), x2 = _mm512_set1_epi32((int)(pre)[2]); \
    __m512i x3 = _mm512_set1_epi32((int)(pre)[3]), x5 = _mm512_set1_epi32((int)(pre)[5]); \
    __m512i x6 = _mm512_set1_epi32((int)(pre)[6]), x7 = _mm512_set1_epi32((int)(pre)[7]); \
    __m512i x9 = _mm512_set1_epi32((int)(pre)[9]), x10 = _mm512_set1_epi32((int)(pre)[10]); \
    __m512i x11 = _mm512_set1_epi32((int)(pre)[11]), x13 = _mm512_set1_epi32((int)(pre)[13]); \
    __m512i x14 = _mm512_set1_epi32((int)(pre)[14]), x15 = _mm512_set1_epi32((int)(pre)[15])

/* The final addition of @st, then 1024 bytes of @in XORed into @o.  After
 * the in-lane 4x4 transposes, 128-bit lane L of vector 4g + b holds words
 * 4g..4g+3 of block 4L + b; two rounds of 128-bit shuffles gather each
 * block's four pieces. */
#define Z_ADD_(st, i) x##i = _mm512_add_epi32(x##i, _mm512_set1_epi32((int)(st)[i]))
#define Z_OUT_(o, in, blk, v)                                                  \
    _mm512_storeu_si512((void *)((o) + 64 * (blk)),                           \
                        _mm512_xor_si512(v, _mm512_loadu_si512((const void *)((in) + 64 * (blk)))))
#define Z_BLOCKS_(o, in, b, t0, t1, t2, t3)                                    \
    do {                                                                       \
        __m512i u0_ = _mm512_shuffle_i32x4(t0, t1, 0x44);                      \
        __m512i u1_ = _mm512_shuffle_i32x4(t0, t1, 0xee);                      \
        __m512i u2_ = _mm512_shuffle_i32x4(t2, t3, 0x44);                      \
        __m512i u3_ = _mm512_shuffle_i32x4(t2, t3, 0xee);                      \
        Z_OUT_(o, in, (b), _mm512_shuffle_i32x4(u0_, u2_, 0x88));              \
        Z_OUT_(o, in, (b) + 4, _mm512_shuffle_i32x4(u0_, u2_, 0xdd));          \
        Z_OUT_(o, in, (b) + 8, _mm512_shuffle_i32x4(u1_, u3_, 0x88));          \
        Z_OUT_(o, in, (b) + 12, _mm512_shuffle_i32x4(u1_, u3_, 0xdd));         \
    } while (0)
/* The final addition (the lane counters on word 12), and the stores of the
 * 16 blocks once the four vectors of each group are transposed; also used
 * piecewise by the fused Poly1305 pass (lib/chacha/x86_64/poly1305_ifma.c). */
#define Z_X16_ADD(st)                                                          \
    do {                                                                       \
        Z_ADD_(st, 0); Z_ADD_(st, 1); Z_ADD_(st, 2); Z_ADD_(st, 3);            \
        Z_ADD_(st, 4); Z_ADD_(st, 5); Z_ADD_(st, 6); Z_ADD_(st, 7);            \
        Z_ADD_(st, 8); Z_ADD_(st, 9); Z_ADD_(st, 10); Z_ADD_(st, 11);          \
        Z_ADD_(st, 13); Z_ADD_(st, 14); Z_ADD_(st, 15);                        \
        x12 = _mm512_add_epi32(x12, z_ctr_);                                   \
    } while (0)
#define Z_X16_STORE(o, in)                                                     \
    do {                                                                       \
        Z_BLOCKS_(o, in, 0, x0, x4, x8, x12);                                  \
        Z_BLOCKS_(o, in, 1, x1, x5, x9, x13);                                  \
        Z_BLOCKS_(o, in, 2, x2, x6, x10, x14);                                 \
        Z_BLOCKS_(o, in, 3, x3, x7, x11, x15);                                 \
    } while (0)
#define Z_X16_XOR(st, o, in)                                                   \
    do {                                                                       \
        Z_X16_ADD(st);                                                         \
        CH_TRANSPOSE4_Z(x0, x1, x2, x3);                        \
        CH_TRANSPOSE4_Z(x4, x5, x6, x7);                        \
        CH_TRANSPOSE4_Z(x8, x9, x10, x11);                      \
        CH_TRANSPOSE4_Z(x12, x13, x14, x15);                    \
        Z_X16_STORE(o, in);                                                    \
    } while (0)
#endif /* __AVX512F__ */

#endif
