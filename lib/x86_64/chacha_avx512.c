/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ChaCha20 kernel for AVX-512 ("avx512"): 16 blocks in parallel in 512-bit
 * lanes, rotations with VPROLD; the tail picks the narrowest path that
 * covers it (8 blocks in 256-bit lanes, 4 in 128-bit lanes, or 2 in row
 * form), so short messages do not pay for the 16-way setup and transpose.
 * Constant time (ARX only). */
#include "config.h"

#include "chacha_simd.h"
#include "internal.h"

/* Up to 16 blocks (len <= 1024), in 512-bit lanes (chacha_simd.h). */
static void chacha_x16(const uint32_t st[16], const uint32_t pre[16], uint8_t *out,
                       const uint8_t *in, size_t len)
{
    _Alignas(64) uint8_t buf[1024];
    const int partial = len < 1024;
    if (partial) {
        memcpy(buf, in, len);
        in = buf;
    }
    Z_X16_INIT_R1(st, pre);
    CH_DIAGROUND(Z_QR)
    for (int i = 1; i < 10; i++) {
        CH_DOUBLEROUND(Z_QR)
    }
    uint8_t *o = partial ? buf : out;
    Z_X16_XOR(st, o, in);
    if (partial) {
        memcpy(out, buf, len);
        axiom_wipe(buf, sizeof buf);
    }
}

static void avx512_xor(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t s[16];
    memcpy(s, st, sizeof s);
    if (len > 512) {
        uint32_t pre[16];
        ch_first_round_shared(st, pre);
        while (len >= 1024) {
            chacha_x16(s, pre, out, in, 1024);
            s[12] += 16;
            out += 1024;
            in += 1024;
            len -= 1024;
        }
        if (len > 512) {
            chacha_x16(s, pre, out, in, len);
            len = 0;
        }
        axiom_wipe(pre, sizeof pre);
    }
    if (len > 256)
        chacha_x8(s, out, in, len);
    else if (len > 128)
        chacha_x4(s, out, in, len);
    else if (len)
        chacha_x2(s, out, in, len);
    axiom_wipe(s, sizeof s);
}

const axiom_chacha_kernel axiom_chacha_avx512 = {
    .name = "avx512",
    .features = AXIOM_CPU_AVX512,
    .constant_time = 1,
    .xor = avx512_xor,
};
