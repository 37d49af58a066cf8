/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* MGM's multiplication kernel with PCLMULQDQ on xmm (bundle aesni): one
 * block per step, one reduction per call (lib/mgm/x86_64/mgm_x86.h).
 * Constant time: yes. */
#include "config.h"

#define MV_LANES 1
#define MV_KERNEL axiom_mgm_pclmul
#define MV_NAME "pclmul"
#define MV_DESC "PCLMULQDQ, 4 products per block, one reduction per call"
#define MV_FEATURES (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3)

#include "mgm/x86_64/mgm_x86.h"
