/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with VAES and AVX2 but no GFNI
 * (e.g. AMD Zen 3) ("vaes-avx2"): the aesni-avx2 kernel (sm4_aesni_avx2.c,
 * sm4_aes_avx2.h) with SubBytes as one VEX-encoded VAESENCLAST on the whole
 * ymm register instead of two AESENCLAST on its xmm halves and the
 * extract/insert around them.  Bundle vaes_avx2: no EVEX.  Its
 * hand-scheduled round loops are sm4_vaes_avx2_rounds.S; fewer than 8
 * blocks, the key schedule and the serial modes run on xmm (AES-NI).
 *
 * Constant time: (V)AESENCLAST and PSHUFB have no data-dependent timing,
 * and no branch or memory index depends on keys or data. */
#include "config.h"

#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"

/* sm4_vaes_avx2_rounds.S */
void axiom_sm4_vaes_avx2_bs_rounds(const uint32_t *bk, void *st, const uint8_t tab[8][32]);
void axiom_sm4_vaes_avx2_ws_rounds8(const uint32_t *k, void *x, const uint8_t tab[8][32]);
void axiom_sm4_vaes_avx2_ws_rounds4(const uint32_t *k, void *x, const uint8_t tab[8][32]);
void axiom_sm4_vaes_avx2_ws_rounds2(const uint32_t *k, void *x, const uint8_t tab[8][32]);

static inline __m256i subbytes_y(__m256i u)
{
    return _mm256_aesenclast_epi128(u, _mm256_setzero_si256());
}

static inline void bs_rounds_asm(const uint32_t *bk, void *st, const uint8_t tab[8][32])
{
    axiom_sm4_vaes_avx2_bs_rounds(bk, st, tab);
}

static inline void ws_rounds_asm(const uint32_t *k, void *x, int ns, const uint8_t tab[8][32])
{
    if (ns == 8)
        axiom_sm4_vaes_avx2_ws_rounds8(k, x, tab);
    else if (ns == 4)
        axiom_sm4_vaes_avx2_ws_rounds4(k, x, tab);
    else
        axiom_sm4_vaes_avx2_ws_rounds2(k, x, tab);
}

#include "sm4/x86_64/sm4_aes_avx2.h"

const axiom_bc_kernel axiom_sm4_vaes_avx2 = {
    .name = "vaes-avx2",
    .features = AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "VAES S-box, byte-sliced, 128 blocks",
    .steps = { 2, 4, 8, 16, 32, 64, 128 }, /* xmm; 1, 2, 4, 8 sets of 8; byte-sliced 128 */
    .slow_block = 1,
    SM4_WIDE_OPS,
};
