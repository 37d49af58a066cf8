/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box test of the GCM tiers: every tier usable on this CPU against
 * the portable constant-time one, inside one process (links the library
 * internals), including the GHASH kernels alone, split calls and the
 * 32-bit counter wrap that no 96-bit nonce can reach. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "aes/aes.h"
#include "core/bc.h"
#include "gcm/gcm.h"
#include "gcm/ghash.h"
#include "sm4/sm4.h"
#include "testutil.h"

static int usable(const axiom_gcm_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

/* Run one message through tier @k in @nsplit whole-block chunks. */
static void run_blocks(const axiom_gcm_key *g, const uint8_t *nonce, size_t nl, int encrypt,
                       uint8_t *out, const uint8_t *in, size_t nblocks, size_t nsplit,
                       uint8_t tag[16])
{
    axiom_gcm_msg m;
    axiom_gcm_start(g, &m, nonce, nl);
    size_t done = 0;
    for (size_t s = 0; s < nsplit && done < nblocks; s++) {
        size_t b = s + 1 == nsplit ? nblocks - done : tu_rand_range(0, nblocks - done);
        axiom_gcm_blocks(g, &m, encrypt, out + 16 * done, in + 16 * done, b);
        done += b;
    }
    axiom_gcm_blocks(g, &m, encrypt, out + 16 * done, in + 16 * done, nblocks - done);
    m.len = 16 * nblocks;
    axiom_gcm_tag(g, &m, tag);
}

START_TEST(test_tiers_vs_portable)
{
    tu_rng_reset("gcm-kernels");
    const size_t maxb = 600;
    uint8_t *p = malloc(16 * maxb + 16), *c0 = malloc(16 * maxb), *c1 = malloc(16 * maxb + 16);
    axiom_gcm_key *ref = aligned_alloc(64, sizeof *ref), *g = aligned_alloc(64, sizeof *g);
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_gcm_kernels; *kp; kp++) {
        const axiom_gcm_kernel *k = (const axiom_gcm_kernel *)*kp;
        if (!usable(k)) {
            printf("  tier %-20s not usable here\n", k->name);
            continue;
        }
        printf("  tier %-20s tested (constant time: %s)\n", k->name, k->constant_time ? "yes" : "no");
        tested++;
        for (int it = 0; it < 150; it++) {
            const size_t kl = 16 + 8 * (size_t)(it % 3);
            const size_t nl = tu_rand_range(0, 2) ? 12 : tu_rand_range(1, 40);
            size_t nb = it < 70 ? (size_t)it : tu_rand_range(0, maxb);
            const size_t off = tu_rand_range(0, 15);
            const size_t nsplit = tu_rand_range(1, 4);
            uint8_t key[32], nonce[40], t0[16], t1[16];
            tu_rand_bytes(key, kl);
            tu_rand_bytes(nonce, nl);
            tu_rand_bytes(p, 16 * nb);
            axiom_gcm_setkey_with(ref, &axiom_gcm_generic_ct, key, kl);
            axiom_gcm_setkey_with(g, k, key, kl);
            for (int enc = 0; enc <= 1; enc++) {
                run_blocks(ref, nonce, nl, enc, c0, p, nb, 1, t0);
                run_blocks(g, nonce, nl, enc, c1 + off, p, nb, nsplit, t1);
                TU_ASSERT_MEM_EQ(c1 + off, c0, 16 * nb, "%s %s, %zu blocks, split %zu", k->name,
                                 enc ? "enc" : "dec", nb, nsplit);
                TU_ASSERT_MEM_EQ(t1, t0, 16, "%s %s tag, %zu blocks", k->name,
                                 enc ? "enc" : "dec", nb);
                /* In place. */
                memcpy(c1 + off, p, 16 * nb);
                run_blocks(g, nonce, nl, enc, c1 + off, c1 + off, nb, nsplit, t1);
                TU_ASSERT_MEM_EQ(c1 + off, c0, 16 * nb, "%s %s in place, %zu blocks", k->name,
                                 enc ? "enc" : "dec", nb);
                TU_ASSERT_MEM_EQ(t1, t0, 16, "%s %s in-place tag", k->name, enc ? "enc" : "dec");
            }
            /* The GHASH kernel alone, from a random accumulator. */
            uint8_t y0[16], y1[16];
            tu_rand_bytes(y0, 16);
            memcpy(y1, y0, 16);
            ref->k->ghash->update(&ref->hk, y0, p, nb);
            k->ghash->update(&g->hk, y1, p, nb);
            TU_ASSERT_MEM_EQ(y1, y0, 16, "%s GHASH, %zu blocks", k->ghash->name, nb);
        }
    }
    TU_ASSERT(tested >= 1, "no tier tested");
    free(p); free(c0); free(c1); free(ref); free(g);
}
END_TEST

