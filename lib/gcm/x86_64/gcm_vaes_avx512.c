/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Stitched AES-GCM loops on zmm registers for x86-64 CPUs with VAES,
 * VPCLMULQDQ and AVX-512: the "vaes-avx512" GCM tier. */

/*
 * The text phase of lib/gcm/ghash.h.  Interleave: 32 blocks per
 * iteration, four per zmm register, in 8 independent AES chains.  Fused:
 * the CTR encryption of the 32 counter blocks and the GHASH of 32
 * ciphertext blocks, aggregated with the precomputed powers H^32..H^1 (one
 * reduction per iteration, after the four 128-bit lanes of the unreduced
 * products are XORed together).  The VPCLMULQDQs of two registers of
 * ciphertext sit after each of the first 4 AES rounds, so the multiplier
 * works while the AES unit runs.  Encryption hashes the previous
 * iteration's ciphertext (reloaded from the output, where it was just
 * stored); decryption hashes the input it is about to decrypt, all loaded
 * before the stores, so out == in works.  Counter blocks come without
 * carries from the counter rounded down to a multiple of 32 and per-call
 * constants (struct ctrs: one VPTERNLOGQ per register, inc32 wrap
 * included); the keystream XOR rides on the last round key.  Tails of
 * 1..31 blocks use masked loads and stores.  With 512-bit instructions
 * the loop is bound by its vector instruction count, not by the AES unit
 * alone (doc/design/gcm.md).
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
#include "gcm/x86_64/xaes_zmm.h"

#ifdef HAVE_ISA_AESNI

#define VEC_L 4                 /* blocks per zmm register */
#define VEC_V 8                 /* registers per iteration */
#define VEC_W (VEC_L * VEC_V)   /* blocks per iteration */
#define CTRS_COST 1             /* ctrs_init builds 8 registers of constants */
_Static_assert(VEC_W == AXIOM_GCM_VAES512_BLOCKS, "lib/gcm/ghash.h names the width");

typedef __m512i vec;

#define VEC_INLINE static inline __attribute__((always_inline))

/* The primitives gcm_vaes_common.h names. */
#define vec_aesenc(x, k) _mm512_aesenc_epi128((x), (k))
#define vec_bcast128(x) _mm512_broadcast_i32x4(x)
#define vec_cast128(v) _mm512_castsi512_si128(v)
#define vec_add32(a, b) _mm512_add_epi32((a), (b))
#define vec_lanes() _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0)

/* Counter blocks without carries.  Per call, with r the 32-bit counter
 * modulo 32 and C the counter minus r, the 32 counters of an iteration
 * are C + r + j (j < 32): (C ^ (r + j)) while r + j < 32, and
 * ((C + 32) ^ (r + j - 32)) after, because C is a multiple of 32.  In wire
 * order the two bases W0 = bswap(C) and W1 = bswap(C + 32) differ in
 * counter bits 5 and up only, so with D = (W0 ^ W1) | L (L: counter bits
 * 0..4, byte 15 in wire order) each whitened counter block is
 * (W0 ^ k0) ^ (D & E) for a per-call constant E: (r + j) mod 32 in bits
 * 0..4, and ones in the counter's other bits where r + j >= 32.  One
 * VPTERNLOGQ per register; inc32 wraps in the 32-bit lane add C += 32. */
struct ctrs {
    __m512i base;      /* C (byte-reversed, dword 0 of every lane) */
    __m512i e[VEC_V];   /* E for the four lanes of register v */
};

/* Wire-order dword 3 (counter bytes 12..15, little-endian load): bits
 * 0..4 of the counter are bits 24..28. */
#define CLOW 0x1f000000

