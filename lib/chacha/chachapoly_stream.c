/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Streaming ChaCha20-Poly1305 (RFC 8439 2.8) over the ChaCha20 and Poly1305
 * kernels: the message in as many calls as the caller likes, whole 1 KiB
 * chunks (or 512-byte groups) through the fused keystream+MAC pass when the
 * Poly1305 kernel has one, as lib/chachapoly.c does for a whole message. */
#include "config.h"

#include <string.h>

#include "chacha/chachapoly_stream.h"
#include "core/bytes.h"
#include "core/internal.h"

/* Text handled per ChaCha20/Poly1305 pair of calls outside the fused pass,
 * so that the MAC reads it while it is still in L1. */
#define CHUNK 4096

static const uint8_t zeros[16];

void axiom_cp_stream_setkey(axiom_cp_stream *s, const axiom_kernel *k, const uint8_t key[32])
{
    const axiom_chachapoly_kernel *t = (const axiom_chachapoly_kernel *)k;
    memcpy(s->key, key, 32);
    s->ck = t->chacha ? t->chacha : axiom_chacha_pick();
    s->pk = t->poly ? t->poly : axiom_poly1305_pick();
}

void axiom_cp_stream_start(axiom_cp_stream *s, int encrypt, const uint8_t nonce[12])
{
    axiom_chacha_init_state(s->st, s->key, 0, nonce);
    memset(s->ks, 0, 64);
    s->ck->xor(s->st, s->ks, s->ks, 64);
    axiom_poly1305_init(&s->p, s->ks, s->pk);
    axiom_wipe(s->ks, 64);
    s->st[12] = 1;
    s->kpos = 0;
    s->adlen = s->len = 0;
    s->encrypt = encrypt;
}

void axiom_cp_stream_aad(axiom_cp_stream *s, const uint8_t *ad, size_t adlen)
{
    axiom_poly1305_update(&s->p, ad, adlen);
    s->adlen += adlen;
}

void axiom_cp_stream_close_aad(axiom_cp_stream *s)
{
    if (s->adlen % 16)
        axiom_poly1305_update(&s->p, zeros, 16 - s->adlen % 16);
}

/* @n bytes through the keystream left in s->ks; the MAC takes the
 * ciphertext (read before it is overwritten when decrypting in place). */
static void partial(axiom_cp_stream *s, uint8_t *out, const uint8_t *in, size_t n)
{
    if (!s->encrypt)
        axiom_poly1305_update(&s->p, in, n);
    axiom_xor_bytes(out, in, s->ks + s->kpos, n);
    if (s->encrypt)
        axiom_poly1305_update(&s->p, out, n);
    s->kpos += (unsigned)n;
}

void axiom_cp_stream_update(axiom_cp_stream *s, uint8_t *out, const uint8_t *in, size_t len)
{
    const int enc = s->encrypt;
    s->len += len;

    if (s->kpos) {
        size_t n = 64 - s->kpos < len ? 64 - s->kpos : len;
        partial(s, out, in, n);
        in += n;
        out += n;
        len -= n;
        if (s->kpos < 64)
            return;
        axiom_wipe(s->ks, 64);
        s->kpos = 0;
    }
    /* Here the text so far is whole blocks and the AD was padded, so
     * nothing is pending in the MAC's buffer: the fused passes may run. */
    const axiom_poly1305_kernel *pk = s->p.k;
    if (pk->chachapoly512 && len >= (size_t)(enc ? 1024 : 512)) {
        size_t n = len / 512;
        pk->chachapoly512(s->st, &s->p, out, in, n, enc);
        in += 512 * n;
        out += 512 * n;
        len -= 512 * n;
    } else if (pk->chachapoly && len >= 1024) {
        size_t n = len / 1024;
        pk->chachapoly(s->st, &s->p, out, in, n, enc, NULL);
        in += 1024 * n;
        out += 1024 * n;
        len -= 1024 * n;
    }
    while (len >= 64) {
        size_t n = len < CHUNK ? len & ~(size_t)63 : CHUNK;
        if (!enc)
            axiom_poly1305_update(&s->p, in, n);
        s->ck->xor(s->st, out, in, n);
        if (enc)
            axiom_poly1305_update(&s->p, out, n);
        s->st[12] += (uint32_t)(n / 64);
        in += n;
        out += n;
        len -= n;
    }
    if (len) {
        memset(s->ks, 0, 64);
        s->ck->xor(s->st, s->ks, s->ks, 64);
        s->st[12]++;
        partial(s, out, in, len);
    }
}

void axiom_cp_stream_tag(axiom_cp_stream *s, uint8_t tag[16])
{
    uint8_t b[16];
    if (s->len % 16)
        axiom_poly1305_update(&s->p, zeros, 16 - s->len % 16);
    axiom_store32_le(b, (uint32_t)s->adlen);
    axiom_store32_le(b + 4, (uint32_t)(s->adlen >> 32));
    axiom_store32_le(b + 8, (uint32_t)s->len);
    axiom_store32_le(b + 12, (uint32_t)(s->len >> 32));
    axiom_poly1305_last(&s->p, b, tag);
    axiom_wipe(s->ks, 64);
    axiom_wipe(s->st, sizeof s->st);
    s->kpos = 0;
}
