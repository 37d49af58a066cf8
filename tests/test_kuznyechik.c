/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kuznyechik (GOST R 34.12-2015) tests, white box (links the internals):
 *  - RFC 7801's vector and Botan's 64 random ones (tests/vectors/
 *    kuznyechik.vec) through every usable kernel, at random lanes of
 *    random-length batches;
 *  - the GOST R 34.13-2015 appendix A.1 examples (ECB, CTR, OFB, CBC, CFB)
 *    through the public API and through every kernel;
 *  - every kernel against the table kernel and the generic-ct one through
 *    the block-cipher sweep (tests/bc_sweep.c): all operations at the
 *    lengths around each kernel's own steps, random keys, misaligned and
 *    in place, split calls, counters that carry;
 *  - streaming at byte granularity through the public API;
 *  - misuse (key and IV lengths, block lengths) and kernel selection. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "core/bc.h"
#include "api/catalog.h"
#include "kuznyechik/kuznyechik.h"
#include "bc_ops.h"
#include "bc_sweep.h"
#include "testutil.h"

#define MAXB 200

static const axiom_kernel *const *kuz_list(void)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher("kuznyechik-ecb");
    TU_ASSERT(d != NULL && d->kernels != NULL && d->kernels[0] != NULL, "catalog");
    return d->kernels;
}

static int usable(const axiom_bc_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

static void hex(uint8_t *out, size_t n, const char *h)
{
    TU_ASSERT(tu_hex_decode(out, n, h) == n, "bad hex %s", h);
}

/* ------------------------------------------------------------ known answers */

typedef struct {
    uint8_t key[32], in[16], out[16];
} kat;

static size_t read_vec(kat *v, size_t cap)
{
    char *path = tu_vector_path("kuznyechik.vec");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s (set AXIOM_VECTORS)", path);
    char line[256];
    size_t n = 0;
    int have = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "Key = ", 6) == 0) {
            TU_ASSERT(n < cap, "too many vectors");
            hex(v[n].key, 32, line + 6);
            have = 1;
        } else if (strncmp(line, "In = ", 5) == 0) {
            hex(v[n].in, 16, line + 5);
            have |= 2;
        } else if (strncmp(line, "Out = ", 6) == 0) {
            hex(v[n].out, 16, line + 6);
            TU_ASSERT((have | 4) == 7, "vector %zu incomplete", n);
            have = 0;
            n++;
        }
    }
    fclose(f);
    free(path);
    return n;
}

START_TEST(test_vectors)
{
    kat v[80];
    size_t nv = read_vec(v, 80);
    TU_ASSERT(nv == 65, "expected 65 vectors, read %zu", nv);
    /* the first one is RFC 7801's (5.5) */
    uint8_t k0[32], p0[16], c0[16];
    hex(k0, 32, "8899aabbccddeeff0011223344556677fedcba98765432100123456789abcdef");
    hex(p0, 16, "1122334455667700ffeeddccbbaa9988");
    hex(c0, 16, "7f679d90bebc24305a468d42b9d4edcd");
    TU_ASSERT(!memcmp(v[0].key, k0, 32) && !memcmp(v[0].in, p0, 16) && !memcmp(v[0].out, c0, 16),
              "first vector is not RFC 7801's");

    tu_rng_reset("vectors");
    uint8_t *buf = malloc(16 * MAXB), *res = malloc(16 * MAXB);
    int tested = 0;
    for (const axiom_kernel *const *kp = kuz_list(); *kp; kp++) {
        const axiom_bc_kernel *k = (const axiom_bc_kernel *)*kp;
        if (!usable(k))
            continue;
        tested++;
        for (size_t i = 0; i < nv; i++) {
            axiom_bc_ks ks;
            uint8_t got[16];
            k->setkey(&ks, v[i].key, 32);
            k->ecb_enc(&ks, got, v[i].in, 1);
            TU_ASSERT_MEM_EQ(got, v[i].out, 16, "%s vector %zu encrypt", k->name, i);
            k->ecb_dec(&ks, got, v[i].out, 1);
            TU_ASSERT_MEM_EQ(got, v[i].in, 16, "%s vector %zu decrypt", k->name, i);
            /* the same block in a random lane of a random-length batch */
            size_t n = tu_rand_range(1, MAXB), at = tu_rand_range(0, n - 1);
            tu_rand_bytes(buf, 16 * n);
            memcpy(buf + 16 * at, v[i].in, 16);
            k->ecb_enc(&ks, res, buf, n);
            TU_ASSERT_MEM_EQ(res + 16 * at, v[i].out, 16, "%s vector %zu at block %zu of %zu",
                             k->name, i, at, n);
            memcpy(buf + 16 * at, v[i].out, 16);
            k->ecb_dec(&ks, res, buf, n);
            TU_ASSERT_MEM_EQ(res + 16 * at, v[i].in, 16, "%s vector %zu decrypt at %zu of %zu",
                             k->name, i, at, n);
        }
    }
    TU_ASSERT(tested >= 2, "only %d kernels tested", tested);
    free(buf);
    free(res);
}
END_TEST

