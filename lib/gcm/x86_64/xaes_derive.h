/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM's fused per-message key derivation (lib/gcm/xaes.h,
 * axiom_xaes_derive_fn), written once as static inline code that each
 * x86-64 bundle's file compiles with its own flags: xaes_aesni.c (xmm),
 * xaes_vaes_avx2.c and xaes_vaes_avx512.c (which compute the powers of H
 * past the eighth on ymm or zmm vectors, defining XD_T and its
 * operations before including this). */
#ifndef AXIOM_XAES_DERIVE_H
#define AXIOM_XAES_DERIVE_H

/*
 * One call does, in registers, what the composed derivation does through
 * four kernel calls and the full GHASH key setup:
 * - zeros in the power slots above npow, which no reduction of this
 *   message reads (axiom_xaes_powers), so that the key holds no stale
 *   bytes either: first, as stores that depend on nothing retire at once
 *   and leave the reorder buffer to the chain and the message after it;
 * - the two KDF blocks M1 ^ K1 and M2 ^ K1, built in a register,
 *   interleaved through 14 AES rounds under K's schedule;
 * - the AES-256 expansion of the derived key Kx with H = AES-256_Kx(0^128)
 *   computed alongside (aesx_expand256_h, lib/aes/x86_64/aes_x86_keys.h):
 *   its serial part is one
 *   AESENCLAST per round-key block, and each round of H runs as soon as
 *   its round key exists, so H costs a few operations after the last
 *   round key, not a second pass over the schedule;
 * - K_1 = H * x^-1 (lib/gcm/x86_64/ghash_pclmul.c's init) and only the
 *   first npow powers K_i, by levels that double the count (K_(h+i) =
 *   K_h * K_i): three multiplications deep for the 8 a short message
 *   uses, five for all 32, where the GHASH kernel's init chains 31
 *   multiplications whatever the message; a count between powers of two
 *   ends with K_have times the lowest powers.  The xmm file multiplies
 *   one power at a time; the wide files square K_1, make [K_4, K_3] as
 *   one two-lane product and the later levels 2 or 4 lanes at a time.
 *
 * Latency on an Intel Xeon with AMX (Sapphire/Emerald Rapids class; AESENC and PCLMULQDQ 3 cycles;
 * a result of the AES unit takes about 2 more to reach the other vector
 * units): the KDF is 14 AES rounds, 42 cycles; the expansion 13 AESENCLAST
 * (39) after a shuffle, and H a few cycles behind; K_1 about 5; each level
 * of powers about 15 (gh_mul).  So about 140 cycles for the 8 powers of a
 * message of up to 6 hashed blocks, 175 for 32 (where the wide levels are
 * bound by the shuffle port rather than by their latency).
 *
 * Constant time: AESENC, AESENCLAST and (V)PCLMULQDQ take the same time
 * for every input; the top bit of H is folded in with a mask; branches
 * and addresses depend on npow, a function of the public lengths, only.
 * What this writes to memory is the caller's to wipe (lib/gcm/xaes.c).
 */
#include <string.h>
#include <immintrin.h>

#include "aes/x86_64/aes_x86_keys.h"
#include "gcm/xaes.h"
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gh_short.h"

#define XD_INLINE static inline __attribute__((always_inline))

/* How many round keys the short path's counter blocks lag behind H
 * (aesx_expand256_x): an including file with 32 vector registers sets it. */
#ifndef XD_LAG
#define XD_LAG 0
#endif

/* M ^ K1 for counter @i: 00 i 58 00 || N[0:12], built in a register (a
 * 16-byte load of bytes just stored one by one would stall on the store
 * forwarding). */
XD_INLINE __m128i xd_kdf_block(__m128i nz, __m128i k1, int i)
{
    return _mm_xor_si128(_mm_or_si128(nz, _mm_cvtsi32_si128(0x00580000 | i << 8)), k1);
}


/* Kx = a || b: the two KDF blocks from N[0:12] and K1, interleaved
 * through AES-256 under K's schedule @kgk. */
XD_INLINE void xd_kdf(const axiom_bc_ks *kgk, const uint8_t k1[16], const uint8_t nonce[12],
                      __m128i *ka, __m128i *kb)
{
    const __m128i *rk = (const __m128i *)(const void *)kgk->w;
    /* N[0:12] in bytes 4..15, zeros in bytes 0..3. */
    const __m128i nz = _mm_slli_si128(gh_load12(nonce), 4);
    const __m128i kk = _mm_loadu_si128((const __m128i *)(const void *)k1);
    __m128i a = _mm_xor_si128(xd_kdf_block(nz, kk, 1), rk[0]);
    __m128i b = _mm_xor_si128(xd_kdf_block(nz, kk, 2), rk[0]);
    _Pragma("GCC unroll 13")
    for (int r = 1; r < 14; r++) {
        a = _mm_aesenc_si128(a, rk[r]);
        b = _mm_aesenc_si128(b, rk[r]);
    }
    *ka = _mm_aesenclast_si128(a, rk[14]);
    *kb = _mm_aesenclast_si128(b, rk[14]);
}

