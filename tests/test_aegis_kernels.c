/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box differential test of the AEGIS kernels: every kernel usable in
 * this CPU tier against the portable one of its variant (one-call and
 * step paths, MAC, streaming and the AEAD glue with its overlap cases),
 * and against libaegis when configure found it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "aegis/aegis.h"
#include "core/prefetch.h"
#include "testutil.h"

#ifdef HAVE_LIBAEGIS
#include <aegis.h>
#endif

static const char *const names[] = { "aegis-128l", "aegis-128x2", "aegis-128x4",
                                     "aegis-256",  "aegis-256x2", "aegis-256x4" };
#define NVARIANTS (sizeof names / sizeof names[0])

/* Longest message and AD the length classes reach. */
#define MAXLEN 4608
/* Room for misaligning a buffer by up to 63 bytes. */
#define SLACK 64

static int usable(const axiom_aegis_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

static const axiom_aegis_variant *variant(size_t i)
{
    const axiom_aegis_variant *v = axiom_aegis_find(names[i]);
    ck_assert_ptr_nonnull(v);
    return v;
}

/* The last kernel of a variant's list: the portable one. */
static const axiom_aegis_kernel *portable(const axiom_aegis_variant *v)
{
    const axiom_kernel *const *kp = v->kernels;
    while (kp[1])
        kp++;
    const axiom_aegis_kernel *k = (const axiom_aegis_kernel *)*kp;
    TU_ASSERT(strcmp(k->name, "generic-ct") == 0, "%s: last kernel %s", v->name, k->name);
    return k;
}

/*
 * The message lengths for a kernel of @rate bytes per step: around every
 * multiple of the step up to eight steps, around every length of
 * AXIOM_AEGIS_TEXT_STEPS (where some kernel changes path) and its double,
 * and random lengths up to MAXLEN.  Returns the count.
 */
static size_t length_classes(size_t *lens, size_t cap, size_t rate)
{
    static const size_t steps[] = AXIOM_AEGIS_TEXT_STEPS;
    size_t n = 0;
#define ADD(x)                                                                                 \
    do {                                                                                       \
        if (n < cap && (x) <= MAXLEN)                                                          \
            lens[n++] = (x);                                                                   \
    } while (0)
    for (size_t m = 0; m <= 8; m++) {
        if (m)
            ADD(m * rate - 1);
        ADD(m * rate);
        ADD(m * rate + 1);
    }
    ADD(rate / 2);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        ADD(steps[i] - 1);
        ADD(steps[i] + 1);
        ADD(2 * steps[i] - 1);
        ADD(2 * steps[i] + 3);
    }
    ADD((size_t)MAXLEN);
    ADD((size_t)MAXLEN - 1);
    while (n < cap)
        lens[n++] = tu_rand_range(0, MAXLEN);
#undef ADD
    return n;
}

/* An AD length for message @i of a run over steps of @rate bytes. */
static size_t ad_class(size_t i, size_t rate)
{
    switch (i % 7) {
    case 0: return 0;
    case 1: return 1;
    case 2: return rate - 1;
    case 3: return rate;
    case 4: return rate + 1;
    case 5: return 3 * rate + 5;
    default: return tu_rand_range(0, 700);
    }
}

typedef struct bufs {
    uint8_t *p, *ad, *c0, *p0, *out, *io;
} bufs;

static void bufs_new(bufs *b)
{
    b->p = malloc(MAXLEN + SLACK);
    b->ad = malloc(MAXLEN + SLACK);
    b->c0 = malloc(MAXLEN + SLACK);
    b->p0 = malloc(MAXLEN + SLACK);
    b->out = malloc(MAXLEN + SLACK);
    b->io = malloc(MAXLEN + SLACK);
    ck_assert(b->p && b->ad && b->c0 && b->p0 && b->out && b->io);
}

static void bufs_free(bufs *b)
{
    free(b->p); free(b->ad); free(b->c0); free(b->p0); free(b->out); free(b->io);
}

/* Kernel @k against the portable kernel @ref through axiom_aegis_crypt:
 * seal and open, out of place at random misalignments and in place. */