/* GOST R 34.13-2015 appendix A.1: one key, four plaintext blocks. */
static const char *const gost_key =
    "8899aabbccddeeff0011223344556677fedcba98765432100123456789abcdef";
static const char *const gost_pt =
    "1122334455667700ffeeddccbbaa9988" "00112233445566778899aabbcceeff0a"
    "112233445566778899aabbcceeff0a00" "2233445566778899aabbcceeff0a0011";
static const char *const gost_ecb =
    "7f679d90bebc24305a468d42b9d4edcd" "b429912c6e0032f9285452d76718d08b"
    "f0ca33549d247ceef3f5a5313bd4b157" "d0b09ccde830b9eb3a02c4c5aa8ada98";
/* A.1.2: 64-bit IV 1234567890abcef0, counter block IV || 0^64. */
static const char *const gost_ctr_iv = "1234567890abcef00000000000000000";
static const char *const gost_ctr =
    "f195d8bec10ed1dbd57b5fa240bda1b8" "85eee733f6a13e5df33ce4b33c45dee4"
    "a5eae88be6356ed3d5e877f13564a3a5" "cb91fab1f20cbab6d1c6d15820bdba73";
/* A.1.3-A.1.5 use a two-block register (m = 2n): blocks 1 and 3 form one
 * ordinary chain from the first IV half, blocks 2 and 4 another from the
 * second half, which is how they are checked here with 16-byte IVs. */
static const char *const gost_iv2 =
    "1234567890abcef0a1b2c3d4e5f00112" "23344556677889901213141516171819";
static const char *const gost_ofb =
    "81800a59b1842b24ff1f795e897abd95" "ed5b47a7048cfab48fb521369d9326bf"
    "66a257ac3ca0b8b1c80fe7fc10288a13" "203ebbc066138660a0292243f6903150";
static const char *const gost_cbc =
    "689972d4a085fa4d90e52e3d6d7dcc27" "2826e661b478eca6af1e8e448d5ea5ac"
    "fe7babf1e91999e85640e8b0f49d90d0" "167688065a895c631a2d9a1560b63970";
static const char *const gost_cfb =
    "81800a59b1842b24ff1f795e897abd95" "ed5b47a7048cfab48fb521369d9326bf"
    "79f2a8eb5cc68d38842d264e97a238b5" "4ffebecd4e922de6c75bd9dd44fbf4d1";

/* Blocks 0,2 and 1,3 of @src into two 2-block chains and back. */
static void split_chains(uint8_t a[32], uint8_t b[32], const uint8_t src[64])
{
    memcpy(a, src, 16);
    memcpy(a + 16, src + 32, 16);
    memcpy(b, src + 16, 16);
    memcpy(b + 16, src + 48, 16);
}

static void api_run(const char *name, int dir, const uint8_t *key, const uint8_t *iv,
                    size_t ivlen, uint8_t *out, const uint8_t *in, size_t len)
{
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "new %s", name);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, key, 32, iv, ivlen), AXIOM_OK, "init %s", name);
    TU_ASSERT_RC(axiom_cipher_update(c, out, in, len), AXIOM_OK, "update %s", name);
    axiom_cipher_free(c);
}

