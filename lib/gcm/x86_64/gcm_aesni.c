/* SPDX-License-Identifier: LGPL-2.1-or-later */
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
#include "core/bc.h"
#include "aes/aes.h"
#include "gcm/ghash.h"
#include "core/internal.h"
#include "gcm/x86_64/ghash_pclmul.h"

#define GA_FORCE_INLINE static inline __attribute__((always_inline))
#define GA_W AXIOM_GCM_AESNI_BLOCKS

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

/* ---- one-shot messages (axiom_gcm_msg_fn) -------------------------------
 * No glue state: J0 and E_K(J0) in registers, the AD hashed straight from
 * its buffer.  Messages of up to GA_W - 1 blocks (a partial last block
 * counted) run J0 and all their counter blocks as one batch of GA_W, and
 * hash AD, text and length block with one reduction when they fit the key
 * powers; longer ones use the stitched loop for their whole blocks. */

/* Load @n (0..16) bytes from @p, zero above; no byte past p + n is read. */
GA_FORCE_INLINE __m128i ga_load_part(const uint8_t *p, size_t n)
{
    if (n == 16)
        return _mm_loadu_si128((const __m128i *)(const void *)p);
    uint8_t b[16] = { 0 };
    memcpy(b, p, n);
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)b);
    AXIOM_WIPE_FIXED(b);
    return v;
}

/* Store the low @n (0..16) bytes of @v to @p. */
GA_FORCE_INLINE void ga_store_part(uint8_t *p, __m128i v, size_t n)
{
    if (n == 16) {
        _mm_storeu_si128((__m128i *)(void *)p, v);
        return;
    }
    uint8_t b[16];
    _mm_storeu_si128((__m128i *)(void *)b, v);
    memcpy(p, b, n);
    AXIOM_WIPE_FIXED(b);
}

/* y = GHASH over @len bytes at @p (zero-padded last block), continuing
 * from y: up to 8 blocks per reduction. */
GA_FORCE_INLINE __m128i ga_absorb_bytes(__m128i y, const __m128i *pw, const uint8_t *p, size_t len,
                                        __m128i bswap)
{
    size_t n = len / 16;
    for (; n >= GA_W; n -= GA_W, p += 16 * GA_W)
        y = gh_absorb(y, pw, p, GA_W, bswap);
    if (n) {
        y = gh_absorb(y, pw, p, (unsigned)n, bswap);
        p += 16 * n;
    }
    if (len % 16)
        y = gh_mul(_mm_xor_si128(y, _mm_shuffle_epi8(ga_load_part(p, len % 16), bswap)),
                   pw[GH_SLOT(1)]);
    return y;
}

/* CTR on @n (1..16) bytes: out = in ^ keystream block @ks, the bytes of
 * the returned output and of *@p (the input) past @n zero.  A partial
 * block cuts the keystream through a stack copy, wiped after. */
GA_FORCE_INLINE __m128i ga_xor_part(uint8_t *out, const uint8_t *in, __m128i ks, size_t n,
                                    __m128i *p)
{
    *p = ga_load_part(in, n);
    if (n < 16) {
        __m128i t[1] = { ks };
        ks = ga_load_part((const uint8_t *)t, n);
        AXIOM_WIPE_FIXED(t);
    }
    const __m128i o = _mm_xor_si128(*p, ks);
    ga_store_part(out, o, n);
    return o;
}

/* One wire-order block through the cipher. */
GA_FORCE_INLINE __m128i ga_enc1(const __m128i *rk, const unsigned nr, __m128i b)
{
    b = _mm_xor_si128(b, rk[0]);
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++)
        b = _mm_aesenc_si128(b, rk[r]);
    return _mm_aesenclast_si128(b, rk[nr]);
}

/* b[0..GA_W-1] (wire-order blocks) through the cipher. */
GA_FORCE_INLINE void ga_enc8(const __m128i *rk, const unsigned nr, __m128i *b)
{
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++)
        b[j] = _mm_xor_si128(b[j], rk[0]);
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
        const __m128i k = rk[r];
#pragma GCC unroll 8
        for (unsigned j = 0; j < GA_W; j++)
            b[j] = _mm_aesenc_si128(b[j], k);
    }
#pragma GCC unroll 8
    for (unsigned j = 0; j < GA_W; j++)
        b[j] = _mm_aesenclast_si128(b[j], rk[nr]);
}

