/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the three x86 text phases (gcm_aesni.c, gcm_vaes_avx2.c,
 * gcm_vaes_avx512.c) share: the frame around their bulk loops, the extra
 * keystream blocks of lib/gcm/ghash.h (J0's, the pad's) and the final
 * phase.  Static inline code and a statement macro, compiled with each
 * includer's ISA flags. */
#ifndef AXIOM_GCM_X86_H
#define AXIOM_GCM_X86_H

#include <immintrin.h>

#include "gcm/ghash.h"
#include "core/internal.h"
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gh_short.h"

/* E_K(J0) into m->ek0 (AXIOM_GCM_WANT_EK0) and the pad's keystream block
 * E_K(c) into m->pad (AXIOM_GCM_WANT_PAD), as one or two independent AES
 * chains on xmm; returns E_K(J0) (or the pad alone).  They depend on
 * nothing the text phase computes, so the tiers run them before their
 * bulk loops, where the core overlaps their latency with the loop,
 * instead of after, where the tag would wait for them.  @c is the counter
 * after the text, reflected (gh_ctr_add); @rk the nr + 1 AES-NI round
 * keys.  Constant time: branches on @want and @nr only. */
GH_FORCE_INLINE __m128i gcm_x86_extras(const __m128i *rk, const unsigned nr, axiom_gcm_msg *m,
                                       __m128i c, unsigned want, __m128i bswap)
{
    const int e = (want & AXIOM_GCM_WANT_EK0) != 0, p = (want & AXIOM_GCM_WANT_PAD) != 0;
    if (!e && !p)
        return _mm_setzero_si128();
    /* a: J0's block, or the pad's when it is the only one; b: the pad's
     * when both are made. */
    __m128i a = e ? _mm_loadu_si128((const __m128i *)(const void *)m->j0)
                  : _mm_shuffle_epi8(c, bswap);
    __m128i b = _mm_shuffle_epi8(c, bswap);
    a = _mm_xor_si128(a, rk[0]);
    b = _mm_xor_si128(b, rk[0]);
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
        a = _mm_aesenc_si128(a, rk[r]);
        if (e && p)
            b = _mm_aesenc_si128(b, rk[r]);
    }
    a = _mm_aesenclast_si128(a, rk[nr]);
    if (e) {
        _mm_storeu_si128((__m128i *)(void *)m->ek0, a);
        if (p)
            _mm_storeu_si128((__m128i *)(void *)m->pad, _mm_aesenclast_si128(b, rk[nr]));
    } else {
        _mm_storeu_si128((__m128i *)(void *)m->pad, a);
    }
    return a;
}

/* The final phase (AXIOM_GCM_WANT_TAG): the @nfin blocks of m->fin (all
 * of them, or none when the bulk loop hashed them with its last blocks)
 * into the accumulator @y (reflected), then the tag E_K(J0) ^ y to
 * m->tag, E_K(J0) being @ek0 when this call made it, else m->ek0. */
GH_FORCE_INLINE void gcm_x86_tag(const __m128i *pw, axiom_gcm_msg *m, __m128i y, unsigned nfin,
                                 __m128i ek0, unsigned want, __m128i bswap)
{
    if (nfin) {
        __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
        gh_mul_acc(_mm_xor_si128(y, gh_load(m->fin, bswap)), pw[GH_SLOT(nfin)], &lo, &mid, &hi);
        gh_acc_fin(pw, m->fin + 16, nfin - 1, bswap, &lo, &mid, &hi);
        y = gh_reduce(lo, mid, hi);
    }
    if (!(want & AXIOM_GCM_WANT_EK0))
        ek0 = _mm_loadu_si128((const __m128i *)(const void *)m->ek0);
    _mm_storeu_si128((__m128i *)(void *)m->tag, _mm_xor_si128(_mm_shuffle_epi8(y, bswap), ek0));
}

/* The kernel's .last (lib/gcm/ghash.h), @name.  Separate from the text
 * phase, whose code stays that of the whole-block path (with this
 * inlined there, 64-byte messages took 4-7 % longer on Zen 4); the
 * accumulator, E_K(J0) and the pad come back from @m, stores of the text
 * call that forward. */
