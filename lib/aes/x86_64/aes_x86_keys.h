/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES key schedule of the x86-64 kernels (aes_aesni.c, and the VAES
 * kernels through aes_vaes_common.h), full and encryption-only.
 *
 * Layout: the nr + 1 encryption round keys from byte 0 of ks->w, and the
 * decryption round keys of the Equivalent Inverse Cipher (FIPS 197, 5.3.5)
 * from byte AESX_DEC_OFFSET, 16 bytes each; ks->rounds = nr.  The full
 * schedule zeroes every other byte of ks->w, so that it does not depend on
 * what the storage held before; the encryption-only one writes the
 * encryption round keys and ks->rounds and nothing else.
 *
 * Static inline, so that each kernel file compiles its own copy with its
 * own -m flags (legacy SSE in the AES-NI kernel, VEX in the VAES ones).
 *
 * Constant time: AESENCLAST, AESKEYGENASSIST and AESIMC take the same time
 * for every input, and the only branches are on the key length. */
#ifndef AXIOM_AES_X86_KEYS_H
#define AXIOM_AES_X86_KEYS_H

#include <string.h>
#include <immintrin.h>

#include "axiom/util.h"
#include "core/bc.h"

#define AESX_DEC_OFFSET 256

/* Rounds 1 .. @nr - 1 of the state @x under the round keys @k[] (an
 * array or pointer in scope): the serial modes' and CMAC's middle. */
#define AESX_MID_ROUNDS(x, k, nr)                                                                 \
    do {                                                                                          \
        _Pragma("GCC unroll 16")                                                                  \
        for (unsigned r_ = 1; r_ < (nr); r_++)                                                    \
            x = _mm_aesenc_si128(x, (k)[r_]);                                                     \
    } while (0)

/* The expansions of AES-128 and AES-256 (FIPS 197, 5.2) work a round-key
 * block at a time, as their periods (4 and 8 words) are whole blocks.
 * Every word of a block is the word Nk back XORed with the word before
 * it, and the first one also takes an extra term T (SubWord(RotWord(w))
 * ^ Rcon, or SubWord(w) for AES-256's odd blocks, of the last word w of
 * the block before); so a block is the prefix XOR of the block Nk words
 * back, XORed with T in all four words.
 *
 * T comes from AESENCLAST rather than AESKEYGENASSIST (whose latency is
 * several times longer on the CPUs that matter, and the expansion is one
 * chain of them): with the last word in all four columns, ShiftRows only
 * moves equal bytes, SubBytes is SubWord in every column, and the round
 * key adds Rcon (in the low byte of every word) or zero.  RotWord is a
 * byte shuffle: this one puts RotWord(word 3) in every column. */
static inline __m128i aesx_rotword3(void)
{
    return _mm_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13);
}

/* SubWord of a word held as the little-endian load of its four bytes:
 * AESKEYGENASSIST returns SubWord of source dword 1 in dword 0. */
static inline uint32_t aesx_subword(uint32_t x)
{
    const __m128i s = _mm_aeskeygenassist_si128(_mm_set_epi32(0, 0, (int)x, 0), 0);
    return (uint32_t)_mm_cvtsi128_si32(s);
}

/* RotWord applied @k times (mod 4) to every 32-bit word of @v. */
static inline __attribute__((always_inline)) __m128i aesx_rot(__m128i v, int k)
{
    k &= 3;
    if (!k)
        return v;
    const int w = k | ((k + 1) & 3) << 8 | ((k + 2) & 3) << 16 | ((k + 3) & 3) << 24;
    return _mm_shuffle_epi8(v, _mm_add_epi8(_mm_set1_epi32(w),
                                            _mm_set_epi32(0x0c0c0c0c, 0x08080808, 0x04040404, 0)));
}

/* Word @i of @v rotated by RotWord^r, in every word (one PSHUFB). */
static inline __attribute__((always_inline)) __m128i aesx_bcast_rot(__m128i v, int i, int r)
{
    const int w = (4 * i + (r & 3)) | (4 * i + ((r + 1) & 3)) << 8 |
                  (4 * i + ((r + 2) & 3)) << 16 | (4 * i + ((r + 3) & 3)) << 24;
    return _mm_shuffle_epi8(v, _mm_set1_epi32(w));
}

