/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SHA-2 round and schedule unrolling shared by the SHA-256 kernels
 * (portable, AVX2, AVX-512) and the portable SHA-512 kernel: each defines
 * RND(a..h, i) and SCHED(i) for its own word type (a 32- or 64-bit scalar,
 * or one message per SIMD lane: x86_64/sha256_lanes.h) and includes this. */
#ifndef AXIOM_SHA256_ROUNDS_H
#define AXIOM_SHA256_ROUNDS_H

/* Each round shifts the roles of a..h by one place; after eight they are
 * back where they started, so no variable is ever copied. */
#define RND8(i)                                                                            \
    RND(a, b, c, d, e, f, g, h, (i) + 0);                                                  \
    RND(h, a, b, c, d, e, f, g, (i) + 1);                                                  \
    RND(g, h, a, b, c, d, e, f, (i) + 2);                                                  \
    RND(f, g, h, a, b, c, d, e, (i) + 3);                                                  \
    RND(e, f, g, h, a, b, c, d, (i) + 4);                                                  \
    RND(d, e, f, g, h, a, b, c, (i) + 5);                                                  \
    RND(c, d, e, f, g, h, a, b, (i) + 6);                                                  \
    RND(b, c, d, e, f, g, h, a, (i) + 7)

#define SCHED8(i)                                                                          \
    SCHED((i) + 0); SCHED((i) + 1); SCHED((i) + 2); SCHED((i) + 3);                        \
    SCHED((i) + 4); SCHED((i) + 5); SCHED((i) + 6); SCHED((i) + 7)

#endif
