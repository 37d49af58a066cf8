/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with GFNI and AVX-512 (F, VL, BW):
 * the S-box through GF2P8AFFINEINVQB on zmm registers.
 *
 * 16 blocks per set of four zmm registers (one 32-bit word of each block
 * per lane, lib/sm4/x86_64/sm4_simd.h), four sets (64 blocks) per iteration of
 * the parallel loops, since one round's chain is long (about 13 cycles
 * measured): ECB, CTR with its counters built in registers, and CBC and
 * CFB decryption with the previous ciphertext taken from the loaded
 * registers.  Fewer than 4 blocks and the key schedule use the same code on
 * xmm registers, and the serial modes (CBC and CFB encryption, OFB) one
 * block per step on xmm with the chaining value in a register.  The state
 * is kept in the y domain of lib/sm4/sm4.h, so a round is, per 64 bytes: the
 * S-box input (one VPTERNLOGD, and every other round one VPXORD), three
 * GF2P8AFFINEINVQB (the field inversion with the output affine map and L
 * merged into three 8x8 matrices), three VPSHUFB byte rotations and two
 * VPTERNLOGD: 9.5 instructions, 3 of them for port 0 only (GFNI) and 3 for
 * port 5 only (VPSHUFB) on Intel cores with two 512-bit ports, so 4.75
 * cycles per 16 blocks and round at best (doc/PERFORMANCE.md, SM4).
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

/* ---- zmm: 16 blocks per set --------------------------------------------- */

#define SM4Z_B4(bytes) _mm512_broadcast_i32x4(_mm_setr_epi8(bytes))

/* M1 and M1^-1 on every byte (into and out of the y domain, lib/sm4/sm4.h). */
static inline __m512i sm4z_toy(__m512i v)
{
    return _mm512_gf2p8affine_epi64_epi8(v, _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_PRE_MATRIX),
                                         0);
}

static inline __m512i sm4z_fromy(__m512i v)
{
    return _mm512_gf2p8affine_epi64_epi8(
        v, _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_M1INV_MATRIX), 0);
}

/* y ^ M1 L(S(x)) for u = M1 x + c1: three GFNI (one per port-0 cycle),
 * three byte rotations (port 5), two three-input XORs (either). */
static inline __m512i sm4z_yxl(__m512i y, __m512i u)
{
    const __m512i d0 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_D0_MATRIX);
    const __m512i d1 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_D1_MATRIX);
    const __m512i d3 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_D3_MATRIX);
    __m512i z0 = _mm512_gf2p8affineinv_epi64_epi8(u, d0, AXIOM_SM4_GFNI_D0_CONST);
    __m512i z1 = _mm512_gf2p8affineinv_epi64_epi8(u, d1, 0);
    __m512i z3 = _mm512_gf2p8affineinv_epi64_epi8(u, d3, 0);
    y = _mm512_ternarylogic_epi32(y, z0, _mm512_shuffle_epi8(z1, SM4Z_B4(AXIOM_SM4_ROL8_BYTES)),
                                  0x96);
    return _mm512_ternarylogic_epi32(y, _mm512_shuffle_epi8(z1, SM4Z_B4(AXIOM_SM4_ROL16_BYTES)),
                                     _mm512_shuffle_epi8(z3, SM4Z_B4(AXIOM_SM4_ROL24_BYTES)), 0x96);
}

#define SM4V(name) sm4z_##name
#define V_T __m512i
#define V_NB 16
#define V_WIDE 4
#define V_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define V_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
/* Streaming stores of whole vectors only: at 16 MiB, 16-byte pieces
 * (output not 64-byte aligned) measured 12 % slower than normal stores. */
