/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Stitched AES-GCM loops on zmm registers for x86-64 CPUs with VAES,
 * VPCLMULQDQ and AVX-512: the "vaes-avx512" GCM tier. */

/*
 * Interleave: 32 blocks per iteration, four per zmm register, in 8
 * independent AES chains.  Fused: the CTR encryption of the 32 counter
 * blocks and the GHASH of 32 ciphertext blocks, aggregated with the
 * precomputed powers H^32..H^1 (one reduction per iteration, after the
 * four 128-bit lanes of the unreduced products are XORed together).  The
 * VPCLMULQDQs of two registers of ciphertext sit after each of the first 4
 * AES rounds, so the multiplier works while the AES unit runs.  Encryption
 * hashes the previous iteration's ciphertext (reloaded from the output,
 * where it was just stored); decryption hashes the input it is about to
 * decrypt, all loaded before the stores, so out == in works.  Counter
 * blocks come without carries from the counter rounded down to a multiple
 * of 32 and per-call constants (vz_ctrs: one VPTERNLOGQ per register,
 * inc32 wrap included); the keystream XOR rides on the last round key.
 * Tails of 1..31 blocks use masked loads and stores.  One-shot messages
 * with a 96-bit nonce (gcm_vaes512_msg) run start to tag here: J0, AD,
 * text with byte-masked partial blocks, length block and tag, with the
 * state in registers; up to 32 GHASH blocks in all take one reduction.
 *
 * Bound (doc/PERFORMANCE.md, "AES-GCM (issue 5)"): with 512-bit
 * instructions only two vector ports issue, VAESENC on one of them (one
 * per cycle), VPCLMULQDQ and shuffles on the other, the rest on either.
 * Per 32 blocks the compiled loop has 80 VAESENC(LAST) for AES-128 (112
 * for AES-256) and 102 other vector instructions (34 VPCLMULQDQ, 20
 * shuffles, 48 XOR, add and VPTERNLOGQ), so AES-128 needs at least
 * (80 + 102) / 2 = 91 cycles where the AES unit alone needs 80 (1.14x
 * CTR), and AES-256 stays at the AES unit's 112.  Measured: 1.15-1.18x
 * and 1.02-1.05x this tier's CTR.
 *
 * Round keys come from the "aesni" AES kernel's schedule (encryption keys
 * at byte 0), which this tier uses for its key setup.
 *
 * Constant time: VAES and VPCLMULQDQ have data-independent timing; no
 * branch or memory index depends on keys or data (only on the round count
 * and the length).
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
#include "gcm/x86_64/gcm_vaes_common.h"

#ifdef HAVE_ISA_AESNI

#define VZ_INLINE GCM_VAES_INLINE
#define VZ_V 8             /* zmm registers of blocks per iteration */
#define VZ_L 4             /* blocks per register */
#define VZ_W (VZ_L * VZ_V) /* blocks per iteration */
_Static_assert(VZ_W == AXIOM_GCM_VAES512_BLOCKS, "lib/gcm/ghash.h names the width");

/* The width's primitives for gcm_vaes_common.h. */
#define VZ_VEC __m512i
#define VZ_AESENC _mm512_aesenc_epi128
#define VZ_BCAST128 _mm512_broadcast_i32x4
#define VZ_CAST128 _mm512_castsi512_si128
#define VZ_ADD32 _mm512_add_epi32
#define VZ_LANES _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0)
#define VZ_CTRS_COST 1 /* vz_ctrs_init builds 8 registers of constants */

VZ_INLINE __m512i vz_load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

VZ_INLINE void vz_store(uint8_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}

