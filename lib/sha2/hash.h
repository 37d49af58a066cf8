/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The kernel interface of the SHA-2 family (SHA-224/256 on 32-bit words
 * and 64-byte blocks, SHA-384/512 and SHA-512/256 on 64-bit words and
 * 128-byte blocks) and the internal streaming state that the hash, HMAC
 * and HKDF layers share. */
#ifndef AXIOM_HASH_INTERNAL_H
#define AXIOM_HASH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/bytes.h"
#include "core/internal.h"
#include "core/kernel.h"

#define AXIOM_SHA256_BLOCK 64
#define AXIOM_SHA256_WORDS 8
#define AXIOM_SHA512_BLOCK 128
#define AXIOM_SHA512_WORDS 8
#define AXIOM_HASH_MAX_BLOCK AXIOM_SHA512_BLOCK
/* Widest multi-lane kernel; the lane scheduler sizes its arrays by it. */
#define AXIOM_HASH_MAX_LANES 16

/* Single stream: advance one chaining value over @nblocks whole 64-byte
 * blocks (nblocks may be 0; any alignment of @blocks). */
typedef void (*axiom_hash_compress_fn)(uint32_t state[AXIOM_SHA256_WORDS],
                                       const uint8_t *blocks, size_t nblocks);
/* The same for the 64-bit family over 128-byte blocks. */
typedef void (*axiom_hash_compress64_fn)(uint64_t state[AXIOM_SHA512_WORDS],
                                         const uint8_t *blocks, size_t nblocks);

/* A whole message in one call: @len bytes at @in (NULL when @len is 0)
 * hashed from the chaining value @cv as if @prefix bytes (a multiple of 64)
 * came before them, padded, and the digest's first @outlen (1..32) bytes
 * written to @out: what axiom_hash_oneshot() does, with the padding and
 * the chaining value kept in registers. */
typedef void (*axiom_hash_oneshot256_fn)(const uint32_t cv[AXIOM_SHA256_WORDS], uint64_t prefix,
                                         const uint8_t *in, size_t len, uint8_t *out,
                                         size_t outlen);

/* Multi-lane: advance @lanes independent chaining values by the same number
 * of blocks, lane i reading @nblocks * 64 bytes at data[i].  The state is
 * transposed so that a SIMD kernel loads one word of every lane at once:
 * word j of lane i is st[j * lanes + i].  Lanes whose result the caller
 * will discard still need readable data (any lane's pointer will do). */
typedef void (*axiom_hash_lanes_fn)(uint32_t *st, const uint8_t *const data[],
                                    size_t nblocks);

/* One kernel, of one family: @block says which.  A SHA-224/256 kernel
 * (block 64) is single-stream with lanes == 1 and compress set, or
 * multi-lane with lanes > 1 and compress_lanes set; a SHA-384/512 kernel
 * (block 128) is single-stream with compress64 set.  block_cost is a
 * rough measured cost in cycles of one block step (for a
 * multi-lane kernel: one block of every lane, whatever number of them are
 * in use); the lane scheduler compares the two kinds to decide whether a
 * wide call pays, and when too few lanes are left for it to. */
typedef struct axiom_hash_kernel {
    AXIOM_KERNEL_HEAD;
    unsigned lanes;
    unsigned block_cost;
    axiom_hash_compress_fn compress;
    axiom_hash_lanes_fn compress_lanes;
    unsigned block;        /* AXIOM_SHA256_BLOCK or AXIOM_SHA512_BLOCK */
    axiom_hash_compress64_fn compress64;
    /* NULL, or the kernel's own axiom_hash_pad (below) for its block: the
     * same bytes and block count, written the way its loads read them
     * (lib/sha2/x86_64/hash_pad.h); the glue calls axiom_hash_pad_k. */
    size_t (*pad)(uint8_t *last, const uint8_t *tail, size_t rest, uint64_t total);
    /* NULL, or a single-stream SHA-224/256 kernel's whole-message call,
     * which axiom_hash_oneshot() then uses. */
    axiom_hash_oneshot256_fn oneshot256;
} axiom_hash_kernel;

/* Kernels defined in the family folders (declared whether or not built;
 * the catalog lists only the built ones). */
extern const axiom_hash_kernel axiom_sha256_generic;
extern const axiom_hash_kernel axiom_sha256_shani;
extern const axiom_hash_kernel axiom_sha256_avx2;
extern const axiom_hash_kernel axiom_sha256_avx2_8x;
extern const axiom_hash_kernel axiom_sha256_shani_4x;
extern const axiom_hash_kernel axiom_sha256_avx512_16x;
extern const axiom_hash_kernel axiom_sha512_generic;
extern const axiom_hash_kernel axiom_sha512_avx2;
extern const axiom_hash_kernel axiom_sha512_avx512;
extern const axiom_hash_kernel axiom_sha512_avx512_gpr;

