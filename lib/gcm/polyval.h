/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Internal kernel interfaces of AES-GCM-SIV (RFC 8452): the POLYVAL
 * kernels and the GCM-SIV tiers that pair an AES kernel with one. */
#ifndef AXIOM_POLYVAL_H
#define AXIOM_POLYVAL_H

/*
 * POLYVAL is GHASH with the bits of every block reversed (RFC 8452,
 * appendix A):
 *
 *   POLYVAL(H, X_1..X_n) =
 *       ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X_1), ...))
 *
 * A POLYVAL kernel has the GHASH kernel's shape (lib/gcm/ghash.h: init
 * from a 16-byte key, update over whole blocks), with the accumulator @y
 * and the blocks in RFC 8452's byte order (little-endian field elements).
 * Every kernel is built on GHASH arithmetic through the relation above:
 * the x86 kernels load the blocks without the byte swap GHASH does (a
 * POLYVAL block read as a little-endian integer is the GHASH block
 * ByteReverse(X) read as a big-endian one) and key the GHASH powers with
 * mulX_GHASH(ByteReverse(H)); the portable kernel byte-reverses into a
 * small buffer around the portable GHASH kernel.
 */
#include <stddef.h>
#include <stdint.h>
#include "core/bc.h"
#include "core/kernel.h"
#include "gcm/ghash.h"

/* Blocks per call of the AES kernel's ECB over staged counter blocks and,
 * when opening, per POLYVAL call over the plaintext just decrypted (still
 * in L1): one aggregated reduction of the widest POLYVAL kernels. */
#define AXIOM_GCMSIV_CHUNK_BLOCKS 32
/* Blocks per counter-mode call, then POLYVAL call, when a tier with a
 * counter-mode loop opens: 2 KiB, in L1 when POLYVAL reads it, few calls. */
#define AXIOM_GCMSIV_OPEN_BLOCKS 128

/* Blocks per reduction of the POLYVAL kernels: pclmul, and the vpclmul
 * kernels on ymm and zmm (AXIOM_GHASH_MAXPOW).  The white-box test
 * derives its message lengths from these. */
#define AXIOM_POLYVAL_PCLMUL_BLOCKS 8
#define AXIOM_POLYVAL_VPCLMUL_BLOCKS AXIOM_GHASH_MAXPOW

/* Blocks per group of the VAES tiers' counter-mode-and-POLYVAL loop
 * (lib/gcm/x86_64/gcmsiv_ctr_vaes.h: eight vectors of 2 or 4 blocks). */
#define AXIOM_GCMSIV_VAES2_BLOCKS 16
#define AXIOM_GCMSIV_VAES512_BLOCKS 32

/* Every count of blocks at which a GCM-SIV path changes: the POLYVAL
 * reductions, the staged-ECB chunk, the VAES loops' vector widths and
 * groups, and the open path's counter-mode calls.  The white-box test
 * (tests/test_gcmsiv_kernels.c) takes its text and AD lengths from one
 * below, at and one above each (and twice each), so a new threshold
 * belongs here. */
#define AXIOM_GCMSIV_TEXT_STEPS                                                               \
    { 2, 4, AXIOM_POLYVAL_PCLMUL_BLOCKS, AXIOM_GCMSIV_VAES2_BLOCKS,                           \
      AXIOM_GCMSIV_CHUNK_BLOCKS, AXIOM_POLYVAL_VPCLMUL_BLOCKS, AXIOM_GCMSIV_VAES512_BLOCKS,    \
      AXIOM_GCMSIV_OPEN_BLOCKS }

/* y = (...((y ^ X_1) * H ^ X_2) * H ...) * H in POLYVAL's dot product:
 * the contract of axiom_ghash_kernel with RFC 8452's byte order. */
typedef axiom_ghash_kernel axiom_polyval_kernel;

/* mulX_GHASH(ByteReverse(@h)) into @out: the GHASH key equivalent to the
 * POLYVAL key @h (RFC 8452, appendix A).  Constant time. */
