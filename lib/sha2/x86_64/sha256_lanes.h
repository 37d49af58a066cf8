/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The rounds of the multi-lane SHA-256 kernels (sha256_avx2.c, eight lanes
 * on ymm, and sha256_avx512.c, sixteen on zmm), written once over the
 * vector operations each file defines before including this: VEC (the
 * vector type), SET1(x) (x in every 32-bit lane), ADD(x, y), BSIG0(x),
 * BSIG1(x), SSIG0(x), SSIG1(x) (FIPS 180-4's Sigma and sigma functions),
 * CH(e, f, g) and MAJ(a, b, c).
 *
 * One message per 32-bit lane: the working variables a..h, the schedule a
 * ring of sixteen vectors w[] (word t of every lane in w[t % 16]), the
 * round constants broadcast.  Constant time: no branch or memory index
 * depends on the data. */
#ifndef AXIOM_SHA256_LANES_H
#define AXIOM_SHA256_LANES_H

#define RND(a, b, c, d, e, f, g, h, i)                                                     \
    do {                                                                                   \
        VEC t1 = ADD(ADD(h, SET1((int)kt[i])), w[(i) & 15]);                               \
        t1 = ADD(ADD(t1, BSIG1(e)), CH(e, f, g));                                          \
        d = ADD(d, t1);                                                                    \
        h = ADD(ADD(t1, BSIG0(a)), MAJ(a, b, c));                                          \
    } while (0)

#define SCHED(i)                                                                           \
    (w[(i) & 15] = ADD(ADD(w[(i) & 15], SSIG0(w[((i) - 15) & 15])),                        \
                       ADD(w[((i) - 7) & 15], SSIG1(w[((i) - 2) & 15]))))

#include "sha2/sha256_rounds.h"

/* The 64 rounds of one block on a..h, from its sixteen message words in
 * w[] (which the schedule overwrites); the caller adds the chaining
 * value. */
#define SHA256_LANES_BLOCK()                                                               \
    do {                                                                                   \
        const uint32_t *kt = axiom_sha256_k;                                               \
        RND8(0);                                                                           \
        RND8(8);                                                                           \
        for (int r = 0; r < 3; r++) {                                                      \
            kt += 16;                                                                      \
            SCHED8(16);                                                                    \
            RND8(0);                                                                       \
            SCHED8(24);                                                                    \
            RND8(8);                                                                       \
        }                                                                                  \
    } while (0)

#endif
