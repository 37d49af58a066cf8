/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with AES-NI and AVX2: the S-box
 * through its affine equivalence with the AES S-box (lib/sm4.h),
 * S(x) = M3 SubBytes(M1 x + c1) + c3, SubBytes being AESENCLAST with a zero
 * round key after an inverse ShiftRows shuffle, and the affine maps two
 * PSHUFB nibble lookups each.
 *
 * 8 blocks per set of four ymm registers (two AESENCLAST on the xmm halves
 * per S-box layer), four sets (32 blocks) per iteration of ECB, CTR
 * (counters built in registers), CBC and CFB decryption; fewer than 8
 * blocks, the key schedule and the serial modes on xmm
 * (lib/x86_64/sm4_avx2_common.h).  Compiled in the AVX2 bundle with AES
 * enabled for this file only: VEX-encoded AES-NI on xmm, no VAES.
 *
 * Constant time: AES-NI and PSHUFB have no data-dependent timing, and no
 * branch or memory index depends on keys or data. */
#include "config.h"

#ifdef HAVE_ISA_AESNI
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "bc.h"
#include "bc_modes.h"
#include "sm4.h"

/* This file only: the bundle's flags are -mavx2. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes"))), apply_to = function)
#else
#pragma GCC target("aes")
#endif

#define SM4A(name) sm4ay_##name

/* AESENCLAST applies ShiftRows after SubBytes; this inverse ShiftRows
 * shuffle in front cancels it. */
#define SM4AY_INV_SHIFTROWS 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3

static inline __m128i sm4ay_affine_x(__m128i x, __m128i lo_tab, __m128i hi_tab)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    __m128i lo = _mm_and_si128(x, nib), hi = _mm_and_si128(_mm_srli_epi16(x, 4), nib);
    return _mm_xor_si128(_mm_shuffle_epi8(lo_tab, lo), _mm_shuffle_epi8(hi_tab, hi));
}

static inline __m256i sm4ay_affine_y(__m256i x, __m256i lo_tab, __m256i hi_tab)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    __m256i lo = _mm256_and_si256(x, nib), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nib);
    return _mm256_xor_si256(_mm256_shuffle_epi8(lo_tab, lo), _mm256_shuffle_epi8(hi_tab, hi));
}

static inline __m128i sm4ay_sbox_x(__m128i x)
{
    x = sm4ay_affine_x(x, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
    x = _mm_shuffle_epi8(x, _mm_setr_epi8(SM4AY_INV_SHIFTROWS));
    x = _mm_aesenclast_si128(x, _mm_setzero_si128());
    return sm4ay_affine_x(x, _mm_setr_epi8(AXIOM_SM4_POST_LO), _mm_setr_epi8(AXIOM_SM4_POST_HI));
}

/* The y domain (lib/sm4.h, lib/x86_64/sm4_simd.h). */
#define SM4AY_B(bytes) _mm256_broadcastsi128_si256(_mm_setr_epi8(bytes))

static inline __m256i sm4ay_toy_y(__m256i v)
{
    return sm4ay_affine_y(v, SM4AY_B(AXIOM_SM4_M1_LO), SM4AY_B(AXIOM_SM4_M1_HI));
}

static inline __m256i sm4ay_fromy_y(__m256i v)
{
    return sm4ay_affine_y(v, SM4AY_B(AXIOM_SM4_M1INV_LO), SM4AY_B(AXIOM_SM4_M1INV_HI));
}

/* y ^ M1 L(S(x)) for u = M1 x + c1: SubBytes, then the nibbles of its
 * output index the tables of D0, D1 and D3, whose results are rotated and
 * added. */
static inline __m256i sm4ay_yxl_y(__m256i y, __m256i u)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    u = _mm256_shuffle_epi8(u, SM4AY_B(SM4AY_INV_SHIFTROWS));
    __m128i lo128 = _mm_aesenclast_si128(_mm256_castsi256_si128(u), _mm_setzero_si128());
    __m128i hi128 = _mm_aesenclast_si128(_mm256_extracti128_si256(u, 1), _mm_setzero_si128());
    __m256i t = _mm256_inserti128_si256(_mm256_castsi128_si256(lo128), hi128, 1);
    __m256i lo = _mm256_and_si256(t, nib), hi = _mm256_and_si256(_mm256_srli_epi16(t, 4), nib);
    __m256i f0 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D0_LO), lo),
                                  _mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D0_HI), hi));
    __m256i f1 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D1_LO), lo),
                                  _mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D1_HI), hi));
    __m256i f3 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D3_LO), lo),
                                  _mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D3_HI), hi));
    __m256i a = _mm256_xor_si256(f0, _mm256_shuffle_epi8(f1, SM4AY_B(AXIOM_SM4_ROL8_BYTES)));
    __m256i b = _mm256_xor_si256(_mm256_shuffle_epi8(f1, SM4AY_B(AXIOM_SM4_ROL16_BYTES)),
                                 _mm256_shuffle_epi8(f3, SM4AY_B(AXIOM_SM4_ROL24_BYTES)));
    return _mm256_xor_si256(y, _mm256_xor_si256(a, b));
}

static inline __m128i sm4ay_toy_x(__m128i v)
{
    return sm4ay_affine_x(v, _mm_setr_epi8(AXIOM_SM4_M1_LO), _mm_setr_epi8(AXIOM_SM4_M1_HI));
}

static inline __m128i sm4ay_fromy_x(__m128i v)
{
    return sm4ay_affine_x(v, _mm_setr_epi8(AXIOM_SM4_M1INV_LO), _mm_setr_epi8(AXIOM_SM4_M1INV_HI));
}

static inline __m128i sm4ay_yxl_x(__m128i y, __m128i u)
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
    __m128i a = _mm_xor_si128(f0, _mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL8_BYTES)));
    __m128i b = _mm_xor_si128(_mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL16_BYTES)),
                              _mm_shuffle_epi8(f3, _mm_setr_epi8(AXIOM_SM4_ROL24_BYTES)));
    return _mm_xor_si128(y, _mm_xor_si128(a, b));
}

/* The 64 stored round keys (both directions): M1 rk + c1 in every byte. */
static void sm4ay_keys_toy(uint32_t *rk)
{
    for (unsigned i = 0; i < 64; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(rk + i));
        v = sm4ay_affine_x(v, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
        _mm_storeu_si128((__m128i *)(void *)(rk + i), v);
    }
}

#define SM4A_KERNEL axiom_sm4_aesni_avx2
#define SM4A_NAME "aesni-avx2"
#define SM4A_FEATURES (AXIOM_CPU_AESNI | AXIOM_CPU_AVX2)
#include "sm4_avx2_common.h"

#if defined(__clang__)
#pragma clang attribute pop
#endif

#endif /* HAVE_ISA_AESNI */
