/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CPU feature detection (CPUID + XGETBV), the AXIOM_CPU_DISABLE switch, and
 * the process-wide mask that kernel selection reads. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "core/kernel.h"
#include "core/prefetch.h"

#if !defined(HAVE_SECURE_GETENV) && !defined(HAVE___SECURE_GETENV)
#if defined(HAVE_GETAUXVAL) && defined(HAVE_SYS_AUXV_H)
#include <sys/auxv.h>
#else
#include <unistd.h>
#endif
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define AXIOM_X86 1
#endif

static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;
static uint64_t cpu_detected;    /* written once under cpu_once */
static uint64_t cpu_disabled;    /* only ever gains bits; atomic */
/* What kernels may use: with_prerequisites(cpu_detected & ~cpu_disabled),
 * kept up to date by cpu_init and axiom_cpu_disable so that a kernel pick
 * reads one word; only ever loses bits; atomic. */
static uint64_t cpu_usable;
static int ct_only;              /* written once under cpu_once */
static unsigned cpu_traits;      /* AXIOM_TRAIT_*, written once under cpu_once */
size_t axiom_pf_large = AXIOM_PF_LARGE; /* core/prefetch.h; written once under cpu_once */
static int cpu_ready;            /* set (release) once cpu_init has run */
/* lib/core/kernel.h: 1 once cpu_usable is set, one more after each
 * axiom_cpu_disable() has changed it; atomic. */
uint64_t axiom_cpu_gen;

uint64_t axiom_cpu_compiled(void)
{
    /* The features whose instructions the bundles of this build contain
     * (configure.ac, Makefile.am). */
    uint64_t m = 0;
#ifdef HAVE_ISA_SSSE3
    m |= AXIOM_CPU_SSSE3;
#endif
#ifdef HAVE_ISA_AESNI
    m |= AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3;
#endif
#ifdef HAVE_ISA_AVX2
    /* BMI2 and ADX: scalar instructions in the AVX2 kernels' inline
     * assembly, used after a run-time check. */
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_BMI2 | AXIOM_CPU_ADX;
#endif
#ifdef HAVE_ISA_AVX2_AESNI
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_AESNI;
#endif
#ifdef HAVE_ISA_AVX2_GFNI
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_GFNI;
#endif
#ifdef HAVE_ISA_VAES_AVX2
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL | AXIOM_CPU_VAES |
         AXIOM_CPU_VPCLMUL;
#endif
#ifdef HAVE_ISA_AVX512
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512;
#endif
#ifdef HAVE_ISA_AVX512_IFMA
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_AVX512IFMA;
#endif
#ifdef HAVE_ISA_AVX512_GFNI
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_GFNI;
#endif
#ifdef HAVE_ISA_AVX512_VBMI_GFNI
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_AVX512VBMI |
         AXIOM_CPU_GFNI;
#endif
#ifdef HAVE_ISA_VAES_AVX512
    m |= AXIOM_CPU_AVX | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_AESNI | AXIOM_CPU_PCLMUL |
         AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL;
#endif
#ifdef HAVE_ISA_SHANI
    m |= AXIOM_CPU_SHANI | AXIOM_CPU_SSSE3;
#endif
    return m;
}

#ifdef AXIOM_X86
static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static uint64_t cpu_probe(void)
{
    unsigned a, b, c, d, max;
    uint64_t f = 0;

    if (!__get_cpuid(0, &max, &b, &c, &d) || max < 1)
        return 0;
    __cpuid(1, a, b, c, d);
    const unsigned c1 = c;
    if (c1 & (1u << 25)) f |= AXIOM_CPU_AESNI;
    if (c1 & (1u << 1))  f |= AXIOM_CPU_PCLMUL;
    if (c1 & (1u << 9))  f |= AXIOM_CPU_SSSE3;

    /* YMM and ZMM registers count only if the OS saves them (XCR0). */
    int ymm_ok = 0, zmm_ok = 0;
    if (c1 & (1u << 27)) { /* OSXSAVE */
        uint64_t xcr0 = xgetbv0();
        ymm_ok = (xcr0 & 0x6) == 0x6;             /* SSE + AVX state */
        zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM_Hi256, Hi16_ZMM */
    }
    if (ymm_ok && (c1 & (1u << 28)))
        f |= AXIOM_CPU_AVX;

    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 8)) f |= AXIOM_CPU_BMI2;
        if (b & (1u << 19)) f |= AXIOM_CPU_ADX;
        if (b & (1u << 29)) f |= AXIOM_CPU_SHANI;
        if (c & (1u << 8)) f |= AXIOM_CPU_GFNI;
        if (f & AXIOM_CPU_AVX) {
            if (b & (1u << 5)) f |= AXIOM_CPU_AVX2;
            if (c & (1u << 9)) f |= AXIOM_CPU_VAES;
            if (c & (1u << 10)) f |= AXIOM_CPU_VPCLMUL;
        }
        const unsigned need512 = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31); /* F DQ BW VL */
        if (zmm_ok && (b & need512) == need512) {
            f |= AXIOM_CPU_AVX512;
            if (b & (1u << 21)) f |= AXIOM_CPU_AVX512IFMA;
            if (c & (1u << 1)) f |= AXIOM_CPU_AVX512VBMI;
        }
    }
    return f;
}

