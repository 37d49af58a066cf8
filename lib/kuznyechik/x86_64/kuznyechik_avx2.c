/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kuznyechik kernel for x86-64 CPUs with AVX2 ("avx2"): byte-sliced,
 * constant time.
 *
 * The batch, transposes and S are kuznyechik_avx2.h's (32 blocks, 16 byte
 * slices).  L: the recurrence of kuznyechik.h, in the g basis of
 * kuznyechik_sd.h.  Every element is split into nibbles once, when it is
 * made; each of l()'s seven products of a pairwise sum is then two
 * VPSHUFB in nibble tables (45 instructions per step with the split, 16
 * steps per L), the newest elements added last so that consecutive steps
 * overlap.  Decryption runs L^-1 and pi^-1 on the same slices.
 *
 * Fused: CTR builds its counter blocks directly as slices (the 128-bit
 * big-endian increment rippled through the byte slices, the carry chain
 * cut where a counter byte is not 0xff) and XORs the keystream into the
 * data during the output transpose.  CBC and CFB decryption run in whole
 * 32-block batches (kuznyechik.h).  A partial batch runs with zero padding
 * lanes through the same code.  CBC and CFB encryption and OFB are serial
 * and go one block at a time (avx2_serial): S on the block in a register,
 * L as a masked sum of the images of its 128 bits, about a seventh of a
 * batch's time per block.
 *
 * Constant time: no table is indexed by secrets (VPSHUFB's lookups are in
 * registers) and the only branches are on lengths and on the public
 * counter value.  The key schedule is constant time too: S on one block
 * and L as masked sums (avx2_expand).
 */
#include "config.h"

#include "kuznyechik/x86_64/kuznyechik_avx2.h"

/* ---- L ----------------------------------------------------------------------- */

/* In the g basis (kuznyechik_sd.h) a byte v stands for sum v_i g^i.
 * xt(v) = g v + R: VPADDB shifts every byte left, and VPSHUFB of an
 * all-R table gives R exactly where bit 7 is clear (PSHUFB zeroes the
 * others), so the sum is the reduced g v plus R in every case: two
 * instructions instead of a compare, an AND and an XOR. */
FI __m256i avx2_xt(__m256i v, __m256i rt)
{
    return _mm256_xor_si256(_mm256_add_epi8(v, v), _mm256_shuffle_epi8(rt, v));
}

#define AVX2_X(u, v) _mm256_xor_si256((u), (v))

/* avx2_l's constant: the all-R table of avx2_xt. */
typedef struct {
    __m256i rt;
} avx2_lc;

FI void avx2_lc_init(avx2_lc *c)
{
    c->rt = _mm256_set1_epi8(AXIOM_KUZ_GB_R);
}

/*
 * l(a_0..a_15) (kuznyechik.h) in the g basis, by Horner's rule on the bits
 * of the coefficients: with the pairwise sums p_k, S_b is the sum of the
 * terms whose coefficient has bit b set in the g basis (148 = 0x03,
 * 32 = 0x1c, 133 = 0x18, 16 = 0x1a, 194 = 0x68, 192 = 0x2d, 251 = 0xd5)
 * and l = g(...g(g S_7 + S_6)...) + S_0:
 *     bit 7: a7               bit 6: p4 a7            bit 5: p4 p5
 *     bit 4: p1 p2 p3 a7      bit 3: p1 p2 p3 p4 p5   bit 2: p1 p5 a7
 *     bit 1: p0 p3            bit 0: p0 p5 p6 a7      (p6 = a6 + a8 + a15)
 * p0 = a0 + a14 holds the element the previous step has just made (a0
 * forwards, a14 backwards), and it only enters at bits 1 and 0: a step
 * waits for the previous one about six cycles, not the whole chain.  Each
 * xt adds R, which the remaining multiplications by g make
 * AXIOM_KUZ_GB_DELTA in all: every new element comes out that much off, so
 * this L is L(x) + D and the backward one L^-1(x) + D' for constant D and
 * D' (tools/gen_kuznyechik.c), which the round keys take back (the
 * setkey below).  47 instructions, 7 of them VPSHUFB, on whole bytes.
 */
