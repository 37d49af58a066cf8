/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The S-box layer of the AES-NI SM4 kernels (lib/sm4/x86_64/sm4_aesni_avx2.c,
 * AESENCLAST on the xmm halves of a ymm register, and sm4_vaes_avx2.c,
 * VAESENCLAST on the whole ymm register): the y-domain round of
 * lib/sm4/x86_64/sm4_simd.h through SubBytes, the key schedule's plain S-box,
 * then the AVX2 kernel body (lib/sm4/x86_64/sm4_avx2_common.h).
 *
 * The includer defines SM4A(name), SM4A_SUBBYTES_Y(u) (SubBytes after an
 * inverse ShiftRows, i.e. ShiftRows(SubBytes(u)) undone in front, on
 * __m256i), SM4A_ASM_SUBBYTES (the same in the bulk rounds' assembly),
 * SM4A_KERNEL, SM4A_NAME and SM4A_FEATURES. */

/* AESENCLAST applies ShiftRows after SubBytes; this inverse ShiftRows
 * shuffle in front cancels it. */
#define SM4AY_INV_SHIFTROWS 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3

static inline __m128i SM4A(affine_x)(__m128i x, __m128i lo_tab, __m128i hi_tab)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    __m128i lo = _mm_and_si128(x, nib), hi = _mm_and_si128(_mm_srli_epi16(x, 4), nib);
    return _mm_xor_si128(_mm_shuffle_epi8(lo_tab, lo), _mm_shuffle_epi8(hi_tab, hi));
}

static inline __m256i SM4A(affine_y)(__m256i x, __m256i lo_tab, __m256i hi_tab)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    __m256i lo = _mm256_and_si256(x, nib), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nib);
    return _mm256_xor_si256(_mm256_shuffle_epi8(lo_tab, lo), _mm256_shuffle_epi8(hi_tab, hi));
}

static inline __m128i SM4A(sbox_x)(__m128i x)
{
    x = SM4A(affine_x)(x, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
    x = _mm_shuffle_epi8(x, _mm_setr_epi8(SM4AY_INV_SHIFTROWS));
    x = _mm_aesenclast_si128(x, _mm_setzero_si128());
    return SM4A(affine_x)(x, _mm_setr_epi8(AXIOM_SM4_POST_LO), _mm_setr_epi8(AXIOM_SM4_POST_HI));
}

/* The y domain (lib/sm4/sm4.h, lib/sm4/x86_64/sm4_simd.h). */
#define SM4AY_B(bytes) _mm256_broadcastsi128_si256(_mm_setr_epi8(bytes))

static inline __m256i SM4A(toy_y)(__m256i v)
{
    return SM4A(affine_y)(v, SM4AY_B(AXIOM_SM4_M1_LO), SM4AY_B(AXIOM_SM4_M1_HI));
}

static inline __m256i SM4A(fromy_y)(__m256i v)
{
    return SM4A(affine_y)(v, SM4AY_B(AXIOM_SM4_M1INV_LO), SM4AY_B(AXIOM_SM4_M1INV_HI));
}

/* y ^ M1 L(S(x)) for u = M1 x + c1: SubBytes, then the nibbles of its
 * output index the tables of D0 and D3, whose results are rotated and
 * added.  D1 = D0 + D3 (E1 = E0 + E3, lib/sm4/sm4.h), so the D1 term is
 * f0 ^ f3: the constant of f0 enters both the rot8 and the rot16 term and
 * cancels.  Two table lookups and two table registers fewer than looking
 * D1 up, for one cycle more of latency (the xmm version below, which the
 * serial modes use, looks it up). */
static inline __m256i SM4A(yxl_y)(__m256i y, __m256i u)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    u = _mm256_shuffle_epi8(u, SM4AY_B(SM4AY_INV_SHIFTROWS));
    __m256i t = SM4A_SUBBYTES_Y(u);
    __m256i lo = _mm256_and_si256(t, nib), hi = _mm256_and_si256(_mm256_srli_epi16(t, 4), nib);
    __m256i f0 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D0_LO), lo),
                                  _mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D0_HI), hi));
    __m256i f3 = _mm256_xor_si256(_mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D3_LO), lo),
                                  _mm256_shuffle_epi8(SM4AY_B(AXIOM_SM4_D3_HI), hi));
    __m256i f1 = _mm256_xor_si256(f0, f3);
    __m256i a = _mm256_xor_si256(_mm256_xor_si256(y, f0),
                                 _mm256_shuffle_epi8(f1, SM4AY_B(AXIOM_SM4_ROL8_BYTES)));
    __m256i b = _mm256_xor_si256(_mm256_shuffle_epi8(f1, SM4AY_B(AXIOM_SM4_ROL16_BYTES)),
                                 _mm256_shuffle_epi8(f3, SM4AY_B(AXIOM_SM4_ROL24_BYTES)));
    return _mm256_xor_si256(a, b); /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */
}

