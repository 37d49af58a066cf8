/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The hand-scheduled SM4 round loops of the vaes-avx2 kernel
 * (sm4_vaes_avx2.c): SubBytes as one VAESENCLAST on the whole ymm
 * register (bundle vaes_avx2), the loops of sm4_aes_avx2_asm.h. */
#include "core/asm.h"

.macro subbytes_bs R, k
	vaesenclast %ymm9, %ymm\R, %ymm\R
.endm

.macro subbytes_ws
	vaesenclast %ymm2, %ymm0, %ymm0
.endm

#include "sm4/x86_64/sm4_aes_avx2_asm.h"

/* void axiom_sm4_vaes_avx2_bs_rounds(const uint32_t *bk, void *st,
 *                                    const uint8_t tab[8][32]); */
AXIOM_ENTRY(axiom_sm4_vaes_avx2_bs_rounds)
	sm4_bs_rounds_body
AXIOM_END(axiom_sm4_vaes_avx2_bs_rounds)

/* void axiom_sm4_vaes_avx2_ws_rounds{8,4,2}(const uint32_t *k, void *x,
 *                                          const uint8_t tab[8][32]); */
AXIOM_ENTRY(axiom_sm4_vaes_avx2_ws_rounds8)
	sm4_ws_rounds_body 8
AXIOM_END(axiom_sm4_vaes_avx2_ws_rounds8)

AXIOM_ENTRY(axiom_sm4_vaes_avx2_ws_rounds4)
	sm4_ws_rounds_body 4
AXIOM_END(axiom_sm4_vaes_avx2_ws_rounds4)

AXIOM_ENTRY(axiom_sm4_vaes_avx2_ws_rounds2)
	sm4_ws_rounds_body 2
AXIOM_END(axiom_sm4_vaes_avx2_ws_rounds2)
