/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM (c2sp.org/XAES-256-GCM): the xaes-256-gcm AEAD algorithm, a
 * per-message AES-256 key derived from the key and the first half of the
 * 24-byte nonce, then AES-256-GCM over the GCM tiers with the second half. */

/*
 * Key derivation (NIST SP 800-108r1 counter KDF with CMAC-AES-256, the
 * label 'X', the first 12 nonce bytes as context, a 16-bit counter, no L
 * field), as the specification unrolls it:
 *   L  = AES-256_K(0^128)                       } once per key (setkey)
 *   K1 = L << 1, XOR 0x87 into the last byte     } when the top bit of L is 1
 *   Kx = AES-256_K(M1 ^ K1) || AES-256_K(M2 ^ K1), where
 *   M1 = 00 01 58 00 || N[0:12], M2 = 00 02 58 00 || N[0:12]
 * then AES-256-GCM with the key Kx and the 12-byte nonce N[12:24].
 *
 * Per message, the work besides the GCM message itself is what depends on
 * Kx: the two KDF blocks (one ECB call with the schedule of K kept from
 * setkey), Kx's encryption schedule (GCM never decrypts with it), the
 * hash subkey H = AES-256_Kx(0^128) and the GHASH key.  The GHASH key of
 * the x86 tiers holds up to 32 powers of H, which a message of n blocks
 * never needs all of: xaes_derive (lib/gcm/xaes.h) computes only those the
 * message's longest reduction can use, on the tiers that have a fused
 * derivation; the others run the GHASH kernel's own init.
 *
 * Constant time: the derivation runs the tier's AES and GHASH code on
 * secret inputs, with branches on the lengths and the tier only, and the
 * top bit of L is folded in with a mask.  The derived key, its schedule,
 * H and its powers live in a stack frame that is wiped before return.
 */
#include "config.h"

#include <string.h>

#include "core/aead.h"
#include "core/internal.h"
#include "gcm/gcm.h"
#include "gcm/xaes.h"

/* The x86 tiers' fused parts: the tiers whose AES kernel keeps the AES-NI
 * schedule layout and whose GHASH key is the PCLMULQDQ kernel's (their
 * stitched loops read both), each with its bundle's compilation of
 * lib/gcm/x86_64/xaes_derive.h; the mixed and portable tiers compose their
 * kernels instead. */
typedef struct xaes_tier {
    const axiom_gcm_kernel *k;
    axiom_xaes_derive_fn derive;
    axiom_xaes_short_fn short_msg;
    axiom_xaes_wipe_fn wipe;
    /* The most powers the tier's text phase and final read for a message
     * without AD: a reduction there aggregates at most a stitched step
     * of blocks and the final's two (the text's partial block and the
     * length block; lib/gcm/x86_64/gcm_aesni.c, gcm_vaes_common.h,
     * gcm_x86.h), where AD may aggregate AXIOM_GHASH_MAXPOW blocks. */
    unsigned text_pow;
} xaes_tier;

static const xaes_tier *tier_of(const axiom_gcm_kernel *k)
{
    static const xaes_tier tiers[] = {
#ifdef HAVE_ISA_AESNI
        { &axiom_gcm_aesni, axiom_xaes_derive_aesni, axiom_xaes_short_aesni, NULL,
          AXIOM_GCM_AESNI_BLOCKS + 2 },
#ifdef HAVE_ISA_VAES_AVX2
        { &axiom_gcm_vaes_avx2, axiom_xaes_derive_vaes_avx2, axiom_xaes_short_vaes_avx2, NULL,
          AXIOM_GCM_VAES2_BLOCKS + 2 },
#endif
#ifdef HAVE_ISA_VAES_AVX512
        { &axiom_gcm_vaes_avx512, axiom_xaes_derive_vaes_avx512, axiom_xaes_short_vaes_avx512,
          axiom_xaes_wipe_vaes_avx512, AXIOM_GHASH_MAXPOW },
#endif
#endif
        { NULL, NULL, NULL, NULL, AXIOM_GHASH_MAXPOW },
    };
    const xaes_tier *t = tiers;
    while (t->k && t->k != k)
        t++;
    return t;
}