static inline __m128i SM4A(toy_x)(__m128i v)
{
    return SM4A(affine_x)(v, _mm_setr_epi8(AXIOM_SM4_M1_LO), _mm_setr_epi8(AXIOM_SM4_M1_HI));
}

static inline __m128i SM4A(fromy_x)(__m128i v)
{
    return SM4A(affine_x)(v, _mm_setr_epi8(AXIOM_SM4_M1INV_LO), _mm_setr_epi8(AXIOM_SM4_M1INV_HI));
}

/* Keeps gcc from reassociating the XOR tree below (it moved y, which is
 * ready early, to the end of the dependency chain). */
#define SM4AX_OPAQUE(v) __asm__("" : "+x"(v))

/* y ^ M1 L(S(x)) on xmm from the S-box input u after the inverse
 * ShiftRows: SubBytes, then the nibble tables of D0, D1 and D3 and the
 * rotations (a statement list ending in return, written once for the two
 * functions below). */
#define SM4AX_YXL_FROM(y, u)                                                                       \
    const __m128i nib = _mm_set1_epi8(0x0f);                                                       \
    __m128i t = _mm_aesenclast_si128(u, _mm_setzero_si128());                                      \
    __m128i lo = _mm_and_si128(t, nib), hi = _mm_and_si128(_mm_srli_epi16(t, 4), nib);             \
    __m128i f0 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D0_LO), lo),               \
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D0_HI), hi));              \
    __m128i f1 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D1_LO), lo),               \
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D1_HI), hi));              \
    __m128i f3 = _mm_xor_si128(_mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D3_LO), lo),               \
                               _mm_shuffle_epi8(_mm_setr_epi8(AXIOM_SM4_D3_HI), hi));              \
    __m128i a = _mm_xor_si128(y, f0);                                                              \
    SM4AX_OPAQUE(a);                                                                               \
    a = _mm_xor_si128(a, _mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL8_BYTES)));               \
    __m128i b = _mm_xor_si128(_mm_shuffle_epi8(f1, _mm_setr_epi8(AXIOM_SM4_ROL16_BYTES)),          \
                              _mm_shuffle_epi8(f3, _mm_setr_epi8(AXIOM_SM4_ROL24_BYTES)));         \
    SM4AX_OPAQUE(a);                                                                               \
    SM4AX_OPAQUE(b);                                                                               \
    return _mm_xor_si128(a, b) /* (y ^ f0 ^ rot8) ^ (rot16 ^ rot24): depth 3 */

static inline __m128i SM4A(yxl_x)(__m128i y, __m128i u)
{
    u = _mm_shuffle_epi8(u, _mm_setr_epi8(SM4AY_INV_SHIFTROWS));
    SM4AX_YXL_FROM(y, u);
}

