/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The vector operations of the AEGIS templates (aegis128_tmpl.h,
 * aegis256_tmpl.h) on one register per state block: xmm (one lane), ymm
 * (two) or zmm (four) by AEGIS_LANES, with AES-NI or VAES and AVX-512VL's
 * VPTERNLOGD for the three-input functions.  Included once, by a kernel
 * file of the vaes_avx512 bundle, before its template. */
#ifndef AEGIS_OPS_AVX512_H
#define AEGIS_OPS_AVX512_H

#include <immintrin.h>
#include <stdint.h>
#include "core/x86_lanes.h"

#if AEGIS_LANES == 1
typedef __m128i aeg_v;
static inline aeg_v v_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}
static inline void v_store(uint8_t *p, aeg_v x)
{
    _mm_storeu_si128((__m128i *)p, x);
}
static inline aeg_v v_xor(aeg_v a, aeg_v b)
{
    return _mm_xor_si128(a, b);
}
static inline aeg_v v_and(aeg_v a, aeg_v b)
{
    return _mm_and_si128(a, b);
}
static inline aeg_v v_xor3(aeg_v a, aeg_v b, aeg_v c)
{
    return _mm_ternarylogic_epi32(a, b, c, 0x96);
}
static inline aeg_v v_xor_and(aeg_v a, aeg_v b, aeg_v c)
{
    return _mm_ternarylogic_epi32(a, b, c, 0x78); /* a ^ (b & c) */
}
static inline aeg_v v_aes(aeg_v x, aeg_v k)
{
    return _mm_aesenc_si128(x, k);
}
static inline aeg_v v_zero(void)
{
    return _mm_setzero_si128();
}
static inline aeg_v v_bcast(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}
static inline aeg_v v_ctx(int g)
{
    (void)g; /* the lanes are never split here (aegis_ops_multi.h) */
    return _mm_setzero_si128(); /* one lane: ctx[0] = 0 */
}
static inline void v_fold_store(uint8_t *p, aeg_v x)
{
    _mm_storeu_si128((__m128i *)p, x);
}
#elif AEGIS_LANES == 2
typedef __m256i aeg_v;
static inline aeg_v v_load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}
static inline void v_store(uint8_t *p, aeg_v x)
{
    _mm256_storeu_si256((__m256i *)p, x);
}
static inline aeg_v v_xor(aeg_v a, aeg_v b)
{
    return _mm256_xor_si256(a, b);
}
static inline aeg_v v_and(aeg_v a, aeg_v b)
{
    return _mm256_and_si256(a, b);
}
static inline aeg_v v_xor3(aeg_v a, aeg_v b, aeg_v c)
{
    return _mm256_ternarylogic_epi32(a, b, c, 0x96);
}
static inline aeg_v v_xor_and(aeg_v a, aeg_v b, aeg_v c)
{
    return _mm256_ternarylogic_epi32(a, b, c, 0x78);
}
static inline aeg_v v_aes(aeg_v x, aeg_v k)
{
    return _mm256_aesenc_epi128(x, k);
}
static inline aeg_v v_zero(void)
{
    return _mm256_setzero_si256();
}
static inline aeg_v v_bcast(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
}
static inline aeg_v v_ctx(int g)
{
    (void)g; /* the lanes are never split here (aegis_ops_multi.h) */
    return _mm256_set_epi32(0, 0, 0, 0x101, 0, 0, 0, 0x100);
}
static inline void v_fold_store(uint8_t *p, aeg_v x)
{
    _mm_storeu_si128((__m128i *)p, axiom_xor_lanes2(x));
}
#elif AEGIS_LANES == 4
typedef __m512i aeg_v;
static inline aeg_v v_load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}
static inline void v_store(uint8_t *p, aeg_v x)
{
    _mm512_storeu_si512((void *)p, x);
}
static inline aeg_v v_xor(aeg_v a, aeg_v b)
{
    return _mm512_xor_si512(a, b);
}
static inline aeg_v v_and(aeg_v a, aeg_v b)
{
    return _mm512_and_si512(a, b);
}
static inline aeg_v v_xor3(aeg_v a, aeg_v b, aeg_v c)
{
    return _mm512_ternarylogic_epi32(a, b, c, 0x96);
}
static inline aeg_v v_xor_and(aeg_v a, aeg_v b, aeg_v c)
{
    return _mm512_ternarylogic_epi32(a, b, c, 0x78);
}
static inline aeg_v v_aes(aeg_v x, aeg_v k)
{
    return _mm512_aesenc_epi128(x, k);
}
static inline aeg_v v_zero(void)
{
    return _mm512_setzero_si512();
}
static inline aeg_v v_bcast(const uint8_t *p)
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p));
}
static inline aeg_v v_ctx(int g)
{
    (void)g; /* the lanes are never split here (aegis_ops_multi.h) */
    return _mm512_set_epi32(0, 0, 0, 0x303, 0, 0, 0, 0x302, 0, 0, 0, 0x301, 0, 0, 0, 0x300);
}
static inline void v_fold_store(uint8_t *p, aeg_v x)
{
    _mm_storeu_si128((__m128i *)p, axiom_xor_lanes4(x));
}
#else
#error "AEGIS_LANES must be 1, 2 or 4"
#endif

