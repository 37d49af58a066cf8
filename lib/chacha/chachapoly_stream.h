/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ChaCha20-Poly1305 (RFC 8439 2.8) as a stream of calls, for the streaming
 * AEAD interface of include/axiom/gcm.h (lib/gcm/gcm_stream.c sequences it
 * and checks every argument; lib/chacha/chachapoly_stream.c does the work). */
#ifndef AXIOM_CHACHAPOLY_STREAM_H
#define AXIOM_CHACHAPOLY_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "chacha/chacha.h"
#include "chacha/poly1305.h"
#include "core/kernel.h"

/* RFC 8439 2.8: block 0 makes the Poly1305 key and the 32-bit counter
 * gives the text blocks 1 .. 2^32 - 1. */
#define AXIOM_CP_STREAM_MAX_LEN ((((uint64_t)1 << 32) - 1) * 64)

typedef struct axiom_cp_stream {
    axiom_poly1305 p;                 /* the message's MAC */
    uint32_t st[16];                  /* ChaCha20 input state; st[12] is the next block */
    _Alignas(64) uint8_t ks[64];      /* keystream of the current partial block */
    uint8_t key[32];
    unsigned kpos;                    /* bytes of ks already used; 0: none pending */
    uint64_t adlen, len;              /* AD and text bytes so far */
    int encrypt;
    const axiom_chacha_kernel *ck;    /* bound at setkey */
    const axiom_poly1305_kernel *pk;
} axiom_cp_stream;

/* Keep the key and bind the kernels of tier @k (picked from
 * axiom_chachapoly_kernels). */
void axiom_cp_stream_setkey(axiom_cp_stream *s, const axiom_kernel *k, const uint8_t key[32]);
/* Start a message under the 12-byte @nonce: Poly1305 key from block 0. */
void axiom_cp_stream_start(axiom_cp_stream *s, int encrypt, const uint8_t nonce[12]);
/* AD, any split; then close_aad once, before the first text. */
void axiom_cp_stream_aad(axiom_cp_stream *s, const uint8_t *ad, size_t adlen);
void axiom_cp_stream_close_aad(axiom_cp_stream *s);
/* Text, any split (out == in allowed); the caller keeps the total within
 * AXIOM_CP_STREAM_MAX_LEN. */
void axiom_cp_stream_update(axiom_cp_stream *s, uint8_t *out, const uint8_t *in, size_t len);
/* Padding and lengths, then the full tag; the message state is wiped. */
void axiom_cp_stream_tag(axiom_cp_stream *s, uint8_t tag[16]);

#endif
