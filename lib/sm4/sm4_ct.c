/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 (GB/T 32907-2016): the portable constant-time kernel "generic-ct",
 * bitsliced, the default wherever no SIMD kernel applies. */

/*
 * Constant time: YES.  No branch and no memory index depends on the key or
 * the data, key schedule included: every S-box goes through one boolean
 * circuit, every loop bound and index is a block count or a constant.
 *
 * The S-box.  S(x) = M2 inv(M1 x + c1) + c2, with inv the inversion of the
 * AES field (lib/sm4/sm4.h).  The circuit sm4ct_sbox (lib/sm4/sm4_ct_sbox.h)
 * computes S0(x) = S(x ^ c1') ^ c2 (c1' = M1^-1 c1) in 113 gates: a top
 * linear layer (20 XOR) gives the 22 linear forms that the non-linear middle
 * of the Boyar-Peralta depth-16 AES S-box circuit takes (J. Boyar,
 * R. Peralta, IACR ePrint 2011/332; 34 AND and 29 XOR, an inversion in
 * GF(2^8) through GF(2^4)), and a bottom linear layer (30 XOR) maps its 18
 * products to the output.  Both linear layers were derived for SM4 and
 * shortened by tools/sm4_ct_circuit.py (the field isomorphism, a search
 * over the 2040 equivalent inputs a z^(2^k) of the inversion, and the
 * Boyar-Peralta linear-program heuristic), which checks the circuit on all
 * 256 inputs, as tests/test_sm4.c does through axiom_sm4_ct_sbox_table.
 *
 * The constants.  The circuit has no NOT: c1' and c2 live in the round
 * keys.  With C = L(c2 c2 c2 c2) and the state words carried as
 * Y_i = X_i ^ e_i, e_0..e_3 = 0, e_(i+4) = e_i ^ C, the round becomes
 * Y_(i+4) = Y_i ^ L(S0(Y_(i+1) ^ Y_(i+2) ^ Y_(i+3) ^ rk'_i)) with
 *     rk'_i = rk_i ^ (c1' c1' c1' c1') ^ e_(i+1) ^ e_(i+2) ^ e_(i+3),
 * that is rk_i ^ (c1' c1' c1' c1'), and ^ C when i mod 8 is 1, 3, 4 or 6.
 * The e_i repeat every 8 rounds and e_32..e_35 = 0, so the output needs no
 * correction; the pattern is symmetric under i -> 31 - i, so decryption
 * uses the same folded keys in reverse order.
 *
 * Bulk path: 64 blocks per pass.  The blocks are the lanes of 128 64-bit
 * slices (slice 32w + b: bit b of state word w), made by two 64x64 bit
 * transposes (six swap steps each) of the blocks' rows, and two more back.
 * A round is 96 XOR for its input, 32 for its key (the stored key bits,
 * sign-extended from bytes), four S-box circuits, and L in 128 XOR:
 *     X ^ L(s) = X ^ rol24(t) ^ rol2(t) ^ rol18(s),  t = s ^ rol8(s),
 * rotations being free renamings of slices: 708 word operations per round
 * and 64 blocks, 27,300 per pass with the transposes (27 per byte); GCC
 * -O2 makes about 55,000 x86-64 instructions of them with the loads and
 * stores (54 per byte: the moves of two-operand code, register spills).  Fewer than 64 blocks
 * pad the lanes with zeros; from AXIOM_SM4_CT_BULK_MIN blocks on a padded
 * pass is cheaper than the word path.
 *
 * Word path, for short calls and the serial modes (CBC and CFB
 * encryption, OFB): the state stays four 32-bit words and only the round's
 * four S-box inputs are sliced, lanes at bit 0 of each byte of one 64-bit
 * word (s_i = (u >> i) & 0x0101..01), so that one circuit serves a round
 * of two blocks (the two 32-bit halves; a last odd block runs alone).
 * About 6,300 instructions per block in pairs and 11,400 alone, against
 * 870 per block in a full bitsliced pass.
 *
 * Nothing is fused; CTR builds the counters as transposition rows
 * directly and XORs the input while storing; CBC decryption stores
 * backwards so that in-place calls still read each previous ciphertext
 * block.  Valid on either byte order: every load and store of data is an
 * explicit big-endian one (lib/core/bytes.h).
 */
