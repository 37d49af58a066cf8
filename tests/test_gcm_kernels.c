/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box test of the GCM kernel contract (lib/gcm/ghash.h): every tier
 * of AES-GCM and SM4-GCM usable on this CPU against a reference written
 * from SP 800-38D and against the family's portable tier, at the block
 * counts around the steps each tier's parts declare (swept as the
 * block-cipher kernels are: tests/bc_sweep.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "aes/aes.h"
#include "bc_sweep.h"
#include "core/bc.h"
#include "gcm/gcm.h"
#include "gcm/ghash.h"
#include "sm4/sm4.h"
#include "testutil.h"

static int usable(const axiom_gcm_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

/* ---- the reference ------------------------------------------------------
 * SP 800-38D as written: one block of the family's portable block cipher
 * at a time, the counter incremented with inc32, and GHASH by the bitwise
 * multiplication of Algorithm 1 (nothing shared with lib/gcm/). */

/* x = x * h in GF(2^128), bit 0 the most significant bit of byte 0. */
static void ref_mul(uint8_t x[16], const uint8_t h[16])
{
    uint8_t z[16] = { 0 }, v[16];
    memcpy(v, h, 16);
    for (int i = 0; i < 128; i++) {
        if (x[i / 8] >> (7 - i % 8) & 1)
            for (int j = 0; j < 16; j++)
                z[j] ^= v[j];
        const int lsb = v[15] & 1;
        for (int j = 15; j > 0; j--)
            v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
        v[0] >>= 1;
        if (lsb)
            v[0] ^= 0xe1;
    }
    memcpy(x, z, 16);
}

/* y = GHASH_H(y, @len bytes at @p zero-padded to whole blocks). */
static void ref_ghash(const uint8_t h[16], uint8_t y[16], const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i += 16) {
        for (size_t j = 0; j < 16 && i + j < len; j++)
            y[j] ^= p[i + j];
        ref_mul(y, h);
    }
}

static void ref_inc32(uint8_t c[16])
{
    for (int j = 15; j >= 12 && !++c[j]; j--)
        ;
}

typedef struct ref_key {
    axiom_bc_ks ks;
    const axiom_bc_kernel *bc;
    uint8_t h[16];
} ref_key;

static void ref_setkey(ref_key *r, const axiom_bc_kernel *bc, const uint8_t *key, size_t kl)
{
    r->bc = bc;
    bc->setkey(&r->ks, key, kl);
    memset(r->h, 0, 16);
    bc->ecb_enc(&r->ks, r->h, r->h, 1);
}

static void ref_j0(const ref_key *r, const uint8_t *nonce, size_t nl, uint8_t j0[16])
{
    memset(j0, 0, 16);
    if (nl == 12) {
        memcpy(j0, nonce, 12);
        j0[15] = 1;
        return;
    }
    uint8_t lb[16] = { 0 };
    ref_ghash(r->h, j0, nonce, nl);
    for (int j = 0; j < 8; j++)
        lb[15 - j] = (uint8_t)((uint64_t)nl * 8 >> (8 * j));
    ref_ghash(r->h, j0, lb, 16);
}

/* The whole message: @out (len bytes) and the full tag. */
static void ref_gcm(const ref_key *r, int encrypt, const uint8_t *nonce, size_t nl,
                    const uint8_t *ad, size_t al, const uint8_t *in, size_t len, uint8_t *out,
                    uint8_t tag[16])
{
    uint8_t j0[16], c[16], ks[16], y[16] = { 0 }, lb[16];
    ref_j0(r, nonce, nl, j0);
    memcpy(c, j0, 16);
    ref_ghash(r->h, y, ad, al);
    if (!encrypt)
        ref_ghash(r->h, y, in, len);
    for (size_t i = 0; i < len; i += 16) {
        ref_inc32(c);
        r->bc->ecb_enc(&r->ks, ks, c, 1);
        for (size_t j = 0; j < 16 && i + j < len; j++)
            out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
    }
    if (encrypt)
        ref_ghash(r->h, y, out, len);
    for (int j = 0; j < 8; j++) {
        lb[7 - j] = (uint8_t)((uint64_t)al * 8 >> (8 * j));
        lb[15 - j] = (uint8_t)((uint64_t)len * 8 >> (8 * j));
    }
    ref_ghash(r->h, y, lb, 16);
    r->bc->ecb_enc(&r->ks, tag, j0, 1);
    for (int j = 0; j < 16; j++)
        tag[j] ^= y[j];
}

