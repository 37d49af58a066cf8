/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SM4-GCM (RFC 8998; NIST SP 800-38D with SM4 as the block cipher): the
 * sm4-gcm AEAD algorithm, built on the GCM machinery of lib/gcm/gcm.c. */

/*
 * lib/gcm/gcm.c's tiers pair a block-cipher kernel with a GHASH kernel; nothing
 * in its J0, counter (inc32), AD, tail and tag code is specific to AES, so
 * the SM4 tiers below are ordinary axiom_gcm_kernel values whose block
 * kernel is an SM4 one.  None has a stitched loop yet: lib/gcm/gcm.c runs the
 * SM4 kernel's CTR over 4 KiB chunks and GHASHes each while it is in L1
 * (96-bit nonces; counters hashed from other nonces go through its ECB
 * over staged counter blocks).  The SIMD tiers pair with the widest GHASH
 * kernel the CPU has: VPCLMULQDQ on zmm or ymm, else PCLMULQDQ.
 * Seal and open are lib/gcm/gcm.c's (axiom_gcm_aead_seal, axiom_gcm_aead_open): the tier
 * bound at setkey brings the block cipher and the GHASH kernel.
 *
 * A tier is constant time only if both its parts are; the masked SM4
 * kernel is not (lib/sm4/sm4.c), and its tiers come after the portable
 * generic-ct ones, which every CPU can run: they are never picked, and stay
 * for the white-box tests.
 */
#include "config.h"

#include "api/aead.h"
#include "core/bc_modes.h"
#include "gcm/gcm.h"
#include "gcm/ghash.h"
#include "core/internal.h"
#include "sm4/sm4.h"

#define SM4_GCM_TIER(var, nm, feat, ct, bc, gh)                               \
    static const axiom_gcm_kernel var = {                                     \
        .name = nm,                                                           \
        .features = (feat),                                                   \
        .constant_time = (ct),                                                \
        .aes = (bc),                                                          \
        .ghash = (gh),                                                        \
    };

#define SM4G_PCLMUL (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3)

#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_VAES512) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni512_vpclmul, "gfni-avx512+vpclmul-avx512",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX512 | AXIOM_CPU_VPCLMUL | SM4G_PCLMUL, 1,
             &axiom_sm4_gfni_avx512, &axiom_ghash_vpclmul_avx512)
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni512_pclmul, "gfni-avx512+pclmul",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX512 | SM4G_PCLMUL, 1, &axiom_sm4_gfni_avx512,
             &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2) && defined(HAVE_ISA_VAES) && \
    defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni2_vpclmul, "gfni-avx2+vpclmul-avx2",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VPCLMUL | SM4G_PCLMUL, 1,
             &axiom_sm4_gfni_avx2, &axiom_ghash_vpclmul_avx2)
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni2_pclmul, "gfni-avx2+pclmul",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | SM4G_PCLMUL, 1, &axiom_sm4_gfni_avx2,
             &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AVX2)
SM4_GCM_TIER(sm4_gcm_vaes2_vpclmul, "vaes-avx2+vpclmul-avx2",
             AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VPCLMUL | SM4G_PCLMUL, 1,
             &axiom_sm4_vaes_avx2, &axiom_ghash_vpclmul_avx2)
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
SM4_GCM_TIER(sm4_gcm_ct_pclmul, "generic-ct+pclmul", SM4G_PCLMUL, 1, &axiom_sm4_generic_ct,
             &axiom_ghash_pclmul)
#endif
SM4_GCM_TIER(sm4_gcm_ct_ct, "generic-ct+generic-ct", 0, 1, &axiom_sm4_generic_ct,
             &axiom_ghash_generic_ct)
#ifdef HAVE_ISA_AESNI
SM4_GCM_TIER(sm4_gcm_masked_pclmul, "generic-masked+pclmul", SM4G_PCLMUL, 0, &axiom_sm4_masked,
             &axiom_ghash_pclmul)
#endif
SM4_GCM_TIER(sm4_gcm_masked_ct, "generic-masked+generic-ct", 0, 0, &axiom_sm4_masked,
             &axiom_ghash_generic_ct)

/* Best first; the portable constant-time tier always present, the masked
 * ones after it. */
const axiom_gcm_kernel *const axiom_sm4_gcm_kernels[] = {
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_VAES512) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni512_vpclmul,
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni512_pclmul,
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2) && defined(HAVE_ISA_VAES) && \
    defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni2_vpclmul,
#endif
#if defined(HAVE_ISA_GFNI) && defined(HAVE_ISA_AVX2) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni2_pclmul,
#endif
#if defined(HAVE_ISA_AESNI) && defined(HAVE_ISA_VAES) && defined(HAVE_ISA_AVX2)
    &sm4_gcm_vaes2_vpclmul,
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
    &sm4_gcm_ct_pclmul,
#endif
    &sm4_gcm_ct_ct,
#ifdef HAVE_ISA_AESNI
    &sm4_gcm_masked_pclmul,
#endif
    &sm4_gcm_masked_ct,
    NULL
};

/* The first usable tier; never NULL, since the portable generic-ct tier
 * needs no CPU feature and is constant time. */
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
    /* The fallback is unreachable (see sm4_gcm_pick); setkey cannot fail. */
    axiom_gcm_setkey_with(state, k ? k : &sm4_gcm_ct_ct, key, keylen);
}

static const char *sm4_gcm_impl(void)
{
    const axiom_gcm_kernel *k = sm4_gcm_pick();
    return k ? k->name : NULL;
}

const axiom_aead_alg axiom_aead_sm4_gcm = {
    .name = "sm4-gcm",
    .keylen = 16,
    .state_size = AXIOM_GCM_STATE_SIZE,
    .nonce_ok = axiom_gcm_aead_nonce_ok, /* SP 800-38D limits, as for AES-GCM */
    .tag_ok = axiom_gcm_aead_tag_ok,
    .max_len = AXIOM_GCM_MAX_LEN,
    .max_adlen = AXIOM_GCM_MAX_ADLEN,
    .setkey = sm4_gcm_setkey,
    .impl = sm4_gcm_impl,
    .seal = axiom_gcm_aead_seal,
    .open = axiom_gcm_aead_open,
};