/* K_1 = H * x^-1 in the reflected representation: H as a big-endian
 * 128-bit integer shifted left by one, the bit shifted out folded back in
 * as x^127 + x^6 + x + 1 (lib/gcm/x86_64/ghash_pclmul.c). */
XD_INLINE __m128i xd_k1(__m128i h)
{
    const __m128i hb = _mm_shuffle_epi8(h, gh_bswap_mask());
    const __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(hb, 31), 0xff); /* all ones if set */
    const __m128i poly = _mm_set_epi64x((long long)UINT64_C(0xc200000000000000), 1);
    const __m128i shl = _mm_or_si128(_mm_slli_epi64(hb, 1),
                                     _mm_slli_si128(_mm_srli_epi64(hb, 63), 8));
    return _mm_xor_si128(shl, _mm_and_si128(top, poly));
}

#ifdef XD_T
/* @k prepared for xd_mul_wide: its two halves' XOR in the low half of
 * each lane (Karatsuba's middle operand), made once per multiplier. */
XD_INLINE XD_T xd_kmid(XD_T k)
{
    return XD_XOR(k, XD_SHUF32(k, 0x4e));
}

/* Lane-wise K_a * K_b on XD_LANES pairs, reduced (gh_mul on every
 * lane, gh_reduce's folds), @km = xd_kmid(k): three carry-less products a
 * lane (Karatsuba) and two for the reduction.  On AMD Zen 4 a carry-less
 * multiplication issues once every two cycles at any width, and the
 * powers' levels wait on that rate. */
XD_INLINE XD_T xd_mul_wide(XD_T a, XD_T k, XD_T km)
{
    const XD_T lo = XD_CLMUL(a, k, 0x00), hi = XD_CLMUL(a, k, 0x11);
    const XD_T mk = XD_CLMUL(XD_XOR(a, XD_SHUF32(a, 0x4e)), km, 0x00); /* mid ^ lo ^ hi */
    const XD_T poly = XD_BCAST(_mm_set_epi64x((long long)UINT64_C(0xc200000000000000), 0));
    const XD_T m = XD_XOR(XD_XOR(XD_XOR(mk, hi), XD_SHUF32(lo, 0x4e)),
                          XD_XOR(lo, XD_CLMUL(lo, poly, 0x10)));
    return XD_XOR(XD_XOR(hi, XD_SHUF32(m, 0x4e)), XD_CLMUL(m, poly, 0x10));
}

/* The vector of K_4 .. K_1 (lanes 0..3, the order of the key's slots)
 * from K_1, and K_2 .. K_4: K_2 a square, K_4 and K_3 one two-lane
 * product (gh_sq, gh_mul2). */
XD_INLINE __m128i xd_p2(__m128i p1)
{
    return gh_sq(p1);
}

XD_INLINE __m256i xd_p43(__m128i p1, __m128i p2)
{
    return gh_mul2(_mm256_set_m128i(p2, p2), _mm256_set_m128i(p1, p2));
}
#endif

/* The derivation (axiom_xaes_derive_fn); the files' exported functions
 * are this, inlined. */
