/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ChaCha20 kernel for AVX2 ("avx2"): 8 blocks in parallel in 256-bit
 * lanes; tails of up to 4 blocks take the 4-way 128-bit path or the
 * 2-block row-form path (chacha_simd.h) so that short messages do not pay
 * for the wide setup, and messages of one block or less the 1-block
 * row-form path.  Constant time (ARX only; no secret-dependent branch or
 * memory index).
 *
 * The 8-way rounds are GNU inline assembly with a fixed register plan:
 * 16 ymm registers cannot hold the 16 state vectors plus a rotation
 * temporary, and the compiler's spill choice (about 120 stack accesses per
 * 8 blocks with gcc) cost a quarter of the speed.  Here 15 state vectors
 * stay in registers, x11 waits in memory (one store per c step of the two
 * quarter rounds that use it), one temporary serves every rotation, and
 * the byte rotations (16, 8) read their VPSHUFB masks from memory.  The
 * quarter rounds run as two pairs per round, software pipelined across
 * rounds (see CA_S1 below), so that shifts and byte shuffles mix in every
 * group of instructions.  Per message, the part of the first column round
 * that does not involve the block counter is computed once
 * (ch_first_round_shared: 49 of the 1280 round operations per 8 blocks),
 * and each 8-block group's first column is computed before the previous
 * group's output, so that its rounds start while the output runs.
 * Design and bound: doc/design/chacha.md. */
#include "config.h"

#include "chacha/x86_64/chacha_simd.h"
#include "core/internal.h"
#include "chacha/poly1305.h"

/* Zero the @n bytes (a multiple of 32) of the 32-byte aligned object at
 * @p with inline 32-byte stores, kept by a barrier: the wipes of the
 * 8-way scratch (about 1.4 KiB in the fused ChaCha20-Poly1305 pass, 1.2
 * KiB in the plain one) cost less than axiom_wipe's memset call on Zen 4
 * (a 1 KiB fused seal 2 % faster; the plain pass 6 % at 512 bytes, 10 %
 * at 300, unchanged at 1 KiB and more). */
static inline void ch_wipe32(void *p, size_t n)
{
    volatile __m256i *v = (volatile __m256i *)p;
    _Pragma("GCC unroll 64")
    for (size_t i = 0; i < n / 32; i++)
        v[i] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* VPSHUFB controls: rotate every 32-bit word left by 16 and by 8 bits. */
static const _Alignas(32) uint8_t ch_rot16[32] = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
};
static const _Alignas(32) uint8_t ch_rot8[32] = {
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
};

/* AT&T operand order: the last operand is the destination. */
#define CA_ADD(s, d) "vpaddd " s ", " d ", " d "\n\t"
#define CA_ADD3(m, s, d) "vpaddd " m ", " s ", " d "\n\t" /* d = m + s */
#define CA_XOR(s, d) "vpxor " s ", " d ", " d "\n\t"
#define CA_SHUF(m, d) "vpshufb " m ", " d ", " d "\n\t"
#define CA_ROT(l, r, t, d)                                                     \
    "vpslld $" #l ", " d ", " t "\n\t"                                         \
    "vpsrld $" #r ", " d ", " d "\n\t"                                         \
    "vpor " t ", " d ", " d "\n\t"
#define CA_ST(r, m) "vmovdqa " r ", " m "\n\t"

/* The c step of a quarter round, c += d then b ^= c: CA_CR with c in a
 * register, CA_CM with c in memory (loaded into t, the sum stored back). */
#define CA_CR(c, d, b, t) CA_ADD(d, c) CA_XOR(c, b)
#define CA_CM(c, d, b, t) CA_ADD3(c, d, t) CA_ST(t, c) CA_XOR(t, b)

/* A quarter round in four steps: S1 = a += b, d ^= a, d <<<= 16; S2 = the
 * c step, b <<<= 12; S3 = S1 with 8; S4 = S2 with 7.  Each round runs as
 * two pairs of quarter rounds, P and Q, and the rounds are software
 * pipelined: Q runs one step behind P, and the next round's P starts
 * while this round's Q finishes.  Every group of instructions (a slot)
 * thus mixes an S1-type step of one pair (adds, XORs, VPSHUFB) with an
 * S2-type step of the other (adds, XORs, shifts): VPSHUFB issues on two of
 * the three vector ports and the shifts on another two, and the next
 * round's first operations are in the window early.  The pairs are chosen
 * so that this is possible: diagonal quarter round j needs the column
 * round's b from column j + 1 in its first step but c (from column j + 2)
 * only in its second, so the diagonal round's P = (3, 0) needs only P of
 * the column round, columns (0, 1), plus steps of Q = columns (2, 3) that
 * are done by then; likewise the column round's P = (0, 1) after the
 * diagonal round's Q = (1, 2).  Within a slot the S2-type step's c += d
 * reads d before the S1-type step's d ^= a overwrites it. */
#define CA_S1(a0, b0, d0, a1, b1, d1, m)                                       \
    CA_ADD(b0, a0) CA_ADD(b1, a1) CA_XOR(a0, d0) CA_XOR(a1, d1)                \
    CA_SHUF(m, d0) CA_SHUF(m, d1)
#define CA_S2(b0, c0, d0, C0, b1, c1, d1, C1, l, r, t0, t1)                    \
    C0(c0, d0, b0, t0) C1(c1, d1, b1, t1) CA_ROT(l, r, t0, b0) CA_ROT(l, r, t1, b1)
/* One S1-type step of (a, b, d) x2 mixed with one S2-type step of
 * (e = b, f = c, g = d) x2. */
#define CA_MIX(a0, b0, d0, a1, b1, d1, m, e0, f0, g0, C0, e1, f1, g1, C1, l, r, t0, t1) \
    CA_ADD(b0, a0) CA_ADD(b1, a1) C0(f0, g0, e0, t0) C1(f1, g1, e1, t1)        \
    CA_XOR(a0, d0) CA_XOR(a1, d1)                                              \
    CA_SHUF(m, d0) CA_ROT(l, r, t0, e0) CA_SHUF(m, d1) CA_ROT(l, r, t1, e1)
#define CA_MIX_(...) CA_MIX(__VA_ARGS__)
#define CA_S1_(...) CA_S1(__VA_ARGS__)
#define CA_S2_(...) CA_S2(__VA_ARGS__)

