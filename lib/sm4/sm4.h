/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 (GB/T 32907-2016) constants and helpers shared by the portable
 * kernels (lib/sm4/sm4_ct.c, lib/sm4/sm4.c) and the SIMD kernels
 * (lib/sm4/x86_64/sm4_*.c).
 * Everything here is static inline or a macro, so that no ISA-compiled copy
 * leaks into portable code. */
#ifndef AXIOM_SM4_H
#define AXIOM_SM4_H

#include <stddef.h>
#include <stdint.h>

#include "core/bc.h"
#include "core/bytes.h"

#define AXIOM_SM4_ROUNDS 32

/* Defined in lib/sm4/ and lib/sm4/x86_64/ (declared whether or not built). */
extern const axiom_bc_kernel axiom_sm4_generic_ct;    /* lib/sm4/sm4_ct.c */
extern const axiom_bc_kernel axiom_sm4_masked;        /* NOT constant time */
extern const axiom_bc_kernel axiom_sm4_gfni_avx512;
extern const axiom_bc_kernel axiom_sm4_gfni_avx2;
extern const axiom_bc_kernel axiom_sm4_aesni_avx2;
extern const axiom_bc_kernel axiom_sm4_vaes_avx2;

/* The SM4 kernels of this build, best first (lib/sm4/sm4_kernels.c). */
extern axiom_kernel_list axiom_sm4_kernels;

/* The generic-ct kernel (lib/sm4/sm4_ct.c): blocks per bitsliced pass, and
 * the shortest run that takes one (shorter runs go through its word path,
 * two blocks at a time); the tests derive their lengths from these. */
#define AXIOM_SM4_CT_LANES 64
#define AXIOM_SM4_CT_BULK_MIN 7

/* The S-box through the generic-ct kernel's circuit (lib/sm4/sm4_ct.c),
 * for every byte: in its bitsliced form (@bulk) and its word form
 * (@word); for the white-box tests. */
void axiom_sm4_ct_sbox_table(uint8_t bulk[256], uint8_t word[256]);

/* The AVX2 SIMD kernels' bulk modes (ECB, CTR, CBC and CFB decryption)
 * write their output with non-temporal stores from this many bytes on,
 * when the output is 32-byte aligned and not the input (lib/sm4/x86_64/
 * sm4_simd.h); lib/sm4/sm4.c.  A variable so that the white-box tests can
 * lower it. */
extern size_t axiom_sm4_nt_min;

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

/* The kernels run the rounds on the state in the "y domain": every byte b
 * of a state word replaced by M1 b (no constant).  The S-box input of a
 * round is then y1 ^ y2 ^ y3 ^ rk', with rk' = M1 rk + c1 in every byte
 * (the stored SIMD round keys), which is the input of the field inversion
 * directly: no input affine map per round.  The round adds
 *     M1 L(S(x)) = D0 z ^ rol8(D1 z) ^ rol16(D1 z) ^ rol24(D3 z) ^ e
 * to y0, where z = inv(rk' ^ y1 ^ y2 ^ y3) byte by byte and D0, D1, D3 are
 * 8x8 matrices: L moves bits only inside a byte or to the next byte, so
 * byte j of L(s) is E0 s_j ^ E1 s_(j-1) ^ E1 s_(j-2) ^ E3 s_(j-3) with
 * E0 = I + shl2, E1 = shr6 + shl2, E3 = shr6 + I, and D_k = M1 E_k M2,
 * e = M1 rol2(c2) in every byte.  With GFNI that is three
 * GF2P8AFFINEINVQB (D0 with the constant e), three byte rotations and the
 * XORs; with AES-NI the same maps go after SubBytes (S = M3 SB + c3:
 * D_k = M1 E_k M3, constant M1 rol2(c3)) as PSHUFB nibble tables.  The
 * state enters the domain by M1 and leaves it by M1^-1 once per block.
 * Derived offline and checked on random words against the reference
 * round; the test suite checks every kernel against the S-box table,
 * libgcrypt and the masked kernel. */