/* The AXIOM_TRAIT_* bits of this CPU model.  AMD family 19h (Zen 3 and
 * Zen 4; only Zen 4 has AVX-512) executes a 512-bit operation as two
 * 256-bit halves.  On AMD family 19h model 11h (an EPYC Zen 4, under KVM)
 * the long-message loops ran 4-29 % faster at 16 MiB without their
 * software prefetch (two builds in one process, alternating: AES ECB, CBC
 * and CFB decryption, CTR, XTS, AES-GCM and AEGIS-128L). */
static unsigned cpu_probe_traits(void)
{
    unsigned a, b, c, d, max;
    if (!__get_cpuid(0, &max, &b, &c, &d) || max < 1)
        return 0;
    /* "AuthenticAMD" in EBX, EDX, ECX. */
    const int amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;
    __cpuid(1, a, b, c, d);
    unsigned family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
    if (family == 0xf) {
        family += (a >> 20) & 0xff;
        model |= ((a >> 16) & 0xf) << 4;
    }
    if (!amd || family != 0x19)
        return 0;
    return AXIOM_TRAIT_ZMM_HALVES | (model == 0x11 ? AXIOM_TRAIT_NO_SW_PREFETCH : 0);
}
#else
static uint64_t cpu_probe(void)
{
    return 0;
}

static unsigned cpu_probe_traits(void)
{
    return 0;
}
#endif

/* The one table of feature names: the canonical name of each bit first,
 * then the aliases AXIOM_CPU_DISABLE also accepts. */
static const struct {
    const char *name;
    uint64_t bits;
} feature_names[] = {
    { "aesni", AXIOM_CPU_AESNI },       { "pclmul", AXIOM_CPU_PCLMUL },
    { "ssse3", AXIOM_CPU_SSSE3 },       { "avx", AXIOM_CPU_AVX },
    { "avx2", AXIOM_CPU_AVX2 },         { "bmi2", AXIOM_CPU_BMI2 },
    { "adx", AXIOM_CPU_ADX },           { "vaes", AXIOM_CPU_VAES },
    { "vpclmul", AXIOM_CPU_VPCLMUL },   { "avx512", AXIOM_CPU_AVX512 },
    { "avx512ifma", AXIOM_CPU_AVX512IFMA }, { "avx512vbmi", AXIOM_CPU_AVX512VBMI },
    { "gfni", AXIOM_CPU_GFNI },         { "shani", AXIOM_CPU_SHANI },
    /* aliases */
    { "vpclmulqdq", AXIOM_CPU_VPCLMUL }, { "sha", AXIOM_CPU_SHANI },
    { "all", ~UINT64_C(0) },
};

/* The first @n bytes of @a equal the lowercase name @b, ASCII capitals in
 * @a folded (as axiom_name_eq, independent of the locale). */
static int name_eq_n(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (axiom_ascii_lower((unsigned char)a[i]) != (unsigned char)b[i])
            return 0;
    return 1;
}

AXIOM_API const char *axiom_cpu_feature_name(uint64_t bit)
{
    /* The first entry for a bit is its canonical name. */
    for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++)
        if (feature_names[i].bits == bit)
            return bit != ~UINT64_C(0) ? feature_names[i].name : NULL;
    return NULL;
}

/* Parse "aesni,vaes" (spaces allowed, case-insensitive, unknown ignored). */
AXIOM_API uint64_t axiom_cpu_feature_parse(const char *s)
{
    uint64_t m = 0;
    while (s && *s) {
        while (*s == ',' || *s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, ", \t");
        for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++)
            if (strlen(feature_names[i].name) == n && name_eq_n(s, feature_names[i].name, n))
                m |= feature_names[i].bits;
        s += n;
    }
    return m;
}

