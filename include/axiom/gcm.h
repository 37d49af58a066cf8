/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/gcm.h
 *  @brief Streaming AEAD (AES-GCM, SM4-GCM, ChaCha20-Poly1305): nonce, AD
 *  and text in as many pieces as the caller likes, for messages that do not
 *  fit in memory at once and for interfaces that feed a message in parts
 *  (an OpenSSL provider, a TLS record layer). */
#ifndef AXIOM_GCM_H
#define AXIOM_GCM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup gcm Streaming AEAD
 *
 *  The same algorithms as axiom_aead_seal() / axiom_aead_open() with
 *  "aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "sm4-gcm" and
 *  "chacha20-poly1305" (same key, nonce and tag lengths, same kernels,
 *  bit-identical output), split into calls.  The interface carries the name
 *  of its first algorithm; it is the streaming form of all five:
 *
 *      axiom_gcm_new → axiom_gcm_setkey → { axiom_gcm_init → axiom_gcm_aad* →
 *      axiom_gcm_update* → axiom_gcm_final (encrypt) or axiom_gcm_verify
 *      (decrypt) }*  → axiom_gcm_free
 *
 *  Any split of the AD and of the text gives the same result as one call.
 *  `out == in` is allowed in axiom_gcm_update(); any other overlap is
 *  #AXIOM_EINVAL.  A call out of this order returns #AXIOM_ESTATE.  Every
 *  call has read its inputs when it returns and keeps no pointer to them,
 *  so the nonce and AD buffers may be reused at once, even as the output
 *  of the axiom_gcm_update() calls that follow.
 *
 *  Keys: 16, 24 or 32 bytes.  Nonces: 1 byte or longer (12 is the fast
 *  path).  Tags: 16, 15, 14, 13, 12, 8 or 4 bytes; as for the one-shot
 *  AEAD (axiom/aead.h), the tag length must be fixed by the protocol and
 *  never read from the message, and 4- and 8-byte tags need the limits of
 *  SP 800-38D Appendix C (message length and number of decryptions per
 *  key), which the caller enforces.
 *
 *  @warning When decrypting, axiom_gcm_update() releases plaintext
 *  <b>before</b> the tag has been checked: nothing it returns is
 *  authentic until axiom_gcm_verify() has returned #AXIOM_OK.  A caller
 *  must not act on that plaintext (parse it, display it, write it where
 *  others read it) before then, and must discard all of it when
 *  axiom_gcm_verify() returns #AXIOM_EAUTH.  When the whole message fits
 *  in memory, axiom_aead_open() is the safer call: it never releases
 *  unauthenticated plaintext.
 *  @{ */

/** Opaque streaming GCM context.  One thread at a time. */
typedef struct axiom_gcm_ctx axiom_gcm_ctx;

/** Allocate a context for @p name ("aes-128-gcm", "aes-192-gcm",
 *  "aes-256-gcm", "sm4-gcm" or "chacha20-poly1305", case-insensitive).
 *  @param[out] ctx  receives the context (NULL on error)
 *  @param name      algorithm name
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ENOTCT (the
 *          constant-time-only policy leaves the algorithm no kernel),
 *          #AXIOM_ENOMEM */
int axiom_gcm_new(axiom_gcm_ctx **ctx, const char *name);

/** Copy a context with its key and the message in progress (nonce, AD and
 *  text so far, partial blocks), so that the copy continues the message
 *  exactly where @p ctx stands; both then go on independently.
 *  @param[out] copy  receives the new context (set to NULL on error)
 *  @param      ctx   the context to copy
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL argument), #AXIOM_ENOMEM */
int axiom_gcm_dup(axiom_gcm_ctx **copy, const axiom_gcm_ctx *ctx);

/** Set (or replace) the key; the kernel is chosen now.  Ends any message
 *  in progress.
 *  @param ctx     context from axiom_gcm_new()
 *  @param key     the key
 *  @param keylen  16, 24 or 32 for GCM, as the algorithm's name says; 32
 *                 for chacha20-poly1305
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN (old key kept),
 *          #AXIOM_ENOTCT (axiom_cpu_disable() left no constant-time kernel
 *          under the constant-time-only policy) */
int axiom_gcm_setkey(axiom_gcm_ctx *ctx, const uint8_t *key, size_t keylen);

/** Start a message: @p direction is #AXIOM_ENCRYPT or #AXIOM_DECRYPT;
 *  @p nonce is 1 byte or longer for GCM (12 is the fast path), 12 bytes for
 *  chacha20-poly1305.  Abandons any message in progress.
 *  @param ctx        keyed context
 *  @param direction  #AXIOM_ENCRYPT or #AXIOM_DECRYPT
 *  @param nonce      the nonce
 *  @param noncelen   its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE (no key), #AXIOM_EIVLEN */
int axiom_gcm_init(axiom_gcm_ctx *ctx, int direction, const uint8_t *nonce, size_t noncelen);

/** Add associated data; only before the first axiom_gcm_update().
 *  @param ctx    context after axiom_gcm_init()
 *  @param ad     the next bytes of associated data (NULL when @p adlen is 0)
 *  @param adlen  their number
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ELENGTH */
int axiom_gcm_aad(axiom_gcm_ctx *ctx, const uint8_t *ad, size_t adlen);

/** Encrypt or decrypt the next @p len bytes of text (any length; the
 *  stream continues at byte granularity).  See the warning above about
 *  decryption.
 *  @param ctx       context after axiom_gcm_init()
 *  @param[out] out  receives @p len bytes (may be @p in)
 *  @param in        the next @p len bytes of text
 *  @param len       their number
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ELENGTH (the
 *          message would exceed 2^36 - 32 bytes for GCM, 2^38 - 64 bytes
 *          for chacha20-poly1305; nothing written) */
int axiom_gcm_update(axiom_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);

/** Encryption only: finish the message and write its @p taglen-byte tag
 *  (GCM: 16, 15, 14, 13, 12, 8 or 4; chacha20-poly1305: 16).  The context is then ready for
 *  axiom_gcm_init().
 *  @param ctx       context encrypting a message
 *  @param[out] tag  receives the tag
 *  @param taglen    its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ETAGLEN */
int axiom_gcm_final(axiom_gcm_ctx *ctx, uint8_t *tag, size_t taglen);

/** Decryption only: finish the message and compare its tag with @p tag in
 *  constant time.  The context is then ready for axiom_gcm_init().
 *  @param ctx     context decrypting a message
 *  @param tag     the tag received with the ciphertext
 *  @param taglen  its length in bytes
 *  @return #AXIOM_OK (everything axiom_gcm_update() returned is
 *          authentic), #AXIOM_EAUTH (none of it is), #AXIOM_EINVAL,
 *          #AXIOM_ESTATE, #AXIOM_ETAGLEN */
int axiom_gcm_verify(axiom_gcm_ctx *ctx, const uint8_t *tag, size_t taglen);

/** Wipe the key and message state and free the context.
 *  @param ctx  context from axiom_gcm_new(), or NULL (a no-op) */
void axiom_gcm_free(axiom_gcm_ctx *ctx);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
