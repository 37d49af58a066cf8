/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Differential tests against libgcrypt.
 *  - Public API: every mode and key size, random keys/IVs/data, all lengths
 *    0..300 and a random sample up to 4096, misaligned input and output
 *    (independent offsets 0..15), in place, random splits into 1..8 calls,
 *    both directions; CTR counter carries across 64 and 128 bits.
 *  - White box (links lib/libaxiom_core.la): every kernel of the catalog
 *    that the CPU and this tier allow through the block-cipher sweep
 *    (tests/bc_sweep.c: each operation at the lengths around the kernel's
 *    own steps, against libgcrypt and the portable axiom_aes_generic_ct,
 *    including the chaining value / counter / tweak it hands back), CTR
 *    carries at every block position, and the optional operations of
 *    every AES kernel (setkey_enc, ctr_secret). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "aes/aes.h"
#include "core/bc.h"
#include "api/catalog.h"
#include "core/internal.h"
#include "core/prefetch.h"
#include "bc_ops.h"
#include "bc_sweep.h"
#include "testutil.h"

enum { ECB, CBC, CTR, CFB, OFB, XTS };

typedef struct {
    const char *name;
    size_t keylen;
    int mode;
} alg;

static const alg algs[] = {
    { "aes-128-ecb", 16, ECB }, { "aes-192-ecb", 24, ECB }, { "aes-256-ecb", 32, ECB },
    { "aes-128-cbc", 16, CBC }, { "aes-192-cbc", 24, CBC }, { "aes-256-cbc", 32, CBC },
    { "aes-128-ctr", 16, CTR }, { "aes-192-ctr", 24, CTR }, { "aes-256-ctr", 32, CTR },
    { "aes-128-cfb", 16, CFB }, { "aes-192-cfb", 24, CFB }, { "aes-256-cfb", 32, CFB },
    { "aes-128-ofb", 16, OFB }, { "aes-192-ofb", 24, OFB }, { "aes-256-ofb", 32, OFB },
    { "aes-128-xts", 32, XTS }, { "aes-256-xts", 64, XTS },
};
#define NALGS ((int)(sizeof algs / sizeof algs[0]))

#define MAXLEN 4096
#define PAD 64 /* guard bytes around every output */

static int block_only(const alg *a)
{
    return a->mode == ECB || a->mode == CBC;
}

static int valid_len(const alg *a, size_t len)
{
    if (block_only(a))
        return len % 16 == 0;
    if (a->mode == XTS)
        return len >= 16;
    return 1;
}

static size_t ivlen_of(const alg *a)
{
    return a->mode == ECB ? 0 : 16;
}

static void check_guards(const uint8_t *buf, size_t off, size_t len, size_t total, const char *what,
                         const alg *a, size_t msglen)
{
    for (size_t i = 0; i < off; i++)
        if (buf[i] != 0xc3)
            ck_abort_msg(TU_PREFIX "%s %s len %zu: byte %zu before the output was written",
                         tu_tier(), tu_seed(), a->name, what, msglen, off - i);
    for (size_t i = off + len; i < total; i++)
        if (buf[i] != 0xc3)
            ck_abort_msg(TU_PREFIX "%s %s len %zu: byte %zu after the output was written",
                         tu_tier(), tu_seed(), a->name, what, msglen, i - off - len);
}

