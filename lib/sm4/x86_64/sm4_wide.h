/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The mode loops and entry points of the SIMD SM4 kernels on their widest
 * registers (ymm: 8 blocks per set, zmm: 16), and the kernel operations
 * that choose between them and the xmm code (sm4_xmm.h).  Included once by
 * each kernel file, which is its own translation unit, after it has
 * defined its vector type and primitives; compiled with its bundle's
 * flags.
 *
 * Words are transposed: after loading SM4_NB blocks into four registers
 * and a 4x4 transpose of 32-bit words inside each 128-bit lane, register j
 * holds word j (big-endian) of every block, so a round is the same vector
 * code for all of them.  The rounds run in the y domain of lib/sm4/sm4.h
 * (every state byte mapped by M1, round keys M1 rk + c1): the S-box input
 * is the inversion input directly, and the output affine map is merged
 * with L.  Two consecutive rounds share the XOR of the two state words
 * both read.  The bulk loops run SM4_WIDE such sets per iteration so that
 * independent round chains hide the latency of the S-box instructions; the
 * 2 to SM4_WIDE sets left after them, a last partial one included (through
 * a stack buffer), run in one more pass of 2 sets or the full width
 * (zero-padded) rather than one set at a time.  Fused: CTR builds its
 * counter blocks inside the transposed registers (broadcast of the three
 * high words, lane offsets added to the low word; a batch in which the low
 * 32 bits would wrap is staged through memory instead); CBC and CFB
 * decryption take the previous ciphertext blocks from the registers
 * already loaded.
 *
 * The kernel file defines, before including this file:
 *   sm4_vec          the vector type;
 *   SM4_NB           blocks per set (a vector holds SM4_NB / 4 blocks);
 *   SM4_WIDE         sets per iteration of the bulk loops (4 or 8);
 *   SM4_XMM_BELOW    CTR, CBC and CFB decryption of fewer blocks than this
 *                    run on xmm (ECB of 4 or fewer);
 *   static inline functions on sm4_vec: vec_load(p), vec_store(p, v),
 *     vec_set1(x) (32-bit broadcast), vec_xor(a, b), vec_xor3(a, b, c),
 *     vec_add32(a, b), vec_bswap(v) (bytes of each 32-bit word),
 *     vec_unpacklo32/hi32/lo64/hi64(a, b) (per 128-bit lane, as PUNPCK*),
 *     vec_toy(v), vec_fromy(v) (M1 and M1^-1 on every byte),
 *     vec_yxl(y, u) (y ^ M1 L(S(x)) for the S-box input u = M1 x + c1),
 *     vec_ctr_off() (the counter offset of each 32-bit lane after the
 *     transpose), vec_prev(cur, before) (the blocks preceding those of
 *     @cur: the last block of @before, then all but the last of @cur),
 *     vec_iv(p) (a vector whose last block is the 16 bytes at @p),
 *     vec_store_last(p, v) (store the last block of @v);
 *   the xmm maps of sm4_xmm.h, xmm_sbox(x) (the plain S-box on each byte,
 *     for the key schedule) and keys_toy(rk) (the 64 stored round keys,
 *     both directions, into the y domain: M1 rk + c1 in every byte);
 * and optionally:
 *   SM4_HAVE_NT with vec_store_nt(p, v) (a non-temporal store at an address
 *     aligned to the vector size) and SM4_HAVE_NT16 with vec_store_nt16(p, v)
 *     (the same at a 16-byte aligned one): the bulk loops then stream their
 *     output when it is at least axiom_sm4_nt_min bytes (lib/sm4/sm4.h),
 *     so aligned and not in place (an SFENCE after the loop): faster for
 *     outputs that leave the caches, slower in place and for the others;
 *   SM4_ROUNDS_MEM with wide_rounds_mem(rk, x, ns), the rounds of @ns sets
 *     (2, SM4_WIDE / 2 or SM4_WIDE) on the array @x in memory (hand-
 *     scheduled assembly), instead of the compiled rounds;
 *   SM4_BYTE_SLICED with bs_setkey(ks), and bs_ecb, bs_ctr and bs_fb_dec,
 *     which run the whole iterations of a byte-sliced bulk path first and
 *     return the number of blocks they did (sm4_aes_avx2.h).
 *
 * Constant time: no branch or memory index depends on keys or data (only
 * on lengths and, in CTR, on the public counter value). */
#ifndef AXIOM_SM4_WIDE_H
#define AXIOM_SM4_WIDE_H