/* For a round-key block v (words v0..v3): Q(v) = [v1^v2^v3, v2^v3, v3, 0],
 * the suffix XOR of v shifted down a word.  The next block of the chain,
 * n = Q(v) ^ B (B its last word in every word), has Q(n) = Q(Q(v)) ^ Q(B)
 * = [v2, v3, 0, 0] ^ [B, 0, B, 0]: one byte shift and a mask instead of
 * the suffix XOR's three shifts (aesx_qnext). */
static inline __attribute__((always_inline)) __m128i aesx_qof(__m128i v)
{
    const __m128i z = _mm_xor_si128(_mm_srli_si128(v, 4), _mm_srli_si128(v, 8));
    return _mm_xor_si128(z, _mm_srli_si128(z, 8));
}

/* Q of the block Q(@v) ^ @bb, @bb its last word in every word. */
static inline __attribute__((always_inline)) __m128i aesx_qnext(__m128i v, __m128i bb)
{
    return _mm_xor_si128(_mm_srli_si128(v, 8), _mm_and_si128(bb, _mm_set_epi32(0, -1, 0, -1)));
}

/* X of round-key block @v, the XOR of its four words, in every word. */
static inline __attribute__((always_inline)) __m128i aesx_xor4(__m128i v)
{
    const __m128i t = _mm_xor_si128(v, _mm_shuffle_epi32(v, 0x4e));
    return _mm_xor_si128(t, _mm_shuffle_epi32(t, 0xb1));
}

/* v1 ^ v3 of @v in every word: X of the block Nk words after @v (the
 * term T it adds to all four words cancels). */
static inline __attribute__((always_inline)) __m128i aesx_xor13(__m128i v)
{
    return _mm_xor_si128(_mm_shuffle_epi32(v, 0x55), _mm_shuffle_epi32(v, 0xff));
}

/* The 11 round keys of AES-128 @key into @ek, with the chain of
 * aesx_expand256_x: one AESENCLAST per round key.  Round key j + 1 is
 * Q(k_j) ^ B, B the new last word in every column; B = X ^ T with X the
 * XOR of k_j's four words (which is v2 ^ v3 of k_(j-1), two keys back,
 * so off the chain) and T = SubWord(RotWord(last B)) ^ Rcon; the chain
 * register holds B rotated by RotWord^-j, so that no shuffle sits on it. */
static inline __attribute__((always_inline)) void aesx_expand128_k(__m128i *ek, __m128i key)
{
    __m128i kk[11], q[11];
    kk[0] = key;
    _mm_store_si128(ek, kk[0]);
    q[0] = aesx_qof(kk[0]);
    __m128i c = _mm_shuffle_epi8(kk[0], aesx_rotword3()); /* RotWord(B of k_0) */
    /* X of k_0 and of k_1, in every word. */
    const __m128i x0 = aesx_xor4(kk[0]), x1 = aesx_xor13(kk[0]);
    int rcon = 1;
    _Pragma("GCC unroll 10")
    for (int j = 0; j < 10; j++) {
        const __m128i rc = aesx_rot(_mm_set1_epi32(rcon), -j);
        const __m128i kx = j == 0   ? _mm_xor_si128(x0, rc)
                           : j == 1 ? _mm_xor_si128(aesx_rot(x1, -j), rc)
                                    : _mm_xor_si128(aesx_bcast_rot(q[j - 2], 1, -j), rc);
        c = _mm_aesenclast_si128(c, kx);
        const __m128i bb = aesx_rot(c, j);
        kk[j + 1] = _mm_xor_si128(q[j], bb);
        q[j + 1] = aesx_qnext(kk[j], bb);
        _mm_store_si128(ek + j + 1, kk[j + 1]);
        rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
    }
}

/* The same from the 16 key bytes at @key. */
static inline void aesx_expand128(__m128i *ek, const uint8_t *key)
{
    aesx_expand128_k(ek, _mm_loadu_si128((const __m128i *)(const void *)key));
}

