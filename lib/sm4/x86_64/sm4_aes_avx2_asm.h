/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GNU as macros of the hand-scheduled SM4 round loops of the AES-NI and
 * VAES kernels (sm4_aesni_avx2_rounds.S, sm4_vaes_avx2_rounds.S; the C
 * side, the derivation of the round and the key layout are in
 * sm4_aes_avx2.h and doc/design/sm4.md).  The .S file defines, before
 * including this file, its SubBytes (AESENCLAST with the round key in
 * %ymm9 / %ymm2, after the inverse ShiftRows):
 *   .macro subbytes_bs R, k   SubBytes of %ymm\R in place; %ymm8 and the
 *                             32 bytes at 4*128+\k*32(%rsp) are scratch;
 *   .macro subbytes_ws        SubBytes of %ymm0 in place; %ymm1 scratch.
 *
 * Both loops keep the state in memory and the round keys folded into
 * masks and the AESENCLAST round key K_i (so that the S-box input is the
 * XOR of three state words, with no round-key XOR).  The order of the
 * instructions is the point of these files: see each loop.
 *
 * Constant tables, 32 bytes each (a 16-byte pattern in both lanes), at the
 * table argument: 0 inverse ShiftRows, 1 the nibble mask 0x0f, 2 D0 low
 * nibble, 3 D0 high nibble, 4 D3 low, 5 D3 high, 6 rotation by 8 bits,
 * 7 rotation by 16 bits.
 *
 * Constant time: no branch or memory index depends on keys or data. */

/* ---- byte-sliced rounds --------------------------------------------------
 * sm4_bs_rounds_body: the 32 rounds of four groups of 32 blocks,
 *   %rdi  byte-sliced round keys: K_i byte k repeated at 16i + 4k
 *   %rsi  state: group G, word j, byte slice k at G*512 + j*128 + k*32
 *   %rdx  constant tables
 * Registers: %ymm0-3 S-box outputs of one group (set A), %ymm4-7 of the
 * next (set B), %ymm8 h, %ymm9 a, %ymm10 b, %ymm11 p (scratch),
 * %ymm12-15 the D0 and D3 nibble tables; %rax the end of the keys, %rcx
 * the last four rounds' keys; the stack frame holds each group's
 * x[j2] ^ x[j3] (G*128 + k*32) and the SubBytes scratch row (4*128).
 *
 * A round of a group is two halves: its four S-box layers (S-box input,
 * SubBytes: a long chain, through memory on AES-NI) and its maps and
 * state update (the lookups, g, y).  The loop issues the S-box layers of
 * the next group's round before the maps of the current one (skewed by one
 * group), so that when the maps enter the scheduler their inputs are ready
 * or nearly so, instead of waiting there behind the chain; hence the two
 * register sets. */

/* The S-box input of slice \k of group \G into %ymm\R: the first round of
 * a pair keeps x[j2] ^ x[j3] on the stack for the second. */
.macro bs_in1 G, k, j1, j2, j3, R
	vmovdqu \G*512+\j2*128+\k*32(%rsi), %ymm\R
	vpxor \G*512+\j3*128+\k*32(%rsi), %ymm\R, %ymm\R
	vmovdqu %ymm\R, \G*128+\k*32(%rsp)
	vpxor \G*512+\j1*128+\k*32(%rsi), %ymm\R, %ymm\R
.endm

.macro bs_in2 G, k, j1, R
	vmovdqu \G*512+\j1*128+\k*32(%rsi), %ymm\R
	vpxor \G*128+\k*32(%rsp), %ymm\R, %ymm\R
.endm

/* Round \r's (of four; 4 is the next iteration's first) S-box input. */
.macro bs_inr G, r, k, R
.if (\r == 0) || (\r == 4)
	bs_in1 \G, \k, 1, 2, 3, \R
.elseif \r == 1
	bs_in2 \G, \k, 0, \R
.elseif \r == 2
	bs_in1 \G, \k, 3, 0, 1, \R
.else
	bs_in2 \G, \k, 2, \R
.endif
.endm

/* SubBytes of slice \k in %ymm\R with the key of round \r of the four. */
.macro bs_sb r, k, R
	vpshufb 0*32(%rdx), %ymm\R, %ymm\R
	vpbroadcastd \r*16+\k*4(%rdi), %ymm9
	subbytes_bs \R, \k
.endm

/* The S-box layers of group \G's round \r into %ymm\T0..\T3. */
.macro bs_sbl G, r, T0, T1, T2, T3
	bs_inr \G, \r, 0, \T0
	bs_sb \r, 0, \T0
	bs_inr \G, \r, 1, \T1
	bs_sb \r, 1, \T1
	bs_inr \G, \r, 2, \T2
	bs_sb \r, 2, \T2
	bs_inr \G, \r, 3, \T3
	bs_sb \r, 3, \T3
.endm

/* The maps of a slice's S-box output %ymm\T: f0 = D0(T) into T, f3 = D3(T)
 * into p; with \xp, g_k = f0_k ^ f3_(k-1) while p still holds f3_(k-1). */
