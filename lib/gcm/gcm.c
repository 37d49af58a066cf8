/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AES-GCM (NIST SP 800-38D): the aes-128/192/256-gcm AEAD algorithms and
 * the glue (J0, AD, tails, length block, tag) around the kernels of
 * lib/gcm/ghash.h. */

/*
 * A tier with a one-shot hook (k->msg) gets one-shot messages with 96-bit
 * nonces whole, start to tag: on short messages the per-call glue below
 * would cost more than the data.  A tier without a stitched loop gets
 * one-shot messages of up to 15 blocks with 96-bit nonces as one staged
 * CTR call (gcm_run_short).  Otherwise the kernels only see whole blocks:
 * the stitched CTR+GHASH loops (or, for tiers without one, the block
 * cipher's CTR over chunks followed by GHASH, or its ECB over staged
 * counter blocks when the counters are secret) get every whole block of
 * the message in one call.  This file does everything else: it derives J0
 * (the fast path for 96-bit nonces, GHASH of the padded nonce and its bit
 * length otherwise), hashes the AD, handles the final partial block and
 * the length block, and masks the tag with E_K(J0).
 *
 * Counters: GCM increments only the last 32 bits of the counter block
 * (inc32), wrapping modulo 2^32 without touching the other 96 bits.  With a
 * 96-bit nonce the counter starts at 2 and the longest message (2^32 - 2
 * blocks) never wraps; with any other nonce J0 is a hash and may sit just
 * below the wrap, so every counter loop here and in the kernels adds in a
 * 32-bit lane.
 */
#include "config.h"

#include <string.h>

#include "core/aead.h"
#include "core/bc_modes.h"
#include "gcm/ghash.h"
#include "core/internal.h"
#include "gcm/gcm.h"

/* Blocks staged per AES call when a tier has no stitched loop. */
#define GCM_BATCH AXIOM_GCM_BATCH_BLOCKS
/* Blocks per call of the block cipher's CTR when a tier has no stitched
 * loop and the counters are public: 4 KiB of output, still in L1 when
 * GHASH reads it (and far below the SM4 kernels' streaming-store
 * threshold, lib/sm4/sm4.h). */
#define GCM_CHUNK AXIOM_GCM_CHUNK_BLOCKS

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

/* GHASH of @len bytes, the last partial block padded with zeros. */
static void ghash_padded(const axiom_gcm_key *g, uint8_t y[16], const uint8_t *p, size_t len)
{
    const size_t full = len / 16, rest = len % 16;
    if (full)
        g->k->ghash->update(&g->hk, y, p, full);
    if (rest) {
        uint8_t b[16] = { 0 };
        memcpy(b, p + 16 * full, rest);
        g->k->ghash->update(&g->hk, y, b, 1);
        axiom_wipe(b, sizeof b);
    }
}

void axiom_gcm_start(const axiom_gcm_key *g, axiom_gcm_msg *m,
                     const uint8_t *nonce, size_t noncelen)
{
    uint8_t j0[16];
    memset(m, 0, sizeof *m);
    if (noncelen == 12) {
        memcpy(j0, nonce, 12);
        axiom_store32_be(j0 + 12, 1);
        m->pub_ctr = 1;
    } else {
        /* J0 = GHASH(IV || 0^(s+64) || [len(IV)]_64); the zero padding of
         * the IV and the 64 zero bits before the length make the last block
         * exactly 0^64 || length. */
        uint8_t lb[16] = { 0 };
        memset(j0, 0, 16);
        ghash_padded(g, j0, nonce, noncelen);
        axiom_store64_be(lb + 8, (uint64_t)noncelen * 8);
        g->k->ghash->update(&g->hk, j0, lb, 1);
    }
    memcpy(m->ctr, j0, 16);
    g->k->aes->ecb_enc(&g->ks, m->ek0, j0, 1);
    axiom_store32_be(m->ctr + 12, axiom_load32_be(j0 + 12) + 1);
    axiom_wipe(j0, sizeof j0);
}

/* E_K(ctr) into @ks_out for @n blocks, advancing ctr by inc32.  The
 * counter is secret when J0 was hashed from a nonce; the empty asm keeps
 * GCC from turning the loop into "until c == c0 + n", a (harmless) exit
 * test on it that memcheck reports. */
static void ctr_blocks(const axiom_gcm_key *g, uint8_t *ks_out, size_t n, uint8_t ctr[16])
{
    uint32_t c = axiom_load32_be(ctr + 12);
    for (size_t i = 0; i < n; i++) {
        memcpy(ks_out + 16 * i, ctr, 12);
        axiom_store32_be(ks_out + 16 * i + 12, c++);
#if defined(__GNUC__)
        __asm__("" : "+r"(c));
#endif
    }
    axiom_store32_be(ctr + 12, c);
    g->k->aes->ecb_enc(&g->ks, ks_out, ks_out, n);
}

void axiom_gcm_keystream(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t ks[16])
{
    ctr_blocks(g, ks, 1, m->ctr);
}

