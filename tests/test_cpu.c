/* SPDX-License-Identifier: GPL-2.0-or-later */
/* CPU dispatch and introspection: axiom_cpu_features() against the tier
 * (AXIOM_CPU_DISABLE) and against CPUID as the compiler's runtime sees it,
 * axiom_impl(), axiom_kernel_info(), axiom_cpu_disable(), concurrent first use from 8 threads,
 * axiom_strerror() and axiom_version_string(). */
#include "config.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <axiom.h>

#include "testutil.h"

/* The names cpu.h documents for AXIOM_CPU_DISABLE: what
 * axiom_cpu_feature_name() must return (test_feature_names). */
static const struct {
    const char *name;
    uint64_t bit;
} fnames[] = {
    { "aesni", AXIOM_CPU_AESNI },   { "pclmul", AXIOM_CPU_PCLMUL },
    { "ssse3", AXIOM_CPU_SSSE3 },   { "avx", AXIOM_CPU_AVX },
    { "avx2", AXIOM_CPU_AVX2 },     { "bmi2", AXIOM_CPU_BMI2 },
    { "adx", AXIOM_CPU_ADX },       { "vaes", AXIOM_CPU_VAES },
    { "vpclmul", AXIOM_CPU_VPCLMUL }, { "avx512", AXIOM_CPU_AVX512 },
    { "avx512ifma", AXIOM_CPU_AVX512IFMA }, { "avx512vbmi", AXIOM_CPU_AVX512VBMI },
    { "gfni", AXIOM_CPU_GFNI },     { "shani", AXIOM_CPU_SHANI },
};
#define NFEAT (sizeof fnames / sizeof fnames[0])
#define ALL_BITS ((UINT64_C(1) << 14) - 1)

/* AXIOM_CPU_DISABLE as the library's parser reads it (the parser itself
 * is checked against literal expectations in test_feature_names). */
static uint64_t disabled_by_env(void)
{
    return axiom_cpu_feature_parse(getenv("AXIOM_CPU_DISABLE"));
}

/* Up to 4 results may be live at once (several in one printf). */
static char *bits_str(uint64_t f)
{
    static char bufs[4][256];
    static unsigned next;
    char *buf = bufs[next++ & 3];
    buf[0] = 0;
    for (int i = 0; i < 64; i++)
        if ((f >> i) & 1)
            snprintf(buf + strlen(buf), 256 - strlen(buf), "%s%s", buf[0] ? "," : "",
                     axiom_cpu_feature_name(UINT64_C(1) << i) ? axiom_cpu_feature_name(UINT64_C(1) << i)
                                                              : "?");
    if (!buf[0])
        snprintf(buf, 256, "none");
    return buf;
}

/* Features the build compiled kernels for (mirrors configure's bundles,
 * written out again here rather than read from the library). */
