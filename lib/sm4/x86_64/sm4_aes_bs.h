/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The bulk path of the AES-NI and VAES SM4 kernels (included by
 * lib/sm4/x86_64/sm4_aes_avx2.h): four groups of 32 blocks per iteration,
 * the state byte-sliced.
 *
 * Layout.  A group's state is 16 ymm registers' worth in memory: slice
 * (j, k) holds byte k (bits 8k..8k+7) of state word j of the group's 32
 * blocks, one block per byte position (lane 0: the even blocks, lane 1 the
 * odd ones, in order).  The word-sliced rounds of sm4_aes_avx2.h (one
 * 32-bit lane per block) spend three byte-rotation shuffles per round on
 * L: g = f0 ^ r8(f3), then y ^= g ^ r8(g) ^ r16(g).  Sliced by byte, a
 * rotation by 8 bits is a choice of register, so those shuffles go:
 *     g_k = f0_k ^ f3_(k-1),   y_k ^= g_k ^ g_(k-1) ^ g_(k-2)
 * (indices mod 4), the second as h01 = g0 ^ g1, h23 = g2 ^ g3 and
 * y0 ^= g0 ^ h23, y1 ^= h01 ^ g3, y2 ^= h01 ^ g2, y3 ^= h23 ^ g1.
 * Everything else is as in the word-sliced rounds (same y domain, tables,
 * masks and AESENCLAST round keys K_i of SM4A(asm_keys), the inverse
 * ShiftRows in front of SubBytes now moving whole blocks, which SubBytes'
 * ShiftRows moves back).  The key bytes go to every byte of a slice, so
 * the schedule keeps each byte of K_i and of the masks repeated in a
 * 32-bit word (one VPBROADCASTD, a load, per slice and round).
 *
 * Per round and 8 blocks (ALU instructions): S-box input 1.5 XORs,
 * inverse ShiftRows 1, SubBytes as SM4B_ASM_SUBBYTES (AES-NI 3: two
 * AESENCLAST and VINSERTI128, the high half reaching its AESENCLAST
 * through memory; VAES 1), nibble split 3, D0 and D3 4 table lookups and
 * 2 XORs, g 1, the state update 2.5: 18 (AES-NI) or 16 (VAES), against
 * 22.5 / 19.5 word-sliced.
 * The cost moves to the transposes (a 16 x 16 byte transpose per lane and
 * group, each way: 64 unpacks per 32 blocks), paid once per 32 rounds.
 *
 * Order.  A round of a group is two halves: its four S-box layers (S-box
 * input, SubBytes: a long chain, through memory on AES-NI) and its maps
 * and state update (the lookups, g, y).  The loop issues the S-box layers
 * of the next group's round before the maps of the current one (skewed by
 * one group), so that when the maps enter the scheduler their inputs are
 * ready or nearly so, instead of waiting there behind the chain; the S-box
 * outputs of two groups are live at once (t0..t3, s0..s3), which is why
 * the shuffle constants are memory operands.  Round loop on AES-NI
 * (throw-away rdtsc harness, min of 200 batches, interleaved):
 * 7.07 -> 6.23-6.28 core cycles per round and 8 blocks (bound 6.0);
 * VAES 5.8-6.1 -> 5.6-5.7.
 *
 * Constant time as the rest of the kernel: no secret-dependent branch or
 * memory index. */

#define SM4B_G 4 /* groups: SM4B_SKEW below is written for four */
#define SM4B_UNROLL _Pragma("GCC unroll 16")
#define SM4B_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define SM4B_NB (32 * SM4B_G) /* blocks per iteration */

/* Where setkey keeps a direction's byte-sliced keys in ks->w (32-bit
 * words): K_i byte k repeated at [4i + k], then the masks m_3, m_32, m_33,
 * m_34 (sm4_aes_avx2.h) at [128 + 4j + k]. */
