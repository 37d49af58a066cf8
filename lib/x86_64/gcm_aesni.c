/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Stitched AES-GCM loops for x86-64 CPUs with AES-NI, PCLMULQDQ and SSSE3:
 * the "aesni+pclmul" GCM tier. */

/*
 * Interleave: 8 blocks per iteration.  Fused: the CTR encryption of 8
 * counter blocks and the GHASH of 8 ciphertext blocks (aggregated, one
 * reduction per iteration with H^8..H^1) run in one loop body, the
 * carry-less multiplications slotted between the AES rounds, so that the
 * AES units and the PCLMULQDQ unit work at the same time instead of one
 * pass after the other.  Encryption hashes the previous iteration's
 * ciphertext (the current one is not known until the last round);
 * decryption hashes the current iteration's input.  The keystream XOR is
 * folded into the last round key.  Tails of 1..7 blocks are encrypted and
 * hashed separately.
 *
 * The round keys are those of the "aesni" AES kernel (encryption keys from
 * byte 0 of the schedule), which this tier uses for its key setup.
 *
 * Constant time: AES-NI and PCLMULQDQ have data-independent timing and
 * there is no branch or memory index on keys or data; branches depend only
 * on the round count and the length.
 */
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "bc.h"
#include "ghash.h"
#include "x86_64/ghash_pclmul.h"

#define GA_FORCE_INLINE static inline __attribute__((always_inline))
#define GA_W 8

/* Keystream for @n (1..8) counter blocks from @c, XORed with @in into @out. */
GA_FORCE_INLINE void ga_ctr_tail(const __m128i *rk, const unsigned nr, uint8_t *out,
                                 const uint8_t *in, unsigned n, __m128i *c, __m128i bswap)
{
    __m128i b[GA_W];
    for (unsigned j = 0; j < n; j++)
        b[j] = _mm_xor_si128(_mm_shuffle_epi8(gh_ctr_add(*c, (int)j), bswap), rk[0]);
    for (unsigned r = 1; r < nr; r++)
        for (unsigned j = 0; j < n; j++)
            b[j] = _mm_aesenc_si128(b[j], rk[r]);
    for (unsigned j = 0; j < n; j++) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j));
        b[j] = _mm_aesenclast_si128(b[j], _mm_xor_si128(rk[nr], x));
        _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), b[j]);
    }
    *c = gh_ctr_add(*c, (int)n);
}

/* One iteration: AES-CTR of 8 blocks from @in to @out, with the GHASH of
 * the 8 blocks at @hin (the previous output when encrypting, @in itself
 * when decrypting: all of it is loaded before anything is stored) into
 * @y. */
GA_FORCE_INLINE void ga_step8(const __m128i *rk, const unsigned nr, const __m128i *pw,
                              uint8_t *out, const uint8_t *in, const uint8_t *hin,
                              __m128i *c, __m128i *y, __m128i bswap)
{
    __m128i b[GA_W], x[GA_W];
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++) {
        b[j] = _mm_xor_si128(_mm_shuffle_epi8(gh_ctr_add(*c, (int)j), bswap), rk[0]);
        x[j] = gh_load(hin + 16 * j, bswap);
    }
    x[0] = _mm_xor_si128(x[0], *y);
    *c = gh_ctr_add(*c, GA_W);
    /* Rounds 1..8 each carry one block's multiplication (nr >= 10). */
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
        const __m128i k = rk[r];
#pragma GCC unroll 8
        for (unsigned j = 0; j < GA_W; j++)
            b[j] = _mm_aesenc_si128(b[j], k);
        if (r <= GA_W)
            gh_mul_acc(x[r - 1], pw[GH_SLOT(GA_W) + r - 1], &lo, &mid, &hi);
    }
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++) {
        const __m128i p = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j));
        b[j] = _mm_aesenclast_si128(b[j], _mm_xor_si128(rk[nr], p));
    }
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++)
        _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), b[j]);
    *y = gh_reduce(lo, mid, hi);
}

