/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The S-box layer of the AES-NI SM4 kernels (lib/x86_64/sm4_aesni_avx2.c,
 * AESENCLAST on the xmm halves of a ymm register, and sm4_vaes_avx2.c,
 * VAESENCLAST on the whole ymm register): the y-domain round of
 * lib/x86_64/sm4_simd.h through SubBytes, the key schedule's plain S-box,
 * then the AVX2 kernel body (lib/x86_64/sm4_avx2_common.h).
 *
 * The includer defines SM4A(name), SM4A_SUBBYTES_Y(u) (SubBytes after an
 * inverse ShiftRows, i.e. ShiftRows(SubBytes(u)) undone in front, on
 * __m256i), SM4A_KERNEL, SM4A_NAME and SM4A_FEATURES. */

/* AESENCLAST applies ShiftRows after SubBytes; this inverse ShiftRows
 * shuffle in front cancels it. */
#define SM4AY_INV_SHIFTROWS 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3

static inline __m128i SM4A(affine_x)(__m128i x, __m128i lo_tab, __m128i hi_tab)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    __m128i lo = _mm_and_si128(x, nib), hi = _mm_and_si128(_mm_srli_epi16(x, 4), nib);
    return _mm_xor_si128(_mm_shuffle_epi8(lo_tab, lo), _mm_shuffle_epi8(hi_tab, hi));
}

static inline __m256i SM4A(affine_y)(__m256i x, __m256i lo_tab, __m256i hi_tab)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    __m256i lo = _mm256_and_si256(x, nib), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nib);
    return _mm256_xor_si256(_mm256_shuffle_epi8(lo_tab, lo), _mm256_shuffle_epi8(hi_tab, hi));
}

static inline __m128i SM4A(sbox_x)(__m128i x)
{
    x = SM4A(affine_x)(x, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
    x = _mm_shuffle_epi8(x, _mm_setr_epi8(SM4AY_INV_SHIFTROWS));
    x = _mm_aesenclast_si128(x, _mm_setzero_si128());
    return SM4A(affine_x)(x, _mm_setr_epi8(AXIOM_SM4_POST_LO), _mm_setr_epi8(AXIOM_SM4_POST_HI));
}

/* The y domain (lib/sm4.h, lib/x86_64/sm4_simd.h). */
#define SM4AY_B(bytes) _mm256_broadcastsi128_si256(_mm_setr_epi8(bytes))

static inline __m256i SM4A(toy_y)(__m256i v)
{
    return SM4A(affine_y)(v, SM4AY_B(AXIOM_SM4_M1_LO), SM4AY_B(AXIOM_SM4_M1_HI));
}

static inline __m256i SM4A(fromy_y)(__m256i v)
{
    return SM4A(affine_y)(v, SM4AY_B(AXIOM_SM4_M1INV_LO), SM4AY_B(AXIOM_SM4_M1INV_HI));
}

/* y ^ M1 L(S(x)) for u = M1 x + c1: SubBytes, then the nibbles of its
 * output index the tables of D0 and D3, whose results are rotated and
 * added.  D1 = D0 + D3 (E1 = E0 + E3, lib/sm4.h), so the D1 term is
 * f0 ^ f3: the constant of f0 enters both the rot8 and the rot16 term and
 * cancels.  Two table lookups and two table registers fewer than looking
 * D1 up, for one cycle more of latency (the xmm version below, which the
 * serial modes use, looks it up). */
static inline __m256i SM4A(yxl_y)(__m256i y, __m256i u)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    u = _mm256_shuffle_epi8(u, SM4AY_B(SM4AY_INV_SHIFTROWS));
    __m256i t = SM4A_SUBBYTES_Y(u);
    __m256i lo = _mm256_and_si256(t, nib), hi = _mm256_and_si256(_mm256_srli_epi16(t, 4), nib);
    __m256i f0 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D0_LO), lo),
                                  _mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D0_HI), hi));
    __m256i f3 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D3_LO), lo),
                                  _mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D3_HI), hi));
    __m256i f1 = _mm256_xor_si256(f0, f3);
    __m256i a = _mm256_xor_si256(_mm256_xor_si256(y, f0),
                                 _mm256_shuffle_epi8(f1, SM4AY_B(AXIOM_SM4_ROL8_BYTES)));
    __m256i b = _mm256_xor_si256(_mm256_shuffle_epi8(f1, SM4AY_B(AXIOM_SM4_ROL16_BYTES)),
                                 _mm256_shuffle_epi8(f3, SM4AY_B(AXIOM_SM4_ROL24_BYTES)));
    return _mm256_xor_si256(a, b); /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */
}

static inline __m128i SM4A(toy_x)(__m128i v)
{
    return SM4A(affine_x)(v, _mm_setr_epi8(AXIOM_SM4_M1_LO), _mm_setr_epi8(AXIOM_SM4_M1_HI));
}

static inline __m128i SM4A(fromy_x)(__m128i v)
{
    return SM4A(affine_x)(v, _mm_setr_epi8(AXIOM_SM4_M1INV_LO), _mm_setr_epi8(AXIOM_SM4_M1INV_HI));
}

static inline __m128i SM4A(yxl_x)(__m128i y, __m128i u)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    u = _mm_shuffle_epi8(u, _mm_setr_epi8(SM4AY_INV_SHIFTROWS));
    __m128i t = _mm_aesenclast_si128(u, _mm_setzero_si128());
    __m128i lo = _mm_and_si128(t, nib), hi = _mm_and_si128(_mm_srli_epi16(t, 4), nib);
    __m128i f0 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D0_LO), lo),
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D0_HI), hi));
    __m128i f1 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D1_LO), lo),
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D1_HI), hi));
    __m128i f3 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D3_LO), lo),
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D3_HI), hi));
    __m128i a = _mm_xor_si128(_mm_xor_si128(y, f0),
                              _mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL8_BYTES)));
    __m128i b = _mm_xor_si128(_mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL16_BYTES)),
                              _mm_shuffle_epi8(f3, _mm_setr_epi8(AXIOM_SM4_ROL24_BYTES)));
    return _mm_xor_si128(a, b); /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */
}

/* The 64 stored round keys (both directions): M1 rk + c1 in every byte. */
static void SM4A(keys_toy)(uint32_t *rk)
{
    for (unsigned i = 0; i < 64; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(rk + i));
        v = SM4A(affine_x)(v, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
        _mm_storeu_si128((__m128i *)(void *)(rk + i), v);
    }
}

#include "sm4_avx2_common.h"

#undef SM4AY_INV_SHIFTROWS
#undef SM4AY_B
