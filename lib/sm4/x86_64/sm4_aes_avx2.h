/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the AES-NI and VAES SM4 kernels share (sm4_aesni_avx2.c, AESENCLAST
 * on the xmm halves of a ymm register, and sm4_vaes_avx2.c, VAESENCLAST
 * on the whole register): the S-box through the AES S-box, the byte-sliced
 * bulk path and the key schedule's extra keys; the rest is sm4_wide.h and
 * sm4_xmm.h on ymm (sm4_ymm.h).  Included once by each of the two kernel
 * files, which defines first:
 *   subbytes_y(u)          SubBytes of every byte of @u after an inverse
 *                          ShiftRows (AESENCLAST with a zero round key);
 *   ws_rounds_asm(k, x, ns, tab), bs_rounds_asm(bk, st, tab)
 *                          its hand-scheduled round loops (.S).
 *
 * The S-box.  S(x) = M3 SubBytes(M1 x + c1) + c3 (lib/sm4/sm4.h).  The
 * state is kept in the y domain (no input affine map per round), and the
 * output map and L become PSHUFB nibble-table maps of the SubBytes output,
 * byte rotations and XORs (doc/design/sm4.md).
 *
 * The paths.  The bulk of ECB, CTR, CBC and CFB decryption goes 128 blocks
 * per iteration through the byte-sliced path (four groups of 32 blocks,
 * one byte of every block per ymm register, so that the byte rotations of
 * L are register choices; its rounds are bs_rounds_asm).  What is left:
 * 8 blocks per ymm set, eight sets (64 blocks) per iteration, their rounds
 * ws_rounds_asm with the state in memory; 2 to 7 remaining sets through
 * one more pass of 2, 4 or 8 sets, a single one in C (sm4_wide.h); fewer
 * than 8 blocks, the key schedule and the serial modes on xmm (sm4_xmm.h).
 *
 * The round keys of the assembly loops.  They are not XORed into the
 * S-box input: the state words are kept masked, z_i = x_i ^ m_i, with
 * masks m_0 = m_1 = m_2 = 0 and m_(i+3) = rk_i ^ m_(i+1) ^ m_(i+2), so that
 * z_(i+1) ^ z_(i+2) ^ z_(i+3) = x_(i+1) ^ x_(i+2) ^ x_(i+3) ^ rk_i and
 * z_(i+4) = z_i ^ T(z_(i+1) ^ z_(i+2) ^ z_(i+3)) ^ m_i ^ m_(i+4).  The last
 * term is added by AESENCLAST's round key: round i uses K_i =
 * Lambda^-1(m_i ^ m_(i+4)), Lambda being the linear map from that key to
 * the round's output (the tables are affine).
 *
 * Constant time: AES-NI and PSHUFB have no data-dependent timing, and no
 * branch or memory index depends on keys or data (only on lengths and, in
 * CTR, on the public counter value). */
#ifndef AXIOM_SM4_AES_AVX2_H
#define AXIOM_SM4_AES_AVX2_H

#include <string.h>
#include <immintrin.h>

#include "core/bc.h"
#include "core/bc_modes.h"
#include "core/internal.h"
#include "sm4/sm4.h"
#include "sm4/x86_64/sm4_ymm.h"

/* AESENCLAST applies ShiftRows after SubBytes; this inverse ShiftRows
 * shuffle in front cancels it. */
#define SM4_AES_INV_SHIFTROWS 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3

/* ---- the S-box maps ------------------------------------------------------ */

static inline __m128i affine_x(__m128i x, __m128i lo_tab, __m128i hi_tab)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    __m128i lo = _mm_and_si128(x, nib), hi = _mm_and_si128(_mm_srli_epi16(x, 4), nib);
    return _mm_xor_si128(_mm_shuffle_epi8(lo_tab, lo), _mm_shuffle_epi8(hi_tab, hi));
}