/* One message of @len bytes in every way against libgcrypt. */
static void diff_one(const alg *a, axiom_cipher_ctx *c, int dir, size_t len, uint8_t *inbuf,
                     uint8_t *outbuf, uint8_t *ref)
{
    uint8_t key[64], iv[16];
    const size_t ivlen = ivlen_of(a);
    const char *dn = dir ? "encrypt" : "decrypt";
    tu_rand_bytes(key, a->keylen);
    tu_rand_bytes(iv, sizeof iv);
    if (a->mode == XTS && (tu_rand64() & 1)) {
        /* realistic data-unit numbers: small little-endian integers */
        memset(iv + 1 + (tu_rand64() & 7), 0, 8);
    }
    size_t oi = tu_rand_range(0, 15), oo = tu_rand_range(0, 15);
    uint8_t *in = inbuf + PAD + oi;
    tu_rand_bytes(in, len);
    TU_ASSERT(tu_gcry_crypt(a->name, dir, key, a->keylen, iv, ivlen, ref, in, len) == 0,
              "libgcrypt refused %s len %zu", a->name, len);

    /* one call, misaligned in and out */
    memset(outbuf, 0xc3, MAXLEN + 2 * PAD + 16);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, key, a->keylen, ivlen ? iv : NULL, ivlen), AXIOM_OK,
                 "%s init", a->name);
    TU_ASSERT_RC(axiom_cipher_update(c, outbuf + PAD + oo, in, len), AXIOM_OK, "%s %s len %zu",
                 a->name, dn, len);
    TU_ASSERT_MEM_EQ(outbuf + PAD + oo, ref, len, "%s %s len %zu in+%zu out+%zu", a->name, dn, len,
                     oi, oo);
    check_guards(outbuf, PAD + oo, len, MAXLEN + 2 * PAD + 16, dn, a, len);

    /* in place (key kept, fresh IV) */
    uint8_t *ip = outbuf + PAD + tu_rand_range(0, 15);
    memcpy(ip, in, len);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, ivlen ? iv : NULL, ivlen), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_cipher_update(c, ip, ip, len), AXIOM_OK, "%s in place", a->name);
    TU_ASSERT_MEM_EQ(ip, ref, len, "%s %s len %zu in place", a->name, dn, len);

    /* random splits (XTS: one unit per call, nothing to split) */
    if (a->mode == XTS)
        return;
    const size_t step = block_only(a) ? 16 : 1;
    for (int rep = 0; rep < 3; rep++) {
        size_t cuts[9];
        size_t parts = tu_random_split(cuts, len, step);
        int inplace = rep == 2;
        uint8_t *out = inplace ? ip : outbuf + PAD + oo;
        if (inplace)
            memcpy(ip, in, len);
        else
            memset(outbuf, 0xc3, MAXLEN + 2 * PAD + 16);
        TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, ivlen ? iv : NULL, ivlen), AXIOM_OK, "init");
        for (size_t p = 0; p < parts; p++) {
            const uint8_t *src = inplace ? ip : in;
            TU_ASSERT_RC(axiom_cipher_update(c, out + cuts[p], src + cuts[p], cuts[p + 1] - cuts[p]),
                         AXIOM_OK, "%s part %zu", a->name, p);
        }
        if (tu_mem_diff(out, ref, len, (char[512]){ 0 }, 512)) {
            char cs[128] = "";
            for (size_t p = 0; p <= parts; p++)
                snprintf(cs + strlen(cs), sizeof cs - strlen(cs), " %zu", cuts[p]);
            TU_ASSERT_MEM_EQ(out, ref, len, "%s %s len %zu%s split at%s", a->name, dn, len,
                             inplace ? " in place" : "", cs);
        }
        if (!inplace)
            check_guards(outbuf, PAD + oo, len, MAXLEN + 2 * PAD + 16, dn, a, len);
    }
}

START_TEST(test_api_vs_libgcrypt)
{
    const alg *a = &algs[_i];
    tu_rng_reset(a->name);
    uint8_t *inbuf = malloc(MAXLEN + 2 * PAD + 16), *outbuf = malloc(MAXLEN + 2 * PAD + 16);
    uint8_t *ref = malloc(MAXLEN);
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, a->name), AXIOM_OK, "new %s", a->name);
    size_t runs = 0;
    for (int dir = 0; dir <= 1; dir++) {
        for (size_t len = 0; len <= 300; len++) {
            if (!valid_len(a, len))
                continue;
            diff_one(a, c, dir, len, inbuf, outbuf, ref);
            runs++;
        }
        for (int k = 0; k < 40; k++) {
            size_t len = tu_rand_range(301, MAXLEN);
            if (block_only(a))
                len &= ~(size_t)15;
            diff_one(a, c, dir, len, inbuf, outbuf, ref);
            runs++;
        }
        diff_one(a, c, dir, MAXLEN, inbuf, outbuf, ref);
    }
    TU_ASSERT(runs > 100, "only %zu messages", runs);
    axiom_cipher_free(c);
    free(inbuf);
    free(outbuf);
    free(ref);
}
END_TEST