static void diff_kernel(const axiom_aegis_kernel *k, const axiom_aegis_kernel *ref,
                        const char *what, bufs *b, size_t nmsg)
{
    const size_t rate = axiom_aegis_rate(k), kl = k->family == 128 ? 16 : 32;
    size_t lens[96];
    TU_ASSERT(nmsg <= sizeof lens / sizeof lens[0], "too many lengths");
    const size_t n = length_classes(lens, nmsg, rate);
    for (size_t i = 0; i < n; i++) {
        const size_t len = lens[i], al = ad_class(i, rate), tl = i % 2 ? 32 : 16;
        const size_t oi = tu_rand_range(0, 63), oo = tu_rand_range(0, 63), oa = tu_rand_range(0, 63);
        uint8_t key[32], nonce[32], t0[32], t1[32];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(nonce, kl);
        tu_rand_bytes(b->ad + oa, al);
        tu_rand_bytes(b->p + oi, len);
        /* Seal. */
        axiom_aegis_crypt(ref, 1, b->c0, t0, tl, key, nonce, b->ad + oa, al, b->p + oi, len);
        axiom_aegis_crypt(k, 1, b->out + oo, t1, tl, key, nonce, b->ad + oa, al, b->p + oi, len);
        TU_ASSERT_MEM_EQ(b->out + oo, b->c0, len, "%s %s seal, len %zu ad %zu", k->name, what,
                         len, al);
        TU_ASSERT_MEM_EQ(t1, t0, tl, "%s %s seal tag %zu, len %zu ad %zu", k->name, what, tl,
                         len, al);
        memcpy(b->io + oo, b->p + oi, len);
        axiom_aegis_crypt(k, 1, b->io + oo, t1, tl, key, nonce, b->ad + oa, al, b->io + oo, len);
        TU_ASSERT_MEM_EQ(b->io + oo, b->c0, len, "%s %s seal in place, len %zu", k->name, what,
                         len);
        TU_ASSERT_MEM_EQ(t1, t0, tl, "%s %s seal in place tag, len %zu", k->name, what, len);
        /* Open: the plaintext back and the tag recomputed. */
        uint8_t *c = b->p0 + tu_rand_range(0, 63); /* the ciphertext, misaligned */
        memcpy(c, b->c0, len);
        axiom_aegis_crypt(k, 0, b->out + oo, t1, tl, key, nonce, b->ad + oa, al, c, len);
        TU_ASSERT_MEM_EQ(b->out + oo, b->p + oi, len, "%s %s open, len %zu ad %zu", k->name,
                         what, len, al);
        TU_ASSERT_MEM_EQ(t1, t0, tl, "%s %s open tag, len %zu ad %zu", k->name, what, len, al);
        memcpy(b->io + oo, c, len);
        axiom_aegis_crypt(k, 0, b->io + oo, t1, tl, key, nonce, b->ad + oa, al, b->io + oo, len);
        TU_ASSERT_MEM_EQ(b->io + oo, b->p + oi, len, "%s %s open in place, len %zu", k->name,
                         what, len);
        TU_ASSERT_MEM_EQ(t1, t0, tl, "%s %s open in place tag, len %zu", k->name, what, len);
    }
}

/* Every kernel of variant _i usable here, on its one-call path and on
 * its step operations (the same kernel with the one-call path taken
 * away, as the streaming glue and the MAC use it). */
START_TEST(test_kernels_vs_portable)
{
    const axiom_aegis_variant *v = variant((size_t)_i);
    const axiom_aegis_kernel *ref = portable(v);
    bufs b;
    tu_rng_reset(v->name);
    bufs_new(&b);
    int tested = 0;
    for (const axiom_kernel *const *kp = v->kernels; kp[1]; kp++) {
        const axiom_aegis_kernel *k = (const axiom_aegis_kernel *)*kp;
        if (!usable(k)) {
            printf("  %s %-14s not usable here\n", v->name, k->name);
            continue;
        }
        printf("  %s %-14s tested\n", v->name, k->name);
        TU_ASSERT(k->family == v->family && k->lanes == v->lanes, "%s %s: variant", v->name,
                  k->name);
        tested++;
        diff_kernel(k, ref, "one-call", &b, 96);
        axiom_aegis_kernel steps = *k;
        steps.seal = NULL;
        steps.open = NULL;
        diff_kernel(&steps, ref, "steps", &b, 64);
    }
    if (!tested)
        printf("  %s: only the portable kernel is usable in this tier\n", v->name);
    /* The portable kernel's own paths agree too (a sanity check of the
     * harness: the same function on both sides). */
    diff_kernel(ref, ref, "portable", &b, 8);
    bufs_free(&b);
}
END_TEST