#define V_STORE_NT(p, v) _mm512_stream_si512((void *)(p), (v))
#define V_SET1(x) _mm512_set1_epi32((int)(x))
#define V_XOR(a, b) _mm512_xor_si512((a), (b))
#define V_XOR3(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0x96)
#define V_ADD32(a, b) _mm512_add_epi32((a), (b))
#define V_BSWAP(v) _mm512_shuffle_epi8((v), SM4Z_B4(AXIOM_SM4_BSWAP_BYTES))
#define V_UNPACKLO32 _mm512_unpacklo_epi32
#define V_UNPACKHI32 _mm512_unpackhi_epi32
#define V_UNPACKLO64 _mm512_unpacklo_epi64
#define V_UNPACKHI64 _mm512_unpackhi_epi64
#define V_TOY sm4z_toy
#define V_FROMY sm4z_fromy
#define V_YXL sm4z_yxl
#define V_CTR_OFF _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)
#define V_PREV(cur, before) _mm512_alignr_epi64((cur), (before), 6)
#define V_IV(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define V_STORE_LAST(p, v) \
    _mm_storeu_si128((__m128i *)(void *)(p), _mm512_extracti32x4_epi32((v), 3))
#include "sm4/x86_64/sm4_simd.h"

/* ---- xmm: 4 blocks per set (short inputs, serial modes, key schedule) --- */

#define SM4GX(name) sm4gx_##name
#include "sm4/x86_64/sm4_gfni_x.h"

static inline __m128i sm4gx_yxl(__m128i y, __m128i u)
{
    __m128i z0 = _mm_gf2p8affineinv_epi64_epi8(
        u, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_D0_MATRIX), AXIOM_SM4_GFNI_D0_CONST);
    __m128i z1 =
        _mm_gf2p8affineinv_epi64_epi8(u, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_D1_MATRIX), 0);
    __m128i z3 =
        _mm_gf2p8affineinv_epi64_epi8(u, _mm_set1_epi64x((long long)AXIOM_SM4_GFNI_D3_MATRIX), 0);
    y = _mm_ternarylogic_epi32(y, z0, _mm_shuffle_epi8(z1, _mm_setr_epi8(AXIOM_SM4_ROL8_BYTES)),
                               0x96);
    return _mm_ternarylogic_epi32(y, _mm_shuffle_epi8(z1, _mm_setr_epi8(AXIOM_SM4_ROL16_BYTES)),
                                  _mm_shuffle_epi8(z3, _mm_setr_epi8(AXIOM_SM4_ROL24_BYTES)), 0x96);
}

#define SM4V(name) sm4gx_##name
#define V_T __m128i
#define V_NB 4
#define V_WIDE 2
#define V_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define V_SET1(x) _mm_set1_epi32((int)(x))
#define V_XOR(a, b) _mm_xor_si128((a), (b))
#define V_XOR3(a, b, c) _mm_ternarylogic_epi32((a), (b), (c), 0x96)
#define V_ADD32(a, b) _mm_add_epi32((a), (b))
#define V_BSWAP(v) _mm_shuffle_epi8((v), _mm_setr_epi8(AXIOM_SM4_BSWAP_BYTES))
#define V_UNPACKLO32 _mm_unpacklo_epi32
#define V_UNPACKHI32 _mm_unpackhi_epi32
#define V_UNPACKLO64 _mm_unpacklo_epi64
#define V_UNPACKHI64 _mm_unpackhi_epi64
#define V_TOY sm4gx_toy
#define V_FROMY sm4gx_fromy
#define V_YXL sm4gx_yxl
#define V_CTR_OFF _mm_setr_epi32(0, 1, 2, 3)
#define V_PREV(cur, before) (before)
#define V_IV(p) V_LOAD(p)
#define V_STORE_LAST(p, v) V_STORE((p), (v))
#include "sm4/x86_64/sm4_simd.h"

/* ---- the kernel ------------------------------------------------------------ */

static inline const uint32_t *sm4z_enc_keys(const axiom_bc_ks *ks)
{
    return (const uint32_t *)(const void *)ks->w;
}

static inline const uint32_t *sm4z_dec_keys(const axiom_bc_ks *ks)
{
    return (const uint32_t *)(const void *)((const unsigned char *)ks->w + AXIOM_SM4_DEC_OFFSET);
}