/* Register plan: x0..x10 in ymm0..10, x12..x15 in ymm12..15, x11 in
 * v[11]; ymm11 is the one temporary (the rotations' shifted copy, and x11
 * on its way between memory and its quarter round).  One temporary is
 * enough: the out-of-order core renames it, so only the program order of
 * its uses matters; every memory word costs a store per c step, so only
 * one word is kept there.  The pairs, as (a, b, d) for S1-type steps and
 * (b, c, d, c kind) for S2-type steps:
 *   cP = columns 0, 1     (x0, x4, x8, x12), (x1, x5, x9, x13)
 *   cQ = columns 2, 3     (x2, x6, x10, x14), (x3, x7, x11, x15)
 *   dP = diagonals 3, 0   (x3, x4, x9, x14), (x0, x5, x10, x15)
 *   dQ = diagonals 1, 2   (x1, x6, x11, x12), (x2, x7, x8, x13) */
#define CA_V(i) #i "*32(%[v])"
#define CA_Y(i) "%%ymm" #i
#define CA_A_cP(m) CA_Y(0), CA_Y(4), CA_Y(12), CA_Y(1), CA_Y(5), CA_Y(13), m
#define CA_A_cQ(m) CA_Y(2), CA_Y(6), CA_Y(14), CA_Y(3), CA_Y(7), CA_Y(15), m
#define CA_A_dP(m) CA_Y(3), CA_Y(4), CA_Y(14), CA_Y(0), CA_Y(5), CA_Y(15), m
#define CA_A_dQ(m) CA_Y(1), CA_Y(6), CA_Y(12), CA_Y(2), CA_Y(7), CA_Y(13), m
#define CA_T CA_Y(11), CA_Y(11)
#define CA_B_cP(l, r) CA_Y(4), CA_Y(8), CA_Y(12), CA_CR, CA_Y(5), CA_Y(9), CA_Y(13), CA_CR, l, r, CA_T
#define CA_B_cQ(l, r) CA_Y(6), CA_Y(10), CA_Y(14), CA_CR, CA_Y(7), CA_V(11), CA_Y(15), CA_CM, l, r, CA_T
#define CA_B_dP(l, r) CA_Y(4), CA_Y(9), CA_Y(14), CA_CR, CA_Y(5), CA_Y(10), CA_Y(15), CA_CR, l, r, CA_T
#define CA_B_dQ(l, r) CA_Y(6), CA_V(11), CA_Y(12), CA_CM, CA_Y(7), CA_Y(8), CA_Y(13), CA_CR, l, r, CA_T
#define CA_R16 "%[r16]"
#define CA_R8 "%[r8]"
/* The slots.  D1 = dP.S1 + cQ.S4 (the column round before), D2 = dQ.S1 +
 * dP.S2, D3 = dP.S3 + dQ.S2, D4 = dQ.S3 + dP.S4, C1 = cP.S1 + dQ.S4, C2 =
 * cQ.S1 + cP.S2, C3 = cP.S3 + cQ.S2, C4 = cQ.S3 + cP.S4. */
#define CA_D1 CA_MIX_(CA_A_dP(CA_R16), CA_B_cQ(7, 25))
#define CA_D2 CA_MIX_(CA_A_dQ(CA_R16), CA_B_dP(12, 20))
#define CA_D3 CA_MIX_(CA_A_dP(CA_R8), CA_B_dQ(12, 20))
#define CA_D4 CA_MIX_(CA_A_dQ(CA_R8), CA_B_dP(7, 25))
#define CA_C1 CA_MIX_(CA_A_cP(CA_R16), CA_B_dQ(7, 25))
#define CA_C2 CA_MIX_(CA_A_cQ(CA_R16), CA_B_cP(12, 20))
#define CA_C3 CA_MIX_(CA_A_cP(CA_R8), CA_B_cQ(12, 20))
#define CA_C4 CA_MIX_(CA_A_cQ(CA_R8), CA_B_cP(7, 25))

#define CA_LD(i) "vmovdqa " CA_V(i) ", %%ymm" #i "\n\t"
#define CA_LK(i) "vpbroadcastd " #i "*4(%[k]), %%ymm" #i "\n\t"
#define CA_SV(i) "vmovdqa %%ymm" #i ", " CA_V(i) "\n\t"

/* Rounds 2 to 20 (word i of block j in lane j of vector i).  In: the
 * state after the first column round, column 0 (words 0, 4, 8, 12) in
 * @w[0..3], the others in @k, one 32-bit word each (the same for every 8
 * blocks of a message; ch_first_round_shared's @pre), broadcast by the
 * loads.  (Sixteen broadcast vectors in memory cost a store each to make
 * and to wipe: 1.07x at 512 bytes, 1.04x at 1 KiB on Zen 4's AVX2 tier.)
 * Out: all 16 words in @v.  The diagonal round's dP.S1 alone, 9 times D2
 * D3 D4 C1 C2 C3 C4 D1, then D2 D3 D4 and dQ.S4 alone. */
#define CA_LW(j, i) "vmovdqa " #j "*32(%[w]), %%ymm" #i "\n\t"
#define CA_SVALL CA_SV(0) CA_SV(1) CA_SV(2) CA_SV(3) CA_SV(4) CA_SV(5) CA_SV(6) CA_SV(7) \
    CA_SV(8) CA_SV(9) CA_SV(10) CA_SV(12) CA_SV(13) CA_SV(14) CA_SV(15)
#define CA_LOOP ".p2align 5\n" "1:\n\t" CA_D2 CA_D3 CA_D4 CA_C1 CA_C2 CA_C3 CA_C4 CA_D1 \
    "dec %[n]\n\t" "jnz 1b\n\t"
/* The loop (@n times D2 .. D1), the last round's end and the stores of
 * all 16 words to @v: how every whole run of rounds ends. */
#define CA_LOOP_END CA_LOOP CA_D2 CA_D3 CA_D4 CA_S2_(CA_B_dQ(7, 25)) CA_SVALL
/* What follows the first round's start in x8_rounds and x8_rounds_full:
 * CA_LOOP_END and the operands. */
#define CA_ROUNDS_END                                                          \
    CA_LOOP_END                                                                \
    : [n] "+r"(n), "=m"(*(__m256i(*)[16])v)                                    \
    : [v] "r"(v), [w] "r"(w), [k] "r"(k), "m"(*(const __m256i(*)[4])w),        \
      "m"(*(const uint32_t(*)[16])k), [r16] "m"(ch_rot16), [r8] "m"(ch_rot8)   \
    : "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", \
      "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"