START_TEST(test_gost_api)
{
    uint8_t key[32], pt[64], want[64], got[64], iv[16], iv2[32];
    hex(key, 32, gost_key);
    hex(pt, 64, gost_pt);

    hex(want, 64, gost_ecb);
    api_run("kuznyechik-ecb", AXIOM_ENCRYPT, key, NULL, 0, got, pt, 64);
    TU_ASSERT_MEM_EQ(got, want, 64, "ECB encrypt (A.1.1)");
    api_run("kuznyechik-ecb", AXIOM_DECRYPT, key, NULL, 0, got, want, 64);
    TU_ASSERT_MEM_EQ(got, pt, 64, "ECB decrypt");

    hex(iv, 16, gost_ctr_iv);
    hex(want, 64, gost_ctr);
    api_run("kuznyechik-ctr", AXIOM_ENCRYPT, key, iv, 16, got, pt, 64);
    TU_ASSERT_MEM_EQ(got, want, 64, "CTR (A.1.2)");
    api_run("kuznyechik-ctr", AXIOM_DECRYPT, key, iv, 16, got, want, 64);
    TU_ASSERT_MEM_EQ(got, pt, 64, "CTR decrypt");
    /* byte by byte */
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "kuznyechik-ctr"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 16), AXIOM_OK, "init");
    for (size_t i = 0; i < 64; i++)
        TU_ASSERT_RC(axiom_cipher_update(c, got + i, pt + i, 1), AXIOM_OK, "update");
    TU_ASSERT_MEM_EQ(got, want, 64, "CTR byte by byte");
    axiom_cipher_free(c);

    hex(iv2, 32, gost_iv2);
    static const char *const names[3] = { "kuznyechik-ofb", "kuznyechik-cbc", "kuznyechik-cfb" };
    const char *const answers[3] = { gost_ofb, gost_cbc, gost_cfb };
    for (int m = 0; m < 3; m++) {
        uint8_t pa[32], pb[32], wa[32], wb[32], ga[32];
        hex(want, 64, answers[m]);
        split_chains(pa, pb, pt);
        split_chains(wa, wb, want);
        api_run(names[m], AXIOM_ENCRYPT, key, iv2, 16, ga, pa, 32);
        TU_ASSERT_MEM_EQ(ga, wa, 32, "%s blocks 1 and 3", names[m]);
        api_run(names[m], AXIOM_ENCRYPT, key, iv2 + 16, 16, ga, pb, 32);
        TU_ASSERT_MEM_EQ(ga, wb, 32, "%s blocks 2 and 4", names[m]);
        api_run(names[m], AXIOM_DECRYPT, key, iv2, 16, ga, wa, 32);
        TU_ASSERT_MEM_EQ(ga, pa, 32, "%s decrypt blocks 1 and 3", names[m]);
        api_run(names[m], AXIOM_DECRYPT, key, iv2 + 16, 16, ga, wb, 32);
        TU_ASSERT_MEM_EQ(ga, pb, 32, "%s decrypt blocks 2 and 4", names[m]);
    }
}
END_TEST