static uint64_t compiled_mask(void)
{
    const uint64_t avx = AXIOM_CPU_AVX | AXIOM_CPU_AVX2, avx512 = avx | AXIOM_CPU_AVX512;
    uint64_t m = 0;
    (void)avx, (void)avx512; /* unused when configure built no bundle */
#ifdef HAVE_ISA_SSSE3
    m |= AXIOM_CPU_SSSE3;
#endif
#ifdef HAVE_ISA_AESNI
    m |= AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3;
#endif
#ifdef HAVE_ISA_AVX2
    m |= avx | AXIOM_CPU_BMI2 | AXIOM_CPU_ADX;
#endif
#ifdef HAVE_ISA_AVX2_AESNI
    m |= avx | AXIOM_CPU_AESNI;
#endif
#ifdef HAVE_ISA_AVX2_GFNI
    m |= avx | AXIOM_CPU_GFNI;
#endif
#ifdef HAVE_ISA_VAES_AVX2
    m |= avx | AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL;
#endif
#ifdef HAVE_ISA_AVX512
    m |= avx512;
#endif
#ifdef HAVE_ISA_AVX512_IFMA
    m |= avx512 | AXIOM_CPU_AVX512IFMA;
#endif
#ifdef HAVE_ISA_AVX512_GFNI
    m |= avx512 | AXIOM_CPU_GFNI;
#endif
#ifdef HAVE_ISA_AVX512_VBMI_GFNI
    m |= avx512 | AXIOM_CPU_AVX512VBMI | AXIOM_CPU_GFNI;
#endif
#ifdef HAVE_ISA_VAES_AVX512
    m |= avx512 | AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL;
#endif
#ifdef HAVE_ISA_SHANI
    m |= AXIOM_CPU_SHANI | AXIOM_CPU_SSSE3;
#endif
    return m;
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && !defined(__clang__) && \
    __GNUC__ >= 12
#define HAVE_CPU_SUPPORTS 1
/* What the compiler's runtime (CPUID + XGETBV) reports, in AXIOM bits;
 * @known gets the bits this function can speak for. */
static uint64_t cpu_supports_mask(uint64_t *known)
{
    __builtin_cpu_init();
    uint64_t m = 0;
    if (__builtin_cpu_supports("aes")) m |= AXIOM_CPU_AESNI;
    if (__builtin_cpu_supports("pclmul")) m |= AXIOM_CPU_PCLMUL;
    if (__builtin_cpu_supports("ssse3")) m |= AXIOM_CPU_SSSE3;
    if (__builtin_cpu_supports("avx")) m |= AXIOM_CPU_AVX;
    if (__builtin_cpu_supports("avx2")) m |= AXIOM_CPU_AVX2;
    if (__builtin_cpu_supports("bmi2")) m |= AXIOM_CPU_BMI2;
    if (__builtin_cpu_supports("vaes")) m |= AXIOM_CPU_VAES;
    if (__builtin_cpu_supports("vpclmulqdq")) m |= AXIOM_CPU_VPCLMUL;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
        m |= AXIOM_CPU_AVX512;
    if (__builtin_cpu_supports("avx512ifma")) m |= AXIOM_CPU_AVX512IFMA;
    if (__builtin_cpu_supports("avx512vbmi")) m |= AXIOM_CPU_AVX512VBMI;
    if (__builtin_cpu_supports("gfni")) m |= AXIOM_CPU_GFNI;
    if (__builtin_cpu_supports("sha")) m |= AXIOM_CPU_SHANI;
    *known = ALL_BITS & ~AXIOM_CPU_ADX;
    return m;
}
#endif

/* Prerequisites: a feature is only usable with these (as cpu.c applies
 * them at detection). */
static const struct {
    uint64_t bit, needs;
} prereq[] = {
    { AXIOM_CPU_AVX2, AXIOM_CPU_AVX },
    { AXIOM_CPU_VAES, AXIOM_CPU_AVX },
    { AXIOM_CPU_VPCLMUL, AXIOM_CPU_AVX },
    { AXIOM_CPU_AVX512, AXIOM_CPU_AVX },
    { AXIOM_CPU_AVX512IFMA, AXIOM_CPU_AVX512 },
    { AXIOM_CPU_AVX512VBMI, AXIOM_CPU_AVX512 },
};

START_TEST(test_features_match_tier)
{
    const uint64_t f = axiom_cpu_features();
    const uint64_t dis = disabled_by_env();
    const char *tier = tu_tier();
    printf("tier %s: features %s\n", tier, bits_str(f));

    TU_ASSERT(axiom_cpu_features() == f, "axiom_cpu_features() is not stable");
    TU_ASSERT((f & ~ALL_BITS) == 0, "undefined feature bits %#llx", (unsigned long long)(f & ~ALL_BITS));
    TU_ASSERT((f & dis) == 0, "disabled features still reported: %s", bits_str(f & dis));
    TU_ASSERT((f & ~compiled_mask()) == 0, "features without compiled kernels: %s",
              bits_str(f & ~compiled_mask()));

    if (!strcmp(tier, "all-off"))
        TU_ASSERT(f == 0, "tier all-off reports %s", bits_str(f));
    if (!strcmp(tier, "no-avx512"))
        TU_ASSERT(!(f & (AXIOM_CPU_AVX512 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL)),
                  "tier no-avx512 reports %s", bits_str(f));
    if (!strcmp(tier, "no-aesni"))
        TU_ASSERT(!(f & (AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL |
                         AXIOM_CPU_AVX512 | AXIOM_CPU_GFNI | AXIOM_CPU_SHANI)),
                  "tier no-aesni reports %s", bits_str(f));
    if (getenv("AXIOM_TIER") && !strcmp(tier, "native"))
        TU_ASSERT(dis == 0, "tier native with AXIOM_CPU_DISABLE set");
}
END_TEST

/* A reported feature comes with its prerequisites, whatever was disabled:
 * otherwise a kernel that declares only the dependent bit would run in a
 * tier that took its base away. */
START_TEST(test_features_prerequisites)
{
    const uint64_t f = axiom_cpu_features();
    for (size_t i = 0; i < sizeof prereq / sizeof prereq[0]; i++)
        if (f & prereq[i].bit) {
            TU_ASSERT(f & prereq[i].needs, "%s reported without %s (features %s, "
                      "AXIOM_CPU_DISABLE=%s)", bits_str(prereq[i].bit), bits_str(prereq[i].needs),
                      bits_str(f),
                      getenv("AXIOM_CPU_DISABLE") ? getenv("AXIOM_CPU_DISABLE") : "");
        }
}
END_TEST

START_TEST(test_features_vs_cpuid)
{
#ifdef HAVE_CPU_SUPPORTS
    uint64_t known = 0;
    const uint64_t cpu = cpu_supports_mask(&known);
    const uint64_t f = axiom_cpu_features();
    const uint64_t dis = disabled_by_env();
    printf("CPUID (gcc runtime): %s\n", bits_str(cpu));
    /* never more than the CPU has */
    TU_ASSERT((f & known & ~cpu) == 0, "features the CPU lacks: %s", bits_str(f & known & ~cpu));
    /* and not less than CPU & build & not disabled, with prerequisites */
    uint64_t expect = cpu & compiled_mask() & known;
    if (!(expect & AXIOM_CPU_AVX))
        expect &= ~(AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX512 |
                    AXIOM_CPU_AVX512IFMA | AXIOM_CPU_AVX512VBMI);
    if (!(expect & AXIOM_CPU_AVX512))
        expect &= ~(AXIOM_CPU_AVX512IFMA | AXIOM_CPU_AVX512VBMI);
    expect &= ~dis;
    /* the dependants of a disabled base may or may not be dropped (that
     * is test_features_prerequisites' business) */
    uint64_t loose = 0;
    for (size_t i = 0; i < sizeof prereq / sizeof prereq[0]; i++)
        if (dis & prereq[i].needs)
            loose |= prereq[i].bit;
    if ((expect & ~loose) != (f & known & ~loose)) {
        char got[256];
        snprintf(got, sizeof got, "%s", bits_str(f & known & ~loose));
        ck_abort_msg(TU_PREFIX "features %s, expected %s from CPUID, build and AXIOM_CPU_DISABLE",
                     tu_tier(), tu_seed(), got, bits_str(expect & ~loose));
    }
#else
    printf("__builtin_cpu_supports cross-check not available with this compiler\n");
#endif
}
END_TEST

static const char *const all_names[] = {
    "aes-128-ecb", "aes-128-cbc", "aes-128-ctr", "aes-128-cfb", "aes-128-ofb",
    "aes-192-ecb", "aes-192-cbc", "aes-192-ctr", "aes-192-cfb", "aes-192-ofb",
    "aes-256-ecb", "aes-256-cbc", "aes-256-ctr", "aes-256-cfb", "aes-256-ofb",
    "aes-128-xts", "aes-256-xts",
};
#define NNAMES (sizeof all_names / sizeof all_names[0])

static void check_impl_for_features(uint64_t f)
{
    for (size_t i = 0; i < NNAMES; i++) {
        const char *impl = axiom_impl(all_names[i]);
        TU_ASSERT(impl != NULL && *impl, "axiom_impl(%s) is NULL/empty", all_names[i]);
        if (!(f & AXIOM_CPU_AESNI)) {
            TU_ASSERT(!strcmp(impl, "generic-ct"), "axiom_impl(%s) = %s without AES-NI (features %s)",
                      all_names[i], impl, bits_str(f));
        } else if ((f & (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3)) == (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3)) {
            if (f & AXIOM_CPU_VAES)
                TU_ASSERT(!strcmp(impl, "aesni") || !strncmp(impl, "vaes", 4),
                          "axiom_impl(%s) = %s with AES-NI and VAES", all_names[i], impl);
            else
                TU_ASSERT(!strcmp(impl, "aesni"), "axiom_impl(%s) = %s with AES-NI (features %s)",
                          all_names[i], impl, bits_str(f));
        }
    }
}

START_TEST(test_impl)
{
    const uint64_t f = axiom_cpu_features();
    check_impl_for_features(f);
    printf("axiom_impl(aes-128-ctr) = %s\n", axiom_impl("aes-128-ctr"));

    /* case-insensitive, same static string */
    static const char *const up[] = { "AES-128-CTR", "Aes-256-Xts", "aEs-192-OfB" };
    static const char *const lo[] = { "aes-128-ctr", "aes-256-xts", "aes-192-ofb" };
    for (size_t i = 0; i < 3; i++) {
        const char *a = axiom_impl(up[i]), *b = axiom_impl(lo[i]);
        TU_ASSERT(a != NULL && b != NULL && !strcmp(a, b), "axiom_impl(%s) = %s, (%s) = %s", up[i],
                  a ? a : "NULL", lo[i], b ? b : "NULL");
    }
    static const char *const unknown[] = { "", "aes", "aes-128", "aes-192-xts", "aes-128-ctr ",
                                           "rot13", "aes-128-ecbb", "sha-257" };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        TU_ASSERT(axiom_impl(unknown[i]) == NULL, "axiom_impl(\"%s\") = %s, want NULL", unknown[i],
                  axiom_impl(unknown[i]));
    TU_ASSERT(axiom_impl(NULL) == NULL, "axiom_impl(NULL) is not NULL");
}
END_TEST

/* Every algorithm name of the API (doc/mainpage.md) and "sha256-many". */
static const char *const every_name[] = {
    TU_CIPHER_NAMES, TU_AEAD_NAMES, "sha224", "sha256", "sha256-many", "sha384", "sha512",
    "sha512-256", "sha512-many",
};

static int ct_only_now(void)
{
#ifdef AXIOM_CT_ONLY_DEFAULT
    return 1;
#else
    const char *ct = getenv("AXIOM_CT_ONLY");
    return ct && *ct && strcmp(ct, "0") != 0;
#endif
}

/* Per-model preferences on (AXIOM_CPU_TUNING unset or not "0"). */
static int tuned_now(void)
{
    const char *t = getenv("AXIOM_CPU_TUNING");
    return !t || strcmp(t, "0") != 0;
}

/* axiom_kernel_info() lists the kernel axiom_impl() names, and the library
 * uses the first usable row of the list, or with per-model preferences
 * (tests/tiers.sh runs the suite with them off too) a usable row after
 * it: the tool's kernel table and the library cannot drift apart
 * unnoticed. */
START_TEST(test_kernel_info)
{
    const uint64_t have = axiom_cpu_features();
    const int ct_only = ct_only_now(), tuned = tuned_now();
    for (size_t a = 0; a < sizeof every_name / sizeof every_name[0]; a++) {
        const char *name = every_name[a], *impl = axiom_impl(name);
        const char *k, *first = NULL, *seen[32];
        uint64_t need;
        int ct, found = 0, impl_usable_late = 0;
        size_t i;
        for (i = 0; axiom_kernel_info(name, i, &k, &need, &ct) == AXIOM_OK; i++) {
            TU_ASSERT(i < 32, "%s: more than 32 kernels", name);
            TU_ASSERT(k != NULL && *k, "%s: kernel %zu has no name", name, i);
            TU_ASSERT(ct == 0 || ct == 1, "%s/%s: constant_time %d", name, k, ct);
            TU_ASSERT((need & ~ALL_BITS) == 0, "%s/%s: unknown feature bits", name, k);
            for (size_t j = 0; j < i; j++)
                TU_ASSERT(strcmp(seen[j], k) != 0, "%s: kernel %s listed twice", name, k);
            seen[i] = k;
            const int usable = (need & ~have) == 0 && (ct || !ct_only);
            if (!first && usable)
                first = k;
            if (impl && !strcmp(k, impl)) {
                found = 1;
                impl_usable_late = usable && first != NULL;
            }
        }
        TU_ASSERT(i > 0, "axiom_kernel_info(%s, 0) failed", name);
        /* the NULL out-pointers are allowed, and the end stays the end */
        TU_ASSERT_RC(axiom_kernel_info(name, 0, NULL, NULL, NULL), AXIOM_OK, "%s NULL outs", name);
        TU_ASSERT_RC(axiom_kernel_info(name, i, &k, &need, &ct), AXIOM_ENOTFOUND, "%s past end",
                     name);
        TU_ASSERT_RC(axiom_kernel_info(name, (size_t)-1, &k, &need, &ct), AXIOM_ENOTFOUND,
                     "%s at SIZE_MAX", name);
        if (!impl) {
            /* Only with constant time required and no such kernel usable. */
            TU_ASSERT(ct_only && first == NULL, "axiom_impl(%s) is NULL", name);
            continue;
        }
        TU_ASSERT(found, "axiom_impl(%s) = %s is not in axiom_kernel_info's list", name, impl);
        /* axiom_hash_many() skips lane kernels that do not pay: any listed
         * usable one may serve it. */
        if (strcmp(name, "sha256-many") == 0)
            continue;
        if (tuned)
            TU_ASSERT(impl_usable_late, "%s: library uses %s, not a usable row from %s on", name,
                      impl, first ? first : "none");
        else
            TU_ASSERT(first && !strcmp(first, impl), "%s: library uses %s, first usable row is %s",
                      name, impl, first ? first : "none");
        if (strcmp(impl, first) != 0)
            printf("%s: %s, passed over %s on this CPU model\n", name, impl, first);
    }
    const char *k = "unchanged";
    TU_ASSERT_RC(axiom_kernel_info("rot13", 0, &k, NULL, NULL), AXIOM_ENOTFOUND, "unknown name");
    TU_ASSERT(!strcmp(k, "unchanged"), "unknown name wrote the output");
    TU_ASSERT_RC(axiom_kernel_info("sha257-many", 0, &k, NULL, NULL), AXIOM_ENOTFOUND, "bad -many");
    TU_ASSERT_RC(axiom_kernel_info(NULL, 0, &k, NULL, NULL), AXIOM_EINVAL, "NULL name");
    TU_ASSERT_RC(axiom_kernel_info("AES-128-CTR", 0, NULL, NULL, NULL), AXIOM_OK, "case");
}
END_TEST

static const uint8_t K128[16] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                  0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };
static const uint8_t P128[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                  0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
/* FIPS 197 C.1 */
static const uint8_t C128[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                  0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };

static int fips197_c1(uint8_t out[16])
{
    axiom_cipher_ctx *c = NULL;
    int rc = axiom_cipher_new(&c, "aes-128-ecb");
    if (rc == AXIOM_OK)
        rc = axiom_cipher_init(c, AXIOM_ENCRYPT, K128, 16, NULL, 0);
    if (rc == AXIOM_OK)
        rc = axiom_cipher_update(c, out, P128, 16);
    axiom_cipher_free(c);
    return rc;
}

/* Runs last in its own process (Check forks per test by default). */
START_TEST(test_disable)
{
    const uint64_t f0 = axiom_cpu_features();
    uint8_t out[16];

    /* a context made before the change keeps working */
    axiom_cipher_ctx *before = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&before, "aes-128-ecb"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_cipher_init(before, AXIOM_ENCRYPT, K128, 16, NULL, 0), AXIOM_OK, "init");

    TU_ASSERT_RC(axiom_cpu_disable(0), AXIOM_OK, "disable(0)");
    TU_ASSERT(axiom_cpu_features() == f0, "disable(0) changed the features");

    TU_ASSERT_RC(axiom_cpu_disable(AXIOM_CPU_AESNI), AXIOM_OK, "disable(AESNI)");
    const uint64_t f1 = axiom_cpu_features();
    TU_ASSERT(!(f1 & AXIOM_CPU_AESNI), "AESNI still reported");
    TU_ASSERT((f1 & ~f0) == 0, "disable added features");
    /* everything else stays (VAES/VPCLMUL may go with AES-NI) */
    TU_ASSERT((f0 & ~(AXIOM_CPU_AESNI | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL) & ~f1) == 0,
              "disable(AESNI) also removed %s", bits_str(f0 & ~f1 & ~AXIOM_CPU_AESNI));
    for (size_t i = 0; i < NNAMES; i++)
        TU_ASSERT(!strcmp(axiom_impl(all_names[i]), "generic-ct"),
                  "axiom_impl(%s) = %s after disable(AESNI)", all_names[i], axiom_impl(all_names[i]));
    /* a context created now uses the portable kernel, and is right */
    memset(out, 0, sizeof out);
    TU_ASSERT_RC(fips197_c1(out), AXIOM_OK, "FIPS 197 C.1 after disable");
    TU_ASSERT_MEM_EQ(out, C128, 16, "FIPS 197 C.1 after disable(AESNI)");
    memset(out, 0, sizeof out);
    TU_ASSERT_RC(axiom_cipher_update(before, out, P128, 16), AXIOM_OK, "old context");
    TU_ASSERT_MEM_EQ(out, C128, 16, "a context from before disable(AESNI)");
    axiom_cipher_free(before);

    /* features cannot come back: the env re-read or a 0 mask changes nothing */
    TU_ASSERT_RC(axiom_cpu_disable(0), AXIOM_OK, "disable(0)");
    TU_ASSERT(!(axiom_cpu_features() & AXIOM_CPU_AESNI), "AESNI came back");

    TU_ASSERT_RC(axiom_cpu_disable(~UINT64_C(0)), AXIOM_OK, "disable(all)");
    TU_ASSERT(axiom_cpu_features() == 0, "after disable(~0): %s", bits_str(axiom_cpu_features()));
    check_impl_for_features(0);
    memset(out, 0, sizeof out);
    TU_ASSERT_RC(fips197_c1(out), AXIOM_OK, "FIPS 197 C.1 after disable(all)");
    TU_ASSERT_MEM_EQ(out, C128, 16, "FIPS 197 C.1 after disable(all)");
}
END_TEST