#include "sm4/x86_64/sm4_xmm.h"

#define SM4_SET (16 * SM4_NB) /* bytes per set */
#define SM4_VB (16 * (SM4_NB / 4)) /* bytes per vector */

/* Block-form registers <-> transposed words (sm4_xmm.h). */
static inline void wide_transpose(sm4_vec x[4])
{
    SM4_TRANSPOSE(sm4_vec, x, vec_unpacklo32, vec_unpackhi32, vec_unpacklo64, vec_unpackhi64);
}

/* Raw block-form registers of one set. */
static inline void wide_load_set(sm4_vec r[4], const uint8_t *in)
{
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        r[k] = vec_load(in + k * SM4_VB);
}

static inline void wide_to_words(sm4_vec x[4], const sm4_vec r[4])
{
    SM4_TO_WORDS(x, r, vec_toy, vec_bswap, wide_transpose);
}

static inline void wide_to_blocks(sm4_vec r[4], const sm4_vec x[4])
{
    SM4_TO_BLOCKS(r, x, vec_fromy, vec_bswap, wide_transpose);
}

/* Rounds i and i + 1 (i even) read x2 ^ x3 both; round i updates *x0,
 * round i + 1 updates *x1. */
static inline __attribute__((always_inline)) void wide_round2(sm4_vec *x0, sm4_vec *x1,
                                                               sm4_vec x2, sm4_vec x3, sm4_vec k0,
                                                               sm4_vec k1)
{
    const sm4_vec t = vec_xor(x2, x3);
    *x0 = vec_yxl(*x0, vec_xor3(t, *x1, k0));
    *x1 = vec_yxl(*x1, vec_xor3(t, *x0, k1));
}

/* The 32 rounds of one set. */
static inline void wide_rounds1(const uint32_t *rk, sm4_vec x[4])
{
    sm4_vec a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];
    for (int i = 0; i < 32; i += 4) {
        wide_round2(&a0, &a1, a2, a3, vec_set1(rk[i]), vec_set1(rk[i + 1]));
        wide_round2(&a2, &a3, a0, a1, vec_set1(rk[i + 2]), vec_set1(rk[i + 3]));
    }
    x[0] = a0;
    x[1] = a1;
    x[2] = a2;
    x[3] = a3;
}

/* The compiled rounds of @ns independent sets at once (a constant after
 * inlining).  Unrolled over 4 rounds (which brings the word names back)
 * and the sets, not over all 32: the loop body stays small enough for the
 * decoded-instruction cache. */
static inline __attribute__((always_inline)) void wide_rounds_sets(const uint32_t *rk,
                                                                    sm4_vec x[][4], int ns)
{
#pragma GCC unroll 1
    for (int i = 0; i < 32; i += 4) {
#pragma GCC unroll 2
        for (int r = 0; r < 4; r += 2) {
            const sm4_vec k0 = vec_set1(rk[i + r]), k1 = vec_set1(rk[i + r + 1]);
#pragma GCC unroll 8
            for (int w = 0; w < ns; w++)
                wide_round2(&x[w][r], &x[w][r + 1], x[w][(r + 2) & 3], x[w][(r + 3) & 3], k0,
                            k1);
        }
    }
}

/* SM4_WIDE independent sets at once (SM4_WIDE * SM4_NB blocks). */
static inline void wide_rounds_full(const uint32_t *rk, sm4_vec x[SM4_WIDE][4])
{
#ifdef SM4_ROUNDS_MEM
    wide_rounds_mem(rk, x, SM4_WIDE);
#else
    wide_rounds_sets(rk, x, SM4_WIDE);
#endif
}

/* The rounds of the @k real sets left after a bulk loop (2 <= k <=
 * SM4_WIDE): 2 sets if they fit, else (in memory) half the width, else all
 * of it, zero-padded. */
static inline void wide_rounds_part(const uint32_t *rk, sm4_vec x[SM4_WIDE][4], size_t k)
{
    size_t to = SM4_WIDE;
    if (k <= 2) {
#ifdef SM4_ROUNDS_MEM
        wide_rounds_mem(rk, x, 2);
#else
        wide_rounds_sets(rk, x, 2);
#endif
        return;
    }
#ifdef SM4_ROUNDS_MEM
    if (k <= SM4_WIDE / 2)
        to = SM4_WIDE / 2;
#endif
    for (size_t w = k; w < to; w++)
        for (int j = 0; j < 4; j++)
            x[w][j] = vec_set1(0);
#ifdef SM4_ROUNDS_MEM
    if (to < SM4_WIDE) {
        wide_rounds_mem(rk, x, SM4_WIDE / 2);
        return;
    }
#endif
    wide_rounds_full(rk, x);
}

