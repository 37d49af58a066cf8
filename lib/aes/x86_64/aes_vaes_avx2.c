/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-128/192/256 block-cipher kernel for x86-64 CPUs with VAES and AVX2 (no
 * AVX-512), two blocks per ymm register.
 *
 * Interleave: the parallel operations (ECB, CTR, CBC and CFB decryption,
 * XTS) run 8 ymm registers = 16 blocks per iteration.  VAESENC on ymm issues
 * twice per cycle with a latency of 3 to 4 cycles (4 on Zen 4), so 6 to 8
 * independent chains keep the AES unit busy; the kernel runs 8 (limits:
 * doc/design/aes.md).  The tail (1..15 blocks) is one step of 8, 4 or 1
 * registers whose loads and stores branch, per register, on the public
 * block count: 32 bytes, 16 into the low lane, or none, so memory past the
 * message is never touched.  (VPMASKMOVQ did the same with a mask; on AMD
 * Zen 4 its stores and loads made a 64-byte ECB or CTR call 1.25-1.28x
 * slower, 15 blocks of ECB 2x.)  The round keys are broadcast to both
 * lanes once per call; with 16 ymm registers most of them
 * are then read from the stack as instruction operands, which the load
 * ports absorb.  Messages of up to 4 blocks take a short copy of each
 * operation (one or two registers, only what they need; ECB of one block
 * on xmm), longer ones the general copy out of line; the machinery is
 * shared with the zmm kernel (aes_vaes_common.h).
 *
 * Fused into the block loop:
 * - CTR: lane j of register i holds counter + 2i + j.  When a step cannot
 *   carry out of the counter's last byte (tested once per step in scalar
 *   code, on the public counter) 2i + j is added to that byte of the
 *   big-endian counter.  Otherwise counter blocks are built as 128-bit
 *   little-endian integers and turned big-endian with one VPSHUFB: when a
 *   step cannot carry out of the low 64 bits a 64-bit lane add is exact;
 *   otherwise a compare finds the lanes whose low half wrapped and their
 *   carry is subtracted into the high half, so the counter wraps modulo
 *   2^128.  The keystream XOR rides on the last round key.  CTR reads its
 *   round keys from the schedule as each round needs them (below).
 * - CBC/CFB decryption: the previous ciphertext blocks are unaligned loads
 *   16 bytes back (VPERM2I128 with the chaining value for the first
 *   register), XORed into the last round key (CBC) or used as the cipher
 *   input (CFB).
 * - XTS: two successive tweaks per register.  The 8 tweak registers
 *   advance by alpha^16 per iteration (byte shifts plus one carry-less
 *   multiply for the reduction) as soon as the step has used them on its
 *   input, so the next step never waits for them; they enter with the
 *   first round key and leave folded into the last round key.  Ciphertext
 *   stealing is in the glue (lib/api/cipher.c).
 * - The secret-counter keystream (ctr_secret): the same lanes, counter +
 *   2i + j, always made by the 128-bit add with its carry from a compare
 *   (no test on the counter), round keys read as CTR reads them; the
 *   blocks are stored as encrypted.
 * CBC/CFB encryption and OFB are serial, on 128-bit VEX registers
 * (aes_vaes_common.h); the key schedule is aes_x86_keys.h.  Every
 * operation ends with VZEROUPPER, so SSE code after it pays no transition.
 *
 * Constant time: VAES and AES-NI have no data-dependent timing, and nothing
 * here branches or indexes memory on keys or data (branches depend only on
 * the round count, the length and, in CTR, the public counter value;
 * ctr_secret does not branch on its counter). */
#include <stdint.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "aes/x86_64/aes_vaes_common.h"
#include "aes/x86_64/aes_cmac_x86.h"

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

static inline __m256i vy_bcast128(__m128i x)
{
    return _mm256_broadcastsi128_si256(x);
}

/* ---- multi-block machinery (aes_vaes_common.h), ymm primitives ----------
 * M is FULL (plain 32-byte loads and stores) or MASK (the tail: register i
 * touches only the blocks below nb_). */
#define VY_TAIL const size_t nb_ = n
#define VY_LD_FULL(i, p) vy_load(p)
/* Register i of a tail holds blocks 2i and 2i + 1: both, the first
 * alone (a 16-byte load into the low lane, the high one zero; a 16-byte
 * store), or none (not touched). */
#define VY_HAS2(i) (nb_ >= 2 * (size_t)(i) + 2)
#define VY_HAS1(i) (nb_ > 2 * (size_t)(i))
#define VY_LD_MASK(i, p) \
    (VY_HAS2(i)   ? vy_load(p) \
     : VY_HAS1(i) ? _mm256_zextsi128_si256(vaes_load128(p)) \
                  : _mm256_setzero_si256())
