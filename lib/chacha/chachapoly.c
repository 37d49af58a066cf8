/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ChaCha20-Poly1305 (RFC 8439 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha) as AEAD algorithms of lib/core/aead.h. */
#include "config.h"

#include <string.h>

#include "core/aead.h"
#include "chacha/chacha.h"
#include "core/internal.h"
#include "chacha/poly1305.h"

/* Chunk size of cp_tail. */
#define CHUNK AXIOM_CHACHAPOLY_TAIL

/* Messages up to SHORT_MAX (or the kernel's aead_onecall, at most
 * ONECALL_MAX) get their keystream and the Poly1305 key from one kernel
 * call (at most eight blocks: one 8-way pass; the AVX-512 kernel's 16-way
 * pass takes 16), not a call for the key's block (a one-block pass, all
 * latency) and another for the text. */
#define SHORT_MAX AXIOM_CHACHAPOLY_SHORT_MAX
#define ONECALL_MAX AXIOM_CHACHAPOLY_ONECALL_MAX
/* The most AD a short message's one-shot MAC copies into its buffer. */
#define AD_INLINE AXIOM_CHACHAPOLY_AD_INLINE
/* The fused passes' units (lib/chacha/poly1305.h). */
#define FCHUNK AXIOM_CHACHAPOLY_CHUNK
#define GROUP AXIOM_CHACHAPOLY_GROUP


typedef struct cp_state {
    uint8_t key[32];
    const axiom_chacha_kernel *ck;
    const axiom_poly1305_kernel *pk;
} cp_state;

#define STATE_SIZE ((sizeof(cp_state) + 63) & ~(size_t)63)

static void cp_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    const axiom_chachapoly_kernel *t = (const axiom_chachapoly_kernel *)k;
    cp_state *s = state;
    (void)keylen;
    memcpy(s->key, key, 32);
    s->ck = t->chacha ? t->chacha : axiom_chacha_pick();
    s->pk = t->poly ? t->poly : axiom_poly1305_pick();
}

/* RFC 8439 2.8's last MAC block: the AD and text lengths, 64-bit little
 * endian. */
static inline void lengths_block(uint8_t b[16], size_t adlen, size_t len)
{
    axiom_store64_le(b, (uint64_t)adlen);
    axiom_store64_le(b + 8, (uint64_t)len);
}

/* The message from block st[12] on (any length) on the ChaCha20 kernel,
 * MACed in chunks right after it is written (or right before it is
 * decrypted), while the chunk is still in L1. */
static void cp_tail(const axiom_chacha_kernel *ck, axiom_poly1305 *p, uint32_t st[16], int enc,
                    uint8_t *out, const uint8_t *in, size_t len)
{
    while (len) {
        size_t n = len < CHUNK ? len : CHUNK;
        if (enc) {
            ck->xor(st, out, in, n);
            axiom_poly1305_update_pad16(p, out, n);
        } else {
            axiom_poly1305_update_pad16(p, in, n);
            ck->xor(st, out, in, n);
        }
        st[12] += (uint32_t)(n / 64); /* n is a multiple of 64 but for the last */
        in += n;
        out += n;
        len -= n;
    }
}

/* The message operation: RFC 8439 2.8 with the key in @state and a
 * 12-byte nonce, always the 16-byte tag; @enc selects whether the MAC
 * covers @out (seal) or @in (open). */
