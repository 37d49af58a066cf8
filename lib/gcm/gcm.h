/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GCM internals shared by the one-shot AEAD algorithms, the streaming
 * interface and the white-box tests (lib/gcm/gcm.c). */
#ifndef AXIOM_GCM_INTERNAL_H
#define AXIOM_GCM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "core/bc.h"
#include "gcm/ghash.h"

/* SP 800-38D: len(P) <= 2^39 - 256 bits, len(A) <= 2^64 - 1 bits. */
#define AXIOM_GCM_MAX_LEN ((UINT64_C(1) << 36) - 32)
#define AXIOM_GCM_MAX_ADLEN ((UINT64_C(1) << 61) - 1)

/* The glue's path thresholds, in 16-byte blocks (lib/gcm/gcm.c): one-shot
 * messages of fewer than STAGE blocks with a 96-bit nonce go through one
 * staged CTR call on tiers without a stitched loop; such tiers run the
 * block cipher's CTR CHUNK blocks at a time (public counters) or its ECB
 * over BATCH staged counter blocks (counters hashed from other nonces). */
#define AXIOM_GCM_STAGE_BLOCKS 16
#define AXIOM_GCM_BATCH_BLOCKS 32
#define AXIOM_GCM_CHUNK_BLOCKS 256

/* Every count of text blocks at which a GCM path changes (the glue's and
 * each tier's: lib/gcm/ghash.h), and every count of AD plus text blocks
 * at which a one-shot hook changes path; the contract test derives its
 * message lengths from these lists, so a new threshold belongs here. */
#define AXIOM_GCM_TEXT_STEPS                                                     \
    { AXIOM_GCM_STAGE_BLOCKS - 1, AXIOM_GCM_BATCH_BLOCKS, AXIOM_GCM_CHUNK_BLOCKS,   \
      AXIOM_GCM_AESNI_BLOCKS - 1, AXIOM_GCM_AESNI_BLOCKS, 2 * AXIOM_GCM_AESNI_BLOCKS, \
      AXIOM_GCM_VAES2_BLOCKS, 2 * AXIOM_GCM_VAES2_BLOCKS, AXIOM_GCM_VAES512_BLOCKS,   \
      2 * AXIOM_GCM_VAES512_BLOCKS }
#define AXIOM_GCM_TOTAL_STEPS { AXIOM_GHASH_MAXPOW, AXIOM_GCM_VAES512_BLOCKS, \
                                2 * AXIOM_GCM_VAES2_BLOCKS }

/* Everything that depends on the key: the AEAD algorithm's state. */
typedef struct axiom_gcm_key {
    axiom_bc_ks ks;                /* made by k->aes->setkey */
    axiom_ghash_key hk;            /* made by k->ghash->init */
    const axiom_gcm_kernel *k;     /* bound at setkey */
} axiom_gcm_key;

/* One message in progress. */
typedef struct axiom_gcm_msg {
    uint8_t y[16];     /* GHASH accumulator (wire byte order) */
    uint8_t ctr[16];   /* next counter block */
    uint8_t ek0[16];   /* E_K(J0), masks the tag */
    uint64_t adlen;    /* bytes of AD hashed */
    uint64_t len;      /* bytes of text processed */
    int pub_ctr;       /* 96-bit nonce: the counters are public (see lib/gcm/gcm.c) */
} axiom_gcm_msg;

/* Expand @key with tier @k (the tests force every tier this way). */
void axiom_gcm_setkey_with(axiom_gcm_key *g, const axiom_gcm_kernel *k,
                           const uint8_t *key, size_t keylen);
/* Start a message: J0, E_K(J0), first counter, empty GHASH. */
void axiom_gcm_start(const axiom_gcm_key *g, axiom_gcm_msg *m,
                     const uint8_t *nonce, size_t noncelen);
/* @n whole blocks of text (does not touch m->len). */
void axiom_gcm_blocks(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt,
                      uint8_t *out, const uint8_t *in, size_t n);
/* One block of keystream (for a partial block), advancing the counter. */
void axiom_gcm_keystream(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t ks[16]);
/* Hash the length block and write the full 16-byte tag. */
void axiom_gcm_tag(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t tag[16]);

/* The AEAD operations over an axiom_gcm_key, whatever its tier's block
 * cipher (AES or SM4): lib/gcm/gcm.c's algorithms and lib/gcm/sm4_gcm.c's use them
 * as they are.  Internal, like everything here: not in lib/libaxiom.map. */
#define AXIOM_GCM_STATE_SIZE ((sizeof(axiom_gcm_key) + 63) & ~(size_t)63)
int axiom_gcm_aead_nonce_ok(size_t noncelen);
int axiom_gcm_aead_tag_ok(size_t taglen);
/* Write the full 16-byte tag to @tag, whatever @taglen (lib/core/aead.h). */
void axiom_gcm_aead_seal(const void *state, uint8_t *out, uint8_t *tag, size_t taglen,
                         const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                         const uint8_t *in, size_t len);
void axiom_gcm_aead_open(const void *state, uint8_t *out, uint8_t *tag, size_t taglen,
                         const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                         const uint8_t *in, size_t len);

#endif
