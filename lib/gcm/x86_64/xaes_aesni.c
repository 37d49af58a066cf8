/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM's fused per-message key derivation on xmm registers (AES-NI,
 * PCLMULQDQ, SSSE3), for the aesni GCM tier: lib/gcm/x86_64/xaes_derive.h. */
#include "config.h"

#include "gcm/x86_64/xaes_derive.h"

void axiom_xaes_derive_aesni(const axiom_bc_ks *kgk, const uint8_t k1[16],
                             const uint8_t nonce[12], axiom_gcm_key *g, unsigned npow)
{
    xd_derive(kgk, k1, nonce, g, npow);
}

void axiom_xaes_short_aesni(const axiom_bc_ks *kgk, const uint8_t k1[16], const uint8_t nonce[24],
                            int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad, size_t adlen,
                            const uint8_t *in, size_t len)
{
    if (enc)
        xd_short(kgk, k1, nonce, 1, out, tag, ad, adlen, in, len);
    else
        xd_short(kgk, k1, nonce, 0, out, tag, ad, adlen, in, len);
}
