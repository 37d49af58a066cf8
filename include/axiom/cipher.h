/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/cipher.h
 *  @brief Block ciphers in ECB, CBC, CTR, CFB, OFB and XTS modes. */
#ifndef AXIOM_CIPHER_H
#define AXIOM_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup cipher Block and stream ciphers
 *
 *  Algorithm names (looked up case-insensitively) and their lengths:
 *
 *  | name | key (bytes) | IV (bytes) |
 *  |------|-------------|------------|
 *  | `aes-128-`, `aes-192-`, `aes-256-` + `ecb` | 16, 24, 32 | none |
 *  | the same + `cbc`, `ctr`, `cfb` (CFB128), `ofb` | 16, 24, 32 | 16 |
 *  | `aes-128-xts`, `aes-256-xts` | 32, 64: the data key, then the tweak key | 16: the tweak |
 *  | `sm4-ecb` (GB/T 32907) | 16 | none |
 *  | `sm4-cbc`, `-ctr`, `-cfb`, `-ofb` | 16 | 16 |
 *  | `kuznyechik-ecb` (GOST R 34.12-2015) | 32 | none |
 *  | `kuznyechik-cbc`, `-ctr`, `-cfb`, `-ofb` | 32 | 16 (CTR: GOST R 34.13's 8-byte IV followed by 8 zero bytes) |
 *  | `chacha20` (RFC 8439) | 32 | 12 (nonce) or 16 (counter, nonce) |
 *
 *  All block ciphers here have 16-byte blocks.
 *
 *  The CTR modes treat the counter block (the IV and its increments) as
 *  public: their kernels may take a different path where a carry crosses
 *  a word of the counter, so their timing can depend on the counter's
 *  value.  An IV must therefore never be secret (it never needs to be:
 *  CTR's security rests on the key and on never reusing a counter value
 *  under one key).
 *
 *  Buffers may have any alignment; `out == in` (in place) is allowed, any
 *  other overlap between @c out and @c in is rejected with #AXIOM_EINVAL.
 *  @{ */

/** Opaque cipher context. One thread at a time. */
typedef struct axiom_cipher_ctx axiom_cipher_ctx;

/** Direction flags for axiom_cipher_init(). */
enum {
    AXIOM_DECRYPT = 0, /**< Decrypt. */
    AXIOM_ENCRYPT = 1  /**< Encrypt. */
};

/** Allocate a context for algorithm @p name.
 *
 *  The fastest kernel that the CPU, the build and the current
 *  AXIOM_CPU_DISABLE / axiom_cpu_disable() settings allow is bound to the
 *  context here, once; axiom_impl() names it.
 *  @param[out] ctx   receives the new context (set to NULL on error)
 *  @param      name  algorithm name
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL argument), #AXIOM_ENOTFOUND,
 *          #AXIOM_ENOMEM */
int axiom_cipher_new(axiom_cipher_ctx **ctx, const char *name);

/** Set the direction, key and IV, and start a new message.
 *
 *  With @p key == NULL (and @p keylen 0) the key schedule already in the
 *  context is kept and only the IV and stream position are reset (the next
 *  message, or the next XTS data unit); the direction may change.
 *
 *  XTS encryption refuses a key whose two halves are equal (IEEE 1619,
 *  SP 800-38E), compared in constant time: #AXIOM_EINVAL, with that key or
 *  later with @p key NULL.  Decryption accepts it, so that data written
 *  under such a key stays readable.
 *
 *  IV: 16 bytes for CBC, CTR, CFB, OFB and XTS (XTS: the tweak, i.e. the
 *  data-unit number as 16 little-endian bytes); none for ECB (@p ivlen 0,
 *  @p iv may be NULL).  CTR treats the IV as one 128-bit big-endian counter
 *  that wraps modulo 2^128.  `chacha20`: 12 bytes (the nonce; block counter
 *  0) or 16 bytes (a 32-bit little-endian initial block counter, then the
 *  nonce).
 *
 *  On error the context keeps its previous key and state.
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL ctx, bad direction, NULL iv,
 *          @p key NULL with @p keylen not 0, XTS encryption under equal
 *          key halves), #AXIOM_EKEYLEN, #AXIOM_EIVLEN, #AXIOM_ESTATE (key
 *          NULL but no key was ever set) */
int axiom_cipher_init(axiom_cipher_ctx *ctx, int direction,
                      const uint8_t *key, size_t keylen,
                      const uint8_t *iv, size_t ivlen);

/** Encrypt or decrypt @p len bytes from @p in to @p out.
 *
 *  ECB and CBC: @p len must be a multiple of 16.  CTR, CFB and OFB: any
 *  length; the stream continues across calls at byte granularity, so any
 *  split of a message gives the same result as a single call.
 *  XTS: each call is one whole data unit of 16 bytes to 2^24 bytes (lengths
 *  that are not a multiple of 16 use ciphertext stealing); a @p len under
 *  16, 0 included, is #AXIOM_ELENGTH (unlike the other modes, where 0 is
 *  a no-op); the next call needs a new tweak through axiom_cipher_init()
 *  with a NULL key.
 *  `chacha20`: any length, streaming like CTR; the 32-bit block counter
 *  never wraps: a call that would need keystream past block 2^32 - 1
 *  fails with #AXIOM_ESTATE and writes nothing.
 *  @p in and @p out may be NULL when @p len is 0.
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ELENGTH, #AXIOM_ESTATE (no
 *          init yet, an XTS unit already processed under this tweak, or
 *          the chacha20 counter exhausted) */
int axiom_cipher_update(axiom_cipher_ctx *ctx, uint8_t *out,
                        const uint8_t *in, size_t len);

/** Wipe the key schedule and state, then free the context.
 *  NULL is a no-op. */
void axiom_cipher_free(axiom_cipher_ctx *ctx);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
