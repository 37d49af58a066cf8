/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4-GCM (RFC 8998; NIST SP 800-38D with SM4 as the block cipher): the
 * sm4-gcm AEAD algorithm, built on the GCM glue of lib/gcm/gcm.c. */

/*
 * Nothing in the GCM phases (lib/gcm/ghash.h) is specific to AES, so the
 * SM4 tiers (lib/gcm/gcm_kernels.c) are ordinary axiom_gcm_kernel values
 * whose block kernel is an SM4 one and whose text phase is the portable
 * one; setkey and the message operation are lib/gcm/gcm.c's.  A tier is constant
 * time only if both its kernels are; the masked SM4 kernel is not
 * (lib/sm4/sm4.c), and its tiers come after the portable generic-ct ones,
 * which every CPU can run, so they are never picked.
 */
#include "config.h"

#include "core/aead.h"
#include "gcm/gcm.h"

const axiom_aead_alg axiom_aead_sm4_gcm = {
    .name = "sm4-gcm",
    .keylen = 16,
    .state_size = AXIOM_GCM_STATE_SIZE,
    .nonce_ok = axiom_gcm_aead_nonce_ok, /* SP 800-38D limits, as for AES-GCM */
    .tag_ok = axiom_gcm_aead_tag_ok,
    .max_len = AXIOM_GCM_MAX_LEN,
    .max_adlen = AXIOM_GCM_MAX_ADLEN,
    .setkey = axiom_gcm_aead_setkey,
    .kernels = axiom_sm4_gcm_kernels,
    .message = axiom_gcm_aead_message,
    .seal_tag16_exact = 1,
    .open_tag_unread = 1,
};