/* ---- the families and each tier's path changes ------------------------- */

static const struct family {
    const char *name;
    const axiom_kernel *const *tiers;
    const axiom_bc_kernel *ref;  /* portable block cipher, one block at a time */
    size_t nkeylens;             /* 16, 24, 32 bytes: the first n */
} fams[] = { { "aes-gcm", axiom_gcm_kernels, &axiom_aes_generic_ct, 3 },
             { "sm4-gcm", axiom_sm4_gcm_kernels, &axiom_sm4_masked, 1 } };
#define NFAMS (sizeof fams / sizeof fams[0])

/* The portable tier of @f: the first that needs no CPU feature. */
static const axiom_gcm_kernel *portable_tier(const struct family *f)
{
    for (const axiom_kernel *const *kp = f->tiers; *kp; kp++)
        if (!(*kp)->features)
            return axiom_gcm_of(*kp);
    TU_ASSERT(0, "%s: no portable tier", f->name);
    return NULL;
}

/* Most steps tier_counts() collects. */
#define GCM_STEPS (3 + AXIOM_BC_STEPS + 2)
#define GCM_MAXCOUNTS BC_SWEEP_MAXCOUNTS(GCM_STEPS)

/* The block counts tier @k is swept over (tests/bc_sweep.h), from the steps
 * its parts declare: its text phase's (a stitched loop's width, or the
 * portable phase's CTR chunk), its GHASH kernel's (blocks per reduction)
 * and its block cipher's (the portable phase runs the cipher's CTR and
 * ECB); for the portable phase also its staging and batch sizes, and for a
 * stitched loop the most blocks whose final blocks (one or two) still fit
 * the last reduction of the key's powers.  Into @lens, ascending; returns
 * how many. */
static size_t tier_counts(const axiom_gcm_kernel *k, size_t lens[GCM_MAXCOUNTS])
{
    size_t steps[GCM_STEPS], ns = 0;
    steps[ns++] = k->step;
    if (k->long_step)
        steps[ns++] = k->long_step;
    steps[ns++] = k->ghash->step;
    for (size_t j = 0; j < AXIOM_BC_STEPS && k->aes->steps[j]; j++)
        steps[ns++] = k->aes->steps[j];
    if (k->enc == axiom_gcm_generic_enc) {
        steps[ns++] = AXIOM_GCM_STAGE_BLOCKS;
        steps[ns++] = AXIOM_GCM_BATCH_BLOCKS;
    } else {
        steps[ns++] = AXIOM_GHASH_MAXPOW - 1;
    }
    return bc_sweep_counts(steps, ns, lens);
}

/* ---- the text phase, called directly -----------------------------------
 * Every tier's enc and dec against the reference and against the family's
 * portable tier for each want flag: the output, the accumulator, the
 * counter after the call, the pad, E_K(J0) and the tag, from random
 * counters (low bits at every offset modulo 32, half of them a few blocks
 * below the 2^32 wrap, which only nonces other than 96 bits reach), at the
 * block counts of tier_counts() and as many random ones up to the
 * largest. */