/* The algorithm's state: K's encryption schedule, K1 and the tier. */
typedef struct xaes_key {
    axiom_bc_ks kgk;
    _Alignas(16) uint8_t k1[16];
    const axiom_gcm_kernel *k;
    axiom_xaes_derive_fn derive; /* the tier's fused derivation, or NULL */
    axiom_xaes_wipe_fn wipe;     /* the tier's wipe of what derive wrote, or NULL */
    axiom_xaes_short_fn short_msg; /* the tier's one-call short message, or NULL */
    unsigned text_pow; /* xaes_tier's */
} xaes_key;

#define XAES_STATE_SIZE ((sizeof(xaes_key) + 63) & ~(size_t)63)

static void xaes_setkey(void *state, const axiom_kernel *k, const uint8_t *key, size_t keylen)
{
    xaes_key *x = state;
    uint8_t l[16] = { 0 };
    x->k = axiom_gcm_of(k);
    const xaes_tier *t = tier_of(x->k);
    x->derive = t->derive;
    x->wipe = t->wipe;
    x->short_msg = t->short_msg;
    x->text_pow = t->text_pow;
    x->k->aes->setkey_enc(&x->kgk, key, keylen);
    x->k->aes->ecb_enc(&x->kgk, l, l, 1);
    /* K1 = L << 1 (a 128-bit big-endian shift), reduced by 0x87 when the
     * bit shifted out is set: a mask, not a branch. */
    const uint8_t carry = (uint8_t)(0u - (l[0] >> 7));
    for (int i = 0; i < 15; i++)
        x->k1[i] = (uint8_t)(l[i] << 1 | l[i + 1] >> 7);
    x->k1[15] = (uint8_t)((l[15] << 1) ^ (carry & 0x87));
    AXIOM_WIPE_FIXED(l);
}

void axiom_xaes_kdf_blocks(uint8_t m[32], const uint8_t k1[16], const uint8_t nonce[12])
{
    static const uint8_t head[2][4] = { { 0x00, 0x01, 0x58, 0x00 }, { 0x00, 0x02, 0x58, 0x00 } };
    for (int b = 0; b < 2; b++) {
        memcpy(m + 16 * b, head[b], 4);
        memcpy(m + 16 * b + 4, nonce, 12);
        for (int i = 0; i < 16; i++)
            m[16 * b + i] ^= k1[i];
    }
}

unsigned axiom_xaes_powers(size_t adlen, size_t len)
{
    /* The most blocks one reduction can aggregate is the blocks of the
     * longest hashed run plus the final's two; no kernel aggregates more
     * than AXIOM_GHASH_MAXPOW. */
    const uint64_t blocks = ((uint64_t)adlen + 15) / 16 + ((uint64_t)len + 15) / 16 + 2;
    unsigned n = 1;
    while (n < blocks && n < AXIOM_GHASH_MAXPOW)
        n *= 2;
    return n;
}

/* The composed derivation: the tier's own parts, the whole GHASH key. */
static void derive_composed(const xaes_key *x, axiom_gcm_key *g, const uint8_t nonce[12])
{
    const axiom_bc_kernel *aes = x->k->aes;
    _Alignas(16) uint8_t m[32];
    uint8_t h[16] = { 0 };
    axiom_xaes_kdf_blocks(m, x->k1, nonce);
    aes->ecb_enc(&x->kgk, m, m, 2);
    g->k = x->k;
    aes->setkey_enc(&g->ks, m, 32);
    aes->ecb_enc(&g->ks, h, h, 1);
    x->k->ghash->init(&g->hk, h);
    AXIOM_WIPE_FIXED(m);
    AXIOM_WIPE_FIXED(h);
}

/* One message: derive, run AES-256-GCM with the second nonce half, wipe
 * what the derivation wrote.  The tag is always 16 bytes
 * (axiom_aead_tag16_ok), the nonce 24 (axiom_aead_nonce24_ok). */
