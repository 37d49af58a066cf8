/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kuznyechik kernels for x86-64 CPUs with AVX2 ("avx2"), and with AVX2 and
 * GFNI ("gfni-avx2"): byte-sliced, constant time. */

/*
 * Batch: 32 blocks.  Register r holds blocks r and 16 + r (one per 128-bit
 * lane); a 16x16 byte transpose inside each lane (four rounds of
 * VPUNPCK{L,H}BW) turns the 16 registers into 16 byte slices, slice j
 * holding byte j of all 32 blocks, and back.
 *
 * - S: VPSHUFB looks up a 16-entry row of pi by the low nibble; PSHUFB's
 *   zeroing of lanes whose index has bit 7 set merges rows h and h + 8 with
 *   one XOR, and a VPBLENDVB tree on bits 4, 5 and 6 picks the row: 16
 *   shuffles, 8 XORs, 7 blends and 4 shifts/XORs per slice.
 * - L: the recurrence of kuznyechik.h.  Every element is split into
 *   nibbles once, when it is made; each of l()'s seven products of a
 *   pairwise sum is then two VPSHUFB in nibble tables (45 instructions per
 *   step with the split, 16 steps per L), the newest elements added last
 *   so that consecutive steps overlap.
 * - "gfni-avx2" is the same kernel with each product one VEX-encoded
 *   GF2P8AFFINEQB (22 instructions per step), for CPUs with GFNI but
 *   without AVX-512 (or with it disabled); only its own functions are
 *   compiled for GFNI.
 * - Decryption runs L^-1 and pi^-1 on the same slices.
 *
 * Fused: CTR builds its counter blocks directly as slices (the 128-bit
 * big-endian increment rippled through the byte slices, the carry chain
 * cut where a counter byte is not 0xff) and XORs the keystream into the
 * data during the output transpose.  CBC and CFB decryption run in whole
 * 32-block batches (kuznyechik.h).  A partial batch runs with zero padding
 * lanes through the same code.  CBC and CFB encryption and OFB are serial:
 * each block costs a whole batch.
 *
 * Constant time: no table is indexed by secrets (VPSHUFB's lookups are in
 * registers) and the only branches are on lengths and on the public
 * counter value.  The key schedules are constant time too: the GFNI
 * kernel's runs the one-block round (axiom_kuz_gfni_expand), the plain
 * kernel's S on one block and L as masked sums (avx2_expand).
 */
#include "config.h"

#include <string.h>
#include <immintrin.h>

#include "axiom/cpu.h"
#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"

#define AVX2_BATCH 32
#define FI static inline __attribute__((always_inline))

typedef struct {
    __m256i t[AXIOM_KUZ_SD_N];   /* kuznyechik_sd.h, for pi or for pi^-1 */
} avx2_sbox;

FI void avx2_sbox_init(avx2_sbox *sb, int inverse)
{
    for (int i = 0; i < AXIOM_KUZ_SD_N; i++)
        sb->t[i] = _mm256_broadcastsi128_si256(
            _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_sdec[inverse][i]));
}

/* ---- transposes ----------------------------------------------------------- */

/* 16x16 byte transpose inside each 128-bit lane: each round maps the byte
 * at (row r, column c) to (r << 1 | c >> 3, c << 1 | r >> 3) (the 8-bit
 * index r:c rotated by one); four rounds swap r and c. */
FI void avx2_transpose(__m256i v[16])
{
    for (int round = 0; round < 4; round++) {
        __m256i t[16];
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            t[2 * i] = _mm256_unpacklo_epi8(v[i], v[i + 8]);
            t[2 * i + 1] = _mm256_unpackhi_epi8(v[i], v[i + 8]);
        }
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            v[i] = t[i];
    }
}

FI __m256i avx2_load2(const uint8_t *lo, const uint8_t *hi)
{
    return _mm256_loadu2_m128i((const __m128i *)(const void *)hi,
                               (const __m128i *)(const void *)lo);
}

FI void avx2_store2(uint8_t *lo, uint8_t *hi, __m256i v)
{
    _mm256_storeu2_m128i((__m128i *)(void *)hi, (__m128i *)(void *)lo, v);
}

/* ---- S ----------------------------------------------------------------------- */

FI __m256i avx2_tab(const avx2_sbox *sb, int i, __m256i idx)
{
    return _mm256_shuffle_epi8(sb->t[i], idx);
}

