/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Mode loops written once over a kernel's own multi-block primitives.
 * Everything here is static inline and takes the block functions as
 * arguments, so that a kernel file which passes its own static functions
 * gets direct (inlinable) calls compiled with its own ISA flags, and no
 * AVX-compiled copy ever leaks into portable callers. */
#ifndef AXIOM_BC_MODES_H
#define AXIOM_BC_MODES_H

#include <string.h>
#include "core/bc.h"
#include "core/bytes.h"
#include "axiom/util.h"

/* Blocks processed per call of the kernel's block function when a mode has
 * to stage data through a stack buffer (CTR counters, XTS tweaks). */
#define AXIOM_BC_BATCH 8

static inline void axiom_xor16(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    uint64_t a0 = axiom_load64_le(a), a1 = axiom_load64_le(a + 8);
    uint64_t b0 = axiom_load64_le(b), b1 = axiom_load64_le(b + 8);
    axiom_store64_le(out, a0 ^ b0);
    axiom_store64_le(out + 8, a1 ^ b1);
}

/* Add @n to a 128-bit big-endian counter block, modulo 2^128. */
static inline void axiom_ctr128_add(uint8_t ctr[16], uint64_t n)
{
    uint64_t hi = axiom_load64_be(ctr), lo = axiom_load64_be(ctr + 8);
    uint64_t nlo = lo + n;
    hi += (nlo < lo);
    axiom_store64_be(ctr, hi);
    axiom_store64_be(ctr + 8, nlo);
}

/* XTS tweak times alpha in GF(2^128), little-endian convention of
 * IEEE 1619; branch-free since the tweak is secret. */