START_TEST(test_text_phase)
{
    tu_rng_reset("gcm-text-phase");
    axiom_gcm_key *g = aligned_alloc(64, sizeof *g), *gp = aligned_alloc(64, sizeof *gp);
    ref_key *r = aligned_alloc(64, sizeof *r);
    int tested = 0;
    for (size_t fi = 0; fi < NFAMS; fi++) {
        const struct family *f = &fams[fi];
        const axiom_gcm_kernel *pt = portable_tier(f);
        for (const axiom_kernel *const *kp = f->tiers; *kp; kp++) {
            const axiom_gcm_kernel *k = axiom_gcm_of(*kp);
            if (!usable(k)) {
                printf("  %s tier %-28s not usable here\n", f->name, k->name);
                continue;
            }
            size_t nbs[GCM_MAXCOUNTS];
            char cs[512];
            const size_t nnb = tier_counts(k, nbs), maxb = nbs[nnb - 1];
            bc_sweep_counts_string(cs, sizeof cs, nbs, nnb);
            printf("  %s tier %-28s tested (constant time: %s), blocks %s\n", f->name, k->name,
                   k->constant_time ? "yes" : "no", cs);
            tested++;
            uint8_t *p = malloc(16 * maxb + 64), *c0 = malloc(16 * maxb + 1);
            uint8_t *c1 = malloc(16 * maxb + 96), *c2 = malloc(16 * maxb + 1);
            TU_ASSERT(p && c0 && c1 && c2, "out of memory");
            for (size_t it = 0; it < 2 * nnb; it++) {
                const size_t nb = it < nnb ? nbs[it] : tu_rand_range(0, maxb);
                const unsigned want = (unsigned)tu_rand_range(0, 7);
                const size_t kl = 16 + 8 * (it % f->nkeylens), op = tu_rand_range(0, 63);
                const size_t oc = tu_rand_range(0, 63);
                const int enc = (int)(it & 1);
                uint8_t key[32], j0[16], y[16], fin[32], ek0[16], pad[16], ctr[16];
                tu_rand_bytes(key, kl);
                tu_rand_bytes(j0, 16);
                tu_rand_bytes(y, 16);
                tu_rand_bytes(fin, 32);
                tu_rand_bytes(p + op, 16 * nb);
                uint32_t lo = (uint32_t)tu_rand_range(0, 0xffffff) << 5 | (uint32_t)(it % 32);
                if (it & 2)
                    lo = (uint32_t)0 - (uint32_t)tu_rand_range(1, 300);
                for (int j = 0; j < 4; j++)
                    j0[12 + j] = (uint8_t)(lo >> (24 - 8 * j));
                ref_setkey(r, f->ref, key, kl);
                axiom_gcm_setkey_with(g, k, key, kl);
                axiom_gcm_setkey_with(gp, pt, key, kl);
                /* reference: counters from inc32(J0) */
                memcpy(ctr, j0, 16);
                ref_inc32(ctr);
                axiom_gcm_msg m;
                memset(&m, 0, sizeof m);
                memcpy(m.j0, j0, 16);
                memcpy(m.ctr, ctr, 16);
                memcpy(m.y, y, 16);
                memcpy(m.fin, fin, 32);
                m.nfin = 1 + (unsigned)(it % 3 == 0);
                m.flags = it & 4 ? AXIOM_GCM_F_PUBCTR : 0;
                uint8_t tag[16], rtag[16];
                m.tag = tag;
                for (size_t i = 0; i < nb; i++) {
                    uint8_t ks[16];
                    f->ref->ecb_enc(&r->ks, ks, ctr, 1);
                    for (int j = 0; j < 16; j++)
                        c0[16 * i + (size_t)j] = (uint8_t)(p[op + 16 * i + (size_t)j] ^ ks[j]);
                    ref_inc32(ctr);
                }
                ref_ghash(r->h, y, enc ? c0 : p + op, 16 * nb);
                f->ref->ecb_enc(&r->ks, pad, ctr, 1);
                if (want & AXIOM_GCM_WANT_PAD)
                    ref_inc32(ctr);
                f->ref->ecb_enc(&r->ks, ek0, j0, 1);
                if (!(want & AXIOM_GCM_WANT_EK0))
                    memcpy(m.ek0, ek0, 16);
                if (want & AXIOM_GCM_WANT_TAG) {
                    ref_ghash(r->h, y, fin, 16 * m.nfin);
                    for (int j = 0; j < 16; j++)
                        rtag[j] = (uint8_t)(ek0[j] ^ y[j]);
                }
                /* the portable tier, on the same message state */
                axiom_gcm_msg mp = m;
                uint8_t ptag[16];
                mp.tag = ptag;
                (enc ? pt->enc : pt->dec)(gp, &mp, nb ? c2 : NULL, nb ? p + op : NULL, nb, want);
                memset(c1 + oc + 16 * nb, 0xa5, 32);
                (enc ? k->enc : k->dec)(g, &m, nb ? c1 + oc : NULL, nb ? p + op : NULL, nb,
                                        want);
                if (k != pt) {
                    TU_ASSERT_MEM_EQ(c1 + oc, c2, 16 * nb, "%s %s text, %zu blocks, want %u, "
                                     "vs %s", k->name, enc ? "enc" : "dec", nb, want, pt->name);
                    TU_ASSERT_MEM_EQ(m.ctr, mp.ctr, 16, "%s %s counter after %zu blocks, vs %s",
                                     k->name, enc ? "enc" : "dec", nb, pt->name);
                    if (want & AXIOM_GCM_WANT_PAD)
                        TU_ASSERT_MEM_EQ(m.pad, mp.pad, 16, "%s pad after %zu blocks, vs %s",
                                         k->name, nb, pt->name);
                    if (want & AXIOM_GCM_WANT_EK0)
                        TU_ASSERT_MEM_EQ(m.ek0, mp.ek0, 16, "%s E_K(J0), %zu blocks, vs %s",
                                         k->name, nb, pt->name);
                    if (want & AXIOM_GCM_WANT_TAG)
                        TU_ASSERT_MEM_EQ(tag, ptag, 16, "%s %s tag, %zu blocks, vs %s", k->name,
                                         enc ? "enc" : "dec", nb, pt->name);
                    else
                        TU_ASSERT_MEM_EQ(m.y, mp.y, 16, "%s %s GHASH, %zu blocks, vs %s",
                                         k->name, enc ? "enc" : "dec", nb, pt->name);
                }
                TU_ASSERT_MEM_EQ(c1 + oc, c0, 16 * nb, "%s %s text, %zu blocks, want %u",
                                 k->name, enc ? "enc" : "dec", nb, want);
                for (size_t i = 0; i < 32; i++)
                    TU_ASSERT(c1[oc + 16 * nb + i] == 0xa5, "%s wrote past %zu blocks",
                              k->name, nb);
                TU_ASSERT_MEM_EQ(m.ctr, ctr, 16, "%s %s counter after %zu blocks, want %u",
                                 k->name, enc ? "enc" : "dec", nb, want);
                if (want & AXIOM_GCM_WANT_PAD)
                    TU_ASSERT_MEM_EQ(m.pad, pad, 16, "%s pad after %zu blocks", k->name, nb);
                if (want & AXIOM_GCM_WANT_EK0)
                    TU_ASSERT_MEM_EQ(m.ek0, ek0, 16, "%s E_K(J0), %zu blocks", k->name, nb);
                if (want & AXIOM_GCM_WANT_TAG) {
                    TU_ASSERT_MEM_EQ(tag, rtag, 16, "%s %s tag, %zu blocks, %u final blocks",
                                     k->name, enc ? "enc" : "dec", nb, m.nfin);
                } else {
                    TU_ASSERT_MEM_EQ(m.y, y, 16, "%s %s GHASH, %zu blocks, want %u", k->name,
                                     enc ? "enc" : "dec", nb, want);
                }
                /* In place. */
                memcpy(m.ctr, j0, 16);
                ref_inc32(m.ctr);
                memcpy(c1 + oc, p + op, 16 * nb);
                (enc ? k->enc : k->dec)(g, &m, nb ? c1 + oc : NULL, nb ? c1 + oc : NULL, nb,
                                        want & ~AXIOM_GCM_WANT_TAG);
                TU_ASSERT_MEM_EQ(c1 + oc, c0, 16 * nb, "%s %s in place, %zu blocks", k->name,
                                 enc ? "enc" : "dec", nb);
            }
            free(p); free(c0); free(c1); free(c2);
        }
    }
    TU_ASSERT(tested >= 2, "fewer than one tier of each family tested");
    free(g); free(gp); free(r);
}
END_TEST

