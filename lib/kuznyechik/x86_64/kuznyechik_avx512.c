/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kuznyechik kernel for x86-64 CPUs with AVX-512 (F, VL, BW), VBMI and
 * GFNI ("gfni-avx512"): byte-sliced, constant time. */

/*
 * Batch: 64 blocks.  Register r holds blocks r, 16 + r, 32 + r and 48 + r
 * (one per 128-bit lane); the same in-lane 16x16 byte transpose as the AVX2
 * kernel turns the 16 registers into 16 byte slices and back.
 *
 * - S: two VPERMI2B look pi up in its low and high 128 entries by the low
 *   seven bits of each byte, and a byte blend on bit 7 (VPMOVB2M) picks
 *   one: 4 instructions per 64 bytes.
 * - L: the recurrence of kuznyechik.h.  Multiplication by a constant in
 *   GF(2^8) is GF(2)-linear, so each of l()'s seven products is one
 *   GF2P8AFFINEQB with an 8x8 bit matrix (lib/kuznyechik/kuznyechik_const.c; the
 *   field polynomial plays no part in the instruction then) and the ten
 *   terms are summed with three-input VPTERNLOG: 6 pair XORs, 7 affine
 *   products and 5 sums per step, 16 steps per L.
 * - Decryption: L^-1 by the backward recurrence and pi^-1 by VPERMI2B.
 *
 * Fused: CTR builds its counter blocks directly as slices (the 128-bit
 * big-endian increment rippled through the byte slices with mask
 * registers) and XORs the keystream into the data during the output
 * transpose.  CBC and CFB decryption run in whole 64-block batches
 * (kuznyechik.h).  A partial batch runs with zero padding lanes through
 * the same code.  CBC and CFB encryption and OFB are serial; they, and ECB
 * (so CBC decryption) and CTR runs of fewer than Z_ONE_MAX blocks, go one
 * block at a time through axiom_kuz_gfni_enc1 or axiom_kuz_gfni_dec1
 * (lib/kuznyechik/x86_64/kuznyechik_avx2_gfni.c).
 *
 * Constant time: the S-box lookups are register permutations, the only
 * branches are on lengths and the public counter value.  The key schedule
 * runs the one-block round (axiom_kuz_gfni_expand, kuznyechik_avx2_gfni.c).
 *
 * Bundle avx512_vbmi_gfni; the one-block code is the avx2_gfni bundle's
 * (VEX-encoded GFNI and AVX2), so the kernel needs AVX2 as well.
 */
#include "config.h"

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"

#define Z_BATCH 64
#define FI static inline __attribute__((always_inline))

typedef struct {
    __m512i p[4];    /* pi or pi^-1, 64 entries per register */
    __m512i mul[7];  /* GF2P8AFFINEQB matrices: 148 32 133 16 194 192 251 */
} z_consts;

FI void z_init(z_consts *c, const uint8_t *box)
{
    for (int i = 0; i < 4; i++)
        c->p[i] = _mm512_loadu_si512((const void *)(box + 64 * i));
    for (int i = 0; i < 7; i++)
        c->mul[i] = _mm512_set1_epi64((long long)axiom_kuz_gfni_mul[i]);
}

/* ---- transposes ----------------------------------------------------------- */

/* See lib/kuznyechik/x86_64/kuznyechik_avx2.h: four rounds of unpacking rows i and
 * i + 8 transpose the 16x16 bytes of every 128-bit lane. */
FI void z_transpose(__m512i v[16])
{
    for (int round = 0; round < 4; round++) {
        __m512i t[16];
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            t[2 * i] = _mm512_unpacklo_epi8(v[i], v[i + 8]);
            t[2 * i + 1] = _mm512_unpackhi_epi8(v[i], v[i + 8]);
        }
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            v[i] = t[i];
    }
}

/* Blocks r, 16 + r, 32 + r, 48 + r of @p. */
FI __m512i z_load4(const uint8_t *p, int r)
{
    __m256i lo = _mm256_loadu2_m128i((const __m128i *)(const void *)(p + 16 * (16 + r)),
                                     (const __m128i *)(const void *)(p + 16 * r));
    __m256i hi = _mm256_loadu2_m128i((const __m128i *)(const void *)(p + 16 * (48 + r)),
                                     (const __m128i *)(const void *)(p + 16 * (32 + r)));
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

FI void z_store4(uint8_t *p, int r, __m512i v)
{
    _mm_storeu_si128((__m128i *)(void *)(p + 16 * r), _mm512_castsi512_si128(v));
    _mm_storeu_si128((__m128i *)(void *)(p + 16 * (16 + r)), _mm512_extracti32x4_epi32(v, 1));
    _mm_storeu_si128((__m128i *)(void *)(p + 16 * (32 + r)), _mm512_extracti32x4_epi32(v, 2));
    _mm_storeu_si128((__m128i *)(void *)(p + 16 * (48 + r)), _mm512_extracti32x4_epi32(v, 3));
}

/* ---- S and L ---------------------------------------------------------------- */

FI __m512i z_sub(const z_consts *c, __m512i x)
{
    __m512i lo = _mm512_permutex2var_epi8(c->p[0], x, c->p[1]);
    __m512i hi = _mm512_permutex2var_epi8(c->p[2], x, c->p[3]);
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), lo, hi);
}

