/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box test: every SHA-256 compression kernel built into the library
 * and usable under the current tier, single-stream or multi-lane, and
 * every SHA-512 one, against the portable kernel of its family on random
 * chaining values and random blocks (block counts 0 to 20 cover the
 * SHA-512 kernels' first pair, steady pairs and odd last blocks), at
 * every alignment. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <axiom.h>

#include "sha2/hash.h"
#include "testutil.h"

static const axiom_hash_kernel *const kernels[] = {
#ifdef HAVE_ISA_SHANI
    &axiom_sha256_shani,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_sha256_avx2,
    &axiom_sha256_avx2_8x,
#endif
#ifdef HAVE_ISA_AVX512
    &axiom_sha256_avx512_16x,
#endif
    &axiom_sha256_generic,
};
#define NKERNELS (sizeof kernels / sizeof kernels[0])

static int usable(const axiom_hash_kernel *k)
{
    return (k->features & ~axiom_cpu_features()) == 0;
}

static const axiom_hash_kernel *const kernels512[] = {
#ifdef HAVE_ISA_AVX512
    &axiom_sha512_avx512,
    &axiom_sha512_avx512_gpr,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_sha512_avx2,
#endif
    &axiom_sha512_generic,
};
#define NKERNELS512 (sizeof kernels512 / sizeof kernels512[0])

START_TEST(test_kernel512)
{
    const axiom_hash_kernel *k = kernels512[_i];
    const axiom_hash_kernel *ref = &axiom_sha512_generic;
    TU_ASSERT(k->block == AXIOM_SHA512_BLOCK && k->compress64 && !k->compress, "%s", k->name);
    if (!usable(k)) {
        printf("[%s] sha512 %s: not usable in this tier, skipped\n", tu_tier(), k->name);
        return;
    }
    tu_rng_reset(k->name);
    enum { MAXB = 20 };
    uint8_t *buf = malloc(MAXB * 128 + 64);
    ck_assert(buf != NULL);
    for (int iter = 0; iter < 400; iter++) {
        size_t nb = iter <= MAXB ? (size_t)iter : tu_rand_range(0, MAXB);
        uint64_t s1[8], s2[8];
        uint8_t *p = buf + tu_rand_range(0, 63);
        tu_rand_bytes(s1, sizeof s1);
        memcpy(s2, s1, sizeof s1);
        tu_rand_bytes(p, nb * 128);
        /* A sentinel past the blocks: a kernel must not read into the
         * result (nor write anywhere in the buffer). */
        memset(p + nb * 128, 0xee, buf + MAXB * 128 + 64 - (p + nb * 128));
        uint8_t *copy = malloc(nb * 128 + 1);
        ck_assert(copy != NULL);
        memcpy(copy, p, nb * 128);
        k->compress64(s1, p, nb);
        ref->compress64(s2, p, nb);
        TU_ASSERT_MEM_EQ(s1, s2, sizeof s1, "sha512 %s, %zu blocks", k->name, nb);
        TU_ASSERT_MEM_EQ(p, copy, nb * 128, "sha512 %s modified its input", k->name);
        free(copy);
    }
    free(buf);
    printf("[%s] sha512 %s: matches the portable kernel\n", tu_tier(), k->name);
}
END_TEST

START_TEST(test_kernel)
{
    const axiom_hash_kernel *k = kernels[_i];
    const axiom_hash_kernel *ref = &axiom_sha256_generic;
    if (!usable(k)) {
        printf("[%s] %s: not usable in this tier, skipped\n", tu_tier(), k->name);
        return;
    }
    tu_rng_reset(k->name);
    enum { MAXB = 20 };
    uint8_t *buf = malloc(AXIOM_HASH_MAX_LANES * (MAXB * 64 + 16));
    ck_assert(buf != NULL);
    for (int iter = 0; iter < 300; iter++) {
        size_t nb = iter < MAXB ? (size_t)iter : tu_rand_range(0, MAXB);
        if (k->lanes == 1) {
            uint32_t s1[8], s2[8];
            uint8_t *p = buf + tu_rand_range(0, 15);
            tu_rand_bytes(s1, sizeof s1);
            memcpy(s2, s1, sizeof s1);
            tu_rand_bytes(p, nb * 64);
            k->compress(s1, p, nb);
            ref->compress(s2, p, nb);
            TU_ASSERT_MEM_EQ(s1, s2, sizeof s1, "%s, %zu blocks", k->name, nb);
        } else {
            unsigned L = k->lanes;
            uint32_t st[8 * AXIOM_HASH_MAX_LANES], want[AXIOM_HASH_MAX_LANES][8];
            const uint8_t *ptr[AXIOM_HASH_MAX_LANES];
            tu_rand_bytes(st, sizeof st);
            for (unsigned l = 0; l < L; l++) {
                uint8_t *p = buf + l * (MAXB * 64 + 16) + tu_rand_range(0, 15);
                tu_rand_bytes(p, nb * 64);
                /* Two lanes sometimes share data, as idle lanes do. */
                ptr[l] = (l && iter % 5 == 0 && l % 3 == 0) ? ptr[l - 1] : p;
                for (int j = 0; j < 8; j++)
                    want[l][j] = st[j * L + l];
            }
            for (unsigned l = 0; l < L; l++)
                ref->compress(want[l], ptr[l], nb);
            k->compress_lanes(st, ptr, nb);
            for (unsigned l = 0; l < L; l++) {
                uint32_t got[8];
                for (int j = 0; j < 8; j++)
                    got[j] = st[j * L + l];
                TU_ASSERT_MEM_EQ(got, want[l], sizeof got, "%s lane %u, %zu blocks", k->name, l,
                                 nb);
            }
        }
    }
    free(buf);
    printf("[%s] %s (%u lane%s): matches the portable kernel\n", tu_tier(), k->name, k->lanes,
           k->lanes > 1 ? "s" : "");
}
END_TEST

static Suite *kernel_suite(void)
{
    Suite *s = suite_create("hash-kernels");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_kernel, 0, (int)NKERNELS);
    tcase_add_loop_test(tc, test_kernel512, 0, (int)NKERNELS512);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_hash_kernels");
    return tu_run_suite(kernel_suite());
}
