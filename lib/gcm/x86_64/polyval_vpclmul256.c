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
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gh_short.h"

#define GV_KERNEL axiom_polyval_vpclmul_avx2
#define GV_NAME "vpclmul-avx2"
#define GV_DESC "VPCLMULQDQ on ymm, aggregated reduction, 32 blocks"
#define GV_NO_SWAP 1 /* POLYVAL multiplies blocks as loaded */
#define GV_KARATSUBA 1 /* the key below has the middle factors */
#define GV_INIT(hk, h) polyval_vy_init_n((hk), (h), AXIOM_GHASH_MAXPOW)
#define GV_INIT_N(hk, h, n) polyval_vy_init_n((hk), (h), (n))
#define GV_LANES 2

/* The PCLMULQDQ kernel's key, the first @n powers only (lib/gcm/gcmsiv.c
 * makes a message's key with the powers it reads), and, when whole
 * 32-block groups may be hashed (n >= 32), AXIOM_GHASH_MAXPOW slots
 * further the XOR of each power's two words in both words: the Karatsuba
 * middle factors that ghash_vpclmul.h's GV_KARATSUBA groups read.
 * From n = 5 on, two powers per product: K_2 a square, [K_4, K_3] one
 * two-lane product, then pairs times K_4, K_8 and K_16 (for 16 powers 8
 * products, 46 carry-less multiplications, where the xmm tree's 15 took
 * 90: on AMD Zen 4 one issues every two cycles at any width); each pair
 * stored with a lane mask that leaves the slots past K_n unwritten (the
 * caller wipes exactly the n slots). */
static void polyval_vy_init_n(axiom_ghash_key *hk, const uint8_t h[16], size_t n)
{
    if (n <= 4) {
        axiom_polyval_pclmul.init_n(hk, h, n);
        return;
    }
    const size_t top = n < AXIOM_GHASH_MAXPOW ? n : AXIOM_GHASH_MAXPOW;
    __m128i *pw = (__m128i *)(void *)hk->w;
    const __m128i k1 = _mm_loadu_si128((const __m128i *)(const void *)h), k2 = gh_sq(k1);
    /* p[i]: the pair [K_(2i+2), K_(2i+1)] (lane 0 the higher power), at
     * slot GH_SLOT(2i + 2); its lane 0 is past K_n when 2i + 2 > n. */
    __m256i p[AXIOM_GHASH_MAXPOW / 2];
    p[0] = _mm256_set_m128i(k1, k2);
    p[1] = gh_mul2(_mm256_set_m128i(k2, k2), _mm256_set_m128i(k1, k2));
    for (size_t have = 4; have < top; have *= 2) {
        const __m256i b = _mm256_broadcastsi128_si256(_mm256_castsi256_si128(p[have / 2 - 1]));
        for (size_t i = 0; i < have / 2 && 2 * (have / 2 + i) < top; i++)
            p[have / 2 + i] = gh_mul2(p[i], b);
    }
    for (size_t i = 0; 2 * i < top; i++) {
        const long long keep0 = 2 * i + 2 <= top ? -1 : 0;
        _mm256_maskstore_epi64((long long *)(void *)(pw + GH_SLOT(2 * i + 2)),
                               _mm256_set_epi64x(-1, -1, keep0, keep0), p[i]);
    }
    if (n < AXIOM_GHASH_MAXPOW)
        return;
    __m256i *pv = (__m256i *)(void *)hk->w;
    for (size_t i = 0; i < AXIOM_GHASH_MAXPOW / 2; i++) {
        const __m256i v = _mm256_loadu_si256(pv + i);
        _mm256_storeu_si256(pv + AXIOM_GHASH_MAXPOW / 2 + i,
                            _mm256_xor_si256(v, _mm256_shuffle_epi32(v, 0x4e)));
    }
}

#include "gcm/x86_64/ghash_vpclmul.h"

#endif /* HAVE_ISA_AESNI */