/* GB/T 32907-2016, 7.3, with the S-box on xmm (no table). */
static void sm4z_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    uint32_t *ek = (uint32_t *)(void *)ks->w;
    uint32_t *dk = (uint32_t *)(void *)((unsigned char *)ks->w + AXIOM_SM4_DEC_OFFSET);
    uint32_t k[4];
    (void)keylen;
    for (unsigned j = 0; j < 4; j++)
        k[j] = axiom_load32_be(key + 4 * j) ^ axiom_sm4_fk(j);
    for (unsigned i = 0; i < 32; i++) {
        uint32_t t = k[(i + 1) & 3] ^ k[(i + 2) & 3] ^ k[(i + 3) & 3] ^ axiom_sm4_ck(i);
        uint32_t s = (uint32_t)_mm_cvtsi128_si32(sm4gx_sbox(_mm_cvtsi32_si128((int)t)));
        k[i & 3] ^= axiom_sm4_lk(s);
        ek[i] = k[i & 3];
    }
    for (unsigned i = 0; i < 32; i++)
        dk[i] = ek[31 - i];
    /* into the y domain: M1 rk + c1 in every byte */
    const __m512i m1 = _mm512_set1_epi64((long long)AXIOM_SM4_GFNI_PRE_MATRIX);
    for (unsigned i = 0; i < 64; i += 16) {
        __m512i v = _mm512_loadu_si512((const void *)(ek + i));
        v = _mm512_gf2p8affine_epi64_epi8(v, m1, AXIOM_SM4_GFNI_PRE_CONST);
        _mm512_storeu_si512((void *)(ek + i), v);
    }
    ks->rounds = AXIOM_SM4_ROUNDS;
    axiom_wipe(k, sizeof k);
}

static void sm4z_ecb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n <= 4)
        sm4gx_ecb(sm4z_enc_keys(ks), out, in, n);
    else
        sm4z_ecb(sm4z_enc_keys(ks), out, in, n);
}

static void sm4z_ecb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n <= 4)
        sm4gx_ecb(sm4z_dec_keys(ks), out, in, n);
    else
        sm4z_ecb(sm4z_dec_keys(ks), out, in, n);
}

static void sm4z_ctr_op(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t ctr[16])
{
    if (n < 4)
        sm4gx_ctr(sm4z_enc_keys(ks), out, in, n, ctr);
    else
        sm4z_ctr(sm4z_enc_keys(ks), out, in, n, ctr);
}

static void sm4z_cbc_dec_op(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                            uint8_t iv[16])
{
    if (n < 4)
        sm4gx_cbc_dec(sm4z_dec_keys(ks), out, in, n, iv);
    else
        sm4z_cbc_dec(sm4z_dec_keys(ks), out, in, n, iv);
}

static void sm4z_cfb_dec_op(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                            uint8_t iv[16])
{
    if (n < 4)
        sm4gx_cfb_dec(sm4z_enc_keys(ks), out, in, n, iv);
    else
        sm4z_cfb_dec(sm4z_enc_keys(ks), out, in, n, iv);
}

/* The serial modes, one block per step on xmm. */
static void sm4z_cbc_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                         uint8_t iv[16])
{
    sm4gx_cbc_enc1(sm4z_enc_keys(ks), out, in, n, iv);
}

static void sm4z_cfb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                         uint8_t iv[16])
{
    sm4gx_cfb_enc1(sm4z_enc_keys(ks), out, in, n, iv);
}

static void sm4z_ofb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                     uint8_t iv[16])
{
    sm4gx_ofb1(sm4z_enc_keys(ks), out, in, n, iv);
}

const axiom_bc_kernel axiom_sm4_gfni_avx512 = {
    .name = "gfni-avx512",
    .features = AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "GFNI S-box on zmm, 64 blocks",
    .slow_block = 1,
    .setkey = sm4z_setkey,
    .ecb_enc = sm4z_ecb_enc,
    .ecb_dec = sm4z_ecb_dec,
    .cbc_enc = sm4z_cbc_enc,
    .cbc_dec = sm4z_cbc_dec_op,
    .cfb_enc = sm4z_cfb_enc,
    .cfb_dec = sm4z_cfb_dec_op,
    .ofb = sm4z_ofb,
    .ctr = sm4z_ctr_op,
};
