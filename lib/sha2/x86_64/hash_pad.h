/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The padding of a message's last bytes for the x86-64 single-stream
 * SHA-2 kernels (the kernel descriptors' pad, lib/sha2/hash.h): the bytes
 * axiom_hash_pad writes, each piece of the kernel's load width made in a
 * register and written by one store: 16 bytes for SHA-224/256
 * (sha256_x86_pad), 32 for SHA-384/512 (sha512_x86_pad, AVX2).
 *
 * A load forwards from a store only when one store covers it.
 * axiom_hash_pad builds the block from 16-byte zero stores, the tail's
 * copy, a byte store for the 1 bit and an 8-byte store for the length, so
 * a kernel's first loads of a one-block message waited for those stores
 * to reach the cache.  Independent calls of a kernel after its padding,
 * TSC cycles, Intel family 6 model 207, a 32-byte SHA-256 message: shani
 * 129.5 after axiom_hash_pad, 86 after 16-byte stores (84.4 with no
 * padding at all); a 64-byte SHA-512 message: avx2 533 against 519-520,
 * avx512 495 against 487.
 *
 * The tail is read in whole 8-byte words and, for its last 0-7 bytes, in
 * pieces that never pass its end.  Included by each kernel file that sets
 * .pad. */
#ifndef AXIOM_SHA2_X86_HASH_PAD_H
#define AXIOM_SHA2_X86_HASH_PAD_H

#include <immintrin.h>
#include <stdint.h>

#include "core/bytes.h"
#include "sha2/hash.h"

/* The @r (0..7) bytes at @p as a little-endian word, without reading
 * past them: two overlapping 4-byte loads for 4..7, first, middle and
 * last byte for 1..3. */
static inline uint64_t hash_pad_partial(const uint8_t *p, size_t r)
{
    if (r >= 4)
        return axiom_load32_le(p) | (uint64_t)axiom_load32_le(p + r - 4) << (8 * (r - 4));
    if (r == 0)
        return 0;
    return p[0] | (uint64_t)p[r / 2] << (8 * (r / 2)) | (uint64_t)p[r - 1] << (8 * (r - 1));
}

/* Bytes @off .. @off + 15 of the padded tail: the tail's bytes below
 * @rest, 0x80 at @rest, zeros after. */
static inline __m128i hash_pad_piece16(const uint8_t *tail, size_t rest, size_t off)
{
    if (off + 16 <= rest)
        return _mm_loadu_si128((const __m128i *)(const void *)(tail + off));
    if (off > rest)
        return _mm_setzero_si128();
    /* The piece with the 1 bit: n (0..15) tail bytes. */
    const size_t n = rest - off;
    const uint8_t *p = n ? tail + off : NULL;
    const uint64_t x = (n % 8 ? hash_pad_partial(p + (n & 8), n % 8) : 0) |
                       (uint64_t)0x80 << (8 * (n % 8));
    if (n < 8)
        return _mm_set_epi64x(0, (long long)x);
    return _mm_set_epi64x((long long)x, (long long)axiom_load64_le(p));
}

/* axiom_hash_pad for 64-byte blocks (the same bytes and return value). */
static inline size_t sha256_x86_pad(uint8_t *last, const uint8_t *tail, size_t rest,
                                    uint64_t total)
{
    const size_t nb = rest < AXIOM_SHA256_BLOCK - 8 ? 1 : 2;
    const size_t pieces = 4 * nb;
    /* The last piece's high half: the length in bits, big-endian. */
    const __m128i len = _mm_set_epi64x((long long)__builtin_bswap64(total << 3), 0);
    for (size_t i = 0; i < pieces; i++) {
        __m128i v = hash_pad_piece16(tail, rest, 16 * i);
        if (i == pieces - 1)
            v = _mm_or_si128(v, len);
        _mm_storeu_si128((__m128i *)(void *)(last + 16 * i), v);
    }
    return nb;
}

#ifdef __AVX2__
/* axiom_hash_pad for 128-byte blocks, in 32-byte pieces. */
static inline size_t sha512_x86_pad(uint8_t *last, const uint8_t *tail, size_t rest,
                                    uint64_t total)
{
    const size_t nb = rest < AXIOM_SHA512_BLOCK - 16 ? 1 : 2;
    const size_t pieces = 4 * nb;
    /* The last piece's high half: byte 119 the length's top bits, then
     * the length in bits, big-endian. */
    const __m256i len = _mm256_set_epi64x((long long)__builtin_bswap64(total << 3),
                                          (long long)((total >> 61) << 56), 0, 0);
    for (size_t i = 0; i < pieces; i++) {
        const size_t off = 32 * i;
        __m256i v = off + 32 <= rest
                        ? _mm256_loadu_si256((const __m256i *)(const void *)(tail + off))
                        : _mm256_set_m128i(hash_pad_piece16(tail, rest, off + 16),
                                           hash_pad_piece16(tail, rest, off));
        if (i == pieces - 1)
            v = _mm256_or_si256(v, len);
        _mm256_storeu_si256((__m256i *)(void *)(last + off), v);
    }
    return nb;
}
#endif

#endif
