/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The body of the two AVX2 SM4 kernels (GFNI and AES-NI S-box), which
 * differ only in their S-box: ymm sets of 8 blocks, SM4A_WIDE sets per
 * iteration of the parallel loops (lib/sm4/x86_64/sm4_simd.h; four for GFNI,
 * eight for AES-NI, whose bulk rounds are the inline assembly
 * SM4A_ROUNDSW_MEM of lib/sm4/x86_64/sm4_aes_avx2.h, with its key-schedule
 * part SM4A(asm_keys)), and xmm sets of 4 blocks for short inputs, the
 * serial modes and the key schedule.
 * Only AVX2-era VEX instructions: no EVEX, no zmm.
 *
 * The includer defines SM4A(name) (a unique name prefix); the y-domain
 * functions (lib/sm4/x86_64/sm4_simd.h) SM4A(toy_y), SM4A(fromy_y),
 * SM4A(yxl_y) on __m256i and SM4A(toy_x), SM4A(fromy_x), SM4A(yxl_x) on
 * __m128i; SM4A(sbox_x), the plain S-box on __m128i, for the key schedule
 * and SM4A(keys_toy)(uint32_t *), the 64 round keys into the y domain; and
 * SM4A_KERNEL, SM4A_NAME and SM4A_FEATURES for the descriptor. */

#ifndef SM4A_WIDE
#define SM4A_WIDE 4
#endif
#define SM4V(name) SM4A(y_##name)
#define V_T __m256i
#define V_NB 8
#define V_WIDE SM4A_WIDE
#ifdef SM4A_ROUNDSW_MEM
#define V_ROUNDSW_MEM SM4A_ROUNDSW_MEM
#define V_ROUNDSW_MEM_HALF SM4A_ROUNDSW_MEM_HALF
#define V_ROUNDSW_MEM_2 SM4A_ROUNDSW_MEM_2
#endif
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define V_STORE_NT(p, v) _mm256_stream_si256((__m256i *)(void *)(p), (v))
#define V_STORE_NT16(p, v)                                                          \
    do {                                                                            \
        _mm_stream_si128((__m128i *)(void *)(p), _mm256_castsi256_si128(v));        \
        _mm_stream_si128((__m128i *)(void *)((p) + 16), _mm256_extracti128_si256((v), 1)); \
    } while (0)
#define V_SET1(x) _mm256_set1_epi32((int)(x))
#define V_XOR(a, b) _mm256_xor_si256((a), (b))
#define V_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256((a), (b)), (c))
#define V_ADD32(a, b) _mm256_add_epi32((a), (b))
#define V_BSWAP(v) \
    _mm256_shuffle_epi8((v), _mm256_broadcastsi128_si256(_mm_setr_epi8(AXIOM_SM4_BSWAP_BYTES)))
#define V_UNPACKLO32 _mm256_unpacklo_epi32
#define V_UNPACKHI32 _mm256_unpackhi_epi32
#define V_UNPACKLO64 _mm256_unpacklo_epi64
#define V_UNPACKHI64 _mm256_unpackhi_epi64
#define V_TOY SM4A(toy_y)
#define V_FROMY SM4A(fromy_y)
#define V_YXL SM4A(yxl_y)
#define V_CTR_OFF _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)
#define V_PREV(cur, before) _mm256_permute2x128_si256((before), (cur), 0x21)
#define V_IV(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define V_STORE_LAST(p, v) \
    _mm_storeu_si128((__m128i *)(void *)(p), _mm256_extracti128_si256((v), 1))
#include "sm4/x86_64/sm4_simd.h"

#define SM4V(name) SM4A(x_##name)
#define V_T __m128i
#define V_NB 4
#define V_WIDE 2
#define V_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define V_SET1(x) _mm_set1_epi32((int)(x))
#define V_XOR(a, b) _mm_xor_si128((a), (b))
#define V_XOR3(a, b, c) _mm_xor_si128(_mm_xor_si128((a), (b)), (c))
#define V_ADD32(a, b) _mm_add_epi32((a), (b))
#define V_BSWAP(v) _mm_shuffle_epi8((v), _mm_setr_epi8(AXIOM_SM4_BSWAP_BYTES))
#define V_UNPACKLO32 _mm_unpacklo_epi32
#define V_UNPACKHI32 _mm_unpackhi_epi32
#define V_UNPACKLO64 _mm_unpacklo_epi64
#define V_UNPACKHI64 _mm_unpackhi_epi64
#define V_TOY SM4A(toy_x)
#define V_FROMY SM4A(fromy_x)
#define V_YXL SM4A(yxl_x)
#ifdef SM4A_HAVE_YXL1
#define V_YXL1 SM4A(yxl1_x)
#endif
#define V_CTR_OFF _mm_setr_epi32(0, 1, 2, 3)
#define V_PREV(cur, before) (before)
#define V_IV(p) V_LOAD(p)
#define V_STORE_LAST(p, v) V_STORE((p), (v))
#include "sm4/x86_64/sm4_simd.h"

/* ---- the kernel ------------------------------------------------------------ */

static inline const uint32_t *SM4A(enc_keys)(const axiom_bc_ks *ks)
{
    return (const uint32_t *)(const void *)ks->w;
}

static inline const uint32_t *SM4A(dec_keys)(const axiom_bc_ks *ks)
{
    return (const uint32_t *)(const void *)((const unsigned char *)ks->w + AXIOM_SM4_DEC_OFFSET);
}

