/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The ChaCha20, Poly1305 and ChaCha20-Poly1305 registry entries: the
 * kernels this build has, best first; the portable ones last, always
 * present.  All are constant time (ARX and limb arithmetic only). */
#include "config.h"

#include "chacha/chacha.h"
#include "chacha/poly1305.h"

const axiom_kernel *const axiom_chacha_kernels[] = {
#if defined(HAVE_ISA_AVX512)
    &axiom_chacha_avx512.base,
#endif
#if defined(HAVE_ISA_AVX2)
    &axiom_chacha_avx2.base,
#endif
#if defined(HAVE_ISA_SSSE3)
    &axiom_chacha_ssse3.base,
#endif
    &axiom_chacha_generic.base,
    NULL
};

const axiom_kernel *const axiom_poly1305_kernels[] = {
#if defined(HAVE_ISA_AVX512_IFMA) && defined(AXIOM_POLY1305_R44)
    &axiom_poly1305_ifma.base,
#endif
#if defined(HAVE_ISA_AVX2) && defined(AXIOM_POLY1305_R44)
    &axiom_poly1305_avx2.base,
#endif
    &axiom_poly1305_generic.base,
    NULL
};

/* ChaCha20-Poly1305 tiers.  A fused tier names its Poly1305 kernel, whose
 * pass runs ChaCha20 too (its features cover that part); the rest of the
 * message runs on the best ChaCha20 kernel.  The unfused tiers take the
 * best Poly1305 kernel with one ChaCha20 kernel each. */
#define CP_TIER(var, nm, feat, cc, pk, what)                                                \
    static const axiom_chachapoly_kernel var = {                                            \
        .name = nm, .features = (feat), .constant_time = 1, .desc = what,                   \
        .chacha = (cc), .poly = (pk),                                                       \
    };

#if defined(HAVE_ISA_AVX512_IFMA) && defined(AXIOM_POLY1305_R44)
CP_TIER(cp_ifma, "avx512-ifma", AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_AVX512IFMA, NULL,
        &axiom_poly1305_ifma, "16-block AVX-512 ChaCha20 and IFMA Poly1305 in one pass")
#endif
#if defined(HAVE_ISA_AVX2) && defined(AXIOM_POLY1305_R44) && defined(__OPTIMIZE__)
CP_TIER(cp_avx2, "avx2-fused", AXIOM_CPU_AVX2, NULL, &axiom_poly1305_avx2,
        "8-block AVX2 ChaCha20 with a scalar Poly1305 in the same loop")
#endif
#if defined(HAVE_ISA_AVX512)
CP_TIER(cp_avx512, "avx512", AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512, &axiom_chacha_avx512, NULL,
        "AVX-512 ChaCha20, then Poly1305 per chunk")
#endif
#if defined(HAVE_ISA_AVX2)
CP_TIER(cp_avx2u, "avx2", AXIOM_CPU_AVX2, &axiom_chacha_avx2, NULL,
        "AVX2 ChaCha20, then Poly1305 per chunk")
#endif
#if defined(HAVE_ISA_SSSE3)
CP_TIER(cp_ssse3, "ssse3", AXIOM_CPU_SSSE3, &axiom_chacha_ssse3, NULL,
        "SSSE3 ChaCha20, then Poly1305 per chunk")
#endif
CP_TIER(cp_generic, "generic-ct", 0, &axiom_chacha_generic, NULL,
        "portable ChaCha20 and Poly1305")

const axiom_kernel *const axiom_chachapoly_kernels[] = {
#if defined(HAVE_ISA_AVX512_IFMA) && defined(AXIOM_POLY1305_R44)
    &cp_ifma.base,
#endif
#if defined(HAVE_ISA_AVX2) && defined(AXIOM_POLY1305_R44) && defined(__OPTIMIZE__)
    &cp_avx2.base,
#endif
#if defined(HAVE_ISA_AVX512)
    &cp_avx512.base,
#endif
#if defined(HAVE_ISA_AVX2)
    &cp_avx2u.base,
#endif
#if defined(HAVE_ISA_SSSE3)
    &cp_ssse3.base,
#endif
    &cp_generic.base,
    NULL
};