/* Every GHASH kernel usable here, alone, against the portable one: block
 * counts 0..80 (every remainder of the vector kernels' 2- and 4-block
 * vectors and of their 32-block reductions) and up to 700, from a random
 * accumulator, on misaligned input, in one call and split in two. */
START_TEST(test_ghash_kernels)
{
    static const axiom_ghash_kernel *const ks[] = {
#ifdef HAVE_ISA_AESNI
        &axiom_ghash_pclmul,
#ifdef HAVE_ISA_VAES_AVX2
        &axiom_ghash_vpclmul_avx2,
#endif
#ifdef HAVE_ISA_VAES_AVX512
        &axiom_ghash_vpclmul_avx512,
#endif
#endif
        NULL,
    };
    tu_rng_reset("ghash-kernels");
    const size_t maxb = 700;
    uint8_t *p = malloc(16 * maxb + 16);
    axiom_ghash_key *h0 = aligned_alloc(64, sizeof *h0), *h1 = aligned_alloc(64, sizeof *h1);
    int tested = 0;
    for (size_t i = 0; ks[i]; i++) {
        const axiom_ghash_kernel *k = ks[i];
        if (k->features & ~axiom_cpu_features()) {
            printf("  GHASH %-16s not usable here\n", k->name);
            continue;
        }
        tested++;
        for (int it = 0; it < 160; it++) {
            uint8_t h[16], y0[16], y1[16], y2[16];
            const size_t nb = it <= 80 ? (size_t)it : tu_rand_range(0, maxb);
            const size_t off = tu_rand_range(0, 15), cut = tu_rand_range(0, nb);
            tu_rand_bytes(h, 16);
            tu_rand_bytes(y0, 16);
            tu_rand_bytes(p + off, 16 * nb);
            memcpy(y1, y0, 16);
            memcpy(y2, y0, 16);
            axiom_ghash_generic_ct.init(h0, h);
            k->init(h1, h);
            axiom_ghash_generic_ct.update(h0, y0, p + off, nb);
            k->update(h1, y1, p + off, nb);
            TU_ASSERT_MEM_EQ(y1, y0, 16, "GHASH %s, %zu blocks", k->name, nb);
            k->update(h1, y2, p + off, cut);
            k->update(h1, y2, p + off + 16 * cut, nb - cut);
            TU_ASSERT_MEM_EQ(y2, y0, 16, "GHASH %s, %zu blocks split at %zu", k->name, nb, cut);
        }
    }
    if (!tested) /* tiers without PCLMULQDQ: the portable kernel only */
        printf("  no x86 GHASH kernel usable in this tier\n");
    free(p); free(h0); free(h1);
}
END_TEST

/* Every tier through lib/gcm/gcm.c's AEAD operations (its one-shot hook, the
 * short staged path of tiers without a stitched loop, or the glue), 96-bit
 * nonces, every length 0..300 and some longer, out of place and in place,
 * against the portable tier through the message-level internals. */
static void ref_oneshot(const axiom_gcm_key *ref, int encrypt, uint8_t *out, uint8_t tag[16],
                        const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                        const uint8_t *in, size_t len);
