/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-128/192/256 block-cipher kernel for x86-64 CPUs with VAES and AVX-512,
 * four blocks per zmm register.
 *
 * Interleave: the parallel operations (ECB, CTR, CBC and CFB decryption,
 * XTS) run 8 zmm registers = 32 blocks per iteration.  VAESENC on zmm issues
 * once per cycle with a latency of 3 to 4 cycles (4 on Zen 4), so 8
 * independent chains keep the AES unit busy with room for the loads, XORs
 * and stores (limits: doc/design/aes.md).  The tail
 * (1..31 blocks; XTS 1..15) is one masked step of 8, 4, 2 or 1 registers
 * (per-register AVX-512 masks on the loads and stores), so a short tail is
 * not serialised.
 * The round keys are broadcast to the four lanes once per call.  Messages
 * of up to 4 blocks take a short copy of each operation (one register, only
 * what it needs, no spills; ECB of one block on xmm), longer ones the
 * general copy out of line; the machinery is shared with the ymm kernel
 * (aes_vaes_common.h).
 *
 * Fused into the block loop:
 * - CTR: lane j of register i holds counter + 4i + j.  When a step cannot
 *   carry out of the counter's last byte (tested once per step, on the
 *   public counter) 4i + j is added to that byte of the big-endian counter.
 *   Otherwise counter blocks are built as 128-bit little-endian integers
 *   and turned big-endian with one VPSHUFB.  When a step cannot carry out
 *   of the low 64 bits (tested the same way) a 64-bit lane add is exact;
 *   otherwise an unsigned compare into a mask
 *   propagates the carry into the high half, so the counter wraps modulo
 *   2^128.  The keystream XOR rides on the last round key.
 * - CBC/CFB decryption: the previous ciphertext blocks are unaligned loads
 *   16 bytes back (VALIGNQ with the chaining value for the first register),
 *   XORed into the last round key (CBC) or used as the cipher input (CFB).
 * - XTS: four successive tweaks per register, in steps of 4 registers =
 *   16 blocks (VAES_RUN4; below).  The 4 tweak registers advance by
 *   alpha^16 per step (byte shifts plus one carry-less multiply for the
 *   reduction) as soon as the step has used them on its input, so the next
 *   step never waits for them; they enter with the first round key in one
 *   VPTERNLOGQ and leave folded into the last round key.  Ciphertext
 *   stealing is in the glue (lib/api/cipher.c).
 * - The secret-counter keystream (ctr_secret): the same lanes, counter +
 *   4i + j, always made by the masked 128-bit add (no test on the
 *   counter); the blocks are stored as encrypted.
 * CBC/CFB encryption and OFB are serial, on 128-bit VEX registers
 * (aes_vaes_common.h); the key schedule is aes_x86_keys.h.
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

static inline __m512i vz_bcast(const __m128i *rk, unsigned r)
{
    return _mm512_broadcast_i32x4(_mm_load_si128(rk + r));
}

