/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the two AVX2 Kuznyechik kernels share (kuznyechik_avx2.c, plain,
 * and kuznyechik_avx2_gfni.c, GFNI): the 32-block byte-sliced batch, its
 * transposes, S and S^-1 by VPSHUFB on the decomposition of
 * kuznyechik_sd.h, and the CTR counter slices.  Static inline only: each
 * kernel file compiles its own copy with its bundle's flags.
 *
 * Batch: 32 blocks.  Register r holds blocks r and 16 + r (one per 128-bit
 * lane); a 16x16 byte transpose inside each lane (four rounds of
 * VPUNPCK{L,H}BW) turns the 16 registers into 16 byte slices, slice j
 * holding byte j of all 32 blocks, and back.  S: VPSHUFB looks up a
 * 16-entry row of pi by the low nibble; PSHUFB's zeroing of lanes whose
 * index has bit 7 set merges rows h and h + 8 with one XOR, and a
 * VPBLENDVB tree on bits 4, 5 and 6 picks the row.  No table is indexed
 * by secrets: the lookups are in registers. */
#ifndef AXIOM_KUZNYECHIK_AVX2_H
#define AXIOM_KUZNYECHIK_AVX2_H

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"

#define AVX2_BATCH 32
#define FI static inline __attribute__((always_inline))

typedef struct {
    __m256i t[AXIOM_KUZ_SD_N];   /* kuznyechik_sd.h, for pi or for pi^-1 */
} avx2_sbox;

FI void avx2_sbox_init(avx2_sbox *sb, int inverse)
{
    for (int i = 0; i < AXIOM_KUZ_SD_N; i++)
        sb->t[i] = _mm256_broadcastsi128_si256(
            _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_sdec[inverse][i]));
}

/* ---- transposes ----------------------------------------------------------- */

/* 16x16 byte transpose inside each 128-bit lane: each round maps the byte
 * at (row r, column c) to (r << 1 | c >> 3, c << 1 | r >> 3) (the 8-bit
 * index r:c rotated by one); four rounds swap r and c. */
FI void avx2_transpose(__m256i v[16])
{
    for (int round = 0; round < 4; round++) {
        __m256i t[16];
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            t[2 * i] = _mm256_unpacklo_epi8(v[i], v[i + 8]);
            t[2 * i + 1] = _mm256_unpackhi_epi8(v[i], v[i + 8]);
        }
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            v[i] = t[i];
    }
}

FI __m256i avx2_load2(const uint8_t *lo, const uint8_t *hi)
{
    return _mm256_loadu2_m128i((const __m128i *)(const void *)hi,
                               (const __m128i *)(const void *)lo);
}

FI void avx2_store2(uint8_t *lo, uint8_t *hi, __m256i v)
{
    _mm256_storeu2_m128i((__m128i *)(void *)hi, (__m128i *)(void *)lo, v);
}

/* ---- S ----------------------------------------------------------------------- */

FI __m256i avx2_tab(const avx2_sbox *sb, int i, __m256i idx)
{
    return _mm256_shuffle_epi8(sb->t[i], idx);
}

/* a * b in GF(2^4) from the logs (kuznyechik_sd.h): a saturating add,
 * reduced modulo 15 as min(s, s - 15); a log of 0 keeps bit 7 set. */
FI __m256i avx2_logsum(__m256i la, __m256i lb)
{
    const __m256i s = _mm256_adds_epu8(la, lb);
    return _mm256_min_epu8(s, _mm256_sub_epi8(s, _mm256_set1_epi8(15)));
}

/* The nibbles (l, r) of the input linear map (alpha for pi, omega^-1 for
 * pi^-1): six instructions with the split of x. */
FI void avx2_sub_in(const avx2_sbox *sb, __m256i x, __m256i *l, __m256i *r)
{
    const __m256i f = _mm256_set1_epi8(0x0f);
    const __m256i lo = _mm256_and_si256(x, f);
    const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), f);
    *l = _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_IN_LO_L, lo),
                          avx2_tab(sb, AXIOM_KUZ_SD_IN_HI_L, hi));
    *r = _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_IN_LO_R, lo),
                          avx2_tab(sb, AXIOM_KUZ_SD_IN_HI_R, hi));
}

/* pi on a slice: 28 instructions, 14 of them VPSHUFB. */
FI __m256i avx2_sub(const avx2_sbox *sb, __m256i x)
{
    __m256i l, r;
    avx2_sub_in(sb, x, &l, &r);
    const __m256i s = avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_LOG, l),
                                  avx2_tab(sb, AXIOM_KUZ_SD_E_LOGINV, r));
    const __m256i l2 = _mm256_xor_si256(
        avx2_tab(sb, AXIOM_KUZ_SD_E_NU1EXP, s),
        avx2_tab(sb, AXIOM_KUZ_SD_E_NU0, _mm256_or_si256(l, avx2_tab(sb, AXIOM_KUZ_SD_NZ, r))));
    const __m256i t = avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_E_LOGPHI, l2),
                                  avx2_tab(sb, AXIOM_KUZ_SD_LOG, r));
    const __m256i r2 = avx2_tab(sb, AXIOM_KUZ_SD_E_SIGEXP, t);
    return _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_OUT_L, l2),
                            avx2_tab(sb, AXIOM_KUZ_SD_OUT_R, r2));
}