/* a * b in GF(2^4) from the logs (kuznyechik_sd.h): a saturating add,
 * reduced modulo 15 as min(s, s - 15); a log of 0 keeps bit 7 set. */
FI __m256i avx2_logsum(__m256i la, __m256i lb)
{
    const __m256i s = _mm256_adds_epu8(la, lb);
    return _mm256_min_epu8(s, _mm256_sub_epi8(s, _mm256_set1_epi8(15)));
}

/* The nibbles (l, r) of the input linear map (alpha for pi, omega^-1 for
 * pi^-1): six instructions with the split of x. */
FI void avx2_sub_in(const avx2_sbox *sb, __m256i x, __m256i *l, __m256i *r)
{
    const __m256i f = _mm256_set1_epi8(0x0f);
    const __m256i lo = _mm256_and_si256(x, f);
    const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), f);
    *l = _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_IN_LO_L, lo),
                          avx2_tab(sb, AXIOM_KUZ_SD_IN_HI_L, hi));
    *r = _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_IN_LO_R, lo),
                          avx2_tab(sb, AXIOM_KUZ_SD_IN_HI_R, hi));
}

/* pi on a slice: 28 instructions, 14 of them VPSHUFB. */
FI __m256i avx2_sub(const avx2_sbox *sb, __m256i x)
{
    __m256i l, r;
    avx2_sub_in(sb, x, &l, &r);
    const __m256i s = avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_LOG, l),
                                  avx2_tab(sb, AXIOM_KUZ_SD_E_LOGINV, r));
    const __m256i l2 = _mm256_xor_si256(
        avx2_tab(sb, AXIOM_KUZ_SD_E_NU1EXP, s),
        avx2_tab(sb, AXIOM_KUZ_SD_E_NU0, _mm256_or_si256(l, avx2_tab(sb, AXIOM_KUZ_SD_NZ, r))));
    const __m256i t = avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_E_LOGPHI, l2),
                                  avx2_tab(sb, AXIOM_KUZ_SD_LOG, r));
    const __m256i r2 = avx2_tab(sb, AXIOM_KUZ_SD_E_SIGEXP, t);
    return _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_OUT_L, l2),
                            avx2_tab(sb, AXIOM_KUZ_SD_OUT_R, r2));
}

/* pi^-1 on a slice, the same shape run backwards. */
FI __m256i avx2_sub_inv(const avx2_sbox *sb, __m256i y)
{
    __m256i l1, r1;
    avx2_sub_in(sb, y, &l1, &r1);
    const __m256i r = avx2_tab(sb, AXIOM_KUZ_SD_D_EXP,
                               avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_D_LOGSIGINV, r1),
                                           avx2_tab(sb, AXIOM_KUZ_SD_D_LOGPHIINV, l1)));
    const __m256i l = _mm256_xor_si256(
        avx2_tab(sb, AXIOM_KUZ_SD_D_EXP,
                 avx2_logsum(avx2_tab(sb, AXIOM_KUZ_SD_D_LOGNU1INV, l1),
                             avx2_tab(sb, AXIOM_KUZ_SD_LOG, r))),
        avx2_tab(sb, AXIOM_KUZ_SD_D_NU0INV,
                 _mm256_or_si256(l1, avx2_tab(sb, AXIOM_KUZ_SD_NZ, r))));
    return _mm256_xor_si256(avx2_tab(sb, AXIOM_KUZ_SD_OUT_L, l),
                            avx2_tab(sb, AXIOM_KUZ_SD_OUT_R, r));
}

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
FI __m256i avx2_l(__m256i rt, const __m256i *const a[16])
{
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

FI void avx2_lin(__m256i s[16])
{
    const __m256i rt = _mm256_set1_epi8(AXIOM_KUZ_GB_R);
    __m256i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 0; t < 16; t++) {
        const __m256i *a[16];
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            a[i] = &e[t + 15 - i];
        e[t + 16] = avx2_l(rt, a);
    }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[31 - i];
}