/* ------------------------------------------------------------ threads */

#define NTHREADS 8
#define ITERS 200

typedef struct {
    pthread_barrier_t *bar;
    uint64_t first_features; /* from the very first call, racing the others */
    uint64_t features_or, features_and;
    const char *impl[NNAMES];
    int impl_mismatch;
    int crypto_errors;
    uint8_t ct[64];
} tstate;

static const uint8_t T_KEY[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                   17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };
static const uint8_t T_IV[16] = { 0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8,
                                  0xf7, 0xf6, 0xf5, 0xf4, 0xf3, 0xf2, 0xf1, 0xf0 };

static void *worker(void *arg)
{
    tstate *s = arg;
    uint8_t pt[64];
    for (int i = 0; i < 64; i++)
        pt[i] = (uint8_t)(i * 3 + 1);
    pthread_barrier_wait(s->bar);
    s->first_features = axiom_cpu_features();
    s->features_or = 0;
    s->features_and = ~UINT64_C(0);
    for (size_t i = 0; i < NNAMES; i++)
        s->impl[i] = axiom_impl(all_names[i]);
    for (int it = 0; it < ITERS; it++) {
        uint64_t f = axiom_cpu_features();
        s->features_or |= f;
        s->features_and &= f;
        const char *name = all_names[it % NNAMES];
        const char *impl = axiom_impl(name);
        if (!impl || impl != s->impl[it % NNAMES])
            s->impl_mismatch++;
        axiom_cipher_ctx *c = NULL;
        uint8_t ct[64];
        if (axiom_cipher_new(&c, "aes-256-ctr") != AXIOM_OK ||
            axiom_cipher_init(c, AXIOM_ENCRYPT, T_KEY, 32, T_IV, 16) != AXIOM_OK ||
            axiom_cipher_update(c, ct, pt, 64) != AXIOM_OK) {
            s->crypto_errors++;
        } else if (it == 0) {
            memcpy(s->ct, ct, 64);
        } else if (memcmp(ct, s->ct, 64)) {
            s->crypto_errors++;
        }
        axiom_cipher_free(c);
    }
    return NULL;
}

