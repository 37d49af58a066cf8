/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES-GCM-SIV tier for x86-64 CPUs with VAES and VPCLMULQDQ on ymm
 * (AVX2, no AVX-512 needed): the RFC 8452 counter mode on ymm
 * (lib/gcm/x86_64/gcmsiv_ctr_vaes.h, 16 blocks per iteration), the VAES
 * AES kernel for the rest and the ymm POLYVAL kernel.  Constant time: yes
 * (see the header and the parts). */
#include "config.h"

/* The key schedule is the AES-NI kernel's (AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "aes/aes.h"
#include "core/x86_lanes.h"
#include "gcm/polyval.h"

#define GS_V __m256i
#define GS_LANES 2
#define GS_BCAST128(x) _mm256_broadcastsi128_si256(x)
#define GS_LANE_INDEX() _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0)
#define GS_LANE_STEP(n) _mm256_set_epi32(0, 0, 0, (n), 0, 0, 0, (n))
#define GS_ADD32(a, b) _mm256_add_epi32((a), (b))
#define GS_XOR(a, b) _mm256_xor_si256((a), (b))
#define GS_ENC(a, k) _mm256_aesenc_epi128((a), (k))
#define GS_ENCLAST(a, k) _mm256_aesenclast_epi128((a), (k))
#define GS_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define GS_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define GS_CAST128(v) _mm256_castsi256_si128(v)
#define GS_ZEXT128(x) _mm256_zextsi128_si256(x)
#define GS_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define GS_FOLD(v) axiom_xor_lanes2(v)
#define GS_POLYVAL axiom_polyval_vpclmul_avx2

#include "gcm/x86_64/gcmsiv_ctr_vaes.h" /* and gcmsiv_short.h */

SIVS_DEFINE(vaes_avx2, axiom_polyval_vpclmul_avx2)

const axiom_gcmsiv_kernel axiom_gcmsiv_vaes_avx2 = {
    .name = "vaes-avx2+vpclmul-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL |
                AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "VAES counter mode on ymm (16 blocks), VPCLMULQDQ POLYVAL on ymm",
    .aes = &axiom_aes_vaes_avx2,
    .polyval = &axiom_polyval_vpclmul_avx2,
    .ctr = gcmsiv_vaes_ctr,
    .open = gcmsiv_vaes_open,
    .x86_keys = 1,
    .short_msg = axiom_gcmsiv_short_vaes_avx2,
    .derive = axiom_gcmsiv_derive_vaes_avx2,
    .seal = gcmsiv_vaes_seal,
};

#endif /* HAVE_ISA_AESNI */
