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
 * block at a time through the zmm one-block round below (z1_*), as does
 * the key schedule.
 *
 * Constant time: the S-box lookups are register permutations, the only
 * branches are on lengths and the public counter value.
 *
 * Bundle avx512_vbmi_gfni (all of this kernel's code is here; its
 * feature set also names AVX2, which every AVX-512 CPU has).
 */
#include "config.h"

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bytes.h"
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

/* Bytes 0, 1, ..., 63. */
FI __m512i z_iota(void)
{
    return _mm512_set_epi64(0x3f3e3d3c3b3a3938, 0x3736353433323130, 0x2f2e2d2c2b2a2928,
                            0x2726252423222120, 0x1f1e1d1c1b1a1918, 0x1716151413121110,
                            0x0f0e0d0c0b0a0908, 0x0706050403020100);
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

/* A 256-entry byte table in four registers, looked up by every byte of
 * @x: VPERMI2B by the low seven bits in each half, a blend on bit 7. */
FI __m512i z_look(const __m512i t[4], __m512i x)
{
    __m512i lo = _mm512_permutex2var_epi8(t[0], x, t[1]);
    __m512i hi = _mm512_permutex2var_epi8(t[2], x, t[3]);
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), lo, hi);
}

FI __m512i z_sub(const z_consts *c, __m512i x)
{
    return z_look(c->p, x);
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

/* Rounds @from .. 8 (key, S, L) and the last key, on slices; MGM's batch
 * runs its own first round and then these. */
FI void z_rounds(const axiom_bc_ks *ks, const z_consts *c, __m512i s[16], unsigned from)
{
    for (unsigned r = from; r < 9; r++) {
        z_addkey(s, axiom_kuz_rk(ks, r));
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = z_sub(c, s[j]);
        z_lin(c, s);
    }
    z_addkey(s, axiom_kuz_rk(ks, 9));
}

static void z_encrypt(const axiom_bc_ks *ks, __m512i s[16])
{
    z_consts c;
    z_init(&c, axiom_kuz_pi);
    z_rounds(ks, &c, s, 0);
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

/* ---- one block at a time ------------------------------------------------------ */

/*
 * The serial modes (CBC and CFB encryption, OFB, so CMAC and OMAC-ACPKM),
 * the key schedule and ECB and CTR runs of fewer than Z_ONE_MAX blocks
 * wait on one block's latency, not on a batch.  As in the GFNI one-block
 * round of the avx2_gfni bundle (kuznyechik_avx2_gfni.c), the block is
 * kept mapped by phi into GF2P8MULB's field, where L is
 *     phi(L(x)) = sum_j phi(x_j) col_j,   col_j = axiom_kuz_gfni_lcol[j],
 * but with VBMI the whole round stays in one zmm register:
 *
 * - S is pi on phi-mapped bytes, phi o pi o phi^-1: a 256-byte table in
 *   four registers (worked out from axiom_kuz_pi at set-up, three
 *   instructions per 64 entries), looked up by z1_sub: two VPERMI2B and
 *   a select on bit 7.
 * - L: the 256 products phi(x_j) col_j[o] fill four registers.  The
 *   block sits in "layout D": byte o at position D(o) = 16 (o / 4) + o % 4
 *   of the register, that is byte o % 4 of dword 0 of lane o / 4; the
 *   other bytes are don't-care.  Register k (k = 0..3) holds at position
 *   16 l + 4 c + a the product of x_j, j = 4 c + k, by col_j[4 l + a]:
 *   one VPERMB spreads the bytes (from D(j) = 16 c + k), one GF2P8MULB
 *   multiplies.  Summing the four registers and then the four dwords of
 *   each lane (two byte shifts within the lanes) leaves output byte
 *   o = 4 l + a at D(o): the result is in layout D again, with no
 *   cross-lane fold.  The last XOR takes the next round key (kept in
 *   layout D), or the other Feistel half in the key schedule.
 * Measured on an Intel Xeon with AMX and AVX512-FP16 (reported as family
 * 6, model 167): S about 9.5 core cycles, L about 17, a round about 27,
 * kuznyechik-cmac about 250 cycles a block against about 430 with the
 * avx2_gfni round (nibble tables for S), which CPUs without VBMI keep.
 * Decryption: the tables of pi^-1 and the columns of L^-1
 * (axiom_kuz_gfni_lcol_inv), the round key added after S^-1.
 *
 * Constant time: every lookup is a register permutation; the branches
 * are on lengths and on the direction.
 */
typedef struct {
    __m512i s[4];                 /* phi o pi o phi^-1 (or pi^-1), 64 entries each */
    __m512i idx[4], col[4];       /* L (or L^-1): spreads and products, see above */
    __m512i to_d, from_d;         /* bytes 0..15 to layout D and back */
    __m512i k[AXIOM_KUZ_ROUNDS];  /* round keys, phi-mapped, layout D */
} z1_consts;

#define Z1_PHI _mm512_set1_epi64((long long)axiom_kuz_gfni_phi[0])
#define Z1_IPHI _mm512_set1_epi64((long long)axiom_kuz_gfni_phi[1])

FI __m512i z1_map(__m512i x, __m512i m)
{
    return _mm512_gf2p8affine_epi64_epi8(x, m, 0);
}

/* Bytes of @p (0..63) masked and shifted, without byte shifts: the
 * masks clear the bits that the 16-bit shifts carry across bytes. */
FI __m512i z1_bits(__m512i p, int mask, int shl, int shr)
{
    __m512i x = _mm512_and_si512(p, _mm512_set1_epi8((char)mask));
    if (shl)
        x = _mm512_slli_epi16(x, shl);
    if (shr)
        x = _mm512_srli_epi16(x, shr);
    return x;
}

/* z_look for one block, where latency counts: the select on bit 7 is a
 * VPTERNLOG on a byte mask from VPSHUFB (which zeroes the bytes with bit 7
 * set), not VPMOVB2M and a masked move, each of them slower. */
FI __m512i z1_sub(const __m512i t[4], __m512i x)
{
    const __m512i lo = _mm512_permutex2var_epi8(t[0], x, t[1]);
    const __m512i hi = _mm512_permutex2var_epi8(t[2], x, t[3]);
    const __m512i low_half = _mm512_shuffle_epi8(_mm512_set1_epi8(-1), x);
    return _mm512_ternarylogic_epi64(low_half, lo, hi, 0xca); /* low_half ? lo : hi */
}

/* S and L (or their inverses), without the round keys. */
FI void z1_init_sl(z1_consts *c, int inverse)
{
    const __m512i phi = Z1_PHI, iphi = Z1_IPHI, p = z_iota();
    const uint8_t *box = inverse ? axiom_kuz_pi_inv : axiom_kuz_pi;
    const uint8_t *col = &(inverse ? axiom_kuz_gfni_lcol_inv : axiom_kuz_gfni_lcol)[0][0];
    __m512i t[4], lc[4];
    for (int i = 0; i < 4; i++) {
        t[i] = _mm512_loadu_si512((const void *)(box + 64 * i));
        lc[i] = _mm512_loadu_si512((const void *)(col + 64 * i)); /* col_j[o] at 16 j + o */
    }
    for (int i = 0; i < 4; i++)
        c->s[i] = z1_map(z_look(t, z1_map(_mm512_add_epi8(p, _mm512_set1_epi8((char)(64 * i))),
                                          iphi)),
                         phi);
    /* position p = 16 l + 4 c + a */
    const __m512i lo = z1_bits(p, 3, 0, 0);                  /* a */
    const __m512i c16 = z1_bits(p, 12, 2, 0);                /* 16 c */
    const __m512i l4 = z1_bits(p, 0x30, 0, 2);               /* 4 l */
    const __m512i c64 = z1_bits(p, 12, 4, 0);                /* 64 c */
    for (int k = 0; k < 4; k++) {
        const __m512i kk = _mm512_set1_epi8((char)k);
        c->idx[k] = _mm512_or_si512(c16, kk);                 /* D(4 c + k) */
        /* col_{4c+k}[4l+a], at 16 (4 c + k) + 4 l + a of the columns */
        const __m512i ci = _mm512_or_si512(_mm512_or_si512(c64, _mm512_slli_epi16(kk, 4)),
                                           _mm512_or_si512(l4, lo));
        c->col[k] = z_look(lc, ci);
    }
    c->to_d = _mm512_or_si512(l4, lo);                        /* o = 4 l + a */
    c->from_d = _mm512_or_si512(z1_bits(p, 12, 2, 0), lo);    /* D(o) for o < 16 */
}

FI __m512i z1_load(const z1_consts *c, const uint8_t *p)
{
    const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
    return z1_map(_mm512_permutexvar_epi8(c->to_d, _mm512_castsi128_si512(x)), Z1_PHI);
}

FI __m128i z1_bytes(const z1_consts *c, __m512i x)
{
    return _mm512_castsi512_si128(z1_map(_mm512_permutexvar_epi8(c->from_d, x), Z1_IPHI));
}

FI void z1_store(const z1_consts *c, uint8_t *p, __m512i x)
{
    _mm_storeu_si128((__m128i *)(void *)p, z1_bytes(c, x));
}

FI void z1_init(z1_consts *c, const axiom_bc_ks *ks, int inverse)
{
    z1_init_sl(c, inverse);
    for (unsigned i = 0; i < AXIOM_KUZ_ROUNDS; i++)
        c->k[i] = z1_load(c, axiom_kuz_rk(ks, i));
}

/* L(y) ^ @k, layout D. */
FI __m512i z1_lin(const z1_consts *c, __m512i y, __m512i k)
{
    __m512i m[4];
#pragma GCC unroll 4
    for (int j = 0; j < 4; j++)
        m[j] = _mm512_gf2p8mul_epi8(_mm512_permutexvar_epi8(c->idx[j], y), c->col[j]);
    const __m512i v = _mm512_xor_si512(z_xor3(m[0], m[1], m[2]), m[3]);
    /* dwords 1, 2, 3 of each lane onto dword 0: one shift on each port */
    const __m512i t = z_xor3(v, _mm512_srli_epi64(v, 32), _mm512_bsrli_epi128(v, 8));
    return z_xor3(t, _mm512_bsrli_epi128(v, 12), k);
}

/* The cipher on one or two phi-mapped blocks (two chains side by side). */
FI void z1_encrypt(const z1_consts *c, __m512i *x, int two)
{
    x[0] = _mm512_xor_si512(x[0], c->k[0]);
    if (two)
        x[1] = _mm512_xor_si512(x[1], c->k[0]);
    for (unsigned r = 0; r < 9; r++) {
        x[0] = z1_lin(c, z1_sub(c->s, x[0]), c->k[r + 1]);
        if (two)
            x[1] = z1_lin(c, z1_sub(c->s, x[1]), c->k[r + 1]);
    }
}

/* Its inverse, with constants from z1_init(.., 1). */
FI void z1_decrypt(const z1_consts *c, __m512i *x, int two)
{
    const __m512i zero = _mm512_setzero_si512();
    x[0] = _mm512_xor_si512(x[0], c->k[9]);
    if (two)
        x[1] = _mm512_xor_si512(x[1], c->k[9]);
    for (unsigned r = 9; r-- > 0;) {
        x[0] = _mm512_xor_si512(z1_sub(c->s, z1_lin(c, x[0], zero)), c->k[r]);
        if (two)
            x[1] = _mm512_xor_si512(z1_sub(c->s, z1_lin(c, x[1], zero)), c->k[r]);
    }
}

/* @n blocks, two at a time and the odd one on its own (kuznyechik.h). */
FI void z1_ecb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int inverse)
{
    z1_consts c;
    __m512i x[2];
    z1_init(&c, ks, inverse);
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        x[0] = z1_load(&c, in);
        x[1] = z1_load(&c, in + 16);
        if (inverse)
            z1_decrypt(&c, x, 1);
        else
            z1_encrypt(&c, x, 1);
        z1_store(&c, out, x[0]);
        z1_store(&c, out + 16, x[1]);
    }
    if (n) {
        x[0] = z1_load(&c, in);
        if (inverse)
            z1_decrypt(&c, x, 0);
        else
            z1_encrypt(&c, x, 0);
        z1_store(&c, out, x[0]);
    }
    axiom_wipe(&c, sizeof c);
}

