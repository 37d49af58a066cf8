/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AEGIS-128L / AEGIS-128X steps over the vector operations of
 * aegis_ops_*.h, AEGIS_LANES lanes per block, and through
 * aegis_kernel_tmpl.h the kernel operations (lib/aegis/aegis.h).
 * Included once by each 128-family kernel file; the functions keep the
 * names below in every file (each file is its own translation unit). */

/*
 * The eight state blocks stay in registers from Init to the tag on the
 * one-call paths (aegis_seal_op, aegis_open_op); the step operations load
 * the state from memory and store it back.
 *
 * Update: S'0 = AESRound(S7, S0 ^ M0) is computed as AESENC(S7, M0) ^ S0
 * (AESENC XORs its key after MixColumns), so S0 enters by a XOR after the
 * round instead of through the round's key input: the chain S0 -> S'0 is
 * one XOR instead of a XOR and a round, and every step's critical cycle is
 * the ring S0 -> S1 -> ... -> S7 -> S0 (eight rounds and two XORs per
 * eight steps) or a block's key-input loop (one round per step).  The
 * same for S4 and M1.  Decryption computes the plaintext from the state
 * first; it then enters as AESENC(S7, 0) ^ S0 ^ P0, so that the plaintext
 * (a function of S1, S2, S3, S6) is not fed through a round's key input
 * and then a round again in the next step.  S'4 is AESENC(S3, 0) ^ S4 ^ P1
 * likewise, or AESENC(S3, S4) ^ P1 in the kernels without VPTERNLOGD
 * (A128_DEC_S4_KEY).
 *
 * Constant time: AES instructions, XOR, AND and loads/stores at addresses
 * that depend only on the public lengths.
 */
#include "aegis/aegis.h"
#include "aegis/x86_64/aegis_pin.h"
#include "core/bytes.h"

#define A128_W (16 * AEGIS_LANES) /* bytes of one block over the lanes */
#define A128_RATE (2 * A128_W)
#define A128_AI static inline __attribute__((always_inline))
/* Whether aeg_enc computes the output in the text's registers between
 * the rounds (see there): with AVX-512's VPTERNLOGD (aegis_ops_avx512.h),
 * whose destination is one of its inputs.  The aegis_ops_multi.h kernels
 * (16 registers, two instructions per three-input function) keep the
 * output before the update. */
#ifdef AEGIS_NREG
#define A128_OUT_INPLACE 0
#else
#define A128_OUT_INPLACE 1
#endif
/* Whether decryption takes S4 through the round's key input, S'4 =
 * AESENC(S3, S4) ^ P1: one XOR fewer, for a round and a XOR on S4's own
 * chain each step.  On Intel Emerald Rapids (open, 16 KiB, kernel alone,
 * TSC cycles a step) the aegis_ops_multi.h kernels gained (AVX2: 128L
 * 5.96 -> 5.62, 128X2 5.78 -> 5.59, 128X4 11.33 -> 11.04; SSE: 128X2
 * 12.37 -> 11.86, 128X4 25.09 -> 24.05, 128L level) and the AVX-512 ones,
 * whose three-input XOR is one instruction, lost (128L 4.53 -> 4.77, 128X2
 * 4.66 -> 5.05, 128X4 level); S0 through the key input, alone or with S4,
 * measured slower than S4 alone (AVX2 AEGIS-128X2). */
#ifdef AEGIS_NREG
#define A128_DEC_S4_KEY 1
#else
#define A128_DEC_S4_KEY 0
#endif

typedef struct aeg_st {
    aeg_v s0, s1, s2, s3, s4, s5, s6, s7;
} aeg_st;
#define AEG_BLOCKS 8

/* Every block in its register at the end of a step (aegis_pin.h). */
#define A128_PIN(S) AEG_PIN8(S)

/* Update(M0, M1), written block by block from S7 down, each new block
 * into its old one's variable once nothing else reads the old value: with
 * three-operand AES instructions every block then keeps its register
 * from step to step (no register moves). */
A128_AI void a128_update(aeg_st *S, aeg_v m0, aeg_v m1)
{
    const aeg_v t0 = v_aes(S->s7, m0);
    S->s7 = v_aes(S->s6, S->s7);
    S->s6 = v_aes(S->s5, S->s6);
    S->s5 = v_aes(S->s4, S->s5);
    S->s4 = v_xor(v_aes(S->s3, m1), S->s4);
    S->s3 = v_aes(S->s2, S->s3);
    S->s2 = v_aes(S->s1, S->s2);
    S->s1 = v_aes(S->s0, S->s1);
    S->s0 = v_xor(t0, S->s0);
    A128_PIN(S);
}