/* The same for a word broadcast to all four 32-bit lanes: ShiftRows moves
 * bytes between the columns (lanes) of the AES state, not within them, so
 * it leaves such a register as it is and the inverse ShiftRows shuffle in
 * front of AESENCLAST is not needed (one shuffle fewer on the serial
 * chain of one block). */
#define SM4A_HAVE_YXL1
static inline __m128i SM4A(yxl1_x)(__m128i y, __m128i u)
{
    SM4AX_YXL_FROM(y, u);
}

/* The 64 stored round keys (both directions): M1 rk + c1 in every byte. */
static void SM4A(keys_toy)(uint32_t *rk)
{
    for (unsigned i = 0; i < 64; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(rk + i));
        v = SM4A(affine_x)(v, _mm_setr_epi8(AXIOM_SM4_PRE_LO), _mm_setr_epi8(AXIOM_SM4_PRE_HI));
        _mm_storeu_si128((__m128i *)(void *)(rk + i), v);
    }
}

/* The bulk rounds of SM4A_WIDE sets (lib/sm4/x86_64/sm4_simd.h's roundsw) in
 * GNU inline assembly, with the state in memory.  A round rewrites one
 * state word per set, so the words are read as memory operands of VPXOR
 * (loads, not ALU work) and the new word is one store, as is the XOR of
 * the two words that two consecutive rounds share; the four nibble tables,
 * the nibble mask, the inverse ShiftRows and the two rotation shuffles stay
 * in eight ymm registers, and four temporaries remain.  (Compiled C kept
 * four sets' state in all sixteen registers and reloaded the constants or
 * spilled state every round.)  The order is round-major: one round of
 * every set, then the next one, so a set's next round enters the scheduler
 * some 8 set-rounds (about 70 core cycles) after its previous one, well
 * after its chain of about 20 cycles has finished; measured, 8 sets run
 * 9.0 core cycles per set-round (AES-NI), 4 sets 11.6, 12 or 16 sets no
 * faster than 8.
 *
 * Per round and set (ALU instructions): S-box input 1.5 XORs, inverse
 * ShiftRows 1, SubBytes SM4A_ASM_SUBBYTES (AES-NI: 2 AESENCLAST, extract,
 * insert; VAES: 1), nibble split 3, f0 = D0(s) and f3 = D3(s) 4 table
 * lookups and 2 XORs, then y ^= f0 ^ r8 f1 ^ r16 f1 ^ r24 f3 (f1 = f0 ^ f3,
 * r8 = rotation by 8 bits) computed as y ^ P(g), g = f0 ^ r8 f3,
 * P = 1 + r8 + r16: 3 rotation shuffles and 4 XORs (the identity
 * (1 + r8 + r16)(f0 + r8 f3) = f0 + r8 f1 + r16 f1 + r24 f3): 22.5
 * (AES-NI) or 19.5 (VAES), plus 2.5 loads or stores and a key broadcast.
 *
 * The round keys are not XORed into the S-box input: the state words are
 * kept masked, z_i = x_i ^ m_i, with masks m_0 = m_1 = m_2 = 0 and
 * m_(i+3) = rk_i ^ m_(i+1) ^ m_(i+2), so that
 * z_(i+1) ^ z_(i+2) ^ z_(i+3) = x_(i+1) ^ x_(i+2) ^ x_(i+3) ^ rk_i, and
 * z_(i+4) = z_i ^ T(z_(i+1) ^ z_(i+2) ^ z_(i+3)) ^ m_i ^ m_(i+4).  The
 * last term is added by the AES round key of SubBytes (AESENCLAST adds it
 * to the SubBytes output): round i uses K_i = Lambda^-1(m_i ^ m_(i+4)),
 * Lambda being the linear map from that key to the round's output (the
 * tables are affine).  One XOR fewer per round; the key schedule stores
 * K and the masks of word 3 in and of the output words (SM4A(setkey)).
 *
 * The includer defines SM4A_ASM_SUBBYTES: SubBytes of %[u] in place, with
 * the round key broadcast in %[a] and %[h] as scratch. */
