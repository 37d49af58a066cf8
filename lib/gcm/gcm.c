/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-GCM (NIST SP 800-38D): the aes-128/192/256-gcm AEAD algorithms and
 * the glue that sequences the phases of lib/gcm/ghash.h (J0, AD padding,
 * the partial block, the length block and the tag), once for the one-shot
 * operations and the streaming API. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "core/aead.h"
#include "core/bc_modes.h"
#include "core/internal.h"
#include "gcm/gcm.h"
#include "gcm/ghash.h"

void axiom_gcm_setkey_with(axiom_gcm_key *g, const axiom_gcm_kernel *k,
                           const uint8_t *key, size_t keylen)
{
    uint8_t h[16] = { 0 };
    g->k = k;
    k->aes->setkey(&g->ks, key, keylen);
    k->aes->ecb_enc(&g->ks, h, h, 1);
    k->ghash->init(&g->hk, h);
    axiom_wipe(h, sizeof h);
}

/* Store the 16 bytes hi || lo (two big-endian 64-bit halves) with one
 * 16-byte store.  The kernels load the 16-byte fields of axiom_gcm_msg
 * whole, and a load forwards from one earlier store but not from several:
 * built from narrower stores, each such field would cost a store-forwarding
 * stall on every short message. */
typedef uint64_t gcm_u64x2 __attribute__((vector_size(16), may_alias));
static inline void store_be128(uint8_t p[16], uint64_t hi, uint64_t lo)
{
    const gcm_u64x2 v = { AXIOM_FROM_BE64(hi), AXIOM_FROM_BE64(lo) };
    memcpy(p, &v, 16);
}

/* Zero the secret part of the message state (axiom_gcm_msg): whole
 * 16-byte stores, unrolled. */
static inline void wipe_msg(axiom_gcm_msg *m)
{
    volatile axiom_v16 *v = (volatile axiom_v16 *)(void *)m;
#pragma GCC unroll 8
    for (size_t i = 0; i < offsetof(axiom_gcm_msg, part) / 16; i++)
        v[i] = (axiom_v16){ 0, 0 };
    __asm__ __volatile__("" : : "r"(m) : "memory");
}

#define GCM_ALWAYS_INLINE static inline __attribute__((always_inline))

/* Start: J0 = nonce || 0^31 || 1 for a 96-bit nonce; otherwise
 * J0 = GHASH(IV || 0^(s+64) || [len(IV)]_64), where the zero padding of
 * the IV and the 64 zero bits before its length make the last block
 * exactly 0^64 || length. */
GCM_ALWAYS_INLINE void gcm_start(const axiom_gcm_key *g, axiom_gcm_msg *m, const uint8_t *nonce,
                                 size_t noncelen)
{
    uint64_t hi, lo;
    store_be128(m->y, 0, 0);
    m->adlen = m->len = 0;
    m->npart = 0;
    if (noncelen == 12) {
        hi = axiom_load64_be(nonce);
        lo = (uint64_t)axiom_load32_be(nonce + 8) << 32 | 1;
        store_be128(m->j0, hi, lo);
        m->flags = AXIOM_GCM_F_PUBCTR;
    } else {
        const axiom_ghash_kernel *gh = g->k->ghash;
        uint8_t b[16] = { 0 };
        memset(m->j0, 0, 16);
        gh->update(&g->hk, m->j0, nonce, noncelen / 16);
        if (noncelen % 16) {
            memcpy(b, nonce + noncelen / 16 * 16, noncelen % 16);
            gh->update(&g->hk, m->j0, b, 1);
            memset(b, 0, sizeof b);
        }
        axiom_store64_be(b + 8, (uint64_t)noncelen * 8);
        gh->update(&g->hk, m->j0, b, 1);
        hi = axiom_load64_be(m->j0);
        lo = axiom_load64_be(m->j0 + 8);
        m->flags = 0;
    }
    /* inc32 */
    store_be128(m->ctr, hi, (lo & ~(uint64_t)0xffffffff) | (uint32_t)(lo + 1));
}