static void z1_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    z1_ecb(ks, out, in, n, 0);
}

static void z1_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    z1_ecb(ks, out, in, n, 1);
}

/* The key schedule (kuznyechik.h) with this round: the 32 Feistel rounds
 * (a1, a0) <- (L(S(a1 ^ C_i)) ^ a0, a1) on phi-mapped halves in layout D,
 * a0 taken in by L's last XOR; the constants are mapped as they are
 * loaded, off the chain.  The same round keys as axiom_kuz_expand_ct. */
__attribute__((noinline)) static void z1_expand(axiom_bc_ks *ks, const uint8_t *key)
{
    uint8_t *k = (uint8_t *)ks->w;
    z1_consts c;
    z1_init_sl(&c, 0);
    __m512i a1 = z1_load(&c, key), a0 = z1_load(&c, key + 16);
    memmove(k, key, 32);
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned j = 0; j < 8; j++) {
            const __m512i t = z1_lin(
                &c, z1_sub(c.s, _mm512_xor_si512(a1, z1_load(&c, axiom_kuz_c[8 * i + j]))), a0);
            a0 = a1;
            a1 = t;
        }
        z1_store(&c, k + 32 * (i + 1), a1);
        z1_store(&c, k + 32 * (i + 1) + 16, a0);
    }
    ks->rounds = AXIOM_KUZ_ROUNDS;
}

