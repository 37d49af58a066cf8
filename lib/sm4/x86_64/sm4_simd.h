/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SM4 SIMD kernels' common body, instantiated once per vector width by
 * lib/sm4/x86_64/sm4_gfni_avx512.c, sm4_gfni_avx2.c and sm4_aesni_avx2.c.
 *
 * Words are transposed: after loading V_NB blocks into four registers and
 * a 4x4 transpose of 32-bit words inside each 128-bit lane, register j
 * holds word j (big-endian) of every block, so a round is the same vector
 * code for all of them.  The rounds run in the y domain of lib/sm4/sm4.h
 * (every state byte mapped by M1, round keys M1 rk + c1): the S-box input
 * is the inversion input directly, and the output affine map is merged
 * with L.  Two consecutive rounds share the XOR of the two state words
 * both read.  The bulk loops run V_WIDE such sets per iteration
 * so that independent round chains hide the latency of the S-box
 * instructions; the sets left after them, a last partial one included
 * (through a stack buffer), run in one more pass of 2 sets or the full
 * width (SM4V_PARTIAL, instantiations of 4 sets or more); the xmm
 * instantiation runs one set at a time.  Fused: CTR builds its counter blocks inside
 * the transposed registers (broadcast of the three high words, lane offsets
 * added to the low word; a batch in which the low 32 bits would wrap is
 * staged through memory instead); CBC and CFB decryption take the previous
 * ciphertext blocks from the registers already loaded.
 *
 * The includer defines, before including this file:
 *   SM4V(name)     the name of an instantiated function (a unique prefix)
 *   V_T, V_NB      the vector type and the blocks it carries per set (4/8/16)
 *   V_WIDE         sets per iteration of the bulk loops
 *   V_LOAD(p), V_STORE(p, v), V_SET1(x) (32-bit broadcast), V_XOR(a, b),
 *   V_XOR3(a, b, c), V_ADD32(a, b), V_BSWAP(v) (bytes of each 32-bit word),
 *   V_UNPACKLO32/HI32/LO64/HI64(a, b) (per 128-bit lane, as PUNPCK*),
 *   V_TOY(v), V_FROMY(v)  M1 and M1^-1 on every byte (into and out of the
 *                  y domain),
 *   V_YXL(y, u)    y ^ M1 L(S(x)) for the S-box input u = M1 x + c1,
 *   V_YXL1(y, u)   optional (xmm only): the same where every register holds
 *                  one word in all four lanes (one block in block form),
 *   V_CTR_OFF      the counter offset of each 32-bit lane after the
 *                  transpose (an expression of type V_T),
 *   V_PREV(cur, before)  the blocks preceding those of @cur: the last block
 *                  of @before, then all but the last of @cur,
 *   V_IV(p)        a vector whose last block is the 16 bytes at @p,
 *   V_STORE_LAST(p, v)   store the last block of @v.
 *   V_STORE_NT(p, v), V_STORE_NT16(p, v)  optional: non-temporal stores of
 *                  a vector at an address aligned to its size, and (the
 *                  second, optional too) at one aligned to 16 bytes only.  With them, the bulk loops of
 *                  ECB, CTR, CBC and CFB decryption stream their output
 *                  when it is at least axiom_sm4_nt_min bytes (lib/sm4/sm4.h),
 *                  16-byte aligned and not in place (an SFENCE after the
 *                  loop): measured faster at 16 MiB out of place, slower
 *                  in place and for outputs that stay in the caches.
 *   V_ROUNDSW_MEM(rk, x)  optional: the bulk rounds of V_WIDE sets on the
 *                  array @x in memory (lib/sm4/x86_64/sm4_aes_avx2.h), instead
 *                  of the compiled ones.
 * The xmm instantiation (V_NB == 4) also gets the one-block serial modes
 * (CBC and CFB encryption, OFB), with the chaining value in a register.
 * This file #undefs all of them at its end, so the next instantiation starts
 * clean.
 * Constant time: no branch or memory index depends on keys or data (only
 * on lengths and, in CTR, on the public counter value).
 */

/* Small fixed-count loops over registers: unrolled, so that the arrays
 * they index stay in registers (GCC -O2 would keep them in memory). */
#ifndef SM4V_UNROLL
#define SM4V_UNROLL _Pragma("GCC unroll 16")
#endif

/* Block-form registers <-> transposed words.  The transpose is its own
 * inverse. */
static inline void SM4V(transpose)(V_T *a, V_T *b, V_T *c, V_T *d)
{
    V_T t0 = V_UNPACKLO32(*a, *b), t1 = V_UNPACKHI32(*a, *b);
    V_T t2 = V_UNPACKLO32(*c, *d), t3 = V_UNPACKHI32(*c, *d);
    *a = V_UNPACKLO64(t0, t2);
    *b = V_UNPACKHI64(t0, t2);
    *c = V_UNPACKLO64(t1, t3);
    *d = V_UNPACKHI64(t1, t3);
}