FI __m256i avx2_l(const avx2_lc *c, const __m256i *const a[16])
{
    const __m256i rt = c->rt;
    const __m256i a7 = *a[7];
    const __m256i p1 = AVX2_X(*a[1], *a[13]), p2 = AVX2_X(*a[2], *a[12]);
    const __m256i p3 = AVX2_X(*a[3], *a[11]), p4 = AVX2_X(*a[4], *a[10]);
    const __m256i p5 = AVX2_X(*a[5], *a[9]);
    const __m256i p6 = AVX2_X(AVX2_X(*a[6], *a[8]), *a[15]);
    const __m256i u = AVX2_X(AVX2_X(p1, p2), p3), v = AVX2_X(p4, p5), w = AVX2_X(p5, a7);
    __m256i acc = a7;                                                  /* bit 7 */
    acc = AVX2_X(avx2_xt(acc, rt), AVX2_X(p4, a7));                    /* bit 6 */
    acc = AVX2_X(avx2_xt(acc, rt), v);                                 /* bit 5 */
    acc = AVX2_X(avx2_xt(acc, rt), AVX2_X(u, a7));                     /* bit 4 */
    acc = AVX2_X(avx2_xt(acc, rt), AVX2_X(u, v));                      /* bit 3 */
    acc = AVX2_X(avx2_xt(acc, rt), AVX2_X(p1, w));                     /* bit 2 */
    const __m256i p0 = AVX2_X(*a[0], *a[14]);
    acc = AVX2_X(avx2_xt(acc, rt), AVX2_X(p3, p0));                    /* bit 1 */
    return AVX2_X(avx2_xt(acc, rt), AVX2_X(AVX2_X(w, p6), p0));        /* bit 0 */
}

#include "kuznyechik/x86_64/kuznyechik_avx2_lin.h"

/* Every slice to the g basis (@to = 0) or back (@to = 2): a linear map
 * of bytes, two nibble tables. */
FI void avx2_gbasis(__m256i s[16], int to)
{
    const __m256i f = _mm256_set1_epi8(0x0f);
    const __m256i tlo = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gbasis[to]));
    const __m256i thi = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gbasis[to + 1]));
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = _mm256_xor_si256(
            _mm256_shuffle_epi8(tlo, _mm256_and_si256(s[j], f)),
            _mm256_shuffle_epi8(thi, _mm256_and_si256(_mm256_srli_epi16(s[j], 4), f)));
}

/* The round keys in the g basis with the offsets of avx2_lin (@dec = 0)
 * or avx2_lin_inv (1) folded in, where the setkey below keeps them. */
FI const uint8_t *avx2_gkey(const axiom_bc_ks *ks, int dec, unsigned i)
{
    return (const uint8_t *)ks->w + 16 * (AXIOM_KUZ_ROUNDS * (1 + dec) + i);
}


/* ---- the cipher on slices ---------------------------------------------------- */


/* The plain AVX2 kernel works in the g basis (kuznyechik_sd.h): the
 * first S of encryption takes the bytes as they are (pi's input tables
 * from set 0) and gives the g basis, the last S^-1 of decryption the
 * other way round; the other end converts. */
FI void avx2_sbox_mix(avx2_sbox *sb, int set, int first, int n)
{
    for (int i = first; i < first + n; i++)
        sb->t[i] = _mm256_broadcastsi128_si256(
            _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_sdec[set][i]));
}

/* Rounds 2..10 on the output of the first (g basis). */
static void avx2_encrypt_rest(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_sbox sb;
    avx2_lc lc;
    avx2_sbox_init(&sb, 2);
    avx2_lc_init(&lc);
    for (unsigned r = 1; r < 9; r++) {
        avx2_addkey(s, avx2_gkey(ks, 0, r));
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = avx2_sub(&sb, s[j]);
        avx2_lin(&lc, s);
    }
    avx2_addkey(s, avx2_gkey(ks, 0, 9));
    avx2_gbasis(s, 2);
}

/* The first round's key, S and L (plain bytes in, g basis out); slices
 * @n..15 count as S's output 0 (CTR below). */
FI void avx2_round1(const axiom_bc_ks *ks, __m256i s[16], int n)
{
    avx2_sbox sb;
    avx2_lc lc;
    avx2_sbox_init(&sb, 2);
    avx2_sbox_mix(&sb, 0, AXIOM_KUZ_SD_IN_LO_L, 4);
    avx2_lc_init(&lc);
    avx2_addkey(s, axiom_kuz_rk(ks, 0));
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = j < n ? avx2_sub(&sb, s[j]) : _mm256_setzero_si256();
    avx2_lin(&lc, s);
}

static void avx2_encrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_round1(ks, s, 16);
    avx2_encrypt_rest(ks, s);
}

