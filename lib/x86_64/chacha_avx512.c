/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ChaCha20 kernel for AVX-512 ("avx512"): 16 blocks in parallel in 512-bit
 * lanes, rotations with VPROLD; the tail picks the narrowest path that
 * covers it (8 blocks in 256-bit lanes, 4 in 128-bit lanes, or 2 in row
 * form), so short messages do not pay for the 16-way setup and transpose.
 * Constant time (ARX only). */
#include "config.h"

#include "chacha_simd.h"
#include "internal.h"

#define Z_QR(a, b, c, d)                                                       \
    CH_QR(a, b, c, d, _mm512_add_epi32, _mm512_xor_si512, Z_R16, Z_R12, Z_R8, Z_R7)
#define Z_R16(x) _mm512_rol_epi32(x, 16)
#define Z_R12(x) _mm512_rol_epi32(x, 12)
#define Z_R8(x) _mm512_rol_epi32(x, 8)
#define Z_R7(x) _mm512_rol_epi32(x, 7)

/* Up to 16 blocks (len <= 1024): word i of block j in lane j of vector i.
 * After the in-lane 4x4 transposes, 128-bit lane L of vector 4g + b holds
 * words 4g..4g+3 of block 4L + b; two rounds of 128-bit shuffles gather
 * each block's four pieces. */
static void chacha_x16(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    _Alignas(64) uint8_t buf[1024];
    const int partial = len < 1024;
    if (partial) {
        memcpy(buf, in, len);
        in = buf;
    }
    __m512i x0 = _mm512_set1_epi32((int)st[0]), x1 = _mm512_set1_epi32((int)st[1]);
    __m512i x2 = _mm512_set1_epi32((int)st[2]), x3 = _mm512_set1_epi32((int)st[3]);
    __m512i x4 = _mm512_set1_epi32((int)st[4]), x5 = _mm512_set1_epi32((int)st[5]);
    __m512i x6 = _mm512_set1_epi32((int)st[6]), x7 = _mm512_set1_epi32((int)st[7]);
    __m512i x8 = _mm512_set1_epi32((int)st[8]), x9 = _mm512_set1_epi32((int)st[9]);
    __m512i x10 = _mm512_set1_epi32((int)st[10]), x11 = _mm512_set1_epi32((int)st[11]);
    __m512i x12 = _mm512_add_epi32(_mm512_set1_epi32((int)st[12]),
                                   _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    __m512i x13 = _mm512_set1_epi32((int)st[13]), x14 = _mm512_set1_epi32((int)st[14]);
    __m512i x15 = _mm512_set1_epi32((int)st[15]);
    const __m512i ctr = x12;

    for (int i = 0; i < 10; i++) {
        CH_DOUBLEROUND(Z_QR)
    }
#define Z_ADD(i) x##i = _mm512_add_epi32(x##i, _mm512_set1_epi32((int)st[i]))
    Z_ADD(0); Z_ADD(1); Z_ADD(2); Z_ADD(3); Z_ADD(4); Z_ADD(5); Z_ADD(6); Z_ADD(7);
    Z_ADD(8); Z_ADD(9); Z_ADD(10); Z_ADD(11); Z_ADD(13); Z_ADD(14); Z_ADD(15);
#undef Z_ADD
    x12 = _mm512_add_epi32(x12, ctr);
    CH_TRANSPOSE4(__m512i, _mm512, x0, x1, x2, x3);
    CH_TRANSPOSE4(__m512i, _mm512, x4, x5, x6, x7);
    CH_TRANSPOSE4(__m512i, _mm512, x8, x9, x10, x11);
    CH_TRANSPOSE4(__m512i, _mm512, x12, x13, x14, x15);
    uint8_t *o = partial ? buf : out;
#define Z_OUT(blk, v) _mm512_storeu_si512((void *)(o + 64 * (blk)), _mm512_xor_si512(v, _mm512_loadu_si512((const void *)(in + 64 * (blk)))))
#define Z_BLOCKS(b, t0, t1, t2, t3)                                            \
    do {                                                                       \
        __m512i u0 = _mm512_shuffle_i32x4(t0, t1, 0x44);                       \
        __m512i u1 = _mm512_shuffle_i32x4(t0, t1, 0xee);                       \
        __m512i u2 = _mm512_shuffle_i32x4(t2, t3, 0x44);                       \
        __m512i u3 = _mm512_shuffle_i32x4(t2, t3, 0xee);                       \
        Z_OUT((b), _mm512_shuffle_i32x4(u0, u2, 0x88));                        \
        Z_OUT((b) + 4, _mm512_shuffle_i32x4(u0, u2, 0xdd));                    \
        Z_OUT((b) + 8, _mm512_shuffle_i32x4(u1, u3, 0x88));                    \
        Z_OUT((b) + 12, _mm512_shuffle_i32x4(u1, u3, 0xdd));                   \
    } while (0)
    Z_BLOCKS(0, x0, x4, x8, x12);
    Z_BLOCKS(1, x1, x5, x9, x13);
    Z_BLOCKS(2, x2, x6, x10, x14);
    Z_BLOCKS(3, x3, x7, x11, x15);
#undef Z_BLOCKS
#undef Z_OUT
    if (partial) {
        memcpy(out, buf, len);
        axiom_wipe(buf, sizeof buf);
    }
}

static void avx512_xor(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t s[16];
    memcpy(s, st, sizeof s);
    while (len >= 1024) {
        chacha_x16(s, out, in, 1024);
        s[12] += 16;
        out += 1024;
        in += 1024;
        len -= 1024;
    }
    if (len > 512)
        chacha_x16(s, out, in, len);
    else if (len > 256)
        chacha_x8(s, out, in, len);
    else if (len > 128)
        chacha_x4(s, out, in, len);
    else if (len)
        chacha_x2(s, out, in, len);
    axiom_wipe(s, sizeof s);
}

const axiom_chacha_kernel axiom_chacha_avx512 = {
    .name = "avx512",
    .features = AXIOM_CPU_AVX512,
    .constant_time = 1,
    .xor = avx512_xor,
};
