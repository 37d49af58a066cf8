/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The GCM registry entry: the tiers of AES-GCM and SM4-GCM, best first.
 * A tier pairs a block-cipher kernel with a GHASH kernel and a text phase
 * (lib/gcm/ghash.h): a stitched CTR+GHASH loop, defined with its tier in
 * lib/gcm/x86_64/, or the portable one (lib/gcm/gcm_generic.c) for the
 * tiers defined here.  A tier is constant time only if every part is. */
#include "config.h"

#include "aes/aes.h"
#include "gcm/ghash.h"
#include "sm4/sm4.h"

/* The text phase of the tiers without a stitched loop. */
#define GCM_GENERIC_TEXT                                                       \
    .step = AXIOM_GCM_CHUNK_BLOCKS, .enc = axiom_gcm_generic_enc, .dec = axiom_gcm_generic_dec

/* ---- AES-GCM ------------------------------------------------------------ */

const axiom_gcm_kernel axiom_gcm_generic_ct = {
    .name = "generic-ct",
    .features = 0,
    .constant_time = 1,
    .desc = "bitsliced AES, portable GHASH",
    .aes = &axiom_aes_generic_ct,
    .ghash = &axiom_ghash_generic_ct,
    GCM_GENERIC_TEXT,
};

#ifdef HAVE_ISA_AESNI
/* For CPUs (or AXIOM_CPU_DISABLE masks) with only one of AES-NI and
 * PCLMULQDQ. */
const axiom_gcm_kernel axiom_gcm_aesni_ghash_ct = {
    .name = "aesni+generic-ct",
    .features = AXIOM_CPU_AESNI | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "AES-NI, portable GHASH",
    .aes = &axiom_aes_aesni,
    .ghash = &axiom_ghash_generic_ct,
    GCM_GENERIC_TEXT,
};

const axiom_gcm_kernel axiom_gcm_aes_ct_pclmul = {
    .name = "generic-ct+pclmul",
    .features = AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3,
    .constant_time = 1,
    .desc = "bitsliced AES, PCLMULQDQ GHASH",
    .aes = &axiom_aes_generic_ct,
    .ghash = &axiom_ghash_pclmul,
    GCM_GENERIC_TEXT,
};
#endif

/* The VAES tiers use the AES-NI key schedule, hence the double conditions. */
const axiom_kernel *const axiom_gcm_kernels[] = {
#if defined(HAVE_ISA_VAES_AVX512) && defined(HAVE_ISA_AESNI)
    &axiom_gcm_vaes_avx512.base,
#endif
#if defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
    &axiom_gcm_vaes_avx2.base,
#endif
#ifdef HAVE_ISA_AESNI
    &axiom_gcm_aesni.base,
    &axiom_gcm_aesni_ghash_ct.base,
    &axiom_gcm_aes_ct_pclmul.base,
#endif
    &axiom_gcm_generic_ct.base,
    NULL
};

/* ---- SM4-GCM ------------------------------------------------------------ */

/* None has a stitched loop: the portable text phase runs the SM4 kernel's
 * CTR over 4 KiB chunks and GHASHes each while it is in L1.  The SIMD
 * tiers pair with the widest GHASH kernel the CPU has. */
#define SM4_GCM_TIER(var, nm, feat, ct, bc, gh)                               \
    static const axiom_gcm_kernel var = {                                     \
        .name = nm,                                                           \
        .features = (feat),                                                   \
        .constant_time = (ct),                                                \
        .desc = "SM4 kernel and GHASH kernel, not stitched",                  \
        .aes = (bc),                                                          \
        .ghash = (gh),                                                        \
        GCM_GENERIC_TEXT,                                                     \
    };

#define SM4G_PCLMUL (AXIOM_CPU_PCLMUL | AXIOM_CPU_SSSE3)

#if defined(HAVE_ISA_AVX512_GFNI) && defined(HAVE_ISA_VAES_AVX512) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni512_vpclmul, "gfni-avx512+vpclmul-avx512",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | AXIOM_CPU_VPCLMUL | SM4G_PCLMUL,
             1, &axiom_sm4_gfni_avx512, &axiom_ghash_vpclmul_avx512)
#endif
#if defined(HAVE_ISA_AVX512_GFNI) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni512_pclmul, "gfni-avx512+pclmul",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512 | SM4G_PCLMUL, 1,
             &axiom_sm4_gfni_avx512, &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_AVX2_GFNI) && defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni2_vpclmul, "gfni-avx2+vpclmul-avx2",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VPCLMUL | SM4G_PCLMUL, 1,
             &axiom_sm4_gfni_avx2, &axiom_ghash_vpclmul_avx2)
