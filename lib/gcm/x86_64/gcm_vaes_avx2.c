/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Stitched AES-GCM loops on ymm registers for x86-64 CPUs with VAES,
 * VPCLMULQDQ and AVX2 (no AVX-512 needed): the "vaes-avx2" GCM tier. */

/*
 * Interleave: 16 blocks per iteration, two per ymm register, in 8
 * independent AES chains.  Fused: the CTR encryption of the 16 counter
 * blocks and the GHASH of 16 ciphertext blocks, aggregated with the
 * precomputed powers H^16..H^1 (one reduction per iteration, after the two
 * 128-bit lanes of the unreduced products are XORed together).  The
 * VPCLMULQDQs of one register of ciphertext sit after each of the first 8
 * AES rounds, so the multiplier works while the AES units run.  Encryption
 * hashes the previous iteration's ciphertext (reloaded from the output,
 * where it was just stored); decryption hashes the input it is about to
 * decrypt, all loaded before the stores, so out == in works.  Counter
 * blocks are made in registers with 32-bit lane adds (inc32, wrap
 * included) and one VPSHUFB; the keystream XOR rides on the last round
 * key.  Tails of 1..15 blocks go two at a time, the odd one on xmm.
 * One-shot messages with a 96-bit nonce (gcm_vaes2_msg) run start to tag
 * here, as in the zmm tier: J0 and E_K(J0) on xmm, AD, text (partial
 * registers by VPMASKMOVD and byte loads and stores, AVX2 having no byte
 * masks), length block and tag, with the state in registers; up to 32
 * GHASH blocks in all take one reduction (the key holds 32 powers).
 *
 * Bound: per 16 blocks, AES-128 needs 8 x 10 = 80 VAESENC(LAST) ymm and
 * GHASH 8 x 4 = 32 VPCLMULQDQ ymm plus 2 for the reduction.  Cores with
 * two 256-bit AES ports issue the 80 in 40 cycles (0.16 cycles per byte),
 * with one in 80 (0.31).  The 16 architectural ymm registers (8 states,
 * 3 accumulators, a round key, data) are why this is not wider.
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

#define VY_INLINE GCM_VAES_INLINE
#define VY_V 8             /* ymm registers of blocks per iteration */
#define VY_L 2             /* blocks per register */
#define VY_W (VY_L * VY_V) /* blocks per iteration */
_Static_assert(VY_W == AXIOM_GCM_VAES2_BLOCKS, "lib/gcm/ghash.h names the width");

/* The width's primitives for gcm_vaes_common.h. */
#define VY_VEC __m256i
#define VY_AESENC _mm256_aesenc_epi128
#define VY_BCAST128 _mm256_broadcastsi128_si256
#define VY_CAST128 _mm256_castsi256_si128
#define VY_ADD32 _mm256_add_epi32
#define VY_LANES _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0)
#define VY_CTRS_COST 0 /* vy_ctrs_init and _end are free */

VY_INLINE __m256i vy_load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

VY_INLINE void vy_store(uint8_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* Two consecutive counters after @cy, byte-reversed back to wire order and
 * whitened with the first round key. */
VY_INLINE __m256i vy_ctr(__m256i cy, int add, __m256i bswap, __m256i k0)
{
    const __m256i inc = _mm256_set_epi32(0, 0, 0, add, 0, 0, 0, add);
    return _mm256_xor_si256(_mm256_shuffle_epi8(_mm256_add_epi32(cy, inc), bswap), k0);
}

VY_INLINE void vy_mul_acc(__m256i x, __m256i k, __m256i *lo, __m256i *mid, __m256i *hi)
{
    *lo = _mm256_xor_si256(*lo, _mm256_clmulepi64_epi128(x, k, 0x00));
    *hi = _mm256_xor_si256(*hi, _mm256_clmulepi64_epi128(x, k, 0x11));
    *mid = _mm256_xor_si256(*mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x01),
                                                   _mm256_clmulepi64_epi128(x, k, 0x10)));
}

