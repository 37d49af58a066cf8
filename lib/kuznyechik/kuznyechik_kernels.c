/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The Kuznyechik registry entry: the kernels this build has, best first.
 * "table" (lookup tables, NOT constant time) comes after generic-ct, which
 * needs no CPU feature, so it is never picked; it stays listed for the
 * white-box tests and the benchmarks. */
#include "config.h"

#include "kuznyechik/kuznyechik.h"

const axiom_kernel *const axiom_kuz_kernels[] = {
#if defined(HAVE_ISA_AVX512_VBMI_GFNI) && defined(HAVE_ISA_AVX2_GFNI)
    &axiom_kuz_gfni_avx512.base,
#endif
#ifdef HAVE_ISA_AVX2_GFNI
    &axiom_kuz_avx2_gfni.base,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_kuz_avx2.base,
#endif
    &axiom_kuz_generic_ct.base,
    &axiom_kuz_table.base,
    NULL
};