/* ---- whole messages through the glue ----------------------------------- */

/* One message through lib/gcm/gcm.c with tier @k: the one-shot operation
 * (@parts == 1) or the streaming phases with the AD and the text cut at
 * @acut and @tcut (two more calls each), from exact-size heap copies of
 * the nonce, the AD and the input (a read past any of them is a heap
 * overflow for ASan), into @out with guard bytes after it. */
static void glue_run(const axiom_gcm_key *g, int enc, int parts, const uint8_t *nonce, size_t nl,
                     const uint8_t *ad, size_t al, const uint8_t *in, size_t len, uint8_t *out,
                     uint8_t tag[16], size_t acut, size_t tcut, int in_place)
{
    uint8_t *nx = malloc(nl), *ax = al ? malloc(al) : NULL, *px = len ? malloc(len) : NULL;
    memcpy(nx, nonce, nl);
    if (al)
        memcpy(ax, ad, al);
    if (len)
        memcpy(px, in, len);
    const uint8_t *src = px;
    if (in_place) {
        if (len)
            memcpy(out, in, len);
        src = len ? out : NULL;
    }
    uint8_t *dst = len ? out : NULL;
    memset(out + len, 0x5c, 48);
    if (parts == 1) {
        axiom_gcm_aead_message(g, enc, dst, tag, 16, nx, nl, ax, al, src, len);
    } else {
        axiom_gcm_msg m;
        axiom_gcm_start(g, &m, nx, nl);
        axiom_gcm_ad(g, &m, ax, acut);
        axiom_gcm_ad(g, &m, al ? ax + acut : NULL, al - acut);
        axiom_gcm_text(g, &m, enc, dst, src, tcut);
        axiom_gcm_text(g, &m, enc, len ? dst + tcut : NULL, len ? src + tcut : NULL, len - tcut);
        axiom_gcm_finish(g, &m, tag);
    }
    for (size_t i = 0; i < 48; i++)
        TU_ASSERT(out[len + i] == 0x5c, "%s wrote past the end (len %zu)", g->k->name, len);
    free(nx);
    free(ax);
    free(px);
}

