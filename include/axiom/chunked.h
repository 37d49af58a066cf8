/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/chunked.h
 *  @brief Chunked encryption of large messages and streams
 *  (c2sp.org/chunked-encryption, "Cobblestone"). */
#ifndef AXIOM_CHUNKED_H
#define AXIOM_CHUNKED_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup chunked Chunked encryption (c2sp.org/chunked-encryption)
 *
 *  Encrypts a message of any length up to 4 PiB so that it can be
 *  produced and consumed as a stream, and read back at any offset, with
 *  every byte authenticated before it is released.  For each message a
 *  random 24-byte salt is drawn, and HKDF-Expand derives from the input
 *  key, the salt and an application context an AEAD key, a base nonce and
 *  a 32-byte key commitment.  The ciphertext is
 *
 *      salt (24) || commitment (32) || chunk 0 || chunk 1 || ... || final chunk
 *
 *  where every chunk but the last holds 16384 bytes of plaintext and the
 *  last holds 0 to 16383 (a message of 16 KiB ends with an empty chunk),
 *  each sealed with the AEAD under the base nonce XORed with the chunk's
 *  index, with a 16-byte tag.  The last chunk's shortness marks the end, so
 *  truncation, reordering, duplication and trailing data all fail.
 *
 *  Suites (case-insensitive names; the input key has the AEAD's key
 *  length):
 *  | name | AEAD | HKDF hash | key | also called |
 *  |---|---|---|---|---|
 *  | `aes-128-gcm+sha256` | AES-128-GCM | SHA-256 | 16 | the specification's recommended instantiation |
 *  | `aes-128-gcm+sha512` | AES-128-GCM | SHA-512 | 16 | `cobblestone-128` |
 *  | `aes-256-gcm+sha256` | AES-256-GCM | SHA-256 | 32 | |
 *  | `aes-256-gcm+sha512` | AES-256-GCM | SHA-512 | 32 | `cobblestone-256` |
 *  Names beginning with `axiom-` would be libaxiom extensions outside the
 *  specification (AEGIS-based ones, once libaxiom has AEGIS).
 *
 *  Three ways to use it:
 *  - push (#axiom_chunked_ctx): feed any number of bytes to
 *    axiom_chunked_encrypt_update() or axiom_chunked_decrypt_update() and
 *    get whole chunks out, then call the matching `_final`;
 *  - pull (#axiom_chunked_reader): ask for bytes, and the reader calls
 *    your read function for what it needs (no stdio involved);
 *  - random access (#axiom_chunked_ra): read any byte range of a
 *    ciphertext whose length is known, through a positioned-read function.
 *
 *  Decryption never releases plaintext whose chunk has not been
 *  authenticated.  A streaming decryption can still release the verified
 *  chunks of a message that later turns out to be truncated or modified
 *  (it learns that only at the end): a caller that must not act on a
 *  partial message keeps the output until the `_final` call (or the
 *  reader's end of message) succeeds.  Every failure is sticky: the
 *  object returns the same error to every later call.  Failures are
 *  #AXIOM_EAUTH (the header's commitment or a chunk did not authenticate)
 *  or #AXIOM_ELENGTH (the input ended early or is too long);
 *  axiom_chunked_failure() tells which case it was.
 *
 *  Buffers: any alignment; an output may not overlap an input
 *  (#AXIOM_EINVAL).  The raw mode of the specification (no salt, no
 *  commitment) and salt injection are in axiom/chunked_hazmat.h.
 *  @{ */

/** Plaintext bytes in every chunk but the last. */
#define AXIOM_CHUNKED_CHUNK 16384
/** Bytes of AEAD tag each chunk adds. */
#define AXIOM_CHUNKED_TAG 16
/** Ciphertext bytes of a full chunk. */
#define AXIOM_CHUNKED_CT_CHUNK (AXIOM_CHUNKED_CHUNK + AXIOM_CHUNKED_TAG)
/** Bytes of the salt that starts a ciphertext. */
#define AXIOM_CHUNKED_SALT 24
/** Bytes of the key commitment that follows the salt. */
#define AXIOM_CHUNKED_COMMITMENT 32
/** Bytes of the header: salt || commitment. */
#define AXIOM_CHUNKED_HEADER (AXIOM_CHUNKED_SALT + AXIOM_CHUNKED_COMMITMENT)
/** Largest input key of any suite. */
#define AXIOM_CHUNKED_MAX_KEY 32
/** Most chunks a message may have (2^38: 4 PiB of plaintext). */
#define AXIOM_CHUNKED_MAX_CHUNKS ((uint64_t)1 << 38)

/** Ciphertext length of a message of @p n plaintext bytes (header
 *  included). */
#define AXIOM_CHUNKED_CIPHERTEXT_LEN(n) \
    ((uint64_t)AXIOM_CHUNKED_HEADER + (uint64_t)(n) + \
     AXIOM_CHUNKED_TAG * ((uint64_t)(n) / AXIOM_CHUNKED_CHUNK + 1))
/** Room that always suffices for the output of one
 *  axiom_chunked_encrypt_update() of @p len bytes. */
#define AXIOM_CHUNKED_ENCRYPT_UPDATE_MAX(len) \
    (((size_t)(len) / AXIOM_CHUNKED_CHUNK + 1) * AXIOM_CHUNKED_CT_CHUNK)
/** Room that always suffices for the output of one
 *  axiom_chunked_decrypt_update() of @p len bytes. */
#define AXIOM_CHUNKED_DECRYPT_UPDATE_MAX(len) \
    (((size_t)(len) / AXIOM_CHUNKED_CT_CHUNK + 1) * AXIOM_CHUNKED_CHUNK)
/** Room that always suffices for axiom_chunked_encrypt_final(). */
#define AXIOM_CHUNKED_ENCRYPT_FINAL_MAX (AXIOM_CHUNKED_CT_CHUNK - 1)
/** Room that always suffices for axiom_chunked_decrypt_final(). */
#define AXIOM_CHUNKED_DECRYPT_FINAL_MAX (AXIOM_CHUNKED_CHUNK - 1)

/** Why an object failed (axiom_chunked_failure()). */
enum axiom_chunked_failure {
    AXIOM_CHUNKED_OK = 0,         /**< no failure */
    AXIOM_CHUNKED_BAD_HEADER = 1, /**< the commitment does not match: wrong key or
                                       context, or the salt or commitment was
                                       altered (#AXIOM_EAUTH) */
    AXIOM_CHUNKED_BAD_CHUNK = 2,  /**< a chunk failed authentication: altered,
                                       reordered, duplicated, cut inside, or
                                       followed by extra data (#AXIOM_EAUTH) */
    AXIOM_CHUNKED_TRUNCATED = 3,  /**< the ciphertext ended inside the header,
                                       right after a full chunk, or in a last
                                       chunk shorter than a tag; or its length
                                       is impossible (#AXIOM_ELENGTH) */
    AXIOM_CHUNKED_TOO_LONG = 4    /**< more than #AXIOM_CHUNKED_MAX_CHUNKS
                                       chunks (#AXIOM_ELENGTH) */
};

/* ---------------------------------------------------------------- push */

/** Opaque push context: one suite; a message at a time in one direction.
 *  One thread at a time. */
typedef struct axiom_chunked_ctx axiom_chunked_ctx;

/** Allocate a context for suite @p suite.
 *  @param[out] ctx  receives the context (NULL on error)
 *  @param suite     suite name
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND (unknown suite, or
 *          its AEAD refused under the constant-time policy),
 *          #AXIOM_ENOMEM */
int axiom_chunked_new(axiom_chunked_ctx **ctx, const char *suite);

/** Wipe every key and buffered byte and free the context; NULL is a
 *  no-op.
 *  @param ctx  the context, or NULL */
void axiom_chunked_free(axiom_chunked_ctx *ctx);

/** Start encrypting a message: draw a salt from the OS generator, derive
 *  the message key, base nonce and commitment from @p key and
 *  @p context, and write the #AXIOM_CHUNKED_HEADER header bytes (the
 *  start of the ciphertext) to @p header.  Any message in progress is
 *  abandoned.
 *  @param ctx         the context
 *  @param key         input key: uniformly random (axiom_keygen()), of the
 *                     suite's AEAD key length
 *  @param keylen      its length
 *  @param context     application data bound into the key derivation (not
 *                     sent; the decryptor must supply the same), NULL when
 *                     @p contextlen is 0
 *  @param contextlen  its length
 *  @param[out] header receives the header
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN, #AXIOM_ERANDOM */
int axiom_chunked_encrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key, size_t keylen,
                               const uint8_t *context, size_t contextlen,
                               uint8_t header[AXIOM_CHUNKED_HEADER]);

/** Encrypt @p len more bytes of the message.  Every chunk completed by
 *  them is written to @p out (#AXIOM_CHUNKED_CT_CHUNK bytes each: the
 *  input buffered so far plus @p len, in whole chunks); the rest waits
 *  for the next call.  *@p outlen receives the bytes written.
 *  @param ctx          context initialised for encryption
 *  @param[out] out     receives the completed chunks
 *  @param outcap       room at @p out; #AXIOM_CHUNKED_ENCRYPT_UPDATE_MAX(len)
 *                      always suffices
 *  @param[out] outlen  receives the number of bytes written
 *  @param in           plaintext (NULL allowed when @p len is 0)
 *  @param len          its length
 *  @return #AXIOM_OK; #AXIOM_EINVAL (NULL arguments, overlap);
 *          #AXIOM_ESTATE (not initialised for encryption, or finished);
 *          #AXIOM_ELENGTH (@p outcap too small: nothing consumed; or the
 *          message would pass #AXIOM_CHUNKED_MAX_CHUNKS chunks) */
int axiom_chunked_encrypt_update(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                 size_t *outlen, const uint8_t *in, size_t len);

/** End the message: write the last chunk (the buffered input, 0 to 16383
 *  bytes, sealed: 16 to 16399 bytes) to @p out.  The context then needs a
 *  new init.
 *  @param ctx          context initialised for encryption
 *  @param[out] out     receives the last chunk
 *  @param outcap       room at @p out; #AXIOM_CHUNKED_ENCRYPT_FINAL_MAX
 *                      always suffices
 *  @param[out] outlen  receives the number of bytes written
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE, #AXIOM_ELENGTH
 *          (@p outcap too small) */
int axiom_chunked_encrypt_final(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                size_t *outlen);

/** Start decrypting a message with @p key and @p context (as given to
 *  the encryptor).  The header is read from the first bytes passed to
 *  axiom_chunked_decrypt_update(), and its commitment checked before
 *  any chunk.
 *  @param ctx         the context
 *  @param key         the input key
 *  @param keylen      its length
 *  @param context     the context the message was encrypted with (NULL when
 *                     @p contextlen is 0)
 *  @param contextlen  its length
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN, #AXIOM_ENOMEM */
int axiom_chunked_decrypt_init(axiom_chunked_ctx *ctx, const uint8_t *key, size_t keylen,
                               const uint8_t *context, size_t contextlen);

/** Feed @p len more bytes of ciphertext.  Every full chunk completed by
 *  them is authenticated and its plaintext written to @p out
 *  (#AXIOM_CHUNKED_CHUNK bytes each); a chunk shorter than that is held
 *  until axiom_chunked_decrypt_final() shows it to be the last.
 *  @param ctx          context initialised for decryption
 *  @param[out] out     receives the plaintext of the completed chunks
 *  @param outcap       room at @p out; #AXIOM_CHUNKED_DECRYPT_UPDATE_MAX(len)
 *                      always suffices
 *  @param[out] outlen  receives the number of bytes written
 *  @param in           ciphertext (NULL allowed when @p len is 0)
 *  @param len          its length
 *  @return #AXIOM_OK; #AXIOM_EAUTH (wrong commitment or a chunk not
 *          authentic; nothing of this call's output remains: the @p out
 *          bytes it wrote are zero and *@p outlen is 0); #AXIOM_ELENGTH
 *          (@p outcap too small, nothing consumed; too many chunks);
 *          #AXIOM_EINVAL; #AXIOM_ESTATE.  After a failure every call
 *          returns it again. */
int axiom_chunked_decrypt_update(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                 size_t *outlen, const uint8_t *in, size_t len);

/** End of the ciphertext: authenticate the held last chunk and write its
 *  0 to 16383 bytes of plaintext.  #AXIOM_OK means the whole message was
 *  authentic and complete.
 *  @param ctx          context initialised for decryption
 *  @param[out] out     receives the last chunk's plaintext
 *  @param outcap       room at @p out; #AXIOM_CHUNKED_DECRYPT_FINAL_MAX
 *                      always suffices
 *  @param[out] outlen  receives the number of bytes written
 *  @return #AXIOM_OK; #AXIOM_ELENGTH (truncated: the ciphertext ended in
 *          the header, after a full chunk, or in a last chunk shorter than
 *          a tag; or @p outcap too small); #AXIOM_EAUTH (the last chunk is
 *          not authentic: altered, cut, or followed by extra data); as for
 *          update otherwise */
int axiom_chunked_decrypt_final(axiom_chunked_ctx *ctx, uint8_t *out, size_t outcap,
                                size_t *outlen);

/** Why the context's last message failed.
 *  @param ctx  the context, or NULL
 *  @return an #axiom_chunked_failure (#AXIOM_CHUNKED_OK when it has not
 *          failed, or for NULL) */
int axiom_chunked_failure(const axiom_chunked_ctx *ctx);

/* ---------------------------------------------------------------- pull */

/** Where a reader takes its input: read up to @p len bytes into @p buf
 *  and store their number in *@p got; 0 bytes means the end of the
 *  input.  Return 0, or a negative value on error, which the reader
 *  then returns as it is (use an AXIOM_E* code or your own negative
 *  values). */
typedef int (*axiom_chunked_read_fn)(void *user, uint8_t *buf, size_t len, size_t *got);

/** Opaque pull reader. */
typedef struct axiom_chunked_reader axiom_chunked_reader;

/** Create a reader of one message.  With @p direction #AXIOM_DECRYPT it
 *  reads ciphertext through @p read and gives authenticated plaintext;
 *  with #AXIOM_ENCRYPT it reads plaintext and gives the ciphertext, header
 *  first (a fresh salt per reader).
 *  @param[out] reader  receives the reader (NULL on error)
 *  @param suite        suite name
 *  @param direction    #AXIOM_ENCRYPT or #AXIOM_DECRYPT
 *  @param key          the input key
 *  @param keylen       its length
 *  @param context      the application context (NULL when @p contextlen is 0)
 *  @param contextlen   its length
 *  @param read         where the input comes from
 *  @param user         passed to @p read
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_EKEYLEN,
 *          #AXIOM_ENOMEM, #AXIOM_ERANDOM */
int axiom_chunked_reader_new(axiom_chunked_reader **reader, const char *suite, int direction,
                             const uint8_t *key, size_t keylen, const uint8_t *context,
                             size_t contextlen, axiom_chunked_read_fn read, void *user);

/** Fill @p buf with up to @p len bytes of output; *@p got receives how
 *  many.  Fewer than @p len only at the end: *@p got == 0 with #AXIOM_OK
 *  means the message ended and (decrypting) was authentic to its last
 *  byte.  Decryption releases a chunk's bytes only after the chunk
 *  authenticated.
 *  @param reader     the reader
 *  @param[out] buf   receives the output
 *  @param len        bytes wanted
 *  @param[out] got   receives the number of bytes given
 *  @return #AXIOM_OK, #AXIOM_EAUTH, #AXIOM_ELENGTH, #AXIOM_EINVAL, or the
 *          read function's error; every failure is returned again by
 *          later calls */
int axiom_chunked_read(axiom_chunked_reader *reader, uint8_t *buf, size_t len, size_t *got);

/** Why the reader failed.
 *  @param reader  the reader, or NULL
 *  @return an #axiom_chunked_failure (#AXIOM_CHUNKED_OK also after a
 *          read-function error) */
int axiom_chunked_reader_failure(const axiom_chunked_reader *reader);

/** Wipe and free the reader; NULL is a no-op.
 *  @param reader  the reader, or NULL */
void axiom_chunked_reader_free(axiom_chunked_reader *reader);

/* ---------------------------------------------------------------- random access */

/** Positioned read of the ciphertext: exactly @p len bytes at @p offset
 *  into @p buf (the random-access reader asks only inside the length it
 *  was given).  Return 0 or a negative error, returned as it is. */
typedef int (*axiom_chunked_pread_fn)(void *user, uint8_t *buf, size_t len, uint64_t offset);

/** Opaque random-access reader. */
typedef struct axiom_chunked_ra axiom_chunked_ra;

/** Open a ciphertext of @p ctlen bytes for random access: check that the
 *  length is possible (the specification's rule), read the header and
 *  check its commitment.
 *  @param[out] ra     receives the reader (NULL on error)
 *  @param suite       suite name
 *  @param key         the input key
 *  @param keylen      its length
 *  @param context     the application context (NULL when @p contextlen is 0)
 *  @param contextlen  its length
 *  @param ctlen       the ciphertext's length in bytes
 *  @param pread       how to read it
 *  @param user        passed to @p pread
 *  @return #AXIOM_OK; #AXIOM_ELENGTH (no message has this length); #AXIOM_EAUTH
 *          (commitment mismatch); #AXIOM_EINVAL, #AXIOM_ENOTFOUND,
 *          #AXIOM_EKEYLEN, #AXIOM_ENOMEM, or the read function's error */
int axiom_chunked_ra_open(axiom_chunked_ra **ra, const char *suite, const uint8_t *key,
                          size_t keylen, const uint8_t *context, size_t contextlen,
                          uint64_t ctlen, axiom_chunked_pread_fn pread, void *user);

/** The plaintext length, authenticated by decrypting the last chunk (once;
 *  the answer is kept).  Required before trusting a position relative to
 *  the end.
 *  @param ra          the reader
 *  @param[out] ptlen  receives the plaintext length
 *  @return #AXIOM_OK, #AXIOM_EAUTH, #AXIOM_EINVAL, or the read function's
 *          error */
int axiom_chunked_ra_length(axiom_chunked_ra *ra, uint64_t *ptlen);

/** Read plaintext bytes [@p offset, @p offset + @p len) as far as the
 *  message goes; *@p got receives how many.  Every chunk the range
 *  touches is authenticated first; a read that reaches the end of the
 *  message authenticates the last chunk, so a short count is an
 *  authenticated end.  On error nothing of the call's output remains (the
 *  bytes it wrote are zero) and *@p got is 0.
 *  @param ra         the reader
 *  @param[out] out   receives the plaintext
 *  @param len        bytes wanted
 *  @param offset     plaintext offset of the first
 *  @param[out] got   receives the number of bytes read
 *  @return #AXIOM_OK, #AXIOM_EAUTH (a chunk of the range is not authentic:
 *          that range stays unreadable, others may still be read),
 *          #AXIOM_EINVAL, or the read function's error */
int axiom_chunked_ra_read(axiom_chunked_ra *ra, uint8_t *out, size_t len, uint64_t offset,
                          size_t *got);

/** Wipe and free; NULL is a no-op.
 *  @param ra  the reader, or NULL */
void axiom_chunked_ra_free(axiom_chunked_ra *ra);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
