/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kuznyechik table kernel ("table"): the classic fast portable code, kept
 * for benchmarks and as a second opinion in tests; NOT constant time. */

/*
 * One block at a time, no interleave, nothing fused (the modes come from
 * bc_modes.h).  A round X, S, L is sixteen lookups in 16 tables of 256
 * 16-byte entries, T[j][v] = L(pi(v) at byte j), XORed together; decryption
 * uses IT[j][v] = L^-1(pi^-1(v) at byte j) and round keys passed through
 * L^-1 (see kuz_tab_dec).  128 KiB of tables indexed by key- and
 * data-dependent bytes: cache timing leaks both, which is why the catalog
 * lists this kernel after the constant-time ones, where it is never picked
 * on its own (the portable constant-time kernel needs no CPU feature).
 *
 * The tables are computed from pi and l at first use (pthread_once), not
 * shipped as 400 KB of generated hex: forty lines that can be checked
 * against RFC 7801 are easier to review than the tables themselves.
 */
#include <pthread.h>
#include <string.h>

#include "core/bytes.h"
#include "core/internal.h"
#include "kuznyechik/kuznyechik.h"

static uint64_t kuz_t[16][256][2];  /* L(S(v) at byte j) */
static uint64_t kuz_it[16][256][2]; /* L^-1(S^-1(v) at byte j) */
static pthread_once_t kuz_tab_once = PTHREAD_ONCE_INIT;

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    while (b) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0xC3 : 0));
        b >>= 1;
    }
    return r;
}

static const uint8_t kuz_lcoef[16] = { 148, 32, 133, 16, 194, 192, 1, 251,
                                       1, 192, 194, 16, 133, 32, 148, 1 };

static uint8_t kuz_l(const uint8_t a[16])
{
    uint8_t x = 0;
    for (int j = 0; j < 16; j++)
        x ^= gf_mul(kuz_lcoef[j], a[j]);
    return x;
}

/* L = R^16 and L^-1 = (R^-1)^16, byte by byte (public data only). */
static void kuz_lin(uint8_t a[16])
{
    for (int r = 0; r < 16; r++) {
        uint8_t x = kuz_l(a);
        memmove(a + 1, a, 15);
        a[0] = x;
    }
}

static void kuz_lin_inv(uint8_t a[16])
{
    for (int r = 0; r < 16; r++) {
        uint8_t first = a[0];
        memmove(a, a + 1, 15);
        a[15] = first;
        a[15] = kuz_l(a); /* coefficient 1 at position 15 */
    }
}

/* A block as two words, byte j of the block at bits 8j..8j+7 of word
 * j / 8 on every host (the lookups index the tables by those bits). */
static inline void ld128(uint64_t a[2], const uint8_t *p)
{
    a[0] = axiom_load64_le(p);
    a[1] = axiom_load64_le(p + 8);
}

static inline void st128(uint8_t *p, const uint64_t a[2])
{
    axiom_store64_le(p, a[0]);
    axiom_store64_le(p + 8, a[1]);
}

/* L is linear over GF(2^8): L(v at byte j) is v times L(1 at byte j). */
static void kuz_tab_init(void)
{
    for (int j = 0; j < 16; j++) {
        uint8_t col[16] = { 0 }, icol[16] = { 0 };
        col[j] = icol[j] = 1;
        kuz_lin(col);
        kuz_lin_inv(icol);
        for (int v = 0; v < 256; v++) {
            uint8_t a[16], b[16];
            for (int i = 0; i < 16; i++) {
                a[i] = gf_mul(axiom_kuz_pi[v], col[i]);
                b[i] = gf_mul(axiom_kuz_pi_inv[v], icol[i]);
            }
            ld128(kuz_t[j][v], a);
            ld128(kuz_it[j][v], b);
        }
    }
}

static inline void kuz_lookup(uint64_t t[2], const uint64_t tab[16][256][2], uint64_t a0,
                              uint64_t a1)
{
    uint64_t r0 = 0, r1 = 0;
    for (int j = 0; j < 8; j++) {
        const uint64_t *e = tab[j][(a0 >> (8 * j)) & 0xff];
        const uint64_t *f = tab[j + 8][(a1 >> (8 * j)) & 0xff];
        r0 ^= e[0] ^ f[0];
        r1 ^= e[1] ^ f[1];
    }
    t[0] = r0;
    t[1] = r1;
}

#define KUZ_DK_WORD 20 /* L^-1(K_i) at ks->w[20 + 2(i - 1)] */