/* With the rounds in memory, the sets hold keystream or plaintext after
 * them: wiped before the function returns. */
static inline void wide_wipe_sets(sm4_vec x[SM4_WIDE][4])
{
#ifdef SM4_ROUNDS_MEM
    axiom_wipe(x, sizeof(sm4_vec[SM4_WIDE][4]));
#else
    (void)x;
#endif
}

/* Non-temporal output: 1, aligned for vec_store_nt; 2, only for
 * vec_store_nt16; 0, normal stores. */
static inline int wide_nt(const uint8_t *out, const uint8_t *in, size_t bytes)
{
#ifdef SM4_HAVE_NT
    if (out == in || bytes < axiom_sm4_nt_min)
        return 0;
    if (((uintptr_t)out & (sizeof(sm4_vec) - 1)) == 0)
        return 1;
#ifdef SM4_HAVE_NT16
    if (((uintptr_t)out & 15) == 0)
        return 2;
#endif
#else
    (void)out, (void)in, (void)bytes;
#endif
    return 0;
}

static inline __attribute__((always_inline)) void wide_store(int nt, uint8_t *p, sm4_vec v)
{
#ifdef SM4_HAVE_NT
    if (nt == 1) {
        vec_store_nt(p, v);
        return;
    }
#ifdef SM4_HAVE_NT16
    if (nt == 2) {
        vec_store_nt16(p, v);
        return;
    }
#endif
#endif
    (void)nt;
    vec_store(p, v);
}

static inline void wide_nt_end(int nt)
{
    if (nt)
        _mm_sfence();
}

/* One bulk iteration's input at @p, asked for ahead of its use: in ECB,
 * CBC and CFB decryption the next iteration's (the rounds depend on it),
 * in CTR the current one's (read after the rounds). */
static inline void wide_prefetch(const uint8_t *p)
{
#pragma GCC unroll 16
    for (size_t o = 0; o < SM4_WIDE * SM4_SET; o += 64)
        __builtin_prefetch(p + o, 0, 3);
}

/* For the @n blocks left after a bulk loop (more than one set's worth):
 * their number of sets, the blocks in the last one (@m), and where that
 * set is read from: the input itself when it is whole, else a copy in
 * @buf, zero-padded, for the one-pass remainder of each mode below. */
static inline size_t wide_last_set(uint8_t buf[SM4_SET], const uint8_t *in, size_t n, size_t *m,
                                   const uint8_t **src)
{
    const size_t k = (n + SM4_NB - 1) / SM4_NB;
    *m = n - (k - 1) * SM4_NB;
    *src = in + (k - 1) * SM4_SET;
    if (*m < SM4_NB) {
        memset(buf, 0, SM4_SET);
        memcpy(buf, *src, 16 * *m);
        *src = buf;
    }
    return k;
}

/* Where the last set's output goes (@out_last itself when it is whole,
 * else @buf), and the copy of a partial one from @buf afterwards, with the
 * buffer wiped. */
static inline uint8_t *wide_last_dst(uint8_t *buf, const uint8_t *src, uint8_t *out_last)
{
    return src == buf ? buf : out_last;
}

static inline void wide_last_done(uint8_t *out_last, uint8_t buf[SM4_SET], const uint8_t *src,
                                  size_t m)
{
    if (src == buf) {
        memcpy(out_last, buf, 16 * m);
        axiom_wipe(buf, SM4_SET);
    }
}