static inline __m512i vz_load(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

static inline void vz_store(uint8_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}

static inline __m512i vz_bcast128(__m128i x)
{
    return _mm512_broadcast_i32x4(x);
}

/* ---- multi-block machinery (aes_vaes_common.h), zmm primitives ----------
 * M is FULL (plain 64-byte loads and stores) or MASK (the tail: register i
 * loads and stores only the qwords set in bits 8i..8i+7 of mall_, and
 * masked-off memory is never touched). */
#define VZ_TAIL const uint64_t mall_ = (UINT64_C(1) << (2 * n)) - 1
#define VZ_MASK(i) ((__mmask8)(mall_ >> (8 * (i))))
#define VZ_LD_FULL(i, p) vz_load(p)
#define VZ_LD_MASK(i, p) _mm512_maskz_loadu_epi64(VZ_MASK(i), (const void *)(p))
#define VZ_ST_FULL(i, p, v) vz_store((p), (v))
#define VZ_ST_MASK(i, p, v) _mm512_mask_storeu_epi64((void *)(p), VZ_MASK(i), (v))
/* FULL4: whole steps of 4 registers (XTS's, and a tail of 4 to 6
 * registers' blocks in the other modes: VAES_RUN_N's T4). */
#define VZ_LD_FULL4(i, p) vz_load(p)
#define VZ_ST_FULL4(i, p, v) vz_store((p), (v))
#define VZ_IN(i, M) VZ_LD_##M(i, in + 64 * (i))
#define VZ_BCAST128 vz_bcast128
#define VZ_V __m512i
#define VZ_CAST128 _mm512_castsi512_si128
#define VZ_END (void)0

#define VZ_DECL(i, M) __m512i b##i;
#define VZ_STORE(i, M) VZ_ST_##M(i, out + 64 * (i), b##i);
#define VZ_XORK0(i, M) b##i = _mm512_xor_si512(b##i, k0);
#define VZ_ENC(i, M) b##i = _mm512_aesenc_epi128(b##i, k_);
#define VZ_DEC(i, M) b##i = _mm512_aesdec_epi128(b##i, k_);
#define VZ_XTS_ENC(i, M) VZ_ENC(i, M)
#define VZ_XTS_DEC(i, M) VZ_DEC(i, M)
#define VZ_XTS_ENC8(M) VAES_EACH8(VZ_ENC, M)
#define VZ_XTS_DEC8(M) VAES_EACH8(VZ_DEC, M)
#define VZ_ENC8(M) VAES_EACH8(VZ_ENC, M)
#define VZ_DEC8(M) VAES_EACH8(VZ_DEC, M)
#define VZ_ENCLAST(i, M) b##i = _mm512_aesenclast_epi128(b##i, kl);
#define VZ_DECLAST(i, M) b##i = _mm512_aesdeclast_epi128(b##i, kl);
/* The last round ends by XORing its key, so a value XORed into that key is
 * XORed into the output for free. */
#define VZ_ENCLAST_XOR_IN(i, M) \
    b##i = _mm512_aesenclast_epi128(b##i, _mm512_xor_si512(kl, VZ_IN(i, M)));

/* Round keys: in registers (32 of them, no spills), except in CTR's
 * copies for whole steps, which read them from the schedule, broadcast as
 * each round needs them, through a pointer made opaque once per step
 * (VZ_STEP_BEGIN) so that the loads stay in the loop, as libgcrypt's
 * loops do: on AMD Zen 4, AES-128/192/256-CTR 600 B - 16 KiB 1.02-1.05x
 * (ECB and CBC decryption measured 0.976-1.0x that way and keep their
 * registers).  (VAES_KEYS_MODE, lib/aes/x86_64/aes_vaes_common.h.) */
#define VAES_KEY_BCAST vz_bcast
#include "aes/x86_64/aes_vaes_keys.h"
#define VZ_KEYS_MODE(rk, memk) VAES_KEYS_MODE(__m512i, vz_bcast, _mm512_setzero_si512(), rk, memk)
#define VZ_KEYS(rk) VZ_KEYS_MODE(rk, 0)
#define VZ_STEP_BEGIN VAES_STEP_MEMK
#define VZ_MEMK_MAX 0 /* (the VAES_MEMK copies: not used here) */
#define VZ_CHAIN_KEYS VZ_KEYS
#define VZ_CHAIN_MEMK_MAX 0
/* 4 blocks per register; messages of up to one register take the short
 * copy of each operation. */
#define VZ_RUN(SMALL, STEP, NEXT, A, B) VAES_RUN(VZ, 4, 1, SMALL, STEP, NEXT, A, B)
#define VZ_SMALL 4
#define VZ_STEP 32 /* blocks per whole step (8 registers) */

/* ---- ECB --------------------------------------------------------------- */

#define VZ_ECB_LOAD(i, M) b##i = _mm512_xor_si512(VZ_IN(i, M), k0);

VAES_DEFINE_ECB(VZ)

/* ---- CTR --------------------------------------------------------------- */

/* @x in the low half of every 128-bit lane. */
static inline __m512i vz_lo(uint64_t x)
{
    const long long v = (long long)x;
    return _mm512_set_epi64(0, v, 0, v, 0, v, 0, v);
}

/* 128-bit lane add of @inc (low halves only): a low half that wrapped is
 * smaller than what was added, and its carry goes to the qword above. */
static inline __m512i vz_add128(__m512i v, __m512i inc)
{
    const __m512i s = _mm512_add_epi64(v, inc);
    const __mmask8 carry = _mm512_cmplt_epu64_mask(s, inc);
    return _mm512_mask_sub_epi64(s, (__mmask8)(carry << 1), s, _mm512_set1_epi64(-1));
}

/* Register i's lane offsets 4i .. 4i+3, in the low halves. */
#define VZ_OFF(i) _mm512_set_epi64(0, 4 * (i) + 3, 0, 4 * (i) + 2, 0, 4 * (i) + 1, 0, 4 * (i))
#define VZ_CTR_FAST(i, M) b##i = _mm512_shuffle_epi8(_mm512_add_epi64(ctr, VZ_OFF(i)), bswap);
#define VZ_CTR_SLOW(i, M) b##i = _mm512_shuffle_epi8(vz_add128(ctr, VZ_OFF(i)), bswap);
#define VZ_ADD128 vz_add128
#define VZ_ADD64 _mm512_add_epi64
#define VZ_LO vz_lo
/* The same offsets added to the big-endian counter's last byte (the top
 * byte of each lane's high qword): exact when that byte cannot wrap. */
#define VZ_BE(x) ((long long)((x) << 56))
#define VZ_OFFBE(i)                                                                                \
    _mm512_set_epi64(VZ_BE(4 * (i) + 3ULL), 0, VZ_BE(4 * (i) + 2ULL), 0, VZ_BE(4 * (i) + 1ULL), 0, \
                     VZ_BE(4 * (i) + 0ULL), 0)
#define VZ_CTR_BE(i, M) b##i = _mm512_add_epi64(cbe, VZ_OFFBE(i));
#define VZ_SHUF _mm512_shuffle_epi8

#define VZ_CTR_KEYS(rk) VZ_KEYS_MODE(rk, (small & 3) == VAES_FULL)
#define VZ_CTR_STEP_BEGIN VZ_STEP_BEGIN
VAES_DEFINE_CTR(VZ, 4)

/* The keystream of a secret counter: the short copy inline, the others out
 * of line, split as the other parallel operations are (VAES_SPLIT_ENTRY). */
VAES_FORCE_INLINE void vz_ctr_secret_body(const axiom_bc_ks *ks, uint8_t *out, size_t n,
                                          uint8_t iv[AXIOM_BC_BLOCK], const int small)
{
    VAES_CTR_SECRET_BODY(VZ, 4);
}

static __attribute__((noinline)) void vz_ctr_secret_long(const axiom_bc_ks *ks, uint8_t *out,
                                                         size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    vz_ctr_secret_body(ks, out, n, iv, VAES_FULL);
}

static __attribute__((noinline)) void vz_ctr_secret_tail(const axiom_bc_ks *ks, uint8_t *out,
                                                         size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    vz_ctr_secret_body(ks, out, n, iv, VAES_TAIL);
}

static void vz_ctr_secret(const axiom_bc_ks *ks, uint8_t *out, size_t n, uint8_t iv[AXIOM_BC_BLOCK])
{
    if (n <= VZ_SMALL)
        vz_ctr_secret_body(ks, out, n, iv, VAES_SHORT);
    else if (n < VZ_STEP)
        vz_ctr_secret_tail(ks, out, n, iv);
    else
        vz_ctr_secret_long(ks, out, n, iv);
}

/* ---- CBC and CFB decryption -------------------------------------------- */

/* The ciphertext blocks that precede register i's: for i == 0 the chaining
 * value (lane 3 of ivv) followed by blocks 0..2, otherwise an unaligned load
 * 16 bytes back.  The pointer arithmetic for i == 0 sits in the branch that
 * is never evaluated. */
#define VZ_PREV(i, M)                                                                              \
    ((i) == 0 ? _mm512_alignr_epi64(VZ_IN(0, M), ivv, 6) : VZ_LD_##M(i, in + 64 * (i) - 16))

/* The last round's key XOR the previous ciphertext, made before the
 * rounds (VZ_CBC_PRE): the loads 16 bytes back cross cache lines, and
 * issued with the last round they delayed it. */
#define VZ_CBC_PRE(i, M) const __m512i t##i = _mm512_xor_si512(kl, VZ_PREV(i, M));
#define VZ_CBC_LAST(i, M) b##i = _mm512_aesdeclast_epi128(b##i, t##i);
#define VZ_CFB_LOAD(i, M) b##i = _mm512_xor_si512(VZ_PREV(i, M), k0);

VAES_DEFINE_CHAIN_DEC(VZ, vaes_cbc_dec, vaes_cbc_dec_long, vaes_cbc_dec_tail, vaes_cbc_dec_body,
                      vaes_dec_keys, VAES_CBC_DEC_STEP, VZ_DEC)
VAES_DEFINE_CHAIN_DEC(VZ, vaes_cfb_dec, vaes_cfb_dec_long, vaes_cfb_dec_tail, vaes_cfb_dec_body,
                      vaes_enc_keys, VAES_CFB_DEC_STEP, VZ_ENC)

/* ---- XTS --------------------------------------------------------------- */

/* Each 128-bit lane times alpha^k, k per lane in @cnt (0..56, the same in
 * both qwords of a lane); see vaes_xts_mulx128.  A shift count of 64 gives
 * 0, so k = 0 leaves the lane as it is. */
static inline __m512i vz_mulx(__m512i t, __m512i cnt)
{
    const __m512i s = _mm512_srlv_epi64(t, _mm512_sub_epi64(_mm512_set1_epi64(64), cnt));
    const __m512i r = _mm512_clmulepi64_epi128(s, _mm512_set1_epi64(0x87), 0x01);
    return _mm512_ternarylogic_epi64(_mm512_sllv_epi64(t, cnt), _mm512_bslli_epi128(s, 8), r,
                                     0x96);
}

/* Each lane times alpha^16 = a 2-byte shift, plus the top 16 bits reduced;
 * byte shifts and the multiply run beside the AES unit, not on it. */
static inline __m512i vz_mulx16(__m512i t)
{
    const __m512i top = _mm512_bsrli_epi128(t, 14);
    return _mm512_xor_si512(_mm512_bslli_epi128(t, 2),
                            _mm512_clmulepi64_epi128(top, _mm512_set1_epi64(0x87), 0x00));
}

#define VZ_XTS_LOAD(i, M) b##i = _mm512_ternarylogic_epi64(VZ_IN(i, M), t##i, k0, 0x96);
#define VZ_XTS_KEYLAST(i, M) const __m512i e##i = _mm512_xor_si512(kl, t##i);
/* XTS runs whole steps of 4 registers (VAES_RUN4: FULL4), not 8: with 8 the
 * tweaks, blocks, round keys and last-round keys do not fit in the 32
 * registers and the compiler's spills and order start some registers'
 * rounds late, which on Emerald Rapids cost 9-11 TSC cycles a call of
 * 512 B - 1 KiB (doc/PERFORMANCE.md; not measured on Zen 4, where four
 * chains of 4-cycle rounds just fill the AES unit).  A whole step moves
 * its tweaks on by 16 blocks as soon as they have been used on the input,
 * so that the next step's inputs do not wait for them; the tail step (the
 * last) leaves them for the final tweak. */
#define VZ_XTS_RUN(SMALL, STEP, NEXT, A, B) VAES_RUN4(VZ, 4, SMALL, STEP, A, B)
#define VZ_XTS_ADV_FULL4(i) t##i = vz_mulx16(t##i);
#define VZ_XTS_ADV_MASK(i)
#define VZ_XTS_ADV(i, M) VZ_XTS_ADV_##M(i)
#define VZ_XTS_ENCLAST(i, M) b##i = _mm512_aesenclast_epi128(b##i, e##i);
#define VZ_XTS_DECLAST(i, M) b##i = _mm512_aesdeclast_epi128(b##i, e##i);

/* Register i holds the tweaks of blocks 4i .. 4i+3 of the step, each made
 * straight from the first (one multiply deep, so that the first rounds
 * start early on short inputs); the steps of 4 registers use t0..t3, the
 * short copy t0 and t1 (the others are then dead code). */
#define VZ_TW(i)                                                                                   \
    vz_mulx(tw_, _mm512_set_epi64(4 * (i) + 3, 4 * (i) + 3, 4 * (i) + 2, 4 * (i) + 2,             \
                                  4 * (i) + 1, 4 * (i) + 1, 4 * (i), 4 * (i)))

VAES_DEFINE_XTS(VZ)

/* ---- serial modes and the key schedule: aes_vaes_common.h --------------- */

VAES_SERIAL_ENTRY(vz_cbc_enc, vaes_cbc_enc_nr)
VAES_SERIAL_ENTRY(vz_cfb_enc, vaes_cfb_enc_nr)
VAES_SERIAL_ENTRY(vz_ofb, vaes_ofb_nr)

static void vz_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    aesx_setkey(ks, key, keylen);
}

static void vz_setkey_enc(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    aesx_setkey_enc(ks, key, keylen);
}

static void vz_cmac(const uint8_t *key, size_t keylen, const uint8_t *in, size_t len,
                    uint8_t tag[AXIOM_BC_BLOCK])
{
    aesx_cmac(key, keylen, in, len, tag);
}

const axiom_bc_kernel axiom_aes_vaes_avx512 = {
    .name = "vaes-avx512",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL |
                AXIOM_CPU_AVX512,
    .constant_time = 1,
    .desc = "VAES on zmm, 32 blocks per iteration",
    /* short copy to 4; tails of 2, 4 and 8 registers, a tail of 16-24
     * blocks as a whole step of 4 and a tail of 1 or 2 (XTS: steps of 16);
     * 32 per step, and a tail of 16-24 after them (32 + 24). */
    .steps = { 4, 8, 16, 24, 32, 56 },
    .setkey = vz_setkey,
    .ecb_enc = vaes_ecb_enc,
    .ecb_dec = vaes_ecb_dec,
    .cbc_enc = vz_cbc_enc,
    .cbc_dec = vaes_cbc_dec,
    .cfb_enc = vz_cfb_enc,
    .cfb_dec = vaes_cfb_dec,
    .ofb = vz_ofb,
    .ctr = vaes_ctr,
    .xts_enc = vaes_xts_enc,
    .xts_dec = vaes_xts_dec,
    .setkey_enc = vz_setkey_enc,
    .ctr_secret = vz_ctr_secret,
    .cmac = vz_cmac,
};