/* Every tier, seal and open, each case one-shot and split (the AD and the
 * text each cut in two, the text cut at a random byte or a random block),
 * out of place (misaligned) and in place, against the reference: text
 * lengths at the tier's own block counts (tier_counts(): whole blocks, one
 * byte more, one byte less, 15 more) and every partial block length below
 * two blocks, under a few AD lengths, AD lengths at
 * the same counts under a few text lengths, nonces of 12 bytes and of
 * others, key sizes in turn. */
START_TEST(test_messages)
{
    tu_rng_reset("gcm-messages");
    axiom_gcm_key *g = aligned_alloc(64, sizeof *g);
    ref_key *r = aligned_alloc(64, sizeof *r);
    static const size_t nls[] = { 12, 12, 12, 1, 8, 13, 16, 17, 60 };
    for (size_t fi = 0; fi < NFAMS; fi++) {
        const struct family *f = &fams[fi];
        for (const axiom_kernel *const *kp = f->tiers; *kp; kp++) {
            const axiom_gcm_kernel *k = axiom_gcm_of(*kp);
            if (!usable(k))
                continue;
            size_t nbs[GCM_MAXCOUNTS], lens[4 * GCM_MAXCOUNTS + 32], nlens = 0;
            const size_t nnb = tier_counts(k, nbs), maxlen = 16 * nbs[nnb - 1] + 16;
            for (size_t i = 0; i < nnb; i++) {
                static const int dl[] = { 0, -1, 1, 15 };
                for (size_t d = 0; d < 4; d++) {
                    const long l = (long)(16 * nbs[i]) + dl[d];
                    if (l >= 0)
                        lens[nlens++] = (size_t)l;
                }
            }
            /* Every length of a partial last block, alone and after a
             * whole block (the partial-block code branches on it:
             * gh_load_part, gh_store_part). */
            for (size_t l = 2; l < 32; l++)
                if (l % 16 > 1 && l % 16 < 15)
                    lens[nlens++] = l;
            uint8_t *p = malloc(maxlen), *ad = malloc(maxlen), *want = malloc(maxlen);
            uint8_t *got = malloc(maxlen + 64 + 48);
            TU_ASSERT(p && ad && want && got, "out of memory");
            /* Cases: (text length, AD length) pairs. */
            const size_t ncase = 2 * nlens;
            for (size_t ci = 0; ci < ncase; ci++) {
                size_t len, al;
                if (ci < nlens) { /* the text at a path change */
                    len = lens[ci];
                    al = (size_t[]){ 0, 1, 16, 37 }[ci % 4];
                } else { /* the AD at a path change */
                    al = lens[ci - nlens];
                    len = (size_t[]){ 0, 5, 64, 100 }[ci % 4];
                }
                const size_t nl = nls[ci % (sizeof nls / sizeof nls[0])];
                const size_t kl = 16 + 8 * (ci % f->nkeylens);
                uint8_t key[32], nonce[64], tag[16], rtag[16];
                tu_rand_bytes(key, kl);
                tu_rand_bytes(nonce, nl);
                tu_rand_bytes(ad, al);
                tu_rand_bytes(p, len);
                ref_setkey(r, f->ref, key, kl);
                axiom_gcm_setkey_with(g, k, key, kl);
                for (int enc = 0; enc <= 1; enc++) {
                    ref_gcm(r, enc, nonce, nl, ad, al, p, len, want, rtag);
                    for (int parts = 1; parts <= 2; parts++) {
                        const size_t off = tu_rand_range(0, 63);
                        const size_t acut = tu_rand_range(0, al);
                        const size_t tcut = ci & 1 ? tu_rand_range(0, len)
                                                   : 16 * tu_rand_range(0, len / 16);
                        const int in_place = (int)((ci / 2 + (size_t)parts) % 2);
                        glue_run(g, enc, parts, nonce, nl, ad, al, p, len, got + off, tag, acut,
                                 tcut, in_place);
                        TU_ASSERT_MEM_EQ(got + off, want, len,
                                         "%s %s %s, len %zu ad %zu nonce %zu%s", f->name,
                                         k->name, enc ? "seal" : "open", len, al, nl,
                                         parts > 1 ? " (split)" : "");
                        TU_ASSERT_MEM_EQ(tag, rtag, 16,
                                         "%s %s %s tag, len %zu ad %zu nonce %zu%s", f->name,
                                         k->name, enc ? "seal" : "open", len, al, nl,
                                         parts > 1 ? " (split)" : "");
                    }
                }
            }
            free(p); free(ad); free(want); free(got);
        }
    }
    free(g); free(r);
}
END_TEST

