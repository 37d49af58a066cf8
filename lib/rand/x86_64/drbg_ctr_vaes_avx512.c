/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CTR_DRBG keystream kernel (lib/rand/drbg.h) for x86-64 CPUs with VAES and
 * AVX-512: E(K, V), E(K, V + 1), ... written straight to the output, four
 * blocks per zmm register, 8 registers = 32 blocks (512 bytes) per step.
 *
 * The counter V is secret, so it is never branched on: the counters are
 * 128-bit little-endian integers in the lanes (low qword first), lane j of
 * register i of a step holding the step's counter + 4i + j.  Each is
 * formed with a 64-bit add of 4i + j to the low qwords, an unsigned
 * compare of the sum with the addend into a mask register (a low qword
 * wrapped exactly when it ended below what was added), and a masked
 * subtract of -1 from the high qwords that the mask, shifted up one lane,
 * selects: the full 128-bit increment modulo 2^128, every time, in the
 * same instructions whatever V is.  One VPSHUFB turns a register into four
 * big-endian counter blocks.
 *
 * The tail (1..511 bytes) is one step of 8, 4 or 1 registers, chosen by
 * the (public) length, with byte-masked stores: the last block may be cut
 * anywhere, and masked-off bytes are never written.
 *
 * Constant time: VAES has no data-dependent timing; the branches depend on
 * the round count and the length only. */
#include <stdint.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "aes/aes.h"
#include "rand/drbg.h"
#include "aes/x86_64/aes_vaes_common.h"
#include "rand/x86_64/drbg_ctr_common.h"

static inline __m512i dz_bcast(const __m128i *rk, unsigned r)
{
    return _mm512_broadcast_i32x4(_mm_load_si128(rk + r));
}

/* @x in the low qword of every 128-bit lane. */
static inline __m512i dz_lo(uint64_t x)
{
    const long long v = (long long)x;
    return _mm512_set_epi64(0, v, 0, v, 0, v, 0, v);
}

/* Lane-wise (@v + @inc) mod 2^128, @inc with zero high qwords. */
static inline __m512i dz_add128(__m512i v, __m512i inc)
{
    const __m512i s = _mm512_add_epi64(v, inc);
    const __mmask8 carry = _mm512_cmplt_epu64_mask(s, inc);
    return _mm512_mask_sub_epi64(s, (__mmask8)(carry << 1), s, _mm512_set1_epi64(-1));
}

/* Bytes of register @i stored when @r bytes remain from the step's start. */
static inline __mmask64 dz_bytes(size_t r, unsigned i)
{
    const size_t base = 64 * (size_t)i;
    if (r <= base)
        return 0;
    return r - base >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << (r - base)) - 1;
}

#define DZ_DECL(i, M) __m512i b##i;
#define DZ_CTR(i, M) b##i = _mm512_xor_si512(_mm512_shuffle_epi8(dz_add128(ctr, dz_lo(4 * (i))), bswap), k0);
#define DZ_ENC(i, M) b##i = _mm512_aesenc_epi128(b##i, k_);
#define DZ_LAST(i, M) b##i = _mm512_aesenclast_epi128(b##i, kl);
#define DZ_STORE(i, M) _mm512_storeu_si512((void *)(out + 64 * (i)), b##i);
#define DZ_STORE_MASK(i, M) _mm512_mask_storeu_epi8((void *)(out + 64 * (i)), dz_bytes(len, i), b##i);

#define DZ_BLOCKS(EACH, STORE)                                                                    \
    do {                                                                                          \
        EACH(DZ_DECL, 0)                                                                          \
        EACH(DZ_CTR, 0)                                                                           \
        VAES_ROUNDS(EACH, DZ_ENC, 0);                                                             \
        EACH(DZ_LAST, 0)                                                                          \
        EACH(STORE, 0)                                                                            \
    } while (0)

VAES_FORCE_INLINE void dz_gen_nr(const __m128i *rk, const unsigned nr, uint8_t *out, size_t len,
                                 uint8_t *v)
{
    const __m128i bswap128 = drbg_bswap128();
    const __m512i bswap = _mm512_broadcast_i32x4(bswap128);
    VAES_KEYS(__m512i, dz_bcast, rk);

    /* Lane j: V + j. */
    __m512i ctr = _mm512_broadcast_i32x4(_mm_shuffle_epi8(vaes_load128(v), bswap128));
    ctr = dz_add128(ctr, _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0));

    for (; len >= 512; len -= 512, out += 512) {
        DZ_BLOCKS(VAES_EACH8, DZ_STORE);
        ctr = dz_add128(ctr, dz_lo(32));
    }
    if (len) {
        if (len > 256)
            DZ_BLOCKS(VAES_EACH8, DZ_STORE_MASK);
        else if (len > 64)
            DZ_BLOCKS(VAES_EACH4, DZ_STORE_MASK);
        else
            DZ_BLOCKS(VAES_EACH1, DZ_STORE_MASK);
        ctr = dz_add128(ctr, dz_lo((len + 15) / 16));
    }
    vaes_store128(v, _mm_shuffle_epi8(_mm512_castsi512_si128(ctr), bswap128));
}

static void dz_gen(const axiom_bc_ks *ks, uint8_t *out, size_t len, uint8_t v[AXIOM_BC_BLOCK])
{
    const __m128i *rk = vaes_enc_keys(ks);
    switch (ks->rounds) {
    case 10: dz_gen_nr(rk, 10, out, len, v); break;
    case 12: dz_gen_nr(rk, 12, out, len, v); break;
    default: dz_gen_nr(rk, 14, out, len, v); break;
    }
}

static void dz_setkey256(axiom_bc_ks *ks, const uint8_t key[32])
{
    drbg_setkey256(ks, key);
}

const axiom_drbg_ctr_kernel axiom_drbg_ctr_vaes_avx512 = {
    .name = "vaes-avx512",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_SSSE3 | AXIOM_CPU_AVX | AXIOM_CPU_AVX2 |
                AXIOM_CPU_VAES | AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "AES-256 keystream from a secret counter, VAES zmm",
    .aes = &axiom_aes_vaes_avx512,
    .setkey256 = dz_setkey256,
    .gen = dz_gen,
};
