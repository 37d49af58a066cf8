/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The kernel interface of the ChaCha20 stream cipher (RFC 8439): one struct
 * per CPU tier, plus the portable block function and HChaCha20. */
#ifndef AXIOM_CHACHA_H
#define AXIOM_CHACHA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/bytes.h"
#include "core/kernel.h"
#include "core/stream.h"

#define AXIOM_CHACHA_BLOCK 64
/* Bytes per pass of the SIMD kernels' widest loops (4, 8 and 16 blocks);
 * shorter inputs and tails take their partial paths. */
#define AXIOM_CHACHA_SSSE3_BYTES 256
#define AXIOM_CHACHA_AVX2_BYTES 512
#define AXIOM_CHACHA_AVX512_BYTES 1024
/* Up to this many bytes (and for the rest after whole 8-block groups) the
 * AVX2 and AVX-512 kernels run pairs of blocks in row form side by side
 * (2, 4 or 6 blocks: chacha_x2, chacha_x4r, chacha_x6r), which take about
 * one block's latency, instead of an 8-block pass in 32-bit lanes. */
#define AXIOM_CHACHA_ROW_BYTES 384
/* Up to this many bytes past one 8-block pass the AVX-512 kernel runs the
 * 8 blocks and a row-form pair in one loop (chacha_x10), not a 16-way
 * pass. */
#define AXIOM_CHACHA_X10_BYTES 640
/* The same with two pairs (chacha_x12) up to this many. */
#define AXIOM_CHACHA_X12_BYTES 768

/* One ChaCha20 kernel.  @st is the 16-word input state of RFC 8439 2.3
 * (constants, key, block counter in st[12], nonce); @xor XORs @len bytes of
 * keystream, starting with block st[12], into @in and writes @out.
 * - any length; the keystream of a final partial block is discarded;
 * - out == in allowed, no other overlap; any alignment;
 * - the counter is 32 bits: the caller guarantees that st[12] + ceil(len/64)
 *   does not pass 2^32 (the kernel does not carry into the nonce);
 * - st is not modified (the caller advances st[12]). */
typedef struct axiom_chacha_kernel {
    AXIOM_KERNEL_HEAD;     /* constant time: ARX only, always */
    void (*xor)(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len);
    /* ChaCha20-Poly1305 texts of up to this many bytes (at most
     * AXIOM_CHACHAPOLY_ONECALL_MAX) get the Poly1305 key block and their
     * keystream from one call of this kernel; 0 means
     * AXIOM_CHACHAPOLY_SHORT_MAX (lib/chacha/poly1305.h). */
    unsigned aead_onecall;
    /* Optional (NULL: axiom_hchacha20): HChaCha20 as axiom_hchacha20 computes
     * it, for XChaCha20-Poly1305's subkey. */
    void (*hchacha)(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce16[16]);
} axiom_chacha_kernel;

extern const axiom_chacha_kernel axiom_chacha_generic;
extern const axiom_chacha_kernel axiom_chacha_ssse3;
extern const axiom_chacha_kernel axiom_chacha_avx2;
extern const axiom_chacha_kernel axiom_chacha_avx512;

/* The ChaCha20 kernels of this build, best first
 * (lib/chacha/chacha_kernels.c), and the first usable one (there always
 * is one: the portable kernel needs nothing and is constant time). */
extern axiom_kernel_list axiom_chacha_kernels;
static inline const axiom_chacha_kernel *axiom_chacha_pick(void)
{
    return (const axiom_chacha_kernel *)axiom_pick(axiom_chacha_kernels);
}

/* RFC 8439 2.3: state from a 32-byte key, a block counter and a 12-byte
 * nonce. */
void axiom_chacha_init_state(uint32_t st[16], const uint8_t key[32], uint32_t counter,
                             const uint8_t nonce[12]);

/* draft-irtf-cfrg-xchacha 2.2: HChaCha20 subkey from a key and the first
 * 16 bytes of the extended nonce. */
void axiom_hchacha20(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce16[16]);

/* HChaCha20 on kernel @k: its own (hchacha), or the portable one. */
static inline void axiom_chacha_hchacha(const axiom_chacha_kernel *k, uint8_t subkey[32],
                                        const uint8_t key[32], const uint8_t nonce16[16])
{
    (k->hchacha ? k->hchacha : axiom_hchacha20)(subkey, key, nonce16);
}

/* The stream-cipher hook of "chacha20" in the cipher API. */
extern const axiom_stream_alg axiom_chacha20_stream;

/* Zeros, the input of the calls that want keystream alone (a partial
 * SIMD call, the AEAD's one-call key block and keystream): one read-only
 * copy for the library (lib/chacha/chacha20.c). */
extern const uint8_t axiom_chacha_zeros[AXIOM_CHACHA_AVX512_BYTES];

/* XOR @n bytes of @ks into @in, writing @out (tails of SIMD kernels, the
 * stream cipher's partial blocks, the short AEAD path's text): in code
 * built for AVX2, 64 bytes a step in 32-byte vectors; otherwise 32 bytes
 * a step in 16-byte ones (SSE2 in the x86_64 baseline, where 32-byte
 * generic vectors compiled slower); then 8, then bytes.  @out may be @in;
 * @ks overlaps neither. */
static inline void axiom_xor_bytes(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t n)
{
#ifdef __AVX2__
    typedef unsigned char xv __attribute__((vector_size(32)));
#else
    typedef unsigned char xv __attribute__((vector_size(16)));
#endif
    size_t i = 0;
    for (; i + 2 * sizeof(xv) <= n; i += 2 * sizeof(xv)) {
        xv x0, x1, y0, y1;
        memcpy(&x0, in + i, sizeof x0);
        memcpy(&x1, in + i + sizeof x0, sizeof x1);
        memcpy(&y0, ks + i, sizeof y0);
        memcpy(&y1, ks + i + sizeof y0, sizeof y1);
        x0 ^= y0;
        x1 ^= y1;
        memcpy(out + i, &x0, sizeof x0);
        memcpy(out + i + sizeof x0, &x1, sizeof x1);
    }
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, in + i, 8);
        memcpy(&y, ks + i, 8);
        x ^= y;
        memcpy(out + i, &x, 8);
    }
    for (; i < n; i++)
        out[i] = (uint8_t)(in[i] ^ ks[i]);
}

#endif