#define SM4B_KS_ENC 168
#define SM4B_KS_DEC (SM4B_KS_ENC + 144)
_Static_assert(4 * (SM4B_KS_DEC + 144) <= sizeof(((axiom_bc_ks *)0)->w),
               "the byte-sliced SM4 keys fit in axiom_bc_ks");

static void SM4A(bs_keys)(uint32_t *bk, const uint32_t *rk)
{
    const uint32_t *kk = SM4AS_K(rk), *mm = SM4AS_M(rk);
    for (unsigned i = 0; i < 32; i++)
        for (unsigned k = 0; k < 4; k++)
            bk[4 * i + k] = ((kk[i] >> (8 * k)) & 0xffu) * 0x01010101u;
    for (unsigned j = 0; j < 4; j++)
        for (unsigned k = 0; k < 4; k++)
            bk[128 + 4 * j + k] = ((mm[j] >> (8 * k)) & 0xffu) * 0x01010101u;
}

#define SM4B_STR(x) #x
#define SM4B_XSTR(x) SM4B_STR(x)
/* Scratch for SM4B_ASM_SUBBYTES: the row of ts after the S-box inputs. */
#define SM4B_SCR(o) SM4B_XSTR(SM4B_G) "*128+" #o "(%[ts])"
/* The includer defines SM4B_ASM_SUBBYTES(R, k): SubBytes of slice k in
 * register R (named by SM4B_R / SM4B_X), in place, with the round key
 * broadcast in %[a] and %[h] and the 32 bytes at SM4B_SCR(32 * k) as
 * scratch. */
#define SM4B_ST(G, j, k) #G "*512+" #j "*128+" #k "*32(%[st])"
#define SM4B_TT(G, k) #G "*128+" #k "*32(%[ts])"
#define SM4B_CST(o) #o "(%[cst])" /* 0: inverse ShiftRows, 32: 0x0f */
/* The ymm and xmm names of the asm operand R. */
#define SM4B_R(R) "%[" #R "]"
#define SM4B_X(R) "%x[" #R "]"
/* The S-box input of slice k into R, as in sm4_aes_avx2.h: the first
 * round of a pair stores x[j2] ^ x[j3] for the second. */
#define SM4B_IN1(G, k, j1, j2, j3, R)                                   \
    "vmovdqu " SM4B_ST(G, j2, k) ", " SM4B_R(R) "\n\t"                 \
    "vpxor " SM4B_ST(G, j3, k) ", " SM4B_R(R) ", " SM4B_R(R) "\n\t"    \
    "vmovdqu " SM4B_R(R) ", " SM4B_TT(G, k) "\n\t"                     \
    "vpxor " SM4B_ST(G, j1, k) ", " SM4B_R(R) ", " SM4B_R(R) "\n\t"
#define SM4B_IN2(G, k, j1, R)                                           \
    "vmovdqu " SM4B_ST(G, j1, k) ", " SM4B_R(R) "\n\t"                 \
    "vpxor " SM4B_TT(G, k) ", " SM4B_R(R) ", " SM4B_R(R) "\n\t"
/* Round r's S-box input (r of the four; 4 is the next loop iteration's
 * first). */
#define SM4B_INR0(G, k, R) SM4B_IN1(G, k, 1, 2, 3, R)
#define SM4B_INR1(G, k, R) SM4B_IN2(G, k, 0, R)
#define SM4B_INR2(G, k, R) SM4B_IN1(G, k, 3, 0, 1, R)
#define SM4B_INR3(G, k, R) SM4B_IN2(G, k, 2, R)
#define SM4B_INR4 SM4B_INR0
/* SubBytes of slice k in R (its input, in place), with the key of round
 * ko of the four. */
#define SM4B_SB(ko, k, R)                                               \
    "vpshufb " SM4B_CST(0) ", " SM4B_R(R) ", " SM4B_R(R) "\n\t"        \
    "vpbroadcastd " #ko "*16+" #k "*4(%[rk]), %[a]\n\t"                 \
    SM4B_ASM_SUBBYTES(R, k)