START_TEST(test_aead_ops_tiers)
{
    tu_rng_reset("gcm-aead-ops");
    const size_t maxlen = 700;
    uint8_t *p = malloc(maxlen + 16), *c0 = malloc(maxlen), *c1 = malloc(maxlen + 16);
    axiom_gcm_key *ref = aligned_alloc(64, sizeof *ref), *g = aligned_alloc(64, sizeof *g);
    for (const axiom_kernel *const *kp = axiom_gcm_kernels; *kp; kp++) {
        const axiom_gcm_kernel *k = (const axiom_gcm_kernel *)*kp;
        if (!usable(k))
            continue;
        for (size_t it = 0; it < 340; it++) {
            const size_t len = it <= 300 ? it : tu_rand_range(301, maxlen);
            const size_t kl = 16 + 8 * (it % 3), al = it % 7 ? 0 : tu_rand_range(1, 40);
            const size_t o = tu_rand_range(0, 15);
            uint8_t key[32], nonce[12], ad[40], t0[16], t1[16];
            tu_rand_bytes(key, kl);
            tu_rand_bytes(nonce, sizeof nonce);
            tu_rand_bytes(ad, al);
            tu_rand_bytes(p, len);
            axiom_gcm_setkey_with(ref, &axiom_gcm_generic_ct, key, kl);
            axiom_gcm_setkey_with(g, k, key, kl);
            for (int enc = 0; enc <= 1; enc++) {
                ref_oneshot(ref, enc, c0, t0, nonce, ad, al, p, len);
                (enc ? axiom_gcm_aead_seal : axiom_gcm_aead_open)(g, c1 + o, t1, 16, nonce, 12, ad, al,
                                                                  p, len);
                TU_ASSERT_MEM_EQ(c1 + o, c0, len, "%s %s, len %zu", k->name, enc ? "seal" : "open",
                                 len);
                TU_ASSERT_MEM_EQ(t1, t0, 16, "%s %s tag, len %zu", k->name,
                                 enc ? "seal" : "open", len);
                memcpy(c1 + o, p, len);
                (enc ? axiom_gcm_aead_seal : axiom_gcm_aead_open)(g, c1 + o, t1, 16, nonce, 12, ad, al,
                                                                  c1 + o, len);
                TU_ASSERT_MEM_EQ(c1 + o, c0, len, "%s %s in place, len %zu", k->name,
                                 enc ? "seal" : "open", len);
                TU_ASSERT_MEM_EQ(t1, t0, 16, "%s %s in-place tag, len %zu", k->name,
                                 enc ? "seal" : "open", len);
            }
        }
    }
    free(p); free(c0); free(c1); free(ref); free(g);
}
END_TEST

/* Counters must wrap in their low 32 bits only (inc32).  Every tier of
 * AES-GCM and of SM4-GCM, through the staged path and the public-counter
 * path (pub_ctr), checked against counter blocks built here one at a time
 * and encrypted with the family's portable block cipher. */