static void avx2_decrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_sbox sb;
    avx2_lc lc;
    avx2_sbox_init(&sb, 3);
    avx2_lc_init(&lc);
    avx2_gbasis(s, 0);
    avx2_addkey(s, avx2_gkey(ks, 1, 9));
    for (unsigned r = 9; r-- > 1;) {
        avx2_lin_inv(&lc, s);
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = avx2_sub_inv(&sb, s[j]);
        avx2_addkey(s, avx2_gkey(ks, 1, r));
    }
    avx2_lin_inv(&lc, s);
    avx2_sbox_mix(&sb, 1, AXIOM_KUZ_SD_OUT_L, 2);
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = avx2_sub_inv(&sb, s[j]);
    avx2_addkey(s, axiom_kuz_rk(ks, 0));
}


static void avx2_ctr_plain(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t ctr[16])
{
    __m256i head[16];       /* the first term above, g basis */
    uint8_t head_of[14];    /* for counter bytes 0..13 */
    int have_head = 0;
    avx2_sbox sb;
    avx2_sbox_init(&sb, 2);
    avx2_sbox_mix(&sb, 0, AXIOM_KUZ_SD_IN_LO_L, 4);
    const __m256i f = _mm256_set1_epi8(0x0f);
    while (n > 0) {
        __m256i s[16];
        avx2_ctr_slices(s, ctr);
        if (ctr[14] == 0xff && ctr[15] > 0xff - (AVX2_BATCH - 1)) {
            avx2_encrypt(ks, s); /* a carry out of byte 14 in this batch */
        } else {
            if (!have_head || memcmp(head_of, ctr, sizeof head_of) != 0) {
                for (int j = 0; j < 16; j++)
                    head[j] = s[j];
                avx2_round1(ks, head, 14);
                memcpy(head_of, ctr, sizeof head_of);
                have_head = 1;
            }
            const uint8_t *k1 = axiom_kuz_rk(ks, 0);
            const __m256i v14 = avx2_sub(&sb, _mm256_xor_si256(s[14], _mm256_set1_epi8((char)k1[14])));
            const __m256i v15 = avx2_sub(&sb, _mm256_xor_si256(s[15], _mm256_set1_epi8((char)k1[15])));
            const __m256i n0 = _mm256_and_si256(v14, f);
            const __m256i n1 = _mm256_and_si256(_mm256_srli_epi16(v14, 4), f);
            const __m256i n2 = _mm256_and_si256(v15, f);
            const __m256i n3 = _mm256_and_si256(_mm256_srli_epi16(v15, 4), f);
#define AVX2_GCTR(i, w) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gctr[i][w]))
#pragma GCC unroll 16
            for (int i = 0; i < 16; i++)
                s[i] = _mm256_xor_si256(
                    _mm256_xor_si256(head[i], _mm256_shuffle_epi8(AVX2_GCTR(i, 0), n0)),
                    _mm256_xor_si256(_mm256_xor_si256(_mm256_shuffle_epi8(AVX2_GCTR(i, 1), n1),
                                                      _mm256_shuffle_epi8(AVX2_GCTR(i, 2), n2)),
                                     _mm256_shuffle_epi8(AVX2_GCTR(i, 3), n3)));
#undef AVX2_GCTR
            avx2_encrypt_rest(ks, s);
        }
        avx2_transpose(s);
        const size_t done = avx2_ctr_xor(s, out, in, n, ctr);
        in += 16 * done;
        out += 16 * done;
        n -= done;
    }
    axiom_wipe(head, sizeof head);
}

/* ---- the kernels --------------------------------------------------------------- */

/* K_1..K_10, then for the plain kernel the same in the g basis, with D
 * added to K_2..K_10 (bytes 160..319, for encryption) and with E
 * (bytes 320..479, for decryption): axiom_kuz_gboff, see avx2_l. */
static void kuz_avx2_gkeys(axiom_bc_ks *ks)
{
    const __m128i f = _mm_set1_epi8(0x0f);
    const __m128i tlo = _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gbasis[0]);
    const __m128i thi = _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gbasis[1]);
    uint8_t *gk = (uint8_t *)ks->w + 16 * AXIOM_KUZ_ROUNDS;
    for (unsigned i = 0; i < AXIOM_KUZ_ROUNDS; i++) {
        const __m128i k = _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_rk(ks, i));
        const __m128i g = _mm_xor_si128(_mm_shuffle_epi8(tlo, _mm_and_si128(k, f)),
                                        _mm_shuffle_epi8(thi, _mm_and_si128(_mm_srli_epi16(k, 4), f)));
        for (int dec = 0; dec < 2; dec++) {
            const __m128i off = _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gboff[dec]);
            _mm_storeu_si128((__m128i *)(void *)(gk + 16 * (AXIOM_KUZ_ROUNDS * dec + i)),
                             i ? _mm_xor_si128(g, off) : g);
        }
    }
}

