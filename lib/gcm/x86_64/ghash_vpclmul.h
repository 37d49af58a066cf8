/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GHASH with VPCLMULQDQ on ymm or zmm vectors (2 or 4 blocks each), written
 * once for both widths: the kernel file chooses the width and includes
 * this header.  Same representation and key layout as
 * lib/gcm/x86_64/ghash_pclmul.h (whose init makes the key): up to 32 blocks
 * per reduction, the powers K_n .. K_1 of n blocks being the n consecutive
 * slots from 32 - n, so that one vector load fetches the powers of as many
 * consecutive blocks as the vector holds.
 *
 * Each includer is its own translation unit (the function names are
 * fixed).  The includer defines GV_KERNEL, GV_NAME and GV_DESC (the
 * descriptor's name, its axiom_impl() name and description) and GV_LANES,
 * the blocks per vector: 2 (ymm, the vaes_avx2 bundle) or 4 (zmm, the
 * vaes_avx512 bundle), which chooses the vector primitives and the CPU
 * features below.  It may define GV_ORDER_MASK() (the PSHUFB mask that
 * turns a loaded block into the multiplied integer; default GHASH's byte
 * swap) or GV_NO_SWAP (blocks are multiplied as loaded: no shuffle at
 * all, which on Intel cores frees port 5, VPCLMULQDQ's only port, of one
 * VPSHUFB per vector), GV_KARATSUBA (whole 32-block groups take three
 * products per block: the key's second half, AXIOM_GHASH_MAXPOW slots
 * after each power, holds the XOR of its two words in both words, made by
 * GV_INIT and by GV_INIT_N from n = 32 on), GV_INIT(hk, h) (default the
 * PCLMULQDQ GHASH kernel's init) and GV_INIT_N(hk, h, n) (the
 * descriptor's init_n; none by default): the POLYVAL kernels
 * (lib/gcm/polyval.h) are this code with no swap, Karatsuba groups and
 * their own key.
 *
 * Constant time: VPCLMULQDQ's latency does not depend on its operands;
 * the branches depend only on the length. */
#include "gcm/x86_64/ghash_pclmul.h"

#define GV_MAXN AXIOM_GHASH_MAXPOW /* blocks per reduction */

/* The vector primitives: GV_T (vector type), GV_ZERO(), GV_LOADU(p),
 * GV_BCAST128(x), GV_ZEXT128(x) (lane 0 = x, the rest 0), GV_XOR(a, b),
 * GV_SHUF(v, m) (VPSHUFB), GV_CLMUL(a, b, imm) (VPCLMULQDQ),
 * GV_FOLD(v) (the XOR of the 128-bit lanes), GV_XOR3(a, b, c) (one
 * VPTERNLOGQ on zmm) and GV_SWAP64(v) (the two qwords of every lane
 * swapped). */
#if GV_LANES == 2
#define GV_FEATURES (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX2)
#define GV_T __m256i
#define GV_ZERO() _mm256_setzero_si256()
#define GV_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define GV_BCAST128(x) _mm256_broadcastsi128_si256(x)
#define GV_ZEXT128(x) _mm256_zextsi128_si256(x)
#define GV_XOR(a, b) _mm256_xor_si256((a), (b))
#define GV_SHUF(v, m) _mm256_shuffle_epi8((v), (m))
#define GV_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define GV_FOLD(v) axiom_xor_lanes2(v)
#define GV_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256((a), (b)), (c))
#define GV_SWAP64(v) _mm256_shuffle_epi32((v), 0x4e)
#elif GV_LANES == 4
#define GV_FEATURES \
    (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512)
#define GV_T __m512i
#define GV_ZERO() _mm512_setzero_si512()
#define GV_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define GV_BCAST128(x) _mm512_broadcast_i32x4(x)
#define GV_ZEXT128(x) _mm512_zextsi128_si512(x)
#define GV_XOR(a, b) _mm512_xor_si512((a), (b))
#define GV_SHUF(v, m) _mm512_shuffle_epi8((v), (m))
#define GV_CLMUL(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define GV_FOLD(v) axiom_xor_lanes4(v)
#define GV_XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define GV_SWAP64(v) _mm512_shuffle_epi32((v), _MM_PERM_BADC)
#else
#error "GV_LANES: 2 or 4"
#endif

#ifdef GV_NO_SWAP
#define GV_ORDER_MASK() _mm_setzero_si128() /* unused */
#define GV_IN(v, m) (v)
#define GV_LOAD1(p, m) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define GV_STORE1(p, x, m) _mm_storeu_si128((__m128i *)(void *)(p), (x))
#else
#ifndef GV_ORDER_MASK
#define GV_ORDER_MASK() gh_bswap_mask()
#endif
#define GV_IN(v, m) GV_SHUF((v), (m))
#define GV_LOAD1(p, m) gh_load((p), (m))
#define GV_STORE1(p, x, m) gh_store((p), (x), (m))
#endif
#ifndef GV_INIT
#define GV_INIT(hk, h) axiom_ghash_pclmul.init((hk), (h))
#endif

/* acc = GHASH of acc and the @n (1..32) blocks at @in, one reduction:
 * whole vectors, then the last n % GV_LANES blocks on xmm.  Only the first
 * block depends on acc, the previous reduction's result: its products are
 * added last, so that the chain from one reduction to the next is one
 * multiply, one XOR, the lane fold and the reduction, not a multiply and
 * an XOR per vector. */
GH_FORCE_INLINE __m128i ghash_vpclmul_absorb(__m128i acc, const __m128i *pw, const uint8_t *in, size_t n,
                                   __m128i bswap)
{
    const GV_T bsw = GV_BCAST128(bswap);
    (void)bsw;
    const __m128i *k = pw + GH_SLOT(n);
    const size_t nv = n - n % GV_LANES;
    GV_T lo = GV_ZERO(), mid = GV_ZERO(), hi = GV_ZERO();
    __m128i lx = _mm_setzero_si128(), mx = lx, hx = lx;
    for (size_t i = GV_LANES; i < nv; i += GV_LANES) {
        const GV_T d = GV_IN(GV_LOADU(in + 16 * i), bsw), kk = GV_LOADU(k + i);
        lo = GV_XOR(lo, GV_CLMUL(d, kk, 0x00));
        hi = GV_XOR(hi, GV_CLMUL(d, kk, 0x11));
        mid = GV_XOR(mid, GV_XOR(GV_CLMUL(d, kk, 0x01), GV_CLMUL(d, kk, 0x10)));
    }
    for (size_t j = nv ? nv : 1; j < n; j++)
        gh_mul_acc(GV_LOAD1(in + 16 * j, bswap), k[j], &lx, &mx, &hx);
    if (nv) {
        const GV_T d = GV_XOR(GV_IN(GV_LOADU(in), bsw), GV_ZEXT128(acc)), kk = GV_LOADU(k);
        lo = GV_XOR(lo, GV_CLMUL(d, kk, 0x00));
        hi = GV_XOR(hi, GV_CLMUL(d, kk, 0x11));
        mid = GV_XOR(mid, GV_XOR(GV_CLMUL(d, kk, 0x01), GV_CLMUL(d, kk, 0x10)));
        lx = _mm_xor_si128(lx, GV_FOLD(lo));
        mx = _mm_xor_si128(mx, GV_FOLD(mid));
        hx = _mm_xor_si128(hx, GV_FOLD(hi));
    } else {
        gh_mul_acc(_mm_xor_si128(GV_LOAD1(in, bswap), acc), k[0], &lx, &mx, &hx);
    }
    return gh_reduce(lx, mx, hx);
}

/* The same for exactly GV_MAXN blocks, the bulk of a long message, as
 * straight-line code: two vectors per step, their products added with one
 * three-way XOR per accumulator (the partial sums stay in three registers,
 * no copies), the vector holding acc last; then the reduction on whole
 * vectors, each lane reduced modulo P alone (the reduction is linear, so
 * the sum of the reduced lanes is the reduced sum), the lanes folded once
 * at the end.  The low words are folded into the middle ones and those
 * into the high ones (the same two folds as gh_reduce, in the other
 * grouping), which spares gh_reduce's two byte shifts and two of the three
 * lane folds: on Intel cores every shuffle, extract and carry-less
 * product competes for port 5, which the products already keep busy. */
#define GV_NV (GV_MAXN / GV_LANES) /* vectors per reduction, even */
GH_FORCE_INLINE __m128i ghash_vpclmul_absorb_full(__m128i acc, const __m128i *pw, const uint8_t *in,
                                                  __m128i bswap)
{
    const GV_T bsw = GV_BCAST128(bswap);
    (void)bsw;
    const __m128i *k = pw + GH_SLOT(GV_MAXN);
    const GV_T poly = GV_BCAST128(_mm_set_epi64x((long long)UINT64_C(0xc200000000000000), 0));
    GV_T lo = GV_ZERO(), mid = GV_ZERO(), hi = GV_ZERO();
#ifdef GV_KARATSUBA
    /* Three products per block: lo, hi and (a_lo + a_hi)(k_lo + k_hi),
     * whose sum over the group is mid + lo + hi.  The key's second half
     * holds k_lo + k_hi of each power (in both words); a block's a_lo +
     * a_hi is its XOR with the load 8 bytes earlier (the previous block's
     * high word, its own low word: the sum lands in the high word), taken
     * from the load ports rather than from a shuffle on port 5.  Vector 0
     * (acc added, and no block before it) swaps its words instead. */
    const __m128i *km = k + AXIOM_GHASH_MAXPOW;
    GV_T mk = GV_ZERO();
/* Each block and power loaded once: without the empty asm GCC folds the
 * loads into every product that reads them (two loads of each block, two
 * of each power, on top of the offset loads), and 64-byte loads, two per
 * cycle, become the bound. */
#define GV_KEEP(a, b, c, d) __asm__("" : "+v"(a), "+v"(b), "+v"(c), "+v"(d))
#define GV_PAIR(v, D0, X0)                                                                         \
    {                                                                                              \
        GV_T d0_ = D0, d1_ = GV_LOADU(in + 16 * GV_LANES * ((v) + 1));                             \
        GV_T k0_ = GV_LOADU(k + GV_LANES * (v)), k1_ = GV_LOADU(k + GV_LANES * ((v) + 1));         \
        GV_KEEP(d0_, d1_, k0_, k1_);                                                               \
        const GV_T x0_ = X0, x1_ = GV_XOR(d1_, GV_LOADU(in + 16 * GV_LANES * ((v) + 1) - 8));      \
        lo = GV_XOR3(lo, GV_CLMUL(d0_, k0_, 0x00), GV_CLMUL(d1_, k1_, 0x00));                     \
        hi = GV_XOR3(hi, GV_CLMUL(d0_, k0_, 0x11), GV_CLMUL(d1_, k1_, 0x11));                     \
        mk = GV_XOR3(mk, GV_CLMUL(x0_, GV_LOADU(km + GV_LANES * (v)), 0x01),                      \
                     GV_CLMUL(x1_, GV_LOADU(km + GV_LANES * ((v) + 1)), 0x01));                   \
    }
    for (unsigned v = 2; v < GV_NV; v += 2) {
        const uint8_t *p_ = in + 16 * GV_LANES * v;
        GV_PAIR(v, GV_LOADU(p_), GV_XOR(d0_, GV_LOADU(p_ - 8)))
    }
    {
        const GV_T a_ = GV_XOR(GV_LOADU(in), GV_ZEXT128(acc));
        GV_PAIR(0, a_, GV_XOR(a_, GV_SWAP64(a_)))
    }
#undef GV_PAIR
#undef GV_KEEP
    mid = GV_XOR3(mk, lo, hi);
#else
#define GV_PAIR(v, D0)                                                                             \
    {                                                                                              \
        const GV_T d0_ = D0, d1_ = GV_IN(GV_LOADU(in + 16 * GV_LANES * ((v) + 1)), bsw);           \
        const GV_T k0_ = GV_LOADU(k + GV_LANES * (v)), k1_ = GV_LOADU(k + GV_LANES * ((v) + 1));   \
        lo = GV_XOR3(lo, GV_CLMUL(d0_, k0_, 0x00), GV_CLMUL(d1_, k1_, 0x00));                     \
        hi = GV_XOR3(hi, GV_CLMUL(d0_, k0_, 0x11), GV_CLMUL(d1_, k1_, 0x11));                     \
        mid = GV_XOR3(mid, GV_CLMUL(d0_, k0_, 0x01), GV_CLMUL(d0_, k0_, 0x10));                   \
        mid = GV_XOR3(mid, GV_CLMUL(d1_, k1_, 0x01), GV_CLMUL(d1_, k1_, 0x10));                   \
    }
    for (unsigned v = 2; v < GV_NV; v += 2)
        GV_PAIR(v, GV_IN(GV_LOADU(in + 16 * GV_LANES * v), bsw))
    GV_PAIR(0, GV_XOR(GV_IN(GV_LOADU(in), bsw), GV_ZEXT128(acc)))
#undef GV_PAIR
#endif
    mid = GV_XOR3(mid, GV_SWAP64(lo), GV_CLMUL(lo, poly, 0x10));
    hi = GV_XOR3(hi, GV_SWAP64(mid), GV_CLMUL(mid, poly, 0x10));
    return GV_FOLD(hi);
}

static void ghash_vpclmul_update(const axiom_ghash_key *hk, uint8_t y[16], const uint8_t *in, size_t n)
{
    const __m128i bswap = GV_ORDER_MASK();
    const __m128i *pw = gh_powers(hk);
    __m128i acc = GV_LOAD1(y, bswap);
    for (; n >= GV_MAXN; n -= GV_MAXN, in += 16 * GV_MAXN)
        acc = ghash_vpclmul_absorb_full(acc, pw, in, bswap);
    if (n > 0)
        acc = ghash_vpclmul_absorb(acc, pw, in, n, bswap);
    GV_STORE1(y, acc, bswap);
}

/* The key is made by the PCLMULQDQ kernel of the same function (same
 * layout). */
static void ghash_vpclmul_init(axiom_ghash_key *hk, const uint8_t h[16])
{
    GV_INIT(hk, h);
}

#ifdef GV_INIT_N
static void ghash_vpclmul_init_n(axiom_ghash_key *hk, const uint8_t h[16], size_t n)
{
    GV_INIT_N(hk, h, n);
}
#endif

const axiom_ghash_kernel GV_KERNEL = {
    .name = GV_NAME,
    .features = GV_FEATURES,
    .constant_time = 1,
#ifdef GV_DESC
    .desc = GV_DESC,
#endif
    .step = GV_MAXN,
    .init = ghash_vpclmul_init,
#ifdef GV_INIT_N
    .init_n = ghash_vpclmul_init_n,
#endif
    .update = ghash_vpclmul_update,
};

#undef GV_MAXN
#undef GV_NV
#undef GV_ORDER_MASK
#undef GV_NO_SWAP
#undef GV_KARATSUBA
#undef GV_IN
#undef GV_LOAD1
#undef GV_STORE1
#undef GV_INIT
#undef GV_INIT_N
