/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES-GCM-SIV counter mode on VAES, and the opening loop that
 * stitches it with POLYVAL (VPCLMULQDQ), written once for ymm and zmm:
 * the kernel file defines the vector primitives below and includes this
 * header, which defines the static functions gcmsiv_vaes_ctr and
 * gcmsiv_vaes_open (each includer is its own translation unit).
 *
 * RFC 8452's counter block is the tag with the top bit set; its first four
 * bytes are a little-endian 32-bit counter that wraps modulo 2^32 without
 * touching the other twelve.  Loaded into a register, those bytes are
 * dword 0 of their 128-bit lane, so one 32-bit lane add per register
 * (increments in dword 0 of each lane only) is exactly the RFC's
 * increment, wrap included; no byte swap, no carry test.
 *
 * Interleave: 8 registers (16 blocks on ymm, 32 on zmm) per iteration,
 * every register through a round before the next, then whole registers,
 * then the last blocks of a partial register through a stack buffer.
 * The round keys are the AES-NI kernel's schedule (the VAES AES kernels
 * share it), broadcast once per call.
 *
 * The includer defines GS_V (vector type), GS_LANES (blocks per vector),
 * GS_BCAST128(x), GS_LANE_INDEX() (0, 1, ... in dword 0 of each lane),
 * GS_LANE_STEP(n) (n in dword 0 of each lane), GS_ADD32(a, b),
 * GS_XOR(a, b), GS_ENC(a, k), GS_ENCLAST(a, k), GS_LOADU(p), GS_STOREU(p,
 * v), GS_CAST128(v) (lane 0), and for the opening loop GS_ZEXT128(x)
 * (lane 0 = x, the rest 0), GS_CLMUL(a, b, imm), GS_FOLD(v) (the XOR of
 * the lanes) and GS_POLYVAL (the POLYVAL kernel of the same width, for
 * the last blocks); optionally GS_REDUCE_LANES(lo, mid, hi) (the
 * reduction on the lanes before one fold, where that is cheaper).
 *
 * Constant time: AES rounds take the same time for every input; branches
 * depend on the block count and the round count only.  The counter (from
 * the tag, public) is only cipher input. */
#include <string.h>
#include <immintrin.h>

#include "core/bc.h"
#include "core/internal.h"
#include "gcm/polyval.h"
#include "gcm/x86_64/ghash_pclmul.h"
#include "gcm/x86_64/gcmsiv_short.h" /* sivs_tag, gh_load12 */

#define GS_BODY(X, OP)                                                                             \
    X(0, OP) X(1, OP) X(2, OP) X(3, OP) X(4, OP) X(5, OP) X(6, OP) X(7, OP)

/* @n blocks of keystream from the counter block @c0, XORed into @in;
 * returns the counter block after them (counter advanced by @n, mod
 * 2^32). */
