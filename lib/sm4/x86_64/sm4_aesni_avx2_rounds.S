/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The hand-scheduled SM4 round loops of the aesni-avx2 kernel
 * (sm4_aesni_avx2.c): SubBytes as two VEX AESENCLAST on the xmm halves of
 * a ymm register (bundle avx2_aesni), the loops of sm4_aes_avx2_asm.h. */
#include "core/asm.h"

/* Byte-sliced: the high half reaches its AESENCLAST through the scratch
 * row (a store and a load, not a port-5 extract). */
.macro subbytes_bs R, k
	vmovdqu %ymm\R, 4*128+\k*32(%rsp)
	vmovdqu 4*128+\k*32+16(%rsp), %xmm8
	vaesenclast %xmm9, %xmm\R, %xmm\R
	vaesenclast %xmm9, %xmm8, %xmm8
	vinserti128 $1, %xmm8, %ymm\R, %ymm\R
.endm

/* Word-sliced: the high half extracted first, since a VEX xmm write
 * clears it. */
.macro subbytes_ws
	vextracti128 $1, %ymm0, %xmm1
	vaesenclast %xmm2, %xmm0, %xmm0
	vaesenclast %xmm2, %xmm1, %xmm1
	vinserti128 $1, %xmm1, %ymm0, %ymm0
.endm

#include "sm4/x86_64/sm4_aes_avx2_asm.h"

/* void axiom_sm4_aesni_avx2_bs_rounds(const uint32_t *bk, void *st,
 *                                     const uint8_t tab[8][32]); */
AXIOM_ENTRY(axiom_sm4_aesni_avx2_bs_rounds)
	sm4_bs_rounds_body
AXIOM_END(axiom_sm4_aesni_avx2_bs_rounds)

/* void axiom_sm4_aesni_avx2_ws_rounds{8,4,2}(const uint32_t *k, void *x,
 *                                           const uint8_t tab[8][32]); */
AXIOM_ENTRY(axiom_sm4_aesni_avx2_ws_rounds8)
	sm4_ws_rounds_body 8
AXIOM_END(axiom_sm4_aesni_avx2_ws_rounds8)

AXIOM_ENTRY(axiom_sm4_aesni_avx2_ws_rounds4)
	sm4_ws_rounds_body 4
AXIOM_END(axiom_sm4_aesni_avx2_ws_rounds4)

AXIOM_ENTRY(axiom_sm4_aesni_avx2_ws_rounds2)
	sm4_ws_rounds_body 2
AXIOM_END(axiom_sm4_aesni_avx2_ws_rounds2)
