/* SPDX-License-Identifier: GPL-2.0-or-later */
/* AES-128/192/256 block-cipher kernel for x86-64 CPUs with VAES and AVX2 (no
 * AVX-512), two blocks per ymm register.
 *
 * Interleave: the parallel operations (ECB, CTR, CBC and CFB decryption,
 * XTS) run 8 ymm registers = 16 blocks per iteration.  VAESENC on ymm issues
 * twice per cycle with a latency of about 3 cycles, so 6 chains would just
 * cover it; 8 leave slack for the loads, XORs and stores.  The tail (1..15
 * blocks) is one masked step of 8, 4 or 1 registers (VPMASKMOVQ loads and
 * stores, so masked-off memory is never touched).  The round keys are
 * broadcast to both lanes once per call; with 16 ymm registers most of them
 * are then read from the stack as instruction operands, which the load
 * ports absorb.
 *
 * Fused into the block loop:
 * - CTR: counter blocks are built in registers as 128-bit little-endian
 *   integers (lane j of register i holds counter + 2i + j) and turned
 *   big-endian with one VPSHUFB.  When a step cannot carry out of the low
 *   64 bits (tested once per step in scalar code, on the public counter) a
 *   64-bit lane add is exact; otherwise a compare finds the lanes whose low
 *   half wrapped and their carry is subtracted into the high half, so the
 *   counter wraps modulo 2^128.  The keystream XOR rides on the last round
 *   key.
 * - CBC/CFB decryption: the previous ciphertext blocks are unaligned loads
 *   16 bytes back (VPERM2I128 with the chaining value for the first
 *   register), XORed into the last round key (CBC) or used as the cipher
 *   input (CFB).
 * - XTS: two successive tweaks per register.  The 8 tweak registers
 *   advance by alpha^16 per iteration (byte shifts plus one carry-less
 *   multiply for the reduction) as soon as the step has used them on its
 *   input, so the next step never waits for them; they enter with the
 *   first round key and leave folded into the last round key.  Ciphertext
 *   stealing is in the glue (lib/cipher.c).
 * CBC/CFB encryption and OFB are serial, on 128-bit VEX registers
 * (aes_vaes_common.h), as is the key schedule.  Every operation ends with
 * VZEROUPPER, so SSE code after it pays no transition.
 *
 * Constant time: VAES and AES-NI have no data-dependent timing, and nothing
 * here branches or indexes memory on keys or data (branches depend only on
 * the round count, the length and, in CTR, the public counter value). */
#include <stdint.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "bc.h"
#include "bc_modes.h"
#include "aes_vaes_common.h"

static inline __m256i vy_bcast(const __m128i *rk, unsigned r)
{
    return _mm256_broadcastsi128_si256(_mm_load_si128(rk + r));
}

static inline __m256i vy_load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline void vy_store(uint8_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* Qword lanes of register i that hold one of the first @nb blocks of a step,
 * as the sign-bit mask VPMASKMOVQ wants. */
static inline __m256i vy_mask(size_t nb, unsigned i)
{
    const long long q = 4 * (long long)i;
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(2 * (long long)nb),
                              _mm256_set_epi64x(q + 3, q + 2, q + 1, q));
}

/* ---- multi-block machinery ---------------------------------------------
 * A mode's step is written once as a macro over EACH, which expands X(i, M)
 * for every register index of the width; blocks live in b0..b7.  M is FULL
 * (plain 32-byte loads and stores) or MASK (the tail: register i touches
 * only the blocks below nb_). */
#define VY_EACH8(X, M) X(0, M) X(1, M) X(2, M) X(3, M) X(4, M) X(5, M) X(6, M) X(7, M)
#define VY_EACH4(X, M) X(0, M) X(1, M) X(2, M) X(3, M)
#define VY_EACH1(X, M) X(0, M)

#define VY_LD_FULL(i, p) vy_load(p)
#define VY_LD_MASK(i, p) \
    _mm256_maskload_epi64((const long long *)(const void *)(p), vy_mask(nb_, (i)))
#define VY_ST_FULL(i, p, v) vy_store((p), (v))
#define VY_ST_MASK(i, p, v) \
    _mm256_maskstore_epi64((long long *)(void *)(p), vy_mask(nb_, (i)), (v))
