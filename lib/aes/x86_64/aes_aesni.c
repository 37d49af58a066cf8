/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-128/192/256 block-cipher kernel for x86-64 CPUs with AES-NI and SSSE3.
 *
 * The parallel operations (ECB, CTR, CBC and CFB decryption, XTS) work on 8
 * blocks per iteration, so that eight independent AESENC/AESDEC chains hide
 * the instruction's latency; each round key is loaded once per round for all
 * eight.  Tails take 4, 2 and 1 blocks.  Fused into the block loop, instead
 * of staged through memory as in bc_modes.h:
 * - CTR builds its counter blocks in registers (byte-swapped to add in the
 *   low 64 bits, with the carry into the high half done in scalar code and
 *   wrap-around modulo 2^128), and the keystream XOR is folded into the last
 *   round key;
 * - CBC and CFB decryption fold the XOR with the previous ciphertext into the
 *   last round key;
 * - XTS doubles the tweak in registers and folds it into the first and last
 *   round keys;
 * - the secret-counter keystream (ctr_secret) steps its counter with
 *   ADD/ADC on a register pair and stores the encrypted blocks once.
 * CBC/CFB encryption and OFB are serial; they keep the round keys in
 * registers and compute the next chaining input with a second AESENCLAST
 * alongside the output, so that the chain costs exactly one block latency.
 * The key schedule, full or encryption-only, is aes_x86_keys.h.
 *
 * Constant time: AES-NI has no data-dependent timing and this file has no
 * branch or memory index depending on keys or data (the only branches are on
 * the round count, the length and, in CTR, the public counter value;
 * ctr_secret does not branch on its counter). */
#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "aes/x86_64/aes_x86_keys.h"
#include "aes/x86_64/aes_cmac_x86.h"

#define AESNI_FORCE_INLINE static inline __attribute__((always_inline))

/* Encryption round keys at byte 0, decryption round keys (in the order the
 * Equivalent Inverse Cipher uses them) at AESX_DEC_OFFSET (aes_x86_keys.h). */
#define AESNI_DEC_OFFSET AESX_DEC_OFFSET

static inline const __m128i *aesni_enc_keys(const axiom_bc_ks *ks)
{
    return (const __m128i *)(const void *)ks->w;
}

static inline const __m128i *aesni_dec_keys(const axiom_bc_ks *ks)
{
    return (const __m128i *)(const void *)
        ((const unsigned char *)ks->w + AESNI_DEC_OFFSET);
}

static inline __m128i aesni_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static inline void aesni_store(uint8_t *p, __m128i v)
{
    _mm_storeu_si128((__m128i *)(void *)p, v);
}

/* ---- key schedule: aes_x86_keys.h ------------------------------------- */

static void aesni_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    aesx_setkey(ks, key, keylen);
}

static void aesni_setkey_enc(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    aesx_setkey_enc(ks, key, keylen);
}

/* ---- multi-block machinery ---------------------------------------------
 * A mode's step is written once as a macro over EACH, which expands its
 * argument for every block index of the width; blocks live in b0..b7 so
 * that they stay in registers (an array indexed in a loop would not, at
 * -O2). */
#define AESNI_EACH8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define AESNI_EACH4(X) X(0) X(1) X(2) X(3)
#define AESNI_EACH2(X) X(0) X(1)
#define AESNI_EACH1(X) X(0)

#define AESNI_DECL(i)    __m128i b##i;
#define AESNI_LOAD(i)    b##i = aesni_load(in + 16 * (i));
#define AESNI_STORE(i)   aesni_store(out + 16 * (i), b##i);
#define AESNI_XORK0(i)   b##i = _mm_xor_si128(b##i, k0_);
#define AESNI_ENC(i)     b##i = _mm_aesenc_si128(b##i, k_);
#define AESNI_DEC(i)     b##i = _mm_aesdec_si128(b##i, k_);
#define AESNI_ENCLAST(i) b##i = _mm_aesenclast_si128(b##i, kl_);
#define AESNI_DECLAST(i) b##i = _mm_aesdeclast_si128(b##i, kl_);
/* The last round ends with an XOR by its key, so XORing a value into that
 * key XORs it into the round's output for free. */
