/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/mac.h
 *  @brief Message authentication codes by name (HMAC over any hash, and
 *  the other MACs the library offers), one message or streamed. */
#ifndef AXIOM_MAC_H
#define AXIOM_MAC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup mac Message authentication codes
 *
 *  Algorithm names (looked up case-insensitively) and their lengths, in
 *  bytes:
 *
 *  | name | key | nonce | tag |
 *  |------|-----|-------|-----|
 *  | `hmac-<hash>` (RFC 2104), `<hash>` any name axiom_hash() takes, e.g. `hmac-sha256` | any length | none (0) | 1 to the digest size (truncated) |
 *  | `aegis-128l-mac`, `aegis-128x2-mac`, `aegis-128x4-mac` (draft-irtf-cfrg-aegis-aead, AEGISMAC) | 16 | 16, or 0 for the all-zero nonce | 16 or 32 |
 *  | `aegis-256-mac`, `aegis-256x2-mac`, `aegis-256x4-mac` | 32 | 32, or 0 for the all-zero nonce | 16 or 32 |
 *  | `aes-128-cmac`, `aes-192-cmac`, `aes-256-cmac` (CMAC, NIST SP 800-38B; RFC 4493) | 16, 24, 32 | none (0) | 1 to 16 (truncated) |
 *  | `sm4-cmac` (CMAC over SM4) | 16 | none (0) | 1 to 16 (truncated) |
 *  | `kuznyechik-cmac` (OMAC, the MAC of GOST R 34.13-2015, 5.6) | 32 | none (0) | 1 to 16 (truncated) |
 *  | `kuznyechik-omac-acpkm`, `kuznyechik-omac-acpkm-<N>`, `kuznyechik-omac-acpkm-<N>-<T>` (OMAC-ACPKM, R 1323565.1.017-2018, RFC 8645) | 32 | none (0) | 1 to 16 (truncated) |
 *
 *  HMAC here is the same function as axiom_hmac(); messages may be up to
 *  2^61 - 1 bytes, for CMAC and AEGIS-MAC too.  CMAC tags shorter than 8
 *  bytes are for protocols that bound the number of verifications (SP
 *  800-38B, appendix A).  AEGIS-MAC: unlike the AEAD, the MAC lets one
 *  (key, nonce) pair authenticate any number of messages, so the all-zero
 *  nonce (what axiom_mac() uses) is a sound default; a 16- and a 32-byte
 *  tag are two different functions, not truncations of each other.
 *  AEGIS-MAC tags must not be used as keys (they are not uniformly
 *  random), and AEGIS-MAC is no hash: whoever knows the key can make
 *  collisions.
 *
 *  OMAC-ACPKM is Kuznyechik OMAC whose key changes every N bytes of the
 *  message: the section keys and the last section's subkey K1 come from
 *  the master key by ACPKM-Master (CTR-ACPKM over zeros, its own key
 *  meshed every T bytes).  N and T are multiples of 16 from 16 to 2^30
 *  bytes, in decimal after the name; both default to 4096, the defaults
 *  of the MAC the GOST provider for OpenSSL offers under the name
 *  kuznyechik-ctr-acpkm-omac (its "key-mesh" and "cipher-key-mesh").
 *
 *  Rules shared by every algorithm:
 *  - @c key may be NULL when @c keylen is 0, @c nonce when @c noncelen is
 *    0, and @c in when @c len is 0.
 *  - The tag is written after all of the input has been read, so it may
 *    share bytes with the key or the message.
 *  - Compare tags with axiom_mac_verify() or axiom_memeq(), never with
 *    memcmp(): a comparison that stops at the first difference tells an
 *    attacker how much of a forged tag is right.
 *  - On error nothing is written.
 *  @{ */

/** Opaque MAC context: an algorithm and, after axiom_mac_init(), a key.
 *  One thread at a time; reusable for any number of messages. */
typedef struct axiom_mac_ctx axiom_mac_ctx;

/** The MAC of @p len bytes at @p in under @p key, in one call, with no
 *  nonce (an algorithm that takes one gets its documented default).
 *  @param name    algorithm name, e.g. "hmac-sha256"
 *  @param[out] tag receives @p taglen bytes
 *  @param taglen  tag length in bytes (see the table above)
 *  @param key     the key
 *  @param keylen  its length in bytes
 *  @param in      the message
 *  @param len     its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ENOTCT,
 *          #AXIOM_EKEYLEN, #AXIOM_EIVLEN (the algorithm needs a nonce:
 *          use axiom_mac_init()), #AXIOM_ETAGLEN, #AXIOM_ELENGTH */
int axiom_mac(const char *name, uint8_t *tag, size_t taglen,
              const uint8_t *key, size_t keylen, const void *in, size_t len);

/** Allocate a context for MAC algorithm @p name; set a key (and nonce)
 *  with axiom_mac_init() before the first message.
 *  @param[out] ctx  receives the context (NULL on error)
 *  @param      name algorithm name
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ENOTCT,
 *          #AXIOM_ENOMEM */
int axiom_mac_new(axiom_mac_ctx **ctx, const char *name);

/** Set (or replace) the key and the nonce, and start a message; the
 *  kernel is chosen now.  Abandons any message in progress.
 *  @param ctx       context from axiom_mac_new()
 *  @param key       the key
 *  @param keylen    its length in bytes
 *  @param nonce     the nonce, for the algorithms that take one (NULL
 *                   and 0 otherwise)
 *  @param noncelen  its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN, #AXIOM_EIVLEN,
 *          #AXIOM_ENOTCT (the old key, if any, is then kept) */
int axiom_mac_init(axiom_mac_ctx *ctx, const uint8_t *key, size_t keylen,
                   const uint8_t *nonce, size_t noncelen);

/** Add the next @p len bytes of the message (any split of a message
 *  gives the same tag).
 *  @param ctx  keyed context
 *  @param in   message bytes
 *  @param len  their count
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE (no key),
 *          #AXIOM_ELENGTH (the message would exceed the algorithm's limit;
 *          nothing added) */
int axiom_mac_update(axiom_mac_ctx *ctx, const void *in, size_t len);

/** Finish the message and write its @p taglen-byte tag; the context then
 *  starts a new message under the same key (and nonce).
 *  @param ctx       keyed context
 *  @param[out] tag  receives the tag
 *  @param taglen    tag length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ETAGLEN (the
 *          message is then still open) */
int axiom_mac_final(axiom_mac_ctx *ctx, uint8_t *tag, size_t taglen);

/** Finish the message and compare its tag with the @p taglen bytes at
 *  @p tag in constant time; the context then starts a new message under
 *  the same key (and nonce).
 *  @param ctx     keyed context
 *  @param tag     the tag received with the message
 *  @param taglen  its length in bytes
 *  @return #AXIOM_OK (authentic), #AXIOM_EAUTH (not), #AXIOM_EINVAL,
 *          #AXIOM_ESTATE, #AXIOM_ETAGLEN */
int axiom_mac_verify(axiom_mac_ctx *ctx, const uint8_t *tag, size_t taglen);

/** Wipe the key and message state and free the context.
 *  @param ctx  context from axiom_mac_new(), or NULL (a no-op) */
void axiom_mac_free(axiom_mac_ctx *ctx);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