VY_INLINE __m128i vy_fold(__m256i v)
{
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

/* GHASH of @n (1..32) blocks at @in into @y, one reduction. */
VY_INLINE __m128i vy_absorb(__m128i y, const __m128i *pw, const uint8_t *in, unsigned n,
                            __m256i bswap)
{
    __m256i lo = _mm256_setzero_si256(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(n);
    __m256i yy = _mm256_zextsi128_si256(y);
    unsigned j = 0;
    for (; j + 2 <= n; j += 2) {
        __m256i x = _mm256_xor_si256(_mm256_shuffle_epi8(vy_load(in + 16 * j), bswap), yy);
        yy = _mm256_setzero_si256();
        vy_mul_acc(x, _mm256_loadu_si256((const __m256i *)(const void *)(k + j)), &lo, &mid, &hi);
    }
    __m128i l = vy_fold(lo), m = vy_fold(mid), h = vy_fold(hi);
    if (j < n) {
        const __m128i x = _mm_xor_si128(gh_load(in + 16 * j, _mm256_castsi256_si128(bswap)),
                                        _mm256_castsi256_si128(yy));
        gh_mul_acc(x, k[j], &l, &m, &h);
    }
    return gh_reduce(l, m, h);
}

/* CTR over @n (1..16) blocks, no GHASH. */
VY_INLINE void vy_ctr_tail(const __m256i *ky, const unsigned nr, uint8_t *out,
                           const uint8_t *in, unsigned n, __m256i *cy, __m256i bswap)
{
    __m256i b[VY_V];
    const unsigned nv = (n + 1) / 2;
    GCM_VAES_CTR_ROUNDS(VY, vy, b, ky, nr, *cy, nv, bswap);
#pragma GCC unroll 8
    for (unsigned v = 0; v < n / 2; v++) {
        b[v] = _mm256_aesenclast_epi128(b[v], _mm256_xor_si256(ky[nr], vy_load(in + 32 * v)));
        vy_store(out + 32 * v, b[v]);
    }
    if (n & 1) {
        /* The odd last block: low lane of the last register. */
        const unsigned v = n / 2;
        const __m128i p = _mm_loadu_si128((const __m128i *)(const void *)(in + 32 * v));
        const __m128i o = _mm_aesenclast_si128(_mm256_castsi256_si128(b[v]),
                                               _mm_xor_si128(_mm256_castsi256_si128(ky[nr]), p));
        _mm_storeu_si128((__m128i *)(void *)(out + 32 * v), o);
    }
    *cy = _mm256_add_epi32(*cy, _mm256_set_epi32(0, 0, 0, (int)n, 0, 0, 0, (int)n));
}

/* The stitched loop's counter: the counter register itself, updated in
 * place. */
typedef struct vy_ctrs {
    __m256i *cy;
} vy_ctrs;

VY_INLINE void vy_ctrs_init(vy_ctrs *c, __m256i *cy)
{
    c->cy = cy;
}

VY_INLINE void vy_ctrs_end(const vy_ctrs *c, __m256i *cy)
{
    (void)c;
    (void)cy;
}

/* One iteration: CTR over 16 blocks from @in to @out, GHASH of the 16
 * blocks at @hin into @y. */
VY_INLINE void vy_step(const __m256i *ky, const unsigned nr, const __m128i *pw, uint8_t *out,
                       const uint8_t *in, const uint8_t *hin, vy_ctrs *cs, __m128i *y,
                       __m256i bswap)
{
    __m256i *cy = cs->cy;
    __m256i b[VY_V];
    __m256i lo = _mm256_setzero_si256(), mid = lo, hi = lo;
    const __m128i *k = pw + GH_SLOT(VY_W);
    const __m256i y0 = _mm256_zextsi128_si256(*y);
#pragma GCC unroll 8
    for (unsigned v = 0; v < VY_V; v++)
        b[v] = vy_ctr(*cy, (int)(2 * v), bswap, ky[0]);
    *cy = _mm256_add_epi32(*cy, _mm256_set_epi32(0, 0, 0, VY_W, 0, 0, 0, VY_W));
    /* The ciphertext for GHASH is loaded in the round that uses it (few
     * registers); when decrypting in place it is still the input then,
     * since the stores come after the last round. */
#pragma GCC unroll 14
    for (unsigned r = 1; r < nr; r++) {
#pragma GCC unroll 8
        for (unsigned v = 0; v < VY_V; v++)
            b[v] = _mm256_aesenc_epi128(b[v], ky[r]);
        if (r <= VY_V) {
            __m256i x = _mm256_shuffle_epi8(vy_load(hin + 32 * (r - 1)), bswap);
            if (r == 1)
                x = _mm256_xor_si256(x, y0);
            vy_mul_acc(x, _mm256_load_si256((const __m256i *)(const void *)(k + 2 * (r - 1))),
                       &lo, &mid, &hi);
        }
    }
#pragma GCC unroll 8
    for (unsigned v = 0; v < VY_V; v++)
        b[v] = _mm256_aesenclast_epi128(b[v], _mm256_xor_si256(ky[nr], vy_load(in + 32 * v)));
#pragma GCC unroll 8
    for (unsigned v = 0; v < VY_V; v++)
        vy_store(out + 32 * v, b[v]);
    *y = gh_reduce(vy_fold(lo), vy_fold(mid), vy_fold(hi));
}

GCM_VAES_DEFINE_BULK(VY, vy)

/* ---- one-shot messages (96-bit nonce) --------------------------------- */

/* AVX2 has no byte masks: partial registers go by VPMASKMOVD for their
 * whole dwords (masked-out dwords are never accessed, so nothing past the
 * buffer is read or written) and byte by byte for the last 1..3 bytes. */

VY_INLINE __m256i vy_dword_idx(void)
{
    return _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0);
}

/* The first @n (0..32) bytes at @p, zero past them. */
VY_INLINE __m256i vy_load_bytes(const uint8_t *p, size_t n)
{
    if (n >= 32)
        return vy_load(p);
    if (n == 16) /* one whole block (an odd count of them): no mask */
        return _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p));
    const __m256i q = _mm256_set1_epi32((int)(n / 4));
    __m256i v = _mm256_maskload_epi32((const int *)(const void *)p,
                                      _mm256_cmpgt_epi32(q, vy_dword_idx()));
    const size_t w = n & ~(size_t)3;
    if (n > w) {
        uint32_t t = 0;
        for (size_t i = w; i < n; i++)
            t |= (uint32_t)p[i] << (8 * (i - w));
        v = _mm256_or_si256(v, _mm256_and_si256(_mm256_set1_epi32((int)t),
                                                _mm256_cmpeq_epi32(q, vy_dword_idx())));
    }
    return v;
}

