/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with GFNI and AVX-512 (F, VL, BW):
 * the S-box through GF2P8AFFINEINVQB on zmm registers.
 *
 * 16 blocks per set of four zmm registers (one 32-bit word of each block
 * per lane, lib/sm4/x86_64/sm4_wide.h), four sets (64 blocks) per
 * iteration of the parallel loops, since one round's chain is long (three
 * dependent GFNI, a shuffle and two three-input XORs): ECB, CTR with its counters built in registers, and CBC and
 * CFB decryption with the previous ciphertext taken from the loaded
 * registers.  Up to 4 blocks and the key schedule use the same code on
 * xmm registers, and the serial modes (CBC and CFB encryption, OFB) one
 * block per step on xmm with the chaining value in a register.  The state
 * is kept in the y domain of lib/sm4/sm4.h, so a round is, per 64 bytes: the
 * S-box input (one VPTERNLOGD, and every other round one VPXORD), three
 * GF2P8AFFINEINVQB (the field inversion with the output affine map and L
 * merged into three 8x8 matrices), three VPSHUFB byte rotations and two
 * VPTERNLOGD: 9.5 instructions, 3 of them for port 0 only (GFNI) and 3 for
 * port 5 only (VPSHUFB) on Intel cores with two 512-bit ports, so 4.75
 * cycles per 16 blocks and round at best.  Bundle avx512_gfni.
 *
 * Constant time: the GFNI and AVX-512 instructions used have no
 * data-dependent timing, and there is no branch or memory index depending
 * on keys or data (only on lengths and, in CTR, the public counter). */
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "sm4/sm4.h"
#include "sm4/x86_64/sm4_gfni_xmm.h"

/* ---- xmm: 4 blocks per set (short inputs, serial modes, key schedule) --- */

static inline __m128i xmm_xor3(__m128i a, __m128i b, __m128i c)
{
    return _mm_ternarylogic_epi32(a, b, c, 0x96);
}

static inline __m128i xmm_yxl(__m128i y, __m128i u)
{
    __m128i z0, z1, z3;
    xmm_yz(u, &z0, &z1, &z3);
    y = _mm_ternarylogic_epi32(y, z0, _mm_shuffle_epi8(z1, _mm_setr_epi8(AXIOM_SM4_ROL8_BYTES)),
                               0x96);
    return _mm_ternarylogic_epi32(y, _mm_shuffle_epi8(z1, _mm_setr_epi8(AXIOM_SM4_ROL16_BYTES)),
                                  _mm_shuffle_epi8(z3, _mm_setr_epi8(AXIOM_SM4_ROL24_BYTES)), 0x96);
}

static inline __m128i xmm_yxl1(__m128i y, __m128i u)
{
    return xmm_yxl(y, u);
}

/* ---- zmm: 16 blocks per set --------------------------------------------- */

typedef __m512i sm4_vec;
#define SM4_NB 16
#define SM4_WIDE 4
/* Up to 4 blocks (one xmm set) on xmm: a zmm set for 4 blocks took 1.4-1.5
 * times as long in CTR and CBC/CFB decryption on AMD Zen 4 (family 25
 * model 17; 330-367 against 224-242 TSC cycles, kernels called directly in
 * one process), the same chain of rounds at half the zmm rate. */
#define SM4_XMM_BELOW 5

/* The 16 bytes @b in every 128-bit lane. */
#define SM4_ZMM_BYTES(...) _mm512_broadcast_i32x4(_mm_setr_epi8(__VA_ARGS__))

/* M1 and M1^-1 on every byte (into and out of the y domain, lib/sm4/sm4.h). */
static inline __m512i vec_toy(__m512i v)
{
    return _mm512_gf2p8affine_epi64_epi8(v, _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_PRE_MATRIX),
                                         0);
}

static inline __m512i vec_fromy(__m512i v)
{
    return _mm512_gf2p8affine_epi64_epi8(
        v, _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_M1INV_MATRIX), 0);
}

/* y ^ M1 L(S(x)) for u = M1 x + c1: three GFNI (one per port-0 cycle),
 * three byte rotations (port 5), two three-input XORs (either). */