#define VY_IN(i, M) VY_LD_##M(i, in + 32 * (i))

#define VY_DECL(i, M) __m256i b##i;
#define VY_STORE(i, M) VY_ST_##M(i, out + 32 * (i), b##i);
#define VY_XORK0(i, M) b##i = _mm256_xor_si256(b##i, k0);
#define VY_ENC(i, M) b##i = _mm256_aesenc_epi128(b##i, k_);
#define VY_DEC(i, M) b##i = _mm256_aesdec_epi128(b##i, k_);
#define VY_ENCLAST(i, M) b##i = _mm256_aesenclast_epi128(b##i, kl);
#define VY_DECLAST(i, M) b##i = _mm256_aesdeclast_epi128(b##i, kl);
/* The last round ends by XORing its key, so a value XORed into that key is
 * XORed into the output for free. */
#define VY_ENCLAST_XOR_IN(i, M) \
    b##i = _mm256_aesenclast_epi128(b##i, _mm256_xor_si256(kl, VY_IN(i, M)));

/* All round keys, broadcast once; k10..k13 only exist for longer keys. */
#define VY_KEYS(rk)                                                                                \
    const __m256i k0 = vy_bcast(rk, 0), k1 = vy_bcast(rk, 1), k2 = vy_bcast(rk, 2);               \
    const __m256i k3 = vy_bcast(rk, 3), k4 = vy_bcast(rk, 4), k5 = vy_bcast(rk, 5);               \
    const __m256i k6 = vy_bcast(rk, 6), k7 = vy_bcast(rk, 7), k8 = vy_bcast(rk, 8);               \
    const __m256i k9 = vy_bcast(rk, 9);                                                            \
    const __m256i k10 = nr > 10 ? vy_bcast(rk, 10) : k0;                                           \
    const __m256i k11 = nr > 10 ? vy_bcast(rk, 11) : k0;                                           \
    const __m256i k12 = nr > 12 ? vy_bcast(rk, 12) : k0;                                           \
    const __m256i k13 = nr > 12 ? vy_bcast(rk, 13) : k0;                                           \
    const __m256i kl = vy_bcast(rk, nr)

#define VY_ROUND(EACH, OP, M, K)                                                                   \
    {                                                                                              \
        const __m256i k_ = (K);                                                                    \
        EACH(OP, M)                                                                                \
    }

/* Rounds 1 .. nr-1, every register through one round before the next. */
#define VY_ROUNDS(EACH, OP, M)                                                                     \
    do {                                                                                           \
        VY_ROUND(EACH, OP, M, k1) VY_ROUND(EACH, OP, M, k2) VY_ROUND(EACH, OP, M, k3)             \
        VY_ROUND(EACH, OP, M, k4) VY_ROUND(EACH, OP, M, k5) VY_ROUND(EACH, OP, M, k6)             \
        VY_ROUND(EACH, OP, M, k7) VY_ROUND(EACH, OP, M, k8) VY_ROUND(EACH, OP, M, k9)             \
        if (nr > 10) {                                                                             \
            VY_ROUND(EACH, OP, M, k10) VY_ROUND(EACH, OP, M, k11)                                  \
        }                                                                                          \
        if (nr > 12) {                                                                             \
            VY_ROUND(EACH, OP, M, k12) VY_ROUND(EACH, OP, M, k13)                                  \
        }                                                                                          \
    } while (0)

/* Whole 16-block steps (NEXT advances the mode's state after each), then
 * the n < 16 remaining blocks in one masked step; n, in and out are left
 * at the tail, whose length the caller uses to finish its state. */
#define VY_RUN(STEP, NEXT, A, B)                                                                   \
    do {                                                                                           \
        for (; n >= 16; in += 256, out += 256, n -= 16) {                                          \
            STEP(VY_EACH8, FULL, 16, A, B);                                                        \
            NEXT;                                                                                  \
        }                                                                                          \
        if (n > 0) {                                                                               \
            const size_t nb_ = n;                                                                  \
            if (n > 8)                                                                             \
                STEP(VY_EACH8, MASK, nb_, A, B);                                                   \
            else if (n > 2)                                                                        \
                STEP(VY_EACH4, MASK, nb_, A, B);                                                   \
            else                                                                                   \
                STEP(VY_EACH1, MASK, nb_, A, B);                                                   \
        }                                                                                          \
    } while (0)

