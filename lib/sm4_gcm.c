/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SM4-GCM (RFC 8998; NIST SP 800-38D with SM4 as the block cipher): the
 * sm4-gcm AEAD algorithm, built on the GCM machinery of lib/gcm.c. */

/*
 * lib/gcm.c's tiers pair a block-cipher kernel with a GHASH kernel; nothing
 * in its J0, counter (inc32), AD, tail and tag code is specific to AES, so
 * the SM4 tiers below are ordinary axiom_gcm_kernel values whose block
 * kernel is an SM4 one.  None has a stitched loop yet: lib/gcm.c stages 32
 * counter blocks at a time through the SM4 kernel's ECB, then GHASHes them.
 * The one-shot flow (AD, partial last block) repeats lib/gcm.c's static
 * helpers on top of its exported functions (lib/gcm.h).
 *
 * A tier is constant time only if both its parts are; the masked SM4
 * kernel is not (lib/sm4.c).
 */
#include "config.h"

#include <string.h>

#include "aead.h"
#include "bc_modes.h"
#include "gcm.h"
#include "ghash.h"
#include "internal.h"
#include "sm4.h"

#define SM4_GCM_TIER(var, nm, feat, ct, bc, gh)                               \
    static const axiom_gcm_kernel var = {                                     \
        .name = nm,                                                           \
        .features = (feat),                                                   \
        .constant_time = (ct),                                                \
        .aes = (bc),                                                          \
        .ghash = (gh),                                                        \
    };

#define SM4G_PCLMUL (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3)

#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni512_pclmul, "gfni-avx512+pclmul",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX512 | SM4G_PCLMUL, 1, &axiom_sm4_gfni_avx512,
             &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni2_pclmul, "gfni-avx2+pclmul",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | SM4G_PCLMUL, 1, &axiom_sm4_gfni_avx2,
             &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AVX2)
SM4_GCM_TIER(sm4_gcm_vaes2_pclmul, "vaes-avx2+pclmul",
             AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | SM4G_PCLMUL, 1,
             &axiom_sm4_vaes_avx2, &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_AVX2)
SM4_GCM_TIER(sm4_gcm_aesni2_pclmul, "aesni-avx2+pclmul",
             AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | SM4G_PCLMUL, 1, &axiom_sm4_aesni_avx2,
             &axiom_ghash_pclmul)
#endif
#ifdef HAVE_ISA_GFNI
SM4_GCM_TIER(sm4_gcm_gfni512_ct, "gfni-avx512+generic-ct", AXIOM_CPU_GFNI | AXIOM_CPU_AVX512, 1,
             &axiom_sm4_gfni_avx512, &axiom_ghash_generic_ct)
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2)
SM4_GCM_TIER(sm4_gcm_gfni2_ct, "gfni-avx2+generic-ct", AXIOM_CPU_GFNI | AXIOM_CPU_AVX2, 1,
             &axiom_sm4_gfni_avx2, &axiom_ghash_generic_ct)
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AVX2)
SM4_GCM_TIER(sm4_gcm_vaes2_ct, "vaes-avx2+generic-ct",
             AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2, 1, &axiom_sm4_vaes_avx2,
             &axiom_ghash_generic_ct)
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_AVX2)
SM4_GCM_TIER(sm4_gcm_aesni2_ct, "aesni-avx2+generic-ct", AXIOM_CPU_AESNI | AXIOM_CPU_AVX2, 1,
             &axiom_sm4_aesni_avx2, &axiom_ghash_generic_ct)
#endif
#ifdef HAVE_ISA_AESNI
SM4_GCM_TIER(sm4_gcm_masked_pclmul, "generic-masked+pclmul", SM4G_PCLMUL, 0, &axiom_sm4_masked,
             &axiom_ghash_pclmul)
#endif
SM4_GCM_TIER(sm4_gcm_masked_ct, "generic-masked+generic-ct", 0, 0, &axiom_sm4_masked,
             &axiom_ghash_generic_ct)

/* Best first; the portable tier last, always present. */
const axiom_gcm_kernel *const axiom_sm4_gcm_kernels[] = {
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni512_pclmul,
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni2_pclmul,
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AVX2)
    &sm4_gcm_vaes2_pclmul,
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_AVX2)
    &sm4_gcm_aesni2_pclmul,
#endif
#ifdef HAVE_ISA_GFNI
    &sm4_gcm_gfni512_ct,
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2)
    &sm4_gcm_gfni2_ct,
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AVX2)
    &sm4_gcm_vaes2_ct,
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_AVX2)
    &sm4_gcm_aesni2_ct,
