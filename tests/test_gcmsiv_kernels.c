/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box test of AES-GCM-SIV: every POLYVAL kernel usable on this CPU
 * against a bit-serial POLYVAL written from the RFC 8452 definition, and
 * every GCM-SIV tier's seal and open against a reference built from that
 * POLYVAL and libgcrypt's AES, over the lengths where the kernels change
 * path, including counters that wrap modulo 2^32. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include <axiom.h>

#include "core/aead.h"
#include "gcm/polyval.h"
#include "testutil.h"

static int usable(const axiom_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

/* ------------------------------------------------------------ reference */

/* Field elements as (lo, hi): bit i of byte j is the coefficient of
 * x^(8j + i) (RFC 8452 section 3).  P = x^128 + x^127 + x^126 + x^121 + 1. */
typedef struct { uint64_t lo, hi; } fe;

static fe fe_load(const uint8_t *p)
{
    fe a = { 0, 0 };
    for (int i = 7; i >= 0; i--) {
        a.lo = (a.lo << 8) | p[i];
        a.hi = (a.hi << 8) | p[8 + i];
    }
    return a;
}

static void fe_store(uint8_t *p, fe a)
{
    for (int i = 0; i < 8; i++) {
        p[i] = (uint8_t)(a.lo >> (8 * i));
        p[8 + i] = (uint8_t)(a.hi >> (8 * i));
    }
}

#define P_HI ((UINT64_C(1) << 63) | (UINT64_C(1) << 62) | (UINT64_C(1) << 57))

/* a * b * x^-128 mod P, one bit at a time. */
static fe fe_dot(fe a, fe b)
{
    fe r = { 0, 0 };
    for (int i = 127; i >= 0; i--) {
        const int top = (int)(r.hi >> 63);
        r.hi = (r.hi << 1) | (r.lo >> 63);
        r.lo <<= 1;
        if (top) {
            r.hi ^= P_HI;
            r.lo ^= 1;
        }
        const uint64_t bit = i >= 64 ? (b.hi >> (i - 64)) & 1 : (b.lo >> i) & 1;
        if (bit) {
            r.hi ^= a.hi;
            r.lo ^= a.lo;
        }
    }
    for (int i = 0; i < 128; i++) { /* times x^-1 */
        const int odd = (int)(r.lo & 1);
        if (odd) {
            r.lo ^= 1;
            r.hi ^= P_HI;
        }
        r.lo = (r.lo >> 1) | (r.hi << 63);
        r.hi >>= 1;
        if (odd)
            r.hi |= UINT64_C(1) << 63;
    }
    return r;
}

static void ref_polyval(const uint8_t h[16], uint8_t y[16], const uint8_t *in, size_t n)
{
    const fe hh = fe_load(h);
    fe s = fe_load(y);
    for (size_t i = 0; i < n; i++) {
        const fe x = fe_load(in + 16 * i);
        s.lo ^= x.lo;
        s.hi ^= x.hi;
        s = fe_dot(s, hh);
    }
    fe_store(y, s);
}

static void gcry_ecb(const uint8_t *key, size_t kl, uint8_t *buf, size_t nblocks)
{
    gcry_cipher_hd_t h;
    ck_assert(gcry_cipher_open(&h, kl == 16 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256,
                               GCRY_CIPHER_MODE_ECB, 0) == 0);
    ck_assert(gcry_cipher_setkey(h, key, kl) == 0);
    if (nblocks)
        ck_assert(gcry_cipher_encrypt(h, buf, 16 * nblocks, NULL, 0) == 0);
    gcry_cipher_close(h);
}

static void ref_polyval_padded(const uint8_t h[16], uint8_t s[16], const uint8_t *p, size_t len)
{
    ref_polyval(h, s, p, len / 16);
    if (len % 16) {
        uint8_t b[16] = { 0 };
        memcpy(b, p + len / 16 * 16, len % 16);
        ref_polyval(h, s, b, 1);
    }
}

/* RFC 8452 section 4 over the reference parts.  Seal (@encrypt): @tag
 * out.  Open: CTR from the @tag given, then @tag <- the tag computed over
 * the plaintext (not compared). */
static void ref_siv(int encrypt, const uint8_t *key, size_t kl, const uint8_t n[12],
                    const uint8_t *ad, size_t al, uint8_t *out, const uint8_t *in, size_t len,
                    uint8_t tag[16])
{
    uint8_t blk[96], ak[16], ek[32], s[16] = { 0 }, lb[16];
    const size_t nb = kl == 16 ? 4 : 6;
    for (size_t i = 0; i < nb; i++) {
        memset(blk + 16 * i, 0, 4);
        blk[16 * i] = (uint8_t)i;
        memcpy(blk + 16 * i + 4, n, 12);
    }
    gcry_ecb(key, kl, blk, nb);
    memcpy(ak, blk, 8);
    memcpy(ak + 8, blk + 16, 8);
    for (size_t i = 2; i < nb; i++)
        memcpy(ek + 8 * (i - 2), blk + 16 * i, 8);
    uint8_t *ks = malloc(len + 16), ctr[16];
    const uint8_t *pt = encrypt ? in : out;
    if (!encrypt)
        memcpy(ctr, tag, 16);
    for (int pass = 0; pass < 2; pass++) {
        if (encrypt == (pass == 0)) {
            ref_polyval_padded(ak, s, ad, al);
            ref_polyval_padded(ak, s, pt, len);
            for (int i = 0; i < 8; i++) {
                lb[i] = (uint8_t)(((uint64_t)al * 8) >> (8 * i));
                lb[8 + i] = (uint8_t)(((uint64_t)len * 8) >> (8 * i));
            }
            ref_polyval(ak, s, lb, 1);
            for (int i = 0; i < 12; i++)
                s[i] ^= n[i];
            s[15] &= 0x7f;
            gcry_ecb(ek, kl, s, 1);
            memcpy(tag, s, 16);
            if (encrypt)
                memcpy(ctr, tag, 16);
        } else {
            ctr[15] |= 0x80;
            uint32_t c = (uint32_t)ctr[0] | (uint32_t)ctr[1] << 8 | (uint32_t)ctr[2] << 16 |
                         (uint32_t)ctr[3] << 24;
            const size_t blocks = (len + 15) / 16;
            for (size_t i = 0; i < blocks; i++, c++) {
                memcpy(ks + 16 * i, ctr, 16);
                for (int j = 0; j < 4; j++)
                    ks[16 * i + j] = (uint8_t)(c >> (8 * j));
            }
            gcry_ecb(ek, kl, ks, blocks);
            for (size_t i = 0; i < len; i++)
                out[i] = in[i] ^ ks[i];
        }
    }
    free(ks);
}

/* ------------------------------------------------------------ POLYVAL */

/* RFC 8452 appendix A. */
START_TEST(test_polyval_rfc)
{
    size_t l;
    uint8_t *h = tu_hex_alloc("25629347589242761d31f826ba4b757b", &l);
    uint8_t *x = tu_hex_alloc("4f4f95668c83dfb6401762bb2d01a262"
                              "d1a24ddd2721d006bbe45f20d3c9f362", &l);
    uint8_t *want = tu_hex_alloc("f7a3b47b846119fae5b7866cf5e5b77e", &l);
    uint8_t y[16] = { 0 };
    ref_polyval(h, y, x, 2);
    TU_ASSERT_MEM_EQ(y, want, 16, "reference POLYVAL");
    axiom_ghash_key *hk = aligned_alloc(64, sizeof *hk);
    for (const axiom_kernel *const *kp = axiom_polyval_kernels; *kp; kp++) {
        const axiom_polyval_kernel *k = axiom_polyval_of(*kp);
        if (!usable(*kp))
            continue;
        memset(y, 0, 16);
        k->init(hk, h);
        k->update(hk, y, x, 2);
        TU_ASSERT_MEM_EQ(y, want, 16, "POLYVAL kernel %s", k->name);
    }
    free(hk); free(h); free(x); free(want);
}
END_TEST

/* Every block count 0..2 * 32 + 9 (every remainder of the 8-block pclmul
 * loop and of the 32-block vector loops, twice) and random longer ones,
 * in up to 4 calls carrying the accumulator, misaligned. */
START_TEST(test_polyval_kernels)
{
    tu_rng_reset("polyval-kernels");
    const size_t maxb = 300;
    uint8_t *in = malloc(16 * maxb + 16);
    axiom_ghash_key *hk = aligned_alloc(64, sizeof *hk);
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_polyval_kernels; *kp; kp++) {
        const axiom_polyval_kernel *k = axiom_polyval_of(*kp);
        if (!usable(*kp)) {
            printf("  polyval %-16s not usable here\n", k->name);
            continue;
        }
        printf("  polyval %-16s tested\n", k->name);
        tested++;
        const size_t sweep = 2 * AXIOM_POLYVAL_VPCLMUL_BLOCKS + 10;
        for (size_t it = 0; it < sweep + 60; it++) {
            const size_t nb = it < sweep ? it : tu_rand_range(0, maxb);
            const size_t off = tu_rand_range(0, 15);
            uint8_t h[16], y0[16], y1[16];
            tu_rand_bytes(h, 16);
            tu_rand_bytes(y0, 16);
            memcpy(y1, y0, 16);
            tu_rand_bytes(in + off, 16 * nb);
            ref_polyval(h, y0, in + off, nb);
            k->init(hk, h);
            size_t done = 0, parts = tu_rand_range(1, 4);
            for (size_t s = 1; s < parts; s++) {
                const size_t b = tu_rand_range(0, nb - done);
                k->update(hk, y1, in + off + 16 * done, b);
                done += b;
            }
            if (nb > done)
                k->update(hk, y1, in + off + 16 * done, nb - done);
            TU_ASSERT_MEM_EQ(y1, y0, 16, "POLYVAL %s, %zu blocks in %zu calls", k->name, nb,
                             parts);
        }
    }
    TU_ASSERT(tested > 0, "no POLYVAL kernel usable");
    free(in); free(hk);
}
END_TEST