/* ---- ECB --------------------------------------------------------------- */

#define VY_ECB_LOAD(i, M) b##i = _mm256_xor_si256(VY_IN(i, M), k0);

#define VY_ECB_STEP(EACH, M, NB, OP, OPLAST)                                                       \
    do {                                                                                           \
        EACH(VY_DECL, M)                                                                           \
        EACH(VY_ECB_LOAD, M)                                                                       \
        VY_ROUNDS(EACH, OP, M);                                                                    \
        EACH(OPLAST, M)                                                                            \
        EACH(VY_STORE, M)                                                                          \
    } while (0)

static void vy_ecb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const __m128i *rk = vaes_enc_keys(ks);
    const unsigned nr = ks->rounds;
    VY_KEYS(rk);
    VY_RUN(VY_ECB_STEP, (void)0, VY_ENC, VY_ENCLAST);
    _mm256_zeroupper();
}

static void vy_ecb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const __m128i *rk = vaes_dec_keys(ks);
    const unsigned nr = ks->rounds;
    VY_KEYS(rk);
    VY_RUN(VY_ECB_STEP, (void)0, VY_DEC, VY_DECLAST);
    _mm256_zeroupper();
}

/* ---- CTR --------------------------------------------------------------- */

/* @x in the low half of both 128-bit lanes. */
static inline __m256i vy_lo(uint64_t x)
{
    const long long v = (long long)x;
    return _mm256_set_epi64x(0, v, 0, v);
}

/* 128-bit lane add of @inc (low halves only).  A low half that wrapped is
 * smaller, unsigned, than what was added (compared signed after flipping
 * the top bits); the all-ones compare result, moved up one qword, is
 * subtracted to carry into the high half. */
static inline __m256i vy_add128(__m256i v, __m256i inc)
{
    const __m256i flip = _mm256_set1_epi64x(INT64_MIN);
    const __m256i s = _mm256_add_epi64(v, inc);
    const __m256i carry =
        _mm256_cmpgt_epi64(_mm256_xor_si256(inc, flip), _mm256_xor_si256(s, flip));
    return _mm256_sub_epi64(s, _mm256_bslli_epi128(carry, 8));
}

#define VY_CTR_FAST(i, M) b##i = _mm256_shuffle_epi8(_mm256_add_epi64(ctr, vy_lo(2 * (i))), bswap);
#define VY_CTR_SLOW(i, M) b##i = _mm256_shuffle_epi8(vy_add128(ctr, vy_lo(2 * (i))), bswap);

#define VY_CTR_STEP(EACH, M, NB, unused1, unused2)                                                 \
    do {                                                                                           \
        EACH(VY_DECL, M)                                                                           \
        if (lo <= UINT64_MAX - ((NB) - 1)) {                                                       \
            EACH(VY_CTR_FAST, M)                                                                   \
        } else {                                                                                   \
            EACH(VY_CTR_SLOW, M)                                                                   \
        }                                                                                          \
        EACH(VY_XORK0, M)                                                                          \
        VY_ROUNDS(EACH, VY_ENC, M);                                                                \
        EACH(VY_ENCLAST_XOR_IN, M)                                                                 \
        EACH(VY_STORE, M)                                                                          \
    } while (0)

static void vy_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                   uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = vaes_enc_keys(ks);
    const unsigned nr = ks->rounds;
    const __m128i bswap128 = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i bswap = _mm256_broadcastsi128_si256(bswap128);
    /* Low 64 bits of the counter of lane 0 of the first register. */
    uint64_t lo = axiom_load64_be(iv + 8);
    __m256i ctr = _mm256_broadcastsi128_si256(_mm_shuffle_epi8(vaes_load128(iv), bswap128));
    ctr = vy_add128(ctr, _mm256_set_epi64x(0, 1, 0, 0));
    VY_KEYS(rk);

    VY_RUN(VY_CTR_STEP, (ctr = vy_add128(ctr, vy_lo(16)), lo += 16), 0, 0);
    ctr = vy_add128(ctr, vy_lo(n));
    vaes_store128(iv, _mm_shuffle_epi8(_mm256_castsi256_si128(ctr), bswap128));
    _mm256_zeroupper();
}