/* L^-1: the recurrence backwards (there a14 is the newest element). */
FI void avx2_lin_inv(__m256i s[16])
{
    const __m256i rt = _mm256_set1_epi8(AXIOM_KUZ_GB_R);
    __m256i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[16 + k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 15; t >= 0; t--) {
        const __m256i *a[16];
#pragma GCC unroll 16
        for (int i = 0; i < 15; i++)
            a[i] = &e[t + 15 - i];
        a[15] = &e[t + 16];
        e[t] = avx2_l(rt, a);
    }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[15 - i];
}

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

FI void avx2_addkey(__m256i s[16], const uint8_t *k)
{
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = _mm256_xor_si256(s[j], _mm256_set1_epi8((char)k[j]));
}

/* ---- the cipher on slices ---------------------------------------------------- */

typedef void (*avx2_core_fn)(const axiom_bc_ks *, __m256i *);

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
    avx2_sbox_init(&sb, 2);
    for (unsigned r = 1; r < 9; r++) {
        avx2_addkey(s, avx2_gkey(ks, 0, r));
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = avx2_sub(&sb, s[j]);
        avx2_lin(s);
    }
    avx2_addkey(s, avx2_gkey(ks, 0, 9));
    avx2_gbasis(s, 2);
}

/* The first round's key, S and L (plain bytes in, g basis out); slices
 * @n..15 count as S's output 0 (CTR below). */
FI void avx2_round1(const axiom_bc_ks *ks, __m256i s[16], int n)
{
    avx2_sbox sb;
    avx2_sbox_init(&sb, 2);
    avx2_sbox_mix(&sb, 0, AXIOM_KUZ_SD_IN_LO_L, 4);
    avx2_addkey(s, axiom_kuz_rk(ks, 0));
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = j < n ? avx2_sub(&sb, s[j]) : _mm256_setzero_si256();
    avx2_lin(s);
}

static void avx2_encrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_round1(ks, s, 16);
    avx2_encrypt_rest(ks, s);
}

static void avx2_decrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_sbox sb;
    avx2_sbox_init(&sb, 3);
    avx2_gbasis(s, 0);
    avx2_addkey(s, avx2_gkey(ks, 1, 9));
    for (unsigned r = 9; r-- > 1;) {
        avx2_lin_inv(s);
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = avx2_sub_inv(&sb, s[j]);
        avx2_addkey(s, avx2_gkey(ks, 1, r));
    }
    avx2_lin_inv(s);
    avx2_sbox_mix(&sb, 1, AXIOM_KUZ_SD_OUT_L, 2);
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        s[j] = avx2_sub_inv(&sb, s[j]);
    avx2_addkey(s, axiom_kuz_rk(ks, 0));
}

#ifdef HAVE_ISA_GFNI
/*
 * The same with GFNI's VEX form on ymm registers (CPUs with AVX2 and GFNI
 * but no AVX-512, or with AVX-512 disabled): each multiplication in l() is
 * one GF2P8AFFINEQB, 22 instructions per step instead of 45, and no
 * nibble tables.  Only these functions are compiled for GFNI.
 */
#define GFNI_FI static inline __attribute__((always_inline, target("gfni,avx2")))
#define GFNI_FN static __attribute__((target("gfni,avx2")))

typedef struct {
    __m256i mul[7];   /* GF2P8AFFINEQB matrices: 148 32 133 16 194 192 251 */
} avx2g_mul;

GFNI_FI __m256i avx2g_m(const avx2g_mul *m, int k, __m256i x)
{
    return _mm256_gf2p8affine_epi64_epi8(x, m->mul[k], 0);
}

GFNI_FI __m256i avx2g_l(const avx2g_mul *m, const __m256i *const a[16])
{
    __m256i t = _mm256_xor_si256(_mm256_xor_si256(*a[6], *a[8]), *a[15]);
    __m256i u = avx2g_m(m, 6, *a[7]);                                    /* 251 */
    u = _mm256_xor_si256(u, avx2g_m(m, 5, _mm256_xor_si256(*a[5], *a[9])));  /* 192 */
    t = _mm256_xor_si256(t, avx2g_m(m, 4, _mm256_xor_si256(*a[4], *a[10]))); /* 194 */
    u = _mm256_xor_si256(u, avx2g_m(m, 3, _mm256_xor_si256(*a[3], *a[11]))); /* 16 */
    t = _mm256_xor_si256(t, avx2g_m(m, 2, _mm256_xor_si256(*a[2], *a[12]))); /* 133 */
    t = _mm256_xor_si256(t, u);
    t = _mm256_xor_si256(t, avx2g_m(m, 1, _mm256_xor_si256(*a[1], *a[13]))); /* 32 */
    return _mm256_xor_si256(t, avx2g_m(m, 0, _mm256_xor_si256(*a[0], *a[14]))); /* 148 */
}