/* A kernel's init_n for every power count n = 1..32 (the products change
 * shape at 4, 8, 12, 16 and every 4 after): every update of up to n
 * blocks (what lib/gcm/gcmsiv.c asks of a key with n powers) against the
 * bit-serial reference, and nothing written past the n power slots (the
 * AEAD wipes exactly those), checked with a canary pattern. */
START_TEST(test_polyval_init_n)
{
    tu_rng_reset("polyval-init-n");
    enum { MAXP = AXIOM_GHASH_MAXPOW };
    uint8_t *in = malloc(16 * 3 * MAXP);
    axiom_ghash_key *hk = aligned_alloc(64, sizeof *hk);
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_polyval_kernels; *kp; kp++) {
        const axiom_polyval_kernel *k = axiom_polyval_of(*kp);
        if (!usable(*kp) || !k->init_n)
            continue;
        tested++;
        for (size_t n = 1; n <= MAXP; n++) {
            uint8_t h[16], y0[16], y1[16];
            tu_rand_bytes(h, 16);
            memset(hk, 0xa5, sizeof *hk);
            k->init_n(hk, h, n);
            const uint8_t *kb = (const uint8_t *)hk->w;
            if (n < MAXP) {
                for (size_t i = 0; i < sizeof *hk; i++)
                    if (i < 16 * (MAXP - n) || i >= 16 * MAXP)
                        TU_ASSERT(kb[i] == 0xa5, "%s init_n(%zu) wrote byte %zu of the key",
                                  k->name, n, i);
            }
            /* Updates of 1..n blocks, then 2n + 3 in calls of at most n. */
            for (size_t b = 1; b <= n; b++) {
                tu_rand_bytes(in, 16 * b);
                tu_rand_bytes(y0, 16);
                memcpy(y1, y0, 16);
                ref_polyval(h, y0, in, b);
                k->update(hk, y1, in, b);
                TU_ASSERT_MEM_EQ(y1, y0, 16, "%s init_n(%zu), %zu blocks", k->name, n, b);
            }
            const size_t total = 2 * n + 3;
            tu_rand_bytes(in, 16 * total);
            memset(y0, 0, 16);
            memset(y1, 0, 16);
            ref_polyval(h, y0, in, total);
            for (size_t done = 0; done < total;) {
                const size_t b = total - done < n ? total - done : n;
                k->update(hk, y1, in + 16 * done, b);
                done += b;
            }
            TU_ASSERT_MEM_EQ(y1, y0, 16, "%s init_n(%zu), %zu blocks in calls of %zu", k->name,
                             n, total, n);
        }
        printf("  polyval %-16s init_n 1..%d checked\n", k->name, MAXP);
    }
    /* The x86 kernels have init_n; a tier without PCLMULQDQ has none. */
    if (axiom_cpu_features() & AXIOM_CPU_PCLMUL)
        TU_ASSERT(tested > 0, "no POLYVAL kernel with init_n usable");
    else
        printf("  no POLYVAL kernel with init_n on this tier\n");
    free(in); free(hk);
}
END_TEST