#define VEC_POWERS 1 /* make_powers, prologue_powers: AXIOM_GCM_F_POWERS */
#define VEC_EXPAND 1 /* prologue_expand: AXIOM_GCM_F_EXPAND */
/* AES-128 and AES-192 encryption hash each iteration's ciphertext from
 * registers (step_xr): reloaded from the output, a message beyond the
 * caches ran AES-192 at 0.62x BoringSSL's speed on AMD Zen 4 (family 25
 * model 17) with input and output page-aligned (1.05x from registers),
 * and AES-128 in the caches gains 7 %; AES-256's fifteen round keys leave
 * no registers for it (4-6 % slower), so it reloads. */
#define VEC_XREG 12
#include "gcm/x86_64/gcm_vaes_common.h"

VEC_INLINE __m512i vec_load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

VEC_INLINE void vec_store(uint8_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}

VEC_INLINE __m512i xor3(__m512i a, __m512i b, __m512i c)
{
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* Four consecutive counters after @cz, lanes in order, byte-reversed back
 * to wire order and whitened with the first round key. */
VEC_INLINE __m512i vec_ctr(__m512i cz, int add, __m512i bswap, __m512i k0)
{
    const __m512i inc = _mm512_set_epi32(0, 0, 0, add, 0, 0, 0, add, 0, 0, 0, add, 0, 0, 0, add);
    return _mm512_xor_si512(_mm512_shuffle_epi8(_mm512_add_epi32(cz, inc), bswap), k0);
}

VEC_INLINE void mul_acc(__m512i x, __m512i k, __m512i *lo, __m512i *mid, __m512i *hi)
{
    *lo = _mm512_xor_si512(*lo, _mm512_clmulepi64_epi128(x, k, 0x00));
    *hi = _mm512_xor_si512(*hi, _mm512_clmulepi64_epi128(x, k, 0x11));
    *mid = xor3(*mid, _mm512_clmulepi64_epi128(x, k, 0x01),
                   _mm512_clmulepi64_epi128(x, k, 0x10));
}

/* Mask of the 64-bit elements of @nb (0..4) blocks. */
VEC_INLINE __mmask8 lane_mask(unsigned nb)
{
    return (__mmask8)((1u << (2 * nb)) - 1);
}

/* GHASH of @n (1..32) blocks at @in into @y, one reduction. */
/* GHASH of @n (1..32) blocks, then of the @nfin (0..2) blocks at @fin,
 * into @y, one reduction (n + nfin <= 32): from @in, or (@in NULL) from
 * the registers x[], wire order, zero past the blocks. */
VEC_INLINE __m128i absorb_from(__m128i y, const __m128i *pw, const uint8_t *in, const __m512i *x,
                               unsigned n, const uint8_t *fin, unsigned nfin, __m512i bswap)
{
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(n + nfin);
    __m512i yz = _mm512_zextsi128_si512(y);
    for (unsigned j = 0; j < n; j += 4) {
        const unsigned nb = n - j < 4 ? n - j : 4;
        const __mmask8 m = lane_mask(nb);
        __m512i d = _mm512_shuffle_epi8(in ? _mm512_maskz_loadu_epi64(m, in + 16 * j) : x[j / 4],
                                        bswap);
        d = _mm512_xor_si512(d, yz);
        yz = _mm512_setzero_si512();
        /* Lanes past the end are zero in d, so their powers do not matter. */
        mul_acc(d, _mm512_maskz_loadu_epi64(m, k + j), &lo, &mid, &hi);
    }
    if (nfin) {
        __m128i l = _mm_setzero_si128(), md = l, h = l;
        gh_acc_fin(pw, fin, nfin, _mm512_castsi512_si128(bswap), &l, &md, &h);
        lo = _mm512_xor_si512(lo, _mm512_zextsi128_si512(l));
        mid = _mm512_xor_si512(mid, _mm512_zextsi128_si512(md));
        hi = _mm512_xor_si512(hi, _mm512_zextsi128_si512(h));
    }
    return gh_reduce_fold_zmm(lo, mid, hi);
}

VEC_INLINE __m128i absorb_fin(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                              const uint8_t *fin, unsigned nfin, __m512i bswap)
{
    return absorb_from(y, pw, in, NULL, n, fin, nfin, bswap);
}

VEC_INLINE __m128i absorb(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                          __m512i bswap)
{
    return absorb_from(y, pw, in, NULL, n, NULL, 0, bswap);
}

/* The last round of the CTR tail: b[] (from GCM_VAES_CTR_ROUNDS) with the
 * @n (1..32) blocks p[] of input (zero past them) into @out (masked
 * stores); with @ct, the ciphertext registers (zero past the blocks) go
 * there too. */
VEC_INLINE void ctr_finish(const __m128i *rk, const unsigned nr, uint8_t *out, const __m512i *p,
                           unsigned n, __m512i *b, __m512i *cz, __m512i *ct)
{
    const unsigned nv = (n + 3) / 4;
#pragma GCC unroll 8
    for (unsigned v = 0; v < nv; v++) {
        const unsigned nb = n - 4 * v < 4 ? n - 4 * v : 4;
        const __mmask8 m = lane_mask(nb);
        b[v] = _mm512_aesenclast_epi128(b[v], _mm512_xor_si512(GCM_VAES_KEY(rk, nr), p[v]));
        _mm512_mask_storeu_epi64(out + 64 * v, m, b[v]);
        if (ct)
            ct[v] = _mm512_maskz_mov_epi64(m, b[v]);
    }
    *cz = _mm512_add_epi32(*cz, _mm512_set_epi32(0, 0, 0, (int)n, 0, 0, 0, (int)n, 0, 0, 0,
                                                 (int)n, 0, 0, 0, (int)n));
}

/* The @n (1..32) blocks at @in into p[0 .. VEC_V - 1], zero past them
 * (masked loads: nothing past the blocks is read).  Every register is
 * set, so that the array stays in registers. */
VEC_INLINE void load_blocks(__m512i *p, const uint8_t *in, unsigned n)
{
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++) {
        const unsigned nb = 4 * v >= n ? 0 : n - 4 * v < 4 ? n - 4 * v : 4;
        p[v] = _mm512_maskz_loadu_epi64(lane_mask(nb), in + 64 * v);
    }
}

