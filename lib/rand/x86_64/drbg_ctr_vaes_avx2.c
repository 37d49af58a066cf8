/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CTR_DRBG keystream kernel (lib/rand/drbg.h) for x86-64 CPUs with VAES on ymm
 * and AVX2 (no AVX-512): E(K, V), E(K, V + 1), ... written straight to the
 * output, two blocks per ymm register, 8 registers = 16 blocks (256 bytes)
 * per step.
 *
 * The counter V is secret, so it is never branched on.  The counters are
 * 128-bit little-endian integers in the lanes (low qword first), lane j of
 * register i of a step holding the step's counter + 2i + j.  AVX2 has no
 * unsigned 64-bit compare, so the carry out of a low qword (the sum ended
 * below the addend) is a signed compare with both sign bits flipped; its
 * all-ones result, moved up to the high qword with a byte shift, is minus
 * the carry and is subtracted.  The full 128-bit increment modulo 2^128,
 * in the same instructions whatever V is; one VPSHUFB per register turns
 * the integers into big-endian counter blocks.
 *
 * The tail (1..255 bytes) is one step of 8, 4, 2 or 1 registers, chosen by
 * the (public) length, through a stack buffer that is wiped afterwards.
 *
 * Constant time: VAES has no data-dependent timing; the branches depend on
 * the round count and the length only. */
#include <stdint.h>
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "axiom/util.h"
#include "aes/aes.h"
#include "rand/drbg.h"
#include "aes/x86_64/aes_vaes_common.h"
#include "rand/x86_64/drbg_ctr_common.h"

static inline __m256i dy_bcast(const __m128i *rk, unsigned r)
{
    return _mm256_broadcastsi128_si256(_mm_load_si128(rk + r));
}

/* @x in the low qword of both 128-bit lanes. */
static inline __m256i dy_lo(uint64_t x)
{
    const long long v = (long long)x;
    return _mm256_set_epi64x(0, v, 0, v);
}

/* Lane-wise (@v + @inc) mod 2^128, @inc with zero high qwords (whose
 * flipped value, INT64_MIN, is greater than nothing: no carry from them). */
static inline __m256i dy_add128(__m256i v, __m256i inc)
{
    const __m256i sign = _mm256_set1_epi64x(INT64_MIN);
    const __m256i s = _mm256_add_epi64(v, inc);
    const __m256i c = _mm256_cmpgt_epi64(_mm256_xor_si256(inc, sign), _mm256_xor_si256(s, sign));
    return _mm256_sub_epi64(s, _mm256_bslli_epi128(c, 8));
}

#define DY_DECL(i, M) __m256i b##i;
#define DY_CTR(i, M) b##i = _mm256_xor_si256(_mm256_shuffle_epi8(dy_add128(ctr, dy_lo(2 * (i))), bswap), k0);
#define DY_ENC(i, M) b##i = _mm256_aesenc_epi128(b##i, k_);
#define DY_LAST(i, M) b##i = _mm256_aesenclast_epi128(b##i, kl);
#define DY_STORE(i, M) _mm256_storeu_si256((__m256i *)(void *)(dst + 32 * (i)), b##i);

#define DY_BLOCKS(EACH, dst)                                                                      \
    do {                                                                                          \
        EACH(DY_DECL, 0)                                                                          \
        EACH(DY_CTR, 0)                                                                           \
        VAES_ROUNDS(EACH, DY_ENC, 0);                                                             \
        EACH(DY_LAST, 0)                                                                          \
        EACH(DY_STORE, 0)                                                                         \
    } while (0)

VAES_FORCE_INLINE void dy_gen_nr(const __m128i *rk, const unsigned nr, uint8_t *out, size_t len,
                                 uint8_t *v)
{
    const __m128i bswap128 = drbg_bswap128();
    const __m256i bswap = _mm256_broadcastsi128_si256(bswap128);
    VAES_KEYS(__m256i, dy_bcast, rk);

    /* Lane j: V + j. */
    __m256i ctr = _mm256_broadcastsi128_si256(_mm_shuffle_epi8(vaes_load128(v), bswap128));
    ctr = dy_add128(ctr, _mm256_set_epi64x(0, 1, 0, 0));

    for (; len >= 256; len -= 256, out += 256) {
        uint8_t *dst = out;
        DY_BLOCKS(VAES_EACH8, dst);
        ctr = dy_add128(ctr, dy_lo(16));
    }
    if (len) {
        _Alignas(32) uint8_t tmp[256];
        uint8_t *dst = tmp;
        if (len > 128)
            DY_BLOCKS(VAES_EACH8, dst);
        else if (len > 64)
            DY_BLOCKS(VAES_EACH4, dst);
        else if (len > 32)
            DY_BLOCKS(VAES_EACH2, dst);
        else
            DY_BLOCKS(VAES_EACH1, dst);
        memcpy(out, tmp, len);
        axiom_wipe(tmp, sizeof tmp);
        ctr = dy_add128(ctr, dy_lo((len + 15) / 16));
    }
    vaes_store128(v, _mm_shuffle_epi8(_mm256_castsi256_si128(ctr), bswap128));
}

static void dy_gen(const axiom_bc_ks *ks, uint8_t *out, size_t len, uint8_t v[AXIOM_BC_BLOCK])
{
    const __m128i *rk = vaes_enc_keys(ks);
    switch (ks->rounds) {
    case 10: dy_gen_nr(rk, 10, out, len, v); break;
    case 12: dy_gen_nr(rk, 12, out, len, v); break;
    default: dy_gen_nr(rk, 14, out, len, v); break;
    }
}

static void dy_setkey256(axiom_bc_ks *ks, const uint8_t key[32])
{
    drbg_setkey256(ks, key);
}

const axiom_drbg_ctr_kernel axiom_drbg_ctr_vaes_avx2 = {
    .name = "vaes-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX | AXIOM_CPU_AVX2 |
                AXIOM_CPU_VAES,
    .constant_time = 1,
    .desc = "AES-256 keystream from a secret counter, VAES ymm",
    .aes = &axiom_aes_vaes_avx2,
    .setkey256 = dy_setkey256,
    .gen = dy_gen,
};
