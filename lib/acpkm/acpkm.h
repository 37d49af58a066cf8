/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ACPKM key meshing (RFC 8645 4.1, R 1323565.1.017-2018) for Kuznyechik,
 * shared by kuznyechik-ctr-acpkm (lib/api/cipher.c),
 * kuznyechik-ctr-acpkm-omac (lib/acpkm/ctr_acpkm_omac.c) and the
 * ACPKM-Master of kuznyechik-omac-acpkm (lib/acpkm/omac_acpkm.c). */
#ifndef AXIOM_ACPKM_H
#define AXIOM_ACPKM_H

#include <stdint.h>

#include "core/bc.h"
#include "core/internal.h"

/* The next section's key: the encryption of D = 0x80 .. 0x9f under the
 * current one, expanded into *@ks by @k.  Constant time as the kernel's
 * ECB and key schedule are; the new key is wiped from the stack. */
static inline void axiom_acpkm_mesh(const axiom_bc_kernel *k, axiom_bc_ks *ks)
{
    static const uint8_t d[32] = {
        0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a,
        0x8b, 0x8c, 0x8d, 0x8e, 0x8f, 0x90, 0x91, 0x92, 0x93, 0x94, 0x95,
        0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f,
    };
    uint8_t key[32];
    k->ecb_enc(ks, key, d, 2);
    k->setkey(ks, key, sizeof key);
    AXIOM_WIPE_FIXED(key);
}

#endif