/* AD: whole blocks straight to the GHASH kernel, a partial block kept in
 * m->part until more AD completes it or the text starts. */
static inline void gcm_ad(const axiom_gcm_key *g, axiom_gcm_msg *m, const uint8_t *ad,
                          size_t adlen)
{
    const axiom_ghash_kernel *gh = g->k->ghash;
    if (!adlen)
        return; /* ad may be NULL: no arithmetic on it */
    m->adlen += adlen;
    if (m->npart) {
        const size_t take = 16 - m->npart < adlen ? 16 - m->npart : adlen;
        memcpy(m->part + m->npart, ad, take);
        m->npart += (unsigned)take;
        ad += take;
        adlen -= take;
        if (m->npart < 16)
            return;
        gh->update(&g->hk, m->y, m->part, 1);
        m->npart = 0;
    }
    if (adlen >= 16)
        gh->update(&g->hk, m->y, ad, adlen / 16);
    if (adlen % 16) {
        memcpy(m->part, ad + adlen / 16 * 16, adlen % 16);
        m->npart = (unsigned)(adlen % 16);
    }
}

/* The AD is over: its partial block, zero-padded. */
static inline void gcm_close_ad(const axiom_gcm_key *g, axiom_gcm_msg *m)
{
    if (m->npart) {
        memset(m->part + m->npart, 0, 16 - m->npart);
        g->k->ghash->update(&g->hk, m->y, m->part, 1);
        m->npart = 0;
    }
    m->flags |= AXIOM_GCM_F_TEXT;
}

/* @n bytes of the partial text block through its keystream m->pad; the
 * ciphertext goes to m->part for GHASH (in[i] is read before out[i] is
 * written: out == in works). */
static inline void gcm_partial(axiom_gcm_msg *m, int encrypt, uint8_t *out, const uint8_t *in,
                               size_t n)
{
    /* The index in a local: m->npart in the loop would be reloaded after
     * every byte store (uint8_t stores may alias it). */
    const unsigned p = m->npart;
    for (size_t i = 0; i < n; i++) {
        const uint8_t x = in[i], o = (uint8_t)(x ^ m->pad[p + i]);
        m->part[p + i] = encrypt ? o : x;
        out[i] = o;
    }
    m->npart = p + (unsigned)n;
}

/* The first bytes of a text call go to the partial block left by the
 * previous call, if any, until it is full (then hashed); returns how many
 * it took. */
static inline size_t gcm_carry(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt,
                               uint8_t *out, const uint8_t *in, size_t len)
{
    if (!m->npart)
        return 0;
    const size_t take = 16 - m->npart < len ? 16 - m->npart : len;
    gcm_partial(m, encrypt, out, in, take);
    if (m->npart == 16) {
        g->k->ghash->update(&g->hk, m->y, m->part, 1);
        m->npart = 0;
    }
    return take;
}

/* Text that is not the message's last: the partial block left by the
 * previous call, the whole blocks (with E_K(J0) on the first call, and the
 * keystream of a partial block that follows them, in the same kernel
 * call), then that partial block. */
static inline void gcm_text(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                            const uint8_t *in, size_t len)
{
    const axiom_gcm_kernel *k = g->k;
    if (!(m->flags & AXIOM_GCM_F_TEXT))
        gcm_close_ad(g, m);
    if (!len)
        return; /* in and out may be NULL */
    m->len += len;
    const size_t take = gcm_carry(g, m, encrypt, out, in, len);
    in += take;
    out += take;
    len -= take;
    const size_t n = len / 16, r = len % 16;
    const unsigned want = (m->flags & AXIOM_GCM_F_EK0 ? 0 : AXIOM_GCM_WANT_EK0) |
                          (r ? AXIOM_GCM_WANT_PAD : 0);
    if (n || want) {
        (encrypt ? k->enc : k->dec)(g, m, out, in, n, want);
        m->flags |= AXIOM_GCM_F_EK0;
    }
    if (r)
        gcm_partial(m, encrypt, out + 16 * n, in + 16 * n, r);
}