VZ_INLINE __m512i vz_xor3(__m512i a, __m512i b, __m512i c)
{
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* Four consecutive counters after @cz, lanes in order, byte-reversed back
 * to wire order and whitened with the first round key. */
VZ_INLINE __m512i vz_ctr(__m512i cz, int add, __m512i bswap, __m512i k0)
{
    const __m512i inc = _mm512_set_epi32(0, 0, 0, add, 0, 0, 0, add, 0, 0, 0, add, 0, 0, 0, add);
    return _mm512_xor_si512(_mm512_shuffle_epi8(_mm512_add_epi32(cz, inc), bswap), k0);
}

VZ_INLINE void vz_mul_acc(__m512i x, __m512i k, __m512i *lo, __m512i *mid, __m512i *hi)
{
    *lo = _mm512_xor_si512(*lo, _mm512_clmulepi64_epi128(x, k, 0x00));
    *hi = _mm512_xor_si512(*hi, _mm512_clmulepi64_epi128(x, k, 0x11));
    *mid = vz_xor3(*mid, _mm512_clmulepi64_epi128(x, k, 0x01),
                   _mm512_clmulepi64_epi128(x, k, 0x10));
}

/* XOR of the four 128-bit lanes. */
VZ_INLINE __m128i vz_fold(__m512i v)
{
    const __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}

/* Mask of the 64-bit elements of @nb (0..4) blocks. */
VZ_INLINE __mmask8 vz_mask(unsigned nb)
{
    return (__mmask8)((1u << (2 * nb)) - 1);
}

/* GHASH of @n (1..32) blocks at @in into @y, one reduction. */
VZ_INLINE __m128i vz_absorb(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                            __m512i bswap)
{
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(n);
    __m512i yz = _mm512_zextsi128_si512(y);
    for (unsigned j = 0; j < n; j += 4) {
        const unsigned nb = n - j < 4 ? n - j : 4;
        const __mmask8 m = vz_mask(nb);
        __m512i x = _mm512_shuffle_epi8(_mm512_maskz_loadu_epi64(m, in + 16 * j), bswap);
        x = _mm512_xor_si512(x, yz);
        yz = _mm512_setzero_si512();
        /* Lanes past the end are zero in x, so their powers do not matter. */
        vz_mul_acc(x, _mm512_maskz_loadu_epi64(m, k + j), &lo, &mid, &hi);
    }
    return gh_reduce(vz_fold(lo), vz_fold(mid), vz_fold(hi));
}

/* CTR over @n (1..32) blocks, no GHASH. */
VZ_INLINE void vz_ctr_tail(const __m512i *kz, const unsigned nr, uint8_t *out,
                           const uint8_t *in, unsigned n, __m512i *cz, __m512i bswap)
{
    /* Zeroed only to keep -Wmaybe-uninitialized quiet: registers past nv
     * are never used. */
    __m512i b[VZ_V] = { 0 };
    const unsigned nv = (n + 3) / 4;
    GCM_VAES_CTR_ROUNDS(VZ, vz, b, kz, nr, *cz, nv, bswap);
#pragma GCC unroll 8
    for (unsigned v = 0; v < nv; v++) {
        const unsigned nb = n - 4 * v < 4 ? n - 4 * v : 4;
        const __mmask8 m = vz_mask(nb);
        const __m512i p = _mm512_maskz_loadu_epi64(m, in + 64 * v);
        b[v] = _mm512_aesenclast_epi128(b[v], _mm512_xor_si512(kz[nr], p));
        _mm512_mask_storeu_epi64(out + 64 * v, m, b[v]);
    }
    *cz = _mm512_add_epi32(*cz, _mm512_set_epi32(0, 0, 0, (int)n, 0, 0, 0, (int)n, 0, 0, 0,
                                                 (int)n, 0, 0, 0, (int)n));
}

/* Products of two registers of blocks with their powers, accumulated with
 * three-way XORs (one VPTERNLOGQ per partial product for both). */
VZ_INLINE void vz_mul_acc2(__m512i xa, __m512i ka, __m512i xb, __m512i kb, __m512i *lo,
                           __m512i *mid, __m512i *hi)
{
    *lo = vz_xor3(*lo, _mm512_clmulepi64_epi128(xa, ka, 0x00),
                  _mm512_clmulepi64_epi128(xb, kb, 0x00));
    *hi = vz_xor3(*hi, _mm512_clmulepi64_epi128(xa, ka, 0x11),
                  _mm512_clmulepi64_epi128(xb, kb, 0x11));
    *mid = vz_xor3(*mid, _mm512_clmulepi64_epi128(xa, ka, 0x01),
                   _mm512_clmulepi64_epi128(xa, ka, 0x10));
    *mid = vz_xor3(*mid, _mm512_clmulepi64_epi128(xb, kb, 0x01),
                   _mm512_clmulepi64_epi128(xb, kb, 0x10));
}

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
typedef struct vz_ctrs {
    __m512i base;      /* C (byte-reversed, dword 0 of every lane) */
    __m512i e[VZ_V];   /* E for the four lanes of register v */
} vz_ctrs;

/* Wire-order dword 3 (counter bytes 12..15, little-endian load): bits
 * 0..4 of the counter are bits 24..28. */
#define VZ_CLOW 0x1f000000

VZ_INLINE void vz_ctrs_init(vz_ctrs *c, const __m512i *czp)
{
    const __m512i cz = *czp;
    /* Lanes of cz hold c, c + 1, c + 2, c + 3. */
    const __m512i lane = _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0);
    /* r in dword 0 of every lane, zero elsewhere. */
    const __m512i r = _mm512_maskz_and_epi32(0x1111, _mm512_sub_epi32(cz, lane),
                                             _mm512_set1_epi32(VZ_W - 1));
    c->base = _mm512_sub_epi32(cz, _mm512_add_epi32(r, lane));
    const __m512i rl = _mm512_add_epi32(r, lane);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VZ_V; v++) {
        const __m512i j = _mm512_add_epi32(rl, _mm512_set1_epi32((int)(4 * v)));
        const __mmask16 wrap = _mm512_mask_cmpge_epu32_mask(0x1111, j, _mm512_set1_epi32(VZ_W));
        const __m512i lo = _mm512_slli_epi32(_mm512_and_si512(j, _mm512_set1_epi32(VZ_W - 1)), 24);
        /* Move dword 0 (the counter, reflected) to dword 3 (wire order). */
        const __m512i e = _mm512_mask_mov_epi32(
            lo, wrap, _mm512_or_si512(lo, _mm512_set1_epi32((int)~(unsigned)VZ_CLOW)));
        c->e[v] = _mm512_maskz_shuffle_epi32(0x8888, e, _MM_PERM_AAAA);
    }
}

