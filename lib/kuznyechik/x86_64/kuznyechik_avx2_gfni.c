/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kuznyechik kernel for x86-64 CPUs with AVX2 and GFNI ("gfni-avx2", for
 * CPUs without AVX-512 or with it disabled): the batch of the plain AVX2
 * kernel (kuznyechik_avx2.h), with each multiplication in l() one
 * VEX-encoded GF2P8AFFINEQB, 22 instructions per step instead of 45, and
 * no nibble tables; and the one-block round that this kernel uses for
 * short runs, the serial modes and the key schedule (gfni-avx512 has its
 * own on zmm with VBMI, kuznyechik_avx512.c).
 *
 * Constant time: no table is indexed by secrets (VPSHUFB's lookups are in
 * registers) and the only branches are on lengths and on the public
 * counter value; the key schedule runs the one-block round. */
#include "config.h"

#include "kuznyechik/x86_64/kuznyechik_avx2.h"

typedef struct {
    __m256i mul[7];   /* GF2P8AFFINEQB matrices: 148 32 133 16 194 192 251 */
} avx2_lc;

FI __m256i avx2g_m(const avx2_lc *m, int k, __m256i x)
{
    return _mm256_gf2p8affine_epi64_epi8(x, m->mul[k], 0);
}

FI __m256i avx2_l(const avx2_lc *m, const __m256i *const a[16])
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

#include "kuznyechik/x86_64/kuznyechik_avx2_lin.h"

FI void avx2_lc_init(avx2_lc *m)
{
    for (int k = 0; k < 7; k++)
        m->mul[k] = _mm256_set1_epi64x((long long)axiom_kuz_gfni_mul[k]);
}

static void avx2g_encrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_sbox sb;
    avx2_lc m;
    avx2_sbox_init(&sb, 0);
    avx2_lc_init(&m);
    for (unsigned r = 0; r < 9; r++) {
        avx2_addkey(s, axiom_kuz_rk(ks, r));
#pragma GCC unroll 16
        for (int j = 0; j < 16; j++)
            s[j] = avx2_sub(&sb, s[j]);
        avx2_lin(&m, s);
    }
    avx2_addkey(s, axiom_kuz_rk(ks, 9));
}

static void avx2g_decrypt(const axiom_bc_ks *ks, __m256i s[16])
{
    avx2_sbox sb;
    avx2_lc m;
    avx2_sbox_init(&sb, 1);
    avx2_lc_init(&m);
    avx2_addkey(s, axiom_kuz_rk(ks, 9));
    for (unsigned r = 9; r-- > 0;) {
        avx2_lin_inv(&m, s);
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
FI void k1_init_sl(k1_consts *c, int inverse)
{
    const uint8_t(*col)[16] = inverse ? axiom_kuz_gfni_lcol_inv : axiom_kuz_gfni_lcol;
    avx2_sbox_init(&c->sb, inverse ? 5 : 4);
    for (int j = 0; j < 16; j++) {
        c->col[j] = _mm_loadu_si128((const __m128i *)(const void *)col[j]);
        c->idx[j] = _mm_set1_epi8((char)j);
    }
}

FI void k1_init(k1_consts *c, const axiom_bc_ks *ks, int inverse)
{
    const __m128i phi = _mm_set1_epi64x((long long)axiom_kuz_gfni_phi[0]);
    k1_init_sl(c, inverse);
    for (unsigned i = 0; i < AXIOM_KUZ_ROUNDS; i++)
        c->k[i] = _mm_gf2p8affine_epi64_epi8(
            _mm_loadu_si128((const __m128i *)(const void *)axiom_kuz_rk(ks, i)), phi, 0);
}

FI __m128i k1_lin(const k1_consts *c, __m128i y)
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
FI __m128i k1_encrypt(const k1_consts *c, __m128i x)
{
    for (unsigned r = 0; r < 9; r++) {
        const __m256i y = avx2_sub(&c->sb, _mm256_castsi128_si256(_mm_xor_si128(x, c->k[r])));
        x = k1_lin(c, _mm256_castsi256_si128(y));
    }
    return _mm_xor_si128(x, c->k[9]);
}

/* Its inverse, with constants from k1_init(.., 1). */
FI __m128i k1_decrypt(const k1_consts *c, __m128i x)
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

FI __m128i k1_load(const uint8_t *p, __m128i m)
{
    return _mm_gf2p8affine_epi64_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), m, 0);
}

