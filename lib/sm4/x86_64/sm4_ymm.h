/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The ymm vector primitives of sm4_wide.h for the AVX2 SM4 kernels
 * (sm4_gfni_avx2.c, sm4_aesni_avx2.c, sm4_vaes_avx2.c): sets of 8 blocks,
 * VEX encodings only (no EVEX, no zmm).  The kernel file adds its S-box
 * maps (vec_toy, vec_fromy, vec_yxl) and SM4_WIDE. */
#ifndef AXIOM_SM4_YMM_H
#define AXIOM_SM4_YMM_H

#include <immintrin.h>

typedef __m256i sm4_vec;
#define SM4_NB 8
#define SM4_XMM_BELOW 8

/* The 16 bytes @b in both 128-bit lanes. */
#define SM4_YMM_BYTES(...) _mm256_broadcastsi128_si256(_mm_setr_epi8(__VA_ARGS__))

static inline __m256i vec_load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline void vec_store(uint8_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

#define SM4_HAVE_NT 1
#define SM4_HAVE_NT16 1
static inline void vec_store_nt(uint8_t *p, __m256i v)
{
    _mm256_stream_si256((__m256i *)(void *)p, v);
}

static inline void vec_store_nt16(uint8_t *p, __m256i v)
{
    _mm_stream_si128((__m128i *)(void *)p, _mm256_castsi256_si128(v));
    _mm_stream_si128((__m128i *)(void *)(p + 16), _mm256_extracti128_si256(v, 1));
}

static inline __m256i vec_set1(uint32_t x)
{
    return _mm256_set1_epi32((int)x);
}

static inline __m256i vec_xor(__m256i a, __m256i b)
{
    return _mm256_xor_si256(a, b);
}

static inline __m256i vec_xor3(__m256i a, __m256i b, __m256i c)
{
    return _mm256_xor_si256(_mm256_xor_si256(a, b), c);
}

static inline __m256i vec_add32(__m256i a, __m256i b)
{
    return _mm256_add_epi32(a, b);
}

static inline __m256i vec_bswap(__m256i v)
{
    return _mm256_shuffle_epi8(v, SM4_YMM_BYTES(AXIOM_SM4_BSWAP_BYTES));
}

static inline __m256i vec_unpacklo32(__m256i a, __m256i b)
{
    return _mm256_unpacklo_epi32(a, b);
}

static inline __m256i vec_unpackhi32(__m256i a, __m256i b)
{
    return _mm256_unpackhi_epi32(a, b);
}

static inline __m256i vec_unpacklo64(__m256i a, __m256i b)
{
    return _mm256_unpacklo_epi64(a, b);
}

static inline __m256i vec_unpackhi64(__m256i a, __m256i b)
{
    return _mm256_unpackhi_epi64(a, b);
}

/* After the transpose, lane 0 holds blocks 0, 2, 4, 6 and lane 1 blocks
 * 1, 3, 5, 7. */
static inline __m256i vec_ctr_off(void)
{
    return _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
}

static inline __m256i vec_prev(__m256i cur, __m256i before)
{
    return _mm256_permute2x128_si256(before, cur, 0x21);
}

static inline __m256i vec_iv(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p));
}

static inline void vec_store_last(uint8_t *p, __m256i v)
{
    _mm_storeu_si128((__m128i *)(void *)p, _mm256_extracti128_si256(v, 1));
}

#endif