#define AESNI_ENCLAST_XOR_IN(i) \
    b##i = _mm_aesenclast_si128(b##i, _mm_xor_si128(kl_, aesni_load(in + 16 * (i))));
/* Previous ciphertext block: the chaining value for block 0.  The pointer
 * arithmetic for i == 0 sits in the branch that is never evaluated. */
#define AESNI_PREV(i) \
    ((i) == 0 ? iv_ : aesni_load(in + 16 * ((i) - 1)))

/* Rounds 1 .. nr-1, one round-key load per round for all the blocks,
 * unrolled: the 2 or 4 rounds AES-192/256 add, then the 9 every key size
 * has.  (A loop's counter and branch are scalar uops that the scheduler
 * may put on the two ports the AES units sit on.) */
#define AESNI_ROUND(EACH, OP, k) { const __m128i k_ = (k); EACH(OP) }
#define AESNI_MIDROUNDS(EACH, OP)                                             \
    {                                                                         \
        const __m128i *kr_ = rk + 1;                                          \
        if (nr > 10) {                                                        \
            if (nr > 12) {                                                    \
                AESNI_ROUND(EACH, OP, kr_[0])                                 \
                AESNI_ROUND(EACH, OP, kr_[1])                                 \
                kr_ += 2;                                                     \
            }                                                                 \
            AESNI_ROUND(EACH, OP, kr_[0])                                     \
            AESNI_ROUND(EACH, OP, kr_[1])                                     \
            kr_ += 2;                                                         \
        }                                                                     \
        AESNI_ROUND(EACH, OP, kr_[0])                                         \
        AESNI_ROUND(EACH, OP, kr_[1])                                         \
        AESNI_ROUND(EACH, OP, kr_[2])                                         \
        AESNI_ROUND(EACH, OP, kr_[3])                                         \
        AESNI_ROUND(EACH, OP, kr_[4])                                         \
        AESNI_ROUND(EACH, OP, kr_[5])                                         \
        AESNI_ROUND(EACH, OP, kr_[6])                                         \
        AESNI_ROUND(EACH, OP, kr_[7])                                         \
        AESNI_ROUND(EACH, OP, kr_[8])                                         \
    }

#define AESNI_ADVANCE(W)                                                      \
    in += 16 * (W);                                                           \
    out += 16 * (W);                                                          \
    n -= (W)

/* Run STEP at widths 8 (looping), then 4, 2 and 1 for the tail. */
#define AESNI_WIDTHS(STEP, ...)                                               \
    do {                                                                      \
        while (n >= 8)                                                        \
            STEP(AESNI_EACH8, 8, __VA_ARGS__);                                \
        if (n >= 4)                                                           \
            STEP(AESNI_EACH4, 4, __VA_ARGS__);                                \
        if (n >= 2)                                                           \
            STEP(AESNI_EACH2, 2, __VA_ARGS__);                                \
        if (n >= 1)                                                           \
            STEP(AESNI_EACH1, 1, __VA_ARGS__);                                \
    } while (0)

/* ---- ECB --------------------------------------------------------------- */

#define AESNI_ECB_STEP(EACH, W, OP, OPLAST)                                   \
    do {                                                                      \
        EACH(AESNI_DECL)                                                      \
        const __m128i k0_ = rk[0], kl_ = rk[nr];                              \
        EACH(AESNI_LOAD)                                                      \
        EACH(AESNI_XORK0)                                                     \
        AESNI_MIDROUNDS(EACH, OP)                                             \
        EACH(OPLAST)                                                          \
        EACH(AESNI_STORE)                                                     \
        AESNI_ADVANCE(W);                                                     \
    } while (0)