/* A partial block: the first @n (0 .. the block's bytes) bytes at @p,
 * zeros after them, read with a byte mask (AVX512BW), so that nothing past
 * them is touched; v_store_part writes the first @n bytes of @x; v_keep
 * zeroes the bytes from @n on.  Masks depend on the public length only. */
#define AEG_HAS_PARTIAL 1
/* The four for the block's width @w (16, 32 or 64 bytes), mask type @m and
 * intrinsic prefix @pfx (_mm, _mm256, _mm512). */
#define AEG_PART_OPS(w, m, pfx)                                                                \
    static inline m v_mask(size_t n)                                                           \
    {                                                                                          \
        return n >= (w) ? (m)~0ull : (m)((1ull << n) - 1u);                                    \
    }                                                                                          \
    static inline aeg_v v_load_part(const uint8_t *p, size_t n)                                \
    {                                                                                          \
        return pfx##_maskz_loadu_epi8(v_mask(n), p);                                           \
    }                                                                                          \
    static inline void v_store_part(uint8_t *p, aeg_v x, size_t n)                             \
    {                                                                                          \
        pfx##_mask_storeu_epi8(p, v_mask(n), x);                                               \
    }                                                                                          \
    static inline aeg_v v_keep(aeg_v x, size_t n)                                              \
    {                                                                                          \
        return pfx##_maskz_mov_epi8(v_mask(n), x);                                             \
    }
#if AEGIS_LANES == 1
AEG_PART_OPS(16, __mmask16, _mm)
#elif AEGIS_LANES == 2
AEG_PART_OPS(32, __mmask32, _mm256)
#else
AEG_PART_OPS(64, __mmask64, _mm512)
#endif
#undef AEG_PART_OPS

/* Keep the state block @x in one register from step to step: an empty asm
 * statement that takes it in any vector register and hands it back.
 * Without it GCC gave the loops' new blocks other registers and copied
 * them back at the end of every step (six or eight register moves a
 * step), which cost AMD Zen 4 a quarter of the speed on the state's ring
 * (AEGIS-256X2: 5.99 -> 4.5 core cycles a step in a throw-away harness). */
#ifdef AEG_PIN_BLOCKS
#define AEG_PIN(x) __asm__("" : "+v"(x))
/* k = AESENC(x, k) into k's own register (an asm statement, so that the
 * register allocator cannot give the new block another register). */
#define AEG_AES_INTO(x, k) __asm__("vaesenc %0, %1, %0" : "+v"(k) : "v"(x))
#else
#define AEG_PIN(x) ((void)0)
#endif

#endif