/* The serial modes: the chaining value stays phi-mapped in layout D from
 * block to block, so the maps of the data are off the chain. */
FI void z1_serial(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                  uint8_t iv[16], int mode)
{
    z1_consts c;
    z1_init(&c, ks, 0);
    __m512i v = z1_load(&c, iv);
    for (; n > 0; n--, in += 16, out += 16) {
        if (mode == AXIOM_BC_CBC_ENC) {
            v = _mm512_xor_si512(v, z1_load(&c, in));
            z1_encrypt(&c, &v, 0);
            z1_store(&c, out, v);
        } else if (mode == AXIOM_BC_CFB_ENC) {
            z1_encrypt(&c, &v, 0);
            v = _mm512_xor_si512(v, z1_load(&c, in));
            z1_store(&c, out, v);
        } else { /* OFB */
            z1_encrypt(&c, &v, 0);
            _mm_storeu_si128((__m128i *)(void *)out,
                             _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in),
                                           z1_bytes(&c, v)));
        }
    }
    z1_store(&c, iv, v);
    axiom_wipe(&c, sizeof c);
}

static void z1_cbc_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[16])
{
    z1_serial(ks, out, in, n, iv, AXIOM_BC_CBC_ENC);
}

static void z1_cfb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[16])
{
    z1_serial(ks, out, in, n, iv, AXIOM_BC_CFB_ENC);
}