#ifndef SM4A_WIDE
#define SM4A_WIDE 8
#endif
#define SM4AS_W(w, j) #w "*128+" #j "*32(%[st])"
#define SM4AS_T(w) #w "*32(%[ts])"
/* The S-box input u of the first round of a pair: t = x[j2] ^ x[j3]
 * (kept in memory for the second), u = t ^ x[j1]; of the second:
 * u = t ^ x[j1], x[j1] being the word the first one wrote.  No round key:
 * it is in the masks (below). */
#define SM4AS_IN1(w, j1, j2, j3) \
    "vmovdqu " SM4AS_W(w, j2) ", %[u]\n\t" \
    "vpxor " SM4AS_W(w, j3) ", %[u], %[u]\n\t" \
    "vmovdqu %[u], " SM4AS_T(w) "\n\t" \
    "vpxor " SM4AS_W(w, j1) ", %[u], %[u]\n\t"
#define SM4AS_IN2(w, j1) \
    "vmovdqu " SM4AS_W(w, j1) ", %[u]\n\t" \
    "vpxor " SM4AS_T(w) ", %[u], %[u]\n\t"
/* x[jo] ^= T(u) ^ Lambda(K[ko]). */
#define SM4AS_BODY(w, jo, ko) \
    "vpshufb %[isr], %[u], %[u]\n\t" \
    "vpbroadcastd " #ko "(%[rk]), %[a]\n\t" \
    SM4A_ASM_SUBBYTES \
    "vpsrlw $4, %[u], %[h]\n\t" \
    "vpand %[nib], %[h], %[h]\n\t" \
    "vpand %[nib], %[u], %[u]\n\t" \
    "vpshufb %[u], %[d0l], %[a]\n\t" \
    "vpshufb %[h], %[d0h], %[b]\n\t" \
    "vpxor %[b], %[a], %[a]\n\t" /* f0 */ \
    "vpshufb %[u], %[d3l], %[b]\n\t" \
    "vpshufb %[h], %[d3h], %[u]\n\t" \
    "vpxor %[u], %[b], %[b]\n\t" /* f3 */ \
    "vpshufb %[r8], %[b], %[b]\n\t" \
    "vpxor %[b], %[a], %[a]\n\t" /* g = f0 ^ r8 f3 */ \
    "vpshufb %[r8], %[a], %[u]\n\t" \
    "vpshufb %[r16], %[a], %[h]\n\t" \
    "vpxor %[h], %[u], %[u]\n\t" \
    "vpxor " SM4AS_W(w, jo) ", %[a], %[a]\n\t" \
    "vpxor %[u], %[a], %[a]\n\t" \
    "vmovdqu %[a], " SM4AS_W(w, jo) "\n\t"
/* Rounds 4q .. 4q + 3 of set w, one at a time. */
#define SM4AS_R0(w) SM4AS_IN1(w, 1, 2, 3) SM4AS_BODY(w, 0, 0)
#define SM4AS_R1(w) SM4AS_IN2(w, 0) SM4AS_BODY(w, 1, 4)
#define SM4AS_R2(w) SM4AS_IN1(w, 3, 0, 1) SM4AS_BODY(w, 2, 8)
#define SM4AS_R3(w) SM4AS_IN2(w, 2) SM4AS_BODY(w, 3, 12)
#define SM4AS_SETS4(R) R(0) R(1) R(2) R(3)
#define SM4AS_SETS2(R) R(0) R(1)
#if SM4A_WIDE == 4
#define SM4AS_SETS(R) R(0) R(1) R(2) R(3)
#elif SM4A_WIDE == 6
#define SM4AS_SETS(R) R(0) R(1) R(2) R(3) R(4) R(5)
#elif SM4A_WIDE == 8
#define SM4AS_SETS(R) R(0) R(1) R(2) R(3) R(4) R(5) R(6) R(7)
#else
#error "SM4A_WIDE: 4, 6 or 8"
#endif

