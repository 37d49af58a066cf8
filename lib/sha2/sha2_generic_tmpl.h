/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The portable SHA-2 compression function, written once over the word
 * size: sha256.c includes it on 32-bit words, sha512.c on 64-bit words.
 *
 * The includer defines sha2_word (uint32_t or uint64_t), SHA2_LOAD(p) (a
 * big-endian load of one word), SHA2_BLOCK (16 words, in bytes),
 * SHA2_ROUNDS (64 or 80), SHA2_K (the round constants) and the four
 * functions BSIG0, BSIG1, SSIG0, SSIG1 of FIPS 180-4 4.1.2 / 4.1.3; it
 * gets sha2_generic_compress(state, p, nblocks), static, under that name
 * in both files (each is its own translation unit).
 *
 * The 16-word message schedule is kept in a ring, sixteen rounds run per
 * loop iteration unrolled (the eight working variables rotate through
 * the macro arguments instead of being moved), and there is no branch or
 * memory index that depends on the data: constant time. */

/* Ch and Maj in forms with one operation fewer than the textbook ones. */
#define CH(e, f, g) ((((f) ^ (g)) & (e)) ^ (g))
#define MAJ(a, b, c) (((a) & (b)) | ((c) & ((a) | (b))))

#define RND(a, b, c, d, e, f, g, h, i)                                                     \
    do {                                                                                   \
        sha2_word t1 = h + BSIG1(e) + CH(e, f, g) + kt[i] + w[(i) & 15];                 \
        d += t1;                                                                           \
        h = t1 + BSIG0(a) + MAJ(a, b, c);                                                  \
    } while (0)

/* W[t] for t >= 16 overwrites W[t - 16] in the ring. */
#define SCHED(i)                                                                           \
    (w[(i) & 15] += SSIG1(w[((i) - 2) & 15]) + w[((i) - 7) & 15] + SSIG0(w[((i) - 15) & 15]))

#include "sha2/sha256_rounds.h"

static void sha2_generic_compress(sha2_word state[8], const uint8_t *p, size_t nblocks)
{
    sha2_word w[16];

    for (; nblocks; nblocks--, p += SHA2_BLOCK) {
        sha2_word a = state[0], b = state[1], c = state[2], d = state[3];
        sha2_word e = state[4], f = state[5], g = state[6], h = state[7];
        const sha2_word *kt = SHA2_K;

        for (int i = 0; i < 16; i++)
            w[i] = SHA2_LOAD(p + sizeof(sha2_word) * i);
        RND8(0);
        RND8(8);
        /* The other rounds, sixteen per iteration; kt advances so that the
         * round macros keep constant ring indices. */
        for (int r = 0; r < (SHA2_ROUNDS - 16) / 16; r++) {
            kt += 16;
            SCHED8(0 + 16);
            RND8(0);
            SCHED8(8 + 16);
            RND8(8);
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
    axiom_wipe(w, sizeof w);
}
