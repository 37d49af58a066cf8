/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The interface between the generic AEAD layer (lib/api/aead.c) and one AEAD
 * algorithm family (GCM, ChaCha20-Poly1305, ...). */
#ifndef AXIOM_AEAD_INTERNAL_H
#define AXIOM_AEAD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "axiom/cipher.h"
#include "core/internal.h"
#include "core/kernel.h"

/* The longest tag of any algorithm (AEGIS: 32 bytes). */
#define AXIOM_AEAD_MAXTAG 32

/* One algorithm.  The generic layer validates every argument with the
 * predicates and limits below (so the operations never fail), rejects
 * overlapping buffers, compares tags in constant time and wipes the output
 * of a failed open.  The operations may assume that the nonce and the AD
 * share no byte with the output (the generic layer copies them aside when
 * the caller's do), so that they may write @out before reading either;
 * @out and @in are equal or disjoint. */
typedef struct axiom_aead_alg {
    const char *name;
    size_t keylen;
    size_t state_size;           /* bytes of key-dependent state, 64-aligned */
    int (*nonce_ok)(size_t noncelen);
    /* Optional (NULL: any value): whether a nonce of an accepted length
     * has a valid value (MGM: the top bit clear); refused with
     * AXIOM_EIVLEN like a bad length. */
    int (*nonce_value_ok)(const uint8_t *nonce, size_t noncelen);
    int (*tag_ok)(size_t taglen);
    uint64_t max_len;            /* longest message in bytes */
    uint64_t max_adlen;          /* longest AD in bytes */
    /* The algorithm's kernels (or tiers), best first: the generic layer
     * picks one when the key is set; axiom_impl and axiom_kernel_info
     * read the same list. */
    const axiom_kernel *const *kernels;
    /* Bind kernel @k (picked from kernels) and expand the key. */
    void (*setkey)(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen);
    /* One message: encrypt (@enc nonzero) or decrypt the @len bytes at
     * @in into @out, and write the tag for @taglen (a length tag_ok
     * accepts) to @tag, which has room for AXIOM_AEAD_MAXTAG bytes.  An
     * algorithm whose shorter tags are truncations of one full tag (GCM,
     * Poly1305) may ignore @taglen and write the full tag; one whose tag
     * lengths are different functions (AEGIS) writes the @taglen-byte tag.
     * Decrypting, the tag written is the one computed over the ciphertext;
     * the generic layer compares its first @taglen bytes with the
     * caller's.  On entry to a decryption @tag holds the caller's tag (its
     * taglen bytes, zeros after them) unless the algorithm sets
     * open_tag_unread: SIV modes take their counter from it; on entry to
     * an encryption its contents are unspecified.  An
     * algorithm whose directions share one routine passes @enc on; one
     * whose directions are separate code branches on @enc once. */
    void (*message)(const void *state, int enc, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                    size_t taglen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                    size_t adlen, const uint8_t *in, size_t len);
    /* Nonzero when an encryption with a 16-byte tag writes exactly those
     * 16 bytes at @tag, reads none of them, and writes them only once it
     * has read all of @in, the nonce and the AD (which the caller's tag
     * may overlap): the generic layer's seal then hands over the caller's
     * tag buffer itself instead of a local full tag to copy from. */
    unsigned seal_tag16_exact;
    /* Nonzero when a decryption never reads @tag on entry (only the SIV
     * modes do): the generic layer's open then leaves its local tag
     * unset instead of copying the caller's tag in. */
    unsigned open_tag_unread;
} axiom_aead_alg;

/* Length rules that several algorithms share (lib/core/aead.c): a nonce
 * of exactly 12, 16 or 24 bytes, a tag of exactly 16. */
int axiom_aead_nonce12_ok(size_t noncelen);
int axiom_aead_nonce16_ok(size_t noncelen);
int axiom_aead_nonce24_ok(size_t noncelen);
int axiom_aead_tag16_ok(size_t taglen);