static inline __m256i affine_y(__m256i x, __m256i lo_tab, __m256i hi_tab)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    __m256i lo = _mm256_and_si256(x, nib), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nib);
    return _mm256_xor_si256(_mm256_shuffle_epi8(lo_tab, lo), _mm256_shuffle_epi8(hi_tab, hi));
}

/* The plain S-box, for the key schedule. */
static inline __m128i xmm_sbox(__m128i x)
{
    x = affine_x(x, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
    x = _mm_shuffle_epi8(x, _mm_setr_epi8(SM4_AES_INV_SHIFTROWS));
    x = _mm_aesenclast_si128(x, _mm_setzero_si128());
    return affine_x(x, _mm_setr_epi8(AXIOM_SM4_POST_LO), _mm_setr_epi8(AXIOM_SM4_POST_HI));
}

static inline __m256i vec_toy(__m256i v)
{
    return affine_y(v, SM4_YMM_BYTES(AXIOM_SM4_M1_LO), SM4_YMM_BYTES(AXIOM_SM4_M1_HI));
}

static inline __m256i vec_fromy(__m256i v)
{
    return affine_y(v, SM4_YMM_BYTES(AXIOM_SM4_M1INV_LO), SM4_YMM_BYTES(AXIOM_SM4_M1INV_HI));
}

/* y ^ M1 L(S(x)) for u = M1 x + c1: SubBytes, then the nibbles of its
 * output index the tables of D0 and D3, whose results are rotated and
 * added.  D1 = D0 + D3 (E1 = E0 + E3, lib/sm4/sm4.h), so the D1 term is
 * f0 ^ f3: the constant of f0 enters both the rot8 and the rot16 term and
 * cancels.  Two table lookups and two table registers fewer than looking
 * D1 up, for one cycle more of latency (the xmm version below, which the
 * serial modes use, looks it up). */
static inline __m256i vec_yxl(__m256i y, __m256i u)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    u = _mm256_shuffle_epi8(u, SM4_YMM_BYTES(SM4_AES_INV_SHIFTROWS));
    __m256i t = subbytes_y(u);
    __m256i lo = _mm256_and_si256(t, nib), hi = _mm256_and_si256(_mm256_srli_epi16(t, 4), nib);
    __m256i f0 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4_YMM_BYTES(AXIOM_SM4_D0_LO), lo),
                                  _mm256_shuffle_epi8(SM4_YMM_BYTES(AXIOM_SM4_D0_HI), hi));
    __m256i f3 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4_YMM_BYTES(AXIOM_SM4_D3_LO), lo),
                                  _mm256_shuffle_epi8(SM4_YMM_BYTES(AXIOM_SM4_D3_HI), hi));
    __m256i f1 = _mm256_xor_si256(f0, f3);
    __m256i a = _mm256_xor_si256(_mm256_xor_si256(y, f0),
                                 _mm256_shuffle_epi8(f1, SM4_YMM_BYTES(AXIOM_SM4_ROL8_BYTES)));
    __m256i b = _mm256_xor_si256(_mm256_shuffle_epi8(f1, SM4_YMM_BYTES(AXIOM_SM4_ROL16_BYTES)),
                                 _mm256_shuffle_epi8(f3, SM4_YMM_BYTES(AXIOM_SM4_ROL24_BYTES)));
    return _mm256_xor_si256(a, b); /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */
}

static inline __m128i xmm_toy(__m128i v)
{
    return affine_x(v, _mm_setr_epi8(AXIOM_SM4_M1_LO), _mm_setr_epi8(AXIOM_SM4_M1_HI));
}

static inline __m128i xmm_fromy(__m128i v)
{
    return affine_x(v, _mm_setr_epi8(AXIOM_SM4_M1INV_LO), _mm_setr_epi8(AXIOM_SM4_M1INV_HI));
}

static inline __m128i xmm_xor3(__m128i a, __m128i b, __m128i c)
{
    return _mm_xor_si128(_mm_xor_si128(a, b), c);
}

