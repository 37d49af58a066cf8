/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with VAES and AVX2 but no GFNI
 * (e.g. AMD Zen 3): the aesni-avx2 kernel (lib/sm4/x86_64/sm4_aesni_avx2.c,
 * lib/sm4/x86_64/sm4_aes_avx2.h) with SubBytes as one VEX-encoded VAESENCLAST
 * on the whole ymm register instead of two AESENCLAST on its xmm halves
 * and the extract/insert around them.
 *
 * 8 blocks per set of four ymm words, eight sets (64 blocks) per
 * iteration of ECB, CTR, CBC and CFB decryption (the rounds in inline
 * assembly, lib/sm4/x86_64/sm4_aes_avx2.h); fewer than 8 blocks, the key
 * schedule and the serial modes on xmm (AES-NI), as in aesni-avx2.
 * Compiled in the AVX2 bundle with AES and VAES enabled for this file only,
 * so it cannot contain EVEX instructions.
 *
 * Constant time: (V)AESENCLAST and PSHUFB have no data-dependent timing, and
 * no branch or memory index depends on keys or data. */
#include "config.h"

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "sm4/sm4.h"

#define SM4A(name) sm4vy_##name

static inline __m256i sm4vy_subbytes_y(__m256i u)
{
    return _mm256_aesenclast_epi128(u, _mm256_setzero_si256());
}

#define SM4A_SUBBYTES_Y sm4vy_subbytes_y
#define SM4A_ASM_SUBBYTES "vaesenclast %[a], %[u], %[u]\n\t"
/* The same in the byte-sliced bulk rounds (lib/sm4/x86_64/sm4_aes_bs.h). */
#define SM4B_ASM_SUBBYTES(R, k) "vaesenclast %[a], " SM4B_R(R) ", " SM4B_R(R) "\n\t"
#define SM4A_KERNEL axiom_sm4_vaes_avx2
#define SM4A_NAME "vaes-avx2"
#define SM4A_FEATURES (AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2)
#include "sm4/x86_64/sm4_aes_avx2.h"