#define AXIOM_SM4_GFNI_M1INV_MATRIX 0xb3a4f5863284728bULL /* M1^-1 */
#define AXIOM_SM4_GFNI_D0_MATRIX 0x040db891e9a481b7ULL    /* M1 E0 M2 */
#define AXIOM_SM4_GFNI_D0_CONST 0x63                      /* e */
#define AXIOM_SM4_GFNI_D1_MATRIX 0x2c020425162040adULL    /* M1 E1 M2 */
#define AXIOM_SM4_GFNI_D3_MATRIX 0x280fbcb4ff84c11aULL    /* M1 E3 M2 */

/* The AES-NI versions: nibble tables of M1, M1^-1 and of D0 (with its
 * constant), D1, D3 applied to the SubBytes output. */
#define AXIOM_SM4_M1_LO                                                          \
    0x00, 0x8c, 0x30, 0xbc, 0x85, 0x09, 0xb5, 0x39, 0x9f, 0x13, 0xaf, 0x23, 0x1a, 0x96, 0x2a, 0xa6
#define AXIOM_SM4_M1_HI AXIOM_SM4_PRE_HI
#define AXIOM_SM4_M1INV_LO                                                       \
    0x00, 0x85, 0xd9, 0x5c, 0x2e, 0xab, 0xf7, 0x72, 0x80, 0x05, 0x59, 0xdc, 0xae, 0x2b, 0x77, 0xf2
#define AXIOM_SM4_M1INV_HI                                                       \
    0x00, 0x55, 0x57, 0x02, 0x44, 0x11, 0x13, 0x46, 0xaf, 0xfa, 0xf8, 0xad, 0xeb, 0xbe, 0xbc, 0xe9
#define AXIOM_SM4_D0_LO                                                          \
    0x76, 0xf0, 0xa5, 0x23, 0x0e, 0x88, 0xdd, 0x5b, 0x6a, 0xec, 0xb9, 0x3f, 0x12, 0x94, 0xc1, 0x47
#define AXIOM_SM4_D0_HI                                                          \
    0x00, 0xeb, 0xdc, 0x37, 0xf0, 0x1b, 0x2c, 0xc7, 0xcd, 0x26, 0x11, 0xfa, 0x3d, 0xd6, 0xe1, 0x0a
#define AXIOM_SM4_D1_LO                                                          \
    0x00, 0xd3, 0x0d, 0xde, 0xa0, 0x73, 0xad, 0x7e, 0x42, 0x91, 0x4f, 0x9c, 0xe2, 0x31, 0xef, 0x3c
#define AXIOM_SM4_D1_HI                                                          \
    0x00, 0xb4, 0x49, 0xfd, 0x82, 0x36, 0xcb, 0x7f, 0xbc, 0x08, 0xf5, 0x41, 0x3e, 0x8a, 0x77, 0xc3
#define AXIOM_SM4_D3_LO                                                          \
    0x00, 0x55, 0xde, 0x8b, 0xd8, 0x8d, 0x06, 0x53, 0x5e, 0x0b, 0x80, 0xd5, 0x86, 0xd3, 0x58, 0x0d
#define AXIOM_SM4_D3_HI                                                          \
    0x00, 0x5f, 0x95, 0xca, 0x72, 0x2d, 0xe7, 0xb8, 0x71, 0x2e, 0xe4, 0xbb, 0x03, 0x5c, 0x96, 0xc9

/* Byte shuffles (per 128-bit lane) of the SIMD kernels. */
#define AXIOM_SM4_BSWAP_BYTES 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
#define AXIOM_SM4_ROL8_BYTES 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
#define AXIOM_SM4_ROL16_BYTES 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
#define AXIOM_SM4_ROL24_BYTES 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12

#endif