#endif
#ifdef HAVE_ISA_AESNI
    &sm4_gcm_masked_pclmul,
#endif
    &sm4_gcm_masked_ct,
    NULL
};

/* The first usable tier; NULL only when AXIOM_CT_ONLY rules out every one
 * (no constant-time SM4 kernel on this CPU). */
static const axiom_gcm_kernel *sm4_gcm_pick(void)
{
    const uint64_t have = axiom_cpu_features();
    for (const axiom_gcm_kernel *const *k = axiom_sm4_gcm_kernels; *k; k++)
        if (axiom_kernel_usable(have, (*k)->features, (*k)->constant_time))
            return *k;
    return NULL;
}

static void sm4_gcm_setkey(void *state, const uint8_t *key, size_t keylen)
{
    const axiom_gcm_kernel *k = sm4_gcm_pick();
    /* setkey cannot fail: with every tier ruled out by AXIOM_CT_ONLY the
     * portable one is used anyway (axiom_impl("sm4-gcm") reports NULL so
     * that callers can see it; see the report to the lead). */
    axiom_gcm_setkey_with(state, k ? k : &sm4_gcm_masked_ct, key, keylen);
}

static const char *sm4_gcm_impl(void)
{
    const axiom_gcm_kernel *k = sm4_gcm_pick();
    return k ? k->name : NULL;
}

/* GHASH of @len bytes, the last partial block padded with zeros. */
static void sm4_gcm_hash_padded(const axiom_gcm_key *g, uint8_t y[16], const uint8_t *p,
                                size_t len)
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

static void sm4_gcm_run(const void *state, int encrypt, uint8_t *out,
                        uint8_t tag[AXIOM_AEAD_MAXTAG], const uint8_t *nonce, size_t noncelen,
                        const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len)
{
    const axiom_gcm_key *g = state;
    axiom_gcm_msg m;
    const size_t full = len / 16, rest = len % 16;
    axiom_gcm_start(g, &m, nonce, noncelen);
    sm4_gcm_hash_padded(g, m.y, ad, adlen);
    m.adlen = adlen;
    axiom_gcm_blocks(g, &m, encrypt, out, in, full);
    if (rest) {
        uint8_t ks[16], c[16] = { 0 };
        in += 16 * full;
        out += 16 * full;
        axiom_gcm_keystream(g, &m, ks);
        for (size_t i = 0; i < rest; i++) {
            uint8_t x = in[i], y = (uint8_t)(x ^ ks[i]);
            c[i] = encrypt ? y : x;
            out[i] = y;
        }
        g->k->ghash->update(&g->hk, m.y, c, 1);
        axiom_wipe(ks, sizeof ks);
        axiom_wipe(c, sizeof c);
    }
    m.len = len;
    axiom_gcm_tag(g, &m, tag);
    axiom_wipe(&m, sizeof m);
}

static void sm4_gcm_seal(const void *state, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                         const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                         const uint8_t *in, size_t len)
{
    sm4_gcm_run(state, 1, out, tag, nonce, noncelen, ad, adlen, in, len);
}

static void sm4_gcm_open(const void *state, uint8_t *out, uint8_t tag[AXIOM_AEAD_MAXTAG],
                         const uint8_t *nonce, size_t noncelen, const uint8_t *ad, size_t adlen,
                         const uint8_t *in, size_t len)
{
    sm4_gcm_run(state, 0, out, tag, nonce, noncelen, ad, adlen, in, len);
}

/* SP 800-38D limits, as for AES-GCM. */
static int sm4_gcm_nonce_ok(size_t noncelen)
{
    return noncelen >= 1 && (uint64_t)noncelen <= (UINT64_C(1) << 61) - 1;
}

static int sm4_gcm_tag_ok(size_t taglen)
{
    return (taglen >= 12 && taglen <= 16) || taglen == 8 || taglen == 4;
}

const axiom_aead_alg axiom_aead_sm4_gcm = {
    .name = "sm4-gcm",
    .keylen = 16,
    .state_size = (sizeof(axiom_gcm_key) + 63) & ~(size_t)63,
    .nonce_ok = sm4_gcm_nonce_ok,
    .tag_ok = sm4_gcm_tag_ok,
    .max_len = AXIOM_GCM_MAX_LEN,
    .max_adlen = AXIOM_GCM_MAX_ADLEN,
    .setkey = sm4_gcm_setkey,
    .impl = sm4_gcm_impl,
    .seal = sm4_gcm_seal,
    .open = sm4_gcm_open,
};