/* The counter register (lanes c .. c + 3) after the iterations so far,
 * into *cz (which holds it from before them). */
VZ_INLINE void vz_ctrs_end(const vz_ctrs *c, __m512i *cz)
{
    const __m512i lane = _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0);
    const __m512i r = _mm512_maskz_and_epi32(0x1111, _mm512_sub_epi32(*cz, lane),
                                             _mm512_set1_epi32(VZ_W - 1));
    *cz = _mm512_add_epi32(c->base, _mm512_add_epi32(r, lane));
}

/* One iteration: CTR over 32 blocks from @in to @out, GHASH of the 32
 * blocks at @hin into @y.
 *
 * With 512-bit instructions only two vector ports remain, shared by the
 * AES rounds, the multiplications and everything else, so this step counts
 * vector instructions: 13 for the 32 counter blocks (vz_ctrs), and two
 * registers' products accumulated per three-way XOR. */
VZ_INLINE void vz_step(const __m512i *kz, const unsigned nr, const __m128i *pw, uint8_t *out,
                       const uint8_t *in, const uint8_t *hin, vz_ctrs *cs, __m128i *y,
                       __m512i bswap)
{
    __m512i b[VZ_V], x[VZ_V];
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(VZ_W);
    const __m512i next = _mm512_add_epi32(cs->base, _mm512_set_epi32(0, 0, 0, VZ_W, 0, 0, 0, VZ_W,
                                                                     0, 0, 0, VZ_W, 0, 0, 0, VZ_W));
    const __m512i w0 = _mm512_shuffle_epi8(cs->base, bswap);
    const __m512i d = _mm512_ternarylogic_epi64(w0, _mm512_shuffle_epi8(next, bswap),
                                                _mm512_set1_epi32(VZ_CLOW), 0xbe);
    const __m512i wk = _mm512_xor_si512(w0, kz[0]);
    cs->base = next;
#pragma GCC unroll 8
    for (unsigned v = 0; v < VZ_V; v++)
        /* wk ^ (d & e), written with e first: VPTERNLOGQ overwrites its
         * first operand, and e is a fresh load, wk is not. */
        b[v] = _mm512_ternarylogic_epi64(cs->e[v], wk, d, 0x6c);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VZ_V; v++)
        x[v] = _mm512_shuffle_epi8(vz_load(hin + 64 * v), bswap);
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(*y));
    /* Rounds 1..4 each carry the multiplications of two registers. */
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VZ_V; v++)
            b[v] = _mm512_aesenc_epi128(b[v], kz[r]);
        if (r <= VZ_V / 2) {
            const unsigned a = 2 * (r - 1);
            vz_mul_acc2(x[a], _mm512_load_si512((const void *)(k + 4 * a)), x[a + 1],
                        _mm512_load_si512((const void *)(k + 4 * a + 4)), &lo, &mid, &hi);
        }
    }