/* The tail (lib/gcm/x86_64/gcm_vaes_common.h): CTR over @n (1..32) blocks
 * from @in to @out, and GHASH as @hash says, of the ciphertext from the
 * registers (a load of what a masked store just wrote would wait for the
 * store to complete), then of the @nfin blocks at @fin.  The keystream's
 * rounds come first, which do not wait for the GHASH; the input is loaded
 * once. */
VEC_INLINE void tail(const __m128i *rk, const unsigned nr, const __m128i *pw, uint8_t *out,
                     const uint8_t *in, unsigned n, __m512i *cz, __m128i *y, __m512i bswap,
                     const uint8_t *fin, unsigned nfin, const int hash)
{
    /* Zeroed only to keep -Wmaybe-uninitialized quiet: registers past nv
     * are never used. */
    __m512i b[VEC_V] = { 0 }, p[VEC_V], ct[VEC_V];
    GCM_VAES_CTR_ROUNDS(b, rk, nr, *cz, (n + 3) / 4, bswap);
    load_blocks(p, in, n);
    if (hash == TAIL_DEC)
        *y = absorb_from(*y, pw, NULL, p, n, fin, nfin, bswap);
    ctr_finish(rk, nr, out, p, n, b, cz, hash == TAIL_ENC ? ct : NULL);
    if (hash == TAIL_ENC)
        *y = absorb_from(*y, pw, NULL, ct, n, fin, nfin, bswap);
}

/* Products of two registers of blocks with their powers, accumulated with
 * three-way XORs (one VPTERNLOGQ per partial product for both). */