/* Round @r (1..14) of the blocks x[lo..hi-1] under @k. */
static inline __attribute__((always_inline)) void aesx_round256(__m128i *x, int lo, int hi,
                                                                 int r, __m128i k)
{
    _Pragma("GCC unroll 8")
    for (int i = lo; i < hi; i++)
        x[i] = r == 14 ? _mm_aesenclast_si128(x[i], k) : _mm_aesenc_si128(x[i], k);
}

/*
 * The AES-256 expansion of a || b into the 15 round keys at @ek (none
 * stored when @ek is NULL), and the @n blocks x[] encrypted under them,
 * each round as soon as its round key exists: x[i] holds a block's state
 * after round 0 (the block XOR a) on entry, its encryption on return.  So
 * the blocks cost a few cycles after the last round key rather than a
 * pass over the schedule, and in program order each round sits beside
 * the round key it needs (with the blocks' rounds placed after the whole
 * expansion, they waited in the scheduler behind it and finished tens of
 * cycles after it).  XAES-256-GCM's short path encrypts H = E(0^128) and
 * its counter blocks this way (lib/gcm/x86_64/xaes_derive.h), and the
 * vaes-avx512 GCM text phase its first 32 counter blocks on zmm
 * (AESX_EXPAND256_EACH, prologue_expand in
 * lib/gcm/x86_64/gcm_vaes_avx512.c).
 *
 * The serial part of the expansion is the SubWord of each half-block's
 * last word.  Written directly (shuffle the last word into every column,
 * AESENCLAST, XOR the prefix XOR of the block two back), every
 * half-block costs a shuffle, an AES operation and an XOR in a row, and
 * the AES unit's result takes extra cycles to reach the other vector
 * units: about 7 core cycles.  Here the chain is one AESENCLAST
 * per half-block.  Each block of one parity is P(v) ^ T, the
 * prefix XOR of the block v two back and a term T equal in all four
 * words (SubWord of the other parity's last word, RotWord and Rcon for
 * the even blocks).  So the new last word in every column, B, is X ^ T
 * with X the XOR of v's four words in every word, and the next T comes
 * from AESENCLAST(B, X' ^ Rcon) (ShiftRows does nothing to equal
 * columns), with X' of the other parity as the round key: off the chain.
 * RotWord, a byte permutation inside each word, commutes with SubBytes:
 * the chain runs rotated by RotWord^r, r dropping by one per even block,
 * with its round keys rotated to match.  X needs no T either (four equal
 * copies cancel): X of a block is v2 ^ v3 of the block two back of its
 * parity, and P(v) ^ X = Q(v) (aesx_qof); each round key is Q of the block
 * two back XOR the chain's B rotated back, and its own Q follows from
 * the block two back and that B with one shift and a mask (aesx_qnext).
 * The operations beside the chain delay it although none is on it (the
 * chain alone, 13 AESENCLAST, measures 52-53 core cycles on Zen 4): with
 * each block's suffix XOR computed from its words (three byte shifts and
 * two XORs a block) the expansion with H took 78.7 core cycles, with
 * aesx_qnext 75.3, and a form with no shifts at all but three more masks
 * and XORs a block 77.6.
 *
 * With @lag > 0, only the last block x[n - 1] keeps pace with the
 * schedule; the others take round r after round key r + lag is made (the
 * last @lag rounds after the expansion).  The scheduler issues the oldest
 * ready operation first, so blocks that keep pace can delay the chain's
 * AESENCLAST by a cycle at each of its 13 steps when they compete for the
 * AES units; lagging blocks are younger than it.  XAES-256-GCM's short
 * path lags its counter blocks (their keystream is wanted only after the
 * hash key's powers) and keeps H in pace.  The round keys then live in
 * registers @lag blocks longer: only the AVX-512 file, with 32 vector
 * registers, gains (3-4 % at 32-64 bytes on Zen 4, lag 3; the 16-register
 * files measured 2-5 % slower).
 */
