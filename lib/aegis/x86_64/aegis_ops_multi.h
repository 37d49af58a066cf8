/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The vector operations of the AEGIS templates (aegis128_tmpl.h,
 * aegis256_tmpl.h) on one or more registers per state block, without
 * AVX-512: AEGIS_REG_BITS 128 (xmm, AES-NI; the aesni bundle) or 256 (ymm,
 * VAES with AVX2; the vaes_avx2 bundle), AEGIS_LANES / (AEGIS_REG_BITS /
 * 128) registers per block, lane i of a block at byte 16 i as everywhere.
 * Three-input functions are two instructions.  Included once, by a kernel
 * file, before its template. */
#ifndef AEGIS_OPS_MULTI_H
#define AEGIS_OPS_MULTI_H

#include <immintrin.h>
#include <stdint.h>
#include "core/x86_lanes.h"

#if AEGIS_REG_BITS == 128
typedef __m128i aeg_r;
static inline aeg_r r_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}
static inline void r_store(uint8_t *p, aeg_r x)
{
    _mm_storeu_si128((__m128i *)p, x);
}
static inline aeg_r r_xor(aeg_r a, aeg_r b)
{
    return _mm_xor_si128(a, b);
}
static inline aeg_r r_and(aeg_r a, aeg_r b)
{
    return _mm_and_si128(a, b);
}
static inline aeg_r r_aes(aeg_r x, aeg_r k)
{
    return _mm_aesenc_si128(x, k);
}
static inline aeg_r r_zero(void)
{
    return _mm_setzero_si128();
}
static inline aeg_r r_bcast(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}
/* The context separators of the lanes in register @i. */
static inline aeg_r r_ctx(int i)
{
    return _mm_set_epi32(0, 0, 0, i | (AEGIS_LANES - 1) << 8);
}
static inline __m128i r_fold(aeg_r x)
{
    return x;
}
#elif AEGIS_REG_BITS == 256
typedef __m256i aeg_r;
static inline aeg_r r_load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}
static inline void r_store(uint8_t *p, aeg_r x)
{
    _mm256_storeu_si256((__m256i *)p, x);
}
static inline aeg_r r_xor(aeg_r a, aeg_r b)
{
    return _mm256_xor_si256(a, b);
}
static inline aeg_r r_and(aeg_r a, aeg_r b)
{
    return _mm256_and_si256(a, b);
}
static inline aeg_r r_aes(aeg_r x, aeg_r k)
{
    return _mm256_aesenc_epi128(x, k);
}
static inline aeg_r r_zero(void)
{
    return _mm256_setzero_si256();
}
static inline aeg_r r_bcast(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
}
static inline aeg_r r_ctx(int i)
{
    return _mm256_set_epi32(0, 0, 0, (2 * i + 1) | (AEGIS_LANES - 1) << 8, 0, 0, 0,
                            2 * i | (AEGIS_LANES - 1) << 8);
}
static inline __m128i r_fold(aeg_r x)
{
    return axiom_xor_lanes2(x);
}
#else
#error "AEGIS_REG_BITS must be 128 or 256"
#endif

/* With AEGIS_SPLIT (the kernel file's choice) a block is one register
 * and the kernel runs its lanes in AEG_GROUPS groups of AEGIS_REG_BITS /
 * 128 lanes, group g on the AEGIS_REG_BITS / 8 bytes at offset g times
 * that in each block (aegis_kernel_tmpl.h): the lanes are independent
 * until the tag, and one group's state (8 or 6 registers) leaves room in
 * the 16 registers where the whole state (16 or more) would be spilled. */
#ifdef AEGIS_SPLIT
#define AEGIS_NREG 1
#define AEG_GROUPS (AEGIS_LANES * 128 / AEGIS_REG_BITS)
#define AEG_GBYTES (AEGIS_REG_BITS / 8)
#else
#define AEGIS_NREG (AEGIS_LANES * 128 / AEGIS_REG_BITS)
#endif
/* The loops over a block's registers must disappear: GCC leaves a loop of
 * four (AEGIS-128X4 on xmm) in place, and the state then lives on the
 * stack. */