VEC_INLINE void mul_acc2(__m512i xa, __m512i ka, __m512i xb, __m512i kb, __m512i *lo,
                           __m512i *mid, __m512i *hi)
{
    *lo = xor3(*lo, _mm512_clmulepi64_epi128(xa, ka, 0x00),
                  _mm512_clmulepi64_epi128(xb, kb, 0x00));
    *hi = xor3(*hi, _mm512_clmulepi64_epi128(xa, ka, 0x11),
                  _mm512_clmulepi64_epi128(xb, kb, 0x11));
    *mid = xor3(*mid, _mm512_clmulepi64_epi128(xa, ka, 0x01),
                   _mm512_clmulepi64_epi128(xa, ka, 0x10));
    *mid = xor3(*mid, _mm512_clmulepi64_epi128(xb, kb, 0x01),
                   _mm512_clmulepi64_epi128(xb, kb, 0x10));
}

VEC_INLINE void ctrs_init(ctrs *c, __m512i *czp)
{
    const __m512i cz = *czp;
    /* Lanes of cz hold c, c + 1, c + 2, c + 3. */
    const __m512i lane = _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0);
    /* r in dword 0 of every lane, zero elsewhere. */
    const __m512i r = _mm512_maskz_and_epi32(0x1111, _mm512_sub_epi32(cz, lane),
                                             _mm512_set1_epi32(VEC_W - 1));
    c->base = _mm512_sub_epi32(cz, _mm512_add_epi32(r, lane));
    const __m512i rl = _mm512_add_epi32(r, lane);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++) {
        const __m512i j = _mm512_add_epi32(rl, _mm512_set1_epi32((int)(4 * v)));
        const __mmask16 wrap = _mm512_mask_cmpge_epu32_mask(0x1111, j, _mm512_set1_epi32(VEC_W));
        const __m512i lo = _mm512_slli_epi32(_mm512_and_si512(j, _mm512_set1_epi32(VEC_W - 1)), 24);
        /* Move dword 0 (the counter, reflected) to dword 3 (wire order). */
        const __m512i e = _mm512_mask_mov_epi32(
            lo, wrap, _mm512_or_si512(lo, _mm512_set1_epi32((int)~(unsigned)CLOW)));
        c->e[v] = _mm512_maskz_shuffle_epi32(0x8888, e, _MM_PERM_AAAA);
    }
}

/* The counter register (lanes c .. c + 3) after the iterations so far,
 * into *cz (which holds it from before them). */
VEC_INLINE void ctrs_end(const ctrs *c, __m512i *cz)
{
    const __m512i lane = _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0);
    const __m512i r = _mm512_maskz_and_epi32(0x1111, _mm512_sub_epi32(*cz, lane),
                                             _mm512_set1_epi32(VEC_W - 1));
    *cz = _mm512_add_epi32(c->base, _mm512_add_epi32(r, lane));
}

/* One iteration: CTR over 32 blocks from @in to @out, GHASH of the 32
 * blocks at @hin into @y; with @xr (encryption, VEC_XREG), GHASH of the
 * blocks in xr[] instead, which then receives this iteration's
 * ciphertext (byte-reflected, as loaded from @hin).
 *
 * With 512-bit instructions only two vector ports remain, shared by the
 * AES rounds, the multiplications and everything else, so this step counts
 * vector instructions: 13 for the 32 counter blocks (ctrs), and two
 * registers' products accumulated per three-way XOR. */