/* Store the first @n (0..32) bytes of @v at @p. */
VY_INLINE void vy_store_bytes(uint8_t *p, __m256i v, size_t n)
{
    if (n >= 32) {
        vy_store(p, v);
        return;
    }
    if (n == 16) {
        _mm_storeu_si128((__m128i *)(void *)p, _mm256_castsi256_si128(v));
        return;
    }
    const __m256i q = _mm256_set1_epi32((int)(n / 4));
    _mm256_maskstore_epi32((int *)(void *)p, _mm256_cmpgt_epi32(q, vy_dword_idx()), v);
    const size_t w = n & ~(size_t)3;
    if (n > w) {
        /* Dword n / 4 of v, by a variable permute (no index into memory). */
        const uint32_t t = (uint32_t)_mm256_cvtsi256_si32(_mm256_permutevar8x32_epi32(v, q));
        for (size_t i = w; i < n; i++)
            p[i] = (uint8_t)(t >> (8 * (i - w)));
    }
}

/* @v with its bytes from @n (0..32) on cleared. */
VY_INLINE __m256i vy_keep_bytes(__m256i v, size_t n)
{
    const __m256i idx = _mm256_set_epi8(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
                                        17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
                                        1, 0);
    return _mm256_and_si256(v, _mm256_cmpgt_epi8(_mm256_set1_epi8((char)n), idx));
}

#define VY_LOAD16(p, n) _mm256_castsi256_si128(vy_load_bytes((p), (n)))

/* CTR over @len (1..256) bytes with counters from @cy, and the unreduced
 * products of the ciphertext (zero past @len; the output when encrypting,
 * the input when decrypting) with the powers from @k (two per register)
 * into lo, mid, hi; @yx (zero, or the accumulator in the low lane) is
 * added to the first block.  The powers of a block past @len are loaded
 * but multiply zero, so @k + 2 * nv - 1 must stay inside the key. */
VY_INLINE void vy_ctr_hash_bytes(const __m256i *ky, const unsigned nr, const int encrypt,
                                 uint8_t *out, const uint8_t *in, size_t len, __m256i cy,
                                 __m256i bswap, __m256i yx, const __m128i *k, __m256i *lo,
                                 __m256i *mid, __m256i *hi)
{
    /* Zeroed only to keep -Wmaybe-uninitialized quiet: registers past nv
     * are never used. */
    __m256i b[VY_V] = { 0 };
    const unsigned nv = (unsigned)((len + 31) / 32);
    GCM_VAES_CTR_ROUNDS(VY, vy, b, ky, nr, cy, nv, bswap);
#pragma GCC unroll 8
    for (unsigned v = 0; v < nv; v++) {
        const size_t rem = len - 32 * v;
        const __m256i p = vy_load_bytes(in + 32 * v, rem);
        b[v] = _mm256_aesenclast_epi128(b[v], _mm256_xor_si256(ky[nr], p));
        vy_store_bytes(out + 32 * v, b[v], rem);
        __m256i x = encrypt ? (rem >= 32 ? b[v] : vy_keep_bytes(b[v], rem)) : p;
        x = _mm256_shuffle_epi8(x, bswap);
        if (v == 0)
            x = _mm256_xor_si256(x, yx);
        vy_mul_acc(x, _mm256_loadu_si256((const __m256i *)(const void *)(k + 2 * v)), lo, mid,
                   hi);
    }
}

/* Whole message: see axiom_gcm_msg_fn.  Short ones (AD, text and length
 * block in at most 32 blocks) hash everything with one reduction; longer
 * ones run the AD through vy_absorb and the whole blocks of text through
 * the stitched loop. */