/* Messages around the size from which the one-call paths prefetch
 * (core/prefetch.h): one byte under it, at it, and past it by three steps
 * and a partial one; every usable kernel against the portable one, seal
 * and open. */
START_TEST(test_kernels_long)
{
    const axiom_aegis_variant *v = variant((size_t)_i);
    const axiom_aegis_kernel *ref = portable(v);
    tu_rng_reset(v->name);
    const size_t max = AXIOM_PF_LARGE + 4 * 128;
    uint8_t *p = malloc(max), *c0 = malloc(max), *c1 = malloc(max);
    ck_assert(p && c0 && c1);
    for (const axiom_kernel *const *kp = v->kernels; kp[1]; kp++) {
        const axiom_aegis_kernel *k = (const axiom_aegis_kernel *)*kp;
        if (!usable(k))
            continue;
        const size_t rate = axiom_aegis_rate(k), kl = k->family == 128 ? 16 : 32;
        const size_t lens[] = { AXIOM_PF_LARGE - 1, AXIOM_PF_LARGE, AXIOM_PF_LARGE + 3 * rate + 5 };
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            const size_t len = lens[i];
            uint8_t key[32], nonce[32], ad[21], t0[16], t1[16];
            tu_rand_bytes(key, kl);
            tu_rand_bytes(nonce, kl);
            tu_rand_bytes(ad, sizeof ad);
            tu_rand_bytes(p, len);
            axiom_aegis_crypt(ref, 1, c0, t0, 16, key, nonce, ad, sizeof ad, p, len);
            axiom_aegis_crypt(k, 1, c1, t1, 16, key, nonce, ad, sizeof ad, p, len);
            TU_ASSERT_MEM_EQ(c1, c0, len, "%s %s seal, len %zu", v->name, k->name, len);
            TU_ASSERT_MEM_EQ(t1, t0, 16, "%s %s seal tag, len %zu", v->name, k->name, len);
            axiom_aegis_crypt(k, 0, c1, t1, 16, key, nonce, ad, sizeof ad, c0, len);
            TU_ASSERT_MEM_EQ(c1, p, len, "%s %s open, len %zu", v->name, k->name, len);
            TU_ASSERT_MEM_EQ(t1, t0, 16, "%s %s open tag, len %zu", v->name, k->name, len);
        }
    }
    free(p);
    free(c0);
    free(c1);
}
END_TEST

/* AEGIS-MAC: every usable kernel against the portable one, the message
 * fed in random pieces, two messages per key (final restarts), both tag
 * lengths. */
START_TEST(test_mac_kernels)
{
    const axiom_aegis_variant *v = variant((size_t)_i);
    const axiom_aegis_kernel *ref = portable(v);
    tu_rng_reset(v->name);
    uint8_t *msg = malloc(MAXLEN);
    axiom_aegis_mac *m0 = aligned_alloc(64, sizeof *m0), *m1 = aligned_alloc(64, sizeof *m1);
    ck_assert(msg && m0 && m1);
    for (const axiom_kernel *const *kp = v->kernels; kp[1]; kp++) {
        const axiom_aegis_kernel *k = (const axiom_aegis_kernel *)*kp;
        if (!usable(k))
            continue;
        const size_t rate = axiom_aegis_rate(k);
        size_t lens[40];
        const size_t n = length_classes(lens, 40, rate);
        for (size_t i = 0; i < n; i++) {
            uint8_t key[32], nonce[32], t0[32], t1[32];
            const size_t len = lens[i];
            tu_rand_bytes(key, v->keylen);
            tu_rand_bytes(nonce, v->keylen);
            axiom_aegis_mac_init(m0, ref, key, nonce);
            axiom_aegis_mac_init(m1, k, key, nonce);
            for (int rep = 0; rep < 2; rep++) {
                const size_t tl = (i + (size_t)rep) % 2 ? 32 : 16;
                size_t cuts[9];
                tu_rand_bytes(msg, len);
                axiom_aegis_mac_update(m0, msg, len);
                const size_t parts = tu_random_split(cuts, len, 1);
                for (size_t j = 0; j < parts; j++)
                    axiom_aegis_mac_update(m1, msg + cuts[j], cuts[j + 1] - cuts[j]);
                axiom_aegis_mac_final(m0, t0, tl);
                axiom_aegis_mac_final(m1, t1, tl);
                TU_ASSERT_MEM_EQ(t1, t0, tl, "%s-mac %s, len %zu in %zu parts, tag %zu",
                                 v->name, k->name, len, parts, tl);
            }
        }
    }
    free(msg); free(m0); free(m1);
}
END_TEST