/* Lambda^-1 (see above): column b is Lambda^-1 of bit b.  Derived offline
 * from the tables above (Lambda(K) = P(D0' K ^ r8 D3' K), D0' and D3' the
 * linear parts of D0 and D3) by Gaussian elimination and checked on random
 * words; a wrong column would fail every known-answer test of these
 * kernels. */
static const uint32_t SM4A(lambda_inv)[32] = {
    0x6ffbf310, 0x17ff6245, 0x3b890750, 0x59dbf8ea, 0x1d3de736, 0xd4c5be24, 0xece71dd1,
    0x8579c2b1, 0xfbf3106f, 0xff624517, 0x8907503b, 0xdbf8ea59, 0x3de7361d, 0xc5be24d4,
    0xe71dd1ec, 0x79c2b185, 0xf3106ffb, 0x624517ff, 0x07503b89, 0xf8ea59db, 0xe7361d3d,
    0xbe24d4c5, 0x1dd1ece7, 0xc2b18579, 0x106ffbf3, 0x4517ff62, 0x503b8907, 0xea59dbf8,
    0x361d3de7, 0x24d4c5be, 0xd1ece71d, 0xb18579c2,
};

/* Where the key schedule keeps them, relative to the (y-domain) round keys
 * of a direction (enc at word 0, dec at word 32 of ks->w): K_0..K_31 at
 * word 64 (enc 64..95, dec 96..127), then the masks m_3, m_32, m_33, m_34
 * at word 128 (enc 128..131, dec 160..163); m_35 = 0. */
#define SM4AS_K(rk) ((rk) + 64)
#define SM4AS_M(rk) ((rk) + 128)

/* The K and masks of one direction from its 32 round keys. */
static void SM4A(asm_keys)(uint32_t *rk)
{
    uint32_t m[36], *kk = SM4AS_K(rk), *mm = SM4AS_M(rk);
    m[0] = m[1] = m[2] = 0;
    for (unsigned i = 0; i < 32; i++)
        m[i + 3] = rk[i] ^ m[i + 1] ^ m[i + 2];
    m[35] = 0;
    for (unsigned i = 0; i < 32; i++) {
        const uint32_t c = m[i] ^ m[i + 4];
        uint32_t k = 0;
        for (unsigned b = 0; b < 32; b++)
            k ^= SM4A(lambda_inv)[b] & (0u - ((c >> b) & 1u));
        kk[i] = k;
    }
    mm[0] = m[3];
    mm[1] = m[32];
    mm[2] = m[33];
    mm[3] = m[34];
    axiom_wipe(m, sizeof m);
}