static void aesni_ecb_enc(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n)
{
    const __m128i *rk = aesni_enc_keys(ks);
    const unsigned nr = ks->rounds;
    AESNI_WIDTHS(AESNI_ECB_STEP, AESNI_ENC, AESNI_ENCLAST);
}

static void aesni_ecb_dec(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n)
{
    const __m128i *rk = aesni_dec_keys(ks);
    const unsigned nr = ks->rounds;
    AESNI_WIDTHS(AESNI_ECB_STEP, AESNI_DEC, AESNI_DECLAST);
}

/* ---- CTR --------------------------------------------------------------- */

/* True if the low counter half does not wrap within the next @w blocks. */
static inline int aesni_ctr_no_carry(uint64_t lo, unsigned w)
{
    return lo <= UINT64_MAX - (w - 1);
}

/* Counter blocks are made as little-endian 128-bit integers and turned
 * big-endian with one PSHUFB.  Fast path: no carry out of the low half in
 * this step, so a 64-bit lane add is exact.  Otherwise the carry is done
 * per block in scalar code. */
#define AESNI_CTR_FAST(i) \
    b##i = _mm_shuffle_epi8(_mm_add_epi64(c_, _mm_set_epi64x(0, (i))), bswap);
#define AESNI_CTR_SLOW(i)                                                     \
    {                                                                         \
        const uint64_t l_ = lo + (i);                                         \
        b##i = _mm_shuffle_epi8(_mm_set_epi64x((long long)(hi + (l_ < lo)),   \
                                               (long long)l_), bswap);        \
    }

#define AESNI_CTR_STEP(EACH, W, unused)                                       \
    do {                                                                      \
        EACH(AESNI_DECL)                                                      \
        const __m128i k0_ = rk[0], kl_ = rk[nr];                              \
        if (aesni_ctr_no_carry(lo, (W))) {                                    \
            const __m128i c_ = _mm_set_epi64x((long long)hi, (long long)lo);  \
            EACH(AESNI_CTR_FAST)                                              \
        } else {                                                              \
            EACH(AESNI_CTR_SLOW)                                              \
        }                                                                     \
        {                                                                     \
            const uint64_t nlo_ = lo + (W);                                   \
            hi += (nlo_ < lo);                                                \
            lo = nlo_;                                                        \
        }                                                                     \
        EACH(AESNI_XORK0)                                                     \
        AESNI_MIDROUNDS(EACH, AESNI_ENC)                                      \
        EACH(AESNI_ENCLAST_XOR_IN)                                            \
        EACH(AESNI_STORE)                                                     \
        AESNI_ADVANCE(W);                                                     \
    } while (0)

static void aesni_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,
                      size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = aesni_enc_keys(ks);
    const unsigned nr = ks->rounds;
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7,
                                       8, 9, 10, 11, 12, 13, 14, 15);
    uint64_t hi = axiom_load64_be(iv), lo = axiom_load64_be(iv + 8);

    AESNI_WIDTHS(AESNI_CTR_STEP, 0);
    axiom_store64_be(iv, hi);
    axiom_store64_be(iv + 8, lo);
}

/* ---- CTR with a secret counter (bc.h, ctr_secret) ----------------------
 * The counter is a pair of general registers, high and low 64 bits,
 * stepped by one with ADD and ADC in inline assembly: the carry into the
 * high half is added whatever it is, and the compiler cannot turn the
 * arithmetic into a test (SSE up to SSSE3 has no 64-bit compare to do it
 * in vector registers).  Each counter block is two MOVQ, a PUNPCKLQDQ and
 * a PSHUFB to big endian, then the whitening with round key 0; the
 * encrypted blocks are the keystream, stored once.  The steps are the
 * ECB widths (8, then 4, 2, 1), chosen by the block count alone. */
static inline void aesni_inc128(uint64_t *hi, uint64_t *lo)
{
    __asm__("addq $1, %0\n\tadcq $0, %1" : "+r"(*lo), "+r"(*hi) : : "cc");
}