XD_INLINE void xd_derive(const axiom_bc_ks *kgk, const uint8_t k1[16], const uint8_t nonce[12],
                         axiom_gcm_key *g, unsigned npow)
{
    __m128i *pw = (__m128i *)(void *)g->hk.w;
    if (npow == AXIOM_XAES_KDF_ONLY) {
        __m128i *ks = (__m128i *)(void *)g->ks.w;
        xd_kdf(kgk, k1, nonce, ks, ks + 1);
        g->ks.rounds = 14;
        return;
    }
    /* The slots above npow (slots 0 .. 31 - npow) first: these stores
     * depend on nothing, so they retire at once instead of waiting in the
     * reorder buffer behind the serial chain below. */
    unsigned z = 0;
    if (npow) { /* npow 0: K_1 alone, no zeros */
#ifdef XD_T
        _Pragma("GCC unroll 8")
        for (; z + XD_LANES <= AXIOM_GHASH_MAXPOW - npow; z += XD_LANES)
            XD_STORE(pw + z, XD_BCAST(_mm_setzero_si128()));
#endif
        _Pragma("GCC unroll 8")
        for (; z < AXIOM_GHASH_MAXPOW - npow; z++)
            pw[z] = _mm_setzero_si128();
    }
    __m128i a, b;
    xd_kdf(kgk, k1, nonce, &a, &b);

    /* Kx = a || b: its schedule, and H through it round by round (the
     * first AddRoundKey of 0^128 is round key 0 itself). */
    const __m128i zero = _mm_setzero_si128();
    __m128i h = zero;
    aesx_expand256_h((__m128i *)(void *)g->ks.w, a, b, &h);
    g->ks.rounds = 14;
    const __m128i p1 = xd_k1(h);
    /* Powers by levels, each doubling the count (K_(h+1..2h) = K_h *
     * K_(1..h)), from registers, up to the largest power of two not above
     * npow; the rest (npow - have of them, fewer than have) as K_have *
     * K_(1..): from registers where they are a vector's worth after K_16
     * (vaes-avx2's 18: K_16 * [K_2, K_1]) or at most eight after K_8 on
     * xmm (aesni's 10), else one product at a time through the key. */
    unsigned have = 1;
    pw[GH_SLOT(1)] = p1;
#ifdef XD_T
    /* With VPCLMULQDQ: K_2 a square, [K_4, K_3] one two-lane product,
     * then XD_LANES lanes a product (Karatsuba), so that the first eight
     * take 20 carry-less multiplications on ymm (15 on zmm) where eight
     * xmm products took 42: on AMD Zen 4 each issues once every two
     * cycles at any width.  Vectors of XD_LANES consecutive slots: slot
     * 32 - k + j holds K_(k - j), so a vector times K_h broadcast is the
     * vector h slots lower; each level's vectors stay in registers for
     * the next (a wide load of narrow stores just made would wait for
     * them to retire). */
    if (npow >= 2) {
        const __m128i p2 = xd_p2(p1);
        pw[GH_SLOT(2)] = p2;
        have = 2;
        if (npow >= 4) {
            const __m256i p43 = xd_p43(p1, p2);
            _mm256_storeu_si256((__m256i *)(void *)(pw + GH_SLOT(4)), p43);
            have = 4;
            if (npow >= 8) {
                enum { NQ = 4 / XD_LANES, NV = 8 / XD_LANES };
                const __m128i p4 = _mm256_castsi256_si128(p43);
                const __m128i px[5] = { zero, p1, p2, _mm256_extracti128_si256(p43, 1), p4 };
                /* v[]: K_8 .. K_1, XD_LANES a vector; w[]: K_16 .. K_9. */
                XD_T v[NV], w[NV];
                const XD_T k4 = XD_BCAST(p4), k4m = xd_kmid(k4);
                _Pragma("GCC unroll 4")
                for (int j = 0; j < NQ; j++) {
                    v[NQ + j] = XD_PACK(px, 4 - XD_LANES * j);
                    v[j] = xd_mul_wide(v[NQ + j], k4, k4m);
                    XD_STORE(pw + GH_SLOT(8) + XD_LANES * j, v[j]);
                }
                have = 8;
                if (npow >= 16) {
                    const XD_T k8 = XD_BCAST(XD_LANE0(v[0])), k8m = xd_kmid(k8);
                    _Pragma("GCC unroll 8")
                    for (int j = 0; j < NV; j++) {
                        w[j] = xd_mul_wide(v[j], k8, k8m);
                        XD_STORE(pw + GH_SLOT(16) + XD_LANES * j, w[j]);
                    }
                    have = 16;
                    const XD_T k16 = XD_BCAST(XD_LANE0(w[0])), k16m = xd_kmid(k16);
                    if (npow >= 32) {
                        _Pragma("GCC unroll 8")
                        for (int j = 0; j < 2 * NV; j++)
                            XD_STORE(pw + XD_LANES * j,
                                     xd_mul_wide(j < NV ? w[j] : v[j - NV], k16, k16m));
                        have = 32;
                    } else if (npow - 16 <= 8 && (npow - 16) % XD_LANES == 0) {
                        /* K_17 .. K_(16 + e), XD_LANES at a time: v[NV - 1 - j]
                         * holds K_(XD_LANES (j + 1)) .. K_(XD_LANES j + 1). */
                        const unsigned e = npow - 16;
                        _Pragma("GCC unroll 8")
                        for (unsigned j = 0; j < NV; j++)
                            if (XD_LANES * (j + 1) <= e)
                                XD_STORE(pw + GH_SLOT(16 + XD_LANES * (j + 1)),
                                         xd_mul_wide(v[NV - 1 - j], k16, k16m));
                        have = npow;
                    }
                }
            }
        }
    }
#else
    if (npow >= 2) {
        const __m128i p2 = gh_mul(p1, p1);
        pw[GH_SLOT(2)] = p2;
        have = 2;
        if (npow >= 4) {
            const __m128i p3 = gh_mul(p2, p1), p4 = gh_mul(p2, p2);
            pw[GH_SLOT(3)] = p3;
            pw[GH_SLOT(4)] = p4;
            have = 4;
            if (npow >= 8) {
                const __m128i p5 = gh_mul(p4, p1), p6 = gh_mul(p4, p2);
                const __m128i p7 = gh_mul(p4, p3), p8 = gh_mul(p4, p4);
                pw[GH_SLOT(5)] = p5;
                pw[GH_SLOT(6)] = p6;
                pw[GH_SLOT(7)] = p7;
                pw[GH_SLOT(8)] = p8;
                have = 8;
                if (npow < 16) {
                    /* K_9 .. K_npow = K_8 * K_1 .. */
                    const __m128i px[9] = { zero, p1, p2, p3, p4, p5, p6, p7, p8 };
                    _Pragma("GCC unroll 8")
                    for (unsigned i = 1; i <= 8; i++)
                        if (8 + i <= npow)
                            pw[GH_SLOT(8 + i)] = gh_mul(p8, px[i]);
                    have = npow;
                }
            }
        }
    }
#endif
    /* Whatever is left: K_(have + i) = K_have * K_i through the key. */
    while (have < npow) {
        const unsigned add = npow - have < have ? npow - have : have;
        const __m128i top_pow = pw[GH_SLOT(have)];
        for (unsigned i = 1; i <= add; i++)
            pw[GH_SLOT(have + i)] = gh_mul(top_pow, pw[GH_SLOT(i)]);
        have += add;
    }
}