#include "config.h"

#include <string.h>

#include "core/bc.h"
#include "core/bytes.h"
#include "core/internal.h"
#include "sm4/sm4.h"

/* Blocks per bitsliced pass, and the shortest run worth one (below it,
 * pairs of blocks go through the word path); lib/sm4/sm4.h. */
#define SM4CT_LANES AXIOM_SM4_CT_LANES
#define SM4CT_BULK_MIN AXIOM_SM4_CT_BULK_MIN
_Static_assert(SM4CT_LANES == 64, "one lane per bit of a uint64_t");

/* The kernel's layout of axiom_bc_ks (1152 of its 1856 bytes). */
typedef struct sm4ct_sched {
    uint32_t rk[32];    /* rk'_i, the folded round keys */
    int8_t kb[32][32];  /* kb[i][b] = -(bit b of rk'_i): 0 or -1 */
} __attribute__((may_alias)) sm4ct_sched;

_Static_assert(sizeof(sm4ct_sched) <= sizeof(((axiom_bc_ks *)0)->w),
               "the SM4 generic-ct schedule must fit in axiom_bc_ks");

static inline const sm4ct_sched *sm4ct_sc(const axiom_bc_ks *ks)
{
    return (const sm4ct_sched *)ks->w;
}

static inline uint64_t sm4ct_rol64(uint64_t v, unsigned n)
{
    return (v << n) | (v >> ((64 - n) & 63));
}

/* ---- the S-box circuit --------------------------------------------------- */

#include "sm4/sm4_ct_sbox.h"

/* ---- the bitsliced bulk path ---------------------------------------------- */

/* One step of the transpose below: for every k with bit @j clear, swap
 * the bits of a[k] under @m << @j with the bits of a[k + j] under @m. */
static inline __attribute__((always_inline)) void sm4ct_tstep(uint64_t a[64], unsigned j,
                                                             uint64_t m)
{
#pragma GCC unroll 32
    for (unsigned base = 0; base < 64; base += 2 * j) {
#pragma GCC unroll 32
        for (unsigned k = base; k < base + j; k++) {
            const uint64_t t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
        }
    }
}

/* Transpose the 64x64 bit matrix whose row i is a[i] (bit j: column j), in
 * place: afterwards bit j of a[i] is the former bit i of a[j].  Each step
 * swaps the off-diagonal blocks of every diagonal block of the size
 * before, so six steps leave every bit at its transposed place. */
static void sm4ct_transpose64(uint64_t a[64])
{
    sm4ct_tstep(a, 32, UINT64_C(0x00000000ffffffff));
    sm4ct_tstep(a, 16, UINT64_C(0x0000ffff0000ffff));
    sm4ct_tstep(a, 8, UINT64_C(0x00ff00ff00ff00ff));
    sm4ct_tstep(a, 4, UINT64_C(0x0f0f0f0f0f0f0f0f));
    sm4ct_tstep(a, 2, UINT64_C(0x3333333333333333));
    sm4ct_tstep(a, 1, UINT64_C(0x5555555555555555));
}

/* One round on 64 blocks: x0 ^= L(S0(x1 ^ x2 ^ x3 ^ rk')), each argument
 * 32 slices (slice b: bit b of the word). */
static inline void sm4ct_bs_round(uint64_t *restrict x0, const uint64_t *restrict x1,
                                  const uint64_t *restrict x2, const uint64_t *restrict x3,
                                  const int8_t kb[32])
{
    uint64_t s[32], t[32];
#pragma GCC unroll 4
    for (unsigned m = 0; m < 4; m++) {
        uint64_t u[8];
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) {
            const unsigned b = 8 * m + i;
            u[i] = x1[b] ^ x2[b] ^ x3[b] ^ (uint64_t)(int64_t)kb[b];
        }
        sm4ct_sbox(s + 8 * m, u);
    }
    /* rol_n moves bit b - n to bit b. */
#pragma GCC unroll 32
    for (unsigned b = 0; b < 32; b++)
        t[b] = s[b] ^ s[(b + 24) & 31];