static void kuz_tab_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    (void)keylen;
    pthread_once(&kuz_tab_once, kuz_tab_init);
    uint64_t *k = ks->w;
    uint64_t a1[2], a0[2], t[2];
    /* The round keys K_1..K_10 are stored as bytes (the layout every
     * Kuznyechik kernel shares), the words L^-1(K_i) after them as words. */
    uint8_t *kb = (uint8_t *)k;
    ld128(a1, key);
    ld128(a0, key + 16);
    st128(kb, a1);
    st128(kb + 16, a0);
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 8; j++) {
            uint64_t c[2];
            ld128(c, axiom_kuz_c[8 * i + j]);
            kuz_lookup(t, kuz_t, a1[0] ^ c[0], a1[1] ^ c[1]);
            t[0] ^= a0[0];
            t[1] ^= a0[1];
            memcpy(a0, a1, 16);
            memcpy(a1, t, 16);
        }
        st128(kb + 32 * (i + 1), a1);
        st128(kb + 32 * (i + 1) + 16, a0);
    }
    /* L^-1(K_i) = XOR_j IT[j][pi(K_i[j])] */
    for (int i = 1; i < AXIOM_KUZ_ROUNDS; i++) {
        uint64_t p[2];
        uint8_t pb[16];
        for (int j = 0; j < 16; j++)
            pb[j] = axiom_kuz_pi[kb[16 * i + j]];
        ld128(p, pb);
        kuz_lookup(k + KUZ_DK_WORD + 2 * i, kuz_it, p[0], p[1]);
    }
    ks->rounds = AXIOM_KUZ_ROUNDS;
    axiom_wipe(a0, sizeof a0);
    axiom_wipe(a1, sizeof a1);
    axiom_wipe(t, sizeof t);
}

static void kuz_tab_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    uint64_t k[20];
    for (int r = 0; r < 10; r++)
        ld128(k + 2 * r, (const uint8_t *)ks->w + 16 * r);
    for (; n > 0; n--, in += 16, out += 16) {
        uint64_t a[2];
        ld128(a, in);
        for (int r = 0; r < 9; r++)
            kuz_lookup(a, kuz_t, a[0] ^ k[2 * r], a[1] ^ k[2 * r + 1]);
        a[0] ^= k[18];
        a[1] ^= k[19];
        st128(out, a);
    }
    axiom_wipe(k, sizeof k);
}

/* D = X[K1] S^-1 L^-1 X[K2] ... S^-1 L^-1 X[K10].  Carrying u = L^-1(state)
 * instead of the state, each S^-1, X[K_i], L^-1 becomes one lookup round
 * followed by X[L^-1(K_i)]; the first L^-1 reaches the IT tables through
 * pi. */
static void kuz_tab_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const uint64_t *dk = ks->w + KUZ_DK_WORD;
    uint64_t k[20];
    for (int r = 0; r < 10; r++)
        ld128(k + 2 * r, (const uint8_t *)ks->w + 16 * r);
    for (; n > 0; n--, in += 16, out += 16) {
        uint64_t a[2];
        uint8_t ab[16];
        ld128(a, in);
        a[0] ^= k[18];
        a[1] ^= k[19];
        st128(ab, a);
        for (int j = 0; j < 16; j++)
            ab[j] = axiom_kuz_pi[ab[j]];
        ld128(a, ab);
        kuz_lookup(a, kuz_it, a[0], a[1]);
        for (int r = 8; r >= 1; r--) {
            kuz_lookup(a, kuz_it, a[0], a[1]);
            a[0] ^= dk[2 * r];
            a[1] ^= dk[2 * r + 1];
        }
        st128(ab, a);
        for (int j = 0; j < 16; j++)
            ab[j] = axiom_kuz_pi_inv[ab[j]];
        ld128(a, ab);
        a[0] ^= k[0];
        a[1] ^= k[1];
        st128(out, a);
    }
    axiom_wipe(k, sizeof k);
}

AXIOM_BC_DEFINE_MODE(kuz_tab_cbc_enc, AXIOM_BC_CBC_ENC, kuz_tab_enc)
AXIOM_BC_DEFINE_MODE(kuz_tab_cbc_dec, AXIOM_BC_CBC_DEC, kuz_tab_dec)
AXIOM_BC_DEFINE_MODE(kuz_tab_cfb_enc, AXIOM_BC_CFB_ENC, kuz_tab_enc)
AXIOM_BC_DEFINE_MODE(kuz_tab_cfb_dec, AXIOM_BC_CFB_DEC, kuz_tab_enc)
AXIOM_BC_DEFINE_MODE(kuz_tab_ofb, AXIOM_BC_OFB, kuz_tab_enc)
AXIOM_BC_DEFINE_MODE(kuz_tab_ctr, AXIOM_BC_CTR, kuz_tab_enc)
AXIOM_BC_DEFINE_MODE(kuz_tab_xts_enc, AXIOM_BC_XTS, kuz_tab_enc)
AXIOM_BC_DEFINE_MODE(kuz_tab_xts_dec, AXIOM_BC_XTS, kuz_tab_dec)

const axiom_bc_kernel axiom_kuz_table = {
    .name = "table",
    .features = 0,
    .constant_time = 0,
    .desc = "lookup tables (NOT constant time; tests and study only)",
    .steps = { 8 }, /* one block at a time; the mode loops stage 8 */
    .slow_block = 1,
    .setkey = kuz_tab_setkey,
    .ecb_enc = kuz_tab_enc,
    .ecb_dec = kuz_tab_dec,
    .cbc_enc = kuz_tab_cbc_enc,
    .cbc_dec = kuz_tab_cbc_dec,
    .cfb_enc = kuz_tab_cfb_enc,
    .cfb_dec = kuz_tab_cfb_dec,
    .ofb = kuz_tab_ofb,
    .ctr = kuz_tab_ctr,
    .xts_enc = kuz_tab_xts_enc,
    .xts_dec = kuz_tab_xts_dec,
};