static inline void x8_rounds(__m256i v[16], const __m256i w[4], const uint32_t k[16])
{
    unsigned n = 9;
    __asm__(CA_LW(0, 0) CA_LK(1) CA_LK(2) CA_LK(3) CA_LW(1, 4) CA_LK(5) CA_LK(6) CA_LK(7)
            CA_LW(2, 8) CA_LK(9) CA_LW(3, 12) CA_LK(13) CA_LK(14) CA_LK(15)
            CA_LK(10) CA_LK(11) CA_SV(11)
            CA_S1_(CA_A_dP(CA_R16))
            CA_ROUNDS_END);
}

/* All twenty rounds, the column round included, from the words of the
 * state itself in @k (word 12 with the lane counters in @w[0]): for a
 * message of one group, where the shared first round and column 0
 * (ch_first_round_shared, x8_col0), a chain of dependent steps before
 * the rounds can start, cost more than the 49 operations they save
 * (ChaCha20 512 bytes 1.04x, ChaCha20-Poly1305 448 bytes 1.06x on Zen 4's
 * AVX2 tier; with two groups level, the second group's setup overlapping
 * the first's rounds).  The column round's cP.S1 alone, C2 C3 C4 D1,
 * then as x8_rounds. */
static inline void x8_rounds_full(__m256i v[16], const __m256i w[4], const uint32_t k[16])
{
    unsigned n = 9;
    __asm__(CA_LK(0) CA_LK(1) CA_LK(2) CA_LK(3) CA_LK(4) CA_LK(5) CA_LK(6) CA_LK(7)
            CA_LK(8) CA_LK(9) CA_LW(0, 12) CA_LK(13) CA_LK(14) CA_LK(15)
            CA_LK(10) CA_LK(11) CA_SV(11)
            CA_S1_(CA_A_cP(CA_R16)) CA_C2 CA_C3 CA_C4 CA_D1
            CA_ROUNDS_END);
}

#ifdef __OPTIMIZE__ /* used by the fused pass only (below) */
/* x8_rounds in three parts, so that other code can run between them in
 * program order (the ChaCha20 block 0 of the keyed seal below): the first
 * part loads the state and runs @n loop iterations, the middle one @n
 * more, the last one @n more and the end; between parts all 16 words are
 * in @v.  @t is memory the code in between works on (an operand only, so
 * that the compiler keeps that code between the parts). */
#define CA_LDALL CA_LD(0) CA_LD(1) CA_LD(2) CA_LD(3) CA_LD(4) CA_LD(5) CA_LD(6) CA_LD(7) \
    CA_LD(8) CA_LD(9) CA_LD(10) CA_LD(12) CA_LD(13) CA_LD(14) CA_LD(15)
#define CA_PART_OPS(t)                                                         \
    : [n] "+r"(n), "+m"(*(__m256i(*)[16])v), "+m"(*(__m128i(*)[4])t)          \
    : [v] "r"(v), [w] "r"(w), [k] "r"(k), "m"(*(const __m256i(*)[4])w),        \
      "m"(*(const uint32_t(*)[16])k), [r16] "m"(ch_rot16), [r8] "m"(ch_rot8)    \
    : "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", \
      "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"
static inline void x8_rounds_first(__m256i v[16], const __m256i w[4], const uint32_t k[16],
                                   unsigned n, __m128i t[4])
{
    __asm__(CA_LW(0, 0) CA_LK(1) CA_LK(2) CA_LK(3) CA_LW(1, 4) CA_LK(5) CA_LK(6) CA_LK(7)
            CA_LW(2, 8) CA_LK(9) CA_LW(3, 12) CA_LK(13) CA_LK(14) CA_LK(15)
            CA_LK(10) CA_LK(11) CA_SV(11)
            CA_S1_(CA_A_dP(CA_R16))
            CA_LOOP CA_SVALL
            CA_PART_OPS(t));
}
static inline void x8_rounds_more(__m256i v[16], const __m256i w[4], const uint32_t k[16],
                                  unsigned n, __m128i t[4])
{
    __asm__(CA_LDALL CA_LOOP CA_SVALL CA_PART_OPS(t));
}
static inline void x8_rounds_last(__m256i v[16], const __m256i w[4], const uint32_t k[16],
                                  unsigned n, __m128i t[4])
{
    __asm__(CA_LDALL CA_LOOP_END CA_PART_OPS(t));
}
#endif

/* Column 0 of the first round for blocks @ctr0 .. @ctr0 + 7 (the only
 * quarter round of it that involves the block counter) into @w: x0, x4,
 * x8, x12.  @k as for x8_rounds (k[0] = x0 + x4, k[4] = x4, k[8] = x8,
 * broadcast here). */
static inline void x8_col0(uint32_t ctr0, const uint32_t k[16], __m256i w[4])
{
    __m256i a = _mm256_set1_epi32((int)k[0]), b = _mm256_set1_epi32((int)k[4]);
    __m256i c = _mm256_set1_epi32((int)k[8]);
    __m256i d = ch_y_ctrs(ctr0);
    d = Y_R16(_mm256_xor_si256(d, a));
    c = _mm256_add_epi32(c, d);
    b = Y_R12(_mm256_xor_si256(b, c));
    a = _mm256_add_epi32(a, b);
    d = Y_R8(_mm256_xor_si256(d, a));
    c = _mm256_add_epi32(c, d);
    b = Y_R7(_mm256_xor_si256(b, c));
    w[0] = a;
    w[1] = b;
    w[2] = c;
    w[3] = d;
}

/* The final addition of the input state @st (counters @ctr0 + lane on
 * word 12), the transposes, and @len <= 512 bytes of @in XORed into @out,
 * from the state words in @v (after x8_rounds). */