/* Keeps gcc from reassociating the XOR tree below (it moved y, which is
 * ready early, to the end of the dependency chain). */
static inline __m128i opaque_x(__m128i v)
{
    __asm__("" : "+x"(v));
    return v;
}

/* y ^ M1 L(S(x)) on xmm from the S-box input @u after the inverse
 * ShiftRows: SubBytes, then the nibble tables of D0, D1 and D3 and the
 * rotations. */
static inline __m128i xmm_yxl_sr(__m128i y, __m128i u)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    __m128i t = _mm_aesenclast_si128(u, _mm_setzero_si128());
    __m128i lo = _mm_and_si128(t, nib), hi = _mm_and_si128(_mm_srli_epi16(t, 4), nib);
    __m128i f0 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D0_LO), lo),
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D0_HI), hi));
    __m128i f1 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D1_LO), lo),
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D1_HI), hi));
    __m128i f3 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D3_LO), lo),
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D3_HI), hi));
    __m128i a = opaque_x(_mm_xor_si128(y, f0));
    a = _mm_xor_si128(a, _mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL8_BYTES)));
    __m128i b = _mm_xor_si128(_mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL16_BYTES)),
                              _mm_shuffle_epi8(f3, _mm_setr_epi8(AXIOM_SM4_ROL24_BYTES)));
    a = opaque_x(a);
    b = opaque_x(b);
    return _mm_xor_si128(a, b); /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */
}

static inline __m128i xmm_yxl(__m128i y, __m128i u)
{
    return xmm_yxl_sr(y, _mm_shuffle_epi8(u, _mm_setr_epi8(SM4_AES_INV_SHIFTROWS)));
}

/* The same for a word broadcast to all four 32-bit lanes: ShiftRows moves
 * bytes between the columns (lanes) of the AES state, not within them, so
 * it leaves such a register as it is and the inverse ShiftRows shuffle in
 * front of AESENCLAST is not needed (one shuffle fewer on the serial
 * chain of one block). */
static inline __m128i xmm_yxl1(__m128i y, __m128i u)
{
    return xmm_yxl_sr(y, u);
}

/* The 64 stored round keys (both directions): M1 rk + c1 in every byte. */
static void keys_toy(uint32_t *rk)
{
    for (unsigned i = 0; i < 64; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(rk + i));
        v = affine_x(v, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
        _mm_storeu_si128((__m128i *)(void *)(rk + i), v);
    }
}

/* ---- the keys of the assembly loops -------------------------------------- */

/* Lambda^-1 (above): column b is Lambda^-1 of bit b, from the tables
 * (Lambda(K) = P(D0' K ^ r8 D3' K), D0' and D3' the linear parts of D0 and
 * D3, P = 1 + r8 + r16) by Gaussian elimination (doc/design/sm4.md); a
 * wrong column would fail every known-answer test of these kernels. */
static const uint32_t lambda_inv[32] = {
    0x6ffbf310, 0x17ff6245, 0x3b890750, 0x59dbf8ea, 0x1d3de736, 0xd4c5be24, 0xece71dd1,
    0x8579c2b1, 0xfbf3106f, 0xff624517, 0x8907503b, 0xdbf8ea59, 0x3de7361d, 0xc5be24d4,
    0xe71dd1ec, 0x79c2b185, 0xf3106ffb, 0x624517ff, 0x07503b89, 0xf8ea59db, 0xe7361d3d,
    0xbe24d4c5, 0x1dd1ece7, 0xc2b18579, 0x106ffbf3, 0x4517ff62, 0x503b8907, 0xea59dbf8,
    0x361d3de7, 0x24d4c5be, 0xd1ece71d, 0xb18579c2,
};

/* Where the key schedule keeps them, relative to the (y-domain) round keys
 * of a direction (enc at word 0, dec at word 32 of ks->w): K_0..K_31 at
 * word 64 (enc 64..95, dec 96..127), then the masks m_3, m_32, m_33, m_34
 * at word 128 (enc 128..131, dec 160..163); m_35 = 0. */