FI void k1_store(uint8_t *p, __m128i x, __m128i m)
{
    _mm_storeu_si128((__m128i *)(void *)p, _mm_gf2p8affine_epi64_epi8(x, m, 0));
}

/* Two blocks side by side, one per 128-bit lane of a ymm register: S
 * already runs on the whole register, and L's VPSHUFB and GF2P8MULB work
 * lane by lane, so two independent blocks take the time of one (a round
 * waits on its latency, not on its throughput).  ECB of two to four
 * blocks (the ACPKM key meshing encrypts two) runs here. */
FI __m256i k2_bcast(__m128i x)
{
    return _mm256_broadcastsi128_si256(x);
}

FI __m256i k2_lin(const k1_consts *c, __m256i y)
{
    __m256i t[16];
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++)
        t[j] = _mm256_gf2p8mul_epi8(_mm256_shuffle_epi8(y, k2_bcast(c->idx[j])),
                                    k2_bcast(c->col[j]));
#pragma GCC unroll 4
    for (int w = 1; w < 16; w *= 2)
#pragma GCC unroll 8
        for (int j = 0; j < 16; j += 2 * w)
            t[j] = _mm256_xor_si256(t[j], t[j + w]);
    return t[0];
}

FI __m256i k2_encrypt(const k1_consts *c, __m256i x)
{
    for (unsigned r = 0; r < 9; r++)
        x = k2_lin(c, avx2_sub(&c->sb, _mm256_xor_si256(x, k2_bcast(c->k[r]))));
    return _mm256_xor_si256(x, k2_bcast(c->k[9]));
}

FI __m256i k2_decrypt(const k1_consts *c, __m256i x)
{
    x = _mm256_xor_si256(x, k2_bcast(c->k[9]));
    for (unsigned r = 9; r-- > 0;)
        x = _mm256_xor_si256(avx2_sub_inv(&c->sb, k2_lin(c, x)), k2_bcast(c->k[r]));
    return x;
}

/* @n blocks, two at a time and the odd one on its own (kuznyechik.h). */
FI void k1_ecb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                    int inverse)
{
    k1_consts c;
    k1_init(&c, ks, inverse);
    const __m256i phi = k2_bcast(K1_PHI), iphi = k2_bcast(K1_IPHI);
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        __m256i x = _mm256_gf2p8affine_epi64_epi8(avx2_load2(in, in + 16), phi, 0);
        x = inverse ? k2_decrypt(&c, x) : k2_encrypt(&c, x);
        avx2_store2(out, out + 16, _mm256_gf2p8affine_epi64_epi8(x, iphi, 0));
    }
    if (n) {
        const __m128i x = k1_load(in, K1_PHI);
        k1_store(out, inverse ? k1_decrypt(&c, x) : k1_encrypt(&c, x), K1_IPHI);
    }
    axiom_wipe(&c, sizeof c);
}

/* @n blocks one at a time, for the serial modes and short messages of
 * this kernel (gfni-avx512 has its own one-block round with VBMI in
 * kuznyechik_avx512.c).  ECB (and so CBC decryption) and CTR runs shorter
 * than GFNI_ONE_MAX blocks take this path. */
#define GFNI_ONE_MAX 12

static void gfni_enc1(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    k1_ecb(ks, out, in, n, 0);
}

static void gfni_dec1(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    k1_ecb(ks, out, in, n, 1);
}

/* The key schedule (kuznyechik.h) with the same round: the 32 Feistel
 * rounds (a1, a0) <- (L(S(a1 ^ C_i)) ^ a0, a1) on phi-mapped halves (phi
 * is linear, so it commutes with the XORs; the constants are mapped as
 * they are loaded, off the chain).  About 35 cycles a round instead of
 * the portable one's ~2,500, and the same round keys. */