/* GB/T 32907-2016, 7.3, with the S-box on xmm (no table). */
static void SM4A(setkey)(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    uint32_t *ek = (uint32_t *)(void *)ks->w;
    uint32_t *dk = (uint32_t *)(void *)((unsigned char *)ks->w + AXIOM_SM4_DEC_OFFSET);
    uint32_t k[4];
    (void)keylen;
    for (unsigned j = 0; j < 4; j++)
        k[j] = axiom_load32_be(key + 4 * j) ^ axiom_sm4_fk(j);
    for (unsigned i = 0; i < 32; i++) {
        uint32_t t = k[(i + 1) & 3] ^ k[(i + 2) & 3] ^ k[(i + 3) & 3] ^ axiom_sm4_ck(i);
        uint32_t s = (uint32_t)_mm_cvtsi128_si32(SM4A(sbox_x)(_mm_cvtsi32_si128((int)t)));
        k[i & 3] ^= axiom_sm4_lk(s);
        ek[i] = k[i & 3];
    }
    for (unsigned i = 0; i < 32; i++)
        dk[i] = ek[31 - i];
    SM4A(keys_toy)(ek); /* and dk, which follows */
#ifdef SM4A_ROUNDSW_MEM
    SM4A(asm_keys)(ek);
    SM4A(asm_keys)(dk);
#endif
#ifdef SM4A_BS
    SM4A(bs_keys)((uint32_t *)(void *)ks->w + SM4B_KS_ENC, ek);
    SM4A(bs_keys)((uint32_t *)(void *)ks->w + SM4B_KS_DEC, dk);
#endif
    ks->rounds = AXIOM_SM4_ROUNDS;
    axiom_wipe(k, sizeof k);
}

#ifdef SM4A_BS
/* The byte-sliced keys of a direction (lib/sm4/x86_64/sm4_aes_bs.h). */
#define SM4A_BSK(ks, dir) ((const uint32_t *)(const void *)(ks)->w + SM4B_KS_##dir)
/* Whole iterations of the byte-sliced bulk path first; the rest below. */
#define SM4A_BS_FIRST(call)                                                                   \
    do {                                                                                      \
        const size_t bs_done_ = (call);                                                       \
        out += 16 * bs_done_;                                                                 \
        in += 16 * bs_done_;                                                                  \
        n -= bs_done_;                                                                        \
    } while (0)
#else
#define SM4A_BS_FIRST(call) ((void)0)
#endif

/* Fewer than 8 blocks on xmm, more on ymm. */
static void SM4A(ecb_enc)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    SM4A_BS_FIRST(SM4A(bs_ecb)(SM4A_BSK(ks, ENC), out, in, n));
    if (n <= 4)
        SM4A(x_ecb)(SM4A(enc_keys)(ks), out, in, n);
    else
        SM4A(y_ecb)(SM4A(enc_keys)(ks), out, in, n);
}

static void SM4A(ecb_dec)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    SM4A_BS_FIRST(SM4A(bs_ecb)(SM4A_BSK(ks, DEC), out, in, n));
    if (n <= 4)
        SM4A(x_ecb)(SM4A(dec_keys)(ks), out, in, n);
    else
        SM4A(y_ecb)(SM4A(dec_keys)(ks), out, in, n);
}

static void SM4A(ctr)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                      uint8_t ctr[16])
{
    SM4A_BS_FIRST(SM4A(bs_ctr)(SM4A_BSK(ks, ENC), out, in, n, ctr));
    if (n < 8)
        SM4A(x_ctr)(SM4A(enc_keys)(ks), out, in, n, ctr);
    else
        SM4A(y_ctr)(SM4A(enc_keys)(ks), out, in, n, ctr);
}

static void SM4A(cbc_dec)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    SM4A_BS_FIRST(SM4A(bs_fb_dec)(SM4A_BSK(ks, DEC), out, in, n, iv, 0));
    if (n < 8)
        SM4A(x_cbc_dec)(SM4A(dec_keys)(ks), out, in, n, iv);
    else
        SM4A(y_cbc_dec)(SM4A(dec_keys)(ks), out, in, n, iv);
}

static void SM4A(cfb_dec)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    SM4A_BS_FIRST(SM4A(bs_fb_dec)(SM4A_BSK(ks, ENC), out, in, n, iv, 1));
    if (n < 8)
        SM4A(x_cfb_dec)(SM4A(enc_keys)(ks), out, in, n, iv);
    else
        SM4A(y_cfb_dec)(SM4A(enc_keys)(ks), out, in, n, iv);
}

#undef SM4A_BSK
#undef SM4A_BS_FIRST

/* The serial modes, one block per step on xmm. */
static void SM4A(cbc_enc)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    SM4A(x_cbc_enc1)(SM4A(enc_keys)(ks), out, in, n, iv);
}

static void SM4A(cfb_enc)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    SM4A(x_cfb_enc1)(SM4A(enc_keys)(ks), out, in, n, iv);
}

static void SM4A(ofb)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                      uint8_t iv[16])
{
    SM4A(x_ofb1)(SM4A(enc_keys)(ks), out, in, n, iv);
}

const axiom_bc_kernel SM4A_KERNEL = {
    .name = SM4A_NAME,
    .features = SM4A_FEATURES,
    .constant_time = 1,
    .slow_block = 1,
    .setkey = SM4A(setkey),
    .ecb_enc = SM4A(ecb_enc),
    .ecb_dec = SM4A(ecb_dec),
    .cbc_enc = SM4A(cbc_enc),
    .cbc_dec = SM4A(cbc_dec),
    .cfb_enc = SM4A(cfb_enc),
    .cfb_dec = SM4A(cfb_dec),
    .ofb = SM4A(ofb),
    .ctr = SM4A(ctr),
};
