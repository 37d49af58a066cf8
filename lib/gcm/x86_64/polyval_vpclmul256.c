/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* POLYVAL kernel for x86-64 CPUs with VPCLMULQDQ on ymm (AVX2, no AVX-512
 * needed): the GHASH code of lib/gcm/x86_64/ghash_vpclmul.h with no byte
 * swap (lib/gcm/polyval.h), 2 blocks per ymm register, 32 blocks per
 * reduction; the key is lib/gcm/x86_64/polyval_pclmul.c's.  Constant
 * time: yes. */
#include "config.h"

/* The key setup is the PCLMULQDQ kernel's (AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "gcm/polyval.h"

#define GV_KERNEL axiom_polyval_vpclmul_avx2
#define GV_NAME "vpclmul-avx2"
#define GV_DESC "VPCLMULQDQ on ymm, aggregated reduction, 32 blocks"
#define GV_FEATURES (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX2)
#define GV_ORDER_MASK() _mm_set_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define GV_INIT(hk, h) axiom_polyval_pclmul.init((hk), (h))
#define GV_INIT_N(hk, h, n) axiom_polyval_pclmul.init_n((hk), (h), (n))
#define GV_T __m256i
#define GV_LANES 2
#define GV_ZERO() _mm256_setzero_si256()
#define GV_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define GV_BCAST128(x) _mm256_broadcastsi128_si256(x)
#define GV_ZEXT128(x) _mm256_zextsi128_si256(x)
#define GV_XOR(a, b) _mm256_xor_si256((a), (b))
#define GV_SHUF(v, m) _mm256_shuffle_epi8((v), (m))
#define GV_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define GV_FOLD(v) _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256((v), 1))

#include "gcm/x86_64/ghash_vpclmul.h"

#endif /* HAVE_ISA_AESNI */