VEC_INLINE void step_body(const __m512i *kz, const unsigned nr, const __m128i *pw,
                            uint8_t *out, const uint8_t *in, const uint8_t *hin, ctrs *cs,
                            __m128i *y, __m512i bswap, __m512i *xr, const int enc)
{
    __m512i b[VEC_V], x[VEC_V];
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(VEC_W);
    const __m512i next = _mm512_add_epi32(cs->base, _mm512_set_epi32(0, 0, 0, VEC_W, 0, 0, 0, VEC_W,
                                                                     0, 0, 0, VEC_W, 0, 0, 0, VEC_W));
    const __m512i w0 = _mm512_shuffle_epi8(cs->base, bswap);
    const __m512i d = _mm512_ternarylogic_epi64(w0, _mm512_shuffle_epi8(next, bswap),
                                                _mm512_set1_epi32(CLOW), 0xbe);
    const __m512i wk = _mm512_xor_si512(w0, kz[0]);
    cs->base = next;
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        /* wk ^ (d & e), written with e first: VPTERNLOGQ overwrites its
         * first operand, and e is a fresh load, wk is not. */
        b[v] = _mm512_ternarylogic_epi64(cs->e[v], wk, d, 0x6c);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        x[v] = xr ? xr[v] : _mm512_shuffle_epi8(vec_load(hin + 64 * v), bswap);
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(*y));
    /* Rounds 1, 3, 5 and 7 each carry the multiplications of two
     * registers.  With 512-bit instructions Intel has two vector ports,
     * one for the AES rounds and one for the multiplications, and every
     * other operation goes to either; products in every other round
     * instead of in rounds 1..4 (as they were) measured AES-256-GCM seal
     * on Emerald Rapids (family 6 model 207) 1.03-1.05x at 16-256 KiB
     * (0.97-0.98 -> 1.01-1.02 of BoringSSL), AES-128-GCM and opening
     * level; every third round for AES-256, level with every other.
     * Encrypting, from the last two: the first, which takes the
     * accumulator (the previous iteration's reduction), and the highest
     * powers (the last that AXIOM_GCM_F_POWERS's prologue makes) are
     * read last (measured level on Zen 4 with the products in rounds
     * 1..4, 1.015x on vaes-avx2's ymm step).  Decrypting, in the
     * registers' order, which is the order the blocks arrive from
     * memory: from the last, AES-192-GCM open of 16 MiB took twice as
     * long on Zen 4 (0.51-0.65 of BoringSSL against 1.01-1.03), and
     * within the caches it measured 1.02-1.04x in one build and level in
     * another. */
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VEC_V; v++)
            b[v] = _mm512_aesenc_epi128(b[v], kz[r]);
        if ((r & 1) && r < VEC_V) {
            const unsigned i = (r + 1) / 2;
            const unsigned a = enc ? VEC_V - 2 * i : 2 * (i - 1);
            mul_acc2(x[a], _mm512_load_si512((const void *)(k + 4 * a)), x[a + 1],
                        _mm512_load_si512((const void *)(k + 4 * a + 4)), &lo, &mid, &hi);
        }
    }
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        b[v] = _mm512_aesenclast_epi128(b[v], _mm512_xor_si512(kz[nr], vec_load(in + 64 * v)));
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        vec_store(out + 64 * v, b[v]);
    if (xr) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VEC_V; v++)
            xr[v] = _mm512_shuffle_epi8(b[v], bswap);
    }
    *y = gh_reduce_fold_zmm(lo, mid, hi);
}

VEC_INLINE void step(const __m512i *kz, const unsigned nr, const __m128i *pw, uint8_t *out,
                       const uint8_t *in, const uint8_t *hin, ctrs *cs, __m128i *y,
                       __m512i bswap, const int enc)
{
    step_body(kz, nr, pw, out, in, hin, cs, y, bswap, NULL, enc);
}

VEC_INLINE void step_xr(const __m512i *kz, const unsigned nr, const __m128i *pw, uint8_t *out,
                          const uint8_t *in, ctrs *cs, __m128i *y, __m512i bswap, __m512i *xr)
{
    step_body(kz, nr, pw, out, in, NULL, cs, y, bswap, xr, 1);
}

VEC_INLINE void xr_load(__m512i *xr, const uint8_t *p, __m512i bswap)
{
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        xr[v] = _mm512_shuffle_epi8(vec_load(p + 64 * v), bswap);
}

