/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AEGIS-256 / AEGIS-256X steps over the vector operations of
 * aegis_ops_*.h, AEGIS_LANES lanes per block, and through
 * aegis_kernel_tmpl.h the kernel operations (lib/aegis/aegis.h).
 * Included once by each 256-family kernel file; the functions keep the
 * names below in every file (each file is its own translation unit). */

/*
 * As in aegis128_tmpl.h: the six blocks stay in registers on the one-call
 * paths; S'0 = AESRound(S5, S0 ^ M) is AESENC(S5, M) ^ S0, so the
 * critical cycles are the ring S0 -> ... -> S5 -> S0 (six rounds and one
 * XOR per six steps) and each block's key-input loop (one round per
 * step); a decrypted plaintext enters as AESENC(S5, 0) ^ S0 ^ P.
 *
 * Constant time: AES instructions, XOR, AND and loads/stores at addresses
 * that depend only on the public lengths.
 */
#include "aegis/aegis.h"
#include "aegis/x86_64/aegis_pin.h"
#include "core/bytes.h"

#define A256_W (16 * AEGIS_LANES) /* bytes of one block over the lanes: one step */
#define A256_AI static inline __attribute__((always_inline))

typedef struct aeg_st {
    aeg_v s0, s1, s2, s3, s4, s5;
} aeg_st;
#define AEG_BLOCKS 6

/* Every block in its register at the end of a step (aegis_pin.h). */
#define A256_PIN(S) AEG_PIN6(S)

/* Update(M), from S5 down (see aegis128_tmpl.h: no register moves). */
/* S'i = AESRound(S(i-1), Si) in Si's register: with AEG_AES_INTO
 * (aegis_ops_avx512.h, kernels that pin their blocks), as an asm
 * statement. */
#ifdef AEG_AES_INTO
#define A256_ROUND(S, prev, cur) AEG_AES_INTO((S)->prev, (S)->cur)
#else
#define A256_ROUND(S, prev, cur) ((S)->cur = v_aes((S)->prev, (S)->cur))
#endif

A256_AI void a256_update(aeg_st *S, aeg_v m)
{
    const aeg_v t0 = v_aes(S->s5, m);
    A256_ROUND(S, s4, s5);
    A256_ROUND(S, s3, s4);
    A256_ROUND(S, s2, s3);
    A256_ROUND(S, s1, s2);
    A256_ROUND(S, s0, s1);
    S->s0 = v_xor(t0, S->s0);
    A256_PIN(S);
}

/* Update with the plaintext P of a decrypted step. */
A256_AI void a256_update_dec(aeg_st *S, aeg_v p)
{
    const aeg_v t0 = v_aes(S->s5, v_zero());
    A256_ROUND(S, s4, s5);
    A256_ROUND(S, s3, s4);
    A256_ROUND(S, s2, s3);
    A256_ROUND(S, s1, s2);
    A256_ROUND(S, s0, s1);
    S->s0 = v_xor3(t0, S->s0, p);
    A256_PIN(S);
}

/* Init(key, nonce) of lane group @g (aegis_ops_multi.h; 0 unless the
 * kernel splits its lanes); the X variants XOR the lanes' context
 * separators into S3 and S5 before each of the sixteen updates.
 *
 * AEGIS-256 (one lane): as for AEGIS-128L (aegis128_tmpl.h), the rounds
 * with constant inputs folded: with A = R(C1) ^ C0, G = R(C0) ^ C0,
 * H = R(A) ^ G (axiom_aegis256_fold), Update 1 leaves S3 = A and
 * S4 = G ^ K0 and Update 2 S4 = H ^ K0: 93 rounds for Init, not 96. */
A256_AI void aeg_init(aeg_st *S, const uint8_t *key, const uint8_t *nonce, int g)
{
    (void)g;
#if AEGIS_LANES == 1
    const aeg_v k0 = v_load(key), k1 = v_load(key + 16);
    const aeg_v n0 = v_load(nonce), n1 = v_load(nonce + 16);
    const aeg_v c0 = v_load(axiom_aegis_c0), c1 = v_load(axiom_aegis_c1);
    const aeg_v k0n0 = v_xor(k0, n0), k1n1 = v_xor(k1, n1), k1c1 = v_xor(k1, c1);
    /* Update 1 (M = K0). */
    S->s0 = v_aes(k1c1, n0);
    S->s1 = v_aes(k0n0, k1n1);
    S->s2 = v_aes(k1n1, c1);
    S->s3 = v_load(axiom_aegis256_fold[0]);
    S->s4 = v_xor(v_load(axiom_aegis256_fold[1]), k0);
    S->s5 = v_aes(v_xor(k0, c0), k1c1);
    /* Update 2 (M = K1): S4 from constants. */
    const aeg_v t0 = v_aes(S->s5, k1);
    S->s5 = v_aes(S->s4, S->s5);
    S->s4 = v_xor(v_load(axiom_aegis256_fold[2]), k0);
    S->s3 = v_aes(S->s2, S->s3);
    S->s2 = v_aes(S->s1, S->s2);
    S->s1 = v_aes(S->s0, S->s1);
    S->s0 = v_xor(t0, S->s0);
    a256_update(S, k0n0);
    a256_update(S, k1n1);
    for (int r = 1; r < 4; r++) {
        a256_update(S, k0);
        a256_update(S, k1);
        a256_update(S, k0n0);
        a256_update(S, k1n1);
    }
#else
    const aeg_v k0 = v_bcast(key), k1 = v_bcast(key + 16);
    const aeg_v n0 = v_bcast(nonce), n1 = v_bcast(nonce + 16);
    const aeg_v c0 = v_bcast(axiom_aegis_c0), c1 = v_bcast(axiom_aegis_c1);
    const aeg_v k0n0 = v_xor(k0, n0), k1n1 = v_xor(k1, n1);
    S->s0 = k0n0;
    S->s1 = k1n1;
    S->s2 = c1;
    S->s3 = c0;
    S->s4 = v_xor(k0, c0);
    S->s5 = v_xor(k1, c1);
#if AEGIS_LANES > 1
    const aeg_v ctx = v_ctx(g);
#define A256_CTX()                                                                          \
    do {                                                                                    \
        S->s3 = v_xor(S->s3, ctx);                                                          \
        S->s5 = v_xor(S->s5, ctx);                                                          \
    } while (0)
#else
#define A256_CTX() ((void)0)
#endif
    for (int r = 0; r < 4; r++) {
        A256_CTX();
        a256_update(S, k0);
        A256_CTX();
        a256_update(S, k1);
        A256_CTX();
        a256_update(S, k0n0);
        A256_CTX();
        a256_update(S, k1n1);
    }
#undef A256_CTX
#endif
}