/* Messages around the size from which the bulk loops prefetch
 * (core/prefetch.h): one block below it, at it, and past it with a
 * partial block where the mode takes one; one call each way, misaligned,
 * and in place, against libgcrypt. */
START_TEST(test_api_long)
{
    const alg *a = &algs[_i];
    tu_rng_reset(a->name);
    const size_t lens[] = { AXIOM_PF_LARGE - 16, AXIOM_PF_LARGE, AXIOM_PF_LARGE + 16 * 40 + 7 };
    const size_t max = AXIOM_PF_LARGE + 16 * 40 + 64;
    uint8_t *in = malloc(max), *out = malloc(max), *ref = malloc(max);
    TU_ASSERT(in && out && ref, "out of memory");
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, a->name), AXIOM_OK, "new %s", a->name);
    for (int dir = 0; dir <= 1; dir++) {
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            const size_t len = block_only(a) ? lens[i] & ~(size_t)15 : lens[i];
            const size_t ivlen = ivlen_of(a);
            uint8_t key[64], iv[16];
            tu_rand_bytes(key, a->keylen);
            tu_rand_bytes(iv, sizeof iv);
            tu_rand_bytes(in + 3, len);
            TU_ASSERT(tu_gcry_crypt(a->name, dir, key, a->keylen, iv, ivlen, ref, in + 3, len) ==
                          0,
                      "libgcrypt refused %s len %zu", a->name, len);
            TU_ASSERT_RC(axiom_cipher_init(c, dir, key, a->keylen, ivlen ? iv : NULL, ivlen),
                         AXIOM_OK, "%s init", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, out + 5, in + 3, len), AXIOM_OK, "%s len %zu",
                         a->name, len);
            TU_ASSERT_MEM_EQ(out + 5, ref, len, "%s %s len %zu", a->name,
                             dir ? "encrypt" : "decrypt", len);
            TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, ivlen ? iv : NULL, ivlen), AXIOM_OK,
                         "%s init", a->name);
            TU_ASSERT_RC(axiom_cipher_update(c, in + 3, in + 3, len), AXIOM_OK, "%s in place",
                         a->name);
            TU_ASSERT_MEM_EQ(in + 3, ref, len, "%s %s len %zu in place", a->name,
                             dir ? "encrypt" : "decrypt", len);
        }
    }
    axiom_cipher_free(c);
    free(in);
    free(out);
    free(ref);
}
END_TEST

/* Every pair of input/output offsets 0..15 for one length per mode. */
START_TEST(test_api_all_offsets)
{
    const alg *a = &algs[_i];
    tu_rng_reset(a->name);
    const size_t len = block_only(a) ? 16 * 9 : 16 * 9 + 7;
    uint8_t key[64], iv[16], in[16 + 16 * 10], ref[16 * 10], outbuf[32 + 16 * 10];
    const size_t ivlen = ivlen_of(a);
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, a->name), AXIOM_OK, "new");
    for (int dir = 0; dir <= 1; dir++) {
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(in, sizeof in);
        TU_ASSERT_RC(axiom_cipher_init(c, dir, key, a->keylen, ivlen ? iv : NULL, ivlen), AXIOM_OK,
                     "init");
        for (size_t oi = 0; oi < 16; oi++) {
            TU_ASSERT(tu_gcry_crypt(a->name, dir, key, a->keylen, iv, ivlen, ref, in + oi, len) == 0,
                      "libgcrypt");
            for (size_t oo = 0; oo < 16; oo++) {
                memset(outbuf, 0, sizeof outbuf);
                TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, ivlen ? iv : NULL, ivlen), AXIOM_OK,
                             "init");
                TU_ASSERT_RC(axiom_cipher_update(c, outbuf + oo, in + oi, len), AXIOM_OK, "update");
                TU_ASSERT_MEM_EQ(outbuf + oo, ref, len, "%s %s in+%zu out+%zu", a->name,
                                 dir ? "encrypt" : "decrypt", oi, oo);
            }
        }
    }
    axiom_cipher_free(c);
}
END_TEST

