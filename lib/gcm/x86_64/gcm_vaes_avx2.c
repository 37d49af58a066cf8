/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Stitched AES-GCM loops on ymm registers for x86-64 CPUs with VAES,
 * VPCLMULQDQ and AVX2 (no AVX-512 needed): the "vaes-avx2" GCM tier. */

/*
 * The text phase of lib/gcm/ghash.h.  Interleave: 16 blocks per
 * iteration, two per ymm register, in 8 independent AES chains.  Fused:
 * the CTR encryption of the 16 counter blocks and the GHASH of 16
 * ciphertext blocks, aggregated with the precomputed powers H^16..H^1 (one
 * reduction per iteration, after the two 128-bit lanes of the unreduced
 * products are XORed together).  The VPCLMULQDQs of one register of
 * ciphertext sit after each of the first 8 AES rounds, so the multiplier
 * works while the AES units run.  Encryption hashes the previous
 * iteration's ciphertext (reloaded from the output, where it was just
 * stored); decryption hashes the input it is about to decrypt, all loaded
 * before the stores, so out == in works.  Counter blocks are made in
 * registers with 32-bit lane adds (inc32, wrap included) and one VPSHUFB;
 * the keystream XOR rides on the last round key.  Tails of 1..15 blocks
 * go two at a time, the odd one on xmm.  The 16 architectural ymm
 * registers (8 states, 3 accumulators, a round key, data) are why this is
 * not wider (doc/design/gcm.md).
 *
 * Round keys come from the "aesni" AES kernel's schedule (encryption keys
 * at byte 0), which this tier uses for its key setup.
 *
 * Constant time: VAES and VPCLMULQDQ have data-independent timing; no
 * branch or memory index depends on keys or data (only on the round count
 * and the block count).
 */
#include "config.h"

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "axiom/util.h"
#include "core/bc.h"
#include "aes/aes.h"
#include "gcm/ghash.h"
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gcm_x86.h"
#include "gcm/x86_64/xaes_ymm.h"

#ifdef HAVE_ISA_AESNI

#define VEC_L 2                 /* blocks per ymm register */
#define VEC_V 8                 /* registers per iteration */
#define VEC_W (VEC_L * VEC_V)   /* blocks per iteration */
#define CTRS_COST 0             /* ctrs_init and ctrs_end are free */
#define VEC_KMID VEC_V          /* kmid_init: the powers' Karatsuba halves */
#define VEC_KMID_MIN 512        /* blocks: step_kmid from 8 KiB */
_Static_assert(VEC_W == AXIOM_GCM_VAES2_BLOCKS, "lib/gcm/ghash.h names the width");

typedef __m256i vec;

#define VEC_INLINE static inline __attribute__((always_inline))

/* The primitives gcm_vaes_common.h names. */
#define vec_aesenc(x, k) _mm256_aesenc_epi128((x), (k))
#define vec_bcast128(x) _mm256_broadcastsi128_si256(x)
#define vec_cast128(v) _mm256_castsi256_si128(v)
#define vec_add32(a, b) _mm256_add_epi32((a), (b))
#define vec_lanes() _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0)

/* The stitched loop's counter: the counter register itself, updated in
 * place. */
struct ctrs {
    __m256i *cy;
};

#define VEC_POWERS 1 /* make_powers, prologue_powers: AXIOM_GCM_F_POWERS */
#include "gcm/x86_64/gcm_vaes_common.h"

VEC_INLINE __m256i vec_load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

