/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CTR_DRBG keystream kernel (lib/rand/drbg.h) for x86-64 CPUs with AES-NI and
 * SSSE3: E(K, V), E(K, V + 1), ... written straight to the output, 8
 * blocks (128 bytes) per step, eight independent AESENC chains.
 *
 * The counter V is secret, so it is never branched on.  SSE up to SSSE3
 * has no 64-bit compare, so the counter is a pair of general registers
 * (high and low 64 bits) stepped by one with ADD and ADC in inline
 * assembly: the carry into the high half is added whatever it is, and no
 * compiler can turn the arithmetic into a test.  Each block is then two
 * MOVQ, a PUNPCKLQDQ and a PSHUFB to big endian.
 *
 * The tail (1..127 bytes) is one step of 8, 4, 2 or 1 blocks, chosen by the
 * (public) length, through a stack buffer that is wiped afterwards.
 *
 * Constant time: AES-NI has no data-dependent timing; the branches depend
 * on the round count and the length only.  This is the keystream kernel
 * that valgrind can run, so `make check-ct`'s taint run covers it. */
#include <stdint.h>
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "axiom/util.h"
#include "aes/aes.h"
#include "rand/drbg.h"
#include "rand/x86_64/drbg_ctr_common.h"

#define DX_FORCE_INLINE static inline __attribute__((always_inline))

#define DX_EACH8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define DX_EACH4(X) X(0) X(1) X(2) X(3)
#define DX_EACH2(X) X(0) X(1)
#define DX_EACH1(X) X(0)

/* (*hi, *lo) += 1 modulo 2^128. */
static inline void dx_inc(uint64_t *hi, uint64_t *lo)
{
    __asm__("addq $1, %0\n\tadcq $0, %1" : "+r"(*lo), "+r"(*hi) : : "cc");
}

/* The counter block of (hi, lo), big endian, XORed with round key 0; then
 * the counter steps on. */
#define DX_DECL(i) __m128i b##i;
#define DX_CTR(i)                                                                                  \
    b##i = _mm_xor_si128(_mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo), bswap),   \
                         k0);                                                                      \
    dx_inc(&hi, &lo);
#define DX_ENC(i) b##i = _mm_aesenc_si128(b##i, k_);
#define DX_LAST(i) b##i = _mm_aesenclast_si128(b##i, kl);
#define DX_STORE(i) _mm_storeu_si128((__m128i *)(void *)(dst + 16 * (i)), b##i);

#define DX_BLOCKS(EACH, dst)                                                                       \
    do {                                                                                           \
        EACH(DX_DECL)                                                                              \
        EACH(DX_CTR)                                                                               \
        for (unsigned r_ = 1; r_ < nr; r_++) {                                                     \
            const __m128i k_ = _mm_load_si128(rk + r_);                                            \
            EACH(DX_ENC)                                                                           \
        }                                                                                          \
        EACH(DX_LAST)                                                                              \
        EACH(DX_STORE)                                                                             \
    } while (0)

DX_FORCE_INLINE void dx_gen_nr(const __m128i *rk, const unsigned nr, uint8_t *out, size_t len,
                               uint8_t *v)
{
    const __m128i bswap = drbg_bswap128();
    const __m128i k0 = _mm_load_si128(rk), kl = _mm_load_si128(rk + nr);
    uint64_t hi, lo;
    memcpy(&hi, v, 8);
    memcpy(&lo, v + 8, 8);
    hi = __builtin_bswap64(hi);
    lo = __builtin_bswap64(lo);

    for (; len >= 128; len -= 128, out += 128) {
        uint8_t *dst = out;
        DX_BLOCKS(DX_EACH8, dst);
    }
    if (len) {
        /* Whole steps of 1, 2, 4 or 8 blocks advance the counter by as
         * many; the blocks past ceil(len / 16) are taken back below. */
        _Alignas(16) uint8_t tmp[128];
        uint8_t *dst = tmp;
        const size_t used = (len + 15) / 16;
        size_t made;
        if (len > 64) {
            DX_BLOCKS(DX_EACH8, dst);
            made = 8;
        } else if (len > 32) {
            DX_BLOCKS(DX_EACH4, dst);
            made = 4;
        } else if (len > 16) {
            DX_BLOCKS(DX_EACH2, dst);
            made = 2;
        } else {
            DX_BLOCKS(DX_EACH1, dst);
            made = 1;
        }
        memcpy(out, tmp, len);
        axiom_wipe(tmp, sizeof tmp);
        /* Minus (made - used) modulo 2^128: SUB and SBB. */
        const uint64_t back = made - used;
        __asm__("subq %2, %0\n\tsbbq $0, %1" : "+r"(lo), "+r"(hi) : "r"(back) : "cc");
    }
    hi = __builtin_bswap64(hi);
    lo = __builtin_bswap64(lo);
    memcpy(v, &hi, 8);
    memcpy(v + 8, &lo, 8);
}

static void dx_gen(const axiom_bc_ks *ks, uint8_t *out, size_t len, uint8_t v[AXIOM_BC_BLOCK])
{
    const __m128i *rk = (const __m128i *)(const void *)ks->w;
    switch (ks->rounds) {
    case 10: dx_gen_nr(rk, 10, out, len, v); break;
    case 12: dx_gen_nr(rk, 12, out, len, v); break;
    default: dx_gen_nr(rk, 14, out, len, v); break;
    }
}

static void dx_setkey256(axiom_bc_ks *ks, const uint8_t key[32])
{
    drbg_setkey256(ks, key);
}

const axiom_drbg_ctr_kernel axiom_drbg_ctr_aesni = {
    .name = "aesni",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "AES-256 keystream from a secret counter, AES-NI",
    .aes = &axiom_aes_aesni,
    .setkey256 = dx_setkey256,
    .gen = dx_gen,
};