static void z1_ofb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                   uint8_t iv[16])
{
    z1_serial(ks, out, in, n, iv, AXIOM_BC_OFB);
}

/* ECB (CBC decryption with it) and CTR runs of fewer than Z_ONE_MAX
 * blocks go one block at a time. */
#define Z_ONE z1_enc
#define Z_ONE_DEC z1_dec
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
    const __m512i idx = z_iota();
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

/* ---- MGM's text batches ----------------------------------------------------- */

/*
 * A batch of MGM's text is 32 Y counter blocks (positions 0..31 of the
 * slices) and 32 Z counter blocks (32..63), built here rather than
 * loaded.  Y's high half and Z's low half are the same in every block of
 * a message, so only eight bytes of each block vary: the "varying
 * slices" v_k (k = 0..7) hold byte 8 + k of the Y blocks and byte k of
 * the Z blocks.  They come from the counters' 64-bit halves (vector adds,
 * which wrap mod 2^64 with no branch on the secret values) XORed with the
 * first round key's matching half, by one two-source VPERMB per pair of
 * registers and a 4 x 4 transpose of 128-bit lanes.  The first round is
 * then S on those eight slices only, and L as products by L's matrix
 * over the field: output slice o = C_o + sum_k L[o][8 + k] S(v_k) for the
 * Y blocks, L[o][k] for the Z blocks, one GF2P8AFFINEQB per (o, k) with
 * the two halves' matrices side by side (axiom_kuz_gfni_lmgm); C_o, the
 * constant bytes' share, is computed once per message (pre).  That is
 * 8 S and 128 products against 16 S and L's 112 products and 176 sums,
 * and no counter stores, loads or input transpose.  The other rounds and
 * the output are z_encrypt's and ECB's.
 */