/* The end of gcm_last when encrypting a partial last block (@r bytes
 * after @n whole blocks) with a kernel that has .last: the text call for
 * the whole blocks and the pad, then .last for the block, the final phase
 * and the tag.  Out of line, so that the whole-block path's code stays as
 * it was.  m->npart is 0 (gcm_carry took all the text otherwise).
 * (Decrypting, the glue's way costs less: the block is the input, known
 * before the text call, which hashes it with the final phase; .last made
 * messages of 1-17 bytes 6-15 % slower.) */
static __attribute__((noinline)) void gcm_seal_last(const axiom_gcm_key *g, axiom_gcm_msg *m,
                                                    uint8_t *out, const uint8_t *in, size_t n,
                                                    size_t r, unsigned want, uint8_t tag[16])
{
    store_be128(m->fin, m->adlen * 8, m->len * 8);
    m->nfin = 1;
    m->last_in = in + 16 * n;
    m->last_out = out + 16 * n;
    m->nlast = (unsigned)r;
    m->tag = tag;
    g->k->enc(g, m, out, in, n, (want & ~AXIOM_GCM_WANT_TAG) | AXIOM_GCM_WANT_PAD);
    g->k->last(g, m);
    wipe_msg(m);
}

/* The message's last text (any length, possibly none) and the final phase:
 * the blocks the final hashes are the zero-padded partial ciphertext
 * block, if any, and the length block [len(A)]_64 || [len(C)]_64 in bits.
 * The kernel makes the tag in the call that does the last whole blocks,
 * except when encrypting a partial last block: its ciphertext comes from
 * the pad that call makes, so a second call (no blocks) hashes it. */
GCM_ALWAYS_INLINE void gcm_last(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                                const uint8_t *in, size_t len, uint8_t tag[16])
{
    const axiom_gcm_kernel *k = g->k;
    const axiom_gcm_crypt_fn fn = encrypt ? k->enc : k->dec;
    if (!(m->flags & AXIOM_GCM_F_TEXT))
        gcm_close_ad(g, m);
    size_t n = 0, r = 0;
    if (len) { /* in and out may be NULL otherwise */
        m->len += len;
        const size_t take = gcm_carry(g, m, encrypt, out, in, len);
        in += take;
        out += take;
        len -= take;
        n = len / 16;
        r = len % 16;
    }
    unsigned want = (m->flags & AXIOM_GCM_F_EK0 ? 0 : AXIOM_GCM_WANT_EK0) | AXIOM_GCM_WANT_TAG;
    if (r && encrypt && k->last) {
        gcm_seal_last(g, m, out, in, n, r, want, tag);
        return;
    }
    if (r && encrypt) {
        fn(g, m, out, in, n, (want & AXIOM_GCM_WANT_EK0) | AXIOM_GCM_WANT_PAD);
        gcm_partial(m, 1, out + 16 * n, in + 16 * n, r);
        want = AXIOM_GCM_WANT_TAG;
        n = r = 0;
    }
    unsigned nf = 0;
    if (m->npart) {
        memset(m->part + m->npart, 0, 16 - m->npart);
        memcpy(m->fin, m->part, 16);
        nf = 1;
    } else if (r) { /* decrypting: the partial block's ciphertext is its input */
        uint8_t b[16] = { 0 };
        memcpy(b, in + 16 * n, r);
        memcpy(m->fin, b, 16);
        nf = 1;
        want |= AXIOM_GCM_WANT_PAD;
    }
    store_be128(m->fin + 16 * nf, m->adlen * 8, m->len * 8);
    m->nfin = nf + 1;
    m->tag = tag;
    fn(g, m, out, in, n, want);
    if (r) {
        m->npart = 0;
        gcm_partial(m, 0, out + 16 * n, in + 16 * n, r);
    }
    wipe_msg(m);
}

void axiom_gcm_start(const axiom_gcm_key *g, axiom_gcm_msg *m, const uint8_t *nonce,
                     size_t noncelen)
{
    gcm_start(g, m, nonce, noncelen);
}