static inline __m512i vec_yxl(__m512i y, __m512i u)
{
    const __m512i d0 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_D0_MATRIX);
    const __m512i d1 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_D1_MATRIX);
    const __m512i d3 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_D3_MATRIX);
    __m512i z0 = _mm512_gf2p8affineinv_epi64_epi8(u, d0, AXIOM_SM4_GFNI_D0_CONST);
    __m512i z1 = _mm512_gf2p8affineinv_epi64_epi8(u, d1, 0);
    __m512i z3 = _mm512_gf2p8affineinv_epi64_epi8(u, d3, 0);
    y = _mm512_ternarylogic_epi32(y, z0, _mm512_shuffle_epi8(z1, SM4_ZMM_BYTES(AXIOM_SM4_ROL8_BYTES)),
                                  0x96);
    return _mm512_ternarylogic_epi32(y, _mm512_shuffle_epi8(z1, SM4_ZMM_BYTES(AXIOM_SM4_ROL16_BYTES)),
                                     _mm512_shuffle_epi8(z3, SM4_ZMM_BYTES(AXIOM_SM4_ROL24_BYTES)),
                                     0x96);
}

static inline __m512i vec_load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

static inline void vec_store(uint8_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}

/* Streaming stores of whole vectors only: at 16 MiB, 16-byte pieces
 * (output not 64-byte aligned) are slower than normal stores. */
#define SM4_HAVE_NT 1
static inline void vec_store_nt(uint8_t *p, __m512i v)
{
    _mm512_stream_si512((void *)p, v);
}

static inline __m512i vec_set1(uint32_t x)
{
    return _mm512_set1_epi32((int)x);
}

static inline __m512i vec_xor(__m512i a, __m512i b)
{
    return _mm512_xor_si512(a, b);
}

static inline __m512i vec_xor3(__m512i a, __m512i b, __m512i c)
{
    return _mm512_ternarylogic_epi32(a, b, c, 0x96);
}

static inline __m512i vec_add32(__m512i a, __m512i b)
{
    return _mm512_add_epi32(a, b);
}

static inline __m512i vec_bswap(__m512i v)
{
    return _mm512_shuffle_epi8(v, SM4_ZMM_BYTES(AXIOM_SM4_BSWAP_BYTES));
}

static inline __m512i vec_unpacklo32(__m512i a, __m512i b)
{
    return _mm512_unpacklo_epi32(a, b);
}

static inline __m512i vec_unpackhi32(__m512i a, __m512i b)
{
    return _mm512_unpackhi_epi32(a, b);
}

static inline __m512i vec_unpacklo64(__m512i a, __m512i b)
{
    return _mm512_unpacklo_epi64(a, b);
}

static inline __m512i vec_unpackhi64(__m512i a, __m512i b)
{
    return _mm512_unpackhi_epi64(a, b);
}

/* After the transpose, lane l holds blocks l, l + 4, l + 8, l + 12. */
static inline __m512i vec_ctr_off(void)
{
    return _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
}

static inline __m512i vec_prev(__m512i cur, __m512i before)
{
    return _mm512_alignr_epi64(cur, before, 6);
}

static inline __m512i vec_iv(const uint8_t *p)
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)p));
}

static inline void vec_store_last(uint8_t *p, __m512i v)
{
    _mm_storeu_si128((__m128i *)(void *)p, _mm512_extracti32x4_epi32(v, 3));
}

/* The 64 stored round keys (both directions): M1 rk + c1 in every byte. */
static void keys_toy(uint32_t *rk)
{
    const __m512i m1 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_PRE_MATRIX);
    for (unsigned i = 0; i < 64; i += 16) {
        __m512i v = _mm512_loadu_si512((const void *)(rk + i));
        v = _mm512_gf2p8affine_epi64_epi8(v, m1, AXIOM_SM4_GFNI_PRE_CONST);
        _mm512_storeu_si512((void *)(rk + i), v);
    }
}

#include "sm4/x86_64/sm4_wide.h"

const axiom_bc_kernel axiom_sm4_gfni_avx512 = {
    .name = "gfni-avx512",
    .features = AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "GFNI S-box on zmm, 64 blocks",
    .steps = { 2, 4, 5, 16, 32, 64 }, /* xmm to 4 blocks; sets of 16, passes of 2 or 4 sets */
    .slow_block = 1,
    SM4_WIDE_OPS,
};
