/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Portable constant-time Kuznyechik kernel ("generic-ct"), and the
 * portable constant-time key schedule (the SIMD kernels have their own,
 * lib/kuznyechik/x86_64/kuznyechik_avx2.c, giving the same round keys). */

/*
 * Bitsliced over 64-bit words: a batch is 64 blocks, word s[j][b] holds
 * bit b of byte j of all 64 blocks (lane i = block i).  Constant time: no
 * branch and no memory index depends on keys or data.
 *
 * - S: pi has no small known circuit, so it is evaluated from its
 *   algebraic normal form (lib/kuznyechik/kuznyechik_const.c): the 255 monomials of
 *   the 8 input bits (one AND each), then each output bit is the XOR of its
 *   ~130 monomials, read through public indices.  About 1,300 word
 *   operations per 64 S-boxes.
 * - L: sixteen steps of the recurrence in kuznyechik.h, each l() as
 *   bit-plane XORs and a Horner scheme of seven multiplications by x, which
 *   in bitsliced form are three XORs (x^8 = x^7 + x^6 + x + 1); about 230
 *   word operations per step.
 * - Round keys are broadcast into masks at use.
 *
 * Fused: nothing inside the batch; CTR, CBC and CFB decryption stage whole
 * 64-block batches (kuznyechik.h).  Up to 32 blocks left over (tails, and
 * the one block at a time of CBC and CFB encryption and OFB) go four at a
 * time through a byte-form path instead: the 64 bytes of four blocks are
 * the lanes of one bitsliced S-box, L runs on bytes.
 *
 * Slow by construction (the S-box alone is about 1,300 word operations
 * per 64 bytes): the kernel for CPUs without AVX2; the SIMD kernels come
 * first wherever they run.
 */
#include <string.h>

#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"

#define CT_BATCH 64

typedef struct {
    uint64_t s[16][8];
    uint64_t e[32][8];    /* the L recurrence */
    uint64_t mono[256];   /* S-box monomials */
} ct_state;

/* ---- S-box from its algebraic normal form ------------------------------ */

static void ct_sbox(uint64_t x[8], uint64_t mono[256], const uint16_t off[9],
                    const uint8_t *list)
{
    uint64_t y[8];
    mono[0] = ~(uint64_t)0;
    for (unsigned i = 0; i < 8; i++) {
        const unsigned lo = 1u << i;
        for (unsigned m = lo; m < 2 * lo; m++)
            mono[m] = mono[m - lo] & x[i];
    }
    for (unsigned b = 0; b < 8; b++) {
        uint64_t acc = 0;
        for (unsigned k = off[b]; k < off[b + 1]; k++)
            acc ^= mono[list[k]];
        y[b] = acc;
    }
    memcpy(x, y, sizeof y);
}

/* ---- L: the recurrence, on bitsliced GF(2^8) elements ------------------- */

static inline void ct_xtime(uint64_t y[8], const uint64_t x[8])
{
    const uint64_t h = x[7];
    y[7] = x[6] ^ h;
    y[6] = x[5] ^ h;
    y[5] = x[4];
    y[4] = x[3];
    y[3] = x[2];
    y[2] = x[1];
    y[1] = x[0] ^ h;
    y[0] = h;
}

/* out = l(a_0..a_15), a_i given as pointers (see kuznyechik.h): the
 * terms are summed per bit of their coefficients (B_k = XOR of the terms
 * whose coefficient has bit k), then out = sum 2^k B_k by Horner. */