/* Raw block-form registers of one set. */
static inline void SM4V(load_raw)(V_T r[4], const uint8_t *in)
{
    SM4V_UNROLL
    for (int k = 0; k < 4; k++)
        r[k] = V_LOAD(in + k * 16 * (V_NB / 4));
}

static inline void SM4V(to_words)(V_T x[4], const V_T r[4])
{
    SM4V_UNROLL
    for (int k = 0; k < 4; k++)
        x[k] = V_TOY(V_BSWAP(r[k]));
    SM4V(transpose)(&x[0], &x[1], &x[2], &x[3]);
}

/* The cipher output (X35, X34, X33, X32), back in block form. */
static inline void SM4V(to_blocks)(V_T r[4], const V_T x[4])
{
    r[0] = V_FROMY(x[3]);
    r[1] = V_FROMY(x[2]);
    r[2] = V_FROMY(x[1]);
    r[3] = V_FROMY(x[0]);
    SM4V(transpose)(&r[0], &r[1], &r[2], &r[3]);
    SM4V_UNROLL
    for (int k = 0; k < 4; k++)
        r[k] = V_BSWAP(r[k]);
}

/* Rounds i and i + 1 (i even) read x2 ^ x3 both; round i updates x0,
 * round i + 1 updates x1. */
#define SM4V_ROUND2(x0, x1, x2, x3, k0, k1)                                   \
    do {                                                                      \
        const V_T t_ = V_XOR(x2, x3);                                         \
        x0 = V_YXL(x0, V_XOR3(t_, x1, k0));                                   \
        x1 = V_YXL(x1, V_XOR3(t_, x0, k1));                                   \
    } while (0)

static inline void SM4V(rounds1)(const uint32_t *rk, V_T x[4])
{
    V_T a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];
    for (int i = 0; i < 32; i += 4) {
        SM4V_ROUND2(a0, a1, a2, a3, V_SET1(rk[i]), V_SET1(rk[i + 1]));
        SM4V_ROUND2(a2, a3, a0, a1, V_SET1(rk[i + 2]), V_SET1(rk[i + 3]));
    }
    x[0] = a0;
    x[1] = a1;
    x[2] = a2;
    x[3] = a3;
}

/* @ns independent sets at once (a constant).  Unrolled over 4 rounds
 * (which brings the word names back) and the sets, not over all 32: the
 * loop body stays small enough for the decoded-instruction cache. */
#define SM4V_ROUNDS_SETS(rk, x, ns)                                                               \
    do {                                                                                          \
        _Pragma("GCC unroll 1") for (int i = 0; i < 32; i += 4)                                   \
        {                                                                                         \
            _Pragma("GCC unroll 2") for (int r = 0; r < 4; r += 2)                                \
            {                                                                                     \
                const V_T k0 = V_SET1((rk)[i + r]), k1 = V_SET1((rk)[i + r + 1]);                 \
                _Pragma("GCC unroll 8") for (int w = 0; w < (ns); w++)                            \
                    SM4V_ROUND2(x[w][r], x[w][r + 1], x[w][(r + 2) & 3], x[w][(r + 3) & 3], k0, \
                                k1);                                                              \
            }                                                                                     \
        }                                                                                         \
    } while (0)

/* V_WIDE independent sets at once (V_WIDE * V_NB blocks). */
static inline void SM4V(roundsw)(const uint32_t *rk, V_T x[V_WIDE][4])
{
#ifdef V_ROUNDSW_MEM
    V_ROUNDSW_MEM(rk, x);
#else
    SM4V_ROUNDS_SETS(rk, x, V_WIDE);
#endif
}

#define SM4V_SET (16 * V_NB) /* bytes per set */

#ifdef V_STORE_NT
#ifndef V_STORE_NT16
#define SM4V_NT16 0
#define V_STORE_NT16(p, v) V_STORE((p), (v)) /* not used */
#else
#define SM4V_NT16 2
#endif
#define SM4V_ST(nt, p, v)              \
    do {                               \
        if ((nt) == 1)                 \
            V_STORE_NT((p), (v));      \
        else if ((nt) == 2)            \
            V_STORE_NT16((p), (v));    \
        else                           \
            V_STORE((p), (v));         \
    } while (0)
/* 1: aligned for V_STORE_NT; 2: only for V_STORE_NT16 (16-byte aligned). */
#define SM4V_NT(out, in, bytes)                                                        \
    ((const uint8_t *)(out) == (in) || (bytes) < axiom_sm4_nt_min ? 0                  \
     : ((uintptr_t)(out) & (sizeof(V_T) - 1)) == 0 ? 1                                \
     : ((uintptr_t)(out) & 15) == 0                ? SM4V_NT16                        \
                                                   : 0)
