/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/cpu.h
 *  @brief CPU feature detection, run-time kernel selection and introspection. */
#ifndef AXIOM_CPU_H
#define AXIOM_CPU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup cpu CPU dispatch
 *
 *  A feature counts only when the CPU reports it, this build of the library
 *  compiled kernels for it, and the operating system saves the registers it
 *  needs (XCR0, read with XGETBV).
 *
 *  The environment variable `AXIOM_CPU_DISABLE`, read once at first use,
 *  takes features away: a comma-separated list of the names below
 *  (`aesni`, `pclmul`, `ssse3`, `avx`, `avx2`, `bmi2`, `adx`, `vaes`,
 *  `vpclmul`, `avx512`, `avx512ifma`, `avx512vbmi`, `gfni`, `shani`) or `all`
 *  for the portable C code everywhere.  Unknown names are ignored.
 *
 *  On a CPU model where a kernel was measured slower than one further
 *  down its list (AMD Zen 4, which executes 512-bit instructions as two
 *  256-bit halves: the AVX-512 SHA-384/512 kernel), the library passes
 *  over that kernel; `AXIOM_CPU_TUNING=0`, read once at first use, turns
 *  these per-model preferences off.
 *
 *  `AXIOM_CPU_DISABLE`, `AXIOM_CPU_TUNING` and `AXIOM_CT_ONLY` are ignored in processes that
 *  run with privileges their user does not have (AT_SECURE: setuid,
 *  setgid, file capabilities): they are read with secure_getenv(), so
 *  that whoever starts such a program cannot choose its kernels (for
 *  example a kernel that is not constant time).  Such a program can call
 *  axiom_cpu_disable() itself, or use a library built with
 *  `--enable-ct-only`.
 *
 *  Kernels are chosen when a context is created, so a change of features
 *  affects contexts created afterwards.
 *  @{ */
#define AXIOM_CPU_AESNI      (UINT64_C(1) << 0)  /**< AES-NI. */
#define AXIOM_CPU_PCLMUL     (UINT64_C(1) << 1)  /**< PCLMULQDQ. */
#define AXIOM_CPU_SSSE3      (UINT64_C(1) << 2)  /**< SSSE3. */
#define AXIOM_CPU_AVX        (UINT64_C(1) << 3)  /**< AVX (YMM state saved). */
#define AXIOM_CPU_AVX2       (UINT64_C(1) << 4)  /**< AVX2. */
#define AXIOM_CPU_BMI2       (UINT64_C(1) << 5)  /**< BMI2 (MULX, RORX). */
#define AXIOM_CPU_ADX        (UINT64_C(1) << 6)  /**< ADX (ADCX, ADOX). */
#define AXIOM_CPU_VAES       (UINT64_C(1) << 7)  /**< VAES (AES on YMM/ZMM). */
#define AXIOM_CPU_VPCLMUL    (UINT64_C(1) << 8)  /**< VPCLMULQDQ (on YMM/ZMM). */
#define AXIOM_CPU_AVX512     (UINT64_C(1) << 9)  /**< AVX-512 F, VL, BW and DQ (ZMM state saved). */
#define AXIOM_CPU_AVX512IFMA (UINT64_C(1) << 10) /**< AVX-512 IFMA52. */
#define AXIOM_CPU_AVX512VBMI (UINT64_C(1) << 11) /**< AVX-512 VBMI. */
#define AXIOM_CPU_GFNI       (UINT64_C(1) << 12) /**< GFNI (Galois-field affine instructions). */
#define AXIOM_CPU_SHANI      (UINT64_C(1) << 13) /**< SHA extensions. */

/** The CPU features the library uses now.  Thread-safe; detection runs
 *  once.
 *  @return the AXIOM_CPU_* bits that are detected, compiled in, saved by
 *          the OS, and not disabled */
uint64_t axiom_cpu_features(void);

/** Stop using the features in @p mask from now on (for tests and
 *  benchmarks). Features cannot be re-enabled. Thread-safe.
 *  @param mask  AXIOM_CPU_* bits to take away
 *  @return #AXIOM_OK */
int axiom_cpu_disable(uint64_t mask);

/** The name of the single feature bit @p bit as `AXIOM_CPU_DISABLE` spells
 *  it, e.g. "aesni" for #AXIOM_CPU_AESNI; NULL when @p bit is not exactly
 *  one known AXIOM_CPU_* bit.  The string is static.  Listing every known
 *  feature:
 *  @code
 *  for (int i = 0; i < 64; i++) {
 *      const char *n = axiom_cpu_feature_name(UINT64_C(1) << i);
 *      if (n)
 *          printf("%s%s\n", n, (axiom_cpu_features() >> i) & 1 ? "" : " (not usable)");
 *  }
 *  @endcode
 *  @param bit  one AXIOM_CPU_* bit
 *  @return the feature's name, or NULL */
const char *axiom_cpu_feature_name(uint64_t bit);

/** Parse a list of feature names as `AXIOM_CPU_DISABLE` does: names
 *  separated by commas, spaces or tabs, case-insensitive; the names of
 *  axiom_cpu_feature_name() and the aliases "vpclmulqdq" and "sha", and
 *  "all" for every bit; unknown names are ignored.
 *  @param list  the names; NULL is the empty list
 *  @return the AXIOM_CPU_* bits named (a mask for axiom_cpu_disable()) */
uint64_t axiom_cpu_feature_parse(const char *list);

/** Name of the kernel that a context created now for algorithm @p name
 *  would use.
 *  @param name  algorithm name, case-insensitive; also "sha256-many", the
 *               kernel of axiom_hash_many()
 *  @return a static string such as "vaes-avx512", "aesni" or "generic-ct";
 *          NULL if @p name is unknown, or if the constant-time policy
 *          refuses every kernel this machine could use for it */
const char *axiom_impl(const char *name);

/** Kernel number @p index of those this build of the library has for
 *  algorithm @p name, in the order the library prefers them (0 first): the
 *  library uses the first one whose features are all in
 *  axiom_cpu_features() (and, in a build configured with
 *  `--enable-ct-only` or with `AXIOM_CT_ONLY` set, that is constant time),
 *  unless this CPU model passes over it for a later usable one (see
 *  `AXIOM_CPU_TUNING` above); axiom_impl() names the one in use.
 *  @p name is any name axiom_impl() accepts, including "sha256-many".
 *
 *  Listing every kernel:
 *  @code
 *  const char *k; uint64_t need; int ct;
 *  for (size_t i = 0; axiom_kernel_info("aes-128-ctr", i, &k, &need, &ct) == AXIOM_OK; i++)
 *      printf("%s%s\n", k, (need & ~axiom_cpu_features()) ? " (not usable here)" : "");
 *  @endcode
 *
 *  @param name          algorithm name, case-insensitive
 *  @param index         0 for the most preferred kernel
 *  @param kernel        receives the kernel's name as axiom_impl() spells
 *                       it (a static string); may be NULL
 *  @param features      receives the AXIOM_CPU_* bits the kernel needs;
 *                       may be NULL
 *  @param constant_time receives 1 if the kernel has no secret-dependent
 *                       branch or memory index, else 0; may be NULL
 *  @return #AXIOM_OK; #AXIOM_EINVAL if @p name is NULL; #AXIOM_ENOTFOUND
 *          if @p name is unknown or @p index is past the last kernel
 *          (every known algorithm has at least one: index 0 tells which). */
int axiom_kernel_info(const char *name, size_t index, const char **kernel, uint64_t *features,
                      int *constant_time);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