static inline void ct_l(uint64_t out[8], const uint64_t *const a[16])
{
    uint64_t acc[8], t[8], planes[7][8];
    for (unsigned b = 0; b < 8; b++) {
        uint64_t p0 = a[0][b] ^ a[14][b], p1 = a[1][b] ^ a[13][b];
        uint64_t p2 = a[2][b] ^ a[12][b], p3 = a[3][b] ^ a[11][b];
        uint64_t p4 = a[4][b] ^ a[10][b], p5 = a[5][b] ^ a[9][b];
        uint64_t p6 = a[6][b] ^ a[8][b], a7 = a[7][b], a15 = a[15][b];
        uint64_t b6 = p4 ^ p5 ^ a7, p02 = p0 ^ p2;
        acc[b] = b6 ^ p02;                  /* B7: 148 133 194 192 251 */
        planes[0][b] = b6;                  /* B6: 194 192 251 */
        planes[1][b] = p1 ^ a7;             /* B5: 32 251 */
        planes[2][b] = p0 ^ p3 ^ a7;        /* B4: 148 16 251 */
        planes[3][b] = a7;                  /* B3: 251 */
        planes[4][b] = p02;                 /* B2: 148 133 */
        planes[5][b] = p4 ^ a7;             /* B1: 194 251 */
        planes[6][b] = p2 ^ p6 ^ a7 ^ a15;  /* B0: 133 1 251 1 */
    }
    for (unsigned k = 0; k < 7; k++) {
        ct_xtime(t, acc);
        for (unsigned b = 0; b < 8; b++)
            acc[b] = t[b] ^ planes[k][b];
    }
    memcpy(out, acc, sizeof acc);
}

static void ct_lin(ct_state *st)
{
    for (unsigned k = 0; k < 16; k++)
        memcpy(st->e[k], st->s[15 - k], sizeof st->e[k]);
    for (unsigned t = 0; t < 16; t++) {
        const uint64_t *a[16];
        for (unsigned i = 0; i < 16; i++)
            a[i] = st->e[t + 15 - i];
        ct_l(st->e[t + 16], a);
    }
    for (unsigned i = 0; i < 16; i++)
        memcpy(st->s[i], st->e[31 - i], sizeof st->s[i]);
}

static void ct_lin_inv(ct_state *st)
{
    for (unsigned k = 0; k < 16; k++)
        memcpy(st->e[16 + k], st->s[15 - k], sizeof st->e[k]);
    for (unsigned t = 16; t-- > 0;) {
        const uint64_t *a[16];
        for (unsigned i = 0; i < 15; i++)
            a[i] = st->e[t + 15 - i];
        a[15] = st->e[t + 16];
        ct_l(st->e[t], a);
    }
    for (unsigned i = 0; i < 16; i++)
        memcpy(st->s[i], st->e[15 - i], sizeof st->s[i]);
}

static void ct_addkey(ct_state *st, const uint8_t k[16])
{
    for (unsigned j = 0; j < 16; j++)
        for (unsigned b = 0; b < 8; b++)
            st->s[j][b] ^= (uint64_t)0 - (uint64_t)((k[j] >> b) & 1);
}

/* ---- bitslicing ---------------------------------------------------------- */

/* Transpose the 8x8 bit matrix of a word (rows are bytes). */
static inline uint64_t bit_transpose8(uint64_t x)
{
    uint64_t t;
    t = (x ^ (x >> 7)) & UINT64_C(0x00AA00AA00AA00AA);
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & UINT64_C(0x0000CCCC0000CCCC);
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & UINT64_C(0x00000000F0F0F0F0);
    x ^= t ^ (t << 28);
    return x;
}