START_TEST(test_inc32_wrap)
{
    static const struct {
        const axiom_kernel *const *tiers;
        const axiom_bc_kernel *ref; /* portable, one block at a time */
        size_t nkeylens;            /* 16, 24, 32 bytes: the first n */
    } fams[] = { { axiom_gcm_kernels, &axiom_aes_generic_ct, 3 },
                 { axiom_sm4_gcm_kernels, &axiom_sm4_masked, 1 } };
    tu_rng_reset("gcm-wrap");
    const size_t nb = 300;
    uint8_t *p = malloc(16 * nb), *c = malloc(16 * nb), *want = malloc(16 * nb);
    axiom_gcm_key *g = aligned_alloc(64, sizeof *g);
    axiom_bc_ks *rks = aligned_alloc(64, sizeof *rks);
    for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++) {
        for (const axiom_kernel *const *kp = fams[f].tiers; *kp; kp++) {
            const axiom_gcm_kernel *k = (const axiom_gcm_kernel *)*kp;
            if (!usable(k))
                continue;
            for (int it = 0; it < 12; it++) {
                uint8_t key[32], ctr0[16], y0[16] = { 0 };
                const size_t kl = 16 + 8 * ((size_t)it % fams[f].nkeylens);
                tu_rand_bytes(key, kl);
                tu_rand_bytes(p, 16 * nb);
                tu_rand_bytes(ctr0, 16);
                /* Start a few blocks (0..260) below the wrap. */
                const uint32_t start = (uint32_t)0 - (uint32_t)tu_rand_range(1, 260);
                ctr0[12] = (uint8_t)(start >> 24);
                ctr0[13] = (uint8_t)(start >> 16);
                ctr0[14] = (uint8_t)(start >> 8);
                ctr0[15] = (uint8_t)start;
                fams[f].ref->setkey(rks, key, kl);
                axiom_gcm_setkey_with(g, k, key, kl);
                for (size_t i = 0; i < nb; i++) {
                    uint8_t blk[16];
                    const uint32_t v = start + (uint32_t)i;
                    memcpy(blk, ctr0, 12);
                    blk[12] = (uint8_t)(v >> 24);
                    blk[13] = (uint8_t)(v >> 16);
                    blk[14] = (uint8_t)(v >> 8);
                    blk[15] = (uint8_t)v;
                    fams[f].ref->ecb_enc(rks, blk, blk, 1);
                    for (int j = 0; j < 16; j++)
                        want[16 * i + (size_t)j] = (uint8_t)(p[16 * i + (size_t)j] ^ blk[j]);
                }
                /* pub: also through the block cipher's CTR (lib/gcm/gcm.c's path
                 * for public counters, 256-block chunks cut at the wrap). */
                for (int enc = 0; enc <= 3; enc++) {
                    axiom_gcm_msg m;
                    memset(&m, 0, sizeof m);
                    memcpy(m.ctr, ctr0, 16);
                    memcpy(m.y, y0, 16);
                    m.pub_ctr = enc >> 1;
                    axiom_gcm_blocks(g, &m, enc & 1, c, p, nb);
                    TU_ASSERT_MEM_EQ(c, want, 16 * nb, "%s %s across the 2^32 wrap%s", k->name,
                                     enc & 1 ? "enc" : "dec",
                                     m.pub_ctr ? " (public counter)" : "");
                    const uint32_t end = start + (uint32_t)nb;
                    TU_ASSERT(memcmp(m.ctr, ctr0, 12) == 0 &&
                                  m.ctr[12] == (uint8_t)(end >> 24) && m.ctr[15] == (uint8_t)end,
                              "%s: counter after the wrap (public counter: %d)", k->name,
                              m.pub_ctr);
                }
            }
        }
    }
    axiom_wipe(rks, sizeof *rks);
    free(p); free(c); free(want); free(g); free(rks);
}
END_TEST

/* Every counter offset modulo 32 (the zmm loop builds its counter blocks
 * from the counter rounded down to a multiple of 32 and per-call
 * constants that depend on the offset) times every block count from 0 to
 * 130 (prologue, stitched iterations and tails of the 32-block loop),
 * half of them starting just below the 2^32 wrap, against
 * the portable tier from the same counter and accumulator; the output,
 * the accumulator and the advanced counter must match. */
