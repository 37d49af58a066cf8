/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --threads: one case on one thread, then on several at once, each thread
 * with its own keyed state, its own input and output buffers and (when
 * the process may use enough CPUs) its own CPU.  Any state the library
 * shares between threads in its hot path (a lock, a counter, a cache line
 * written by all) shows as a speedup below the thread count. */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scaling.h"

typedef struct worker {
    pthread_t tid;
    int cpu; /* -1: not pinned */
    void *st;
    uint8_t *in, *out;
    bench_msg m;
    uint64_t t0, t1; /* wall clock */
    uint64_t c0, c1; /* the thread's CPU time */
    int rc;
    struct crew *crew;
} worker;

typedef struct crew {
    pthread_barrier_t go, done;
    int quit;
    uint64_t iters;
    const bench_impl *im;
    int n;
    worker w[SCALING_MAX_THREADS];
} crew;

/* The @p quantile of the @n values at @v, which it sorts. */
static double sorted_quantile(double *v, int n, double p)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return bench_quantile(v, n, p);
}

static void spread_of(double *v, int n, scaling_spread *s)
{
    s->med = sorted_quantile(v, n, 0.5);
    s->lo = bench_quantile(v, n, 0);
    s->q1 = bench_quantile(v, n, 0.25);
    s->q3 = bench_quantile(v, n, 0.75);
    s->hi = bench_quantile(v, n, 1);
}