VEC_INLINE void vec_store(uint8_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* Two consecutive counters after @cy, byte-reversed back to wire order and
 * whitened with the first round key. */
VEC_INLINE __m256i vec_ctr(__m256i cy, int add, __m256i bswap, __m256i k0)
{
    const __m256i inc = _mm256_set_epi32(0, 0, 0, add, 0, 0, 0, add);
    return _mm256_xor_si256(_mm256_shuffle_epi8(_mm256_add_epi32(cy, inc), bswap), k0);
}

VEC_INLINE void mul_acc(__m256i x, __m256i k, __m256i *lo, __m256i *mid, __m256i *hi)
{
    *lo = _mm256_xor_si256(*lo, _mm256_clmulepi64_epi128(x, k, 0x00));
    *hi = _mm256_xor_si256(*hi, _mm256_clmulepi64_epi128(x, k, 0x11));
    *mid = _mm256_xor_si256(*mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x01),
                                                   _mm256_clmulepi64_epi128(x, k, 0x10)));
}

/* Karatsuba: the middle term from one product, (x0 ^ x1)(k0 ^ k1) with
 * @km the power's k0 ^ k1 (kmid_init), whose sum over the blocks is the
 * sum of the cross terms plus those of lo and hi (removed once, after the
 * fold).  One VPCLMULQDQ fewer per register: on AMD Zen 4 a ymm
 * VPCLMULQDQ occupies one of the two AES pipes for two cycles, and the
 * stitched loop is bound by the two (AES-128-GCM 8-16 KiB 1.02-1.05x,
 * AES-256-GCM 1.01-1.02x, A/B). */
VEC_INLINE void mul_acc_kara(__m256i x, __m256i k, __m256i km, __m256i *lo, __m256i *mid,
                             __m256i *hi)
{
    *lo = _mm256_xor_si256(*lo, _mm256_clmulepi64_epi128(x, k, 0x00));
    *hi = _mm256_xor_si256(*hi, _mm256_clmulepi64_epi128(x, k, 0x11));
    const __m256i xx = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
    *mid = _mm256_xor_si256(*mid, _mm256_clmulepi64_epi128(xx, km, 0x00));
}

/* The stitched step's powers H^16 .. H^1, two per register, each with
 * its halves XORed in its low quadword. */
VEC_INLINE void kmid_init(__m256i *km, const __m128i *pw)
{
    const __m128i *k = pw + GH_SLOT(VEC_W);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++) {
        const __m256i p = _mm256_load_si256((const __m256i *)(const void *)(k + 2 * v));
        km[v] = _mm256_xor_si256(p, _mm256_shuffle_epi32(p, 0x4e));
    }
}

/* gh_reduce (ghash_pclmul.h) in each 128-bit lane, then the lanes XORed:
 * the reduction is linear, so this is gh_reduce of the folded lo, mid and
 * hi, with one fold instead of three. */
VEC_INLINE __m128i reduce_fold(__m256i lo, __m256i mid, __m256i hi)
{
    const __m256i poly = _mm256_broadcastsi128_si256(
        _mm_set_epi64x((long long)UINT64_C(0xc200000000000000), 0));
    const __m256i m = _mm256_xor_si256(_mm256_xor_si256(mid, _mm256_shuffle_epi32(lo, 0x4e)),
                                       _mm256_clmulepi64_epi128(lo, poly, 0x10));
    return axiom_xor_lanes2(_mm256_xor_si256(_mm256_xor_si256(hi, _mm256_shuffle_epi32(m, 0x4e)),
                                             _mm256_clmulepi64_epi128(m, poly, 0x10)));
}

/* GHASH of @n (1..32) blocks at @in into @y, one reduction. */
/* GHASH of @n (1..32) blocks at @in, then of the @nfin (0..2) blocks at
 * @fin, into @y, one reduction (n + nfin <= 32). */