/* The same examples through each kernel's own operations. */
START_TEST(test_gost_kernels)
{
    uint8_t key[32], pt[64], want[64], got[64], iv[16], iv2[32];
    hex(key, 32, gost_key);
    hex(pt, 64, gost_pt);
    hex(iv2, 32, gost_iv2);
    for (const axiom_kernel *const *kp = kuz_list(); *kp; kp++) {
        const axiom_bc_kernel *k = (const axiom_bc_kernel *)*kp;
        if (!usable(k))
            continue;
        axiom_bc_ks ks;
        k->setkey(&ks, key, 32);
        hex(want, 64, gost_ecb);
        k->ecb_enc(&ks, got, pt, 4);
        TU_ASSERT_MEM_EQ(got, want, 64, "%s ECB", k->name);
        k->ecb_dec(&ks, got, want, 4);
        TU_ASSERT_MEM_EQ(got, pt, 64, "%s ECB decrypt", k->name);
        hex(iv, 16, gost_ctr_iv);
        hex(want, 64, gost_ctr);
        k->ctr(&ks, got, pt, 4, iv);
        TU_ASSERT_MEM_EQ(got, want, 64, "%s CTR", k->name);
        TU_ASSERT(iv[15] == 4, "%s CTR: counter not advanced by 4", k->name);

        const char *const answers[3] = { gost_ofb, gost_cbc, gost_cfb };
        for (int m = 0; m < 3; m++) {
            uint8_t pa[32], pb[32], wa[32], wb[32], ga[32], v[16];
            hex(want, 64, answers[m]);
            split_chains(pa, pb, pt);
            split_chains(wa, wb, want);
            for (int half = 0; half < 2; half++) {
                const uint8_t *p = half ? pb : pa, *w = half ? wb : wa;
                memcpy(v, iv2 + 16 * half, 16);
                if (m == 0)
                    k->ofb(&ks, ga, p, 2, v);
                else if (m == 1)
                    k->cbc_enc(&ks, ga, p, 2, v);
                else
                    k->cfb_enc(&ks, ga, p, 2, v);
                TU_ASSERT_MEM_EQ(ga, w, 32, "%s mode %d chain %d", k->name, m, half);
                memcpy(v, iv2 + 16 * half, 16);
                if (m == 0)
                    k->ofb(&ks, ga, w, 2, v);
                else if (m == 1)
                    k->cbc_dec(&ks, ga, w, 2, v);
                else
                    k->cfb_dec(&ks, ga, w, 2, v);
                TU_ASSERT_MEM_EQ(ga, p, 32, "%s mode %d chain %d decrypt", k->name, m, half);
            }
        }
    }
}
END_TEST

/* ------------------------------------------------------------ kernels */

/* The sweep's peer (bc_sweep.h).  No library on the build machines has
 * Kuznyechik (libgcrypt and OpenSSL do not), so the second portable
 * kernel, the bitsliced generic-ct written apart from the table kernel,
 * answers for every kernel but itself; both the reference and it run the
 * RFC 7801 and GOST R 34.13-2015 known answers above. */
static int ct_peer(const axiom_bc_kernel *k, int op, size_t keylen, const uint8_t *key,
                   const uint8_t *key2, const uint8_t tweak[16], const uint8_t iv[16],
                   uint8_t *out, const uint8_t *in, size_t n)
{
    static axiom_bc_ks ks;
    uint8_t ivp[16];
    (void)key2;
    (void)tweak;
    if (k == &axiom_kuz_generic_ct)
        return 0;
    axiom_kuz_generic_ct.setkey(&ks, key, keylen);
    memcpy(ivp, iv, 16);
    run_op(&axiom_kuz_generic_ct, op, &ks, out, in, n, ivp);
    return 1;
}

/* Every kernel this tier can run, through the block-cipher sweep
 * (tests/bc_sweep.c): each operation, XTS included, at the lengths around
 * its own steps (one-block paths, batches of 32 and 64, the mode loops'
 * staging), against the table kernel and the generic-ct one. */
START_TEST(test_kernels_vs_table)
{
    static const size_t keylens[] = { 32, 0 };
    const bc_sweep_family kuz = { .name = "Kuznyechik", .kernels = kuz_list(),
                                  .ref = &axiom_kuz_table, .keylens = keylens, .nops = BC_NOPS,
                                  .peer = ct_peer, .peer_name = "generic-ct" };
    tu_rng_reset("kernels");
    bc_sweep(&kuz);
}
END_TEST

/* Every kernel's key schedule (each has its own constant-time one: the
 * GFNI kernels run the one-block round, avx2 its broadcast slices) against
 * the portable constant-time schedule and the table kernel's, for many
 * random keys and a few extreme ones; then one block and four blocks
 * through ECB both ways against the portable kernel, so that a wrong
 * round key or a wrong derived key (avx2's g-basis copies) fails. */