/* ------------------------------------------------------------ tiers */

static const axiom_aead_alg *alg_of(size_t kl)
{
    return kl == 16 ? &axiom_aead_aes128_gcm_siv : &axiom_aead_aes256_gcm_siv;
}

/* Block counts where a path changes (lib/gcm/polyval.h): 0, 1, and one
 * below, at and one above every step and twice every step. */
static size_t step_blocks(size_t *v)
{
    static const size_t steps[] = AXIOM_GCMSIV_TEXT_STEPS;
    size_t n = 0;
    v[n++] = 0;
    v[n++] = 1;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        for (size_t m = 1; m <= 2; m++)
            for (size_t d = 0; d < 3; d++) {
                const size_t b = m * steps[i] + d - 1;
                size_t k = 0;
                while (k < n && v[k] != b)
                    k++;
                if (k == n)
                    v[n++] = b;
            }
    return n;
}

#define MAX_STEP_BLOCKS 64

/* Text length @it of a tier's run: every step block count with 0, 1 and
 * 15 bytes more, then every partial-block length, then random ones. */
static size_t text_len(size_t it, const size_t *blocks, size_t nb)
{
    if (it < 3 * nb)
        return 16 * blocks[it / 3] + (size_t[]){ 0, 1, 15 }[it % 3];
    if (it < 3 * nb + 16)
        return 48 + (it - 3 * nb);
    return tu_rand_range(0, 16 * 300);
}

