/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES-GCM-SIV tier for x86-64 CPUs with VAES, VPCLMULQDQ and AVX-512:
 * the RFC 8452 counter mode on zmm (lib/gcm/x86_64/gcmsiv_ctr_vaes.h, 32
 * blocks per iteration), the VAES AES kernel for the rest and the zmm
 * POLYVAL kernel.  Constant time: yes (see the header and the parts). */
#include "config.h"

/* The key schedule is the AES-NI kernel's (AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "aes/aes.h"
#include "core/x86_lanes.h"
#include "gcm/polyval.h"

#define GS_V __m512i
#define GS_LANES 4
#define GS_BCAST128(x) _mm512_broadcast_i32x4(x)
#define GS_LANE_INDEX() _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0)
#define GS_LANE_STEP(n) _mm512_set4_epi32(0, 0, 0, (n))
#define GS_ADD32(a, b) _mm512_add_epi32((a), (b))
#define GS_XOR(a, b) _mm512_xor_si512((a), (b))
#define GS_ENC(a, k) _mm512_aesenc_epi128((a), (k))
#define GS_ENCLAST(a, k) _mm512_aesenclast_epi128((a), (k))
#define GS_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define GS_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define GS_CAST128(v) _mm512_castsi512_si128(v)
#define GS_ZEXT128(x) _mm512_zextsi128_si512(x)
#define GS_CLMUL(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define GS_FOLD(v) axiom_xor_lanes4(v)
/* The stitched open's reduction on the four lanes, then one fold. */
#define GS_REDUCE_LANES(lo, mid, hi) gh_reduce_fold_zmm((lo), (mid), (hi))
#define GS_POLYVAL axiom_polyval_vpclmul_avx512

/* 32 vector registers: the short path's input loaded first. */
#define SIVS_INPUT_EARLY 1
#include "gcm/x86_64/gcmsiv_ctr_vaes.h" /* and gcmsiv_short.h */

SIVS_DEFINE(vaes_avx512, axiom_polyval_vpclmul_avx512)

const axiom_gcmsiv_kernel axiom_gcmsiv_vaes_avx512 = {
    .name = "vaes-avx512+vpclmul-avx512",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL |
                AXIOM_CPU_AVX512 | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "VAES counter mode on zmm (32 blocks), VPCLMULQDQ POLYVAL on zmm",
    .aes = &axiom_aes_vaes_avx512,
    .polyval = &axiom_polyval_vpclmul_avx512,
    .ctr = gcmsiv_vaes_ctr,
    .open = gcmsiv_vaes_open,
    .x86_keys = 1,
    .short_msg = axiom_gcmsiv_short_vaes_avx512,
    .derive = axiom_gcmsiv_derive_vaes_avx512,
    .seal = gcmsiv_vaes_seal,
};

#endif /* HAVE_ISA_AESNI */
