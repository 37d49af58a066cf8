/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The AES registry entry: the kernels this build has, best first.  The
 * portable constant-time kernel comes last and is always present. */
#include "config.h"

#include "aes/aes.h"

const axiom_kernel *const axiom_aes_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_aes_vaes_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_aes_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_aes_aesni.base,
#endif
    &axiom_aes_generic_ct.base,
    NULL
};
