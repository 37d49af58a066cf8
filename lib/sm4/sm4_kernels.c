/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SM4 registry entry: the kernels this build has, best first.  The
 * constant-time kernels come first; the masked table kernel (NOT constant
 * time, lib/sm4/sm4.c) comes after generic-ct, which needs no CPU feature,
 * so it is never picked: it stays listed for white-box tests and
 * benchmarks. */
#include "config.h"

#include "sm4/sm4.h"

const axiom_kernel *const axiom_sm4_kernels[] = {
#ifdef HAVE_ISA_AVX512_GFNI
    &axiom_sm4_gfni_avx512.base,
#endif
#ifdef HAVE_ISA_AVX2_GFNI
    &axiom_sm4_gfni_avx2.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_sm4_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AVX2_AESNI
    &axiom_sm4_aesni_avx2.base,
#endif
    &axiom_sm4_generic_ct.base,
    &axiom_sm4_masked.base,
    NULL
};
