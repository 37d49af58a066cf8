/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Portable constant-time AES kernel: the fallback that every CPU can run. */

/*
 * AES-128/192/256 (FIPS 197), bitsliced over 64-bit words, 4 blocks in
 * parallel, constant time: no memory index and no branch depends on key or
 * data, because every byte goes through the same boolean circuit.
 *
 * S-box: the depth-16, 128-gate circuit of J. Boyar and R. Peralta,
 * "A depth-16 circuit for the AES S-box", IACR ePrint 2011/332.  The inverse
 * S-box reuses it: with S(x) = A(x^-1) ^ 0x63 and B(y) = A^-1(y ^ 0x63),
 * InvS = B o S o B, since x^-1 = B(S(x)) and InvS(y) = (B(y))^-1.
 *
 * Layout ("ct64" style): 4 blocks = 64 bytes sit in 8 words q[0..7], q[b]
 * holding bit b of every byte.  Byte (row r, column c) of block k is at bit
 * 16r + 4c + k, so each AES row is one 16-bit lane of every word: ShiftRows
 * is a fixed rotation inside lanes and MixColumns reaches the next row by
 * rotating the whole word by 16 bits.
 *
 * Round keys are stored already bitsliced and replicated for 4 blocks,
 * 8 words per round key, 120 words for AES-256.  Decryption runs the
 * straight inverse cipher over the same round keys in reverse order, so
 * the encryption-only key setup is the full one.
 *
 * The secret-counter keystream (ctr_secret) builds its counter blocks with
 * the carries computed by logic, never tested, and runs them through the
 * same circuit.
 */

#include <string.h>
#include "core/internal.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "aes/aes.h"

static inline uint64_t rotr64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