#define AEGIS_UNROLL _Pragma("GCC unroll 4")
#define AEGIS_RBYTES (AEGIS_REG_BITS / 8)

typedef struct aeg_v {
    aeg_r r[AEGIS_NREG];
} aeg_v;

static inline aeg_v v_load(const uint8_t *p)
{
    aeg_v v;
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        v.r[i] = r_load(p + AEGIS_RBYTES * i);
    return v;
}
static inline void v_store(uint8_t *p, aeg_v x)
{
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        r_store(p + AEGIS_RBYTES * i, x.r[i]);
}
static inline aeg_v v_xor(aeg_v a, aeg_v b)
{
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        a.r[i] = r_xor(a.r[i], b.r[i]);
    return a;
}
static inline aeg_v v_and(aeg_v a, aeg_v b)
{
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        a.r[i] = r_and(a.r[i], b.r[i]);
    return a;
}
static inline aeg_v v_xor3(aeg_v a, aeg_v b, aeg_v c)
{
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        a.r[i] = r_xor(r_xor(a.r[i], b.r[i]), c.r[i]);
    return a;
}
/* a ^ (b & c) */
static inline aeg_v v_xor_and(aeg_v a, aeg_v b, aeg_v c)
{
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        a.r[i] = r_xor(a.r[i], r_and(b.r[i], c.r[i]));
    return a;
}
static inline aeg_v v_aes(aeg_v x, aeg_v k)
{
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        x.r[i] = r_aes(x.r[i], k.r[i]);
    return x;
}
static inline aeg_v v_zero(void)
{
    aeg_v v;
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        v.r[i] = r_zero();
    return v;
}
static inline aeg_v v_bcast(const uint8_t *p)
{
    aeg_v v;
    v.r[0] = r_bcast(p);
    AEGIS_UNROLL
    for (int i = 1; i < AEGIS_NREG; i++)
        v.r[i] = v.r[0];
    return v;
}
/* The context separators of the lanes of group @g (always 0 unless
 * split): every register's lanes, from lane AEGIS_REG_BITS / 128 g on. */
static inline aeg_v v_ctx(int g)
{
    aeg_v v;
    AEGIS_UNROLL
    for (int i = 0; i < AEGIS_NREG; i++)
        v.r[i] = r_ctx(g + i);
    return v;
}
static inline void v_fold_store(uint8_t *p, aeg_v x)
{
    __m128i t = r_fold(x.r[0]);
    AEGIS_UNROLL
    for (int i = 1; i < AEGIS_NREG; i++)
        t = _mm_xor_si128(t, r_fold(x.r[i]));
    _mm_storeu_si128((__m128i *)p, t);
}

/* A block of one register kept in that register (an empty asm statement
 * that takes and hands it back). */
#define AEG_PIN_REG(x) __asm__("" : "+x"((x).r[0]))

/* aegis_ops_avx512.h's AEG_PIN: a block that is one register (split
 * kernels) kept in its register from step to step; nothing for a block
 * of several registers. */
#ifdef AEGIS_SPLIT
#define AEG_PIN(x) AEG_PIN_REG(x)
#else
#define AEG_PIN(x) ((void)0)
#endif
/* AEG_PIN_DEC (the kernel file's choice, one register a block): the
 * decryption Update keeps every block in its register, each round
 * written into its key's register (aegis128_tmpl.h). */
#if defined(AEG_PIN_DEC) && AEGIS_NREG == 1
#define AEG_DEC_PIN(x) AEG_PIN_REG(x)
#define AEG_DEC_AES_INTO(x, k) __asm__("vaesenc %0, %1, %0" : "+x"((k).r[0]) : "x"((x).r[0]))
#endif

#endif