/* Whole blocks without a stitched loop, public counters: the block
 * cipher's own CTR (counters built in its registers, keystream XOR fused)
 * over chunks, then GHASH over each chunk while it is in L1.  The kernel
 * adds to the whole 128-bit counter block; a chunk stops where the low
 * 32 bits would wrap, so that the sum is inc32's (with a 96-bit nonce,
 * never within a message's 2^32 - 2 blocks), and the counter handed back
 * is rebuilt here.  The kernels may branch on the counter value (the
 * AES CTR kernels do, for their fast paths), so this is only for counters
 * made from a 96-bit nonce, which the caller sends in the clear; those
 * made from any other nonce hash it under H and stay on the staged path
 * below. */
static void blocks_ctr(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                       const uint8_t *in, size_t n)
{
    const axiom_gcm_kernel *k = g->k;
    while (n > 0) {
        const uint32_t lo = axiom_load32_be(m->ctr + 12);
        const uint64_t to_wrap = (UINT64_C(1) << 32) - lo;
        size_t b = n < GCM_CHUNK ? n : GCM_CHUNK;
        if (b > to_wrap)
            b = (size_t)to_wrap;
        uint8_t c[16];
        memcpy(c, m->ctr, 16);
        if (!encrypt)
            k->ghash->update(&g->hk, m->y, in, b); /* before an in-place decryption */
        k->aes->ctr(&g->ks, out, in, b, c);
        if (encrypt)
            k->ghash->update(&g->hk, m->y, out, b);
        axiom_store32_be(m->ctr + 12, lo + (uint32_t)b);
        in += 16 * b;
        out += 16 * b;
        n -= b;
    }
}

/* Whole blocks: the tier's stitched loop, or CTR then GHASH in batches
 * (GHASH reads the ciphertext: after the XOR when encrypting, before it
 * when decrypting, which keeps out == in correct). */
/* Fewer blocks than this skip the stitched loop: its set-up (round keys
 * broadcast into vector registers, and wiped) costs more than CTR and
 * GHASH on the tier's block and GHASH kernels for a few blocks. */
#define GCM_FUSED_MIN 8

void axiom_gcm_blocks(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt,
                      uint8_t *out, const uint8_t *in, size_t n)
{
    const axiom_gcm_kernel *k = g->k;
    axiom_gcm_crypt_fn fused = encrypt ? k->enc : k->dec;
    if (n == 0)
        return;
    if (fused && (n >= GCM_FUSED_MIN || !m->pub_ctr || !k->aes->ctr)) {
        fused(&g->ks, &g->hk, out, in, n, m->ctr, m->y);
        return;
    }
    if (m->pub_ctr && k->aes->ctr) {
        blocks_ctr(g, m, encrypt, out, in, n);
        return;
    }
    uint8_t buf[GCM_BATCH * 16];
    while (n > 0) {
        const size_t b = n < GCM_BATCH ? n : GCM_BATCH;
        ctr_blocks(g, buf, b, m->ctr);
        if (!encrypt)
            k->ghash->update(&g->hk, m->y, in, b);
        for (size_t i = 0; i < b; i++)
            axiom_xor16(out + 16 * i, in + 16 * i, buf + 16 * i);
        if (encrypt)
            k->ghash->update(&g->hk, m->y, out, b);
        in += 16 * b;
        out += 16 * b;
        n -= b;
    }
    axiom_wipe(buf, sizeof buf);
}

/* The AD, all at once (one-shot path). */
static void gcm_ad(const axiom_gcm_key *g, axiom_gcm_msg *m, const uint8_t *ad, size_t adlen)
{
    ghash_padded(g, m->y, ad, adlen);
    m->adlen = adlen;
}

/* Whole message in one go: blocks, then the last partial block. */
static void gcm_crypt(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt,
                      uint8_t *out, const uint8_t *in, size_t len)
{
    const size_t full = len / 16, rest = len % 16;
    axiom_gcm_blocks(g, m, encrypt, out, in, full);
    if (rest) {
        uint8_t ks[16], c[16] = { 0 };
        in += 16 * full;
        out += 16 * full;
        ctr_blocks(g, ks, 1, m->ctr);
        if (encrypt) {
            for (size_t i = 0; i < rest; i++)
                c[i] = out[i] = (uint8_t)(in[i] ^ ks[i]);
        } else {
            for (size_t i = 0; i < rest; i++) {
                c[i] = in[i];
                out[i] = (uint8_t)(in[i] ^ ks[i]);
            }
        }
        g->k->ghash->update(&g->hk, m->y, c, 1);
        axiom_wipe(ks, sizeof ks);
        axiom_wipe(c, sizeof c);
    }
    m->len = len;
}

void axiom_gcm_tag(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t tag[16])
{
    uint8_t lb[16];
    axiom_store64_be(lb, m->adlen * 8);
    axiom_store64_be(lb + 8, m->len * 8);
    g->k->ghash->update(&g->hk, m->y, lb, 1);
    axiom_xor16(tag, m->y, m->ek0);
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

static void gcm_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    axiom_gcm_setkey_with(state, axiom_gcm_of(k), key, keylen);
}

