/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box tests of MGM's multiplication kernels (lib/mgm/mgm.h): every
 * kernel this CPU can run, the portable one included, against a bit-by-bit
 * reference written here: sum_mul, crypt both ways (misaligned, in place,
 * nothing written past the output) and counters in both halves across the
 * 2^64 wrap, for every block count from 0 to past 2 * AXIOM_MGM_BATCH and
 * each kernel's step; and the gfni-avx512 Kuznyechik kernel's MGM batches
 * against ECB of their counter blocks. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "core/bytes.h"
#include "kuznyechik/kuznyechik.h"
#include "mgm/mgm.h"
#include "testutil.h"

static int usable(const axiom_mgm_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

/* GF(2^128) modulo x^128 + x^7 + x^2 + x + 1 on big-endian byte strings,
 * Horner's rule from the top bit of b. */
static void ref_mul(uint8_t r[16], const uint8_t a[16], const uint8_t b[16])
{
    uint8_t z[16] = { 0 };
    for (int i = 0; i < 128; i++) {
        int top = z[0] >> 7;
        for (int j = 0; j < 15; j++)
            z[j] = (uint8_t)((z[j] << 1) | (z[j + 1] >> 7));
        z[15] = (uint8_t)(z[15] << 1);
        if (top)
            z[15] ^= 0x87;
        if ((b[i / 8] >> (7 - i % 8)) & 1)
            for (int j = 0; j < 16; j++)
                z[j] ^= a[j];
    }
    memcpy(r, z, 16);
}

/* sum (big-endian bytes) ^= the products of the n blocks */
static void ref_sum_mul(uint8_t sum[16], const uint8_t *h, const uint8_t *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t p[16];
        ref_mul(p, h + 16 * i, x + 16 * i);
        for (int j = 0; j < 16; j++)
            sum[j] ^= p[j];
    }
}

static void sum_to_bytes(uint8_t b[16], const uint64_t s[2])
{
    for (int j = 0; j < 8; j++) {
        b[j] = (uint8_t)(s[0] >> (56 - 8 * j));
        b[8 + j] = (uint8_t)(s[1] >> (56 - 8 * j));
    }
}

/* The largest block count tried: past twice the glue's batch and past a
 * whole number of every kernel's step beyond it. */
static size_t max_blocks(void)
{
    unsigned step = 1;
    for (const axiom_kernel *const *p = axiom_mgm_kernels; *p; p++) {
        const axiom_mgm_kernel *k = (const axiom_mgm_kernel *)*p;
        if (k->step > step)
            step = k->step;
    }
    return 2 * AXIOM_MGM_BATCH + 2 * step + 1;
}

#define GUARD 64