GA_FORCE_INLINE void ga_msg_nr(const __m128i *rk, const unsigned nr, const __m128i *pw,
                               const int encrypt, uint8_t *out, uint8_t tag[16],
                               const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                               const uint8_t *in, size_t len)
{
    const __m128i bswap = gh_bswap_mask();
    /* J0 = nonce || 0^31 || 1 (wire order); counters from J0 + 1 are kept
     * byte-reversed (gh_ctr_add). */
    uint8_t jb[16] = { 0 };
    memcpy(jb, nonce, 12);
    jb[15] = 1;
    const __m128i j0 = _mm_loadu_si128((const __m128i *)(const void *)jb);
    const __m128i c0 = gh_ctr_add(_mm_shuffle_epi8(j0, bswap), 1);
    /* The length block, reflected: bit lengths of the AD (high) and text. */
    const __m128i lb = _mm_set_epi64x((long long)((uint64_t)adlen * 8),
                                      (long long)((uint64_t)len * 8));
    const size_t nad = (adlen + 15) / 16, nt = (len + 15) / 16;
    __m128i y = _mm_setzero_si128(), ek;

    if (nt < GA_W) {
        __m128i b[GA_W], x[GA_W - 1];
        b[0] = j0;
#pragma GCC unroll 7
        for (unsigned j = 1; j < GA_W; j++)
            b[j] = _mm_shuffle_epi8(gh_ctr_add(c0, (int)j - 1), bswap);
        ga_enc8(rk, nr, b);
        ek = b[0];
        const int one_red = nad + nt < AXIOM_GHASH_MAXPOW;
        __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
        const __m128i *k;
        if (one_red) {
            /* One reduction: AD blocks, text blocks, length block. */
            k = pw + GH_SLOT(nad + nt + 1);
            for (size_t j = 0; j < nad; j++) {
                const size_t n = adlen - 16 * j < 16 ? adlen - 16 * j : 16;
                gh_mul_acc(_mm_shuffle_epi8(ga_load_part(ad + 16 * j, n), bswap), *k++, &lo,
                           &mid, &hi);
            }
        } else {
            y = ga_absorb_bytes(y, pw, ad, adlen, bswap);
            k = pw + GH_SLOT(nt + 1);
        }
        /* Text: whole blocks, then the partial one through a stack copy;
         * x[] takes the ciphertext (zero past len), reflected. */
        for (size_t j = 0; j < nt; j++) {
            const size_t n = len - 16 * j < 16 ? len - 16 * j : 16;
            __m128i p;
            const __m128i o = ga_xor_part(out + 16 * j, in + 16 * j, b[j + 1], n, &p);
            x[j] = _mm_shuffle_epi8(encrypt ? o : p, bswap);
        }
        if (one_red) {
            for (size_t j = 0; j < nt; j++)
                gh_mul_acc(x[j], *k++, &lo, &mid, &hi);
            gh_mul_acc(lb, *k, &lo, &mid, &hi);
        } else {
            gh_mul_acc(_mm_xor_si128(y, nt ? x[0] : lb), *k++, &lo, &mid, &hi);
            for (size_t j = 1; j < nt; j++)
                gh_mul_acc(x[j], *k++, &lo, &mid, &hi);
            if (nt)
                gh_mul_acc(lb, *k, &lo, &mid, &hi);
        }
        y = gh_reduce(lo, mid, hi);
        AXIOM_WIPE_FIXED(b);
    } else {
        ek = ga_enc1(rk, nr, j0);
        y = ga_absorb_bytes(y, pw, ad, adlen, bswap);
        const size_t n = len / 16, rest = len % 16;
        __m128i c = c0;
        if (encrypt)
            ga_enc_nr(rk, nr, pw, out, in, n, &c, &y);
        else
            ga_dec_nr(rk, nr, pw, out, in, n, &c, &y);
        __m128i l = _mm_setzero_si128(), m = l, h = l;
        if (rest) {
            __m128i p;
            const __m128i o = ga_xor_part(out + 16 * n, in + 16 * n,
                                          ga_enc1(rk, nr, _mm_shuffle_epi8(c, bswap)), rest, &p);
            gh_mul_acc(_mm_xor_si128(y, _mm_shuffle_epi8(encrypt ? o : p, bswap)),
                       pw[GH_SLOT(2)], &l, &m, &h);
            gh_mul_acc(lb, pw[GH_SLOT(1)], &l, &m, &h);
        } else {
            gh_mul_acc(_mm_xor_si128(y, lb), pw[GH_SLOT(1)], &l, &m, &h);
        }
        y = gh_reduce(l, m, h);
    }
    _mm_storeu_si128((__m128i *)(void *)tag, _mm_xor_si128(_mm_shuffle_epi8(y, bswap), ek));
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

static void gcm_aesni_msg(const axiom_bc_ks *ks, const axiom_ghash_key *hk, int encrypt,
                          uint8_t *out, uint8_t tag[16], const uint8_t nonce[12],
                          const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)
{
    const __m128i *rk = (const __m128i *)(const void *)ks->w;
    const __m128i *pw = gh_powers(hk);
    switch (ks->rounds) {
    case 10: ga_msg_nr(rk, 10, pw, encrypt, out, tag, nonce, ad, adlen, in, len); break;
    case 12: ga_msg_nr(rk, 12, pw, encrypt, out, tag, nonce, ad, adlen, in, len); break;
    default: ga_msg_nr(rk, 14, pw, encrypt, out, tag, nonce, ad, adlen, in, len); break;
    }
}

const axiom_gcm_kernel axiom_gcm_aesni = {
    .name = "aesni+pclmul",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "AES-NI CTR and PCLMULQDQ GHASH stitched, 8 blocks",
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_pclmul,
    .enc = gcm_aesni_enc,
    .dec = gcm_aesni_dec,
    .msg = gcm_aesni_msg,
};