/* CTR: the whole 128-bit block is the counter. */
START_TEST(test_ctr_carry)
{
    tu_rng_reset("ctr-carry");
    static const char *const names[] = { "aes-128-ctr", "aes-192-ctr", "aes-256-ctr" };
    static const size_t klens[] = { 16, 24, 32 };
    uint8_t key[32], iv[16], pt[16 * 24 + 7], ref[sizeof pt], out[sizeof pt];
    for (size_t n = 0; n < 3; n++) {
        axiom_cipher_ctx *c = NULL;
        TU_ASSERT_RC(axiom_cipher_new(&c, names[n]), AXIOM_OK, "new");
        for (int kind = 0; kind < 24; kind++) {
            tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(iv, sizeof iv);
            tu_rand_bytes(pt, sizeof pt);
            if (kind == 0) {
                memset(iv, 0xff, 16); /* 2^128 - 1: wraps to zero */
            } else if (kind < 12) {
                /* low 64 bits = 2^64 - kind: the carry into the high half
                 * falls at block kind - 1 */
                memset(iv + 8, 0xff, 8);
                iv[15] = (uint8_t)(0xff - (kind - 1));
                if (kind == 11)
                    memset(iv, 0xff, 8); /* and then on into a 128-bit wrap */
            } else if (kind < 20) {
                /* low 32 bits all ones (a 32-bit counter would wrap wrongly) */
                memset(iv + 12, 0xff, 4);
                iv[15] = (uint8_t)(0xff - (kind - 12));
                iv[11] &= 0x7f;
            } else {
                /* 0xff runs of other lengths */
                memset(iv + 16 - 3 * (kind - 19), 0xff, 3 * (kind - 19));
            }
            TU_ASSERT(tu_gcry_crypt(names[n], 1, key, klens[n], iv, 16, ref, pt, sizeof pt) == 0,
                      "libgcrypt");
            for (int rep = 0; rep < 4; rep++) {
                size_t cuts[9], parts = rep ? tu_random_split(cuts, sizeof pt, 1) : 1;
                if (!rep) {
                    cuts[0] = 0;
                    cuts[1] = sizeof pt;
                }
                memset(out, 0, sizeof out);
                TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, klens[n], iv, 16), AXIOM_OK,
                             "init");
                for (size_t p = 0; p < parts; p++)
                    TU_ASSERT_RC(axiom_cipher_update(c, out + cuts[p], pt + cuts[p],
                                                     cuts[p + 1] - cuts[p]),
                                 AXIOM_OK, "update");
                char ivh[40];
                tu_hex_string(ivh, sizeof ivh, iv, 16);
                TU_ASSERT_MEM_EQ(out, ref, sizeof pt, "%s counter %s (%zu calls)", names[n], ivh,
                                 parts);
            }
        }
        /* explicit: after ff..ff comes 00..00 */
        uint8_t zeros[32] = { 0 }, ks[32], e0[16];
        memset(iv, 0xff, 16);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, klens[n], iv, 16), AXIOM_OK, "init");
        TU_ASSERT_RC(axiom_cipher_update(c, ks, zeros, 32), AXIOM_OK, "update");
        char ecb[16];
        snprintf(ecb, sizeof ecb, "aes-%zu-ecb", klens[n] * 8);
        TU_ASSERT(tu_gcry_crypt(ecb, 1, key, klens[n], NULL, 0, e0, zeros, 16) == 0, "libgcrypt");
        TU_ASSERT_MEM_EQ(ks + 16, e0, 16, "%s: the block after counter 2^128-1 is not E(0)", names[n]);
        axiom_cipher_free(c);
    }
}
END_TEST

