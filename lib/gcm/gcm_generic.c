/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The portable GCM text phase (lib/gcm/ghash.h): a tier's block-cipher
 * kernel for the counter blocks and its GHASH kernel for the ciphertext,
 * for the tiers without a stitched loop (the portable AES tiers and every
 * SM4-GCM tier). */

/*
 * Three ways through, by the number of counter blocks a call needs (the
 * text's, and J0's and the pad's when asked for):
 *
 *   staged   at most AXIOM_GCM_STAGE_BLOCKS: all of them in one call of
 *            the block cipher through a stack buffer, since a slow block
 *            cipher (SM4) pays its latency per call, not per block;
 *   chunked  public counters (96-bit nonce): the block cipher's own CTR
 *            (counter blocks made in its registers, keystream XOR fused)
 *            over AXIOM_GCM_CHUNK_BLOCKS at a time, 4 KiB still in L1 when
 *            GHASH reads it, J0 and the pad in one more ECB call;
 *   batched  secret counters: counter blocks built here, AXIOM_GCM_BATCH_
 *            BLOCKS at a time, through the block cipher's ECB.
 *
 * The block ciphers' CTR loops may branch on the counter value (it is
 * public in CTR mode), so they only see counters made from a 96-bit nonce,
 * which the caller sends in the clear.  They add to the whole 128-bit
 * counter block; a chunk stops where the low 32 bits would wrap so that
 * the sum is inc32's (with a 96-bit nonce, never within a message).
 *
 * GHASH reads the ciphertext: the output after the XOR when encrypting,
 * the input before it when decrypting, which keeps out == in correct.
 */
#include "config.h"

#include <string.h>

#include "core/bc_modes.h"
#include "core/internal.h"
#include "gcm/ghash.h"

/* Counter blocks c, inc32(c), ... into @blk (@n of them); returns the
 * low 32 bits after them.  The counter is secret when J0 was hashed from
 * a nonce; the empty asm keeps GCC from turning the loop into "until
 * lo == lo0 + n", a (harmless) exit test on it that memcheck reports. */
static uint32_t ctr_fill(uint8_t *blk, size_t n, const uint8_t c[16])
{
    uint32_t lo = axiom_load32_be(c + 12);
    for (size_t i = 0; i < n; i++) {
        memcpy(blk + 16 * i, c, 12);
        axiom_store32_be(blk + 16 * i + 12, lo++);
#if defined(__GNUC__)
        __asm__("" : "+r"(lo));
#endif
    }
    return lo;
}

static void advance(axiom_gcm_msg *m, size_t n)
{
    axiom_store32_be(m->ctr + 12, axiom_load32_be(m->ctr + 12) + (uint32_t)n);
}

/* Every counter block of the call in one block-cipher call: [J0], the
 * text's, [the pad's].  With WANT_EK0 this is the message's first text
 * call, so J0 and the text's counters are consecutive. */
static void staged(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                   const uint8_t *in, size_t n, unsigned want)
{
    const axiom_gcm_kernel *k = g->k;
    uint8_t buf[16 * AXIOM_GCM_STAGE_BLOCKS];
    const size_t f = want & AXIOM_GCM_WANT_EK0 ? 1 : 0;
    const size_t nb = f + n + (want & AXIOM_GCM_WANT_PAD ? 1 : 0);
    uint8_t *text = buf + 16 * f;
    const uint32_t lo = axiom_load32_be((f ? m->j0 : m->ctr) + 12);
    /* The block cipher's CTR adds to the whole block: not across the
     * 2^32 wrap (which a 96-bit nonce never reaches). */
    if ((m->flags & AXIOM_GCM_F_PUBCTR) && k->aes->ctr && (uint32_t)(lo + nb - 1) >= lo) {
        uint8_t c[16];
        memcpy(c, f ? m->j0 : m->ctr, 16);
        memset(buf, 0, 16 * nb);
        if (n) /* in may be NULL */
            memcpy(text, in, 16 * n);
        k->aes->ctr(&g->ks, buf, buf, nb, c);
    } else {
        ctr_fill(buf, nb, f ? m->j0 : m->ctr);
        k->aes->ecb_enc(&g->ks, buf, buf, nb);
        for (size_t i = 0; i < n; i++)
            axiom_xor16(text + 16 * i, text + 16 * i, in + 16 * i);
    }
    if (n) {
        k->ghash->update(&g->hk, m->y, encrypt ? text : in, n);
        memcpy(out, text, 16 * n);
    }
    if (f)
        memcpy(m->ek0, buf, 16);
    if (want & AXIOM_GCM_WANT_PAD)
        memcpy(m->pad, text + 16 * n, 16);
    advance(m, nb - f);
    axiom_wipe(buf, sizeof buf);
}