.macro bs_lk T, xp
	vpsrlw $4, %ymm\T, %ymm8
	vpand 1*32(%rdx), %ymm8, %ymm8
	vpand 1*32(%rdx), %ymm\T, %ymm\T
	vpshufb %ymm\T, %ymm12, %ymm9
	vpshufb %ymm\T, %ymm14, %ymm10
	vpshufb %ymm8, %ymm13, %ymm\T
	vpxor %ymm9, %ymm\T, %ymm\T
.if \xp
	vpxor %ymm11, %ymm\T, %ymm\T
.endif
	vpshufb %ymm8, %ymm15, %ymm9
	vpxor %ymm9, %ymm10, %ymm11
.endm

/* y[jo] slice k ^= %ymm\X ^ %ymm\Y. */
.macro bs_out G, jo, k, X, Y
	vpxor %ymm\X, %ymm\Y, %ymm8
	vpxor \G*512+\jo*128+\k*32(%rsi), %ymm8, %ymm8
	vmovdqu %ymm8, \G*512+\jo*128+\k*32(%rsi)
.endm

/* The rest of group \G's round \r from its S-box outputs in %ymm\T0..\T3:
 * g_k in T_k (g_0 = f0_0 ^ f3_3 last), h01 = g0 ^ g1 in a, h23 = g2 ^ g3
 * in b, then y0 ^= g0 ^ h23, y1 ^= h01 ^ g3, y2 ^= h01 ^ g2,
 * y3 ^= h23 ^ g1 (y being word \r of the four). */
.macro bs_lkl G, r, T0, T1, T2, T3
	bs_lk \T0, 0
	bs_lk \T1, 1
	bs_lk \T2, 1
	bs_lk \T3, 1
	vpxor %ymm11, %ymm\T0, %ymm\T0
	vpxor %ymm\T0, %ymm\T1, %ymm9
	vpxor %ymm\T2, %ymm\T3, %ymm10
	bs_out \G, \r, 0, 10, \T0
	bs_out \G, \r, 1, \T3, 9
	bs_out \G, \r, 2, \T2, 9
	bs_out \G, \r, 3, \T1, 10
.endm

/* One step of the skewed order: the S-box layers of group \Gs's round \rs
 * into one register set, the rest of group \Gl's round \rl from the other. */
.macro bs_step_ba Gs, rs, Gl, rl
	bs_sbl \Gs, \rs, 4, 5, 6, 7
	bs_lkl \Gl, \rl, 0, 1, 2, 3
.endm

.macro bs_step_ab Gs, rs, Gl, rl
	bs_sbl \Gs, \rs, 0, 1, 2, 3
	bs_lkl \Gl, \rl, 4, 5, 6, 7
.endm

.macro sm4_bs_rounds_body
	push %rbp
	mov %rsp, %rbp
	sub $5*128, %rsp
	and $-32, %rsp
	vmovdqa 2*32(%rdx), %ymm12
	vmovdqa 3*32(%rdx), %ymm13
	vmovdqa 4*32(%rdx), %ymm14
	vmovdqa 5*32(%rdx), %ymm15
	lea 512(%rdi), %rax
	lea 448(%rdi), %rcx
	bs_sbl 0, 0, 0, 1, 2, 3
	.p2align 6
1:
	/* Rounds 4q .. 4q + 3 of the four groups, entered with the S-box
	 * layers of group 0's round 4q in set A; the next iteration's are
	 * computed at the end unless this is the last. */
	bs_step_ba 1, 0, 0, 0
	bs_step_ab 2, 0, 1, 0
	bs_step_ba 3, 0, 2, 0
	bs_step_ab 0, 1, 3, 0
	bs_step_ba 1, 1, 0, 1
	bs_step_ab 2, 1, 1, 1
	bs_step_ba 3, 1, 2, 1
	bs_step_ab 0, 2, 3, 1
	bs_step_ba 1, 2, 0, 2
	bs_step_ab 2, 2, 1, 2
	bs_step_ba 3, 2, 2, 2
	bs_step_ab 0, 3, 3, 2
	bs_step_ba 1, 3, 0, 3
	bs_step_ab 2, 3, 1, 3
	bs_step_ba 3, 3, 2, 3
	cmp %rcx, %rdi
	je 2f
	bs_sbl 0, 4, 0, 1, 2, 3
2:
	bs_lkl 3, 3, 4, 5, 6, 7
	add $64, %rdi
	cmp %rax, %rdi
	jne 1b
	/* The frame held masked S-box inputs. */
	vpxor %xmm0, %xmm0, %xmm0
	.irp o, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	vmovdqa %ymm0, \o*32(%rsp)
	.endr
	vzeroall
	leave
	ret
.endm