/* ------------------------------------------------------------ white box */

/* CTR kernels at the lengths around their own steps (short-message
 * copies, tails, whole steps; tests/bc_sweep.c) with the counter carrying
 * inside the call: out of the last byte, out of
 * 32 bits (where a 32-bit counter would wrap), out of the low 64 bits
 * into the high half, and out of 128 bits (wrap to zero), at every block
 * position and just after the last; out of place misaligned and in place,
 * against the portable kernel, chaining value included. */
START_TEST(test_kernel_ctr_carries)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher("aes-128-ctr");
    TU_ASSERT(d != NULL && d->kernels != NULL, "catalog");
    const uint64_t have = axiom_cpu_features();
    /* up to 128 blocks (the carry of width 8 needs j < 256) */
    static uint8_t in[16 * 128 + 16], out[16 * 128 + 16], gen[16 * 128], ip[16 * 128 + 16];
    size_t cases = 0;

    tu_rng_reset("kernel-ctr-carries");
    for (const axiom_kernel *const *kp = d->kernels; *kp; kp++) {
        const axiom_bc_kernel *k = axiom_bc_of(*kp);
        if (k->features & ~have)
            continue;
        /* the lengths around the kernel's own steps (tests/bc_sweep.c) */
        size_t ns[BC_SWEEP_MAXLENS];
        /* Steps past the buffer are batch limits of other modes (the
         * vaes-avx2 kernel's register-key copy from 512 blocks; CTR reads
         * its keys one way at every length): the sweep covers them. */
        const size_t nn = bc_sweep_lengths_upto(k, ns, 128);
        TU_ASSERT(ns[nn - 1] <= 128 && nn >= 8, "kernel %s: %zu lengths", k->name, nn);
        for (size_t kl = 16; kl <= 32; kl += 8) {
            uint8_t key[32];
            axiom_bc_ks ks, gks;
            tu_rand_bytes(key, sizeof key);
            k->setkey(&ks, key, kl);
            axiom_aes_generic_ct.setkey(&gks, key, kl);
            for (size_t ni = 0; ni < nn; ni++) {
                const size_t n = ns[ni];
                for (size_t j = 1; j <= n + 1; j++) {
                    for (int width = 8; width <= 128; width *= 2) {
                        if (width == 16)
                            continue;
                        uint8_t iv[16], ivk[16], ivg[16];
                        tu_rand_bytes(iv, sizeof iv);
                        /* the low @width bits are 2^width - j: the carry
                         * out of them comes at block j - 1 (j == n + 1:
                         * only in the counter handed back); width 8 is the
                         * last byte alone (the VAES kernels add to it in
                         * place when a step cannot carry out of it) */
                        memset(iv + 16 - width / 8, 0xff, width / 8);
                        iv[15] = (uint8_t)(0x100 - j);
                        if (width < 128)
                            iv[15 - width / 8] &= 0xfe; /* the carry stops above */
                        size_t oi = tu_rand_range(0, 15), oo = tu_rand_range(0, 15);
                        tu_rand_bytes(in + oi, 16 * n);
                        memcpy(ivg, iv, 16);
                        axiom_aes_generic_ct.ctr(&gks, gen, in + oi, n, ivg);

                        memcpy(ivk, iv, 16);
                        memset(out, 0x5a, sizeof out);
                        k->ctr(&ks, out + oo, in + oi, n, ivk);
                        char ivh[40];
                        tu_hex_string(ivh, sizeof ivh, iv, 16);
                        TU_ASSERT_MEM_EQ(out + oo, gen, 16 * n, "kernel %s AES-%zu ctr %s, %zu blocks",
                                         k->name, kl * 8, ivh, n);
                        TU_ASSERT_MEM_EQ(ivk, ivg, 16, "kernel %s AES-%zu ctr %s, %zu blocks: "
                                         "counter handed back", k->name, kl * 8, ivh, n);
                        for (size_t b = 0; b < oo; b++)
                            TU_ASSERT(out[b] == 0x5a, "kernel %s: write before out", k->name);
                        for (size_t b = oo + 16 * n; b < sizeof out; b++)
                            TU_ASSERT(out[b] == 0x5a, "kernel %s: write after out", k->name);

                        memcpy(ip + oo, in + oi, 16 * n);
                        memcpy(ivk, iv, 16);
                        k->ctr(&ks, ip + oo, ip + oo, n, ivk);
                        TU_ASSERT_MEM_EQ(ip + oo, gen, 16 * n,
                                         "kernel %s AES-%zu ctr %s, %zu blocks in place", k->name,
                                         kl * 8, ivh, n);
                        TU_ASSERT_MEM_EQ(ivk, ivg, 16, "kernel %s ctr in place: counter", k->name);
                        cases++;
                    }
                }
            }
        }
    }
    TU_ASSERT(cases > 0, "no kernel tested");
}
END_TEST