/* ---- the one-call short message (axiom_xaes_short_fn) ------------------ */

/*
 * The message in one pass over registers, for text of up to
 * AXIOM_XAES_SHORT_TEXT blocks (@nt of them, @na blocks of AD): the KDF,
 * then Kx's expansion with H and the counter blocks J0, J0 + 1, ...
 * encrypted beside it (aesx_expand256_x: each round issued next to the
 * round key it takes, so the keystream is ready about when H is; the
 * round keys stay in registers, nothing to wipe), K_1 and the few powers
 * the message hashes, and one aggregated reduction over AD, ciphertext
 * and the length block.  The composed path (derivation, then the GCM glue
 * and text phase) serializes the GCM call's own AES and GHASH after the
 * derivation, and its key in memory has to be zeroed and wiped.
 *
 * Constant time: as xd_derive; the branches are on the lengths and @enc.
 */
XD_INLINE void xd_short_n(const axiom_bc_ks *kgk, const uint8_t k1[16], const uint8_t nonce[24],
                          const int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad,
                          size_t adlen, const uint8_t *in, size_t len, const unsigned nt,
                          const unsigned na)
{
    enum { NT = AXIOM_XAES_SHORT_TEXT, NH = AXIOM_XAES_SHORT_HASH };
    _Static_assert(NH <= GH_SHORT_MAX && NT <= GH_SHORT_TEXT, "gh_short.h's limits");
    const __m128i bswap = gh_bswap_mask();
    const unsigned nh = na + nt + 1;
    /* The input first: out may be in.  (The arrays' zero initializers
     * only keep -Wmaybe-uninitialized quiet: no element past the message
     * is read.) */
    __m128i x[NT] = { 0 };
    _Pragma("GCC unroll 4")
    for (unsigned i = 0; i < NT; i++)
        if (i < nt)
            x[i] = gh_load_part(in + 16 * i, len - 16 * i);

    __m128i a, b;
    xd_kdf(kgk, k1, nonce, &a, &b);

    /* The blocks Kx encrypts: J0 = N[12:24] || 1 and the counters J0 + 1
     * + i (nc of them: all with AD, where nt is not a constant), built in
     * registers, then H = E(0^128); each after round 0; the counters
     * XD_LAG round keys behind H.  (Pairs of
     * counter blocks on ymm, half the AES operations beside the chain,
     * measured no faster: 1 % faster at 64 bytes, 3 % slower at 16 and
     * 32.) */
    const __m128i n2 = gh_load12(nonce + 12);
    const unsigned nc = na ? NT + 1 : nt + 1;
    __m128i c[NT + 2];
    _Pragma("GCC unroll 5")
    for (unsigned i = 0; i <= NT; i++)
        c[i] = _mm_xor_si128(
            _mm_or_si128(n2, _mm_slli_si128(_mm_cvtsi32_si128((int)__builtin_bswap32(i + 1)), 12)),
            a);
    c[nc] = a;
    aesx_expand256_x(NULL, a, b, c, (int)nc + 1, XD_LAG);
    const __m128i h = c[nc];

    /* The text's output, and the ciphertext as GHASH reads it (the
     * partial block's bytes past the text zero). */
    __m128i y[NT] = { 0 }, ct[NT] = { 0 };
    _Pragma("GCC unroll 4")
    for (unsigned i = 0; i < NT; i++)
        if (i < nt) {
            y[i] = _mm_xor_si128(x[i], c[i + 1]);
            const size_t n = len - 16 * i < 16 ? len - 16 * i : 16;
            ct[i] = enc ? gh_keep_bytes(y[i], n) : x[i];
        }

    /* The hashed blocks in order (AD, ciphertext, lengths), reflected,
     * and their sum times the powers (gh_short_sum). */
    __m128i blk[NH];
    unsigned j = 0;
    for (unsigned i = 0; i < na; i++, j++)
        blk[j] = _mm_shuffle_epi8(gh_load_part(ad + 16 * i, adlen - 16 * i), bswap);
    _Pragma("GCC unroll 4")
    for (unsigned i = 0; i < NT; i++)
        if (i < nt)
            blk[j++] = _mm_shuffle_epi8(ct[i], bswap);
    blk[j] = _mm_set_epi64x((long long)((uint64_t)adlen * 8), (long long)((uint64_t)len * 8));

    /* Without AD, nh is a constant here (xd_short). */
    const __m128i s = gh_short_sum(blk, nh, xd_k1(h), 1);
    _mm_storeu_si128((__m128i *)(void *)tag, _mm_xor_si128(_mm_shuffle_epi8(s, bswap), c[0]));
    gh_short_done(out, y, nt, len, NULL);
}