#define VY_ST_FULL(i, p, v) vy_store((p), (v))
#define VY_ST_MASK(i, p, v) \
    do { \
        if (VY_HAS2(i)) \
            vy_store((p), (v)); \
        else if (VY_HAS1(i)) \
            vaes_store128((p), _mm256_castsi256_si128(v)); \
    } while (0)
#define VY_IN(i, M) VY_LD_##M(i, in + 32 * (i))
#define VY_BCAST128 vy_bcast128
#define VY_V __m256i
#define VY_CAST128 _mm256_castsi256_si128
#define VY_END _mm256_zeroupper()

#define VY_DECL(i, M) __m256i b##i;
#define VY_STORE(i, M) VY_ST_##M(i, out + 32 * (i), b##i);
#define VY_XORK0(i, M) b##i = _mm256_xor_si256(b##i, k0);
#define VY_ENC(i, M) b##i = _mm256_aesenc_epi128(b##i, k_);
#define VY_DEC(i, M) b##i = _mm256_aesdec_epi128(b##i, k_);
/* A round of the 8 registers of a step in one asm statement, in register
 * order, so that the compiler's scheduler does not interleave rounds and
 * other work in its own order: on AMD Zen 4 its order left the two AES
 * units idle often enough to cost 1-4 % (AES-256-CTR 16 KiB 1.03x,
 * ECB and CBC decryption 1.01-1.02x, A/B). */
#define VY_ROUND8(I)                                                                               \
    __asm__(I " %8, %0, %0\n\t" I " %8, %1, %1\n\t" I " %8, %2, %2\n\t"                            \
            I " %8, %3, %3\n\t" I " %8, %4, %4\n\t" I " %8, %5, %5\n\t"                            \
            I " %8, %6, %6\n\t" I " %8, %7, %7"                                                    \
            : "+x"(b0), "+x"(b1), "+x"(b2), "+x"(b3), "+x"(b4), "+x"(b5), "+x"(b6), "+x"(b7)       \
            : "x"(k_));
/* XTS keeps the compiler's order (its tweak updates run between the
 * rounds; as one asm statement a round measured 0.92-0.95x for
 * AES-128/256-XTS encryption at 16-256 KiB on Zen 4). */
#define VY_XTS_ENC(i, M) VY_ENC(i, M)
#define VY_XTS_DEC(i, M) VY_DEC(i, M)
#define VY_XTS_ENC8(M) VAES_EACH8(VY_ENC, M)
#define VY_XTS_DEC8(M) VAES_EACH8(VY_DEC, M)
#define VY_ENC8(M) VY_ROUND8("vaesenc")
#define VY_DEC8(M) VY_ROUND8("vaesdec")
#define VY_ENCLAST(i, M) b##i = _mm256_aesenclast_epi128(b##i, kl);
#define VY_DECLAST(i, M) b##i = _mm256_aesdeclast_epi128(b##i, kl);
/* The last round ends by XORing its key, so a value XORed into that key is
 * XORed into the output for free. */
#define VY_ENCLAST_XOR_IN(i, M) VY_EXI_##M(i)
#define VY_EXI_MASK(i) \
    b##i = _mm256_aesenclast_epi128(b##i, _mm256_xor_si256(kl, VY_IN(i, MASK)));
/* A whole step's last round as one asm statement (VY_AT7: expanded with
 * register 7, the last of the step, so that all 8 exist): the input
 * XORed into the key four registers at a time, each four followed by
 * their rounds (CTR and CFB decryption 16 KiB 1.01-1.04x on Zen 4 beside
 * VY_ROUND8). */
#define VY_EXI_FULL(i) VY_AT7(i, VY_EXI_ALL8)
/* X for register 7, nothing for the others: a statement over all 8
 * registers of a whole step, in the per-register expansion. */
