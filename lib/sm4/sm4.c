/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4 (GB/T 32907-2016): the portable kernel "generic-masked", whose S-box
 * lookups and key schedule go through a Boolean-masked table. */

/*
 * Constant time: NO (constant_time = 0).  The S-box is a table lookup
 * indexed by (masked) secret data.  The masking makes the *values* that
 * the round function handles independent of the key; it does not make the
 * *addresses* it touches independent of the key.  It is never picked: the
 * constant-time generic-ct kernel (lib/sm4/sm4_ct.c) comes before it in
 * the SM4 list; it stays for the white-box tests and benchmarks.
 *
 * Batch: three blocks interleaved in ECB, and so in CTR and CBC
 * decryption (24 staged blocks per call) and CFB decryption (8 staged
 * blocks, lib/core/bc_modes.h); one block at a time in the serial modes.
 * Nothing is fused.
 *
 * Invariants (derivation and threat model: doc/design/sm4.md, "The masked
 * portable kernel"):
 * - one 1 KiB table T'(u) = L(S(u ^ a)) ^ B serves byte position 0,
 *   position j reads it rotated by 8j; a is a random non-zero byte, B a
 *   random word whose four bytes are linearly independent over GF(2);
 * - every state word X_i is held as X_i ^ mu_i, mu_(i+4) = mu_i ^ D with
 *   D = B ^ rol8(B) ^ rol16(B) ^ rol24(B); the stored round keys are
 *   rk_i ^ c_i, c_i = mu_(i+1) ^ mu_(i+2) ^ mu_(i+3) ^ (a a a a), so that
 *   no unmasked S-box index or output, state word or round key is ever
 *   held; decryption corrects the key masks by c_i ^ c_(31-i);
 * - the key schedule masks the key words on load and uses a second masked
 *   table T'_k built on the stack from the public S-box;
 * - masks are refreshed at every setkey and every SM4M_REFRESH_BLOCKS
 *   blocks (checked before each batch), by permuting the table and
 *   re-masking the keys, never unmasking anything: this writes into a
 *   schedule passed as const, which a context owns alone;
 * - masks come from axiom_random_fill(), else axiom_random_bytes(); if both
 *   fail, from the clock, a counter and the previous masks (correct
 *   output, masks no longer unpredictable);
 * - every operation first reads one word from each cache line of the
 *   table and the round keys, so that with a warm, undisturbed cache the
 *   time of a call does not depend on the lines the data selects.
 */
#include "config.h"

#include <string.h>
#include <time.h>

#include "axiom/rand.h"
#include "core/bc.h"
#include "core/bc_modes.h"
#include "core/internal.h"
#include "sm4/sm4.h"

