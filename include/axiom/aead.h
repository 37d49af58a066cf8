/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom/aead.h
 *  @brief Authenticated encryption with associated data (one-shot). */
#ifndef AXIOM_AEAD_H
#define AXIOM_AEAD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup aead Authenticated encryption (AEAD)
 *
 *  Algorithm names are looked up case-insensitively; lengths in bytes:
 *  - `aes-128-gcm`, `aes-192-gcm`, `aes-256-gcm` (NIST SP 800-38D): key 16,
 *    24 or 32; nonce 1 to 2^61 - 1 (12 is the fast path and the one to
 *    use); tag 16, 15, 14, 13, 12, 8 or 4; messages up to 2^36 - 32.
 *  - `sm4-gcm` (GCM over SM4, RFC 8998): key 16; nonce, tag and message
 *    lengths as for AES-GCM.
 *  - `chacha20-poly1305` (RFC 8439): key 32, nonce 12, tag 16, messages up
 *    to 2^38 - 64.
 *  - `xchacha20-poly1305` (draft-irtf-cfrg-xchacha): key 32, nonce 24,
 *    tag 16, messages up to 2^38 - 64.
 *  - `aegis-128l`, `aegis-128x2`, `aegis-128x4` (draft-irtf-cfrg-aegis-aead):
 *    key 16, nonce 16, tag 16 or 32, messages up to 2^61 - 1.
 *  - `aegis-256`, `aegis-256x2`, `aegis-256x4`: key 32, nonce 32, tag 16 or
 *    32, messages up to 2^61 - 1.
 *  - `aes-128-gcm-siv`, `aes-256-gcm-siv` (RFC 8452): key 16 or 32, nonce
 *    12, tag 16, messages and AD up to 2^36.  Nonce-misuse resistant: a
 *    repeated nonce reveals only whether two (AD, message) pairs were
 *    equal.
 *  - `xaes-256-gcm` (c2sp.org/XAES-256-GCM): key 32, nonce 24, tag 16,
 *    messages up to 2^36 - 32, AD up to 2^61 - 1.  AES-256-GCM under a
 *    key derived per message (NIST SP 800-108r1 KDF with CMAC-AES-256)
 *    from the key and the nonce's first 12 bytes, with its last 12 bytes
 *    as the GCM nonce: the 24-byte nonce may be chosen at random for
 *    practically any number of messages (2^80 with collision probability
 *    2^-32).  Not nonce-misuse resistant.
 *
 *  - `kuznyechik-mgm` (MGM, RFC 9058, with Kuznyechik): key 32; nonce 16,
 *    the 127-bit nonce of RFC 9058 with the top bit of its first byte
 *    clear (a nonce with that bit set is refused with #AXIOM_EIVLEN); tag
 *    4 to 16 (the leading bytes); message and AD up to 2^61 - 1 each.
 *  - `kuznyechik-ctr-acpkm-omac` (the GOST cipher of that name, OID
 *    1.2.643.7.1.1.5.2.2, as the GOST engine and provider for OpenSSL
 *    compute it): key 32 (a master key); nonce 16, the 8-byte CTR IV then
 *    an 8-byte KDF seed (together the UKM of the cipher's CMS parameters);
 *    tag 16; no AD (any is #AXIOM_ELENGTH); messages up to 2^61 - 1.
 *    Per message, KDF_TREE_GOSTR3411_2012_256 (R 1323565.1.022-2018, HMAC
 *    over Streebog-256, label "kdf tree", the seed, 512 bits) gives an
 *    encryption key and a MAC key; the message is encrypted with
 *    Kuznyechik in CTR mode from IV || 0^64 with ACPKM key meshing every
 *    4096 bytes (RFC 8645), and the tag is the OMAC (GOST R 34.13) of the
 *    plaintext under the MAC key, encrypted with the 16 keystream bytes
 *    that follow the message.  It is not an AEAD in the usual sense: it
 *    authenticates the plaintext alone (MAC-then-encrypt), so a changed
 *    ciphertext is detected only after decryption (open still returns
 *    nothing but #AXIOM_EAUTH and a wiped output).  The seed should be
 *    random per message (the engine draws one for every encryption); the
 *    IV and seed pair must never repeat under one master key.  The per-
 *    message key derivation (a constant-time bitsliced Streebog) dominates
 *    the cost of short messages (doc/PERFORMANCE.md).
 *
 *  AES-GCM also has a streaming interface, @ref gcm.
 *
 *  The AD may be up to 2^61 - 1 bytes for GCM, MGM and AEGIS, 2^36 for
 *  GCM-SIV and any length for the ChaCha20 family.  A 24-byte XChaCha20
 *  nonce and a 24-byte XAES-256-GCM nonce may be chosen at random; the
 *  12-byte nonces must be unique per key (a counter).
 *
 *  AEGIS: the X variants run 2 or 4 AEGIS-128L or AEGIS-256 states side
 *  by side (one ymm or zmm register on CPUs with VAES) and are separate
 *  algorithms, not faster encodings of the same one: both ends must agree
 *  on the variant.  A 16- and a 32-byte AEGIS tag are two different
 *  functions of the message (the 16-byte tag is not a prefix of the
 *  32-byte one); a nonce is used once per key, whatever the tag length.
 *  AEGIS nonces may be chosen at random: the draft allows 2^48 messages
 *  per key with random 16-byte nonces (collision probability about
 *  2^-33) and puts no practical limit on random 32-byte ones.  Streaming
 *  AEGIS: @ref aegis; AEGIS-MAC: @ref mac.
 *
 *  GCM tags: the tag length must be fixed by the protocol (or the key's
 *  configuration), never taken from the message: a receiver that accepts
 *  whatever length a message carries lets an attacker shorten the tag to
 *  4 bytes and forge with probability 2^-32 per try.  Tags shorter than 12
 *  bytes are for protocols that need them: SP 800-38D Appendix C requires,
 *  for 4- and 8-byte tags, that the application enforce both a limit on
 *  the combined length of ciphertext and AD per message and a limit on the
 *  number of failed (indeed of all) authenticated decryptions under one
 *  key, one row of its Table 1 (4-byte tags) or Table 2 (8-byte tags; for
 *  example messages of at most 2^15 bytes and 2^32 decryptions, down to
 *  2^25 bytes and 2^17 decryptions), and change the key before the count
 *  is reached.  The library does not count decryptions: that is the
 *  caller's duty.
 *
 *  Rules shared by every algorithm:
 *  - `out == in` (in place) is allowed; any other overlap between @c out and
 *    @c in is rejected with #AXIOM_EINVAL.  The nonce and AD buffers may be
 *    anywhere, the output included: a nonce or AD that shares a byte with
 *    the output is copied aside before anything is written, on the stack
 *    when it is short and on the heap otherwise (then #AXIOM_ENOMEM if
 *    that allocation fails, nothing written).
 *    The tag buffer may be anywhere except that it may not share a byte
 *    with the @p len bytes at @c out (#AXIOM_EINVAL): `text || tag` in one
 *    buffer, sealed or opened in place, is the usual layout.
 *  - The tag comparison in axiom_aead_open() takes the same time whatever
 *    the position of the first differing byte.
 *  - On #AXIOM_EAUTH the whole output buffer (@p len bytes) is wiped, so
 *    no unauthenticated plaintext is ever released.
 *  - On any other error nothing is written.
 *  @{ */

/** Opaque AEAD context: an algorithm and, after axiom_aead_setkey(), a key.
 *  One thread at a time; reusable for any number of messages. */
typedef struct axiom_aead_ctx axiom_aead_ctx;

/** Allocate a context for AEAD algorithm @p name; the kernel is chosen
 *  when the key is set.
 *  @param[out] ctx  receives the context (NULL on error)
 *  @param      name algorithm name, e.g. "aes-256-gcm"
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ENOTFOUND, #AXIOM_ENOMEM */
int axiom_aead_new(axiom_aead_ctx **ctx, const char *name);

/** Set (or replace) the key; precomputes everything that depends on it.
 *  @param ctx     context from axiom_aead_new()
 *  @param key     the key
 *  @param keylen  its length in bytes (see the table above)
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_EKEYLEN (the old key, if any,
 *          is kept) */
int axiom_aead_setkey(axiom_aead_ctx *ctx, const uint8_t *key, size_t keylen);

/** Encrypt @p len bytes of @p in into @p out and write a @p taglen-byte
 *  tag that authenticates the nonce, @p ad and the ciphertext.
 *  @p ad may be NULL when @p adlen is 0; @p in / @p out may be NULL when
 *  @p len is 0.  A nonce must never be used twice under one key.
 *  @param ctx       keyed context
 *  @param[out] out  receives the @p len bytes of ciphertext (may be @p in)
 *  @param[out] tag  receives the tag
 *  @param taglen    tag length in bytes
 *  @param nonce     the nonce
 *  @param noncelen  its length in bytes
 *  @param ad        associated data, authenticated but not encrypted
 *  @param adlen     its length in bytes
 *  @param in        the plaintext
 *  @param len       its length in bytes
 *  @return #AXIOM_OK, #AXIOM_EINVAL, #AXIOM_ESTATE (no key),
 *          #AXIOM_EIVLEN, #AXIOM_ETAGLEN, #AXIOM_ELENGTH (message or AD
 *          longer than the algorithm allows), #AXIOM_ENOMEM (a long nonce
 *          or AD inside the output could not be copied aside) */
int axiom_aead_seal(axiom_aead_ctx *ctx, uint8_t *out, uint8_t *tag, size_t taglen,
                    const uint8_t *nonce, size_t noncelen,
                    const uint8_t *ad, size_t adlen,
                    const uint8_t *in, size_t len);

/** Check the tag and decrypt @p len bytes of ciphertext @p in into @p out.
 *  @param ctx       keyed context
 *  @param[out] out  receives the @p len bytes of plaintext (may be @p in)
 *  @param tag       the tag received with the ciphertext
 *  @param taglen    its length in bytes
 *  @param nonce     the nonce it was sealed with
 *  @param noncelen  its length in bytes
 *  @param ad        the associated data it was sealed with
 *  @param adlen     its length in bytes
 *  @param in        the ciphertext
 *  @param len       its length in bytes
 *  @return #AXIOM_OK; #AXIOM_EAUTH when the tag does not match (the
 *          @p len bytes at @p out are then zero); #AXIOM_EINVAL,
 *          #AXIOM_ESTATE, #AXIOM_EIVLEN, #AXIOM_ETAGLEN, #AXIOM_ELENGTH,
 *          #AXIOM_ENOMEM (as for seal; nothing written) */
int axiom_aead_open(axiom_aead_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t taglen,
                    const uint8_t *nonce, size_t noncelen,
                    const uint8_t *ad, size_t adlen,
                    const uint8_t *in, size_t len);

/** Combined mode: encrypt @p len bytes of @p in and write the ciphertext
 *  followed by a @p taglen-byte tag, @p len + @p taglen bytes in all, to
 *  @p out.  The same as axiom_aead_seal() with the tag at `out + len`;
 *  `out == in` is allowed (the tag then follows the input in place).
 *  @param ctx       keyed context
 *  @param[out] out  receives @p len bytes of ciphertext, then the tag
 *  @param taglen    tag length in bytes
 *  @param nonce     the nonce
 *  @param noncelen  its length in bytes
 *  @param ad        associated data, authenticated but not encrypted
 *  @param adlen     its length in bytes
 *  @param in        the plaintext
 *  @param len       its length in bytes
 *  @return as axiom_aead_seal(); #AXIOM_EINVAL also for a NULL @p out,
 *          #AXIOM_ELENGTH also when @p len + @p taglen overflows */
int axiom_aead_seal_combined(axiom_aead_ctx *ctx, uint8_t *out, size_t taglen,
                             const uint8_t *nonce, size_t noncelen,
                             const uint8_t *ad, size_t adlen,
                             const uint8_t *in, size_t len);

/** Combined mode: check and decrypt @p inlen bytes at @p in, the
 *  ciphertext followed by a @p taglen-byte tag, writing the
 *  @p inlen - @p taglen bytes of plaintext to @p out.  The same as
 *  axiom_aead_open() with the tag at `in + inlen - taglen`; `out == in`
 *  is allowed.
 *  @param ctx       keyed context
 *  @param[out] out  receives the @p inlen - @p taglen bytes of plaintext
 *  @param taglen    tag length in bytes
 *  @param nonce     the nonce it was sealed with
 *  @param noncelen  its length in bytes
 *  @param ad        the associated data it was sealed with
 *  @param adlen     its length in bytes
 *  @param in        ciphertext || tag
 *  @param inlen     its length in bytes, the tag included
 *  @return as axiom_aead_open(): #AXIOM_EAUTH leaves the plaintext
 *          length of @p out zero; #AXIOM_ELENGTH when @p inlen is shorter
 *          than @p taglen (nothing written) */
int axiom_aead_open_combined(axiom_aead_ctx *ctx, uint8_t *out, size_t taglen,
                             const uint8_t *nonce, size_t noncelen,
                             const uint8_t *ad, size_t adlen,
                             const uint8_t *in, size_t inlen);

/** Wipe the key material and free the context.
 *  @param ctx  context from axiom_aead_new(), or NULL (a no-op) */
void axiom_aead_free(axiom_aead_ctx *ctx);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
