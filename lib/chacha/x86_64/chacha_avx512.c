/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ChaCha20 kernel for AVX-512 ("avx512"): 16 blocks in parallel in 512-bit
 * lanes, rotations with VPROLD; the tail picks the narrowest path that
 * covers it (8 blocks in 256-bit lanes, 4 in 128-bit lanes, 2 in row form,
 * or 1 in row form with masked loads and stores), so short messages do not
 * pay for the 16-way setup and transpose.
 * Constant time (ARX only). */
#include "config.h"

#include "chacha/poly1305.h"
#include "chacha/x86_64/chacha_simd.h"
#include "core/internal.h"

/* Up to 16 blocks (len <= 1024), in 512-bit lanes (chacha_simd.h): with
 * @pre (ch_first_round_shared), the first column round's shared part taken
 * from it; with @pre NULL, all twenty rounds from @st.  A message of one
 * group takes the latter: the shared part is a chain of dependent scalar
 * steps before the vector rounds can start, which costs one group more
 * than its 37 vector operations save (ChaCha20 of 1 KiB 1.06x, 800-1000
 * bytes 1.03x, ChaCha20-Poly1305 of 800-1000 bytes 1.02x on Zen 4); the
 * groups of a longer message overlap it.  Compiled once each way
 * (chacha_x16, chacha_x16_one). */
static inline __attribute__((always_inline)) void x16_body(const uint32_t st[16],
                                                           const uint32_t pre[16], uint8_t *out,
                                                           const uint8_t *in, size_t len)
{
    _Alignas(64) uint8_t buf[1024];
    const int partial = len < 1024;
    const uint8_t *const msg = in;
    if (partial)
        in = axiom_chacha_zeros;
    uint8_t *o = partial ? buf : out;
    if (pre) {
        Z_X16_INIT_R1(st, pre);
        CH_DIAGROUND(Z_QR)
#pragma GCC unroll 9
        for (int i = 1; i < 10; i++) {
            CH_DOUBLEROUND(Z_QR)
        }
        Z_X16_XOR(st, o, in);
    } else {
        Z_X16_INIT(st);
#pragma GCC unroll 10
        for (int i = 0; i < 10; i++) {
            CH_DOUBLEROUND(Z_QR)
        }
        Z_X16_XOR(st, o, in);
    }
    if (partial)
        ch_partial_done(out, msg, buf, len, sizeof buf);
}

static void chacha_x16(const uint32_t st[16], const uint32_t pre[16], uint8_t *out,
                       const uint8_t *in, size_t len)
{
    x16_body(st, pre, out, in, len);
}

static void chacha_x16_one(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    x16_body(st, NULL, out, in, len);
}

/* 9 to 12 blocks (512 < len <= AXIOM_CHACHA_X12_BYTES): chacha_x8's eight
 * blocks in 32-bit lanes and @pairs (1 or 2, a constant) pairs of blocks
 * in row form (chacha_x2's layout; blocks 8-9 and 10-11), their rounds
 * side by side in one loop.  The pairs' one-block latency chains run in
 * the pipes the lanes leave idle (32 registers hold them all), where a
 * 16-way pass on zmm costs about two 8-way ones on Zen 4. */
static inline __attribute__((always_inline)) void ch_x8_pairs(const uint32_t st[16], uint8_t *out,
                                                              const uint8_t *in, size_t len,
                                                              const int pairs)
{
    const size_t bytes = AXIOM_CHACHA_AVX2_BYTES + 128 * (size_t)pairs;
    _Alignas(32) uint8_t buf[AXIOM_CHACHA_X12_BYTES];
    const int partial = len < bytes;
    const uint8_t *const msg = in;
    if (partial)
        in = axiom_chacha_zeros;
    Y_X8_INIT(st);
    __m256i a0, b0, c0, d0, h0;
    ch_y_rows(st, &a0, &b0, &c0, &d0);
    d0 = _mm256_add_epi32(d0, _mm256_setr_epi32(8, 0, 0, 0, 8, 0, 0, 0));
    h0 = _mm256_add_epi32(d0, _mm256_setr_epi32(2, 0, 0, 0, 2, 0, 0, 0));
    __m256i a = a0, b = b0, c = c0, d = d0;
    __m256i e = a0, f = b0, g = c0, h = h0;
    /* Half a double round: the lanes' @ROUND, then each pair's quarter
     * round and its rows turned by @TURN. */
#define X8_PAIRS_HALF(ROUND, TURN)                                             \
    ROUND(Y_QR)                                                                \
    Y_QR(a, b, c, d)                                                           \
    if (pairs > 1) {                                                           \
        Y_QR(e, f, g, h)                                                       \
    }                                                                          \
    TURN(_mm256_shuffle_epi32, a, c, d);                                       \
    if (pairs > 1)                                                             \
        TURN(_mm256_shuffle_epi32, e, g, h);
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        X8_PAIRS_HALF(CH_COLROUND, CH_ROW_DIAG)
        X8_PAIRS_HALF(CH_DIAGROUND, CH_ROW_UNDIAG)
    }