/* The first use of the library in this process is this test's 8 threads
 * starting together (main() makes no axiom call, Check forks per test). */
START_TEST(test_threads)
{
    pthread_t th[NTHREADS];
    tstate st[NTHREADS];
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, NTHREADS);
    memset(st, 0, sizeof st);
    for (int i = 0; i < NTHREADS; i++) {
        st[i].bar = &bar;
        TU_ASSERT(pthread_create(&th[i], NULL, worker, &st[i]) == 0, "pthread_create");
    }
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&bar);

    const uint64_t f = axiom_cpu_features();
    uint8_t want[64], pt[64];
    for (int i = 0; i < 64; i++)
        pt[i] = (uint8_t)(i * 3 + 1);
    axiom_cipher_ctx *c = NULL;
    TU_ASSERT_RC(axiom_cipher_new(&c, "aes-256-ctr"), AXIOM_OK, "new");
    TU_ASSERT_RC(axiom_cipher_init(c, AXIOM_ENCRYPT, T_KEY, 32, T_IV, 16), AXIOM_OK, "init");
    TU_ASSERT_RC(axiom_cipher_update(c, want, pt, 64), AXIOM_OK, "update");
    axiom_cipher_free(c);
    for (int i = 0; i < NTHREADS; i++) {
        TU_ASSERT(st[i].first_features == f, "thread %d: first axiom_cpu_features() = %s, later %s",
                  i, bits_str(st[i].first_features), bits_str(f));
        TU_ASSERT(st[i].features_or == f && st[i].features_and == f,
                  "thread %d: features varied over time", i);
        for (size_t n = 0; n < NNAMES; n++)
            TU_ASSERT(st[i].impl[n] && !strcmp(st[i].impl[n], axiom_impl(all_names[n])),
                      "thread %d: axiom_impl(%s) = %s, later %s", i, all_names[n],
                      st[i].impl[n] ? st[i].impl[n] : "NULL", axiom_impl(all_names[n]));
        TU_ASSERT(st[i].impl_mismatch == 0, "thread %d: axiom_impl changed %d times", i,
                  st[i].impl_mismatch);
        TU_ASSERT(st[i].crypto_errors == 0, "thread %d: %d failed or differing encryptions", i,
                  st[i].crypto_errors);
        TU_ASSERT_MEM_EQ(st[i].ct, want, 64, "thread %d: ciphertext", i);
    }
}
END_TEST