static inline void swapmove(uint64_t *a, uint64_t *b, uint64_t mask, unsigned n)
{
    uint64_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* Transpose the 8x8 byte matrix of w[0..7] (rows are words). */
static void byte_transpose8(uint64_t w[8])
{
    for (unsigned i = 0; i < 4; i++)
        swapmove(&w[i], &w[i + 4], UINT64_C(0x00000000FFFFFFFF), 32);
    for (unsigned i = 0; i < 8; i += 4) {
        swapmove(&w[i], &w[i + 2], UINT64_C(0x0000FFFF0000FFFF), 16);
        swapmove(&w[i + 1], &w[i + 3], UINT64_C(0x0000FFFF0000FFFF), 16);
    }
    for (unsigned i = 0; i < 8; i += 2)
        swapmove(&w[i], &w[i + 1], UINT64_C(0x00FF00FF00FF00FF), 8);
}

/* 64 blocks (1 KiB) into s[][]: byte k of word g gathers byte j of block
 * 8g + k; transposing bits in each word and then bytes across the words
 * leaves bit b of that byte at bit 8g + k of s[j][b]. */
static void ct_load(ct_state *st, const uint8_t *in)
{
    for (unsigned j = 0; j < 16; j++) {
        uint64_t w[8];
        for (unsigned g = 0; g < 8; g++) {
            uint64_t v = 0;
            for (unsigned k = 0; k < 8; k++)
                v |= (uint64_t)in[16 * (8 * g + k) + j] << (8 * k);
            w[g] = bit_transpose8(v);
        }
        byte_transpose8(w);
        memcpy(st->s[j], w, sizeof w);
    }
}

static void ct_store(uint8_t *out, const ct_state *st)
{
    for (unsigned j = 0; j < 16; j++) {
        uint64_t w[8];
        memcpy(w, st->s[j], sizeof w);
        byte_transpose8(w);
        for (unsigned g = 0; g < 8; g++) {
            uint64_t v = bit_transpose8(w[g]);
            for (unsigned k = 0; k < 8; k++)
                out[16 * (8 * g + k) + j] = (uint8_t)(v >> (8 * k));
        }
    }
}

/* ---- a few blocks in byte form ------------------------------------------ */

/*
 * Fewer blocks than half a batch (the serial modes, tails, the key
 * schedule) would waste most of the 64 lanes.  Here the bytes of up to
 * four blocks are the 64 lanes of one bitsliced S-box evaluation, and L
 * runs on bytes, still without a branch or index on secrets: about 8x less
 * work than a whole batch for one block.
 */

static inline uint8_t xtime8(uint8_t x)
{
    return (uint8_t)((x << 1) ^ (0xC3 & (0u - (unsigned)(x >> 7))));
}

/* l() on bytes with the same bit-plane Horner scheme as ct_l. */
static uint8_t l8(const uint8_t a[16])
{
    uint8_t p0 = a[0] ^ a[14], p1 = a[1] ^ a[13], p2 = a[2] ^ a[12], p3 = a[3] ^ a[11];
    uint8_t p4 = a[4] ^ a[10], p5 = a[5] ^ a[9], p6 = a[6] ^ a[8], a7 = a[7];
    uint8_t b6 = p4 ^ p5 ^ a7;
    uint8_t acc = b6 ^ p0 ^ p2;
    acc = xtime8(acc) ^ b6;
    acc = xtime8(acc) ^ (p1 ^ a7);
    acc = xtime8(acc) ^ (p0 ^ p3 ^ a7);
    acc = xtime8(acc) ^ a7;
    acc = xtime8(acc) ^ (p0 ^ p2);
    acc = xtime8(acc) ^ (p4 ^ a7);
    acc = xtime8(acc) ^ (p2 ^ p6 ^ a7 ^ a[15]);
    return acc;
}

static void lin8(uint8_t a[16])
{
    for (unsigned r = 0; r < 16; r++) {
        uint8_t l = l8(a);
        memmove(a + 1, a, 15);
        a[0] = l;
    }
}

static void lin8_inv(uint8_t a[16])
{
    for (unsigned r = 0; r < 16; r++) {
        uint8_t first = a[0];
        memmove(a, a + 1, 15);
        a[15] = first;
        a[15] = l8(a); /* l's coefficient of a_15 is 1 */
    }
}

/* pi or pi^-1 on @n <= 64 bytes at once, byte i in lane i. */
static void sbox64(uint8_t *v, size_t n, uint64_t mono[256], const uint16_t off[9],
                   const uint8_t *list)
{
    uint64_t x[8] = { 0 };
    for (unsigned i = 0; i < n; i++)
        for (unsigned b = 0; b < 8; b++)
            x[b] |= (uint64_t)((v[i] >> b) & 1) << i;
    ct_sbox(x, mono, off, list);
    for (unsigned i = 0; i < n; i++) {
        unsigned y = 0;
        for (unsigned b = 0; b < 8; b++)
            y |= (unsigned)((x[b] >> i) & 1) << b;
        v[i] = (uint8_t)y;
    }
    axiom_wipe(x, sizeof x);
}

static void xor_key4(uint8_t v[64], const uint8_t k[16])
{
    for (unsigned i = 0; i < 64; i++)
        v[i] ^= k[i & 15];
}

/* 1..4 blocks; the unused ones are zeros, their output dropped. */
static void ct_small(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int dec,
                     uint64_t mono[256])
{
    uint8_t v[64] = { 0 };
    memcpy(v, in, 16 * n);
    if (!dec) {
        for (unsigned r = 0; r < 9; r++) {
            xor_key4(v, axiom_kuz_rk(ks, r));
            sbox64(v, 16 * n, mono, axiom_kuz_anf_pi_off, axiom_kuz_anf_pi);
            for (size_t b = 0; b < n; b++)
                lin8(v + 16 * b);
        }
        xor_key4(v, axiom_kuz_rk(ks, 9));
    } else {
        xor_key4(v, axiom_kuz_rk(ks, 9));
        for (unsigned r = 9; r-- > 0;) {
            for (size_t b = 0; b < n; b++)
                lin8_inv(v + 16 * b);
            sbox64(v, 16 * n, mono, axiom_kuz_anf_pi_inv_off, axiom_kuz_anf_pi_inv);
            xor_key4(v, axiom_kuz_rk(ks, r));
        }
    }
    memcpy(out, v, 16 * n);
    axiom_wipe(v, sizeof v);
}

/* ---- the cipher ---------------------------------------------------------- */

static void ct_encrypt(ct_state *st, const axiom_bc_ks *ks)
{
    for (unsigned r = 0; r < 9; r++) {
        ct_addkey(st, axiom_kuz_rk(ks, r));
        for (unsigned j = 0; j < 16; j++)
            ct_sbox(st->s[j], st->mono, axiom_kuz_anf_pi_off, axiom_kuz_anf_pi);
        ct_lin(st);
    }
    ct_addkey(st, axiom_kuz_rk(ks, 9));
}

static void ct_decrypt(ct_state *st, const axiom_bc_ks *ks)
{
    ct_addkey(st, axiom_kuz_rk(ks, 9));
    for (unsigned r = 9; r-- > 0;) {
        ct_lin_inv(st);
        for (unsigned j = 0; j < 16; j++)
            ct_sbox(st->s[j], st->mono, axiom_kuz_anf_pi_inv_off, axiom_kuz_anf_pi_inv);
        ct_addkey(st, axiom_kuz_rk(ks, r));
    }
}

/* Whole batches of 64; a remainder of up to 32 blocks in groups of four
 * in byte form, a larger one as a padded batch. */
static void ct_blocks(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    ct_state st;
    uint8_t buf[CT_BATCH * 16];
    while (n > 32) {
        size_t m = n < CT_BATCH ? n : CT_BATCH;
        const uint8_t *src = in;
        if (m < CT_BATCH) {
            /* padding lanes: zeros, output dropped */
            memset(buf, 0, sizeof buf);
            memcpy(buf, in, 16 * m);
            src = buf;
        }
        ct_load(&st, src);
        (dec ? ct_decrypt : ct_encrypt)(&st, ks);
        if (m < CT_BATCH) {
            ct_store(buf, &st);
            memcpy(out, buf, 16 * m);
        } else {
            ct_store(out, &st);
        }
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    while (n > 0) {
        size_t m = n < 4 ? n : 4;
        ct_small(ks, out, in, m, dec, st.mono);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    axiom_wipe(&st, sizeof st);
    axiom_wipe(buf, sizeof buf);
}

static void kuz_ct_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ct_blocks(ks, out, in, n, 0);
}

static void kuz_ct_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ct_blocks(ks, out, in, n, 1);
}

/* ---- the key schedule, constant time ------------------------------------ */

/* LSX[c](a): the 16 S-boxes of one block as 16 lanes of one bitsliced
 * evaluation, L on bytes. */
static void lsx(uint8_t out[16], const uint8_t a[16], const uint8_t c[16], uint64_t mono[256])
{
    uint8_t v[16];
    for (unsigned j = 0; j < 16; j++)
        v[j] = a[j] ^ c[j];
    sbox64(v, 16, mono, axiom_kuz_anf_pi_off, axiom_kuz_anf_pi);
    lin8(v);
    memcpy(out, v, 16);
    axiom_wipe(v, sizeof v);
}

void axiom_kuz_expand_ct(axiom_bc_ks *ks, const uint8_t *key)
{
    uint8_t *k = (uint8_t *)ks->w;
    uint8_t a1[16], a0[16], t[16];
    uint64_t mono[256];
    memcpy(a1, key, 16);
    memcpy(a0, key + 16, 16);
    memcpy(k, a1, 16);
    memcpy(k + 16, a0, 16);
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned j = 0; j < 8; j++) {
            lsx(t, a1, axiom_kuz_c[8 * i + j], mono);
            for (unsigned b = 0; b < 16; b++)
                t[b] ^= a0[b];
            memcpy(a0, a1, 16);
            memcpy(a1, t, 16);
        }
        memcpy(k + 32 * (i + 1), a1, 16);
        memcpy(k + 32 * (i + 1) + 16, a0, 16);
    }
    ks->rounds = AXIOM_KUZ_ROUNDS;
    axiom_wipe(a0, sizeof a0);
    axiom_wipe(a1, sizeof a1);
    axiom_wipe(t, sizeof t);
    axiom_wipe(mono, sizeof mono);
}