GFNI_FI void avx2g_lin(const avx2g_mul *m, __m256i s[16])
{
    __m256i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 0; t < 16; t++) {
        const __m256i *a[16];
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            a[i] = &e[t + 15 - i];
        e[t + 16] = avx2g_l(m, a);
    }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[31 - i];
}

GFNI_FI void avx2g_lin_inv(const avx2g_mul *m, __m256i s[16])
{
    __m256i e[32];
#pragma GCC unroll 16
    for (int k = 0; k < 16; k++)
        e[16 + k] = s[15 - k];
#pragma GCC unroll 16
    for (int t = 15; t >= 0; t--) {
        const __m256i *a[16];
#pragma GCC unroll 16
        for (int i = 0; i < 15; i++)
            a[i] = &e[t + 15 - i];
        a[15] = &e[t + 16];
        e[t] = avx2g_l(m, a);
    }
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        s[i] = e[15 - i];
}

GFNI_FI void avx2g_mul_init(avx2g_mul *m)
{
    for (int k = 0; k < 7; k++)
        m->mul[k] = _mm256_set1_epi64x((long long)axiom_kuz_gfni_mul[k]);
}

GFNI_FN void avx2g_encrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_sbox sb;
    avx2g_mul m;
    avx2_sbox_init(&sb, 0);
    avx2g_mul_init(&m);
    for (unsigned r = 0; r < 9; r++) {
        avx2_addkey(s, axiom_kuz_rk(ks, r));
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = avx2_sub(&sb, s[j]);
        avx2g_lin(&m, s);
    }
    avx2_addkey(s, axiom_kuz_rk(ks, 9));
}

GFNI_FN void avx2g_decrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_sbox sb;
    avx2g_mul m;
    avx2_sbox_init(&sb, 1);
    avx2g_mul_init(&m);
    avx2_addkey(s, axiom_kuz_rk(ks, 9));
    for (unsigned r = 9; r-- > 0;) {
        avx2g_lin_inv(&m, s);
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = avx2_sub_inv(&sb, s[j]);
        avx2_addkey(s, axiom_kuz_rk(ks, r));
    }
}

/*
 * One block at a time (serial modes, short messages), for the CPUs with
 * GFNI: one block per register, every instruction on all its bytes.  L is
 * a 16x16 matrix over GF(2^8); GF2P8MULB multiplies bytes in the AES
 * field, which phi maps this field onto, so the block is kept mapped by
 * phi throughout (one GF2P8AFFINEQB in and one out, the round keys
 * likewise) and
 *     phi(L(x)) = sum_j phi(x_j) col_j,   col_j = phi(L(e_j))
 * (lib/kuznyechik/kuznyechik_const.c): sixteen VPSHUFB spread each byte over the
 * register, sixteen GF2P8MULB and an XOR tree, about 10 cycles.  S is
 * avx2_sub with the tables of pi on phi-mapped bytes (axiom_kuz_sdec[4]),
 * run in a ymm register whose high lane is don't-care.  A round waits
 * about 30 cycles, not a batch.  Decryption is the same with the columns
 * of L^-1 (axiom_kuz_gfni_lcol_inv) and avx2_sub_inv with the tables of
 * pi^-1 on phi-mapped bytes (axiom_kuz_sdec[5]).
 */
typedef struct {
    avx2_sbox sb;
    __m128i col[16], idx[16], k[AXIOM_KUZ_ROUNDS];
} k1_consts;

/* S and L (or their inverses) without the round keys. */
GFNI_FI void k1_init_sl(k1_consts *c, int inverse)
{
    const uint8_t(*col)[16] = inverse ? axiom_kuz_gfni_lcol_inv : axiom_kuz_gfni_lcol;
    avx2_sbox_init(&c->sb, inverse ? 5 : 4);
    for (int j = 0; j < 16; j++) {
        c->col[j] = _mm_loadu_si128((const __m128i *)(const void *)col[j]);
        c->idx[j] = _mm_set1_epi8((char)j);
    }
}

