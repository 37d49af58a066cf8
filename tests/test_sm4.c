/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SM4 tests: GB/T 32907-2016 examples (including the 1,000,000-encryption
 * one), Botan's sm4.vec, libgcrypt differential for every mode through the
 * API, white-box comparison of every usable kernel with the portable masked
 * kernel and libgcrypt at the lengths around each kernel's own steps (the
 * block-cipher sweep, tests/bc_sweep.c; links lib/libaxiom_core.la), the
 * non-temporal stores, the generic-ct kernel's S-box circuit on every byte,
 * mask refresh, misuse;
 * SM4-GCM: the RFC 8998 example, Wycheproof sm4_gcm_test.json, libgcrypt
 * differential through the API and for every usable GCM tier, misuse.
 *
 * The 1,000,000-encryption vector runs through the kernel's ecb_enc, one
 * block per call, for the kernel the catalog picks on this tier; on the
 * native tier every other usable kernel runs it too (the other tiers pick
 * those kernels themselves, so nothing is lost by not repeating them). */
#include "config.h"

#include <gcrypt.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "core/bc.h"
#include "api/catalog.h"
#include "gcm/gcm.h"
#include "gcm/ghash.h"
#include "core/internal.h"
#include "sm4/sm4.h"
#include "bc_ops.h"
#include "bc_sweep.h"
#include "testutil.h"

enum { ECB, CBC, CTR, CFB, OFB, NMODES };
static const char *const mode_names[NMODES] = { "sm4-ecb", "sm4-cbc", "sm4-ctr", "sm4-cfb",
                                               "sm4-ofb" };

#define MAXLEN 4096
#define PAD 32

/* libgcrypt reference: one whole message; @out may equal @in. */
static int gcry_sm4(int mode, int encrypt, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                    const uint8_t *in, size_t len)
{
    return tu_gcry_crypt(mode_names[mode], encrypt, key, 16, iv, 16, out, in, len);
}

static const axiom_kernel *const *sm4_list(void)
{
    const axiom_cipher_desc *d = axiom_catalog_cipher("sm4-ecb");
    ck_assert_msg(d != NULL && d->kernels != NULL, "sm4-ecb is not in the catalog");
    return d->kernels;
}

static int usable(const axiom_bc_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

/* ------------------------------------------------------------ known answers */

/* GB/T 32907-2016, appendix A, example 1 (key = plaintext). */
static const char gbt_key[] = "0123456789abcdeffedcba9876543210";
static const char gbt_ct[] = "681edf34d206965e86b3e94f536e4246";
/* Example 2: the same plaintext encrypted 1,000,000 times. */
static const char gbt_ct_1m[] = "595298c7c6fd271f0402f804c33d3f66";

START_TEST(test_gbt_example1)
{
    uint8_t key[16], ct[16], out[16];
    tu_hex_decode(key, 16, gbt_key);
    tu_hex_decode(ct, 16, gbt_ct);
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "SM4-ECB"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 16, NULL, 0), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_cipher_update(c, out, key, 16), AXIOM_OK, "update");
    TU_ASSERT_MEM_EQ(out, ct, 16, "GB/T 32907 example 1 (%s)", axiom_impl("sm4-ecb"));
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, key, 16, NULL, 0), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_cipher_update(c, out, out, 16), AXIOM_OK, "update");
    TU_ASSERT_MEM_EQ(out, key, 16, "GB/T 32907 example 1 decrypt");
    axiom_cipher_free(c);
}
END_TEST

static void million(const axiom_bc_kernel *k)
{
    uint8_t key[16], want[16], blk[16];
    axiom_bc_ks ks;
    tu_hex_decode(key, 16, gbt_key);
    tu_hex_decode(want, 16, gbt_ct_1m);
    k->setkey(&ks, key, 16);
    memcpy(blk, key, 16);
    for (long i = 0; i < 1000000; i++)
        k->ecb_enc(&ks, blk, blk, 1);
    TU_ASSERT_MEM_EQ(blk, want, 16, "GB/T 32907 example 2 (10^6 encryptions), kernel %s", k->name);
    for (long i = 0; i < 1000000; i++)
        k->ecb_dec(&ks, blk, blk, 1);
    TU_ASSERT_MEM_EQ(blk, key, 16, "10^6 decryptions back, kernel %s", k->name);
}

START_TEST(test_gbt_million)
{
    const axiom_bc_kernel *picked = axiom_bc_of(axiom_pick(sm4_list()));
    TU_ASSERT(picked != NULL, "no SM4 kernel");
    million(picked);
    if (strcmp(tu_tier(), "native") != 0)
        return;
    const axiom_kernel *const *kp_list = sm4_list();
    for (size_t kp_i = 0; kp_list[kp_i]; kp_i++) {
        const axiom_bc_kernel *kp = (const axiom_bc_kernel *)kp_list[kp_i];
        if (kp != picked && usable(kp))
            million(kp);
    }
}
END_TEST

