/* SPDX-License-Identifier: GPL-2.0-or-later */
/* axiom-bench: the benchmark runner with every comparison library that
 * configure found linked in (the installed `axiom-crypto speed` has none). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "peers.h"

static const bench_impl *const peers[] = {
#ifdef HAVE_OPENSSL
    &bench_openssl,
#endif
#ifdef HAVE_GCRYPT
    &bench_gcrypt,
#endif
#ifdef HAVE_LIBAEGIS
    &bench_libaegis,
#endif
#ifdef HAVE_BENCH_BORINGSSL
    &bench_boringssl,
#endif
#ifdef HAVE_BENCH_AWSLC
    &bench_awslc,
#endif
#ifdef HAVE_BENCH_GCRYPT_MASTER
    &bench_gcrypt_master,
#endif
    NULL
};

/* AXIOM_BENCH_PEER_NOAVX512=1: the peers run their AVX2 code paths, for a
 * comparison with libaxiom's ymm tier (AXIOM_CPU_DISABLE=avx512).  OpenSSL
 * reads OPENSSL_ia32cap once, when libcrypto is loaded (before main), so
 * the variable is set and the program started again.  The value keeps the
 * CPUID leaf-1 words (nothing before ':') and clears, in the leaf-7 words
 * after ':', EBX bits 16, 17, 21, 28, 30, 31 (AVX512F, DQ, IFMA, CD, BW,
 * VL; low 32 bits) and ECX bits 1, 6, 11, 12, 14 (VBMI, VBMI2, VNNI,
 * BITALG, VPOPCNTDQ; high 32 bits); AXIOM_BENCH_PEER_NOVAES=1 clears ECX
 * bits 8, 9, 10 (GFNI, VAES, VPCLMULQDQ) as well (bench.h).  A value the
 * user set is kept.  libgcrypt is told in its own initialisation
 * (bench/peer_gcrypt.c); BoringSSL and AWS-LC, loaded later, read the
 * variable when their shims are loaded (bench/peer_shim.c). */
static void peers_avoid_avx512(char **argv)
{
#ifdef HAVE_OPENSSL
    if (!bench_peer_noavx512() || getenv("OPENSSL_ia32cap"))
        return;
    if (setenv("OPENSSL_ia32cap",
               bench_peer_novaes() ? BENCH_OPENSSL_NOVAES : BENCH_OPENSSL_NOAVX512, 1) == 0)
        execv("/proc/self/exe", argv);
    fprintf(stderr, "axiom-bench: cannot restart with OPENSSL_ia32cap set; OpenSSL keeps its "
                    "AVX-512 (and VAES) code\n");
#else
    (void)argv;
#endif
}

/* The GOST engine, a peer of the Kuznyechik rows, leaks per cipher
 * initialisation (tests/lsan.supp); its code has no frame pointers, so a
 * sanitizer build unwinds allocations the slow way to see its frames. */
const char *__asan_default_options(void);
__attribute__((used)) const char *__asan_default_options(void)
{
    return "fast_unwind_on_malloc=0";
}

int main(int argc, char **argv)
{
    peers_avoid_avx512(argv);
    int rc = bench_cli("axiom-bench", argc, argv, peers);
    /* Results that did not reach standard output are a failure. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("axiom-bench: write error");
        return 1;
    }
    return rc;
}
