/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Internal kernel interfaces of GCM: the GHASH kernels (one per CPU tier)
 * and the GCM tiers that pair an AES kernel with a GHASH kernel and, where
 * they exist, a stitched CTR+GHASH loop. */
#ifndef AXIOM_GHASH_H
#define AXIOM_GHASH_H

#include <stddef.h>
#include <stdint.h>
#include "axiom/cpu.h"
#include "core/bc.h"
#include "core/kernel.h"

/* Most powers of H any kernel precomputes (the zmm kernel hashes 32 blocks
 * per reduction). */
#define AXIOM_GHASH_MAXPOW 32

/* Blocks per iteration of the stitched loops: aesni+pclmul, vaes-avx2 and
 * vaes-avx512 (lib/gcm/x86_64/gcm_*.c).  Their one-shot hooks (msg) also
 * switch paths on these counts and on AXIOM_GHASH_MAXPOW (lib/gcm/gcm.h,
 * AXIOM_GCM_TEXT_STEPS). */
#define AXIOM_GCM_AESNI_BLOCKS 8
#define AXIOM_GCM_VAES2_BLOCKS 16
#define AXIOM_GCM_VAES512_BLOCKS 32

/* Key material derived from H, in whatever layout the GHASH kernel that
 * made it likes (powers of H, Karatsuba halves...).  Only the kernel that
 * ran init, and the stitched loops paired with it, read it. */
typedef struct axiom_ghash_key {
    _Alignas(64) uint64_t w[4 * AXIOM_GHASH_MAXPOW];
} axiom_ghash_key;

/* One GHASH kernel.  The accumulator @y is the GHASH state in the byte
 * order of SP 800-38D (a block as it appears on the wire), so that kernels
 * can be mixed within one message (the generic tail code uses the same
 * kernel, but tests compare kernels block by block). */
typedef struct axiom_ghash_kernel {
    AXIOM_KERNEL_HEAD;
    /* Precompute from the hash subkey H = E_K(0^128). */
    void (*init)(axiom_ghash_key *hk, const uint8_t h[16]);
    /* y = (...((y ^ in_0) H ^ in_1) H ...) H over @nblocks whole blocks. */
    void (*update)(const axiom_ghash_key *hk, uint8_t y[16], const uint8_t *in,
                   size_t nblocks);
} axiom_ghash_kernel;

/* A stitched loop: CTR-encrypt (or decrypt) @nblocks whole blocks with
 * counter blocks taken from @ctr, incremented by inc32 (the low 32 bits,
 * big-endian, modulo 2^32; @ctr is advanced past the blocks), and absorb
 * the ciphertext (the output when encrypting, the input when decrypting)
 * into the GHASH accumulator @y.  out == in is allowed. */
typedef void (*axiom_gcm_crypt_fn)(const axiom_bc_ks *ks, const axiom_ghash_key *hk,
                                   uint8_t *out, const uint8_t *in, size_t nblocks,
                                   uint8_t ctr[16], uint8_t y[16]);

/* A whole one-shot message with a 96-bit nonce, start to tag: J0 and
 * E_K(J0), the GHASH of the AD, CTR (counters from J0 + 1) and GHASH over
 * the @len bytes of text (any length, the last partial block included),
 * the length block, and the full 16-byte tag into @tag.  Encrypts when
 * @encrypt is nonzero (GHASH over the output), else decrypts (GHASH over
 * the input).  out == in is allowed. */
typedef void (*axiom_gcm_msg_fn)(const axiom_bc_ks *ks, const axiom_ghash_key *hk,
                                 int encrypt, uint8_t *out, uint8_t tag[16],
                                 const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                                 const uint8_t *in, size_t len);

/* One GCM tier. */
typedef struct axiom_gcm_kernel {
    AXIOM_KERNEL_HEAD;     /* name as axiom_impl() says, e.g. "aesni+pclmul";
                            * features of all its parts; constant time only
                            * if every part is */
    const axiom_bc_kernel *aes;      /* key schedule, ECB for J0, H and tails */
    const axiom_ghash_kernel *ghash; /* AD, tails, and what has no stitched loop */
    /* Stitched loops; NULL: lib/gcm/gcm.c runs aes->ctr (or CTR over
     * aes->ecb_enc), then ghash. */
    axiom_gcm_crypt_fn enc, dec;
    /* One-shot messages with 96-bit nonces (no per-call glue: the short
     * message cost); NULL: lib/gcm/gcm.c's glue around enc/dec. */
    axiom_gcm_msg_fn msg;
} axiom_gcm_kernel;

extern const axiom_ghash_kernel axiom_ghash_generic_ct;
extern const axiom_ghash_kernel axiom_ghash_pclmul;
extern const axiom_ghash_kernel axiom_ghash_vpclmul_avx512;
extern const axiom_ghash_kernel axiom_ghash_vpclmul_avx2;

extern const axiom_gcm_kernel axiom_gcm_generic_ct;
extern const axiom_gcm_kernel axiom_gcm_aesni_ghash_ct;
extern const axiom_gcm_kernel axiom_gcm_aes_ct_pclmul;
extern const axiom_gcm_kernel axiom_gcm_aesni;
extern const axiom_gcm_kernel axiom_gcm_vaes_avx2;
extern const axiom_gcm_kernel axiom_gcm_vaes_avx512;

/* The GCM tiers of this build, best first: AES-GCM's and SM4-GCM's
 * (lib/gcm/gcm_kernels.c). */
extern axiom_kernel_list axiom_gcm_kernels;
extern axiom_kernel_list axiom_sm4_gcm_kernels;

/* The GCM tier whose header is @k (NULL stays NULL). */
static inline const axiom_gcm_kernel *axiom_gcm_of(const axiom_kernel *k)
{
    return (const axiom_gcm_kernel *)k;
}

#endif