/* The expansion's steps, for a caller that works beside them: KEY(r, k)
 * runs for r = 1 .. 14 in order, each as soon as round key r (k, an
 * __m128i) is made; round keys 0 .. r are in aesx_rk_[] by then. */
#define AESX_EXPAND256_EACH(a_, b_, KEY)                                                          \
    do {                                                                                           \
        __m128i aesx_rk_[15], aesx_qa_[8], aesx_qb_[7];                                            \
        __m128i aesx_c_ = _mm_shuffle_epi8((b_), aesx_rotword3()); /* RotWord(B of b) */          \
        aesx_rk_[0] = (a_);                                                                        \
        aesx_rk_[1] = (b_);                                                                        \
        KEY(1, aesx_rk_[1]);                                                                       \
        aesx_qa_[0] = aesx_qof(aesx_rk_[0]);                                                       \
        aesx_qb_[0] = aesx_qof(aesx_rk_[1]);                                                       \
        /* X of the first two blocks of each parity, in every word. */                            \
        const __m128i aesx_xa0_ = aesx_xor4(aesx_rk_[0]), aesx_xb0_ = aesx_xor4(aesx_rk_[1]);      \
        const __m128i aesx_xa1_ = aesx_xor13(aesx_rk_[0]), aesx_xb1_ = aesx_xor13(aesx_rk_[1]);    \
        int aesx_rcon_ = 1;                                                                        \
        _Pragma("GCC unroll 7")                                                                    \
        for (int j_ = 1; j_ <= 7; j_++) {                                                          \
            /* c holds RotWord^(2 - j) of B of the last odd block; after this                     \
             * AESENCLAST, RotWord^(1 - j) of B of the new even one. */                           \
            const __m128i rc_ = aesx_rot(_mm_set1_epi32(aesx_rcon_), 1 - j_);                      \
            const __m128i kxa_ =                                                                   \
                j_ == 1   ? _mm_xor_si128(aesx_xa0_, rc_)                                          \
                : j_ == 2 ? _mm_xor_si128(aesx_rot(aesx_xa1_, 1 - j_), rc_)                        \
                          : _mm_xor_si128(aesx_bcast_rot(aesx_qa_[j_ - 3], 1, 1 - j_), rc_);       \
            aesx_c_ = _mm_aesenclast_si128(aesx_c_, kxa_);                                         \
            const __m128i ba_ = aesx_rot(aesx_c_, j_ - 1);                                         \
            aesx_rk_[2 * j_] = _mm_xor_si128(aesx_qa_[j_ - 1], ba_);                               \
            aesx_qa_[j_] = aesx_qnext(aesx_rk_[2 * j_ - 2], ba_);                                  \
            KEY(2 * j_, aesx_rk_[2 * j_]);                                                         \
            if (j_ < 7) {                                                                          \
                const __m128i kxb_ = j_ == 1   ? aesx_xb0_                                         \
                                     : j_ == 2 ? aesx_rot(aesx_xb1_, 1 - j_)                       \
                                               : aesx_bcast_rot(aesx_qb_[j_ - 3], 1, 1 - j_);      \
                aesx_c_ = _mm_aesenclast_si128(aesx_c_, kxb_);                                     \
                const __m128i bb_ = aesx_rot(aesx_c_, j_ - 1);                                     \
                aesx_rk_[2 * j_ + 1] = _mm_xor_si128(aesx_qb_[j_ - 1], bb_);                       \
                aesx_qb_[j_] = aesx_qnext(aesx_rk_[2 * j_ - 1], bb_);                              \
                KEY(2 * j_ + 1, aesx_rk_[2 * j_ + 1]);                                             \
            }                                                                                      \
            aesx_rcon_ <<= 1;                                                                      \
        }                                                                                          \
    } while (0)

