/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* POLYVAL kernel for x86-64 CPUs with PCLMULQDQ: the GHASH arithmetic of
 * lib/gcm/x86_64/ghash_pclmul.h on blocks loaded without the byte swap;
 * its key layout is also the vpclmul POLYVAL kernels'. */

/*
 * Why no swap (lib/gcm/polyval.h): a POLYVAL block read as a
 * little-endian 128-bit integer is the GHASH block ByteReverse(X) read
 * as a big-endian one, which is what the GHASH code multiplies.  The key:
 * GHASH's first power is stored as K_1 = H_g * x^-1 with H_g =
 * mulX_GHASH(ByteReverse(H)), so K_1 = ByteReverse(H) as a GHASH block,
 * that is H read as a little-endian integer: the raw load of H.
 *
 * Interleave: 8 blocks per reduction (aggregated, powers K_8..K_1).  The
 * key is made per message, so the 31 other powers are computed as a tree
 * (K_i = K_t * K_(i-t), t the largest power of two below i): 5 dependent
 * multiplications deep instead of 31.  Fused: nothing.  Constant time:
 * yes (PCLMULQDQ's latency does not depend on its operands; branches on
 * lengths only).
 */
#include <string.h>

#include "gcm/polyval.h"
#include "gcm/x86_64/ghash_pclmul.h"

/* The powers H^1 .. H^n (n <= AXIOM_GHASH_MAXPOW) by doubling: five
 * levels of independent products for all 32, not a chain of 31. */
static void polyval_pclmul_init_n(axiom_ghash_key *hk, const uint8_t h[16], size_t n)
{
    __m128i *pw = (__m128i *)(void *)hk->w;
    const size_t top = n < AXIOM_GHASH_MAXPOW ? n : AXIOM_GHASH_MAXPOW;
    pw[GH_SLOT(1)] = _mm_loadu_si128((const __m128i *)(const void *)h);
    for (size_t t = 1; t < top; t *= 2)
        for (size_t i = t + 1; i <= 2 * t && i <= top; i++)
            pw[GH_SLOT(i)] = gh_mul(pw[GH_SLOT(t)], pw[GH_SLOT(i - t)]);
}

static void polyval_pclmul_init(axiom_ghash_key *hk, const uint8_t h[16])
{
    memset(hk, 0, sizeof *hk);
    polyval_pclmul_init_n(hk, h, AXIOM_GHASH_MAXPOW);
}

GH_FORCE_INLINE __m128i pv_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* y = POLYVAL of y and @n (1..8) blocks, one reduction. */
GH_FORCE_INLINE __m128i pv_absorb(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(n);
    gh_mul_acc(_mm_xor_si128(y, pv_load(in)), k[0], &lo, &mid, &hi);
    for (unsigned j = 1; j < n; j++)
        gh_mul_acc(pv_load(in + 16 * j), k[j], &lo, &mid, &hi);
    return gh_reduce(lo, mid, hi);
}

static void polyval_pclmul_update(const axiom_ghash_key *hk, uint8_t y[16], const uint8_t *in,
                                  size_t n)
{
    const __m128i *pw = gh_powers(hk);
    __m128i acc = pv_load(y);
    for (; n >= AXIOM_POLYVAL_PCLMUL_BLOCKS; n -= AXIOM_POLYVAL_PCLMUL_BLOCKS, in += 128)
        acc = pv_absorb(acc, pw, in, AXIOM_POLYVAL_PCLMUL_BLOCKS);
    if (n > 0)
        acc = pv_absorb(acc, pw, in, (unsigned)n);
    _mm_storeu_si128((__m128i *)(void *)y, acc);
}

const axiom_polyval_kernel axiom_polyval_pclmul = {
    .name = "pclmul",
    .features = AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "PCLMULQDQ, aggregated reduction, 8 blocks",
    .init = polyval_pclmul_init,
    .init_n = polyval_pclmul_init_n,
    .update = polyval_pclmul_update,
};
