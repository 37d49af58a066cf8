/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-GCM-SIV (RFC 8452): the aes-128-gcm-siv and aes-256-gcm-siv AEAD
 * algorithms, over the AES kernels (lib/core/bc.h) and the POLYVAL
 * kernels (lib/gcm/polyval.h). */

/*
 * Per message (RFC 8452 section 4):
 * - key derivation: the key-generating key encrypts the 4 (AES-128) or 6
 *   (AES-256) blocks LE32(i) || nonce in one ECB call; the first 8 bytes
 *   of blocks 0-1 are the message-authentication key (POLYVAL), of the
 *   others the message-encryption key (expanded with setkey_enc);
 * - S = POLYVAL(auth key, AD padded, plaintext padded, LE64(bits of AD)
 *   || LE64(bits of plaintext)); the nonce XORed into its first 12 bytes,
 *   the top bit of byte 15 cleared, encrypted: the tag;
 * - CTR from the tag with the top bit of byte 15 set: the first 4 bytes
 *   are a little-endian 32-bit counter incremented modulo 2^32 (the other
 *   12 bytes never change): the tier's counter-mode loop (VAES), or ECB
 *   over counter blocks staged CHUNK at a time.
 * A short message goes to the tier's one-call path instead, where it has
 * one (short_msg, lib/gcm/polyval.h: the x86 tiers, in registers).
 * Seal is two passes (POLYVAL over the plaintext, then CTR: the counter
 * is the tag).  Open runs CTR from the received tag, chunk by chunk, and
 * POLYVAL over each chunk of plaintext while it is in L1, then computes
 * the tag; the generic layer (lib/api/aead.c) compares it with the
 * received one in constant time and wipes the output when they differ.
 *
 * Bounds: sealing cannot be stitched (the counter is the tag, which needs
 * all of POLYVAL first), so its cost is the sum of a POLYVAL pass (four
 * carry-less products per block, three in the VPCLMULQDQ kernels' 32-block
 * groups, one reduction per 8 or 32 blocks; doc/design/gcm.md) and a
 * counter-mode pass (one AES round per round key per block, plus the
 * XOR); opening is one pass on the VAES tiers, bounded by the larger of
 * the AES rounds and the carry-less products, as GCM is.  Each message
 * also pays the key derivation (4 or 6 blocks), a key schedule and the
 * POLYVAL powers it reads: as many as it has blocks to hash, up to 32 (31
 * products in five rounds of doubling).
 *
 * Constant time: branches and addresses depend on lengths only.  The
 * counter comes from the tag, which is public (it travels with the
 * ciphertext); it is only cipher input here anyway.  Every secret
 * intermediate (derived keys, schedules, keystream, POLYVAL state) is
 * wiped before return.
 */
#include "config.h"

#include <string.h>

#include "core/aead.h"
#include "core/bc_modes.h"
#include "core/internal.h"
#include "gcm/polyval.h"

/* RFC 8452 section 6: plaintext and AD up to 2^36 bytes. */
#define GCMSIV_MAX_LEN (UINT64_C(1) << 36)
#define CHUNK AXIOM_GCMSIV_CHUNK_BLOCKS
#define OPEN_CHUNK AXIOM_GCMSIV_OPEN_BLOCKS

/* The algorithm's state: the key-generating key and the tier. */
typedef struct gcmsiv_key {
    axiom_bc_ks kgk;
    const axiom_gcmsiv_kernel *k;
    size_t keylen;
} gcmsiv_key;

#define GCMSIV_STATE_SIZE ((sizeof(gcmsiv_key) + 63) & ~(size_t)63)

/* One message's keys. */
typedef struct gcmsiv_msg {
    axiom_bc_ks ks;      /* message-encryption key */
    axiom_ghash_key hk;  /* message-authentication key, the POLYVAL kernel's layout */
    uint8_t s[16];       /* POLYVAL accumulator */
} gcmsiv_msg;

static void gcmsiv_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    gcmsiv_key *g = state;
    g->k = axiom_gcmsiv_of(k);
    g->keylen = keylen;
    g->k->aes->setkey_enc(&g->kgk, key, keylen);
}

/* The first 8 bytes of @b0, then those of @b1, into @dst in one 16-byte
 * store.  The blocks below are written whole for the same reason: the
 * kernels load them 16 bytes at a time, and a load that spans several
 * smaller stores still in flight waits for them to reach the cache
 * instead of taking the data from the store buffer. */
