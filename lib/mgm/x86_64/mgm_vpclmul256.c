/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* MGM's multiplication kernel with VPCLMULQDQ on ymm (bundle vaes_avx2):
 * two blocks per step, one reduction per call
 * (lib/mgm/x86_64/mgm_x86.h).  Constant time: yes. */
#include "config.h"

#define MV_LANES 2
#define MV_KERNEL axiom_mgm_vpclmul_avx2
#define MV_NAME "vpclmul-avx2"
#define MV_DESC "VPCLMULQDQ on ymm, 2 blocks per step, one reduction per call"
#define MV_FEATURES (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3 | AXIOM_CPU_VPCLMUL | AXIOM_CPU_AVX2)

#include "mgm/x86_64/mgm_x86.h"