/* A block to the g basis (@to = 0) or back (@to = 2), in an xmm. */
FI __m128i avx2_gbasis1(__m128i x, int to)
{
    const __m128i f = _mm_set1_epi8(0x0f);
    const __m128i tlo = _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gbasis[to]);
    const __m128i thi = _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gbasis[to + 1]);
    return _mm_xor_si128(_mm_shuffle_epi8(tlo, _mm_and_si128(x, f)),
                         _mm_shuffle_epi8(thi, _mm_and_si128(_mm_srli_epi16(x, 4), f)));
}

/* ---- one block ----------------------------------------------------------------- */

/*
 * One block at a time, for the serial modes (CBC and CFB encryption, OFB)
 * and short ECB and CTR runs: the round of avx2_expand with the round
 * keys.  The block sits in the g basis in both halves of a ymm register.
 * S is avx2_sub on it.  L is the masked sum of the images of its 128 bits
 * (axiom_kuz_glbit, made by tools/gen_kuznyechik.c): the halves take bits
 * b and b + 4, VPCMPEQB makes every bit pair of the block a 0/0xff byte
 * and VPSHUFB broadcasts byte j of those, 4 x 16 VPSHUFB, VPAND and VPXOR
 * a round, in four independent sums; a swap of the halves adds them.
 * That L is exact, without the batch's offset, so the round keys drop the
 * D that avx2_gkey holds.  The tables are indexed by loop counters only:
 * no lookup or branch depends on the key or the data.
 */
typedef struct {
    avx2_sbox sb;                  /* pi in the g basis */
    __m256i k[AXIOM_KUZ_ROUNDS];   /* K_1..K_10 in the g basis, both halves */
} avx2_one;

FI __m256i avx2_bcast16(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p));
}

static void avx2_one_init(avx2_one *c, const axiom_bc_ks *ks)
{
    const __m256i d = avx2_bcast16(axiom_kuz_gboff[0]);
    avx2_sbox_init(&c->sb, 2);
    for (unsigned r = 0; r < AXIOM_KUZ_ROUNDS; r++) {
        const __m256i k = avx2_bcast16(avx2_gkey(ks, 0, r));
        c->k[r] = r ? _mm256_xor_si256(k, d) : k;
    }
}

FI __m256i avx2_one_lin(__m256i y)
{
    __m256i m[4], acc[4];
#pragma GCC unroll 4
    for (int b = 0; b < 4; b++) {
        const __m256i bit = _mm256_setr_m128i(_mm_set1_epi8((char)(1 << b)),
                                              _mm_set1_epi8((char)(1 << (b + 4))));
        m[b] = _mm256_cmpeq_epi8(_mm256_and_si256(y, bit), bit);
        acc[b] = _mm256_setzero_si256();
    }
    __m256i idx = _mm256_setzero_si256();
    const __m256i one = _mm256_set1_epi8(1);
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++) {
#pragma GCC unroll 4
        for (int b = 0; b < 4; b++)
            acc[b] = _mm256_xor_si256(
                acc[b], _mm256_and_si256(_mm256_shuffle_epi8(m[b], idx),
                                         _mm256_loadu_si256((const __m256i *)(const void *)
                                                                axiom_kuz_glbit[b][j])));
        idx = _mm256_add_epi8(idx, one);
        /* each term as it comes: GCC would otherwise make all 64 masks
         * first and spill them */
        __asm__("" : "+x"(acc[0]), "+x"(acc[1]), "+x"(acc[2]), "+x"(acc[3]), "+x"(idx));
    }
    const __m256i a = _mm256_xor_si256(_mm256_xor_si256(acc[0], acc[1]),
                                       _mm256_xor_si256(acc[2], acc[3]));
    return _mm256_xor_si256(a, _mm256_permute2x128_si256(a, a, 0x01));
}

/* A block in the g basis, in both halves, through the nine rounds and the
 * last key. */
FI __m256i avx2_one_encrypt(const avx2_one *c, __m256i x)
{
    for (unsigned r = 0; r < AXIOM_KUZ_ROUNDS - 1; r++)
        x = avx2_one_lin(avx2_sub(&c->sb, _mm256_xor_si256(x, c->k[r])));
    return _mm256_xor_si256(x, c->k[AXIOM_KUZ_ROUNDS - 1]);
}

