/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The catalog: the one place that knows algorithm names, key/IV sizes and
 * the kernels available for each primitive, best first. */
#ifndef AXIOM_CATALOG_H
#define AXIOM_CATALOG_H

#include <stddef.h>
#include "api/aead.h"
#include "core/bc.h"
#include "sha2/hash.h"

typedef enum {
    AXIOM_MODE_ECB,
    AXIOM_MODE_CBC,
    AXIOM_MODE_CTR,
    AXIOM_MODE_CFB,
    AXIOM_MODE_OFB,
    AXIOM_MODE_XTS,
    AXIOM_MODE_STREAM    /* a stream cipher: see axiom_stream_alg */
} axiom_mode;

/* A stream cipher in the cipher API (e.g. chacha20).  Its state lives in
 * the context's key-schedule storage, so it must fit in sizeof(axiom_bc_ks)
 * and needs at most 64-byte alignment. */
typedef struct axiom_stream_alg {
    int (*ivlen_ok)(size_t ivlen);
    /* Pick the kernel for the current CPU features and expand the key. */
    void (*setkey)(void *state, const uint8_t *key, size_t keylen);
    /* Start a message; the key is already set. */
    void (*setiv)(void *state, const uint8_t *iv, size_t ivlen);
    /* Continue the stream over @len bytes (out == in allowed).  Returns
     * AXIOM_ESTATE, writing nothing, if the keystream would run out. */
    int (*crypt)(void *state, uint8_t *out, const uint8_t *in, size_t len);
    /* Name of the kernel that setkey would pick now (axiom_impl). */
    const char *(*impl)(void);
} axiom_stream_alg;

typedef struct axiom_cipher_desc {
    const char *name;
    axiom_mode mode;
    size_t keylen;   /* XTS: both halves together */
    size_t ivlen;    /* 0 or 16; stream ciphers: see stream->ivlen_ok */
    const axiom_bc_kernel *const *kernels; /* best first, NULL-terminated */
    const axiom_stream_alg *stream;        /* AXIOM_MODE_STREAM only */
} axiom_cipher_desc;

/* Case-insensitive lookup; NULL if unknown. */
const axiom_cipher_desc *axiom_catalog_cipher(const char *name);

/* The first kernel of @list whose features are all usable now. */
const axiom_bc_kernel *axiom_catalog_pick_bc(const axiom_bc_kernel *const *list);

/* AEAD algorithms (lib/api/aead.h), case-insensitive; NULL if unknown. */
const axiom_aead_alg *axiom_catalog_aead(const char *name);

/* A hash function (lib/sha2/hash.h): its sizes, initial value and kernels. */
typedef struct axiom_hash_desc {
    const char *name;
    size_t digestlen;
    const uint32_t *iv;                            /* 8 words */
    const axiom_hash_kernel *const *kernels;       /* single stream, best first */
    const axiom_hash_kernel *const *lane_kernels;  /* multi-lane, best first; may be empty */
} axiom_hash_desc;

/* Case-insensitive lookup; NULL if unknown. */
const axiom_hash_desc *axiom_catalog_hash(const char *name);
/* "<hash>-many" (any case): the descriptor of <hash>, or NULL. */
const axiom_hash_desc *axiom_catalog_hash_many(const char *name);

/* The first kernel of @list whose features are all usable now; NULL if
 * none is (only a multi-lane list can end up empty). */
const axiom_hash_kernel *axiom_catalog_pick_hash(const axiom_hash_kernel *const *list);

#endif