/* Whole blocks, public counters: the block cipher's CTR over chunks. */
static void chunked(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                    const uint8_t *in, size_t n)
{
    const axiom_gcm_kernel *k = g->k;
    while (n > 0) {
        const uint32_t lo = axiom_load32_be(m->ctr + 12);
        const uint64_t to_wrap = (UINT64_C(1) << 32) - lo;
        size_t b = n < AXIOM_GCM_CHUNK_BLOCKS ? n : AXIOM_GCM_CHUNK_BLOCKS;
        if (b > to_wrap)
            b = (size_t)to_wrap;
        uint8_t c[16];
        memcpy(c, m->ctr, 16);
        if (!encrypt)
            k->ghash->update(&g->hk, m->y, in, b);
        k->aes->ctr(&g->ks, out, in, b, c);
        if (encrypt)
            k->ghash->update(&g->hk, m->y, out, b);
        advance(m, b);
        in += 16 * b;
        out += 16 * b;
        n -= b;
    }
}

/* Whole blocks, secret counters: ECB over counter blocks built here. */
static void batched(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                    const uint8_t *in, size_t n)
{
    const axiom_gcm_kernel *k = g->k;
    uint8_t buf[16 * AXIOM_GCM_BATCH_BLOCKS];
    while (n > 0) {
        const size_t b = n < AXIOM_GCM_BATCH_BLOCKS ? n : AXIOM_GCM_BATCH_BLOCKS;
        axiom_store32_be(m->ctr + 12, ctr_fill(buf, b, m->ctr));
        k->aes->ecb_enc(&g->ks, buf, buf, b);
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

static void generic_crypt(const axiom_gcm_key *g, axiom_gcm_msg *m, int encrypt, uint8_t *out,
                          const uint8_t *in, size_t n, unsigned want)
{
    const size_t extra = (want & AXIOM_GCM_WANT_EK0 ? 1 : 0) + (want & AXIOM_GCM_WANT_PAD ? 1 : 0);
    if (n + extra <= AXIOM_GCM_STAGE_BLOCKS) {
        staged(g, m, encrypt, out, in, n, want);
        return;
    }
    if ((m->flags & AXIOM_GCM_F_PUBCTR) && g->k->aes->ctr)
        chunked(g, m, encrypt, out, in, n);
    else
        batched(g, m, encrypt, out, in, n);
    if (extra) {
        /* J0 and the pad's counter, one ECB call. */
        uint8_t b[32];
        size_t i = 0;
        if (want & AXIOM_GCM_WANT_EK0)
            memcpy(b + 16 * i++, m->j0, 16);
        if (want & AXIOM_GCM_WANT_PAD) {
            memcpy(b + 16 * i++, m->ctr, 16);
            advance(m, 1);
        }
        g->k->aes->ecb_enc(&g->ks, b, b, i);
        if (want & AXIOM_GCM_WANT_EK0)
            memcpy(m->ek0, b, 16);
        if (want & AXIOM_GCM_WANT_PAD)
            memcpy(m->pad, b + 16 * (i - 1), 16);
        AXIOM_WIPE_FIXED(b);
    }
}

/* The final phase: GHASH of m->fin, then the tag. */
static void final_tag(const axiom_gcm_key *g, axiom_gcm_msg *m)
{
    g->k->ghash->update(&g->hk, m->y, m->fin, m->nfin);
    axiom_xor16(m->tag, m->y, m->ek0);
}

void axiom_gcm_generic_enc(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                           const uint8_t *in, size_t nblocks, unsigned want)
{
    generic_crypt(g, m, 1, out, in, nblocks, want);
    if (want & AXIOM_GCM_WANT_TAG)
        final_tag(g, m);
}

void axiom_gcm_generic_dec(const axiom_gcm_key *g, axiom_gcm_msg *m, uint8_t *out,
                           const uint8_t *in, size_t nblocks, unsigned want)
{
    generic_crypt(g, m, 0, out, in, nblocks, want);
    if (want & AXIOM_GCM_WANT_TAG)
        final_tag(g, m);
}
