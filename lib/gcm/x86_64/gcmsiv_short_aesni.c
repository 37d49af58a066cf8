/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-GCM-SIV's one-call short message on xmm registers (AES-NI,
 * PCLMULQDQ, SSSE3), for the aesni+pclmul GCM-SIV tier:
 * lib/gcm/x86_64/gcmsiv_short.h. */
#include "config.h"

#include "gcm/x86_64/gcmsiv_short.h"

SIVS_DEFINE(aesni, axiom_polyval_pclmul)