/* tests/vectors/sm4.vec (Botan): Key / In / Out, ECB over whole blocks. */
START_TEST(test_botan_vectors)
{
    char *path = tu_vector_path("sm4.vec");
    FILE *f = fopen(path, "r");
    TU_ASSERT(f != NULL, "cannot open %s", path);
    static char line[8192];
    uint8_t key[16];
    uint8_t *in = NULL, *out = NULL;
    size_t inlen = 0, outlen = 0, count = 0;
    int have_key = 0;
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "sm4-ecb"), AXIOM_OK, "new");
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        char *eq = strchr(line, '=');
        if (line[0] == '#' || !eq)
            continue;
        char *val = eq + 1;
        while (*val == ' ')
            val++;
        if (!strncmp(line, "Key", 3)) {
            TU_ASSERT(tu_hex_decode(key, 16, val) == 16, "bad key %s", val);
            have_key = 1;
        } else if (!strncmp(line, "In", 2)) {
            free(in);
            in = tu_hex_alloc(val, &inlen);
        } else if (!strncmp(line, "Out", 3)) {
            free(out);
            out = tu_hex_alloc(val, &outlen);
            TU_ASSERT(have_key && in && inlen == outlen && inlen % 16 == 0, "bad vector");
            uint8_t *got = malloc(inlen);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 16, NULL, 0), AXIOM_OK, "init");
            TU_ASSERT_RC(axiom_cipher_update(c, got, in, inlen), AXIOM_OK, "update");
            TU_ASSERT_MEM_EQ(got, out, inlen, "sm4.vec vector %zu encrypt (%s)", count,
                             axiom_impl("sm4-ecb"));
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_DECRYPT, key, 16, NULL, 0), AXIOM_OK, "init");
            TU_ASSERT_RC(axiom_cipher_update(c, got, out, outlen), AXIOM_OK, "update");
            TU_ASSERT_MEM_EQ(got, in, inlen, "sm4.vec vector %zu decrypt", count);
            /* and every usable kernel directly */
            const axiom_kernel *const *kp_list = sm4_list();
            for (size_t kp_i = 0; kp_list[kp_i]; kp_i++) {
                const axiom_bc_kernel *kp = (const axiom_bc_kernel *)kp_list[kp_i];
                if (!usable(kp))
                    continue;
                axiom_bc_ks ks;
                kp->setkey(&ks, key, 16);
                kp->ecb_enc(&ks, got, in, inlen / 16);
                TU_ASSERT_MEM_EQ(got, out, inlen, "sm4.vec vector %zu, kernel %s", count,
                                 kp->name);
                kp->ecb_dec(&ks, got, got, inlen / 16);
                TU_ASSERT_MEM_EQ(got, in, inlen, "sm4.vec vector %zu, kernel %s decrypt", count,
                                 kp->name);
            }
            free(got);
            count++;
        }
    }
    fclose(f);
    free(path);
    free(in);
    free(out);
    axiom_cipher_free(c);
    TU_ASSERT(count >= 10, "only %zu vectors in sm4.vec", count);
}
END_TEST

/* ------------------------------------------------------------ API vs libgcrypt */

static void api_one(int mode, axiom_cipher_ctx *c, int dir, size_t len, uint8_t *inbuf,
                    uint8_t *outbuf, uint8_t *ref)
{
    uint8_t key[16], iv[16];
    const size_t ivlen = mode == ECB ? 0 : 16;
    const size_t step = mode == ECB || mode == CBC ? 16 : 1;
    const char *name = mode_names[mode];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    size_t oi = tu_rand_range(0, 15), oo = tu_rand_range(0, 15);
    uint8_t *in = inbuf + PAD + oi;
    tu_rand_bytes(in, len);
    TU_ASSERT(gcry_sm4(mode, dir, key, iv, ref, in, len) == 0, "libgcrypt %s", name);

    memset(outbuf, 0xc3, MAXLEN + 2 * PAD);
    TU_ASSERT_RC(axiom_cipher_init(c, dir, key, 16, ivlen ? iv : NULL, ivlen), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_cipher_update(c, outbuf + PAD + oo, in, len), AXIOM_OK, "%s len %zu", name,
                 len);
    TU_ASSERT_MEM_EQ(outbuf + PAD + oo, ref, len, "%s %s len %zu in+%zu out+%zu (%s)", name,
                     dir ? "encrypt" : "decrypt", len, oi, oo, axiom_impl(name));
    for (size_t i = 0; i < PAD + oo; i++)
        TU_ASSERT(outbuf[i] == 0xc3, "%s len %zu: write before the output", name, len);
    for (size_t i = PAD + oo + len; i < MAXLEN + 2 * PAD; i++)
        TU_ASSERT(outbuf[i] == 0xc3, "%s len %zu: write after the output", name, len);

    for (int rep = 0; rep < 3; rep++) {
        size_t cuts[9], parts = tu_random_split(cuts, len, step);
        uint8_t *out = outbuf + PAD + oo;
        const uint8_t *src = in;
        if (rep == 2) { /* in place */
            memcpy(out, in, len);
            src = out;
        }
        TU_ASSERT_RC(axiom_cipher_init(c, dir, NULL, 0, ivlen ? iv : NULL, ivlen), AXIOM_OK,
                     "init");
        for (size_t p = 0; p < parts; p++)
            TU_ASSERT_RC(axiom_cipher_update(c, out + cuts[p], src + cuts[p],
                                             cuts[p + 1] - cuts[p]),
                         AXIOM_OK, "%s part %zu", name, p);
        TU_ASSERT_MEM_EQ(out, ref, len, "%s %s len %zu, %zu calls%s", name,
                         dir ? "encrypt" : "decrypt", len, parts, rep == 2 ? ", in place" : "");
    }
}

START_TEST(test_api_vs_libgcrypt)
{
    const int mode = _i;
    tu_rng_reset(mode_names[mode]);
    uint8_t *inbuf = malloc(MAXLEN + 2 * PAD), *outbuf = malloc(MAXLEN + 2 * PAD);
    uint8_t *ref = malloc(MAXLEN);
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, mode_names[mode]), AXIOM_OK, "new");
    for (int dir = 0; dir <= 1; dir++) {
        for (size_t len = 0; len <= 300; len++)
            if (!(mode == ECB || mode == CBC) || len % 16 == 0)
                api_one(mode, c, dir, len, inbuf, outbuf, ref);
        for (int k = 0; k < 30; k++) {
            size_t len = tu_rand_range(301, MAXLEN);
            if (mode == ECB || mode == CBC)
                len &= ~(size_t)15;
            api_one(mode, c, dir, len, inbuf, outbuf, ref);
        }
        api_one(mode, c, dir, MAXLEN, inbuf, outbuf, ref);
    }
    axiom_cipher_free(c);
    free(inbuf);
    free(outbuf);
    free(ref);
}
END_TEST