/* The S-box layers of group G's round r into T0..T3. */
#define SM4B_SBL(G, r, T0, T1, T2, T3)                                  \
    SM4B_INR##r(G, 0, T0) SM4B_SB(r, 0, T0) SM4B_INR##r(G, 1, T1)      \
    SM4B_SB(r, 1, T1) SM4B_INR##r(G, 2, T2) SM4B_SB(r, 2, T2)          \
    SM4B_INR##r(G, 3, T3) SM4B_SB(r, 3, T3)
/* The maps of a slice's S-box output T: f0 = D0(T) into T, f3 = D3(T)
 * into %[p], and XP between them: g_k = f0_k ^ f3_(k-1) for k > 0, while
 * %[p] still holds f3_(k-1). */
#define SM4B_LK(T, XP)                                                  \
    "vpsrlw $4, " SM4B_R(T) ", %[h]\n\t"                               \
    "vpand " SM4B_CST(32) ", %[h], %[h]\n\t"                           \
    "vpand " SM4B_CST(32) ", " SM4B_R(T) ", " SM4B_R(T) "\n\t"         \
    "vpshufb " SM4B_R(T) ", %[d0l], %[a]\n\t"                          \
    "vpshufb " SM4B_R(T) ", %[d3l], %[b]\n\t"                          \
    "vpshufb %[h], %[d0h], " SM4B_R(T) "\n\t"                          \
    "vpxor %[a], " SM4B_R(T) ", " SM4B_R(T) "\n\t"                     \
    XP                                                                  \
    "vpshufb %[h], %[d3h], %[a]\n\t"                                   \
    "vpxor %[a], %[b], %[p]\n\t"
#define SM4B_XP(T) "vpxor %[p], " SM4B_R(T) ", " SM4B_R(T) "\n\t"
/* y[jo] ^= X ^ Y for slice k. */
#define SM4B_OUT(G, jo, k, X, Y)                                        \
    "vpxor " X ", " Y ", %[h]\n\t"                                     \
    "vpxor " SM4B_ST(G, jo, k) ", %[h], %[h]\n\t"                      \
    "vmovdqu %[h], " SM4B_ST(G, jo, k) "\n\t"
/* The rest of group G's round r from its S-box outputs in T0..T3: g_k
 * in T_k (g_0 = f0_0 ^ f3_3 last), h01 in %[a], h23 in %[b], then y[r]. */
#define SM4B_LKL(G, r, T0, T1, T2, T3)                                  \
    SM4B_LK(T0, "") SM4B_LK(T1, SM4B_XP(T1)) SM4B_LK(T2, SM4B_XP(T2))  \
    SM4B_LK(T3, SM4B_XP(T3)) SM4B_XP(T0)                               \
    "vpxor " SM4B_R(T0) ", " SM4B_R(T1) ", %[a]\n\t"                   \
    "vpxor " SM4B_R(T2) ", " SM4B_R(T3) ", %[b]\n\t"                   \
    SM4B_OUT(G, r, 0, "%[b]", SM4B_R(T0))                              \
    SM4B_OUT(G, r, 1, SM4B_R(T3), "%[a]")                              \
    SM4B_OUT(G, r, 2, SM4B_R(T2), "%[a]")                              \
    SM4B_OUT(G, r, 3, SM4B_R(T1), "%[b]")
/* The two register sets of S-box outputs, and one step of the skewed
 * order: the S-box layers of group Gs's round rs into the set TS, then
 * the rest of group Gl's round rl from the set TL. */
#define SM4B_TA t0, t1, t2, t3
#define SM4B_TB s0, s1, s2, s3
#define SM4B_SBL_(G, r, ...) SM4B_SBL(G, r, __VA_ARGS__)
#define SM4B_LKL_(G, r, ...) SM4B_LKL(G, r, __VA_ARGS__)
#define SM4B_STEP(Gs, rs, TS, Gl, rl, TL) SM4B_SBL_(Gs, rs, TS) SM4B_LKL_(Gl, rl, TL)
/* Rounds 4q .. 4q + 3 of the four groups, entered with the S-box layers
 * of group 0's round 4q in set A; the next iteration's are computed at
 * the end unless this is the last (%[rk] == %[last]). */
