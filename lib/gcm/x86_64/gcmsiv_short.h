/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-GCM-SIV's one-call short message (axiom_gcmsiv_short_fn,
 * lib/gcm/polyval.h) on xmm registers (AES-NI, PCLMULQDQ, SSSE3), written
 * once as static inline code that each x86-64 bundle's file compiles with
 * its own flags (gcmsiv_short_aesni.c, gcmsiv_vaes_avx2.c,
 * gcmsiv_vaes_avx512.c), through SIVS_DEFINE.
 *
 * The composed path (lib/gcm/gcmsiv.c) runs the key derivation, the
 * message key's schedule, the POLYVAL key's powers, POLYVAL, the tag and
 * CTR as kernel calls over keys in memory, which it then wipes.  Here a
 * message of at most AXIOM_GCMSIV_SHORT_TEXT blocks of text and
 * AXIOM_GCMSIV_SHORT_HASH hashed blocks runs them in registers:
 * - the 4 or 6 derivation blocks LE32(i) || nonce, built in a register
 *   and interleaved through the key-generating key's rounds;
 * - the message-encryption key's expansion (aesx_expand128 or
 *   aesx_expand256_h, lib/aes/x86_64/aes_x86_keys.h) into a local array
 *   of round keys, the only secret this writes to memory (wiped before
 *   return);
 * - POLYVAL of AD, text and the length block from the
 *   message-authentication key alone (gh_short_sum: powers up to the
 *   fourth, Horner's rule over two groups), which runs beside the
 *   expansion;
 * - seal: the tag, then CTR from it; open: CTR from the received tag
 *   (beside POLYVAL's key, which it does not need), then POLYVAL of the
 *   plaintext and the tag, which the AEAD layer compares.
 *
 * In POLYVAL's representation a block is its raw load and the key's first
 * power the raw authentication key (lib/gcm/x86_64/polyval_pclmul.c).
 *
 * Constant time: AESENC and PCLMULQDQ take the same time for every input;
 * branches and table offsets depend on the lengths, the key size and the
 * direction only.
 */
#ifndef AXIOM_GCMSIV_SHORT_H
#define AXIOM_GCMSIV_SHORT_H

#include <string.h>
#include <immintrin.h>

#include "aes/x86_64/aes_x86_keys.h"
#include "gcm/polyval.h"
#include "core/internal.h"
#include "gcm/x86_64/gh_short.h"

#define SIVS_INLINE static inline __attribute__((always_inline))

/* The @n (0..AXIOM_GCMSIV_SHORT_TEXT) counter blocks from @c0 (its low
 * 32-bit word incremented modulo 2^32 per block) through the @nr rounds
 * of @ek, XORed into x[] to y[]. */
SIVS_INLINE void sivs_ctr(const __m128i *ek, const unsigned nr, __m128i c0, const __m128i *x,
                          __m128i *y, unsigned n)
{
    enum { NT = AXIOM_GCMSIV_SHORT_TEXT };
    __m128i c[NT] = { 0 };
    _Pragma("GCC unroll 4")
    for (unsigned i = 0; i < NT; i++)
        if (i < n)
            c[i] = _mm_xor_si128(_mm_add_epi32(c0, _mm_cvtsi32_si128((int)i)), ek[0]);
    _Pragma("GCC unroll 13")
    for (unsigned r = 1; r < nr; r++)
        _Pragma("GCC unroll 4")
        for (unsigned i = 0; i < NT; i++)
            if (i < n)
                c[i] = _mm_aesenc_si128(c[i], ek[r]);
    _Pragma("GCC unroll 4")
    for (unsigned i = 0; i < NT; i++)
        if (i < n)
            y[i] = _mm_xor_si128(x[i], _mm_aesenclast_si128(c[i], ek[nr]));
}

/* Where the input is loaded (nothing is stored before the end, so out may
 * be in either way): with 16 vector registers after the derivation and
 * the key expansion, whose chains then keep the registers the input
 * blocks would hold (vaes-avx2 and AES-NI tiers, AMD Zen 4, A/B:
 * AES-128 at 16 and 64 bytes 1.07-1.22x, AES-256 1.02-1.10x); with 32
 * (AVX-512) first, which measured 1-4 % faster there for AES-256. */
#ifndef SIVS_INPUT_EARLY
#define SIVS_INPUT_EARLY 0
#endif

/* The @nt text blocks at @in (@len bytes) into x[], zero past them. */
SIVS_INLINE void sivs_load(__m128i *x, const uint8_t *in, size_t len, unsigned nt)
{
    _Pragma("GCC unroll 4")
    for (unsigned i = 0; i < AXIOM_GCMSIV_SHORT_TEXT; i++)
        if (i < nt)
            x[i] = gh_load_part(in + 16 * i, len - 16 * i);
}

/* The tag: (S ^ nonce) with the top bit cleared, through @ek. */
SIVS_INLINE __m128i sivs_tag(const __m128i *ek, const unsigned nr, __m128i s, __m128i n12,
                             __m128i top)
{
    __m128i t = _mm_xor_si128(_mm_andnot_si128(top, _mm_xor_si128(s, n12)), ek[0]);
    _Pragma("GCC unroll 13")
    for (unsigned r = 1; r < nr; r++)
        t = _mm_aesenc_si128(t, ek[r]);
    return _mm_aesenclast_si128(t, ek[nr]);
}

/* The 4 (@nr 10) or 6 (@nr 14) derivation blocks LE32(i) || nonce
 * (@n12 the nonce, loaded) through the key-generating key's round keys
 * @rk, interleaved, into d[]. */
SIVS_INLINE void sivs_kdf(const __m128i *rk, const unsigned nr, __m128i n12, __m128i d[6])
{
    const unsigned nb = nr == 10 ? 4 : 6;
    const __m128i nz = _mm_slli_si128(n12, 4); /* nonce in bytes 4..15 */
    _Pragma("GCC unroll 6")
    for (unsigned i = 0; i < 6; i++)
        d[i] = i < nb ? _mm_xor_si128(_mm_or_si128(nz, _mm_cvtsi32_si128((int)i)), rk[0])
                      : _mm_setzero_si128();
    _Pragma("GCC unroll 13")
    for (unsigned r = 1; r < nr; r++)
        _Pragma("GCC unroll 6")
        for (unsigned i = 0; i < 6; i++)
            if (i < nb)
                d[i] = _mm_aesenc_si128(d[i], rk[r]);
    _Pragma("GCC unroll 6")
    for (unsigned i = 0; i < 6; i++)
        if (i < nb)
            d[i] = _mm_aesenclast_si128(d[i], rk[nr]);
}

/* The message-encryption key's schedule into @ek from the derivation
 * blocks d[2..] (the first 8 bytes of each; d[0..1] make the
 * authentication key). */
SIVS_INLINE void sivs_expand(__m128i *ek, const unsigned nr, const __m128i d[6])
{
    if (nr == 10)
        aesx_expand128_k(ek, _mm_unpacklo_epi64(d[2], d[3]));
    else
        aesx_expand256_h(ek, _mm_unpacklo_epi64(d[2], d[3]), _mm_unpacklo_epi64(d[4], d[5]),
                         NULL);
}

/* One message with the key-generating key's AES-NI schedule @kgk of @nr
 * (10 or 14) rounds; @enc nonzero seals (the tag to @tag), else opens
 * under the tag @tag holds and writes the computed one over it. */
SIVS_INLINE void sivs_message(const axiom_bc_ks *kgk, const unsigned nr, const uint8_t nonce[12],
                              const int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad,
                              size_t adlen, const uint8_t *in, size_t len)
{
    enum { NT = AXIOM_GCMSIV_SHORT_TEXT, NH = AXIOM_GCMSIV_SHORT_HASH };
    _Static_assert(NH <= GH_SHORT_MAX && NT <= GH_SHORT_TEXT, "gh_short.h's limits");
    const unsigned nt = (unsigned)((len + 15) / 16), na = (unsigned)((adlen + 15) / 16);
    const unsigned nh = na + nt + 1;
    const __m128i *rk = (const __m128i *)(const void *)kgk->w;
    const __m128i top = _mm_set_epi64x((long long)(UINT64_C(1) << 63), 0);
    /* (Zero initializers only keep -Wmaybe-uninitialized quiet: nothing
     * past the message is read.) */
    __m128i x[NT] = { 0 }, y[NT] = { 0 }, blk[NH] = { 0 };
    if (SIVS_INPUT_EARLY)
        sivs_load(x, in, len, nt);
    const __m128i tin = enc ? _mm_setzero_si128()
                            : _mm_loadu_si128((const __m128i *)(const void *)tag);

    const __m128i n12 = gh_load12(nonce);
    __m128i d[6];
    sivs_kdf(rk, nr, n12, d);
    const __m128i p1 = _mm_unpacklo_epi64(d[0], d[1]);
    __m128i ek[15];
    sivs_expand(ek, nr, d);

    if (!SIVS_INPUT_EARLY)
        sivs_load(x, in, len, nt);

    /* The hashed blocks: AD, then the plaintext (sealing: the input;
     * opening: CTR's output, below), then the lengths in bits. */
    unsigned j = 0;
    for (unsigned i = 0; i < na; i++, j++)
        blk[j] = gh_load_part(ad + 16 * i, adlen - 16 * i);
    const __m128i lens =
        _mm_set_epi64x((long long)((uint64_t)len * 8), (long long)((uint64_t)adlen * 8));
    __m128i t;
    if (enc) {
        _Pragma("GCC unroll 4")
        for (unsigned i = 0; i < NT; i++)
            if (i < nt)
                blk[j + i] = x[i];
        blk[nh - 1] = lens;
        t = sivs_tag(ek, nr, gh_short_sum(blk, nh, p1, 0), n12, top);
        sivs_ctr(ek, nr, _mm_or_si128(t, top), x, y, nt);
    } else {
        sivs_ctr(ek, nr, _mm_or_si128(tin, top), x, y, nt);
        _Pragma("GCC unroll 4")
        for (unsigned i = 0; i < NT; i++)
            if (i < nt)
                blk[j + i] = gh_keep_bytes(y[i], len - 16 * i < 16 ? len - 16 * i : 16);
        blk[nh - 1] = lens;
        t = sivs_tag(ek, nr, gh_short_sum(blk, nh, p1, 0), n12, top);
    }
    _mm_storeu_si128((__m128i *)(void *)tag, t);
    gh_short_done(out, y, nt, len, ek);
}

/* The per-message keys of the composed path (axiom_gcmsiv_kernel's
 * derive): the derivation blocks in registers, the encryption key's
 * schedule made from them into @ks, then the authentication key's first
 * @npow powers by @pv (its init_n) into @hk.  Where the glue ran the
 * blocks through an ECB call, their halves through memory and the
 * schedule through a setkey call, each a store the next step loads. */
SIVS_INLINE void sivs_derive(const axiom_bc_ks *kgk, const unsigned nr, const uint8_t nonce[12],
                             axiom_bc_ks *ks, axiom_ghash_key *hk, size_t npow,
                             const axiom_polyval_kernel *pv)
{
    __m128i d[6];
    sivs_kdf((const __m128i *)(const void *)kgk->w, nr, gh_load12(nonce), d);
    sivs_expand((__m128i *)(void *)ks->w, nr, d);
    ks->rounds = nr;
    _Alignas(16) uint8_t auth[16];
    _mm_store_si128((__m128i *)(void *)auth, _mm_unpacklo_epi64(d[0], d[1]));
    pv->init_n(hk, auth, npow);
    AXIOM_WIPE_FIXED(auth);
}

/* The exported axiom_gcmsiv_short_fn of a bundle's compilation, named
 * after its tier: the key size and the direction made constants; and
 * its derive for the same polyval kernel @pv. */
#define SIVS_DEFINE(tier, pv)                                                                  \
    void axiom_gcmsiv_derive_##tier(const axiom_bc_ks *kgk, size_t keylen,                     \
                                    const uint8_t nonce[12], axiom_bc_ks *ks,                  \
                                    axiom_ghash_key *hk, size_t npow)                          \
    {                                                                                          \
        if (keylen == 16)                                                                      \
            sivs_derive(kgk, 10, nonce, ks, hk, npow, &(pv));                                  \
        else                                                                                   \
            sivs_derive(kgk, 14, nonce, ks, hk, npow, &(pv));                                  \
    }                                                                                          \
    void axiom_gcmsiv_short_##tier(const axiom_bc_ks *kgk, size_t keylen,                      \
                                   const uint8_t nonce[12], int enc, uint8_t *out,             \
                                   uint8_t tag[16], const uint8_t *ad, size_t adlen,           \
                                   const uint8_t *in, size_t len)                              \
    {                                                                                          \
        if (keylen == 16 && enc)                                                               \
            sivs_message(kgk, 10, nonce, 1, out, tag, ad, adlen, in, len);                     \
        else if (keylen == 16)                                                                 \
            sivs_message(kgk, 10, nonce, 0, out, tag, ad, adlen, in, len);                     \
        else if (enc)                                                                          \
            sivs_message(kgk, 14, nonce, 1, out, tag, ad, adlen, in, len);                     \
        else                                                                                   \
            sivs_message(kgk, 14, nonce, 0, out, tag, ad, adlen, in, len);                     \
    }

#endif