/* Swap the bits of @a under (@mask << @n) with the bits of @b under @mask. */
static inline void swapmove(uint64_t *a, uint64_t *b, uint64_t mask, unsigned n)
{
    uint64_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* Transpose the 8x8 bit matrix formed by byte t of q[0..7], for every t.
 * Each step exchanges one bit of the word index with the same bit of the
 * in-byte bit index; the whole thing is an involution. */
static inline void transpose8(uint64_t q[8])
{
    for (int i = 0; i < 8; i += 2)
        swapmove(&q[i], &q[i + 1], 0x5555555555555555u, 1);
    for (int i = 0; i < 8; i += 4) {
        swapmove(&q[i], &q[i + 2], 0x3333333333333333u, 2);
        swapmove(&q[i + 1], &q[i + 3], 0x3333333333333333u, 2);
    }
    for (int i = 0; i < 4; i++)
        swapmove(&q[i], &q[i + 4], 0x0F0F0F0F0F0F0F0Fu, 4);
}

/* Byte j of @x to byte 2j of the result. */
static inline uint64_t spread32(uint64_t x)
{
    x &= 0xFFFFFFFFu;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFu;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFu;
    return x;
}

/* Byte 2j of @x to byte j of the result. */
static inline uint64_t compact32(uint64_t x)
{
    x &= 0x00FF00FF00FF00FFu;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFu;
    x = (x | (x >> 16)) & 0xFFFFFFFFu;
    return x;
}

/*
 * 64 bytes (4 blocks) into bitsliced form.  Word i = 4*(c & 1) + k first
 * gathers columns c and c + 2 of block k, byte-interleaved so that byte
 * (r, c) lands in byte slot 2r + (c >> 1); the bit transpose then puts it
 * at bit 8 * slot + i = 16r + 4c + k of q[bit].
 */
static void load4(uint64_t q[8], const uint8_t *in)
{
    for (int k = 0; k < 4; k++) {
        uint64_t lo = axiom_load64_le(in + 16 * k);     /* columns 0, 1 */
        uint64_t hi = axiom_load64_le(in + 16 * k + 8); /* columns 2, 3 */
        q[k] = spread32(lo) | (spread32(hi) << 8);
        q[k + 4] = spread32(lo >> 32) | (spread32(hi >> 32) << 8);
    }
    transpose8(q);
}

static void store4(uint8_t *out, const uint64_t q[8])
{
    uint64_t t[8];

    memcpy(t, q, sizeof t);
    transpose8(t);
    for (int k = 0; k < 4; k++) {
        uint64_t a = t[k], b = t[k + 4];
        axiom_store64_le(out + 16 * k, compact32(a) | (compact32(b) << 32));
        axiom_store64_le(out + 16 * k + 8,
                         compact32(a >> 8) | (compact32(b >> 8) << 32));
    }
    axiom_wipe(t, sizeof t);
}

/*
 * Boyar-Peralta forward S-box on 64 bytes at once.  The paper numbers bits
 * from the most significant one (U0 = bit 7), hence the reversed indices.
 * Gate names follow the paper so that the listing can be checked line by
 * line against it; "+" there is XOR, "x" AND, "#" XNOR.
 */
static void sbox(uint64_t q[8])
{
    const uint64_t U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4];
    const uint64_t U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];
    uint64_t T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14;
    uint64_t T15, T16, T17, T18, T19, T20, T21, T22, T23, T24, T25, T26, T27;
    uint64_t M1, M2, M3, M4, M5, M6, M7, M8, M9, M10, M11, M12, M13, M14;
    uint64_t M15, M16, M17, M18, M19, M20, M21, M22, M23, M24, M25, M26, M27;
    uint64_t M28, M29, M30, M31, M32, M33, M34, M35, M36, M37, M38, M39, M40;
    uint64_t M41, M42, M43, M44, M45, M46, M47, M48, M49, M50, M51, M52, M53;
    uint64_t M54, M55, M56, M57, M58, M59, M60, M61, M62, M63;
    uint64_t L0, L1, L2, L3, L4, L5, L6, L7, L8, L9, L10, L11, L12, L13, L14;
    uint64_t L15, L16, L17, L18, L19, L20, L21, L22, L23, L24, L25, L26, L27;
    uint64_t L28, L29;

    /* Top linear layer. */
    T1 = U0 ^ U3;
    T2 = U0 ^ U5;
    T3 = U0 ^ U6;
    T4 = U3 ^ U5;
    T5 = U4 ^ U6;
    T6 = T1 ^ T5;
    T7 = U1 ^ U2;
    T8 = U7 ^ T6;
    T9 = U7 ^ T7;
    T10 = T6 ^ T7;
    T11 = U1 ^ U5;
    T12 = U2 ^ U5;
    T13 = T3 ^ T4;
    T14 = T6 ^ T11;
    T15 = T5 ^ T11;
    T16 = T5 ^ T12;
    T17 = T9 ^ T16;
    T18 = U3 ^ U7;
    T19 = T7 ^ T18;
    T20 = T1 ^ T19;
    T21 = U6 ^ U7;
    T22 = T7 ^ T21;
    T23 = T2 ^ T22;
    T24 = T2 ^ T10;
    T25 = T20 ^ T17;
    T26 = T3 ^ T16;
    T27 = T1 ^ T12;

    /* Shared non-linear middle (inversion in GF(2^4)^2 in disguise). */
    M1 = T13 & T6;
    M2 = T23 & T8;
    M3 = T14 ^ M1;
    M4 = T19 & U7;
    M5 = M4 ^ M1;
    M6 = T3 & T16;
    M7 = T22 & T9;
    M8 = T26 ^ M6;
    M9 = T20 & T17;
    M10 = M9 ^ M6;
    M11 = T1 & T15;
    M12 = T4 & T27;
    M13 = M12 ^ M11;
    M14 = T2 & T10;
    M15 = M14 ^ M11;
    M16 = M3 ^ M2;
    M17 = M5 ^ T24;
    M18 = M8 ^ M7;
    M19 = M10 ^ M15;
    M20 = M16 ^ M13;
    M21 = M17 ^ M15;
    M22 = M18 ^ M13;
    M23 = M19 ^ T25;
    M24 = M22 ^ M23;
    M25 = M22 & M20;
    M26 = M21 ^ M25;
    M27 = M20 ^ M21;
    M28 = M23 ^ M25;
    M29 = M28 & M27;
    M30 = M26 & M24;
    M31 = M20 & M23;
    M32 = M27 & M31;
    M33 = M27 ^ M25;
    M34 = M21 & M22;
    M35 = M24 & M34;
    M36 = M24 ^ M25;
    M37 = M21 ^ M29;
    M38 = M32 ^ M33;
    M39 = M23 ^ M30;
    M40 = M35 ^ M36;
    M41 = M38 ^ M40;
    M42 = M37 ^ M39;
    M43 = M37 ^ M38;
    M44 = M39 ^ M40;
    M45 = M42 ^ M41;
    M46 = M44 & T6;
    M47 = M40 & T8;
    M48 = M39 & U7;
    M49 = M43 & T16;
    M50 = M38 & T9;
    M51 = M37 & T17;
    M52 = M42 & T15;
    M53 = M45 & T27;
    M54 = M41 & T10;
    M55 = M44 & T13;
    M56 = M40 & T23;
    M57 = M39 & T19;
    M58 = M43 & T3;
    M59 = M38 & T22;
    M60 = M37 & T20;
    M61 = M42 & T1;
    M62 = M45 & T4;
    M63 = M41 & T2;

    /* Bottom linear layer; the XNORs fold in the 0x63 constant. */
    L0 = M61 ^ M62;
    L1 = M50 ^ M56;
    L2 = M46 ^ M48;
    L3 = M47 ^ M55;
    L4 = M54 ^ M58;
    L5 = M49 ^ M61;
    L6 = M62 ^ L5;
    L7 = M46 ^ L3;
    L8 = M51 ^ M59;
    L9 = M52 ^ M53;
    L10 = M53 ^ L4;
    L11 = M60 ^ L2;
    L12 = M48 ^ M51;
    L13 = M50 ^ L0;
    L14 = M52 ^ M61;
    L15 = M55 ^ L1;
    L16 = M56 ^ L0;
    L17 = M57 ^ L1;
    L18 = M58 ^ L8;
    L19 = M63 ^ L4;
    L20 = L0 ^ L1;
    L21 = L1 ^ L7;
    L22 = L3 ^ L12;
    L23 = L18 ^ L2;
    L24 = L15 ^ L9;
    L25 = L6 ^ L10;
    L26 = L7 ^ L9;
    L27 = L8 ^ L10;
    L28 = L11 ^ L14;
    L29 = L11 ^ L17;

    q[7] = L6 ^ L24;     /* S0 */
    q[6] = ~(L16 ^ L26); /* S1 */
    q[5] = ~(L19 ^ L28); /* S2 */
    q[4] = L6 ^ L21;     /* S3 */
    q[3] = L20 ^ L22;    /* S4 */
    q[2] = L25 ^ L29;    /* S5 */
    q[1] = ~(L13 ^ L27); /* S6 */
    q[0] = ~(L6 ^ L23);  /* S7 */
}