/* A block from memory into the g basis, both halves, and back. */
FI __m256i avx2_one_load(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(
        avx2_gbasis1(_mm_loadu_si128((const __m128i *)(const void *)p), 0));
}

FI __m128i avx2_one_bytes(__m256i x)
{
    return avx2_gbasis1(_mm256_castsi256_si128(x), 2);
}

/* The serial modes (@mode AXIOM_BC_CBC_ENC, AXIOM_BC_CFB_ENC or
 * AXIOM_BC_OFB, lib/core/bc_modes.h): the chaining value stays in the g
 * basis from block to block, so the conversions of the data are off the
 * chain. */

static void avx2_serial(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16], int mode)
{
    avx2_one c;
    avx2_one_init(&c, ks);
    __m256i v = avx2_one_load(iv);
    for (; n > 0; n--, in += 16, out += 16) {
        switch (mode) {
        case AXIOM_BC_CBC_ENC:
            v = avx2_one_encrypt(&c, _mm256_xor_si256(v, avx2_one_load(in)));
            _mm_storeu_si128((__m128i *)(void *)out, avx2_one_bytes(v));
            break;
        case AXIOM_BC_CFB_ENC:
            v = _mm256_xor_si256(avx2_one_encrypt(&c, v), avx2_one_load(in));
            _mm_storeu_si128((__m128i *)(void *)out, avx2_one_bytes(v));
            break;
        default: /* OFB */
            v = avx2_one_encrypt(&c, v);
            _mm_storeu_si128((__m128i *)(void *)out,
                             _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in),
                                           avx2_one_bytes(v)));
            break;
        }
    }
    _mm_storeu_si128((__m128i *)(void *)iv, avx2_one_bytes(v));
    axiom_wipe(&c, sizeof c);
}


/*
 * The key schedule of the plain kernel, one Feistel round
 * (a1, a0) <- (L(S(a1 ^ C_i)) ^ a0, a1) at a time on one block in the g
 * basis: S is avx2_sub on the block in a register; L, linear over GF(2),
 * is the sum of the images V[j][b] of the 128 bits (byte j, bit b, the
 * element g^b), selected by masks: VPCMPEQB makes each bit of the block a
 * 0/0xff byte and VPSHUFB broadcasts byte j of those, with bits b and
 * b + 4 in the two halves of a ymm register (4 x 16 VPSHUFB, VPAND and
 * VPXOR a round, no chain).  The images are public and made per call:
 * one avx2_lin on 32 unit blocks (lanes j and 16 + j holding 1 and g^4
 * at byte j), its offset D taken off, and the transpose leave register j
 * = (V[j][0], V[j][4]); L is linear over GF(2^8), so V[j][b + 1] =
 * g V[j][b], one avx2_xt (which adds R) per register for the rest.
 * No lookup or branch depends on the key.
 */
__attribute__((noinline)) static void avx2_expand(axiom_bc_ks *ks, const uint8_t *key)
{
    uint8_t *k = (uint8_t *)ks->w;
    avx2_sbox sb;
    __m256i v[4][16];
    const __m256i lane = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                          0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i d = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_gboff[0]));
    avx2_lc lc;
    avx2_lc_init(&lc);
    const __m256i rt = lc.rt;
    __m256i bit[4];
    for (int b = 0; b < 4; b++)
        bit[b] = _mm256_setr_m128i(_mm_set1_epi8((char)(1 << b)), _mm_set1_epi8((char)(1 << (b + 4))));
    for (int j = 0; j < 16; j++)
        v[0][j] = _mm256_and_si256(_mm256_cmpeq_epi8(lane, _mm256_set1_epi8((char)j)), bit[0]);
    avx2_lin(&lc, v[0]);
    avx2_transpose(v[0]);
    for (int j = 0; j < 16; j++) {
        v[0][j] = _mm256_xor_si256(v[0][j], d);
        for (int b = 1; b < 4; b++) /* L(g x) = g L(x); avx2_xt adds R */
            v[b][j] = _mm256_xor_si256(avx2_xt(v[b - 1][j], rt), rt);
    }

    avx2_sbox_init(&sb, 2);
    __m128i a1 = avx2_gbasis1(_mm_loadu_si128((const __m128i *)(const void *)key), 0);
    __m128i a0 = avx2_gbasis1(_mm_loadu_si128((const __m128i *)(const void *)(key + 16)), 0);
    memcpy(k, key, 32);
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned r = 0; r < 8; r++) {
            const __m128i ci = avx2_gbasis1(
                _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_c[8 * i + r]), 0);
            const __m256i y = avx2_sub(&sb, _mm256_castsi128_si256(_mm_xor_si128(a1, ci)));
            const __m256i yy = _mm256_broadcastsi128_si256(_mm256_castsi256_si128(y));
            __m256i acc[2] = { _mm256_setzero_si256(), _mm256_setzero_si256() };
