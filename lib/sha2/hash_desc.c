/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-2 family's names, digest sizes, initial values and kernel lists,
 * and the name look-ups of the hash, HMAC and HKDF calls. */
#include "config.h"

#include <string.h>

#include "sha2/hash.h"

/* SHA-384, SHA-512 and SHA-512/256 share their kernels; none is
 * multi-lane. */
static const axiom_kernel *const no_lane_kernels[] = { NULL };

/* The picks of the two kernel lists (lib/core/kernel.h). */
static axiom_pick_memo memo256, memo512;

static const axiom_hash_desc hashes[] = {
    { "sha224", 28, &axiom_sha224_iv, axiom_sha256_kernels, axiom_sha256_lane_kernels, &memo256 },
    { "sha256", 32, &axiom_sha256_iv, axiom_sha256_kernels, axiom_sha256_lane_kernels, &memo256 },
    { "sha384", 48, &axiom_sha384_iv, axiom_sha512_kernels, no_lane_kernels, &memo512 },
    { "sha512", 64, &axiom_sha512_iv, axiom_sha512_kernels, no_lane_kernels, &memo512 },
    { "sha512-256", 32, &axiom_sha512_256_iv, axiom_sha512_kernels, no_lane_kernels, &memo512 },
};

/* axiom_hash() looks its name up on every call, so the look-up is a few
 * compares: "sha" in any case, then the rest of a name byte for byte as a
 * decision on its digits (the indices are those of hashes[]).  Each byte
 * is read only after the one before it matched, so nothing past a NUL is
 * read. */
const axiom_hash_desc *axiom_hash_find(const char *name)
{
    if (!name)
        return NULL;
    /* c | 0x20 is a given lowercase letter for exactly that letter and
     * its capital. */
    if ((name[0] | 0x20) != 's' || (name[1] | 0x20) != 'h' || (name[2] | 0x20) != 'a')
        return NULL;
    const char *t = name + 3;
    size_t i;
    if (t[0] == '2' && t[1] == '2' && t[2] == '4')
        i = 0; /* sha224 */
    else if (t[0] == '2' && t[1] == '5' && t[2] == '6')
        i = 1; /* sha256 */
    else if (t[0] == '3' && t[1] == '8' && t[2] == '4')
        i = 2; /* sha384 */
    else if (t[0] == '5' && t[1] == '1' && t[2] == '2') {
        i = 3; /* sha512 */
        if (t[3] == '-' && t[4] == '2' && t[5] == '5' && t[6] == '6') {
            i = 4; /* sha512-256 */
            t += 4;
        }
    } else {
        return NULL;
    }
    return t[3] ? NULL : &hashes[i];
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

