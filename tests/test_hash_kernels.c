/* SPDX-License-Identifier: GPL-2.0-or-later */
/* White-box test: every SHA-256 compression kernel built into the library
 * and usable under the current tier, single-stream or multi-lane, and
 * every SHA-512 one, against the portable kernel of its family on random
 * chaining values and random blocks (block counts 0 to 20 cover the
 * SHA-512 kernels' first pair, steady pairs and odd last blocks), at
 * every alignment; every kernel's whole-message call against the portable
 * one-shot path; and the one-shot calls' remembered pick (the
 * descriptors' memo) against a fresh axiom_pick after axiom_cpu_disable. */
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
    &axiom_sha256_shani_4x,
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

/* A kernel's own padding (axiom_hash_kernel's pad) against
 * axiom_hash_pad: the same blocks and block count for every tail length
 * of the block (one block below the length field's start, two from
 * there) and lengths whose bit count needs the field's top bytes; the
 * tail in a buffer of exactly its length (so that a read past it shows
 * under AddressSanitizer), nothing written past the blocks. */
static void check_pad(const axiom_hash_kernel *k)
{
    const size_t block = k->block;
    if (!k->pad || !usable(k)) {
        printf("[%s] %s (block %zu): no own padding or not usable here, skipped\n", tu_tier(),
               k->name, block);
        return;
    }
    tu_rng_reset(k->name);
    const uint64_t highs[] = { 0, 128, (uint64_t)1 << 56, (uint64_t)1 << 61,
                               ((uint64_t)1 << 61) * 5 + 4096, UINT64_MAX - 255 };
    for (size_t rest = 0; rest < block; rest++) {
        uint8_t *tail = rest ? malloc(rest) : NULL;
        ck_assert(!rest || tail != NULL);
        if (rest)
            tu_rand_bytes(tail, rest);
        for (size_t h = 0; h < sizeof highs / sizeof highs[0]; h++) {
            const uint64_t total = highs[h] + rest;
            uint8_t want[2 * 128 + 32], got[2 * 128 + 32];
            memset(want, 0xa5, sizeof want);
            memset(got, 0xa5, sizeof got);
            const size_t nw = axiom_hash_pad(want, tail, rest, total, block);
            const size_t ng = k->pad(got, tail, rest, total);
            TU_ASSERT(nw == ng, "%s pad: %zu blocks for %zu tail bytes, want %zu", k->name, ng,
                      rest, nw);
            TU_ASSERT_MEM_EQ(got, want, sizeof got, "%s pad (block %zu), %zu tail bytes, total %llu",
                             k->name, block, rest, (unsigned long long)total);
        }
        free(tail);
    }
    printf("[%s] %s (block %zu): padding matches axiom_hash_pad\n", tu_tier(), k->name, block);
}

START_TEST(test_pad512)
{
    check_pad(kernels512[_i]);
}
END_TEST

START_TEST(test_pad256)
{
    check_pad(kernels[_i]);
}
END_TEST

/* A kernel's whole-message call (axiom_hash_kernel's oneshot256) against
 * axiom_hash_oneshot on the portable kernel: every length from 0 to 200
 * (so one below, at and one above each padding step: 55/56 bytes of tail,
 * whole blocks at 64, 128 and 192) and longer random ones, from a random
 * chaining value with a prefix of 0, one block, and a bit count past 2^32
 * and near 2^64, every output length the callers pass (the digest's 32
 * and 28, HMAC's truncations); the message at the end of a buffer of
 * exactly its size at any alignment, nothing written past the output. */