static inline __attribute__((always_inline)) void x8_out_body(const __m256i v[16],
                                                              const uint32_t st[16],
                                                              uint32_t ctr0, uint8_t *out,
                                                              const uint8_t *in, size_t len,
                                                              const int whole)
{
    /* A partial group stores the 32-byte pieces that lie inside the
     * message as a whole group does, and the keystream of the piece it
     * ends in (if it ends inside one) into @last, whose first bytes are
     * XORed out (branches on the public length only).  Running the
     * group on zeros into a 512-byte buffer instead, then XORing its
     * bytes out and zeroing it (ch_partial_done), cost 1.09-1.10x at 448
     * bytes on Zen 4. */
    _Alignas(32) uint8_t last[32];
#define CA_FIN(i) __m256i x##i = _mm256_add_epi32(v[i], _mm256_set1_epi32((int)st[i]))
    CA_FIN(0); CA_FIN(1); CA_FIN(2); CA_FIN(3); CA_FIN(4); CA_FIN(5); CA_FIN(6); CA_FIN(7);
    CA_FIN(8); CA_FIN(9); CA_FIN(10); CA_FIN(11); CA_FIN(13); CA_FIN(14); CA_FIN(15);
#undef CA_FIN
    __m256i x12 = _mm256_add_epi32(v[12], ch_y_ctrs(ctr0));
    CH_TRANSPOSE4_Y(x0, x1, x2, x3);
    CH_TRANSPOSE4_Y(x4, x5, x6, x7);
    CH_TRANSPOSE4_Y(x8, x9, x10, x11);
    CH_TRANSPOSE4_Y(x12, x13, x14, x15);
#define CA_OUT(off, x)                                                         \
    do {                                                                       \
        if (whole || (off) + 32 <= len)                                        \
            _mm256_storeu_si256((__m256i *)(out + (off)),                      \
                                _mm256_xor_si256(x, _mm256_loadu_si256(        \
                                                        (const __m256i *)(in + (off))))); \
        else if ((off) < len)                                                  \
            _mm256_store_si256((__m256i *)(void *)last, x);                    \
    } while (0)
#define CA_BLOCKS(j, a, b, c, d)                                               \
    CA_OUT(64 * (j), _mm256_permute2x128_si256(a, b, 0x20));                   \
    CA_OUT(64 * (j) + 32, _mm256_permute2x128_si256(c, d, 0x20));              \
    CA_OUT(64 * (j) + 256, _mm256_permute2x128_si256(a, b, 0x31));             \
    CA_OUT(64 * (j) + 288, _mm256_permute2x128_si256(c, d, 0x31));
    CA_BLOCKS(0, x0, x4, x8, x12)
    CA_BLOCKS(1, x1, x5, x9, x13)
    CA_BLOCKS(2, x2, x6, x10, x14)
    CA_BLOCKS(3, x3, x7, x11, x15)
#undef CA_BLOCKS
#undef CA_OUT
    if (!whole && len % 32) {
        const size_t o = len & ~(size_t)31;
        axiom_xor_bytes(out + o, in + o, last, len - o);
        ch_wipe32(last, sizeof last);
    }
}

/* x8_out_body with the branches of a whole group compiled away (with
 * them, 512 and 1024 bytes ran 0.97x). */
static inline void x8_out(const __m256i v[16], const uint32_t st[16], uint32_t ctr0, uint8_t *out,
                          const uint8_t *in, size_t len)
{
    if (len == 512)
        x8_out_body(v, st, ctr0, out, in, 512, 1);
    else
        x8_out_body(v, st, ctr0, out, in, len, 0);
}

/* One group of blocks @ctr .. @ctr + 7 of the state @st (its word 12 not
 * read) from all twenty rounds (x8_rounds_full), @len <= 512 bytes of it
 * XORed out; the round output is left in @v for the caller to wipe (@w
 * holds only the public counters). */
static inline void x8_group_full(__m256i v[16], __m256i w[4], const uint32_t st[16], uint32_t ctr,
                                 uint8_t *out, const uint8_t *in, size_t len)
{
    w[0] = ch_y_ctrs(ctr);
    x8_rounds_full(v, w, st);
    x8_out(v, st, ctr, out, in, len);
}

/* Messages of more than AXIOM_CHACHA_ROW_BYTES run 8 blocks at a time
 * (the last group may be partial), then a rest of up to that many bytes
 * takes the 6-, 4- or 2-block row-form path.  The next group's first
 * column is computed before this group's output, so that its rounds can
 * start while the output runs. */
static void avx2_xor(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    /* One block in row form on xmm (two in ymm cost the same latency, but
     * a partial pair goes through a buffer); no copy of the state. */
    if (len <= 64) {
        if (len)
            chacha_x1(st, out, in, len);
        return;
    }
    if (len > AXIOM_CHACHA_ROW_BYTES && len <= AXIOM_CHACHA_AVX2_BYTES) {
        /* One group: no copy of the state (the counters come from @st in
         * w[0]), and only the round output to wipe. */
        struct {
            __m256i v[16], w[4];
        } sc;
        x8_group_full(sc.v, sc.w, st, st[12], out, in, len);
        ch_wipe32(sc.v, sizeof sc.v);
        return;
    }
    if (len > AXIOM_CHACHA_AVX2_BYTES + AXIOM_CHACHA_ROW_BYTES &&
        len <= 2 * AXIOM_CHACHA_AVX2_BYTES) {
        /* Two groups, the second possibly partial: each as the one-group
         * path runs it, from @st, in the same scratch. */
        struct {
            __m256i v[16], w[4];
        } sc;
        x8_group_full(sc.v, sc.w, st, st[12], out, in, AXIOM_CHACHA_AVX2_BYTES);
        x8_group_full(sc.v, sc.w, st, st[12] + 8, out + AXIOM_CHACHA_AVX2_BYTES,
                      in + AXIOM_CHACHA_AVX2_BYTES, len - AXIOM_CHACHA_AVX2_BYTES);
        ch_wipe32(sc.v, sizeof sc.v);
        return;
    }
    uint32_t s[16];
    memcpy(s, st, sizeof s);
    if (len > AXIOM_CHACHA_ROW_BYTES) {
        /* Two groups or more: all the per-message scratch in one place,
         * wiped at once. */
        struct {
            __m256i v[16], w[4];
            uint32_t pre[16];
        } sc;
        ch_first_round_shared(st, sc.pre);
        x8_col0(s[12], sc.pre, sc.w);
        do {
            const size_t n = len < AXIOM_CHACHA_AVX2_BYTES ? len : AXIOM_CHACHA_AVX2_BYTES;
            const uint32_t ctr0 = s[12];
            x8_rounds(sc.v, sc.w, sc.pre);
            s[12] += 8;
            len -= n;
            if (len > AXIOM_CHACHA_ROW_BYTES)
                x8_col0(s[12], sc.pre, sc.w);
            x8_out(sc.v, st, ctr0, out, in, n);
            out += n;
            in += n;
        } while (len > AXIOM_CHACHA_ROW_BYTES);
        ch_wipe32(&sc, sizeof sc);
    }
    if (len > 256)
        chacha_x6r(s, out, in, len);
    else if (len > 128)
        chacha_x4r(s, out, in, len);
    else if (len)
        chacha_x2(s, out, in, len);
    AXIOM_WIPE_FIXED(s);
}

