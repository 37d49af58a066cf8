/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-2 family's names, digest sizes, initial values and kernel lists,
 * and the name look-ups of the hash, HMAC and HKDF calls. */
#include "config.h"

#include <string.h>

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

/* What follows "sha" in each name of hashes[], in its order: no letters,
 * so the rest of a name compares byte for byte.  axiom_hash() looks its
 * name up on every call; the look-up reads the name once, stops at the
 * first byte that rules a name out, and calls nothing. */
static const char hash_tails[][8] = { "224", "256", "384", "512", "512-256" };
_Static_assert(sizeof hash_tails / sizeof hash_tails[0] == sizeof hashes / sizeof hashes[0],
               "one tail per hash");

const axiom_hash_desc *axiom_hash_find(const char *name)
{
    if (!name)
        return NULL;
    /* "sha" in any case: c | 0x20 is a given lowercase letter for exactly
     * that letter and its capital.  A NUL fails the test before the byte
     * after it is read. */
    if ((name[0] | 0x20) != 's' || (name[1] | 0x20) != 'h' || (name[2] | 0x20) != 'a')
        return NULL;
    const char *t = name + 3;
    for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        const char *k = hash_tails[i];
        size_t j = 0;
        while (k[j] && t[j] == k[j])
            j++;
        if (!k[j] && !t[j])
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