/* The SHA-256 kernels of this build, best first, and the multi-lane ones,
 * widest first (may be empty) (lib/sha2/sha2_kernels.c). */
extern axiom_kernel_list axiom_sha256_kernels;
extern axiom_kernel_list axiom_sha256_lane_kernels;
/* The SHA-384/512 kernels, best first (none is multi-lane). */
extern axiom_kernel_list axiom_sha512_kernels;

/* A SHA-384/512 kernel whose compression is the assembly function @fn
 * (nblocks >= 1; lib/sha2/x86_64/sha512_x86_64.h): its declaration, the
 * wrapper that skips empty calls, and the descriptor @var, with the
 * padding of lib/sha2/x86_64/hash_pad.h (which the file includes). */
#define AXIOM_SHA512_ASM_KERNEL(var, fn, nm, feats, slow, cost, description)                  \
    void fn(uint64_t state[8], const uint8_t *p, size_t nblocks);                            \
    static void var##_compress(uint64_t state[8], const uint8_t *p, size_t nblocks)          \
    {                                                                                        \
        if (nblocks)                                                                         \
            fn(state, p, nblocks);                                                           \
    }                                                                                        \
    const axiom_hash_kernel var = {                                                          \
        .name = nm,                                                                          \
        .features = feats,                                                                   \
        .constant_time = 1,                                                                  \
        .desc = description,                                                                 \
        .slow_on = slow,                                                                     \
        .lanes = 1,                                                                          \
        .block_cost = cost,                                                                  \
        .block = AXIOM_SHA512_BLOCK,                                                         \
        .compress64 = var##_compress,                                                        \
        .pad = sha512_x86_pad,                                                               \
    }

/* The hash kernel axiom_pick() chooses from @list, NULL if none. */
static inline const axiom_hash_kernel *axiom_hash_pick(const axiom_kernel *const *list)
{
    return (const axiom_hash_kernel *)axiom_pick(list);
}

/* A chaining value of either family: eight words of 32 or 64 bits. */
typedef union axiom_hash_cv {
    uint32_t w32[AXIOM_SHA256_WORDS];
    uint64_t w64[AXIOM_SHA512_WORDS];
} axiom_hash_cv;

/* FIPS 180-4, 4.2.2 and 4.2.3: the round constants, shared by every kernel
 * of a family; 5.3.2 to 5.3.6: the initial hash values. */
extern const uint32_t axiom_sha256_k[64];
extern const uint64_t axiom_sha512_k[80];
extern const axiom_hash_cv axiom_sha224_iv;
extern const axiom_hash_cv axiom_sha256_iv;
extern const axiom_hash_cv axiom_sha384_iv;
extern const axiom_hash_cv axiom_sha512_iv;
extern const axiom_hash_cv axiom_sha512_256_iv;

/* A hash function: its sizes, initial value and kernels. */
typedef struct axiom_hash_desc {
    const char *name;
    size_t digestlen;
    const axiom_hash_cv *iv;
    const axiom_kernel *const *kernels;            /* single stream, best first */
    const axiom_kernel *const *lane_kernels;       /* multi-lane, widest first; may be empty */
    axiom_pick_memo *memo;                         /* the pick from kernels, remembered */
} axiom_hash_desc;

/* The single-stream kernel of @d, for the one-shot calls: the memo's
 * (lib/core/kernel.h). */
static inline const axiom_hash_kernel *axiom_hash_pick_desc(const axiom_hash_desc *d)
{
    return (const axiom_hash_kernel *)axiom_pick_memoized(d->kernels, d->memo);
}

/* The hash called @name (case-insensitive; lib/sha2/hash_desc.c), NULL if
 * none; axiom_hash() looks it up on every call, so it is quick. */
const axiom_hash_desc *axiom_hash_find(const char *name);
/* "<hash>-many" (the suffix in any case): the descriptor of <hash>; NULL
 * when @name has no such suffix or names no hash before it. */
const axiom_hash_desc *axiom_hash_find_many(const char *name);

/* A message in progress: chaining value, bytes hashed so far (including
 * any prefix such as HMAC's key block), and the pending partial block.
 * The byte count is 64 bits for both families: SHA-384/512's 128-bit
 * length field is written from it (messages stop at 2^64 - 1 bytes). */
typedef struct axiom_hash_state {
    axiom_hash_cv h;
    uint64_t total;
    uint8_t buf[AXIOM_HASH_MAX_BLOCK];
    unsigned used;
} axiom_hash_state;

/* Start from @iv as if @prefix bytes had already been hashed (prefix is a
 * multiple of the block size). */
void axiom_hash_state_init(axiom_hash_state *s, const axiom_hash_cv *iv, uint64_t prefix);
void axiom_hash_state_update(axiom_hash_state *s, const axiom_hash_kernel *k,
                             const uint8_t *in, size_t len);