/* The decryption Update's rounds and pin: with AEG_PIN_DEC (the kernel
 * file's choice; aegis_ops_multi.h) each round is an asm statement into
 * its key's register and every block is pinned, which removes the six
 * register moves and two zeroings GCC otherwise puts in the AVX2
 * AEGIS-128X2 open loop; encryption and the one-lane AVX2 kernel measured
 * slower that way and keep the plain rounds. */
#ifdef AEG_DEC_AES_INTO
#define A128_DROUND(S, prev, cur) AEG_DEC_AES_INTO((S)->prev, (S)->cur)
#define A128_DPIN(S) AEG_PIN8_BY(S, AEG_DEC_PIN)
#else
#define A128_DROUND(S, prev, cur) ((S)->cur = v_aes((S)->prev, (S)->cur))
#define A128_DPIN(S) A128_PIN(S)
#endif

/* Update with the plaintext P0, P1 of a decrypted step (see above). */
A128_AI void a128_update_dec(aeg_st *S, aeg_v p0, aeg_v p1)
{
    const aeg_v z = v_zero();
    const aeg_v t0 = v_aes(S->s7, z);
    A128_DROUND(S, s6, s7);
    A128_DROUND(S, s5, s6);
    A128_DROUND(S, s4, s5);
#if A128_DEC_S4_KEY
    A128_DROUND(S, s3, s4);
    S->s4 = v_xor(S->s4, p1);
#else
    S->s4 = v_xor3(v_aes(S->s3, z), S->s4, p1);
#endif
    A128_DROUND(S, s2, s3);
    A128_DROUND(S, s1, s2);
    A128_DROUND(S, s0, s1);
    S->s0 = v_xor3(t0, S->s0, p0);
    A128_DPIN(S);
}

/* Init(key, nonce) of lane group @g (aegis_ops_multi.h; 0 unless the
 * kernel splits its lanes); the X variants XOR the lanes' context
 * separators into S3 and S7 before each of the ten updates.
 *
 * AEGIS-128L (one lane, no separators): of the first three Updates' 24
 * rounds, 8 have only constants as state input or fold into fewer; with
 * R(x) the round of x under a zero key, A = R(C1) ^ C0, B = R(C0) ^ C1,
 * C = R(A) ^ B, D = R(C1), E = R(B) ^ D, F = R(C) ^ E
 * (axiom_aegis128_fold), K = key, N = nonce, the state after
 *   Update 1: S0 = R(K ^ C0) ^ K, S1 = R(K ^ N) ^ C1, S2 = A, S3 = B,
 *             S4 = D ^ N, S5 = R(K ^ N) ^ K ^ C0, S6 = R(K ^ C0) ^ K ^ C1,
 *             S7 = R(K ^ C1) ^ K ^ C0 (three rounds, not eight);
 *   Update 2: S3 = C, S4 = E ^ K ^ N (the other six as usual);
 *   Update 3: S4 = F ^ N (the other seven as usual).
 * A 64-byte message's 152 rounds become 144 (the kernels are bound by the
 * rounds' throughput at that length). */