/* Blocks staged for one call of the block cipher's CTR: one kernel step of
 * the widest kernels. */
#define GCM_STAGE AXIOM_GCM_STAGE_BLOCKS

/* J0 and @bytes (at most 15 blocks) of text through the block cipher's CTR
 * from the public counter J0 = @ctr, via a stack copy, so that E_K(J0)
 * (into @ek0), the whole blocks and a partial last block come from one
 * parallel call instead of three, two of them one-block calls that run at
 * the cipher's latency. */
static void ctr_staged_j0(const axiom_gcm_key *g, const uint8_t ctr[16], uint8_t *out,
                          const uint8_t *in, size_t bytes, uint8_t ek0[16])
{
    uint8_t buf[16 * GCM_STAGE], c[16];
    const size_t nb = 1 + (bytes + 15) / 16;
    memset(buf, 0, 16 * nb);
    if (bytes) /* in and out may be NULL for an empty message */
        memcpy(buf + 16, in, bytes);
    memcpy(c, ctr, 16);
    g->k->aes->ctr(&g->ks, buf, buf, nb, c);
    memcpy(ek0, buf, 16);
    if (bytes)
        memcpy(out, buf + 16, bytes);
    axiom_wipe(buf, sizeof buf);
}

/* A one-shot message of at most 15 blocks with a 96-bit nonce, on a tier
 * without a stitched loop (the SM4-GCM tiers; AES: aesni+generic-ct,
 * generic-ct+pclmul, generic-ct): J0 and the text, the last partial block
 * included, in one staged CTR call (the counters are public: J0 = nonce ||
 * 1).  GHASH reads the ciphertext: the output when sealing, the input
 * (before an in-place decryption) when opening.  Longer messages take the
 * usual path, E_K(J0) on its own: when this was measured, J0 staged with
 * the first 15 blocks of a 1 KiB SM4 message was slower (the SIMD SM4
 * kernels then ran the 49 blocks left as 3 sets and a partial one, one
 * after the other); since they run such remainders in one pass the
 * kernel timings put the two within ~6 % at 1 KiB (not re-measured). */
static void gcm_run_short(const axiom_gcm_key *g, int encrypt, uint8_t *out, uint8_t tag[16],
                          const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                          const uint8_t *in, size_t len)
{
    axiom_gcm_msg m;
    memset(&m, 0, sizeof m);
    memcpy(m.ctr, nonce, 12);
    axiom_store32_be(m.ctr + 12, 1);
    gcm_ad(g, &m, ad, adlen);
    if (!encrypt)
        ghash_padded(g, m.y, in, len);
    ctr_staged_j0(g, m.ctr, out, in, len, m.ek0);
    if (encrypt)
        ghash_padded(g, m.y, out, len);
    m.len = len;
    axiom_gcm_tag(g, &m, tag);
    axiom_wipe(&m, sizeof m);
}

/* Whole message with the tier bound at setkey: its one-shot hook, the
 * short path above, or the block cipher (k->aes, SM4's for sm4-gcm) and
 * GHASH (k->ghash) through the glue above. */
static void gcm_run(const void *state, int encrypt, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                    const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                    const uint8_t *in, size_t len)
{
    const axiom_gcm_key *g = state;
    if (noncelen == 12 && g->k->msg) {
        g->k->msg(&g->ks, &g->hk, encrypt, out, tag, nonce, ad, adlen, in, len);
        return;
    }
    if (noncelen == 12 && !g->k->enc && g->k->aes->ctr && len <= 16 * (GCM_STAGE - 1)) {
        gcm_run_short(g, encrypt, out, tag, nonce, ad, adlen, in, len);
        return;
    }
    axiom_gcm_msg m;
    axiom_gcm_start(g, &m, nonce, noncelen);
    gcm_ad(g, &m, ad, adlen);
    gcm_crypt(g, &m, encrypt, out, in, len);
    axiom_gcm_tag(g, &m, tag);
    axiom_wipe(&m, sizeof m);
}

/* lib/gcm/gcm.h declares the tag as uint8_t[16]. */
_Static_assert(AXIOM_AEAD_MAXTAG == 16, "GCM tag buffer size");

void axiom_gcm_aead_seal(const void *state, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                    const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                    const uint8_t *in, size_t len)
{
    gcm_run(state, 1, out, tag, nonce, noncelen, ad, adlen, in, len);
}

void axiom_gcm_aead_open(const void *state, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                    const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                    const uint8_t *in, size_t len)
{
    gcm_run(state, 0, out, tag, nonce, noncelen, ad, adlen, in, len);
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
        .setkey = gcm_setkey,                                                 \
        .kernels = axiom_gcm_kernels,                                         \
        .seal = axiom_gcm_aead_seal,                                          \
        .open = axiom_gcm_aead_open,                                          \
    };

GCM_ALG(128)
GCM_ALG(192)
GCM_ALG(256)