/* ---- CBC and CFB decryption -------------------------------------------- */

/* The ciphertext blocks that precede register i's: for i == 0 the chaining
 * value (high lane of ivy) and block 0, otherwise an unaligned load 16 bytes
 * back.  The pointer arithmetic for i == 0 sits in the branch that is never
 * evaluated.  All loads of a step precede its stores, which is what makes
 * out == in work. */
#define VY_PREV(i, M)                                                                              \
    ((i) == 0 ? _mm256_permute2x128_si256(ivy, VY_IN(0, M), 0x21)                                  \
              : VY_LD_##M(i, in + 32 * (i) - 16))

#define VY_CBC_LAST(i, M) \
    b##i = _mm256_aesdeclast_epi128(b##i, _mm256_xor_si256(kl, VY_PREV(i, M)));
#define VY_CFB_LOAD(i, M) b##i = _mm256_xor_si256(VY_PREV(i, M), k0);

#define VY_CBC_DEC_STEP(EACH, M, NB, unused1, unused2)                                             \
    do {                                                                                           \
        EACH(VY_DECL, M)                                                                           \
        EACH(VY_ECB_LOAD, M)                                                                       \
        VY_ROUNDS(EACH, VY_DEC, M);                                                                \
        EACH(VY_CBC_LAST, M)                                                                       \
        ivy = _mm256_broadcastsi128_si256(vaes_load128(in + 16 * ((NB) - 1)));                     \
        EACH(VY_STORE, M)                                                                          \
    } while (0)

#define VY_CFB_DEC_STEP(EACH, M, NB, unused1, unused2)                                             \
    do {                                                                                           \
        EACH(VY_DECL, M)                                                                           \
        EACH(VY_CFB_LOAD, M)                                                                       \
        VY_ROUNDS(EACH, VY_ENC, M);                                                                \
        EACH(VY_ENCLAST_XOR_IN, M)                                                                 \
        ivy = _mm256_broadcastsi128_si256(vaes_load128(in + 16 * ((NB) - 1)));                     \
        EACH(VY_STORE, M)                                                                          \
    } while (0)

static void vy_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = vaes_dec_keys(ks);
    const unsigned nr = ks->rounds;
    __m256i ivy = _mm256_broadcastsi128_si256(vaes_load128(iv));
    VY_KEYS(rk);

    VY_RUN(VY_CBC_DEC_STEP, (void)0, 0, 0);
    vaes_store128(iv, _mm256_castsi256_si128(ivy));
    _mm256_zeroupper();
}

static void vy_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = vaes_enc_keys(ks);
    const unsigned nr = ks->rounds;
    __m256i ivy = _mm256_broadcastsi128_si256(vaes_load128(iv));
    VY_KEYS(rk);

    VY_RUN(VY_CFB_DEC_STEP, (void)0, 0, 0);
    vaes_store128(iv, _mm256_castsi256_si128(ivy));
    _mm256_zeroupper();
}

/* ---- XTS --------------------------------------------------------------- */

/* Each 128-bit lane times alpha^k, k per lane in @cnt (0..56, the same in
 * both qwords of a lane); see vaes_xts_mulx128.  A shift count of 64 gives
 * 0, so k = 0 leaves the lane as it is. */
static inline __m256i vy_mulx(__m256i t, __m256i cnt)
{
    const __m256i s = _mm256_srlv_epi64(t, _mm256_sub_epi64(_mm256_set1_epi64x(64), cnt));
    const __m256i r = _mm256_clmulepi64_epi128(s, _mm256_set1_epi64x(0x87), 0x01);
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_sllv_epi64(t, cnt), _mm256_bslli_epi128(s, 8)),
                            r);
}

/* Each lane times alpha^16 = a 2-byte shift, plus the top 16 bits reduced;
 * byte shifts and the multiply run beside the AES units, not on them. */
static inline __m256i vy_mulx16(__m256i t)
{
    const __m256i top = _mm256_bsrli_epi128(t, 14);
    return _mm256_xor_si256(_mm256_bslli_epi128(t, 2),
                            _mm256_clmulepi64_epi128(top, _mm256_set1_epi64x(0x87), 0x00));
}

