/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The Poly1305 one-time authenticator (RFC 8439 2.5): state, the portable
 * code and the interface of its SIMD kernels. */
#ifndef AXIOM_POLY1305_H
#define AXIOM_POLY1305_H

#include <stddef.h>
#include <stdint.h>

#include "chacha/chacha.h"
#include "core/kernel.h"

/* Radix 2^44 (three limbs of 44, 44 and 42 bits) where the compiler has a
 * 128-bit integer type, which is also the layout the IFMA kernel shares;
 * radix 2^26 (five limbs) elsewhere. */
#if defined(__SIZEOF_INT128__)
#define AXIOM_POLY1305_R44 1
#endif

typedef struct axiom_poly1305 axiom_poly1305;

/* One kernel: absorbs @nblocks whole 16-byte blocks, each with the 2^128
 * bit set (RFC 8439 2.5.1), into p->h.  Constant time: no branch or memory
 * index depends on the key, the accumulator or the data (only on the
 * public length). */
typedef struct axiom_poly1305_kernel {
    AXIOM_KERNEL_HEAD;
    void (*blocks)(axiom_poly1305 *p, const uint8_t *in, size_t nblocks);
    /* Optional (NULL if absent), for ChaCha20-Poly1305: XOR @nchunks * 1024
     * bytes of ChaCha20 keystream, from block st[12] on, into @in giving
     * @out, and absorb the ciphertext (@out when @enc, @in otherwise) as
     * whole blocks; advances st[12] by 16 * nchunks.  @mac0 (or NULL)
     * names 1024 bytes of earlier ciphertext to absorb first (seal: @out -
     * 1024 when chachapoly_key wrote them; open: the ciphertext before @in,
     * which is only read); @nchunks may then be 0.  out == in allowed; nothing may be pending in p->buf; the ChaCha20 counter
     * rule of lib/chacha/chacha.h holds.  Its CPU features cover the ChaCha20 part
     * too. */
    void (*chachapoly)(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                       size_t nchunks, int enc, const uint8_t *mac0);
    /* With chachapoly: block st[12]'s first 32 bytes (the Poly1305 key) to
     * @polykey, and blocks st[12] + 1 .. + 16 XORed from @in (1024 bytes)
     * into @out, in one pass. */
    void (*chachapoly_key)(const uint32_t st[16], uint8_t polykey[32], uint8_t *out,
                           const uint8_t *in);
    /* Optional, with chachapoly: the pass at 512-byte granularity,
     * @ngroups * 512 bytes from block st[12] on (advanced by 8 * ngroups),
     * no @mac0; otherwise as chachapoly.  lib/chacha/chachapoly.c prefers it to
     * chachapoly when the kernel has no chachapoly_key. */
    void (*chachapoly512)(uint32_t st[16], axiom_poly1305 *p, uint8_t *out, const uint8_t *in,
                          size_t ngroups, int enc);
    /* Optional, with chachapoly512, seal only: block st[12] is the
     * Poly1305 key, computed inside the pass; starts @p with it on this
     * kernel, absorbs @ad padded to 16 bytes, then seals @len (at least 1)
     * bytes from block st[12] + 1 on, in 512-byte groups the last of which
     * may be partial, and absorbs their ciphertext padded to 16 bytes;
     * st[12] advances by 1 + 8 groups. */
    void (*chachapoly512_seal)(uint32_t st[16], axiom_poly1305 *p, uint8_t *out,
                               const uint8_t *in, size_t len, const uint8_t *ad,
                               size_t adlen);
    /* Optional: the whole MAC of @nblocks (at most oneshot_max) whole
     * 16-byte blocks at @m, each with its 2^128 bit, under the one-time
     * key @key (r, then s), the tag to @tag: init, blocks and final in one
     * call on no state (ChaCha20-Poly1305's short messages). */
    void (*oneshot)(uint8_t tag[16], const uint8_t key[32], const uint8_t *m, size_t nblocks);
    unsigned oneshot_max;
    /* Optional: one more whole block @b (with its 2^128 bit; nothing may
     * be pending in p->buf) and the tag to @tag, then @p wiped as
     * axiom_poly1305_final wipes it: the length block and the end of a
     * ChaCha20-Poly1305 message, in the kernel's own arithmetic instead of
     * the portable blocks and final. */
    void (*last)(axiom_poly1305 *p, const uint8_t b[16], uint8_t tag[16]);
} axiom_poly1305_kernel;

/* Where ChaCha20-Poly1305's paths change, in bytes of message: up to
 * SHORT_MAX one kernel call makes the Poly1305 key and the keystream; the
 * fused passes (chachapoly, chachapoly_key) take whole CHUNKs, chachapoly512
 * whole GROUPs; lib/chacha/chachapoly.c MACs what is left TAIL bytes at a
 * time.  The ChaCha20 and Poly1305 kernels' own widths are below.  The
 * contract test derives its message lengths from AXIOM_CHACHAPOLY_STEPS:
 * a new path threshold belongs in that list. */