/* ------------------------------------------------------------ strerror, version */

START_TEST(test_strerror)
{
    static const int codes[] = { AXIOM_OK, AXIOM_EINVAL, AXIOM_ENOTFOUND, AXIOM_EKEYLEN,
                                 AXIOM_EIVLEN, AXIOM_ETAGLEN, AXIOM_ELENGTH, AXIOM_ESTATE,
                                 AXIOM_EAUTH, AXIOM_ENOMEM, AXIOM_ERANDOM, AXIOM_ENOTCT };
    const size_t n = sizeof codes / sizeof codes[0];
    const char *msg[sizeof codes / sizeof codes[0]];
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            TU_ASSERT(codes[i] < 0, "error code %d is not negative", codes[i]);
        for (size_t j = 0; j < i; j++)
            TU_ASSERT(codes[i] != codes[j], "codes %zu and %zu are equal", i, j);
        msg[i] = axiom_strerror(codes[i]);
        TU_ASSERT(msg[i] != NULL && strlen(msg[i]) > 3, "axiom_strerror(%d) is NULL or empty", codes[i]);
        TU_ASSERT(axiom_strerror(codes[i]) == msg[i] || !strcmp(axiom_strerror(codes[i]), msg[i]),
                  "axiom_strerror(%d) not stable", codes[i]);
        for (size_t j = 0; j < i; j++)
            TU_ASSERT(strcmp(msg[i], msg[j]) != 0, "codes %d and %d share the message \"%s\"",
                      codes[i], codes[j], msg[i]);
    }
    static const int unknown[] = { 1, 2, -12, -13, -100, -999, 12345, INT_MIN, INT_MAX, INT_MIN + 1 };
    const char *generic = axiom_strerror(unknown[0]);
    TU_ASSERT(generic != NULL && strlen(generic) > 3, "axiom_strerror(1) is NULL or empty");
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *m = axiom_strerror(unknown[i]);
        TU_ASSERT(m != NULL && *m, "axiom_strerror(%d) is NULL or empty", unknown[i]);
        TU_ASSERT(!strcmp(m, generic), "unknown code %d: \"%s\", not the generic \"%s\"", unknown[i],
                  m, generic);
        for (size_t j = 0; j < n; j++)
            TU_ASSERT(strcmp(m, msg[j]) != 0, "unknown code %d gets the message of %d", unknown[i],
                      codes[j]);
    }
}
END_TEST