/* CTR increments the whole 128-bit block. */
START_TEST(test_ctr_carry)
{
    tu_rng_reset("sm4-ctr-carry");
    uint8_t key[16], iv[16], pt[16 * 40 + 5], ref[sizeof pt], out[sizeof pt];
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "sm4-ctr"), AXIOM_OK, "new");
    for (int kind = 0; kind < 40; kind++) {
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(pt, sizeof pt);
        if (kind == 0)
            memset(iv, 0xff, 16);
        else if (kind < 36) { /* the low 64 bits wrap at block kind - 1 */
            memset(iv + 8, 0xff, 8);
            iv[15] = (uint8_t)(0xff - (kind - 1));
            if (kind > 30)
                memset(iv, 0xff, 8);
        } else { /* 32-bit all-ones low word */
            memset(iv + 12, 0xff, 4);
            iv[15] = (uint8_t)(0xff - 3 * (kind - 36));
        }
        TU_ASSERT(gcry_sm4(CTR, 1, key, iv, ref, pt, sizeof pt) == 0, "libgcrypt");
        for (int rep = 0; rep < 3; rep++) {
            size_t cuts[9], parts = tu_random_split(cuts, sizeof pt, 1);
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 16, iv, 16), AXIOM_OK, "init");
            for (size_t p = 0; p < parts; p++)
                TU_ASSERT_RC(axiom_cipher_update(c, out + cuts[p], pt + cuts[p],
                                                 cuts[p + 1] - cuts[p]),
                             AXIOM_OK, "update");
            char ivh[40];
            tu_hex_string(ivh, sizeof ivh, iv, 16);
            TU_ASSERT_MEM_EQ(out, ref, sizeof pt, "sm4-ctr counter %s (%s)", ivh,
                             axiom_impl("sm4-ctr"));
        }
    }
    axiom_cipher_free(c);
}
END_TEST

/* ------------------------------------------------------------ white box */

static const int op_mode[BC_NOPS_BLOCK] = { ECB, ECB, CBC, CBC, CFB, CFB, OFB, CTR };
static const int op_enc[BC_NOPS_BLOCK] = { 1, 0, 1, 0, 1, 0, 1, 1 };

/* libgcrypt as the sweep's peer (bc_sweep.h). */
static int gcry_peer(const axiom_bc_kernel *k, int op, size_t keylen, const uint8_t *key,
                     const uint8_t *key2, const uint8_t tweak[16], const uint8_t iv[16],
                     uint8_t *out, const uint8_t *in, size_t n)
{
    (void)k;
    (void)keylen;
    (void)key2;
    (void)tweak;
    TU_ASSERT(gcry_sm4(op_mode[op], op_enc[op], key, iv, out, in, 16 * n) == 0, "libgcrypt");
    return 1;
}

/* Every SM4 kernel this tier can run, through the block-cipher sweep
 * (tests/bc_sweep.c): each operation at the lengths around its own steps
 * (the byte-sliced path's 128 blocks, the sets and passes of the wide
 * kernels, generic-ct's bulk threshold and 64-block pass), against
 * libgcrypt and the masked kernel, CTR counters carrying out of 32, 64
 * and 128 bits inside a bulk iteration; then the list itself: every
 * kernel but the masked one constant time, one list for every SM4 name,
 * the API's pick its first usable kernel. */
START_TEST(test_kernels)
{
    static const size_t keylens[] = { 16, 0 };
    const bc_sweep_family sm4 = { .name = "SM4", .kernels = sm4_list(), .ref = &axiom_sm4_masked,
                                  .keylens = keylens, .nops = BC_NOPS_BLOCK, .peer = gcry_peer,
                                  .peer_name = "libgcrypt" };
    int found_masked = 0;

    tu_rng_reset("sm4-kernels");
    bc_sweep(&sm4);
    for (const axiom_kernel *const *kp = sm4_list(); *kp; kp++) {
        const axiom_bc_kernel *k = axiom_bc_of(*kp);
        if (k == &axiom_sm4_masked)
            found_masked = 1;
        else
            TU_ASSERT(k->constant_time == 1, "kernel %s must be constant time", k->name);
    }
    TU_ASSERT(found_masked, "the masked kernel is not in the SM4 list");
    /* every SM4 name shares the list, and the API picks its first usable kernel */
    for (int m = 0; m < NMODES; m++)
        TU_ASSERT(axiom_catalog_cipher(mode_names[m])->kernels == sm4_list(), "%s list",
                  mode_names[m]);
    const axiom_bc_kernel *first = axiom_bc_of(axiom_pick(sm4_list()));
    TU_ASSERT(first && !strcmp(axiom_impl("sm4-cbc"), first->name), "axiom_impl says %s",
              axiom_impl("sm4-cbc"));
}
END_TEST

/* The non-temporal output stores of the AVX2 kernels' bulk modes (ECB,
 * CTR, CBC and CFB decryption; lib/sm4/x86_64/sm4_simd.h), with the threshold
 * lowered to 128 blocks: lengths around it, output 64-byte aligned (whole
 * vectors streamed), 16 and 48 bytes off (16-byte pieces streamed for
 * zmm, and for ymm at 16 and 48), 8 bytes off (normal stores), out of
 * place and in place, against the masked kernel.  Up to four iterations
 * of the AES-NI kernels' byte-sliced path, half the runs with a CTR
 * counter whose low 32 bits wrap in the first two. */