#undef X8_PAIRS_HALF
    uint8_t *o = partial ? buf : out;
    {
        _Alignas(32) __m256i hi[9] = { x7, x8, x9, x10, x11, x12, x13, x14, x15 };
        ch_x8_out(st, ctr, o, in, x0, x1, x2, x3, x4, x5, x6, hi);
        AXIOM_WIPE_FIXED(hi);
    }
    ch_y_out2(o + 512, in + 512, _mm256_add_epi32(a, a0), _mm256_add_epi32(b, b0),
              _mm256_add_epi32(c, c0), _mm256_add_epi32(d, d0));
    if (pairs > 1)
        ch_y_out2(o + 640, in + 640, _mm256_add_epi32(e, a0), _mm256_add_epi32(f, b0),
                  _mm256_add_epi32(g, c0), _mm256_add_epi32(h, h0));
    if (partial)
        ch_partial_done(out, msg, buf, len, bytes);
}
static void chacha_x10(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    ch_x8_pairs(st, out, in, len, 1);
}
static void chacha_x12(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    ch_x8_pairs(st, out, in, len, 2);
}

/* Up to one block (len <= 64) in row form, straight from @in to @out with
 * masked loads and stores (no buffer, no copy of the state): the path of
 * short messages, whose cost is the rounds' latency. */
static void chacha_x1_masked(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    const __m128i a0 = _mm_loadu_si128((const __m128i *)st);
    const __m128i b0 = _mm_loadu_si128((const __m128i *)(st + 4));
    const __m128i c0 = _mm_loadu_si128((const __m128i *)(st + 8));
    const __m128i d0 = ch_load_row_d(st);
    __m128i a = a0, b = b0, c = c0, d = d0;
    CH_ROW_ROUNDS(S_QR, _mm_shuffle_epi32, a, b, c, d);
    __m128i r[4] = { _mm_add_epi32(a, a0), _mm_add_epi32(b, b0), _mm_add_epi32(c, c0),
                     _mm_add_epi32(d, d0) };
    for (size_t k = 0; k < 4 && 16 * k < len; k++) {
        size_t n = len - 16 * k;
        __mmask16 m = n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1);
        __m128i x = _mm_maskz_loadu_epi8(m, in + 16 * k);
        _mm_mask_storeu_epi8(out + 16 * k, m, _mm_xor_si128(x, r[k]));
    }
}

static void avx512_xor(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len)
{
    if (len <= 64) {
        if (len)
            chacha_x1_masked(st, out, in, len);
        return;
    }
    if (len <= 128) {
        chacha_x2(st, out, in, len);
        return;
    }
    if (len > AXIOM_CHACHA_X12_BYTES && len <= AXIOM_CHACHA_AVX512_BYTES) {
        chacha_x16_one(st, out, in, len);
        return;
    }
    uint32_t s[16];
    memcpy(s, st, sizeof s);
    if (len > 512) {
        uint32_t pre[16];
        ch_first_round_shared(st, pre);
        while (len >= AXIOM_CHACHA_AVX512_BYTES) {
            chacha_x16(s, pre, out, in, AXIOM_CHACHA_AVX512_BYTES);
            s[12] += 16;
            out += AXIOM_CHACHA_AVX512_BYTES;
            in += AXIOM_CHACHA_AVX512_BYTES;
            len -= AXIOM_CHACHA_AVX512_BYTES;
        }
        if (len > AXIOM_CHACHA_X12_BYTES) {
            chacha_x16(s, pre, out, in, len);
            len = 0;
        } else if (len > AXIOM_CHACHA_X10_BYTES) {
            chacha_x12(s, out, in, len);
            len = 0;
        } else if (len > 512) {
            chacha_x10(s, out, in, len);
            len = 0;
        }
        AXIOM_WIPE_FIXED(pre);
    }
    if (len > AXIOM_CHACHA_ROW_BYTES)
        chacha_x8(s, out, in, len);
    else if (len > 256)
        chacha_x6r(s, out, in, len);
    else if (len > 128)
        chacha_x4r(s, out, in, len);
    else if (len > 64)
        chacha_x2(s, out, in, len);
    else if (len)
        chacha_x1_masked(s, out, in, len);
    AXIOM_WIPE_FIXED(s);
}

const axiom_chacha_kernel axiom_chacha_avx512 = {
    .name = "avx512",
    .features = AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "AVX-512, 16 blocks per pass",
    .xor = avx512_xor,
    /* One 16-way pass makes the key block and 15 blocks of text: A/B on
     * Zen 4, ChaCha20-Poly1305 of 576-960 bytes 1.14-1.22x faster than a
     * one-block call for the key and another for the text (480 bytes
     * 1.03x, 512 0.97-1.0x; 1000 bytes, two passes, 1.05x but 961 0.97x). */
    .aead_onecall = AXIOM_CHACHAPOLY_ONECALL_MAX,
    .hchacha = chacha_hchacha_row,
};
