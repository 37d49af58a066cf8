/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 block-cipher kernel for x86-64 CPUs with AES-NI and AVX2
 * ("aesni-avx2"): the S-box through its affine equivalence with the AES
 * S-box, SubBytes being two VEX-encoded AESENCLAST on the xmm halves of a
 * ymm register; the rest is sm4_aes_avx2.h, shared with the VAES kernel.
 * Bundle avx2_aesni (-mavx2 -maes): no VAES, no EVEX.  Its hand-scheduled
 * round loops are sm4_aesni_avx2_rounds.S.
 *
 * Constant time: AES-NI and PSHUFB have no data-dependent timing, and no
 * branch or memory index depends on keys or data. */
#include "config.h"

#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"

/* sm4_aesni_avx2_rounds.S */
void axiom_sm4_aesni_avx2_bs_rounds(const uint32_t *bk, void *st, const uint8_t tab[8][32]);
void axiom_sm4_aesni_avx2_ws_rounds8(const uint32_t *k, void *x, const uint8_t tab[8][32]);
void axiom_sm4_aesni_avx2_ws_rounds4(const uint32_t *k, void *x, const uint8_t tab[8][32]);
void axiom_sm4_aesni_avx2_ws_rounds2(const uint32_t *k, void *x, const uint8_t tab[8][32]);

/* SubBytes on both xmm halves (the inverse ShiftRows is applied before). */
static inline __m256i subbytes_y(__m256i u)
{
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(u), _mm_setzero_si128());
    __m128i hi = _mm_aesenclast_si128(_mm256_extracti128_si256(u, 1), _mm_setzero_si128());
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

static inline void bs_rounds_asm(const uint32_t *bk, void *st, const uint8_t tab[8][32])
{
    axiom_sm4_aesni_avx2_bs_rounds(bk, st, tab);
}

static inline void ws_rounds_asm(const uint32_t *k, void *x, int ns, const uint8_t tab[8][32])
{
    if (ns == 8)
        axiom_sm4_aesni_avx2_ws_rounds8(k, x, tab);
    else if (ns == 4)
        axiom_sm4_aesni_avx2_ws_rounds4(k, x, tab);
    else
        axiom_sm4_aesni_avx2_ws_rounds2(k, x, tab);
}

#include "sm4/x86_64/sm4_aes_avx2.h"

const axiom_bc_kernel axiom_sm4_aesni_avx2 = {
    .name = "aesni-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "AES-NI S-box, byte-sliced, 128 blocks",
    .steps = { 2, 4, 8, 16, 32, 64, 128 }, /* xmm; 1, 2, 4, 8 sets of 8; byte-sliced 128 */
    .slow_block = 1,
    SM4_WIDE_OPS,
};