GFNI_FI void k1_init(k1_consts *c, const axiom_bc_ks *ks, int inverse)
{
    const __m128i phi = _mm_set1_epi64x((long long)axiom_kuz_gfni_phi[0]);
    k1_init_sl(c, inverse);
    for (unsigned i = 0; i < AXIOM_KUZ_ROUNDS; i++)
        c->k[i] = _mm_gf2p8affine_epi64_epi8(
            _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_rk(ks, i)), phi, 0);
}

GFNI_FI __m128i k1_lin(const k1_consts *c, __m128i y)
{
    __m128i t[16];
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        t[j] = _mm_gf2p8mul_epi8(_mm_shuffle_epi8(y, c->idx[j]), c->col[j]);
#pragma GCC unroll 4
    for (int w = 1; w < 16; w *= 2)
#pragma GCC unroll 8
        for (int j = 0; j < 16; j += 2 * w)
            t[j] = _mm_xor_si128(t[j], t[j + w]);
    return t[0];
}

/* The cipher on a phi-mapped block. */
GFNI_FI __m128i k1_encrypt(const k1_consts *c, __m128i x)
{
    for (unsigned r = 0; r < 9; r++) {
        const __m256i y = avx2_sub(&c->sb, _mm256_castsi128_si256(_mm_xor_si128(x, c->k[r])));
        x = k1_lin(c, _mm256_castsi256_si128(y));
    }
    return _mm_xor_si128(x, c->k[9]);
}

/* Its inverse, with constants from k1_init(.., 1). */
GFNI_FI __m128i k1_decrypt(const k1_consts *c, __m128i x)
{
    x = _mm_xor_si128(x, c->k[9]);
    for (unsigned r = 9; r-- > 0;) {
        const __m256i y = avx2_sub_inv(&c->sb, _mm256_castsi128_si256(k1_lin(c, x)));
        x = _mm_xor_si128(_mm256_castsi256_si128(y), c->k[r]);
    }
    return x;
}

#define K1_PHI _mm_set1_epi64x((long long)axiom_kuz_gfni_phi[0])
#define K1_IPHI _mm_set1_epi64x((long long)axiom_kuz_gfni_phi[1])

GFNI_FI __m128i k1_load(const uint8_t *p, __m128i m)
{
    return _mm_gf2p8affine_epi64_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), m, 0);
}

GFNI_FI void k1_store(uint8_t *p, __m128i x, __m128i m)
{
    _mm_storeu_si128((__m128i *)(void *)p, _mm_gf2p8affine_epi64_epi8(x, m, 0));
}

/* @n blocks, each on its own (kuznyechik.h). */
GFNI_FI void k1_ecb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                    int inverse)
{
    k1_consts c;
    k1_init(&c, ks, inverse);
    for (; n > 0; n--, in += 16, out += 16) {
        const __m128i x = k1_load(in, K1_PHI);
        k1_store(out, inverse ? k1_decrypt(&c, x) : k1_encrypt(&c, x), K1_IPHI);
    }
    axiom_wipe(&c, sizeof c);
}

__attribute__((target("gfni,avx2"))) void axiom_kuz_gfni_enc1(const axiom_bc_ks *ks,
                                                              uint8_t *out, const uint8_t *in,
                                                              size_t n)
{
    k1_ecb(ks, out, in, n, 0);
}

__attribute__((target("gfni,avx2"))) void axiom_kuz_gfni_dec1(const axiom_bc_ks *ks,
                                                              uint8_t *out, const uint8_t *in,
                                                              size_t n)
{
    k1_ecb(ks, out, in, n, 1);
}

/* The key schedule (kuznyechik.h) with the same round: the 32 Feistel
 * rounds (a1, a0) <- (L(S(a1 ^ C_i)) ^ a0, a1) on phi-mapped halves (phi
 * is linear, so it commutes with the XORs; the constants are mapped as
 * they are loaded, off the chain).  About 35 cycles a round instead of
 * the portable one's ~2,500, and the same round keys. */