/* Short messages split at every offset: the AD (0..40 bytes) and the text
 * (0..70 bytes) each cut once at every position, the text also in three
 * pieces, against the one-shot result, for every tier, both directions. */
START_TEST(test_stream_splits)
{
    tu_rng_reset("gcm-stream-splits");
    enum { MAXA = 40, MAXT = 70 };
    uint8_t p[MAXT], ad[MAXA], want[MAXT + 48], got[MAXT + 64 + 48], key[32], nonce[16];
    uint8_t t0[16], t1[16];
    axiom_gcm_key *g = aligned_alloc(64, sizeof *g);
    for (size_t fi = 0; fi < NFAMS; fi++) {
        const struct family *f = &fams[fi];
        for (const axiom_kernel *const *kp = f->tiers; *kp; kp++) {
            const axiom_gcm_kernel *k = axiom_gcm_of(*kp);
            if (!usable(k))
                continue;
            for (size_t it = 0; it < 12; it++) {
                const size_t kl = 16 + 8 * (it % f->nkeylens), nl = it % 4 ? 12 : 13;
                const size_t al = it < 6 ? tu_rand_range(0, MAXA) : MAXA - it;
                const size_t len = it < 6 ? tu_rand_range(0, MAXT) : MAXT - it;
                const int enc = (int)(it & 1);
                tu_rand_bytes(key, kl);
                tu_rand_bytes(nonce, nl);
                tu_rand_bytes(ad, al);
                tu_rand_bytes(p, len);
                axiom_gcm_setkey_with(g, k, key, kl);
                glue_run(g, enc, 1, nonce, nl, ad, al, p, len, want, t0, 0, 0, 0);
                for (size_t a = 0; a <= al; a++) {
                    glue_run(g, enc, 2, nonce, nl, ad, al, p, len, got, t1, a, len / 2, 0);
                    TU_ASSERT_MEM_EQ(got, want, len, "%s AD cut at %zu of %zu", k->name, a, al);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s tag, AD cut at %zu of %zu", k->name, a, al);
                }
                for (size_t c = 0; c <= len; c++) {
                    glue_run(g, enc, 2, nonce, nl, ad, al, p, len, got + 3, t1, al / 2, c,
                             (int)(c & 1));
                    TU_ASSERT_MEM_EQ(got + 3, want, len, "%s %s text cut at %zu of %zu",
                                     k->name, enc ? "enc" : "dec", c, len);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s %s tag, text cut at %zu of %zu", k->name,
                                     enc ? "enc" : "dec", c, len);
                }
                /* Three pieces: every first cut, a random second one. */
                for (size_t c = 0; c <= len; c++) {
                    const size_t d = tu_rand_range(c, len);
                    axiom_gcm_msg m;
                    axiom_gcm_start(g, &m, nonce, nl);
                    axiom_gcm_ad(g, &m, ad, al);
                    axiom_gcm_text(g, &m, enc, got, p, c);
                    axiom_gcm_text(g, &m, enc, got + c, p + c, d - c);
                    axiom_gcm_text(g, &m, enc, got + d, p + d, len - d);
                    axiom_gcm_finish(g, &m, t1);
                    TU_ASSERT_MEM_EQ(got, want, len, "%s cuts %zu %zu of %zu", k->name, c, d, len);
                    TU_ASSERT_MEM_EQ(t1, t0, 16, "%s tag, cuts %zu %zu of %zu", k->name, c, d,
                                     len);
                }
            }
        }
    }
    free(g);
}
END_TEST