#define VY_XTS_LOAD(i, M) b##i = _mm256_xor_si256(VY_IN(i, M), _mm256_xor_si256(t##i, k0));
#define VY_XTS_KEYLAST(i, M) const __m256i e##i = _mm256_xor_si256(kl, t##i);
/* A whole step moves its tweaks on by 16 blocks as soon as they have been
 * used on the input, so that the next step's inputs do not wait for them;
 * the tail step (the last) leaves them for VY_XTS_FINISH. */
#define VY_XTS_ADV_FULL(i) t##i = vy_mulx16(t##i);
#define VY_XTS_ADV_MASK(i)
#define VY_XTS_ADV(i, M) VY_XTS_ADV_##M(i)
#define VY_XTS_ENCLAST(i, M) b##i = _mm256_aesenclast_epi128(b##i, e##i);
#define VY_XTS_DECLAST(i, M) b##i = _mm256_aesdeclast_epi128(b##i, e##i);

#define VY_XTS_STEP(EACH, M, NB, OP, OPLAST)                                                       \
    do {                                                                                           \
        EACH(VY_DECL, M)                                                                           \
        EACH(VY_XTS_LOAD, M)                                                                       \
        EACH(VY_XTS_KEYLAST, M)                                                                    \
        EACH(VY_XTS_ADV, M)                                                                        \
        VY_ROUNDS(EACH, OP, M);                                                                    \
        EACH(OPLAST, M)                                                                            \
        EACH(VY_STORE, M)                                                                          \
    } while (0)

/* Register i holds the tweaks of blocks 2i and 2i+1 of the step, each made
 * straight from the first (one multiply deep, so that the first rounds
 * start early on short inputs). */
#define VY_TW(i) vy_mulx(tw_, _mm256_set_epi64x(2 * (i) + 1, 2 * (i) + 1, 2 * (i), 2 * (i)))
#define VY_XTS_SETUP                                                                               \
    const __m256i tw_ = _mm256_broadcastsi128_si256(vaes_load128(iv));                             \
    __m256i t0 = VY_TW(0), t1 = VY_TW(1), t2 = VY_TW(2), t3 = VY_TW(3);                            \
    __m256i t4 = VY_TW(4), t5 = VY_TW(5), t6 = VY_TW(6), t7 = VY_TW(7)

/* The tweak after the last block: t0 already is, unless a tail was done. */
#define VY_XTS_FINISH                                                                              \
    vaes_store128(iv, n ? vaes_xts_mulx128(_mm256_castsi256_si128(t0), (unsigned)n)                \
                        : _mm256_castsi256_si128(t0))

static void vy_xts_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = vaes_enc_keys(ks);
    const unsigned nr = ks->rounds;
    VY_XTS_SETUP;
    VY_KEYS(rk);

    VY_RUN(VY_XTS_STEP, (void)0, VY_ENC, VY_XTS_ENCLAST);
    VY_XTS_FINISH;
    _mm256_zeroupper();
}

static void vy_xts_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                       uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = vaes_dec_keys(ks);
    const unsigned nr = ks->rounds;
    VY_XTS_SETUP;
    VY_KEYS(rk);

    VY_RUN(VY_XTS_STEP, (void)0, VY_DEC, VY_XTS_DECLAST);
    VY_XTS_FINISH;
    _mm256_zeroupper();
}

/* ---- serial modes and the key schedule: aes_vaes_common.h --------------- */

VAES_SERIAL_ENTRY(vy_cbc_enc, vaes_cbc_enc_nr)
VAES_SERIAL_ENTRY(vy_cfb_enc, vaes_cfb_enc_nr)
VAES_SERIAL_ENTRY(vy_ofb, vaes_ofb_nr)

static void vy_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    vaes_setkey(ks, key, keylen);
}

const axiom_bc_kernel axiom_aes_vaes_avx2 = {
    .name = "vaes-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL,
    .constant_time = 1,
    .setkey = vy_setkey,
    .ecb_enc = vy_ecb_enc,
    .ecb_dec = vy_ecb_dec,
    .cbc_enc = vy_cbc_enc,
    .cbc_dec = vy_cbc_dec,
    .cfb_enc = vy_cfb_enc,
    .cfb_dec = vy_cfb_dec,
    .ofb = vy_ofb,
    .ctr = vy_ctr,
    .xts_enc = vy_xts_enc,
    .xts_dec = vy_xts_dec,
};