static inline const uint32_t *asm_k(const uint32_t *rk)
{
    return rk + 64;
}

static inline const uint32_t *asm_m(const uint32_t *rk)
{
    return rk + 128;
}

/* The K and masks of one direction from its 32 round keys. */
static void asm_keys(uint32_t *rk)
{
    uint32_t m[36], *kk = rk + 64, *mm = rk + 128;
    m[0] = m[1] = m[2] = 0;
    for (unsigned i = 0; i < 32; i++)
        m[i + 3] = rk[i] ^ m[i + 1] ^ m[i + 2];
    m[35] = 0;
    for (unsigned i = 0; i < 32; i++) {
        const uint32_t c = m[i] ^ m[i + 4];
        uint32_t k = 0;
        for (unsigned b = 0; b < 32; b++)
            k ^= lambda_inv[b] & (0u - ((c >> b) & 1u));
        kk[i] = k;
    }
    mm[0] = m[3];
    mm[1] = m[32];
    mm[2] = m[33];
    mm[3] = m[34];
    axiom_wipe(m, sizeof m);
}

/* The constant tables of the assembly loops (sm4_aes_avx2_asm.h). */
#define SM4_AES_TAB(...) { __VA_ARGS__, __VA_ARGS__ }
static const uint8_t asm_tab[8][32] __attribute__((aligned(32))) = {
    SM4_AES_TAB(SM4_AES_INV_SHIFTROWS),
    SM4_AES_TAB(0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f,
                0x0f, 0x0f),
    SM4_AES_TAB(AXIOM_SM4_D0_LO), SM4_AES_TAB(AXIOM_SM4_D0_HI),
    SM4_AES_TAB(AXIOM_SM4_D3_LO), SM4_AES_TAB(AXIOM_SM4_D3_HI),
    SM4_AES_TAB(AXIOM_SM4_ROL8_BYTES), SM4_AES_TAB(AXIOM_SM4_ROL16_BYTES),
};

/* ---- the word-sliced rounds in assembly ---------------------------------- */

#define SM4_WIDE 8
#define SM4_ROUNDS_MEM 1

/* The rounds of @ns sets (8, 4 or 2) at @x (sm4_wide.h), their state
 * masked around ws_rounds_asm: word 3 with m_3 before, the output words
 * unmasked after. */
static inline void wide_rounds_mem(const uint32_t *rk, __m256i x[][4], int ns)
{
    const uint32_t *mm = asm_m(rk);
    const __m256i m3 = _mm256_set1_epi32((int)mm[0]);
    for (int w = 0; w < ns; w++)
        x[w][3] = _mm256_xor_si256(x[w][3], m3);
    ws_rounds_asm(asm_k(rk), x, ns, asm_tab);
    for (int j = 0; j < 3; j++) {
        const __m256i mj = _mm256_set1_epi32((int)mm[1 + j]);
        for (int w = 0; w < ns; w++)
            x[w][j] = _mm256_xor_si256(x[w][j], mj);
    }
}

/* ---- the byte-sliced bulk path -------------------------------------------
 * A group's state is 16 ymm registers' worth in memory: slice (j, k) holds
 * byte k (bits 8k..8k+7) of state word j of the group's 32 blocks, one
 * block per byte position (lane 0: the even blocks, lane 1 the odd ones,
 * in order).  The y domain, tables, masks and AESENCLAST round keys are
 * those of the word-sliced rounds; the key bytes go to every byte of a
 * slice, so the schedule keeps each byte of K_i and of the masks repeated
 * in a 32-bit word (one VPBROADCASTD per slice and round).  The transposes
 * (a 16 x 16 byte transpose per lane and group, each way) are paid once
 * per 32 rounds. */

#define BS_G 4              /* groups per iteration (the .S loop's skew is for four) */
#define BS_NB (32 * BS_G)   /* blocks per iteration */

