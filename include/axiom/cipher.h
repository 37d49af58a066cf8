/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/cipher.h
 *  @brief Block ciphers in ECB, CBC, CTR, CFB, OFB and XTS modes, and the
 *  ChaCha20 stream cipher. */
#ifndef AXIOM_CIPHER_H
#define AXIOM_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup cipher Block and stream ciphers
 *
 *  Algorithm names are looked up case-insensitively.  Every block cipher
 *  has a 16-byte block; `-cfb` is CFB128.
 *
 *  - `aes-128-ecb`, `aes-192-ecb`, `aes-256-ecb`: key 16, 24 or 32 bytes,
 *    no IV, updates of a multiple of 16 bytes.
 *  - `aes-128-cbc`, `aes-192-cbc`, `aes-256-cbc`: key 16, 24 or 32 bytes,
 *    16-byte IV, updates of a multiple of 16 bytes.
 *  - `aes-128-ctr`, `-cfb`, `-ofb` and the same for `aes-192` and
 *    `aes-256`: key 16, 24 or 32 bytes, 16-byte IV, updates of any length.
 *  - `aes-128-xts`, `aes-256-xts` (IEEE 1619): key 32 or 64 bytes (the data
 *    key, then the tweak key), 16-byte tweak, each update one data unit of
 *    16 bytes to 2^24 bytes.
 *  - `sm4-ecb`, `sm4-cbc`, `sm4-ctr`, `sm4-cfb`, `sm4-ofb` (GB/T 32907):
 *    key 16 bytes; IV and update lengths as for AES.
 *  - `kuznyechik-ecb`, `-cbc`, `-ctr`, `-cfb`, `-ofb` (GOST R 34.12-2015):
 *    key 32 bytes; IV and update lengths as for AES.
 *  - `kuznyechik-ctr-acpkm` (CTR with ACPKM key meshing, RFC 8645 /
 *    R 1323565.1.017-2018): key 32 bytes, 16-byte IV, updates of any
 *    length.  After every section of N bytes the key becomes the
 *    encryption of the bytes 0x80 .. 0x9f under the current key; the
 *    counter runs on across sections.  N is 4096 bytes (the GOST provider's
 *    default); `kuznyechik-ctr-acpkm-<N>` sets it, N in decimal, a
 *    multiple of 16 from 16 to 2^30 (RFC 8645's example is
 *    `kuznyechik-ctr-acpkm-32`).  Each axiom_cipher_init() starts a
 *    message under the key given (or kept), at the first section.
 *  - `chacha20` (RFC 8439): key 32 bytes, 12-byte nonce or 16 bytes (the
 *    initial block counter, then the nonce), updates of any length, at
 *    most 2^32 blocks of 64 bytes in all.
 *
 *  Kuznyechik CTR and CTR-ACPKM count over the whole 16-byte block like
 *  every CTR here, so the 64-bit IV of GOST R 34.13-2015 CTR is passed as
 *  IV followed by eight zero bytes.
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
 *  @param ctx        context from axiom_cipher_new()
 *  @param direction  #AXIOM_ENCRYPT or #AXIOM_DECRYPT
 *  @param key        the key, or NULL to keep the current key schedule
 *  @param keylen     its length in bytes (see the table above)
 *  @param iv         the IV, tweak or nonce (NULL when @p ivlen is 0)
 *  @param ivlen      its length in bytes
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
 *  @param ctx       context after axiom_cipher_init()
 *  @param[out] out  receives @p len bytes (may be @p in)
 *  @param in        the @p len input bytes
 *  @param len       number of bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ELENGTH, #AXIOM_ESTATE (no
 *          init yet, an XTS unit already processed under this tweak, or
 *          the chacha20 counter exhausted) */
int axiom_cipher_update(axiom_cipher_ctx *ctx, uint8_t *out,
                        const uint8_t *in, size_t len);

/** Copy a context with everything in it: key schedule, direction, IV or
 *  counter and the position inside a partial block, so that the copy
 *  continues the message exactly where @p ctx stands (both may then go on
 *  independently).
 *  @param[out] copy  receives the new context (set to NULL on error)
 *  @param      ctx   the context to copy
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL argument), #AXIOM_ENOMEM */
int axiom_cipher_dup(axiom_cipher_ctx **copy, const axiom_cipher_ctx *ctx);

/** Wipe the key schedule and state, then free the context.
 *  @param ctx  context from axiom_cipher_new(), or NULL (a no-op) */
void axiom_cipher_free(axiom_cipher_ctx *ctx);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