static inline void halves(uint8_t *dst, const uint8_t *b0, const uint8_t *b1)
{
    const axiom_v16 lo = *(const axiom_v16 *)(const void *)b0;
    const axiom_v16 hi = *(const axiom_v16 *)(const void *)b1;
    *(axiom_v16 *)(void *)dst = (axiom_v16){ lo[0], hi[0] };
}

/* The 16 bytes LE64(@lo) || LE64(@hi) as one vector. */
static inline axiom_v16 le_pair(uint64_t lo, uint64_t hi)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    lo = __builtin_bswap64(lo);
    hi = __builtin_bswap64(hi);
#endif
    return (axiom_v16){ (long long)lo, (long long)hi };
}

/* The per-nonce keys (RFC 8452 section 4, derive_keys), the POLYVAL key
 * with the first @npow powers (msg_powers): a short message's key needs
 * only its few powers. */
static void derive(const gcmsiv_key *g, gcmsiv_msg *m, const uint8_t nonce[12], size_t npow)
{
    const axiom_gcmsiv_kernel *k = g->k;
    if (k->derive) {
        k->derive(&g->kgk, g->keylen, nonce, &m->ks, &m->hk, npow);
        memset(m->s, 0, sizeof m->s);
        return;
    }
    const size_t nb = g->keylen == 16 ? 4 : 6;
    _Alignas(16) uint8_t blk[16 * 6], auth[16], enc[32];
    /* LE32(i) || nonce: the nonce's first 4 bytes above i in the low
     * little-endian word, its last 8 the high word. */
    const uint64_t n0 = (uint64_t)axiom_load32_le(nonce) << 32, n1 = axiom_load64_le(nonce + 4);
    for (size_t i = 0; i < nb; i++)
        *(axiom_v16 *)(void *)(blk + 16 * i) = le_pair(n0 | i, n1);
    k->aes->ecb_enc(&g->kgk, blk, blk, nb);
    halves(auth, blk, blk + 16);
    halves(enc, blk + 32, blk + 48);
    if (nb == 6)
        halves(enc + 16, blk + 64, blk + 80);
    if (k->polyval->init_n)
        k->polyval->init_n(&m->hk, auth, npow);
    else
        k->polyval->init(&m->hk, auth);
    k->aes->setkey_enc(&m->ks, enc, g->keylen);
    memset(m->s, 0, sizeof m->s);
    AXIOM_WIPE_FIXED(blk);
    AXIOM_WIPE_FIXED(auth);
    AXIOM_WIPE_FIXED(enc);
}

/* POLYVAL over @len bytes, the last partial block padded with zeros. */
static void polyval_padded(const axiom_polyval_kernel *pv, gcmsiv_msg *m, const uint8_t *p,
                           size_t len)
{
    const size_t full = len / 16, rest = len % 16;
    if (full)
        pv->update(&m->hk, m->s, p, full);
    if (rest) {
        uint8_t b[16] = { 0 };
        memcpy(b, p + 16 * full, rest);
        pv->update(&m->hk, m->s, b, 1);
        AXIOM_WIPE_FIXED(b);
    }
}

/* The length block, the nonce, the top bit, the encryption: the tag. */
static void make_tag(const gcmsiv_key *g, gcmsiv_msg *m, const uint8_t nonce[12], size_t adlen,
                     size_t len, uint8_t tag[16])
{
    /* Whole 16-byte values (see halves): the length block, and S with
     * the nonce XORed into bytes 0-11 and the top bit of byte 15 (the
     * top bit of the high little-endian word) cleared. */
    _Alignas(16) uint8_t lb[16];
    *(axiom_v16 *)(void *)lb = le_pair((uint64_t)adlen * 8, (uint64_t)len * 8);
    g->k->polyval->update(&m->hk, m->s, lb, 1);
    const axiom_v16 sv = *(const axiom_v16 *)(const void *)m->s;
    *(axiom_v16 *)(void *)m->s = (sv ^ le_pair(axiom_load64_le(nonce), axiom_load32_le(nonce + 8))) &
                                 le_pair(UINT64_MAX, UINT64_MAX >> 1);
    g->k->aes->ecb_enc(&m->ks, tag, m->s, 1);
}

/* @bytes of keystream from counter block @c (advanced) XORed into @in:
 * the tier's counter-mode loop, or ECB over counter blocks staged in
 * @buf (CHUNK blocks; @bytes at most 16 CHUNK then).  Returns how many
 * bytes of @buf now hold keystream or text (to be wiped). */