#pragma GCC unroll 8
    for (unsigned v = 0; v < VZ_V; v++)
        b[v] = _mm512_aesenclast_epi128(b[v], _mm512_xor_si512(kz[nr], vz_load(in + 64 * v)));
#pragma GCC unroll 8
    for (unsigned v = 0; v < VZ_V; v++)
        vz_store(out + 64 * v, b[v]);
    *y = gh_reduce(vz_fold(lo), vz_fold(mid), vz_fold(hi));
}

GCM_VAES_DEFINE_BULK(VZ, vz)

/* ---- one-shot messages (96-bit nonce) --------------------------------- */

/* Mask of the first @n bytes of a 64-byte register (n may exceed 64). */
VZ_INLINE __mmask64 vz_bytes(size_t n)
{
    return n >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << n) - 1;
}

#define VZ_LOAD16(p, n) _mm_maskz_loadu_epi8((__mmask16)((1u << (n)) - 1), (p))

/* Unreduced products of the blocks in @x[0..] (@nb blocks, four per
 * register, zero past the data) with K_e, K_(e-1), ..., K_(e-nb+1),
 * accumulated into lo, mid, hi.  1 <= nb <= e <= 32. */
VZ_INLINE void vz_acc_regs(const __m512i *x, unsigned nb, unsigned e, const __m128i *pw,
                           __m512i *lo, __m512i *mid, __m512i *hi)
{
    const unsigned nv = (nb + 3) / 4;
#pragma GCC unroll 8
    for (unsigned v = 0; v < nv; v++) {
        const __mmask8 m = vz_mask(nb - 4 * v < 4 ? nb - 4 * v : 4);
        vz_mul_acc(x[v], _mm512_maskz_loadu_epi64(m, pw + GH_SLOT(e - 4 * v)), lo, mid, hi);
    }
}

/* The AD's blocks as GHASH input registers (reflected, zero-padded). */
VZ_INLINE void vz_ad_regs(const uint8_t *ad, size_t adlen, __m512i *x, __m512i bswap)
{
    const unsigned nv = (unsigned)((adlen + 63) / 64);
#pragma GCC unroll 8
    for (unsigned v = 0; v < nv; v++)
        x[v] = _mm512_shuffle_epi8(_mm512_maskz_loadu_epi8(vz_bytes(adlen - 64 * v), ad + 64 * v),
                                   bswap);
}

/* CTR over @len (1..512) bytes, counters from @cz; the ciphertext, zero
 * past @len, goes to x[] as GHASH input (reflected). */
VZ_INLINE void vz_ctr_bytes(const __m512i *kz, const unsigned nr, const int encrypt, uint8_t *out,
                            const uint8_t *in, size_t len, __m512i cz, __m512i bswap, __m512i *x)
{
    __m512i b[VZ_V] = { 0 };
    const unsigned nv = (unsigned)((len + 63) / 64);
    GCM_VAES_CTR_ROUNDS(VZ, vz, b, kz, nr, cz, nv, bswap);
#pragma GCC unroll 8
    for (unsigned v = 0; v < nv; v++) {
        const __mmask64 m = vz_bytes(len - 64 * v);
        const __m512i p = _mm512_maskz_loadu_epi8(m, in + 64 * v);
        b[v] = _mm512_aesenclast_epi128(b[v], _mm512_xor_si512(kz[nr], p));
        _mm512_mask_storeu_epi8(out + 64 * v, m, b[v]);
        x[v] = _mm512_shuffle_epi8(encrypt ? _mm512_maskz_mov_epi8(m, b[v]) : p, bswap);
    }
}

