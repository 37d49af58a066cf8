/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AEGIS-256 / AEGIS-256X kernel operations (lib/aegis/aegis.h) over
 * the vector operations of aegis_ops_*.h, AEGIS_LANES lanes per block.
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
#include "core/bytes.h"

#define A256_W (16 * AEGIS_LANES) /* bytes of one block over the lanes: one step */
#define A256_AI static inline __attribute__((always_inline))

typedef struct a256_st {
    aeg_v s0, s1, s2, s3, s4, s5;
} a256_st;

A256_AI void a256_load(a256_st *S, const axiom_aegis_state *m)
{
    S->s0 = v_load(m->v[0]);
    S->s1 = v_load(m->v[1]);
    S->s2 = v_load(m->v[2]);
    S->s3 = v_load(m->v[3]);
    S->s4 = v_load(m->v[4]);
    S->s5 = v_load(m->v[5]);
}

A256_AI void a256_save(axiom_aegis_state *m, const a256_st *S)
{
    v_store(m->v[0], S->s0);
    v_store(m->v[1], S->s1);
    v_store(m->v[2], S->s2);
    v_store(m->v[3], S->s3);
    v_store(m->v[4], S->s4);
    v_store(m->v[5], S->s5);
}

/* Update(M), from S5 down (see aegis128_tmpl.h: no register moves). */
A256_AI void a256_update(a256_st *S, aeg_v m)
{
    const aeg_v t0 = v_aes(S->s5, m);
    S->s5 = v_aes(S->s4, S->s5);
    S->s4 = v_aes(S->s3, S->s4);
    S->s3 = v_aes(S->s2, S->s3);
    S->s2 = v_aes(S->s1, S->s2);
    S->s1 = v_aes(S->s0, S->s1);
    S->s0 = v_xor(t0, S->s0);
}

/* Update with the plaintext P of a decrypted step. */
A256_AI void a256_update_dec(a256_st *S, aeg_v p)
{
    const aeg_v t0 = v_aes(S->s5, v_zero());
    S->s5 = v_aes(S->s4, S->s5);
    S->s4 = v_aes(S->s3, S->s4);
    S->s3 = v_aes(S->s2, S->s3);
    S->s2 = v_aes(S->s1, S->s2);
    S->s1 = v_aes(S->s0, S->s1);
    S->s0 = v_xor3(t0, S->s0, p);
}

/* Init(key, nonce); the X variants XOR the lanes' context separators into
 * S3 and S5 before each of the sixteen updates. */
A256_AI void a256_init(a256_st *S, const uint8_t *key, const uint8_t *nonce)
{
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
    const aeg_v ctx = v_ctx();
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
}

/* z = S1 ^ S4 ^ S5 ^ (S2 & S3), XORed into @x. */
A256_AI aeg_v a256_out(const a256_st *S, aeg_v x)
{
    return v_xor_and(v_xor(x, v_xor3(S->s1, S->s4, S->s5)), S->s2, S->s3);
}

A256_AI void a256_enc(a256_st *S, uint8_t *out, const uint8_t *in)
{
    const aeg_v m = v_load(in);
    v_store(out, a256_out(S, m));
    a256_update(S, m);
}

A256_AI void a256_dec(a256_st *S, uint8_t *out, const uint8_t *in)
{
    const aeg_v p = a256_out(S, v_load(in));
    v_store(out, p);
    a256_update_dec(S, p);
}

/* DecPartial (see aegis128_tmpl.h). */
A256_AI void a256_dec_last(a256_st *S, uint8_t *out, const uint8_t *in, const uint8_t *mask)
{
    const aeg_v p = v_and(a256_out(S, v_load(in)), v_load(mask));
    v_store(out, p);
    a256_update_dec(S, p);
}

A256_AI void a256_finalize(a256_st *S, uint64_t adbits, uint64_t msgbits)
{
    uint8_t u[16];
    axiom_store64_le(u, adbits);
    axiom_store64_le(u + 8, msgbits);
    const aeg_v t = v_xor(S->s3, v_bcast(u));
    for (int r = 0; r < 7; r++)
        a256_update(S, t);
}