#define AXIOM_CHACHAPOLY_SHORT_MAX 448
/* The most a ChaCha20 kernel may take in one call with the key block
 * (its aead_onecall): one 16-way pass, the key's block and 15 of text. */
#define AXIOM_CHACHAPOLY_ONECALL_MAX 960
#define AXIOM_CHACHAPOLY_GROUP 512
#define AXIOM_CHACHAPOLY_CHUNK 1024
#define AXIOM_CHACHAPOLY_TAIL 4096
/* The fewest 16-byte blocks the vector Poly1305 kernels take in parallel
 * (the ChaCha20 kernels' widths are in lib/chacha/chacha.h). */
#define AXIOM_POLY1305_AVX2_MIN_BLOCKS 8
/* Before the AVX2 kernel has its powers of r, the scalar loop is faster
 * than computing them for fewer blocks than this. */
#define AXIOM_POLY1305_AVX2_COLD_BLOCKS 32
#define AXIOM_POLY1305_IFMA_MIN_BLOCKS 16
/* Likewise for the IFMA kernel's powers (r^1 .. r^8). */
#define AXIOM_POLY1305_IFMA_COLD_BLOCKS 24
/* The most blocks the IFMA kernel's one-shot MAC (the scalar loop) takes:
 * without the state's conversions it stays ahead of making the powers
 * further than the blocks call does (Zen 4, ChaCha20-Poly1305 open: 31
 * blocks level with the vector path, 33 blocks 5 % slower).  The AVX2
 * kernel's is AXIOM_POLY1305_AVX2_COLD_BLOCKS. */
#define AXIOM_POLY1305_IFMA_ONESHOT_BLOCKS 32
/* The most AD a short ChaCha20-Poly1305 message's one-shot MAC copies into
 * its buffer beside the ciphertext (TLS records have 13 bytes); a message
 * with more goes through the Poly1305 state. */
#define AXIOM_CHACHAPOLY_AD_INLINE 64
#define AXIOM_CHACHAPOLY_STEPS                                                  \
    { AXIOM_CHACHAPOLY_SHORT_MAX, AXIOM_CHACHAPOLY_ONECALL_MAX,                 \
      16 * (AXIOM_POLY1305_IFMA_ONESHOT_BLOCKS - 1),                           \
      AXIOM_CHACHAPOLY_GROUP, AXIOM_CHACHAPOLY_CHUNK,                          \
      2 * AXIOM_CHACHAPOLY_CHUNK, AXIOM_CHACHAPOLY_TAIL, 2 * AXIOM_CHACHAPOLY_TAIL, \
      AXIOM_CHACHA_SSSE3_BYTES, AXIOM_CHACHA_AVX2_BYTES, AXIOM_CHACHA_AVX512_BYTES, \
      AXIOM_CHACHA_ROW_BYTES,                                                 \
      16 * AXIOM_POLY1305_AVX2_MIN_BLOCKS, 16 * AXIOM_POLY1305_IFMA_MIN_BLOCKS, \
      16 * AXIOM_POLY1305_AVX2_COLD_BLOCKS, 16 * AXIOM_POLY1305_IFMA_COLD_BLOCKS }

struct axiom_poly1305 {
    uint64_t h[5];           /* accumulator, partially reduced */
    uint64_t r[5];           /* clamped r */
    uint64_t pad[2];         /* s, as two little-endian 64-bit halves */
    /* Limb i of r^(8 - j) in rpow[i][j] (r^8 .. r^1), radix 2^44, fully
     * carried: the IFMA kernel's vectors, computed on first use (r changes
     * with every message). */
    _Alignas(64) uint64_t rpow[3][8];
    int have_pow;
    /* r^1 .. r^4 in radix 2^26 (AVX2 kernel, computed on first use). */
    uint64_t rpow26[4][5];
    int have_pow26;
    unsigned nbuf;           /* bytes pending in buf */
    uint8_t buf[16];
    const axiom_poly1305_kernel *k;
};

extern const axiom_poly1305_kernel axiom_poly1305_generic;
extern const axiom_poly1305_kernel axiom_poly1305_ifma;
extern const axiom_poly1305_kernel axiom_poly1305_avx2;

/* The chachapoly pass of the AVX2 Poly1305 kernel: ChaCha20 on the 8-way
 * AVX2 rounds with a scalar Poly1305 inside them (lib/chacha/x86_64/chacha_avx2.c). */
void axiom_chacha_avx2_chachapoly(uint32_t st[16], axiom_poly1305 *p, uint8_t *out,
                                  const uint8_t *in, size_t nchunks, int enc,
                                  const uint8_t *mac0);