#define AESNI_CTRS_BLOCK(i)                                                   \
    b##i = _mm_xor_si128(_mm_shuffle_epi8(_mm_set_epi64x((long long)hi,       \
                                                         (long long)lo),      \
                                          bswap), k0_);                       \
    aesni_inc128(&hi, &lo);

#define AESNI_CTRS_STEP(EACH, W, unused)                                      \
    do {                                                                      \
        EACH(AESNI_DECL)                                                      \
        const __m128i k0_ = rk[0], kl_ = rk[nr];                              \
        EACH(AESNI_CTRS_BLOCK)                                                \
        AESNI_MIDROUNDS(EACH, AESNI_ENC)                                      \
        EACH(AESNI_ENCLAST)                                                   \
        EACH(AESNI_STORE)                                                     \
        out += 16 * (W);                                                      \
        n -= (W);                                                             \
    } while (0)

static void aesni_ctr_secret(const axiom_bc_ks *ks, uint8_t *out, size_t n,
                             uint8_t ctr[AXIOM_BC_BLOCK])
{
    const __m128i *rk = aesni_enc_keys(ks);
    const unsigned nr = ks->rounds;
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7,
                                       8, 9, 10, 11, 12, 13, 14, 15);
    uint64_t hi = axiom_load64_be(ctr), lo = axiom_load64_be(ctr + 8);

    AESNI_WIDTHS(AESNI_CTRS_STEP, 0);
    axiom_store64_be(ctr, hi);
    axiom_store64_be(ctr + 8, lo);
}

/* ---- CBC and CFB decryption -------------------------------------------- */

/* The chaining inputs are reloaded from @in rather than kept in registers
 * (L1 loads are cheap, registers are not); all loads of a step precede its
 * stores, which is what makes out == in work. */
#define AESNI_CBC_DECLAST(i)                                                  \
    b##i = _mm_aesdeclast_si128(b##i, _mm_xor_si128(kl_, AESNI_PREV(i)));
#define AESNI_CFB_LOAD(i) b##i = AESNI_PREV(i);

#define AESNI_CBC_DEC_STEP(EACH, W, unused)                                   \
    do {                                                                      \
        EACH(AESNI_DECL)                                                      \
        const __m128i k0_ = rk[0], kl_ = rk[nr];                              \
        EACH(AESNI_LOAD)                                                      \
        EACH(AESNI_XORK0)                                                     \
        AESNI_MIDROUNDS(EACH, AESNI_DEC)                                      \
        EACH(AESNI_CBC_DECLAST)                                               \
        iv_ = aesni_load(in + 16 * ((W) - 1));                                \
        EACH(AESNI_STORE)                                                     \
        AESNI_ADVANCE(W);                                                     \
    } while (0)

#define AESNI_CFB_DEC_STEP(EACH, W, unused)                                   \
    do {                                                                      \
        EACH(AESNI_DECL)                                                      \
        const __m128i k0_ = rk[0], kl_ = rk[nr];                              \
        EACH(AESNI_CFB_LOAD)                                                  \
        EACH(AESNI_XORK0)                                                     \
        AESNI_MIDROUNDS(EACH, AESNI_ENC)                                      \
        EACH(AESNI_ENCLAST_XOR_IN)                                            \
        iv_ = aesni_load(in + 16 * ((W) - 1));                                \
        EACH(AESNI_STORE)                                                     \
        AESNI_ADVANCE(W);                                                     \
    } while (0)

static void aesni_cbc_dec(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n,
                          uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = aesni_dec_keys(ks);
    const unsigned nr = ks->rounds;
    __m128i iv_ = aesni_load(iv);

    AESNI_WIDTHS(AESNI_CBC_DEC_STEP, 0);
    aesni_store(iv, iv_);
}

static void aesni_cfb_dec(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n,
                          uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = aesni_enc_keys(ks);
    const unsigned nr = ks->rounds;
    __m128i iv_ = aesni_load(iv);

    AESNI_WIDTHS(AESNI_CFB_DEC_STEP, 0);
    aesni_store(iv, iv_);
}