static inline void axiom_xts_mul_alpha(uint8_t t[16])
{
    uint64_t lo = axiom_load64_le(t), hi = axiom_load64_le(t + 8);
    uint64_t carry = (uint64_t)0 - (hi >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (carry & 0x87);
    axiom_store64_le(t, lo);
    axiom_store64_le(t + 8, hi);
}

/* The modes a kernel may run through the loops of this file over its ECB
 * function (for kernels with no faster way for that mode). */
enum {
    AXIOM_BC_CBC_ENC,
    AXIOM_BC_CBC_DEC,
    AXIOM_BC_CFB_ENC,
    AXIOM_BC_CFB_DEC,
    AXIOM_BC_OFB,
    AXIOM_BC_CTR,
    AXIOM_BC_XTS
};

/* Largest batch the batched loops below accept, in blocks. */
#define AXIOM_BC_MAXBATCH 64

/* The parallel mode loops over a kernel's multi-block function, @batch
 * blocks (at most AXIOM_BC_MAXBATCH) per call of it; kernels whose cost
 * is per batch (byte- and bit-sliced ones) pass their batch size. */

/* CTR (@mode AXIOM_BC_CTR, @iv the counter) and CFB decryption
 * (AXIOM_BC_CFB_DEC): @m blocks of the cipher's input staged in a buffer,
 * the counter blocks or the IV and the ciphertext blocks before the last,
 * encrypted in one call of @enc and XORed into the data.  @mode is a
 * constant where this is inlined. */
static inline __attribute__((always_inline)) void
axiom_bc_stream_batched(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                        uint8_t iv[16], axiom_bc_blocks_fn enc, size_t batch, int mode)
{
    uint8_t buf[AXIOM_BC_MAXBATCH * 16];
    while (n > 0) {
        size_t m = n < batch ? n : batch;
        if (mode == AXIOM_BC_CTR) {
            for (size_t i = 0; i < m; i++) {
                memcpy(buf + 16 * i, iv, 16);
                axiom_ctr128_add(iv, 1);
            }
        } else {
            memcpy(buf, iv, 16);
            memcpy(buf + 16, in, 16 * (m - 1));
            memcpy(iv, in + 16 * (m - 1), 16);
        }
        enc(ks, buf, buf, m);
        for (size_t i = 0; i < m; i++)
            axiom_xor16(out + 16 * i, in + 16 * i, buf + 16 * i);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    axiom_wipe(buf, 16 * batch);
}

static inline void axiom_bc_ctr_batched(const axiom_bc_ks *ks, uint8_t *out,
                                        const uint8_t *in, size_t n, uint8_t ctr[16],
                                        axiom_bc_blocks_fn enc, size_t batch)
{
    axiom_bc_stream_batched(ks, out, in, n, ctr, enc, batch, AXIOM_BC_CTR);
}

static inline void axiom_bc_cbc_dec_batched(const axiom_bc_ks *ks, uint8_t *out,
                                            const uint8_t *in, size_t n, uint8_t iv[16],
                                            axiom_bc_blocks_fn dec, size_t batch)
{
    /* Keep a copy of the ciphertext so that in-place works. */
    uint8_t c[AXIOM_BC_MAXBATCH * 16];
    while (n > 0) {
        size_t m = n < batch ? n : batch;
        memcpy(c, in, 16 * m);
        dec(ks, out, in, m);
        axiom_xor16(out, out, iv);
        for (size_t i = 1; i < m; i++)
            axiom_xor16(out + 16 * i, out + 16 * i, c + 16 * (i - 1));
        memcpy(iv, c + 16 * (m - 1), 16);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

static inline void axiom_bc_cfb_dec_batched(const axiom_bc_ks *ks, uint8_t *out,
                                            const uint8_t *in, size_t n, uint8_t iv[16],
                                            axiom_bc_blocks_fn enc, size_t batch)
{
    axiom_bc_stream_batched(ks, out, in, n, iv, enc, batch, AXIOM_BC_CFB_DEC);
}

/* The serial modes (@mode AXIOM_BC_CBC_ENC, AXIOM_BC_CFB_ENC or
 * AXIOM_BC_OFB): one call of @enc per block on the chaining value @iv,
 * which ends as the mode's next one.  They differ only in where the data
 * enters, before the cipher (CBC) or after it (CFB, OFB), and in what is
 * kept (OFB keeps the keystream); @mode is a constant where this is
 * inlined, so each mode compiles to its own loop. */
static inline void axiom_bc_serial(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,
                                   size_t n, uint8_t iv[16], axiom_bc_blocks_fn enc, int mode)
{
    for (size_t i = 0; i < n; i++) {
        if (mode == AXIOM_BC_CBC_ENC)
            axiom_xor16(iv, iv, in + 16 * i);
        enc(ks, iv, iv, 1);
        if (mode == AXIOM_BC_OFB) {
            axiom_xor16(out + 16 * i, in + 16 * i, iv);
        } else {
            if (mode == AXIOM_BC_CFB_ENC)
                axiom_xor16(iv, iv, in + 16 * i);
            memcpy(out + 16 * i, iv, 16);
        }
    }
}

/* XTS over whole blocks; @dir_fn is the encrypt or decrypt block function
 * and @t the current (encrypted) tweak, advanced past the processed blocks. */
static inline void axiom_bc_xts_generic(const axiom_bc_ks *ks, uint8_t *out,
                                        const uint8_t *in, size_t n,
                                        uint8_t t[16], axiom_bc_blocks_fn dir_fn)
{
    uint8_t tw[AXIOM_BC_BATCH * 16];
    uint8_t buf[AXIOM_BC_BATCH * 16];
    while (n > 0) {
        size_t m = n < AXIOM_BC_BATCH ? n : AXIOM_BC_BATCH;
        for (size_t i = 0; i < m; i++) {
            memcpy(tw + 16 * i, t, 16);
            axiom_xor16(buf + 16 * i, in + 16 * i, t);
            axiom_xts_mul_alpha(t);
        }
        dir_fn(ks, buf, buf, m);
        for (size_t i = 0; i < m; i++)
            axiom_xor16(out + 16 * i, buf + 16 * i, tw + 16 * i);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    axiom_wipe(tw, sizeof tw);
    axiom_wipe(buf, sizeof buf);
}

/* Mode @mode (a constant, so that only its loop is compiled) of the kernel
 * contract over the ECB function @fn: the decryption one for CBC
 * decryption and XTS decryption, the encryption one otherwise. */
static inline __attribute__((always_inline)) void
axiom_bc_mode_generic(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                      uint8_t iv[16], axiom_bc_blocks_fn fn, int mode)
{
    if (mode == AXIOM_BC_CBC_DEC)
        axiom_bc_cbc_dec_batched(ks, out, in, n, iv, fn, AXIOM_BC_BATCH);
    else if (mode == AXIOM_BC_CFB_DEC)
        axiom_bc_cfb_dec_batched(ks, out, in, n, iv, fn, AXIOM_BC_BATCH);
    else if (mode == AXIOM_BC_CTR)
        axiom_bc_ctr_batched(ks, out, in, n, iv, fn, AXIOM_BC_BATCH);
    else if (mode == AXIOM_BC_XTS)
        axiom_bc_xts_generic(ks, out, in, n, iv, fn);
    else
        axiom_bc_serial(ks, out, in, n, iv, fn, mode);
}

/* Defines static @name, the function of the kernel contract for mode
 * @mode (AXIOM_BC_CBC_ENC ...) over the kernel's ECB function @fn; @name
 * is written out whole at the use, so that grep finds the definition. */
#define AXIOM_BC_DEFINE_MODE(name, mode, fn)                                  \
    static void name(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,  \
                     size_t n, uint8_t iv[16])                                \
    {                                                                         \
        axiom_bc_mode_generic(ks, out, in, n, iv, fn, mode);                  \
    }

#endif
