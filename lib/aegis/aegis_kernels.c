/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AEGIS registry entries: each variant's kernels in this build, best
 * first; the portable constant-time kernel last, always present.  Every
 * kernel is constant time (the AES round is an instruction or
 * bitsliced; the rest is XOR and AND). */
#include "config.h"

#include "aegis/aegis.h"

const axiom_kernel *const axiom_aegis128l_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_aegis128l_aesni_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_aegis128l_aesni_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aegis128l_aesni.base,
#endif
    &axiom_aegis128l_generic_ct.base,
    NULL
};

const axiom_kernel *const axiom_aegis128x2_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_aegis128x2_vaes_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_aegis128x2_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aegis128x2_aesni.base,
#endif
    &axiom_aegis128x2_generic_ct.base,
    NULL
};

const axiom_kernel *const axiom_aegis128x4_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_aegis128x4_vaes_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_aegis128x4_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aegis128x4_aesni.base,
#endif
    &axiom_aegis128x4_generic_ct.base,
    NULL
};

const axiom_kernel *const axiom_aegis256_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_aegis256_aesni_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_aegis256_aesni_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aegis256_aesni.base,
#endif
    &axiom_aegis256_generic_ct.base,
    NULL
};

const axiom_kernel *const axiom_aegis256x2_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_aegis256x2_vaes_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_aegis256x2_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aegis256x2_aesni.base,
#endif
    &axiom_aegis256x2_generic_ct.base,
    NULL
};

const axiom_kernel *const axiom_aegis256x4_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_aegis256x4_vaes_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_aegis256x4_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aegis256x4_aesni.base,
#endif
    &axiom_aegis256x4_generic_ct.base,
    NULL
};