START_TEST(test_setkey_vs_portable)
{
    int tested = 0;
    tu_rng_reset("setkey");
    for (const axiom_kernel *const *kp = kuz_list(); *kp; kp++) {
        const axiom_bc_kernel *k = (const axiom_bc_kernel *)*kp;
        if (!usable(k))
            continue;
        tested++;
        for (unsigned t = 0; t < 600; t++) {
            uint8_t key[32], in[64], out[64], ref[64];
            axiom_bc_ks ks, cks, tks;
            if (t < 3)
                memset(key, t == 0 ? 0x00 : t == 1 ? 0xff : 0x80, sizeof key);
            else
                tu_rand_bytes(key, sizeof key);
            tu_rand_bytes(in, sizeof in);
            memset(&ks, 0x5a, sizeof ks);
            k->setkey(&ks, key, 32);
            axiom_kuz_expand_ct(&cks, key);
            axiom_kuz_table.setkey(&tks, key, 32);
            TU_ASSERT_MEM_EQ(ks.w, cks.w, 16 * AXIOM_KUZ_ROUNDS, "%s: round keys (key %u)",
                             k->name, t);
            TU_ASSERT_MEM_EQ(ks.w, tks.w, 16 * AXIOM_KUZ_ROUNDS, "%s: round keys vs table",
                             k->name);
            TU_ASSERT(ks.rounds == AXIOM_KUZ_ROUNDS, "%s: rounds %u", k->name,
                      (unsigned)ks.rounds);
            for (size_t n = 1; n <= 4; n += 3) {
                k->ecb_enc(&ks, out, in, n);
                axiom_kuz_generic_ct.ecb_enc(&cks, ref, in, n);
                TU_ASSERT_MEM_EQ(out, ref, 16 * n, "%s: %zu blocks after setkey (key %u)",
                                 k->name, n, t);
                k->ecb_dec(&ks, out, in, n);
                axiom_kuz_generic_ct.ecb_dec(&cks, ref, in, n);
                TU_ASSERT_MEM_EQ(out, ref, 16 * n, "%s: %zu blocks decrypted after setkey",
                                 k->name, n);
            }
        }
    }
    TU_ASSERT(tested > 0, "no kernel tested");
}
END_TEST

/* Short CTR runs (the GFNI kernels encrypt them one block at a time):
 * every carry position inside the run, through bit 64 and through 2^128,
 * for every run length around the one-block thresholds. */
START_TEST(test_ctr_short_carries)
{
    uint8_t in[16 * 40], out[16 * 40 + 16], ref[16 * 40];
    int tested = 0;
    tu_rng_reset("ctr-short");
    for (const axiom_kernel *const *kp = kuz_list(); *kp; kp++) {
        const axiom_bc_kernel *k = (const axiom_bc_kernel *)*kp;
        if (k == &axiom_kuz_table || !usable(k))
            continue;
        tested++;
        for (size_t n = 1; n <= 40; n++) {
            for (size_t c = 0; c < n; c++) {
                for (int wrap = 0; wrap < 2; wrap++) {
                    uint8_t key[32], iv[16], ivk[16], ivr[16];
                    axiom_bc_ks ks, rks;
                    tu_rand_bytes(key, sizeof key);
                    tu_rand_bytes(iv, sizeof iv);
                    tu_rand_bytes(in, 16 * n);
                    memset(iv + (wrap ? 0 : 8), 0xff, wrap ? 16 : 8);
                    iv[15] = (uint8_t)(0xff - c); /* carries into bit 8 after block c */
                    k->setkey(&ks, key, 32);
                    axiom_kuz_table.setkey(&rks, key, 32);
                    memcpy(ivr, iv, 16);
                    axiom_kuz_table.ctr(&rks, ref, in, n, ivr);
                    memcpy(ivk, iv, 16);
                    size_t oo = n % 16;
                    k->ctr(&ks, out + oo, in, n, ivk);
                    TU_ASSERT_MEM_EQ(out + oo, ref, 16 * n, "%s ctr n=%zu carry after %zu%s",
                                     k->name, n, c, wrap ? " (2^128)" : "");
                    TU_ASSERT_MEM_EQ(ivk, ivr, 16, "%s ctr n=%zu: counter", k->name, n);
                    memcpy(out, in, 16 * n);
                    memcpy(ivk, iv, 16);
                    k->ctr(&ks, out, out, n, ivk);
                    TU_ASSERT_MEM_EQ(out, ref, 16 * n, "%s ctr n=%zu in place", k->name, n);
                }
            }
        }
    }
    TU_ASSERT(tested > 0, "no kernel tested");
}
END_TEST

