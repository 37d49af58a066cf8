/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Portable constant-time POLYVAL (RFC 8452): the POLYVAL kernel every CPU
 * can run, on the portable GHASH kernel. */

/*
 * Through RFC 8452 appendix A (lib/gcm/polyval.h): the key is the GHASH
 * key mulX_GHASH(ByteReverse(H)), the blocks are byte-reversed into a
 * stack buffer, STAGE at a time, and hashed by the portable GHASH kernel,
 * whose accumulator is ByteReverse(y).  Interleave and constant-time
 * argument: lib/gcm/ghash_ct.c's (no table, no branch on data; the byte
 * reversal is fixed moves).  The buffer is wiped: it holds message
 * blocks, which may be plaintext.
 */
#include <string.h>

#include "core/internal.h"
#include "gcm/polyval.h"

#define STAGE 16

static void reverse16(uint8_t *out, const uint8_t *in)
{
    for (int i = 0; i < 16; i++)
        out[i] = in[15 - i];
}

static void polyval_ct_init(axiom_ghash_key *hk, const uint8_t h[16])
{
    uint8_t g[16];
    axiom_polyval_ghash_key(g, h);
    axiom_ghash_generic_ct.init(hk, g);
    axiom_wipe(g, sizeof g);
}

static void polyval_ct_update(const axiom_ghash_key *hk, uint8_t y[16], const uint8_t *in,
                              size_t n)
{
    uint8_t acc[16], buf[16 * STAGE];
    reverse16(acc, y);
    while (n > 0) {
        const size_t b = n < STAGE ? n : STAGE;
        for (size_t i = 0; i < b; i++)
            reverse16(buf + 16 * i, in + 16 * i);
        axiom_ghash_generic_ct.update(hk, acc, buf, b);
        in += 16 * b;
        n -= b;
    }
    reverse16(y, acc);
    axiom_wipe(buf, sizeof buf);
    axiom_wipe(acc, sizeof acc);
}

const axiom_polyval_kernel axiom_polyval_generic_ct = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "portable constant-time GHASH on byte-reversed blocks",
    .init = polyval_ct_init,
    .update = polyval_ct_update,
};
