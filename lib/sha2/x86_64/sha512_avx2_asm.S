/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SHA-384/512 compression for AVX2 with BMI2: the block loop and message
 * schedule of lib/sha2/x86_64/sha512_x86_64.h (schedule in YMM0..YMM11,
 * YMM15), with the rounds in general registers.  Included again by
 * sha512_avx512gpr_asm.S with SHA512_VL defined: the same rounds, the
 * schedule's small sigma functions with AVX-512VL's VPRORQ and VPTERNLOGQ.
 *
 * A round is 26 instructions, 24 of them ALU operations: RORX (three-
 * operand, so no copies) for the rotations; the new e is summed beside
 * T1 (d + h + K + W before e is known, then Ch and Sigma1 added to both:
 * four dependent operations from e to the next e instead of five, for
 * two more additions); and Maj(a, b, c) as
 * b ^ ((a ^ b) & (b ^ c)) where b ^ c is the previous round's a ^ b: the
 * two registers holding them swap roles every round, as a..h rotate
 * through the macro arguments, so no value is ever moved.  AVX2 has no
 * 64-bit vector rotate: each rotation in the small sigma functions is a
 * right and a left shift XORed into the rest (nine instructions a
 * function), except sigma0's rotation by 8, a byte shuffle (VPSHUFB).
 * With AVX-512VL each function is two VPRORQ, a shift and a three-way
 * XOR (VPTERNLOGQ): four instructions, so a schedule step is 17 instead
 * of 25.  The schedule's instructions go one at a time between the
 * rounds' (SHA512_SLOTS, sha512_x86_64.h), which on Zen 4 takes the
 * rounds of a long message from 7.0 to 6.55 core cycles each.
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
#define VBSWAP %ymm15
#define VROR8 %ymm14 /* VPSHUFB: each 64-bit word rotated right by a byte */
#define VWIPE %ymm8
#define VWIPE_BYTES 32

#define A %rax
#define B %rbx
#define C %rcx
#define D %rdx
#define E %r8
#define F %r9
#define G %r10
#define H %r11
#define T1 %r12
#define T2 %r13
#define M0 %r14 /* a ^ b / b ^ c, alternating */
#define M1 %r15

#ifdef SHA512_VL
#define SHA512_EVEX_SIGMA 1 /* SSIG, SIGMA0 and SCHED_SETUP: the header's */
#else
#define SHA512_OWN_SIGMA0 1
#endif
#define SHA512_SLOTS 1 /* the schedule's instructions inside the rounds */

/* The header's lone-block path (a single block's schedule four words a
 * register); RPAIR below takes the buffer's stride. */
#define SHA512_LONE 1
/* The lone block's rounds (LONE_RND: RND or RNDL below); after how many
 * of a round's instructions one of its schedule step's comes
 * (LONE_EVERY: the step, four words of one block, is 40 instructions
 * with AVX2 and 25 with AVX-512VL, over four rounds); and below how
 * many blocks a call takes the lone path block by block (LONE_MAX)
 * rather than the pair path.  AMD Zen 4 (family 25 model 17), each
 * kernel's blocks function alone (core cycles a block, medians of 15
 * alternating runs; libgcrypt master's AVX2 function in the same runs
 * 574 for one block, 557-565 a block from two): one block, AVX2 RNDL
 * after every 3rd 537 (every 2nd or 4th 565, RND 555-565), avx512-gpr
 * RND after every 2nd 546 (RNDL 583); two to five blocks by pairs
 * 546-562 a block for both (the pair path's step then takes 540 from
 * six blocks and 524 over 128). */
#ifdef SHA512_VL
#define LONE_RND RND
#define LONE_EVERY 2
#else
#define LONE_RND RNDL
#define LONE_EVERY 3
#endif
#define LONE_MAX 2

#include "core/asm.h"
#include "sha2/x86_64/sha512_x86_64.h"

.macro VMOVA src, dst
	vmovdqa	\src, \dst
.endm

#ifndef SHA512_VL
/* dst = ror(src, r1) ^ ror(src, r2) ^ (src >> s): without a 64-bit vector
 * rotate, each rotation is a right and a left shift. */
.macro SSIG dst, src, tmp, unused, r1, r2, s
	SQ	vpsrlq	$\r1, \src, \dst
	SQ	vpsllq	$(64 - \r1), \src, \tmp
	SQ	vpxor	\tmp, \dst, \dst
	SQ	vpsrlq	$\r2, \src, \tmp
	SQ	vpxor	\tmp, \dst, \dst
	SQ	vpsllq	$(64 - \r2), \src, \tmp
	SQ	vpxor	\tmp, \dst, \dst
	SQ	vpsrlq	$\s, \src, \tmp
	SQ	vpxor	\tmp, \dst, \dst
.endm

/* sigma0 = ror(x, 1) ^ ror(x, 8) ^ (x >> 7), the rotation by a whole
 * byte one VPSHUFB: seven instructions instead of nine. */
.macro SIGMA0 dst, src, tmp, unused
	SQ	vpsrlq	$1, \src, \dst
	SQ	vpsllq	$63, \src, \tmp
	SQ	vpxor	\tmp, \dst, \dst
	SQ	vpsrlq	$7, \src, \tmp
	SQ	vpxor	\tmp, \dst, \dst
	SQ	vpshufb	VROR8, \src, \tmp
	SQ	vpxor	\tmp, \dst, \dst
