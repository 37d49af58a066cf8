/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --threads: how one library's operation scales from one thread to
 * several, each thread with its own state and buffers on its own CPU. */
#ifndef AXIOM_BENCH_SCALING_H
#define AXIOM_BENCH_SCALING_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"

/* Most threads --threads takes. */
#define SCALING_MAX_THREADS 64

/* What one case is run on: the library and the case, and the message
 * each thread gets a private copy of (@in, @len bytes or, for an AEAD
 * open, the sealed form; @inlen bytes of it are copied). */
typedef struct scaling_case {
    const bench_impl *im;
    const bench_alg *alg;
    int encrypt;
    const uint8_t *key, *iv;
    const uint8_t *in;
    size_t inlen;  /* bytes of @in each thread reads */
    size_t len;    /* the message length of the case */
    size_t stride; /* BENCH_HASH_MANY: message i at in + i * stride */
    size_t outlen; /* bytes one operation writes */
} scaling_case;

/* Median, quartiles and range of a per-round figure. */
typedef struct scaling_spread {
    double med, q1, q3, lo, hi;
} scaling_spread;

/* The measurement: @rounds rounds, each one batch on one thread and one
 * batch on each of @nthreads threads started together (the order
 * alternating).  A round's speedup is the work of all threads per second
 * of wall time over that of one thread alone: @nthreads when nothing is
 * shared, 1 when they run one after another, and anything in between on a
 * machine whose other tasks take CPUs away.  The CPU-time speedup counts
 * each thread's own CPU time instead (CLOCK_THREAD_CPUTIME_ID): @nthreads
 * x one thread's CPU time per operation / the threads' mean CPU time per
 * operation.  Time spent descheduled does not count in it, so on a busy
 * machine it still shows what sharing costs (cache lines moving between
 * cores, spinning), though not threads that sleep on a lock. */
typedef struct scaling_result {
    int nthreads;
    int rounds;
    int pinned;     /* 1: each thread had a CPU of its own */
    uint64_t iters; /* operations per batch and thread */
    double one_ns;  /* median time per operation, one thread alone */
    double all_ns;  /* median time per operation of all threads together */
    scaling_spread wall; /* the per-round speedup */
    scaling_spread cpu;  /* the per-round CPU-time speedup */
} scaling_result;

/* Runs @c on @nthreads threads.  Returns 0, or -1 when a thread, its
 * buffers or its state could not be set up or an operation failed (the
 * reason in @why, static). */
int bench_scaling_run(const scaling_case *c, int nthreads, int rounds, double batch_sec,
                      scaling_result *x, const char **why);

#endif