/* ---- XTS --------------------------------------------------------------- */

/* Tweak times alpha (IEEE 1619: byte 0 least significant, so the register's
 * little-endian value is the polynomial).  PADDQ doubles both halves (it
 * runs on more ports than PSLLQ, which AESENC competes for); the bits lost
 * from each half come back through an arithmetic-shift mask: bit 63 into
 * bit 64, bit 127 reduced as x^7 + x^2 + x + 1. */
static inline __m128i aesni_xts_mul_alpha(__m128i t)
{
    const __m128i poly = _mm_set_epi32(0, 1, 0, 0x87);
    __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(t, 31),
                                    _MM_SHUFFLE(0, 1, 0, 3));
    return _mm_xor_si128(_mm_add_epi64(t, t), _mm_and_si128(top, poly));
}

/* Tweak times alpha^8, a byte shift plus a reduction of the byte shifted
 * out (at most 15 bits, so no second reduction).  Stepping the loop-carried
 * tweak by 8 at once keeps the 8 serial doublings of a step off the
 * iteration-to-iteration dependency chain. */
static inline __m128i aesni_xts_mul_alpha8(__m128i t)
{
    const __m128i v = _mm_srli_si128(t, 15);
    const __m128i red = _mm_xor_si128(
        _mm_xor_si128(v, _mm_slli_epi64(v, 1)),
        _mm_xor_si128(_mm_slli_epi64(v, 2), _mm_slli_epi64(v, 7)));
    return _mm_xor_si128(_mm_slli_si128(t, 1), red);
}

#define AESNI_TDECL(i)   __m128i t##i;
#define AESNI_XTS_TW(i)  t##i = t_; t_ = aesni_xts_mul_alpha(t_);
#define AESNI_XTS_IN(i) \
    b##i = _mm_xor_si128(aesni_load(in + 16 * (i)), _mm_xor_si128(t##i, k0_));
#define AESNI_XTS_ENCLAST(i) \
    b##i = _mm_aesenclast_si128(b##i, _mm_xor_si128(kl_, t##i));
#define AESNI_XTS_DECLAST(i) \
    b##i = _mm_aesdeclast_si128(b##i, _mm_xor_si128(kl_, t##i));

#define AESNI_XTS_STEP(EACH, W, OP, OPLAST)                                   \
    do {                                                                      \
        EACH(AESNI_DECL)                                                      \
        EACH(AESNI_TDECL)                                                     \
        const __m128i k0_ = rk[0], kl_ = rk[nr];                              \
        EACH(AESNI_XTS_TW)                                                    \
        if ((W) == 8)                                                         \
            t_ = aesni_xts_mul_alpha8(t0);                                    \
        EACH(AESNI_XTS_IN)                                                    \
        AESNI_MIDROUNDS(EACH, OP)                                             \
        EACH(OPLAST)                                                          \
        EACH(AESNI_STORE)                                                     \
        AESNI_ADVANCE(W);                                                     \
    } while (0)

static void aesni_xts_enc(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n,
                          uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = aesni_enc_keys(ks);
    const unsigned nr = ks->rounds;
    __m128i t_ = aesni_load(iv);

    AESNI_WIDTHS(AESNI_XTS_STEP, AESNI_ENC, AESNI_XTS_ENCLAST);
    aesni_store(iv, t_);
}

static void aesni_xts_dec(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n,
                          uint8_t iv[AXIOM_BC_BLOCK])
{
    const __m128i *rk = aesni_dec_keys(ks);
    const unsigned nr = ks->rounds;
    __m128i t_ = aesni_load(iv);

    AESNI_WIDTHS(AESNI_XTS_STEP, AESNI_DEC, AESNI_XTS_DECLAST);
    aesni_store(iv, t_);
}