#define GCM_X86_LAST(name)                                                                        \
    static void name(const axiom_gcm_key *g, axiom_gcm_msg *m)                                    \
    {                                                                                             \
        gcm_x86_last(g, m);                                                                       \
    }

GH_FORCE_INLINE void gcm_x86_last(const axiom_gcm_key *g, axiom_gcm_msg *m)
{
    const unsigned r = m->nlast;
    const __m128i bswap = gh_bswap_mask();
    const __m128i *pw = gh_powers(&g->hk);
    const __m128i o = _mm_xor_si128(gh_load_part(m->last_in, r),
                                    _mm_loadu_si128((const __m128i *)(const void *)m->pad));
    gh_store_part(m->last_out, o, r);
    const unsigned nfin = m->nfin;
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    gh_mul_acc(_mm_xor_si128(gh_load(m->y, bswap), _mm_shuffle_epi8(gh_keep_bytes(o, r), bswap)),
               pw[GH_SLOT(nfin + 1)], &lo, &mid, &hi);
    gh_acc_fin(pw, m->fin, nfin, bswap, &lo, &mid, &hi);
    const __m128i y = gh_reduce(lo, mid, hi);
    const __m128i ek0 = _mm_loadu_si128((const __m128i *)(const void *)m->ek0);
    _mm_storeu_si128((__m128i *)(void *)m->tag, _mm_xor_si128(_mm_shuffle_epi8(y, bswap), ek0));
}

/* The body of a text-phase entry point (axiom_gcm_crypt_fn) around the
 * tier's text function @fn: the counter and the accumulator into
 * registers (reflected), the round count made a compile-time constant in
 * each inlined copy of ek0 = fn(rk, nr, pw, m, want, out, in, n, &c, &y,
 * &nfin), the final phase when asked for, and the state back to @m in
 * wire order.  fn runs the bulk loop over the n blocks (nr + 1 AES-NI
 * round keys at rk, the key powers at pw) and gcm_x86_extras wherever it
 * suits the tier, returning its result; with the final phase it hashes
 * the nfin blocks of m->fin in its last reduction where they fit, setting
 * nfin to 0.  A round count other than 10 or 12 runs as 14, the most a
 * schedule holds. */
#define GCM_X86_TEXT(fn, g, m, out, in, n, want)                                                   \
    do {                                                                                           \
        const __m128i bs_ = gh_bswap_mask();                                                       \
        const __m128i *rk_ = (const __m128i *)(const void *)(g)->ks.w;                             \
        const __m128i *pw_ = gh_powers(&(g)->hk);                                                  \
        __m128i c_ = gh_load((m)->ctr, bs_), y_ = gh_load((m)->y, bs_), k_;                        \
        unsigned nf_ = (want) & AXIOM_GCM_WANT_TAG ? (m)->nfin : 0;                                \
        switch ((g)->ks.rounds) {                                                                  \
        case 10:                                                                                   \
            k_ = fn(rk_, 10, pw_, m, want, out, in, n, &c_, &y_, &nf_);                            \
            break;                                                                                 \
        case 12:                                                                                   \
            k_ = fn(rk_, 12, pw_, m, want, out, in, n, &c_, &y_, &nf_);                            \
            break;                                                                                 \
        default:                                                                                   \
            k_ = fn(rk_, 14, pw_, m, want, out, in, n, &c_, &y_, &nf_);                            \
            break;                                                                                 \
        }                                                                                          \
        if ((want) & AXIOM_GCM_WANT_PAD)                                                           \
            c_ = gh_ctr_add(c_, 1);                                                                \
        if ((want) & AXIOM_GCM_WANT_TAG)                                                           \
            gcm_x86_tag(pw_, m, y_, nf_, k_, want, bs_);                                           \
        gh_store((m)->ctr, c_, bs_);                                                               \
        gh_store((m)->y, y_, bs_);                                                                 \
    } while (0)

#endif