/* ECB over whole sets. */
static void wide_ecb_sets(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t sets)
{
    sm4_vec r[4], x[SM4_WIDE][4];
    const int nt = wide_nt(out, in, sets * SM4_SET);
    for (; sets >= SM4_WIDE; sets -= SM4_WIDE, in += SM4_WIDE * SM4_SET, out += SM4_WIDE * SM4_SET) {
        wide_prefetch(in + SM4_WIDE * SM4_SET);
#pragma GCC unroll 16
        for (int w = 0; w < SM4_WIDE; w++) {
            wide_load_set(r, in + w * SM4_SET);
            wide_to_words(x[w], r);
        }
        wide_rounds_full(rk, x);
#pragma GCC unroll 16
        for (int w = 0; w < SM4_WIDE; w++) {
            wide_to_blocks(r, x[w]);
#pragma GCC unroll 4
            for (int k = 0; k < 4; k++)
                wide_store(nt, out + w * SM4_SET + k * SM4_VB, r[k]);
        }
    }
    wide_nt_end(nt);
    if (sets >= 2) {
        const size_t k = sets;
        for (size_t w = 0; w < k; w++) {
            wide_load_set(r, in + w * SM4_SET);
            wide_to_words(x[w], r);
        }
        wide_rounds_part(rk, x, k);
        for (size_t w = 0; w < k; w++) {
            wide_to_blocks(r, x[w]);
            for (int j = 0; j < 4; j++)
                vec_store(out + w * SM4_SET + j * SM4_VB, r[j]);
        }
        wide_wipe_sets(x);
        return;
    }
    for (; sets > 0; sets--, in += SM4_SET, out += SM4_SET) {
        wide_load_set(r, in);
        wide_to_words(x[0], r);
        wide_rounds1(rk, x[0]);
        wide_to_blocks(r, x[0]);
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++)
            vec_store(out + k * SM4_VB, r[k]);
    }
    wide_wipe_sets(x);
}

/* Any number of blocks; the last partial set through a buffer. */
static void wide_ecb(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n)
{
    /* The sets left after the bulk iterations, a last partial one included
     * (through a buffer), in one pass. */
    const size_t rem = n % (SM4_WIDE * SM4_NB);
    if (n % SM4_NB && rem > SM4_NB) {
        const size_t bulk = n - rem;
        sm4_vec r[4], x[SM4_WIDE][4];
        uint8_t buf[SM4_SET];
        size_t m;
        const uint8_t *src;
        wide_ecb_sets(rk, out, in, bulk / SM4_NB);
        in += 16 * bulk;
        out += 16 * bulk;
        const size_t k = wide_last_set(buf, in, rem, &m, &src);
        uint8_t *const last = out + (k - 1) * SM4_SET;
        for (size_t w = 0; w < k; w++) {
            wide_load_set(r, w + 1 < k ? in + w * SM4_SET : src);
            wide_to_words(x[w], r);
        }
        wide_rounds_part(rk, x, k);
        for (size_t w = 0; w < k; w++) {
            uint8_t *dst = w + 1 < k ? out + w * SM4_SET : wide_last_dst(buf, src, last);
            wide_to_blocks(r, x[w]);
            for (int j = 0; j < 4; j++)
                vec_store(dst + j * SM4_VB, r[j]);
        }
        wide_last_done(last, buf, src, m);
        wide_wipe_sets(x);
        return;
    }
    wide_ecb_sets(rk, out, in, n / SM4_NB);
    const size_t done = n - n % SM4_NB;
    if (n % SM4_NB) {
        uint8_t buf[SM4_SET];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in + 16 * done, 16 * (n % SM4_NB));
        wide_ecb_sets(rk, buf, buf, 1);
        memcpy(out + 16 * done, buf, 16 * (n % SM4_NB));
        axiom_wipe(buf, sizeof buf);
    }
}

/* Transposed counter words for @nb blocks from @ctr + @base, if the low
 * 32 bits do not wrap inside them; returns 0 (nothing set) if they would. */
static inline int wide_ctr_words(sm4_vec x[4], const uint8_t ctr[16], uint32_t base, size_t nb)
{
    const uint32_t lo = axiom_load32_be(ctr + 12);
    if (lo > UINT32_MAX - (uint32_t)(nb - 1) - base)
        return 0;
    x[0] = vec_set1(axiom_load32_be(ctr));
    x[1] = vec_set1(axiom_load32_be(ctr + 4));
    x[2] = vec_set1(axiom_load32_be(ctr + 8));
    x[3] = vec_add32(vec_set1(lo + base), vec_ctr_off());
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        x[k] = vec_toy(x[k]);
    return 1;
}

/* The same through memory, with full 128-bit increments. */
static inline void wide_ctr_staged(sm4_vec x[4], const uint8_t ctr[16], uint32_t base)
{
    uint8_t buf[SM4_SET];
    sm4_vec r[4];
    memcpy(buf, ctr, 16);
    axiom_ctr128_add(buf, base);
    for (int i = 1; i < SM4_NB; i++) {
        memcpy(buf + 16 * i, buf + 16 * (i - 1), 16);
        axiom_ctr128_add(buf + 16 * i, 1);
    }
    wide_load_set(r, buf);
    wide_to_words(x, r);
}

