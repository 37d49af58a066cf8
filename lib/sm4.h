/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SM4 (GB/T 32907-2016) constants and helpers shared by the portable
 * masked kernel (lib/sm4.c) and the SIMD kernels (lib/x86_64/sm4_*.c).
 * Everything here is static inline or a macro, so that no ISA-compiled copy
 * leaks into portable code. */
#ifndef AXIOM_SM4_H
#define AXIOM_SM4_H

#include <stdint.h>

#define AXIOM_SM4_ROUNDS 32

/* SM4-GCM tiers (lib/sm4_gcm.c), best first, NULL-terminated; for the
 * white-box tests. */
struct axiom_gcm_kernel;
extern const struct axiom_gcm_kernel *const axiom_sm4_gcm_kernels[];

/* Byte offset, inside axiom_bc_ks, of the decryption round keys of the
 * SIMD kernels (the encryption round keys in reverse order); the
 * encryption round keys sit at byte 0. */
#define AXIOM_SM4_DEC_OFFSET 128

/* System parameter FK (GB/T 32907-2016, 7.3). */
static inline uint32_t axiom_sm4_fk(unsigned i)
{
    static const uint32_t fk[4] = { 0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc };
    return fk[i & 3];
}

/* Fixed parameter CK_i: byte j (big-endian) of CK_i is (4i + j) * 7 mod 256
 * (GB/T 32907-2016, 7.3). */
static inline uint32_t axiom_sm4_ck(unsigned i)
{
    uint32_t ck = 0;
    for (unsigned j = 0; j < 4; j++)
        ck = (ck << 8) | (uint8_t)((4 * i + j) * 7);
    return ck;
}

static inline uint32_t axiom_sm4_rol(uint32_t x, unsigned n)
{
    return (x << n) | (x >> ((32 - n) & 31));
}

/* The linear transforms of the round function (L) and of the key schedule
 * (L'). */
static inline uint32_t axiom_sm4_l(uint32_t b)
{
    return b ^ axiom_sm4_rol(b, 2) ^ axiom_sm4_rol(b, 10) ^ axiom_sm4_rol(b, 18) ^
           axiom_sm4_rol(b, 24);
}

static inline uint32_t axiom_sm4_lk(uint32_t b)
{
    return b ^ axiom_sm4_rol(b, 13) ^ axiom_sm4_rol(b, 23);
}

static inline uint32_t axiom_sm4_load_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static inline void axiom_sm4_store_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* The S-box is affine-equivalent to inversion in GF(2^8): with the SM4
 * field GF(2)[x]/(x^8+x^7+x^6+x^5+x^4+x^2+1), S(x) = A inv(A x + 0xd3) +
 * 0xd3 for one circulant matrix A.  Mapping that field onto the AES field
 * GF(2)[x]/(x^8+x^4+x^3+x+1) by the isomorphism that sends x to 0x23 (a
 * root of the SM4 polynomial there) turns it into
 *     S(x) = M2 invAES(M1 x + c1) + c2,
 * and, through the AES S-box SB(y) = Aaes invAES(y) + 0x63,
 *     S(x) = M3 SB(M1 x + c1) + c3.
 * The matrices below are in the GF2P8AFFINEQB encoding (byte 7 - i of the
 * quadword is the row that yields output bit i); the nibble tables encode
 * the same affine maps for PSHUFB (low nibble table includes the constant).
 * They were derived offline from the standard's S-box table and checked on
 * all 256 inputs; the test suite checks every kernel against the table. */
#define AXIOM_SM4_GFNI_PRE_MATRIX 0x4c287db91a22505dULL   /* M1 */
#define AXIOM_SM4_GFNI_PRE_CONST 0x3e                     /* c1 */
#define AXIOM_SM4_GFNI_POST_MATRIX 0xf3ab34a974a6b589ULL  /* M2 */
#define AXIOM_SM4_GFNI_POST_CONST 0xd3                    /* c2 */

#define AXIOM_SM4_PRE_LO                                                        \
    0x3e, 0xb2, 0x0e, 0x82, 0xbb, 0x37, 0x8b, 0x07, 0xa1, 0x2d, 0x91, 0x1d, 0x24, 0xa8, 0x14, 0x98
#define AXIOM_SM4_PRE_HI                                                        \
    0x00, 0xdc, 0x2e, 0xf2, 0xc5, 0x19, 0xeb, 0x37, 0x08, 0xd4, 0x26, 0xfa, 0xcd, 0x11, 0xe3, 0x3f
#define AXIOM_SM4_POST_LO                                                       \
    0x6c, 0xd4, 0xa6, 0x1e, 0x52, 0xea, 0x98, 0x20, 0x0b, 0xb3, 0xc1, 0x79, 0x35, 0x8d, 0xff, 0x47
#define AXIOM_SM4_POST_HI                                                       \
    0x00, 0xe0, 0x50, 0xb0, 0x9d, 0x7d, 0xcd, 0x2d, 0xc0, 0x20, 0x90, 0x70, 0x5d, 0xbd, 0x0d, 0xed

#endif