#define SM4V_NT_END(nt) do { if (nt) _mm_sfence(); } while (0)
#else
#define SM4V_ST(nt, p, v) ((void)(nt), V_STORE((p), (v)))
#define SM4V_NT(out, in, bytes) 0
#define SM4V_NT_END(nt) ((void)(nt))
#endif

/* One bulk iteration's input at @p, asked for ahead of its use: in ECB,
 * CBC and CFB decryption the next iteration's (the rounds depend on it),
 * in CTR the current one's (read after the rounds). */
static inline void SM4V(prefetch)(const uint8_t *p)
{
    SM4V_UNROLL
    for (size_t o = 0; o < V_WIDE * SM4V_SET; o += 64)
        __builtin_prefetch(p + o, 0, 3);
}

static inline void SM4V(prefetch_next)(const uint8_t *in)
{
    SM4V(prefetch)(in + V_WIDE * SM4V_SET);
}

/* With V_ROUNDSW_MEM the sets live in memory, and after the rounds they hold
 * keystream or plaintext: wiped before the function returns. */
#ifdef V_ROUNDSW_MEM
#define SM4V_WIPE_SETS(x) axiom_wipe((x), sizeof(x))
#else
#define SM4V_WIPE_SETS(x) ((void)0)
#endif

/* The sets left after the bulk loop (2 to V_WIDE, counting a last partial
 * set) go through one more pass instead of one set at a time, whose round
 * chain is latency-bound.  With V_ROUNDSW_MEM: one assembly iteration of 2
 * sets, half the width or the full width, zero-padded.  @k sets are
 * real. */
#ifdef V_ROUNDSW_MEM
#define SM4V_PARTIAL 1
#ifndef SM4V_PART_MIN
#define SM4V_PART_MIN 2 /* sets */
#endif
static inline void SM4V(zero_sets)(V_T x[V_WIDE][4], size_t k, size_t to)
{
    for (size_t w = k; w < to; w++)
        for (int j = 0; j < 4; j++)
            x[w][j] = V_SET1(0);
}

/* The rounds of the @k real sets: 2 sets (V_ROUNDSW_MEM_2) if they fit,
 * else half the width (V_ROUNDSW_MEM_HALF), else all of it, with zero
 * padding. */
static inline void SM4V(rounds_part)(const uint32_t *rk, V_T x[V_WIDE][4], size_t k)
{
    if (k <= 2) {
        V_ROUNDSW_MEM_2(rk, x);
    } else if (k <= V_WIDE / 2) {
        SM4V(zero_sets)(x, k, V_WIDE / 2);
        V_ROUNDSW_MEM_HALF(rk, x);
    } else {
        SM4V(zero_sets)(x, k, V_WIDE);
        SM4V(roundsw)(rk, x);
    }
}
#elif V_WIDE >= 4
/* The compiled rounds: 2 or 3 sets left after the bulk loop (V_WIDE 4) go
 * through one pass of 2 sets or of all 4, zero-padded, instead of one set
 * at a time at the round chain's latency (gfni-avx512: 2 sets 584 -> 330,
 * 3 sets 876 -> 600 TSC cycles). */
#define SM4V_PARTIAL 1
#define SM4V_PART_MIN 2 /* sets */
static inline void SM4V(rounds_part)(const uint32_t *rk, V_T x[V_WIDE][4], size_t k)
{
    if (k <= 2) {
        SM4V_ROUNDS_SETS(rk, x, 2);
    } else {
        for (size_t w = k; w < V_WIDE; w++)
            for (int j = 0; j < 4; j++)
                x[w][j] = V_SET1(0);
        SM4V(roundsw)(rk, x);
    }
}
#else
#define SM4V_PARTIAL 0
#endif

#if SM4V_PARTIAL
/* For the @n blocks left after a bulk loop (more than one set's worth):
 * their number of sets, the blocks in the last one (@m), and that set
 * copied into @buf, zero-padded, for the one-pass remainder of each mode
 * below. */
static inline size_t SM4V(last_set)(uint8_t buf[SM4V_SET], const uint8_t *in, size_t n,
                                    size_t *m)
{
    const size_t k = (n + V_NB - 1) / V_NB;
    *m = n - (k - 1) * V_NB;
    memset(buf, 0, SM4V_SET);
    memcpy(buf, in + (k - 1) * SM4V_SET, 16 * *m);
    return k;
}
#endif

#if V_NB == 4
/* The rounds where their latency is the cost (one block, or one set alone):
 * the S-box input is carried from round to round instead of being formed
 * from the state words.  With u_i = y_(i+1) ^ y_(i+2) ^ y_(i+3) ^ rk_i the
 * input of round i,
 *     u_(i+1) = w ^ M1 L(S(x_i)),  w = u_i ^ y_i ^ y_(i+1) ^ rk_i ^ rk_(i+1),
 * and w is ready before the S-box layer of round i is, so the chain from
 * one round's input to the next is V_YXL alone (GFNI: 3 + 1 + 1 + 1
 * cycles); the new word y_(i+4) = u_(i+1) ^ y_(i+2) ^ y_(i+3) ^ rk_(i+1) is
 * off the chain.  Fully unrolled, so the word names rotate for free. */