/* Where setkey keeps a direction's byte-sliced keys in ks->w (32-bit
 * words): K_i byte k repeated at [4i + k], then the masks m_3, m_32, m_33,
 * m_34 at [128 + 4j + k]. */
#define BS_KS_ENC 168
#define BS_KS_DEC (BS_KS_ENC + 144)
_Static_assert(4 * (BS_KS_DEC + 144) <= sizeof(((axiom_bc_ks *)0)->w),
               "the byte-sliced SM4 keys fit in axiom_bc_ks");

static inline const uint32_t *bs_keys_of(const axiom_bc_ks *ks, int dec)
{
    return (const uint32_t *)(const void *)ks->w + (dec ? BS_KS_DEC : BS_KS_ENC);
}

static void bs_keys(uint32_t *bk, const uint32_t *rk)
{
    const uint32_t *kk = asm_k(rk), *mm = asm_m(rk);
    for (unsigned i = 0; i < 32; i++)
        for (unsigned k = 0; k < 4; k++)
            bk[4 * i + k] = ((kk[i] >> (8 * k)) & 0xffu) * 0x01010101u;
    for (unsigned j = 0; j < 4; j++)
        for (unsigned k = 0; k < 4; k++)
            bk[128 + 4 * j + k] = ((mm[j] >> (8 * k)) & 0xffu) * 0x01010101u;
}

/* The assembly loops' keys of both directions, after the round keys. */
static void bs_setkey(axiom_bc_ks *ks)
{
    uint32_t *ek = (uint32_t *)(void *)ks->w;
    uint32_t *dk = (uint32_t *)(void *)((unsigned char *)ks->w + AXIOM_SM4_DEC_OFFSET);
    asm_keys(ek);
    asm_keys(dk);
    bs_keys((uint32_t *)(void *)ks->w + BS_KS_ENC, ek);
    bs_keys((uint32_t *)(void *)ks->w + BS_KS_DEC, dk);
}

/* In-lane 16 x 16 byte transpose of r[0..15]: four unpack stages, each
 * swapping one bit of the register index with the top bit of the byte
 * index.  Output register rev4(c) holds column c; byte i of it is byte c of
 * input register i. */
static inline void bs_tr(__m256i r[16])
{
#pragma GCC unroll 16
    for (int i = 0; i < 16; i += 2) {
        const __m256i lo = _mm256_unpacklo_epi8(r[i], r[i + 1]);
        r[i + 1] = _mm256_unpackhi_epi8(r[i], r[i + 1]);
        r[i] = lo;
    }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        if (!(i & 2)) {
            const __m256i lo = _mm256_unpacklo_epi16(r[i], r[i + 2]);
            r[i + 2] = _mm256_unpackhi_epi16(r[i], r[i + 2]);
            r[i] = lo;
        }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        if (!(i & 4)) {
            const __m256i lo = _mm256_unpacklo_epi32(r[i], r[i + 4]);
            r[i + 4] = _mm256_unpackhi_epi32(r[i], r[i + 4]);
            r[i] = lo;
        }
#pragma GCC unroll 16
    for (int i = 0; i < 8; i++) {
        const __m256i lo = _mm256_unpacklo_epi64(r[i], r[i + 8]);
        r[i + 8] = _mm256_unpackhi_epi64(r[i], r[i + 8]);
        r[i] = lo;
    }
}

static inline int bs_rev4(int c)
{
    return ((c & 1) << 3) | ((c & 2) << 1) | ((c & 4) >> 1) | ((c & 8) >> 3);
}

/* Pair @i (blocks 2i and 2i + 1) of a group at @p; with @shifted, the
 * pair one block earlier, the block before @p being @prev for i == 0 of
 * the first group (@first). */
static inline __m256i bs_pair(const uint8_t *p, int i, int shifted, int first, __m128i prev)
{
    if (!shifted)
        return vec_load(p + 32 * i);
    if (first && i == 0)
        return _mm256_inserti128_si256(_mm256_castsi128_si256(prev),
                                       _mm_loadu_si128((const __m128i *)(const void *)p), 1);
    return vec_load(p + 32 * i - 16);
}

