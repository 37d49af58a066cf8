/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Index of the PSHUFB tables of the decomposed Kuznyechik S-box
 * (axiom_kuz_sdec, lib/kuznyechik/kuznyechik_const.c; tools/gen_kuznyechik.c makes
 * them).  Kept apart from kuznyechik.h so that the generator can include
 * it alone. */
#ifndef AXIOM_KUZNYECHIK_SD_H
#define AXIOM_KUZNYECHIK_SD_H

/*
 * pi = omega o M o alpha (Biryukov, Perrin, Udovenko, EUROCRYPT 2016):
 * alpha and omega are GF(2)-linear maps of bytes, M works on the nibbles
 * (l, r) of alpha's output in GF(2^4) = GF(2)[x] / (x^4 + x^3 + 1):
 *     l' = r ? nu1(l * r^-1) : nu0(l),   r' = sigma(r * phi(l')).
 * Every step is a 16-entry table, one PSHUFB on byte slices; a product
 * of two variables is exp(log a + log b) with the log of 0 at 0xf0, so
 * that a saturating add keeps bit 7 set and PSHUFB returns 0, and the sum
 * s in 0..28 is reduced modulo 15 as min(s, s - 15) (unsigned bytes).
 *
 * Table [0] (pi), per slice x (the "IN" tables take x's nibbles):
 *     l  = IN_LO_L[x & 15] ^ IN_HI_L[x >> 4]        r likewise with _R
 *     l2 = NU1EXP[red(LOG[l] +s LOGINV[r])] ^ NU0[l | NZ[r]]
 *     r2 = SIGEXP[red(LOGPHI[l2] +s LOG[r])]
 *     pi(x) = OUT_L[l2] ^ OUT_R[r2]
 * where l2 = l' ^ nu1(0) and r2 = r' ^ sigma(0) (the offsets make the
 * zero products come out right; OUT_L takes them back).
 * Table [1] (pi^-1), per slice y (the IN tables are omega^-1's):
 *     r = EXP[red(LOGSIGINV[r'] +s LOGPHIINV[l'])]
 *     l = EXP[red(LOGNU1INV[l'] +s LOG[r])] ^ NU0INV[l' | NZ[r]]
 *     pi^-1(y) = OUT_L[l] ^ OUT_R[r]                  (alpha^-1)
 */
/*
 * The g basis.  The byte-sliced AVX2 kernel runs L by Horner's rule on
 * the bits of l's coefficients; in the polynomial basis 1, g, ..., g^7 of
 * g = 149 (0x95, whose powers are a basis) the coefficients 148, 32,
 * 133, 16, 194, 192, 251 read 0x03, 0x1c, 0x18, 0x1a, 0x68, 0x2d, 0xd5:
 * 148, the coefficient of the element made last, only in bits 0 and 1,
 * so a step of the recurrence waits for the previous one two doublings,
 * not eight.  Doubling is multiplication by g, its reduction constant
 * g^8 = AXIOM_KUZ_GB_R; tools/gen_kuznyechik.c checks these numbers.
 * Sets [2] and [3] of axiom_kuz_sdec are pi and pi^-1 taking and giving
 * g-basis representations; axiom_kuz_gbasis converts: [0], [1] the
 * low and high nibble to the g basis, [2], [3] back.
 */
#define AXIOM_KUZ_GB_G 149
#define AXIOM_KUZ_GB_R 0x2d
#define AXIOM_KUZ_GB_DELTA 0x47 /* (R + gR + ... + g^6 R), see avx2_l */

enum {
    AXIOM_KUZ_SD_IN_LO_L,
    AXIOM_KUZ_SD_IN_HI_L,
    AXIOM_KUZ_SD_IN_LO_R,
    AXIOM_KUZ_SD_IN_HI_R,
    AXIOM_KUZ_SD_LOG,
    AXIOM_KUZ_SD_NZ,
    AXIOM_KUZ_SD_OUT_L,
    AXIOM_KUZ_SD_OUT_R,
    /* pi */
    AXIOM_KUZ_SD_E_LOGINV,
    AXIOM_KUZ_SD_E_NU1EXP,
    AXIOM_KUZ_SD_E_NU0,
    AXIOM_KUZ_SD_E_LOGPHI,
    AXIOM_KUZ_SD_E_SIGEXP,
    /* pi^-1 (the same slots) */
    AXIOM_KUZ_SD_D_LOGSIGINV = AXIOM_KUZ_SD_E_LOGINV,
    AXIOM_KUZ_SD_D_LOGPHIINV = AXIOM_KUZ_SD_E_NU1EXP,
    AXIOM_KUZ_SD_D_EXP = AXIOM_KUZ_SD_E_NU0,
    AXIOM_KUZ_SD_D_LOGNU1INV = AXIOM_KUZ_SD_E_LOGPHI,
    AXIOM_KUZ_SD_D_NU0INV = AXIOM_KUZ_SD_E_SIGEXP,
    AXIOM_KUZ_SD_N
};

#endif