#define VY_AT7(i, X) VY_AT7_##i(X)
#define VY_AT7_0(X)
#define VY_AT7_1(X)
#define VY_AT7_2(X)
#define VY_AT7_3(X)
#define VY_AT7_4(X)
#define VY_AT7_5(X)
#define VY_AT7_6(X)
#define VY_AT7_7(X) X()
#define VY_EXI_ALL8()                                                                              \
    {                                                                                              \
        const __m256i kl_ = kl;                                                                    \
        __m256i t0_, t1_, t2_, t3_;                                                                \
        __asm__("vpxor 0(%[p]), %[k], %[t0]\n\tvpxor 32(%[p]), %[k], %[t1]\n\t"                    \
                "vpxor 64(%[p]), %[k], %[t2]\n\tvpxor 96(%[p]), %[k], %[t3]\n\t"                   \
                "vaesenclast %[t0], %[b0], %[b0]\n\tvaesenclast %[t1], %[b1], %[b1]\n\t"           \
                "vaesenclast %[t2], %[b2], %[b2]\n\tvaesenclast %[t3], %[b3], %[b3]\n\t"           \
                "vpxor 128(%[p]), %[k], %[t0]\n\tvpxor 160(%[p]), %[k], %[t1]\n\t"                 \
                "vpxor 192(%[p]), %[k], %[t2]\n\tvpxor 224(%[p]), %[k], %[t3]\n\t"                 \
                "vaesenclast %[t0], %[b4], %[b4]\n\tvaesenclast %[t1], %[b5], %[b5]\n\t"           \
                "vaesenclast %[t2], %[b6], %[b6]\n\tvaesenclast %[t3], %[b7], %[b7]"             \
                : [b0] "+x"(b0), [b1] "+x"(b1), [b2] "+x"(b2), [b3] "+x"(b3), [b4] "+x"(b4),       \
                  [b5] "+x"(b5), [b6] "+x"(b6), [b7] "+x"(b7), [t0] "=&x"(t0_), [t1] "=&x"(t1_),   \
                  [t2] "=&x"(t2_), [t3] "=&x"(t3_)                                                 \
                : [p] "r"(in), [k] "x"(kl_), "m"(*(const uint8_t(*)[256])in));                     \
    }

/* Round keys.  Held in registers, the 11..15 keys do not fit beside the
 * 8 blocks: the compiler spills some (stores of the broadcast copies,
 * loads as memory operands of every block's round, and a wipe of the
 * copies at the end).  Read from the schedule instead, broadcast as each
 * round needs them (a load, off the vector ports) through a pointer made
 * opaque once per step (VY_STEP_BEGIN, so that the loads cannot be
 * hoisted out of the loop), they cost nothing per call but a load a
 * round.  CTR always reads them from memory (its counter registers leave
 * still fewer: 3-6 % faster at 1-16 KiB), and so do CBC and CFB
 * decryption (VY_CHAIN_KEYS: AMD Zen 4, 16-256 KiB 1.01-1.03x, AES-128-CFB
 * level); ECB and XTS for messages under VY_MEMK_MAX blocks (the VAES_MEMK
 * copy; SHORT and TAIL copies too), and in registers beyond, where the
 * loads cost more than the spills (AES-128/256-ECB: memory keys
 * 1.03-1.09x at 1-2 KiB, level at 4-8 KiB, 0.99-0.996x at 16-256 KiB).
 * (VAES_KEYS_MODE, lib/aes/x86_64/aes_vaes_common.h.) */
#define VY_MEMK_MAX 512
#define VAES_KEY_BCAST vy_bcast
#include "aes/x86_64/aes_vaes_keys.h"
#define VY_KEYS_MODE(rk, memk) VAES_KEYS_MODE(__m256i, vy_bcast, _mm256_setzero_si256(), rk, memk)
#define VY_KEYS(rk) VY_KEYS_MODE(rk, (small & VAES_MEMK) || (small & 3) != VAES_FULL)
#define VY_STEP_BEGIN VAES_STEP_MEMK
/* CBC and CFB decryption: memory keys in every copy, so no VAES_MEMK one. */
#define VY_CHAIN_KEYS(rk) VY_KEYS_MODE(rk, 1)
#define VY_CHAIN_MEMK_MAX 0
/* 2 blocks per register; messages of up to two registers take the short
 * copy of each operation. */
#define VY_RUN(SMALL, STEP, NEXT, A, B) VAES_RUN(VY, 2, 0, SMALL, STEP, NEXT, A, B)
#define VY_SMALL 4
#define VY_STEP 16 /* blocks per whole step (8 registers) */

/* ---- ECB --------------------------------------------------------------- */

#define VY_ECB_LOAD(i, M) b##i = _mm256_xor_si256(VY_IN(i, M), k0);

VAES_DEFINE_ECB(VY)

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

/* Register i's lane offsets 2i and 2i+1, in the low halves. */
#define VY_OFF(i) _mm256_set_epi64x(0, 2 * (i) + 1, 0, 2 * (i))
#define VY_CTR_FAST(i, M) b##i = _mm256_shuffle_epi8(_mm256_add_epi64(ctr, VY_OFF(i)), bswap);
#define VY_CTR_SLOW(i, M) b##i = _mm256_shuffle_epi8(vy_add128(ctr, VY_OFF(i)), bswap);
/* The same offsets added to the big-endian counter's last byte (the top
 * byte of each lane's high qword): exact when that byte cannot wrap. */