/* GB/T 32907-2016, 6.2. */
static const uint8_t sm4_sbox[256] = {
    0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7, 0x16, 0xb6, 0x14, 0xc2, 0x28, 0xfb, 0x2c, 0x05,
    0x2b, 0x67, 0x9a, 0x76, 0x2a, 0xbe, 0x04, 0xc3, 0xaa, 0x44, 0x13, 0x26, 0x49, 0x86, 0x06, 0x99,
    0x9c, 0x42, 0x50, 0xf4, 0x91, 0xef, 0x98, 0x7a, 0x33, 0x54, 0x0b, 0x43, 0xed, 0xcf, 0xac, 0x62,
    0xe4, 0xb3, 0x1c, 0xa9, 0xc9, 0x08, 0xe8, 0x95, 0x80, 0xdf, 0x94, 0xfa, 0x75, 0x8f, 0x3f, 0xa6,
    0x47, 0x07, 0xa7, 0xfc, 0xf3, 0x73, 0x17, 0xba, 0x83, 0x59, 0x3c, 0x19, 0xe6, 0x85, 0x4f, 0xa8,
    0x68, 0x6b, 0x81, 0xb2, 0x71, 0x64, 0xda, 0x8b, 0xf8, 0xeb, 0x0f, 0x4b, 0x70, 0x56, 0x9d, 0x35,
    0x1e, 0x24, 0x0e, 0x5e, 0x63, 0x58, 0xd1, 0xa2, 0x25, 0x22, 0x7c, 0x3b, 0x01, 0x21, 0x78, 0x87,
    0xd4, 0x00, 0x46, 0x57, 0x9f, 0xd3, 0x27, 0x52, 0x4c, 0x36, 0x02, 0xe7, 0xa0, 0xc4, 0xc8, 0x9e,
    0xea, 0xbf, 0x8a, 0xd2, 0x40, 0xc7, 0x38, 0xb5, 0xa3, 0xf7, 0xf2, 0xce, 0xf9, 0x61, 0x15, 0xa1,
    0xe0, 0xae, 0x5d, 0xa4, 0x9b, 0x34, 0x1a, 0x55, 0xad, 0x93, 0x32, 0x30, 0xf5, 0x8c, 0xb1, 0xe3,
    0x1d, 0xf6, 0xe2, 0x2e, 0x82, 0x66, 0xca, 0x60, 0xc0, 0x29, 0x23, 0xab, 0x0d, 0x53, 0x4e, 0x6f,
    0xd5, 0xdb, 0x37, 0x45, 0xde, 0xfd, 0x8e, 0x2f, 0x03, 0xff, 0x6a, 0x72, 0x6d, 0x6c, 0x5b, 0x51,
    0x8d, 0x1b, 0xaf, 0x92, 0xbb, 0xdd, 0xbc, 0x7f, 0x11, 0xd9, 0x5c, 0x41, 0x1f, 0x10, 0x5a, 0xd8,
    0x0a, 0xc1, 0x31, 0x88, 0xa5, 0xcd, 0x7b, 0xbd, 0x2d, 0x74, 0xd0, 0x12, 0xb8, 0xe5, 0xb4, 0xb0,
    0x89, 0x69, 0x97, 0x4a, 0x0c, 0x96, 0x77, 0x7e, 0x65, 0xb9, 0xf1, 0x09, 0xc5, 0x6e, 0xc6, 0x84,
    0x18, 0xf0, 0x7d, 0xec, 0x3a, 0xdc, 0x4d, 0x20, 0x79, 0xee, 0x5f, 0x3e, 0xd7, 0xcb, 0x39, 0x48,
};

#define SM4M_REFRESH_BLOCKS 1024

/* The kernel's layout of axiom_bc_ks (1216 of its 1856 bytes). */
typedef struct sm4m_state {
    uint32_t t[256];    /* T'(u) = L(S(u ^ a)) ^ B */
    uint32_t rk[32];    /* rk_i ^ c_i */
    uint32_t dd[8];     /* c_r ^ c_(7-r): decryption mask correction */
    uint32_t mu[4];     /* state masks of X_0..X_3 (and of X_32..X_35) */
    uint32_t amask;     /* a in every byte */
    uint32_t b, d;      /* B and D */
    uint32_t pad;
    uint64_t since;     /* blocks since the last refresh */
} __attribute__((may_alias)) sm4m_state;

_Static_assert(sizeof(sm4m_state) <= sizeof(((axiom_bc_ks *)0)->w),
               "the masked SM4 state must fit in axiom_bc_ks");

/* Keep the compiler from reassociating a mask-only value into a sum where
 * it would cancel a mask (e.g. forming K' ^ kappa before adding c). */
#if defined(__GNUC__)
#define SM4M_OPAQUE(v) __asm__("" : "+r"(v))
#else
#define SM4M_OPAQUE(v) ((void)0)
#endif

/* Mask refreshes write into a schedule that the operations receive const;
 * see the header comment. */
static inline sm4m_state *sm4m_st(const axiom_bc_ks *ks)
{
    return (sm4m_state *)(uintptr_t)ks->w;
}

/* ---- masks --------------------------------------------------------------- */

static uint64_t sm4m_mix64(uint64_t z)
{
    z += UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Random bytes for masks; cannot fail (see the header comment). */
static void sm4m_random(void *buf, size_t len, uint64_t salt)
{
    if (axiom_random_fill(buf, len) == AXIOM_OK)
        return;
    if (axiom_random_bytes(buf, len) == AXIOM_OK)
        return;
    /* Degraded: unpredictable only as far as the clock is. */
    static uint64_t counter;
    struct timespec ts = { 0, 0 };
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t s = salt ^ ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)ts.tv_nsec ^
                 __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED) ^ (uint64_t)(uintptr_t)buf;
    uint8_t *p = buf;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t v = sm4m_mix64(s += UINT64_C(0x9e3779b97f4a7c15));
        size_t m = len - i < 8 ? len - i : 8;
        memcpy(p + i, &v, m);
    }
}