#define SM4B_SKEW                                                                        \
    SM4B_STEP(1, 0, SM4B_TB, 0, 0, SM4B_TA) SM4B_STEP(2, 0, SM4B_TA, 1, 0, SM4B_TB)      \
    SM4B_STEP(3, 0, SM4B_TB, 2, 0, SM4B_TA) SM4B_STEP(0, 1, SM4B_TA, 3, 0, SM4B_TB)      \
    SM4B_STEP(1, 1, SM4B_TB, 0, 1, SM4B_TA) SM4B_STEP(2, 1, SM4B_TA, 1, 1, SM4B_TB)      \
    SM4B_STEP(3, 1, SM4B_TB, 2, 1, SM4B_TA) SM4B_STEP(0, 2, SM4B_TA, 3, 1, SM4B_TB)      \
    SM4B_STEP(1, 2, SM4B_TB, 0, 2, SM4B_TA) SM4B_STEP(2, 2, SM4B_TA, 1, 2, SM4B_TB)      \
    SM4B_STEP(3, 2, SM4B_TB, 2, 2, SM4B_TA) SM4B_STEP(0, 3, SM4B_TA, 3, 2, SM4B_TB)      \
    SM4B_STEP(1, 3, SM4B_TB, 0, 3, SM4B_TA) SM4B_STEP(2, 3, SM4B_TA, 1, 3, SM4B_TB)      \
    SM4B_STEP(3, 3, SM4B_TB, 2, 3, SM4B_TA)                                               \
    "cmp %[last], %[rk]\n\t"                                                              \
    "je 2f\n\t" SM4B_SBL_(0, 4, SM4B_TA) "2:\n\t" SM4B_LKL_(3, 3, SM4B_TB)

/* The 32 rounds of the SM4B_G groups in @st (masked state, y domain). */
static inline void SM4A(bs_rounds)(const uint32_t *bk, __m256i st[SM4B_G][4][4])
{
    const __m256i d0l = SM4AY_B(AXIOM_SM4_D0_LO), d0h = SM4AY_B(AXIOM_SM4_D0_HI);
    const __m256i d3l = SM4AY_B(AXIOM_SM4_D3_LO), d3h = SM4AY_B(AXIOM_SM4_D3_HI);
    const __m256i cst[2] = { SM4AY_B(SM4AY_INV_SHIFTROWS), _mm256_set1_epi8(0x0f) };
    const uint32_t *p = bk, *end = bk + 128, *last = bk + 112;
    __m256i ts[SM4B_G + 1][4], h, a, b, pp, t0, t1, t2, t3, s0, s1, s2, s3;
    __asm__(SM4B_SBL_(0, 0, SM4B_TA) ".p2align 6\n"
            "1:\n\t" SM4B_SKEW
            "add $64, %[rk]\n\t"
            "cmp %[end], %[rk]\n\t"
            "jne 1b\n\t"
            : [rk] "+r"(p), [h] "=&x"(h), [a] "=&x"(a), [b] "=&x"(b), [p] "=&x"(pp),
              [t0] "=&x"(t0), [t1] "=&x"(t1), [t2] "=&x"(t2), [t3] "=&x"(t3), [s0] "=&x"(s0),
              [s1] "=&x"(s1), [s2] "=&x"(s2), [s3] "=&x"(s3),
              "+m"(*(__m256i(*)[SM4B_G][4][4])st), "=m"(ts)
            : [st] "r"(st), [ts] "r"(ts), [end] "r"(end), [last] "r"(last), [cst] "r"(cst),
              "m"(cst), "m"(*(const uint32_t(*)[128])bk), [d0l] "x"(d0l), [d0h] "x"(d0h),
              [d3l] "x"(d3l), [d3h] "x"(d3h)
            : "cc");
    (void)h, (void)a, (void)b, (void)pp, (void)t0, (void)t1, (void)t2, (void)t3, (void)s0,
        (void)s1, (void)s2, (void)s3;
    axiom_wipe(ts, sizeof ts); /* masked S-box inputs */
}