static inline void axiom_polyval_ghash_key(uint8_t out[16], const uint8_t h[16])
{
    uint64_t hi = 0, lo = 0;
    for (int i = 0; i < 8; i++) {
        hi = (hi << 8) | h[15 - i];
        lo = (lo << 8) | h[7 - i];
    }
    /* Multiplying by x in GHASH's bit order is a right shift of the
     * big-endian integer; x^128 comes back as 0xe1 in the top byte. */
    const uint64_t carry = (uint64_t)0 - (lo & 1);
    lo = (lo >> 1) | (hi << 63);
    hi = (hi >> 1) ^ (carry & UINT64_C(0xe100000000000000));
    for (int i = 0; i < 8; i++) {
        out[i] = (uint8_t)(hi >> (56 - 8 * i));
        out[8 + i] = (uint8_t)(lo >> (56 - 8 * i));
    }
}

/* One GCM-SIV tier. */
typedef struct axiom_gcmsiv_kernel {
    AXIOM_KERNEL_HEAD;                  /* features of both parts; constant
                                         * time only if both are */
    const axiom_bc_kernel *aes;         /* key derivation, per-message key
                                         * (setkey_enc), tag, CTR over ECB */
    const axiom_polyval_kernel *polyval;
    /* The counter mode over @n whole blocks from the counter block @ctr
     * (little-endian 32-bit counter in bytes 0-3, wrapping modulo 2^32,
     * bytes 4-15 fixed; advanced by @n); out == in allowed.  NULL:
     * lib/gcm/gcmsiv.c runs aes->ecb_enc over staged counter blocks. */
    void (*ctr)(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                uint8_t ctr[16]);
    /* Opening, stitched: ctr over @n whole blocks, and POLYVAL (under the
     * key @hk made by polyval->init) of the @n output blocks into @y;
     * out == in allowed.  NULL: ctr, then polyval, chunk by chunk. */
    void (*open)(const axiom_bc_ks *ks, const axiom_ghash_key *hk, uint8_t *out,
                 const uint8_t *in, size_t n, uint8_t ctr[16], uint8_t y[16]);
    /* 1 when the per-message keys are the x86 layouts: aes->setkey_enc
     * writes the 16-byte round keys at the start of the schedule and
     * nothing else, and polyval->init_n the slots of the powers it makes
     * (the PCLMULQDQ key, lib/gcm/x86_64/ghash_pclmul.h), or all of the
     * key for AXIOM_GHASH_MAXPOW powers or more.  lib/gcm/gcmsiv.c then
     * wipes those bytes only (a message's keys are 3 KiB of storage, of
     * which a short message writes a few hundred bytes); 0: all of it. */
    unsigned x86_keys;
    /* The one-call short message (lib/gcm/x86_64/gcmsiv_short.h), or NULL:
     * for text of at most AXIOM_GCMSIV_SHORT_TEXT blocks and at most
     * AXIOM_GCMSIV_SHORT_HASH hashed blocks (AD, text and the length
     * block, each in whole blocks), the whole message from the
     * key-generating key's schedule (aes->setkey_enc's, @keylen 16 or
     * 32): seal (@enc) writes the tag to @tag, open reads the received
     * tag there and writes the computed one over it (as gcmsiv.c's
     * message does); out == in allowed. */
    void (*short_msg)(const axiom_bc_ks *kgk, size_t keylen, const uint8_t nonce[12], int enc,
                      uint8_t *out, uint8_t tag[16], const uint8_t *ad, size_t adlen,
                      const uint8_t *in, size_t len);
    /* The per-message keys in one call, or NULL (lib/gcm/gcmsiv.c then
     * composes aes's ECB, polyval->init_n and aes->setkey_enc): from
     * the key-generating key's schedule @kgk (@keylen 16 or 32) and the
     * nonce, the message-encryption key's schedule into @ks and the
     * authentication key's first @npow powers into @hk, as the composed
     * calls write them (x86 layouts; the tiers that set x86_keys). */
    void (*derive)(const axiom_bc_ks *kgk, size_t keylen, const uint8_t nonce[12],
                   axiom_bc_ks *ks, axiom_ghash_key *hk, size_t npow);
    /* Sealing's end in one call, or NULL (lib/gcm/gcmsiv.c then makes
     * the tag with polyval->update and aes->ecb_enc, and runs ctr): the
     * 16-byte length block @lb into the POLYVAL accumulator @s (under
     * @hk's first power), the 12-byte @nonce XORed in and the top bit
     * cleared, that through @ks: the tag, to @tag; then CTR over the @n
     * whole blocks from the tag with its top bit set (out == in allowed),
     * the counter block after them to @ctr. */
    void (*seal)(const axiom_bc_ks *ks, const axiom_ghash_key *hk, const uint8_t s[16],
                 const uint8_t lb[16], const uint8_t nonce[12], uint8_t tag[16], uint8_t *out,
                 const uint8_t *in, size_t n, uint8_t ctr[16]);
} axiom_gcmsiv_kernel;

