/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-384/512 compression for AVX-512 (F, VL, DQ): the block loop and
 * message schedule of lib/sha2/x86_64/sha512_x86_64.h, with the rounds in
 * vector registers, two working variables a register.
 *
 * The state is four XMM registers, [e, a], [f, b], [g, c] and [h, d]
 * (lane 0, lane 1), whose roles rotate a place a round.  One round:
 *   - VPRORVQ rotates lane 0 by Sigma1's counts and lane 1 by Sigma0's,
 *     so three rotations and one VPTERNLOGQ give [Sigma1(e), Sigma0(a)];
 *   - two VPTERNLOGQ under lane masks give [Ch(e, f, g), Maj(a, b, c)];
 *     their sum is U = [T1 - h - K - W, Sigma0(a) + Maj(a, b, c)];
 *   - P = [d + h + K + W, h + K + W] is made from [h, d] (a lane swap, the
 *     broadcast K + W, a masked add), off the chain;
 *   - the new [e, a] = P + U, plus U's lane 0 in lane 1 (a broadcast and
 *     a masked add), into the register [h, d] leaves.
 * Fourteen operations and a move, against sixteen and two moves with one
 * variable a register, 22 in general registers, or a split between the
 * two (which adds transfers); on a core shared with another thread the
 * count of operations is what decides the speed.  The chain from [e, a]
 * to the next is five operations (rotation, XOR, U, P + U, the masked
 * add).
 *
 * The schedule runs in YMM0..YMM12; the small sigma functions are two
 * VPRORQ, a shift and one VPTERNLOGQ each.  Constant time. */

#define VW0 %ymm0
#define VW1 %ymm1
#define VW2 %ymm2
#define VW3 %ymm3
#define VW4 %ymm4
#define VW5 %ymm5
#define VW6 %ymm6
#define VW7 %ymm7
#define VT1 %ymm8
#define VT2 %ymm9
#define VT3 %ymm10
#define VT4 %ymm11
#define VBSWAP %ymm12
#define VWIPE %zmm8
#define VWIPE_BYTES 64

#define SX %xmm16 /* [e, a], [f, b], [g, c], [h, d] rotate through these */
#define SY %xmm17
#define SZ %xmm18
#define SW %xmm19
#define RP1 %xmm20
#define RSG %xmm21
#define RT1 %xmm22
#define RT2 %xmm23
#define RF %xmm24
#define RT3 %xmm25
#define RC1 %xmm26
#define RC2 %xmm27
#define RC3 %xmm28
#define T1 %r12
#define T2 %r13
#define M0 %r15

#define SHA512_EVEX_SIGMA 1
#include "core/asm.h"
#include "sha2/x86_64/sha512_x86_64.h"

.macro VMOVA src, dst
	vmovdqa64 \src, \dst
.endm


/* One round on [e, a] = \x, [f, b] = \y, [g, c] = \z, [h, d] = \w;
 * \wk is the offset of its K + W from RP.  \w becomes the new [e, a].
 * k1 is lane 0, k2 lane 1; RC1..RC3 hold the rotation counts. */
.macro RND x, y, z, w, wk
	vpshufd	$0x4e, \w, RP1
	vpaddq	\wk(RP){1to2}, RP1, RP1
	vpaddq	\w, RP1, RP1{%k1}
	vprorvq	RC1, \x, RSG
	vprorvq	RC2, \x, RT1
	vprorvq	RC3, \x, RT2
	vmovdqa64 \x, RF
	vpternlogq $0xca, \z, \y, RF{%k1}
	vpternlogq $0xe8, \z, \y, RF{%k2}
	vpternlogq $0x96, RT1, RT2, RSG
	vpaddq	RSG, RF, RF
	vpbroadcastq RF, RT3
	vpaddq	RF, RP1, \w
	vpaddq	RT3, \w, \w{%k2}
.endm

/* Rounds j and j + 1 (j even) of a sixteen-round body: the roles
 * rotate with period four. */
.macro RPAIR j
	.if (\j % 4) == 0
	RND	SX, SY, SZ, SW, (16 * \j)
	RND	SW, SX, SY, SZ, (16 * \j + 8)
	.else
	RND	SZ, SW, SX, SY, (16 * \j)
	RND	SY, SZ, SW, SX, (16 * \j + 8)
	.endif
.endm

.macro LD2 r, lo, hi
	vmovq	\lo(%rdi), \r
	vpinsrq	$1, \hi(%rdi), \r, \r
.endm
.macro LOAD_STATE
	LD2	SX, 32, 0
	LD2	SY, 40, 8
	LD2	SZ, 48, 16
	LD2	SW, 56, 24
	mov	$1, %eax
	kmovw	%eax, %k1
	mov	$2, %eax
	kmovw	%eax, %k2
	vmovdqa64 .Lsha512_rot1(%rip), RC1
	vmovdqa64 .Lsha512_rot2(%rip), RC2
	vmovdqa64 .Lsha512_rot3(%rip), RC3
.endm

.macro ROUNDS_START
.endm

.macro FF1 s, lo, hi
	vmovq	\lo(T1), RT1
	vpinsrq	$1, \hi(T1), RT1, RT1
	vpaddq	RT1, \s, \s
	vmovq	\s, \lo(T1)
	vpextrq	$1, \s, \hi(T1)
.endm
.macro FEEDFORWARD
	mov	S_STATE(%rsp), T1
	FF1	SX, 32, 0
	FF1	SY, 40, 8
	FF1	SZ, 48, 16
	FF1	SW, 56, 24
.endm

.macro WIPE_ROUNDS
	vpxorq	SX, SX, SX
	vpxorq	SY, SY, SY
	vpxorq	SZ, SZ, SZ
	vpxorq	SW, SW, SW
	vpxorq	RP1, RP1, RP1
	vpxorq	RSG, RSG, RSG
	vpxorq	RT1, RT1, RT1
	vpxorq	RT2, RT2, RT2
	vpxorq	RF, RF, RF
	vpxorq	RT3, RT3, RT3
	xor	T1, T1
	xor	T2, T2
.endm

	.section .rodata
	.p2align 4
.Lsha512_rot1:
	.quad	14, 28
.Lsha512_rot2:
	.quad	18, 34
.Lsha512_rot3:
	.quad	41, 39
	.text

SHA512_FUNC axiom_sha512_avx512_blocks
