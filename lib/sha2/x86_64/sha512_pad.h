/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The padding of a SHA-384/512 message's last bytes for the x86-64
 * kernels (the kernel descriptors' pad, lib/sha2/hash.h): the bytes
 * axiom_hash_pad writes, each 32-byte piece made in a register and
 * written by one 32-byte store.
 *
 * The kernels start by loading the block in 32-byte pieces
 * (sha512_x86_64.h's LOADLONE), and a load forwards from a store only
 * when one store covers it.  axiom_hash_pad builds the block from 16-byte
 * zero stores, the tail's copy, a byte store for the 1 bit and an 8-byte
 * store for the length, so the first pieces of a one-block message
 * waited for those stores to reach the cache: the kernel's lone block
 * measured 533 TSC cycles a call after axiom_hash_pad against 519-520
 * after 32-byte stores (AVX2 kernel; avx512 495 against 487, Intel
 * family 6 model 207, independent calls).
 *
 * The tail is read in whole 8-byte words and, for its last 0-7 bytes,
 * in pieces that never pass its end.  Included once, by each kernel file
 * that sets .pad (compiled with AVX2 or wider). */
#ifndef AXIOM_SHA512_PAD_H
#define AXIOM_SHA512_PAD_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "sha2/hash.h"

static inline uint64_t sha512_pad_ld64(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

static inline uint32_t sha512_pad_ld32(const uint8_t *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return x;
}

/* The @r (0..7) bytes at @p as a little-endian word, without reading
 * past them: two overlapping 4-byte loads for 4..7, first, middle and
 * last byte for 1..3. */
static inline uint64_t sha512_pad_partial(const uint8_t *p, size_t r)
{
    if (r >= 4)
        return sha512_pad_ld32(p) | (uint64_t)sha512_pad_ld32(p + r - 4) << (8 * (r - 4));
    if (r == 0)
        return 0;
    return p[0] | (uint64_t)p[r / 2] << (8 * (r / 2)) | (uint64_t)p[r - 1] << (8 * (r - 1));
}

/* Bytes @off .. @off + 31 of the padded tail: the tail's bytes below
 * @rest, 0x80 at @rest, zeros after. */
static inline __m256i sha512_pad_piece(const uint8_t *tail, size_t rest, size_t off)
{
    if (off + 32 <= rest)
        return _mm256_loadu_si256((const __m256i *)(const void *)(tail + off));
    if (off > rest)
        return _mm256_setzero_si256();
    /* The piece with the 1 bit: n (0..31) tail bytes, w whole words. */
    const size_t n = rest - off, w = n / 8;
    const uint8_t *p = n ? tail + off : NULL;
    uint64_t q0 = 0, q1 = 0, q2 = 0, q3 = 0;
    if (w > 0)
        q0 = sha512_pad_ld64(p);
    if (w > 1)
        q1 = sha512_pad_ld64(p + 8);
    if (w > 2)
        q2 = sha512_pad_ld64(p + 16);
    const uint64_t x = (n % 8 ? sha512_pad_partial(p + 8 * w, n % 8) : 0) |
                       (uint64_t)0x80 << (8 * (n % 8));
    if (w == 0)
        q0 = x;
    else if (w == 1)
        q1 = x;
    else if (w == 2)
        q2 = x;
    else
        q3 = x;
    return _mm256_set_epi64x((long long)q3, (long long)q2, (long long)q1, (long long)q0);
}

/* axiom_hash_pad for 128-byte blocks (the same bytes and return value). */
static size_t sha512_x86_pad(uint8_t *last, const uint8_t *tail, size_t rest, uint64_t total)
{
    const size_t nb = rest < AXIOM_SHA512_BLOCK - 16 ? 1 : 2;
    const size_t pieces = 4 * nb;
    /* The last piece's high half: byte 119 the length's top bits, then
     * the length in bits, big-endian. */
    const __m256i len = _mm256_set_epi64x((long long)__builtin_bswap64(total << 3),
                                          (long long)((total >> 61) << 56), 0, 0);
    for (size_t i = 0; i < pieces; i++) {
        __m256i v = sha512_pad_piece(tail, rest, 32 * i);
        if (i == pieces - 1)
            v = _mm256_or_si256(v, len);
        _mm256_storeu_si256((__m256i *)(void *)(last + 32 * i), v);
    }
    return nb;
}

#endif