/* The public interfaces in this tier (their kernel is the best usable
 * one) against the portable kernel: the AEAD calls with the nonce and AD
 * inside the output, text || tag in one buffer sealed and opened in
 * place, a failed open that zeroes the output; streaming with random
 * splits of the AD and the text. */
START_TEST(test_public_vs_portable)
{
    const axiom_aegis_variant *v = variant((size_t)_i);
    const axiom_aegis_kernel *ref = portable(v);
    const size_t kl = v->keylen, rate = axiom_aegis_rate(ref);
    bufs b;
    tu_rng_reset(v->name);
    bufs_new(&b);
    uint8_t *buf = malloc(2 * MAXLEN + 4 * SLACK);
    ck_assert_ptr_nonnull(buf);
    axiom_aead_ctx *a;
    axiom_aegis_ctx *s;
    TU_ASSERT_RC(axiom_aead_new(&a, v->name), AXIOM_OK, "%s", v->name);
    TU_ASSERT_RC(axiom_aegis_new(&s, v->name), AXIOM_OK, "%s", v->name);
    printf("  %s: AEAD and streaming on %s\n", v->name, axiom_impl(v->name));
    size_t lens[48];
    const size_t n = length_classes(lens, 48, rate);
    for (size_t i = 0; i < n; i++) {
        const size_t len = lens[i], al = ad_class(i, rate) % 300, tl = i % 2 ? 16 : 32;
        uint8_t key[32], nonce[32], t0[32], t1[32];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(nonce, kl);
        tu_rand_bytes(b.ad, al);
        tu_rand_bytes(b.p, len);
        axiom_aegis_crypt(ref, 1, b.c0, t0, tl, key, nonce, b.ad, al, b.p, len);
        TU_ASSERT_RC(axiom_aead_setkey(a, key, kl), AXIOM_OK, "%s", v->name);

        /* text || tag in one buffer after the AD and the nonce, sealed
         * and opened in place. */
        const size_t o = tu_rand_range(0, SLACK - 1);
        uint8_t *ad_in = buf + o, *nonce_in = buf + o + al, *text = buf + o + al + kl;
        memcpy(ad_in, b.ad, al);
        memcpy(nonce_in, nonce, kl);
        memcpy(text, b.p, len);
        TU_ASSERT_RC(axiom_aead_seal(a, text, text + len, tl, nonce_in, kl, ad_in, al, text, len),
                     AXIOM_OK, "%s seal in place, len %zu", v->name, len);
        TU_ASSERT_MEM_EQ(text, b.c0, len, "%s seal in place, len %zu", v->name, len);
        TU_ASSERT_MEM_EQ(text + len, t0, tl, "%s seal in place tag, len %zu", v->name, len);
        TU_ASSERT_RC(axiom_aead_open(a, text, text + len, tl, nonce_in, kl, ad_in, al, text, len),
                     AXIOM_OK, "%s open in place, len %zu", v->name, len);
        TU_ASSERT_MEM_EQ(text, b.p, len, "%s open in place, len %zu", v->name, len);
        /* The output over the nonce and the tail of the AD (they are
         * copied aside before anything is written). */
        const size_t back = tu_rand_range(1, al + kl);
        TU_ASSERT_RC(axiom_aead_seal(a, text - back, t1, tl, nonce_in, kl, ad_in, al, b.p, len),
                     AXIOM_OK, "%s seal over AD/nonce, len %zu back %zu", v->name, len, back);
        TU_ASSERT_MEM_EQ(text - back, b.c0, len, "%s seal over AD/nonce, len %zu back %zu",
                         v->name, len, back);
        TU_ASSERT_MEM_EQ(t1, t0, tl, "%s seal over AD/nonce tag, len %zu", v->name, len);

        /* A failed open (one tag bit flipped) zeroes the output, in place
         * too. */
        memcpy(b.io, b.c0, len);
        memcpy(t1, t0, tl);
        t1[tu_rand_range(0, tl - 1)] ^= (uint8_t)(1u << tu_rand_range(0, 7));
        TU_ASSERT_RC(axiom_aead_open(a, b.io, t1, tl, nonce, kl, b.ad, al, b.io, len),
                     AXIOM_EAUTH, "%s forged open, len %zu", v->name, len);
        for (size_t j = 0; j < len; j++)
            TU_ASSERT(b.io[j] == 0, "%s failed open left byte %zu, len %zu", v->name, j, len);

        /* Streaming, random splits, both directions. */
        for (int dir = 0; dir <= 1; dir++) {
            const int enc = dir == 0;
            size_t ac[9], tc[9];
            const size_t ap = tu_random_split(ac, al, 1), tp = tu_random_split(tc, len, 1);
            TU_ASSERT_RC(axiom_aegis_setkey(s, key, kl), AXIOM_OK, "%s", v->name);
            TU_ASSERT_RC(axiom_aegis_init(s, enc ? AXIOM_ENCRYPT : AXIOM_DECRYPT, nonce, kl),
                         AXIOM_OK, "%s", v->name);
            for (size_t j = 0; j < ap; j++)
                TU_ASSERT_RC(axiom_aegis_aad(s, b.ad + ac[j], ac[j + 1] - ac[j]), AXIOM_OK, "%s",
                             v->name);
            const uint8_t *src = enc ? b.p : b.c0;
            memcpy(b.io, src, len);
            for (size_t j = 0; j < tp; j++)
                TU_ASSERT_RC(axiom_aegis_update(s, b.io + tc[j], b.io + tc[j], tc[j + 1] - tc[j]),
                             AXIOM_OK, "%s", v->name);
            TU_ASSERT_MEM_EQ(b.io, enc ? b.c0 : b.p, len, "%s stream %s, len %zu in %zu parts",
                             v->name, enc ? "enc" : "dec", len, tp);
            if (enc) {
                TU_ASSERT_RC(axiom_aegis_final(s, t1, tl), AXIOM_OK, "%s", v->name);
                TU_ASSERT_MEM_EQ(t1, t0, tl, "%s stream tag, len %zu", v->name, len);
            } else {
                TU_ASSERT_RC(axiom_aegis_verify(s, t0, tl), AXIOM_OK, "%s stream verify, len %zu",
                             v->name, len);
            }
        }
    }
    axiom_aead_free(a);
    axiom_aegis_free(s);
    free(buf);
    bufs_free(&b);
}
END_TEST

