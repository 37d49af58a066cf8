/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the two VAES GCM kernels (gcm_vaes_avx2.c on ymm, gcm_vaes_avx512.c
 * on zmm) share, written once for any vector width:
 *
 *   GCM_VAES_CTR_ROUNDS      counter blocks and AES rounds of the CTR-only
 *                            paths (tails, one-shot partial registers)
 *   GCM_VAES_ENC1            E_K(J0) on xmm
 *   GCM_VAES_DEFINE_BULK     the bulk loops p##_enc_nr, p##_dec_nr around
 *                            the kernel's stitched step
 *   GCM_VAES_ABSORB_AD       the long one-shot path's AD hashing
 *   GCM_VAES_DEFINE_HOOKS    the three kernel hooks: round keys broadcast
 *                            once per call, the switch that makes the round
 *                            count a compile-time constant in each inlined
 *                            copy, the direction made a constant
 *
 * The stitched steps, counter schemes, GHASH helpers, partial-register
 * loads and stores and the one-shot short path stay in the kernel files:
 * they differ between the widths in more than the vector type.
 *
 * As in aes_vaes_common.h, everything is a macro (statements, or static
 * inline functions under the kernel's prefix), so that each kernel file
 * compiles its own copy with its own -m flags.  A kernel file defines, for
 * its upper-case prefix P (VY, VZ) and lower-case prefix p (vy, vz):
 *
 *   P##_VEC            the vector type
 *   P##_L              128-bit blocks per register
 *   P##_AESENC(x, k)   one AES round on every lane
 *   P##_BCAST128(x)    an xmm value in every lane
 *   P##_CAST128(v)     lane 0
 *   P##_ADD32(a, b)    32-bit lane adds
 *   P##_LANES          the offsets 0 .. P##_L - 1 in dword 0 of each lane
 *   p##_ctr(c, add, bswap, k0)   the P##_L counters after c + add, in wire
 *                      order and whitened with k0
 *
 * and what each macro below names besides.
 *
 * Constant time: the only branches here are on the round count, the
 * direction and the lengths. */
#ifndef AXIOM_GCM_VAES_COMMON_H
#define AXIOM_GCM_VAES_COMMON_H

#include <immintrin.h>

#include "axiom/util.h"
#include "core/bc.h"
#include "gcm/ghash.h"
#include "gcm/x86_64/ghash_pclmul.h"

#define GCM_VAES_INLINE static inline __attribute__((always_inline))

/* GCM_VAES_CTR_ROUNDS: the counter blocks c, c + 1, ... of @nv registers
 * (1 .. the size of b[]) into the caller's array b[], whitened and through
 * rounds 1 .. nr-1 (the last round, which carries the keystream XOR, is
 * the caller's).
 *
 * GCM_VAES_ENC1: x = E_K(x) for one block (E_K(J0) of the one-shot
 * messages) on xmm, with the round keys' lane 0.
 *
 * These two are statements, not inline functions, and the hooks below keep
 * the statement order the kernel files had: written as functions (b[]
 * through a pointer, one more level of inlining) and with the hooks'
 * statements in another order, GCC scheduled the same instructions
 * differently, in the stitched loops too, and sealing 16 KiB with AES-128
 * on zmm measured 1.4% slower.  As they are, both kernels compile to the
 * same object code as when each file had its own copy (GCC 12 and clang
 * 14, -O2). */
#define GCM_VAES_CTR_ROUNDS(P, p, b, k, nr, c, nv, bswap)                                          \
    do {                                                                                           \
        _Pragma("GCC unroll 8")                                                                    \
        for (unsigned v = 0; v < (nv); v++)                                                        \
            (b)[v] = p##_ctr((c), (int)(P##_L * v), (bswap), (k)[0]);                              \
        _Pragma("GCC unroll 14")                                                                   \
        for (unsigned r = 1; r < (nr); r++)                                                        \
            _Pragma("GCC unroll 8")                                                                \
            for (unsigned v = 0; v < (nv); v++)                                                    \
                (b)[v] = P##_AESENC((b)[v], (k)[r]);                                               \
    } while (0)

#define GCM_VAES_ENC1(P, x, k, nr)                                                                 \
    do {                                                                                           \
        (x) = _mm_xor_si128((x), P##_CAST128((k)[0]));                                             \
        _Pragma("GCC unroll 14")                                                                   \
        for (unsigned r = 1; r < (nr); r++)                                                        \
            (x) = _mm_aesenc_si128((x), P##_CAST128((k)[r]));                                      \
        (x) = _mm_aesenclast_si128((x), P##_CAST128((k)[nr]));                                     \
    } while (0)

/* The bulk loops p##_enc_nr and p##_dec_nr (n whole blocks, counters from
 * and back to *c, GHASH state *y), over the kernel's
 *
 *   P##_W                          blocks per iteration
 *   p##_ctrs                       what the stitched loop keeps of the
 *                                  counter, from p##_ctrs_init(&cs, c) and
 *                                  back to *c by p##_ctrs_end(&cs, c)
 *   P##_CTRS_COST                  1 if those two cost enough to be skipped
 *                                  when the loop does not run, 0 if not
 *                                  (a test GCC keeps makes it rotate the ymm
 *                                  loops differently, with more spills)
 *   p##_step(k, nr, pw, out, in, hin, &cs, y, bswap)   one iteration: CTR
 *                                  from in to out, GHASH of the blocks at hin
 *   p##_ctr_tail(k, nr, out, in, n, c, bswap)   CTR only, 1 .. P##_W blocks
 *   p##_absorb(y, pw, in, n, bswap)             GHASH only, 1 .. 32 blocks
 *
 * Encryption hashes the previous iteration's ciphertext (reloaded from the
 * output), so the first iteration's blocks go through p##_ctr_tail and the
 * last ones through p##_absorb; decryption hashes the input it is about to
 * decrypt, in the same iteration. */
#define GCM_VAES_DEFINE_BULK(P, p)                                                                 \
    GCM_VAES_INLINE void p##_enc_nr(const P##_VEC *k, const unsigned nr, const __m128i *pw,        \
                                    uint8_t *out, const uint8_t *in, size_t n, P##_VEC *c,         \
                                    __m128i *y, P##_VEC bswap)                                     \
    {                                                                                              \
        if (n >= P##_W) {                                                                          \
            /* Prologue: nothing before the first iteration's blocks to hash. */                   \
            p##_ctr_tail(k, nr, out, in, P##_W, c, bswap);                                         \
            const uint8_t *prev = out;                                                             \
            in += 16 * P##_W;                                                                      \
            out += 16 * P##_W;                                                                     \
            n -= P##_W;                                                                            \
            if (!P##_CTRS_COST || n >= P##_W) {                                                    \
                p##_ctrs cs;                                                                       \
                p##_ctrs_init(&cs, c);                                                             \
                for (; n >= P##_W; n -= P##_W) {                                                   \
                    p##_step(k, nr, pw, out, in, prev, &cs, y, bswap);                             \
                    prev = out;                                                                    \
                    in += 16 * P##_W;                                                              \
                    out += 16 * P##_W;                                                             \
                }                                                                                  \
                p##_ctrs_end(&cs, c);                                                              \
            }                                                                                      \
            *y = p##_absorb(*y, pw, prev, P##_W, bswap);                                           \
        }                                                                                          \
        if (n > 0) {                                                                               \
            p##_ctr_tail(k, nr, out, in, (unsigned)n, c, bswap);                                   \
            *y = p##_absorb(*y, pw, out, (unsigned)n, bswap);                                      \
        }                                                                                          \
    }                                                                                              \
                                                                                                   \
    GCM_VAES_INLINE void p##_dec_nr(const P##_VEC *k, const unsigned nr, const __m128i *pw,        \
                                    uint8_t *out, const uint8_t *in, size_t n, P##_VEC *c,         \
                                    __m128i *y, P##_VEC bswap)                                     \
    {                                                                                              \
        if (!P##_CTRS_COST || n >= P##_W) {                                                        \
            p##_ctrs cs;                                                                           \
            p##_ctrs_init(&cs, c);                                                                 \
            for (; n >= P##_W; n -= P##_W) {                                                       \
                p##_step(k, nr, pw, out, in, in, &cs, y, bswap);                                   \
                in += 16 * P##_W;                                                                  \
                out += 16 * P##_W;                                                                 \
            }                                                                                      \
            p##_ctrs_end(&cs, c);                                                                  \
        }                                                                                          \
        if (n > 0) {                                                                               \
            *y = p##_absorb(*y, pw, in, (unsigned)n, bswap);                                       \
            p##_ctr_tail(k, nr, out, in, (unsigned)n, c, bswap);                                   \
        }                                                                                          \
    }

/* GCM_VAES_ABSORB_AD: y = GHASH of the whole AD at @ad (which it moves)
 * from zero, for the long one-shot path: AXIOM_GHASH_MAXPOW blocks per
 * reduction, the partial block last, loaded by the kernel's P##_LOAD16(p,
 * n) (the first n, 1 .. 15, bytes at p, zero past them, on xmm; nothing
 * past them read); @bs is bswap's lane 0.  A statement, for the reason
 * given at GCM_VAES_CTR_ROUNDS. */
#define GCM_VAES_ABSORB_AD(P, p, y, pw, ad, adlen, bswap, bs)                                      \
    do {                                                                                           \
        (y) = _mm_setzero_si128();                                                                 \
        size_t n_ = (adlen) / 16;                                                                  \
        for (; n_ >= AXIOM_GHASH_MAXPOW;                                                           \
             n_ -= AXIOM_GHASH_MAXPOW, (ad) += 16 * AXIOM_GHASH_MAXPOW)                            \
            (y) = p##_absorb((y), (pw), (ad), AXIOM_GHASH_MAXPOW, (bswap));                        \
        if (n_) { /* (ad may be NULL when adlen is 0: no arithmetic on it then) */                 \
            (y) = p##_absorb((y), (pw), (ad), (unsigned)n_, (bswap));                              \
            (ad) += 16 * n_;                                                                       \
        }                                                                                          \
        if ((adlen) % 16) {                                                                        \
            const __m128i a_ = _mm_shuffle_epi8(P##_LOAD16((ad), (adlen) % 16), (bs));             \
            (y) = gh_mul(_mm_xor_si128((y), a_), (pw)[GH_SLOT(1)]);                                \
        }                                                                                          \
    } while (0)

/* Declares P##_VEC k[15] with the nr + 1 round keys at @rk in every lane,
 * and const unsigned nr = @rounds. */
#define GCM_VAES_KEYS(P, k, nr, rounds, rk)                                                        \
    P##_VEC k[15];                                                                                 \
    const unsigned nr = (rounds);                                                                  \
    for (unsigned r_ = 0; r_ <= nr; r_++)                                                          \
        k[r_] = P##_BCAST128(_mm_load_si128((rk) + r_))

/* The bulk hooks' body around @fn (p##_enc_nr or p##_dec_nr): the
 * counter block and the GHASH state go in and out in wire order, the
 * counter in registers reflected (the 32-bit counter in dword 0 of each
 * lane, lanes c .. c + P##_L - 1). */
#define GCM_VAES_CRYPT(P, fn, ks, hk, out, in, n, ctr, y)                                          \
    do {                                                                                           \
        const __m128i bs_ = gh_bswap_mask();                                                       \
        const P##_VEC bswap_ = P##_BCAST128(bs_);                                                  \
        const __m128i *rk_ = (const __m128i *)(const void *)(ks)->w;                               \
        /* Bounded as in the one-shot hook: k_ holds 15 round keys. */                           \
        GCM_VAES_KEYS(P, k_, nr_, (ks)->rounds == 10 ? 10 : (ks)->rounds == 12 ? 12 : 14, rk_);    \
        const __m128i c_ = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(ctr)), \
                                            bs_);                                                  \
        P##_VEC cv_ = P##_ADD32(P##_BCAST128(c_), P##_LANES);                                      \
        __m128i y_ = gh_load((y), bs_);                                                            \
        switch (nr_) {                                                                             \
        case 10: fn(k_, 10, gh_powers(hk), out, in, n, &cv_, &y_, bswap_); break;                  \
        case 12: fn(k_, 12, gh_powers(hk), out, in, n, &cv_, &y_, bswap_); break;                  \
        default: fn(k_, 14, gh_powers(hk), out, in, n, &cv_, &y_, bswap_); break;                  \
        }                                                                                          \
        _mm_storeu_si128((__m128i *)(void *)(ctr), _mm_shuffle_epi8(P##_CAST128(cv_), bs_));       \
        gh_store((y), y_, bs_);                                                                    \
        axiom_wipe(k_, sizeof k_); /* round keys */                                                \
    } while (0)

/* The kernel hooks name##_enc, name##_dec and name##_msg (see axiom_gcm_kernel).
 *
 * p##_msg_dir: p##_msg_nr with the direction made a constant as well (with
 * one copy for both directions the ymm kernel sealed 16 KiB with AES-128 at
 * about half speed). */
#define GCM_VAES_DEFINE_HOOKS(P, p, name)                                                          \
    static void name##_enc(const axiom_bc_ks *ks, const axiom_ghash_key *hk, uint8_t *out,         \
                           const uint8_t *in, size_t n, uint8_t ctr[16], uint8_t y[16])            \
    {                                                                                              \
        GCM_VAES_CRYPT(P, p##_enc_nr, ks, hk, out, in, n, ctr, y);                                 \
    }                                                                                              \
                                                                                                   \
    static void name##_dec(const axiom_bc_ks *ks, const axiom_ghash_key *hk, uint8_t *out,         \
                           const uint8_t *in, size_t n, uint8_t ctr[16], uint8_t y[16])            \
    {                                                                                              \
        GCM_VAES_CRYPT(P, p##_dec_nr, ks, hk, out, in, n, ctr, y);                                 \
    }                                                                                              \
                                                                                                   \
    GCM_VAES_INLINE void p##_msg_dir(const P##_VEC *k, const unsigned nr, const __m128i *pw,       \
                                     const int encrypt, uint8_t *out, uint8_t tag[16],             \
                                     const uint8_t nonce[12], const uint8_t *ad, size_t adlen,     \
                                     const uint8_t *in, size_t len, P##_VEC bswap)                 \
    {                                                                                              \
        if (encrypt)                                                                               \
            p##_msg_nr(k, nr, pw, 1, out, tag, nonce, ad, adlen, in, len, bswap);                  \
        else                                                                                       \
            p##_msg_nr(k, nr, pw, 0, out, tag, nonce, ad, adlen, in, len, bswap);                  \
    }                                                                                              \
                                                                                                   \
    static void name##_msg(const axiom_bc_ks *ks, const axiom_ghash_key *hk, int encrypt,          \
                           uint8_t *out, uint8_t tag[16], const uint8_t nonce[12],                 \
                           const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)         \
    {                                                                                              \
        const P##_VEC bswap = P##_BCAST128(gh_bswap_mask());                                       \
        const __m128i *rk = (const __m128i *)(const void *)ks->w;                                  \
        const __m128i *pw = gh_powers(hk);                                                         \
        /* The round count the switch below picks: the broadcast never runs                        \
         * past the array whatever ks->rounds holds. */                                            \
        GCM_VAES_KEYS(P, k, nr, ks->rounds == 10 ? 10 : ks->rounds == 12 ? 12 : 14, rk);           \
        switch (nr) {                                                                              \
        case 10:                                                                                   \
            p##_msg_dir(k, 10, pw, encrypt, out, tag, nonce, ad, adlen, in, len, bswap);           \
            break;                                                                                 \
        case 12:                                                                                   \
            p##_msg_dir(k, 12, pw, encrypt, out, tag, nonce, ad, adlen, in, len, bswap);           \
            break;                                                                                 \
        default:                                                                                   \
            p##_msg_dir(k, 14, pw, encrypt, out, tag, nonce, ad, adlen, in, len, bswap);           \
            break;                                                                                 \
        }                                                                                          \
        axiom_wipe(k, sizeof k);                                                                   \
    }

#endif /* AXIOM_GCM_VAES_COMMON_H */