static inline __attribute__((always_inline)) __m128i gs_ctr(const axiom_bc_ks *ks, uint8_t *out,
                                                           const uint8_t *in, size_t n,
                                                           const __m128i c0)
{
    const __m128i *rk = (const __m128i *)(const void *)ks->w;
    const unsigned nr = ks->rounds;
    GS_V k[15];
    for (unsigned r = 0; r <= nr; r++)
        k[r] = GS_BCAST128(rk[r]);
    GS_V c = GS_ADD32(GS_BCAST128(c0), GS_LANE_INDEX());
    const GS_V step = GS_LANE_STEP(GS_LANES);

    for (; n >= 8 * GS_LANES; n -= 8 * GS_LANES, in += 128 * GS_LANES, out += 128 * GS_LANES) {
        GS_V x0 = c, x1 = GS_ADD32(x0, step), x2 = GS_ADD32(x1, step), x3 = GS_ADD32(x2, step);
        GS_V x4 = GS_ADD32(x3, step), x5 = GS_ADD32(x4, step), x6 = GS_ADD32(x5, step);
        GS_V x7 = GS_ADD32(x6, step);
        c = GS_ADD32(x7, step);
#define GS_K0(i, OP) x##i = GS_XOR(x##i, k[0]);
#define GS_RND(i, OP) x##i = GS_ENC(x##i, kr);
#define GS_LAST(i, OP)                                                                             \
    GS_STOREU(out + 16 * GS_LANES * (i),                                                           \
              GS_ENCLAST(x##i, GS_XOR(kl, GS_LOADU(in + 16 * GS_LANES * (i)))));
        GS_BODY(GS_K0, 0)
        for (unsigned r = 1; r < nr; r++) {
            const GS_V kr = k[r];
            GS_BODY(GS_RND, 0)
        }
        const GS_V kl = k[nr];
        GS_BODY(GS_LAST, 0)
#undef GS_K0
#undef GS_RND
#undef GS_LAST
    }
    /* Whole registers, then the rest through a buffer of one register. */
    while (n > 0) {
        const size_t b = n < GS_LANES ? n : GS_LANES;
        uint8_t buf[16 * GS_LANES];
        const uint8_t *src = in;
        uint8_t *dst = out;
        if (b < GS_LANES) {
            memset(buf, 0, sizeof buf);
            memcpy(buf, in, 16 * b);
            src = dst = buf;
        }
        GS_V x = GS_XOR(c, k[0]);
        c = GS_ADD32(c, step);
        for (unsigned r = 1; r < nr; r++)
            x = GS_ENC(x, k[r]);
        GS_STOREU(dst, GS_ENCLAST(x, GS_XOR(k[nr], GS_LOADU(src))));
        if (b < GS_LANES) {
            memcpy(out, buf, 16 * b);
            AXIOM_WIPE_FIXED(buf);
        }
        in += 16 * b;
        out += 16 * b;
        n -= b;
        if (b < GS_LANES) {
            /* The counter of the first block not used. */
            c = GS_ADD32(c, GS_LANE_STEP((int)b - GS_LANES));
        }
    }
    /* Lane 0 holds the next counter block. */
    return GS_CAST128(c);
}

/* @n blocks of keystream from the counter block @ctr, XORed into @in;
 * @ctr's counter is advanced by @n (mod 2^32). */
static void gcmsiv_vaes_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                            uint8_t ctr[16])
{
    const __m128i c = gs_ctr(ks, out, in, n, _mm_loadu_si128((const __m128i *)(const void *)ctr));
    _mm_storeu_si128((__m128i *)(void *)ctr, c);
}

/* Sealing's end (axiom_gcmsiv_kernel's seal): the length block @lb into
 * the accumulator @s under K_1 of @hk, the nonce XORed in and the top bit
 * cleared, that through the key: the tag; then CTR over the @n whole
 * blocks from the tag with its top bit set, the next counter block to
 * @ctr.  One call, the values in registers, where the glue's POLYVAL
 * call, ECB call and CTR call each loaded what the one before stored. */
static void gcmsiv_vaes_seal(const axiom_bc_ks *ks, const axiom_ghash_key *hk,
                             const uint8_t s[16], const uint8_t lb[16], const uint8_t nonce[12],
                             uint8_t tag[16], uint8_t *out, const uint8_t *in, size_t n,
                             uint8_t ctr[16])
{
    const __m128i top = _mm_set_epi64x((long long)(UINT64_C(1) << 63), 0);
    const __m128i y = gh_mul(_mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)s),
                                           _mm_loadu_si128((const __m128i *)(const void *)lb)),
                             gh_powers(hk)[GH_SLOT(1)]);
    const __m128i t = sivs_tag((const __m128i *)(const void *)ks->w, ks->rounds, y,
                               gh_load12(nonce), top);
    _mm_storeu_si128((__m128i *)(void *)tag, t);
    _mm_storeu_si128((__m128i *)(void *)ctr, gs_ctr(ks, out, in, n, _mm_or_si128(t, top)));
}

/*
 * Opening: decrypt, and POLYVAL over the plaintext.  Software-pipelined
 * by groups of 8 registers (GS_G blocks): while the counters of group g
 * go through rounds 1-8, one register of group g - 1's plaintext (just
 * stored, read back from @out) per round is multiplied by its power of H
 * (Karatsuba-free 4-product form, unreduced: the GHASH kernels'
 * aggregated reduction, lib/gcm/x86_64/ghash_vpclmul.h, with POLYVAL's
 * byte order: no swap), and the group's sum is reduced once after the
 * last round.  The first block of each hashed group takes the previous
 * reduction's result.  The last group is hashed alone, and the blocks
 * after the last whole group go through gcmsiv_vaes_ctr and the POLYVAL
 * kernel.  Powers: the key layout of lib/gcm/x86_64/polyval_pclmul.c.
 */
