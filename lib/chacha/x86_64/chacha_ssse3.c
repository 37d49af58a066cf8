/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ChaCha20 kernel for SSSE3 ("ssse3"): 4 blocks in parallel in 128-bit
 * lanes, and the 1-block row-form path for tails of up to two blocks.
 * Constant time (ARX only).  Built in the AES-NI bundle, whose flags
 * include -mssse3. */
#include "config.h"

#include "chacha/x86_64/chacha_simd.h"
#include "core/internal.h"

static void ssse3_xor(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t s[16];
    memcpy(s, st, sizeof s);
    while (len >= AXIOM_CHACHA_SSSE3_BYTES) {
        chacha_x4(s, out, in, AXIOM_CHACHA_SSSE3_BYTES);
        s[12] += 4;
        out += AXIOM_CHACHA_SSSE3_BYTES;
        in += AXIOM_CHACHA_SSSE3_BYTES;
        len -= AXIOM_CHACHA_SSSE3_BYTES;
    }
    if (len > 128)
        chacha_x4(s, out, in, len);
    else if (len)
        chacha_x1(s, out, in, len);
    axiom_wipe(s, sizeof s);
}

const axiom_chacha_kernel axiom_chacha_ssse3 = {
    .name = "ssse3",
    .features = AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "SSSE3, 4 blocks per pass",
    .xor = ssse3_xor,
    .hchacha = chacha_hchacha_row,
};