static inline void wide_xor_store(uint8_t *out, const uint8_t *in, const sm4_vec x[4], int nt)
{
    sm4_vec r[4];
    wide_to_blocks(r, x);
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        wide_store(nt, out + k * SM4_VB, vec_xor(r[k], vec_load(in + k * SM4_VB)));
}

static void wide_ctr(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n,
                     uint8_t ctr[16])
{
    sm4_vec x[SM4_WIDE][4];
    const int nt = wide_nt(out, in, 16 * n);
    for (; n >= SM4_WIDE * SM4_NB;
         n -= SM4_WIDE * SM4_NB, in += SM4_WIDE * SM4_SET, out += SM4_WIDE * SM4_SET) {
        wide_prefetch(in);
        if (wide_ctr_words(x[0], ctr, 0, SM4_WIDE * SM4_NB)) {
#pragma GCC unroll 16
            for (int w = 1; w < SM4_WIDE; w++)
                wide_ctr_words(x[w], ctr, (uint32_t)(w * SM4_NB), SM4_NB);
        } else {
#pragma GCC unroll 16
            for (int w = 0; w < SM4_WIDE; w++)
                wide_ctr_staged(x[w], ctr, (uint32_t)(w * SM4_NB));
        }
        wide_rounds_full(rk, x);
#pragma GCC unroll 16
        for (int w = 0; w < SM4_WIDE; w++)
            wide_xor_store(out + w * SM4_SET, in + w * SM4_SET, x[w], nt);
        axiom_ctr128_add(ctr, SM4_WIDE * SM4_NB);
    }
    wide_nt_end(nt);
    /* The sets left, a last partial one included (through a buffer), in
     * one pass. */
    if (n > SM4_NB) {
        uint8_t buf[SM4_SET];
        size_t m;
        const uint8_t *src;
        const size_t k = wide_last_set(buf, in, n, &m, &src);
        uint8_t *const last = out + (k - 1) * SM4_SET;
        if (wide_ctr_words(x[0], ctr, 0, k * SM4_NB)) {
            for (size_t w = 1; w < k; w++)
                wide_ctr_words(x[w], ctr, (uint32_t)(w * SM4_NB), SM4_NB);
        } else {
            for (size_t w = 0; w < k; w++)
                wide_ctr_staged(x[w], ctr, (uint32_t)(w * SM4_NB));
        }
        wide_rounds_part(rk, x, k);
        for (size_t w = 0; w + 1 < k; w++)
            wide_xor_store(out + w * SM4_SET, in + w * SM4_SET, x[w], 0);
        wide_xor_store(wide_last_dst(buf, src, last), src, x[k - 1], 0);
        wide_last_done(last, buf, src, m);
        axiom_ctr128_add(ctr, n);
        n = 0;
    }
    /* At most one set left. */
    if (n > 0) {
        if (!wide_ctr_words(x[0], ctr, 0, SM4_NB))
            wide_ctr_staged(x[0], ctr, 0);
        wide_rounds1(rk, x[0]);
        if (n == SM4_NB) {
            wide_xor_store(out, in, x[0], 0);
        } else {
            uint8_t buf[SM4_SET];
            size_t m;
            const uint8_t *src;
            wide_last_set(buf, in, n, &m, &src);
            wide_xor_store(buf, buf, x[0], 0);
            wide_last_done(out, buf, src, m);
        }
        axiom_ctr128_add(ctr, n);
    }
    wide_wipe_sets(x);
}

/* XOR the previous ciphertext blocks (from @c and the vector @prev, whose
 * last block precedes c[0]) into the decrypted words @x, and store. */
static inline void wide_cbc_xor_store(uint8_t *out, const sm4_vec x[4], const sm4_vec c[4],
                                      sm4_vec prev)
{
    sm4_vec r[4];
    wide_to_blocks(r, x);
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        vec_store(out + k * SM4_VB, vec_xor(r[k], vec_prev(c[k], k ? c[k - 1] : prev)));
}

/* The same for a bulk set at @in: the previous ciphertext blocks are
 * loaded 16 bytes before each register's own (unaligned), but for the
 * first register of an iteration (@first), whose previous block @prev may
 * have been overwritten in place.  All loads come before the stores. */