/* Every XOR of a non-empty subset of the four bytes is non-zero. */
static int sm4m_bytes_independent(uint32_t b)
{
    for (unsigned s = 1; s < 16; s++) {
        uint32_t x = 0;
        for (unsigned j = 0; j < 4; j++)
            if (s >> j & 1)
                x ^= b >> (8 * j);
        if ((x & 0xff) == 0)
            return 0;
    }
    return 1;
}

typedef struct sm4m_masks {
    uint32_t amask, b, d, mu[4];
    uint32_t kappa[4]; /* key-schedule word masks (setkey only) */
} sm4m_masks;

static void sm4m_draw(sm4m_masks *m, uint64_t salt)
{
    uint32_t r[16];
    uint8_t a = 0;
    uint32_t b = 0;
    for (int tries = 0; tries < 8 && (a == 0 || b == 0); tries++) {
        sm4m_random(r, sizeof r, salt + (uint64_t)tries);
        for (unsigned i = 0; i < 4 && a == 0; i++)
            a = (uint8_t)(r[0] >> (8 * i));
        for (unsigned i = 1; i < 8 && b == 0; i++)
            if (sm4m_bytes_independent(r[i]))
                b = r[i];
    }
    if (a == 0)
        a = 0x5b; /* (practically) unreachable fallbacks */
    if (b == 0)
        b = 0x08040201;
    m->amask = a * UINT32_C(0x01010101);
    m->b = b;
    m->d = b ^ axiom_sm4_rol(b, 8) ^ axiom_sm4_rol(b, 16) ^ axiom_sm4_rol(b, 24);
    memcpy(m->mu, r + 8, sizeof m->mu);
    memcpy(m->kappa, r + 12, sizeof m->kappa);
    axiom_wipe(r, sizeof r);
}

/* Mask of word k of a state (or schedule) started with masks w[0..3]. */
static inline uint32_t sm4m_mask_at(const uint32_t w[4], uint32_t d, unsigned k)
{
    return w[k & 3] ^ (d & (0u - ((k >> 2) & 1)));
}

/* c_i: the mask carried by the stored round key i. */
static inline uint32_t sm4m_c(const sm4m_masks *m, unsigned i)
{
    return sm4m_mask_at(m->mu, m->d, i + 1) ^ sm4m_mask_at(m->mu, m->d, i + 2) ^
           sm4m_mask_at(m->mu, m->d, i + 3) ^ m->amask;
}

static void sm4m_install(sm4m_state *st, const sm4m_masks *m)
{
    st->amask = m->amask;
    st->b = m->b;
    st->d = m->d;
    memcpy(st->mu, m->mu, sizeof st->mu);
    for (unsigned r = 0; r < 8; r++)
        st->dd[r] = sm4m_c(m, r) ^ sm4m_c(m, 7 - r);
    st->since = 0;
}

static void sm4m_get(const sm4m_state *st, sm4m_masks *m)
{
    memset(m, 0, sizeof *m);
    m->amask = st->amask;
    m->b = st->b;
    m->d = st->d;
    memcpy(m->mu, st->mu, sizeof m->mu);
}

/* New masks for a schedule in use (see the header comment). */
static void sm4m_refresh(sm4m_state *st)
{
    sm4m_masks old, m;
    sm4m_get(st, &old);
    sm4m_draw(&m, st->since ^ (uint64_t)(uintptr_t)st);
    uint32_t da = (old.amask ^ m.amask) & 0xff;
    uint32_t db = old.b ^ m.b;
    SM4M_OPAQUE(db);
    /* T_new(u) = T_old(u ^ a_old ^ a_new) ^ B_old ^ B_new */
    for (uint32_t u = 0; u < 256; u++) {
        uint32_t v = u ^ da;
        if (u < v) {
            uint32_t x = st->t[u];
            st->t[u] = st->t[v];
            st->t[v] = x;
        }
    }
    for (unsigned u = 0; u < 256; u++)
        st->t[u] ^= db;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t delta = sm4m_c(&old, i) ^ sm4m_c(&m, i);
        SM4M_OPAQUE(delta);
        st->rk[i] ^= delta;
    }
    sm4m_install(st, &m);
    axiom_wipe(&old, sizeof old);
    axiom_wipe(&m, sizeof m);
}