START_TEST(test_kernels_nt)
{
    tu_rng_reset("sm4-kernels-nt");
    const size_t thr = 128, maxb = 4 * 128 + 37;
    const size_t lens[] = { thr - 1, thr, thr + 1, thr + 63, thr + 64, 3 * 64 + 5, 4 * 64 + 37,
                            3 * 128 + 5, maxb };
    const size_t offs[] = { 0, 16, 8, 48 };
    /* sizes multiples of 64 (C11 aligned_alloc) */
    uint8_t *in = aligned_alloc(64, 16 * maxb + 48), *out = aligned_alloc(64, 16 * maxb + 112);
    uint8_t *ref = malloc(16 * maxb);
    const size_t saved = axiom_sm4_nt_min;
    axiom_sm4_nt_min = 16 * thr;
    const axiom_kernel *const *kp_list = sm4_list();
    for (size_t kp_i = 0; kp_list[kp_i]; kp_i++) {
        const axiom_bc_kernel *kp = (const axiom_bc_kernel *)kp_list[kp_i];
        const axiom_bc_kernel *k = kp;
        if (!usable(k) || k == &axiom_sm4_masked)
            continue;
        for (int op = 0; op < BC_NOPS_BLOCK; op++)
            for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++)
                for (size_t oi = 0; oi < sizeof offs / sizeof offs[0]; oi++)
                    for (int inplace = 0; inplace < 2; inplace++) {
                        const size_t n = lens[li], oo = offs[oi];
                        uint8_t key[16], iv[16], ivk[16], ivg[16];
                        axiom_bc_ks ks, gks;
                        tu_rand_bytes(key, 16);
                        tu_rand_bytes(iv, 16);
                        if (li % 2) /* CTR: the low 32 bits wrap in the first 256 blocks */
                            memset(iv + 12, 0xff, 3);
                        k->setkey(&ks, key, 16);
                        axiom_sm4_masked.setkey(&gks, key, 16);
                        tu_rand_bytes(in, 16 * n);
                        memcpy(ivg, iv, 16);
                        run_op(&axiom_sm4_masked, op, &gks, ref, in, n, ivg);
                        memset(out, 0x3c, 16 * maxb + 112);
                        if (inplace)
                            memcpy(out + oo, in, 16 * n);
                        memcpy(ivk, iv, 16);
                        run_op(k, op, &ks, out + oo, inplace ? out + oo : in, n, ivk);
                        TU_ASSERT_MEM_EQ(out + oo, ref, 16 * n,
                                         "kernel %s %s, %zu blocks, out at +%zu%s, vs masked",
                                         k->name, opnames[op], n, oo, inplace ? " in place" : "");
                        TU_ASSERT_MEM_EQ(ivk, ivg, 16, "kernel %s %s, %zu blocks: chaining value",
                                         k->name, opnames[op], n);
                        for (size_t j = 0; j < oo; j++)
                            TU_ASSERT(out[j] == 0x3c, "%s %s: write before out", k->name,
                                      opnames[op]);
                        for (size_t j = oo + 16 * n; j < 16 * maxb + 112; j++)
                            TU_ASSERT(out[j] == 0x3c, "%s %s n=%zu: write after out", k->name,
                                      opnames[op], n);
                    }
    }
    axiom_sm4_nt_min = saved;
    free(in);
    free(out);
    free(ref);
}
END_TEST

/* GB/T 32907-2016, 6.2: the S-box, to check the generic-ct circuit. */
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

/* The generic-ct circuit on all 256 bytes, in both its forms (64 lanes of
 * a bitsliced pass; the word path's four bytes a word). */
START_TEST(test_ct_sbox)
{
    uint8_t bulk[256], word[256];
    memset(bulk, 0, sizeof bulk);
    memset(word, 0, sizeof word);
    axiom_sm4_ct_sbox_table(bulk, word);
    for (unsigned x = 0; x < 256; x++) {
        TU_ASSERT(bulk[x] == sm4_sbox[x], "bitsliced circuit: S(%#04x) = %#04x, want %#04x", x,
                  bulk[x], sm4_sbox[x]);
        TU_ASSERT(word[x] == sm4_sbox[x], "word-path circuit: S(%#04x) = %#04x, want %#04x", x,
                  word[x], sm4_sbox[x]);
    }
}
END_TEST

/* The masked kernel: random masks per setkey, refresh during long runs. */
START_TEST(test_masked_refresh)
{
    tu_rng_reset("sm4-masked");
    const axiom_bc_kernel *k = &axiom_sm4_masked;
    const size_t nb = 5000; /* several refresh periods */
    uint8_t key[16], iv[16], iv2[16];
    uint8_t *in = malloc(16 * nb), *out = malloc(16 * nb), *ref = malloc(16 * nb);
    axiom_bc_ks ks1, ks2;
    tu_rand_bytes(key, 16);
    tu_rand_bytes(iv, 16);
    tu_rand_bytes(in, 16 * nb);
    k->setkey(&ks1, key, 16);
    k->setkey(&ks2, key, 16);
    TU_ASSERT(memcmp(&ks1, &ks2, sizeof ks1) != 0,
              "two schedules of one key are identical: masks not random");
    axiom_bc_ks before = ks1;
    TU_ASSERT(gcry_sm4(ECB, 1, key, iv, ref, in, 16 * nb) == 0, "libgcrypt");
    k->ecb_enc(&ks1, out, in, nb); /* one call */
    TU_ASSERT_MEM_EQ(out, ref, 16 * nb, "masked kernel, one call over %zu blocks", nb);
    TU_ASSERT(memcmp(&ks1, &before, sizeof ks1) != 0, "no mask refresh after %zu blocks", nb);
    for (size_t i = 0; i < nb; i++) /* one block per call */
        k->ecb_dec(&ks2, out + 16 * i, ref + 16 * i, 1);
    TU_ASSERT_MEM_EQ(out, in, 16 * nb, "masked kernel, block-by-block decryption");
    TU_ASSERT(gcry_sm4(CBC, 1, key, iv, ref, in, 16 * nb) == 0, "libgcrypt");
    memcpy(iv2, iv, 16);
    k->cbc_enc(&ks1, out, in, nb, iv2);
    TU_ASSERT_MEM_EQ(out, ref, 16 * nb, "masked kernel, CBC over refreshes");
    memcpy(iv2, iv, 16);
    k->cbc_dec(&ks2, out, ref, nb, iv2);
    TU_ASSERT_MEM_EQ(out, in, 16 * nb, "masked kernel, CBC decryption over refreshes");
    free(in);
    free(out);
    free(ref);
}
END_TEST

/* ------------------------------------------------------------ misuse */