const axiom_chacha_kernel axiom_chacha_avx2 = {
    .name = "avx2",
    .features = AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "AVX2, 8 blocks per pass",
    .xor = avx2_xor,
    .hchacha = chacha_hchacha_row,
};

/* The fused pass's assembly needs the compiler to address its operands
 * through a few base registers, which it does not do without optimisation
 * (gcc and clang -O0: "impossible constraints"); such builds go without
 * it (lib/chacha/x86_64/poly1305_avx2.c leaves the hook NULL). */
#ifdef __OPTIMIZE__
/* ------------------------------------------------------------------------
 * ChaCha20-Poly1305 in one pass (the chachapoly hook of the AVX2 Poly1305
 * kernel, lib/chacha/poly1305.h).  The 8-way rounds above keep the three vector
 * ports busy and leave the integer side idle; here the Poly1305 of the
 * ciphertext runs as scalar 64-bit code on general-purpose registers
 * inside the same assembly loop, 4 or 3 16-byte blocks per double
 * round (32 per 512-byte group, in double rounds 2 to 10).  Seal MACs the
 * previous group's output during a group's rounds (the last group's after
 * the loop, on the vector Poly1305 kernel); open MACs the group's own
 * input, which it knows before decrypting.
 *
 * Poly1305 in radix 2^64: h = h0 + h1 2^64 + h2 2^128 (h2 small), r = r0 +
 * r1 2^64 (clamped: both below 2^60, r1 a multiple of 4), s1 = r1 + r1 / 4.
 * Per block, after h += m + 2^128:
 *   d0 = h0 r0 + h1 s1             (h1 r1 2^128 = h1 (r1 / 4) 2^130 = h1 s1)
 *   d1 = h0 r1 + h1 r0 + h2 s1     (h2 r1 2^192 = h2 s1 2^64)
 *   d2 = h2 r0
 * then d1 += d0 >> 64, d2 += d1 >> 64 (d2 < 2^63), and d2's bits from 2^130
 * on fold back times 5: h0 = d0 mod 2^64 + 5 (d2 >> 2), h1 = d1 mod 2^64,
 * h2 = d2 & 3, with the carries.  Bounds: h2 <= 4 after a block, <= 6
 * after h += m + 2^128 (<= 9 on entry, from radix 2^44); d0 < 2^126, d1 <
 * 2^126, h2 s1 and h2 r0 < 2^64.  MUL and IMUL are constant time; no
 * branch or index depends on the key or the data. */

/* Operands: h0..h2 the accumulator, m the block pointer (advanced), t0..t2
 * scratch, rax/rdx for MUL, r0/r1/s1 in memory. */
#define CP_BLOCK                                                               \
    "addq (%[m]), %[h0]\n\t"                                                   \
    "adcq 8(%[m]), %[h1]\n\t"                                                  \
    "adcq $1, %[h2]\n\t"                                                       \
    "movq %[h0], %%rax\n\t"                                                    \
    "mulq %[r0]\n\t"                                                           \
    "movq %%rax, %[t0]\n\t"                                                    \
    "movq %%rdx, %[t1]\n\t"                                                    \
    "movq %[h1], %%rax\n\t"                                                    \
    "mulq %[s1]\n\t"                                                           \
    "addq %%rax, %[t0]\n\t"                                                    \
    "adcq %%rdx, %[t1]\n\t"                                                    \
    "movq %[h0], %%rax\n\t"                                                    \
    "mulq %[r1]\n\t"                                                           \
    "movq %%rax, %[h0]\n\t"                                                    \
    "movq %%rdx, %[t2]\n\t"                                                    \
    "movq %[h1], %%rax\n\t"                                                    \
    "mulq %[r0]\n\t"                                                           \
    "addq %%rax, %[h0]\n\t"                                                    \
    "adcq %%rdx, %[t2]\n\t"                                                    \
    "movq %[h2], %%rax\n\t"                                                    \
    "imulq %[s1], %%rax\n\t"                                                   \
    "addq %%rax, %[h0]\n\t"                                                    \
    "adcq $0, %[t2]\n\t"                                                       \
    "imulq %[r0], %[h2]\n\t"                                                   \
    "addq %[t1], %[h0]\n\t"                                                    \
    "adcq %[t2], %[h2]\n\t"                                                    \
    "movq %[h0], %[h1]\n\t"                                                    \
    "movq %[h2], %[t1]\n\t"                                                    \
    "shrq $2, %[t1]\n\t"                                                       \
    "andq $3, %[h2]\n\t"                                                       \
    "leaq (%[t1],%[t1],4), %[t1]\n\t"                                          \
    "addq %[t1], %[t0]\n\t"                                                    \
    "adcq $0, %[h1]\n\t"                                                       \
    "adcq $0, %[h2]\n\t"                                                       \
    "movq %[t0], %[h0]\n\t"                                                    \
    "addq $16, %[m]\n\t"

/* The same with MULX (BMI2): h0, then h1, in rdx; rax is a fourth
 * temporary. */
#define CP_BLOCK_X                                                             \
    "addq (%[m]), %[h0]\n\t"                                                   \
    "adcq 8(%[m]), %[h1]\n\t"                                                  \
    "adcq $1, %[h2]\n\t"                                                       \
    "movq %[h0], %%rdx\n\t"                                                    \
    "mulxq %[r0], %[t0], %[t1]\n\t"                                            \
    "mulxq %[r1], %[t2], %%rax\n\t"                                            \
    "movq %[h1], %%rdx\n\t"                                                    \
    "mulxq %[s1], %[h0], %[h1]\n\t"                                            \
    "addq %[h0], %[t0]\n\t"                                                    \
    "adcq %[h1], %[t1]\n\t"                                                    \
    "mulxq %[r0], %[h0], %[h1]\n\t"                                            \
    "addq %[h0], %[t2]\n\t"                                                    \
    "adcq %[h1], %%rax\n\t"                                                    \
    "movq %[h2], %[h1]\n\t"                                                    \
    "imulq %[s1], %[h1]\n\t"                                                   \
    "imulq %[r0], %[h2]\n\t"                                                   \
    "addq %[h1], %[t2]\n\t"                                                    \
    "adcq $0, %%rax\n\t"                                                       \
    "addq %[t1], %[t2]\n\t"                                                    \
    "adcq %%rax, %[h2]\n\t"                                                    \
    "movq %[h2], %[h0]\n\t"                                                    \
    "shrq $2, %[h0]\n\t"                                                       \
    "andq $3, %[h2]\n\t"                                                       \
    "leaq (%[h0],%[h0],4), %[h0]\n\t"                                          \
    "addq %[t0], %[h0]\n\t"                                                    \
    "adcq $0, %[t2]\n\t"                                                       \
    "adcq $0, %[h2]\n\t"                                                       \
    "movq %[t2], %[h1]\n\t"                                                    \
    "addq $16, %[m]\n\t"