/* ---- the round function -------------------------------------------------- */

/* Sum of the four table outputs of the masked S-box input @u. */
#define SM4M_T(t, u)                                                             \
    ((t)[(u) & 0xff] ^ axiom_sm4_rol((t)[((u) >> 8) & 0xff], 8) ^                \
     axiom_sm4_rol((t)[((u) >> 16) & 0xff], 16) ^ axiom_sm4_rol((t)[(u) >> 24], 24))

#define SM4M_R1(t, x0, x1, x2, x3, k)                                            \
    do {                                                                         \
        uint32_t u_ = (x1) ^ (x2) ^ (x3) ^ (k);                                  \
        (x0) ^= SM4M_T(t, u_);                                                   \
    } while (0)

#define SM4M_R2(t, x0, x1, x2, x3, y0, y1, y2, y3, k)                            \
    do {                                                                         \
        uint32_t k_ = (k);                                                       \
        uint32_t u_ = (x1) ^ (x2) ^ (x3) ^ k_, v_ = (y1) ^ (y2) ^ (y3) ^ k_;     \
        (x0) ^= SM4M_T(t, u_);                                                   \
        (y0) ^= SM4M_T(t, v_);                                                   \
    } while (0)

#define SM4M_R3(t, x0, x1, x2, x3, y0, y1, y2, y3, z0, z1, z2, z3, k)           \
    do {                                                                         \
        uint32_t k_ = (k);                                                       \
        uint32_t u_ = (x1) ^ (x2) ^ (x3) ^ k_, v_ = (y1) ^ (y2) ^ (y3) ^ k_;     \
        uint32_t w_ = (z1) ^ (z2) ^ (z3) ^ k_;                                   \
        (x0) ^= SM4M_T(t, u_);                                                   \
        (y0) ^= SM4M_T(t, v_);                                                   \
        (z0) ^= SM4M_T(t, w_);                                                   \
    } while (0)

/* Read one word of every cache line of the table and the round keys (see
 * the header comment). */
static inline void sm4m_preload(const sm4m_state *st)
{
    const volatile uint32_t *p = st->t;
    uint32_t acc = 0;
    for (unsigned i = 0; i < 256 + 32; i += 16)
        acc ^= p[i];
    SM4M_OPAQUE(acc);
}

static void sm4m_load(uint32_t x[4], const uint8_t *in, const uint32_t mu[4])
{
    for (unsigned j = 0; j < 4; j++)
        x[j] = axiom_load32_be(in + 4 * j) ^ mu[j];
}

/* Output (X35, X34, X33, X32), masks mu_3..mu_0. */
static void sm4m_store(uint8_t *out, uint32_t x0, uint32_t x1, uint32_t x2, uint32_t x3,
                       const uint32_t mu[4])
{
    axiom_store32_be(out, x3 ^ mu[3]);
    axiom_store32_be(out + 4, x2 ^ mu[2]);
    axiom_store32_be(out + 8, x1 ^ mu[1]);
    axiom_store32_be(out + 12, x0 ^ mu[0]);
}