#ifndef V_YXL1
#define V_YXL1 V_YXL
#endif
static inline void SM4V(rounds_latf)(const uint32_t *rk, V_T x[4], int bcast)
{
    V_T y0 = x[0], y1 = x[1], y2 = x[2], y3 = x[3];
    V_T k0 = V_SET1(rk[0]);
    V_T u = V_XOR(V_XOR3(y1, y2, y3), k0);
#pragma GCC unroll 32
    for (int i = 0; i < 31; i++) {
        const V_T k1 = V_SET1(rk[i + 1]);
        const V_T w = V_XOR3(u, V_XOR3(y0, y1, k0), k1);
        const V_T v = V_XOR3(y2, y3, k1);
        u = bcast ? V_YXL1(w, u) : V_YXL(w, u);
        const V_T y4 = V_XOR(u, v);
        y0 = y1;
        y1 = y2;
        y2 = y3;
        y3 = y4;
        k0 = k1;
    }
    x[0] = y1; /* X32 */
    x[1] = y2;
    x[2] = y3;
    x[3] = bcast ? V_YXL1(y0, u) : V_YXL(y0, u); /* X35 = X31 ^ T(u_31) */
}

/* One set of 4 blocks (transposed words), and one block (each register a
 * word broadcast to all lanes, which lets V_YXL1 skip work). */
static inline void SM4V(rounds_lat)(const uint32_t *rk, V_T x[4])
{
    SM4V(rounds_latf)(rk, x, 0);
}

static inline void SM4V(rounds_lat1)(const uint32_t *rk, V_T x[4])
{
    SM4V(rounds_latf)(rk, x, 1);
}

/* One block in block form (the serial modes, ECB of one block): the four
 * words, byte-swapped, broadcast to four registers (the map into the y
 * domain works on bytes, so it goes first); out of the rounds, the words
 * are blended back (X35 last, it is the last ready). */
static inline __m128i SM4V(block1)(const uint32_t *rk, __m128i b)
{
    V_T x[4];
    b = V_TOY(b);
    x[0] = _mm_shuffle_epi8(b, _mm_setr_epi8(3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0));
    x[1] = _mm_shuffle_epi8(b, _mm_setr_epi8(7, 6, 5, 4, 7, 6, 5, 4, 7, 6, 5, 4, 7, 6, 5, 4));
    x[2] = _mm_shuffle_epi8(b, _mm_setr_epi8(11, 10, 9, 8, 11, 10, 9, 8, 11, 10, 9, 8, 11, 10, 9, 8));
    x[3] = _mm_shuffle_epi8(b, _mm_setr_epi8(15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14,
                                             13, 12));
    SM4V(rounds_lat1)(rk, x);
    /* lanes (X35, X34, X33, X32) */
    b = _mm_blend_epi32(_mm_blend_epi32(x[2], x[1], 0x4), x[0], 0x8);
    b = _mm_blend_epi32(b, x[3], 0x1);
    return V_BSWAP(V_FROMY(b));
}
#endif

/* ECB over whole sets. */
static void SM4V(ecb_sets)(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t sets)
{
    V_T r[4], x[V_WIDE][4];
    const int nt = SM4V_NT(out, in, sets * SM4V_SET);
    for (; sets >= V_WIDE; sets -= V_WIDE, in += V_WIDE * SM4V_SET, out += V_WIDE * SM4V_SET) {
        SM4V(prefetch_next)(in);
        SM4V_UNROLL
        for (int w = 0; w < V_WIDE; w++) {
            SM4V(load_raw)(r, in + w * SM4V_SET);
            SM4V(to_words)(x[w], r);
        }
        SM4V(roundsw)(rk, x);
        SM4V_UNROLL
        for (int w = 0; w < V_WIDE; w++) {
            SM4V(to_blocks)(r, x[w]);
            SM4V_UNROLL
            for (int k = 0; k < 4; k++)
                SM4V_ST(nt, out + w * SM4V_SET + k * 16 * (V_NB / 4), r[k]);
        }
    }
    SM4V_NT_END(nt);
#if SM4V_PARTIAL
    if (sets >= SM4V_PART_MIN) {
        const size_t k = sets;
        for (size_t w = 0; w < k; w++) {
            SM4V(load_raw)(r, in + w * SM4V_SET);
            SM4V(to_words)(x[w], r);
        }
        SM4V(rounds_part)(rk, x, k);
        for (size_t w = 0; w < k; w++) {
            SM4V(to_blocks)(r, x[w]);
            for (int j = 0; j < 4; j++)
                V_STORE(out + w * SM4V_SET + j * 16 * (V_NB / 4), r[j]);
        }
        SM4V_WIPE_SETS(x);
        return;
    }
#endif
    for (; sets > 0; sets--, in += SM4V_SET, out += SM4V_SET) {
        SM4V(load_raw)(r, in);
        SM4V(to_words)(x[0], r);
        SM4V(rounds1)(rk, x[0]);
        SM4V(to_blocks)(r, x[0]);
        SM4V_UNROLL
        for (int k = 0; k < 4; k++)
            V_STORE(out + k * 16 * (V_NB / 4), r[k]);
    }
    SM4V_WIPE_SETS(x);
}