static void cp_message(const void *state, int enc, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                       size_t taglen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                       size_t adlen, const uint8_t *in, size_t len)
{
    const cp_state *s = state;
    const axiom_chacha_kernel *ck = s->ck;
    /* State and keystream together: one wipe at the end, of the state
     * and the @used bytes of keystream written (a multiple of 64: the
     * short path's blocks, else the Poly1305 key's block). */
    struct {
        _Alignas(64) uint32_t st[16];
        uint8_t ks[64 + ONECALL_MAX];
    } w;
    /* A short message's ciphertext, zero-padded, and the length block
     * behind it (and, for the one-shot MAC, AD_INLINE bytes of AD before
     * them): the MAC of all in one call (public bytes, not wiped). */
    _Alignas(16) uint8_t mac[AD_INLINE + ONECALL_MAX + 16];
    uint8_t *const ks = w.ks;
    uint32_t *const st = w.st;
    axiom_poly1305 p;
    const size_t total = len;
    size_t used = 64;
    int oneshot = 0; /* the tag came from the Poly1305 kernel's one-shot */
    (void)taglen;
    (void)noncelen;

    axiom_chacha_init_state(st, s->key, 0, nonce);
    const int onecall = len <= (ck->aead_onecall ? ck->aead_onecall : SHORT_MAX);
    if (onecall) {
        /* Whole pairs of blocks: the row-form kernels make two at a time,
         * and a half-used pair would go through their partial-output
         * copy (ks has room: 64 + ONECALL_MAX is a multiple of 128); past
         * what the AVX-512 kernel makes in one 8-way pass and two pairs,
         * the whole of ks (one 16-way pass, not a partial one through the
         * kernel's buffer).  The key block alone stays one block (a path
         * of its own). */
        _Static_assert((64 + ONECALL_MAX) % 128 == 0, "ks holds whole pairs");
        _Static_assert(sizeof axiom_chacha_zeros >= sizeof w.ks, "zeros for all of ks");
        size_t n = len ? (64 + len + 127) & ~(size_t)127 : 64;
        if (n > AXIOM_CHACHA_X12_BYTES)
            n = sizeof w.ks;
        used = n;
        ck->xor(st, ks, axiom_chacha_zeros, n);
        /* The ciphertext (seal: @out; open: @in, read before it is
         * decrypted, in place or not) zero-padded, and the length block
         * behind it: one call absorbs them (a copy of at most ONECALL_MAX
         * bytes cost less than the calls for whole blocks, a partial one
         * and the lengths: 1.01-1.17x on Zen 4's AVX2 tier). */
        const size_t whole = len & ~(size_t)15, padded = (len + 15) & ~(size_t)15;
        const size_t adp = (adlen + 15) & ~(size_t)15;
        const size_t nmac = adp / 16 + padded / 16 + 1; /* AD, text, lengths */
        const axiom_poly1305_kernel *pk = s->pk;
        uint8_t *c = mac;
        oneshot = pk->oneshot && adlen <= AD_INLINE && nmac <= pk->oneshot_max;
        if (oneshot) {
            /* The AD too, zero-padded, before the ciphertext: the MAC in
             * one call from the key to the tag. */
            c = mac + adp;
            memset(mac + (adlen & ~(size_t)15), 0, 16);
            if (adlen) /* @ad may be NULL without AD */
                memcpy(mac, ad, adlen);
        } else {
            axiom_poly1305_init(&p, ks, pk);
            axiom_poly1305_update_pad16(&p, ad, adlen);
        }
        if (enc)
            axiom_xor_bytes(out, in, ks + 64, len);
        memset(c + whole, 0, 16);
        if (len)
            memcpy(c, enc ? out : in, len);
        lengths_block(c + padded, adlen, len);
        if (oneshot)
            pk->oneshot(tag, ks, mac, nmac);
        else
            p.k->blocks(&p, c, padded / 16 + 1);
        if (!enc)
            axiom_xor_bytes(out, in, ks + 64, len);
    } else if (s->pk->chachapoly_key && len >= FCHUNK) {
        /* The fused kernel: the Poly1305 key comes with the first chunk,
         * whose ciphertext the next pass MACs (seal: @out; open: @in).
         * Opening in place, that chunk's plaintext waits aside until the
         * pass has read the ciphertext (the buffers are equal or
         * disjoint: lib/api/aead.c). */
        _Alignas(64) uint8_t pt0[FCHUNK];
        uint8_t *o0 = !enc && out == in ? pt0 : out;
        s->pk->chachapoly_key(st, ks, o0, in);
        st[12] = 17;
        axiom_poly1305_init(&p, ks, s->pk);
        axiom_poly1305_update_pad16(&p, ad, adlen);
        size_t n = len / FCHUNK - 1;
        p.k->chachapoly(st, &p, out + FCHUNK, in + FCHUNK, n, enc, enc ? out : in);
        if (o0 == pt0) {
            memcpy(out, pt0, FCHUNK);
            axiom_wipe(pt0, sizeof pt0);
        }
        in += FCHUNK * (n + 1);
        out += FCHUNK * (n + 1);
        len -= FCHUNK * (n + 1);
        cp_tail(ck, &p, st, enc, out, in, len);
    } else if (enc && s->pk->chachapoly512_seal && len > SHORT_MAX) {
        /* The key block inside the first group's rounds, a partial last
         * group's rounds beside the MAC of the group before.  With one
         * group and a rest (576-1023 bytes) that pass measured 1.07-1.15x
         * the rest apart (ChaCha20 kernel, then Poly1305) on Zen 4's AVX2
         * tier, after two groups 1.06-1.18x (1100-3000 bytes); for a
         * partial group alone (449-511 bytes), against the key block
         * before the text, 1.05-1.08x. */
        s->pk->chachapoly512_seal(st, &p, out, in, len, ad, adlen);
    } else {
        /* Block 0 is the Poly1305 key; the message starts at block 1. */
        memset(ks, 0, 64);
        ck->xor(st, ks, ks, 64);
        st[12] = 1;
        axiom_poly1305_init(&p, ks, s->pk);
        axiom_poly1305_update_pad16(&p, ad, adlen);
        if (p.k->chachapoly512 && len >= (enc ? FCHUNK : GROUP)) {
            /* Whole groups: keystream and MAC in one pass.  Seal
             * MACs a group during the next one's rounds, so it takes
             * the pass only from FCHUNK bytes on: with a single group
             * there is nothing to overlap the MAC with. */
            size_t n = len / GROUP;
            p.k->chachapoly512(st, &p, out, in, n, enc);
            in += GROUP * n;
            out += GROUP * n;
            len -= GROUP * n;
        } else if (p.k->chachapoly && len >= FCHUNK) {
            /* Whole chunks: keystream and MAC in one pass. */
            size_t n = len / FCHUNK;
            p.k->chachapoly(st, &p, out, in, n, enc, NULL);
            in += FCHUNK * n;
            out += FCHUNK * n;
            len -= FCHUNK * n;
        }
        cp_tail(ck, &p, st, enc, out, in, len);
    }
    if (!onecall) {
        /* The length block and the tag (in the kernel's arithmetic where
         * it has a last hook). */
        uint8_t b[16];
        lengths_block(b, adlen, total);
        axiom_poly1305_last(&p, b, tag);
    } else if (!oneshot) {
        axiom_poly1305_final(&p, tag);
    }
    /* Inline 16-byte stores (a memset of the whole buffer cost more than
     * the MAC of a short message), kept by the barrier. */
    volatile axiom_v16 *v = (volatile axiom_v16 *)(void *)&w;
    _Static_assert(sizeof w.st == 64, "64-byte wipe steps");
    for (size_t i = 0; i < (sizeof w.st + used) / 16; i += 4) {
        v[i] = (axiom_v16){ 0, 0 };
        v[i + 1] = (axiom_v16){ 0, 0 };
        v[i + 2] = (axiom_v16){ 0, 0 };
        v[i + 3] = (axiom_v16){ 0, 0 };
    }
    __asm__ __volatile__("" : : "r"(&w) : "memory");
}