#pragma GCC unroll 32
    for (unsigned b = 0; b < 32; b++)
        x0[b] ^= t[(b + 8) & 31] ^ t[(b + 30) & 31] ^ s[(b + 14) & 31];
}

/* The 32 rounds on the 128 slices of st: slot w (st + 32 w) is state word
 * w, and after the rounds the slots hold X32, X33, X34, X35. */
static void sm4ct_bs_rounds(const sm4ct_sched *sc, uint64_t st[128], int dec)
{
    uint64_t *const s0 = st, *const s1 = st + 32, *const s2 = st + 64, *const s3 = st + 96;
    const int8_t(*kb)[32] = dec ? sc->kb + 31 : sc->kb;
    const ptrdiff_t step = dec ? -1 : 1;
    for (unsigned i = 0; i < 32; i += 4, kb += 4 * step) {
        sm4ct_bs_round(s0, s1, s2, s3, kb[0]);
        sm4ct_bs_round(s1, s2, s3, s0, kb[step]);
        sm4ct_bs_round(s2, s3, s0, s1, kb[2 * step]);
        sm4ct_bs_round(s3, s0, s1, s2, kb[3 * step]);
    }
}

/* ---- the word path -------------------------------------------------------- */

/* S0 on every byte of @u, through one circuit: bit i of each byte to bit 0
 * of that byte of slice i (the AND and XOR gates keep the other bits 0). */
static inline uint64_t sm4ct_sbox_bytes(uint64_t u)
{
    const uint64_t lsb = UINT64_C(0x0101010101010101);
    uint64_t x[8], y[8];
    for (unsigned i = 0; i < 8; i++)
        x[i] = (u >> i) & lsb;
    sm4ct_sbox(y, x);
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v |= y[i] << i;
    return v;
}

/* Rotate each 32-bit half of @v left by @n (0 < n < 32); @pair 0: only the
 * low half is in use. */
static inline uint64_t sm4ct_rol32x(uint64_t v, unsigned n, int pair)
{
    if (!pair) {
        const uint32_t w = (uint32_t)v;
        return (uint32_t)((w << n) | (w >> (32 - n)));
    }
    const uint64_t keep = (uint64_t)(UINT32_C(0xffffffff) << n) * UINT64_C(0x100000001);
    return ((v << n) & keep) | ((v >> (32 - n)) & ~keep);
}

/* 32 rounds on the words x[0..3] of one block (@pair 0, low halves) or of
 * two (@pair 1: the second block in the high halves). */
static inline void sm4ct_word_rounds(const sm4ct_sched *sc, uint64_t x[4], int dec, int pair)
{
    uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    const uint64_t dup = pair ? UINT64_C(0x100000001) : 1;
    for (unsigned i = 0; i < 32; i++) {
        const uint64_t k = (uint64_t)sc->rk[dec ? 31 - i : i] * dup;
        const uint64_t s = sm4ct_sbox_bytes(x1 ^ x2 ^ x3 ^ k);
        const uint64_t t = s ^ sm4ct_rol32x(s, 8, pair);
        const uint64_t x4 = x0 ^ sm4ct_rol32x(t, 24, pair) ^ sm4ct_rol32x(t, 2, pair) ^
                            sm4ct_rol32x(s, 18, pair);
        x0 = x1;
        x1 = x2;
        x2 = x3;
        x3 = x4;
    }
    x[0] = x0;
    x[1] = x1;
    x[2] = x2;
    x[3] = x3;
}

/* One block, serial modes: in and out may be the same buffer. */
static void sm4ct_block(const sm4ct_sched *sc, uint8_t out[16], const uint8_t in[16], int dec)
{
    uint64_t x[4];
    const uint64_t hi = axiom_load64_be(in), lo = axiom_load64_be(in + 8);
    x[0] = hi >> 32;
    x[1] = hi & 0xffffffffu;
    x[2] = lo >> 32;
    x[3] = lo & 0xffffffffu;
    sm4ct_word_rounds(sc, x, dec, 0);
    axiom_store64_be(out, (x[3] << 32) | x[2]);
    axiom_store64_be(out + 8, (x[1] << 32) | x[0]);
    axiom_wipe(x, sizeof x);
}

