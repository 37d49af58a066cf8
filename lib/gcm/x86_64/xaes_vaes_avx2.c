/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM's fused per-message key derivation with the powers of H past
 * the eighth two at a time on ymm registers (VPCLMULQDQ, AVX2), for the
 * vaes-avx2 GCM tier: lib/gcm/x86_64/xaes_derive.h. */
#include "config.h"

#include <immintrin.h>

#define XD_T __m256i
#define XD_LANES 2
#define XD_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define XD_XOR(a, b) _mm256_xor_si256((a), (b))
#define XD_BCAST(x) _mm256_broadcastsi128_si256(x)
#define XD_BSLLI(v, n) _mm256_bslli_epi128((v), (n))
#define XD_BSRLI(v, n) _mm256_bsrli_epi128((v), (n))
#define XD_SHUF32(v, imm) _mm256_shuffle_epi32((v), (imm))
/* Lanes 0..1 = x[i], x[i - 1]. */
#define XD_PACK(x, i) _mm256_set_m128i((x)[(i) - 1], (x)[i])
#define XD_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define XD_LANE0(v) _mm256_castsi256_si128(v)

#include "gcm/x86_64/xaes_derive.h"

void axiom_xaes_derive_vaes_avx2(const axiom_bc_ks *kgk, const uint8_t k1[16],
                                 const uint8_t nonce[12], axiom_gcm_key *g, unsigned npow)
{
    xd_derive(kgk, k1, nonce, g, npow);
}

void axiom_xaes_short_vaes_avx2(const axiom_bc_ks *kgk, const uint8_t k1[16], const uint8_t nonce[24],
                                int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad, size_t adlen,
                                const uint8_t *in, size_t len)
{
    if (enc)
        xd_short(kgk, k1, nonce, 1, out, tag, ad, adlen, in, len);
    else
        xd_short(kgk, k1, nonce, 0, out, tag, ad, adlen, in, len);
}