__attribute__((target("gfni,avx2"), noinline)) void axiom_kuz_gfni_expand(axiom_bc_ks *ks,
                                                                          const uint8_t *key)
{
    uint8_t *k = (uint8_t *)ks->w;
    k1_consts c;
    k1_init_sl(&c, 0);
    __m128i a1 = k1_load(key, K1_PHI), a0 = k1_load(key + 16, K1_PHI);
    _mm_storeu_si128((__m128i *)(void *)k, _mm_loadu_si128((const __m128i *)(const void *)key));
    _mm_storeu_si128((__m128i *)(void *)(k + 16),
                     _mm_loadu_si128((const __m128i *)(const void *)(key + 16)));
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned j = 0; j < 8; j++) {
            const __m128i ci = k1_load(axiom_kuz_c[8 * i + j], K1_PHI);
            const __m256i y = avx2_sub(&c.sb, _mm256_castsi128_si256(_mm_xor_si128(a1, ci)));
            const __m128i t = _mm_xor_si128(k1_lin(&c, _mm256_castsi256_si128(y)), a0);
            a0 = a1;
            a1 = t;
        }
        k1_store(k + 32 * (i + 1), a1, K1_IPHI);
        k1_store(k + 32 * (i + 1) + 16, a0, K1_IPHI);
    }
    ks->rounds = AXIOM_KUZ_ROUNDS;
}

/* The serial modes (kuznyechik.h): the chaining value stays mapped by
 * phi from block to block, so the maps of the data are off the chain. */
__attribute__((target("gfni,avx2"))) void axiom_kuz_gfni_serial(const axiom_bc_ks *ks,
                                                                uint8_t *out,
                                                                const uint8_t *in, size_t n,
                                                                uint8_t iv[16], int mode)
{
    k1_consts c;
    k1_init(&c, ks, 0);
    __m128i v = k1_load(iv, K1_PHI);
    for (; n > 0; n--, in += 16, out += 16) {
        switch (mode) {
        case AXIOM_KUZ_SERIAL_CBC:
            v = k1_encrypt(&c, _mm_xor_si128(v, k1_load(in, K1_PHI)));
            k1_store(out, v, K1_IPHI);
            break;
        case AXIOM_KUZ_SERIAL_CFB:
            v = _mm_xor_si128(k1_encrypt(&c, v), k1_load(in, K1_PHI));
            k1_store(out, v, K1_IPHI);
            break;
        default: /* OFB */
            v = k1_encrypt(&c, v);
            _mm_storeu_si128((__m128i *)(void *)out,
                             _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in),
                                           _mm_gf2p8affine_epi64_epi8(v, K1_IPHI, 0)));
            break;
        }
    }
    k1_store(iv, v, K1_IPHI);
    axiom_wipe(&c, sizeof c);
}
#endif

/* One batch of 32 whole blocks. */
static void avx2_batch(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, avx2_core_fn core)
{
    __m256i s[16];
    for (int r = 0; r < 16; r++)
        s[r] = avx2_load2(in + 16 * r, in + 16 * (16 + r));
    avx2_transpose(s);
    core(ks, s);
    avx2_transpose(s);
    for (int r = 0; r < 16; r++)
        avx2_store2(out + 16 * r, out + 16 * (16 + r), s[r]);
}

static void avx2_blocks(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        avx2_core_fn core)
{
    for (; n >= AVX2_BATCH; n -= AVX2_BATCH) {
        avx2_batch(ks, out, in, core);
        in += 16 * AVX2_BATCH;
        out += 16 * AVX2_BATCH;
    }
    if (n > 0) {
        /* padding lanes: zeros, output dropped */
        uint8_t buf[16 * AVX2_BATCH] = { 0 };
        memcpy(buf, in, 16 * n);
        avx2_batch(ks, buf, buf, core);
        memcpy(out, buf, 16 * n);
        axiom_wipe(buf, sizeof buf);
    }
}

/* ---- CTR ------------------------------------------------------------------------ */

/* The slices of the counter blocks ctr + i, i = 0..31 (block i in the lane
 * and byte position the load transpose would give it). */
static void avx2_ctr_slices(__m256i s[16], const uint8_t ctr[16])
{
    const __m256i idx = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                         16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
                                         29, 30, 31);
    const __m256i bias = _mm256_set1_epi8((char)0x80);
    s[15] = _mm256_add_epi8(_mm256_set1_epi8((char)ctr[15]), idx);
    /* carry out of byte 15 where idx > 255 - ctr[15] (unsigned compare) */
    __m256i carry = _mm256_cmpgt_epi8(_mm256_xor_si256(idx, bias),
                                      _mm256_set1_epi8((char)((255 - ctr[15]) ^ 0x80)));
    int live = 1;
    for (int j = 14; j >= 0; j--) {
        __m256i c = _mm256_set1_epi8((char)ctr[j]);
        s[j] = live ? _mm256_sub_epi8(c, carry) : c;
        if (ctr[j] != 0xff)
            live = 0; /* the counter is public: the carry stops here */
    }
}