/* XChaCha20: HChaCha20 turns the key and the first 16 nonce bytes into a
 * subkey; the last 8 nonce bytes, after 4 zero bytes, are the ChaCha20
 * nonce (draft-irtf-cfrg-xchacha 2.3).  ChaCha20-Poly1305 then runs on a
 * copy of the state that holds the subkey, with the same kernels. */
static void xcp_message(const void *state, int enc, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                        size_t taglen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                        size_t adlen, const uint8_t *in, size_t len)
{
    const cp_state *s = state;
    cp_state sub;
    uint8_t n12[12] = { 0 };
    (void)noncelen;
    sub.ck = s->ck;
    sub.pk = s->pk;
    axiom_chacha_hchacha(s->ck, sub.key, s->key, nonce);
    memcpy(n12 + 4, nonce + 16, 8);
    cp_message(&sub, enc, out, tag, taglen, n12, 12, ad, adlen, in, len);
    axiom_wipe(sub.key, sizeof sub.key);
}

/* RFC 8439 2.8: the 32-bit block counter gives 2^32 blocks of 64 bytes, and
 * block 0 makes the Poly1305 key: (2^32 - 1) * 64 = 2^38 - 64 bytes. */
#define CP_MAX_LEN ((((uint64_t)1 << 32) - 1) * 64)

const axiom_aead_alg axiom_aead_chacha20_poly1305 = {
    .name = "chacha20-poly1305",
    .keylen = 32,
    .state_size = STATE_SIZE,
    .nonce_ok = axiom_aead_nonce12_ok,
    .tag_ok = axiom_aead_tag16_ok,
    .max_len = CP_MAX_LEN,
    .max_adlen = UINT64_MAX,
    .setkey = cp_setkey,
    .kernels = axiom_chachapoly_kernels,
    .message = cp_message,
    .seal_tag16_exact = 1,
    .open_tag_unread = 1,
};

const axiom_aead_alg axiom_aead_xchacha20_poly1305 = {
    .name = "xchacha20-poly1305",
    .keylen = 32,
    .state_size = STATE_SIZE,
    .nonce_ok = axiom_aead_nonce24_ok,
    .tag_ok = axiom_aead_tag16_ok,
    .max_len = CP_MAX_LEN,
    .max_adlen = UINT64_MAX,
    .setkey = cp_setkey,
    .kernels = axiom_chachapoly_kernels,
    .message = xcp_message,
    .seal_tag16_exact = 1,
    .open_tag_unread = 1,
};