/* In-lane 16 x 16 byte transpose of r[0..15]: four unpack stages, each
 * swapping one bit of the register index with the top bit of the byte
 * index.  Output register rev4(c) holds column c; byte i of it is byte c of
 * input register i. */
static inline void SM4A(bs_tr)(__m256i r[16])
{
    SM4B_UNROLL
    for (int i = 0; i < 16; i += 2) {
        const __m256i lo = _mm256_unpacklo_epi8(r[i], r[i + 1]);
        r[i + 1] = _mm256_unpackhi_epi8(r[i], r[i + 1]);
        r[i] = lo;
    }
    SM4B_UNROLL
    for (int i = 0; i < 16; i++)
        if (!(i & 2)) {
            const __m256i lo = _mm256_unpacklo_epi16(r[i], r[i + 2]);
            r[i + 2] = _mm256_unpackhi_epi16(r[i], r[i + 2]);
            r[i] = lo;
        }
    SM4B_UNROLL
    for (int i = 0; i < 16; i++)
        if (!(i & 4)) {
            const __m256i lo = _mm256_unpacklo_epi32(r[i], r[i + 4]);
            r[i + 4] = _mm256_unpackhi_epi32(r[i], r[i + 4]);
            r[i] = lo;
        }
    SM4B_UNROLL
    for (int i = 0; i < 8; i++) {
        const __m256i lo = _mm256_unpacklo_epi64(r[i], r[i + 8]);
        r[i + 8] = _mm256_unpackhi_epi64(r[i], r[i + 8]);
        r[i] = lo;
    }
}

#define SM4B_REV4(c) ((((c) & 1) << 3) | (((c) & 2) << 1) | (((c) & 4) >> 1) | (((c) & 8) >> 3))

/* Pair @i (blocks 2i and 2i + 1) of a group at @p; with @shifted, the
 * pair one block earlier, the block before @p being @prev for i == 0 of
 * the first group (@first). */
static inline __m256i SM4A(bs_pair)(const uint8_t *p, int i, int shifted, int first, __m128i prev)
{
    if (!shifted)
        return SM4B_LOAD(p + 32 * i);
    if (first && i == 0)
        return _mm256_inserti128_si256(_mm256_castsi128_si256(prev),
                                       _mm_loadu_si128((const __m128i *)(const void *)p), 1);
    return SM4B_LOAD(p + 32 * i - 16);
}

/* One group's 32 blocks from @src into the state: transposed, into the y
 * domain, word 3 masked. */
static inline void SM4A(bs_load)(__m256i st[4][4], const uint8_t *src, int shifted, int first,
                                 __m128i prev, const uint32_t *bk)
{
    __m256i r[16];
    SM4B_UNROLL
    for (int i = 0; i < 16; i++)
        r[i] = SM4A(bs_pair)(src, i, shifted, first, prev);
    SM4A(bs_tr)(r);
    SM4B_UNROLL
    for (int j = 0; j < 4; j++)
        SM4B_UNROLL
        for (int k = 0; k < 4; k++) {
            __m256i v = SM4A(toy_y)(r[SM4B_REV4(4 * j + 3 - k)]);
            if (j == 3)
                v = _mm256_xor_si256(v, _mm256_set1_epi32((int)bk[128 + k]));
            st[j][k] = v;
        }
}

/* One group's output: unmasked, out of the y domain, words reversed
 * (X35 .. X32), transposed back, XORed with @xs (if not NULL) and stored
 * at @out in order.  With @shifted (CBC decryption), pair i is XORed with
 * the input blocks 2i - 1 and 2i, block -1 being @prev; then each pair's
 * blocks are loaded before the pair in front of it is stored, and
 * *@next_prev gets the group's last input block before any store (the
 * next group's @prev), so that in-place decryption reads every ciphertext
 * block before it is overwritten.  (Storing in order, not last pair first:
 * at 16 MiB without non-temporal stores, backwards was 6-11 % slower than
 * the word-sliced path.) */