#endif
#if defined(HAVE_ISA_AVX2_GFNI) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_gfni2_pclmul, "gfni-avx2+pclmul",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | SM4G_PCLMUL, 1, &axiom_sm4_gfni_avx2,
             &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_vaes2_vpclmul, "vaes-avx2+vpclmul-avx2",
             AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | AXIOM_CPU_VPCLMUL | SM4G_PCLMUL, 1,
             &axiom_sm4_vaes_avx2, &axiom_ghash_vpclmul_avx2)
#endif
#if defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_vaes2_pclmul, "vaes-avx2+pclmul",
             AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | SM4G_PCLMUL, 1,
             &axiom_sm4_vaes_avx2, &axiom_ghash_pclmul)
#endif
#if defined(HAVE_ISA_AVX2_AESNI) && defined(HAVE_ISA_AESNI)
SM4_GCM_TIER(sm4_gcm_aesni2_pclmul, "aesni-avx2+pclmul",
             AXIOM_CPU_AESNI | AXIOM_CPU_AVX2 | SM4G_PCLMUL, 1, &axiom_sm4_aesni_avx2,
             &axiom_ghash_pclmul)
#endif
#ifdef HAVE_ISA_AVX512_GFNI
SM4_GCM_TIER(sm4_gcm_gfni512_ct, "gfni-avx512+generic-ct",
             AXIOM_CPU_GFNI | AXIOM_CPU_AVX2 | AXIOM_CPU_AVX512, 1, &axiom_sm4_gfni_avx512,
             &axiom_ghash_generic_ct)
#endif
#if defined(HAVE_ISA_AVX2_GFNI)
SM4_GCM_TIER(sm4_gcm_gfni2_ct, "gfni-avx2+generic-ct", AXIOM_CPU_GFNI | AXIOM_CPU_AVX2, 1,
             &axiom_sm4_gfni_avx2, &axiom_ghash_generic_ct)
#endif
#if defined(HAVE_ISA_VAES_AVX2)
SM4_GCM_TIER(sm4_gcm_vaes2_ct, "vaes-avx2+generic-ct",
             AXIOM_CPU_VAES | AXIOM_CPU_AESNI | AXIOM_CPU_AVX2, 1, &axiom_sm4_vaes_avx2,
             &axiom_ghash_generic_ct)
#endif
#if defined(HAVE_ISA_AVX2_AESNI)
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

/* Best first; the portable tiers last, always present: the constant-time
 * ones, then the masked ones (never picked: for the white-box tests). */
const axiom_kernel *const axiom_sm4_gcm_kernels[] = {
#if defined(HAVE_ISA_AVX512_GFNI) && defined(HAVE_ISA_VAES_AVX512) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni512_vpclmul.base,
#endif
#if defined(HAVE_ISA_AVX512_GFNI) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni512_pclmul.base,
#endif
#if defined(HAVE_ISA_AVX2_GFNI) && defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni2_vpclmul.base,
#endif
#if defined(HAVE_ISA_AVX2_GFNI) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_gfni2_pclmul.base,
#endif
#if defined(HAVE_ISA_VAES_AVX2) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_vaes2_vpclmul.base,
    &sm4_gcm_vaes2_pclmul.base,
#endif
#if defined(HAVE_ISA_AVX2_AESNI) && defined(HAVE_ISA_AESNI)
    &sm4_gcm_aesni2_pclmul.base,
#endif
#ifdef HAVE_ISA_AVX512_GFNI
    &sm4_gcm_gfni512_ct.base,
#endif
#if defined(HAVE_ISA_AVX2_GFNI)
    &sm4_gcm_gfni2_ct.base,
#endif
#if defined(HAVE_ISA_VAES_AVX2)
    &sm4_gcm_vaes2_ct.base,
#endif
#if defined(HAVE_ISA_AVX2_AESNI)
    &sm4_gcm_aesni2_ct.base,
#endif
#ifdef HAVE_ISA_AESNI
    &sm4_gcm_ct_pclmul.base,
#endif
    &sm4_gcm_ct_ct.base,
#ifdef HAVE_ISA_AESNI
    &sm4_gcm_masked_pclmul.base,
#endif
    &sm4_gcm_masked_ct.base,
    NULL
};