/* ------------------------------------------------------------ public API */

static const char *const api_names[] = { "kuznyechik-ecb", "kuznyechik-cbc", "kuznyechik-ctr",
                                         "kuznyechik-cfb", "kuznyechik-ofb" };
static const int api_ops[][2] = { { OP_ECB_DEC, OP_ECB_ENC }, { OP_CBC_DEC, OP_CBC_ENC },
                                  { OP_CTR, OP_CTR },         { OP_CFB_DEC, OP_CFB_ENC },
                                  { OP_OFB, OP_OFB } };

/* Random messages split at random points, against the table kernel. */
START_TEST(test_api_streaming)
{
    const int m = _i;
    const char *name = api_names[m];
    const int block = m < 2;
    tu_rng_reset(name);
    uint8_t *in = malloc(16 * MAXB + 16), *out = malloc(16 * MAXB + 16),
            *ref = malloc(16 * MAXB + 16);
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "new %s", name);
    for (int rep = 0; rep < 24; rep++) {
        uint8_t key[32], iv[16], ivr[16];
        int dir = rep & 1;
        size_t len = tu_rand_range(0, 16 * MAXB);
        if (block)
            len &= ~(size_t)15;
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(in, len);
        /* reference: whole blocks, the last one zero-padded */
        axiom_bc_ks rks;
        axiom_kuz_table.setkey(&rks, key, 32);
        size_t nb = (len + 15) / 16;
        memset(in + len, 0, 16 * nb - len);
        memcpy(ivr, iv, 16);
        run_op(&axiom_kuz_table, api_ops[m][dir], &rks, ref, in, nb, ivr);

        TU_ASSERT_RC(axiom_cipher_init(c, dir, key, 32, block && m == 0 ? NULL : iv,
                                       m == 0 ? 0 : 16), AXIOM_OK, "init %s", name);
        size_t pos = 0;
        while (pos < len) {
            size_t part = tu_rand_range(0, len - pos);
            if (block)
                part &= ~(size_t)15;
            if (tu_rand64() % 4 == 0)
                part = tu_rand_range(0, 17) * (block ? 16 : 1);
            if (part > len - pos)
                part = len - pos;
            TU_ASSERT_RC(axiom_cipher_update(c, out + pos, in + pos, part), AXIOM_OK,
                         "%s update", name);
            pos += part;
        }
        TU_ASSERT_MEM_EQ(out, ref, len, "%s %s, %zu bytes in pieces (impl %s)", name,
                         dir ? "encrypt" : "decrypt", len, axiom_impl(name));
    }
    axiom_cipher_free(c);
    free(in);
    free(out);
    free(ref);
}
END_TEST