.endm

.macro SCHED_SETUP
	vmovdqa	.Lsha512_ror8(%rip), VROR8
.endm
#endif

/* A round's end: h += Sigma0(a) + Maj(a, b, c), Maj as b ^ ((a ^ b) &
 * (b ^ c)) with \bc = b ^ c on entry and \ab receiving a ^ b (the next
 * round's b ^ c). */
.macro RND_A a, b, h, bc, ab
	BSIG_GPR T1, T2, \a, 28, 34, 39
	RI	add	T1, \h
	RI	mov	\a, \ab
	RI	xor	\b, \ab
	RI	and	\ab, \bc
	RI	xor	\b, \bc
	RI	add	\bc, \h
.endm

/* One round; \wk is the offset of its K + W from RP; \bc holds b ^ c on
 * entry and \ab receives a ^ b (the next round's b ^ c). */
.macro RND a, b, c, d, e, f, g, h, wk, bc, ab
	RI	add	\wk(RP), \h
	RI	add	\h, \d
	CH_GPR	T1, \e, \f, \g
	RI	add	T1, \h
	RI	add	T1, \d
	BSIG_GPR T1, T2, \e, 14, 18, 41
	RI	add	T1, \h
	RI	add	T1, \d
	RND_A	\a, \b, \h, \bc, \ab
.endm

/* RND with T1 = h + K + W + Ch + Sigma1(e) summed in h and added to d
 * once: two additions fewer than RND's sums into d beside it, but one
 * addition longer on the chain from e to the next e.  The AVX2 kernel's
 * lone block (LONE_RND), whose schedule is 40 vector instructions a
 * step beside the rounds, gains from the fewer operations; the pair
 * path's rounds and avx512-gpr's lone block (25 a step) from the shorter
 * chain (LONE_RND's figures above; the pair path was 5 % slower at 1
 * KiB with RNDL). */
.macro RNDL a, b, c, d, e, f, g, h, wk, bc, ab
	RI	add	\wk(RP), \h
	CH_GPR	T1, \e, \f, \g
	RI	add	T1, \h
	BSIG_GPR T1, T2, \e, 14, 18, 41
	RI	add	T1, \h
	RI	add	\h, \d
	RND_A	\a, \b, \h, \bc, \ab
.endm

/* Rounds j and j + 1 (j even) with \rnd: a..h rotate by one place a
 * round; their K + W at \s * j and \s * j + 8 from RP (\s: 16 in a pair
 * buffer, 8 in a lone block's). */
.macro RONE j, k, s=16, rnd=RND
	SCHED_ROUND (\j + \k)
	.if (\j % 8) == 0
	.if \k == 0
	\rnd	A, B, C, D, E, F, G, H, (\s * \j), M0, M1
	.else
	\rnd	H, A, B, C, D, E, F, G, (\s * \j + 8), M1, M0
	.endif
	.elseif (\j % 8) == 2
	.if \k == 0
	\rnd	G, H, A, B, C, D, E, F, (\s * \j), M0, M1
	.else
	\rnd	F, G, H, A, B, C, D, E, (\s * \j + 8), M1, M0
	.endif
	.elseif (\j % 8) == 4
	.if \k == 0
	\rnd	E, F, G, H, A, B, C, D, (\s * \j), M0, M1
	.else
	\rnd	D, E, F, G, H, A, B, C, (\s * \j + 8), M1, M0
	.endif
	.else
	.if \k == 0
	\rnd	C, D, E, F, G, H, A, B, (\s * \j), M0, M1
	.else
	\rnd	B, C, D, E, F, G, H, A, (\s * \j + 8), M1, M0
	.endif
	.endif
	SCHED_FLUSH
.endm
.macro RPAIR j, s=16, rnd=RND
	RONE	\j, 0, \s, \rnd
	RONE	\j, 1, \s, \rnd
.endm

.macro LOAD_STATE
	mov	0(%rdi), A
	mov	8(%rdi), B
	mov	16(%rdi), C
	mov	24(%rdi), D
	mov	32(%rdi), E
	mov	40(%rdi), F
	mov	48(%rdi), G
	mov	56(%rdi), H
.endm

.macro ROUNDS_START
	mov	B, M0
	xor	C, M0
.endm

.macro FEEDFORWARD
	mov	S_STATE(%rsp), T1
	add	(T1), A
	mov	A, (T1)
	add	8(T1), B
	mov	B, 8(T1)
	add	16(T1), C
	mov	C, 16(T1)
	add	24(T1), D
	mov	D, 24(T1)
	add	32(T1), E
	mov	E, 32(T1)
	add	40(T1), F
	mov	F, 40(T1)
	add	48(T1), G
	mov	G, 48(T1)
	add	56(T1), H
	mov	H, 56(T1)
.endm

.macro WIPE_ROUNDS
	xor	T1, T1
	xor	T2, T2
	xor	M0, M0
	xor	M1, M1
.endm

#ifdef SHA512_VL
SHA512_FUNC axiom_sha512_avx512gpr_blocks
#else
SHA512_FUNC axiom_sha512_avx2_blocks

	.section .rodata
	.p2align 5
.Lsha512_ror8:
	.quad	0x0007060504030201, 0x080f0e0d0c0b0a09, 0x0007060504030201, 0x080f0e0d0c0b0a09
	.text
#endif
