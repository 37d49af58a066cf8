/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-2 registry entry.  SHA-224 and SHA-256 share their kernels (only
 * the initial value and the digest length differ), and so do SHA-384,
 * SHA-512 and SHA-512/256. */
#include "config.h"

#include "sha2/hash.h"

/* Single stream, best first; the portable kernel last, always present. */
const axiom_kernel *const axiom_sha256_kernels[] = {
#ifdef HAVE_ISA_SHANI
    &axiom_sha256_shani.base,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_sha256_avx2.base,
#endif
    &axiom_sha256_generic.base,
    NULL
};

/* Multi-lane kernels for axiom_hash_many(), widest first; may be empty. */
const axiom_kernel *const axiom_sha256_lane_kernels[] = {
#ifdef HAVE_ISA_AVX512
    &axiom_sha256_avx512_16x.base,
#endif
#ifdef HAVE_ISA_SHANI
    &axiom_sha256_shani_4x.base,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_sha256_avx2_8x.base,
#endif
    NULL
};

/* SHA-384/512 and SHA-512/256, best first; the portable kernel last. */
const axiom_kernel *const axiom_sha512_kernels[] = {
#ifdef HAVE_ISA_AVX512
    &axiom_sha512_avx512.base,
    &axiom_sha512_avx512_gpr.base,
#endif
#ifdef HAVE_ISA_AVX2
    &axiom_sha512_avx2.base,
#endif
    &axiom_sha512_generic.base,
    NULL
};