static inline void wide_cbc_xor_store_in(uint8_t *out, const sm4_vec x[4], const uint8_t *in,
                                         int first, sm4_vec prev, int nt)
{
    sm4_vec r[4], p[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        p[k] = vec_load(in + k * SM4_VB - 16 * !(first && k == 0));
    if (first)
        p[0] = vec_prev(p[0], prev);
    wide_to_blocks(r, x);
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        wide_store(nt, out + k * SM4_VB, vec_xor(r[k], p[k]));
}

/* The last blocks of CBC (@cfb 0) or CFB (@cfb 1) decryption, one set at a
 * time (a partial set through a buffer), after the chaining vector @prev
 * (whose last block precedes them); returns the new one.  A whole set is
 * read and written in place: its loads, the next chaining vector's
 * included, all come before its stores.  @c and @x are the caller's,
 * which it wipes.  @cfb is a constant where this is inlined. */
static inline __attribute__((always_inline)) sm4_vec
wide_fb_dec_tail(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n, sm4_vec prev,
                 int cfb, sm4_vec c[4], sm4_vec x[4])
{
    sm4_vec p[4];
    while (n > 0) {
        uint8_t buf[SM4_SET];
        size_t m;
        const uint8_t *src;
        wide_last_set(buf, in, n < SM4_NB ? n : SM4_NB, &m, &src);
        uint8_t *const dst = wide_last_dst(buf, src, out);
        wide_load_set(c, src);
        const sm4_vec next = vec_iv(in + 16 * (m - 1));
        if (cfb) {
#pragma GCC unroll 4
            for (int k = 0; k < 4; k++)
                p[k] = vec_prev(c[k], k ? c[k - 1] : prev);
            wide_to_words(x, p);
            wide_rounds1(rk, x);
            wide_to_blocks(p, x);
#pragma GCC unroll 4
            for (int k = 0; k < 4; k++)
                vec_store(dst + k * SM4_VB, vec_xor(p[k], c[k]));
        } else {
            wide_to_words(x, c);
            wide_rounds1(rk, x);
            wide_cbc_xor_store(dst, x, c, prev);
        }
        prev = next;
        wide_last_done(out, buf, src, m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    return prev;
}

/* CBC (@cfb 0, @rk the decryption keys) and CFB (@cfb 1, the encryption
 * keys) decryption: CBC deciphers the ciphertext blocks and CFB enciphers
 * the blocks before them, and the other ones are added to the output.
 * CBC loads the ciphertext again after the rounds (so that it does not
 * occupy registers during them), CFB reloads it to add it; in both the
 * sets are stored last first: each store then only overwrites ciphertext
 * that has been used, so out == in works.  @cfb is a constant where this
 * is inlined. */
static inline __attribute__((always_inline)) void
wide_fb_dec(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n, uint8_t iv[16], int cfb)
{
    sm4_vec c[SM4_WIDE][4], p[4], x[SM4_WIDE][4];
    sm4_vec prev = vec_iv(iv);
    const int nt = wide_nt(out, in, 16 * n);
    for (; n >= SM4_WIDE * SM4_NB;
         n -= SM4_WIDE * SM4_NB, in += SM4_WIDE * SM4_SET, out += SM4_WIDE * SM4_SET) {
        wide_prefetch(in + SM4_WIDE * SM4_SET);
#pragma GCC unroll 16
        for (int w = 0; w < SM4_WIDE; w++) {
            if (cfb) {
                wide_load_set(c[w], in + w * SM4_SET);
#pragma GCC unroll 4
                for (int k = 0; k < 4; k++)
                    p[k] = vec_prev(c[w][k], k ? c[w][k - 1] : (w ? c[w - 1][3] : prev));
                wide_to_words(x[w], p);
            } else {
                wide_load_set(c[0], in + w * SM4_SET);
                wide_to_words(x[w], c[0]);
            }
        }
        wide_rounds_full(rk, x);
        const sm4_vec last = vec_iv(in + 16 * (SM4_WIDE * SM4_NB - 1));
#pragma GCC unroll 16
        for (int w = SM4_WIDE - 1; w >= 0; w--) {
            if (cfb) {
                wide_load_set(c[0], in + w * SM4_SET);
                wide_to_blocks(p, x[w]);
#pragma GCC unroll 4
                for (int k = 0; k < 4; k++)
                    wide_store(nt, out + w * SM4_SET + k * SM4_VB, vec_xor(p[k], c[0][k]));
            } else {
                wide_cbc_xor_store_in(out + w * SM4_SET, x[w], in + w * SM4_SET, w == 0, prev,
                                      nt);
            }
        }
        prev = last;
    }
    wide_nt_end(nt);
    /* The sets left, a last partial one included (through a buffer), in
     * one pass; stored last first, as above. */
    if (n > SM4_NB) {
        uint8_t buf[SM4_SET];
        size_t m;
        const uint8_t *src;
        const size_t k = wide_last_set(buf, in, n, &m, &src), o = (k - 1) * SM4_SET;
        uint8_t *const last_out = out + o;
        if (cfb) {
            /* The blocks before each register's own, loaded 16 bytes
             * early, but for the first of the call (after @prev) and of a
             * buffered last set (after the block before it). */
            for (size_t w = 0; w < k; w++) {
                const uint8_t *s = w + 1 < k ? in + w * SM4_SET : src;
                for (int j = 0; j < 4; j++)
                    p[j] = j || (w && s != buf) ? vec_load(s + j * SM4_VB - 16)
                           : vec_prev(vec_load(s), w ? vec_iv(in + w * SM4_SET - 16) : prev);
                wide_to_words(x[w], p);
            }
            wide_rounds_part(rk, x, k);
            prev = vec_iv(in + 16 * (n - 1));
            for (size_t w = k; w-- > 0;) {
                uint8_t *dst = w + 1 < k ? out + w * SM4_SET : wide_last_dst(buf, src, last_out);
                wide_load_set(c[0], w + 1 < k ? in + w * SM4_SET : src);
                wide_to_blocks(p, x[w]);
                for (int j = 0; j < 4; j++)
                    vec_store(dst + j * SM4_VB, vec_xor(p[j], c[0][j]));
            }
            wide_last_done(last_out, buf, src, m);
        } else {
            for (size_t w = 0; w + 1 < k; w++) {
                wide_load_set(c[0], in + w * SM4_SET);
                wide_to_words(x[w], c[0]);
            }
            wide_load_set(c[1], src);
            wide_to_words(x[k - 1], c[1]);
            wide_rounds_part(rk, x, k);
            const sm4_vec last = vec_iv(in + 16 * (n - 1)), before = vec_iv(in + o - 16);
            wide_cbc_xor_store(wide_last_dst(buf, src, last_out), x[k - 1], c[1], before);
            wide_last_done(last_out, buf, src, m);
            for (size_t w = k - 1; w-- > 0;)
                wide_cbc_xor_store_in(out + w * SM4_SET, x[w], in + w * SM4_SET, w == 0, prev, 0);
            prev = last;
        }
        n = 0;
    }
    prev = wide_fb_dec_tail(rk, out, in, n, prev, cfb, c[0], x[0]);
    vec_store_last(iv, prev);
    wide_wipe_sets(x);
}

/* Each a function of its own, as large as the rest of its kernel
 * operation together. */
__attribute__((noinline)) static void wide_cbc_dec(const uint32_t *drk, uint8_t *out,
                                                  const uint8_t *in, size_t n, uint8_t iv[16])
{
    wide_fb_dec(drk, out, in, n, iv, 0);
}

__attribute__((noinline)) static void wide_cfb_dec(const uint32_t *rk, uint8_t *out,
                                                  const uint8_t *in, size_t n, uint8_t iv[16])
{
    wide_fb_dec(rk, out, in, n, iv, 1);
}

/* ---- the kernel operations ---------------------------------------------- */

static inline const uint32_t *enc_keys(const axiom_bc_ks *ks)
{
    return (const uint32_t *)(const void *)ks->w;
}

static inline const uint32_t *dec_keys(const axiom_bc_ks *ks)
{
    return (const uint32_t *)(const void *)((const unsigned char *)ks->w + AXIOM_SM4_DEC_OFFSET);
}

/* GB/T 32907-2016, 7.3, with the S-box on xmm (no table). */
static void sm4_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    uint32_t *ek = (uint32_t *)(void *)ks->w;
    uint32_t *dk = (uint32_t *)(void *)((unsigned char *)ks->w + AXIOM_SM4_DEC_OFFSET);
    uint32_t k[4];
    (void)keylen;
    for (unsigned j = 0; j < 4; j++)
        k[j] = axiom_load32_be(key + 4 * j) ^ axiom_sm4_fk(j);
    for (unsigned i = 0; i < 32; i++) {
        const uint32_t t = k[(i + 1) & 3] ^ k[(i + 2) & 3] ^ k[(i + 3) & 3] ^ axiom_sm4_ck(i);
        const uint32_t s = (uint32_t)_mm_cvtsi128_si32(xmm_sbox(_mm_cvtsi32_si128((int)t)));
        k[i & 3] ^= axiom_sm4_lk(s);
        ek[i] = k[i & 3];
    }
    for (unsigned i = 0; i < 32; i++)
        dk[i] = ek[31 - i];
    keys_toy(ek); /* and dk, which follows */
#ifdef SM4_BYTE_SLICED
    bs_setkey(ks);
#endif
    ks->rounds = AXIOM_SM4_ROUNDS;
    axiom_wipe(k, sizeof k);
}

/* The parallel operations, written once (@op a constant where this is
 * inlined): the byte-sliced bulk path's whole iterations first, if the
 * kernel has one; the rest on the widest vectors, or on xmm for few
 * blocks. */
enum { SM4_OP_ECB_ENC, SM4_OP_ECB_DEC, SM4_OP_CTR, SM4_OP_CBC_DEC, SM4_OP_CFB_DEC };

static inline __attribute__((always_inline)) void
sm4_parallel(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n, uint8_t *iv, int op)
{
    const int dec = op == SM4_OP_ECB_DEC || op == SM4_OP_CBC_DEC;
#ifdef SM4_BYTE_SLICED
    size_t done;
    if (op == SM4_OP_CTR)
        done = bs_ctr(ks, out, in, n, iv);
    else if (op == SM4_OP_CBC_DEC || op == SM4_OP_CFB_DEC)
        done = bs_fb_dec(ks, out, in, n, iv, op == SM4_OP_CFB_DEC);
    else
        done = bs_ecb(ks, dec, out, in, n);
    out += 16 * done;
    in += 16 * done;
    n -= done;
#endif
    const uint32_t *rk = dec ? dec_keys(ks) : enc_keys(ks);
    if (op == SM4_OP_ECB_ENC || op == SM4_OP_ECB_DEC) {
        if (n <= 4)
            xmm_ecb(rk, out, in, n);
        else
            wide_ecb(rk, out, in, n);
    } else if (n < SM4_XMM_BELOW) {
        if (op == SM4_OP_CTR)
            xmm_ctr(rk, out, in, n, iv);
        else
            xmm_fb_dec(rk, out, in, n, iv, op == SM4_OP_CFB_DEC);
    } else if (op == SM4_OP_CTR) {
        wide_ctr(rk, out, in, n, iv);
    } else if (op == SM4_OP_CBC_DEC) {
        wide_cbc_dec(rk, out, in, n, iv);
    } else {
        wide_cfb_dec(rk, out, in, n, iv);
    }
}

static void sm4_ecb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    sm4_parallel(ks, out, in, n, NULL, SM4_OP_ECB_ENC);
}

static void sm4_ecb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    sm4_parallel(ks, out, in, n, NULL, SM4_OP_ECB_DEC);
}