#pragma GCC unroll 4
            for (int b = 0; b < 4; b++) {
                const __m256i m = _mm256_cmpeq_epi8(_mm256_and_si256(yy, bit[b]), bit[b]);
#pragma GCC unroll 16
                for (int j = 0; j < 16; j++)
                    acc[j & 1] = _mm256_xor_si256(
                        acc[j & 1], _mm256_and_si256(_mm256_shuffle_epi8(m, _mm256_set1_epi8((char)j)),
                                                     v[b][j]));
            }
            const __m256i a = _mm256_xor_si256(acc[0], acc[1]);
            const __m128i t = _mm_xor_si128(_mm_xor_si128(_mm256_castsi256_si128(a),
                                                          _mm256_extracti128_si256(a, 1)),
                                            a0);
            a0 = a1;
            a1 = t;
        }
        _mm_storeu_si128((__m128i *)(void *)(k + 32 * (i + 1)), avx2_gbasis1(a1, 2));
        _mm_storeu_si128((__m128i *)(void *)(k + 32 * (i + 1) + 16), avx2_gbasis1(a0, 2));
    }
    ks->rounds = AXIOM_KUZ_ROUNDS;
}

static void kuz_avx2_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    (void)keylen;
    avx2_expand(ks, key);
    axiom_stack_wipe(); /* its spilled S outputs and halves */
    kuz_avx2_gkeys(ks);
}


static void kuz_avx2_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    avx2_blocks(ks, out, in, n, avx2_encrypt);
}

static void kuz_avx2_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    avx2_blocks(ks, out, in, n, avx2_decrypt);
}

static void kuz_avx2_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                         uint8_t iv[16])
{
    avx2_ctr_plain(ks, out, in, n, iv);
}

static void kuz_avx2_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                             uint8_t iv[16])
{
    axiom_bc_cbc_dec_batched(ks, out, in, n, iv, kuz_avx2_dec, AVX2_BATCH);
}

static void kuz_avx2_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                             uint8_t iv[16])
{
    axiom_bc_cfb_dec_batched(ks, out, in, n, iv, kuz_avx2_enc, AVX2_BATCH);
}

/* The serial modes one block at a time (avx2_serial). */
static void kuz_avx2_cbc_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                             uint8_t iv[16])
{
    avx2_serial(ks, out, in, n, iv, AXIOM_BC_CBC_ENC);
}

static void kuz_avx2_cfb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                             uint8_t iv[16])
{
    avx2_serial(ks, out, in, n, iv, AXIOM_BC_CFB_ENC);
}

static void kuz_avx2_ofb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                         uint8_t iv[16])
{
    avx2_serial(ks, out, in, n, iv, AXIOM_BC_OFB);
}

/* XTS runs the generic loop over whole batches. */
AXIOM_BC_DEFINE_MODE(kuz_avx2_xts_enc, AXIOM_BC_XTS, kuz_avx2_enc)
AXIOM_BC_DEFINE_MODE(kuz_avx2_xts_dec, AXIOM_BC_XTS, kuz_avx2_dec)

const axiom_bc_kernel axiom_kuz_avx2 = {
    .name = "avx2",
    .features = AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "AVX2 nibble-table shuffles, 16 blocks",
    .steps = { 8, 32 }, /* AVX2_BATCH 32; XTS stages 8 */
    .slow_block = 1,
    .setkey = kuz_avx2_setkey,
    .ecb_enc = kuz_avx2_enc,
    .ecb_dec = kuz_avx2_dec,
    .cbc_enc = kuz_avx2_cbc_enc,
    .cbc_dec = kuz_avx2_cbc_dec,
    .cfb_enc = kuz_avx2_cfb_enc,
    .cfb_dec = kuz_avx2_cfb_dec,
    .ofb = kuz_avx2_ofb,
    .ctr = kuz_avx2_ctr,
    .xts_enc = kuz_avx2_xts_enc,
    .xts_dec = kuz_avx2_xts_dec,
};