/* Bytes 8 i + 7 - (4 h + k') at position 16 k' + i: for the pair of
 * registers holding the 64-bit values of blocks 16 a + i, byte 16 k' + i
 * of a two-source VPERMB becomes big-endian byte 4 h + k' of block
 * 16 a + i. */
FI __m512i z_mgm_idx(int h)
{
    const __m512i p = z_iota();
    const __m512i i8 = _mm512_slli_epi16(_mm512_and_si512(p, _mm512_set1_epi8(15)), 3);
    const __m512i k = _mm512_srli_epi16(_mm512_and_si512(p, _mm512_set1_epi8(0x30)), 4);
    return _mm512_sub_epi8(_mm512_add_epi8(i8, _mm512_set1_epi8((char)(7 - 4 * h))), k);
}

/* The eight varying slices from the values of blocks 8 r + j in qword j
 * of q[r]: v[k] byte p = big-endian byte k of block p's value. */
FI void z_mgm_slices(__m512i v[8], const __m512i q[8])
{
#pragma GCC unroll 2
    for (int h = 0; h < 2; h++) {
        const __m512i idx = z_mgm_idx(h);
        __m512i x[4];
#pragma GCC unroll 4
        for (int a = 0; a < 4; a++) /* lane k' of x[a]: byte 4 h + k' of blocks 16 a .. */
            x[a] = _mm512_permutex2var_epi8(q[2 * a], idx, q[2 * a + 1]);
        const __m512i y0 = _mm512_shuffle_i64x2(x[0], x[1], 0x88); /* lanes 0 2 | 0 2 */
        const __m512i y1 = _mm512_shuffle_i64x2(x[0], x[1], 0xdd); /* lanes 1 3 | 1 3 */
        const __m512i y2 = _mm512_shuffle_i64x2(x[2], x[3], 0x88);
        const __m512i y3 = _mm512_shuffle_i64x2(x[2], x[3], 0xdd);
        v[4 * h + 0] = _mm512_shuffle_i64x2(y0, y2, 0x88);
        v[4 * h + 1] = _mm512_shuffle_i64x2(y1, y3, 0x88);
        v[4 * h + 2] = _mm512_shuffle_i64x2(y0, y2, 0xdd);
        v[4 * h + 3] = _mm512_shuffle_i64x2(y1, y3, 0xdd);
    }
}

/* sum_k (products of @w[k] by L's coefficients, Y then Z halves) ^ @c. */
FI __m512i z_mgm_l(const __m512i w[8], int o, __m512i c)
{
    __m512i m[8];
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++)
        m[k] = _mm512_gf2p8affine_epi64_epi8(
            w[k], _mm512_loadu_si512((const void *)axiom_kuz_gfni_lmgm[o][k]), 0);
    return z_xor3(z_xor3(m[0], m[1], m[2]), z_xor3(m[3], m[4], m[5]), z_xor3(m[6], m[7], c));
}