A256_AI void a256_tag(const a256_st *S, uint8_t *tag, size_t taglen)
{
    if (taglen == 16) {
        v_fold_store(tag, v_xor(v_xor3(S->s0, S->s1, S->s2), v_xor3(S->s3, S->s4, S->s5)));
    } else {
        v_fold_store(tag, v_xor3(S->s0, S->s1, S->s2));
        v_fold_store(tag + 16, v_xor3(S->s3, S->s4, S->s5));
    }
}

/* ---- the kernel operations ---------------------------------------------- */

static void aegis256_init_op(const axiom_aegis_kernel *k, axiom_aegis_state *s,
                             const uint8_t *key, const uint8_t *nonce)
{
    a256_st S;
    (void)k;
    a256_init(&S, key, nonce);
    a256_save(s, &S);
}

static void aegis256_absorb_op(const axiom_aegis_kernel *k, axiom_aegis_state *s,
                               const uint8_t *in, size_t n)
{
    a256_st S;
    (void)k;
    a256_load(&S, s);
    for (size_t i = 0; i < n; i++)
        a256_update(&S, v_load(in + A256_W * i));
    a256_save(s, &S);
}

static void aegis256_enc_op(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                            const uint8_t *in, size_t n)
{
    a256_st S;
    (void)k;
    a256_load(&S, s);
    for (size_t i = 0; i < n; i++)
        a256_enc(&S, out + A256_W * i, in + A256_W * i);
    a256_save(s, &S);
}

static void aegis256_dec_op(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                            const uint8_t *in, size_t n)
{
    a256_st S;
    (void)k;
    a256_load(&S, s);
    for (size_t i = 0; i < n; i++)
        a256_dec(&S, out + A256_W * i, in + A256_W * i);
    a256_save(s, &S);
}

static void aegis256_keystream_op(const axiom_aegis_kernel *k, const axiom_aegis_state *s,
                                  uint8_t *z)
{
    a256_st S;
    (void)k;
    a256_load(&S, s);
    v_store(z, a256_out(&S, v_zero()));
}

static void aegis256_finalize_op(const axiom_aegis_kernel *k, axiom_aegis_state *s,
                                 uint64_t adbits, uint64_t msgbits)
{
    a256_st S;
    (void)k;
    a256_load(&S, s);
    a256_finalize(&S, adbits, msgbits);
    a256_save(s, &S);
}

A256_AI void a256_message(const axiom_aegis_msg *m, int encrypt)
{
    a256_st S;
    a256_init(&S, m->key, m->nonce);
    for (size_t i = 0; i < m->adsteps; i++)
        a256_update(&S, v_load(m->ad + A256_W * i));
    if (m->adlast)
        a256_update(&S, v_load(m->adlast));
    if (encrypt) {
        for (size_t i = 0; i < m->steps; i++)
            a256_enc(&S, m->out + A256_W * i, m->in + A256_W * i);
        if (m->inlast)
            a256_enc(&S, m->outlast, m->inlast);
    } else {
        for (size_t i = 0; i < m->steps; i++)
            a256_dec(&S, m->out + A256_W * i, m->in + A256_W * i);
        if (m->inlast)
            a256_dec_last(&S, m->outlast, m->inlast, m->lastmask);
    }
    a256_finalize(&S, m->adbits, m->msgbits);
    a256_tag(&S, m->tag, m->taglen);
}

static void aegis256_seal_op(const axiom_aegis_kernel *k, const axiom_aegis_msg *m)
{
    (void)k;
    a256_message(m, 1);
}

static void aegis256_open_op(const axiom_aegis_kernel *k, const axiom_aegis_msg *m)
{
    (void)k;
    a256_message(m, 0);
}

#define AEGIS256_OPS                                                                        \
    .family = 256, .lanes = AEGIS_LANES, .init = aegis256_init_op,                          \
    .absorb = aegis256_absorb_op, .enc = aegis256_enc_op, .dec = aegis256_dec_op,           \
    .keystream = aegis256_keystream_op, .finalize = aegis256_finalize_op,                   \
    .seal = aegis256_seal_op, .open = aegis256_open_op