/* @n blocks with the (masked) round keys @rk in the order of use. */
static void sm4m_run(const sm4m_state *st, const uint32_t rk[32], uint8_t *out,
                     const uint8_t *in, size_t n)
{
    const uint32_t *t = st->t;
    for (; n >= 3; n -= 3, in += 48, out += 48) {
        uint32_t a[4], b[4], c[4];
        sm4m_load(a, in, st->mu);
        sm4m_load(b, in + 16, st->mu);
        sm4m_load(c, in + 32, st->mu);
        uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        uint32_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];
        uint32_t c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
        for (unsigned i = 0; i < 32; i += 4) {
            SM4M_R3(t, a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, rk[i]);
            SM4M_R3(t, a1, a2, a3, a0, b1, b2, b3, b0, c1, c2, c3, c0, rk[i + 1]);
            SM4M_R3(t, a2, a3, a0, a1, b2, b3, b0, b1, c2, c3, c0, c1, rk[i + 2]);
            SM4M_R3(t, a3, a0, a1, a2, b3, b0, b1, b2, c3, c0, c1, c2, rk[i + 3]);
        }
        sm4m_store(out, a0, a1, a2, a3, st->mu);
        sm4m_store(out + 16, b0, b1, b2, b3, st->mu);
        sm4m_store(out + 32, c0, c1, c2, c3, st->mu);
    }
    if (n == 2) {
        uint32_t a[4], b[4];
        sm4m_load(a, in, st->mu);
        sm4m_load(b, in + 16, st->mu);
        uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        uint32_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];
        for (unsigned i = 0; i < 32; i += 4) {
            SM4M_R2(t, a0, a1, a2, a3, b0, b1, b2, b3, rk[i]);
            SM4M_R2(t, a1, a2, a3, a0, b1, b2, b3, b0, rk[i + 1]);
            SM4M_R2(t, a2, a3, a0, a1, b2, b3, b0, b1, rk[i + 2]);
            SM4M_R2(t, a3, a0, a1, a2, b3, b0, b1, b2, rk[i + 3]);
        }
        sm4m_store(out, a0, a1, a2, a3, st->mu);
        sm4m_store(out + 16, b0, b1, b2, b3, st->mu);
    } else if (n == 1) {
        uint32_t a[4];
        sm4m_load(a, in, st->mu);
        uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        for (unsigned i = 0; i < 32; i += 4) {
            SM4M_R1(t, a0, a1, a2, a3, rk[i]);
            SM4M_R1(t, a1, a2, a3, a0, rk[i + 1]);
            SM4M_R1(t, a2, a3, a0, a1, rk[i + 2]);
            SM4M_R1(t, a3, a0, a1, a2, rk[i + 3]);
        }
        sm4m_store(out, a0, a1, a2, a3, st->mu);
    }
}

static void sm4m_blocks(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        int decrypt)
{
    sm4m_state *st = sm4m_st(ks);
    uint32_t drk[32];
    int have_drk = 0;
    sm4m_preload(st);
    while (n > 0) {
        if (st->since >= SM4M_REFRESH_BLOCKS) {
            sm4m_refresh(st);
            have_drk = 0;
        }
        size_t m = SM4M_REFRESH_BLOCKS - (size_t)st->since;
        if (m > n)
            m = n;
        const uint32_t *rk = st->rk;
        if (decrypt) {
            if (!have_drk)
                for (unsigned i = 0; i < 32; i++)
                    drk[i] = st->rk[31 - i] ^ st->dd[i & 7];
            have_drk = 1;
            rk = drk;
        }
        sm4m_run(st, rk, out, in, m);
        st->since += m;
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    if (have_drk)
        axiom_wipe(drk, sizeof drk);
}

static void sm4m_ecb_enc(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    sm4m_blocks(ks, out, in, n, 0);
}

static void sm4m_ecb_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    sm4m_blocks(ks, out, in, n, 1);
}

/* ---- key schedule -------------------------------------------------------- */

