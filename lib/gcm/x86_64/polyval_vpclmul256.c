/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* POLYVAL kernel for x86-64 CPUs with VPCLMULQDQ on ymm (AVX2, no AVX-512
 * needed): the GHASH code of lib/gcm/x86_64/ghash_vpclmul.h with no byte
 * swap (lib/gcm/polyval.h), 2 blocks per ymm register, 32 blocks per
 * reduction, three products per block in whole groups; the key is
 * lib/gcm/x86_64/polyval_pclmul.c's plus the groups' Karatsuba factors.
 * Constant time: yes. */
#include "config.h"

/* The key setup is the PCLMULQDQ kernel's (AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "gcm/polyval.h"

#define GV_KERNEL axiom_polyval_vpclmul_avx2
#define GV_NAME "vpclmul-avx2"
#define GV_DESC "VPCLMULQDQ on ymm, aggregated reduction, 32 blocks"
#define GV_NO_SWAP 1 /* POLYVAL multiplies blocks as loaded */
#define GV_KARATSUBA 1 /* the key below has the middle factors */
#define GV_INIT(hk, h) polyval_vy_init_n((hk), (h), AXIOM_GHASH_MAXPOW)
#define GV_INIT_N(hk, h, n) polyval_vy_init_n((hk), (h), (n))
#define GV_LANES 2

/* The PCLMULQDQ kernel's key and, when whole 32-block groups may be
 * hashed (n >= 32), AXIOM_GHASH_MAXPOW slots further the XOR of each
 * power's two words in both words: the Karatsuba middle factors that
 * ghash_vpclmul.h's GV_KARATSUBA groups read. */
static void polyval_vy_init_n(axiom_ghash_key *hk, const uint8_t h[16], size_t n)
{
    axiom_polyval_pclmul.init_n(hk, h, n);
    if (n < AXIOM_GHASH_MAXPOW)
        return;
    __m256i *pw = (__m256i *)(void *)hk->w;
    for (size_t i = 0; i < AXIOM_GHASH_MAXPOW / 2; i++) {
        const __m256i v = _mm256_loadu_si256(pw + i);
        _mm256_storeu_si256(pw + AXIOM_GHASH_MAXPOW / 2 + i,
                            _mm256_xor_si256(v, _mm256_shuffle_epi32(v, 0x4e)));
    }
}

#include "gcm/x86_64/ghash_vpclmul.h"

#endif /* HAVE_ISA_AESNI */