START_TEST(test_tiers)
{
    tu_rng_reset("gcmsiv-tiers");
    const size_t max = 16 * 300 + 16;
    uint8_t *p = malloc(max + 16), *c0 = malloc(max), *c1 = malloc(max + 16), *r = malloc(max);
    uint8_t *ad = malloc(max);
    void *state = aligned_alloc(64, 64 * 1024);
    size_t blocks[MAX_STEP_BLOCKS];
    const size_t nb = step_blocks(blocks);
    TU_ASSERT(nb <= MAX_STEP_BLOCKS && 16 * blocks[nb - 1] + 15 <= max, "step list fits");
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_gcmsiv_kernels; *kp; kp++) {
        if (!usable(*kp)) {
            printf("  tier %-28s not usable here\n", (*kp)->name);
            continue;
        }
        printf("  tier %-28s tested\n", (*kp)->name);
        tested++;
        /* Every length with both key sizes; the AD a step length (or a
         * byte more or less than one) picked at random. */
        for (size_t it = 0; it < 2 * (3 * nb + 16 + 20); it++) {
            const size_t kl = it % 2 ? 32 : 16, len = text_len(it / 2, blocks, nb);
            const size_t al = 16 * blocks[tu_rand_range(0, nb - 1)] +
                              (size_t[]){ 0, 1, 15 }[tu_rand_range(0, 2)];
            const size_t off = tu_rand_range(0, 15);
            const axiom_aead_alg *a = alg_of(kl);
            TU_ASSERT(a->state_size <= 64 * 1024, "state size");
            uint8_t key[32], n[12], t0[16], t1[16];
            tu_rand_bytes(key, kl);
            tu_rand_bytes(n, 12);
            tu_rand_bytes(ad, al);
            tu_rand_bytes(p, len);
            a->setkey(state, *kp, key, kl);
            ref_siv(1, key, kl, n, ad, al, c0, p, len, t0);
            a->message(state, 1, c1 + off, t1, 16, n, 12, ad, al, p, len);
            TU_ASSERT_MEM_EQ(c1 + off, c0, len, "%s seal, kl %zu len %zu al %zu", (*kp)->name, kl,
                             len, al);
            TU_ASSERT_MEM_EQ(t1, t0, 16, "%s tag, kl %zu len %zu al %zu", (*kp)->name, kl, len, al);
            /* Open in place: the plaintext and the same tag back. */
            a->message(state, 0, c1 + off, t1, 16, n, 12, ad, al, c1 + off, len);
            TU_ASSERT_MEM_EQ(c1 + off, p, len, "%s open, len %zu", (*kp)->name, len);
            TU_ASSERT_MEM_EQ(t1, t0, 16, "%s open's tag, len %zu", (*kp)->name, len);
            /* Open under a random tag: the reference's text and tag. */
            tu_rand_bytes(t0, 16);
            memcpy(t1, t0, 16);
            ref_siv(0, key, kl, n, ad, al, r, c0, len, t0);
            a->message(state, 0, c1, t1, 16, n, 12, ad, al, c0, len);
            TU_ASSERT_MEM_EQ(c1, r, len, "%s open under a random tag, len %zu", (*kp)->name, len);
            TU_ASSERT_MEM_EQ(t1, t0, 16, "%s tag under a random tag, len %zu", (*kp)->name, len);
        }
    }
    TU_ASSERT(tested > 0, "no tier usable");
    free(p); free(c0); free(c1); free(r); free(ad); free(state);
}
END_TEST