VEC_INLINE __m128i absorb_fin(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                              const uint8_t *fin, unsigned nfin, __m256i bswap)
{
    __m256i lo = _mm256_setzero_si256(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(n + nfin);
    const __m128i bs = _mm256_castsi256_si128(bswap);
    __m256i yy = _mm256_zextsi128_si256(y);
    unsigned j = 0;
    for (; j + 2 <= n; j += 2) {
        __m256i x = _mm256_xor_si256(_mm256_shuffle_epi8(vec_load(in + 16 * j), bswap), yy);
        yy = _mm256_setzero_si256();
        mul_acc(x, _mm256_loadu_si256((const __m256i *)(const void *)(k + j)), &lo, &mid, &hi);
    }
    __m128i l = axiom_xor_lanes2(lo), m = axiom_xor_lanes2(mid), h = axiom_xor_lanes2(hi);
    if (j < n) {
        const __m128i x = _mm_xor_si128(gh_load(in + 16 * j, bs), _mm256_castsi256_si128(yy));
        gh_mul_acc(x, k[j], &l, &m, &h);
    }
    gh_acc_fin(pw, fin, nfin, bs, &l, &m, &h);
    return gh_reduce(l, m, h);
}

VEC_INLINE __m128i absorb(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                          __m256i bswap)
{
    return absorb_fin(y, pw, in, n, NULL, 0, bswap);
}

/* The last round of the CTR tail: b[] (from GCM_VAES_CTR_ROUNDS) with the
 * @n (1..16) blocks at @in into @out, two per register, the odd one on
 * xmm. */
VEC_INLINE void ctr_finish(const __m128i *rk, const unsigned nr, uint8_t *out, const uint8_t *in,
                           unsigned n, __m256i *b, __m256i *cy)
{
#pragma GCC unroll 8
    for (unsigned v = 0; v < n / 2; v++) {
        b[v] = _mm256_aesenclast_epi128(b[v],
                                        _mm256_xor_si256(GCM_VAES_KEY(rk, nr), vec_load(in + 32 * v)));
        vec_store(out + 32 * v, b[v]);
    }
    if (n & 1) {
        /* The odd last block: low lane of the last register. */
        const unsigned v = n / 2;
        const __m128i p = _mm_loadu_si128((const __m128i *)(const void *)(in + 32 * v));
        const __m128i o = _mm_aesenclast_si128(_mm256_castsi256_si128(b[v]),
                                               _mm_xor_si128(_mm_load_si128(rk + nr), p));
        _mm_storeu_si128((__m128i *)(void *)(out + 32 * v), o);
    }
    *cy = _mm256_add_epi32(*cy, _mm256_set_epi32(0, 0, 0, (int)n, 0, 0, 0, (int)n));
}

/* The tail (lib/gcm/x86_64/gcm_vaes_common.h): CTR over @n (1..16) blocks
 * from @in to @out, and GHASH as @hash says, then of the @nfin blocks at
 * @fin.  The keystream's rounds come first, which do not wait for the
 * GHASH of the input (read before the stores: out == in); the stores are
 * whole registers, which the GHASH of the output loads forward from. */
VEC_INLINE void tail(const __m128i *rk, const unsigned nr, const __m128i *pw, uint8_t *out,
                     const uint8_t *in, unsigned n, __m256i *cy, __m128i *y, __m256i bswap,
                     const uint8_t *fin, unsigned nfin, const int hash)
{
    __m256i b[VEC_V];
    GCM_VAES_CTR_ROUNDS(b, rk, nr, *cy, (n + 1) / 2, bswap);
    if (hash == TAIL_DEC)
        *y = absorb_fin(*y, pw, in, n, fin, nfin, bswap);
    ctr_finish(rk, nr, out, in, n, b, cy);
    if (hash == TAIL_ENC)
        *y = absorb_fin(*y, pw, out, n, fin, nfin, bswap);
}

VEC_INLINE void ctrs_init(ctrs *c, __m256i *cy)
{
    c->cy = cy;
}

VEC_INLINE void ctrs_end(const ctrs *c, __m256i *cy)
{
    (void)c;
    (void)cy;
}

/* One iteration: CTR over 16 blocks from @in to @out, GHASH of the 16
 * blocks at @hin into @y; with @kmid, the products by Karatsuba with the
 * powers' halves at ky[15] on (kmid_init). */
VEC_INLINE void step_body(const __m256i *ky, const unsigned nr, const __m128i *pw, uint8_t *out,
                          const uint8_t *in, const uint8_t *hin, ctrs *cs, __m128i *y,
                          __m256i bswap, const int kmid, const int enc)
{
    __m256i *cy = cs->cy;
    __m256i b[VEC_V];
    __m256i lo = _mm256_setzero_si256(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(VEC_W);
    const __m256i y0 = _mm256_zextsi128_si256(*y);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        b[v] = vec_ctr(*cy, (int)(2 * v), bswap, ky[0]);
    *cy = _mm256_add_epi32(*cy, _mm256_set_epi32(0, 0, 0, VEC_W, 0, 0, 0, VEC_W));
    /* The ciphertext for GHASH is loaded in the round that uses it (few
     * registers); when decrypting in place it is still the input then,
     * since the stores come after the last round. */
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VEC_V; v++)
            b[v] = _mm256_aesenc_epi128(b[v], ky[r]);
        if (r <= VEC_V) {
            /* Encrypting, the registers from the last, so that the one
             * that takes the accumulator (the previous iteration's
             * reduction) comes in the last round that hashes: AES-128/256-GCM
             * seal of 16 KiB 1.015-1.018x on Zen 4; decrypting, that order
             * measured 0.96-0.99x, so the first register goes first. */
            const unsigned a = enc ? VEC_V - r : r - 1;
            __m256i x = _mm256_shuffle_epi8(vec_load(hin + 32 * a), bswap);
            if (a == 0)
                x = _mm256_xor_si256(x, y0);
            const __m256i p = _mm256_load_si256((const __m256i *)(const void *)(k + 2 * a));
            if (kmid)
                mul_acc_kara(x, p, ky[15 + a], &lo, &mid, &hi);
            else
                mul_acc(x, p, &lo, &mid, &hi);
            GH_KEEP(lo, mid, hi);
        }
    }
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        b[v] = _mm256_aesenclast_epi128(b[v], _mm256_xor_si256(ky[nr], vec_load(in + 32 * v)));
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        vec_store(out + 32 * v, b[v]);
    /* Decrypting with Karatsuba (long messages), the lanes are reduced
     * before the fold (reduce_fold): Emerald Rapids (family 6 model 207)
     * AES-128-GCM open of 8-64 KiB 2-4 % faster.  Encrypting, and below
     * VEC_KMID_MIN, the ymm reduction's latency cost as much as the
     * instructions saved (seal of 16 KiB 1.5-3 % slower, open of 1 KiB
     * up to 4 %), so they fold first. */
    if (enc || !kmid) {
        const __m128i l = axiom_xor_lanes2(lo), h = axiom_xor_lanes2(hi);
        *y = gh_reduce(l,
                       kmid ? _mm_xor_si128(axiom_xor_lanes2(mid), _mm_xor_si128(l, h))
                            : axiom_xor_lanes2(mid),
                       h);
    } else {
        *y = reduce_fold(lo, _mm256_xor_si256(mid, _mm256_xor_si256(lo, hi)), hi);
    }
}

