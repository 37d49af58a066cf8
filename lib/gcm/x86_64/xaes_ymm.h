/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The vector operations xaes_derive.h takes for two 128-bit lanes on ymm
 * registers (VPCLMULQDQ, AVX2), and that header with them: for the
 * vaes-avx2 bundle's two users of its power arithmetic, the fused
 * derivation (xaes_vaes_avx2.c) and the GCM text phase that makes the
 * powers of a per-message key itself (gcm_vaes_avx2.c,
 * AXIOM_GCM_F_POWERS). */
#ifndef AXIOM_XAES_YMM_H
#define AXIOM_XAES_YMM_H

#include <immintrin.h>

#define XD_T __m256i
#define XD_LANES 2
#define XD_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define XD_XOR(a, b) _mm256_xor_si256((a), (b))
#define XD_BCAST(x) _mm256_broadcastsi128_si256(x)
#define XD_SHUF32(v, imm) _mm256_shuffle_epi32((v), (imm))
/* Lanes 0..1 = x[i], x[i - 1]. */
#define XD_PACK(x, i) _mm256_set_m128i((x)[(i) - 1], (x)[i])
#define XD_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define XD_LANE0(v) _mm256_castsi256_si128(v)

#include "gcm/x86_64/xaes_derive.h"

#endif