/* The rounds of NS sets (the SETS list of set numbers) at @x. */
#define SM4AS_DEFINE_ROUNDS(fname, NS, SETS)                                                  \
    static inline void fname(const uint32_t *rk, __m256i x[][4])                              \
    {                                                                                         \
        const __m256i d0l = SM4AY_B(AXIOM_SM4_D0_LO), d0h = SM4AY_B(AXIOM_SM4_D0_HI);         \
        const __m256i d3l = SM4AY_B(AXIOM_SM4_D3_LO), d3h = SM4AY_B(AXIOM_SM4_D3_HI);         \
        const __m256i isr = SM4AY_B(SM4AY_INV_SHIFTROWS), nib = _mm256_set1_epi8(0x0f);       \
        const __m256i r8 = SM4AY_B(AXIOM_SM4_ROL8_BYTES);                                     \
        const __m256i r16 = SM4AY_B(AXIOM_SM4_ROL16_BYTES);                                   \
        const uint32_t *p = SM4AS_K(rk), *end = SM4AS_K(rk) + 32, *mm = SM4AS_M(rk);         \
        __m256i ts[NS], u, h, a, b;                                                           \
        const __m256i m3 = _mm256_set1_epi32((int)mm[0]);                                     \
        for (int w = 0; w < (NS); w++)                                                        \
            x[w][3] = _mm256_xor_si256(x[w][3], m3);                                          \
        __asm__(".p2align 6\n"                                                                \
                "1:\n\t" SETS(SM4AS_R0) SETS(SM4AS_R1) SETS(SM4AS_R2) SETS(SM4AS_R3)          \
                "add $16, %[rk]\n\t"                                                          \
                "cmp %[end], %[rk]\n\t"                                                       \
                "jne 1b\n\t"                                                                  \
                : [rk] "+r"(p), [u] "=&x"(u), [h] "=&x"(h), [a] "=&x"(a), [b] "=&x"(b),      \
                  "+m"(*(__m256i(*)[NS][4])x), "=m"(ts)                                       \
                : [st] "r"(x), [ts] "r"(ts), [end] "r"(end),                                  \
                  "m"(*(const uint32_t(*)[32])SM4AS_K(rk)), [isr] "x"(isr), [nib] "x"(nib),   \
                  [r8] "x"(r8), [r16] "x"(r16), [d0l] "x"(d0l), [d0h] "x"(d0h),               \
                  [d3l] "x"(d3l), [d3h] "x"(d3h)                                              \
                : "cc");                                                                      \
        (void)u, (void)h, (void)a, (void)b;                                                   \
        axiom_wipe(ts, sizeof ts); /* masked S-box inputs */                                  \
        for (int j = 0; j < 3; j++) {                                                         \
            const __m256i mj = _mm256_set1_epi32((int)mm[1 + j]);                             \
            for (int w = 0; w < (NS); w++)                                                    \
                x[w][j] = _mm256_xor_si256(x[w][j], mj);                                      \
        }                                                                                     \
    }
SM4AS_DEFINE_ROUNDS(SM4A(roundsw_asm), SM4A_WIDE, SM4AS_SETS)
/* Half the sets, for what is left after the bulk loop (sm4_simd.h). */
SM4AS_DEFINE_ROUNDS(SM4A(roundsw_asm_half), 4, SM4AS_SETS4)
/* Two sets, for messages of 2 sets (16 to 23 blocks). */
SM4AS_DEFINE_ROUNDS(SM4A(roundsw_asm_2), 2, SM4AS_SETS2)
#define SM4A_ROUNDSW_MEM SM4A(roundsw_asm)
#define SM4A_ROUNDSW_MEM_HALF SM4A(roundsw_asm_half)
#define SM4A_ROUNDSW_MEM_2 SM4A(roundsw_asm_2)

/* The bulk path, byte-sliced (lib/sm4/x86_64/sm4_aes_bs.h). */
#define SM4A_BS 1
#include "sm4/x86_64/sm4_aes_bs.h"

#include "sm4/x86_64/sm4_avx2_common.h"

#undef SM4AY_INV_SHIFTROWS
#undef SM4AX_YXL_FROM
#undef SM4AY_B
#undef SM4AS_W
#undef SM4AS_T
#undef SM4AS_IN1
#undef SM4AS_IN2
#undef SM4AS_BODY
#undef SM4AS_R0
#undef SM4AS_R1
#undef SM4AS_R2
#undef SM4AS_R3
#undef SM4AS_K
#undef SM4AS_M
#undef SM4AS_SETS
#undef SM4A_ROUNDSW_MEM
#undef SM4A_ROUNDSW_MEM_HALF
#undef SM4AS_SETS4
#undef SM4AS_SETS2
#undef SM4A_ROUNDSW_MEM_2
#undef SM4AS_DEFINE_ROUNDS
#undef SM4A_BS
#undef SM4B_G
#undef SM4B_NB
#undef SM4B_KS_ENC
#undef SM4B_KS_DEC
