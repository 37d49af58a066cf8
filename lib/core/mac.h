/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The interface between the generic MAC layer (lib/api/mac.c) and one MAC
 * algorithm (HMAC over a hash, AEGIS-MAC, CMAC, ...). */
#ifndef AXIOM_MAC_INTERNAL_H
#define AXIOM_MAC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/kernel.h"

/* The longest tag any algorithm writes, and the largest state_size: the
 * one-shot axiom_mac() keeps the state on its stack.  OMAC-ACPKM, with two
 * block-cipher key schedules, takes the most. */
#define AXIOM_MAC_MAXTAG 64
#define AXIOM_MAC_MAX_STATE 4096
/* The largest state_size of the CMAC algorithms (one key schedule), for a
 * caller that keeps one inside its own state (lib/acpkm/ctr_acpkm_omac.c). */
#define AXIOM_MAC_CMAC_STATE 2048

/* One algorithm, or a family of algorithms over a parameter named at the
 * end of the name (HMAC over a hash: "hmac-" then the hash's name).  The
 * generic layer validates every argument with the predicates and the
 * limit below (so the operations never fail), counts the message length
 * against max_len, and compares tags in constant time for
 * axiom_mac_verify().  The state is state_size bytes, 64-byte aligned;
 * its contents before init are unspecified (a context is zeroed when it
 * is made, the one-shot axiom_mac() does not zero its stack copy), so
 * init writes every field the operations read.  The generic layer wipes
 * the state when the context is freed and after a one-shot call. */
typedef struct axiom_mac_alg {
    const char *name;     /* the name; a family's: its prefix ("hmac-") */
    size_t state_size;    /* bytes of key and message state, a multiple of 64 */
    /* A family only (NULL otherwise): the parameter that the rest of the
     * name after the prefix names, or NULL when it names none. */
    const void *(*param)(const char *rest);
    /* The kernels serving the algorithm (with @param, for a family), best
     * first: the generic layer picks one at init; axiom_impl and
     * axiom_kernel_info read the same list. */
    const axiom_kernel *const *(*kernels)(const void *param);
    int (*key_ok)(const void *param, size_t keylen);
    int (*nonce_ok)(const void *param, size_t noncelen);  /* 0: no nonce given */
    int (*tag_ok)(const void *param, size_t taglen);
    uint64_t max_len;                        /* longest message in bytes */
    /* Bind kernel @k, take the key and the nonce (@nonce NULL when
     * @noncelen is 0) and start a message. */
    void (*init)(void *state, const void *param, const axiom_kernel *k, const uint8_t *key,
                 size_t keylen, const uint8_t *nonce, size_t noncelen);
    /* Absorb @len more bytes of the message (@in NULL when @len is 0). */
    void (*update)(void *state, const uint8_t *in, size_t len);
    /* Write the @taglen-byte tag of the message and start a new one under
     * the same key and nonce. */
    void (*final)(void *state, uint8_t *tag, size_t taglen);
    /* Optional: the whole one-shot MAC (axiom_mac(), no nonce) under
     * kernel @k, the full tag to @tag (AXIOM_MAC_MAXTAG bytes); returns 0
     * when @k has no such path (then init, update and final run). */
    int (*oneshot)(const void *param, const axiom_kernel *k, const uint8_t *key, size_t keylen,
                   const uint8_t *in, size_t len, uint8_t *tag);
} axiom_mac_alg;

/* Algorithms, defined beside their code. */
extern const axiom_mac_alg axiom_mac_hmac;   /* lib/sha2/hmac.c: "hmac-<hash>" */
extern const axiom_mac_alg axiom_mac_aes128_cmac;      /* lib/cmac/cmac.c */
extern const axiom_mac_alg axiom_mac_aes192_cmac;      /* lib/cmac/cmac.c */
extern const axiom_mac_alg axiom_mac_aes256_cmac;      /* lib/cmac/cmac.c */
extern const axiom_mac_alg axiom_mac_sm4_cmac;         /* lib/cmac/cmac.c */
extern const axiom_mac_alg axiom_mac_kuznyechik_cmac;  /* lib/cmac/cmac.c */
/* lib/acpkm/omac_acpkm.c: "kuznyechik-omac-acpkm[-<N>[-<T*>]]" */
extern const axiom_mac_alg axiom_mac_kuznyechik_omac_acpkm;

#endif