/* XOR the keystream of one batch (@s, transposed back to blocks) into
 * min(@n, AVX2_BATCH) blocks and advance @ctr by as many; returns that
 * count. */
static size_t avx2_ctr_xor(const __m256i s[16], uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t ctr[16])
{
    if (n >= AVX2_BATCH) {
        for (int r = 0; r < 16; r++) {
            __m256i d = avx2_load2(in + 16 * r, in + 16 * (16 + r));
            avx2_store2(out + 16 * r, out + 16 * (16 + r), _mm256_xor_si256(d, s[r]));
        }
        axiom_ctr128_add(ctr, AVX2_BATCH);
        return AVX2_BATCH;
    }
    uint8_t ksb[16 * AVX2_BATCH];
    for (int r = 0; r < 16; r++)
        avx2_store2(ksb + 16 * r, ksb + 16 * (16 + r), s[r]);
    for (size_t i = 0; i < n; i++)
        axiom_xor16(out + 16 * i, in + 16 * i, ksb + 16 * i);
    axiom_ctr128_add(ctr, n);
    axiom_wipe(ksb, sizeof ksb);
    return n;
}

/* CTR for fewer than one_max blocks (the tail included) through @one,
 * one block at a time. */
static void avx2_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                     uint8_t ctr[16], avx2_core_fn core, axiom_bc_blocks_fn one,
                     size_t one_max)
{
    while (n > 0) {
        if (n < one_max) {
            axiom_bc_ctr_batched(ks, out, in, n, ctr, one, one_max);
            return;
        }
        __m256i s[16];
        avx2_ctr_slices(s, ctr);
        core(ks, s);
        avx2_transpose(s);
        const size_t done = avx2_ctr_xor(s, out, in, n, ctr);
        in += 16 * done;
        out += 16 * done;
        n -= done;
    }
}

/*
 * CTR for the plain kernel.  Within a batch the counter blocks differ in
 * bytes 14 and 15 only, unless a carry leaves byte 14 (once in 2^16
 * blocks).  L is linear, so the first round's output is
 *     L(S(c_0 + k_0), ..., S(c_13 + k_13), 0, 0) + L(0, ..., 0, S(c_14 + k_14), S(c_15 + k_15)):
 * the first term is one value for all the batch, worked out once for as
 * long as bytes 0..13 of the counter stay, and the second is two slices
 * through S and L's columns 14 and 15 (axiom_kuz_gctr): about 200
 * instructions instead of a round's 1200.  The branches are on the
 * counter, which is public.
 */
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
    const __m256i rt = _mm256_set1_epi8(AXIOM_KUZ_GB_R);
    __m256i bit[4];
    for (int b = 0; b < 4; b++)
        bit[b] = _mm256_setr_m128i(_mm_set1_epi8((char)(1 << b)), _mm_set1_epi8((char)(1 << (b + 4))));
    for (int j = 0; j < 16; j++)
        v[0][j] = _mm256_and_si256(_mm256_cmpeq_epi8(lane, _mm256_set1_epi8((char)j)), bit[0]);
    avx2_lin(v[0]);
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

#ifdef HAVE_ISA_GFNI
static void kuz_avx2g_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    (void)keylen;
    axiom_kuz_gfni_expand(ks, key);
    axiom_stack_wipe(); /* its spilled halves */
}
#endif

/* The operations of one kernel over its encrypt and decrypt cores; @one
 * and @dec_one encrypt and decrypt blocks one at a time for ECB (and so
 * CBC decryption) and CTR runs of fewer than @one_max blocks.  The serial
 * modes come with the kernel. */
