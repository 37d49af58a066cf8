/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-2 family's names, digest sizes, initial values and kernel lists,
 * and the name look-ups of the hash, HMAC and HKDF calls. */
#include "config.h"

#include <string.h>

#include "core/bytes.h"
#include "sha2/hash.h"

/* SHA-384, SHA-512 and SHA-512/256 share their kernels; none is
 * multi-lane. */
static const axiom_kernel *const no_lane_kernels[] = { NULL };

static const axiom_hash_desc hashes[] = {
    { "sha224", 28, &axiom_sha224_iv, axiom_sha256_kernels, axiom_sha256_lane_kernels },
    { "sha256", 32, &axiom_sha256_iv, axiom_sha256_kernels, axiom_sha256_lane_kernels },
    { "sha384", 48, &axiom_sha384_iv, axiom_sha512_kernels, no_lane_kernels },
    { "sha512", 64, &axiom_sha512_iv, axiom_sha512_kernels, no_lane_kernels },
    { "sha512-256", 32, &axiom_sha512_256_iv, axiom_sha512_kernels, no_lane_kernels },
};

/* The hash names again, lowercase and zero-padded to 16 bytes, in the order
 * of hashes[]: axiom_hash() looks its name up on every call, so the look-up
 * compares 8 bytes at a time instead of calling strcasecmp per entry. */
static const char hash_keys[][16] = { "sha224", "sha256", "sha384", "sha512", "sha512-256" };
_Static_assert(sizeof hash_keys / sizeof hash_keys[0] == sizeof hashes / sizeof hashes[0],
               "one key per hash");

/* ASCII capitals among eight bytes to lowercase; every other byte (digits,
 * '-', bytes >= 0x80) unchanged.  No carry crosses a byte: each lane of
 * the sums stays below 0x100. */
static inline uint64_t lower8(uint64_t x)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), high = ones * 0x80;
    uint64_t low7 = x & ~high;
    uint64_t ge_a = low7 + ones * (0x80 - 'A'); /* top bit: byte >= 'A' */
    uint64_t gt_z = low7 + ones * (0x7f - 'Z'); /* top bit: byte > 'Z' */
    return x | ((ge_a & ~gt_z & ~x & high) >> 2);
}

const axiom_hash_desc *axiom_hash_find(const char *name)
{
    if (!name)
        return NULL;
    uint64_t w[2] = { 0, 0 };
    size_t n = 0;
    for (; n < sizeof hash_keys[0]; n++) {
        unsigned char c = (unsigned char)name[n];
        if (!c)
            break;
        w[n / 8] |= (uint64_t)c << (8 * (n % 8));
    }
    if (n == sizeof hash_keys[0])
        return NULL; /* longer than every name (the last key byte is a NUL) */
    /* w holds byte n at bits 8n: the keys are loaded little-endian. */
    w[0] = lower8(w[0]);
    w[1] = lower8(w[1]);
    for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        const uint8_t *key = (const uint8_t *)hash_keys[i];
        uint64_t k0 = axiom_load64_le(key), k1 = axiom_load64_le(key + 8);
        if (((w[0] ^ k0) | (w[1] ^ k1)) == 0)
            return &hashes[i];
    }
    return NULL;
}

/* "<hash>-many" (the suffix in any case): the descriptor of <hash>; NULL
 * when @name has no such suffix or names no hash before it. */
const axiom_hash_desc *axiom_hash_find_many(const char *name)
{
    static const char many[] = "-many";
    char base[16];
    size_t n = strlen(name), m = sizeof many - 1;
    if (n <= m || n - m >= sizeof base || !axiom_name_eq(name + n - m, many))
        return NULL;
    memcpy(base, name, n - m);
    base[n - m] = '\0';
    return axiom_hash_find(base);
}

