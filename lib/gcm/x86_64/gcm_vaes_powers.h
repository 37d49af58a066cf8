/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* make_powers and prologue_powers (gcm_vaes_common.h, VEC_POWERS: the
 * text phase's side of AXIOM_GCM_F_POWERS) for a VAES GCM kernel file,
 * which includes this after gcm_vaes_common.h and after defining:
 *
 *   struct pows            what the stages carry from one to the next;
 *                          p1 (K_1) is set before the first
 *   pow_stage(s, t, pw)    stage s (1..5) of the powers past K_1, each
 *                          stage's results stored into the key at @pw
 *   prologue_last(rk, nr, out, in, b, c)
 *                          the last AES round of the VEC_W counter blocks
 *                          in b[] (from the counter *c), the VEC_W blocks
 *                          at @in XORed in and stored to @out, *c moved on
 *
 * Constant time: the branches are on the round count only. */
#ifndef AXIOM_GCM_VAES_POWERS_H
#define AXIOM_GCM_VAES_POWERS_H

GCM_VAES_INLINE void make_powers(__m128i *pw)
{
    pows t;
    t.p1 = pw[GH_SLOT(1)];
#pragma GCC unroll 5
    for (unsigned s = 1; s <= 5; s++)
        pow_stage(s, &t, pw);
}

/* tail(.., VEC_W, .., TAIL_CTR) with the five stages after AES rounds 1
 * to 5 of the counter blocks: where the carry-less multiplier would
 * otherwise idle, the stages' chain of dependent levels (about 15 cycles
 * each) beside the rounds.  On Zen 4 the vaes-avx2 kernel's XAES-256-GCM
 * seal of 1 KiB measured 2 % faster so than with the stages after rounds
 * 1, 3, 5, 7 and 9 (16 KiB level), and the same for one after every
 * third round. */
GCM_VAES_INLINE void prologue_powers(const __m128i *rk, const unsigned nr, __m128i *pw,
                                     uint8_t *out, const uint8_t *in, vec *c, vec bswap)
{
    vec b[VEC_V];
    pows t;
    t.p1 = pw[GH_SLOT(1)];
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        b[v] = vec_ctr(*c, (int)(VEC_L * v), bswap, GCM_VAES_KEY(rk, 0));
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VEC_V; v++)
            b[v] = vec_aesenc(b[v], GCM_VAES_KEY(rk, r));
        if (r <= 5)
            pow_stage(r, &t, pw);
    }
    prologue_last(rk, nr, out, in, b, c);
}

#endif