#define AVX2_KERNEL(prefix, enc_core, dec_core, one, dec_one, one_max)                       \
    static void prefix##_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,         \
                             size_t n)                                                       \
    {                                                                                        \
        if (n < (one_max))                                                                   \
            one(ks, out, in, n);                                                             \
        else                                                                                 \
            avx2_blocks(ks, out, in, n, enc_core);                                           \
    }                                                                                        \
    static void prefix##_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,         \
                             size_t n)                                                       \
    {                                                                                        \
        if (n < (one_max))                                                                   \
            dec_one(ks, out, in, n);                                                         \
        else                                                                                 \
            avx2_blocks(ks, out, in, n, dec_core);                                           \
    }                                                                                        \
    static void prefix##_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,         \
                             size_t n, uint8_t iv[16])                                       \
    {                                                                                        \
        if (enc_core == avx2_encrypt)                                                        \
            avx2_ctr_plain(ks, out, in, n, iv);                                              \
        else                                                                                 \
            avx2_ctr(ks, out, in, n, iv, enc_core, one, one_max);                            \
    }                                                                                        \
    static void prefix##_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,     \
                                 size_t n, uint8_t iv[16])                                   \
    {                                                                                        \
        axiom_bc_cbc_dec_batched(ks, out, in, n, iv, prefix##_dec, AVX2_BATCH);             \
    }                                                                                        \
    static void prefix##_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,     \
                                 size_t n, uint8_t iv[16])                                   \
    {                                                                                        \
        axiom_bc_cfb_dec_batched(ks, out, in, n, iv, prefix##_enc, AVX2_BATCH);             \
    }                                                                                        \
    AXIOM_BC_DEFINE_MODE(prefix, xts_enc, axiom_bc_xts_generic, prefix##_enc)                \
    AXIOM_BC_DEFINE_MODE(prefix, xts_dec, axiom_bc_xts_generic, prefix##_dec)

#define AVX2_KERNEL_OPS(prefix)                                                              \
    .setkey = prefix##_setkey, .ecb_enc = prefix##_enc, .ecb_dec = prefix##_dec,             \
    .cbc_enc = prefix##_cbc_enc, .cbc_dec = prefix##_cbc_dec, .cfb_enc = prefix##_cfb_enc,   \
    .cfb_dec = prefix##_cfb_dec, .ofb = prefix##_ofb, .ctr = prefix##_ctr,                   \
    .xts_enc = prefix##_xts_enc, .xts_dec = prefix##_xts_dec

/* The plain kernel has no faster way for one block than a batch: without
 * GF2P8MULB a one-block L is the serial recurrence, 16 dependent steps. */
static void kuz_avx2_batch_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    avx2_blocks(ks, out, in, n, avx2_encrypt);
}

static void kuz_avx2_batch_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    avx2_blocks(ks, out, in, n, avx2_decrypt);
}

AVX2_KERNEL(kuz_avx2, avx2_encrypt, avx2_decrypt, kuz_avx2_batch_enc, kuz_avx2_batch_dec, 1)
AXIOM_BC_DEFINE_MODE(kuz_avx2, cbc_enc, axiom_bc_cbc_enc_generic, kuz_avx2_enc)
AXIOM_BC_DEFINE_MODE(kuz_avx2, cfb_enc, axiom_bc_cfb_enc_generic, kuz_avx2_enc)
AXIOM_BC_DEFINE_MODE(kuz_avx2, ofb, axiom_bc_ofb_generic, kuz_avx2_enc)

const axiom_bc_kernel axiom_kuz_avx2 = {
    .name = "avx2",
    .features = AXIOM_CPU_AVX2,
    .constant_time = 1,
    .desc = "AVX2 nibble-table shuffles, 16 blocks",
    .slow_block = 1,
    AVX2_KERNEL_OPS(kuz_avx2),
};

#ifdef HAVE_ISA_GFNI
AVX2_KERNEL(kuz_avx2g, avx2g_encrypt, avx2g_decrypt, axiom_kuz_gfni_enc1, axiom_kuz_gfni_dec1,
            AXIOM_KUZ_GFNI_ONE_MAX)
AXIOM_KUZ_GFNI_SERIAL_MODES(kuz_avx2g)

const axiom_bc_kernel axiom_kuz_avx2_gfni = {
    .name = "gfni-avx2",
    .features = AXIOM_CPU_AVX2 | AXIOM_CPU_GFNI,
    .constant_time = 1,
    .desc = "byte-sliced GFNI on ymm",
    .slow_block = 1,
    AVX2_KERNEL_OPS(kuz_avx2g),
};
#endif
