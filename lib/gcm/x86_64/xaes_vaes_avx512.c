/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM's fused per-message key derivation, with the powers of H
 * past the eighth four at a time on zmm registers (VPCLMULQDQ, AVX-512),
 * its one-call short message and the wipe of a derived key on zmm, for
 * the vaes-avx512 GCM tier: lib/gcm/x86_64/xaes_derive.h. */
#include "config.h"

/* The short path's counter blocks three round keys behind H: 32 vector
 * registers hold the keys meanwhile (aesx_expand256_x). */
#define XD_LAG 3
#include "gcm/x86_64/xaes_zmm.h"

XD_DEFINE(vaes_avx512)

/* The 15 round keys (and the schedule's next 16 bytes, unused with
 * AES-256) and the @npow power slots the derivation or the text phase
 * wrote, the last npow slots (npow a power of two, 2..32): whole zmm
 * stores, 4 + npow / 4 of them. */
void axiom_xaes_wipe_vaes_avx512(axiom_gcm_key *g, unsigned npow)
{
    _Static_assert(sizeof g->ks.w >= 256 && sizeof g->hk.w >= 16 * AXIOM_GHASH_MAXPOW,
                   "key sizes");
    volatile __m512i *ks = (volatile __m512i *)(void *)g->ks.w;
    volatile __m128i *hk = (volatile __m128i *)(void *)g->hk.w;
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        ks[i] = _mm512_setzero_si512();
    if (npow < 4)
        *(volatile __m256i *)(hk + AXIOM_GHASH_MAXPOW - 2) = _mm256_setzero_si256();
    for (unsigned i = AXIOM_GHASH_MAXPOW - npow; i + 4 <= AXIOM_GHASH_MAXPOW; i += 4)
        *(volatile __m512i *)(hk + i) = _mm512_setzero_si512();
    __asm__ __volatile__("" : : "r"(g) : "memory");
}