/* ---- rows: the interface of both paths ------------------------------------ */

/* A block as two rows of the transposition: hi = W1 << 32 | W0 and
 * lo = W3 << 32 | W2 (W0..W3 its big-endian words), so that slice b of
 * the transposed hi rows is bit b of W0 and slice 32 + b bit b of W1. */
typedef struct sm4ct_work {
    uint64_t st[128]; /* rows: st[r] hi, st[64 + r] lo; then the slices */
    uint8_t blk[16];  /* one block (CFB decryption's first input, etc.) */
} sm4ct_work;

static inline void sm4ct_put(sm4ct_work *w, size_t r, const uint8_t in[16])
{
    w->st[r] = sm4ct_rol64(axiom_load64_be(in), 32);
    w->st[64 + r] = sm4ct_rol64(axiom_load64_be(in + 8), 32);
}

/* Encrypt or decrypt the @n (1..64) blocks whose rows are in w->st.  On
 * return the output block r is st[64 + r] (bytes 0..7) and st[r] (bytes
 * 8..15), big-endian: the rows of the slots X34 | X35 and X32 | X33. */
static void sm4ct_rows(const sm4ct_sched *sc, sm4ct_work *w, size_t n, int dec)
{
    uint64_t *st = w->st;
    if (n >= SM4CT_BULK_MIN) {
        for (size_t r = n; r < SM4CT_LANES; r++)
            st[r] = st[64 + r] = 0;
        sm4ct_transpose64(st);
        sm4ct_transpose64(st + 64);
        sm4ct_bs_rounds(sc, st, dec);
        sm4ct_transpose64(st);
        sm4ct_transpose64(st + 64);
        return;
    }
    const uint64_t lo32 = 0xffffffffu, hi32 = ~(uint64_t)lo32;
    size_t r = 0;
    for (; r + 1 < n; r += 2) {
        /* Block r in the low halves, block r + 1 in the high halves. */
        const uint64_t ha = st[r], la = st[64 + r], hb = st[r + 1], lb = st[64 + r + 1];
        uint64_t x[4];
        x[0] = (ha & lo32) | (hb << 32);
        x[1] = (ha >> 32) | (hb & hi32);
        x[2] = (la & lo32) | (lb << 32);
        x[3] = (la >> 32) | (lb & hi32);
        sm4ct_word_rounds(sc, x, dec, 1);
        st[64 + r] = (x[3] << 32) | (x[2] & lo32);
        st[r] = (x[1] << 32) | (x[0] & lo32);
        st[64 + r + 1] = (x[3] & hi32) | (x[2] >> 32);
        st[r + 1] = (x[1] & hi32) | (x[0] >> 32);
        axiom_wipe(x, sizeof x);
    }
    if (r < n) {
        uint64_t x[4];
        x[0] = st[r] & lo32;
        x[1] = st[r] >> 32;
        x[2] = st[64 + r] & lo32;
        x[3] = st[64 + r] >> 32;
        sm4ct_word_rounds(sc, x, dec, 0);
        st[64 + r] = (x[3] << 32) | x[2];
        st[r] = (x[1] << 32) | x[0];
        axiom_wipe(x, sizeof x);
    }
}

/* Output block @r of the rows, XORed with @x (16 bytes) unless NULL. */
static inline void sm4ct_get(const sm4ct_work *w, size_t r, uint8_t out[16], const uint8_t *x)
{
    uint64_t hi = w->st[64 + r], lo = w->st[r];
    if (x) {
        hi ^= axiom_load64_be(x);
        lo ^= axiom_load64_be(x + 8);
    }
    axiom_store64_be(out, hi);
    axiom_store64_be(out + 8, lo);
}

/* ---- modes ----------------------------------------------------------------- */

/* The parallel modes, up to SM4CT_LANES blocks a pass, written once:
 * @mode is a constant where this is inlined; @dec selects the decryption
 * rounds (ECB decryption and CBC decryption).  CTR's counter is public
 * (cipher.h): its carries may take any time. */