/* Whole message: see axiom_gcm_msg_fn.  Short ones (AD, text and length
 * block in at most 32 blocks) hash everything with one reduction; longer
 * ones run the AD through vz_absorb and the whole blocks of text through
 * the stitched loop. */
VZ_INLINE void vz_msg_nr(const __m512i *kz, const unsigned nr, const __m128i *pw,
                         const int encrypt, uint8_t *out, uint8_t tag[16],
                         const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                         const uint8_t *in, size_t len, __m512i bswap)
{
    const __m128i bs = _mm512_castsi512_si128(bswap);
    /* J0 = nonce || 1, in wire order; its counter form (reflected) has
     * the 32-bit counter in dword 0. */
    const __m128i j0 = _mm_insert_epi8(_mm_maskz_loadu_epi8(0x0fff, nonce), 1, 15);
    __m128i ek = j0;
    GCM_VAES_ENC1(VZ, ek, kz, nr);
    __m512i cz = _mm512_add_epi32(_mm512_broadcast_i32x4(_mm_shuffle_epi8(j0, bs)),
                                  _mm512_set_epi32(0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, 2,
                                                   0, 0, 0, 1));
    /* The length block, reflected: bit lengths of the AD (high) and text. */
    const __m128i lb = _mm_set_epi64x((long long)((uint64_t)adlen * 8),
                                      (long long)((uint64_t)len * 8));
    const size_t nad = (adlen + 15) / 16, nt = (len + 15) / 16;
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    __m128i y;
    if (nad + nt < VZ_W) {
        const unsigned e = (unsigned)(nad + nt + 1);
        __m512i x[VZ_V];
        if (nad) {
            vz_ad_regs(ad, adlen, x, bswap);
            vz_acc_regs(x, (unsigned)nad, e, pw, &lo, &mid, &hi);
        }
        if (nt) {
            vz_ctr_bytes(kz, nr, encrypt, out, in, len, cz, bswap, x);
            vz_acc_regs(x, (unsigned)nt, e - (unsigned)nad, pw, &lo, &mid, &hi);
        }
        __m128i l = vz_fold(lo), m = vz_fold(mid), h = vz_fold(hi);
        gh_mul_acc(lb, pw[GH_SLOT(1)], &l, &m, &h);
        y = gh_reduce(l, m, h);
    } else {
        GCM_VAES_ABSORB_AD(VZ, vz, y, pw, ad, adlen, bswap, bs);
        const size_t n = len / 16;
        if (n) {
            if (encrypt)
                vz_enc_nr(kz, nr, pw, out, in, n, &cz, &y, bswap);
            else
                vz_dec_nr(kz, nr, pw, out, in, n, &cz, &y, bswap);
        }
        __m128i l = _mm_setzero_si128(), m = l, h = l;
        if (len % 16) {
            __m512i x[VZ_V];
            vz_ctr_bytes(kz, nr, encrypt, out + 16 * n, in + 16 * n, len % 16, cz, bswap, x);
            gh_mul_acc(_mm_xor_si128(y, _mm512_castsi512_si128(x[0])), pw[GH_SLOT(2)], &l, &m,
                       &h);
            gh_mul_acc(lb, pw[GH_SLOT(1)], &l, &m, &h);
        } else {
            gh_mul_acc(_mm_xor_si128(y, lb), pw[GH_SLOT(1)], &l, &m, &h);
        }
        y = gh_reduce(l, m, h);
    }
    _mm_storeu_si128((__m128i *)(void *)tag, _mm_xor_si128(_mm_shuffle_epi8(y, bs), ek));
}

GCM_VAES_DEFINE_HOOKS(VZ, vz, gcm_vaes512)

const axiom_gcm_kernel axiom_gcm_vaes_avx512 = {
    .name = "vaes-avx512",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "VAES and VPCLMULQDQ on zmm stitched, 32 blocks",
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_pclmul,
    .enc = gcm_vaes512_enc,
    .dec = gcm_vaes512_dec,
    .msg = gcm_vaes512_msg,
};

#endif /* HAVE_ISA_AESNI */