static inline void SM4A(bs_store)(uint8_t *out, const __m256i st[4][4], const uint8_t *xs,
                                  int shifted, __m128i prev, __m128i *next_prev,
                                  const uint32_t *bk, int nt)
{
    __m256i r[16];
    SM4B_UNROLL
    for (int c = 0; c < 16; c++) {
        const int w = 3 - c / 4, k = 3 - c % 4;
        __m256i v = st[w][k];
        if (w < 3)
            v = _mm256_xor_si256(v, _mm256_set1_epi32((int)bk[128 + 4 * (1 + w) + k]));
        r[c] = SM4A(fromy_y)(v);
    }
    SM4A(bs_tr)(r);
    if (shifted)
        *next_prev = _mm_loadu_si128((const __m128i *)(const void *)(xs + 16 * 31));
    __m256i x = xs ? SM4A(bs_pair)(xs, 0, shifted, 1, prev) : _mm256_setzero_si256();
    SM4B_UNROLL
    for (int i = 0; i < 16; i++) {
        __m256i v = r[SM4B_REV4(i)];
        if (xs) {
            v = _mm256_xor_si256(v, x);
            if (i < 15)
                x = SM4A(bs_pair)(xs, i + 1, shifted, 1, prev);
        }
        if (nt)
            _mm256_stream_si256((__m256i *)(void *)(out + 32 * i), v);
        else
            _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), v);
    }
}

/* The output of an iteration's SM4B_G groups, in order (bs_store; @prev:
 * the block before @xs if @xs_shifted). */
static inline void SM4A(bs_store_groups)(const uint32_t *bk, uint8_t *out,
                                         const __m256i st[SM4B_G][4][4], const uint8_t *xs,
                                         int xs_shifted, __m128i prev, int nt)
{
    SM4B_UNROLL
    for (int g = 0; g < SM4B_G; g++) {
        __m128i next = prev;
        SM4A(bs_store)(out + 512 * g, st[g], xs ? xs + 512 * g : NULL, xs_shifted, prev, &next,
                       bk, nt);
        prev = next;
    }
}

/* One iteration: out = E(src) ^ xs over SM4B_NB blocks (@prev: the block
 * before @src or @xs, whichever is shifted). */
static inline void SM4A(bs_iter)(const uint32_t *bk, uint8_t *out, const uint8_t *src,
                                 int src_shifted, const uint8_t *xs, int xs_shifted, __m128i prev,
                                 int nt, __m256i st[SM4B_G][4][4])
{
    SM4B_UNROLL
    for (int g = 0; g < SM4B_G; g++)
        SM4A(bs_load)(st[g], src + 512 * g, src_shifted, g == 0, prev, bk);
    SM4A(bs_rounds)(bk, st);
    SM4A(bs_store_groups)(bk, out, (const __m256i(*)[4][4])st, xs, xs_shifted, prev, nt);
}

/* An iteration's input, asked for ahead of its use (@p: the next
 * iteration's in ECB, CBC and CFB decryption, read at its start; the
 * current one's in CTR, read after the rounds).  At 16 MiB the input
 * comes from memory. */
static inline void SM4A(bs_prefetch)(const uint8_t *p)
{
    SM4B_UNROLL
    for (size_t o = 0; o < 16 * SM4B_NB; o += 64)
        __builtin_prefetch(p + o, 0, 3);
}

static inline int SM4A(bs_nt)(const uint8_t *out, const uint8_t *in, size_t n)
{
    return out != in && 16 * n >= axiom_sm4_nt_min && ((uintptr_t)out & 31) == 0;
}

/* The modes over whole iterations; each returns the number of blocks done
 * (a multiple of SM4B_NB, the rest is the caller's) and updates the
 * chaining value as the kernel's functions do. */