START_TEST(test_misuse)
{
    uint8_t key[17] = { 0 }, iv[17] = { 0 }, buf[64], out[64];
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "sm4"), AXIOM_ENOTFOUND, "bare sm4");
    TU_ASSERT(c == NULL, "ctx set on error");
    TU_ASSERT_RC(axiom_cipher_new(&c, "sm4-xts"), AXIOM_ENOTFOUND, "sm4-xts");
    TU_ASSERT_RC(axiom_cipher_new(&c, "sm4-gcm"), AXIOM_ENOTFOUND, "sm4-gcm is an AEAD");
    TU_ASSERT(axiom_impl("sm4-gcm") != NULL, "axiom_impl(sm4-gcm)");
    for (int m = 0; m < NMODES; m++) {
        const size_t ivlen = m == ECB ? 0 : 16;
        TU_ASSERT_RC(axiom_cipher_new(&c, mode_names[m]), AXIOM_OK, "new %s", mode_names[m]);
        memset(buf, 0x11, sizeof buf);
        tu_fill_sentinel(out, sizeof out);
        TU_ASSERT_RC(axiom_cipher_update(c, out, buf, 16), AXIOM_ESTATE, "%s update before init",
                     mode_names[m]);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, NULL, 0, iv, ivlen), AXIOM_ESTATE,
                     "%s init without a key", mode_names[m]);
        for (size_t kl = 0; kl <= 17; kl++)
            if (kl != 16)
                TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, kl, iv, ivlen),
                             AXIOM_EKEYLEN, "%s key length %zu", mode_names[m], kl);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 16, iv, ivlen ? 15 : 16),
                     AXIOM_EIVLEN, "%s bad IV length", mode_names[m]);
        if (ivlen)
            TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 16, NULL, 16), AXIOM_EINVAL,
                         "%s NULL IV", mode_names[m]);
        TU_ASSERT_RC(axiom_cipher_init(c, 7, key, 16, iv, ivlen), AXIOM_EINVAL, "%s direction",
                     mode_names[m]);
        TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, key, 16, iv, ivlen), AXIOM_OK, "init");
        if (m == ECB || m == CBC)
            for (size_t len = 1; len < 48; len++)
                if (len % 16)
                    TU_ASSERT_RC(axiom_cipher_update(c, out, buf, len), AXIOM_ELENGTH,
                                 "%s length %zu", mode_names[m], len);
        TU_ASSERT_RC(axiom_cipher_update(c, NULL, buf, 16), AXIOM_EINVAL, "NULL out");
        TU_ASSERT_RC(axiom_cipher_update(c, out, NULL, 16), AXIOM_EINVAL, "NULL in");
        TU_ASSERT_RC(axiom_cipher_update(c, buf + 1, buf, 32), AXIOM_EINVAL, "overlap");
        TU_ASSERT_RC(axiom_cipher_update(c, buf, buf + 15, 32), AXIOM_EINVAL, "overlap");
        TU_ASSERT_SENTINEL(out, sizeof out, "%s: output written on error", mode_names[m]);
        TU_ASSERT_RC(axiom_cipher_update(c, out, buf, 0), AXIOM_OK, "empty update");
        TU_ASSERT_RC(axiom_cipher_update(c, buf, buf, 32), AXIOM_OK, "in place");
        axiom_cipher_free(c);
        c = NULL;
    }
    axiom_cipher_free(NULL);
}
END_TEST


/* ------------------------------------------------------------ SM4-GCM */

/* libgcrypt SM4-GCM: encrypt (tag out) or decrypt (tag ignored). */
static int gcry_sm4_gcm(int encrypt, const uint8_t *key, const uint8_t *nonce, size_t noncelen,
                        const uint8_t *ad, size_t adlen, uint8_t *out, const uint8_t *in,
                        size_t len, uint8_t tag[16])
{
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, GCRY_CIPHER_SM4, GCRY_CIPHER_MODE_GCM, 0))
        return -1;
    int rc = -1;
    if (gcry_cipher_setkey(h, key, 16) || gcry_cipher_setiv(h, nonce, noncelen))
        goto out;
    if (adlen && gcry_cipher_authenticate(h, ad, adlen))
        goto out;
    if (gcry_cipher_final(h))
        goto out;
    if (len && (encrypt ? gcry_cipher_encrypt(h, out, len, in, len)
                        : gcry_cipher_decrypt(h, out, len, in, len)))
        goto out;
    if (encrypt && gcry_cipher_gettag(h, tag, 16))
        goto out;
    rc = 0;
out:
    gcry_cipher_close(h);
    return rc;
}

