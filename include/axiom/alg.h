/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/alg.h
 *  @brief What an algorithm name accepts (key, IV or nonce, tag lengths)
 *  and keys of the right length from the operating system. */
#ifndef AXIOM_ALG_H
#define AXIOM_ALG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup alg Algorithm properties and key generation
 *
 *  axiom_alg_info() answers, for any name the library knows (cipher,
 *  AEAD, hash, HMAC as `hmac-<hash>`, chunked encryption), which key,
 *  IV or nonce and tag lengths it takes; axiom_keygen() fills a key of an
 *  accepted length from the operating system's generator.
 *  @{ */

/** Kinds of algorithm (axiom_alg_info::kind). */
enum axiom_alg_kind {
    AXIOM_ALG_CIPHER = 1,  /**< block or stream cipher mode (axiom/cipher.h) */
    AXIOM_ALG_AEAD = 2,    /**< AEAD (axiom/aead.h) */
    AXIOM_ALG_HASH = 3,    /**< hash function (axiom/hash.h) */
    AXIOM_ALG_MAC = 4,     /**< MAC: `hmac-<hash>` (axiom_hmac() with that hash), the CMAC names (axiom/mac.h) */
    AXIOM_ALG_CHUNKED = 5  /**< chunked encryption (axiom/chunked.h) */
};

/** @brief The lengths an algorithm accepts, in bytes.
 *
 *  ABI: the caller sets #size to `sizeof(struct axiom_alg_info)` as it
 *  was compiled (#AXIOM_ALG_INFO_INIT does); the library fills that many
 *  bytes at most, and zeroes what it does not know of a larger struct.
 *  Later versions only append fields or use the reserved ones, so a
 *  program built against this header keeps working with newer libraries,
 *  and a newer program sees 0 in fields an older library does not fill.
 *
 *  A length range min..max may have holes (GCM tags are 4, 8 or 12 to
 *  16 bytes): the masks say exactly which lengths under 64 are accepted.
 *  Every length from 64 to the maximum is accepted when the maximum is 64
 *  or more. */
struct axiom_alg_info {
    size_t size;          /**< in: sizeof(struct axiom_alg_info) of the caller */
    int kind;             /**< an #axiom_alg_kind */
    int reserved_int;     /**< 0 */
    size_t key_min;       /**< shortest key (0: none, or any length for HMAC) */
    size_t key_max;       /**< longest key (SIZE_MAX: no limit) */
    size_t key_default;   /**< the key length axiom_keygen() recommends */
    size_t iv_min;        /**< shortest IV or nonce (0: none) */
    size_t iv_max;        /**< longest IV or nonce */
    size_t iv_default;    /**< the usual one (12 for GCM) */
    size_t tag_min;       /**< shortest tag; hash: the digest size */
    size_t tag_max;       /**< longest tag (full tag or digest) */
    size_t tag_default;   /**< the full tag or digest */
    size_t block;         /**< block size: cipher block (16; 1 for stream
                               modes that take any length), hash block
                               (64 or 128), CMAC 16; chunked: plaintext
                               chunk */
    uint64_t key_lengths; /**< bit n set: an n-byte key is accepted (n < 64) */
    uint64_t iv_lengths;  /**< bit n set: an n-byte IV or nonce is accepted */
    uint64_t tag_lengths; /**< bit n set: an n-byte tag is accepted */
    uint64_t max_message; /**< longest message in bytes (UINT64_MAX: none) */
    uint64_t reserved[8]; /**< 0; room for later fields */
};

/** Initialiser that sets axiom_alg_info::size (the struct has no typedef:
 *  its tag shares the function's name):
 *  `struct axiom_alg_info info = AXIOM_ALG_INFO_INIT;` */
#define AXIOM_ALG_INFO_INIT { sizeof(struct axiom_alg_info), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, { 0 } }

/** Describe algorithm @p name (case-insensitive, any name of the cipher,
 *  AEAD, hash, HMAC, generic MAC or chunked APIs).
 *  @param name       algorithm name, e.g. "aes-256-gcm", "chacha20",
 *                    "sha384", "hmac-sha256", "aes-128-gcm+sha256"
 *  @param[in,out] info  size set by the caller; the rest is written
 *  The lengths are those of the algorithm, whether or not the
 *  constant-time policy lets this CPU run it (axiom_aead_new() says so
 *  with #AXIOM_ENOTCT).
 *  @return #AXIOM_OK; #AXIOM_EINVAL (NULL argument, or info->size smaller
 *          than the fields up to axiom_alg_info::tag_default);
 *          #AXIOM_ENOTFOUND (unknown name).  Nothing is written on
 *          error. */
int axiom_alg_info(const char *name, struct axiom_alg_info *info);

/** Fill @p key with @p keylen bytes from the operating system's generator
 *  (axiom_random_bytes()), for algorithm @p name.
 *  @p keylen must be a key length @p name accepts (its only one for
 *  ciphers, AEADs and chunked encryption; those it lists for the other
 *  MACs of the generic MAC API; 1 byte or more for HMAC).  For
 *  XTS the two halves are drawn again until they differ.
 *  @param name       algorithm name, as for axiom_alg_info()
 *  @param[out] key   receives the key
 *  @param keylen     its length in bytes
 *  @return #AXIOM_OK; #AXIOM_EINVAL (NULL argument); #AXIOM_ENOTFOUND;
 *          #AXIOM_EKEYLEN (a length @p name does not take; a hash takes
 *          no key); #AXIOM_ERANDOM (the generator failed: the buffer is
 *          then zero). */
int axiom_keygen(const char *name, uint8_t *key, size_t keylen);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
