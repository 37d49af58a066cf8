/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* XAES-256-GCM's per-message key derivation (lib/gcm/xaes.c): the pieces
 * shared by the portable glue and the fused x86 derivation. */
#ifndef AXIOM_XAES_H
#define AXIOM_XAES_H

#include <stddef.h>
#include <stdint.h>

#include "core/bc.h"
#include "gcm/ghash.h"

/* The two KDF input blocks M1 ^ K1 and M2 ^ K1 (c2sp.org/XAES-256-GCM)
 * into @m, from the CMAC subkey @k1 and the first 12 nonce bytes. */
void axiom_xaes_kdf_blocks(uint8_t m[32], const uint8_t k1[16], const uint8_t nonce[12]);

/* How many powers of H a message with @adlen bytes of AD and @len bytes
 * of text can use in one GHASH reduction, on any tier, rounded up to a
 * power of two (2..32).  (lib/gcm/xaes.c caps it, for a message without
 * AD, at what the tier's text phase reads: its step plus two.) */
unsigned axiom_xaes_powers(size_t adlen, size_t len);

/* A fused derivation: from K's AES-NI encryption schedule @kgk, the CMAC
 * subkey @k1 and the first 12 bytes of @nonce, the derived key's
 * encryption schedule in g->ks (its 15 round keys and the round count,
 * nothing else) and the first @npow (1..32; from axiom_xaes_powers and
 * the tier's cap) powers of H in g->hk, every other power slot zero;
 * with @npow 0, the first power alone and no other slot written (the GCM
 * text phase makes the rest: AXIOM_GCM_F_POWERS); with @npow
 * AXIOM_XAES_KDF_ONLY, the derived key alone, as round keys 0 and 1 of
 * g->ks (round count 14), nothing else written (the GCM text phase
 * expands it: AXIOM_GCM_F_EXPAND).  g->k is the caller's.  For the tiers whose AES
 * kernel uses the AES-NI schedule layout and whose GHASH key is the
 * PCLMULQDQ kernel's (lib/gcm/x86_64/ghash_pclmul.h). */
#define AXIOM_XAES_KDF_ONLY 0xffffffffu
typedef void (*axiom_xaes_derive_fn)(const axiom_bc_ks *kgk, const uint8_t k1[16],
                                     const uint8_t nonce[12], axiom_gcm_key *g, unsigned npow);

/* The fused derivation for GCM tier @k, or NULL (then the tier's parts
 * are composed: its AES kernel's setkey_enc and its GHASH kernel's init). */
axiom_xaes_derive_fn axiom_xaes_derive_for(const axiom_gcm_kernel *k);

/* The one-call short message of the x86 tiers: text of at most
 * AXIOM_XAES_SHORT_TEXT blocks, and at most AXIOM_XAES_SHORT_HASH blocks
 * hashed (AD, text and the length block, each counted in whole blocks).
 * From K's schedule @kgk, the CMAC subkey @k1 and the 24-byte @nonce, the
 * whole XAES-256-GCM message (@enc nonzero: seal, else open without the
 * tag check): @len bytes from @in to @out (out == in allowed) and the full
 * 16-byte tag to @tag; the derived key, its schedule and H never reach
 * memory but as round keys in a local array wiped before return. */
#define AXIOM_XAES_SHORT_TEXT 4
#define AXIOM_XAES_SHORT_HASH 8
typedef void (*axiom_xaes_short_fn)(const axiom_bc_ks *kgk, const uint8_t k1[16],
                                    const uint8_t nonce[24], int enc, uint8_t *out,
                                    uint8_t tag[16], const uint8_t *ad, size_t adlen,
                                    const uint8_t *in, size_t len);
axiom_xaes_short_fn axiom_xaes_short_for(const axiom_gcm_kernel *k);
void axiom_xaes_short_aesni(const axiom_bc_ks *kgk, const uint8_t k1[16], const uint8_t nonce[24],
                            int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad,
                            size_t adlen, const uint8_t *in, size_t len);
void axiom_xaes_short_vaes_avx2(const axiom_bc_ks *kgk, const uint8_t k1[16],
                                const uint8_t nonce[24], int enc, uint8_t *out, uint8_t tag[16],
                                const uint8_t *ad, size_t adlen, const uint8_t *in, size_t len);
void axiom_xaes_short_vaes_avx512(const axiom_bc_ks *kgk, const uint8_t k1[16],
                                  const uint8_t nonce[24], int enc, uint8_t *out,
                                  uint8_t tag[16], const uint8_t *ad, size_t adlen,
                                  const uint8_t *in, size_t len);

/* What a message wipes of its derived key when the derivation was fused:
 * the 15 round keys and the @npow power slots it wrote. */
typedef void (*axiom_xaes_wipe_fn)(axiom_gcm_key *g, unsigned npow);

/* The vaes-avx512 tier's, on zmm (the other tiers' wipes are 16-byte
 * stores in the glue). */
void axiom_xaes_wipe_vaes_avx512(axiom_gcm_key *g, unsigned npow);

/* The fused derivations (lib/gcm/x86_64/xaes_derive.h) of the AES-NI
 * bundle (xmm: AES-NI, PCLMULQDQ, SSSE3; the aesni GCM tier) and of the
 * VAES bundles (the vaes-avx2 and vaes-avx512 tiers), declared whether or
 * not built. */
void axiom_xaes_derive_aesni(const axiom_bc_ks *kgk, const uint8_t k1[16],
                             const uint8_t nonce[12], axiom_gcm_key *g, unsigned npow);
void axiom_xaes_derive_vaes_avx2(const axiom_bc_ks *kgk, const uint8_t k1[16],
                                 const uint8_t nonce[12], axiom_gcm_key *g, unsigned npow);
void axiom_xaes_derive_vaes_avx512(const axiom_bc_ks *kgk, const uint8_t k1[16],
                                   const uint8_t nonce[12], axiom_gcm_key *g, unsigned npow);

#endif