FI __m512i z_xor3(__m512i a, __m512i b, __m512i c)
{
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

FI __m512i z_mul(const z_consts *c, int k, __m512i x)
{
    return _mm512_gf2p8affine_epi64_epi8(x, c->mul[k], 0);
}

FI __m512i z_l(const z_consts *c, __m512i a0, __m512i a1, __m512i a2, __m512i a3, __m512i a4,
               __m512i a5, __m512i a6, __m512i a7, __m512i a8, __m512i a9, __m512i a10,
               __m512i a11, __m512i a12, __m512i a13, __m512i a14, __m512i a15)
{
    __m512i m0 = z_mul(c, 0, _mm512_xor_si512(a0, a14));   /* 148 */
    __m512i m1 = z_mul(c, 1, _mm512_xor_si512(a1, a13));   /* 32 */
    __m512i m2 = z_mul(c, 2, _mm512_xor_si512(a2, a12));   /* 133 */
    __m512i m3 = z_mul(c, 3, _mm512_xor_si512(a3, a11));   /* 16 */
    __m512i m4 = z_mul(c, 4, _mm512_xor_si512(a4, a10));   /* 194 */
    __m512i m5 = z_mul(c, 5, _mm512_xor_si512(a5, a9));    /* 192 */
    __m512i m7 = z_mul(c, 6, a7);                          /* 251 */
    __m512i r = z_xor3(m0, m1, m2);
    __m512i s = z_xor3(m3, m4, m5);
    __m512i t = z_xor3(m7, a6, a8);
    return _mm512_xor_si512(z_xor3(r, s, t), a15);
}

FI void z_lin(const z_consts *c, __m512i s[16])
{
    __m512i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 0; t < 16; t++)
        e[t + 16] = z_l(c, e[t + 15], e[t + 14], e[t + 13], e[t + 12], e[t + 11], e[t + 10],
                        e[t + 9], e[t + 8], e[t + 7], e[t + 6], e[t + 5], e[t + 4], e[t + 3],
                        e[t + 2], e[t + 1], e[t]);
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[31 - i];
}

FI void z_lin_inv(const z_consts *c, __m512i s[16])
{
    __m512i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[16 + k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 15; t >= 0; t--)
        e[t] = z_l(c, e[t + 15], e[t + 14], e[t + 13], e[t + 12], e[t + 11], e[t + 10],
                   e[t + 9], e[t + 8], e[t + 7], e[t + 6], e[t + 5], e[t + 4], e[t + 3],
                   e[t + 2], e[t + 1], e[t + 16]);
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[15 - i];
}

FI void z_addkey(__m512i s[16], const uint8_t *k)
{
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = _mm512_xor_si512(s[j], _mm512_set1_epi8((char)k[j]));
}

/* ---- the cipher on slices ---------------------------------------------------- */

static void z_encrypt(const axiom_bc_ks *ks, __m512i s[16])
{
    z_consts c;
    z_init(&c, axiom_kuz_pi);
    for (unsigned r = 0; r < 9; r++) {
        z_addkey(s, axiom_kuz_rk(ks, r));
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = z_sub(&c, s[j]);
        z_lin(&c, s);
    }
    z_addkey(s, axiom_kuz_rk(ks, 9));
}

static void z_decrypt(const axiom_bc_ks *ks, __m512i s[16])
{
    z_consts c;
    z_init(&c, axiom_kuz_pi_inv);
    z_addkey(s, axiom_kuz_rk(ks, 9));
    for (unsigned r = 9; r-- > 0;) {
        z_lin_inv(&c, s);
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = z_sub(&c, s[j]);
        z_addkey(s, axiom_kuz_rk(ks, r));
    }
}

static void z_batch(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,
                    void (*core)(const axiom_bc_ks *, __m512i *))
{
    __m512i s[16];
    for (int r = 0; r < 16; r++)
        s[r] = z_load4(in, r);
    z_transpose(s);
    core(ks, s);
    z_transpose(s);
    for (int r = 0; r < 16; r++)
        z_store4(out, r, s[r]);
}

static void z_blocks(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                     void (*core)(const axiom_bc_ks *, __m512i *))
{
    for (; n >= Z_BATCH; n -= Z_BATCH) {
        z_batch(ks, out, in, core);
        in += 16 * Z_BATCH;
        out += 16 * Z_BATCH;
    }
    if (n > 0) {
        /* padding lanes: zeros, output dropped */
        uint8_t buf[16 * Z_BATCH] = { 0 };
        memcpy(buf, in, 16 * n);
        z_batch(ks, buf, buf, core);
        memcpy(out, buf, 16 * n);
        axiom_wipe(buf, sizeof buf);
    }
}

