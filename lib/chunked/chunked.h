/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The suites of chunked encryption (c2sp.org/chunked-encryption), for the
 * catalog-style look-ups of axiom_alg_info() and axiom_keygen(). */
#ifndef AXIOM_CHUNKED_INTERNAL_H
#define AXIOM_CHUNKED_INTERNAL_H

#include <stddef.h>

/* One instantiation: an AEAD and the hash of the key derivation.  A new
 * AEAD (AEGIS, once libaxiom has it) is one more table entry in
 * lib/chunked/chunked.c; entries outside the specification carry
 * @extension and a name starting with "axiom-". */
typedef struct axiom_chunked_suite {
    const char *name;     /* "aes-128-gcm+sha512" */
    const char *alias;    /* "cobblestone-128", or NULL */
    const char *iana;     /* the AEAD's IANA registry name, bound into the derivation */
    const char *aead;     /* the libaxiom AEAD name */
    const char *hash;     /* the HKDF hash */
    size_t noncelen;      /* nonce length used with the AEAD */
    int extension;        /* 1: a libaxiom extension, not in the specification */
} axiom_chunked_suite;

/* Case-insensitive, name or alias; NULL if unknown. */
const axiom_chunked_suite *axiom_chunked_suite_find(const char *name);

#endif