/* Pad, compress and write the first @outlen (<= 64) bytes of the
 * big-endian chaining value to @out.  The state is left wiped-but-garbage:
 * re-init it. */
void axiom_hash_state_final(axiom_hash_state *s, const axiom_hash_kernel *k,
                            uint8_t *out, size_t outlen);

/* One whole message (@len bytes at @in, NULL when @len is 0) from the
 * chaining value @iv, as if @prefix bytes (a multiple of the block) had
 * been hashed before it: its padded digest's first @outlen (<= 64) bytes
 * to @out.  The same as init + update + final, with no state to keep. */
void axiom_hash_oneshot(const axiom_hash_cv *iv, uint64_t prefix, const axiom_hash_kernel *k,
                        const uint8_t *in, size_t len, uint8_t *out, size_t outlen);

/* Advance @cv by @nblocks whole blocks of @k's family. */
static inline void axiom_hash_compress(const axiom_hash_kernel *k, axiom_hash_cv *cv,
                                       const uint8_t *blocks, size_t nblocks)
{
    if (k->block == AXIOM_SHA512_BLOCK)
        k->compress64(cv->w64, blocks, nblocks);
    else
        k->compress(cv->w32, blocks, nblocks);
}

/* The multi-lane kernel axiom_hash_many_core() would use next to @single,
 * or NULL when none is usable or none beats @single with all lanes busy
 * (always NULL for SHA-384/512, which have no multi-lane kernel). */
const axiom_hash_kernel *axiom_hash_pick_wide(const axiom_hash_desc *d,
                                              const axiom_hash_kernel *single);

/* The argument rule of axiom_hash_many() and axiom_hmac_many(): no output
 * (@outlen bytes at each out[i]) may share a byte with a message or with
 * another output.  AXIOM_OK, AXIOM_EINVAL, or AXIOM_ENOMEM (many messages:
 * the sort's array is allocated). */
int axiom_hash_many_disjoint(uint8_t *const out[], size_t outlen, const void *const msgs[],
                             const size_t lens[], size_t n);
/* Hash @n messages with the widest multi-lane kernel usable now, falling
 * back to @single for stragglers or when no lane kernel helps (one message
 * at a time with @single when there is none).  Every message starts from
 * @iv after @prefix bytes; out[i] receives @outlen bytes.  No argument
 * checks: the public wrappers do them. */
void axiom_hash_many_core(const axiom_hash_desc *d, const axiom_hash_kernel *single,
                          const axiom_hash_cv *iv, uint64_t prefix,
                          uint8_t *const out[], size_t outlen,
                          const void *const msgs[], const size_t lens[], size_t n);

/* HKDF-Expand (RFC 5869, 2.3) under hash @d from the key @prk (any
 * length), with the info the concatenation of @nparts pieces; AXIOM_ELENGTH
 * when @outlen is over 255 times the digest size (lib/sha2/hmac.c). */
int axiom_hkdf_expand_parts(const struct axiom_hash_desc *d, uint8_t *out, size_t outlen,
                            const uint8_t *prk, size_t prklen, const uint8_t *const parts[],
                            const size_t lens[], size_t nparts);

/* FIPS 180-4, 5.1.1 and 5.1.2: the @rest (< @block) bytes left after the
 * whole blocks, a 1 bit, zeros, and the message length in bits as a
 * big-endian field of @block / 8 bytes (64 bits for SHA-224/256, 128 for
 * SHA-384/512, of which the top 61 are always zero here): one block, or two
 * when the field does not fit behind the 1 bit.  Returns the number of
 * blocks written to @last (room for 2 * @block bytes; only those blocks
 * are written).  @block is a constant at every call site, so the inlined
 * copies have no division or branch on it. */
static inline size_t axiom_hash_pad(uint8_t *last, const uint8_t *tail, size_t rest,
                                    uint64_t total, size_t block)
{
    const size_t field = block / 8;
    uint64_t bits = total << 3;

    if (rest < block - field) {
        axiom_zero16(last, block);
        if (rest)
            memcpy(last, tail, rest);
        last[rest] = 0x80;
        if (field == 16)
            last[block - 9] = (uint8_t)(total >> 61);
        axiom_store64_be(last + block - 8, bits);
        return 1;
    }
    axiom_zero16(last, 2 * block);
    memcpy(last, tail, rest);
    last[rest] = 0x80;
    if (field == 16)
        last[2 * block - 9] = (uint8_t)(total >> 61);
    axiom_store64_be(last + 2 * block - 8, bits);
    return 2;
}

/* axiom_hash_pad for kernel @k: its own padding if it has one. */
static inline size_t axiom_hash_pad_k(const axiom_hash_kernel *k, uint8_t *last,
                                      const uint8_t *tail, size_t rest, uint64_t total,
                                      size_t block)
{
    if (k->pad)
        return k->pad(last, tail, rest, total);
    return axiom_hash_pad(last, tail, rest, total, block);
}

#endif