/* AXIOM_GCM_F_POWERS: K_2 .. K_32 from K_1 at @pw, in five stages that
 * double the count (xaes_derive.h's arithmetic: K_2 a square, K_3 and
 * K_4 one two-lane product, four lanes a multiplication from the third
 * stage on, 45 carry-less multiplications in all), each written as whole
 * zmm stores of four slots, the units step() loads. */
typedef struct pows {
    __m128i p1, p2, p4;
    __m512i q, e, f0, f1; /* K_4..K_1, K_8..K_5, K_16..K_13, K_12..K_9 */
    __m512i k16;          /* K_16 in every lane, a square of K_8 */
} pows;

VEC_INLINE void pow_stage(const unsigned s, pows *t, __m128i *pw)
{
    switch (s) {
    case 1:
        t->p2 = xd_p2(t->p1);
        break;
    case 2: {
        const __m256i p43 = xd_p43(t->p1, t->p2);
        t->p4 = _mm256_castsi256_si128(p43);
        t->q = _mm512_inserti64x4(_mm512_castsi256_si512(p43), _mm256_set_m128i(t->p1, t->p2), 1);
        XD_STORE(pw + GH_SLOT(4), t->q);
        break;
    }
    case 3: {
        const __m512i p4 = XD_BCAST(t->p4);
        t->e = xd_mul_wide(t->q, p4, xd_kmid(p4));
        XD_STORE(pw + GH_SLOT(8), t->e);
        break;
    }
    case 4: {
        const __m512i p8 = XD_BCAST(XD_LANE0(t->e)), p8m = xd_kmid(p8);
        t->k16 = XD_BCAST(xd_p2(XD_LANE0(t->e)));
        t->f0 = xd_mul_wide(t->e, p8, p8m);
        t->f1 = xd_mul_wide(t->q, p8, p8m);
        XD_STORE(pw + GH_SLOT(16), t->f0);
        XD_STORE(pw + GH_SLOT(12), t->f1);
        break;
    }
    default: {
        /* K_16 from its own square, so that the products of K_8 .. K_1
         * by it need not wait for the fourth stage's four lanes. */
        const __m512i p16 = t->k16, p16m = xd_kmid(p16);
        XD_STORE(pw + GH_SLOT(24), xd_mul_wide(t->e, p16, p16m));
        XD_STORE(pw + GH_SLOT(20), xd_mul_wide(t->q, p16, p16m));
        XD_STORE(pw + GH_SLOT(32), xd_mul_wide(t->f0, p16, p16m));
        XD_STORE(pw + GH_SLOT(28), xd_mul_wide(t->f1, p16, p16m));
        break;
    }
    }
}

/* The counter blocks' last round for prologue_powers (gcm_vaes_powers.h). */
VEC_INLINE void prologue_last(const __m128i *rk, const unsigned nr, uint8_t *out,
                              const uint8_t *in, __m512i *b, __m512i *cz)
{
    __m512i p[VEC_V];
    load_blocks(p, in, VEC_W);
    ctr_finish(rk, nr, out, p, VEC_W, b, cz, NULL);
}

#include "gcm/x86_64/gcm_vaes_powers.h"

/* AXIOM_GCM_F_EXPAND: prologue_powers with the AES-256 expansion of round
 * keys 0 and 1 at @rk in front (aesx_expand256_x's chain, one AESENCLAST
 * a round key): each round key stored, broadcast into k[], and H's round
 * run beside it; the counter blocks' rounds PE_LAG round keys behind, so
 * that the chain's operations are older than theirs and win the AES
 * unit.  The 8 registers' 14 rounds keep the unit busy for about 112
 * cycles, the chain takes about 55, so the schedule costs the message
 * next to nothing; K_1 then comes from H, and the power stages (five
 * dependent levels) run beside the blocks' last rounds and the stitched
 * loop's first AES rounds (doc/design/gcm.md). */
