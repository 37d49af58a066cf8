/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-384/512 compression for AVX-512 (F, VL, BW) with BMI2: the block
 * loop and message schedule of lib/sha2/x86_64/sha512_x86_64.h, with each
 * round split between the general and the vector registers.
 *
 * A round is two chains.  The e side (new e = d + T1, T1 = h + K + W +
 * Ch(e, f, g) + Sigma1(e)) stays in general registers, e..h there; the a
 * side (new a = T1 + Maj(a, b, c) + Sigma0(a)) runs in XMM registers, a..d
 * there, lane 0, where VPTERNLOGQ does Maj, and Sigma0's three-way XOR, in
 * one instruction each and VPRORQ the rotations.  Each round moves T1 to
 * the vector side and d, the a of three rounds back, the other way
 * (VMOVQ); d + h + K + W is summed before e is ready, so the e chain is
 * Ch or Sigma1 plus one addition, and the a chain has T1 + Maj ready
 * before Sigma0.  Splitting halves the operations on either unit
 * (the general-register round needs 22 on four ALUs), which is worth more
 * than the transfers cost: about 5.5 cycles a round instead of 7 here.
 *
 * The schedule runs in YMM0..YMM12 and the rounds in XMM16..XMM24, which
 * only EVEX instructions reach; the small sigma functions are two VPRORQ,
 * a shift and one VPTERNLOGQ each.
 * Constant time. */

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

#define A0 %xmm16 /* a..d rotate through these */
#define A1 %xmm17
#define A2 %xmm18
#define A3 %xmm19
#define RS %xmm20
#define RM %xmm21
#define RT %xmm22
#define RR1 %xmm23
#define RR2 %xmm24
#define E0 %r8 /* e..h rotate through these */
#define E1 %r9
#define E2 %r10
#define E3 %r11
#define T1 %r12
#define T2 %r13
#define T3 %r14
#define M0 %r15

#include "core/asm.h"
#include "sha2/x86_64/sha512_x86_64.h"

.macro VMOVA src, dst
	vmovdqa64 \src, \dst
.endm

/* dst = ror(src, r1) ^ ror(src, r2) ^ (src >> s) */
.macro SSIG dst, src, t1, t2, r1, r2, s
	vprorq	$\r1, \src, \dst
	vprorq	$\r2, \src, \t1
	vpsrlq	$\s, \src, \t2
	vpternlogq $0x96, \t1, \t2, \dst
.endm

/* One round; \wk is the offset of its K + W from RP.  The new e replaces
 * h and the new a replaces d.  The e chain (Ch and Sigma1 of e, then one
 * addition) comes first, so that the scheduler, which picks the oldest
 * ready operation, never makes it wait behind the rest. */
.macro RND a, b, c, d, e, f, g, h, wk
	add	\wk(RP), \h
	vmovq	\d, T3
	add	\h, T3
	CH_GPR	T2, \e, \f, \g
	add	T2, \h
	add	T2, T3
	BSIG_GPR T1, T2, \e, 14, 18, 41
	add	T1, \h
	vmovq	\h, RT
	lea	(T3, T1), \h
	vmovdqa64 \a, RM
	vpternlogq $0xe8, \c, \b, RM
	vpaddq	RT, RM, RM
	vprorq	$28, \a, RS
	vprorq	$34, \a, RR1
	vprorq	$39, \a, RR2
	vpternlogq $0x96, RR1, RR2, RS
	vpaddq	RM, RS, \d
.endm

/* Rounds j and j + 1 (j even): a..d and e..h each rotate by one place a
 * round. */
.macro RPAIR j
	.if (\j % 4) == 0
	RND	A0, A1, A2, A3, E0, E1, E2, E3, (16 * \j)
	RND	A3, A0, A1, A2, E3, E0, E1, E2, (16 * \j + 8)
	.else
	RND	A2, A3, A0, A1, E2, E3, E0, E1, (16 * \j)
	RND	A1, A2, A3, A0, E1, E2, E3, E0, (16 * \j + 8)
	.endif
.endm

.macro LOAD_STATE
	vmovq	0(%rdi), A0
	vmovq	8(%rdi), A1
	vmovq	16(%rdi), A2
	vmovq	24(%rdi), A3
	mov	32(%rdi), E0
	mov	40(%rdi), E1
	mov	48(%rdi), E2
	mov	56(%rdi), E3
.endm

.macro ROUNDS_START
.endm

/* Lane 1 of a..d is never read: a 16-byte VPADDQ from the state adds its
 * next word there harmlessly. */
.macro FEEDFORWARD
	mov	S_STATE(%rsp), T1
	vpaddq	(T1), A0, A0
	vmovq	A0, (T1)
	vpaddq	8(T1), A1, A1
	vmovq	A1, 8(T1)
	vpaddq	16(T1), A2, A2
	vmovq	A2, 16(T1)
	vpaddq	24(T1), A3, A3
	vmovq	A3, 24(T1)
	add	32(T1), E0
	mov	E0, 32(T1)
	add	40(T1), E1
	mov	E1, 40(T1)
	add	48(T1), E2
	mov	E2, 48(T1)
	add	56(T1), E3
	mov	E3, 56(T1)
.endm

.macro WIPE_ROUNDS
	vpxorq	A0, A0, A0
	vpxorq	A1, A1, A1
	vpxorq	A2, A2, A2
	vpxorq	A3, A3, A3
	vpxorq	RS, RS, RS
	vpxorq	RM, RM, RM
	vpxorq	RT, RT, RT
	vpxorq	RR1, RR1, RR1
	vpxorq	RR2, RR2, RR2
	xor	T1, T1
	xor	T2, T2
	xor	T3, T3
.endm

SHA512_FUNC axiom_sha512_avx512_blocks