__attribute__((noinline)) static void gfni_expand(axiom_bc_ks *ks, const uint8_t *key)
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
enum { SERIAL_CBC, SERIAL_CFB, SERIAL_OFB };

static void gfni_serial(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16], int mode)
{
    k1_consts c;
    k1_init(&c, ks, 0);
    __m128i v = k1_load(iv, K1_PHI);
    for (; n > 0; n--, in += 16, out += 16) {
        switch (mode) {
        case SERIAL_CBC:
            v = k1_encrypt(&c, _mm_xor_si128(v, k1_load(in, K1_PHI)));
            k1_store(out, v, K1_IPHI);
            break;
        case SERIAL_CFB:
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

/* The serial modes of this kernel: CBC and CFB encryption and OFB, one
 * block at a time, set up once per call. */
static void gfni_cbc_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                            uint8_t iv[16])
{
    gfni_serial(ks, out, in, n, iv, SERIAL_CBC);
}

static void gfni_cfb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                            uint8_t iv[16])
{
    gfni_serial(ks, out, in, n, iv, SERIAL_CFB);
}

static void gfni_ofb(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16])
{
    gfni_serial(ks, out, in, n, iv, SERIAL_OFB);
}

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

static void kuz_avx2g_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    (void)keylen;
    gfni_expand(ks, key);
    axiom_stack_wipe(); /* its spilled halves */
}

/* ECB (and so CBC decryption) and CTR runs of fewer than
 * GFNI_ONE_MAX blocks go one block at a time. */
static void kuz_avx2g_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n < GFNI_ONE_MAX)
        gfni_enc1(ks, out, in, n);
    else
        avx2_blocks(ks, out, in, n, avx2g_encrypt);
}

static void kuz_avx2g_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n < GFNI_ONE_MAX)
        gfni_dec1(ks, out, in, n);
    else
        avx2_blocks(ks, out, in, n, avx2g_decrypt);
}

static void kuz_avx2g_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                          uint8_t iv[16])
{
    avx2_ctr(ks, out, in, n, iv, avx2g_encrypt, gfni_enc1, GFNI_ONE_MAX);
}

static void kuz_avx2g_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                              uint8_t iv[16])
{
    axiom_bc_cbc_dec_batched(ks, out, in, n, iv, kuz_avx2g_dec, AVX2_BATCH);
}

static void kuz_avx2g_cfb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                              uint8_t iv[16])
{
    axiom_bc_cfb_dec_batched(ks, out, in, n, iv, kuz_avx2g_enc, AVX2_BATCH);
}

AXIOM_BC_DEFINE_MODE(kuz_avx2g_xts_enc, AXIOM_BC_XTS, kuz_avx2g_enc)
AXIOM_BC_DEFINE_MODE(kuz_avx2g_xts_dec, AXIOM_BC_XTS, kuz_avx2g_dec)

const axiom_bc_kernel axiom_kuz_avx2_gfni = {
    .name = "gfni-avx2",
    .features = AXIOM_CPU_AVX2 | AXIOM_CPU_GFNI,
    .constant_time = 1,
    .desc = "byte-sliced GFNI on ymm",
    .steps = { 8, 12, 32 }, /* one block at a time below 12, then AVX2_BATCH 32; XTS stages 8 */
    .slow_block = 1,
    .setkey = kuz_avx2g_setkey,
    .ecb_enc = kuz_avx2g_enc,
    .ecb_dec = kuz_avx2g_dec,
    .cbc_enc = gfni_cbc_enc,
    .cbc_dec = kuz_avx2g_cbc_dec,
    .cfb_enc = gfni_cfb_enc,
    .cfb_dec = kuz_avx2g_cfb_dec,
    .ofb = gfni_ofb,
    .ctr = kuz_avx2g_ctr,
    .xts_enc = kuz_avx2g_xts_enc,
    .xts_dec = kuz_avx2g_xts_dec,
};