/* Every tag length the API takes, through the public one-shot and
 * streaming interfaces (the tier this process picks): the tag is the
 * reference's full tag cut short, open and verify take it and refuse it
 * with any one bit flipped. */
START_TEST(test_tag_lengths)
{
    tu_rng_reset("gcm-tag-lengths");
    static const size_t taglens[] = { 4, 8, 12, 13, 14, 15, 16 };
    static const char *const names[] = { "aes-128-gcm", "aes-192-gcm", "aes-256-gcm" };
    uint8_t key[32], nonce[20], ad[33], p[77], c[77], d[77], full[16], t[16];
    ref_key *r = aligned_alloc(64, sizeof *r);
    for (size_t ni = 0; ni < 3; ni++) {
        const size_t kl = 16 + 8 * ni;
        axiom_aead_ctx *a = NULL;
        axiom_gcm_ctx *s = NULL;
        TU_ASSERT_RC(axiom_aead_new(&a, names[ni]), AXIOM_OK, "aead_new");
        TU_ASSERT_RC(axiom_gcm_new(&s, names[ni]), AXIOM_OK, "gcm_new");
        for (size_t ti = 0; ti < sizeof taglens / sizeof taglens[0]; ti++) {
            const size_t tl = taglens[ti], nl = ti % 2 ? 12 : 7 + ti, al = 5 * ti;
            const size_t len = 11 * ti;
            tu_rand_bytes(key, kl);
            tu_rand_bytes(nonce, nl);
            tu_rand_bytes(ad, al);
            tu_rand_bytes(p, len);
            ref_setkey(r, &axiom_aes_generic_ct, key, kl);
            ref_gcm(r, 1, nonce, nl, ad, al, p, len, d, full);
            TU_ASSERT_RC(axiom_aead_setkey(a, key, kl), AXIOM_OK, "setkey");
            TU_ASSERT_RC(axiom_aead_seal(a, c, t, tl, nonce, nl, ad, al, p, len), AXIOM_OK,
                         "seal, tag %zu", tl);
            TU_ASSERT_MEM_EQ(c, d, len, "%s ciphertext, tag %zu", names[ni], tl);
            TU_ASSERT_MEM_EQ(t, full, tl, "%s tag of %zu bytes", names[ni], tl);
            TU_ASSERT_RC(axiom_aead_open(a, d, t, tl, nonce, nl, ad, al, c, len), AXIOM_OK,
                         "open, tag %zu", tl);
            TU_ASSERT_MEM_EQ(d, p, len, "%s decryption, tag %zu", names[ni], tl);
            /* Streaming. */
            TU_ASSERT_RC(axiom_gcm_setkey(s, key, kl), AXIOM_OK, "gcm_setkey");
            TU_ASSERT_RC(axiom_gcm_init(s, AXIOM_ENCRYPT, nonce, nl), AXIOM_OK, "init");
            TU_ASSERT_RC(axiom_gcm_aad(s, ad, al), AXIOM_OK, "aad");
            TU_ASSERT_RC(axiom_gcm_update(s, d, p, len), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_gcm_final(s, t, tl), AXIOM_OK, "final, tag %zu", tl);
            TU_ASSERT_MEM_EQ(t, full, tl, "%s streaming tag of %zu bytes", names[ni], tl);
            for (size_t bit = 0; bit < 8 * tl; bit++) {
                t[bit / 8] ^= (uint8_t)(1u << bit % 8);
                TU_ASSERT_RC(axiom_aead_open(a, d, t, tl, nonce, nl, ad, al, c, len),
                             AXIOM_EAUTH, "open, tag %zu, bit %zu flipped", tl, bit);
                if (bit % 7 == 0) {
                    TU_ASSERT_RC(axiom_gcm_init(s, AXIOM_DECRYPT, nonce, nl), AXIOM_OK, "init");
                    TU_ASSERT_RC(axiom_gcm_aad(s, ad, al), AXIOM_OK, "aad");
                    TU_ASSERT_RC(axiom_gcm_update(s, d, c, len), AXIOM_OK, "update");
                    TU_ASSERT_RC(axiom_gcm_verify(s, t, tl), AXIOM_EAUTH,
                                 "verify, tag %zu, bit %zu flipped", tl, bit);
                }
                t[bit / 8] ^= (uint8_t)(1u << bit % 8);
            }
            TU_ASSERT_RC(axiom_gcm_init(s, AXIOM_DECRYPT, nonce, nl), AXIOM_OK, "init");
            TU_ASSERT_RC(axiom_gcm_aad(s, ad, al), AXIOM_OK, "aad");
            TU_ASSERT_RC(axiom_gcm_update(s, d, c, len), AXIOM_OK, "update");
            TU_ASSERT_RC(axiom_gcm_verify(s, t, tl), AXIOM_OK, "verify, tag %zu", tl);
            TU_ASSERT_MEM_EQ(d, p, len, "%s streaming decryption, tag %zu", names[ni], tl);
        }
        axiom_aead_free(a);
        axiom_gcm_free(s);
    }
    free(r);
}
END_TEST

