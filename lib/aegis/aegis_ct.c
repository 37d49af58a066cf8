/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Portable constant-time AEGIS kernels: all six variants, the lanes of the
 * X variants one after the other, on the bitsliced AES round. */

/*
 * The state stays in memory in the layout of lib/aegis/aegis.h; an update
 * gathers the 8 D (or 6 D) round inputs and round keys of the draft's
 * Update into two arrays and runs them through axiom_aes_ct_round (the
 * bitsliced round of lib/aes/aes_ct.c, four blocks per pass).  Constant
 * time: the AES round has no table and no branch, and everything else is
 * XOR and AND on whole blocks; only the public lengths steer the loops.
 * Slow (a few hundred cycles per block of text): the fallback for CPUs
 * without AES instructions, and the reference of the tests.
 */
#include "config.h"

#include <string.h>

#include "aegis/aegis.h"
#include "aes/aes.h"
#include "core/bytes.h"
#include "core/internal.h"

static void xor_into(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = a[i] ^ b[i];
}

/* The draft's Update on every lane: S'j = AESRound(S(j-1), Sj ^ Mj) with
 * M0 = @m0 (and, 128 family, M4 = @m1), 16 D bytes each. */
static void update(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *m0,
                   const uint8_t *m1)
{
    const unsigned nb = axiom_aegis_blocks(k);
    const size_t w = 16 * (size_t)k->lanes; /* bytes of one block over the lanes */
    uint8_t in[8 * 64], rk[8 * 64];
    for (unsigned j = 0; j < nb; j++) {
        memcpy(in + w * j, s->v[(j + nb - 1) % nb], w);
        if (j == 0)
            xor_into(rk, s->v[0], m0, w);
        else if (j == 4 && k->family == 128)
            xor_into(rk + w * j, s->v[4], m1, w);
        else
            memcpy(rk + w * j, s->v[j], w);
    }
    axiom_aes_ct_round(in, in, rk, nb * k->lanes);
    for (unsigned j = 0; j < nb; j++)
        memcpy(s->v[j], in + w * j, w);
    axiom_wipe(in, sizeof in);
    axiom_wipe(rk, sizeof rk);
}

/* One step: M0 and M1 are its halves (128 family); M is all of it. */
static void update_step(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *p)
{
    update(k, s, p, p + 16 * k->lanes);
}

/* @x (16 bytes) in every lane. */
static void broadcast(const axiom_aegis_kernel *k, uint8_t *d, const uint8_t *x)
{
    for (unsigned i = 0; i < k->lanes; i++)
        memcpy(d + 16 * i, x, 16);
}

/* The lanes' context separators ctx[i] = i || D - 1 || 0^112 (all zero
 * with one lane, so the same Init serves AEGIS-128L and AEGIS-256):
 * XORed into blocks 3 and 7 (128 family) or 3 and 5 (256 family). */
static void add_ctx(const axiom_aegis_kernel *k, axiom_aegis_state *s)
{
    const unsigned other = k->family == 128 ? 7 : 5;
    for (unsigned i = 0; i < k->lanes; i++) {
        s->v[3][16 * i] ^= (uint8_t)i;
        s->v[3][16 * i + 1] ^= (uint8_t)(k->lanes - 1);
        s->v[other][16 * i] ^= (uint8_t)i;
        s->v[other][16 * i + 1] ^= (uint8_t)(k->lanes - 1);
    }
}

static void ct_init(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *key,
                    const uint8_t *nonce)
{
    const uint8_t *c0 = axiom_aegis_c0, *c1 = axiom_aegis_c1;
    uint8_t t[16], m0[64], m1[64], m2[64], m3[64];
    memset(s, 0, sizeof *s);
    if (k->family == 128) {
        xor_into(t, key, nonce, 16);
        broadcast(k, s->v[0], t);
        broadcast(k, s->v[1], c1);
        broadcast(k, s->v[2], c0);
        broadcast(k, s->v[3], c1);
        broadcast(k, s->v[4], t);
        xor_into(t, key, c0, 16);
        broadcast(k, s->v[5], t);
        xor_into(t, key, c1, 16);
        broadcast(k, s->v[6], t);
        xor_into(t, key, c0, 16);
        broadcast(k, s->v[7], t);
        broadcast(k, m0, nonce);
        broadcast(k, m1, key);
        for (int r = 0; r < 10; r++) {
            add_ctx(k, s);
            update(k, s, m0, m1);
        }
    } else {
        const uint8_t *k0 = key, *k1 = key + 16, *n0 = nonce, *n1 = nonce + 16;
        xor_into(t, k0, n0, 16);
        broadcast(k, s->v[0], t);
        broadcast(k, m2, t);
        xor_into(t, k1, n1, 16);
        broadcast(k, s->v[1], t);
        broadcast(k, m3, t);
        broadcast(k, s->v[2], c1);
        broadcast(k, s->v[3], c0);
        xor_into(t, k0, c0, 16);
        broadcast(k, s->v[4], t);
        xor_into(t, k1, c1, 16);
        broadcast(k, s->v[5], t);
        broadcast(k, m0, k0);
        broadcast(k, m1, k1);
        for (int r = 0; r < 4; r++) {
            const uint8_t *ms[4] = { m0, m1, m2, m3 };
            for (int q = 0; q < 4; q++) {
                add_ctx(k, s);
                update(k, s, ms[q], NULL);
            }
        }
    }
    axiom_wipe(t, sizeof t);
    axiom_wipe(m0, sizeof m0);
    axiom_wipe(m1, sizeof m1);
    axiom_wipe(m2, sizeof m2);
    axiom_wipe(m3, sizeof m3);
}