/* Without AD, xd_short_n for a constant count of text blocks: then every
 * block and power stays in a register (with a variable count, the hashed
 * blocks and the powers go through stack arrays, each read a store
 * forwarding on the chain: 64 bytes took 10-15 % longer).  With AD, one
 * body for every count. */
XD_INLINE void xd_short(const axiom_bc_ks *kgk, const uint8_t k1[16], const uint8_t nonce[24],
                        const int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad,
                        size_t adlen, const uint8_t *in, size_t len)
{
    _Static_assert(AXIOM_XAES_SHORT_TEXT == 4, "one case per text block count");
    const unsigned nt = (unsigned)((len + 15) / 16), na = (unsigned)((adlen + 15) / 16);
    if (na)
        xd_short_n(kgk, k1, nonce, enc, out, tag, ad, adlen, in, len, nt, na);
    else if (nt == 0)
        xd_short_n(kgk, k1, nonce, enc, out, tag, ad, 0, in, len, 0, 0);
    else if (nt == 1)
        xd_short_n(kgk, k1, nonce, enc, out, tag, ad, 0, in, len, 1, 0);
    else if (nt == 2)
        xd_short_n(kgk, k1, nonce, enc, out, tag, ad, 0, in, len, 2, 0);
    else if (nt == 3)
        xd_short_n(kgk, k1, nonce, enc, out, tag, ad, 0, in, len, 3, 0);
    else
        xd_short_n(kgk, k1, nonce, enc, out, tag, ad, 0, in, len, 4, 0);
}

/* The exported functions of a bundle's compilation (axiom_xaes_derive_fn,
 * axiom_xaes_short_fn), named after its tier. */
#define XD_DEFINE(tier)                                                                        \
    void axiom_xaes_derive_##tier(const axiom_bc_ks *kgk, const uint8_t k1[16],                \
                                  const uint8_t nonce[12], axiom_gcm_key *g, unsigned npow)    \
    {                                                                                          \
        xd_derive(kgk, k1, nonce, g, npow);                                                    \
    }                                                                                          \
    void axiom_xaes_short_##tier(const axiom_bc_ks *kgk, const uint8_t k1[16],                 \
                                 const uint8_t nonce[24], int enc, uint8_t *out,               \
                                 uint8_t tag[16], const uint8_t *ad, size_t adlen,             \
                                 const uint8_t *in, size_t len)                                \
    {                                                                                          \
        if (enc)                                                                               \
            xd_short(kgk, k1, nonce, 1, out, tag, ad, adlen, in, len);                         \
        else                                                                                   \
            xd_short(kgk, k1, nonce, 0, out, tag, ad, adlen, in, len);                         \
    }

#endif