/* The optional operations of the block-cipher contract (lib/core/bc.h)
 * that every AES kernel has.  ctr_secret: against the portable kernel's
 * (itself against libgcrypt's CTR of zeros) at the lengths around the
 * kernel's own steps, with the counter carrying out of the last byte, of
 * 32, of 64 and of all 128 bits at every block position and just after
 * the last one, and with random counters; the counter handed back; any
 * alignment; nothing written around the output.  setkey_enc: a schedule
 * made over garbage gives, through every encryption-direction operation,
 * what setkey's gives. */
START_TEST(test_kernel_ctr_secret)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher("aes-256-ctr");
    TU_ASSERT(d != NULL && d->kernels != NULL, "catalog");
    const uint64_t have = axiom_cpu_features();
    static uint8_t zero[16 * 257], gen[16 * 257], ref[16 * 257], out[16 * 257 + 96];
    size_t cases = 0;

    tu_rng_reset("kernel-ctr-secret");
    for (const axiom_kernel *const *kp = d->kernels; *kp; kp++) {
        const axiom_bc_kernel *k = axiom_bc_of(*kp);
        TU_ASSERT(k->setkey_enc != NULL && k->ctr_secret != NULL,
                  "AES kernel %s lacks setkey_enc or ctr_secret", k->name);
        if (k->features & ~have)
            continue;
        /* the lengths around the kernel's own steps (tests/bc_sweep.c) */
        size_t ns[BC_SWEEP_MAXLENS];
        /* As in test_kernel_ctr_carries: longer steps are not CTR's. */
        const size_t nn = bc_sweep_lengths_upto(k, ns, 257);
        TU_ASSERT(ns[nn - 1] <= 257 && nn >= 8, "kernel %s: %zu lengths", k->name, nn);
        for (size_t kl = 16; kl <= 32; kl += 8) {
            uint8_t key[32];
            static axiom_bc_ks ks, gks, fks;
            tu_rand_bytes(key, sizeof key);
            memset(&ks, 0x5a, sizeof ks);
            k->setkey_enc(&ks, key, kl);
            axiom_aes_generic_ct.setkey_enc(&gks, key, kl);
            k->setkey(&fks, key, kl);
            for (size_t ni = 0; ni < nn; ni++) {
                const size_t n = ns[ni];
                for (size_t j = 0; j <= n + 1; j++) {
                    for (int width = 8; width <= 128; width *= 2) {
                        if (width == 16 || (j == 0 && width > 8))
                            continue;
                        /* past twice the widest step: a few carry positions */
                        if (ni + 1 == nn && j > 2 && j != n / 2 && j < n)
                            continue;
                        uint8_t c[16], ck[16], cg[16];
                        tu_rand_bytes(c, sizeof c);
                        /* j > 0: the low @width bits are 2^width - j, the
                         * carry out of them comes at block j - 1 (j ==
                         * n + 1: only in the counter handed back); j == 0:
                         * a random counter */
                        if (j > 0) {
                            memset(c + 16 - width / 8, 0xff, width / 8);
                            c[15] = (uint8_t)(0x100 - j);
                            if (width < 128)
                                c[15 - width / 8] &= 0xfe;
                        }
                        char ch[40];
                        tu_hex_string(ch, sizeof ch, c, 16);
                        memcpy(cg, c, 16);
                        axiom_aes_generic_ct.ctr_secret(&gks, gen, n, cg);
                        if (k == &axiom_aes_generic_ct && n > 0) {
                            TU_ASSERT(tu_gcry_crypt(kl == 16 ? "aes-128-ctr"
                                                    : kl == 24 ? "aes-192-ctr" : "aes-256-ctr",
                                                    1, key, kl, c, 16, ref, zero, 16 * n) == 0,
                                      "libgcrypt");
                            TU_ASSERT_MEM_EQ(gen, ref, 16 * n, "generic-ct ctr_secret AES-%zu "
                                             "counter %s, %zu blocks, vs libgcrypt", kl * 8, ch, n);
                        }
                        const size_t oo = tu_rand_range(0, 63);
                        tu_fill_sentinel(out, sizeof out);
                        memcpy(ck, c, 16);
                        k->ctr_secret(&ks, out + oo, n, ck);
                        TU_ASSERT_MEM_EQ(out + oo, gen, 16 * n, "kernel %s ctr_secret AES-%zu "
                                         "counter %s, %zu blocks", k->name, kl * 8, ch, n);
                        TU_ASSERT_MEM_EQ(ck, cg, 16, "kernel %s ctr_secret AES-%zu counter %s, "
                                         "%zu blocks: counter handed back", k->name, kl * 8, ch,
                                         n);
                        TU_ASSERT(tu_check_sentinel(out, oo) == (size_t)-1 &&
                                      tu_check_sentinel_range(out, oo + 16 * n, sizeof out) ==
                                          (size_t)-1,
                                  "kernel %s ctr_secret: written around the output (%zu blocks)",
                                  k->name, n);
                        cases++;
                    }
                }
            }
            /* The encryption-direction operations over the setkey_enc
             * schedule against the full one's. */
            const int ops[] = { OP_ECB_ENC, OP_CBC_ENC, OP_CFB_ENC, OP_CFB_DEC, OP_OFB, OP_CTR };
            for (size_t oi = 0; oi < sizeof ops / sizeof ops[0]; oi++) {
                const size_t n = tu_rand_range(1, 70);
                uint8_t iv[16], iv1[16], iv2[16];
                tu_rand_bytes(iv, sizeof iv);
                tu_rand_bytes(ref, 16 * n);
                memcpy(iv1, iv, 16);
                memcpy(iv2, iv, 16);
                run_op(k, ops[oi], &fks, gen, ref, n, iv1);
                run_op(k, ops[oi], &ks, out, ref, n, iv2);
                TU_ASSERT_MEM_EQ(out, gen, 16 * n, "kernel %s %s AES-%zu: setkey_enc schedule",
                                 k->name, opnames[ops[oi]], kl * 8);
                TU_ASSERT_MEM_EQ(iv2, iv1, 16, "kernel %s %s: chaining value", k->name,
                                 opnames[ops[oi]]);
            }
            TU_ASSERT(ks.rounds == kl / 4 + 6, "kernel %s setkey_enc: %u rounds", k->name,
                      ks.rounds);
        }
    }
    TU_ASSERT(cases > 0, "no kernel tested");
}
END_TEST


