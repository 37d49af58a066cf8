/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/aegis.h
 *  @brief The AEGIS family as a stream: nonce, AD and text in as many
 *  pieces as the caller likes, for messages that do not fit in memory at
 *  once. */
#ifndef AXIOM_AEGIS_H
#define AXIOM_AEGIS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup aegis Streaming AEGIS
 *
 *  The same algorithms as axiom_aead_seal() / axiom_aead_open() with
 *  "aegis-128l", "aegis-128x2", "aegis-128x4", "aegis-256", "aegis-256x2"
 *  and "aegis-256x4" (same key, nonce and tag lengths, same kernels,
 *  bit-identical output), split into calls:
 *
 *      axiom_aegis_new → axiom_aegis_setkey → { axiom_aegis_init →
 *      axiom_aegis_aad* → axiom_aegis_update* → axiom_aegis_final
 *      (encrypt) or axiom_aegis_verify (decrypt) }* → axiom_aegis_free
 *
 *  Any split of the AD and of the text gives the same result as one call.
 *  `out == in` is allowed in axiom_aegis_update(); any other overlap is
 *  #AXIOM_EINVAL.  A call out of this order returns #AXIOM_ESTATE.  Every
 *  call has read its inputs when it returns and keeps no pointer to them.
 *  axiom_aegis_update() writes exactly as many bytes as it reads, at once.
 *
 *  Keys and nonces: 16 bytes (the 128 variants) or 32 bytes (the 256
 *  variants); a nonce must never be used twice under one key.  Tags: 16
 *  or 32 bytes, two different functions of the final state (a 16-byte tag
 *  is not a prefix of the 32-byte one); fix the length in the protocol.
 *  AD and text: up to 2^61 - 1 bytes each.
 *
 *  @warning When decrypting, axiom_aegis_update() releases plaintext
 *  <b>before</b> the tag has been checked: nothing it returns is
 *  authentic until axiom_aegis_verify() has returned #AXIOM_OK.  A caller
 *  must not act on that plaintext (parse it, display it, write it where
 *  others read it) before then, and must discard all of it when
 *  axiom_aegis_verify() returns #AXIOM_EAUTH.  When the whole message fits
 *  in memory, axiom_aead_open() is the safer call: it never releases
 *  unauthenticated plaintext.
 *  @{ */

/** Opaque streaming AEGIS context.  One thread at a time. */
typedef struct axiom_aegis_ctx axiom_aegis_ctx;

/** Allocate a context for AEGIS variant @p name (case-insensitive).
 *  @param[out] ctx  receives the context (NULL on error)
 *  @param      name "aegis-128l", "aegis-128x2", "aegis-128x4",
 *                   "aegis-256", "aegis-256x2" or "aegis-256x4"
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ENOTCT,
 *          #AXIOM_ENOMEM */
int axiom_aegis_new(axiom_aegis_ctx **ctx, const char *name);

/** Set (or replace) the key; the kernel is chosen now.  Ends any message
 *  in progress.
 *  @param ctx     context from axiom_aegis_new()
 *  @param key     the key
 *  @param keylen  16 (128 variants) or 32 (256 variants)
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN, #AXIOM_ENOTCT (the
 *          old key, if any, is then kept) */
int axiom_aegis_setkey(axiom_aegis_ctx *ctx, const uint8_t *key, size_t keylen);

/** Start a message.  Abandons any message in progress.
 *  @param ctx        keyed context
 *  @param direction  #AXIOM_ENCRYPT or #AXIOM_DECRYPT
 *  @param nonce      the nonce
 *  @param noncelen   16 (128 variants) or 32 (256 variants)
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE (no key), #AXIOM_EIVLEN */
int axiom_aegis_init(axiom_aegis_ctx *ctx, int direction, const uint8_t *nonce,
                     size_t noncelen);

/** Add associated data; only before the first axiom_aegis_update().
 *  @param ctx    context with a message started
 *  @param ad     the next bytes of associated data
 *  @param adlen  their count
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ELENGTH (the AD
 *          would exceed 2^61 - 1 bytes; nothing added) */
int axiom_aegis_aad(axiom_aegis_ctx *ctx, const uint8_t *ad, size_t adlen);

/** Encrypt or decrypt the next @p len bytes of text (any length; the
 *  stream continues at byte granularity).  See the warning above about
 *  decryption.
 *  @param ctx       context with a message started
 *  @param[out] out  receives @p len bytes (may be @p in)
 *  @param in        the next bytes of plaintext or ciphertext
 *  @param len       their count
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ELENGTH (the
 *          text would exceed 2^61 - 1 bytes; nothing written) */
int axiom_aegis_update(axiom_aegis_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);

/** Encryption only: finish the message and write its tag.  The context is
 *  then ready for axiom_aegis_init().
 *  @param ctx       context encrypting a message
 *  @param[out] tag  receives the tag
 *  @param taglen    16 or 32
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ETAGLEN (the
 *          message then stays open) */
int axiom_aegis_final(axiom_aegis_ctx *ctx, uint8_t *tag, size_t taglen);

/** Decryption only: finish the message and compare its tag with @p tag in
 *  constant time.  The context is then ready for axiom_aegis_init().
 *  @param ctx     context decrypting a message
 *  @param tag     the tag received with the message
 *  @param taglen  16 or 32
 *  @return #AXIOM_OK (everything axiom_aegis_update() returned is
 *          authentic), #AXIOM_EAUTH (none of it is), #AXIOM_EINVAL,
 *          #AXIOM_ESTATE, #AXIOM_ETAGLEN (the message then stays open) */
int axiom_aegis_verify(axiom_aegis_ctx *ctx, const uint8_t *tag, size_t taglen);

/** Wipe the key and message state and free the context.
 *  @param ctx  context from axiom_aegis_new(), or NULL (a no-op) */
void axiom_aegis_free(axiom_aegis_ctx *ctx);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