/* axiom_cpu_feature_name and axiom_cpu_feature_parse against what cpu.h
 * documents: each bit's name, the aliases, "all", separators, case. */
START_TEST(test_feature_names)
{
    for (size_t i = 0; i < NFEAT; i++) {
        const char *n = axiom_cpu_feature_name(fnames[i].bit);
        TU_ASSERT(n && !strcmp(n, fnames[i].name), "name of %#llx: %s, want %s",
                  (unsigned long long)fnames[i].bit, n ? n : "NULL", fnames[i].name);
        TU_ASSERT(axiom_cpu_feature_parse(fnames[i].name) == fnames[i].bit, "parse(%s)",
                  fnames[i].name);
    }
    int named = 0;
    for (int i = 0; i < 64; i++)
        named += axiom_cpu_feature_name(UINT64_C(1) << i) != NULL;
    TU_ASSERT(named == (int)NFEAT, "%d bits have names, cpu.h documents %zu", named, NFEAT);
    TU_ASSERT(axiom_cpu_feature_name(0) == NULL, "name of 0");
    TU_ASSERT(axiom_cpu_feature_name(AXIOM_CPU_AESNI | AXIOM_CPU_VAES) == NULL, "name of two bits");
    TU_ASSERT(axiom_cpu_feature_name(~UINT64_C(0)) == NULL, "name of all bits");
    TU_ASSERT(axiom_cpu_feature_parse(NULL) == 0, "parse(NULL)");
    TU_ASSERT(axiom_cpu_feature_parse("") == 0, "parse(\"\")");
    TU_ASSERT(axiom_cpu_feature_parse("all") == ~UINT64_C(0), "parse(all)");
    TU_ASSERT(axiom_cpu_feature_parse(" ALL ") == ~UINT64_C(0), "parse( ALL )");
    TU_ASSERT(axiom_cpu_feature_parse("aesni,VAES\tsha  vpclmulqdq,,") ==
                  (AXIOM_CPU_AESNI | AXIOM_CPU_VAES | AXIOM_CPU_SHANI | AXIOM_CPU_VPCLMUL),
              "parse of a mixed list");
    TU_ASSERT(axiom_cpu_feature_parse("aesnix,avx51,vae,bogus") == 0, "near misses are ignored");
    TU_ASSERT(axiom_cpu_feature_parse("avx512ifma") == AXIOM_CPU_AVX512IFMA, "no prefix match");
}
END_TEST

