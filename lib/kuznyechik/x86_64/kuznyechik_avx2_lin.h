/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* L and L^-1 on the 16 byte slices of kuznyechik_avx2.h, by the recurrence
 * of kuznyechik.h (sixteen steps of l(), each making one new element from
 * the sixteen before it), for both AVX2 kernels.  The kernel file defines
 * its l() before including this:
 *   avx2_lc                        what its l() keeps in registers;
 *   avx2_l(c, a)                   l(a[0..15]) on slices, always inline.
 * The plain kernel's l() works in the g basis (kuznyechik_avx2.c), the
 * GFNI one's multiplies with GF2P8AFFINEQB (kuznyechik_avx2_gfni.c); the
 * steps are the same.  Each includer is its own translation unit (the
 * names are fixed). */
#ifndef AXIOM_KUZNYECHIK_AVX2_LIN_H
#define AXIOM_KUZNYECHIK_AVX2_LIN_H

/* L: forwards, a0 the newest element. */
FI void avx2_lin(const avx2_lc *c, __m256i s[16])
{
    __m256i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 0; t < 16; t++) {
        const __m256i *a[16];
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            a[i] = &e[t + 15 - i];
        e[t + 16] = avx2_l(c, a);
    }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[31 - i];
}

/* L^-1: the recurrence backwards (there a14 is the newest element). */
FI void avx2_lin_inv(const avx2_lc *c, __m256i s[16])
{
    __m256i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[16 + k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 15; t >= 0; t--) {
        const __m256i *a[16];
#pragma GCC unroll 16
        for (int i = 0; i < 15; i++)
            a[i] = &e[t + 15 - i];
        a[15] = &e[t + 16];
        e[t] = avx2_l(c, a);
    }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[15 - i];
}

#endif