/* ---- serial modes: CBC and CFB encryption, OFB -------------------------
 * Written once with the round count as a compile-time constant (each entry
 * point dispatches to three inlined copies), so that exactly the keys in use
 * are held in registers and the chain runs without branches. */

#define AESNI_SERIAL_KEYS                                                     \
    const __m128i k0 = rk[0], k1 = rk[1], k2 = rk[2], k3 = rk[3];             \
    const __m128i k4 = rk[4], k5 = rk[5], k6 = rk[6], k7 = rk[7];             \
    const __m128i k8 = rk[8], k9 = rk[9];                                     \
    const __m128i k10 = nr > 10 ? rk[10] : k0, k11 = nr > 10 ? rk[11] : k0;   \
    const __m128i k12 = nr > 12 ? rk[12] : k0, k13 = nr > 12 ? rk[13] : k0;   \
    const __m128i kl = rk[nr];                                                \
    /* Last key XOR first key: the next block's whitening, folded in. */      \
    const __m128i kl0 = _mm_xor_si128(kl, k0)

/* Rounds 1 .. nr-1 of one block. */
#define AESNI_SERIAL_MID(x)                                                   \
    do {                                                                      \
        x = _mm_aesenc_si128(x, k1);                                          \
        x = _mm_aesenc_si128(x, k2);                                          \
        x = _mm_aesenc_si128(x, k3);                                          \
        x = _mm_aesenc_si128(x, k4);                                          \
        x = _mm_aesenc_si128(x, k5);                                          \
        x = _mm_aesenc_si128(x, k6);                                          \
        x = _mm_aesenc_si128(x, k7);                                          \
        x = _mm_aesenc_si128(x, k8);                                          \
        x = _mm_aesenc_si128(x, k9);                                          \
        if (nr > 10) {                                                        \
            x = _mm_aesenc_si128(x, k10);                                     \
            x = _mm_aesenc_si128(x, k11);                                     \
        }                                                                     \
        if (nr > 12) {                                                        \
            x = _mm_aesenc_si128(x, k12);                                     \
            x = _mm_aesenc_si128(x, k13);                                     \
        }                                                                     \
    } while (0)

#define AESNI_SERIAL_DISPATCH(fn, ks, out, in, n, iv)                         \
    do {                                                                      \
        const __m128i *rk_ = aesni_enc_keys(ks);                              \
        switch ((ks)->rounds) {                                               \
        case 10: fn(rk_, 10, out, in, n, iv); break;                          \
        case 12: fn(rk_, 12, out, in, n, iv); break;                          \
        default: fn(rk_, 14, out, in, n, iv); break;                          \
        }                                                                     \
    } while (0)

/* c[i] = E(p[i] ^ c[i-1]).  The state x entering round 1 is p ^ c ^ k0; the
 * next one is AESENCLAST(x', kl ^ k0 ^ p[i+1]), computed from the same
 * pre-last-round state as c[i] itself. */
AESNI_FORCE_INLINE void aesni_cbc_enc_nr(const __m128i *rk, const unsigned nr,
                                         uint8_t *out, const uint8_t *in,
                                         size_t n, uint8_t *iv)
{
    AESNI_SERIAL_KEYS;
    __m128i c = aesni_load(iv);
    __m128i x = _mm_xor_si128(_mm_xor_si128(aesni_load(in), k0), c);

    for (;;) {
        AESNI_SERIAL_MID(x);
        /* The next state first: it is on the chain, c is not. */
        const __m128i xp = x;
        if (n > 1)
            x = _mm_aesenclast_si128(xp, _mm_xor_si128(kl0, aesni_load(in + 16)));
        c = _mm_aesenclast_si128(xp, kl);
        aesni_store(out, c);
        if (--n == 0)
            break;
        in += 16;
        out += 16;
    }
    aesni_store(iv, c);
}

/* c[i] = E(c[i-1]) ^ p[i]; the next state c[i] ^ k0 comes from a parallel
 * AESENCLAST with kl ^ k0 ^ p[i], first in program order as in CBC (the
 * empty asm statement orders the two). */