START_TEST(test_counter_offsets)
{
    tu_rng_reset("gcm-offsets");
    const size_t maxb = 131;
    uint8_t *p = malloc(16 * maxb), *c0 = malloc(16 * maxb), *c1 = malloc(16 * maxb + 16);
    axiom_gcm_key *g = aligned_alloc(64, sizeof *g), *ref = aligned_alloc(64, sizeof *ref);
    for (const axiom_kernel *const *kp = axiom_gcm_kernels; *kp; kp++) {
        const axiom_gcm_kernel *k = (const axiom_gcm_kernel *)*kp;
        if (!usable(k))
            continue;
        for (uint32_t off = 0; off < 32; off++) {
            uint8_t key[32], ctr0[16], y0[16];
            const size_t kl = 16 + 8 * (size_t)(off % 3);
            tu_rand_bytes(key, kl);
            tu_rand_bytes(ctr0, 16);
            tu_rand_bytes(y0, 16);
            tu_rand_bytes(p, 16 * maxb);
            uint32_t start = (uint32_t)tu_rand_range(0, 0xffffff) << 5 | off;
            if (off & 1)
                start = ((uint32_t)0 - 32 * (uint32_t)tu_rand_range(1, 5)) | off;
            ctr0[12] = (uint8_t)(start >> 24);
            ctr0[13] = (uint8_t)(start >> 16);
            ctr0[14] = (uint8_t)(start >> 8);
            ctr0[15] = (uint8_t)start;
            axiom_gcm_setkey_with(ref, &axiom_gcm_generic_ct, key, kl);
            axiom_gcm_setkey_with(g, k, key, kl);
            for (size_t nb = 0; nb < maxb; nb++) {
                /* e >> 1: the tier under test takes the public-counter
                 * path (lib/gcm/gcm.c), the reference the staged one. */
                for (int e = 0; e <= 3; e++) {
                    const int enc = e & 1;
                    axiom_gcm_msg m0, m1;
                    memset(&m0, 0, sizeof m0);
                    memcpy(m0.ctr, ctr0, 16);
                    memcpy(m0.y, y0, 16);
                    m1 = m0;
                    m1.pub_ctr = e >> 1;
                    const size_t o = nb % 16;
                    axiom_gcm_blocks(ref, &m0, enc, c0, p, nb);
                    axiom_gcm_blocks(g, &m1, enc, c1 + o, p, nb);
                    TU_ASSERT_MEM_EQ(c1 + o, c0, 16 * nb, "%s %s, counter low bits %u, %zu blocks",
                                     k->name, enc ? "enc" : "dec", off, nb);
                    TU_ASSERT_MEM_EQ(m1.y, m0.y, 16, "%s %s GHASH, counter low bits %u, %zu blocks",
                                     k->name, enc ? "enc" : "dec", off, nb);
                    TU_ASSERT_MEM_EQ(m1.ctr, m0.ctr, 16, "%s %s next counter, %u, %zu blocks",
                                     k->name, enc ? "enc" : "dec", off, nb);
                }
            }
        }
    }
    free(p); free(c0); free(c1); free(g); free(ref);
}
END_TEST

/* Reference for the one-shot hooks: the portable tier through the
 * message-level internals (J0, AD, whole blocks, partial block, tag). */
static void ref_oneshot(const axiom_gcm_key *ref, int encrypt, uint8_t *out, uint8_t tag[16],
                        const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                        const uint8_t *in, size_t len)
{
    axiom_gcm_msg m;
    axiom_gcm_start(ref, &m, nonce, 12);
    const size_t fa = adlen / 16, ra = adlen % 16, ft = len / 16, rt = len % 16;
    if (fa)
        ref->k->ghash->update(&ref->hk, m.y, ad, fa);
    if (ra) {
        uint8_t b[16] = { 0 };
        memcpy(b, ad + 16 * fa, ra);
        ref->k->ghash->update(&ref->hk, m.y, b, 1);
    }
    axiom_gcm_blocks(ref, &m, encrypt, out, in, ft);
    if (rt) {
        uint8_t ks[16], c[16] = { 0 };
        axiom_gcm_keystream(ref, &m, ks);
        for (size_t i = 0; i < rt; i++) {
            const uint8_t o = (uint8_t)(in[16 * ft + i] ^ ks[i]);
            c[i] = encrypt ? o : in[16 * ft + i];
            out[16 * ft + i] = o;
        }
        ref->k->ghash->update(&ref->hk, m.y, c, 1);
    }
    m.adlen = adlen;
    m.len = len;
    axiom_gcm_tag(ref, &m, tag);
}

/* Every tier's one-shot hook (k->msg), called directly: every text
 * length 0..575 and random ones up to 2100 bytes, under AD lengths that
 * put the message on both sides of the one-reduction threshold (AD, text
 * and length block in 32 blocks) and cross the 32- and 64-byte register
 * and 16- and 32-block batch boundaries; misaligned out of place, in
 * place, and with guard bytes after the output checked (partial blocks
 * are stored by masked and byte stores). */
