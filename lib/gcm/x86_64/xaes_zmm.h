/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The vector operations xaes_derive.h takes for four 128-bit lanes on zmm
 * registers (VPCLMULQDQ, AVX-512), and that header with them: for the
 * vaes-avx512 bundle's two users of its power arithmetic, the fused
 * derivation (xaes_vaes_avx512.c) and the GCM text phase that makes the
 * powers of a per-message key itself (gcm_vaes_avx512.c,
 * AXIOM_GCM_F_POWERS). */
#ifndef AXIOM_XAES_ZMM_H
#define AXIOM_XAES_ZMM_H

#include <immintrin.h>

#define XD_T __m512i
#define XD_LANES 4
#define XD_CLMUL(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define XD_XOR(a, b) _mm512_xor_si512((a), (b))
#define XD_BCAST(x) _mm512_broadcast_i32x4(x)
#define XD_SHUF32(v, imm) _mm512_shuffle_epi32((v), (_MM_PERM_ENUM)(imm))
/* Lanes 0..3 = x[i], x[i - 1], x[i - 2], x[i - 3]. */
#define XD_PACK(x, i)                                                                      \
    _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set_m128i((x)[(i) - 1], (x)[i])),      \
                       _mm256_set_m128i((x)[(i) - 3], (x)[(i) - 2]), 1)
#define XD_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define XD_LANE0(v) _mm512_castsi512_si128(v)

#include "gcm/x86_64/xaes_derive.h"

#endif