/* Algorithms, defined beside their code. */
extern const axiom_aead_alg axiom_aead_chacha20_poly1305;  /* lib/chacha/chachapoly.c */
extern const axiom_aead_alg axiom_aead_xchacha20_poly1305; /* lib/chacha/chachapoly.c */
extern const axiom_aead_alg axiom_aead_aes128_gcm;         /* lib/gcm/gcm.c */
extern const axiom_aead_alg axiom_aead_aes192_gcm;         /* lib/gcm/gcm.c */
extern const axiom_aead_alg axiom_aead_aes256_gcm;         /* lib/gcm/gcm.c */
extern const axiom_aead_alg axiom_aead_sm4_gcm;            /* lib/gcm/sm4_gcm.c */
extern const axiom_aead_alg axiom_aead_aes128_gcm_siv;     /* lib/gcm/gcmsiv.c */
extern const axiom_aead_alg axiom_aead_aes256_gcm_siv;     /* lib/gcm/gcmsiv.c */
extern const axiom_aead_alg axiom_aead_xaes256_gcm;         /* lib/gcm/xaes.c */
extern const axiom_aead_alg axiom_aead_kuznyechik_mgm;     /* lib/mgm/mgm.c */
extern const axiom_aead_alg axiom_aead_kuznyechik_ctr_acpkm_omac; /* lib/acpkm/ctr_acpkm_omac.c */

/* ---- the streaming interfaces' call order --------------------------------- */

/* Where a streaming context (include/axiom/gcm.h, include/axiom/aegis.h)
 * stands: no key yet, keyed and between messages, in the AD, in the text. */
enum { AXIOM_STREAM_NOKEY, AXIOM_STREAM_IDLE, AXIOM_STREAM_AAD, AXIOM_STREAM_TEXT };

/* The phase and direction that every streaming context keeps; the checks
 * below give each call's errors in the order the headers document them.
 * They take NULL for a NULL context (AXIOM_EINVAL). */
typedef struct axiom_aead_stream {
    int phase;   /* AXIOM_STREAM_* */
    int encrypt; /* the direction of the message in progress */
} axiom_aead_stream;

/* The checks of init before the nonce length. */
static inline int axiom_stream_init_check(const axiom_aead_stream *s, const uint8_t *nonce,
                                          int direction)
{
    if (!s || !nonce || (direction != AXIOM_ENCRYPT && direction != AXIOM_DECRYPT))
        return AXIOM_EINVAL;
    if (s->phase == AXIOM_STREAM_NOKEY)
        return AXIOM_ESTATE;
    return AXIOM_OK;
}

/* A message begins in @direction: its AD comes first. */
static inline void axiom_stream_begin(axiom_aead_stream *s, int direction)
{
    s->encrypt = direction == AXIOM_ENCRYPT;
    s->phase = AXIOM_STREAM_AAD;
}

/* The checks of an AD call before its length. */
static inline int axiom_stream_aad_check(const axiom_aead_stream *s, const uint8_t *ad,
                                         size_t adlen)
{
    if (!s || (adlen && !ad))
        return AXIOM_EINVAL;
    if (s->phase != AXIOM_STREAM_AAD)
        return AXIOM_ESTATE;
    return AXIOM_OK;
}

/* The checks of a text call before its length: @out and @in the same
 * bytes or disjoint. */
static inline int axiom_stream_update_check(const axiom_aead_stream *s, const uint8_t *out,
                                            const uint8_t *in, size_t len)
{
    if (!s || (len && (!in || !out)))
        return AXIOM_EINVAL;
    if (axiom_overlaps_partly(out, in, len))
        return AXIOM_EINVAL;
    if (s->phase != AXIOM_STREAM_AAD && s->phase != AXIOM_STREAM_TEXT)
        return AXIOM_ESTATE;
    return AXIOM_OK;
}

/* The checks of final (@encrypt) or verify before the tag length. */
static inline int axiom_stream_finish_check(const axiom_aead_stream *s, const uint8_t *tag,
                                            int encrypt)
{
    if (!s || !tag)
        return AXIOM_EINVAL;
    if ((s->phase != AXIOM_STREAM_AAD && s->phase != AXIOM_STREAM_TEXT) ||
        s->encrypt != encrypt)
        return AXIOM_ESTATE;
    return AXIOM_OK;
}

#endif