VEC_INLINE void step(const __m256i *ky, const unsigned nr, const __m128i *pw, uint8_t *out,
                     const uint8_t *in, const uint8_t *hin, ctrs *cs, __m128i *y, __m256i bswap,
                     const int enc)
{
    step_body(ky, nr, pw, out, in, hin, cs, y, bswap, 0, enc);
}

VEC_INLINE void step_kmid(const __m256i *ky, const unsigned nr, const __m128i *pw, uint8_t *out,
                          const uint8_t *in, const uint8_t *hin, ctrs *cs, __m128i *y,
                          __m256i bswap, const int enc)
{
    step_body(ky, nr, pw, out, in, hin, cs, y, bswap, 1, enc);
}

/* AXIOM_GCM_F_POWERS: K_2 .. K_18 from K_1 at @pw, the powers the text
 * phase and the final phase read for a message without AD (the stitched
 * step's 16, and two more for the last group with the length block and a
 * partial block; XAES-256-GCM's text_pow, lib/gcm/xaes.c), in five
 * stages of xaes_derive.h's arithmetic: K_2 a square, [K_4, K_3] one
 * two-lane product, then two-lane Karatsuba products by K_4, K_8 and K_16
 * (K_16 a square of K_8, so that the last stage need not wait for the
 * fourth's four products), 29 carry-less multiplications in all.  Each
 * result is stored as the pair of slots the stitched step loads. */