static void xaes_message(const void *state, int enc, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                         size_t taglen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                         size_t adlen, const uint8_t *in, size_t len)
{
    const xaes_key *x = state;
    (void)taglen;
    (void)noncelen;
    if (x->short_msg && len <= 16 * AXIOM_XAES_SHORT_TEXT &&
        (adlen + 15) / 16 + (len + 15) / 16 + 1 <= AXIOM_XAES_SHORT_HASH) {
        x->short_msg(&x->kgk, x->k1, nonce, enc, out, tag, ad, adlen, in, len);
        return;
    }
    axiom_gcm_key g;
    unsigned npow = axiom_xaes_powers(adlen, len);
    if (!adlen && npow > x->text_pow)
        npow = x->text_pow; /* vaes-avx2 18 instead of 32: 35 carry-less products fewer */
    /* Without AD, a tier that can makes the powers of H in its text phase
     * alongside the first counter blocks (AXIOM_GCM_F_POWERS): the
     * derivation then ends at K_1. */
    const unsigned lazy = x->derive && x->k->make_powers && !adlen &&
                          len / 16 >= x->k->make_powers;
    /* A tier that can also expands the derived key in its text phase,
     * beside the first counter blocks' rounds (AXIOM_GCM_F_EXPAND): the
     * derivation then ends at the key. */
    const unsigned expand = lazy && x->k->expand;
    if (x->derive) {
        x->derive(&x->kgk, x->k1, nonce, &g, expand ? AXIOM_XAES_KDF_ONLY : lazy ? 0 : npow);
        g.k = x->k;
    } else {
        derive_composed(x, &g, nonce);
    }
    if (lazy)
        axiom_gcm_message_flags(&g, enc, out, tag, nonce + 12, 12, ad, adlen, in, len,
                                AXIOM_GCM_F_POWERS | (expand ? AXIOM_GCM_F_EXPAND : 0));
    else
        axiom_gcm_aead_message(&g, enc, out, tag, 16, nonce + 12, 12, ad, adlen, in, len);
    if (x->derive && x->wipe && npow > 8) {
        /* The tier's wide stores pay from 16 powers on; below, the
         * inlined 16-byte stores cost less than the call. */
        x->wipe(&g, npow);
    } else if (x->derive) {
        /* The fused derivation writes the 15 round keys and the power
         * slots, zeros above the npow powers: those 15 + npow blocks,
         * with inlined 16-byte stores.  (With the powers left to the text
         * phase, npow is the tier's text_pow: as many as it writes.) */
        axiom_zero16(g.ks.w, 15 * 16);
        axiom_zero16((uint8_t *)g.hk.w + 16 * (AXIOM_GHASH_MAXPOW - npow), 16 * (size_t)npow);
        __asm__ __volatile__("" : : "r"(&g) : "memory");
    } else {
        axiom_wipe(&g, sizeof g);
    }
}

const axiom_aead_alg axiom_aead_xaes256_gcm = {
    .name = "xaes-256-gcm",
    .keylen = 32,
    .state_size = XAES_STATE_SIZE,
    .nonce_ok = axiom_aead_nonce24_ok,
    .tag_ok = axiom_aead_tag16_ok,
    .max_len = AXIOM_GCM_MAX_LEN,
    .max_adlen = AXIOM_GCM_MAX_ADLEN,
    .kernels = axiom_gcm_kernels,
    .setkey = xaes_setkey,
    .message = xaes_message,
    /* As AES-256-GCM, whose message runs it (and the short path stores
     * the tag after every load): the tag is written once, whole, after
     * the input, the nonce and the AD are read.  A/B on Zen 4, seal of
     * 64 bytes 1.02-1.04x.  (Open never reads it either, but leaving the
     * caller's tag uncopied measured 1.5-2 % slower at 64 bytes on the
     * AVX2 tier, so open_tag_unread stays 0.) */
    .seal_tag16_exact = 1,
};

axiom_xaes_derive_fn axiom_xaes_derive_for(const axiom_gcm_kernel *k)
{
    return tier_of(k)->derive;
}

axiom_xaes_short_fn axiom_xaes_short_for(const axiom_gcm_kernel *k)
{
    return tier_of(k)->short_msg;
}