/* Any number of blocks; the last partial set through a buffer. */
static void SM4V(ecb)(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n)
{
#if V_NB == 4
    /* Fewer than 4 blocks, the whole input: no buffer, and the rounds
     * whose latency is shortest (one block in block form). */
    if (n == 1) {
        V_STORE(out, SM4V(block1)(rk, V_LOAD(in)));
        return;
    }
    if (n == 2 || n == 3) {
        V_T r[4], x[4];
        r[0] = V_LOAD(in);
        r[1] = V_LOAD(in + 16);
        r[2] = n > 2 ? V_LOAD(in + 32) : V_SET1(0);
        r[3] = V_SET1(0);
        SM4V(to_words)(x, r);
        SM4V(rounds_lat)(rk, x);
        SM4V(to_blocks)(r, x);
        V_STORE(out, r[0]);
        V_STORE(out + 16, r[1]);
        if (n > 2)
            V_STORE(out + 32, r[2]);
        return;
    }
#endif
#if SM4V_PARTIAL
    /* The sets left after the bulk iterations, a last partial one included
     * (through a buffer), in one pass. */
    const size_t rem = n % (V_WIDE * V_NB);
    if (n % V_NB && rem > (SM4V_PART_MIN - 1) * V_NB) {
        const size_t bulk = n - rem;
        V_T r[4], x[V_WIDE][4];
        uint8_t buf[SM4V_SET];
        size_t m;
        SM4V(ecb_sets)(rk, out, in, bulk / V_NB);
        in += 16 * bulk;
        out += 16 * bulk;
        const size_t k = SM4V(last_set)(buf, in, rem, &m);
        for (size_t w = 0; w < k; w++) {
            SM4V(load_raw)(r, w + 1 < k ? in + w * SM4V_SET : buf);
            SM4V(to_words)(x[w], r);
        }
        SM4V(rounds_part)(rk, x, k);
        for (size_t w = 0; w < k; w++) {
            uint8_t *dst = w + 1 < k ? out + w * SM4V_SET : buf;
            SM4V(to_blocks)(r, x[w]);
            for (int j = 0; j < 4; j++)
                V_STORE(dst + j * 16 * (V_NB / 4), r[j]);
        }
        memcpy(out + (k - 1) * SM4V_SET, buf, 16 * m);
        axiom_wipe(buf, sizeof buf);
        SM4V_WIPE_SETS(x);
        return;
    }
#endif
    SM4V(ecb_sets)(rk, out, in, n / V_NB);
    size_t done = n - n % V_NB;
    if (n % V_NB) {
        uint8_t buf[SM4V_SET];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in + 16 * done, 16 * (n % V_NB));
        SM4V(ecb_sets)(rk, buf, buf, 1);
        memcpy(out + 16 * done, buf, 16 * (n % V_NB));
        axiom_wipe(buf, sizeof buf);
    }
}

/* Transposed counter words for @nb blocks from @ctr + @base, if the low
 * 32 bits do not wrap inside them; returns 0 (nothing set) if they would. */
static inline int SM4V(ctr_words)(V_T x[4], const uint8_t ctr[16], uint32_t base, size_t nb)
{
    uint32_t lo = axiom_load32_be(ctr + 12);
    if (lo > UINT32_MAX - (uint32_t)(nb - 1) - base)
        return 0;
    x[0] = V_SET1(axiom_load32_be(ctr));
    x[1] = V_SET1(axiom_load32_be(ctr + 4));
    x[2] = V_SET1(axiom_load32_be(ctr + 8));
    x[3] = V_ADD32(V_SET1(lo + base), V_CTR_OFF);
    SM4V_UNROLL
    for (int k = 0; k < 4; k++)
        x[k] = V_TOY(x[k]);
    return 1;
}

/* The same through memory, with full 128-bit increments. */
static inline void SM4V(ctr_staged)(V_T x[4], const uint8_t ctr[16], uint32_t base)
{
    uint8_t buf[SM4V_SET];
    V_T r[4];
    memcpy(buf, ctr, 16);
    axiom_ctr128_add(buf, base);
    for (int i = 1; i < V_NB; i++) {
        memcpy(buf + 16 * i, buf + 16 * (i - 1), 16);
        axiom_ctr128_add(buf + 16 * i, 1);
    }
    SM4V(load_raw)(r, buf);
    SM4V(to_words)(x, r);
}