AESNI_FORCE_INLINE void aesni_cfb_enc_nr(const __m128i *rk, const unsigned nr,
                                         uint8_t *out, const uint8_t *in,
                                         size_t n, uint8_t *iv)
{
    AESNI_SERIAL_KEYS;
    __m128i x = _mm_xor_si128(aesni_load(iv), k0), c;

    for (;;) {
        const __m128i p = aesni_load(in);
        AESNI_SERIAL_MID(x);
        __m128i xp = x;
        x = _mm_aesenclast_si128(xp, _mm_xor_si128(kl0, p));
        __asm__("" : "+x"(x), "+x"(xp));
        c = _mm_aesenclast_si128(xp, _mm_xor_si128(kl, p));
        aesni_store(out, c);
        if (--n == 0)
            break;
        in += 16;
        out += 16;
    }
    aesni_store(iv, c);
}

/* o[i] = E(o[i-1]); the output XOR rides on the last round key and the next
 * state o[i] ^ k0 on a parallel AESENCLAST with kl ^ k0, first in program
 * order. */
AESNI_FORCE_INLINE void aesni_ofb_nr(const __m128i *rk, const unsigned nr,
                                     uint8_t *out, const uint8_t *in,
                                     size_t n, uint8_t *iv)
{
    AESNI_SERIAL_KEYS;
    __m128i x = _mm_xor_si128(aesni_load(iv), k0);

    for (; n > 0; n--) {
        const __m128i p = aesni_load(in);
        AESNI_SERIAL_MID(x);
        __m128i xp = x;
        x = _mm_aesenclast_si128(xp, kl0);
        __asm__("" : "+x"(x), "+x"(xp));
        aesni_store(out, _mm_aesenclast_si128(xp, _mm_xor_si128(kl, p)));
        in += 16;
        out += 16;
    }
    aesni_store(iv, _mm_xor_si128(x, k0));
}

static void aesni_cbc_enc(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n,
                          uint8_t iv[AXIOM_BC_BLOCK])
{
    if (n > 0)
        AESNI_SERIAL_DISPATCH(aesni_cbc_enc_nr, ks, out, in, n, iv);
}

static void aesni_cfb_enc(const axiom_bc_ks *ks, uint8_t *out,
                          const uint8_t *in, size_t n,
                          uint8_t iv[AXIOM_BC_BLOCK])
{
    if (n > 0)
        AESNI_SERIAL_DISPATCH(aesni_cfb_enc_nr, ks, out, in, n, iv);
}

static void aesni_ofb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,
                      size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    if (n > 0)
        AESNI_SERIAL_DISPATCH(aesni_ofb_nr, ks, out, in, n, iv);
}

static void aesni_cmac(const uint8_t *key, size_t keylen, const uint8_t *in, size_t len,
                       uint8_t tag[AXIOM_BC_BLOCK])
{
    aesx_cmac(key, keylen, in, len, tag);
}

const axiom_bc_kernel axiom_aes_aesni = {
    .name = "aesni",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "AES-NI on xmm, 8 blocks interleaved",
    .steps = { 2, 4, 8 }, /* 8 per iteration, then tails of 4, 2, 1 */
    .setkey = aesni_setkey,
    .ecb_enc = aesni_ecb_enc,
    .ecb_dec = aesni_ecb_dec,
    .cbc_enc = aesni_cbc_enc,
    .cbc_dec = aesni_cbc_dec,
    .cfb_enc = aesni_cfb_enc,
    .cfb_dec = aesni_cfb_dec,
    .ofb = aesni_ofb,
    .ctr = aesni_ctr,
    .xts_enc = aesni_xts_enc,
    .xts_dec = aesni_xts_dec,
    .setkey_enc = aesni_setkey_enc,
    .ctr_secret = aesni_ctr_secret,
    .cmac = aesni_cmac,
};
