/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM's fused per-message key derivation, with the powers of H
 * past the eighth two at a time on ymm registers (VPCLMULQDQ, AVX2), and
 * its one-call short message, for the vaes-avx2 GCM tier:
 * lib/gcm/x86_64/xaes_derive.h. */
#include "config.h"

#include "gcm/x86_64/xaes_ymm.h"

XD_DEFINE(vaes_avx2)
