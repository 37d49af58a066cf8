/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The DRBG's registry entry: keystream kernels (lib/rand/drbg.h), best
 * first, each tied to the AES kernel whose schedule it reads; may be
 * empty (the DRBG then encrypts counter blocks with the AES kernel). */
#include "config.h"

#include "rand/drbg.h"

const axiom_kernel *const axiom_drbg_ctr_kernels[] = {
#ifdef HAVE_ISA_VAES_AVX512
    &axiom_drbg_ctr_vaes_avx512.base,
#endif
#ifdef HAVE_ISA_VAES_AVX2
    &axiom_drbg_ctr_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_drbg_ctr_aesni.base,
#endif
    NULL
};
