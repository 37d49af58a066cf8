/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GHASH kernel for x86-64 CPUs with VPCLMULQDQ and AVX-512: 4 blocks per
 * zmm register, 32 blocks per reduction (lib/gcm/x86_64/ghash_vpclmul.h); the
 * key is lib/gcm/x86_64/ghash_pclmul.c's.  For the GCM tiers without a
 * stitched loop (SM4-GCM), which hash each chunk of ciphertext after the
 * block cipher's CTR.  Constant time: yes. */
#include "config.h"

/* The key setup is the PCLMULQDQ kernel's (lib/gcm/x86_64/ghash_pclmul.c, in
 * the AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "gcm/ghash.h"

#define GV_KERNEL axiom_ghash_vpclmul_avx512
#define GV_DESC "VPCLMULQDQ on zmm, 32 blocks per reduction"
#define GV_NAME "vpclmul-avx512"
#define GV_FEATURES \
    (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512)
#define GV_T __m512i
#define GV_LANES 4
#define GV_ZERO() _mm512_setzero_si512()
#define GV_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define GV_BCAST128(x) _mm512_broadcast_i32x4(x)
#define GV_ZEXT128(x) _mm512_zextsi128_si512(x)
#define GV_XOR(a, b) _mm512_xor_si512((a), (b))
#define GV_SHUF(v, m) _mm512_shuffle_epi8((v), (m))
#define GV_CLMUL(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define GV_FOLD(v) ghash_vz_fold(v)

static inline __m128i ghash_vz_fold(__m512i v)
{
    const __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

#include "gcm/x86_64/ghash_vpclmul.h"

#endif /* HAVE_ISA_AESNI */