/* One group's 32 blocks from @src into the state: transposed, into the y
 * domain, word 3 masked. */
static inline void bs_load(__m256i st[4][4], const uint8_t *src, int shifted, int first,
                           __m128i prev, const uint32_t *bk)
{
    __m256i r[16];
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        r[i] = bs_pair(src, i, shifted, first, prev);
    bs_tr(r);
#pragma GCC unroll 16
    for (int j = 0; j < 4; j++)
#pragma GCC unroll 16
        for (int k = 0; k < 4; k++) {
            __m256i v = vec_toy(r[bs_rev4(4 * j + 3 - k)]);
            if (j == 3)
                v = _mm256_xor_si256(v, _mm256_set1_epi32((int)bk[128 + k]));
            st[j][k] = v;
        }
}

/* One group's output: unmasked, out of the y domain, words reversed
 * (X35 .. X32), transposed back, XORed with @xs (if not NULL) and stored
 * at @out in order.  With @shifted (CBC decryption), pair i is XORed with
 * the input blocks 2i - 1 and 2i, block -1 being @prev; then each pair's
 * blocks are loaded before the pair in front of it is stored, and
 * *@next_prev gets the group's last input block before any store (the
 * next group's @prev), so that in-place decryption reads every ciphertext
 * block before it is overwritten. */
static inline void bs_store(uint8_t *out, const __m256i st[4][4], const uint8_t *xs, int shifted,
                            __m128i prev, __m128i *next_prev, const uint32_t *bk, int nt)
{
    __m256i r[16];
#pragma GCC unroll 16
    for (int c = 0; c < 16; c++) {
        const int w = 3 - c / 4, k = 3 - c % 4;
        __m256i v = st[w][k];
        if (w < 3)
            v = _mm256_xor_si256(v, _mm256_set1_epi32((int)bk[128 + 4 * (1 + w) + k]));
        r[c] = vec_fromy(v);
    }
    bs_tr(r);
    if (shifted)
        *next_prev = _mm_loadu_si128((const __m128i *)(const void *)(xs + 16 * 31));
    __m256i x = xs ? bs_pair(xs, 0, shifted, 1, prev) : _mm256_setzero_si256();
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++) {
        __m256i v = r[bs_rev4(i)];
        if (xs) {
            v = _mm256_xor_si256(v, x);
            if (i < 15)
                x = bs_pair(xs, i + 1, shifted, 1, prev);
        }
        if (nt)
            _mm256_stream_si256((__m256i *)(void *)(out + 32 * i), v);
        else
            _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), v);
    }
}

/* The output of an iteration's BS_G groups, in order (bs_store; @prev: the
 * block before @xs if @xs_shifted). */
static inline void bs_store_groups(const uint32_t *bk, uint8_t *out, const __m256i st[BS_G][4][4],
                                   const uint8_t *xs, int xs_shifted, __m128i prev, int nt)
{
#pragma GCC unroll 16
    for (int g = 0; g < BS_G; g++) {
        __m128i next = prev;
        bs_store(out + 512 * g, st[g], xs ? xs + 512 * g : NULL, xs_shifted, prev, &next, bk, nt);
        prev = next;
    }
}

/* One iteration: out = E(src) ^ xs over BS_NB blocks (@prev: the block
 * before @src or @xs, whichever is shifted). */
static inline void bs_iter(const uint32_t *bk, uint8_t *out, const uint8_t *src, int src_shifted,
                           const uint8_t *xs, int xs_shifted, __m128i prev, int nt,
                           __m256i st[BS_G][4][4])
{
#pragma GCC unroll 16
    for (int g = 0; g < BS_G; g++)
        bs_load(st[g], src + 512 * g, src_shifted, g == 0, prev, bk);
    bs_rounds_asm(bk, st, asm_tab);
    bs_store_groups(bk, out, (const __m256i(*)[4][4])st, xs, xs_shifted, prev, nt);
}