START_TEST(test_mgm_kernels)
{
    tu_rng_reset("mgm-kernels");
    const size_t maxn = max_blocks(), bytes = 16 * maxn;
    uint8_t *h = malloc(bytes + 1), *x = malloc(bytes + 1), *ks = malloc(bytes + 1),
            *out = malloc(bytes + GUARD + 1), *io = malloc(bytes + GUARD), *want = malloc(bytes);
    ck_assert(h && x && ks && out && io && want);
    int tried = 0;
    for (const axiom_kernel *const *p = axiom_mgm_kernels; *p; p++) {
        const axiom_mgm_kernel *k = (const axiom_mgm_kernel *)*p;
        if (!usable(k)) {
            printf("  MGM %-16s not usable here\n", k->name);
            continue;
        }
        tried++;
        ck_assert(k->step >= 1 && k->step <= AXIOM_MGM_BATCH);
        for (size_t n = 0; n <= maxn; n++) {
            const size_t al = n % 2; /* misaligned inputs every other count */
            tu_rand_bytes(h, bytes + 1);
            tu_rand_bytes(x, bytes + 1);
            tu_rand_bytes(ks, bytes + 1);
            uint64_t s0[2];
            tu_rand_bytes(s0, sizeof s0);
            uint8_t wsum[16], gsum[16];

            /* sum_mul */
            uint64_t s[2] = { s0[0], s0[1] };
            sum_to_bytes(wsum, s0);
            ref_sum_mul(wsum, h + al, x + al, n);
            k->sum_mul(s, h + al, x + al, n);
            sum_to_bytes(gsum, s);
            TU_ASSERT_MEM_EQ(gsum, wsum, 16, "%s sum_mul, %zu blocks", k->name, n);

            /* crypt, both ways, out of place (misaligned) and in place */
            for (int enc = 0; enc <= 1; enc++) {
                for (size_t i = 0; i < 16 * n; i++)
                    want[i] = (uint8_t)(x[al + i] ^ ks[al + i]);
                sum_to_bytes(wsum, s0);
                ref_sum_mul(wsum, h + al, enc ? want : x + al, n);
                for (int inplace = 0; inplace <= 1; inplace++) {
                    uint8_t *o = inplace ? io : out + (1 - al);
                    memset(o, 0xa5, 16 * n + GUARD);
                    if (inplace)
                        memcpy(io, x + al, 16 * n);
                    s[0] = s0[0];
                    s[1] = s0[1];
                    k->crypt(s, o, inplace ? io : x + al, ks + al, h + al, n, enc);
                    TU_ASSERT_MEM_EQ(o, want, 16 * n, "%s crypt %s%s, %zu blocks", k->name,
                                     enc ? "enc" : "dec", inplace ? " in place" : "", n);
                    for (size_t i = 0; i < GUARD; i++)
                        TU_ASSERT(o[16 * n + i] == 0xa5, "%s crypt wrote past %zu blocks",
                                  k->name, n);
                    sum_to_bytes(gsum, s);
                    TU_ASSERT_MEM_EQ(gsum, wsum, 16, "%s crypt %s%s sum, %zu blocks", k->name,
                                     enc ? "enc" : "dec", inplace ? " in place" : "", n);
                }
            }

            /* counters: each half, starting where the half wraps within
             * the run (n > 0), or random */
            for (int low = 0; low <= 1; low++) {
                uint64_t c0[2];
                tu_rand_bytes(c0, sizeof c0);
                if (n % 3 != 2)
                    c0[low] = UINT64_MAX - (uint64_t)(n / 2);
                uint64_t c[2] = { c0[0], c0[1] };
                uint8_t *o = out + al;
                memset(o, 0xa5, 16 * n + GUARD);
                k->counters(o, c, n, low);
                uint64_t e[2] = { c0[0], c0[1] };
                for (size_t i = 0; i < n; i++) {
                    uint8_t b[16];
                    sum_to_bytes(b, e);
                    TU_ASSERT_MEM_EQ(o + 16 * i, b, 16, "%s counters (%s half), block %zu of %zu",
                                     k->name, low ? "low" : "high", i, n);
                    e[low] += 1;
                }
                for (size_t i = 0; i < GUARD; i++)
                    TU_ASSERT(o[16 * n + i] == 0xa5, "%s counters wrote past %zu blocks",
                              k->name, n);
                TU_ASSERT(c[0] == e[0] && c[1] == e[1], "%s counters (%s half): next value, %zu",
                          k->name, low ? "low" : "high", n);
            }
        }
    }
    printf("tier %s: %d MGM kernel(s) against the reference, 0 to %zu blocks\n", tu_tier(),
           tried, maxn);
    ck_assert(tried >= 1);
    free(h);
    free(x);
    free(ks);
    free(out);
    free(io);
    free(want);
}
END_TEST

/* The reference multiplication itself: x^127 x x = x^128 = x^7 + x^2 + x + 1,
 * and 1 is the unit. */
START_TEST(test_mgm_ref)
{
    uint8_t a[16] = { 0x80 }, b[16] = { 0 }, r[16], want[16] = { 0 };
    b[15] = 2;
    want[15] = 0x87;
    ref_mul(r, a, b);
    TU_ASSERT_MEM_EQ(r, want, 16, "x^127 x x");
    b[15] = 1;
    ref_mul(r, a, b);
    TU_ASSERT_MEM_EQ(r, a, 16, "x^127 x 1");
}
END_TEST

/* crypt_lanes against crypt on the same blocks laid out plainly, both
 * directions, in place and misaligned. */
START_TEST(test_mgm_crypt_lanes)
{
    tu_rng_reset("mgm-crypt-lanes");
    for (const axiom_kernel *const *kp = axiom_mgm_kernels; *kp; kp++) {
        const axiom_mgm_kernel *k = (const axiom_mgm_kernel *)*kp;
        if (!k->crypt_lanes || !usable(k))
            continue;
        for (int trial = 0; trial < 8; trial++) {
            const int enc = trial & 1, shift = trial & 2 ? 3 : 0;
            uint8_t kh[1024], ks[512], h[512], in[512 + 3], want[512], got[512 + 3];
            tu_rand_bytes(kh, sizeof kh);
            tu_rand_bytes(in, sizeof in);
            for (size_t r = 0; r < 16; r++)
                for (size_t l = 0; l < 4; l++)
                    memcpy(l < 2 ? ks + 16 * (r + 16 * l) : h + 16 * (r + 16 * (l - 2)),
                           kh + 64 * r + 16 * l, 16);
            uint64_t s0[2] = { tu_rand64(), tu_rand64() }, s1[2] = { s0[0], s0[1] };
            k->crypt(s0, want, in + shift, ks, h, 32, enc);
            if (trial & 4) { /* in place */
                memcpy(got + shift, in + shift, 512);
                k->crypt_lanes(s1, got + shift, got + shift, kh, enc);
            } else {
                k->crypt_lanes(s1, got + shift, in + shift, kh, enc);
            }
            TU_ASSERT_MEM_EQ(got + shift, want, 512, "%s crypt_lanes out, trial %d", k->name,
                             trial);
            TU_ASSERT(s0[0] == s1[0] && s0[1] == s1[1], "%s crypt_lanes sum, trial %d", k->name,
                      trial);
        }
    }
}
END_TEST