START_TEST(test_msg_hooks)
{
    tu_rng_reset("gcm-msg-hooks");
    static const size_t als[] = { 0, 1, 3, 4, 15, 16, 17, 31, 32, 33, 63, 64, 65,
                                  240, 255, 256, 257, 495, 496, 497, 511, 512, 513, 1000 };
    const size_t maxlen = 2100, guard = 40;
    uint8_t *p = malloc(maxlen + 64), *c0 = malloc(maxlen), *c1 = malloc(maxlen + 64 + guard);
    uint8_t *ad = malloc(1064);
    axiom_gcm_key *ref = aligned_alloc(64, sizeof *ref), *g = aligned_alloc(64, sizeof *g);
    int tested = 0;
    for (const axiom_kernel *const *kp = axiom_gcm_kernels; *kp; kp++) {
        const axiom_gcm_kernel *k = (const axiom_gcm_kernel *)*kp;
        if (!usable(k) || !k->msg)
            continue;
        printf("  one-shot hook of %s tested\n", k->name);
        tested++;
        for (size_t ai = 0; ai < sizeof als / sizeof als[0]; ai++) {
            for (size_t it = 0; it < 640; it++) {
                const size_t len = it < 576 ? it : tu_rand_range(576, maxlen);
                const size_t al = als[ai], kl = 16 + 8 * ((ai + it) % 3);
                const size_t op = tu_rand_range(0, 63), oc = tu_rand_range(0, 63);
                const size_t oa = tu_rand_range(0, 63);
                uint8_t key[32], nonce[12], t0[16], t1[16];
                tu_rand_bytes(key, kl);
                tu_rand_bytes(nonce, sizeof nonce);
                tu_rand_bytes(ad + oa, al);
                tu_rand_bytes(p + op, len);
                axiom_gcm_setkey_with(ref, &axiom_gcm_generic_ct, key, kl);
                axiom_gcm_setkey_with(g, k, key, kl);
                /* Exact-size copies of the text and the AD (NULL when
                 * empty): a read past either is a heap overflow for ASan. */
                uint8_t *px = len ? malloc(len) : NULL, *ax = al ? malloc(al) : NULL;
                if (len)
                    memcpy(px, p + op, len);
                if (al)
                    memcpy(ax, ad + oa, al);
                for (int enc = 0; enc <= 1; enc++) {
                    ref_oneshot(ref, enc, c0, t0, nonce, ad + oa, al, p + op, len);
                    memset(c1 + oc + len, 0xa5, guard);
                    k->msg(&g->ks, &g->hk, enc, c1 + oc, t1, nonce, ax, al, px, len);
                    TU_ASSERT_MEM_EQ(c1 + oc, c0, len, "%s msg %s, kl %zu al %zu len %zu",
                                     k->name, enc ? "enc" : "dec", kl, al, len);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s msg %s tag, kl %zu al %zu len %zu",
                                     k->name, enc ? "enc" : "dec", kl, al, len);
                    for (size_t i = 0; i < guard; i++)
                        TU_ASSERT(c1[oc + len + i] == 0xa5, "%s msg %s wrote past the end, "
                                  "al %zu len %zu", k->name, enc ? "enc" : "dec", al, len);
                    /* In place. */
                    if (len)
                        memcpy(c1 + oc, p + op, len);
                    k->msg(&g->ks, &g->hk, enc, c1 + oc, t1, nonce, ad + oa, al, c1 + oc, len);
                    TU_ASSERT_MEM_EQ(c1 + oc, c0, len, "%s msg %s in place, al %zu len %zu",
                                     k->name, enc ? "enc" : "dec", al, len);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s msg %s in-place tag, al %zu len %zu",
                                     k->name, enc ? "enc" : "dec", al, len);
                }
                free(px);
                free(ax);
            }
        }
    }
    if (!tested)
        printf("  no one-shot hook usable here\n");
    free(p); free(c0); free(c1); free(ad); free(ref); free(g);
}
END_TEST

static Suite *kernels_suite(void)
{
    Suite *s = suite_create("gcm_kernels");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_tiers_vs_portable);
    tcase_add_test(tc, test_ghash_kernels);
    tcase_add_test(tc, test_aead_ops_tiers);
    tcase_add_test(tc, test_inc32_wrap);
    tcase_add_test(tc, test_counter_offsets);
    tcase_add_test(tc, test_msg_hooks);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_gcm_kernels");
    return tu_run_suite(kernels_suite());
}
