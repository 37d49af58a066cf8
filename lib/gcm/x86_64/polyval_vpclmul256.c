/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* POLYVAL kernel for x86-64 CPUs with VPCLMULQDQ on ymm (AVX2, no AVX-512
 * needed): the GHASH code of lib/gcm/x86_64/ghash_vpclmul.h with no byte
 * swap (lib/gcm/polyval.h), 2 blocks per ymm register, 32 blocks per
 * reduction; the key is lib/gcm/x86_64/polyval_pclmul.c's.  Constant
 * time: yes. */
#include "config.h"

/* The key setup is the PCLMULQDQ kernel's (AES-NI bundle). */
#ifdef HAVE_ISA_AESNI

#include <immintrin.h>

#include "gcm/polyval.h"

#define GV_KERNEL axiom_polyval_vpclmul_avx2
#define GV_NAME "vpclmul-avx2"
#define GV_DESC "VPCLMULQDQ on ymm, aggregated reduction, 32 blocks"
#define GV_NO_SWAP 1 /* POLYVAL multiplies blocks as loaded */
#define GV_INIT(hk, h) axiom_polyval_pclmul.init((hk), (h))
#define GV_INIT_N(hk, h, n) axiom_polyval_pclmul.init_n((hk), (h), (n))
#define GV_LANES 2

#include "gcm/x86_64/ghash_vpclmul.h"

#endif /* HAVE_ISA_AESNI */