/* ---- word-sliced rounds --------------------------------------------------
 * sm4_ws_rounds_body ns: the 32 rounds of \ns sets of 8 blocks (one 32-bit
 * lane per block),
 *   %rdi  the AESENCLAST round keys K_0..K_31
 *   %rsi  the sets: set w, word j at w*128 + j*32
 *   %rdx  constant tables
 * Registers: %ymm0 u, %ymm1 h, %ymm2 a, %ymm3 b (scratch), %ymm8 inverse
 * ShiftRows, %ymm9 nibble mask, %ymm10 and %ymm11 the rotations by 8 and
 * 16 bits, %ymm12-15 the D0 and D3 tables; %rax the end of the keys; the
 * stack frame holds each set's x[j2] ^ x[j3] (w*32).
 *
 * A round rewrites one state word per set, so the words are read as
 * memory operands of VPXOR (loads, not ALU work) and the new word is one
 * store, as is the XOR of the two words that two consecutive rounds share.
 * The order is round-major: one round of every set, then the next one, so
 * a set's next round enters the scheduler some \ns set-rounds after its
 * previous one, after its chain has finished. */

/* The S-box input u: first round of a pair, t = x[j2] ^ x[j3] (kept for
 * the second), u = t ^ x[j1]; second, u = t ^ x[j1]. */
.macro ws_in1 w, j1, j2, j3
	vmovdqu \w*128+\j2*32(%rsi), %ymm0
	vpxor \w*128+\j3*32(%rsi), %ymm0, %ymm0
	vmovdqu %ymm0, \w*32(%rsp)
	vpxor \w*128+\j1*32(%rsi), %ymm0, %ymm0
.endm

.macro ws_in2 w, j1
	vmovdqu \w*128+\j1*32(%rsi), %ymm0
	vpxor \w*32(%rsp), %ymm0, %ymm0
.endm

/* x[jo] ^= T(u) ^ Lambda(K[ko / 4]): f0 = D0(s), f3 = D3(s) of the SubBytes
 * output s, then y ^= P(g), g = f0 ^ r8 f3, P = 1 + r8 + r16. */
.macro ws_body w, jo, ko
	vpshufb %ymm8, %ymm0, %ymm0
	vpbroadcastd \ko(%rdi), %ymm2
	subbytes_ws
	vpsrlw $4, %ymm0, %ymm1
	vpand %ymm9, %ymm1, %ymm1
	vpand %ymm9, %ymm0, %ymm0
	vpshufb %ymm0, %ymm12, %ymm2
	vpshufb %ymm1, %ymm13, %ymm3
	vpxor %ymm3, %ymm2, %ymm2
	vpshufb %ymm0, %ymm14, %ymm3
	vpshufb %ymm1, %ymm15, %ymm0
	vpxor %ymm0, %ymm3, %ymm3
	vpshufb %ymm10, %ymm3, %ymm3
	vpxor %ymm3, %ymm2, %ymm2
	vpshufb %ymm10, %ymm2, %ymm0
	vpshufb %ymm11, %ymm2, %ymm1
	vpxor %ymm1, %ymm0, %ymm0
	vpxor \w*128+\jo*32(%rsi), %ymm2, %ymm2
	vpxor %ymm0, %ymm2, %ymm2
	vmovdqu %ymm2, \w*128+\jo*32(%rsi)
.endm

/* Round 4q + \r of set \w. */
.macro ws_round r, w
.if \r == 0
	ws_in1 \w, 1, 2, 3
	ws_body \w, 0, 0
.elseif \r == 1
	ws_in2 \w, 0
	ws_body \w, 1, 4
.elseif \r == 2
	ws_in1 \w, 3, 0, 1
	ws_body \w, 2, 8
.else
	ws_in2 \w, 2
	ws_body \w, 3, 12
.endif
.endm

/* Round 4q + \r of the first \ns sets. */
.macro ws_pass r, ns
	.irp w, 0, 1, 2, 3, 4, 5, 6, 7
	.if \w < \ns
	ws_round \r, \w
	.endif
	.endr
.endm

.macro sm4_ws_rounds_body ns
	push %rbp
	mov %rsp, %rbp
	sub $\ns*32, %rsp
	and $-32, %rsp
	vmovdqa 0*32(%rdx), %ymm8
	vmovdqa 1*32(%rdx), %ymm9
	vmovdqa 6*32(%rdx), %ymm10
	vmovdqa 7*32(%rdx), %ymm11
	vmovdqa 2*32(%rdx), %ymm12
	vmovdqa 3*32(%rdx), %ymm13
	vmovdqa 4*32(%rdx), %ymm14
	vmovdqa 5*32(%rdx), %ymm15
	lea 128(%rdi), %rax
	.p2align 6
1:
	ws_pass 0, \ns
	ws_pass 1, \ns
	ws_pass 2, \ns
	ws_pass 3, \ns
	add $16, %rdi
	cmp %rax, %rdi
	jne 1b
	/* The frame held masked S-box inputs. */
	vpxor %xmm0, %xmm0, %xmm0
	.irp o, 0, 1, 2, 3, 4, 5, 6, 7
	.if \o < \ns
	vmovdqa %ymm0, \o*32(%rsp)
	.endif
	.endr
	vzeroall
	leave
	ret
.endm