#ifdef HAVE_LIBAEGIS
/* libaegis (the draft authors' library), an independent implementation:
 * the public AEAD and MAC calls against its one-shot and MAC calls. */
static int la_encrypt(size_t v, uint8_t *c, uint8_t *tag, size_t tl, const uint8_t *m,
                      size_t len, const uint8_t *ad, size_t al, const uint8_t *nonce,
                      const uint8_t *key)
{
    switch (v) {
    case 0: return aegis128l_encrypt_detached(c, tag, tl, m, len, ad, al, nonce, key);
    case 1: return aegis128x2_encrypt_detached(c, tag, tl, m, len, ad, al, nonce, key);
    case 2: return aegis128x4_encrypt_detached(c, tag, tl, m, len, ad, al, nonce, key);
    case 3: return aegis256_encrypt_detached(c, tag, tl, m, len, ad, al, nonce, key);
    case 4: return aegis256x2_encrypt_detached(c, tag, tl, m, len, ad, al, nonce, key);
    default: return aegis256x4_encrypt_detached(c, tag, tl, m, len, ad, al, nonce, key);
    }
}

static int la_mac(size_t v, uint8_t *tag, size_t tl, const uint8_t *m, size_t len,
                  const uint8_t *nonce, const uint8_t *key)
{
    switch (v) {
    case 0: {
        aegis128l_mac_state st;
        aegis128l_mac_init(&st, key, nonce);
        aegis128l_mac_update(&st, m, len);
        return aegis128l_mac_final(&st, tag, tl);
    }
    case 1: {
        aegis128x2_mac_state st;
        aegis128x2_mac_init(&st, key, nonce);
        aegis128x2_mac_update(&st, m, len);
        return aegis128x2_mac_final(&st, tag, tl);
    }
    case 2: {
        aegis128x4_mac_state st;
        aegis128x4_mac_init(&st, key, nonce);
        aegis128x4_mac_update(&st, m, len);
        return aegis128x4_mac_final(&st, tag, tl);
    }
    case 3: {
        aegis256_mac_state st;
        aegis256_mac_init(&st, key, nonce);
        aegis256_mac_update(&st, m, len);
        return aegis256_mac_final(&st, tag, tl);
    }
    case 4: {
        aegis256x2_mac_state st;
        aegis256x2_mac_init(&st, key, nonce);
        aegis256x2_mac_update(&st, m, len);
        return aegis256x2_mac_final(&st, tag, tl);
    }
    default: {
        aegis256x4_mac_state st;
        aegis256x4_mac_init(&st, key, nonce);
        aegis256x4_mac_update(&st, m, len);
        return aegis256x4_mac_final(&st, tag, tl);
    }
    }
}