static size_t SM4A(bs_ecb)(const uint32_t *bk, uint8_t *out, const uint8_t *in, size_t n)
{
    __m256i st[SM4B_G][4][4];
    const int nt = SM4A(bs_nt)(out, in, n);
    size_t done = 0;
    for (; n - done >= SM4B_NB; done += SM4B_NB) {
        if (n - done >= 2 * SM4B_NB)
            SM4A(bs_prefetch)(in + 16 * (done + SM4B_NB));
        SM4A(bs_iter)(bk, out + 16 * done, in + 16 * done, 0, NULL, 0, _mm_setzero_si128(), nt,
                      st);
    }
    if (nt)
        _mm_sfence();
    axiom_wipe(st, sizeof st);
    return done;
}

/* The counter blocks of one CTR iteration straight into the state, when
 * the low 32 bits of @ctr do not wrap inside it (the caller checks): bytes
 * 0..11 and, per block, bytes 12..15 of lo + b, b the block's index in the
 * iteration.  Byte 15 is lo0 + b (b < 128); bytes 12..14 are those of lo
 * or, where lo0 + b carries, of lo + 256: a choice between two constants.
 * All in the y domain, word 3 masked; no transpose. */
static inline void SM4A(bs_ctr_state)(__m256i st[SM4B_G][4][4], const uint8_t ctr[16],
                                      const uint32_t *bk)
{
    const uint32_t lo = axiom_load32_be(ctr + 12);
    const __m256i bidx = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
                                          30, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27,
                                          29, 31);
    /* Every byte of the block in the y domain (M1 is linear), and of the
     * block with bytes 12..14 carried (those of lo + 256) as the difference
     * to add; byte m of either to every byte of a slice by a shuffle. */
    const __m128i c = _mm_loadu_si128((const __m128i *)(const void *)ctr);
    const __m128i cy = SM4A(toy_x)(c);
    const __m128i dy = _mm_xor_si128(
        cy, SM4A(toy_x)(_mm_insert_epi32(c, (int)__builtin_bswap32(lo + 256), 3)));
    const __m256i cyy = _mm256_broadcastsi128_si256(cy), dyy = _mm256_broadcastsi128_si256(dy);
    SM4B_UNROLL
    for (int j = 0; j < 3; j++)
        SM4B_UNROLL
        for (int k = 0; k < 4; k++) {
            const __m256i v = _mm256_shuffle_epi8(cyy, _mm256_set1_epi8((char)(4 * j + 3 - k)));
            SM4B_UNROLL
            for (int g = 0; g < SM4B_G; g++)
                st[g][j][k] = v;
        }
    const __m256i lo0 = _mm256_set1_epi8((char)(lo & 0xff));
    /* lo0 + b carries for b >= 256 - lo0: */
    const unsigned thr = 256u - (lo & 0xffu);
    const __m256i vthr = _mm256_set1_epi8((char)(thr > 255 ? 255 : thr));
    __m256i c3[4], d3[4];
    SM4B_UNROLL
    for (int k = 1; k < 4; k++) {
        c3[k] = _mm256_xor_si256(_mm256_shuffle_epi8(cyy, _mm256_set1_epi8((char)(15 - k))),
                                 _mm256_set1_epi32((int)bk[128 + k]));
        d3[k] = _mm256_shuffle_epi8(dyy, _mm256_set1_epi8((char)(15 - k)));
    }
    SM4B_UNROLL
    for (int g = 0; g < SM4B_G; g++) {
        const __m256i b = _mm256_add_epi8(bidx, _mm256_set1_epi8((char)(32 * g)));
        st[g][3][0] = _mm256_xor_si256(SM4A(toy_y)(_mm256_add_epi8(lo0, b)),
                                        _mm256_set1_epi32((int)bk[128]));
        /* b >= thr (unsigned; b < 128, thr 1..256) */
        const __m256i carry = thr > 255 ? _mm256_setzero_si256()
                                        : _mm256_cmpeq_epi8(_mm256_max_epu8(b, vthr), b);
        SM4B_UNROLL
        for (int k = 1; k < 4; k++)
            st[g][3][k] = _mm256_xor_si256(c3[k], _mm256_and_si256(carry, d3[k]));
    }
}