/* An iteration's input, asked for ahead of its use (@p: the next
 * iteration's in ECB, CBC and CFB decryption, read at its start; the
 * current one's in CTR, read after the rounds). */
static inline void bs_prefetch(const uint8_t *p)
{
#pragma GCC unroll 16
    for (size_t o = 0; o < 16 * BS_NB; o += 64)
        __builtin_prefetch(p + o, 0, 3);
}

static inline int bs_nt(const uint8_t *out, const uint8_t *in, size_t n)
{
    return out != in && 16 * n >= axiom_sm4_nt_min && ((uintptr_t)out & 31) == 0;
}

/* The modes over whole iterations; each returns the number of blocks done
 * (a multiple of BS_NB, the rest is the caller's) and updates the chaining
 * value as the kernel's operations do. */
static size_t bs_ecb(const axiom_bc_ks *ks, int dec, uint8_t *out, const uint8_t *in, size_t n)
{
    const uint32_t *bk = bs_keys_of(ks, dec);
    __m256i st[BS_G][4][4];
    const int nt = bs_nt(out, in, n);
    size_t done = 0;
    for (; n - done >= BS_NB; done += BS_NB) {
        if (n - done >= 2 * BS_NB)
            bs_prefetch(in + 16 * (done + BS_NB));
        bs_iter(bk, out + 16 * done, in + 16 * done, 0, NULL, 0, _mm_setzero_si128(), nt, st);
    }
    if (nt)
        _mm_sfence();
    axiom_wipe(st, sizeof st);
    return done;
}

/* The counter blocks of one CTR iteration straight into the state, when
 * the low 32 bits of @ctr do not wrap inside it (the caller checks): bytes
 * 0..11 and, per block, bytes 12..15 of lo + b, b the block's index in the
 * iteration.  Byte 15 is lo0 + b (b < 128); bytes 12..14 are those of lo
 * or, where lo0 + b carries, of lo + 256: a choice between two constants.
 * All in the y domain, word 3 masked; no transpose. */
static inline void bs_ctr_state(__m256i st[BS_G][4][4], const uint8_t ctr[16], const uint32_t *bk)
{
    const uint32_t lo = axiom_load32_be(ctr + 12);
    const __m256i bidx = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
                                          30, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27,
                                          29, 31);
    /* Every byte of the block in the y domain (M1 is linear), and of the
     * block with bytes 12..14 carried (those of lo + 256) as the difference
     * to add; byte m of either to every byte of a slice by a shuffle. */
    const __m128i c = _mm_loadu_si128((const __m128i *)(const void *)ctr);
    const __m128i cy = xmm_toy(c);
    const __m128i dy =
        _mm_xor_si128(cy, xmm_toy(_mm_insert_epi32(c, (int)__builtin_bswap32(lo + 256), 3)));
    const __m256i cyy = _mm256_broadcastsi128_si256(cy), dyy = _mm256_broadcastsi128_si256(dy);
#pragma GCC unroll 16
    for (int j = 0; j < 3; j++)
#pragma GCC unroll 16
        for (int k = 0; k < 4; k++) {
            const __m256i v = _mm256_shuffle_epi8(cyy, _mm256_set1_epi8((char)(4 * j + 3 - k)));
#pragma GCC unroll 16
            for (int g = 0; g < BS_G; g++)
                st[g][j][k] = v;
        }
    const __m256i lo0 = _mm256_set1_epi8((char)(lo & 0xff));
    /* lo0 + b carries for b >= 256 - lo0: */
    const unsigned thr = 256u - (lo & 0xffu);
    const __m256i vthr = _mm256_set1_epi8((char)(thr > 255 ? 255 : thr));
    __m256i c3[4], d3[4];