/* The scalar Poly1305 state of the fused pass. */
typedef struct cp_mac {
    uint64_t h[3];
    uint64_t r0, r1, s1;
} cp_mac;

/* x8_rounds with the 32 Poly1305 blocks at @m absorbed into @a on the
 * way: the loop runs @N times @LOOP (here two double rounds with 4 + 3
 * blocks), then @TAIL (the ninth full double round, 4 blocks), then the
 * last round's start without.  x8_rounds_mac uses MUL, x8_rounds_macx
 * MULX. */
#define CP_ROUNDS_MAC(name, N, LOOP, TAIL)                                     \
static inline void name(__m256i v[16], const __m256i w[4], const uint32_t k[16], cp_mac *a,    \
                        const uint8_t *m)                                      \
{                                                                              \
    unsigned n = N;                                                            \
    uint64_t h0 = a->h[0], h1 = a->h[1], h2 = a->h[2], t0, t1, t2;             \
    __asm__(CA_LW(0, 0) CA_LK(1) CA_LK(2) CA_LK(3) CA_LW(1, 4) CA_LK(5) CA_LK(6) CA_LK(7)   \
            CA_LW(2, 8) CA_LK(9) CA_LW(3, 12) CA_LK(13) CA_LK(14) CA_LK(15)    \
            CA_LK(10) CA_LK(11) CA_SV(11)                                      \
            CA_S1_(CA_A_dP(CA_R16))                                            \
            ".p2align 5\n"                                                     \
            "1:\n\t" LOOP                                                      \
            "dec %[n]\n\t"                                                     \
            "jnz 1b\n\t"                                                       \
            TAIL                                                               \
            CA_D2 CA_D3 CA_D4 CA_S2_(CA_B_dQ(7, 25))                           \
            CA_SV(0) CA_SV(1) CA_SV(2) CA_SV(3) CA_SV(4) CA_SV(5) CA_SV(6) CA_SV(7) \
            CA_SV(8) CA_SV(9) CA_SV(10) CA_SV(12) CA_SV(13) CA_SV(14) CA_SV(15) \
            : [n] "+r"(n), "=m"(*(__m256i(*)[16])v), [h0] "+r"(h0), [h1] "+r"(h1), \
              [h2] "+r"(h2), [m] "+r"(m), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2) \
            : [v] "r"(v), [w] "r"(w), [k] "r"(k), "m"(*(const __m256i(*)[4])w),  \
              "m"(*(const uint32_t(*)[16])k), [r16] "m"(ch_rot16), [r8] "m"(ch_rot8), \
              "m"(*(const uint8_t(*)[512])m), [r0] "m"(a->r0), [r1] "m"(a->r1), \
              [s1] "m"(a->s1)                                                  \
            : "cc", "rax", "rdx", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
              "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"); \
    a->h[0] = h0;                                                              \
    a->h[1] = h1;                                                              \
    a->h[2] = h2;                                                              \
}
/* A double round with four blocks (after slots 2, 4, 6, 8) or three
 * (after 2, 5, 7). */
#define CP_DR4(B) CA_D2 CA_D3 B CA_D4 CA_C1 B CA_C2 CA_C3 B CA_C4 CA_D1 B
#define CP_DR3(B) CA_D2 CA_D3 B CA_D4 CA_C1 CA_C2 B CA_C3 CA_C4 B CA_D1
CP_ROUNDS_MAC(x8_rounds_mac, 4, CP_DR4(CP_BLOCK) CP_DR3(CP_BLOCK), CP_DR4(CP_BLOCK))
CP_ROUNDS_MAC(x8_rounds_macx, 4, CP_DR4(CP_BLOCK_X) CP_DR3(CP_BLOCK_X), CP_DR4(CP_BLOCK_X))

#define CP_M44 ((UINT64_C(1) << 44) - 1)
#define CP_M42 ((UINT64_C(1) << 42) - 1)

/* The fused pass's Poly1305 state from @p (radix 2^44, limbs summing
 * below 2^131) in radix 2^64. */
static void cp_load(const axiom_poly1305 *p, cp_mac *a)
{
    uint64_t x0 = p->h[0], x1 = p->h[1], x2 = p->h[2], c;
    c = x0 >> 44; x0 &= CP_M44; x1 += c;
    c = x1 >> 44; x1 &= CP_M44; x2 += c;
    a->h[0] = x0 | (x1 << 44);
    a->h[1] = (x1 >> 20) | (x2 << 24);
    a->h[2] = x2 >> 40;
    a->r0 = p->r[0] | (p->r[1] << 44);
    a->r1 = (p->r[1] >> 20) | (p->r[2] << 24);
    a->s1 = a->r1 + (a->r1 >> 2);
}

/* The fused pass's accumulator back into @p: radix 2^44, limbs under
 * 2^44, 2^44 and 2^42 (h2 < 5 after a block; what passes 2^130 folds in
 * times 5). */
static void cp_store(axiom_poly1305 *p, const cp_mac *a)
{
    uint64_t x0, x1, x2, c;
    x0 = a->h[0] & CP_M44;
    x1 = ((a->h[0] >> 44) | (a->h[1] << 20)) & CP_M44;
    x2 = (a->h[1] >> 24) | (a->h[2] << 40);
    c = x2 >> 42; x2 &= CP_M42; x0 += c * 5;
    c = x0 >> 44; x0 &= CP_M44; x1 += c;
    p->h[0] = x0;
    p->h[1] = x1;
    p->h[2] = x2;
}