/* RFC 8998, appendix A.1. */
START_TEST(test_gcm_rfc8998)
{
    uint8_t key[16], nonce[12], ad[20], pt[64], ct[64], tag[16], out[64], t[16];
    tu_hex_decode(key, 16, "0123456789ABCDEFFEDCBA9876543210");
    tu_hex_decode(nonce, 12, "00001234567800000000ABCD");
    tu_hex_decode(ad, 20, "FEEDFACEDEADBEEFFEEDFACEDEADBEEFABADDAD2");
    tu_hex_decode(pt, 64, "AAAAAAAAAAAAAAAABBBBBBBBBBBBBBBBCCCCCCCCCCCCCCCCDDDDDDDDDDDDDDDD"
                          "EEEEEEEEEEEEEEEEFFFFFFFFFFFFFFFFEEEEEEEEEEEEEEEEAAAAAAAAAAAAAAAA");
    tu_hex_decode(ct, 64, "17F399F08C67D5EE19D0DC9969C4BB7D5FD46FD3756489069157B282BB200735"
                          "D82710CA5C22F0CCFA7CBF93D496AC15A56834CBCF98C397B4024A2691233B8D");
    tu_hex_decode(tag, 16, "83DE3541E4C2B58177E065A9BF7B62EC");
    axiom_aead_ctx *a = NULL;
    TU_ASSERT_RC(axiom_aead_new(&a, "SM4-GCM"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_aead_setkey(a, key, 16), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_aead_seal(a, out, t, 16, nonce, 12, ad, 20, pt, 64), AXIOM_OK, "seal");
    TU_ASSERT_MEM_EQ(out, ct, 64, "RFC 8998 A.1 ciphertext (%s)", axiom_impl("sm4-gcm"));
    TU_ASSERT_MEM_EQ(t, tag, 16, "RFC 8998 A.1 tag");
    TU_ASSERT_RC(axiom_aead_open(a, out, tag, 16, nonce, 12, ad, 20, ct, 64), AXIOM_OK, "open");
    TU_ASSERT_MEM_EQ(out, pt, 64, "RFC 8998 A.1 decryption");
    axiom_aead_free(a);
}
END_TEST

static json_object *jfield(json_object *o, const char *key)
{
    json_object *v = NULL;
    ck_assert_msg(json_object_object_get_ex(o, key, &v) && v != NULL, "JSON field %s missing", key);
    return v;
}

START_TEST(test_gcm_wycheproof)
{
    char *path = tu_vector_path("sm4_gcm_test.json");
    json_object *root = json_object_from_file(path);
    TU_ASSERT(root != NULL, "cannot parse %s", path);
    const int declared = json_object_get_int(jfield(root, "numberOfTests"));
    json_object *groups = jfield(root, "testGroups");
    axiom_aead_ctx *a = NULL;
    TU_ASSERT_RC(axiom_aead_new(&a, "sm4-gcm"), AXIOM_OK, "new");
    int run = 0, valid = 0;
    for (size_t g = 0; g < json_object_array_length(groups); g++) {
        json_object *grp = json_object_array_get_idx(groups, g);
        const size_t taglen = (size_t)json_object_get_int(jfield(grp, "tagSize")) / 8;
        json_object *tests = jfield(grp, "tests");
        for (size_t i = 0; i < json_object_array_length(tests); i++) {
            json_object *tc = json_object_array_get_idx(tests, i);
            const int id = json_object_get_int(jfield(tc, "tcId"));
            const int ok = !strcmp(json_object_get_string(jfield(tc, "result")), "valid");
            size_t kl, nl, al, ml, cl, tl;
            uint8_t *key = tu_hex_alloc(json_object_get_string(jfield(tc, "key")), &kl);
            uint8_t *iv = tu_hex_alloc(json_object_get_string(jfield(tc, "iv")), &nl);
            uint8_t *ad = tu_hex_alloc(json_object_get_string(jfield(tc, "aad")), &al);
            uint8_t *msg = tu_hex_alloc(json_object_get_string(jfield(tc, "msg")), &ml);
            uint8_t *ct = tu_hex_alloc(json_object_get_string(jfield(tc, "ct")), &cl);
            uint8_t *tag = tu_hex_alloc(json_object_get_string(jfield(tc, "tag")), &tl);
            /* tu_hex_alloc gives at least 1 byte: empty strings have length 0 */
            uint8_t *out = malloc(ml + 1), t[16];
            int rc = axiom_aead_setkey(a, key, kl);
            if (rc == AXIOM_OK && nl == 0) {
                TU_ASSERT(!ok, "tcId %d: empty nonce marked valid", id);
                TU_ASSERT_RC(axiom_aead_seal(a, out, t, taglen, iv, 0, ad, al, msg, ml),
                             AXIOM_EIVLEN, "tcId %d empty nonce", id);
            } else if (ok) {
                TU_ASSERT_RC(rc, AXIOM_OK, "tcId %d setkey", id);
                TU_ASSERT_RC(axiom_aead_seal(a, out, t, taglen, iv, nl, ad, al, msg, ml), AXIOM_OK,
                             "tcId %d seal", id);
                TU_ASSERT_MEM_EQ(out, ct, ml, "tcId %d ciphertext (%s)", id, axiom_impl("sm4-gcm"));
                TU_ASSERT_MEM_EQ(t, tag, taglen, "tcId %d tag", id);
                TU_ASSERT_RC(axiom_aead_open(a, out, tag, tl, iv, nl, ad, al, ct, cl), AXIOM_OK,
                             "tcId %d open", id);
                TU_ASSERT_MEM_EQ(out, msg, ml, "tcId %d decryption", id);
                valid++;
            } else if (rc == AXIOM_OK) {
                rc = axiom_aead_open(a, out, tag, tl, iv, nl, ad, al, ct, cl);
                TU_ASSERT(rc != AXIOM_OK, "tcId %d: invalid vector accepted", id);
            }
            run++;
            free(key);
            free(iv);
            free(ad);
            free(msg);
            free(ct);
            free(tag);
            free(out);
        }
    }
    axiom_aead_free(a);
    json_object_put(root);
    free(path);
    TU_ASSERT(run == declared && valid > 50, "ran %d of %d tests, %d valid", run, declared, valid);
}
END_TEST

static void gcm_msg(size_t *noncelen, size_t *adlen, size_t *len, size_t maxlen)
{
    static const size_t nonces[] = { 12, 12, 12, 1, 8, 16, 13, 60 };
    *noncelen = nonces[tu_rand_range(0, 7)];
    *adlen = tu_rand64() & 1 ? tu_rand_range(0, 40) : 0;
    *len = tu_rand_range(0, maxlen);
}

START_TEST(test_gcm_api_vs_libgcrypt)
{
    tu_rng_reset("sm4-gcm-api");
    enum { MAX = 9000 }; /* past two of lib/gcm/gcm.c's 4 KiB chunks */
    uint8_t key[16], nonce[64], ad[64], t[16], rt[16];
    uint8_t *in = malloc(MAX), *out = malloc(MAX), *ref = malloc(MAX);
    axiom_aead_ctx *a = NULL;
    TU_ASSERT_RC(axiom_aead_new(&a, "sm4-gcm"), AXIOM_OK, "new");
    for (int rep = 0; rep < 300; rep++) {
        size_t nl, al, len;
        gcm_msg(&nl, &al, &len, rep < 100 ? 100 : rep < 270 ? 2200 : MAX);
        tu_rand_bytes(key, 16);
        tu_rand_bytes(nonce, nl);
        tu_rand_bytes(ad, al);
        tu_rand_bytes(in, len);
        TU_ASSERT(gcry_sm4_gcm(1, key, nonce, nl, ad, al, ref, in, len, rt) == 0, "libgcrypt");
        TU_ASSERT_RC(axiom_aead_setkey(a, key, 16), AXIOM_OK, "setkey");
        TU_ASSERT_RC(axiom_aead_seal(a, out, t, 16, nonce, nl, ad, al, in, len), AXIOM_OK, "seal");
        TU_ASSERT_MEM_EQ(out, ref, len, "sm4-gcm len %zu nonce %zu ad %zu (%s)", len, nl, al,
                         axiom_impl("sm4-gcm"));
        TU_ASSERT_MEM_EQ(t, rt, 16, "sm4-gcm tag, len %zu nonce %zu ad %zu", len, nl, al);
        TU_ASSERT_RC(axiom_aead_open(a, out, t, 16, nonce, nl, ad, al, out, len), AXIOM_OK,
                     "open in place");
        TU_ASSERT_MEM_EQ(out, in, len, "sm4-gcm decryption in place, len %zu", len);
        /* a flipped bit anywhere is refused and the output wiped */
        memcpy(out, ref, len);
        size_t where = tu_rand_range(0, len + 15);
        if (where < len)
            out[where] ^= 1;
        else
            t[where - len] ^= 0x80;
        uint8_t *dst = malloc(len + 1);
        memset(dst, 0x5a, len + 1);
        TU_ASSERT_RC(axiom_aead_open(a, dst, t, 16, nonce, nl, ad, al, out, len), AXIOM_EAUTH,
                     "forgery at %zu of len %zu", where, len);
        for (size_t i = 0; i < len; i++)
            TU_ASSERT(dst[i] == 0, "output not wiped after a failed open");
        free(dst);
    }
    axiom_aead_free(a);
    free(in);
    free(out);
    free(ref);
}
END_TEST

/* White box: every usable tier, through lib/gcm/gcm.h's phases (the AD
 * and the text each in two pieces), against libgcrypt. */
static void tier_seal(const axiom_gcm_kernel *k, const uint8_t key[16], const uint8_t *nonce,
                      size_t nl, const uint8_t *ad, size_t al, uint8_t *out, const uint8_t *in,
                      size_t len, uint8_t tag[16])
{
    axiom_gcm_key *g = NULL;
    TU_ASSERT(posix_memalign((void **)&g, 64, sizeof *g) == 0, "memory");
    axiom_gcm_msg m;
    const size_t ac = al / 3, tc = len / 3;
    axiom_gcm_setkey_with(g, k, key, 16);
    axiom_gcm_start(g, &m, nonce, nl);
    axiom_gcm_ad(g, &m, ad, ac);
    axiom_gcm_ad(g, &m, ad + ac, al - ac);
    axiom_gcm_text(g, &m, 1, out, in, tc);
    axiom_gcm_text(g, &m, 1, out + tc, in + tc, len - tc);
    axiom_gcm_finish(g, &m, tag);
    free(g);
}

START_TEST(test_gcm_tiers)
{
    tu_rng_reset("sm4-gcm-tiers");
    enum { MAX = 9000 }; /* past two of lib/gcm/gcm.c's 4 KiB chunks */
    uint8_t key[16], nonce[64], ad[64], t[16], rt[16];
    uint8_t *in = malloc(MAX), *out = malloc(MAX), *ref = malloc(MAX);
    int tested = 0;
    const axiom_kernel *const *kp_list = axiom_sm4_gcm_kernels;
    for (size_t kp_i = 0; kp_list[kp_i]; kp_i++) {
        const axiom_gcm_kernel *k = axiom_gcm_of(kp_list[kp_i]);
        TU_ASSERT(k->constant_time == (k->aes->constant_time && k->ghash->constant_time),
                  "tier %s: constant-time flag", k->name);
        if (k->features & ~axiom_cpu_features())
            continue;
        tested++;
        for (int rep = 0; rep < 120; rep++) {
            size_t nl, al, len;
            gcm_msg(&nl, &al, &len, rep < 60 ? 80 : rep < 110 ? 1200 : MAX);
            tu_rand_bytes(key, 16);
            tu_rand_bytes(nonce, nl);
            tu_rand_bytes(ad, al);
            tu_rand_bytes(in, len);
            TU_ASSERT(gcry_sm4_gcm(1, key, nonce, nl, ad, al, ref, in, len, rt) == 0, "libgcrypt");
            tier_seal(k, key, nonce, nl, ad, al, out, in, len, t);
            TU_ASSERT_MEM_EQ(out, ref, len, "tier %s len %zu nonce %zu", k->name, len, nl);
            TU_ASSERT_MEM_EQ(t, rt, 16, "tier %s tag, len %zu nonce %zu ad %zu", k->name, len, nl,
                             al);
        }
        printf("sm4-gcm tier %s checked\n", k->name);
    }
    TU_ASSERT(tested > 0, "no SM4-GCM tier tested");
    free(in);
    free(out);
    free(ref);
}
END_TEST

/* Every usable tier through lib/gcm/gcm.c's AEAD operations (the portable
 * text phase's staged path up to AXIOM_GCM_STAGE_BLOCKS counter blocks, its
 * chunked CTR path beyond), 96-bit nonces, every length 0..300 and some
 * longer, out of place and in place, against libgcrypt: seal's output and
 * tag, open's output and computed tag. */
START_TEST(test_gcm_tiers_aead_ops)
{
    tu_rng_reset("sm4-gcm-tiers-ops");
    enum { MAX = 9000 };
    uint8_t key[16], nonce[12], ad[40], rt[16], t[16];
    uint8_t *in = malloc(MAX), *ref = malloc(MAX), *buf = malloc(MAX + 16);
    axiom_gcm_key *g = NULL;
    TU_ASSERT(posix_memalign((void **)&g, 64, sizeof *g) == 0, "memory");
    const axiom_kernel *const *kp_list = axiom_sm4_gcm_kernels;
    for (size_t kp_i = 0; kp_list[kp_i]; kp_i++) {
        const axiom_gcm_kernel *k = axiom_gcm_of(kp_list[kp_i]);
        if (k->features & ~axiom_cpu_features())
            continue;
        for (size_t it = 0; it < 320; it++) {
            const size_t len = it <= 300 ? it : tu_rand_range(301, MAX);
            const size_t al = it % 5 ? 0 : tu_rand_range(1, 40), o = tu_rand_range(0, 15);
            tu_rand_bytes(key, 16);
            tu_rand_bytes(nonce, 12);
            tu_rand_bytes(ad, al);
            tu_rand_bytes(in, len);
            TU_ASSERT(gcry_sm4_gcm(1, key, nonce, 12, ad, al, ref, in, len, rt) == 0, "libgcrypt");
            axiom_gcm_setkey_with(g, k, key, 16);
            axiom_gcm_aead_message(g, 1, buf + o, t, 16, nonce, 12, ad, al, in, len);
            TU_ASSERT_MEM_EQ(buf + o, ref, len, "tier %s seal, len %zu", k->name, len);
            TU_ASSERT_MEM_EQ(t, rt, 16, "tier %s seal tag, len %zu", k->name, len);
            memcpy(buf + o, in, len);
            axiom_gcm_aead_message(g, 1, buf + o, t, 16, nonce, 12, ad, al, buf + o, len);
            TU_ASSERT_MEM_EQ(buf + o, ref, len, "tier %s seal in place, len %zu", k->name, len);
            TU_ASSERT_MEM_EQ(t, rt, 16, "tier %s in-place seal tag, len %zu", k->name, len);
            axiom_gcm_aead_message(g, 0, buf + o, t, 16, nonce, 12, ad, al, buf + o, len);
            TU_ASSERT_MEM_EQ(buf + o, in, len, "tier %s open in place, len %zu", k->name, len);
            TU_ASSERT_MEM_EQ(t, rt, 16, "tier %s open tag, len %zu", k->name, len);
        }
    }
    free(g);
    free(in);
    free(ref);
    free(buf);
}
END_TEST

START_TEST(test_gcm_misuse)
{
    uint8_t key[17] = { 0 }, nonce[16] = { 0 }, buf[32] = { 0 }, t[16];
    axiom_aead_ctx *a = NULL;
    TU_ASSERT_RC(axiom_aead_new(&a, "sm4-gcm"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_aead_seal(a, buf, t, 16, nonce, 12, NULL, 0, buf, 16), AXIOM_ESTATE,
                 "seal before setkey");
    TU_ASSERT_RC(axiom_aead_setkey(a, key, 15), AXIOM_EKEYLEN, "15-byte key");
    TU_ASSERT_RC(axiom_aead_setkey(a, key, 17), AXIOM_EKEYLEN, "17-byte key");
    TU_ASSERT_RC(axiom_aead_setkey(a, key, 16), AXIOM_OK, "setkey");
    TU_ASSERT_RC(axiom_aead_seal(a, buf, t, 16, nonce, 0, NULL, 0, buf, 16), AXIOM_EIVLEN,
                 "empty nonce");
    static const size_t badtags[] = { 0, 1, 3, 5, 7, 9, 10, 11, 17 };
    for (size_t i = 0; i < sizeof badtags / sizeof badtags[0]; i++)
        TU_ASSERT_RC(axiom_aead_seal(a, buf, t, badtags[i], nonce, 12, NULL, 0, buf, 16),
                     AXIOM_ETAGLEN, "tag length %zu", badtags[i]);
    TU_ASSERT_RC(axiom_aead_seal(a, buf + 1, t, 16, nonce, 12, NULL, 0, buf, 16), AXIOM_EINVAL,
                 "overlap");
    TU_ASSERT_RC(axiom_aead_seal(a, NULL, t, 16, nonce, 12, NULL, 0, buf, 16), AXIOM_EINVAL,
                 "NULL out");
    TU_ASSERT_RC(axiom_aead_seal(a, buf, t, 12, nonce, 12, NULL, 0, buf, 16), AXIOM_OK,
                 "12-byte tag");
    TU_ASSERT_RC(axiom_aead_open(a, buf, t, 12, nonce, 12, NULL, 0, buf, 16), AXIOM_OK,
                 "12-byte tag open");
    axiom_aead_free(a);
}
END_TEST

static Suite *sm4_suite(void)
{
    Suite *s = suite_create("sm4");
    TCase *tk = tcase_create("kat");
    tcase_set_timeout(tk, 120);
    tcase_add_test(tk, test_gbt_example1);
    tcase_add_test(tk, test_gbt_million);
    tcase_add_test(tk, test_botan_vectors);
    suite_add_tcase(s, tk);
    TCase *ta = tcase_create("libgcrypt");
    tcase_set_timeout(ta, 120);
    tcase_add_loop_test(ta, test_api_vs_libgcrypt, 0, NMODES);
    tcase_add_test(ta, test_ctr_carry);
    suite_add_tcase(s, ta);
    TCase *tw = tcase_create("kernels");
    tcase_set_timeout(tw, 120);
    tcase_add_test(tw, test_kernels);
    tcase_add_test(tw, test_kernels_nt);
    tcase_add_test(tw, test_masked_refresh);
    tcase_add_test(tw, test_ct_sbox);
    suite_add_tcase(s, tw);
    TCase *tm = tcase_create("misuse");
    tcase_add_test(tm, test_misuse);
    tcase_add_test(tm, test_gcm_misuse);
    suite_add_tcase(s, tm);
    TCase *tg = tcase_create("gcm");
    tcase_set_timeout(tg, 120);
    tcase_add_test(tg, test_gcm_rfc8998);
    tcase_add_test(tg, test_gcm_wycheproof);
    tcase_add_test(tg, test_gcm_api_vs_libgcrypt);
    tcase_add_test(tg, test_gcm_tiers);
    tcase_add_test(tg, test_gcm_tiers_aead_ops);
    suite_add_tcase(s, tg);
    return s;
}

int main(void)
{
    tu_init("test_sm4");
    tu_gcry_init();
    return tu_run_suite(sm4_suite());
}