static size_t ctr_part(const axiom_gcmsiv_kernel *k, const gcmsiv_msg *m, uint8_t c[16],
                       uint8_t *buf, uint8_t *out, const uint8_t *in, size_t bytes)
{
    const size_t full = bytes / 16, rest = bytes % 16;
    if (k->ctr) {
        if (full)
            k->ctr(&m->ks, out, in, full, c);
        if (!rest)
            return 0;
        memset(buf, 0, 16);
        memcpy(buf, in + 16 * full, rest);
        k->ctr(&m->ks, buf, buf, 1, c);
        memcpy(out + 16 * full, buf, rest);
        return 16;
    }
    const size_t nb = full + (rest != 0);
    uint32_t ctr = axiom_load32_le(c);
    for (size_t i = 0; i < nb; i++) {
        memcpy(buf + 16 * i, c, 16);
        axiom_store32_le(buf + 16 * i, ctr++); /* wraps modulo 2^32 */
    }
    axiom_store32_le(c, ctr);
    k->aes->ecb_enc(&m->ks, buf, buf, nb);
    for (size_t i = 0; i < full; i++)
        axiom_xor16(out + 16 * i, in + 16 * i, buf + 16 * i);
    for (size_t i = 16 * full; i < bytes; i++)
        out[i] = (uint8_t)(in[i] ^ buf[i]);
    return 16 * nb;
}

/* CTR from @tag over @len bytes; when @hash_out (opening), POLYVAL over
 * each CHUNK blocks of output (the plaintext) right after they are
 * written, while they are in L1.  Sealing with a counter-mode loop is one
 * call. */
static void siv_ctr(const gcmsiv_key *g, gcmsiv_msg *m, const uint8_t tag[16], uint8_t *out,
                    const uint8_t *in, size_t len, int hash_out)
{
    const axiom_gcmsiv_kernel *k = g->k;
    _Alignas(16) uint8_t buf[16 * CHUNK], c[16];
    *(axiom_v16 *)(void *)c = *(const axiom_v16 *)(const void *)tag | le_pair(0, UINT64_C(1) << 63);
    if (hash_out && k->open) {
        const size_t full = len / 16;
        k->open(&m->ks, &m->hk, out, in, full, c, m->s);
        if (full) { /* in and out are NULL for an empty message */
            in += 16 * full;
            out += 16 * full;
            len -= 16 * full;
        }
    }
    const size_t step = !k->ctr ? 16 * CHUNK : hash_out ? 16 * OPEN_CHUNK : len;
    size_t used = 0;
    while (len > 0) {
        const size_t bytes = len < step ? len : step;
        const size_t u = ctr_part(k, m, c, buf, out, in, bytes);
        used = u > used ? u : used;
        if (hash_out)
            polyval_padded(k->polyval, m, out, bytes);
        in += bytes;
        out += bytes;
        len -= bytes;
    }
    if (used)
        axiom_wipe(buf, used);
}

/* Sealing after POLYVAL of the text, on a tier with a fused end
 * (axiom_gcmsiv_kernel's seal, which comes with ctr): the tag and CTR
 * over the whole blocks in one call, then the partial last block through
 * ctr_part (which uses 16 bytes of its buffer with a ctr). */
static void seal_end(const gcmsiv_key *g, const gcmsiv_msg *m, const uint8_t nonce[12],
                     size_t adlen, uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t len)
{
    const axiom_gcmsiv_kernel *k = g->k;
    _Alignas(16) uint8_t lb[16], c[16], buf[16];
    *(axiom_v16 *)(void *)lb = le_pair((uint64_t)adlen * 8, (uint64_t)len * 8);
    const size_t full = len / 16, rest = len % 16;
    k->seal(&m->ks, &m->hk, m->s, lb, nonce, tag, out, in, full, c);
    if (rest && ctr_part(k, m, c, buf, out + 16 * full, in + 16 * full, rest))
        AXIOM_WIPE_FIXED(buf);
}

/* Wipe what a message whose key has @npow powers (msg_powers) wrote to
 * @m: on the x86 tiers the round keys and the powers made
 * (axiom_gcmsiv_kernel, x86_keys), else all of it. */