/* B(y) = A^-1(y ^ 0x63): bit i of the result is y[i+2] ^ y[i+5] ^ y[i+7]
 * (indices mod 8) ^ bit i of 0x05, from inverting the FIPS 197 matrix. */
static inline void inv_affine(uint64_t q[8])
{
    uint64_t x0 = q[0], x1 = q[1], x2 = q[2], x3 = q[3];
    uint64_t x4 = q[4], x5 = q[5], x6 = q[6], x7 = q[7];

    q[0] = ~(x2 ^ x5 ^ x7);
    q[1] = x3 ^ x6 ^ x0;
    q[2] = ~(x4 ^ x7 ^ x1);
    q[3] = x5 ^ x0 ^ x2;
    q[4] = x6 ^ x1 ^ x3;
    q[5] = x7 ^ x2 ^ x4;
    q[6] = x0 ^ x3 ^ x5;
    q[7] = x1 ^ x4 ^ x6;
}

static void inv_sbox(uint64_t q[8])
{
    inv_affine(q);
    sbox(q);
    inv_affine(q);
}

static inline void shift_rows(uint64_t q[8])
{
    for (int i = 0; i < 8; i++) {
        uint64_t x = q[i];
        /* Row r (bits 16r..16r+15) rotates down by 4r bits in its lane. */
        q[i] = (x & 0x000000000000FFFFu)
             | ((x >> 4) & 0x000000000FFF0000u)
             | ((x << 12) & 0x00000000F0000000u)
             | ((x >> 8) & 0x000000FF00000000u)
             | ((x << 8) & 0x0000FF0000000000u)
             | ((x >> 12) & 0x000F000000000000u)
             | ((x << 4) & 0xFFF0000000000000u);
    }
}