static inline __attribute__((always_inline)) void aesx_expand256_x(__m128i *ek, __m128i a,
                                                                   __m128i b, __m128i *x, int n,
                                                                   int lag)
{
    const int lo = lag ? n - 1 : 0; /* x[lo..n-1] keep pace, x[0..lo-1] lag */
    __m128i rk[15];
    if (ek)
        _mm_store_si128(ek, a);
    /* Round key r: stored, the pacing blocks' round r, the lagging
     * blocks' round r - lag, and a copy for the lagging rounds after the
     * expansion. */
#define AESX_X_KEY(r, k)                                                                           \
    do {                                                                                           \
        rk[r] = (k);                                                                               \
        if (ek)                                                                                    \
            _mm_store_si128(ek + (r), rk[r]);                                                      \
        aesx_round256(x, lo, n, (r), rk[r]);                                                       \
        if ((r) - lag >= 1)                                                                        \
            aesx_round256(x, 0, lo, (r) - lag, aesx_rk_[(r) - lag]);                               \
    } while (0)
    AESX_EXPAND256_EACH(a, b, AESX_X_KEY);
#undef AESX_X_KEY
    _Pragma("GCC unroll 8")
    for (int r = 15 - lag; r <= 14; r++)
        aesx_round256(x, 0, lo, r, rk[r]);
}

/* The expansion into @ek and, when @h is not NULL, *h = AES-256 of 0^128
 * under it (XAES-256-GCM's hash subkey, lib/gcm/x86_64/xaes_derive.h, and
 * AES-256-GCM-SIV's short path, lib/gcm/x86_64/gcmsiv_short.h). */
static inline __attribute__((always_inline)) void aesx_expand256_h(__m128i *ek, __m128i a,
                                                                   __m128i b, __m128i *h)
{
    __m128i x = a; /* 0^128 after round 0 */
    aesx_expand256_x(ek, a, b, &x, h ? 1 : 0, 0);
    if (h)
        *h = x;
}

/* The 15 round keys of AES-256 into @ek. */
static inline void aesx_expand256(__m128i *ek, const uint8_t *key)
{
    aesx_expand256_h(ek, _mm_loadu_si128((const __m128i *)(const void *)key),
                     _mm_loadu_si128((const __m128i *)(const void *)(key + 16)), NULL);
}

/* The 13 round keys of AES-192 into @ek, one word at a time (its 6-word
 * period does not fall on block boundaries).  With words as little-endian
 * loads, RotWord is a right rotation by 8 and Rcon's byte the low one. */
static inline void aesx_expand192(__m128i *ek, const uint8_t *key)
{
    uint32_t w[52];
    uint32_t rcon = 1;
    memcpy(w, key, 24);
    for (unsigned i = 6; i < 52; i++) {
        uint32_t t = w[i - 1];
        if (i % 6 == 0) {
            t = aesx_subword(t);
            t = ((t >> 8) | (t << 24)) ^ rcon;
            rcon <<= 1;
        }
        w[i] = w[i - 6] ^ t;
    }
    for (unsigned r = 0; r <= 12; r++)
        _mm_store_si128(ek + r, _mm_loadu_si128((const __m128i *)(const void *)(w + 4 * r)));
    axiom_wipe(w, sizeof w);
}

/* The encryption round keys and the round count (@keylen 16, 24 or 32). */
static inline void aesx_setkey_enc(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    __m128i *ek = (__m128i *)(void *)ks->w;
    if (keylen == 32)
        aesx_expand256(ek, key);
    else if (keylen == 24)
        aesx_expand192(ek, key);
    else
        aesx_expand128(ek, key);
    ks->rounds = (unsigned)keylen / 4 + 6;
}

/* The whole schedule: both directions, every other byte zero. */
static inline void aesx_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    memset(ks->w, 0, sizeof ks->w);
    aesx_setkey_enc(ks, key, keylen);
    const unsigned nr = ks->rounds;
    const __m128i *ek = (const __m128i *)(const void *)ks->w;
    __m128i *dk = (__m128i *)(void *)((unsigned char *)ks->w + AESX_DEC_OFFSET);
    /* Equivalent Inverse Cipher: the encryption keys in reverse order, with
     * InvMixColumns applied to all but the first and the last. */
    dk[0] = ek[nr];
    for (unsigned r = 1; r < nr; r++)
        dk[r] = _mm_aesimc_si128(ek[nr - r]);
    dk[nr] = ek[0];
}

#endif