static void wipe_msg(const axiom_gcmsiv_kernel *k, gcmsiv_msg *m, size_t npow)
{
    if (!k->x86_keys) {
        axiom_wipe(m, sizeof *m);
        return;
    }
    axiom_wipe(m->ks.w, 16 * ((size_t)m->ks.rounds + 1));
    if (npow >= AXIOM_GHASH_MAXPOW || !k->polyval->init_n) {
        axiom_wipe(&m->hk, sizeof m->hk);
    } else {
        /* K_i sits in slot AXIOM_GHASH_MAXPOW - i: the first npow
         * powers are the last npow slots of the first half. */
        axiom_wipe((uint8_t *)m->hk.w + 16 * (AXIOM_GHASH_MAXPOW - npow), 16 * npow);
    }
    axiom_wipe(m->s, sizeof m->s);
}

/* The powers of the POLYVAL key a message reads: every update call
 * hashes the AD's or the text's whole blocks (all at once, or the opening
 * loop's chunks of them) or a single block (a partial one, the length
 * block), and reduces up to AXIOM_GHASH_MAXPOW blocks at a time with the
 * powers K_n .. K_1 of the n it takes; so the most whole blocks of either
 * part.  (Not the count of all hashed blocks: 256 bytes of text and the
 * length block need 16 powers, not 17, one level of products fewer.) */
static size_t msg_powers(size_t adlen, size_t len)
{
    size_t n = adlen / 16 > len / 16 ? adlen / 16 : len / 16;
    if (n < 1)
        n = 1;
    return n < AXIOM_GHASH_MAXPOW ? n : AXIOM_GHASH_MAXPOW;
}

/* One message (RFC 8452 sections 4 and 5): seal (@enc) hashes the
 * plaintext, makes the tag and runs CTR from it; open runs CTR from the
 * received tag, which @tag holds on entry (lib/core/aead.h), hashing the
 * plaintext as it comes out, and writes the computed tag over it.  The
 * tag is always 16 bytes (axiom_aead_tag16_ok), the nonce 12. */
static void gcmsiv_message(const void *state, int enc, uint8_t *out,
                           uint8_t tag[AXIOM_AEAD_MAXTAG], size_t taglen, const uint8_t *nonce,
                           size_t noncelen, const uint8_t *ad, size_t adlen, const uint8_t *in,
                           size_t len)
{
    const gcmsiv_key *g = state;
    gcmsiv_msg m;
    (void)taglen;
    (void)noncelen;
    const size_t nblocks = (adlen + 15) / 16 + (len + 15) / 16 + 1;
    if (g->k->short_msg && len <= 16 * AXIOM_GCMSIV_SHORT_TEXT &&
        nblocks <= AXIOM_GCMSIV_SHORT_HASH) {
        g->k->short_msg(&g->kgk, g->keylen, nonce, enc, out, tag, ad, adlen, in, len);
        return;
    }
    const size_t npow = msg_powers(adlen, len);
    derive(g, &m, nonce, npow);
    polyval_padded(g->k->polyval, &m, ad, adlen);
    if (enc && g->k->seal) {
        polyval_padded(g->k->polyval, &m, in, len);
        seal_end(g, &m, nonce, adlen, out, tag, in, len);
    } else if (enc) {
        polyval_padded(g->k->polyval, &m, in, len);
        make_tag(g, &m, nonce, adlen, len, tag);
        siv_ctr(g, &m, tag, out, in, len, 0);
    } else {
        siv_ctr(g, &m, tag, out, in, len, 1);
        make_tag(g, &m, nonce, adlen, len, tag);
    }
    wipe_msg(g->k, &m, npow);
}

#define GCMSIV_ALG(var, nm, klen)                                              \
    const axiom_aead_alg var = {                                               \
        .name = nm,                                                            \
        .keylen = klen,                                                        \
        .state_size = GCMSIV_STATE_SIZE,                                       \
        .nonce_ok = axiom_aead_nonce12_ok,                                     \
        .tag_ok = axiom_aead_tag16_ok,                                         \
        .max_len = GCMSIV_MAX_LEN,                                             \
        .max_adlen = GCMSIV_MAX_LEN,                                           \
        .kernels = axiom_gcmsiv_kernels,                                       \
        .setkey = gcmsiv_setkey,                                               \
        .message = gcmsiv_message,                                             \
    }

GCMSIV_ALG(axiom_aead_aes128_gcm_siv, "aes-128-gcm-siv", 16);
GCMSIV_ALG(axiom_aead_aes256_gcm_siv, "aes-256-gcm-siv", 32);
