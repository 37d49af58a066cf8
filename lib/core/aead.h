/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The interface between the generic AEAD layer (lib/api/aead.c) and one AEAD
 * algorithm family (GCM, ChaCha20-Poly1305, ...). */
#ifndef AXIOM_AEAD_INTERNAL_H
#define AXIOM_AEAD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/kernel.h"

/* The longest tag of any algorithm (AEGIS: 32 bytes). */
#define AXIOM_AEAD_MAXTAG 32

/* One algorithm.  The generic layer validates every argument with the
 * predicates and limits below (so the operations never fail), rejects
 * overlapping buffers, compares tags in constant time and wipes the output
 * of a failed open.  The operations may assume that the nonce and the AD
 * share no byte with the output (the generic layer copies them aside when
 * the caller's do), so that they may write @out before reading either;
 * @out and @in are equal or disjoint. */
typedef struct axiom_aead_alg {
    const char *name;
    size_t keylen;
    size_t state_size;           /* bytes of key-dependent state, 64-aligned */
    int (*nonce_ok)(size_t noncelen);
    /* Optional (NULL: any value): whether a nonce of an accepted length
     * has a valid value (MGM: the top bit clear); refused with
     * AXIOM_EIVLEN like a bad length. */
    int (*nonce_value_ok)(const uint8_t *nonce, size_t noncelen);
    int (*tag_ok)(size_t taglen);
    uint64_t max_len;            /* longest message in bytes */
    uint64_t max_adlen;          /* longest AD in bytes */
    /* The algorithm's kernels (or tiers), best first: the generic layer
     * picks one when the key is set; axiom_impl and axiom_kernel_info
     * read the same list. */
    const axiom_kernel *const *kernels;
    /* Bind kernel @k (picked from kernels) and expand the key. */
    void (*setkey)(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen);
    /* Encrypt and write the tag for @taglen (a length tag_ok accepts) to
     * @tag, which has room for AXIOM_AEAD_MAXTAG bytes.  An algorithm
     * whose shorter tags are truncations of one full tag (GCM, Poly1305)
     * may ignore @taglen and write the full tag; one whose tag lengths are
     * different functions (AEGIS) writes the @taglen-byte tag. */
    void (*seal)(const void *state, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG], size_t taglen,
                 const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                 const uint8_t *in, size_t len);
    /* Decrypt and write the tag computed over the ciphertext, as seal
     * does; the generic layer compares its first @taglen bytes with the
     * caller's.  On entry @tag holds the caller's tag (its taglen bytes,
     * zeros after them): SIV modes take their counter from it. */
    void (*open)(const void *state, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG], size_t taglen,
                 const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                 const uint8_t *in, size_t len);
} axiom_aead_alg;

/* Algorithms, defined beside their code. */
extern const axiom_aead_alg axiom_aead_chacha20_poly1305;  /* lib/chacha/chachapoly.c */
extern const axiom_aead_alg axiom_aead_xchacha20_poly1305; /* lib/chacha/chachapoly.c */
extern const axiom_aead_alg axiom_aead_aes128_gcm;         /* lib/gcm/gcm.c */
extern const axiom_aead_alg axiom_aead_aes192_gcm;         /* lib/gcm/gcm.c */
extern const axiom_aead_alg axiom_aead_aes256_gcm;         /* lib/gcm/gcm.c */
extern const axiom_aead_alg axiom_aead_sm4_gcm;            /* lib/gcm/sm4_gcm.c */
extern const axiom_aead_alg axiom_aead_aes128_gcm_siv;     /* lib/gcm/gcmsiv.c */
extern const axiom_aead_alg axiom_aead_aes256_gcm_siv;     /* lib/gcm/gcmsiv.c */
extern const axiom_aead_alg axiom_aead_xaes256_gcm;         /* lib/gcm/xaes.c */
extern const axiom_aead_alg axiom_aead_kuznyechik_mgm;     /* lib/mgm/mgm.c */
extern const axiom_aead_alg axiom_aead_kuznyechik_ctr_acpkm_omac; /* lib/acpkm/ctr_acpkm_omac.c */

#endif