typedef struct pows {
    __m128i p1, p2, p4;
    __m256i q43, q21, v87, v65; /* [K_4, K_3], [K_2, K_1], [K_8, K_7], [K_6, K_5] */
    __m256i k16;                /* K_16 in both lanes */
} pows;

VEC_INLINE void pow_stage(const unsigned s, pows *t, __m128i *pw)
{
    switch (s) {
    case 1:
        t->p2 = xd_p2(t->p1);
        pw[GH_SLOT(2)] = t->p2;
        t->q21 = _mm256_set_m128i(t->p1, t->p2);
        break;
    case 2:
        t->q43 = xd_p43(t->p1, t->p2);
        t->p4 = _mm256_castsi256_si128(t->q43);
        XD_STORE(pw + GH_SLOT(4), t->q43);
        break;
    case 3: {
        const __m256i p4 = XD_BCAST(t->p4), p4m = xd_kmid(p4);
        t->v87 = xd_mul_wide(t->q43, p4, p4m);
        t->v65 = xd_mul_wide(t->q21, p4, p4m);
        XD_STORE(pw + GH_SLOT(8), t->v87);
        XD_STORE(pw + GH_SLOT(6), t->v65);
        break;
    }
    case 4: {
        const __m128i p8 = XD_LANE0(t->v87);
        const __m256i k8 = XD_BCAST(p8), k8m = xd_kmid(k8);
        t->k16 = XD_BCAST(xd_p2(p8));
        XD_STORE(pw + GH_SLOT(16), xd_mul_wide(t->v87, k8, k8m));
        XD_STORE(pw + GH_SLOT(14), xd_mul_wide(t->v65, k8, k8m));
        XD_STORE(pw + GH_SLOT(12), xd_mul_wide(t->q43, k8, k8m));
        XD_STORE(pw + GH_SLOT(10), xd_mul_wide(t->q21, k8, k8m));
        break;
    }
    default:
        XD_STORE(pw + GH_SLOT(18), xd_mul_wide(t->q21, t->k16, xd_kmid(t->k16)));
        break;
    }
}

/* The counter blocks' last round for prologue_powers (gcm_vaes_powers.h). */
VEC_INLINE void prologue_last(const __m128i *rk, const unsigned nr, uint8_t *out,
                              const uint8_t *in, __m256i *b, __m256i *cy)
{
    ctr_finish(rk, nr, out, in, VEC_W, b, cy);
}

#include "gcm/x86_64/gcm_vaes_powers.h"

static void gcm_vaes2_enc(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                          const uint8_t *in, size_t n, unsigned want)
{
    GCM_X86_TEXT(text_enc, g, m, out, in, n, want);
}

static void gcm_vaes2_dec(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                          const uint8_t *in, size_t n, unsigned want)
{
    GCM_X86_TEXT(text_dec, g, m, out, in, n, want);
}


GCM_X86_LAST(gcm_vaes2_last)

const axiom_gcm_kernel axiom_gcm_vaes_avx2 = {
    .name = "vaes-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL,
    .constant_time = 1,
    .desc = "VAES and VPCLMULQDQ on ymm stitched, 16 blocks",
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_pclmul,
    .step = VEC_W,
    .long_step = VEC_KMID_MIN,
    .make_powers = VEC_W,
    .enc = gcm_vaes2_enc,
    .dec = gcm_vaes2_dec,
    .last = gcm_vaes2_last,
};

#endif /* HAVE_ISA_AESNI */
