/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/chunked_hazmat.h
 *  @brief Hazardous parts of chunked encryption: the raw mode, a chosen
 *  salt and a chosen chunk counter.  For implementing protocols and
 *  tests; applications use axiom/chunked.h. */
#ifndef AXIOM_CHUNKED_HAZMAT_H
#define AXIOM_CHUNKED_HAZMAT_H

#include <axiom/chunked.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup chunked_hazmat Chunked encryption: raw mode and test hooks
 *
 *  The raw mode (c2sp.org/chunked-encryption, appendix) uses an AEAD key
 *  and base nonce that a higher-level protocol derived itself: there is
 *  no salt and no commitment, so this layer gives no key commitment, and
 *  a key and base nonce must never be used for two messages.  Both must
 *  be uniformly random (a KDF output), never a counter.  After a raw
 *  init, the same update, final and failure calls as for a normal
 *  message apply, with no header in either direction.
 *  @{ */

/** Start encrypting a raw-mode message with the suite's AEAD key @p key
 *  and base nonce @p base_nonce (12 bytes for AES-GCM).
 *  @param ctx         the context
 *  @param key         the AEAD key
 *  @param keylen      its length
 *  @param base_nonce  the base nonce
 *  @param noncelen    its length
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN, #AXIOM_EIVLEN */
int axiom_chunked_raw_encrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key, size_t keylen,
                                   const uint8_t *base_nonce, size_t noncelen);

/** Start decrypting a raw-mode message (no header is expected).
 *  @param ctx         the context
 *  @param key         the AEAD key
 *  @param keylen      its length
 *  @param base_nonce  the base nonce
 *  @param noncelen    its length
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN, #AXIOM_EIVLEN */
int axiom_chunked_raw_decrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key, size_t keylen,
                                   const uint8_t *base_nonce, size_t noncelen);

/** As axiom_chunked_encrypt_init() with the salt given instead of drawn:
 *  deterministic, for known-answer tests.  A salt must never repeat under
 *  one input key.
 *  @param ctx         the context
 *  @param key         the input key
 *  @param keylen      its length
 *  @param context     the application context (NULL when @p contextlen is 0)
 *  @param contextlen  its length
 *  @param salt        the salt
 *  @param[out] header receives the header
 *  @return as axiom_chunked_encrypt_init() */
int axiom_chunked_encrypt_init_salt(axiom_chunked_ctx *ctx, const uint8_t *key, size_t keylen,
                                    const uint8_t *context, size_t contextlen,
                                    const uint8_t salt[AXIOM_CHUNKED_SALT],
                                    uint8_t header[AXIOM_CHUNKED_HEADER]);

/** Raw mode only, between chunks (nothing buffered): make @p chunk the
 *  index of the next chunk, as when a protocol resumes a message or a
 *  test reaches the counter's limits.
 *  @param ctx    the context
 *  @param chunk  index of the next chunk
 *  @return #AXIOM_OK; #AXIOM_ESTATE (not raw mode, or a chunk partly
 *          buffered); #AXIOM_ELENGTH (@p chunk not below
 *          #AXIOM_CHUNKED_MAX_CHUNKS); #AXIOM_EINVAL */
int axiom_chunked_raw_set_counter(axiom_chunked_ctx *ctx, uint64_t chunk);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