START_TEST(test_misuse)
{
    uint8_t key[64] = { 0 }, iv[16] = { 0 }, buf[48], out[48];
    static const size_t bad_keys[] = { 0, 16, 24, 31, 33, 64 };
    for (size_t m = 0; m < 5; m++) {
        const char *name = api_names[m];
        const size_t ivlen = m == 0 ? 0 : 16;
        axiom_cipher_ctx *c = NULL;
        TU_ASSERT_RC(axiom_cipher_new(&c, name), AXIOM_OK, "new %s", name);
        TU_ASSERT_RC(axiom_cipher_update(c, out, buf, 16), AXIOM_ESTATE, "%s before init", name);
        for (size_t i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++)
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, bad_keys[i], iv, ivlen),
                         AXIOM_EKEYLEN, "%s key length %zu", name, bad_keys[i]);
        /* a GOST 64-bit CTR IV must be given as IV || 0^64 */
        static const size_t bad_ivs[] = { 8, 12, 15, 17, 32 };
        for (size_t i = 0; i < sizeof bad_ivs / sizeof bad_ivs[0]; i++)
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, bad_ivs[i]),
                         AXIOM_EIVLEN, "%s IV length %zu", name, bad_ivs[i]);
        if (ivlen) {
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, iv, 0), AXIOM_EIVLEN,
                         "%s without IV", name);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, NULL, 16), AXIOM_EINVAL,
                         "%s NULL IV", name);
        }
        TU_ASSERT_RC(axiom_cipher_init(c, 7, key, 32, iv, ivlen), AXIOM_EINVAL, "%s direction",
                     name);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 32, ivlen ? iv : NULL, ivlen),
                     AXIOM_OK, "%s init", name);
        if (m < 2) {
            static const size_t bad_lens[] = { 1, 15, 17, 47 };
            for (size_t i = 0; i < sizeof bad_lens / sizeof bad_lens[0]; i++) {
                tu_fill_sentinel(out, sizeof out);
                TU_ASSERT_RC(axiom_cipher_update(c, out, buf, bad_lens[i]), AXIOM_ELENGTH,
                             "%s length %zu", name, bad_lens[i]);
                TU_ASSERT_SENTINEL(out, sizeof out, "%s length %zu", name, bad_lens[i]);
            }
        }
        axiom_cipher_free(c);
    }
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "KUZNYECHIK-CTR"), AXIOM_OK, "names are case-insensitive");
    axiom_cipher_free(c);
    TU_ASSERT_RC(axiom_cipher_new(&c, "kuznyechik-xts"), AXIOM_ENOTFOUND, "no Kuznyechik XTS");
    TU_ASSERT_RC(axiom_cipher_new(&c, "kuznyechik"), AXIOM_ENOTFOUND, "mode required");
}
END_TEST

/* Constant-time kernels first; the table kernel is never chosen. */
START_TEST(test_selection)
{
    const axiom_kernel *const *list = kuz_list();
    int seen_table = 0;
    for (const axiom_kernel *const *kp = list; *kp; kp++) {
        if ((*kp)->constant_time) {
            TU_ASSERT(!seen_table, "constant-time kernel %s listed after the table kernel",
                      (*kp)->name);
        } else {
            seen_table = 1;
        }
    }
    for (size_t m = 0; m < 5; m++) {
        const char *impl = axiom_impl(api_names[m]);
        TU_ASSERT(impl != NULL, "axiom_impl(%s)", api_names[m]);
        const axiom_bc_kernel *k = axiom_bc_of(axiom_pick(list));
        TU_ASSERT(k && strcmp(k->name, impl) == 0, "%s: impl %s", api_names[m], impl);
        TU_ASSERT(k->constant_time, "%s: picked %s, which is not constant time", api_names[m],
                  impl);
    }
    if (strcmp(tu_tier(), "all-off") == 0)
        TU_ASSERT(strcmp(axiom_impl("kuznyechik-ctr"), "generic-ct") == 0, "all-off tier: %s",
                  axiom_impl("kuznyechik-ctr"));
    printf("kuznyechik in tier %s: %s\n", tu_tier(), axiom_impl("kuznyechik-ctr"));
}
END_TEST

static Suite *kuz_suite(void)
{
    Suite *s = suite_create("kuznyechik");
    TCase *tc = tcase_create("kat");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_vectors);
    tcase_add_test(tc, test_gost_api);
    tcase_add_test(tc, test_ctr_short_carries);
    tcase_add_test(tc, test_gost_kernels);
    tcase_add_test(tc, test_misuse);
    tcase_add_test(tc, test_selection);
    suite_add_tcase(s, tc);
    TCase *tk = tcase_create("kernels");
    tcase_set_timeout(tk, 300);
    tcase_add_test(tk, test_kernels_vs_table);
    tcase_add_test(tk, test_setkey_vs_portable);
    tcase_add_loop_test(tk, test_api_streaming, 0, 5);
    suite_add_tcase(s, tk);
    return s;
}

int main(void)
{
    tu_init("test_kuznyechik");
    return tu_run_suite(kuz_suite());
}