START_TEST(test_vs_libaegis)
{
    const size_t vi = (size_t)_i;
    const axiom_aegis_variant *v = variant(vi);
    const size_t kl = v->keylen;
    char macname[32];
    bufs b;
    tu_rng_reset(v->name);
    bufs_new(&b);
    ck_assert_int_eq(aegis_init(), 0);
    snprintf(macname, sizeof macname, "%s-mac", v->name);
    axiom_aead_ctx *a;
    TU_ASSERT_RC(axiom_aead_new(&a, v->name), AXIOM_OK, "%s", v->name);
    size_t lens[64];
    const size_t n = length_classes(lens, 64, 32 * v->lanes);
    for (size_t i = 0; i < n; i++) {
        const size_t len = lens[i], al = ad_class(i, 32 * v->lanes) % 500, tl = i % 2 ? 32 : 16;
        uint8_t key[32], nonce[32], t0[32], t1[32];
        tu_rand_bytes(key, kl);
        tu_rand_bytes(nonce, kl);
        tu_rand_bytes(b.ad, al);
        tu_rand_bytes(b.p, len);
        ck_assert_int_eq(la_encrypt(vi, b.c0, t0, tl, b.p, len, b.ad, al, nonce, key), 0);
        TU_ASSERT_RC(axiom_aead_setkey(a, key, kl), AXIOM_OK, "%s", v->name);
        TU_ASSERT_RC(axiom_aead_seal(a, b.out, t1, tl, nonce, kl, b.ad, al, b.p, len), AXIOM_OK,
                     "%s", v->name);
        TU_ASSERT_MEM_EQ(b.out, b.c0, len, "%s vs libaegis, len %zu ad %zu", v->name, len, al);
        TU_ASSERT_MEM_EQ(t1, t0, tl, "%s vs libaegis tag %zu, len %zu ad %zu", v->name, tl, len,
                         al);
        ck_assert_int_eq(la_mac(vi, t0, tl, b.p, len, nonce, key), 0);
        axiom_mac_ctx *m;
        TU_ASSERT_RC(axiom_mac_new(&m, macname), AXIOM_OK, "%s", macname);
        TU_ASSERT_RC(axiom_mac_init(m, key, kl, nonce, kl), AXIOM_OK, "%s", macname);
        TU_ASSERT_RC(axiom_mac_update(m, b.p, len), AXIOM_OK, "%s", macname);
        TU_ASSERT_RC(axiom_mac_final(m, t1, tl), AXIOM_OK, "%s", macname);
        axiom_mac_free(m);
        TU_ASSERT_MEM_EQ(t1, t0, tl, "%s vs libaegis, len %zu", macname, len);
    }
    axiom_aead_free(a);
    bufs_free(&b);
}
END_TEST
#endif

static Suite *kernels_suite(void)
{
    Suite *s = suite_create("aegis_kernels");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_kernels_vs_portable, 0, (int)NVARIANTS);
    tcase_add_loop_test(tc, test_mac_kernels, 0, (int)NVARIANTS);
    tcase_add_loop_test(tc, test_kernels_long, 0, (int)NVARIANTS);
    tcase_add_loop_test(tc, test_public_vs_portable, 0, (int)NVARIANTS);
#ifdef HAVE_LIBAEGIS
    tcase_add_loop_test(tc, test_vs_libaegis, 0, (int)NVARIANTS);
#else
    printf("  libaegis not configured (--with-bench-libaegis): no cross-check against it\n");
#endif
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_aegis_kernels");
    return tu_run_suite(kernels_suite());
}
