/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The kernel interface shared by every 128-bit block cipher (AES, and later
 * SM4 and Kuznyechik): one struct of operations per (cipher, CPU tier). */
#ifndef AXIOM_BC_H
#define AXIOM_BC_H

#include <stddef.h>
#include <stdint.h>

#include "core/kernel.h"

#define AXIOM_BC_BLOCK 16

/* Room for a kernel's path-change block counts (axiom_bc_kernel, steps). */
#define AXIOM_BC_STEPS 8

/* Storage for one expanded key, in whatever layout the kernel that made it
 * likes (both directions).  Big enough for the bitsliced AES-256 schedule
 * (15 round keys of 8 words each) and for the largest, the SM4 AES-NI/VAES
 * kernels' (1824 bytes: round keys, masks and the byte-sliced path's
 * repeated key bytes, lib/sm4/x86_64/sm4_aes_bs.h).  Always 64-byte aligned. */
#define AXIOM_BC_KS_WORDS 232
typedef struct axiom_bc_ks {
    _Alignas(64) uint64_t w[AXIOM_BC_KS_WORDS];
    unsigned rounds;
} axiom_bc_ks;

typedef void (*axiom_bc_blocks_fn)(const axiom_bc_ks *ks, uint8_t *out,
                                   const uint8_t *in, size_t nblocks);
/* Mode loops: @iv is the chaining value (CBC/CFB: previous ciphertext block;
 * OFB: previous keystream block; CTR: the next counter block; XTS: the
 * encrypted tweak of the first block), updated on return so that the next
 * call continues the message. */
typedef void (*axiom_bc_chain_fn)(const axiom_bc_ks *ks, uint8_t *out,
                                  const uint8_t *in, size_t nblocks,
                                  uint8_t iv[AXIOM_BC_BLOCK]);

/* Keystream of a secret counter (ctr_secret below): the @nblocks blocks
 * E(K, C), E(K, C + 1), ... into @out, C the 128-bit big-endian integer in
 * @ctr, which is left at C + nblocks modulo 2^128. */
typedef void (*axiom_bc_keystream_fn)(const axiom_bc_ks *ks, uint8_t *out, size_t nblocks,
                                      uint8_t ctr[AXIOM_BC_BLOCK]);

/* One block-cipher kernel.  Contract for every operation:
 * - whole blocks only; nblocks may be 0;
 * - out == in is allowed, any other overlap is not (the glue rejects it);
 * - any alignment of out and in;
 * - never fails (key length was validated by the catalog).
 *
 * The counter of `ctr` is public (it is the cipher API's IV): a kernel may
 * branch on it, for instance on where a carry falls.  Secret counters go
 * through `ctr_secret`.
 *
 * Optional operations (NULL when a kernel has none; every AES kernel has
 * both, which the CTR_DRBG relies on, lib/rand/drbg.c):
 * - setkey_enc: the schedule for the encryption direction only (ecb_enc,
 *   cbc_enc, cfb_enc, cfb_dec, ofb, ctr, ctr_secret), cheaper than setkey
 *   for a caller that rekeys often.  It writes what those operations read
 *   and ks->rounds; what else *ks holds is unspecified, so the decryption
 *   operations and XTS must not be given such a schedule.
 * - ctr_secret: the keystream of a SECRET counter (axiom_bc_keystream_fn),
 *   under a schedule from setkey or setkey_enc; whole blocks, @out of any
 *   alignment, nothing written outside its 16 nblocks bytes.  Constant
 *   time in the counter as in the key: the counter blocks are made from C
 *   by a 128-bit add whose carries are computed (add with carry, a compare
 *   result used as a mask, or bit logic), never tested, and the blocks are
 *   used only as cipher input; branches and memory addresses depend on
 *   nblocks and the round count alone, and the block encryption is the
 *   kernel's own, constant time when the kernel is.  The counter wraps
 *   modulo 2^128 (it is not a 32- or 64-bit field). */
typedef struct axiom_bc_kernel {
    AXIOM_KERNEL_HEAD;
    /* 1: one block takes hundreds of cycles (SM4, Kuznyechik), so a short
     * CTR message's partial last block is run in the same call as its
     * whole blocks rather than after them (lib/api/cipher.c, ctr_tail); for
     * AES the staging copy costs more than it saves. */
    int slow_block;
    /* The block counts at which the kernel changes path, ascending, the
     * unused entries 0: a short-message copy's limit, a tail's widths, the
     * bulk iteration's width, a second-level batch (a byte-sliced pass, a
     * mode loop's staging batch), for any of its operations.  Data only:
     * the code never reads it; the tests sweep the lengths one below, at
     * and one above each step and its double (tests/bc_sweep.c), so a
     * kernel whose paths change must say where here. */
    uint16_t steps[AXIOM_BC_STEPS];
    void (*setkey)(axiom_bc_ks *ks, const uint8_t *key, size_t keylen);
    axiom_bc_blocks_fn ecb_enc, ecb_dec;
    axiom_bc_chain_fn cbc_enc, cbc_dec;
    axiom_bc_chain_fn cfb_enc, cfb_dec;
    axiom_bc_chain_fn ofb;
    axiom_bc_chain_fn ctr;
    axiom_bc_chain_fn xts_enc, xts_dec;
    void (*setkey_enc)(axiom_bc_ks *ks, const uint8_t *key, size_t keylen);
    axiom_bc_keystream_fn ctr_secret;
    /* Optional (NULL when a kernel has none): a whole CMAC (NIST SP
     * 800-38B) of the @len bytes at @in (any length, 0 included) under
     * the @keylen-byte @key (a length the algorithm accepts), the full
     * 16-byte tag to @tag, in one call that keeps its schedule and chain
     * off the caller's state (the one-shot axiom_mac(), lib/cmac/cmac.c);
     * it wipes what it wrote but the tag.  Constant time when the kernel
     * is. */
    void (*cmac)(const uint8_t *key, size_t keylen, const uint8_t *in, size_t len,
                 uint8_t tag[AXIOM_BC_BLOCK]);
} axiom_bc_kernel;

/* The block-cipher kernel whose header is @k (NULL stays NULL). */
static inline const axiom_bc_kernel *axiom_bc_of(const axiom_kernel *k)
{
    return (const axiom_bc_kernel *)k;
}

#endif