static size_t SM4A(bs_ctr)(const uint32_t *bk, uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t ctr[16])
{
    _Alignas(32) uint8_t cb[16 * SM4B_NB];
    __m256i st[SM4B_G][4][4];
    const int nt = SM4A(bs_nt)(out, in, n);
    size_t done = 0;
    for (; n - done >= SM4B_NB; done += SM4B_NB) {
        const uint32_t lo = axiom_load32_be(ctr + 12);
        SM4A(bs_prefetch)(in + 16 * done);
        if (lo <= UINT32_MAX - (SM4B_NB - 1)) {
            SM4A(bs_ctr_state)(st, ctr, bk);
            SM4A(bs_rounds)(bk, st);
            SM4A(bs_store_groups)(bk, out + 16 * done, (const __m256i(*)[4][4])st,
                                  in + 16 * done, 0, _mm_setzero_si128(), nt);
        } else {
            /* The low 32 bits wrap inside this iteration: full 128-bit
             * increments, through memory. */
            memcpy(cb, ctr, 16);
            for (int i = 1; i < SM4B_NB; i++) {
                memcpy(cb + 16 * i, cb + 16 * (i - 1), 16);
                axiom_ctr128_add(cb + 16 * i, 1);
            }
            SM4A(bs_iter)(bk, out + 16 * done, cb, 0, in + 16 * done, 0, _mm_setzero_si128(),
                          nt, st);
        }
        axiom_ctr128_add(ctr, SM4B_NB);
    }
    if (nt)
        _mm_sfence();
    axiom_wipe(st, sizeof st);
    return done;
}

/* CBC decryption (@cfb 0: out = D(in) ^ the previous ciphertext block)
 * and CFB decryption (@cfb 1: out = E(the previous ciphertext block) ^
 * in), the previous block of the first one being @iv. */
static size_t SM4A(bs_fb_dec)(const uint32_t *bk, uint8_t *out, const uint8_t *in, size_t n,
                              uint8_t iv[16], int cfb)
{
    __m256i st[SM4B_G][4][4];
    const int nt = SM4A(bs_nt)(out, in, n);
    __m128i prev = _mm_loadu_si128((const __m128i *)(const void *)iv);
    size_t done = 0;
    for (; n - done >= SM4B_NB; done += SM4B_NB) {
        const uint8_t *s = in + 16 * done;
        const __m128i last =
            _mm_loadu_si128((const __m128i *)(const void *)(s + 16 * (SM4B_NB - 1)));
        if (n - done >= 2 * SM4B_NB)
            SM4A(bs_prefetch)(s + 16 * SM4B_NB);
        SM4A(bs_iter)(bk, out + 16 * done, s, cfb, s, !cfb, prev, nt, st);
        prev = last;
    }
    if (nt)
        _mm_sfence();
    _mm_storeu_si128((__m128i *)(void *)iv, prev);
    axiom_wipe(st, sizeof st);
    return done;
}

#undef SM4B_ST
#undef SM4B_TT
#undef SM4B_CST
#undef SM4B_R
#undef SM4B_X
#undef SM4B_IN1
#undef SM4B_IN2
#undef SM4B_SB
#undef SM4B_SBL
#undef SM4B_INR0
#undef SM4B_INR1
#undef SM4B_INR2
#undef SM4B_INR3
#undef SM4B_LK
#undef SM4B_XP
#undef SM4B_OUT
#undef SM4B_LKL
#undef SM4B_TA
#undef SM4B_TB
#undef SM4B_SKEW
#undef SM4B_SBL_
#undef SM4B_LKL_
#undef SM4B_STEP
#undef SM4B_INR4
#undef SM4B_REV4
#undef SM4B_UNROLL
#undef SM4B_ASM_SUBBYTES
#undef SM4B_SCR
#undef SM4B_STR
#undef SM4B_XSTR
#undef SM4B_LOAD