/* Serial modes, and ECB (CBC decryption with it) and CTR runs of fewer
 * than Z_ONE_MAX blocks, go one block at a time (axiom_kuz_gfni_enc1 and
 * axiom_kuz_gfni_dec1, about 1/5 of a batch each). */
#define Z_ONE axiom_kuz_gfni_enc1
#define Z_ONE_DEC axiom_kuz_gfni_dec1
#define Z_ONE_MAX 5

static void kuz_z_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n < Z_ONE_MAX)
        Z_ONE(ks, out, in, n);
    else
        z_blocks(ks, out, in, n, z_encrypt);
}

static void kuz_z_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n < Z_ONE_MAX)
        Z_ONE_DEC(ks, out, in, n);
    else
        z_blocks(ks, out, in, n, z_decrypt);
}

/* ---- CTR ------------------------------------------------------------------------ */

/* Slices of the counter blocks ctr + i, i = 0..63: block i sits at byte i
 * of every slice. */
static void z_ctr_slices(__m512i s[16], const uint8_t ctr[16])
{
    const __m512i idx = _mm512_set_epi64(
        0x3f3e3d3c3b3a3938, 0x3736353433323130, 0x2f2e2d2c2b2a2928, 0x2726252423222120,
        0x1f1e1d1c1b1a1918, 0x1716151413121110, 0x0f0e0d0c0b0a0908, 0x0706050403020100);
    const __m512i one = _mm512_set1_epi8(1);
    s[15] = _mm512_add_epi8(_mm512_set1_epi8((char)ctr[15]), idx);
    __mmask64 carry = _mm512_cmpgt_epu8_mask(idx, _mm512_set1_epi8((char)(255 - ctr[15])));
    int live = 1;
    for (int j = 14; j >= 0; j--) {
        __m512i c = _mm512_set1_epi8((char)ctr[j]);
        s[j] = live ? _mm512_mask_add_epi8(c, carry, c, one) : c;
        if (ctr[j] != 0xff)
            live = 0; /* the counter is public: the carry stops here */
    }
}

static void kuz_z_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                      uint8_t ctr[16])
{
    while (n > 0) {
        if (n < Z_ONE_MAX) {
            axiom_bc_ctr_batched(ks, out, in, n, ctr, Z_ONE, Z_ONE_MAX);
            return;
        }
        __m512i s[16];
        z_ctr_slices(s, ctr);
        z_encrypt(ks, s);
        z_transpose(s);
        if (n >= Z_BATCH) {
            for (int r = 0; r < 16; r++)
                z_store4(out, r, _mm512_xor_si512(z_load4(in, r), s[r]));
            axiom_ctr128_add(ctr, Z_BATCH);
            in += 16 * Z_BATCH;
            out += 16 * Z_BATCH;
            n -= Z_BATCH;
        } else {
            uint8_t ksb[16 * Z_BATCH];
            for (int r = 0; r < 16; r++)
                z_store4(ksb, r, s[r]);
            for (size_t i = 0; i < n; i++)
                axiom_xor16(out + 16 * i, in + 16 * i, ksb + 16 * i);
            axiom_ctr128_add(ctr, n);
            axiom_wipe(ksb, sizeof ksb);
            n = 0;
        }
    }
}

/* ---- the other modes --------------------------------------------------------- */

static void kuz_z_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    (void)keylen;
    axiom_kuz_gfni_expand(ks, key);
    axiom_stack_wipe(); /* its spilled halves */
}

static void kuz_z_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    axiom_bc_cbc_dec_batched(ks, out, in, n, iv, kuz_z_dec, Z_BATCH);
}

static void kuz_z_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    axiom_bc_cfb_dec_batched(ks, out, in, n, iv, kuz_z_enc, Z_BATCH);
}

AXIOM_BC_DEFINE_MODE(kuz_z_xts_enc, AXIOM_BC_XTS, kuz_z_enc)
AXIOM_BC_DEFINE_MODE(kuz_z_xts_dec, AXIOM_BC_XTS, kuz_z_dec)

const axiom_bc_kernel axiom_kuz_gfni_avx512 = {
    .name = "gfni-avx512",
    .features = AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_AVX512VBMI | AXIOM_CPU_GFNI,
    .constant_time = 1,
    .desc = "byte-sliced GFNI on zmm, 64 blocks",
    .steps = { 5, 8, 64 }, /* one block at a time below 5, then Z_BATCH 64; XTS stages 8 */
    .slow_block = 1,
    .setkey = kuz_z_setkey,
    .ecb_enc = kuz_z_enc,
    .ecb_dec = kuz_z_dec,
    .cbc_enc = axiom_kuz_gfni_cbc_enc,
    .cbc_dec = kuz_z_cbc_dec,
    .cfb_enc = axiom_kuz_gfni_cfb_enc,
    .cfb_dec = kuz_z_cfb_dec,
    .ofb = axiom_kuz_gfni_ofb,
    .ctr = kuz_z_ctr,
    .xts_enc = kuz_z_xts_enc,
    .xts_dec = kuz_z_xts_dec,
};