enum { SM4CT_ECB, SM4CT_CTR, SM4CT_CBC_DEC, SM4CT_CFB_DEC };

static inline __attribute__((always_inline)) void
sm4ct_passes(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n, uint8_t *iv,
             int mode, int dec)
{
    const sm4ct_sched *sc = sm4ct_sc(ks);
    sm4ct_work w;
    uint64_t chi = 0, clo = 0;
    if (mode == SM4CT_CTR) {
        chi = axiom_load64_be(iv);
        clo = axiom_load64_be(iv + 8);
    }
    while (n > 0) {
        const size_t m = n < SM4CT_LANES ? n : SM4CT_LANES;
        if (mode == SM4CT_CTR) {
            for (size_t r = 0; r < m; r++) {
                w.st[r] = sm4ct_rol64(chi, 32);
                w.st[64 + r] = sm4ct_rol64(clo, 32);
                clo++;
                chi += clo == 0;
            }
        } else if (mode == SM4CT_CFB_DEC) {
            sm4ct_put(&w, 0, iv);
            for (size_t r = 1; r < m; r++)
                sm4ct_put(&w, r, in + 16 * (r - 1));
            memcpy(iv, in + 16 * (m - 1), 16);
        } else {
            for (size_t r = 0; r < m; r++)
                sm4ct_put(&w, r, in + 16 * r);
            if (mode == SM4CT_CBC_DEC)
                memcpy(w.blk, in + 16 * (m - 1), 16); /* the next chaining value */
        }
        sm4ct_rows(sc, &w, m, dec);
        if (mode == SM4CT_CBC_DEC) {
            /* Backwards: in place, block r still reads ciphertext r - 1. */
            for (size_t r = m - 1; r > 0; r--)
                sm4ct_get(&w, r, out + 16 * r, in + 16 * (r - 1));
            sm4ct_get(&w, 0, out, iv);
            memcpy(iv, w.blk, 16);
        } else {
            for (size_t r = 0; r < m; r++)
                sm4ct_get(&w, r, out + 16 * r, mode == SM4CT_ECB ? NULL : in + 16 * r);
        }
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    if (mode == SM4CT_CTR) {
        axiom_store64_be(iv, chi);
        axiom_store64_be(iv + 8, clo);
    }
    axiom_wipe(&w, sizeof w);
}

static void sm4ct_ecb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    sm4ct_passes(ks, out, in, n, NULL, SM4CT_ECB, dec);
}

static void sm4ct_ecb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    sm4ct_ecb(ks, out, in, n, 0);
}

static void sm4ct_ecb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    sm4ct_ecb(ks, out, in, n, 1);
}

static void sm4ct_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                      uint8_t ctr[16])
{
    sm4ct_passes(ks, out, in, n, ctr, SM4CT_CTR, 0);
}

static void sm4ct_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    sm4ct_passes(ks, out, in, n, iv, SM4CT_CBC_DEC, 1);
}

static void sm4ct_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    sm4ct_passes(ks, out, in, n, iv, SM4CT_CFB_DEC, 0);
}

static void sm4ct_cbc_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    const sm4ct_sched *sc = sm4ct_sc(ks);
    for (size_t i = 0; i < n; i++) {
        for (unsigned j = 0; j < 16; j++)
            iv[j] ^= in[16 * i + j];
        sm4ct_block(sc, iv, iv, 0);
        memcpy(out + 16 * i, iv, 16);
    }
}

static void sm4ct_cfb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    const sm4ct_sched *sc = sm4ct_sc(ks);
    for (size_t i = 0; i < n; i++) {
        sm4ct_block(sc, iv, iv, 0);
        for (unsigned j = 0; j < 16; j++)
            iv[j] ^= in[16 * i + j];
        memcpy(out + 16 * i, iv, 16);
    }
}

static void sm4ct_ofb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                      uint8_t iv[16])
{
    const sm4ct_sched *sc = sm4ct_sc(ks);
    for (size_t i = 0; i < n; i++) {
        sm4ct_block(sc, iv, iv, 0);
        for (unsigned j = 0; j < 16; j++)
            out[16 * i + j] = (uint8_t)(in[16 * i + j] ^ iv[j]);
    }
}