static void kuz_ct_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    (void)keylen;
    axiom_kuz_expand_ct(ks, key);
}

/* ---- modes ---------------------------------------------------------------- */

static void kuz_ct_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[16])
{
    axiom_bc_ctr_batched(ks, out, in, n, iv, kuz_ct_enc, CT_BATCH);
}

static void kuz_ct_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t iv[16])
{
    axiom_bc_cbc_dec_batched(ks, out, in, n, iv, kuz_ct_dec, CT_BATCH);
}

static void kuz_ct_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t iv[16])
{
    axiom_bc_cfb_dec_batched(ks, out, in, n, iv, kuz_ct_enc, CT_BATCH);
}

AXIOM_BC_DEFINE_MODE(kuz_ct_cbc_enc, AXIOM_BC_CBC_ENC, kuz_ct_enc)
AXIOM_BC_DEFINE_MODE(kuz_ct_cfb_enc, AXIOM_BC_CFB_ENC, kuz_ct_enc)
AXIOM_BC_DEFINE_MODE(kuz_ct_ofb, AXIOM_BC_OFB, kuz_ct_enc)
AXIOM_BC_DEFINE_MODE(kuz_ct_xts_enc, AXIOM_BC_XTS, kuz_ct_enc)
AXIOM_BC_DEFINE_MODE(kuz_ct_xts_dec, AXIOM_BC_XTS, kuz_ct_dec)

const axiom_bc_kernel axiom_kuz_generic_ct = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "bitsliced, no tables",
    .steps = { 4, 8, 32, 64 }, /* groups of 4 up to 32, then batches of 64; XTS stages 8 */
    .slow_block = 1,
    .setkey = kuz_ct_setkey,
    .ecb_enc = kuz_ct_enc,
    .ecb_dec = kuz_ct_dec,
    .cbc_enc = kuz_ct_cbc_enc,
    .cbc_dec = kuz_ct_cbc_dec,
    .cfb_enc = kuz_ct_cfb_enc,
    .cfb_dec = kuz_ct_cfb_dec,
    .ofb = kuz_ct_ofb,
    .ctr = kuz_ct_ctr,
    .xts_enc = kuz_ct_xts_enc,
    .xts_dec = kuz_ct_xts_dec,
};