/* pi^-1 on a slice, the same shape run backwards. */
FI __m256i avx2_sub_inv(const avx2_sbox *sb, __m256i y)
{
    __m256i l1, r1;
    avx2_sub_in(sb, y, &l1, &r1);
    const __m256i r = avx2_tab(sb, AXIOM_KUZ_SD_D_EXP,
                               avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_D_LOGSIGINV, r1),
                                           avx2_tab(sb, AXIOM_KUZ_SD_D_LOGPHIINV, l1)));
    const __m256i l = _mm256_xor_si256(
        avx2_tab(sb, AXIOM_KUZ_SD_D_EXP,
                 avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_D_LOGNU1INV, l1),
                             avx2_tab(sb, AXIOM_KUZ_SD_LOG, r))),
        avx2_tab(sb, AXIOM_KUZ_SD_D_NU0INV,
                 _mm256_or_si256(l1, avx2_tab(sb, AXIOM_KUZ_SD_NZ, r))));
    return _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_OUT_L, l),
                            avx2_tab(sb, AXIOM_KUZ_SD_OUT_R, r));
}

FI void avx2_addkey(__m256i s[16], const uint8_t *k)
{
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = _mm256_xor_si256(s[j], _mm256_set1_epi8((char)k[j]));
}

typedef void (*avx2_core_fn)(const axiom_bc_ks *, __m256i *);

/* One batch of 32 whole blocks. */
static inline void avx2_batch(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, avx2_core_fn core)
{
    __m256i s[16];
    for (int r = 0; r < 16; r++)
        s[r] = avx2_load2(in + 16 * r, in + 16 * (16 + r));
    avx2_transpose(s);
    core(ks, s);
    avx2_transpose(s);
    for (int r = 0; r < 16; r++)
        avx2_store2(out + 16 * r, out + 16 * (16 + r), s[r]);
}

static inline void avx2_blocks(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        avx2_core_fn core)
{
    for (; n >= AVX2_BATCH; n -= AVX2_BATCH) {
        avx2_batch(ks, out, in, core);
        in += 16 * AVX2_BATCH;
        out += 16 * AVX2_BATCH;
    }
    if (n > 0) {
        /* padding lanes: zeros, output dropped */
        uint8_t buf[16 * AVX2_BATCH] = { 0 };
        memcpy(buf, in, 16 * n);
        avx2_batch(ks, buf, buf, core);
        memcpy(out, buf, 16 * n);
        axiom_wipe(buf, sizeof buf);
    }
}

/* ---- CTR ------------------------------------------------------------------------ */

/* The slices of the counter blocks ctr + i, i = 0..31 (block i in the lane
 * and byte position the load transpose would give it). */
static inline void avx2_ctr_slices(__m256i s[16], const uint8_t ctr[16])
{
    const __m256i idx = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                         16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
                                         29, 30, 31);
    const __m256i bias = _mm256_set1_epi8((char)0x80);
    s[15] = _mm256_add_epi8(_mm256_set1_epi8((char)ctr[15]), idx);
    /* carry out of byte 15 where idx > 255 - ctr[15] (unsigned compare) */
    __m256i carry = _mm256_cmpgt_epi8(_mm256_xor_si256(idx, bias),
                                      _mm256_set1_epi8((char)((255 - ctr[15]) ^ 0x80)));
    int live = 1;
    for (int j = 14; j >= 0; j--) {
        __m256i c = _mm256_set1_epi8((char)ctr[j]);
        s[j] = live ? _mm256_sub_epi8(c, carry) : c;
        if (ctr[j] != 0xff)
            live = 0; /* the counter is public: the carry stops here */
    }
}

/* XOR the keystream of one batch (@s, transposed back to blocks) into
 * min(@n, AVX2_BATCH) blocks and advance @ctr by as many; returns that
 * count. */
static inline size_t avx2_ctr_xor(const __m256i s[16], uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t ctr[16])
{
    if (n >= AVX2_BATCH) {
        for (int r = 0; r < 16; r++) {
            __m256i d = avx2_load2(in + 16 * r, in + 16 * (16 + r));
            avx2_store2(out + 16 * r, out + 16 * (16 + r), _mm256_xor_si256(d, s[r]));
        }
        axiom_ctr128_add(ctr, AVX2_BATCH);
        return AVX2_BATCH;
    }
    uint8_t ksb[16 * AVX2_BATCH];
    for (int r = 0; r < 16; r++)
        avx2_store2(ksb + 16 * r, ksb + 16 * (16 + r), s[r]);
    for (size_t i = 0; i < n; i++)
        axiom_xor16(out + 16 * i, in + 16 * i, ksb + 16 * i);
    axiom_ctr128_add(ctr, n);
    axiom_wipe(ksb, sizeof ksb);
    return n;
}

/* CTR for fewer than one_max blocks (the tail included) through @one,
 * one block at a time. */

#endif