static inline void inv_shift_rows(uint64_t q[8])
{
    for (int i = 0; i < 8; i++) {
        uint64_t x = q[i];
        q[i] = (x & 0x000000000000FFFFu)
             | ((x >> 12) & 0x00000000000F0000u)
             | ((x << 4) & 0x00000000FFF00000u)
             | ((x >> 8) & 0x000000FF00000000u)
             | ((x << 8) & 0x0000FF0000000000u)
             | ((x >> 4) & 0x0FFF000000000000u)
             | ((x << 12) & 0xF000000000000000u);
    }
}

/* out_r = 2(a_r ^ a_r+1) ^ a_r+1 ^ (a_r+2 ^ a_r+3): "row r+1 aligned on
 * row r" is a 16-bit word rotation, and a_r+2 ^ a_r+3 is t rotated by 32.
 * Doubling shifts the bit planes up by one, the carried-out plane 7 folding
 * back in as 0x1b (planes 0, 1, 3, 4).  Scalars rather than arrays so that
 * compilers keep everything in registers. */
static inline void mix_columns(uint64_t q[8])
{
    uint64_t r0, r1, r2, r3, r4, r5, r6, r7;
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7;

    r0 = rotr64(q[0], 16);
    r1 = rotr64(q[1], 16);
    r2 = rotr64(q[2], 16);
    r3 = rotr64(q[3], 16);
    r4 = rotr64(q[4], 16);
    r5 = rotr64(q[5], 16);
    r6 = rotr64(q[6], 16);
    r7 = rotr64(q[7], 16);
    t0 = q[0] ^ r0;
    t1 = q[1] ^ r1;
    t2 = q[2] ^ r2;
    t3 = q[3] ^ r3;
    t4 = q[4] ^ r4;
    t5 = q[5] ^ r5;
    t6 = q[6] ^ r6;
    t7 = q[7] ^ r7;
    q[0] = t7 ^ r0 ^ rotr64(t0, 32);
    q[1] = t0 ^ t7 ^ r1 ^ rotr64(t1, 32);
    q[2] = t1 ^ r2 ^ rotr64(t2, 32);
    q[3] = t2 ^ t7 ^ r3 ^ rotr64(t3, 32);
    q[4] = t3 ^ t7 ^ r4 ^ rotr64(t4, 32);
    q[5] = t4 ^ r5 ^ rotr64(t5, 32);
    q[6] = t5 ^ r6 ^ rotr64(t6, 32);
    q[7] = t6 ^ r7 ^ rotr64(t7, 32);
}

/* The InvMixColumns matrix factors as MixColumns times the circulant
 * (05 00 04 00), i.e. a_r ^= 4(a_r ^ a_r+2) first. */
static inline void inv_mix_columns(uint64_t q[8])
{
    uint64_t w0, w1, w2, w3, w4, w5, w6, w7;

    w0 = q[0] ^ rotr64(q[0], 32);
    w1 = q[1] ^ rotr64(q[1], 32);
    w2 = q[2] ^ rotr64(q[2], 32);
    w3 = q[3] ^ rotr64(q[3], 32);
    w4 = q[4] ^ rotr64(q[4], 32);
    w5 = q[5] ^ rotr64(q[5], 32);
    w6 = q[6] ^ rotr64(q[6], 32);
    w7 = q[7] ^ rotr64(q[7], 32);
    /* Multiplication by x^2: two xtime steps, written out so that both
     * reductions (by planes 7 and 6) happen in one pass. */
    q[0] ^= w6;
    q[1] ^= w7 ^ w6;
    q[2] ^= w0 ^ w7;
    q[3] ^= w1 ^ w6;
    q[4] ^= w2 ^ w7 ^ w6;
    q[5] ^= w3 ^ w7;
    q[6] ^= w4;
    q[7] ^= w5;
    mix_columns(q);
}