VY_INLINE void vy_msg_nr(const __m256i *ky, const unsigned nr, const __m128i *pw,
                         const int encrypt, uint8_t *out, uint8_t tag[16],
                         const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                         const uint8_t *in, size_t len, __m256i bswap)
{
    const __m128i bs = _mm256_castsi256_si128(bswap);
    /* J0 = nonce || 1, in wire order (the masked load reads 12 bytes). */
    const __m128i j0 = _mm_insert_epi8(
        _mm_maskload_epi32((const int *)(const void *)nonce, _mm_set_epi32(0, -1, -1, -1)), 1,
        15);
    __m128i ek = j0;
    GCM_VAES_ENC1(VY, ek, ky, nr);
    /* Counters J0 + 1 and J0 + 2 (reflected: the 32-bit counter is dword
     * 0 of each lane). */
    __m256i cy = _mm256_add_epi32(_mm256_broadcastsi128_si256(_mm_shuffle_epi8(j0, bs)),
                                  _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 1));
    /* The length block, reflected: bit lengths of the AD (high) and text. */
    const __m128i lb = _mm_set_epi64x((long long)((uint64_t)adlen * 8),
                                      (long long)((uint64_t)len * 8));
    const size_t nad = (adlen + 15) / 16, nt = (len + 15) / 16;
    __m256i lo = _mm256_setzero_si256(), mid = lo, hi = lo;
    __m128i y;
    if (nad + nt < 2 * VY_W) {
        /* Block j of AD then text takes K_(e - j); the last of them is
         * followed by the length block (K_1), so every two-power load
         * below stays within K_1..K_32. */
        const size_t e = nad + nt + 1;
        for (size_t a = 0; a < adlen; a += 32) {
            const __m256i x = _mm256_shuffle_epi8(vy_load_bytes(ad + a, adlen - a), bswap);
            vy_mul_acc(x, _mm256_loadu_si256((const __m256i *)(const void *)(
                              pw + GH_SLOT(e - a / 16))),
                       &lo, &mid, &hi);
        }
        for (size_t t = 0; t < len; t += 16 * VY_W) {
            const size_t n = len - t < 16 * VY_W ? len - t : 16 * VY_W;
            const int tb = (int)(t / 16);
            vy_ctr_hash_bytes(ky, nr, encrypt, out + t, in + t, n,
                              _mm256_add_epi32(cy, _mm256_set_epi32(0, 0, 0, tb, 0, 0, 0, tb)),
                              bswap, _mm256_setzero_si256(), pw + GH_SLOT(e - nad - t / 16),
                              &lo, &mid, &hi);
        }
        __m128i l = vy_fold(lo), m = vy_fold(mid), h = vy_fold(hi);
        gh_mul_acc(lb, pw[GH_SLOT(1)], &l, &m, &h);
        y = gh_reduce(l, m, h);
    } else {
        GCM_VAES_ABSORB_AD(VY, vy, y, pw, ad, adlen, bswap, bs);
        const size_t n = len / 16;
        if (n) {
            if (encrypt)
                vy_enc_nr(ky, nr, pw, out, in, n, &cy, &y, bswap);
            else
                vy_dec_nr(ky, nr, pw, out, in, n, &cy, &y, bswap);
        }
        __m128i l, m, h;
        if (len % 16) {
            /* The partial block with K_2 (its register's second power,
             * K_1, multiplies zero), the length block with K_1. */
            vy_ctr_hash_bytes(ky, nr, encrypt, out + 16 * n, in + 16 * n, len % 16, cy, bswap,
                              _mm256_zextsi128_si256(y), pw + GH_SLOT(2), &lo, &mid, &hi);
            l = vy_fold(lo);
            m = vy_fold(mid);
            h = vy_fold(hi);
            gh_mul_acc(lb, pw[GH_SLOT(1)], &l, &m, &h);
        } else {
            l = m = h = _mm_setzero_si128();
            gh_mul_acc(_mm_xor_si128(y, lb), pw[GH_SLOT(1)], &l, &m, &h);
        }
        y = gh_reduce(l, m, h);
    }
    _mm_storeu_si128((__m128i *)(void *)tag, _mm_xor_si128(_mm_shuffle_epi8(y, bs), ek));
}

GCM_VAES_DEFINE_HOOKS(VY, vy, gcm_vaes2)

const axiom_gcm_kernel axiom_gcm_vaes_avx2 = {
    .name = "vaes-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX |
                AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL,
    .constant_time = 1,
    .desc = "VAES and VPCLMULQDQ on ymm stitched, 16 blocks",
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_pclmul,
    .enc = gcm_vaes2_enc,
    .dec = gcm_vaes2_dec,
    .msg = gcm_vaes2_msg,
};

#endif /* HAVE_ISA_AESNI */