/* Every GHASH kernel usable here, alone, against the portable one: block
 * counts 0..80 (every remainder of the vector kernels' 2- and 4-block
 * vectors and of their reductions) and up to 700, from a random
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
            uint8_t h[16], y0[16], y1[16], y2[16], y3[16];
            const size_t nb = it <= 80 ? (size_t)it : tu_rand_range(0, maxb);
            const size_t off = tu_rand_range(0, 15), cut = tu_rand_range(0, nb);
            tu_rand_bytes(h, 16);
            tu_rand_bytes(y0, 16);
            tu_rand_bytes(p + off, 16 * nb);
            memcpy(y1, y0, 16);
            memcpy(y2, y0, 16);
            memcpy(y3, y0, 16);
            axiom_ghash_generic_ct.init(h0, h);
            k->init(h1, h);
            axiom_ghash_generic_ct.update(h0, y0, p + off, nb);
            k->update(h1, y1, p + off, nb);
            TU_ASSERT_MEM_EQ(y1, y0, 16, "GHASH %s, %zu blocks", k->name, nb);
            k->update(h1, y2, p + off, cut);
            k->update(h1, y2, p + off + 16 * cut, nb - cut);
            TU_ASSERT_MEM_EQ(y2, y0, 16, "GHASH %s, %zu blocks split at %zu", k->name, nb, cut);
            if (nb <= 40) { /* the bitwise reference */
                ref_ghash(h, y3, p + off, 16 * nb);
                TU_ASSERT_MEM_EQ(y0, y3, 16, "portable GHASH, %zu blocks", nb);
            }
        }
    }
    if (!tested) /* tiers without PCLMULQDQ: the portable kernel only */
        printf("  no x86 GHASH kernel usable in this tier\n");
    free(p); free(h0); free(h1);
}
END_TEST

static Suite *kernels_suite(void)
{
    Suite *s = suite_create("gcm_kernels");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_text_phase);
    tcase_add_test(tc, test_messages);
    tcase_add_test(tc, test_stream_splits);
    tcase_add_test(tc, test_tag_lengths);
    tcase_add_test(tc, test_ghash_kernels);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_gcm_kernels");
    return tu_run_suite(kernels_suite());
}
