/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Portable constant-time GHASH (NIST SP 800-38D): the GHASH kernel every
 * CPU can run. */

/*
 * Interleave: one block per multiplication, one reduction per block (the
 * reduction is a handful of shifts; the multiplication dominates).
 * Fused: nothing.  Constant time: yes.  There are no tables indexed by H
 * or by data, and no branches on them: the carry-less product is built
 * from ordinary integer multiplications of operands whose set bits are
 * spread four positions apart, so that no carry can reach a bit that is
 * kept (the idea of BearSSL's "ctmul" GHASH; this code is written from the
 * arithmetic below, not from theirs).  Integer multiplication runs in
 * constant time on every x86-64 and AArch64 core we target.
 *
 * Representation.  SP 800-38D numbers the bits of a block from the most
 * significant bit of byte 0 (coefficient of x^0) to the least significant
 * bit of byte 15 (x^127).  Reading the block as one big-endian 128-bit
 * integer therefore puts x^i at bit 127 - i: the polynomial bit-reflected.
 * For reflected operands a and b, the integer carry-less product is the
 * 256-bit reflection of x * a * b, one position off.  Multiplying by
 * K = H * x^-1 mod P instead of H absorbs that x, so the product of a block
 * with K is the 256-bit reflection of a polynomial congruent to a * H.
 *
 * Reduction modulo P = x^128 + x^7 + x^2 + x + 1, done on the reflection:
 * the low 128 bits of the 256-bit value hold the coefficients of x^128 and
 * above.  Adding a multiple of P (reflected: P* = 1 + y^121 + y^126 +
 * y^127 + y^128 in the bit-position variable y) that clears the low 64 bits,
 * then the next 64, leaves the remainder in the high 128 bits.  P* is 1
 * modulo y^64, so the multiplier for each 64-bit word is the word itself,
 * and its product with y^121 + y^126 + y^127 = y^64 (y^57 + y^62 + y^63) is
 * three shifts.
 */
#include <string.h>

#include "gcm/ghash.h"
#include "core/bc_modes.h"
#include "core/internal.h"

/* Carry-less 32 x 32 -> 64-bit product.  Each operand is split into four
 * classes of bits (positions 0, 1, 2, 3 mod 4); a class holds at most 8
 * bits, so every column of an integer product of two classes receives at
 * most 8 terms and its count (< 16) never carries into the next column of
 * the same class, four bits up.  The parity of each column is the
 * carry-less product bit; the masks keep exactly the columns each class
 * pair can produce. */
static inline uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint64_t m0 = 0x1111111111111111u, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    const uint64_t a0 = a & (uint32_t)m0, a1 = a & (uint32_t)m1;
    const uint64_t a2 = a & (uint32_t)m2, a3 = a & (uint32_t)m3;
    const uint64_t b0 = b & (uint32_t)m0, b1 = b & (uint32_t)m1;
    const uint64_t b2 = b & (uint32_t)m2, b3 = b & (uint32_t)m3;
    const uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    const uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    const uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    const uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

/* Carry-less 64 x 64 -> 128-bit product (Karatsuba over 32-bit halves). */
static inline void clmul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    const uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32);
    const uint32_t b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    const uint64_t p0 = clmul32(a0, b0), p2 = clmul32(a1, b1);
    const uint64_t p1 = clmul32(a0 ^ a1, b0 ^ b1) ^ p0 ^ p2;
    *lo = p0 ^ (p1 << 32);
    *hi = p2 ^ (p1 >> 32);
}

/* (ah:al) * (kh:kl) mod P, all reflected; kx = kh ^ kl (precomputed). */
static inline void gf_mul(uint64_t *ah, uint64_t *al, uint64_t kh, uint64_t kl, uint64_t kx)
{
    uint64_t lh, ll, hh, hl, mh, ml;
    clmul64(*al, kl, &lh, &ll);
    clmul64(*ah, kh, &hh, &hl);
    clmul64(*ah ^ *al, kx, &mh, &ml);
    mh ^= lh ^ hh;
    ml ^= ll ^ hl;
    uint64_t r0 = ll, r1 = lh ^ ml, r2 = hl ^ mh, r3 = hh;
    r1 ^= (r0 << 57) ^ (r0 << 62) ^ (r0 << 63);
    r2 ^= r0 ^ (r0 >> 7) ^ (r0 >> 2) ^ (r0 >> 1);
    r2 ^= (r1 << 57) ^ (r1 << 62) ^ (r1 << 63);
    r3 ^= r1 ^ (r1 >> 7) ^ (r1 >> 2) ^ (r1 >> 1);
    *ah = r3;
    *al = r2;
}

/* Key layout: w[0], w[1] = K = H * x^-1 (reflected, high word first),
 * w[2] = w[0] ^ w[1]. */
static void ghash_ct_init(axiom_ghash_key *hk, const uint8_t h[16])
{
    uint64_t hi = axiom_load64_be(h), lo = axiom_load64_be(h + 8);
    /* Dividing by x is a left shift of the reflection; the constant term
     * falls off the top and comes back as x^-1 = x^127 + x^6 + x + 1. */
    const uint64_t carry = (uint64_t)0 - (hi >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo <<= 1;
    hi ^= carry & UINT64_C(0xc200000000000000);
    lo ^= carry & 1;
    memset(hk, 0, sizeof *hk);
    hk->w[0] = hi;
    hk->w[1] = lo;
    hk->w[2] = hi ^ lo;
}

static void ghash_ct_update(const axiom_ghash_key *hk, uint8_t y[16], const uint8_t *in,
                            size_t n)
{
    const uint64_t kh = hk->w[0], kl = hk->w[1], kx = hk->w[2];
    uint64_t yh = axiom_load64_be(y), yl = axiom_load64_be(y + 8);
    for (; n > 0; n--, in += 16) {
        yh ^= axiom_load64_be(in);
        yl ^= axiom_load64_be(in + 8);
        gf_mul(&yh, &yl, kh, kl, kx);
    }
    axiom_store64_be(y, yh);
    axiom_store64_be(y + 8, yl);
}

const axiom_ghash_kernel axiom_ghash_generic_ct = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "portable constant-time carry-less multiplication",
    .step = 1,
    .init = ghash_ct_init,
    .update = ghash_ct_update,
};