/* z = S1 ^ S4 ^ S5 ^ (S2 & S3), XORed into @x. */
A256_AI aeg_v a256_out(const aeg_st *S, aeg_v x)
{
    return v_xor_and(v_xor(x, v_xor3(S->s1, S->s4, S->s5)), S->s2, S->s3);
}

A256_AI void aeg_enc(aeg_st *S, uint8_t *out, const uint8_t *in)
{
    const aeg_v m = v_load(in);
    v_store(out, a256_out(S, m));
    a256_update(S, m);
}

/* The plaintext feeds S0 of the next state, and S1 that of the step
 * after (S1 -> P -> S0 -> S1 is a cycle of two steps): it is grouped as
 * C ^ (S1 ^ S4 ^ S5) ^ (S2 & S3), two logic ops from any block, not three
 * as a256_out's grouping (AEGIS-256 decryption 5.5 -> 4.3 TSC cycles per
 * step on an Intel Xeon, family 6 model 167 as reported). */
A256_AI void aeg_dec(aeg_st *S, uint8_t *out, const uint8_t *in)
{
    const aeg_v p = v_xor3(v_load(in), v_xor3(S->s1, S->s4, S->s5), v_and(S->s2, S->s3));
    v_store(out, p);
    a256_update_dec(S, p);
}

/* DecPartial (see aegis128_tmpl.h). */
A256_AI void aeg_dec_last(aeg_st *S, uint8_t *out, const uint8_t *in, const uint8_t *mask)
{
    const aeg_v p = v_and(a256_out(S, v_load(in)), v_load(mask));
    v_store(out, p);
    a256_update_dec(S, p);
}

#ifdef AEG_HAS_PARTIAL
/* The last steps' real bytes only (aegis_ops_avx512.h's masked loads and
 * stores), @n of them (1 .. rate - 1). */
A256_AI void aeg_absorb_part(aeg_st *S, const uint8_t *p, size_t n)
{
    a256_update(S, v_load_part(p, n));
}

A256_AI void aeg_enc_part(aeg_st *S, uint8_t *out, const uint8_t *in, size_t n)
{
    const aeg_v m = v_load_part(in, n);
    v_store_part(out, a256_out(S, m), n);
    a256_update(S, m);
}

A256_AI void aeg_dec_part(aeg_st *S, uint8_t *out, const uint8_t *in, size_t n)
{
    const aeg_v p = v_keep(a256_out(S, v_load_part(in, n)), n);
    v_store_part(out, p, n);
    a256_update_dec(S, p);
}
#endif

A256_AI void aeg_finalize(aeg_st *S, uint64_t adbits, uint64_t msgbits)
{
    uint8_t u[16];
    axiom_store64_le(u, adbits);
    axiom_store64_le(u + 8, msgbits);
    const aeg_v t = v_xor(S->s3, v_bcast(u));
    for (int r = 0; r < 7; r++)
        a256_update(S, t);
}

A256_AI void aeg_tag(const aeg_st *S, uint8_t *tag, size_t taglen)
{
    if (taglen == 16) {
        v_fold_store(tag, v_xor(v_xor3(S->s0, S->s1, S->s2), v_xor3(S->s3, S->s4, S->s5)));
    } else {
        v_fold_store(tag, v_xor3(S->s0, S->s1, S->s2));
        v_fold_store(tag + 16, v_xor3(S->s3, S->s4, S->s5));
    }
}

/* One step of associated data. */
A256_AI void aeg_absorb(aeg_st *S, const uint8_t *p)
{
    a256_update(S, v_load(p));
}

/* The next step's keystream (Enc of a zero step), the state kept. */
A256_AI void aeg_keystream(const aeg_st *S, uint8_t *z)
{
    v_store(z, a256_out(S, v_zero()));
}

#define AEG_RATE A256_W
#include "aegis/x86_64/aegis_kernel_tmpl.h"

#define AEGIS256_OPS .family = 256, AEGIS_KERNEL_OPS