#define GS_G (8 * GS_LANES)
_Static_assert(GS_G == (GS_LANES == 2 ? AXIOM_GCMSIV_VAES2_BLOCKS : AXIOM_GCMSIV_VAES512_BLOCKS),
               "the group size the white-box test's lengths come from (lib/gcm/polyval.h)");

#define GS_ROUND_ALL(K)                                                                            \
    {                                                                                              \
        const GS_V kr_ = (K);                                                                      \
        x0 = GS_ENC(x0, kr_); x1 = GS_ENC(x1, kr_); x2 = GS_ENC(x2, kr_); x3 = GS_ENC(x3, kr_);     \
        x4 = GS_ENC(x4, kr_); x5 = GS_ENC(x5, kr_); x6 = GS_ENC(x6, kr_); x7 = GS_ENC(x7, kr_);     \
    }

/* Register j of the previous group's plaintext times its powers. */
#define GS_HASH(j)                                                                                 \
    {                                                                                              \
        GS_V d_ = GS_LOADU(hp + 16 * GS_LANES * (j));                                              \
        if ((j) == 0)                                                                              \
            d_ = GS_XOR(d_, GS_ZEXT128(acc));                                                      \
        const GS_V kk_ = GS_LOADU(kp + GS_LANES * (j));                                            \
        lo = GS_XOR(lo, GS_CLMUL(d_, kk_, 0x00));                                                  \
        hi = GS_XOR(hi, GS_CLMUL(d_, kk_, 0x11));                                                  \
        mid = GS_XOR(mid, GS_XOR(GS_CLMUL(d_, kk_, 0x01), GS_CLMUL(d_, kk_, 0x10)));               \
    }
#define GS_NOHASH(j)

/* One group of counters through the cipher, XORed with @in into @out;
 * HASH(j) after round j + 1. */
#define GS_CTR_GROUP(HASH)                                                                         \
    {                                                                                              \
        GS_V x0 = c, x1 = GS_ADD32(x0, step), x2 = GS_ADD32(x1, step);                             \
        GS_V x3 = GS_ADD32(x2, step), x4 = GS_ADD32(x3, step), x5 = GS_ADD32(x4, step);            \
        GS_V x6 = GS_ADD32(x5, step), x7 = GS_ADD32(x6, step);                                     \
        c = GS_ADD32(x7, step);                                                                    \
        x0 = GS_XOR(x0, k[0]); x1 = GS_XOR(x1, k[0]); x2 = GS_XOR(x2, k[0]);                       \
        x3 = GS_XOR(x3, k[0]); x4 = GS_XOR(x4, k[0]); x5 = GS_XOR(x5, k[0]);                       \
        x6 = GS_XOR(x6, k[0]); x7 = GS_XOR(x7, k[0]);                                              \
        GS_ROUND_ALL(k[1]) HASH(0)                                                                 \
        GS_ROUND_ALL(k[2]) HASH(1)                                                                 \
        GS_ROUND_ALL(k[3]) HASH(2)                                                                 \
        GS_ROUND_ALL(k[4]) HASH(3)                                                                 \
        GS_ROUND_ALL(k[5]) HASH(4)                                                                 \
        GS_ROUND_ALL(k[6]) HASH(5)                                                                 \
        GS_ROUND_ALL(k[7]) HASH(6)                                                                 \
        GS_ROUND_ALL(k[8]) HASH(7)                                                                 \
        GS_ROUND_ALL(k[9])                                                                         \
        for (unsigned r = 10; r < nr; r++)                                                         \
            GS_ROUND_ALL(k[r])                                                                     \
        const GS_V kl = k[nr];                                                                     \
        GS_STOREU(out + 0 * 16 * GS_LANES, GS_ENCLAST(x0, GS_XOR(kl, GS_LOADU(in + 0 * 16 * GS_LANES)))); \
        GS_STOREU(out + 1 * 16 * GS_LANES, GS_ENCLAST(x1, GS_XOR(kl, GS_LOADU(in + 1 * 16 * GS_LANES)))); \
        GS_STOREU(out + 2 * 16 * GS_LANES, GS_ENCLAST(x2, GS_XOR(kl, GS_LOADU(in + 2 * 16 * GS_LANES)))); \
        GS_STOREU(out + 3 * 16 * GS_LANES, GS_ENCLAST(x3, GS_XOR(kl, GS_LOADU(in + 3 * 16 * GS_LANES)))); \
        GS_STOREU(out + 4 * 16 * GS_LANES, GS_ENCLAST(x4, GS_XOR(kl, GS_LOADU(in + 4 * 16 * GS_LANES)))); \
        GS_STOREU(out + 5 * 16 * GS_LANES, GS_ENCLAST(x5, GS_XOR(kl, GS_LOADU(in + 5 * 16 * GS_LANES)))); \
        GS_STOREU(out + 6 * 16 * GS_LANES, GS_ENCLAST(x6, GS_XOR(kl, GS_LOADU(in + 6 * 16 * GS_LANES)))); \
        GS_STOREU(out + 7 * 16 * GS_LANES, GS_ENCLAST(x7, GS_XOR(kl, GS_LOADU(in + 7 * 16 * GS_LANES)))); \
    }