void axiom_chacha_avx2_chachapoly512(uint32_t st[16], axiom_poly1305 *p, uint8_t *out,
                                     const uint8_t *in, size_t ngroups, int enc);
void axiom_chacha_avx2_chachapoly512_seal(uint32_t st[16], axiom_poly1305 *p, uint8_t *out,
                                          const uint8_t *in, size_t len, const uint8_t *ad,
                                          size_t adlen);

/* The AVX2 kernel's scalar block loop (its blocks contract): MULX with
 * BMI2, MUL otherwise, for inputs under the vector width and the blocks
 * the vector loop leaves over (lib/chacha/x86_64/chacha_avx2.c). */
void axiom_poly1305_avx2_scalar(axiom_poly1305 *p, const uint8_t *in, size_t nblocks);
/* The same loop as a whole MAC (the kernels' oneshot), for the AVX2 and
 * IFMA kernels: below their vector loops' thresholds the scalar blocks
 * are the faster ones, and radix 2^64 from the key to the tag spares the
 * state's conversions. */
void axiom_poly1305_avx2_oneshot(uint8_t tag[16], const uint8_t key[32], const uint8_t *m,
                                 size_t nblocks);
/* The last hook of the AVX2 and IFMA kernels: the block and the tag in
 * radix 2^64 on the scalar loop (lib/chacha/x86_64/chacha_avx2.c). */
void axiom_poly1305_avx2_last(axiom_poly1305 *p, const uint8_t b[16], uint8_t tag[16]);
/* The AVX2 kernel's powers r^1 .. r^4 in p->rpow26, unless already there
 * (lib/chacha/x86_64/poly1305_avx2.c): for the fused pass to compute them
 * early. */
void axiom_poly1305_avx2_powers(axiom_poly1305 *p);

/* The Poly1305 kernels of this build, best first
 * (lib/chacha/chacha_kernels.c), and the first usable one. */
extern axiom_kernel_list axiom_poly1305_kernels;
static inline const axiom_poly1305_kernel *axiom_poly1305_pick(void)
{
    return (const axiom_poly1305_kernel *)axiom_pick(axiom_poly1305_kernels);
}

/* A ChaCha20-Poly1305 tier: the pair of kernels the AEAD runs on.  NULL
 * for either part means the best kernel of its own list usable when the
 * key is set. */
typedef struct axiom_chachapoly_kernel {
    AXIOM_KERNEL_HEAD;
    const axiom_chacha_kernel *chacha;
    const axiom_poly1305_kernel *poly;
} axiom_chachapoly_kernel;

/* The ChaCha20-Poly1305 tiers of this build, best first: the Poly1305
 * kernels with a fused ChaCha20 pass, then the ChaCha20 kernels with the
 * best Poly1305 (lib/chacha/chacha_kernels.c). */
extern axiom_kernel_list axiom_chachapoly_kernels;

/* Start a MAC with the 32-byte one-time key (r || s) on kernel @k. */
void axiom_poly1305_init(axiom_poly1305 *p, const uint8_t key[32], const axiom_poly1305_kernel *k);
/* Absorb bytes (any split). */
void axiom_poly1305_update(axiom_poly1305 *p, const uint8_t *in, size_t len);
/* Absorb @len bytes then zeros up to a multiple of 16 (RFC 8439 2.8's
 * padding); nothing may be pending from axiom_poly1305_update.  Inline
 * for the test of an empty input (an AEAD without AD: the call cost about
 * 1 % of a 64-byte ChaCha20-Poly1305 message), the work out of line. */
void axiom_poly1305_pad16_nonempty(axiom_poly1305 *p, const uint8_t *in, size_t len);
static inline void axiom_poly1305_update_pad16(axiom_poly1305 *p, const uint8_t *in, size_t len)
{
    if (len)
        axiom_poly1305_pad16_nonempty(p, in, len);
}
/* Write the tag and wipe the state. */
void axiom_poly1305_final(axiom_poly1305 *p, uint8_t tag[16]);
/* The 16 bytes at @b as one more block, then the tag and the state
 * wiped, as update and final: through the kernel's last hook when it has
 * one and nothing is pending (ChaCha20-Poly1305's length block). */
void axiom_poly1305_last(axiom_poly1305 *p, const uint8_t b[16], uint8_t tag[16]);
/* What axiom_poly1305_final wipes of @p (a kernel's last hook ends with
 * it). */
void axiom_poly1305_wipe(axiom_poly1305 *p);

/* The portable block loop (for the blocks vector kernels leave over). */
void axiom_poly1305_blocks_generic(axiom_poly1305 *p, const uint8_t *in, size_t nblocks);

#endif
