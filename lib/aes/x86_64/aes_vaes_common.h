/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the two VAES AES kernels share: the key schedule, the serial modes
 * (CBC/CFB encryption, OFB) on 128-bit VEX registers, one-block ECB on xmm,
 * and the multi-block machinery of the parallel modes written once for any
 * vector width (round keys, rounds, mode steps, run loop, mode bodies, the
 * short/long split), over primitives each kernel file defines for its width.
 *
 * Everything here is static inline or a macro, so that each kernel file
 * compiles its own copy with its own -m flags: the serial code is then
 * VEX-encoded like the rest of the kernel, and never pays an SSE/AVX
 * transition.
 *
 * The key schedule is the AES-NI kernel's (aes_x86_keys.h), so that
 * schedules can be compared between kernels.
 *
 * Constant time: AESENC/AESKEYGENASSIST/AESIMC take the same time for every
 * input, and the only branches are on the round count, the length and, in
 * CTR, the public counter value (ctr_secret does not branch on its
 * counter). */
#ifndef AXIOM_AES_VAES_COMMON_H
#define AXIOM_AES_VAES_COMMON_H

#include <string.h>
#include <immintrin.h>

#include "core/bc.h"
#include "core/bc_modes.h"
#include "core/x86_prefetch.h"
#include "aes/x86_64/aes_x86_keys.h"

#define VAES_FORCE_INLINE static inline __attribute__((always_inline))

static inline const __m128i *vaes_enc_keys(const axiom_bc_ks *ks)
{
    return (const __m128i *)(const void *)ks->w;
}

static inline const __m128i *vaes_dec_keys(const axiom_bc_ks *ks)
{
    return (const __m128i *)(const void *)((const unsigned char *)ks->w + AESX_DEC_OFFSET);
}

