/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-384/512 single-stream compression shared by the AVX2 and AVX-512
 * kernels (lib/sha2/x86_64/sha512_avx2_asm.S, sha512_avx512_asm.S), as GNU
 * as macros: the block loop and the message schedule of two blocks at
 * once in YMM registers (one block per 128-bit half, two 64-bit words per
 * half), spread over the rounds.  The rounds themselves are the including
 * file's (general registers with BMI2 RORX for AVX2; vector registers, two
 * working variables a register, for AVX-512).
 *
 * Why assembly: a round is about 22 operations (Sigma1, Ch, Sigma0, Maj
 * and six additions) on one chain of dependent values, so what decides the
 * speed is that the rounds get the execution units they need and nothing
 * else competes for them.  Compiled C spends eight register moves a round
 * and computes a block's schedule before its rounds; here the schedule of
 * the next pair of blocks is spread over the rounds of the current pair
 * (one step, two words of both blocks, every four rounds), in issue slots
 * and vector units the rounds leave free.
 *
 * Message schedule (FIPS 180-4, 6.4.2): step g (g = 8..39) computes the
 * words 2g and 2g+1 of both blocks, x[g] = x[g-8] + sigma0(words 2g-15,
 * 2g-14) + (words 2g-7, 2g-6) + sigma1(x[g-1]); the two shifted pairs are
 * one VPALIGNR each.  The eight latest pairs stay in eight registers whose
 * roles rotate with the steps (a step replaces the oldest), so no raw word
 * goes to memory; only the words plus round constants do, in the pair
 * buffer in the order the rounds read them: block b's round t at
 * 32*(t/2) + 8*(t%2) + 16b.  The first pair's first block cannot wait for
 * a schedule computed elsewhere: its rounds compute its own words sixteen
 * rounds ahead of their use, eight steps per sixteen rounds.  After that
 * every pair of blocks is scheduled while the previous pair's rounds run.
 *
 * The including file includes core/asm.h, defines the vector registers
 * (VW0..VW7: the window of schedule word pairs; VT1..VT4: temporaries,
 * VT1 = YMM8; VBSWAP; VWIPE: YMM8 or ZMM8, what wipes the pair buffers,
 * VWIPE_BYTES at a time), the general registers T1, T2 and M0 (free
 * between blocks), the instruction macro VMOVA (an aligned vector move),
 * SSIG dst, src, t1, t2, r1, r2, s (dst = ror(src, r1) ^ ror(src, r2) ^
 * (src >> s), src kept, each instruction written SQ insn) unless it
 * defines SHA512_EVEX_SIGMA, and the round macros RPAIR j (rounds j and j+1
 * of a sixteen-round body, reading K + W at 16j and 16j + 8 from RP),
 * LOAD_STATE, ROUNDS_START (per block, before its first round),
 * FEEDFORWARD and WIPE_ROUNDS, for which CH_GPR and BSIG_GPR below serve
 * as the general-register steps of a round; with SHA512_LONE (the
 * lone-block path below, which needs SHA512_SLOTS) also RONE j, k, s,
 * rnd (round j + k alone, between SCHED_ROUND and SCHED_FLUSH), LONE_RND
 * (the lone block's round macro), LONE_EVERY and LONE_MAX; with
 * SHA512_SLOTS its rounds' instructions are written RI insn (below);
 * then it expands SHA512_FUNC with the function's name.
 *
 * Constant time: no branch or memory index depends on the data; only the
 * block count is branched on.  The stack buffers hold message words plus
 * constants (HMAC key blocks among them) and are zeroed before returning,
 * and so are the registers that held message words. */

/* void fn(uint64_t state[8], const uint8_t *blocks, size_t nblocks), nblocks >= 1 */

#define RP %rdi /* rounds: K + W of the current round group */
#define WP %rsi /* schedule: where K + W of step g goes */
#define KP %rbp /* schedule: the round constants of step g, both halves */

/* Stack slots and buffers. */
#define S_STATE 0
#define S_PTR 8 /* the first block of the current pair */
#define S_LEFT 16 /* blocks left, the current pair included */
#define S_END 24
#define S_CUR 32 /* pair buffer being consumed by the rounds */
#define S_NXT 40 /* pair buffer being scheduled */
#define S_BUF 48 /* the two pair buffers, 64-byte aligned */
#define S_NBLK 56 /* the caller's block count */
#define PAIRBUF 1280
#define LONEBUF 256 /* a lone block's K + W ring (SHA512_LONE) */
#define FRAME (64 + 2 * PAIRBUF + 64)

.macro VINS128 lo, hi, dst
	vmovdqu	\lo, %xmm8
	vinserti128 $1, \hi, %ymm8, \dst
.endm
.macro VZERO r
	vpxor	\r, \r, \r
.endm
.macro VEND
	vpxor	VBSWAP, VBSWAP, VBSWAP
	vzeroupper
.endm

/* The message schedule's instruction sequences (a step, its sigma
 * functions) write each instruction as SQ insn, so that a sequence can
 * be emitted whole or one instruction at a time: SEQ_ONE k, mac, args
 * emits only instruction k of what \mac \args emits, and SEQ_COUNT
 * mac, args sets SEQ_N to how many there are, emitting none.  The rounds
 * in general registers take a step's instructions one at a time
 * (SHA512_SLOTS, below). */
.set SEQ_ALL, 1
.set SEQ_SEL, 0
.set SEQ_POS, 0
.macro SQ insn:vararg
	.if SEQ_ALL
	\insn
	.elseif SEQ_POS == SEQ_SEL
	\insn
	.endif
	.set SEQ_POS, SEQ_POS + 1
.endm
.macro SEQ_ONE k, mac, args:vararg
	.set SEQ_ALL, 0
	.set SEQ_SEL, \k
	.set SEQ_POS, 0
	\mac	\args
	.set SEQ_ALL, 1
.endm
.macro SEQ_COUNT mac, args:vararg
	SEQ_ONE	-1, \mac, \args
	.set SEQ_N, SEQ_POS
.endm

/* The small sigma functions of the schedule (FIPS 180-4, 4.1.3); an
 * including file with a cheaper sigma0 defines SHA512_OWN_SIGMA0 and the
 * macro SIGMA0 itself, and SCHED_SETUP to load what it needs. */
#ifdef SHA512_EVEX_SIGMA
/* With AVX-512VL (an including file that defines SHA512_EVEX_SIGMA):
 * dst = ror(src, r1) ^ ror(src, r2) ^ (src >> s) in four instructions. */
.macro SSIG dst, src, t1, t2, r1, r2, s
	SQ	vprorq	$\r1, \src, \dst
	SQ	vprorq	$\r2, \src, \t1
	SQ	vpsrlq	$\s, \src, \t2
	SQ	vpternlogq $0x96, \t1, \t2, \dst
.endm
#endif
#ifndef SHA512_OWN_SIGMA0
.macro SIGMA0 dst, src, t1, t2
	SSIG	\dst, \src, \t1, \t2, 1, 8, 7
.endm
.macro SCHED_SETUP
.endm
#endif
.macro SIGMA1 dst, src, t1, t2
	SSIG	\dst, \src, \t1, \t2, 19, 61, 6
.endm

/* Round steps in general registers: \dst = Ch(\e, \f, \g) = ((f ^ g) & e)
 * ^ g; \dst = ror(\x, r1) ^ ror(\x, r2) ^ ror(\x, r3) (Sigma0 of a:
 * 28, 34, 39; Sigma1 of e: 14, 18, 41), \tmp clobbered. */
.macro CH_GPR dst, e, f, g
	RI	mov	\f, \dst
	RI	xor	\g, \dst
	RI	and	\e, \dst
	RI	xor	\g, \dst
.endm
.macro BSIG_GPR dst, tmp, x, r1, r2, r3
	RI	rorx	$\r1, \x, \dst
	RI	rorx	$\r2, \x, \tmp
	RI	xor	\tmp, \dst
	RI	rorx	$\r3, \x, \tmp
	RI	xor	\tmp, \dst
.endm

/* With SHA512_SLOTS (the kernels with their rounds in general registers)
 * a body's schedule steps are not placed between rounds but inside them:
 * each round instruction is written RI insn, and after every
 * SCHED_EVERY-th of a round RI adds the next instruction of the current
 * step, as many as the round's share (SCHED_LIM), the rest at the
 * round's end (SCHED_FLUSH): a step of four rounds (17 instructions
 * with AVX-512VL, 25 without) one after every fourth, a step of two
 * rounds (the first block's, \ns = 8) one after every second, and a lone
 * block's step (STEP4R with SCHED_LONE, 25 or 40 instructions over four
 * rounds) one after every LONE_EVERY-th.  In a throw-away loop of 144
 * rounds on AMD Zen 4 (family 25 model 17; core cycles a round, minimum
 * of 50 runs, median of 11): the rounds alone 6.03; with the AVX2 step
 * whole after every fourth round 7.01; one instruction after every 2nd,
 * 3rd, 4th, 5th or 6th of the rounds' 6.55, 6.08, 6.02, 6.08, 6.31; a
 * quarter of the step at the start, middle or end of each round
 * 6.51-6.56.  Instructions are dispatched in order, and a run of vector
 * ones holds back the rounds behind it.
 *
 * SCHED_NS: steps a body (0: none, and RI only emits), SCHED_FIRST its
 * first step's rotation, SCHED_ROT the current step's, SCHED_K its next
 * instruction, RPOS the round's instructions so far. */
.set SCHED_NS, 0
.set RPOS, 0
.macro RI insn:vararg
	\insn
	.set RPOS, RPOS + 1
	.if SCHED_NS
	.if (RPOS % SCHED_EVERY) == 0
	SLOT
	.endif
	.endif
.endm
.set SCHED_LONE, 0
/* Step \i of the current body's kind: a lone block's (STEP4R) with
 * SCHED_LONE, else the pair path's (STEPR). */
.macro SCHED_STEP i
	.if SCHED_LONE
	STEP4R	\i
	.else
	STEPR	\i
	.endif
.endm
.macro SLOT
	.if SCHED_K < SCHED_LIM
	SEQ_ONE	SCHED_K, SCHED_STEP, SCHED_ROT
	.set SCHED_K, SCHED_K + 1
	.endif
.endm
/* Sixteen rounds of \rnd (K + W at stride \s) with \ns steps (0, 4 or 8)
 * of the kind \lone picks (SCHED_STEP), the first of window rotation
 * \first, one step instruction after every \every-th of the rounds'. */
.macro SCHED_BODY ns, first, every, lone, s, rnd
	.set SCHED_LONE, \lone
	.if \ns
	SEQ_COUNT SCHED_STEP, 0
	.set SCHED_LEN, SEQ_N
	.set SCHED_FIRST, \first
	.set SCHED_EVERY, \every
	.endif
	.set SCHED_NS, \ns
	.irp j, 0, 2, 4, 6, 8, 10, 12, 14
	RPAIR	\j, \s, \rnd
	.endr
	.set SCHED_NS, 0
	.set SCHED_LONE, 0
.endm
/* Before round \t (0..15) of a body, and after it. */
.macro SCHED_ROUND t
	.set RPOS, 0
	.if SCHED_NS
	.set SCHED_RPS, 16 / SCHED_NS
	.if ((\t) % SCHED_RPS) == 0
	.set SCHED_K, 0
	.set SCHED_ROT, (SCHED_FIRST + (\t) / SCHED_RPS) % 8
	.endif
	.set SCHED_LIM, (SCHED_LEN * ((\t) % SCHED_RPS + 1) + SCHED_RPS - 1) / SCHED_RPS
	.endif
.endm
.macro SCHED_FLUSH
	.if SCHED_NS
	.rept SCHED_LIM - SCHED_K
	SLOT
	.endr
	.endif
.endm

/* The pair buffers used (the second only with three blocks or more; a
 * lone block's LONEBUF bytes when SHA512_LONE), four stores an iteration
 * (every buffer size is a multiple of four stores); zeroing VT1 zeroes all of VWIPE (a VEX write clears the bits
 * above). */
.macro WIPE_BUFFERS
	VZERO	VT1
	mov	S_BUF(%rsp), T1
	lea	PAIRBUF(T1), T2
	cmpq	$3, S_NBLK(%rsp)
	jb	1f
	lea	(2 * PAIRBUF)(T1), T2
1:
#ifdef SHA512_LONE
	cmpq	$LONE_MAX, S_NBLK(%rsp)
	jae	2f
	lea	LONEBUF(T1), T2
#endif
2:
	VMOVA	VWIPE, (T1)
	VMOVA	VWIPE, VWIPE_BYTES(T1)
	VMOVA	VWIPE, (2 * VWIPE_BYTES)(T1)
	VMOVA	VWIPE, (3 * VWIPE_BYTES)(T1)
	add	$(4 * VWIPE_BYTES), T1
	cmp	T2, T1
	jne	2b
.endm

/* One schedule step: the window \x0 (x[g-8], the oldest) .. \x7 (x[g-1]);
 * x[g] replaces \x0, its K + W goes to WP; WP and KP move on. */
.macro STEP x0, x1, x2, x3, x4, x5, x6, x7
	SQ	vpalignr $8, \x0, \x1, VT1
	SIGMA0	VT2, VT1, VT3, VT4
	SQ	vpaddq	\x0, VT2, VT2
	SQ	vpalignr $8, \x4, \x5, VT1
	SQ	vpaddq	VT1, VT2, VT2
	SIGMA1	VT1, \x7, VT3, VT4
	SQ	vpaddq	VT1, VT2, \x0
	SQ	vpaddq	(KP), \x0, VT1
	SQ	VMOVA	VT1, (WP)
	SQ	add	$32, WP
	SQ	add	$32, KP
.endm

/* Step i of a rotation of the window. */
.macro STEPR i
	.if (\i % 8) == 0
	STEP	VW0, VW1, VW2, VW3, VW4, VW5, VW6, VW7
	.elseif (\i % 8) == 1
	STEP	VW1, VW2, VW3, VW4, VW5, VW6, VW7, VW0
	.elseif (\i % 8) == 2
	STEP	VW2, VW3, VW4, VW5, VW6, VW7, VW0, VW1
	.elseif (\i % 8) == 3
	STEP	VW3, VW4, VW5, VW6, VW7, VW0, VW1, VW2
	.elseif (\i % 8) == 4
	STEP	VW4, VW5, VW6, VW7, VW0, VW1, VW2, VW3
	.elseif (\i % 8) == 5
	STEP	VW5, VW6, VW7, VW0, VW1, VW2, VW3, VW4
	.elseif (\i % 8) == 6
	STEP	VW6, VW7, VW0, VW1, VW2, VW3, VW4, VW5
	.else
	STEP	VW7, VW0, VW1, VW2, VW3, VW4, VW5, VW6
	.endif
.endm

/* Sixteen rounds with schedule steps among them: \ns = 8 (one after every
 * two rounds), 4 (after every four, window rotations \first..\first+3) or
 * 0. */
.macro BODY ns, first=0
#ifdef SHA512_SLOTS
	.if \ns == 8
	SCHED_BODY 8, \first, 2, 0, 16, RND
	.else
	SCHED_BODY \ns, \first, 4, 0, 16, RND
	.endif
#else
	RPAIR	0
	.if \ns == 8
	STEPR	0
	.endif
	RPAIR	2
	.if \ns == 8
	STEPR	1
	.elseif \ns == 4
	STEPR	(\first + 0)
	.endif
	RPAIR	4
	.if \ns == 8
	STEPR	2
	.endif
	RPAIR	6
	.if \ns == 8
	STEPR	3
	.elseif \ns == 4
	STEPR	(\first + 1)
	.endif
	RPAIR	8
	.if \ns == 8
	STEPR	4
	.endif
	RPAIR	10
	.if \ns == 8
	STEPR	5
	.elseif \ns == 4
	STEPR	(\first + 2)
	.endif
	RPAIR	12
	.if \ns == 8
	STEPR	6
	.endif
	RPAIR	14
	.if \ns == 8
	STEPR	7
	.elseif \ns == 4
	STEPR	(\first + 3)
	.endif
#endif
.endm

/* \n bodies of \ns (0 or 8) steps each, RP advancing by 16 rounds per
 * body; with \ns = 4, \n pairs of bodies (a full window rotation).  Each
 * kind of body is one subroutine (SHA512_BODIES, after the function),
 * called wherever it runs: a body is 16 rounds with the register roles
 * back where they started, and the four kinds once each keep the code
 * small enough to stay in the decoded-op cache (expanded at each use,
 * the thirteen bodies made 27 KB, and calls of five blocks or more paid
 * about 250 cycles more than of four on Zen 4). */
.macro BODIES n, ns
	.if \ns == 4
	lea	(\n * 512)(RP), T1
	.else
	lea	(\n * 256)(RP), T1
	.endif
	mov	T1, S_END(%rsp)
1:
	.if \ns == 4
	call	.Lsha512_body4a
	add	$256, RP
	call	.Lsha512_body4b
	.elseif \ns == 8
	call	.Lsha512_body8
	.else
	call	.Lsha512_body0
	.endif
	add	$256, RP
	cmp	S_END(%rsp), RP
	jne	1b
.endm

/* The subroutines of BODIES (and, with \body = BODY_LONE, of LONE_ROUNDS);
 * they touch neither the stack nor the frame. */
.macro BODY_SUB label, ns, first=0, body=BODY
	.p2align 6
\label:
	.cfi_startproc
	\body	\ns, \first
	ret
	.cfi_endproc
.endm
.macro SHA512_BODIES
	BODY_SUB .Lsha512_body0, 0
	BODY_SUB .Lsha512_body8, 8
	BODY_SUB .Lsha512_body4a, 4, 0
	BODY_SUB .Lsha512_body4b, 4, 4
#ifdef SHA512_LONE
	BODY_SUB .Lsha512_lbody0, 0, body=BODY_LONE
	BODY_SUB .Lsha512_lbody4, 4, body=BODY_LONE
#endif
.endm

/* Group \g of words in \w (loaded, wire order): byte-swapped in place,
 * and with the round constants of table \ktab into the buffer. */
.macro KW_STORE buf, g, w, ktab
	vpshufb	VBSWAP, \w, \w
	vpaddq	(\ktab + 32 * \g)(%rip), \w, VT1
	VMOVA	VT1, (32 * \g)(\buf)
.endm

#ifdef SHA512_LONE
/* A lone block (each block of a call of fewer than LONE_MAX blocks, one
 * at a time; a call of one block is the usual last block of a short
 * message): its schedule four words a register, W[t..t+3] from the window
 * \x0 .. \x3 (words t-16 .. t-1, four a register, the oldest first), and
 * K + W in a ring of its own layout (round t at 8 (t mod 32)).  Instead of the
 * pair path's two words of two copies of the block per step: 16 steps
 * for the 64 words, not 32, the words W[t], W[t+1] of a step feeding its
 * W[t+2], W[t+3] through a second sigma1. */

/* \dst = words 1..4 of the pair (\lo, \hi): one VALIGNQ with AVX-512VL,
 * else a lane swap and a byte shift within the lanes. */
.macro ALIGN1 dst, lo, hi
#ifdef SHA512_EVEX_SIGMA
	SQ	valignq	$1, \lo, \hi, \dst
#else
	SQ	vperm2i128 $0x21, \hi, \lo, \dst
	SQ	vpalignr $8, \lo, \dst, \dst
#endif
.endm

/* W[t..t+3] replaces \x0; its K + W goes to WP; WP and KP move on.  VT2,
 * VT1 and VW6 carry values from its first half to its second. */
.macro STEP4 x0, x1, x2, x3
	ALIGN1	VW4, \x0, \x1
	SIGMA0	VT2, VW4, VT3, VT4
	SQ	vpaddq	\x0, VT2, VT2
	ALIGN1	VW4, \x2, \x3
	SQ	vpaddq	VW4, VT2, VT2
	SQ	vpermq	$0xee, \x3, VW5
	SIGMA1	VT1, VW5, VT3, VT4
	SQ	vpaddq	VT1, VT2, VW6
	SQ	vpermq	$0x44, VW6, VW5
	SIGMA1	VT1, VW5, VT3, VT4
	SQ	vpaddq	VT1, VT2, VT2
	SQ	vpblendd $0xf0, VT2, VW6, \x0
	SQ	vpaddq	(KP), \x0, VT1
	SQ	VMOVA	VT1, (WP)
	SQ	add	$32, WP
	SQ	add	$32, KP
.endm

/* Step \i of a rotation of the window. */
.macro STEP4R i
	.if (\i % 4) == 0
	STEP4	VW0, VW1, VW2, VW3
	.elseif (\i % 4) == 1
	STEP4	VW1, VW2, VW3, VW0
	.elseif (\i % 4) == 2
	STEP4	VW2, VW3, VW0, VW1
	.else
	STEP4	VW3, VW0, VW1, VW2
	.endif
.endm

/* Sixteen rounds of a lone block, with four steps (\ns = 4: the words of
 * the rounds sixteen ahead) or none (\unused: BODY_SUB's \first), each
 * step's instructions inside its four rounds, one after every
 * LONE_EVERY-th of theirs (an including file's choice; SHA512_SLOTS). */
.macro BODY_LONE ns, unused=0
	SCHED_BODY \ns, 0, LONE_EVERY, 1, 8, LONE_RND
.endm

/* Words 0..15 of the block at \p into the window, with K into the
 * buffer at \buf; WP and KP at round 16. */
.macro LOADLONE1 buf, p, g, w
	vmovdqu	(32 * \g)(\p), \w
	KW_STORE \buf, \g, \w, .Lsha512_k
.endm
.macro LOADLONE buf, p
	LOADLONE1 \buf, \p, 0, VW0
	LOADLONE1 \buf, \p, 1, VW1
	LOADLONE1 \buf, \p, 2, VW2
	LOADLONE1 \buf, \p, 3, VW3
	lea	128(\buf), WP
	lea	(.Lsha512_k + 128)(%rip), KP
.endm

/* The whole lone block after LOAD_STATE, RP at its buffer.  The buffer
 * is a ring of 32 rounds (round t at 8 (t mod 32)): the sixteen rounds
 * a body reads are one half, the four steps beside them write the words
 * sixteen rounds ahead into the other, which the body before has read;
 * RP and WP move back by the ring's size where they pass its end. */
.macro LONE_ROUNDS
	ROUNDS_START
	.irp half, 1, 0, 1, 0
	call	.Lsha512_lbody4
	.if \half
	add	$(LONEBUF / 2), RP
	sub	$LONEBUF, WP
	.else
	sub	$(LONEBUF / 2), RP
	.endif
	.endr
	call	.Lsha512_lbody0
.endm
#endif

/* The rounds of one block start: RP at its first K + W. */
.macro BLOCK_START buf, half
	mov	\buf(%rsp), RP
	add	$(16 * \half), RP
	ROUNDS_START
.endm

/* Words 0..15 of the pair at \p0 and \p1 (each 128 bytes; equal when the
 * pair has one block) into the window, and with K added into the buffer
 * at \buf; leaves WP and KP at step 8. */
.macro LOADGROUP buf, p0, p1, g, w
	VINS128	(16 * \g)(\p0), (16 * \g)(\p1), \w
	KW_STORE \buf, \g, \w, .Lsha512_kdup
.endm

/* The same for a lone block in a kernel without SHA512_LONE: its words
 * in both halves (VBROADCASTI128, a load only). */
.macro LOADGROUP1 buf, p, g, w
	vbroadcasti128 (16 * \g)(\p), \w
	KW_STORE \buf, \g, \w, .Lsha512_kdup
.endm

.macro LOADONE buf, p
	LOADGROUP1 \buf, \p, 0, VW0
	LOADGROUP1 \buf, \p, 1, VW1
	LOADGROUP1 \buf, \p, 2, VW2
	LOADGROUP1 \buf, \p, 3, VW3
	LOADGROUP1 \buf, \p, 4, VW4
	LOADGROUP1 \buf, \p, 5, VW5
	LOADGROUP1 \buf, \p, 6, VW6
	LOADGROUP1 \buf, \p, 7, VW7
	lea	256(\buf), WP
	lea	(.Lsha512_kdup + 256)(%rip), KP
.endm

.macro LOADPAIR buf, p0, p1
	LOADGROUP \buf, \p0, \p1, 0, VW0
	LOADGROUP \buf, \p0, \p1, 1, VW1
	LOADGROUP \buf, \p0, \p1, 2, VW2
	LOADGROUP \buf, \p0, \p1, 3, VW3
	LOADGROUP \buf, \p0, \p1, 4, VW4
	LOADGROUP \buf, \p0, \p1, 5, VW5
	LOADGROUP \buf, \p0, \p1, 6, VW6
	LOADGROUP \buf, \p0, \p1, 7, VW7
	lea	256(\buf), WP
	lea	(.Lsha512_kdup + 256)(%rip), KP
.endm

/* The next pair (blocks 2 and 3 from S_PTR, or block 2 twice) into the
 * S_NXT buffer. */
.macro LOAD_NEXT
	mov	S_PTR(%rsp), T1
	add	$256, T1
	lea	128(T1), T2
	cmpq	$4, S_LEFT(%rsp)
	cmovb	T1, T2
	mov	S_NXT(%rsp), M0
	LOADPAIR M0, T1, T2
.endm

.macro SWAP_PAIRS
	mov	S_CUR(%rsp), T1
	mov	S_NXT(%rsp), T2
	mov	T2, S_CUR(%rsp)
	mov	T1, S_NXT(%rsp)
	subq	$2, S_LEFT(%rsp)
	addq	$256, S_PTR(%rsp)
.endm

.macro SHA512_FUNC name
	.text
	.p2align 6
AXIOM_ENTRY(\name)
	.cfi_startproc
	push	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_offset %rbp, -16
	push	%rbx
	.cfi_adjust_cfa_offset 8
	.cfi_offset %rbx, -24
	push	%r12
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r12, -32
	push	%r13
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r13, -40
	push	%r14
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r14, -48
	push	%r15
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r15, -56
	sub	$FRAME, %rsp
	.cfi_adjust_cfa_offset FRAME

	mov	%rdi, S_STATE(%rsp)
	mov	%rsi, S_PTR(%rsp)
	mov	%rdx, S_LEFT(%rsp)
	mov	%rdx, S_NBLK(%rsp)
	lea	(64 + 63)(%rsp), %rax
	and	$-64, %rax
	mov	%rax, S_BUF(%rsp)
	mov	%rax, S_CUR(%rsp)
	add	$PAIRBUF, %rax
	mov	%rax, S_NXT(%rsp)
	VMOVA	.Lsha512_bswap(%rip), VBSWAP
	SCHED_SETUP

	/* The first pair: its words 0..15, then the first block's rounds
	 * computing words 16..79 of both blocks as they go. */
	mov	S_CUR(%rsp), M0
#ifdef SHA512_LONE
	cmp	$LONE_MAX, %rdx
	jae	.Lload2\@
	/* Fewer than LONE_MAX blocks: one lone block at a time. */
.Llone\@:
	LOADLONE M0, %rsi
	LOAD_STATE
	mov	S_CUR(%rsp), RP
	LONE_ROUNDS
	FEEDFORWARD
	decq	S_LEFT(%rsp)
	jz	.Ldone\@
	addq	$128, S_PTR(%rsp)
	mov	S_PTR(%rsp), %rsi
	mov	S_STATE(%rsp), %rdi
	mov	S_CUR(%rsp), M0
	jmp	.Llone\@
#else
	cmp	$2, %rdx
	jae	.Lload2\@
	LOADONE	M0, %rsi
	jmp	.Lloaded\@
#endif
.Lload2\@:
	lea	128(%rsi), T2
	LOADPAIR M0, %rsi, T2
.Lloaded\@:
	LOAD_STATE
	BLOCK_START S_CUR, 0
	BODIES	4, 8
	BODIES	1, 0
	FEEDFORWARD
	cmpq	$1, S_LEFT(%rsp)
	je	.Ldone\@
	/* Its second block schedules the whole next pair, if any. */
	cmpq	$3, S_LEFT(%rsp)
	jb	.Lfirst_last\@
	LOAD_NEXT
	BLOCK_START S_CUR, 1
	BODIES	4, 8
	BODIES	1, 0
	jmp	.Lfirst_done\@
.Lfirst_last\@:
	BLOCK_START S_CUR, 1
	BODIES	5, 0
.Lfirst_done\@:
	FEEDFORWARD
	SWAP_PAIRS

	/* Every later pair has its schedule ready and computes the next
	 * pair's, four steps per sixteen rounds in the first 64 rounds of
	 * each block. */
.Lpair\@:
	cmpq	$0, S_LEFT(%rsp)
	je	.Ldone\@
	cmpq	$3, S_LEFT(%rsp)
	jb	.Llast\@
	LOAD_NEXT
	BLOCK_START S_CUR, 0
	BODIES	2, 4
	BODIES	1, 0
	FEEDFORWARD
	BLOCK_START S_CUR, 1
	BODIES	2, 4
	BODIES	1, 0
	FEEDFORWARD
	SWAP_PAIRS
	jmp	.Lpair\@

.Llast\@:
	BLOCK_START S_CUR, 0
	BODIES	5, 0
	FEEDFORWARD
	cmpq	$2, S_LEFT(%rsp)
	jb	.Ldone\@
	BLOCK_START S_CUR, 1
	BODIES	5, 0
	FEEDFORWARD

.Ldone\@:
	/* Zero the pair buffers used (the second only with three blocks or
	 * more) and the registers that held message words. */
	WIPE_BUFFERS
	VZERO	VW0
	VZERO	VW1
	VZERO	VW2
	VZERO	VW3
	VZERO	VW4
	VZERO	VW5
	VZERO	VW6
	VZERO	VW7
	VZERO	VT1
	VZERO	VT2
	VZERO	VT3
	VZERO	VT4
	WIPE_ROUNDS
	VEND

	add	$FRAME, %rsp
	.cfi_adjust_cfa_offset -FRAME
	pop	%r15
	.cfi_adjust_cfa_offset -8
	pop	%r14
	.cfi_adjust_cfa_offset -8
	pop	%r13
	.cfi_adjust_cfa_offset -8
	pop	%r12
	.cfi_adjust_cfa_offset -8
	pop	%rbx
	.cfi_adjust_cfa_offset -8
	pop	%rbp
	.cfi_adjust_cfa_offset -8
	ret
	.cfi_endproc
AXIOM_END(\name)
	SHA512_BODIES

	.section .rodata
	.p2align 5
.Lsha512_bswap:
	.quad	0x0001020304050607, 0x08090a0b0c0d0e0f, 0x0001020304050607, 0x08090a0b0c0d0e0f
#ifdef SHA512_LONE
/* FIPS 180-4, 4.2.3, in order (the lone-block path). */
.Lsha512_k:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
#endif
/* FIPS 180-4, 4.2.3, each pair of constants twice (one per block). */
.Lsha512_kdup:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd, 0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019, 0x3956c25bf348b538, 0x59f111f1b605d019
	.quad	0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe, 0xd807aa98a3030242, 0x12835b0145706fbe
	.quad	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad	0x9bdc06a725c71235, 0xc19bf174cf692694, 0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210, 0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad	0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad	0x06ca6351e003826f, 0x142929670a0e6e70, 0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad	0x81c2c92e47edaee6, 0x92722c851482353b, 0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad	0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910, 0xd192e819d6ef5218, 0xd69906245565a910
	.quad	0xf40e35855771202a, 0x106aa07032bbd1b8, 0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad	0x84c87814a1f0ab72, 0x8cc702081a6439ec, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9, 0x90befffa23631e28, 0xa4506cebde82bde9
	.quad	0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207, 0xca273eceea26619c, 0xd186b8c721c0c207
	.quad	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad	0x113f9804bef90dae, 0x1b710b35131c471b, 0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493, 0x28db77f523047d84, 0x32caab7b40c72493
	.quad	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad	0x5fcb6fab3ad6faec, 0x6c44198c4a475817, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
	.text
.endm