static void pin(int cpu)
{
    if (cpu < 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    (void)pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static uint64_t thread_cpu_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void run_batch(worker *w, uint64_t iters)
{
    w->c0 = thread_cpu_ns();
    w->t0 = bench_now_ns();
    w->rc = w->crew->im->run(w->st, &w->m, iters);
    w->t1 = bench_now_ns();
    w->c1 = thread_cpu_ns();
}

/* CPU time of the last batch, summed over the first @n threads. */
static uint64_t cpu_sum(const crew *c, int n)
{
    uint64_t t = 0;
    for (int i = 0; i < n; i++)
        t += c->w[i].c1 - c->w[i].c0;
    return t;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    crew *c = w->crew;
    pin(w->cpu);
    for (;;) {
        pthread_barrier_wait(&c->go);
        if (c->quit)
            break;
        run_batch(w, c->iters);
        pthread_barrier_wait(&c->done);
    }
    return NULL;
}

/* One batch on every thread at once; the time from the first start to
 * the last end. */
static uint64_t run_all(crew *c)
{
    pthread_barrier_wait(&c->go);
    run_batch(&c->w[0], c->iters);
    pthread_barrier_wait(&c->done);
    uint64_t t0 = c->w[0].t0, t1 = c->w[0].t1;
    for (int i = 1; i < c->n; i++) {
        if (c->w[i].t0 < t0)
            t0 = c->w[i].t0;
        if (c->w[i].t1 > t1)
            t1 = c->w[i].t1;
    }
    return t1 - t0;
}

static int any_failed(const crew *c)
{
    for (int i = 0; i < c->n; i++)
        if (c->w[i].rc)
            return 1;
    return 0;
}

static void *alloc_page_aligned(size_t len)
{
    void *p = NULL;
    return posix_memalign(&p, 4096, len ? len : 1) == 0 ? p : NULL;
}

/* The CPUs this process may run on, the first @n of them in @cpus;
 * returns how many there are (up to @n). */
static int usable_cpus(int *cpus, int n)
{
    cpu_set_t set;
    int k = 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    for (int i = 0; i < CPU_SETSIZE && k < n; i++)
        if (CPU_ISSET(i, &set))
            cpus[k++] = i;
    return k;
}

static void free_workers(crew *c)
{
    for (int i = 0; i < c->n; i++) {
        if (c->w[i].st)
            c->im->teardown(c->w[i].st);
        free(c->w[i].in);
        free(c->w[i].out);
    }
}

static int set_up_workers(crew *c, const scaling_case *sc, const char **why)
{
    int cpus[SCALING_MAX_THREADS];
    int pinned = usable_cpus(cpus, c->n) >= c->n;
    size_t outlen = sc->outlen + BENCH_SLACK;
    for (int i = 0; i < c->n; i++) {
        worker *w = &c->w[i];
        w->crew = c;
        w->cpu = pinned ? cpus[i] : -1;
        w->in = alloc_page_aligned(sc->inlen + BENCH_SLACK);
        w->out = alloc_page_aligned(outlen);
        if (!w->in || !w->out) {
            *why = "cannot allocate the buffers";
            return -1;
        }
        memcpy(w->in, sc->in, sc->inlen);
        memset(w->out, 0, outlen);
        w->m = (bench_msg){ .out = w->out, .in = w->in, .len = sc->len, .stride = sc->stride };
        w->st = sc->im->setup(sc->alg, sc->encrypt, sc->key, sc->iv);
        if (!w->st) {
            *why = "cannot set up the state";
            return -1;
        }
    }
    return pinned;
}

/* After the first batch on all threads: every thread wrote what thread 0
 * wrote (not for generators, whose output differs by design). */
static int outputs_agree(const crew *c, const scaling_case *sc)
{
    bench_kind k = sc->alg->kind;
    if (k == BENCH_RAND || k == BENCH_RAND_OS || k == BENCH_DRBG)
        return 1;
    for (int i = 1; i < c->n; i++)
        if (memcmp(c->w[0].out, c->w[i].out, sc->outlen) != 0)
            return 0;
    return 1;
}

int bench_scaling_run(const scaling_case *sc, int nthreads, int rounds, double batch_sec,
                      scaling_result *x, const char **why)
{
    static crew c; /* large; one case at a time */
    double speedup[1000], cpu_speedup[1000], one[1000], all[1000];
    int rc = -1, started = 0;
    cpu_set_t saved;
    int have_saved = sched_getaffinity(0, sizeof saved, &saved) == 0;

    if (nthreads < 1 || nthreads > SCALING_MAX_THREADS || rounds < 1 || rounds > 1000) {
        *why = "bad thread or round count";
        return -1;
    }
    memset(&c, 0, sizeof c);
    memset(x, 0, sizeof *x);
    c.im = sc->im;
    c.n = nthreads;
    *why = NULL;
    int pinned = set_up_workers(&c, sc, why);
    if (pinned < 0)
        goto out;
    if (pthread_barrier_init(&c.go, NULL, (unsigned)nthreads) != 0 ||
        pthread_barrier_init(&c.done, NULL, (unsigned)nthreads) != 0) {
        *why = "cannot create the barriers";
        goto out;
    }
    pin(c.w[0].cpu);
    for (started = 1; started < nthreads; started++)
        if (pthread_create(&c.w[started].tid, NULL, worker_main, &c.w[started]) != 0) {
            *why = "cannot start a thread";
            break;
        }
    if (started < nthreads) {
        /* The barriers wait for all nthreads: the started ones are let
         * go by a crew that cannot finish; stop here, leaking them, as
         * the only safe way out is the process's exit. */
        goto out_nojoin;
    }

    /* Calibrate on thread 0 alone (this warms it up), then warm every
     * thread with one batch together and compare their outputs. */
    uint64_t n = 1;
    for (;;) {
        run_batch(&c.w[0], n);
        if (c.w[0].rc) {
            *why = "an operation failed";
            goto out_join;
        }
        if ((double)(c.w[0].t1 - c.w[0].t0) >= batch_sec * 1e9 || n >= (UINT64_C(1) << 40))
            break;
        n *= 2;
    }
    c.iters = n;
    (void)run_all(&c);
    if (any_failed(&c) || !outputs_agree(&c, sc)) {
        *why = any_failed(&c) ? "an operation failed on a thread"
                              : "threads wrote different outputs";
        goto out_join;
    }
    for (int k = 0; k < rounds; k++) {
        uint64_t t_one = 0, t_all = 0, c_one = 0, c_all = 0;
        for (int step = 0; step < 2; step++) {
            if ((step == 0) == (k % 2 == 0)) {
                run_batch(&c.w[0], n);
                t_one = c.w[0].t1 - c.w[0].t0;
                c_one = cpu_sum(&c, 1);
            } else {
                t_all = run_all(&c);
                c_all = cpu_sum(&c, nthreads);
            }
        }
        if (any_failed(&c)) {
            *why = "an operation failed";
            goto out_join;
        }
        one[k] = (double)t_one / (double)n;
        all[k] = (double)t_all / ((double)n * nthreads);
        speedup[k] = t_all ? (double)nthreads * (double)t_one / (double)t_all : 0;
        cpu_speedup[k] =
            c_all ? (double)nthreads * (double)nthreads * (double)c_one / (double)c_all : 0;
    }
    x->nthreads = nthreads;
    x->rounds = rounds;
    x->pinned = pinned;
    x->iters = n;
    x->one_ns = sorted_quantile(one, rounds, 0.5);
    x->all_ns = sorted_quantile(all, rounds, 0.5);
    spread_of(speedup, rounds, &x->wall);
    spread_of(cpu_speedup, rounds, &x->cpu);
    rc = 0;
out_join:
    c.quit = 1;
    pthread_barrier_wait(&c.go);
    for (int i = 1; i < nthreads; i++)
        pthread_join(c.w[i].tid, NULL);
out_nojoin:
    if (started == nthreads || started <= 1) {
        pthread_barrier_destroy(&c.go);
        pthread_barrier_destroy(&c.done);
    }
out:
    if (have_saved)
        (void)sched_setaffinity(0, sizeof saved, &saved);
    if (started == nthreads || started <= 1)
        free_workers(&c);
    return rc;
}