START_TEST(test_version)
{
    const char *v = axiom_version_string();
    TU_ASSERT(v != NULL, "axiom_version_string() is NULL");
    TU_ASSERT(!strcmp(v, AXIOM_VERSION_STRING), "library %s, headers %s", v, AXIOM_VERSION_STRING);
    unsigned a, b, c;
    char tail;
    TU_ASSERT(sscanf(v, "%u.%u.%u%c", &a, &b, &c, &tail) == 3, "version \"%s\" is not MAJOR.MINOR.PATCH", v);
#ifdef PACKAGE_VERSION
    TU_ASSERT(!strcmp(v, PACKAGE_VERSION), "library %s, configure %s", v, PACKAGE_VERSION);
#endif
}
END_TEST

static Suite *cpu_suite(void)
{
    Suite *s = suite_create("cpu");
    TCase *tc = tcase_create("cpu");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_threads); /* first: in no-fork mode it is still the first use */
    tcase_add_test(tc, test_features_match_tier);
    tcase_add_test(tc, test_features_prerequisites);
    tcase_add_test(tc, test_features_vs_cpuid);
    tcase_add_test(tc, test_impl);
    tcase_add_test(tc, test_kernel_info);
    tcase_add_test(tc, test_strerror);
    tcase_add_test(tc, test_feature_names);
    tcase_add_test(tc, test_version);
    tcase_add_test(tc, test_disable); /* last: changes process-wide state */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    tu_init("test_cpu");
    /* No libaxiom call here: test_threads must be the first use. */
    return tu_run_suite(cpu_suite());
}
