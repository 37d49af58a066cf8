/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Stitched AES-GCM loops for x86-64 CPUs with AES-NI, PCLMULQDQ and SSSE3:
 * the "aesni+pclmul" GCM tier. */

/*
 * The text phase of lib/gcm/ghash.h.  Interleave: 8 blocks per iteration.
 * Fused: the CTR encryption of 8 counter blocks and the GHASH of 8
 * ciphertext blocks (aggregated, one reduction per iteration with
 * H^8..H^1) run in one loop body, the carry-less multiplications slotted
 * between the AES rounds, so that the AES units and the PCLMULQDQ unit
 * work at the same time instead of one pass after the other.  Encryption
 * hashes the previous iteration's ciphertext (the current one is not known
 * until the last round); decryption hashes the current iteration's input.
 * The keystream XOR is folded into the last round key.  Tails of 1..7
 * blocks are encrypted and hashed separately.
 *
 * The round keys are those of the "aesni" AES kernel (encryption keys from
 * byte 0 of the schedule), which this tier uses for its key setup.
 *
 * Constant time: AES-NI and PCLMULQDQ have data-independent timing and
 * there is no branch or memory index on keys or data; branches depend only
 * on the round count and the block count.
 */
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"
#include "aes/aes.h"
#include "gcm/ghash.h"
#include "core/internal.h"
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gcm_x86.h"

#define GA_FORCE_INLINE static inline __attribute__((always_inline))
#define GA_W AXIOM_GCM_AESNI_BLOCKS

/* b[] = the counter blocks c, c + 1, ..., c + 7 (wire order), whitened
 * with @k0. */
GA_FORCE_INLINE void ga_ctrs8(__m128i *b, __m128i c, __m128i bswap, __m128i k0)
{
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++)
        b[j] = _mm_xor_si128(_mm_shuffle_epi8(gh_ctr_add(c, (int)j), bswap), k0);
}

/* One AES round on the 8 blocks b[]. */
GA_FORCE_INLINE void ga_round8(__m128i *b, __m128i k)
{
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++)
        b[j] = _mm_aesenc_si128(b[j], k);
}

/* The keystream of counter blocks c, c + 1, ..., c + 7; the XOR with the
 * text is the caller's. */
GA_FORCE_INLINE void ga_ks8(const __m128i *rk, const unsigned nr, __m128i *b, __m128i c,
                            __m128i bswap)
{
    ga_ctrs8(b, c, bswap, rk[0]);
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++)
        ga_round8(b, rk[r]);
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++)
        b[j] = _mm_aesenclast_si128(b[j], rk[nr]);
}

/* out = in ^ the keystream b[] over @n (1..8) blocks; the counter
 * advances by n.  The last 1..7 blocks of a call take their keystream from
 * a batch of 8 too: eight independent blocks take the latency of one
 * through the AES unit, and the loops unroll. */
GA_FORCE_INLINE void ga_xor_n(uint8_t *out, const uint8_t *in, unsigned n, const __m128i *b,
                              __m128i *c)
{
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++) {
        if (j < n) {
            const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j));
            _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), _mm_xor_si128(b[j], x));
        }
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
    ga_ctrs8(b, *c, bswap, rk[0]);
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++)
        x[j] = gh_load(hin + 16 * j, bswap);
    x[0] = _mm_xor_si128(x[0], *y);
    *c = gh_ctr_add(*c, GA_W);
    /* Rounds 1..8 each carry one block's multiplication (nr >= 10). */
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
        ga_round8(b, rk[r]);
        if (r <= GA_W) {
            gh_mul_acc(x[r - 1], pw[GH_SLOT(GA_W) + r - 1], &lo, &mid, &hi);
            GH_KEEP(lo, mid, hi);
        }
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

/* The bulk loops: @n whole blocks, counter *c and accumulator *y
 * (reflected); the *@nfin blocks at @fin go into the last reduction
 * (GCM_X86_TEXT). */