/* libgcrypt as the sweep's peer (bc_sweep.h).  XTS: libgcrypt is given
 * K1 || K2 and the plain tweak; an empty XTS message is not asked (0). */
static int gcry_peer(const axiom_bc_kernel *k, int op, size_t keylen, const uint8_t *key,
                     const uint8_t *key2, const uint8_t tweak[16], const uint8_t iv[16],
                     uint8_t *out, const uint8_t *in, size_t n)
{
    static const char *const modes[BC_NOPS] = { "ecb", "ecb", "cbc", "cbc", "cfb",
                                             "cfb", "ofb", "ctr", "xts", "xts" };
    static const int enc[BC_NOPS] = { 1, 0, 1, 0, 1, 0, 1, 1, 1, 0 };
    char name[16];
    (void)k;
    snprintf(name, sizeof name, "aes-%zu-%s", keylen * 8, modes[op]);
    if (op == OP_XTS_ENC || op == OP_XTS_DEC) {
        uint8_t kk[64];
        memcpy(kk, key, keylen);
        memcpy(kk + keylen, key2, keylen);
        return n > 0 && tu_gcry_crypt(name, enc[op], kk, 2 * keylen, tweak, 16, out, in,
                                      16 * n) == 0;
    }
    TU_ASSERT(tu_gcry_crypt(name, enc[op], key, keylen, iv, 16, out, in, 16 * n) == 0,
              "libgcrypt refused %s", name);
    return 1;
}