/* ---- key schedule ---------------------------------------------------------- */

/* S on each byte of the word @u (constants included), through the word
 * path's circuit. */
static inline uint32_t sm4ct_sbox_word(uint32_t u)
{
    return (uint32_t)sm4ct_sbox_bytes(u ^ SM4CT_C1P * UINT32_C(0x01010101)) ^
           SM4CT_C2 * UINT32_C(0x01010101);
}

static void sm4ct_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    sm4ct_sched *sc = (sm4ct_sched *)ks->w;
    uint32_t k[4];
    (void)keylen; /* 16, checked by the catalog */

    memset(ks, 0, sizeof *ks);
    ks->rounds = AXIOM_SM4_ROUNDS;
    for (unsigned j = 0; j < 4; j++)
        k[j] = axiom_load32_be(key + 4 * j) ^ axiom_sm4_fk(j);
    /* The folding constants (see the header comment): public. */
    const uint32_t c1 = SM4CT_C1P * UINT32_C(0x01010101);
    const uint32_t cl = axiom_sm4_l(SM4CT_C2 * UINT32_C(0x01010101));
    for (unsigned i = 0; i < 32; i++) {
        const uint32_t u = k[(i + 1) & 3] ^ k[(i + 2) & 3] ^ k[(i + 3) & 3] ^ axiom_sm4_ck(i);
        const uint32_t rk = k[i & 3] ^ axiom_sm4_lk(sm4ct_sbox_word(u));
        k[i & 3] = rk;
        const unsigned r8 = i & 7;
        const uint32_t folded = rk ^ c1 ^ (r8 == 1 || r8 == 3 || r8 == 4 || r8 == 6 ? cl : 0);
        sc->rk[i] = folded;
        for (unsigned b = 0; b < 32; b++)
            sc->kb[i][b] = (int8_t)(0 - (int)((folded >> b) & 1));
    }
    axiom_wipe(k, sizeof k);
}

/* ---- white-box hook -------------------------------------------------------- */

void axiom_sm4_ct_sbox_table(uint8_t bulk[256], uint8_t word[256])
{
    /* Bulk form: byte v of 64 consecutive ones in lane v % 64 of slices. */
    for (unsigned g = 0; g < 4; g++) {
        uint64_t x[8] = { 0 }, y[8];
        for (unsigned l = 0; l < 64; l++) {
            const unsigned v = (64 * g + l) ^ SM4CT_C1P;
            for (unsigned i = 0; i < 8; i++)
                x[i] |= (uint64_t)((v >> i) & 1) << l;
        }
        sm4ct_sbox(y, x);
        for (unsigned l = 0; l < 64; l++) {
            unsigned s = 0;
            for (unsigned i = 0; i < 8; i++)
                s |= (unsigned)((y[i] >> l) & 1) << i;
            bulk[64 * g + l] = (uint8_t)(s ^ SM4CT_C2);
        }
    }
    /* Word form: four bytes a word. */
    for (unsigned v = 0; v < 256; v += 4) {
        const uint32_t s =
            sm4ct_sbox_word(v | (v + 1) << 8 | (v + 2) << 16 | (uint32_t)(v + 3) << 24);
        for (unsigned j = 0; j < 4; j++)
            word[v + j] = (uint8_t)(s >> (8 * j));
    }
}

const axiom_bc_kernel axiom_sm4_generic_ct = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "bitsliced, 64 blocks (113-gate S-box); short runs and serial modes on words",
    .steps = { 2, 7, 64 }, /* word pairs below 7 blocks, then 64-lane passes */
    .slow_block = 1,
    .setkey = sm4ct_setkey,
    .ecb_enc = sm4ct_ecb_enc,
    .ecb_dec = sm4ct_ecb_dec,
    .cbc_enc = sm4ct_cbc_enc,
    .cbc_dec = sm4ct_cbc_dec,
    .cfb_enc = sm4ct_cfb_enc,
    .cfb_dec = sm4ct_cfb_dec,
    .ofb = sm4ct_ofb,
    .ctr = sm4ct_ctr,
};