/* A loop of @nblocks (at least 1) scalar Poly1305 blocks, CP_BLOCK_X or
 * CP_BLOCK, on @a.  It reads 16 * @nblocks bytes at @m, which no operand
 * of fixed size can name: a memory clobber stands for them. */
#define CP_SCALAR_LOOP_ON(BLOCK)                                               \
    __asm__(".p2align 4\n"                                                     \
            "1:\n\t" BLOCK                                                      \
            "dec %[n]\n\t"                                                      \
            "jnz 1b\n\t"                                                        \
            : [n] "+r"(nblocks), [h0] "+r"(h0), [h1] "+r"(h1), [h2] "+r"(h2),  \
              [m] "+r"(m), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2)       \
            : [r0] "m"(a.r0), [r1] "m"(a.r1), [s1] "m"(a.s1)                 \
            : "cc", "rax", "rdx", "memory")

/* CP_SCALAR_LOOP_ON with MULX where the CPU has BMI2 (a public feature). */
#define CP_SCALAR_LOOP()                                                       \
    do {                                                                       \
        if (axiom_cpu_features() & AXIOM_CPU_BMI2)                             \
            CP_SCALAR_LOOP_ON(CP_BLOCK_X);                                     \
        else                                                                   \
            CP_SCALAR_LOOP_ON(CP_BLOCK);                                       \
    } while (0)

/* Poly1305 on @nblocks whole blocks at @m, one after the other on
 * general-purpose registers (lib/chacha/poly1305.h): the block of the
 * fused pass, with MULX where the CPU has BMI2.  Fewer instructions than
 * the portable loop (no spills, no setb), the same radix-2^64 steps and
 * bounds. */
void axiom_poly1305_avx2_scalar(axiom_poly1305 *p, const uint8_t *m, size_t nblocks)
{
    if (!nblocks)
        return;
    cp_mac a;
    cp_load(p, &a);
    uint64_t h0 = a.h[0], h1 = a.h[1], h2 = a.h[2], t0, t1, t2;
    CP_SCALAR_LOOP();
    a.h[0] = h0;
    a.h[1] = h1;
    a.h[2] = h2;
    cp_store(p, &a);
    /* Inline stores, kept by the barrier (a call to axiom_wipe cost more
     * than a block). */
    _Static_assert(sizeof a % 16 == 0, "whole 16-byte stores");
    axiom_zero16(&a, sizeof a);
    __asm__ __volatile__("" : : "r"(&a) : "memory");
}

/* The tag from h = h0 + h1 2^64 + h2 2^128 (below 2p, as after a block:
 * h < 5 * 2^128), so one conditional subtraction of p (h + 5 reaches
 * 2^130 exactly when h >= p, taken with a mask), and s = s0 + s1 2^64
 * added modulo 2^128. */
static inline void cp_tag(uint8_t tag[16], uint64_t h0, uint64_t h1, const uint64_t h2,
                          const uint64_t s0, const uint64_t s1)
{
    const uint64_t g0 = h0 + 5, c0 = g0 < 5;
    const uint64_t g1 = h1 + c0, c1 = g1 < c0;
    const uint64_t take = 0 - ((h2 + c1) >> 2);
    h0 = (h0 & ~take) | (g0 & take);
    h1 = (h1 & ~take) | (g1 & take);
    const unsigned __int128 t = (unsigned __int128)h0 + s0;
    axiom_store64_le(tag, (uint64_t)t);
    axiom_store64_le(tag + 8, h1 + s1 + (uint64_t)(t >> 64));
}

/* Poly1305 from the one-time key to the tag in radix 2^64: r and s from
 * @key, the @nblocks blocks at @m on the scalar loop, then h modulo
 * 2^130 - 5 (h < 5 * 2^128 after a block, under 2p, so one conditional
 * subtraction: h + 5 reaches 2^130 exactly when h >= p) and s added
 * modulo 2^128.  What init, the blocks call and final do through the
 * state, without its conversions to and from radix 2^44 (callgrind, a
 * 17-block MAC: 619 instructions, against 836 through init, the blocks
 * call and final).  Constant time: the subtraction is a mask; only r
 * reaches the stack (the loop's memory operands), wiped before return. */
void axiom_poly1305_avx2_oneshot(uint8_t tag[16], const uint8_t key[32], const uint8_t *m,
                                 size_t nblocks)
{
    cp_mac a;
    a.r0 = axiom_load64_le(key) & UINT64_C(0x0ffffffc0fffffff);
    a.r1 = axiom_load64_le(key + 8) & UINT64_C(0x0ffffffc0ffffffc);
    a.s1 = a.r1 + (a.r1 >> 2);
    uint64_t h0 = 0, h1 = 0, h2 = 0, t0, t1, t2;
    if (nblocks) {
        CP_SCALAR_LOOP();
    }
    cp_tag(tag, h0, h1, h2, axiom_load64_le(key + 16), axiom_load64_le(key + 24));
    _Static_assert(sizeof a % 16 == 0, "whole 16-byte stores");
    axiom_zero16(&a, sizeof a);
    __asm__ __volatile__("" : : "r"(&a) : "memory");
}

/* The last hook (lib/chacha/poly1305.h): @p's accumulator and r into
 * radix 2^64, the block @b on the scalar loop, the tag as the one-shot
 * MAC makes it, and @p wiped.  The portable blocks call and final in
 * radix 2^44 took 230 instructions for the same (callgrind, the length
 * block of a 1 KiB ChaCha20-Poly1305 open on the AVX2 tier), with their
 * conversions and carries on the message's last chain. */
void axiom_poly1305_avx2_last(axiom_poly1305 *p, const uint8_t b[16], uint8_t tag[16])
{
    cp_mac a;
    cp_load(p, &a);
    uint64_t h0 = a.h[0], h1 = a.h[1], h2 = a.h[2], t0, t1, t2;
    const uint8_t *m = b;
    size_t nblocks = 1;
    CP_SCALAR_LOOP();
    cp_tag(tag, h0, h1, h2, p->pad[0], p->pad[1]);
    _Static_assert(sizeof a % 16 == 0, "whole 16-byte stores");
    axiom_zero16(&a, sizeof a);
    __asm__ __volatile__("" : : "r"(&a) : "memory");
    axiom_poly1305_wipe(p);
}

