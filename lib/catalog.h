/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The catalog: the one place that knows algorithm names, key/IV sizes and
 * the kernels available for each primitive, best first. */
#ifndef AXIOM_CATALOG_H
#define AXIOM_CATALOG_H

#include <stddef.h>
#include "bc.h"

typedef enum {
    AXIOM_MODE_ECB,
    AXIOM_MODE_CBC,
    AXIOM_MODE_CTR,
    AXIOM_MODE_CFB,
    AXIOM_MODE_OFB,
    AXIOM_MODE_XTS
} axiom_mode;

typedef struct axiom_cipher_desc {
    const char *name;
    axiom_mode mode;
    size_t keylen;   /* XTS: both halves together */
    size_t ivlen;    /* 0 or 16 */
    const axiom_bc_kernel *const *kernels; /* best first, NULL-terminated */
} axiom_cipher_desc;

/* Case-insensitive lookup; NULL if unknown. */
const axiom_cipher_desc *axiom_catalog_cipher(const char *name);

/* The first kernel of @list whose features are all usable now. */
const axiom_bc_kernel *axiom_catalog_pick_bc(const axiom_bc_kernel *const *list);

#endif