void axiom_gcm_ad(const axiom_gcm_key *g, axiom_gcm_msg *m, const uint8_t *ad, size_t adlen)
{
    gcm_ad(g, m, ad, adlen);
}

void axiom_gcm_text(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                    const uint8_t *in, size_t len)
{
    gcm_text(g, m, encrypt, out, in, len);
}

void axiom_gcm_finish(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t tag[16])
{
    gcm_last(g, m, 1, NULL, NULL, 0, tag);
}

/* ---- the axiom_aead_alg operations ------------------------------------- */

int axiom_gcm_aead_nonce_ok(size_t noncelen)
{
    /* SP 800-38D: 1 <= len(IV) <= 2^64 - 1 bits. */
    return noncelen >= 1 && (uint64_t)noncelen <= (UINT64_C(1) << 61) - 1;
}

int axiom_gcm_aead_tag_ok(size_t taglen)
{
    return (taglen >= 12 && taglen <= 16) || taglen == 8 || taglen == 4;
}

void axiom_gcm_aead_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    axiom_gcm_setkey_with(state, axiom_gcm_of(k), key, keylen);
}

/* The full 16-byte tag whatever @taglen: shorter tags are its prefixes. */
_Static_assert(AXIOM_AEAD_MAXTAG >= 16, "GCM tag buffer size");

/* A whole message: the phases in order, with the tier bound at setkey. */
GCM_ALWAYS_INLINE void gcm_run(const void *state, int encrypt, uint8_t *out,
                               uint8_t tag[AXIOM_AEAD_MAXTAG], const uint8_t *nonce,
                               size_t noncelen, const uint8_t *ad, size_t adlen,
                               const uint8_t *in, size_t len, unsigned flags)
{
    const axiom_gcm_key *g = state;
    axiom_gcm_msg m;
    gcm_start(g, &m, nonce, noncelen);
    m.flags |= flags;
    gcm_ad(g, &m, ad, adlen);
    gcm_last(g, &m, encrypt, out, in, len, tag);
}

/* One branch on @enc, then each direction's phases with the direction a
 * constant (gcm_run is inlined twice). */
void axiom_gcm_aead_message(const void *state, int enc, uint8_t *out, uint8_t *tag,
                            size_t taglen, const uint8_t *nonce, size_t noncelen,
                            const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)
{
    (void)taglen;
    if (enc)
        gcm_run(state, 1, out, tag, nonce, noncelen, ad, adlen, in, len, 0);
    else
        gcm_run(state, 0, out, tag, nonce, noncelen, ad, adlen, in, len, 0);
}

void axiom_gcm_message_flags(const axiom_gcm_key *g, int enc, uint8_t *out, uint8_t *tag,
                             const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                             size_t adlen, const uint8_t *in, size_t len, unsigned flags)
{
    if (enc)
        gcm_run(g, 1, out, tag, nonce, noncelen, ad, adlen, in, len, flags);
    else
        gcm_run(g, 0, out, tag, nonce, noncelen, ad, adlen, in, len, flags);
}

#define GCM_ALG(bits)                                                         \
    const axiom_aead_alg axiom_aead_aes##bits##_gcm = {                       \
        .name = "aes-" #bits "-gcm",                                          \
        .keylen = (bits) / 8,                                                 \
        .state_size = AXIOM_GCM_STATE_SIZE,                                   \
        .nonce_ok = axiom_gcm_aead_nonce_ok,                                  \
        .tag_ok = axiom_gcm_aead_tag_ok,                                      \
        .max_len = AXIOM_GCM_MAX_LEN,                                         \
        .max_adlen = AXIOM_GCM_MAX_ADLEN,                                     \
        .setkey = axiom_gcm_aead_setkey,                                      \
        .kernels = axiom_gcm_kernels,                                         \
        .message = axiom_gcm_aead_message,                                    \
        .seal_tag16_exact = 1,                                                \
        .open_tag_unread = 1,                                                 \
    };

GCM_ALG(128)
GCM_ALG(192)
GCM_ALG(256)