A128_AI void aeg_init(aeg_st *S, const uint8_t *key, const uint8_t *nonce, int g)
{
    (void)g;
#if AEGIS_LANES == 1
    const aeg_v k = v_load(key), n = v_load(nonce);
    const aeg_v c0 = v_load(axiom_aegis_c0), c1 = v_load(axiom_aegis_c1);
    const aeg_v kn = v_xor(k, n), kc0 = v_xor(k, c0), kc1 = v_xor(k, c1);
    /* Update 1. */
    const aeg_v r1 = v_aes(kn, c1);
    S->s0 = v_aes(kc0, k);
    S->s1 = r1;
    S->s2 = v_load(axiom_aegis128_fold[0]);
    S->s3 = v_load(axiom_aegis128_fold[1]);
    S->s4 = v_xor(v_load(axiom_aegis128_fold[3]), n);
    S->s5 = v_xor3(r1, c1, kc0);
    S->s6 = v_xor(S->s0, c1);
    S->s7 = v_aes(kc1, kc0);
    /* Update 2: S3 and S4 from constants. */
    aeg_v t0 = v_aes(S->s7, n);
    S->s7 = v_aes(S->s6, S->s7);
    S->s6 = v_aes(S->s5, S->s6);
    S->s5 = v_aes(S->s4, S->s5);
    S->s4 = v_xor(v_load(axiom_aegis128_fold[4]), kn);
    S->s3 = v_load(axiom_aegis128_fold[2]);
    S->s2 = v_aes(S->s1, S->s2);
    S->s1 = v_aes(S->s0, S->s1);
    S->s0 = v_xor(t0, S->s0);
    /* Update 3: S4 from constants. */
    t0 = v_aes(S->s7, n);
    S->s7 = v_aes(S->s6, S->s7);
    S->s6 = v_aes(S->s5, S->s6);
    S->s5 = v_aes(S->s4, S->s5);
    S->s4 = v_xor(v_load(axiom_aegis128_fold[5]), n);
    S->s3 = v_aes(S->s2, S->s3);
    S->s2 = v_aes(S->s1, S->s2);
    S->s1 = v_aes(S->s0, S->s1);
    S->s0 = v_xor(t0, S->s0);
    for (int r = 3; r < 10; r++)
        a128_update(S, n, k);
#else
    const aeg_v k = v_bcast(key), n = v_bcast(nonce);
    const aeg_v c0 = v_bcast(axiom_aegis_c0), c1 = v_bcast(axiom_aegis_c1);
    const aeg_v kn = v_xor(k, n);
    S->s0 = kn;
    S->s1 = c1;
    S->s2 = c0;
    S->s3 = c1;
    S->s4 = kn;
    S->s5 = v_xor(k, c0);
    S->s6 = v_xor(k, c1);
    S->s7 = v_xor(k, c0);
#if AEGIS_LANES > 1
    const aeg_v ctx = v_ctx(g);
#endif
    for (int r = 0; r < 10; r++) {
#if AEGIS_LANES > 1
        S->s3 = v_xor(S->s3, ctx);
        S->s7 = v_xor(S->s7, ctx);
#endif
        a128_update(S, n, k);
    }
#endif
}

A128_AI void aeg_absorb(aeg_st *S, const uint8_t *p)
{
    a128_update(S, v_load(p), v_load(p + A128_W));
}

/* Enc of one step.  With AVX-512: the two rounds that take the text
 * (M0 into S'0, M1 into S'4) first, then the output, computed from the
 * old blocks into the text's own registers (VPTERNLOGD overwrites its
 * first input, and the text is dead after its round), then the other six
 * rounds, each into its old block's register.  No register moves: the
 * earlier order (update first, output from a copy of the old state) made
 * GCC emit 7 (xmm) or 8 (zmm) moves a step, and on an Intel Xeon
 * (family 6, model 167 as reported) the AVX-512 128L seal ran 5.5 TSC
 * cycles a step instead of 4.7-5.1.  Without AVX-512: the output
 * first, grouped as S1 ^ (S2 & S3), then ^ S6 ^ M0 (the text last). */
A128_AI void aeg_enc(aeg_st *S, uint8_t *out, const uint8_t *in)
{
    const aeg_v m0 = v_load(in), m1 = v_load(in + A128_W);
#if A128_OUT_INPLACE
    const aeg_v t0 = v_aes(S->s7, m0), t4 = v_aes(S->s3, m1);
    v_store(out, v_xor_and(v_xor3(m0, S->s1, S->s6), S->s2, S->s3));
    v_store(out + A128_W, v_xor_and(v_xor3(m1, S->s2, S->s5), S->s6, S->s7));
    S->s7 = v_aes(S->s6, S->s7);
    S->s6 = v_aes(S->s5, S->s6);
    S->s5 = v_aes(S->s4, S->s5);
    S->s4 = v_xor(t4, S->s4);
    S->s3 = v_aes(S->s2, S->s3);
    S->s2 = v_aes(S->s1, S->s2);
    S->s1 = v_aes(S->s0, S->s1);
    S->s0 = v_xor(t0, S->s0);
#else
    v_store(out, v_xor3(v_xor_and(S->s1, S->s2, S->s3), S->s6, m0));
    v_store(out + A128_W, v_xor3(v_xor_and(S->s5, S->s6, S->s7), S->s2, m1));
    a128_update(S, m0, m1);
#endif
}

/* Dec of one step.  The plaintext feeds S0 and S4 of the next state, so
 * it is grouped as (C ^ (S2 & S3)) ^ S1 ^ S6: the AND of two blocks
 * first, and S1, S6 (S2, S5) one logic op before the plaintext instead
 * of two (the path S6 -> P0 -> S0 -> ... -> S6 closes within 4 cycles
 * per step only then). */
