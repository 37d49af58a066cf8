/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The catalog: the one place that maps algorithm names to what serves
 * them (modes, sizes, the family's kernel list). */
#ifndef AXIOM_CATALOG_H
#define AXIOM_CATALOG_H

#include <stddef.h>

#include "core/aead.h"
#include "core/bc.h"
#include "core/kernel.h"
#include "core/mac.h"
#include "core/stream.h"

typedef enum {
    AXIOM_MODE_ECB,
    AXIOM_MODE_CBC,
    AXIOM_MODE_CTR,
    AXIOM_MODE_CFB,
    AXIOM_MODE_OFB,
    AXIOM_MODE_XTS,
    AXIOM_MODE_CTR_ACPKM, /* CTR with ACPKM key meshing (RFC 8645) */
    AXIOM_MODE_STREAM    /* a stream cipher: see stream */
} axiom_mode;

typedef struct axiom_cipher_desc {
    const char *name;
    axiom_mode mode;
    size_t keylen;   /* XTS: both halves together */
    size_t ivlen;    /* 0 or 16; stream ciphers: see stream->ivlen_ok */
    const axiom_kernel *const *kernels;  /* the family's list, best first */
    const axiom_stream_alg *stream;      /* AXIOM_MODE_STREAM only */
} axiom_cipher_desc;

/* Case-insensitive look-ups; NULL if unknown. */
const axiom_cipher_desc *axiom_catalog_cipher(const char *name);
/* The ACPKM section size in bytes that cipher @name (a CTR-ACPKM name the
 * catalog knows) asks for: its "-<N>" suffix, or the default 4096. */
size_t axiom_catalog_acpkm_section(const char *name);
const axiom_aead_alg *axiom_catalog_aead(const char *name);
/* A MAC name: the algorithm, and in *@param the parameter of a family
 * ("hmac-sha256": the SHA-256 descriptor; NULL for other algorithms). */
const axiom_mac_alg *axiom_catalog_mac(const char *name, const void **param);

/* The kernel list that serves algorithm @name, whatever its kind (cipher,
 * AEAD, MAC, hash, "<hash>-many"), for axiom_impl and axiom_kernel_info; NULL
 * if the name is unknown.  "<hash>-many" has two lists: @second gets the
 * single-stream one (the first is the multi-lane one); NULL otherwise. */
const axiom_kernel *const *axiom_catalog_kernels(const char *name,
                                                 const axiom_kernel *const **second);

#endif