static inline __m128i vaes_load128(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static inline void vaes_store128(uint8_t *p, __m128i v)
{
    _mm_storeu_si128((__m128i *)(void *)p, v);
}

/* XTS tweak times alpha^k (1 <= k <= 56) for one 128-bit tweak (IEEE 1619:
 * byte 0 least significant, so the register's little-endian value is the
 * polynomial).  The 128-bit shift is two 64-bit shifts plus the bits that
 * cross from the low half; the k bits that leave the top come back reduced
 * by x^128 = x^7 + x^2 + x + 1 with one carry-less multiply (the product
 * has at most k + 8 bits, so it stays in the low half). */
static inline __m128i vaes_xts_mulx128(__m128i t, unsigned k)
{
    const __m128i s = _mm_srl_epi64(t, _mm_cvtsi32_si128((int)(64 - k)));
    const __m128i r = _mm_clmulepi64_si128(s, _mm_set_epi64x(0, 0x87), 0x01);
    return _mm_xor_si128(_mm_xor_si128(_mm_sll_epi64(t, _mm_cvtsi32_si128((int)k)),
                                       _mm_slli_si128(s, 8)), r);
}

/* ---- serial modes ------------------------------------------------------
 * Each chain step needs the previous block's output, so these run one block
 * at a time and what matters is latency: the round keys stay in registers,
 * the round count is a compile-time constant in each of three inlined
 * copies, and the XOR that starts the next block (feedback ^ k0) rides on a
 * second AESENCLAST of the same state instead of following the output, so a
 * block costs exactly nr AES latencies. */

#define VAES_SERIAL_KEYS                                                                           \
    __m128i k[15];                                                                                 \
    _Pragma("GCC unroll 16")                                                                       \
    for (unsigned r_ = 0; r_ <= nr; r_++)                                                          \
        k[r_] = _mm_load_si128(rk + r_);                                                           \
    const __m128i klast = k[nr];                                                                   \
    const __m128i klast0 = _mm_xor_si128(klast, k[0])

/* Rounds 1 .. nr-1 of one state. */
#define VAES_SERIAL_ROUNDS(x) AESX_MID_ROUNDS(x, k, nr)

/* c[i] = E(p[i] ^ c[i-1]); the state after whitening is p ^ c ^ k0.  The
 * next state's AESENCLAST comes first in program order: it is on the
 * chain, the output block's is not (as second, CMAC's 16 KiB chain took
 * about 1.5 % longer on an Intel Xeon with AMX, and CBC encryption 2 %
 * on an AMD EPYC Zen 4).  GCC put the output block's first when both
 * were in one conditional step, so the last block is peeled off and an
 * empty asm statement that takes both states orders them. */
VAES_FORCE_INLINE void vaes_cbc_enc_nr(const __m128i *rk, const unsigned nr, uint8_t *out,
                                       const uint8_t *in, size_t n, uint8_t *iv)
{
    VAES_SERIAL_KEYS;
    __m128i c = vaes_load128(iv);
    __m128i x = _mm_xor_si128(_mm_xor_si128(vaes_load128(in), k[0]), c);
    for (size_t i = 0; i + 1 < n; i++) {
        VAES_SERIAL_ROUNDS(x);
        __m128i xp = x;
        x = _mm_aesenclast_si128(xp, _mm_xor_si128(klast0, vaes_load128(in + 16 * (i + 1))));
        __asm__("" : "+x"(x), "+x"(xp));
        c = _mm_aesenclast_si128(xp, klast);
        vaes_store128(out + 16 * i, c);
    }
    VAES_SERIAL_ROUNDS(x);
    c = _mm_aesenclast_si128(x, klast);
    vaes_store128(out + 16 * (n - 1), c);
    vaes_store128(iv, c);
}

/* c[i] = E(c[i-1]) ^ p[i]; the next state c[i] ^ k0.  As in CBC, the
 * next state's AESENCLAST comes first in program order (the empty asm
 * statement orders the two). */
VAES_FORCE_INLINE void vaes_cfb_enc_nr(const __m128i *rk, const unsigned nr, uint8_t *out,
                                       const uint8_t *in, size_t n, uint8_t *iv)
{
    VAES_SERIAL_KEYS;
    __m128i x = _mm_xor_si128(vaes_load128(iv), k[0]);
    __m128i c = x;
    for (size_t i = 0; i < n; i++) {
        const __m128i p = vaes_load128(in + 16 * i);
        VAES_SERIAL_ROUNDS(x);
        __m128i xp = x;
        x = _mm_aesenclast_si128(xp, _mm_xor_si128(klast0, p));
        __asm__("" : "+x"(x), "+x"(xp));
        c = _mm_aesenclast_si128(xp, _mm_xor_si128(klast, p));
        vaes_store128(out + 16 * i, c);
    }
    vaes_store128(iv, c);
}

/* o[i] = E(o[i-1]), out = in ^ o; the state is o ^ k0 throughout, its
 * AESENCLAST first in program order. */
VAES_FORCE_INLINE void vaes_ofb_nr(const __m128i *rk, const unsigned nr, uint8_t *out,
                                   const uint8_t *in, size_t n, uint8_t *iv)
{
    VAES_SERIAL_KEYS;
    __m128i x = _mm_xor_si128(vaes_load128(iv), k[0]);
    for (size_t i = 0; i < n; i++) {
        const __m128i p = vaes_load128(in + 16 * i);
        VAES_SERIAL_ROUNDS(x);
        __m128i xp = x;
        x = _mm_aesenclast_si128(xp, klast0);
        __asm__("" : "+x"(x), "+x"(xp));
        vaes_store128(out + 16 * i, _mm_aesenclast_si128(xp, _mm_xor_si128(klast, p)));
    }
    vaes_store128(iv, _mm_xor_si128(x, k[0]));
}

/* ---- multi-block machinery, written once for ymm and zmm ---------------
 * A kernel file defines its width's primitives under a prefix P (VY for
 * ymm, VZ for zmm): P##_DECL, P##_STORE, P##_ECB_LOAD, P##_CFB_LOAD,
 * P##_CBC_LAST, P##_CTR_FAST/SLOW, P##_XTS_LOAD/KEYLAST/ADV, P##_XORK0 and
 * P##_ENCLAST_XOR_IN, each X(i, M) for register i; the steps below put
 * them together.  EACHn expands X(i, M) for n registers; blocks live in
 * b0..b7 so that they stay in registers.  M is FULL (whole registers) or
 * MASK (the tail: only the blocks of the message are loaded and stored). */
#define VAES_EACH8(X, M) X(0, M) X(1, M) X(2, M) X(3, M) X(4, M) X(5, M) X(6, M) X(7, M)
#define VAES_EACH4(X, M) X(0, M) X(1, M) X(2, M) X(3, M)
#define VAES_EACH2(X, M) X(0, M) X(1, M)
#define VAES_EACH1(X, M) X(0, M)

/* The round keys of an @nr-round schedule at @rk, each broadcast to every
 * 128-bit lane of a vector of type V by BCAST(rk, r): with @memk (a
 * constant in every copy of a body) read from the schedule as each round
 * needs them, through the pointer rkc_ that P##_STEP_BEGIN makes opaque
 * once per step (so that the loads stay in the loop); otherwise once per
 * call into krN_ (in registers, or spilled by the compiler).  kN is the
 * key of round N either way (lib/aes/x86_64/aes_vaes_keys.h, which a
 * kernel file includes after defining VAES_KEY_BCAST, its BCAST); k10..k13
 * only exist for longer keys (otherwise zero, never used by VAES_ROUNDS).  Where each kernel keeps them: lib/aes/x86_64/
 * aes_vaes_avx2.c and aes_vaes_avx512.c, doc/design/aes.md. */
#define VAES_KEYS_MODE(V, BCAST, ZERO, rk, memk)                                                   \
    const __m128i *rkc_ = (rk);                                                                    \
    const int memk_ = (memk);                                                                      \
    const V z_ = (ZERO);                                                                           \
    const V kr0_ = memk_ ? z_ : BCAST(rkc_, 0), kr1_ = memk_ ? z_ : BCAST(rkc_, 1);                \
    const V kr2_ = memk_ ? z_ : BCAST(rkc_, 2), kr3_ = memk_ ? z_ : BCAST(rkc_, 3);                \
    const V kr4_ = memk_ ? z_ : BCAST(rkc_, 4), kr5_ = memk_ ? z_ : BCAST(rkc_, 5);                \
    const V kr6_ = memk_ ? z_ : BCAST(rkc_, 6), kr7_ = memk_ ? z_ : BCAST(rkc_, 7);                \
    const V kr8_ = memk_ ? z_ : BCAST(rkc_, 8), kr9_ = memk_ ? z_ : BCAST(rkc_, 9);                \
    const V kr10_ = memk_ || nr <= 10 ? z_ : BCAST(rkc_, 10);                                      \
    const V kr11_ = memk_ || nr <= 10 ? z_ : BCAST(rkc_, 11);                                      \
    const V kr12_ = memk_ || nr <= 12 ? z_ : BCAST(rkc_, 12);                                      \
    const V kr13_ = memk_ || nr <= 12 ? z_ : BCAST(rkc_, 13);                                      \
    const V krl_ = memk_ ? z_ : BCAST(rkc_, nr)
#define VAES_STEP_MEMK __asm__("" : "+r"(rkc_))

/* One round of every register with key K (OP uses it as k_).  A step of
 * 8 registers runs the kernel's OP##8 (P##_ENC8, P##_DEC8), which may
 * issue the 8 rounds in one asm statement: the order the compiler's
 * scheduler gives them can cost a few per cent (aes_vaes_avx2.c). */
#define VAES_ROUND(EACH, OP, M, K)                                                                 \
    {                                                                                              \
        const __typeof__(K) k_ = (K);                                                              \
        VAES_ROUND_##EACH(OP, M)                                                                   \
    }
#define VAES_ROUND_VAES_EACH8(OP, M) OP##8(M)
#define VAES_ROUND_VAES_EACH4(OP, M) VAES_EACH4(OP, M)
#define VAES_ROUND_VAES_EACH2(OP, M) VAES_EACH2(OP, M)
#define VAES_ROUND_VAES_EACH1(OP, M) VAES_EACH1(OP, M)

/* Rounds 1 .. nr-1, every register through one round before the next. */
#define VAES_ROUNDS(EACH, OP, M)                                                                   \
    do {                                                                                           \
        VAES_ROUND(EACH, OP, M, k1) VAES_ROUND(EACH, OP, M, k2) VAES_ROUND(EACH, OP, M, k3)       \
        VAES_ROUND(EACH, OP, M, k4) VAES_ROUND(EACH, OP, M, k5) VAES_ROUND(EACH, OP, M, k6)       \
        VAES_ROUND(EACH, OP, M, k7) VAES_ROUND(EACH, OP, M, k8) VAES_ROUND(EACH, OP, M, k9)       \
        if (nr > 10) {                                                                             \
            VAES_ROUND(EACH, OP, M, k10) VAES_ROUND(EACH, OP, M, k11)                              \
        }                                                                                          \
        if (nr > 12) {                                                                             \
            VAES_ROUND(EACH, OP, M, k12) VAES_ROUND(EACH, OP, M, k13)                              \
        }                                                                                          \
    } while (0)

/* The steps of the parallel modes over EACH registers.  ECB and XTS take
 * the round and last-round operations (OP, OPLAST: encrypt or decrypt);
 * CTR tests once per step, on the public counter @lo, whether a byte add
 * to the big-endian counter or a 64-bit lane add can carry; CBC and CFB decryption keep the last ciphertext
 * block of the step, broadcast, in @ivv for the next.  All loads of a step
 * precede its stores, which is what makes out == in work. */
#define VAES_ECB_STEP(P, EACH, M, NB, OP, OPLAST)                                                  \
    do {                                                                                           \
        P##_STEP_BEGIN;                                                                            \
        EACH(P##_DECL, M)                                                                          \
        EACH(P##_ECB_LOAD, M)                                                                      \
        VAES_ROUNDS(EACH, OP, M);                                                                  \
        EACH(OPLAST, M)                                                                            \
        EACH(P##_STORE, M)                                                                         \
    } while (0)

#define VAES_CTR_STEP(P, EACH, M, NB, OP, OPLAST)                                                  \
    do {                                                                                           \
        P##_CTR_STEP_BEGIN;                                                                        \
        EACH(P##_DECL, M)                                                                          \
        if ((lo & 0xff) + ((NB) - 1) <= 0xff) {                                                    \
            EACH(P##_CTR_BE, M)                                                                    \
        } else if (lo <= UINT64_MAX - ((NB) - 1)) {                                                \
            EACH(P##_CTR_FAST, M)                                                                  \
        } else {                                                                                   \
            EACH(P##_CTR_SLOW, M)                                                                  \
        }                                                                                          \
        EACH(P##_XORK0, M)                                                                         \
        VAES_ROUNDS(EACH, OP, M);                                                                  \
        EACH(P##_ENCLAST_XOR_IN, M)                                                                \
        EACH(P##_STORE, M)                                                                         \
    } while (0)

/* The secret-counter keystream (ctr_secret): every register's counters
 * by the full 128-bit add (P##_CTR_SLOW), with no test on the counter,
 * then the rounds, and the encrypted blocks stored as they are. */
#define VAES_CTR_SECRET_STEP(P, EACH, M, NB, OP, OPLAST)                                           \
    do {                                                                                           \
        P##_CTR_STEP_BEGIN;                                                                        \
        EACH(P##_DECL, M)                                                                          \
        EACH(P##_CTR_SLOW, M)                                                                      \
        EACH(P##_XORK0, M)                                                                         \
        VAES_ROUNDS(EACH, OP, M);                                                                  \
        EACH(OPLAST, M)                                                                            \
        EACH(P##_STORE, M)                                                                         \
    } while (0)

#define VAES_CBC_DEC_STEP(P, EACH, M, NB, OP, OPLAST)                                              \
    do {                                                                                           \
        P##_STEP_BEGIN;                                                                            \
        EACH(P##_DECL, M)                                                                          \
        EACH(P##_ECB_LOAD, M)                                                                      \
        EACH(P##_CBC_PRE, M)                                                                       \
        VAES_ROUNDS(EACH, OP, M);                                                                  \
        EACH(P##_CBC_LAST, M)                                                                      \
        ivv = P##_BCAST128(vaes_load128(in + 16 * ((NB) - 1)));                                    \
        EACH(P##_STORE, M)                                                                         \
    } while (0)

#define VAES_CFB_DEC_STEP(P, EACH, M, NB, OP, OPLAST)                                              \
    do {                                                                                           \
        P##_STEP_BEGIN;                                                                            \
        EACH(P##_DECL, M)                                                                          \
        EACH(P##_CFB_LOAD, M)                                                                      \
        VAES_ROUNDS(EACH, OP, M);                                                                  \
        EACH(P##_ENCLAST_XOR_IN, M)                                                                \
        ivv = P##_BCAST128(vaes_load128(in + 16 * ((NB) - 1)));                                    \
        EACH(P##_STORE, M)                                                                         \
    } while (0)

#define VAES_XTS_STEP(P, EACH, M, NB, OP, OPLAST)                                                  \
    do {                                                                                           \
        P##_STEP_BEGIN;                                                                            \
        EACH(P##_DECL, M)                                                                          \
        EACH(P##_XTS_LOAD, M)                                                                      \
        EACH(P##_XTS_KEYLAST, M)                                                                   \
        EACH(P##_XTS_ADV, M)                                                                       \
        VAES_ROUNDS(EACH, OP, M);                                                                  \
        EACH(OPLAST, M)                                                                            \
        EACH(P##_STORE, M)                                                                         \
    } while (0)

/* Whole steps of 8 registers of BR blocks each (NEXT advances the mode's
 * state after each), or the n < 8 * BR blocks of a tail in one masked step
 * of 8, 4, 2 or 1 registers, the fewest that hold it (P##_TAIL declares
 * what P's masked loads and stores need); n, in and out are left at the
 * tail, whose length the caller uses to finish its state.  SMALL (a
 * constant) picks the copy:
 * VAES_FULL whole steps then a tail, VAES_TAIL the tail only (n < 8 * BR),
 * VAES_SHORT the short-message copy, a tail of at most 2 * BR blocks in 1
 * or 2 registers, so that it needs few registers, no spills and only the
 * round keys and tweaks that one or two registers use. */
#define VAES_FULL 0
#define VAES_SHORT 1
#define VAES_TAIL 2
/* A flag on VAES_FULL for a kernel whose keys can be read from memory as
 * each round needs them (P##_KEYS): the copy for whole steps up to
 * P##_MEMK_MAX blocks (lib/aes/x86_64/aes_vaes_avx2.c). */
#define VAES_MEMK 4
/* A flag on VAES_FULL for a body that takes its round count from the
 * flags (a constant in that copy) instead of the schedule: VAES_NR(nr);
 * VAES_NR_OF gives the count either way (CTR's body uses it). */
#define VAES_NR(nr) ((nr) << 4)
#define VAES_NR_OF(small, ks) (((small) >> 4) ? (unsigned)((small) >> 4) : (ks)->rounds)

/* n < m, for the entry points' test against a limit that may be 0 (a
 * function, so that the compiler does not warn of an always-false
 * comparison there). */
static inline int vaes_below(size_t n, size_t m)
{
    return n < m;
}
#define VAES_RUN_TAIL(P, BR, SMALL, W8, STEP, A, B)                                                \
    do {                                                                                           \
        if (n > 0) {                                                                              \
            P##_TAIL;                                                                              \
            if ((W8) && ((SMALL) & 3) != VAES_SHORT && n > 4 * (BR))                               \
                STEP(P, VAES_EACH8, MASK, n, A, B);                                                \
            else if (((SMALL) & 3) != VAES_SHORT && n > 2 * (BR))                                  \
                STEP(P, VAES_EACH4, MASK, n, A, B);                                                \
            else if (n > (BR))                                                                     \
                STEP(P, VAES_EACH2, MASK, n, A, B);                                                \
            else                                                                                   \
                STEP(P, VAES_EACH1, MASK, n, A, B);                                                \
        }                                                                                          \
    } while (0)
/* Whole steps of NR registers (8, or 4 with the mode's FULL4 primitives),
 * then the tail; the copy for tails runs whole steps of 4 too, so that
 * its tail is under 4 * BR blocks.  NEXT(P, NB) advances the mode's
 * state past a whole step of NB blocks.  With T4 (1: the kernel defines
 * FULL4 for every mode) a tail of 4 * BR + 1 to 6 * BR blocks after steps
 * of 8 is one whole step of 4 and a tail of 1 or 2 registers, instead of
 * a step of 8 with 2 or 3 of them masked off but still run through every
 * round (doc/design/aes.md). */
#define VAES_IF_0(...)
#define VAES_IF_1(...) __VA_ARGS__
#define VAES_NO_NEXT(P, NB) (void)0
#define VAES_RUN_N(P, BR, NR, EACH, MF, T4, SMALL, STEP, NEXT, A, B)                               \
    do {                                                                                           \
        /* Long messages prefetch (core/x86_prefetch.h). */                                       \
        if (((SMALL) & 3) == VAES_FULL)                                                            \
            for (const size_t pf_ = axiom_pf_until(16 * n, 16 * (NR) * (BR)); 16 * n >= pf_;      \
                 in += 16 * (NR) * (BR), out += 16 * (NR) * (BR), n -= (NR) * (BR)) {              \
                axiom_pf_stream(in, out, 16 * (NR) * (BR));                                        \
                STEP(P, EACH, MF, (NR) * (BR), A, B);                                              \
                NEXT(P, (NR) * (BR));                                                              \
            }                                                                                      \
        for (; (((SMALL) & 3) == VAES_FULL || ((NR) == 4 && ((SMALL) & 3) == VAES_TAIL)) &&        \
               n >= (NR) * (BR);                                                                   \
             in += 16 * (NR) * (BR), out += 16 * (NR) * (BR), n -= (NR) * (BR)) {                  \
            STEP(P, EACH, MF, (NR) * (BR), A, B);                                                  \
            NEXT(P, (NR) * (BR));                                                                  \
        }                                                                                          \
        VAES_IF_##T4(if (((SMALL) & 3) != VAES_SHORT && n >= 4 * (BR) && n <= 6 * (BR)) {         \
            STEP(P, VAES_EACH4, FULL4, 4 * (BR), A, B);                                            \
            NEXT(P, 4 * (BR));                                                                     \
            in += 64 * (BR), out += 64 * (BR), n -= 4 * (BR);                                      \
        })                                                                                         \
        VAES_RUN_TAIL(P, BR, SMALL, (NR) == 8, STEP, A, B);                                        \
    } while (0)
#define VAES_RUN(P, BR, T4, SMALL, STEP, NEXT, A, B)                                               \
    VAES_RUN_N(P, BR, 8, VAES_EACH8, FULL, T4, SMALL, STEP, NEXT, A, B)
/* With whole steps of 4 registers (FULL4: the mode's primitives for such a
 * step). */
#define VAES_RUN4(P, BR, SMALL, STEP, A, B)                                                        \
    VAES_RUN_N(P, BR, 4, VAES_EACH4, FULL4, 0, SMALL, STEP, VAES_NO_NEXT, A, B)

/* A parallel mode's entry point: messages of up to @small blocks take the
 * short copy of @body, inlined here; longer ones a copy out of line, so
 * that its register allocation (all round keys and eight registers of
 * blocks, some spilled) costs short messages nothing: under @step blocks
 * (one whole step) the tail-only copy, which keeps no loop state (so
 * that, e.g., XTS of 5 blocks does not spill the loop's eight tweak
 * registers), otherwise the full one.  With @nr12 (1) AES-192 has a full
 * copy of its own, compiled with its round count a constant (VAES_NR(12)):
 * the rounds of a step straight-line code instead of the generic copy's
 * tests of nr.  CTR takes it: on AMD Zen 4 (family 25 model 17), against
 * libgcrypt master in one process (--pair=gcrypt-master, two builds in
 * turn), AES-192-CTR at 16 and 256 KiB 0.994-1.003 -> 1.014-1.023 on
 * vaes-avx512 and 0.943-0.979 -> 0.961-0.991 on vaes-avx2, AES-128 and
 * AES-256 level.  Copies for 10 and 14 rounds as well made AES-128 0.6-2.5
 * % faster in one layout and slower in another and AES-256 0.5-1 %
 * slower; the same copy for ECB and CBC/CFB decryption gained nothing for
 * AES-192 (0.99-1.00x libgcrypt either way) and cost AES-128-CFB
 * decryption 0.6-1.4 %. */
#define VAES_SPLIT_ENTRY(name, name_long, name_tail, body, small, step, memk, nr12)                \
    VAES_IF_##nr12(static __attribute__((noinline)) void name##_long12(                            \
        const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,                           \
        uint8_t iv[AXIOM_BC_BLOCK]) { body(ks, out, in, n, iv, VAES_FULL | VAES_NR(12)); })          \
    static __attribute__((noinline)) void name_long(const axiom_bc_ks *ks, uint8_t *out,         \
                                                      const uint8_t *in, size_t n,                 \
                                                      uint8_t iv[AXIOM_BC_BLOCK])                  \
    {                                                                                              \
        body(ks, out, in, n, iv, VAES_FULL);                                                       \
    }                                                                                              \
    static __attribute__((noinline)) void name##_mid(const axiom_bc_ks *ks, uint8_t *out,        \
                                                     const uint8_t *in, size_t n,                  \
                                                     uint8_t iv[AXIOM_BC_BLOCK])                   \
    {                                                                                              \
        body(ks, out, in, n, iv, VAES_FULL | VAES_MEMK);                                           \
    }                                                                                              \
    static __attribute__((noinline)) void name_tail(const axiom_bc_ks *ks, uint8_t *out,         \
                                                      const uint8_t *in, size_t n,                 \
                                                      uint8_t iv[AXIOM_BC_BLOCK])                  \
    {                                                                                              \
        body(ks, out, in, n, iv, VAES_TAIL);                                                       \
    }                                                                                              \
    static void name(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,             \
                     uint8_t iv[AXIOM_BC_BLOCK])                                                   \
    {                                                                                              \
        if (n <= (small))                                                                          \
            body(ks, out, in, n, iv, VAES_SHORT);                                                  \
        else if (n < (step))                                                                       \
            name_tail(ks, out, in, n, iv);                                                       \
        else if (vaes_below(n, (memk)))                                                            \
            name##_mid(ks, out, in, n, iv);                                                        \
        VAES_IF_##nr12(else if (ks->rounds == 12) name##_long12(ks, out, in, n, iv);)              \
        else                                                                                       \
            name_long(ks, out, in, n, iv);                                                       \
    }

#define VAES_SPLIT_ECB(name, name_long, name_tail, body, small, step, dec, memk)                   \
    static __attribute__((noinline)) void name_long(const axiom_bc_ks *ks, uint8_t *out,         \
                                                      const uint8_t *in, size_t n)                 \
    {                                                                                              \
        body(ks, out, in, n, dec, VAES_FULL);                                                      \
    }                                                                                              \
    static __attribute__((noinline)) void name##_mid(const axiom_bc_ks *ks, uint8_t *out,        \
                                                     const uint8_t *in, size_t n)                  \
    {                                                                                              \
        body(ks, out, in, n, dec, VAES_FULL | VAES_MEMK);                                          \
    }                                                                                              \
    static __attribute__((noinline)) void name_tail(const axiom_bc_ks *ks, uint8_t *out,         \
                                                      const uint8_t *in, size_t n)                 \
    {                                                                                              \
        body(ks, out, in, n, dec, VAES_TAIL);                                                      \
    }                                                                                              \
    static void name(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)             \
    {                                                                                              \
        if (n <= (small))                                                                          \
            body(ks, out, in, n, dec, VAES_SHORT);                                                 \
        else if (n < (step))                                                                       \
            name_tail(ks, out, in, n);                                                           \
        else if (vaes_below(n, (memk)))                                                            \
            name##_mid(ks, out, in, n);                                                            \
        else                                                                                       \
            name_long(ks, out, in, n);                                                           \
    }

/* The bodies that are the same at both widths, defined once in each kernel
 * file (its own translation unit) under the names written out below, from
 * its width's primitives P##_V (vector type),
 * P##_CAST128 (lane 0), P##_TW(i) (register i's tweaks from tw_), P##_KEYS,
 * P##_RUN, P##_SMALL, P##_STEP and P##_END (what every operation ends with). */

/* ECB, both directions; one block runs on xmm (vaes_block1). */
#define VAES_DEFINE_ECB(P)                                                                      \
    VAES_FORCE_INLINE void vaes_ecb_body(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,  \
                                   size_t n, const int dec, const int small)                       \
    {                                                                                              \
        const __m128i *rk = dec ? vaes_dec_keys(ks) : vaes_enc_keys(ks);                           \
        const unsigned nr = ks->rounds;                                                            \
        if (small == VAES_SHORT && n == 1) {                                                    \
            vaes_block1(rk, nr, out, in, dec);                                                     \
            return;                                                                                \
        }                                                                                          \
        P##_KEYS(rk);                                                                              \
        if (dec)                                                                                   \
            P##_RUN(small, VAES_ECB_STEP, VAES_NO_NEXT, P##_DEC, P##_DECLAST);                     \
        else                                                                                       \
            P##_RUN(small, VAES_ECB_STEP, VAES_NO_NEXT, P##_ENC, P##_ENCLAST);                     \
        P##_END;                                                                                   \
    }                                                                                              \
    VAES_SPLIT_ECB(vaes_ecb_enc, vaes_ecb_enc_long, vaes_ecb_enc_tail, vaes_ecb_body, P##_SMALL,   \
                   P##_STEP, 0, P##_MEMK_MAX)                                                      \
    VAES_SPLIT_ECB(vaes_ecb_dec, vaes_ecb_dec_long, vaes_ecb_dec_tail, vaes_ecb_body, P##_SMALL,   \
                   P##_STEP, 1, P##_MEMK_MAX)

/* CTR's state after a whole step of NB blocks: the counter (a 64-bit add
 * unless its low half can wrap) and its big-endian copy; the secret
 * counter's by the full 128-bit add. */
#define VAES_CTR_NEXT(P, NB)                                                                       \
    (ctr = lo <= UINT64_MAX - (NB) ? P##_ADD64(ctr, P##_LO(NB)) : P##_ADD128(ctr, P##_LO(NB)),     \
     cbe = P##_SHUF(ctr, bswap), lo += (NB))
#define VAES_CTR_SECRET_NEXT(P, NB) (ctr = P##_ADD128(ctr, P##_LO(NB)))

/* CTR over whole blocks.  cbe holds the step's first counter block (big
 * endian) in every lane, ctr the same as a 128-bit little-endian integer.
 * When the step cannot carry out of the counter's last byte (tested on the
 * public counter; true for 15 of 16 ymm steps on average) P##_CTR_BE(i)
 * adds register i's lane offsets to that byte of cbe, one add per
 * register, and the first step starts from a broadcast load of @iv;
 * otherwise P##_CTR_FAST/SLOW(i) add them (P##_OFF(i)) to ctr exactly or
 * with a carry into the high half, and one VPSHUFB turns them big-endian.
 * P##_CTR_KEYS declares the round keys (P##_CTR_STEP_BEGIN runs at the
 * start of each step).  The counter handed back is computed in scalar
 * code from the one that came in, off the vector ports. */
#define VAES_DEFINE_CTR(P, BR)                                                                  \
    VAES_FORCE_INLINE void vaes_ctr_body(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,   \
                                        size_t n, uint8_t iv[AXIOM_BC_BLOCK], const int small)     \
    {                                                                                              \
        const __m128i *rk = vaes_enc_keys(ks);                                                     \
        const unsigned nr = VAES_NR_OF(small, ks);                                                 \
        const __m128i bswap128 =                                                                   \
            _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);                    \
        const P##_V bswap = P##_BCAST128(bswap128);                                                \
        const uint64_t hi0 = axiom_load64_be(iv), lo0 = axiom_load64_be(iv + 8);                   \
        const uint64_t lo_end = lo0 + n;                                                           \
        /* Low 64 bits of the counter of lane 0 of the step's first register. */                  \
        uint64_t lo = lo0;                                                                         \
        P##_V cbe = P##_BCAST128(vaes_load128(iv));                                                \
        P##_V ctr = P##_SHUF(cbe, bswap);                                                          \
        P##_CTR_KEYS(rk);                                                                          \
        P##_RUN(small, VAES_CTR_STEP, VAES_CTR_NEXT, P##_ENC, 0);                                  \
        vaes_store128(iv, _mm_shuffle_epi8(_mm_set_epi64x((long long)(hi0 + (lo_end < lo0)),       \
                                                          (long long)lo_end),                      \
                                           bswap128));                                             \
        P##_END;                                                                                   \
    }                                                                                              \
    VAES_SPLIT_ENTRY(vaes_ctr, vaes_ctr_long, vaes_ctr_tail, vaes_ctr_body, P##_SMALL, P##_STEP, 0, 1)

/* The body of the keystream of a secret counter (bc.h, ctr_secret), for a
 * function of (ks, out, n, iv, small) that each kernel file writes out
 * (vy_ctr_secret_body, vz_ctr_secret_body).  ctr holds the step's first
 * counter as a 128-bit little-endian integer in every lane; register i's
 * counters are ctr + P##_OFF(i), the next step's ctr is ctr + 8 BR, and
 * the counter handed back ctr + the tail's block count, all by
 * P##_ADD128, whose carry is a compare result (a mask, or an all-ones
 * qword), never a branch.  VAES_RUN steps `in` along with `out`; nothing
 * reads it here. */
#define VAES_CTR_SECRET_BODY(P, BR)                                                                \
    do {                                                                                           \
        const __m128i *rk = vaes_enc_keys(ks);                                                     \
        const unsigned nr = ks->rounds;                                                            \
        const __m128i bswap128 =                                                                   \
            _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);                    \
        const P##_V bswap = P##_BCAST128(bswap128);                                                \
        const uint8_t *in = out;                                                                   \
        P##_V ctr = P##_BCAST128(_mm_shuffle_epi8(vaes_load128(iv), bswap128));                    \
        P##_CTR_KEYS(rk);                                                                          \
        P##_RUN(small, VAES_CTR_SECRET_STEP, VAES_CTR_SECRET_NEXT, P##_ENC, P##_ENCLAST);          \
        (void)in;                                                                                  \
        ctr = P##_ADD128(ctr, P##_LO(n));                                                          \
        vaes_store128(iv, _mm_shuffle_epi8(P##_CAST128(ctr), bswap128));                           \
        P##_END;                                                                                   \
    } while (0)

/* CBC or CFB decryption (@STEP, with round operation @OP under the
 * schedule that @keys returns): the chaining value, broadcast, enters as
 * ivv and the last ciphertext block leaves in it.  The keys are the
 * kernel's P##_CHAIN_KEYS, the VAES_MEMK copy's limit P##_CHAIN_MEMK_MAX. */
#define VAES_DEFINE_CHAIN_DEC(P, name, name_long, name_tail, name_body, keys, STEP, OP)            \
    VAES_FORCE_INLINE void name_body(const axiom_bc_ks *ks, uint8_t *out,                 \
                                             const uint8_t *in, size_t n,                          \
                                             uint8_t iv[AXIOM_BC_BLOCK], const int small)          \
    {                                                                                              \
        const __m128i *rk = keys(ks);                                                              \
        const unsigned nr = ks->rounds;                                                            \
        P##_V ivv = P##_BCAST128(vaes_load128(iv));                                                \
        P##_CHAIN_KEYS(rk);                                                                        \
        P##_RUN(small, STEP, VAES_NO_NEXT, OP, 0);                                                 \
        vaes_store128(iv, P##_CAST128(ivv));                                                       \
        P##_END;                                                                                   \
    }                                                                                              \
    VAES_SPLIT_ENTRY(name, name_long, name_tail, name_body, P##_SMALL, P##_STEP,                 \
                     P##_CHAIN_MEMK_MAX, 0)

/* XTS over whole blocks, both directions; the 8 tweak registers are made
 * from the first tweak (the short copy uses t0 and t1 at most: the others
 * are then dead code), and the tweak after the last block is handed back:
 * t0 already is, unless a tail was done. */
#define VAES_DEFINE_XTS(P)                                                                      \
    VAES_FORCE_INLINE void vaes_xts_body(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,   \
                                        size_t n, uint8_t iv[AXIOM_BC_BLOCK], const int dec,       \
                                        const int small)                                           \
    {                                                                                              \
        const __m128i *rk = dec ? vaes_dec_keys(ks) : vaes_enc_keys(ks);                           \
        const unsigned nr = ks->rounds;                                                            \
        const P##_V tw_ = P##_BCAST128(vaes_load128(iv));                                          \
        P##_V t0 = P##_TW(0), t1 = P##_TW(1), t2 = P##_TW(2), t3 = P##_TW(3);                      \
        P##_V t4 = P##_TW(4), t5 = P##_TW(5), t6 = P##_TW(6), t7 = P##_TW(7);                      \
        P##_KEYS(rk);                                                                              \
        if (dec)                                                                                   \
            P##_XTS_RUN(small, VAES_XTS_STEP, VAES_NO_NEXT, P##_XTS_DEC, P##_XTS_DECLAST);         \
        else                                                                                       \
            P##_XTS_RUN(small, VAES_XTS_STEP, VAES_NO_NEXT, P##_XTS_ENC, P##_XTS_ENCLAST);         \
        vaes_store128(iv, n ? vaes_xts_mulx128(P##_CAST128(t0), (unsigned)n) : P##_CAST128(t0));  \
        P##_END;                                                                                   \
    }                                                                                              \
    VAES_FORCE_INLINE void vaes_xts_enc_body(const axiom_bc_ks *ks, uint8_t *out,                  \
                                            const uint8_t *in, size_t n,                           \
                                            uint8_t iv[AXIOM_BC_BLOCK], const int small)           \
    {                                                                                              \
        vaes_xts_body(ks, out, in, n, iv, 0, small);                                               \
    }                                                                                              \
    VAES_FORCE_INLINE void vaes_xts_dec_body(const axiom_bc_ks *ks, uint8_t *out,                  \
                                            const uint8_t *in, size_t n,                           \
                                            uint8_t iv[AXIOM_BC_BLOCK], const int small)           \
    {                                                                                              \
        vaes_xts_body(ks, out, in, n, iv, 1, small);                                               \
    }                                                                                              \
    VAES_SPLIT_ENTRY(vaes_xts_enc, vaes_xts_enc_long, vaes_xts_enc_tail, vaes_xts_enc_body,        \
                     P##_SMALL, P##_STEP, P##_MEMK_MAX, 0)                                         \
    VAES_SPLIT_ENTRY(vaes_xts_dec, vaes_xts_dec_long, vaes_xts_dec_tail, vaes_xts_dec_body,        \
                     P##_SMALL, P##_STEP, P##_MEMK_MAX, 0)

/* One block through the cipher on xmm registers, the keys read as memory
 * operands: for ECB calls of one block (the XTS tweak above all), whose
 * 16-byte store a following 16-byte load can forward from, which it
 * cannot from a masked store. */
VAES_FORCE_INLINE void vaes_block1(const __m128i *rk, const unsigned nr, uint8_t *out,
                                   const uint8_t *in, const int dec)
{
#define VAES_R1(r) x = dec ? _mm_aesdec_si128(x, rk[r]) : _mm_aesenc_si128(x, rk[r])
    /* An opaque copy of the key pointer: otherwise the compiler shares these
     * 16-byte key loads with the caller's other path, whose broadcasts
     * then become shuffles on the vector ports instead of loads. */
    __asm__("" : "+r"(rk));
    __m128i x = _mm_xor_si128(vaes_load128(in), rk[0]);
    VAES_R1(1); VAES_R1(2); VAES_R1(3); VAES_R1(4); VAES_R1(5);
    VAES_R1(6); VAES_R1(7); VAES_R1(8); VAES_R1(9);
    if (nr > 10) {
        VAES_R1(10); VAES_R1(11);
    }
    if (nr > 12) {
        VAES_R1(12); VAES_R1(13);
    }
#undef VAES_R1
    x = dec ? _mm_aesdeclast_si128(x, rk[nr]) : _mm_aesenclast_si128(x, rk[nr]);
    vaes_store128(out, x);
}

/* Three copies, one per round count; n == 0 leaves everything untouched. */
#define VAES_SERIAL_ENTRY(name, body)                                                              \
    static void name(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,            \
                     uint8_t iv[AXIOM_BC_BLOCK])                                                   \
    {                                                                                              \
        const __m128i *rk = vaes_enc_keys(ks);                                                     \
        if (n == 0)                                                                                \
            return;                                                                                \
        switch (ks->rounds) {                                                                      \
        case 10: body(rk, 10, out, in, n, iv); break;                                              \
        case 12: body(rk, 12, out, in, n, iv); break;                                              \
        default: body(rk, 14, out, in, n, iv); break;                                              \
        }                                                                                          \
    }

#endif