/* The gfni-avx512 kernel's MGM batches (kuznyechik.h) against ECB of the
 * counter blocks written out here, with both varying halves starting at
 * random values and just below 2^64 (the wrap inside a batch). */
START_TEST(test_mgm_kuz_batch)
{
#ifdef HAVE_ISA_AVX512_VBMI_GFNI
    const axiom_bc_kernel *k = &axiom_kuz_gfni_avx512;
    if ((k->features & ~axiom_cpu_features()) != 0) {
        printf("tier %s: gfni-avx512 MGM batch skipped\n", tu_tier());
        return;
    }
    tu_rng_reset("mgm-kuz-batch");
    const size_t nb = AXIOM_KUZ_MGM_BATCH;
    for (int trial = 0; trial < 40; trial++) {
        uint8_t key[32], ctr[2 * AXIOM_KUZ_MGM_BATCH][16], want[2 * AXIOM_KUZ_MGM_BATCH][16];
        uint8_t got[16 * 2 * AXIOM_KUZ_MGM_BATCH + 1];
        axiom_bc_ks ks;
        axiom_kuz_mgm_pre pre;
        tu_rand_bytes(key, sizeof key);
        k->setkey(&ks, key, sizeof key);
        const uint64_t yhi = tu_rand64(), zlo = tu_rand64();
        uint64_t ylo = tu_rand64(), zhi = tu_rand64();
        if (trial % 4 == 1)
            ylo = 0 - (uint64_t)(trial % 40) - 1;
        if (trial % 4 == 2)
            zhi = 0 - (uint64_t)(trial % 40) - 1;
        if (trial % 4 == 3)
            ylo = zhi = UINT64_MAX;
        for (size_t i = 0; i < nb; i++) {
            axiom_store64_be(ctr[i], yhi);
            axiom_store64_be(ctr[i] + 8, ylo + i);
            axiom_store64_be(ctr[nb + i], zhi + i);
            axiom_store64_be(ctr[nb + i] + 8, zlo);
        }
        axiom_kuz_generic_ct.setkey(&ks, key, sizeof key);
        axiom_kuz_generic_ct.ecb_enc(&ks, &want[0][0], &ctr[0][0], 2 * nb);
        k->setkey(&ks, key, sizeof key);
        got[sizeof got - 1] = 0xa5;
        axiom_kuz_z_mgm_pre(&pre, &ks, yhi, zlo);
        axiom_kuz_z_mgm_blocks(&pre, &ks, got, ylo, zhi, 0);
        TU_ASSERT_MEM_EQ(got, &want[0][0], 16 * 2 * nb, "batch, trial %d", trial);
        TU_ASSERT(got[sizeof got - 1] == 0xa5, "written past the batch, trial %d", trial);
        /* misaligned output */
        memset(got, 0, sizeof got);
        axiom_kuz_z_mgm_blocks(&pre, &ks, got + 1, ylo, zhi, 0);
        TU_ASSERT_MEM_EQ(got + 1, &want[0][0], 16 * 2 * nb, "misaligned, trial %d", trial);
        /* the register order: Y_r, Y_16+r, Z_r, Z_16+r */
        axiom_kuz_z_mgm_blocks(&pre, &ks, got, ylo, zhi, 1);
        for (size_t r = 0; r < 16; r++)
            for (size_t l = 0; l < 4; l++)
                TU_ASSERT_MEM_EQ(got + 64 * r + 16 * l, want[r + 16 * l], 16,
                                 "lanes, register %zu lane %zu, trial %d", r, l, trial);
    }
#endif
}
END_TEST

int main(void)
{
    tu_init("test_mgm_kernels");
    Suite *s = suite_create("mgm_kernels");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_mgm_ref);
    tcase_add_test(tc, test_mgm_kernels);
    tcase_add_test(tc, test_mgm_kuz_batch);
    tcase_add_test(tc, test_mgm_crypt_lanes);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