#define AXIOM_GCMSIV_SHORT_TEXT 4
#define AXIOM_GCMSIV_SHORT_HASH 8

/* The derivations of the x86 bundles (declared whether or not built). */
void axiom_gcmsiv_derive_aesni(const axiom_bc_ks *kgk, size_t keylen, const uint8_t nonce[12],
                               axiom_bc_ks *ks, axiom_ghash_key *hk, size_t npow);
void axiom_gcmsiv_derive_vaes_avx2(const axiom_bc_ks *kgk, size_t keylen, const uint8_t nonce[12],
                                   axiom_bc_ks *ks, axiom_ghash_key *hk, size_t npow);
void axiom_gcmsiv_derive_vaes_avx512(const axiom_bc_ks *kgk, size_t keylen,
                                     const uint8_t nonce[12], axiom_bc_ks *ks,
                                     axiom_ghash_key *hk, size_t npow);

/* The short messages of the x86 bundles (declared whether or not built). */
void axiom_gcmsiv_short_aesni(const axiom_bc_ks *kgk, size_t keylen, const uint8_t nonce[12],
                              int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad,
                              size_t adlen, const uint8_t *in, size_t len);
void axiom_gcmsiv_short_vaes_avx2(const axiom_bc_ks *kgk, size_t keylen, const uint8_t nonce[12],
                                  int enc, uint8_t *out, uint8_t tag[16], const uint8_t *ad,
                                  size_t adlen, const uint8_t *in, size_t len);
void axiom_gcmsiv_short_vaes_avx512(const axiom_bc_ks *kgk, size_t keylen,
                                    const uint8_t nonce[12], int enc, uint8_t *out,
                                    uint8_t tag[16], const uint8_t *ad, size_t adlen,
                                    const uint8_t *in, size_t len);

/* The tiers with a counter-mode loop, defined beside it. */
extern const axiom_gcmsiv_kernel axiom_gcmsiv_vaes_avx512;
extern const axiom_gcmsiv_kernel axiom_gcmsiv_vaes_avx2;

extern const axiom_polyval_kernel axiom_polyval_generic_ct;
extern const axiom_polyval_kernel axiom_polyval_pclmul;
extern const axiom_polyval_kernel axiom_polyval_vpclmul_avx2;
extern const axiom_polyval_kernel axiom_polyval_vpclmul_avx512;

/* The GCM-SIV tiers and the POLYVAL kernels of this build, best first
 * (lib/gcm/gcmsiv_kernels.c). */
extern axiom_kernel_list axiom_gcmsiv_kernels;
extern axiom_kernel_list axiom_polyval_kernels;

static inline const axiom_gcmsiv_kernel *axiom_gcmsiv_of(const axiom_kernel *k)
{
    return (const axiom_gcmsiv_kernel *)k;
}

static inline const axiom_polyval_kernel *axiom_polyval_of(const axiom_kernel *k)
{
    return (const axiom_polyval_kernel *)k;
}

#endif