/* The 32-bit counter wraps modulo 2^32 without carrying into byte 4:
 * open under tags whose counter sits just below the wrap, every tier. */
START_TEST(test_counter_wrap)
{
    tu_rng_reset("gcmsiv-wrap");
    const size_t len = 16 * 80 + 7;
    uint8_t *in = malloc(len), *want = malloc(len), *got = malloc(len);
    void *state = aligned_alloc(64, 64 * 1024);
    for (const axiom_kernel *const *kp = axiom_gcmsiv_kernels; *kp; kp++) {
        if (!usable(*kp))
            continue;
        for (uint32_t below = 0; below < 80; below += 7) {
            const size_t kl = below % 2 ? 32 : 16;
            const axiom_aead_alg *a = alg_of(kl);
            uint8_t key[32], n[12], t0[16], t1[16];
            tu_rand_bytes(key, kl);
            tu_rand_bytes(n, 12);
            tu_rand_bytes(in, len);
            tu_rand_bytes(t0, 16);
            const uint32_t c = (uint32_t)0 - below;
            for (int j = 0; j < 4; j++)
                t0[j] = (uint8_t)(c >> (8 * j));
            t0[4] = 0xff; /* a carry out of the counter would change it */
            memcpy(t1, t0, 16);
            a->setkey(state, *kp, key, kl);
            ref_siv(0, key, kl, n, NULL, 0, want, in, len, t0);
            a->message(state, 0, got, t1, 16, n, 12, NULL, 0, in, len);
            TU_ASSERT_MEM_EQ(got, want, len, "%s, counter 2^32 - %u", (*kp)->name, below);
            TU_ASSERT_MEM_EQ(t1, t0, 16, "%s tag, counter 2^32 - %u", (*kp)->name, below);
        }
    }
    free(in); free(want); free(got); free(state);
}
END_TEST

/* The one-call short message of every tier that has one: every text length
 * up to AXIOM_GCMSIV_SHORT_TEXT blocks with every AD length that keeps the
 * hashed blocks within AXIOM_GCMSIV_SHORT_HASH, both key sizes, against
 * the reference: sealed, opened in place, and opened under a random tag
 * whose counter sits just below the 2^32 wrap. */