/* Two double rounds of the one-block row form on the rows in @t. */
static inline void cp_key_dr2(__m128i t[4])
{
    __m128i a = t[0], b = t[1], c = t[2], d = t[3];
    for (int i = 0; i < 2; i++) {
        S_QR(a, b, c, d)
        CH_ROW_DIAG(_mm_shuffle_epi32, a, c, d);
        S_QR(a, b, c, d)
        CH_ROW_UNDIAG(_mm_shuffle_epi32, a, c, d);
    }
    t[0] = a;
    t[1] = b;
    t[2] = c;
    t[3] = d;
}

/* @groups groups of 8 blocks (512 bytes each) on the 8-way path, the
 * Poly1305 in the rounds.  p->h and p->r are in radix 2^44
 * (lib/chacha/poly1305.c): converted to 2^64 on entry and back on exit.  With
 * @keyk (seal only), block st[12] is the Poly1305 key: its
 * double rounds, in row form, run two at a time between parts of the
 * first group's rounds (that group carries no Poly1305 in seal), so that
 * its dependent chain overlaps them instead of running before the pass;
 * then @p starts on kernel @keyk and absorbs @ad, and the groups are
 * blocks st[12] + 1 on. */
static void cp_groups(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                      size_t groups, size_t rest, int enc, const axiom_poly1305_kernel *keyk,
                      const uint8_t *ad, size_t adlen)
{
    /* @rest (seal only, below 512) bytes after the whole groups: one more
     * group, its output partial, whose rounds run beside the MAC of the
     * group before; its own MAC comes after the loop. */
    const size_t all = groups + (rest != 0);
    if (!all)
        return;
    struct {
        __m256i v[16], w[4];
        uint32_t pre[16];
        cp_mac a;
        __m128i kb[4];
        _Alignas(16) uint8_t pk[64];
    } sc;
    if (!keyk)
        cp_load(p, &sc.a);
    /* Seal MACs the last group after the loop, on the vector kernel: its
     * powers of r now, where the scalar multiplies overlap the first
     * rounds instead of delaying that MAC.  With @keyk (a message of
     * 449-1023 bytes) that group's MAC is the scalar loop instead: the
     * vector kernel's powers and setup for at most 32 blocks cost more
     * than they save (512-1023 bytes 1.05-1.15x on Zen 4's AVX2 tier). */
    if (enc && !keyk)
        axiom_poly1305_avx2_powers(p);

    ch_first_round_shared(st, sc.pre);
    uint32_t ctr = st[12] + (keyk != NULL);
    x8_col0(ctr, sc.pre, sc.w);
    const int mulx = (axiom_cpu_features() & AXIOM_CPU_BMI2) != 0;
    for (size_t g = 0; g < all; g++) {
        const uint8_t *m = enc ? out - 512 : in;
        const size_t n = g < groups ? 512 : rest;
        if (keyk && !g) {
            for (int i = 0; i < 4; i++)
                sc.kb[i] = _mm_loadu_si128((const __m128i *)(st + 4 * i));
            cp_key_dr2(sc.kb);
            x8_rounds_first(sc.v, sc.w, sc.pre, 2, sc.kb);
            cp_key_dr2(sc.kb);
            x8_rounds_more(sc.v, sc.w, sc.pre, 2, sc.kb);
            cp_key_dr2(sc.kb);
            x8_rounds_more(sc.v, sc.w, sc.pre, 2, sc.kb);
            cp_key_dr2(sc.kb);
            x8_rounds_more(sc.v, sc.w, sc.pre, 2, sc.kb);
            cp_key_dr2(sc.kb);
            x8_rounds_last(sc.v, sc.w, sc.pre, 1, sc.kb);
            for (int i = 0; i < 2; i++)
                _mm_store_si128((__m128i *)(sc.pk + 16 * i),
                                _mm_add_epi32(sc.kb[i], _mm_loadu_si128((const __m128i *)(st + 4 * i))));
            axiom_poly1305_init(p, sc.pk, keyk);
            axiom_poly1305_update_pad16(p, ad, adlen);
            cp_load(p, &sc.a);
        } else if ((!enc || g) && mulx)
            x8_rounds_macx(sc.v, sc.w, sc.pre, &sc.a, m);
        else if (!enc || g)
            x8_rounds_mac(sc.v, sc.w, sc.pre, &sc.a, m);
        else
            x8_rounds(sc.v, sc.w, sc.pre);
        const uint32_t ctr0 = ctr;
        ctr += 8;
        if (g + 1 < all)
            x8_col0(ctr, sc.pre, sc.w);
        x8_out(sc.v, st, ctr0, out, in, n);
        out += n;
        in += n;
    }
    cp_store(p, &sc.a);
    if (rest)
        axiom_poly1305_update_pad16(p, out - rest, rest);
    else if (enc && keyk)
        axiom_poly1305_avx2_scalar(p, out - 512, 32);
    else if (enc)
        p->k->blocks(p, out - 512, 32);
    st[12] = ctr;
    _Static_assert(sizeof sc % 32 == 0, "whole ymm stores");
    ch_wipe32(&sc, sizeof sc);
}

/* The chachapoly hook (lib/chacha/poly1305.h): @nchunks KiB = 2 * @nchunks
 * groups. */
void axiom_chacha_avx2_chachapoly(uint32_t st[16], axiom_poly1305 *p, uint8_t *out,
                                  const uint8_t *in, size_t nchunks, int enc,
                                  const uint8_t *mac0)
{
    if (mac0)
        p->k->blocks(p, mac0, 64);
    cp_groups(st, p, out, in, 2 * nchunks, 0, enc, NULL, NULL, 0);
}

/* The chachapoly512 hook (lib/chacha/poly1305.h): @ngroups * 512 bytes, so that
 * messages of 512 to 1023 bytes and odd 512-byte groups are fused too. */
void axiom_chacha_avx2_chachapoly512(uint32_t st[16], axiom_poly1305 *p, uint8_t *out,
                                     const uint8_t *in, size_t ngroups, int enc)
{
    cp_groups(st, p, out, in, ngroups, 0, enc, NULL, NULL, 0);
}

/* The chachapoly512_seal hook (lib/chacha/poly1305.h). */
void axiom_chacha_avx2_chachapoly512_seal(uint32_t st[16], axiom_poly1305 *p, uint8_t *out,
                                          const uint8_t *in, size_t len, const uint8_t *ad,
                                          size_t adlen)
{
    cp_groups(st, p, out, in, len / 512, len % 512, 1, &axiom_poly1305_avx2, ad, adlen);
}
#endif /* __OPTIMIZE__ */