START_TEST(test_oneshot256)
{
    const axiom_hash_kernel *k = kernels[_i];
    if (!k->oneshot256 || !usable(k)) {
        printf("[%s] %s: no whole-message call or not usable here, skipped\n", tu_tier(),
               k->name);
        return;
    }
    tu_rng_reset(k->name);
    const uint64_t prefixes[] = { 0, 64, (uint64_t)1 << 30, UINT64_MAX / 8 - 127 };
    const size_t outlens[] = { 32, 28, 20, 16, 1 };
    for (size_t iter = 0; iter < 240; iter++) {
        const size_t len = iter <= 200 ? iter : tu_rand_range(201, 3000);
        const size_t mis = tu_rand_range(0, 15);
        uint8_t *buf = malloc(mis + len ? mis + len : 1);
        ck_assert(buf != NULL);
        uint8_t *msg = buf + mis;
        tu_rand_bytes(msg, len);
        for (size_t pi = 0; pi < sizeof prefixes / sizeof prefixes[0]; pi++) {
            const uint64_t prefix = prefixes[pi] & ~(uint64_t)63;
            const size_t outlen = outlens[(iter + pi) % (sizeof outlens / sizeof outlens[0])];
            axiom_hash_cv cv;
            tu_rand_bytes(&cv, sizeof cv);
            uint8_t want[48], got[48];
            memset(want, 0xa5, sizeof want);
            memset(got, 0xa5, sizeof got);
            axiom_hash_oneshot(&cv, prefix, &axiom_sha256_generic, len ? msg : NULL, len, want,
                               outlen);
            k->oneshot256(cv.w32, prefix, len ? msg : NULL, len, got, outlen);
            TU_ASSERT_MEM_EQ(got, want, sizeof got, "%s whole message: %zu bytes, prefix %llu, %zu out",
                             k->name, len, (unsigned long long)prefix, outlen);
        }
        free(buf);
    }
    printf("[%s] %s: whole-message call matches the portable kernel\n", tu_tier(), k->name);
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

/* The memo returns axiom_pick's kernel, before and after the features of
 * that kernel are disabled (in check's default fork mode each test runs
 * in its own process, so the disable reaches no other test). */
START_TEST(test_pick_memo)
{
    static const char *const names[] = { "sha256", "sha512" };
    const axiom_hash_desc *d = axiom_hash_find(names[_i]);
    TU_ASSERT(d != NULL, "%s", names[_i]);
    for (int round = 0; round < 8; round++) {
        const axiom_hash_kernel *want = axiom_hash_pick(d->kernels);
        TU_ASSERT(axiom_hash_pick_desc(d) == want, "%s: memo %s, pick %s (round %d)", d->name,
                  axiom_hash_pick_desc(d)->name, want->name, round);
        TU_ASSERT(axiom_hash_pick_desc(d) == want, "%s: second call", d->name);
        /* The digest is the same on whichever kernel. */
        uint8_t a[64], b[64];
        static const uint8_t msg[200] = { 1, 2, 3 };
        TU_ASSERT_RC(axiom_hash(d->name, a, d->digestlen, msg, sizeof msg), AXIOM_OK, "hash");
        axiom_hash_oneshot(d->iv, 0, want, msg, sizeof msg, b, d->digestlen);
        TU_ASSERT(memcmp(a, b, d->digestlen) == 0, "%s on %s", d->name, want->name);
        if (!want->features)
            break;
        printf("[%s] %s: memo %s, then disabling its features\n", tu_tier(), d->name,
               want->name);
        TU_ASSERT_RC(axiom_cpu_disable(want->features), AXIOM_OK, "disable");
        TU_ASSERT(axiom_hash_pick(d->kernels) != want, "%s: %s still picked", d->name,
                  want->name);
    }
}
END_TEST

static Suite *kernel_suite(void)
{
    Suite *s = suite_create("hash-kernels");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_kernel, 0, (int)NKERNELS);
    tcase_add_loop_test(tc, test_kernel512, 0, (int)NKERNELS512);
    tcase_add_loop_test(tc, test_pad512, 0, (int)NKERNELS512);
    tcase_add_loop_test(tc, test_pad256, 0, (int)NKERNELS);
    tcase_add_loop_test(tc, test_oneshot256, 0, (int)NKERNELS);
    tcase_add_loop_test(tc, test_pick_memo, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_hash_kernels");
    return tu_run_suite(kernel_suite());
}