GA_FORCE_INLINE void ga_enc_nr(const __m128i *rk, const unsigned nr, const __m128i *pw,
                               uint8_t *out, const uint8_t *in, size_t n, __m128i *c,
                               __m128i *y, const uint8_t *fin, unsigned *nfin)
{
    const __m128i bswap = gh_bswap_mask();
    if (n >= GA_W) {
        /* Prologue: the first 8 blocks have nothing before them to hash. */
        __m128i b[GA_W];
        ga_ks8(rk, nr, b, *c, bswap);
        ga_xor_n(out, in, GA_W, b, c);
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
        if (!n) {
            *y = gh_absorb_fin(*y, pw, prev, GA_W, fin, *nfin, bswap);
            *nfin = 0;
            return;
        }
        *y = gh_absorb(*y, pw, prev, GA_W, bswap);
    }
    if (n > 0) {
        __m128i b[GA_W];
        ga_ks8(rk, nr, b, *c, bswap);
        ga_xor_n(out, in, (unsigned)n, b, c);
        *y = gh_absorb_fin(*y, pw, out, (unsigned)n, fin, *nfin, bswap);
        *nfin = 0;
    }
}

GA_FORCE_INLINE void ga_dec_nr(const __m128i *rk, const unsigned nr, const __m128i *pw,
                               uint8_t *out, const uint8_t *in, size_t n, __m128i *c,
                               __m128i *y, const uint8_t *fin, unsigned *nfin)
{
    const __m128i bswap = gh_bswap_mask();
    for (; n >= GA_W; n -= GA_W) {
        ga_step8(rk, nr, pw, out, in, in, c, y, bswap);
        in += 16 * GA_W;
        out += 16 * GA_W;
    }
    if (n > 0) {
        /* The keystream first: its rounds do not wait for the GHASH, which
         * reads the input before the stores (out == in). */
        __m128i b[GA_W];
        ga_ks8(rk, nr, b, *c, bswap);
        *y = gh_absorb_fin(*y, pw, in, (unsigned)n, fin, *nfin, bswap);
        *nfin = 0;
        ga_xor_n(out, in, (unsigned)n, b, c);
    }
}

/* The text function of GCM_X86_TEXT: the extra blocks first, then the
 * bulk loop in the direction @encrypt. */
GA_FORCE_INLINE __m128i ga_text(const int encrypt, const __m128i *rk, const unsigned nr,
                                const __m128i *pw, axiom_gcm_msg *m, unsigned want, uint8_t *out,
                                const uint8_t *in, size_t n, __m128i *c, __m128i *y,
                                unsigned *nfin)
{
    const __m128i ek0 = gcm_x86_extras(rk, nr, m, gh_ctr_add(*c, (int)n), want, gh_bswap_mask());
    if (encrypt)
        ga_enc_nr(rk, nr, pw, out, in, n, c, y, m->fin, nfin);
    else
        ga_dec_nr(rk, nr, pw, out, in, n, c, y, m->fin, nfin);
    return ek0;
}

GA_FORCE_INLINE __m128i ga_text_enc(const __m128i *rk, const unsigned nr, const __m128i *pw,
                                    axiom_gcm_msg *m, unsigned want, uint8_t *out,
                                    const uint8_t *in, size_t n, __m128i *c, __m128i *y,
                                    unsigned *nfin)
{
    return ga_text(1, rk, nr, pw, m, want, out, in, n, c, y, nfin);
}

GA_FORCE_INLINE __m128i ga_text_dec(const __m128i *rk, const unsigned nr, const __m128i *pw,
                                    axiom_gcm_msg *m, unsigned want, uint8_t *out,
                                    const uint8_t *in, size_t n, __m128i *c, __m128i *y,
                                    unsigned *nfin)
{
    return ga_text(0, rk, nr, pw, m, want, out, in, n, c, y, nfin);
}

static void gcm_aesni_enc(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                          const uint8_t *in, size_t n, unsigned want)
{
    GCM_X86_TEXT(ga_text_enc, g, m, out, in, n, want);
}

static void gcm_aesni_dec(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                          const uint8_t *in, size_t n, unsigned want)
{
    GCM_X86_TEXT(ga_text_dec, g, m, out, in, n, want);
}


GCM_X86_LAST(gcm_aesni_last)

const axiom_gcm_kernel axiom_gcm_aesni = {
    .name = "aesni+pclmul",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "AES-NI CTR and PCLMULQDQ GHASH stitched, 8 blocks",
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_pclmul,
    .step = GA_W,
    .enc = gcm_aesni_enc,
    .dec = gcm_aesni_dec,
    .last = gcm_aesni_last,
};
