/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES-GCM-SIV counter mode on VAES, written once for ymm and zmm: the
 * kernel file defines the vector primitives below and includes this
 * header, which defines the static function gcmsiv_vaes_ctr (each includer
 * is its own translation unit).
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
 * v) and GS_CAST128(v) (lane 0).
 *
 * Constant time: AES rounds take the same time for every input; branches
 * depend on the block count and the round count only.  The counter (from
 * the tag, public) is only cipher input. */
#include <string.h>
#include <immintrin.h>

#include "core/bc.h"
#include "core/internal.h"

#define GS_BODY(X, OP)                                                                             \
    X(0, OP) X(1, OP) X(2, OP) X(3, OP) X(4, OP) X(5, OP) X(6, OP) X(7, OP)

/* @n blocks of keystream from the counter block @ctr, XORed into @in;
 * @ctr's counter is advanced by @n (mod 2^32). */
static void gcmsiv_vaes_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                            uint8_t ctr[16])
{
    const __m128i *rk = (const __m128i *)(const void *)ks->w;
    const unsigned nr = ks->rounds;
    GS_V k[15];
    for (unsigned r = 0; r <= nr; r++)
        k[r] = GS_BCAST128(rk[r]);
    const __m128i c0 = _mm_loadu_si128((const __m128i *)(const void *)ctr);
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
    _mm_storeu_si128((__m128i *)(void *)ctr, GS_CAST128(c));
}

#undef GS_BODY