void axiom_kuz_z_mgm_pre(axiom_kuz_mgm_pre *pre, const axiom_bc_ks *ks, uint64_t yhi, uint64_t zlo)
{
    z_consts c;
    z_init(&c, axiom_kuz_pi);
    const uint8_t *k1 = axiom_kuz_rk(ks, 0);
    const uint64_t khi = axiom_load64_be(k1), klo = axiom_load64_be(k1 + 8);
    /* the constant bytes, halves swapped so that the table's matrices
     * apply: Z's (zlo) in qwords 0..3, Y's (yhi) in 4..7 */
    const __m512i q = _mm512_inserti64x4(_mm512_set1_epi64((long long)(zlo ^ klo)),
                                         _mm256_set1_epi64x((long long)(yhi ^ khi)), 1);
    const __m512i up = _mm512_andnot_si512(_mm512_set1_epi8(7), z_iota());
    __m512i w[8];
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) /* big-endian byte k of each qword */
        w[k] = z_sub(&c, _mm512_permutexvar_epi8(
                             _mm512_or_si512(up, _mm512_set1_epi8((char)(7 - k))), q));
    for (int o = 0; o < 16; o++) {
        const __m512i d = z_mgm_l(w, o, _mm512_setzero_si512());
        _mm512_store_si512((void *)pre->c[o], _mm512_shuffle_i64x2(d, d, 0x4e));
    }
    pre->kq[0] = klo; /* Y varies in its low half */
    pre->kq[1] = khi;
}

void axiom_kuz_z_mgm_blocks(const axiom_kuz_mgm_pre *pre, const axiom_bc_ks *ks, uint8_t *out,
                            uint64_t ylo, uint64_t zhi, int lanes)
{
    z_consts c;
    z_init(&c, axiom_kuz_pi);
    const __m512i j = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i by = _mm512_add_epi64(_mm512_set1_epi64((long long)ylo), j);
    const __m512i bz = _mm512_add_epi64(_mm512_set1_epi64((long long)zhi), j);
    const __m512i ky = _mm512_set1_epi64((long long)pre->kq[0]);
    const __m512i kz = _mm512_set1_epi64((long long)pre->kq[1]);
    __m512i q[8], v[8], s[16];
#pragma GCC unroll 4
    for (int r = 0; r < 4; r++) {
        const __m512i off = _mm512_set1_epi64(8 * r);
        q[r] = _mm512_xor_si512(_mm512_add_epi64(by, off), ky);
        q[4 + r] = _mm512_xor_si512(_mm512_add_epi64(bz, off), kz);
    }
    z_mgm_slices(v, q);
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++)
        v[k] = z_sub(&c, v[k]);
#pragma GCC unroll 16
    for (int o = 0; o < 16; o++)
        s[o] = z_mgm_l(v, o, _mm512_load_si512((const void *)pre->c[o]));
    z_rounds(ks, &c, s, 1);
    z_transpose(s);
    if (lanes) { /* register r as it stands: Y_r, Y_16+r, Z_r, Z_16+r */
        for (int r = 0; r < 16; r++)
            _mm512_storeu_si512((void *)(out + 64 * r), s[r]);
    } else {
        for (int r = 0; r < 16; r++)
            z_store4(out, r, s[r]);
    }
}

/* ---- the other modes --------------------------------------------------------- */

static void kuz_z_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    (void)keylen;
    z1_expand(ks, key);
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
    .cbc_enc = z1_cbc_enc,
    .cbc_dec = kuz_z_cbc_dec,
    .cfb_enc = z1_cfb_enc,
    .cfb_dec = kuz_z_cfb_dec,
    .ofb = z1_ofb,
    .ctr = kuz_z_ctr,
    .xts_enc = kuz_z_xts_enc,
    .xts_dec = kuz_z_xts_dec,
};