static void sm4_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                    uint8_t ctr[16])
{
    sm4_parallel(ks, out, in, n, ctr, SM4_OP_CTR);
}

static void sm4_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16])
{
    sm4_parallel(ks, out, in, n, iv, SM4_OP_CBC_DEC);
}

static void sm4_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16])
{
    sm4_parallel(ks, out, in, n, iv, SM4_OP_CFB_DEC);
}

/* The serial modes, one block per step on xmm. */
static void sm4_cbc_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16])
{
    xmm_serial(enc_keys(ks), out, in, n, iv, AXIOM_BC_CBC_ENC);
}

static void sm4_cfb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16])
{
    xmm_serial(enc_keys(ks), out, in, n, iv, AXIOM_BC_CFB_ENC);
}

static void sm4_ofb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                    uint8_t iv[16])
{
    xmm_serial(enc_keys(ks), out, in, n, iv, AXIOM_BC_OFB);
}

/* The descriptor's operations, for the kernel file:
 *   const axiom_bc_kernel axiom_sm4_x = { .name = ..., .features = ...,
 *       .constant_time = 1, .slow_block = 1, SM4_WIDE_OPS }; */
#define SM4_WIDE_OPS                                                                               \
    .setkey = sm4_setkey, .ecb_enc = sm4_ecb_enc, .ecb_dec = sm4_ecb_dec, .cbc_enc = sm4_cbc_enc,  \
    .cbc_dec = sm4_cbc_dec, .cfb_enc = sm4_cfb_enc, .cfb_dec = sm4_cfb_dec, .ofb = sm4_ofb,         \
    .ctr = sm4_ctr

#endif
