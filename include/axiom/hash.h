/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/hash.h
 *  @brief Hash functions (SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/256),
 *  HMAC and HKDF, one message or many at once. */
#ifndef AXIOM_HASH_H
#define AXIOM_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup hash Hash, MAC and KDF
 *
 *  Hash names (looked up case-insensitively), FIPS 180-4: `sha224` (28-byte
 *  digest) and `sha256` (32 bytes), on 64-byte blocks; `sha384` (48 bytes),
 *  `sha512` (64 bytes) and `sha512-256` (SHA-512/256, 32 bytes), on
 *  128-byte blocks.  HMAC (RFC 2104) and HKDF (RFC 5869) take the same
 *  names for their hash.  Messages may be up to 2^64 - 1 bytes long.
 *
 *  Every call checks all its arguments before it writes anything: on error
 *  no output byte is written.  Inputs may be NULL when their length is 0.
 *  Buffers may have any alignment.  An output may overlap the inputs of
 *  axiom_hash(), axiom_hash_final(), axiom_hmac() and axiom_hmac_final()
 *  (it is written last); see axiom_hkdf() and axiom_hash_many() for theirs.
 *
 *  The kernel is chosen like a cipher's (see @ref cpu): axiom_impl("sha256")
 *  names the single-stream kernel ("shani", "avx2" or "generic"), and
 *  axiom_impl("sha256-many") the one axiom_hash_many() and axiom_hmac_many()
 *  use for many messages ("avx512-16x", "avx2-8x", or the single-stream
 *  kernel's name when no multi-lane kernel is usable and faster in
 *  aggregate: eight AVX2 lanes do not beat one SHA-NI stream).  SHA-384,
 *  SHA-512 and SHA-512/256 share their kernels ("avx512" and "avx2", both
 *  needing BMI2 as well, or "generic"); they have no multi-lane kernel, so
 *  their `_many` calls hash one message after another.  All of them are
 *  constant time: no branch or memory index depends on keys or data, only
 *  on lengths.
 *  @{ */

/** Digest size of SHA-224 in bytes. */
#define AXIOM_SHA224_SIZE 28
/** Digest size of SHA-256 in bytes. */
#define AXIOM_SHA256_SIZE 32
/** Digest size of SHA-384 in bytes. */
#define AXIOM_SHA384_SIZE 48
/** Digest size of SHA-512 in bytes. */
#define AXIOM_SHA512_SIZE 64
/** Digest size of SHA-512/256 in bytes. */
#define AXIOM_SHA512_256_SIZE 32
/** Largest digest of any hash this library offers (a buffer size).  It
 *  grew from 32 to 64 with SHA-512: code that sized a buffer with it must
 *  be recompiled to hold a SHA-512 digest. */
#define AXIOM_HASH_MAX_SIZE 64

/** Opaque streaming hash context. One thread at a time. */
typedef struct axiom_hash_ctx axiom_hash_ctx;

/** Hash @p len bytes at @p in in one call.
 *  @param name       hash name
 *  @param[out] digest receives the digest
 *  @param digestlen  must be the full digest size (28, 32, 48 or 64)
 *  @param in         message (NULL allowed when @p len is 0)
 *  @param len        message length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL name, digest or data),
 *          #AXIOM_ENOTFOUND, #AXIOM_ELENGTH (wrong @p digestlen) */
int axiom_hash(const char *name, uint8_t *digest, size_t digestlen,
               const void *in, size_t len);

/** Allocate a streaming context for hash @p name, ready for a message.
 *  The kernel is bound here, once.
 *  @param[out] ctx  receives the new context (set to NULL on error)
 *  @param name      hash name
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ENOMEM */
int axiom_hash_new(axiom_hash_ctx **ctx, const char *name);

/** Append @p len bytes to the message.  Any split of a message into
 *  updates gives the same digest as one call.
 *  @param ctx  context from axiom_hash_new()
 *  @param in   the next bytes (NULL allowed when @p len is 0)
 *  @param len  their number
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL ctx, or NULL @p in with
 *          @p len > 0) */
int axiom_hash_update(axiom_hash_ctx *ctx, const void *in, size_t len);

/** Finish the message and write its digest.  The context then starts a
 *  new, empty message under the same hash (it is reusable).  On error the
 *  message in progress is kept.
 *  @param ctx        context from axiom_hash_new()
 *  @param[out] digest receives the digest
 *  @param digestlen  must be the full digest size
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ELENGTH */
int axiom_hash_final(axiom_hash_ctx *ctx, uint8_t *digest, size_t digestlen);

/** Copy a streaming context with the message in progress, so that the
 *  copy and @p ctx can each finish it (or go on) independently: hashing a
 *  common prefix once (a protocol transcript, HMAC key blocks).
 *  @param[out] copy  receives the new context (set to NULL on error)
 *  @param      ctx   the context to copy
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL argument), #AXIOM_ENOMEM */
int axiom_hash_dup(axiom_hash_ctx **copy, const axiom_hash_ctx *ctx);

/** Wipe the intermediate state, then free the context.  NULL is a no-op.
 *  @param ctx  context from axiom_hash_new(), or NULL */
void axiom_hash_free(axiom_hash_ctx *ctx);

/** Hash @p n independent messages at once: digests[i] receives the digest
 *  of the lens[i] bytes at msgs[i], exactly as axiom_hash() would compute
 *  it.
 *
 *  The messages run side by side, one per lane of the widest multi-lane
 *  kernel the CPU allows (16 lanes with AVX-512, 8 with AVX2; SHA-224/256
 *  only); a lane that finishes its message takes the next one, and when
 *  too few messages are left to fill a wide step the rest go through the
 *  single-stream kernel.
 *  Aggregate throughput is highest when there are at least as many
 *  messages as lanes and their lengths are similar; the order of the
 *  messages does not matter and any mix of lengths (including 0) is
 *  allowed.  Without a multi-lane kernel the messages are hashed one at a
 *  time.
 *
 *  No digest buffer may overlap any message or another digest buffer:
 *  digests are written as their messages finish, while other messages are
 *  still being read.  The call checks this (#AXIOM_EINVAL; messages may
 *  overlap each other), with a sort of the buffers that costs little
 *  beside the hashing, on the heap for more than 32 messages.  All
 *  arguments are checked before anything is hashed.
 *  @param name       hash name
 *  @param digests    @p n output pointers
 *  @param digestlen  full digest size, the same for all
 *  @param msgs       @p n message pointers (an entry may be NULL when its
 *                    length is 0)
 *  @param lens       @p n message lengths in bytes
 *  @param n          number of messages; 0 does nothing (the arrays may
 *                    then be NULL)
 *  @return #AXIOM_OK, #AXIOM_EINVAL (a NULL array, digest or message, or
 *          a digest buffer that overlaps a message or another digest
 *          buffer), #AXIOM_ENOTFOUND, #AXIOM_ELENGTH (wrong @p digestlen),
 *          #AXIOM_ENOMEM (the overlap check's array for many messages) */
int axiom_hash_many(const char *name, uint8_t *const digests[], size_t digestlen,
                    const void *const msgs[], const size_t lens[], size_t n);

/** HMAC (RFC 2104) of @p len bytes at @p in under @p key, in one call.
 *  @param hash    hash name
 *  @param[out] mac receives the first @p maclen bytes of the tag
 *  @param maclen  1 to the digest size (shorter is a truncated tag)
 *  @param key     key of any length (NULL allowed when @p keylen is 0);
 *                 keys longer than the hash's block (64 bytes for
 *                 SHA-224/256, 128 for the others) are hashed first
 *  @param keylen  key length in bytes
 *  @param in      message (NULL allowed when @p len is 0)
 *  @param len     message length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ELENGTH
 *          (@p maclen 0 or over the digest size) */
int axiom_hmac(const char *hash, uint8_t *mac, size_t maclen,
               const uint8_t *key, size_t keylen, const void *in, size_t len);

/** Check an HMAC tag in one call: compute the HMAC of @p len bytes at
 *  @p in under @p key and compare its first @p maclen bytes with @p mac in
 *  constant time (axiom_memeq()).  Use this rather than axiom_hmac()
 *  followed by memcmp(), whose early exit tells an attacker how many
 *  leading bytes of a forged tag were right.  The length of the expected
 *  tag is the protocol's, never the length of what the message carries.
 *  @param hash    hash name
 *  @param mac     the tag to check (may lie anywhere, @p in included)
 *  @param maclen  1 to the digest size; a truncated tag of @p maclen bytes
 *                 is forged by chance with probability 2^(-8 maclen)
 *  @param key     key of any length (NULL allowed when @p keylen is 0)
 *  @param keylen  key length in bytes
 *  @param in      message (NULL allowed when @p len is 0)
 *  @param len     message length in bytes
 *  @return #AXIOM_OK (the tag matches), #AXIOM_EAUTH (it does not);
 *          otherwise as axiom_hmac(): #AXIOM_EINVAL, #AXIOM_ENOTFOUND,
 *          #AXIOM_ELENGTH (@p maclen 0 or over the digest size) */
int axiom_hmac_verify(const char *hash, const uint8_t *mac, size_t maclen,
                      const uint8_t *key, size_t keylen, const void *in, size_t len);

/** Opaque keyed HMAC context.  One thread at a time. */
typedef struct axiom_hmac_ctx axiom_hmac_ctx;

/** Allocate an HMAC context for hash @p hash; set a key with
 *  axiom_hmac_setkey() before the first message.
 *  @param[out] ctx receives the new context (set to NULL on error)
 *  @param hash     hash name
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ENOMEM */
int axiom_hmac_new(axiom_hmac_ctx **ctx, const char *hash);

/** Set the key and start a new message.  The hash states after the inner
 *  and outer padded key blocks are computed here, once, so that every
 *  message under this key costs only its own blocks plus one block for the
 *  outer hash (a message of up to 55 bytes: two compressions in all).
 *  @param ctx     context from axiom_hmac_new()
 *  @param key     key of any length (NULL allowed when @p keylen is 0)
 *  @param keylen  key length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL ctx, or NULL key with
 *          @p keylen > 0) */
int axiom_hmac_setkey(axiom_hmac_ctx *ctx, const uint8_t *key, size_t keylen);

/** Append @p len bytes to the message.
 *  @param ctx  keyed context
 *  @param in   the next bytes (NULL allowed when @p len is 0)
 *  @param len  their number
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE (no key set) */
int axiom_hmac_update(axiom_hmac_ctx *ctx, const void *in, size_t len);

/** Finish the message and write the first @p maclen bytes of its tag; the
 *  context then starts a new message under the same key.  On error the
 *  message in progress is kept.
 *  @param ctx      keyed context
 *  @param[out] mac receives the tag
 *  @param maclen   1 to the digest size
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ELENGTH (@p maclen 0 or over
 *          the digest size), #AXIOM_ESTATE (no key set) */
int axiom_hmac_final(axiom_hmac_ctx *ctx, uint8_t *mac, size_t maclen);

/** Tag @p n independent messages under the context's key at once (for
 *  example many packets): macs[i] receives the first @p maclen bytes of
 *  the HMAC of msgs[i], with the lane scheduling, argument rules and
 *  overlap rule of axiom_hash_many().  The message in progress through
 *  axiom_hmac_update(), if any, is not affected.
 *  @param ctx     keyed context
 *  @param macs    @p n output pointers
 *  @param maclen  1 to the digest size, the same for all
 *  @param msgs    @p n message pointers (an entry may be NULL when its
 *                 length is 0)
 *  @param lens    @p n message lengths in bytes
 *  @param n       number of messages; 0 does nothing
 *  @return #AXIOM_OK, #AXIOM_EINVAL (as axiom_hash_many(), overlap
 *          included), #AXIOM_ELENGTH, #AXIOM_ESTATE (no key set),
 *          #AXIOM_ENOMEM */
int axiom_hmac_many(axiom_hmac_ctx *ctx, uint8_t *const macs[], size_t maclen,
                    const void *const msgs[], const size_t lens[], size_t n);

/** Copy an HMAC context: its key (as the two precomputed key-block
 *  states) and the message in progress; the copy and @p ctx then go on
 *  independently.
 *  @param[out] copy  receives the new context (set to NULL on error)
 *  @param      ctx   the context to copy
 *  @return #AXIOM_OK, #AXIOM_EINVAL (NULL argument), #AXIOM_ENOMEM */
int axiom_hmac_dup(axiom_hmac_ctx **copy, const axiom_hmac_ctx *ctx);

/** Wipe the key states and the message state, then free the context.
 *  NULL is a no-op.
 *  @param ctx  context from axiom_hmac_new(), or NULL */
void axiom_hmac_free(axiom_hmac_ctx *ctx);

/** HKDF (RFC 5869): extract a pseudorandom key from @p ikm and @p salt,
 *  then expand it with @p info into @p outlen bytes at @p out.
 *  @param hash    hash name
 *  @param[out] out receives the output keying material
 *  @param outlen  0 to 255 times the digest size
 *  @param ikm     input keying material (NULL allowed when @p ikmlen is 0)
 *  @param ikmlen  its length in bytes
 *  @param salt    optional salt; NULL or empty means the RFC's default
 *                 (a digest-sized string of zeros)
 *  @param saltlen its length in bytes
 *  @param info    optional context (NULL allowed when @p infolen is 0)
 *  @param infolen its length in bytes
 *  @p out may overlap @p ikm and @p salt (they are consumed before the
 *  first output byte is written) but not @p info (#AXIOM_EINVAL).
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ELENGTH
 *          (@p outlen over 255 times the digest size) */
int axiom_hkdf(const char *hash, uint8_t *out, size_t outlen,
               const uint8_t *ikm, size_t ikmlen, const uint8_t *salt, size_t saltlen,
               const uint8_t *info, size_t infolen);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
