/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GHASH kernel for x86-64 CPUs with VPCLMULQDQ on ymm (AVX2, no AVX-512
 * needed: Zen 3, Alder Lake): 2 blocks per ymm register, 32 blocks per
 * reduction (lib/gcm/x86_64/ghash_vpclmul.h); the key is
 * lib/gcm/x86_64/ghash_pclmul.c's.  For the GCM tiers without a stitched loop
 * (SM4-GCM).  Constant time: yes. */
#include "config.h"

/* The key setup is the PCLMULQDQ kernel's (lib/gcm/x86_64/ghash_pclmul.c, in
 * the AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "gcm/ghash.h"

#define GV_KERNEL axiom_ghash_vpclmul_avx2
#define GV_DESC "VPCLMULQDQ on ymm, 32 blocks per reduction"
#define GV_NAME "vpclmul-avx2"
#define GV_LANES 2

#include "gcm/x86_64/ghash_vpclmul.h"

#endif /* HAVE_ISA_AESNI */
