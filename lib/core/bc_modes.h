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

/* Largest batch the batched loops below accept, in blocks. */
#define AXIOM_BC_MAXBATCH 64

/* The parallel mode loops over a kernel's multi-block function, @batch
 * blocks (at most AXIOM_BC_MAXBATCH) per call of it; kernels whose cost
 * is per batch (byte- and bit-sliced ones) pass their batch size. */
static inline void axiom_bc_ctr_batched(const axiom_bc_ks *ks, uint8_t *out,
                                        const uint8_t *in, size_t n, uint8_t ctr[16],
                                        axiom_bc_blocks_fn enc, size_t batch)
{
    uint8_t buf[AXIOM_BC_MAXBATCH * 16];
    while (n > 0) {
        size_t m = n < batch ? n : batch;
        for (size_t i = 0; i < m; i++) {
            memcpy(buf + 16 * i, ctr, 16);
            axiom_ctr128_add(ctr, 1);
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
    uint8_t buf[AXIOM_BC_MAXBATCH * 16];
    while (n > 0) {
        size_t m = n < batch ? n : batch;
        memcpy(buf, iv, 16);
        memcpy(buf + 16, in, 16 * (m - 1));
        memcpy(iv, in + 16 * (m - 1), 16);
        enc(ks, buf, buf, m);
        for (size_t i = 0; i < m; i++)
            axiom_xor16(out + 16 * i, in + 16 * i, buf + 16 * i);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    axiom_wipe(buf, 16 * batch);
}

static inline void axiom_bc_ctr_generic(const axiom_bc_ks *ks, uint8_t *out,
                                        const uint8_t *in, size_t n,
                                        uint8_t ctr[16], axiom_bc_blocks_fn enc)
{
    axiom_bc_ctr_batched(ks, out, in, n, ctr, enc, AXIOM_BC_BATCH);
}

static inline void axiom_bc_cbc_enc_generic(const axiom_bc_ks *ks, uint8_t *out,
                                            const uint8_t *in, size_t n,
                                            uint8_t iv[16], axiom_bc_blocks_fn enc)
{
    for (size_t i = 0; i < n; i++) {
        axiom_xor16(iv, iv, in + 16 * i);
        enc(ks, iv, iv, 1);
        memcpy(out + 16 * i, iv, 16);
    }
}

static inline void axiom_bc_cbc_dec_generic(const axiom_bc_ks *ks, uint8_t *out,
                                            const uint8_t *in, size_t n,
                                            uint8_t iv[16], axiom_bc_blocks_fn dec)
{
    axiom_bc_cbc_dec_batched(ks, out, in, n, iv, dec, AXIOM_BC_BATCH);
}

static inline void axiom_bc_cfb_enc_generic(const axiom_bc_ks *ks, uint8_t *out,
                                            const uint8_t *in, size_t n,
                                            uint8_t iv[16], axiom_bc_blocks_fn enc)
{
    for (size_t i = 0; i < n; i++) {
        enc(ks, iv, iv, 1);
        axiom_xor16(iv, iv, in + 16 * i);
        memcpy(out + 16 * i, iv, 16);
    }
}

static inline void axiom_bc_cfb_dec_generic(const axiom_bc_ks *ks, uint8_t *out,
                                            const uint8_t *in, size_t n,
                                            uint8_t iv[16], axiom_bc_blocks_fn enc)
{
    axiom_bc_cfb_dec_batched(ks, out, in, n, iv, enc, AXIOM_BC_BATCH);
}

static inline void axiom_bc_ofb_generic(const axiom_bc_ks *ks, uint8_t *out,
                                        const uint8_t *in, size_t n,
                                        uint8_t iv[16], axiom_bc_blocks_fn enc)
{
    for (size_t i = 0; i < n; i++) {
        enc(ks, iv, iv, 1);
        axiom_xor16(out + 16 * i, in + 16 * i, iv);
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

/* Defines static @name, a mode function of the kernel contract that runs
 * the generic mode loop @impl over the kernel's ECB function @fn (for
 * kernels with no faster way for that mode); @name is written out whole at
 * the use, so that grep finds the definition. */
#define AXIOM_BC_DEFINE_MODE(name, impl, fn)                                  \
    static void name(const axiom_bc_ks *ks, uint8_t *out, const uint8_t *in,  \
                     size_t n, uint8_t iv[16])                                \
    {                                                                         \
        impl(ks, out, in, n, iv, fn);                                         \
    }

#endif
