/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* POLYVAL kernel for x86-64 CPUs with VPCLMULQDQ and AVX-512: the GHASH
 * code of lib/gcm/x86_64/ghash_vpclmul.h with no byte swap
 * (lib/gcm/polyval.h), 4 blocks per zmm register, 32 blocks per
 * reduction, three products per block in whole groups; the key is
 * lib/gcm/x86_64/polyval_pclmul.c's, computed here four powers at a time,
 * plus the groups' Karatsuba factors.  Constant time: yes. */
#include "config.h"

/* The key setup is the PCLMULQDQ kernel's (AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "gcm/polyval.h"
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gh_short.h"

#define GV_KERNEL axiom_polyval_vpclmul_avx512
#define GV_NAME "vpclmul-avx512"
#define GV_DESC "VPCLMULQDQ on zmm, aggregated reduction, 32 blocks"
#define GV_NO_SWAP 1 /* POLYVAL multiplies blocks as loaded */
#define GV_KARATSUBA 1 /* the key below has the middle factors */
#define GV_INIT(hk, h) polyval_vz_init((hk), (h))
/* Per-message keys of a short message: only the powers it reads. */
#define GV_INIT_N(hk, h, n) polyval_vz_init_n((hk), (h), (n))
#define GV_LANES 4

/* a * b modulo P in every 128-bit lane: gh_mul (ghash_pclmul.h, gh_reduce's
 * folds) on zmm. */
static inline __m512i polyval_vz_mul(__m512i a, __m512i b)
{
    const __m512i poly = _mm512_broadcast_i32x4(
        _mm_set_epi64x((long long)UINT64_C(0xc200000000000000), 0));
    const __m512i lo = _mm512_clmulepi64_epi128(a, b, 0x00);
    const __m512i hi = _mm512_clmulepi64_epi128(a, b, 0x11);
    const __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, b, 0x01),
                                         _mm512_clmulepi64_epi128(a, b, 0x10));
    const __m512i m = _mm512_ternarylogic_epi64(mid, _mm512_shuffle_epi32(lo, _MM_PERM_BADC),
                                                _mm512_clmulepi64_epi128(lo, poly, 0x10), 0x96);
    return _mm512_ternarylogic_epi64(hi, _mm512_shuffle_epi32(m, _MM_PERM_BADC),
                                     _mm512_clmulepi64_epi128(m, poly, 0x10), 0x96);
}

/* The vector @v of the powers K_j .. K_j-3 into their slots, the lanes
 * of K_n and below only (a lane mask: no slot past K_n is written, and
 * the caller wipes exactly the n slots), and with n = AXIOM_GHASH_MAXPOW,
 * AXIOM_GHASH_MAXPOW slots further, the XOR of each one's two words in
 * both words: the Karatsuba middle factors of the 32-block groups
 * (GV_KARATSUBA), which only a key for whole groups needs. */
static inline void polyval_vz_put(__m128i *pw, unsigned j, __m512i v, size_t n)
{
    const __mmask8 lanes = (__mmask8)(0xffu << (2 * (j > n ? j - n : 0)));
    _mm512_mask_storeu_epi64((void *)(pw + GH_SLOT(j)), lanes, v);
    if (n >= AXIOM_GHASH_MAXPOW)
        _mm512_storeu_si512((void *)(pw + AXIOM_GHASH_MAXPOW + GH_SLOT(j)),
                            _mm512_xor_si512(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC)));
}

/* The key of lib/gcm/x86_64/polyval_pclmul.c (same slots, same values),
 * made per message, with the first @n powers only (lib/gcm/gcmsiv.c
 * makes a message's key with the powers it reads; n up to 4 is the
 * PCLMULQDQ kernel's), and for n = AXIOM_GHASH_MAXPOW the Karatsuba
 * factors (polyval_vz_put).  Four powers at a time: K_2 a square, K_3 and
 * K_4 one two-lane product, then [K_8..K_5] = [K_4..K_1] * K_4,
 * [K_16..K_9] from those times K_8, [K_32..K_17] from [K_16..K_1] times
 * K_16, as many as the n need: for 16 powers 3 products on xmm and ymm
 * and 3 on zmm (30 carry-less multiplications) where the xmm tree took 15
 * (75), which on AMD Zen 4 (one multiplication every two cycles at any
 * width) was most of a 256-byte message's key; for all 32, 5 deep. */
static void polyval_vz_init_n(axiom_ghash_key *hk, const uint8_t h[16], size_t n)
{
    if (n <= 4) {
        axiom_polyval_pclmul.init_n(hk, h, n);
        return;
    }
    __m128i *pw = (__m128i *)(void *)hk->w;
    const __m128i k1 = _mm_loadu_si128((const __m128i *)(const void *)h), k2 = gh_sq(k1);
    const __m256i k43 = gh_mul2(_mm256_set_m128i(k2, k2), _mm256_set_m128i(k1, k2));
    /* [K_4, K_3, K_2, K_1] from registers (a load over four just-stored
     * slots could not be forwarded). */
    const __m512i v4 = _mm512_inserti64x4(_mm512_castsi256_si512(k43), _mm256_set_m128i(k1, k2), 1);
    polyval_vz_put(pw, 4, v4, n);
    const __m512i v8 = polyval_vz_mul(v4, _mm512_broadcast_i32x4(_mm256_castsi256_si128(k43)));
    polyval_vz_put(pw, 8, v8, n);
    if (n > 8) {
        const __m512i b8 = _mm512_broadcast_i32x4(_mm512_castsi512_si128(v8));
        const __m512i v12 = polyval_vz_mul(v4, b8);
        polyval_vz_put(pw, 12, v12, n);
        if (n > 12) {
            const __m512i v16 = polyval_vz_mul(v8, b8);
            polyval_vz_put(pw, 16, v16, n);
            if (n > 16) {
                const __m512i b16 = _mm512_broadcast_i32x4(_mm512_castsi512_si128(v16));
                const __m512i v[4] = { v4, v8, v12, v16 };
                for (unsigned j = 20; j < n + 4 && j <= AXIOM_GHASH_MAXPOW; j += 4)
                    polyval_vz_put(pw, j, polyval_vz_mul(v[j / 4 - 5], b16), n);
            }
        }
    }
}

/* The whole key: every power and the Karatsuba factors. */
static void polyval_vz_init(axiom_ghash_key *hk, const uint8_t h[16])
{
    polyval_vz_init_n(hk, h, AXIOM_GHASH_MAXPOW);
}

#include "gcm/x86_64/ghash_vpclmul.h"

#endif /* HAVE_ISA_AESNI */