#define VY_BE(x) ((long long)((x) << 56))
#define VY_OFFBE(i) _mm256_set_epi64x(VY_BE(2 * (i) + 1ULL), 0, VY_BE(2 * (i) + 0ULL), 0)
#define VY_CTR_BE(i, M) b##i = _mm256_add_epi64(cbe, VY_OFFBE(i));
#define VY_SHUF _mm256_shuffle_epi8
#define VY_ADD128 vy_add128
#define VY_ADD64 _mm256_add_epi64
#define VY_LO vy_lo

#define VY_CTR_KEYS(rk) VY_KEYS_MODE(rk, 1)
#define VY_CTR_STEP_BEGIN VY_STEP_BEGIN
VAES_DEFINE_CTR(VY, 2)

/* The keystream of a secret counter: the short copy inline, the others out
 * of line, split as the other parallel operations are (VAES_SPLIT_ENTRY). */
VAES_FORCE_INLINE void vy_ctr_secret_body(const axiom_bc_ks *ks, uint8_t *out, size_t n,
                                          uint8_t iv[AXIOM_BC_BLOCK], const int small)
{
    VAES_CTR_SECRET_BODY(VY, 2);
}

static __attribute__((noinline)) void vy_ctr_secret_long(const axiom_bc_ks *ks, uint8_t *out,
                                                         size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    vy_ctr_secret_body(ks, out, n, iv, VAES_FULL);
}

static __attribute__((noinline)) void vy_ctr_secret_tail(const axiom_bc_ks *ks, uint8_t *out,
                                                         size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    vy_ctr_secret_body(ks, out, n, iv, VAES_TAIL);
}

static void vy_ctr_secret(const axiom_bc_ks *ks, uint8_t *out, size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    if (n <= VY_SMALL)
        vy_ctr_secret_body(ks, out, n, iv, VAES_SHORT);
    else if (n < VY_STEP)
        vy_ctr_secret_tail(ks, out, n, iv);
    else
        vy_ctr_secret_long(ks, out, n, iv);
}


/* ---- CBC and CFB decryption -------------------------------------------- */

/* The ciphertext blocks that precede register i's: for i == 0 the chaining
 * value (high lane of ivv) and block 0, otherwise an unaligned load 16 bytes
 * back.  The pointer arithmetic for i == 0 sits in the branch that is never
 * evaluated. */
