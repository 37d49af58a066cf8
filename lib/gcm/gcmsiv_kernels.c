/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES-GCM-SIV registry entry: the POLYVAL kernels and the GCM-SIV
 * tiers (an AES kernel, a POLYVAL kernel and, on VAES, a counter-mode
 * loop), best first; the VAES tiers are defined beside their loops in
 * lib/gcm/x86_64/, the others, made only of parts defined elsewhere,
 * here.  A tier is constant time only if every part is. */
#include "config.h"

#include "aes/aes.h"
#include "gcm/polyval.h"

#define GCMSIV_TIER(var, nm, feat, bc, pv, d, x86, sh, dr)                    \
    static const axiom_gcmsiv_kernel var = {                                  \
        .name = nm,                                                           \
        .features = (feat),                                                   \
        .constant_time = 1,                                                   \
        .desc = d,                                                            \
        .aes = (bc),                                                          \
        .polyval = (pv),                                                      \
        .x86_keys = (x86),                                                    \
        .short_msg = (sh),                                                    \
        .derive = (dr),                                                       \
    };

#define PCLMUL_FEAT (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3)

#ifdef HAVE_ISA_AESNI
GCMSIV_TIER(gcmsiv_aesni_pclmul, "aesni+pclmul", AXIOM_CPU_AESNI | PCLMUL_FEAT, &axiom_aes_aesni,
            &axiom_polyval_pclmul, "AES-NI ECB over staged counters, PCLMULQDQ POLYVAL", 1,
            axiom_gcmsiv_short_aesni, axiom_gcmsiv_derive_aesni)
GCMSIV_TIER(gcmsiv_aesni_ct, "aesni+generic-ct", AXIOM_CPU_AESNI | AXIOM_CPU_SSSE3,
            &axiom_aes_aesni, &axiom_polyval_generic_ct, "AES-NI, portable POLYVAL", 0, NULL, NULL)
GCMSIV_TIER(gcmsiv_ct_pclmul, "generic-ct+pclmul", PCLMUL_FEAT, &axiom_aes_generic_ct,
            &axiom_polyval_pclmul, "bitsliced AES, PCLMULQDQ POLYVAL", 0, NULL, NULL)
#endif
GCMSIV_TIER(gcmsiv_ct, "generic-ct", 0, &axiom_aes_generic_ct, &axiom_polyval_generic_ct,
            "bitsliced AES, portable POLYVAL", 0, NULL, NULL)

const axiom_kernel *const axiom_gcmsiv_kernels[] = {
#if defined(HAVE_ISA_VAES_AVX512) && defined(HAVE_ISA_AESNI)
    &axiom_gcmsiv_vaes_avx512.base,
#endif
#if defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
    &axiom_gcmsiv_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &gcmsiv_aesni_pclmul.base,
    &gcmsiv_aesni_ct.base,
    &gcmsiv_ct_pclmul.base,
#endif
    &gcmsiv_ct.base,
    NULL
};

/* The POLYVAL kernels alone (white-box tests). */
const axiom_kernel *const axiom_polyval_kernels[] = {
#if defined(HAVE_ISA_VAES_AVX512) && defined(HAVE_ISA_AESNI)
    &axiom_polyval_vpclmul_avx512.base,
#endif
#if defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
    &axiom_polyval_vpclmul_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_polyval_pclmul.base,
#endif
    &axiom_polyval_generic_ct.base,
    NULL
};