A128_AI void aeg_dec(aeg_st *S, uint8_t *out, const uint8_t *in)
{
    const aeg_v p0 = v_xor3(v_xor_and(v_load(in), S->s2, S->s3), S->s1, S->s6);
    const aeg_v p1 = v_xor3(v_xor_and(v_load(in + A128_W), S->s6, S->s7), S->s2, S->s5);
    v_store(out, p0);
    v_store(out + A128_W, p1);
    a128_update_dec(S, p0, p1);
}

/* DecPartial: the zero-padded ciphertext step @in, its plaintext masked
 * to the real bytes (@mask), written whole to @out and absorbed. */
A128_AI void aeg_dec_last(aeg_st *S, uint8_t *out, const uint8_t *in, const uint8_t *mask)
{
    const aeg_v p0 = v_and(v_xor_and(v_xor3(v_load(in), S->s1, S->s6), S->s2, S->s3),
                           v_load(mask));
    const aeg_v p1 = v_and(v_xor_and(v_xor3(v_load(in + A128_W), S->s2, S->s5), S->s6, S->s7),
                           v_load(mask + A128_W));
    v_store(out, p0);
    v_store(out + A128_W, p1);
    a128_update_dec(S, p0, p1);
}

#ifdef AEG_HAS_PARTIAL
/* The last steps' real bytes only (aegis_ops_avx512.h's masked loads and
 * stores), @n of them (1 .. rate - 1): the block's bytes in the first
 * block, the rest in the second. */
A128_AI size_t a128_first(size_t n)
{
    return n < A128_W ? n : A128_W;
}

A128_AI void aeg_absorb_part(aeg_st *S, const uint8_t *p, size_t n)
{
    const size_t n0 = a128_first(n);
    a128_update(S, v_load_part(p, n0), v_load_part(p + A128_W, n - n0));
}

A128_AI void aeg_enc_part(aeg_st *S, uint8_t *out, const uint8_t *in, size_t n)
{
    const size_t n0 = a128_first(n), n1 = n - n0;
    const aeg_v m0 = v_load_part(in, n0), m1 = v_load_part(in + A128_W, n1);
    v_store_part(out, v_xor3(v_xor_and(S->s1, S->s2, S->s3), S->s6, m0), n0);
    v_store_part(out + A128_W, v_xor3(v_xor_and(S->s5, S->s6, S->s7), S->s2, m1), n1);
    a128_update(S, m0, m1);
}

A128_AI void aeg_dec_part(aeg_st *S, uint8_t *out, const uint8_t *in, size_t n)
{
    const size_t n0 = a128_first(n), n1 = n - n0;
    const aeg_v p0 = v_keep(
        v_xor_and(v_xor3(v_load_part(in, n0), S->s1, S->s6), S->s2, S->s3), n0);
    const aeg_v p1 = v_keep(
        v_xor_and(v_xor3(v_load_part(in + A128_W, n1), S->s2, S->s5), S->s6, S->s7), n1);
    v_store_part(out, p0, n0);
    v_store_part(out + A128_W, p1, n1);
    a128_update_dec(S, p0, p1);
}
#endif

/* Finalize's seven updates. */
A128_AI void aeg_finalize(aeg_st *S, uint64_t adbits, uint64_t msgbits)
{
    uint8_t u[16];
    axiom_store64_le(u, adbits);
    axiom_store64_le(u + 8, msgbits);
    const aeg_v t = v_xor(S->s2, v_bcast(u));
    for (int r = 0; r < 7; r++)
        a128_update(S, t, t);
}

/* The tag: the lanes' tags XORed. */
A128_AI void aeg_tag(const aeg_st *S, uint8_t *tag, size_t taglen)
{
    if (taglen == 16) {
        v_fold_store(tag, v_xor3(v_xor3(S->s0, S->s1, S->s2), v_xor3(S->s3, S->s4, S->s5), S->s6));
    } else {
        v_fold_store(tag, v_xor(v_xor3(S->s0, S->s1, S->s2), S->s3));
        v_fold_store(tag + 16, v_xor(v_xor3(S->s4, S->s5, S->s6), S->s7));
    }
}

/* The next step's keystream (Enc of a zero step), the state kept. */
A128_AI void aeg_keystream(const aeg_st *S, uint8_t *z)
{
    v_store(z, v_xor_and(v_xor(S->s1, S->s6), S->s2, S->s3));
    v_store(z + A128_W, v_xor_and(v_xor(S->s2, S->s5), S->s6, S->s7));
}

#define AEG_RATE A128_RATE
#include "aegis/x86_64/aegis_kernel_tmpl.h"

/* The operations for a kernel descriptor of this file. */
#define AEGIS128_OPS .family = 128, AEGIS_KERNEL_OPS