#define VY_PREV(i, M)                                                                              \
    ((i) == 0 ? _mm256_permute2x128_si256(ivv, VY_IN(0, M), 0x21)                                  \
              : VY_LD_##M(i, in + 32 * (i) - 16))

#define VY_CBC_PRE(i, M) /* (16 registers: the XOR stays in the last round) */
#define VY_CBC_LAST(i, M) VY_CBCL_##M(i)
#define VY_CBCL_MASK(i) \
    b##i = _mm256_aesdeclast_epi128(b##i, _mm256_xor_si256(kl, VY_PREV(i, MASK)));
/* A whole step's last round as one asm statement, as VY_EXI_ALL8 does
 * for the encryption direction: register 0's previous blocks (the
 * chaining value and block 0) come in a register, the others are loads
 * 16 bytes back. */
#define VY_CBCL_FULL(i) VY_AT7(i, VY_CBCL_ALL8)
#define VY_CBCL_ALL8()                                                                             \
    {                                                                                              \
        const __m256i kl_ = kl, x0_ = _mm256_xor_si256(kl_, VY_PREV(0, FULL));                     \
        __m256i t0_, t1_, t2_, t3_;                                                                \
        __asm__("vpxor 16(%[p]), %[k], %[t1]\n\tvpxor 48(%[p]), %[k], %[t2]\n\t"                   \
                "vpxor 80(%[p]), %[k], %[t3]\n\t"                                                  \
                "vaesdeclast %[x0], %[b0], %[b0]\n\tvaesdeclast %[t1], %[b1], %[b1]\n\t"           \
                "vaesdeclast %[t2], %[b2], %[b2]\n\tvaesdeclast %[t3], %[b3], %[b3]\n\t"           \
                "vpxor 112(%[p]), %[k], %[t0]\n\tvpxor 144(%[p]), %[k], %[t1]\n\t"                 \
                "vpxor 176(%[p]), %[k], %[t2]\n\tvpxor 208(%[p]), %[k], %[t3]\n\t"                 \
                "vaesdeclast %[t0], %[b4], %[b4]\n\tvaesdeclast %[t1], %[b5], %[b5]\n\t"           \
                "vaesdeclast %[t2], %[b6], %[b6]\n\tvaesdeclast %[t3], %[b7], %[b7]"             \
                : [b0] "+x"(b0), [b1] "+x"(b1), [b2] "+x"(b2), [b3] "+x"(b3), [b4] "+x"(b4),       \
                  [b5] "+x"(b5), [b6] "+x"(b6), [b7] "+x"(b7), [t0] "=&x"(t0_), [t1] "=&x"(t1_),   \
                  [t2] "=&x"(t2_), [t3] "=&x"(t3_)                                                 \
                : [p] "r"(in), [k] "x"(kl_), [x0] "x"(x0_), "m"(*(const uint8_t(*)[256])in));      \
    }
#define VY_CFB_LOAD(i, M) b##i = _mm256_xor_si256(VY_PREV(i, M), k0);

VAES_DEFINE_CHAIN_DEC(VY, vaes_cbc_dec, vaes_cbc_dec_long, vaes_cbc_dec_tail, vaes_cbc_dec_body,
                      vaes_dec_keys, VAES_CBC_DEC_STEP, VY_DEC)
VAES_DEFINE_CHAIN_DEC(VY, vaes_cfb_dec, vaes_cfb_dec_long, vaes_cfb_dec_tail, vaes_cfb_dec_body,
                      vaes_enc_keys, VAES_CFB_DEC_STEP, VY_ENC)

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
 * the tail step (the last) leaves them for the final tweak. */
#define VY_XTS_ADV_FULL(i) t##i = vy_mulx16(t##i);
#define VY_XTS_ADV_MASK(i)
#define VY_XTS_RUN VY_RUN
#define VY_XTS_ADV(i, M) VY_XTS_ADV_##M(i)
#define VY_XTS_ENCLAST(i, M) b##i = _mm256_aesenclast_epi128(b##i, e##i);
#define VY_XTS_DECLAST(i, M) b##i = _mm256_aesdeclast_epi128(b##i, e##i);

/* Register i holds the tweaks of blocks 2i and 2i+1 of the step, each made
 * straight from the first (one multiply deep, so that the first rounds
 * start early on short inputs); the short copy only uses t0 and t1 (the
 * others are then dead code). */
#define VY_TW(i) vy_mulx(tw_, _mm256_set_epi64x(2 * (i) + 1, 2 * (i) + 1, 2 * (i), 2 * (i)))

VAES_DEFINE_XTS(VY)

/* ---- serial modes and the key schedule: aes_vaes_common.h --------------- */

VAES_SERIAL_ENTRY(vy_cbc_enc, vaes_cbc_enc_nr)
VAES_SERIAL_ENTRY(vy_cfb_enc, vaes_cfb_enc_nr)
VAES_SERIAL_ENTRY(vy_ofb, vaes_ofb_nr)

static void vy_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    aesx_setkey(ks, key, keylen);
}

static void vy_setkey_enc(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    aesx_setkey_enc(ks, key, keylen);
}

static void vy_cmac(const uint8_t *key, size_t keylen, const uint8_t *in, size_t len,
                    uint8_t tag[AXIOM_BC_BLOCK])
{
    aesx_cmac(key, keylen, in, len, tag);
}

const axiom_bc_kernel axiom_aes_vaes_avx2 = {
    .name = "vaes-avx2",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL,
    .constant_time = 1,
    .desc = "VAES on ymm, 16 blocks per iteration",
    /* short copy to 4, tails of 1, 4, 8 ymm, 16 per step, round keys in
     * registers from VY_MEMK_MAX (ECB, XTS) */
    .steps = { 2, 4, 8, 16, VY_MEMK_MAX },
    .setkey = vy_setkey,
    .ecb_enc = vaes_ecb_enc,
    .ecb_dec = vaes_ecb_dec,
    .cbc_enc = vy_cbc_enc,
    .cbc_dec = vaes_cbc_dec,
    .cfb_enc = vy_cfb_enc,
    .cfb_dec = vaes_cfb_dec,
    .ofb = vy_ofb,
    .ctr = vaes_ctr,
    .xts_enc = vaes_xts_enc,
    .xts_dec = vaes_xts_dec,
    .setkey_enc = vy_setkey_enc,
    .ctr_secret = vy_ctr_secret,
    .cmac = vy_cmac,
};