START_TEST(test_short)
{
    tu_rng_reset("gcmsiv-short");
    enum { MAXT = 16 * AXIOM_GCMSIV_SHORT_TEXT, MAXA = 16 * (AXIOM_GCMSIV_SHORT_HASH - 1) };
    uint8_t p[MAXT], c[MAXT], w[MAXT], o[MAXT], ad[MAXA];
    int tested = 0;
    long cases = 0;
    for (const axiom_kernel *const *kp = axiom_gcmsiv_kernels; *kp; kp++) {
        const axiom_gcmsiv_kernel *k = axiom_gcmsiv_of(*kp);
        if (!k->short_msg || !usable(*kp))
            continue;
        tested++;
        for (size_t kl = 16; kl <= 32; kl += 16)
            for (size_t len = 0; len <= MAXT; len++)
                for (size_t al = 0; (al + 15) / 16 + (len + 15) / 16 + 1 <= AXIOM_GCMSIV_SHORT_HASH;
                     al++) {
                    uint8_t key[32], n[12], t0[16], t1[16];
                    axiom_bc_ks kgk;
                    tu_rand_bytes(key, kl);
                    tu_rand_bytes(n, 12);
                    tu_rand_bytes(ad, al);
                    tu_rand_bytes(p, len);
                    k->aes->setkey_enc(&kgk, key, kl);
                    ref_siv(1, key, kl, n, ad, al, w, p, len, t0);
                    k->short_msg(&kgk, kl, n, 1, c, t1, ad, al, p, len);
                    TU_ASSERT_MEM_EQ(c, w, len, "%s seal, kl %zu len %zu al %zu", k->name, kl,
                                     len, al);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s tag, kl %zu len %zu al %zu", k->name, kl, len,
                                     al);
                    memcpy(o, c, len);
                    k->short_msg(&kgk, kl, n, 0, o, t1, ad, al, o, len);
                    TU_ASSERT_MEM_EQ(o, p, len, "%s open in place, kl %zu len %zu al %zu", k->name,
                                     kl, len, al);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s open's tag, kl %zu len %zu al %zu", k->name,
                                     kl, len, al);
                    /* A random tag, its counter 1..4 below the wrap. */
                    tu_rand_bytes(t0, 16);
                    const uint32_t ctr = (uint32_t)0 - (uint32_t)(1 + len % 4);
                    for (int b = 0; b < 4; b++)
                        t0[b] = (uint8_t)(ctr >> (8 * b));
                    memcpy(t1, t0, 16);
                    ref_siv(0, key, kl, n, ad, al, w, c, len, t0);
                    k->short_msg(&kgk, kl, n, 0, o, t1, ad, al, c, len);
                    TU_ASSERT_MEM_EQ(o, w, len, "%s open under a random tag, kl %zu len %zu",
                                     k->name, kl, len);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s tag under a random tag, kl %zu len %zu",
                                     k->name, kl, len);
                    cases++;
                }
    }
    printf("short GCM-SIV messages tested: %d tiers, %ld cases\n", tested, cases);
}
END_TEST

/* The one-call derivation of every tier that has one against the
 * composed one (the derivation blocks through the key-generating key,
 * the message-encryption key's setkey_enc, the POLYVAL kernel's init_n):
 * both key sizes, power counts around each level of the powers, the
 * whole key structures compared (filled alike before). */
START_TEST(test_derive)
{
    tu_rng_reset("gcmsiv-derive");
    static const size_t npows[] = { 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 20, 31, 32 };
    static axiom_bc_ks ks, rks;
    static axiom_ghash_key hk, rhk;
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_gcmsiv_kernels; *kp; kp++) {
        const axiom_gcmsiv_kernel *k = axiom_gcmsiv_of(*kp);
        if (!k->derive || !usable(*kp))
            continue;
        tested++;
        for (size_t kl = 16; kl <= 32; kl += 16)
            for (size_t pi = 0; pi < sizeof npows / sizeof npows[0]; pi++) {
                uint8_t key[32], n[12], b[16 * 6], auth[16], enc[32];
                axiom_bc_ks kgk;
                tu_rand_bytes(key, kl);
                tu_rand_bytes(n, 12);
                k->aes->setkey_enc(&kgk, key, kl);
                for (size_t i = 0; i < 6; i++) {
                    memset(b + 16 * i, 0, 4);
                    b[16 * i] = (uint8_t)i;
                    memcpy(b + 16 * i + 4, n, 12);
                }
                k->aes->ecb_enc(&kgk, b, b, kl == 16 ? 4 : 6);
                /* The first 8 bytes of each block: blocks 0-1 the
                 * authentication key, the others the encryption key. */
                for (size_t i = 0; i < (kl == 16 ? 4u : 6u); i++)
                    memcpy(i < 2 ? auth + 8 * i : enc + 8 * (i - 2), b + 16 * i, 8);
                memset(&ks, 0xa5, sizeof ks);
                memset(&rks, 0xa5, sizeof rks);
                memset(&hk, 0x5a, sizeof hk);
                memset(&rhk, 0x5a, sizeof rhk);
                k->aes->setkey_enc(&rks, enc, kl);
                k->polyval->init_n(&rhk, auth, npows[pi]);
                k->derive(&kgk, kl, n, &ks, &hk, npows[pi]);
                TU_ASSERT_MEM_EQ(&ks, &rks, sizeof ks, "%s: schedule, kl %zu, npow %zu", k->name,
                                 kl, npows[pi]);
                TU_ASSERT_MEM_EQ(&hk, &rhk, sizeof hk, "%s: POLYVAL key, kl %zu, npow %zu",
                                 k->name, kl, npows[pi]);
            }
    }
    printf("GCM-SIV derivations tested: %d tiers\n", tested);
}
END_TEST