static inline void add_round_key(uint64_t q[8], const uint64_t *rk)
{
    for (int i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

static void encrypt4(const axiom_bc_ks *ks, uint64_t q[8])
{
    unsigned nr = ks->rounds;

    add_round_key(q, ks->w);
    for (unsigned r = 1; r < nr; r++) {
        sbox(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, ks->w + 8 * r);
    }
    sbox(q);
    shift_rows(q);
    add_round_key(q, ks->w + 8 * nr);
}

static void decrypt4(const axiom_bc_ks *ks, uint64_t q[8])
{
    unsigned nr = ks->rounds;

    add_round_key(q, ks->w + 8 * nr);
    for (unsigned r = nr - 1; r > 0; r--) {
        inv_shift_rows(q);
        inv_sbox(q);
        add_round_key(q, ks->w + 8 * r);
        inv_mix_columns(q);
    }
    inv_shift_rows(q);
    inv_sbox(q);
    add_round_key(q, ks->w);
}

/* SubWord through the same circuit, so that the key schedule has no table
 * either; byte j of @w is the one bit at position 8j of every plane. */
static uint32_t sub_word(uint32_t w)
{
    uint64_t p[8];
    uint32_t r = 0;

    for (int b = 0; b < 8; b++)
        p[b] = (w >> b) & 0x01010101u;
    sbox(p);
    for (int b = 0; b < 8; b++)
        r |= (uint32_t)(p[b] & 0x01010101u) << b;
    axiom_wipe(p, sizeof p);
    return r;
}

static void aes_ct_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    /* FIPS 197 key expansion on little-endian words (byte 0 lowest), so
     * RotWord is a right rotation by 8 and Rcon goes into the low byte. */
    uint32_t w[60];
    uint8_t rk[64];
    unsigned nk = (unsigned)(keylen / 4), nr = nk + 6;
    unsigned total = 4 * (nr + 1);
    uint32_t rcon = 1;

    for (unsigned i = 0; i < nk; i++)
        w[i] = axiom_load32_le(key + 4 * i);
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ (0x11b & (0u - (rcon >> 7)));
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }

    /* Replicate each round key into all 4 block slots and bitslice it the
     * same way as the data, so that AddRoundKey is 8 XORs. */
    for (unsigned r = 0; r <= nr; r++) {
        for (int k = 0; k < 4; k++)
            for (int j = 0; j < 4; j++)
                axiom_store32_le(rk + 16 * k + 4 * j, w[4 * r + j]);
        load4(ks->w + 8 * r, rk);
    }
    ks->rounds = nr;

    axiom_wipe(w, sizeof w);
    axiom_wipe(rk, sizeof rk);
}

static void aes_ct_blocks(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t nblocks,
                          void (*core)(const axiom_bc_ks *, uint64_t *))
{
    uint64_t q[8];

    while (nblocks >= 4) {
        load4(q, in);
        core(ks, q);
        store4(out, q);
        in += 64;
        out += 64;
        nblocks -= 4;
    }
    if (nblocks > 0) {
        /* Zero padding keeps the spare lanes defined; their output is
         * dropped. */
        uint8_t buf[64] = {0};
        memcpy(buf, in, 16 * nblocks);
        load4(q, buf);
        core(ks, q);
        store4(buf, q);
        memcpy(out, buf, 16 * nblocks);
        axiom_wipe(buf, sizeof buf);
    }
    axiom_wipe(q, sizeof q);
}

static void aes_ct_ecb_enc(const axiom_bc_ks *ks, uint8_t *out,
                           const uint8_t *in, size_t nblocks)
{
    aes_ct_blocks(ks, out, in, nblocks, encrypt4);
}

static void aes_ct_ecb_dec(const axiom_bc_ks *ks, uint8_t *out,
                           const uint8_t *in, size_t nblocks)
{
    aes_ct_blocks(ks, out, in, nblocks, decrypt4);
}

/* ---- keystream of a secret counter (bc.h, ctr_secret) ------------------ */

/* Hide @v from the optimiser: otherwise it may rewrite the block loop's
 * exit test (on the public count) as a compare on the counter, which
 * advances with it. */
static inline uint64_t value_barrier(uint64_t v)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(v));
#endif
    return v;
}

/* The carry out of the 64-bit sum @s = @a + @b, by logic: the top bit of
 * (a & b) | ((a | b) & ~s). */
static inline uint64_t add_carry(uint64_t a, uint64_t b, uint64_t s)
{
    return ((a & b) | ((a | b) & ~s)) >> 63;
}

/* Four counter blocks C .. C + 3 per encryption of 4 blocks, each made
 * from C = (hi, lo) with the carry computed, not tested; C then advances
 * by the blocks kept (all 4, or the last call's 1..3; the spare lanes'
 * output is dropped). */