static void sm4m_setkey(axiom_bc_ks *ks, const uint8_t *key, size_t keylen)
{
    sm4m_state *st = sm4m_st(ks);
    sm4m_masks m;
    uint32_t tk[256];
    (void)keylen; /* 16, checked by the catalog */

    memset(ks, 0, sizeof *ks);
    ks->rounds = AXIOM_SM4_ROUNDS;
    sm4m_draw(&m, (uint64_t)(uintptr_t)ks);
    sm4m_install(st, &m);
    const uint32_t a = m.amask & 0xff;
    for (uint32_t v = 0; v < 256; v++) {
        st->t[v ^ a] = axiom_sm4_l(sm4_sbox[v]) ^ m.b;
        tk[v ^ a] = axiom_sm4_lk(sm4_sbox[v]) ^ m.b;
    }

    /* K'_j = MK_j ^ kappa_j ^ FK_j: the key is masked as it is loaded. */
    uint32_t k0, k1, k2, k3;
    k0 = (axiom_load32_be(key) ^ m.kappa[0]) ^ axiom_sm4_fk(0);
    k1 = (axiom_load32_be(key + 4) ^ m.kappa[1]) ^ axiom_sm4_fk(1);
    k2 = (axiom_load32_be(key + 8) ^ m.kappa[2]) ^ axiom_sm4_fk(2);
    k3 = (axiom_load32_be(key + 12) ^ m.kappa[3]) ^ axiom_sm4_fk(3);
    for (unsigned i = 0; i < 32; i++) {
        uint32_t corr = axiom_sm4_ck(i) ^ sm4m_mask_at(m.kappa, m.d, i + 1) ^
                        sm4m_mask_at(m.kappa, m.d, i + 2) ^ sm4m_mask_at(m.kappa, m.d, i + 3) ^
                        m.amask;
        SM4M_OPAQUE(corr);
        uint32_t u = k1 ^ k2 ^ k3 ^ corr;
        uint32_t k4 = k0 ^ SM4M_T(tk, u);
        /* k4 carries kappa_(i+4); the stored key must carry c_i instead. */
        uint32_t fix = sm4m_mask_at(m.kappa, m.d, i + 4) ^ sm4m_c(&m, i);
        SM4M_OPAQUE(fix);
        st->rk[i] = k4 ^ fix;
        k0 = k1;
        k1 = k2;
        k2 = k3;
        k3 = k4;
    }
    axiom_wipe(tk, sizeof tk);
    axiom_wipe(&m, sizeof m);
    k0 = k1 = k2 = k3 = 0;
    SM4M_OPAQUE(k0);
}

/* ---- modes --------------------------------------------------------------- */

/* CTR and CBC decryption stage SM4M_BATCH blocks (a multiple of the
 * three-block interleave) per call of the block function; all modes are
 * the loops of lib/core/bc_modes.h. */
#define SM4M_BATCH 24

static void sm4m_ctr(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                     uint8_t ctr[16])
{
    axiom_bc_ctr_batched(ks, out, in, n, ctr, sm4m_ecb_enc, SM4M_BATCH);
}

static void sm4m_cbc_dec(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                         uint8_t iv[16])
{
    axiom_bc_cbc_dec_batched(ks, out, in, n, iv, sm4m_ecb_dec, SM4M_BATCH);
}

AXIOM_BC_DEFINE_MODE(sm4m_cbc_enc, AXIOM_BC_CBC_ENC, sm4m_ecb_enc)
AXIOM_BC_DEFINE_MODE(sm4m_cfb_enc, AXIOM_BC_CFB_ENC, sm4m_ecb_enc)
AXIOM_BC_DEFINE_MODE(sm4m_cfb_dec, AXIOM_BC_CFB_DEC, sm4m_ecb_enc)
AXIOM_BC_DEFINE_MODE(sm4m_ofb, AXIOM_BC_OFB, sm4m_ecb_enc)

/* Outputs of at least this many bytes, out of place, are written with
 * non-temporal stores by the SIMD bulk loops (sm4_wide.h): they leave the
 * caches anyway, and streaming them spares the reads for ownership; in
 * place, and for outputs that stay cached, normal stores are cheaper. */
size_t axiom_sm4_nt_min = 2 * 1024 * 1024;

const axiom_bc_kernel axiom_sm4_masked = {
    .name = "generic-masked",
    .features = 0,
    .constant_time = 0,
    .desc = "masked table (NOT constant time; never picked, for tests)",
    .steps = { 3, 8, 24 }, /* 3 blocks interleaved, CTR and CBC decryption staged by 24, CFB by 8 */
    .slow_block = 1,
    .setkey = sm4m_setkey,
    .ecb_enc = sm4m_ecb_enc,
    .ecb_dec = sm4m_ecb_dec,
    .cbc_enc = sm4m_cbc_enc,
    .cbc_dec = sm4m_cbc_dec,
    .cfb_enc = sm4m_cfb_enc,
    .cfb_dec = sm4m_cfb_dec,
    .ofb = sm4m_ofb,
    .ctr = sm4m_ctr,
};
