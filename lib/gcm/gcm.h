/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The GCM glue (lib/gcm/gcm.c): the phases of lib/gcm/ghash.h sequenced
 * once, for the one-shot AEAD algorithms, the streaming interface and the
 * white-box tests. */
#ifndef AXIOM_GCM_INTERNAL_H
#define AXIOM_GCM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "core/bc.h"
#include "gcm/ghash.h"

/* SP 800-38D: len(P) <= 2^39 - 256 bits, len(A) <= 2^64 - 1 bits. */
#define AXIOM_GCM_MAX_LEN ((UINT64_C(1) << 36) - 32)
#define AXIOM_GCM_MAX_ADLEN ((UINT64_C(1) << 61) - 1)

/* Every count of text blocks at which a path of a GCM text phase changes
 * (lib/gcm/ghash.h): the portable phase's staging (text plus E_K(J0) and
 * a pad within AXIOM_GCM_STAGE_BLOCKS), batches and chunks, the stitched
 * loops' widths, and where the final phase's one or two blocks stop
 * fitting in the last reduction.  The contract test derives its message
 * lengths from this list, so a new threshold belongs here. */
#define AXIOM_GCM_TEXT_STEPS                                                                   \
    { AXIOM_GCM_STAGE_BLOCKS - 2, AXIOM_GCM_STAGE_BLOCKS - 1, AXIOM_GCM_BATCH_BLOCKS,        \
      AXIOM_GCM_CHUNK_BLOCKS, AXIOM_GCM_AESNI_BLOCKS, 2 * AXIOM_GCM_AESNI_BLOCKS,             \
      AXIOM_GCM_VAES2_BLOCKS, 2 * AXIOM_GCM_VAES2_BLOCKS, AXIOM_GCM_VAES512_BLOCKS,         \
      2 * AXIOM_GCM_VAES512_BLOCKS, AXIOM_GHASH_MAXPOW - 2, AXIOM_GHASH_MAXPOW - 1 }

/* Precompute: expand @key with tier @k (the tests force every tier this
 * way). */
void axiom_gcm_setkey_with(axiom_gcm_key *g, const axiom_gcm_kernel *k,
                           const uint8_t *key, size_t keylen);
/* Start a message: J0, the first counter, an empty accumulator. */
void axiom_gcm_start(const axiom_gcm_key *g, axiom_gcm_msg *m,
                     const uint8_t *nonce, size_t noncelen);
/* More AD (any length, any number of calls before the text). */
void axiom_gcm_ad(const axiom_gcm_key *g, axiom_gcm_msg *m, const uint8_t *ad, size_t adlen);
/* More text (any length, any number of calls): encrypts when @encrypt is
 * nonzero, else decrypts; out == in allowed. */
void axiom_gcm_text(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                    const uint8_t *in, size_t len);
/* End the message: the full 16-byte tag (then wipe @m). */
void axiom_gcm_finish(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t tag[16]);

/* The AEAD operations over an axiom_gcm_key, whatever its tier's block
 * cipher (AES or SM4): lib/gcm/gcm.c's algorithms and lib/gcm/sm4_gcm.c's
 * use them as they are.  Internal, like everything here: not in
 * lib/libaxiom.map. */
#define AXIOM_GCM_STATE_SIZE ((sizeof(axiom_gcm_key) + 63) & ~(size_t)63)
int axiom_gcm_aead_nonce_ok(size_t noncelen);
int axiom_gcm_aead_tag_ok(size_t taglen);
void axiom_gcm_aead_setkey(void *state, const axiom_kernel *k, const uint8_t *key,
                           size_t keylen);
/* The message operation (lib/core/aead.h): writes the full 16-byte tag to
 * @tag, whatever @taglen. */
void axiom_gcm_aead_message(const void *state, int enc, uint8_t *out, uint8_t *tag,
                            size_t taglen, const uint8_t *nonce, size_t noncelen,
                            const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len);
/* The same over the key @g with AXIOM_GCM_F_* @flags set in the message
 * from its start (AXIOM_GCM_F_POWERS: lib/gcm/ghash.h). */
void axiom_gcm_message_flags(const axiom_gcm_key *g, int enc, uint8_t *out, uint8_t *tag,
                             const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                             size_t adlen, const uint8_t *in, size_t len, unsigned flags);

#endif