#ifdef GS_REDUCE_LANES
#define GS_REDUCE() acc = GS_REDUCE_LANES(lo, mid, hi)
#else
#define GS_REDUCE()                                                                                \
    acc = gh_reduce(GS_FOLD(lo), GS_FOLD(mid), GS_FOLD(hi))
#endif

/* Decrypt @n blocks from the counter block @ctr (advanced by @n) and
 * absorb the plaintext into the POLYVAL accumulator @y (RFC 8452 byte
 * order) under the powers in @hk; out == in allowed. */
static void gcmsiv_vaes_open(const axiom_bc_ks *ks, const axiom_ghash_key *hk, uint8_t *out,
                             const uint8_t *in, size_t n, uint8_t ctr[16], uint8_t y[16])
{
    const __m128i *rk = (const __m128i *)(const void *)ks->w;
    const unsigned nr = ks->rounds;
    GS_V k[15];
    for (unsigned r = 0; r <= nr; r++)
        k[r] = GS_BCAST128(rk[r]);
    const __m128i *kp = gh_powers(hk) + GH_SLOT(GS_G);
    __m128i acc = _mm_loadu_si128((const __m128i *)(const void *)y);
    const __m128i c0 = _mm_loadu_si128((const __m128i *)(const void *)ctr);
    GS_V c = GS_ADD32(GS_BCAST128(c0), GS_LANE_INDEX());
    const GS_V step = GS_LANE_STEP(GS_LANES);
    size_t groups = n / GS_G;
    const uint8_t *hp = out;
    if (groups > 0) {
        GS_CTR_GROUP(GS_NOHASH)
        in += 16 * GS_G;
        out += 16 * GS_G;
        groups--;
    }
    for (; groups > 0; groups--) {
        GS_V lo = GS_XOR(c, c), mid = lo, hi = lo;
        GS_CTR_GROUP(GS_HASH)
        GS_REDUCE();
        hp = out;
        in += 16 * GS_G;
        out += 16 * GS_G;
    }
    if (n >= GS_G) {
        GS_V lo = GS_XOR(c, c), mid = lo, hi = lo;
        GS_HASH(0) GS_HASH(1) GS_HASH(2) GS_HASH(3) GS_HASH(4) GS_HASH(5) GS_HASH(6) GS_HASH(7)
        GS_REDUCE();
    }
    _mm_storeu_si128((__m128i *)(void *)y, acc);
    _mm_storeu_si128((__m128i *)(void *)ctr, GS_CAST128(c));
    n %= GS_G;
    if (n) {
        gcmsiv_vaes_ctr(ks, out, in, n, ctr);
        GS_POLYVAL.update(hk, y, out, n);
    }
}

#undef GS_G
#undef GS_ROUND_ALL
#undef GS_HASH
#undef GS_NOHASH
#undef GS_CTR_GROUP
#undef GS_REDUCE
#undef GS_BODY
