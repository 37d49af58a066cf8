/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The interface between the generic cipher layer (lib/api/cipher.c) and a
 * stream cipher (chacha20), whose state lives in the context's key-schedule
 * storage. */
#ifndef AXIOM_STREAM_H
#define AXIOM_STREAM_H

#include <stddef.h>
#include <stdint.h>

/* A stream cipher in the cipher API.  Its state must fit in
 * sizeof(axiom_bc_ks) and needs at most 64-byte alignment. */
typedef struct axiom_stream_alg {
    /* The accepted IV lengths: bit n set for n bytes (all under 64).  A
     * mask rather than a predicate, so that a message start calls no
     * function before setiv (axiom_cipher_init, lib/api/cipher.c). */
    uint64_t ivlens;
    /* Pick the kernel for the current CPU features and expand the key. */
    void (*setkey)(void *state, const uint8_t *key, size_t keylen);
    /* Start a message; the key is already set.  Returns AXIOM_OK (a
     * value, so that the cipher layer can end in this call). */
    int (*setiv)(void *state, const uint8_t *iv, size_t ivlen);
    /* Continue the stream over @len > 0 bytes (out == in allowed).  Returns
     * AXIOM_ESTATE, writing nothing, if the keystream would run out. */
    int (*crypt)(void *state, uint8_t *out, const uint8_t *in, size_t len);
} axiom_stream_alg;

#endif
