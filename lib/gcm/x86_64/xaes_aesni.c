/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM's fused per-message key derivation and one-call short
 * message on xmm registers (AES-NI, PCLMULQDQ, SSSE3), for the aesni GCM
 * tier: lib/gcm/x86_64/xaes_derive.h. */
#include "config.h"

#include "gcm/x86_64/xaes_derive.h"

XD_DEFINE(aesni)