static inline void SM4V(xor_store_nt)(uint8_t *out, const uint8_t *in, const V_T x[4], int nt)
{
    V_T r[4];
    SM4V(to_blocks)(r, x);
    SM4V_UNROLL
    for (int k = 0; k < 4; k++) {
        const size_t o = (size_t)k * 16 * (V_NB / 4);
        SM4V_ST(nt, out + o, V_XOR(r[k], V_LOAD(in + o)));
    }
}

static inline void SM4V(xor_store)(uint8_t *out, const uint8_t *in, const V_T x[4])
{
    SM4V(xor_store_nt)(out, in, x, 0);
}

static void SM4V(ctr)(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n,
                      uint8_t ctr[16])
{
    V_T x[V_WIDE][4];
    const int nt = SM4V_NT(out, in, 16 * n);
    for (; n >= V_WIDE * V_NB; n -= V_WIDE * V_NB, in += V_WIDE * SM4V_SET,
                                out += V_WIDE * SM4V_SET) {
        SM4V(prefetch)(in);
        if (SM4V(ctr_words)(x[0], ctr, 0, V_WIDE * V_NB)) {
            SM4V_UNROLL
            for (int w = 1; w < V_WIDE; w++)
                SM4V(ctr_words)(x[w], ctr, (uint32_t)(w * V_NB), V_NB);
        } else {
            SM4V_UNROLL
            for (int w = 0; w < V_WIDE; w++)
                SM4V(ctr_staged)(x[w], ctr, (uint32_t)(w * V_NB));
        }
        SM4V(roundsw)(rk, x);
        SM4V_UNROLL
        for (int w = 0; w < V_WIDE; w++)
            SM4V(xor_store_nt)(out + w * SM4V_SET, in + w * SM4V_SET, x[w], nt);
        axiom_ctr128_add(ctr, V_WIDE * V_NB);
    }
    SM4V_NT_END(nt);
#if SM4V_PARTIAL
    /* The sets left, a last partial one included (through a buffer), in
     * one pass. */
    if (n > (SM4V_PART_MIN - 1) * V_NB) {
        uint8_t buf[SM4V_SET];
        size_t m;
        const size_t k = SM4V(last_set)(buf, in, n, &m);
        if (SM4V(ctr_words)(x[0], ctr, 0, k * V_NB)) {
            for (size_t w = 1; w < k; w++)
                SM4V(ctr_words)(x[w], ctr, (uint32_t)(w * V_NB), V_NB);
        } else {
            for (size_t w = 0; w < k; w++)
                SM4V(ctr_staged)(x[w], ctr, (uint32_t)(w * V_NB));
        }
        SM4V(rounds_part)(rk, x, k);
        for (size_t w = 0; w + 1 < k; w++)
            SM4V(xor_store)(out + w * SM4V_SET, in + w * SM4V_SET, x[w]);
        SM4V(xor_store)(buf, buf, x[k - 1]);
        memcpy(out + (k - 1) * SM4V_SET, buf, 16 * m);
        axiom_wipe(buf, sizeof buf);
        axiom_ctr128_add(ctr, n);
        n = 0;
    }
#endif
    while (n > 0) {
        if (!SM4V(ctr_words)(x[0], ctr, 0, V_NB))
            SM4V(ctr_staged)(x[0], ctr, 0);
        SM4V(rounds1)(rk, x[0]);
        const size_t m = n < V_NB ? n : V_NB;
        if (m == V_NB) {
            SM4V(xor_store)(out, in, x[0]);
        } else {
            uint8_t buf[SM4V_SET];
            memset(buf, 0, sizeof buf);
            memcpy(buf, in, 16 * m);
            SM4V(xor_store)(buf, buf, x[0]);
            memcpy(out, buf, 16 * m);
            axiom_wipe(buf, sizeof buf);
        }
        axiom_ctr128_add(ctr, m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    SM4V_WIPE_SETS(x);
}

/* XOR the previous ciphertext blocks (from @c and the vector @prev, whose
 * last block precedes c[0]) into the decrypted words @x, and store. */
static inline void SM4V(cbc_xor_store)(uint8_t *out, const V_T x[4], const V_T c[4], V_T prev)
{
    V_T r[4];
    SM4V(to_blocks)(r, x);
    SM4V_UNROLL
    for (int k = 0; k < 4; k++) {
        V_T p = V_PREV(c[k], k ? c[k - 1] : prev);
        V_STORE(out + k * 16 * (V_NB / 4), V_XOR(r[k], p));
    }
}

/* The same for a bulk set at @in: the previous ciphertext blocks are
 * loaded 16 bytes before each register's own (unaligned), but for the
 * first register of an iteration (@first), whose previous block @prev may
 * have been overwritten in place.  All loads come before the stores. */
static inline void SM4V(cbc_xor_store_in)(uint8_t *out, const V_T x[4], const uint8_t *in,
                                          int first, V_T prev, int nt)
{
    V_T r[4], p[4];
    SM4V_UNROLL
    for (int k = 0; k < 4; k++)
        p[k] = V_LOAD(in + k * 16 * (V_NB / 4) - 16 * !(first && k == 0));
    if (first)
        p[0] = V_PREV(p[0], prev);
    SM4V(to_blocks)(r, x);
    SM4V_UNROLL
    for (int k = 0; k < 4; k++)
        SM4V_ST(nt, out + k * 16 * (V_NB / 4), V_XOR(r[k], p[k]));
}

static void SM4V(cbc_dec)(const uint32_t *drk, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    V_T c[V_WIDE][4], x[V_WIDE][4];
    V_T prev = V_IV(iv);
    const int nt = SM4V_NT(out, in, 16 * n);
    /* The ciphertext is loaded again after the rounds (so that it does not
     * occupy registers during them), and the sets are stored last first:
     * each store then only overwrites ciphertext that has been used, so
     * out == in works. */
    for (; n >= V_WIDE * V_NB; n -= V_WIDE * V_NB, in += V_WIDE * SM4V_SET,
                                out += V_WIDE * SM4V_SET) {
        SM4V(prefetch_next)(in);
        SM4V_UNROLL
        for (int w = 0; w < V_WIDE; w++) {
            SM4V(load_raw)(c[0], in + w * SM4V_SET);
            SM4V(to_words)(x[w], c[0]);
        }
        SM4V(roundsw)(drk, x);
        const V_T last = V_IV(in + 16 * (V_WIDE * V_NB - 1));
        SM4V_UNROLL
        for (int w = V_WIDE - 1; w >= 0; w--)
            SM4V(cbc_xor_store_in)(out + w * SM4V_SET, x[w], in + w * SM4V_SET, w == 0, prev, nt);
        prev = last;
    }
    SM4V_NT_END(nt);
#if SM4V_PARTIAL
    /* The sets left, a last partial one included (through a buffer), in
     * one pass; stored last first, as above. */
    if (n > (SM4V_PART_MIN - 1) * V_NB) {
        uint8_t buf[SM4V_SET];
        size_t m;
        const size_t k = SM4V(last_set)(buf, in, n, &m), o = (k - 1) * SM4V_SET;
        for (size_t w = 0; w + 1 < k; w++) {
            SM4V(load_raw)(c[0], in + w * SM4V_SET);
            SM4V(to_words)(x[w], c[0]);
        }
        SM4V(load_raw)(c[1], buf);
        SM4V(to_words)(x[k - 1], c[1]);
        SM4V(rounds_part)(drk, x, k);
        const V_T last = V_IV(in + 16 * (n - 1)), before = V_IV(in + o - 16);
        SM4V(cbc_xor_store)(buf, x[k - 1], c[1], before);
        memcpy(out + o, buf, 16 * m);
        axiom_wipe(buf, sizeof buf);
        for (size_t w = k - 1; w-- > 0;)
            SM4V(cbc_xor_store_in)(out + w * SM4V_SET, x[w], in + w * SM4V_SET, w == 0, prev, 0);
        prev = last;
        n = 0;
    }
#endif
    while (n > 0) {
        const size_t m = n < V_NB ? n : V_NB;
        uint8_t buf[SM4V_SET];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, 16 * m);
        SM4V(load_raw)(c[0], buf);
        SM4V(to_words)(x[0], c[0]);
        SM4V(rounds1)(drk, x[0]);
        SM4V(cbc_xor_store)(buf, x[0], c[0], prev);
        prev = V_IV(in + 16 * (m - 1));
        memcpy(out, buf, 16 * m);
        axiom_wipe(buf, sizeof buf);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    V_STORE_LAST(iv, prev);
    SM4V_WIPE_SETS(x);
}

static void SM4V(cfb_dec)(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    V_T c[V_WIDE][4], p[4], x[V_WIDE][4];
    V_T prev = V_IV(iv);
    const int nt = SM4V_NT(out, in, 16 * n);
    for (; n >= V_WIDE * V_NB; n -= V_WIDE * V_NB, in += V_WIDE * SM4V_SET,
                                out += V_WIDE * SM4V_SET) {
        SM4V(prefetch_next)(in);
        SM4V_UNROLL
        for (int w = 0; w < V_WIDE; w++) {
            SM4V(load_raw)(c[w], in + w * SM4V_SET);
            SM4V_UNROLL
            for (int k = 0; k < 4; k++)
                p[k] = V_PREV(c[w][k], k ? c[w][k - 1] : (w ? c[w - 1][3] : prev));
            SM4V(to_words)(x[w], p);
        }
        SM4V(roundsw)(rk, x);
        /* As in CBC: the ciphertext again, sets stored last first. */
        prev = V_IV(in + 16 * (V_WIDE * V_NB - 1));
        SM4V_UNROLL
        for (int w = V_WIDE - 1; w >= 0; w--) {
            SM4V(load_raw)(c[0], in + w * SM4V_SET);
            SM4V(to_blocks)(p, x[w]);
            SM4V_UNROLL
            for (int k = 0; k < 4; k++)
                SM4V_ST(nt, out + w * SM4V_SET + k * 16 * (V_NB / 4), V_XOR(p[k], c[0][k]));
        }
    }
    SM4V_NT_END(nt);
#if SM4V_PARTIAL
    /* The sets left, a last partial one included (through a buffer), in
     * one pass; stored last first, as above. */
    if (n > (SM4V_PART_MIN - 1) * V_NB) {
        uint8_t buf[SM4V_SET];
        size_t m;
        const size_t ns = SM4V(last_set)(buf, in, n, &m), o = (ns - 1) * SM4V_SET;
        for (size_t w = 0; w < ns; w++) {
            SM4V(load_raw)(c[w], w + 1 < ns ? in + w * SM4V_SET : buf);
            for (int k = 0; k < 4; k++)
                p[k] = V_PREV(c[w][k], k ? c[w][k - 1] : (w ? c[w - 1][3] : prev));
            SM4V(to_words)(x[w], p);
        }
        SM4V(rounds_part)(rk, x, ns);
        prev = V_IV(in + 16 * (n - 1));
        for (size_t w = ns; w-- > 0;) {
            uint8_t *dst = w + 1 < ns ? out + w * SM4V_SET : buf;
            SM4V(load_raw)(c[0], w + 1 < ns ? in + w * SM4V_SET : buf);
            SM4V(to_blocks)(p, x[w]);
            for (int k = 0; k < 4; k++)
                V_STORE(dst + k * 16 * (V_NB / 4), V_XOR(p[k], c[0][k]));
            if (w + 1 == ns)
                memcpy(out + o, buf, 16 * m);
        }
        axiom_wipe(buf, sizeof buf);
        n = 0;
    }
#endif
    while (n > 0) {
        const size_t m = n < V_NB ? n : V_NB;
        uint8_t buf[SM4V_SET];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, 16 * m);
        SM4V(load_raw)(c[0], buf);
        SM4V_UNROLL
        for (int k = 0; k < 4; k++)
            p[k] = V_PREV(c[0][k], k ? c[0][k - 1] : prev);
        SM4V(to_words)(x[0], p);
        SM4V(rounds1)(rk, x[0]);
        SM4V(to_blocks)(p, x[0]);
        SM4V_UNROLL
        for (int k = 0; k < 4; k++)
            V_STORE(buf + k * 16 * (V_NB / 4), V_XOR(p[k], c[0][k]));
        prev = V_IV(in + 16 * (m - 1));
        memcpy(out, buf, 16 * m);
        axiom_wipe(buf, sizeof buf);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    V_STORE_LAST(iv, prev);
    SM4V_WIPE_SETS(x);
}

#if V_NB == 4
static void SM4V(cbc_enc1)(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t iv[16])
{
    __m128i c = V_LOAD(iv);
    for (; n > 0; n--, in += 16, out += 16) {
        c = SM4V(block1)(rk, V_XOR(c, V_LOAD(in)));
        V_STORE(out, c);
    }
    V_STORE(iv, c);
}

static void SM4V(cfb_enc1)(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t iv[16])
{
    __m128i c = V_LOAD(iv);
    for (; n > 0; n--, in += 16, out += 16) {
        c = V_XOR(SM4V(block1)(rk, c), V_LOAD(in));
        V_STORE(out, c);
    }
    V_STORE(iv, c);
}

static void SM4V(ofb1)(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[16])
{
    __m128i s = V_LOAD(iv);
    for (; n > 0; n--, in += 16, out += 16) {
        s = SM4V(block1)(rk, s);
        V_STORE(out, V_XOR(s, V_LOAD(in)));
    }
    V_STORE(iv, s);
}
#endif

#undef SM4V_ROUND2
#undef SM4V_ROUNDS_SETS
#undef SM4V_SET
#undef SM4V_ST
#undef SM4V_NT
#undef SM4V_NT_END
#undef V_STORE_NT
#undef V_STORE_NT16
#undef SM4V_NT16
#undef SM4V_PARTIAL
#undef SM4V_PART_MIN
#undef SM4V_WIPE_SETS

/* The includer's parameters end with this instantiation. */
#undef SM4V
#undef V_T
#undef V_NB
#undef V_WIDE
#undef V_ROUNDSW_MEM
#undef V_ROUNDSW_MEM_HALF
#undef V_ROUNDSW_MEM_2
#undef V_LOAD
#undef V_STORE
#undef V_SET1
#undef V_XOR
#undef V_XOR3
#undef V_ADD32
#undef V_BSWAP
#undef V_UNPACKLO32
#undef V_UNPACKHI32
#undef V_UNPACKLO64
#undef V_UNPACKHI64
#undef V_TOY
#undef V_FROMY
#undef V_YXL
#undef V_YXL1
#undef V_CTR_OFF
#undef V_PREV
#undef V_IV
#undef V_STORE_LAST