static void ct_absorb(const axiom_aegis_kernel *k, axiom_aegis_state *s, const uint8_t *in,
                      size_t n)
{
    const size_t rate = axiom_aegis_rate(k);
    for (size_t i = 0; i < n; i++)
        update_step(k, s, in + rate * i);
}

/* z of the draft's Enc, lane by lane: the 128 family's
 * z0 = S1 ^ S6 ^ (S2 & S3) and z1 = S2 ^ S5 ^ (S6 & S7); the 256
 * family's z = S1 ^ S4 ^ S5 ^ (S2 & S3). */
static void ct_keystream(const axiom_aegis_kernel *k, const axiom_aegis_state *s, uint8_t *z)
{
    const size_t w = 16 * (size_t)k->lanes;
    for (size_t b = 0; b < w; b++) {
        if (k->family == 128) {
            z[b] = s->v[1][b] ^ s->v[6][b] ^ (s->v[2][b] & s->v[3][b]);
            z[w + b] = s->v[2][b] ^ s->v[5][b] ^ (s->v[6][b] & s->v[7][b]);
        } else {
            z[b] = s->v[1][b] ^ s->v[4][b] ^ s->v[5][b] ^ (s->v[2][b] & s->v[3][b]);
        }
    }
}

/* Enc (@encrypt) or Dec of @n steps; the update absorbs the plaintext. */
static void crypt_steps(const axiom_aegis_kernel *k, axiom_aegis_state *s, int encrypt,
                        uint8_t *out, const uint8_t *in, size_t n)
{
    const size_t rate = axiom_aegis_rate(k);
    uint8_t z[AXIOM_AEGIS_MAXRATE], p[AXIOM_AEGIS_MAXRATE];
    for (size_t i = 0; i < n; i++, in += rate, out += rate) {
        ct_keystream(k, s, z);
        if (encrypt) {
            memcpy(p, in, rate); /* @out may be @in */
            xor_into(out, p, z, rate);
        } else {
            xor_into(p, in, z, rate);
            memcpy(out, p, rate);
        }
        update_step(k, s, p);
    }
    axiom_wipe(z, sizeof z);
    axiom_wipe(p, sizeof p);
}

static void ct_enc(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                   const uint8_t *in, size_t n)
{
    crypt_steps(k, s, 1, out, in, n);
}

static void ct_dec(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint8_t *out,
                   const uint8_t *in, size_t n)
{
    crypt_steps(k, s, 0, out, in, n);
}

/* Finalize's updates: t = S2 (128 family) or S3 (256) ^ (LE64(adbits) ||
 * LE64(msgbits)) in every lane, absorbed seven times (as both halves of
 * a 128-family step). */
static void ct_finalize(const axiom_aegis_kernel *k, axiom_aegis_state *s, uint64_t adbits,
                        uint64_t msgbits)
{
    uint8_t u[16], t[64];
    const size_t w = 16 * (size_t)k->lanes;
    axiom_store64_le(u, adbits);
    axiom_store64_le(u + 8, msgbits);
    broadcast(k, t, u);
    xor_into(t, t, s->v[k->family == 128 ? 2 : 3], w);
    for (int r = 0; r < 7; r++)
        update(k, s, t, t);
    axiom_wipe(t, sizeof t);
}

#define CT_KERNEL(var, fam, d)                                                              \
    const axiom_aegis_kernel var = {                                                       \
        .name = "generic-ct",                                                              \
        .features = 0,                                                                     \
        .constant_time = 1,                                                                \
        .desc = "portable, bitsliced AES round (4 blocks per pass), lanes in turn",        \
        .family = fam,                                                                     \
        .lanes = d,                                                                        \
        .init = ct_init,                                                                   \
        .absorb = ct_absorb,                                                               \
        .enc = ct_enc,                                                                     \
        .dec = ct_dec,                                                                     \
        .keystream = ct_keystream,                                                         \
        .finalize = ct_finalize,                                                           \
        .seal = NULL,                                                                      \
        .open = NULL,                                                                      \
    }

CT_KERNEL(axiom_aegis128l_generic_ct, 128, 1);
CT_KERNEL(axiom_aegis128x2_generic_ct, 128, 2);
CT_KERNEL(axiom_aegis128x4_generic_ct, 128, 4);
CT_KERNEL(axiom_aegis256_generic_ct, 256, 1);
CT_KERNEL(axiom_aegis256x2_generic_ct, 256, 2);
CT_KERNEL(axiom_aegis256x4_generic_ct, 256, 4);
