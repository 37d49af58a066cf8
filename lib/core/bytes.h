/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Loads and stores of 32- and 64-bit words in either byte order, at any
 * alignment, correct on little- and big-endian hosts (a memcpy and at most
 * one byte swap: one instruction or two on x86_64). */
#ifndef AXIOM_BYTES_H
#define AXIOM_BYTES_H

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define AXIOM_BIG_ENDIAN 1
#define AXIOM_FROM_LE32(x) __builtin_bswap32(x)
#define AXIOM_FROM_LE64(x) __builtin_bswap64(x)
#define AXIOM_FROM_BE32(x) (x)
#define AXIOM_FROM_BE64(x) (x)
#else
#define AXIOM_FROM_LE32(x) (x)
#define AXIOM_FROM_LE64(x) (x)
#define AXIOM_FROM_BE32(x) __builtin_bswap32(x)
#define AXIOM_FROM_BE64(x) __builtin_bswap64(x)
#endif

static inline uint32_t axiom_load32_le(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return AXIOM_FROM_LE32(v);
}

static inline uint32_t axiom_load32_be(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return AXIOM_FROM_BE32(v);
}

static inline uint64_t axiom_load64_le(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return AXIOM_FROM_LE64(v);
}

static inline uint64_t axiom_load64_be(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return AXIOM_FROM_BE64(v);
}

static inline void axiom_store32_le(uint8_t *p, uint32_t v)
{
    v = AXIOM_FROM_LE32(v);
    memcpy(p, &v, 4);
}

static inline void axiom_store32_be(uint8_t *p, uint32_t v)
{
    v = AXIOM_FROM_BE32(v);
    memcpy(p, &v, 4);
}

static inline void axiom_store64_le(uint8_t *p, uint64_t v)
{
    v = AXIOM_FROM_LE64(v);
    memcpy(p, &v, 8);
}

static inline void axiom_store64_be(uint8_t *p, uint64_t v)
{
    v = AXIOM_FROM_BE64(v);
    memcpy(p, &v, 8);
}

#endif