/* A feature is only as usable as its prerequisites, whether they are
 * missing from the CPU or disabled by the caller. */
static uint64_t with_prerequisites(uint64_t f)
{
    if (!(f & AXIOM_CPU_AVX))
        f &= ~(AXIOM_CPU_AVX2 | AXIOM_CPU_VAES | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX512 |
               AXIOM_CPU_AVX512IFMA | AXIOM_CPU_AVX512VBMI);
    if (!(f & AXIOM_CPU_AVX512))
        f &= ~(AXIOM_CPU_AVX512IFMA | AXIOM_CPU_AVX512VBMI);
    return f;
}

/* The environment, except in AT_SECURE processes (setuid, setgid, file
 * capabilities), where the user who starts the program is not the one it
 * runs as and must not choose its kernels (a non-constant-time one, say):
 * there AXIOM_CPU_DISABLE, AXIOM_CT_ONLY and AXIOM_CPU_TUNING read as
 * unset. */
static const char *env_get(const char *name)
{
#if defined(HAVE_SECURE_GETENV)
    return secure_getenv(name);
#elif defined(HAVE___SECURE_GETENV)
    return __secure_getenv(name);
#elif defined(HAVE_GETAUXVAL) && defined(AT_SECURE)
    return getauxval(AT_SECURE) ? NULL : getenv(name);
#else
    if (getuid() != geteuid() || getgid() != getegid())
        return NULL;
    return getenv(name);
#endif
}

static void cpu_init(void)
{
    cpu_detected = with_prerequisites(cpu_probe() & axiom_cpu_compiled());
#ifdef AXIOM_CT_ONLY_DEFAULT
    ct_only = 1;
#endif
    const char *ct = env_get("AXIOM_CT_ONLY");
    if (ct && *ct && strcmp(ct, "0") != 0)
        ct_only = 1;
    /* AXIOM_CPU_TUNING=0: pick by features alone, as on any other model. */
    const char *tuning = env_get("AXIOM_CPU_TUNING");
    if (!tuning || strcmp(tuning, "0") != 0)
        cpu_traits = cpu_probe_traits();
    if (cpu_traits & AXIOM_TRAIT_NO_SW_PREFETCH)
        axiom_pf_large = SIZE_MAX;
    const char *env = env_get("AXIOM_CPU_DISABLE");
    if (env)
        __atomic_fetch_or(&cpu_disabled, axiom_cpu_feature_parse(env), __ATOMIC_SEQ_CST);
    __atomic_store_n(&cpu_usable,
                     with_prerequisites(cpu_detected &
                                        ~__atomic_load_n(&cpu_disabled, __ATOMIC_SEQ_CST)),
                     __ATOMIC_SEQ_CST);
    __atomic_store_n(&axiom_cpu_gen, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&cpu_ready, 1, __ATOMIC_RELEASE);
}

/* pthread_once costs a call on every pick; after the first, one acquire
 * load (a plain load on x86) tells that cpu_init's writes are visible. */
static inline void cpu_init_once(void)
{
    if (!__atomic_load_n(&cpu_ready, __ATOMIC_ACQUIRE))
        pthread_once(&cpu_once, cpu_init);
}

int axiom_ct_only(void)
{
    cpu_init_once();
    return ct_only;
}

axiom_cpu_policy axiom_cpu_usable(void)
{
    cpu_init_once();
    return (axiom_cpu_policy){ __atomic_load_n(&cpu_usable, __ATOMIC_SEQ_CST), ct_only, cpu_traits };
}

AXIOM_API uint64_t axiom_cpu_features(void)
{
    cpu_init_once();
    return __atomic_load_n(&cpu_usable, __ATOMIC_SEQ_CST);
}

AXIOM_API int axiom_cpu_disable(uint64_t mask)
{
    cpu_init_once();
    const uint64_t d = __atomic_or_fetch(&cpu_disabled, mask, __ATOMIC_SEQ_CST);
    /* with_prerequisites keeps fewer bits of fewer features: of the
     * values that racing calls AND in, the one from the call that
     * completed cpu_disabled is the smallest, so the word ends equal to
     * with_prerequisites(cpu_detected & ~cpu_disabled). */
    __atomic_fetch_and(&cpu_usable, with_prerequisites(cpu_detected & ~d), __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&axiom_cpu_gen, 1, __ATOMIC_SEQ_CST);
    return AXIOM_OK;
}