/* The fused end of a seal of every tier that has one against its parts
 * (the length block through polyval->update, the tag through
 * aes->ecb_enc, then ctr from it): both key sizes, block counts one
 * below, at and one above one and two of the counter loop's iterations,
 * out of place and in place.  (Its counter mode is ctr's code, whose
 * 2^32 wrap test_counter_wrap checks.) */
START_TEST(test_seal_end)
{
    tu_rng_reset("gcmsiv-seal-end");
    enum { MAXB = 2 * AXIOM_GCMSIV_VAES512_BLOCKS + 1 };
    static uint8_t p[16 * MAXB], c[16 * MAXB], w[16 * MAXB];
    static axiom_bc_ks ks;
    static axiom_ghash_key hk;
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_gcmsiv_kernels; *kp; kp++) {
        const axiom_gcmsiv_kernel *k = axiom_gcmsiv_of(*kp);
        if (!k->seal || !usable(*kp))
            continue;
        tested++;
        /* The counter loop's width: zmm on the AVX-512 tier, else ymm. */
        const size_t g = ((*kp)->features & AXIOM_CPU_AVX512) ? AXIOM_GCMSIV_VAES512_BLOCKS
                                                              : AXIOM_GCMSIV_VAES2_BLOCKS;
        const size_t counts[] = { 0, 1, g - 1, g, g + 1, 2 * g - 1, 2 * g, 2 * g + 1 };
        for (size_t kl = 16; kl <= 32; kl += 16)
            for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++)
                for (int inplace = 0; inplace < 2; inplace++) {
                    const size_t n = counts[ci];
                    uint8_t key[32], nonce[12], acc[16], lb[16], tag[16], wtag[16], ctr[16],
                        wctr[16], x[16];
                    axiom_bc_ks kgk;
                    tu_rand_bytes(key, kl);
                    tu_rand_bytes(nonce, 12);
                    tu_rand_bytes(acc, 16);
                    tu_rand_bytes(lb, 16);
                    tu_rand_bytes(p, 16 * n);
                    k->aes->setkey_enc(&kgk, key, kl);
                    k->derive(&kgk, kl, nonce, &ks, &hk, AXIOM_GHASH_MAXPOW);
                    memcpy(x, acc, 16);
                    k->polyval->update(&hk, x, lb, 1);
                    for (int i = 0; i < 12; i++)
                        x[i] ^= nonce[i];
                    x[15] &= 0x7f;
                    k->aes->ecb_enc(&ks, wtag, x, 1);
                    memcpy(wctr, wtag, 16);
                    wctr[15] |= 0x80;
                    k->ctr(&ks, w, p, n, wctr);
                    if (inplace)
                        memcpy(c, p, 16 * n);
                    k->seal(&ks, &hk, acc, lb, nonce, tag, c, inplace ? c : p, n, ctr);
                    TU_ASSERT_MEM_EQ(tag, wtag, 16, "%s: tag, kl %zu, n %zu", k->name, kl, n);
                    TU_ASSERT_MEM_EQ(c, w, 16 * n, "%s: ciphertext, kl %zu, n %zu, in place %d",
                                     k->name, kl, n, inplace);
                    TU_ASSERT_MEM_EQ(ctr, wctr, 16, "%s: next counter, kl %zu, n %zu", k->name,
                                     kl, n);
                }
    }
    printf("fused GCM-SIV seal ends tested: %d tiers\n", tested);
}
END_TEST

static Suite *kernels_suite(void)
{
    Suite *s = suite_create("gcmsiv_kernels");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_polyval_rfc);
    tcase_add_test(tc, test_polyval_kernels);
    tcase_add_test(tc, test_polyval_init_n);
    tcase_add_test(tc, test_tiers);
    tcase_add_test(tc, test_counter_wrap);
    tcase_add_test(tc, test_short);
    tcase_add_test(tc, test_derive);
    tcase_add_test(tc, test_seal_end);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_gcmsiv_kernels");
    tu_gcry_init();
    return tu_run_suite(kernels_suite());
}