static void aes_ct_ctr_secret(const axiom_bc_ks *ks, uint8_t *out, size_t nblocks,
                              uint8_t ctr[AXIOM_BC_BLOCK])
{
    uint64_t hi = axiom_load64_be(ctr), lo = axiom_load64_be(ctr + 8);
    uint8_t buf[64];
    uint64_t q[8];

    while (nblocks > 0) {
        const size_t m = nblocks < 4 ? nblocks : 4;
        for (unsigned k = 0; k < 4; k++) {
            const uint64_t l = lo + k;
            axiom_store64_be(buf + 16 * k, hi + add_carry(lo, k, l));
            axiom_store64_be(buf + 16 * k + 8, l);
        }
        load4(q, buf);
        encrypt4(ks, q);
        if (m == 4) {
            store4(out, q);
        } else {
            store4(buf, q);
            memcpy(out, buf, 16 * m);
        }
        const uint64_t l = lo + m;
        hi += add_carry(lo, m, l);
        lo = value_barrier(l);
        out += 16 * m;
        nblocks -= m;
    }
    axiom_store64_be(ctr, hi);
    axiom_store64_be(ctr + 8, lo);
    axiom_wipe(buf, sizeof buf);
    axiom_wipe(q, sizeof q);
}

/* One encryption round on independent blocks, for constructions built
 * from the round function (AEGIS): lib/aes/aes.h. */
void axiom_aes_ct_round(uint8_t *out, const uint8_t *in, const uint8_t *rk, size_t n)
{
    uint64_t q[8];
    uint8_t buf[64];

    for (size_t done = 0; done < n; done += 4) {
        size_t b = n - done < 4 ? n - done : 4;
        if (b < 4)
            memset(buf, 0, sizeof buf); /* spare lanes defined; dropped */
        memcpy(buf, in + 16 * done, 16 * b);
        load4(q, buf);
        sbox(q);
        shift_rows(q);
        mix_columns(q);
        store4(buf, q);
        for (size_t i = 0; i < 16 * b; i++)
            out[16 * done + i] = buf[i] ^ rk[16 * done + i];
    }
    axiom_wipe(q, sizeof q);
    axiom_wipe(buf, sizeof buf);
}

AXIOM_BC_DEFINE_MODE(aes_ct_cbc_enc, AXIOM_BC_CBC_ENC, aes_ct_ecb_enc)
AXIOM_BC_DEFINE_MODE(aes_ct_cbc_dec, AXIOM_BC_CBC_DEC, aes_ct_ecb_dec)
AXIOM_BC_DEFINE_MODE(aes_ct_cfb_enc, AXIOM_BC_CFB_ENC, aes_ct_ecb_enc)
AXIOM_BC_DEFINE_MODE(aes_ct_cfb_dec, AXIOM_BC_CFB_DEC, aes_ct_ecb_enc)
AXIOM_BC_DEFINE_MODE(aes_ct_ofb, AXIOM_BC_OFB, aes_ct_ecb_enc)
AXIOM_BC_DEFINE_MODE(aes_ct_ctr, AXIOM_BC_CTR, aes_ct_ecb_enc)
AXIOM_BC_DEFINE_MODE(aes_ct_xts_enc, AXIOM_BC_XTS, aes_ct_ecb_enc)
AXIOM_BC_DEFINE_MODE(aes_ct_xts_dec, AXIOM_BC_XTS, aes_ct_ecb_dec)

const axiom_bc_kernel axiom_aes_generic_ct = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "bitsliced, 4 blocks per pass, no tables",
    .steps = { 4, 8 }, /* 4-block passes; the mode loops stage 8 (core/bc_modes.h) */
    .setkey = aes_ct_setkey,
    .ecb_enc = aes_ct_ecb_enc,
    .ecb_dec = aes_ct_ecb_dec,
    .cbc_enc = aes_ct_cbc_enc,
    .cbc_dec = aes_ct_cbc_dec,
    .cfb_enc = aes_ct_cfb_enc,
    .cfb_dec = aes_ct_cfb_dec,
    .ofb = aes_ct_ofb,
    .ctr = aes_ct_ctr,
    .xts_enc = aes_ct_xts_enc,
    .xts_dec = aes_ct_xts_dec,
    /* One schedule serves both directions. */
    .setkey_enc = aes_ct_setkey,
    .ctr_secret = aes_ct_ctr_secret,
};
