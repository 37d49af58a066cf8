/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ChaCha20 kernel for AVX2 ("avx2"): 8 blocks in parallel in 256-bit
 * lanes; tails of up to 4 blocks take the 4-way 128-bit path or the 2-block row-form path
 * so that short messages do not pay for the wide setup, and messages of
 * one block or less the 1-block row-form path.  Constant time
 * (ARX only). */
#include "config.h"

#include "chacha_simd.h"
#include "internal.h"

static void avx2_xor(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    /* One block in row form on xmm (two in ymm cost the same latency, but
     * a partial pair goes through a buffer); no copy of the state. */
    if (len <= 64) {
        if (len)
            chacha_x1(st, out, in, len);
        return;
    }
    uint32_t s[16];
    memcpy(s, st, sizeof s);
    while (len >= 512) {
        chacha_x8(s, out, in, 512);
        s[12] += 8;
        out += 512;
        in += 512;
        len -= 512;
    }
    if (len > 256)
        chacha_x8(s, out, in, len);
    else if (len > 128)
        chacha_x4(s, out, in, len);
    else if (len)
        chacha_x2(s, out, in, len);
    axiom_wipe(s, sizeof s);
}

const axiom_chacha_kernel axiom_chacha_avx2 = {
    .name = "avx2",
    .features = AXIOM_CPU_AVX2,
    .constant_time = 1,
    .xor = avx2_xor,
};