#pragma GCC unroll 16
    for (int k = 1; k < 4; k++) {
        c3[k] = _mm256_xor_si256(_mm256_shuffle_epi8(cyy, _mm256_set1_epi8((char)(15 - k))),
                                 _mm256_set1_epi32((int)bk[128 + k]));
        d3[k] = _mm256_shuffle_epi8(dyy, _mm256_set1_epi8((char)(15 - k)));
    }
#pragma GCC unroll 16
    for (int g = 0; g < BS_G; g++) {
        const __m256i b = _mm256_add_epi8(bidx, _mm256_set1_epi8((char)(32 * g)));
        st[g][3][0] = _mm256_xor_si256(vec_toy(_mm256_add_epi8(lo0, b)),
                                       _mm256_set1_epi32((int)bk[128]));
        /* b >= thr (unsigned; b < 128, thr 1..256) */
        const __m256i carry = thr > 255 ? _mm256_setzero_si256()
                                        : _mm256_cmpeq_epi8(_mm256_max_epu8(b, vthr), b);
#pragma GCC unroll 16
        for (int k = 1; k < 4; k++)
            st[g][3][k] = _mm256_xor_si256(c3[k], _mm256_and_si256(carry, d3[k]));
    }
}

static size_t bs_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                     uint8_t ctr[16])
{
    const uint32_t *bk = bs_keys_of(ks, 0);
    _Alignas(32) uint8_t cb[16 * BS_NB];
    __m256i st[BS_G][4][4];
    const int nt = bs_nt(out, in, n);
    size_t done = 0;
    for (; n - done >= BS_NB; done += BS_NB) {
        const uint32_t lo = axiom_load32_be(ctr + 12);
        bs_prefetch(in + 16 * done);
        if (lo <= UINT32_MAX - (BS_NB - 1)) {
            bs_ctr_state(st, ctr, bk);
            bs_rounds_asm(bk, st, asm_tab);
            bs_store_groups(bk, out + 16 * done, (const __m256i(*)[4][4])st, in + 16 * done, 0,
                            _mm_setzero_si128(), nt);
        } else {
            /* The low 32 bits wrap inside this iteration: full 128-bit
             * increments, through memory. */
            memcpy(cb, ctr, 16);
            for (int i = 1; i < BS_NB; i++) {
                memcpy(cb + 16 * i, cb + 16 * (i - 1), 16);
                axiom_ctr128_add(cb + 16 * i, 1);
            }
            bs_iter(bk, out + 16 * done, cb, 0, in + 16 * done, 0, _mm_setzero_si128(), nt, st);
        }
        axiom_ctr128_add(ctr, BS_NB);
    }
    if (nt)
        _mm_sfence();
    axiom_wipe(st, sizeof st);
    return done;
}

/* CBC decryption (@cfb 0: out = D(in) ^ the previous ciphertext block)
 * and CFB decryption (@cfb 1: out = E(the previous ciphertext block) ^
 * in), the previous block of the first one being @iv. */
static size_t bs_fb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16], int cfb)
{
    const uint32_t *bk = bs_keys_of(ks, !cfb);
    __m256i st[BS_G][4][4];
    const int nt = bs_nt(out, in, n);
    __m128i prev = _mm_loadu_si128((const __m128i *)(const void *)iv);
    size_t done = 0;
    for (; n - done >= BS_NB; done += BS_NB) {
        const uint8_t *s = in + 16 * done;
        const __m128i last = _mm_loadu_si128((const __m128i *)(const void *)(s + 16 * (BS_NB - 1)));
        if (n - done >= 2 * BS_NB)
            bs_prefetch(s + 16 * BS_NB);
        bs_iter(bk, out + 16 * done, s, cfb, s, !cfb, prev, nt, st);
        prev = last;
    }
    if (nt)
        _mm_sfence();
    _mm_storeu_si128((__m128i *)(void *)iv, prev);
    axiom_wipe(st, sizeof st);
    return done;
}

#define SM4_BYTE_SLICED 1
#include "sm4/x86_64/sm4_wide.h"

#endif