#define PE_LAG 3
VEC_INLINE void prologue_expand(__m128i *rk, __m128i *pw, uint8_t *out, const uint8_t *in,
                                __m512i *cz, __m512i bswap, __m512i *k, __m512i *ct)
{
    __m512i b[VEC_V], p[VEC_V];
    const __m128i a = rk[0], kb = rk[1];
    __m128i h = a; /* 0^128 after round 0 */
    k[0] = vec_bcast128(a);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VEC_V; v++)
        b[v] = vec_ctr(*cz, (int)(VEC_L * v), bswap, k[0]);
#define PE_KEY(r, key)                                                                             \
    do {                                                                                           \
        if ((r) >= 2)                                                                              \
            _mm_store_si128(rk + (r), (key));                                                      \
        k[r] = vec_bcast128(key);                                                                  \
        h = (r) == 14 ? _mm_aesenclast_si128(h, (key)) : _mm_aesenc_si128(h, (key));               \
        if ((r) - PE_LAG >= 1)                                                                     \
            _Pragma("GCC unroll 8")                                                                \
            for (unsigned v = 0; v < VEC_V; v++)                                                   \
                b[v] = _mm512_aesenc_epi128(b[v], k[(r) - PE_LAG]);                                \
    } while (0)
    AESX_EXPAND256_EACH(a, kb, PE_KEY);
#undef PE_KEY
    pows t;
    t.p1 = xd_k1(h);
    pw[GH_SLOT(1)] = t.p1;
    /* Encrypting, the five stages all before the lagging rounds in
     * program order (older, so served first, while the stitched loop's
     * first iteration needs only the blocks); decrypting, one stage
     * after each of those rounds and the rest behind them (the stages
     * first measured 2-3 % slower at 16 KiB there, 1-2 % faster at
     * 1 KiB). */
    const unsigned early = ct ? 0 : 5;
#pragma GCC unroll 5
    for (unsigned s = 1; s <= early; s++)
        pow_stage(s, &t, pw);
#pragma GCC unroll 3
    for (unsigned r = 15 - PE_LAG; r < 14; r++) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VEC_V; v++)
            b[v] = _mm512_aesenc_epi128(b[v], k[r]);
        if (!early)
            pow_stage(r - (14 - PE_LAG), &t, pw);
    }
#pragma GCC unroll 3
    for (unsigned s = PE_LAG; s <= 5 && !early; s++)
        pow_stage(s, &t, pw);
    load_blocks(p, in, VEC_W);
    if (ct) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VEC_V; v++)
            ct[v] = p[v];
    }
    ctr_finish(rk, 14, out, p, VEC_W, b, cz, NULL);
}

static void gcm_vaes512_enc(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                            const uint8_t *in, size_t n, unsigned want)
{
    GCM_X86_TEXT(text_enc, g, m, out, in, n, want);
}

static void gcm_vaes512_dec(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                            const uint8_t *in, size_t n, unsigned want)
{
    /* XAES-256-GCM without AD, VEC_W blocks or more (lib/gcm/xaes.c). */
    if (__builtin_expect((m->flags & AXIOM_GCM_F_EXPAND) != 0, 0)) {
        expand_dec_start(g, m, out, in);
        out += 16 * VEC_W;
        in += 16 * VEC_W;
        n -= VEC_W;
    }
    GCM_X86_TEXT(text_dec, g, m, out, in, n, want);
}


GCM_X86_LAST(gcm_vaes512_last)

const axiom_gcm_kernel axiom_gcm_vaes_avx512 = {
    .name = "vaes-avx512",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "VAES and VPCLMULQDQ on zmm stitched, 32 blocks",
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_pclmul,
    .step = VEC_W,
    .enc = gcm_vaes512_enc,
    .dec = gcm_vaes512_dec,
    .last = gcm_vaes512_last,
    .make_powers = VEC_W,
    .expand = 1,
};

#endif /* HAVE_ISA_AESNI */