GA_FORCE_INLINE void ga_enc_nr(const __m128i *rk, const unsigned nr, const __m128i *pw,
                               uint8_t *out, const uint8_t *in, size_t n,
                               __m128i *c, __m128i *y)
{
    const __m128i bswap = gh_bswap_mask();
    if (n >= GA_W) {
        /* Prologue: the first 8 blocks have nothing before them to hash. */
        ga_ctr_tail(rk, nr, out, in, GA_W, c, bswap);
        const uint8_t *prev = out;
        in += 16 * GA_W;
        out += 16 * GA_W;
        n -= GA_W;
        for (; n >= GA_W; n -= GA_W) {
            ga_step8(rk, nr, pw, out, in, prev, c, y, bswap);
            prev = out;
            in += 16 * GA_W;
            out += 16 * GA_W;
        }
        *y = gh_absorb(*y, pw, prev, GA_W, bswap);
    }
    if (n > 0) {
        ga_ctr_tail(rk, nr, out, in, (unsigned)n, c, bswap);
        *y = gh_absorb(*y, pw, out, (unsigned)n, bswap);
    }
}

GA_FORCE_INLINE void ga_dec_nr(const __m128i *rk, const unsigned nr, const __m128i *pw,
                               uint8_t *out, const uint8_t *in, size_t n,
                               __m128i *c, __m128i *y)
{
    const __m128i bswap = gh_bswap_mask();
    for (; n >= GA_W; n -= GA_W) {
        ga_step8(rk, nr, pw, out, in, in, c, y, bswap);
        in += 16 * GA_W;
        out += 16 * GA_W;
    }
    if (n > 0) {
        *y = gh_absorb(*y, pw, in, (unsigned)n, bswap);
        ga_ctr_tail(rk, nr, out, in, (unsigned)n, c, bswap);
    }
}

/* The round count becomes a constant in each copy, so the round loops
 * unroll completely. */
#define GA_DISPATCH(fn, ks, hk, out, in, n, ctr, y)                               \
    do {                                                                      \
        const __m128i bswap_ = gh_bswap_mask();                               \
        const __m128i *rk_ = (const __m128i *)(const void *)(ks)->w;          \
        const __m128i *pw_ = gh_powers(hk);                                   \
        __m128i c_ = _mm_shuffle_epi8(                                        \
            _mm_loadu_si128((const __m128i *)(const void *)(ctr)), bswap_);   \
        __m128i y_ = gh_load((y), bswap_);                                    \
        switch ((ks)->rounds) {                                               \
        case 10: fn(rk_, 10, pw_, out, in, n, &c_, &y_); break;               \
        case 12: fn(rk_, 12, pw_, out, in, n, &c_, &y_); break;               \
        default: fn(rk_, 14, pw_, out, in, n, &c_, &y_); break;               \
        }                                                                     \
        _mm_storeu_si128((__m128i *)(void *)(ctr), _mm_shuffle_epi8(c_, bswap_)); \
        gh_store((y), y_, bswap_);                                            \
    } while (0)

static void gcm_aesni_enc(const axiom_bc_ks *ks, const axiom_ghash_key *hk, uint8_t *out,
                          const uint8_t *in, size_t n, uint8_t ctr[16], uint8_t y[16])
{
    GA_DISPATCH(ga_enc_nr, ks, hk, out, in, n, ctr, y);
}

static void gcm_aesni_dec(const axiom_bc_ks *ks, const axiom_ghash_key *hk, uint8_t *out,
                          const uint8_t *in, size_t n, uint8_t ctr[16], uint8_t y[16])
{
    GA_DISPATCH(ga_dec_nr, ks, hk, out, in, n, ctr, y);
}

const axiom_gcm_kernel axiom_gcm_aesni = {
    .name = "aesni+pclmul",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_pclmul,
    .enc = gcm_aesni_enc,
    .dec = gcm_aesni_dec,
};