/* Every AES kernel this tier can run, through the block-cipher sweep
 * (tests/bc_sweep.c): each operation, 128-, 192- and 256-bit keys, at the
 * lengths around its own steps, against libgcrypt and the portable
 * generic-ct kernel (XTS with the tweak encrypted by the kernel under
 * test); then the catalog's list itself. */
START_TEST(test_kernels)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher("aes-128-ecb");
    TU_ASSERT(d != NULL && d->kernels != NULL && d->kernels[0] != NULL, "catalog");
    const uint64_t have = axiom_cpu_features();
    static const size_t keylens[] = { 16, 24, 32, 0 };
    const bc_sweep_family aes = { .name = "AES", .kernels = d->kernels,
                                  .ref = &axiom_aes_generic_ct, .keylens = keylens,
                                  .nops = BC_NOPS, .peer = gcry_peer, .peer_name = "libgcrypt" };
    const axiom_kernel *const *kp;
    int found_generic = 0;

    tu_rng_reset("kernels");
    bc_sweep(&aes);
    for (kp = d->kernels; *kp; kp++)
        if (*kp == &axiom_aes_generic_ct.base)
            found_generic = 1;
    TU_ASSERT(found_generic, "the portable kernel is not in the catalog's AES list");
    /* every AES name uses this same list */
    static const char *const others[] = { "aes-192-cbc", "aes-256-ctr", "aes-128-xts", "AES-256-XTS" };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        const axiom_cipher_desc *o = axiom_catalog_cipher(others[i]);
        TU_ASSERT(o != NULL, "%s not in the catalog", others[i]);
        size_t j = 0;
        for (; o->kernels[j] && d->kernels[j]; j++)
            TU_ASSERT(o->kernels[j] == d->kernels[j], "%s uses another kernel list", others[i]);
        TU_ASSERT(o->kernels[j] == d->kernels[j], "%s uses another kernel list", others[i]);
    }
    /* The kernel the API picks is the first usable one of the list. */
    const axiom_kernel *first = NULL;
    for (kp = d->kernels; *kp && !first; kp++)
        if (!((*kp)->features & ~have))
            first = *kp;
    TU_ASSERT(first != NULL && !strcmp(axiom_impl("aes-128-ecb"), first->name),
              "axiom_impl says %s, first usable kernel is %s", axiom_impl("aes-128-ecb"),
              first ? first->name : "(none)");
}
END_TEST

static Suite *diff_suite(void)
{
    Suite *s = suite_create("cipher_diff");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_api_vs_libgcrypt, 0, NALGS);
    tcase_add_loop_test(tc, test_api_all_offsets, 0, NALGS);
    tcase_add_loop_test(tc, test_api_long, 0, NALGS);
    tcase_add_test(tc, test_ctr_carry);
    suite_add_tcase(s, tc);
    TCase *tk = tcase_create("kernels");
    tcase_set_timeout(tk, 120);
    tcase_add_test(tk, test_kernels);
    tcase_add_test(tk, test_kernel_ctr_carries);
    tcase_add_test(tk, test_kernel_ctr_secret);
    suite_add_tcase(s, tk);
    return s;
}

int main(void)
{
    tu_init("test_cipher_diff");
    tu_gcry_init();
    return tu_run_suite(diff_suite());
}
